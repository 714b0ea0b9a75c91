"""The assistant: the long-lived parts of a conversation service (settings, model backend,
retriever) and the conversation state. A turn itself runs in `assistant.turn.pipeline`.

Adapters (CLI, REST, Gradio, widget) only call `Assistant.stream` / `Assistant.ask`.
"""
from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel, Field

from assistant.llm import NO_MODEL, ChatBackend, ModelStatus, create_backend
from assistant.scenario import Scenario
from assistant.settings import Settings, get_settings
from assistant.types import Event, TurnResult


class Conversation(BaseModel):
    id: str = Field(default_factory=lambda: uuid.uuid4().hex)
    scenario: Scenario | None = None
    intent: str | None = None
    messages: list[dict] = Field(default_factory=list, description="Earlier turns as sent to the model.")
    user_texts: list[str] = Field(default_factory=list)
    last_result: TurnResult | None = None
    prompt_case: str | None = Field(None, description=(
        "The worked turn the conversation's first explanation started with (assistant.prompt.case_of): "
        "follow-ups keep it, so the KV cache of the earlier turns is reused instead of prefilled again."))


class Assistant:
    def __init__(self, settings: Settings | None = None, backend: ChatBackend | None | str = "auto",
                 retriever: Any = None, background_load: bool = False):
        self.settings = settings or get_settings()
        self.backend: ChatBackend | None = (create_backend(self.settings.llm, background=background_load)
                                            if backend == "auto" else backend)  # type: ignore[assignment]
        self._retriever = retriever
        self._retriever_lock = threading.Lock()

    @property
    def retriever(self) -> Any:
        with self._retriever_lock:
            if self._retriever is None:
                from knowledge.retrieval import Retriever

                self._retriever = Retriever(self.settings)
            return self._retriever

    def model_status(self) -> ModelStatus:
        return NO_MODEL if self.backend is None else self.backend.status()

    def ask(self, conv: Conversation, text: str, use_llm: bool = True, **opts: Any) -> TurnResult:
        """opts: run_turn's (model_for_knowledge)."""
        result = None
        for ev in self.stream(conv, text, use_llm=use_llm, **opts):
            if ev.type == "done":
                result = ev.result
        assert result is not None  # every turn ends with a done event
        return result

    def recompute(self, conv: Conversation, changes: dict[str, Any], lang: str = "ru") -> TurnResult:
        """An edited value of the scenario line, computed again without the model."""
        from assistant.turn.recompute import recompute

        return recompute(conv, changes, lang)

    def stream(self, conv: Conversation, text: str, use_llm: bool = True, **opts: Any) -> Iterator[Event]:
        from assistant.turn.pipeline import run_turn

        yield from run_turn(self, conv, text, use_llm, **opts)
