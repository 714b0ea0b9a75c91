"""Stage 5, the computed block: what the customer reads first, before any model token.

Order: products we do not know, the "Computed for: …" line with its defaults, questions about what
was not understood (and a delivery time asked, which a manager answers), the calculators' tables, then what is missing to compute more."""
from __future__ import annotations

from pydantic import BaseModel, Field

from assistant.messages import t
from assistant.turn.facts import Computation
from assistant.turn.framing import Frame
from assistant.views import render
from assistant.views.scenario import ScenarioItem, scenario_items, scenario_line


class Block(BaseModel):
    text: str
    items: list[ScenarioItem] = Field(default_factory=list)
    # what of the block the calculators computed (tables, missing inputs, errors): the guard's trusted
    # text. The scenario line, its hint and the reader's questions repeat the customer's own numbers
    # ("бюджет 100 $" read from an injection), which may be repeated only as the customer's.
    grounds: str = ""


def computed_block(fr: Frame, comp: Computation, unknown: list[str], lang: str, vendor: bool = False) -> Block:
    defaults = {a.slot: a.value for a in comp.assumptions}
    least = [a.slot for a in comp.assumptions if a.least]
    items = scenario_items(fr.scenario, defaults, lang, fr.assumed, least) if comp.facts else []
    parts = []
    if unknown:  # said first, and the model reads it among the FACTS
        parts.append(t(lang, "unknown_products", names=", ".join(unknown)))
    if fr.intent == "handoff":
        line = scenario_line(scenario_items(fr.scenario, {}, lang), lang, t(lang, "handoff_scenario"), "")
        return Block(text="\n\n".join([*parts, t(lang, "handoff"), *([line] if line else [])]))
    if items:
        line = scenario_line(items, lang, t(lang, "computed_for"), t(lang, "default"), t(lang, "assumed"), t(lang, "least"))
        parts.append(line + ("\n" + t(lang, "change_hint") if any(i.default or i.assumed or i.least for i in items) else ""))
    elif comp.missing and (said := scenario_items(fr.scenario, {}, lang)):
        # nothing computed yet: what was read ("15 юристов … бюджет тыщ 800") is named back, not seemingly lost
        parts.append(scenario_line(said, lang, t(lang, "understood"), ""))
    parts += fr.questions
    if vendor:  # "а срок поставки какой?" beside the sizing: only a manager answers it, and the customer is told so
        parts.append(t(lang, "vendor_asked"))
    own = []
    if table := render(comp.facts, lang):
        own.append(table)
    own += [t(lang, f"missing_{m}") for m in comp.missing]
    own += [f"{t(lang, 'error')}: {e}" for e in comp.errors]
    return Block(text="\n\n".join(parts + own), items=items, grounds="\n\n".join(own))
