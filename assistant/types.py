"""Data passed between the assistant and its adapters (CLI, REST API, Gradio, widget)."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

Lang = Literal["ru", "en"]


class Fact(BaseModel):
    """One deterministic tool run: what went in and what came out."""
    tool: str
    input: dict[str, Any]
    output: dict[str, Any]


class Source(BaseModel):
    id: str
    title: str
    text: str
    doc_id: str = ""
    score: float = 0.0
    trusted: bool = Field(True, description="Built-in guide or catalog; False for documents ingested later, "
                                            "whose figures and contacts are never repeated as fact.")


class GuardReport(BaseModel):
    checked_numbers: int = 0
    violations: list[str] = Field(default_factory=list, description="Numbers not traceable to facts, user or sources.")
    regenerated: bool = False
    dropped_sentences: list[str] = Field(default_factory=list)


class TurnResult(BaseModel):
    answer: str = Field(description="The full text the customer sees.")
    language: Lang
    intent: str
    computed: str = Field("", description="Deterministic block rendered from the facts.")
    computed_grounds: str = Field("", description="The part of `computed` the calculators wrote (not the scenario "
                                                  "line or questions that repeat the customer's numbers).")
    explanation: str = Field("", description="The model's grounded explanation (may be empty).")
    prose: str = Field("", description="The model's own sentences in the explanation, as shown (no quoted passages): "
                                       "what the explanation evaluation grades.")
    guide_by_policy: bool = Field(False, description="The explanation is the guide's passage by the answer policy "
                                                     "(assistant.knowledge_answers), not for want of a model.")
    explained_by_model: bool = Field(False, description="False when the model was off, busy or failed (quotes instead).")
    facts: list[Fact] = Field(default_factory=list)
    sources: list[Source] = Field(default_factory=list)
    scenario: dict[str, Any] = Field(default_factory=dict, description="The slots the customer gave.")
    scenario_items: list[dict[str, Any]] = Field(
        default_factory=list, description="The 'Computed for' line as items {slot, value, text, default}: the chips.")
    understood: dict[str, list[str]] = Field(default_factory=dict, description="Slot -> the words it was read from.")
    charts: dict[str, Any] = Field(default_factory=dict, description="Data for memory/power charts.")
    guard: GuardReport = Field(default_factory=GuardReport)
    notices: list[str] = Field(default_factory=list, description="e.g. 'explanation unavailable', 'retrieval degraded'.")
    trace: list[str] = Field(default_factory=list, description="Internal notes for the 'how computed' view.")
    timings: dict[str, float] = Field(default_factory=dict, description="Seconds per stage.")


class Event(BaseModel):
    """Streamed to clients in order: computed -> token* -> sources -> done (busy: the model had no
    room for this explanation; the numbers stand on their own)."""
    type: Literal["computed", "token", "sources", "notice", "busy", "done"]
    text: str = ""
    result: TurnResult | None = None
    retry_after: int | None = Field(None, description="busy only: seconds after which the model likely has room.")
