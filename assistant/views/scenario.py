"""The scenario as the customer sees it: one "Computed for: …" line, each value marked when it was
a default, plus the same items as data for the editable chips in the web app and the widget."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, Field

from assistant.scenario import Scenario
from assistant.views.text import T, num
from tools import catalog
from tools.errors import SizingError

LABELS = {lang: T[lang]["slots"] for lang in T}  # slot names in the customer's words
ORDER = ["model", "params_b", "task", "precision", "context", "users", "gpu", "gpus", "gpu_counts", "gpu_count", "card_vram_gb",
         "server", "ram_gb", "cpus", "runtime", "psu_w", "budget", "server_price", "cloud_hourly", "hours_per_month",
         "electricity_price", "own_monthly"]


class ScenarioItem(BaseModel):
    slot: str
    value: Any
    text: str
    default: bool = False
    assumed: bool = Field(False, description="Read from vague words (e.g. 'квантованная' -> int4): a guess to confirm.")
    least: bool = Field(False, description="Computed, not said: the least count that fits, the answer to 'how many'.")


def _name(kind: str, ident: str) -> str:
    try:
        return (catalog.get_model if kind == "model" else catalog.get_gpu)(ident).name
    except SizingError:
        return ident


def _released_in(model: str | None) -> str | None:
    try:
        return catalog.get_model(model).release_precision if model else None
    except SizingError:
        return None


def _server(ident: str) -> str:
    try:
        return catalog.get_server(ident).name
    except SizingError:
        return ident


def _text(slot: str, value: Any, lang: str, currency: str | None) -> str:
    lab = LABELS[lang]
    if slot == "model":
        return _name("model", value)
    if slot in ("gpu",):
        return _name("gpu", value)
    if slot == "server":
        return _server(value)
    if slot == "runtime":
        return f"{lab[slot]} {value}"
    if slot == "gpus":
        return " / ".join(_name("gpu", g) for g in value)
    if slot == "gpu_counts":  # in the order of the compared cards: "карт 2 / 4"
        return f"{lab[slot]} " + " / ".join(num(n, lang, 0) for n in value)
    if slot == "task":
        return lab[value]
    if slot == "precision":
        return str(value).upper()
    if slot == "params_b":  # "1.5B" stays 1.5, never "2B"
        return f"{num(value, lang, _places(value))}B"
    if slot in ("card_vram_gb", "ram_gb"):
        return f"{lab[slot]} {num(value, lang, 0)} {T[lang]['gb']}"
    if slot == "own_monthly":  # only ever a default: no running cost was said
        return lab[slot]
    if slot == "psu_w":
        return f"{lab[slot]} {num(value, lang, 0)} {T[lang]['w']}"
    if slot in ("budget", "server_price", "cloud_hourly", "electricity_price"):  # "1.5 dollars an hour" was shown as "2 $"
        return f"{lab[slot]} {num(value, lang, _places(value))} {currency or ''}".strip()
    if slot in ("context", "users", "gpu_count", "cpus", "hours_per_month"):
        return f"{lab[slot]} {num(value, lang, 0)}"
    return f"{lab.get(slot, slot)} {value}"


def _places(value: float) -> int:
    """Decimals a said value needs: none for a whole one, else up to two (1.5, 0.25)."""
    return 0 if float(value) == int(value) else 1 if round(float(value), 1) == float(value) else 2


def scenario_items(s: Scenario, defaults: dict[str, Any], lang: str, assumed: Iterable[str] = (),
                   least: Iterable[str] = ()) -> list[ScenarioItem]:
    said = s.said()
    items = []
    for slot in ORDER:
        if slot == "model" and s.sized_models and len(s.sized_models) > 1:  # the side by side: every model it sizes
            items.append(ScenarioItem(slot=slot, value=s.model or s.sized_models[0],
                                      text=" / ".join(_name("model", m) for m in s.sized_models)))
        elif slot in said:
            text = _text(slot, said[slot], lang, s.currency)
            if slot == "cloud_hourly" and s.cloud_per_gpu:
                text += T[lang]["per_gpu"]  # "облако в час 300 ₽ за карту": the cost sums it over the cards
            items.append(ScenarioItem(slot=slot, value=said[slot], text=text, assumed=slot in assumed))
        elif slot in defaults:
            text = _text(slot, defaults[slot], lang, s.currency)
            if slot == "precision" and _released_in(s.model) == defaults[slot]:
                text += T[lang]["as_released"]  # "FP8, как выпущена": why the default is not FP16
            items.append(ScenarioItem(slot=slot, value=defaults[slot], default=slot not in least, least=slot in least,
                                      text=text))
    return items


def scenario_line(items: list[ScenarioItem], lang: str, head: str, default_word: str, assumed_word: str = "",
                  least_word: str = "") -> str:
    if not items:
        return ""
    parts = [f"{i.text} _({default_word})_" if i.default else f"{i.text} _({assumed_word})_" if i.assumed else
             f"{i.text} _({least_word})_" if i.least else i.text for i in items]
    return f"**{head}:** " + " · ".join(parts)
