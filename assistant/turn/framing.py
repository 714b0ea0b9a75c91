"""Stage 3, framing: the reading folded into the conversation — the scenario to compute, the intent,
and the questions to ask back (numbers the reader could not attach, contradictory values)."""
from __future__ import annotations

import re

from pydantic import BaseModel, Field

from assistant.messages import t
from assistant.reading import Reading
from assistant.reading.context import carry
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
    reading = carry(reading, previous)  # "and with 80?": a bare number to the slot the conversation has
    lang = reading.language
    intent = reading.intent
    if intent == "followup":  # "а если 4 штуки?": the same question with one value changed
        intent = previous_intent if previous_intent not in (None, "knowledge", "handoff") else "vram"  # type: ignore[assignment]
    scenario = apply_relative(merge(previous, reading.scenario, reading.new_model, comparing=intent == "compare",
                                    instead_of=reading.instead_of, per_user=reading.per_user),
                              reading.relative)  # "ещё две", "а с 3090?", "ток/с на одного пользователя"
    questions = []
    if reading.unattached:
        questions.append(t(lang, "unattached", items=", ".join(f"«{s.text}»" for s in reading.unattached)))
    for slot, spans in reading.conflicts.items():
        questions.append(t(lang, "conflict", slot=LABELS[lang].get(slot, slot),
                           items=", ".join(f"«{s.text}»" for s in spans)))
    return Frame(scenario=scenario, intent=intent, questions=questions, assumed=reading.assumed)


# with nothing read and no earlier turn, a "how much / which" cue alone does not make a sizing question
_ASKS_WHAT = re.compile(r"что такое|what is|what are|зачем|почему|\bwhy\b|нужен ли|нужно ли|do i need|explain", re.I)
_DOMAIN = re.compile(r"gpu|гпу|видеокарт|видюх|vram|видеопам|памят|сервер|server|nvlink|cuda|lora|лора|llm|модел|model|"
                     r"нейросет|inference|инференс|обучен|train|контекст|context|rtx|h100|a100|4090|5090|охлажд|cooling|"
                     r"pcie|озу|ram\b|vllm|ollama|квантиз|quantiz|\bбп\b|psu|ватт|watt|облак|cloud|токен|token|"
                     r"аренд|\brent|покупк|купить|заказ|\bbuy|\border|нейронк|ллм|\bии\b|\bai\b|сервак", re.I)
_SIZING = {"vram", "recommend", "speed", "power", "cost", "upgrade", "models_for_hardware", "compare", "gpu_info"}


def _asked_number(text: str, span) -> bool:
    """A plain number standing alone ("на 32?"), not a piece of a code ("KIWI-7731-QZX") or of base64."""
    before, after = text[max(0, span.start - 1):span.start], text[span.end:span.end + 1]
    return bool(re.fullmatch(r"\d+(?:[.,]\d+)?", span.text)) and not re.match(r"[\w-]", before) and \
        not re.match(r"[\w-]", after)


def settle_intent(reading: Reading, previous: Scenario | None) -> str:
    """The reader's intent, unless nothing was read and there is no conversation yet: then a question
    of what/why is knowledge, and words outside the domain are out of scope (an "admin" asking for
    the configuration is not a sizing question). A follow-up's bare number is first attached by the
    conversation ("and with 80?" after 40 users is a follow-up, not out of scope)."""
    carry(reading, previous)
    if reading.intent not in _SIZING or previous is not None or not reading.scenario.is_empty() or reading.relative \
            or any(_asked_number(reading.text, s) for s in reading.unattached):
        return reading.intent  # "сколько надо на 32?": a number to ask about, not out of scope
    if not _DOMAIN.search(reading.text):
        return "out_of_scope"
    return "knowledge" if _ASKS_WHAT.search(reading.text) else reading.intent
