"""Stage 3, framing: the reading folded into the conversation — the scenario to compute, the intent,
and the questions to ask back (numbers the reader could not attach, contradictory values)."""
from __future__ import annotations

from pydantic import BaseModel, Field

from assistant.messages import t
from assistant.reading import Reading
from assistant.reading.relative import apply as apply_relative
from assistant.scenario import Intent, Scenario, merge
from assistant.views.scenario import LABELS


class Frame(BaseModel):
    scenario: Scenario
    intent: Intent
    questions: list[str] = Field(default_factory=list, description="Said to the customer before any figure.")
    assumed: list[str] = Field(default_factory=list, description="Slots read from vague words, shown as guesses.")
    trace: list[str] = Field(default_factory=list)


def frame(reading: Reading, previous: Scenario | None, previous_intent: str | None) -> Frame:
    lang = reading.language
    intent = reading.intent
    if intent == "followup":  # "а если 4 штуки?": the same question with one value changed
        intent = previous_intent if previous_intent not in (None, "knowledge", "handoff") else "vram"  # type: ignore[assignment]
    scenario = apply_relative(merge(previous, reading.scenario, reading.new_model), reading.relative)  # "ещё две"
    questions = []
    if reading.unattached:
        questions.append(t(lang, "unattached", items=", ".join(f"«{s.text}»" for s in reading.unattached)))
    for slot, spans in reading.conflicts.items():
        questions.append(t(lang, "conflict", slot=LABELS[lang].get(slot, slot),
                           items=", ".join(f"«{s.text}»" for s in spans)))
    return Frame(scenario=scenario, intent=intent, questions=questions, assumed=reading.assumed)
