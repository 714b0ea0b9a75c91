"""Chat model backends, one per mode, chosen by settings (private-gpt style).

A backend streams text for a list of chat messages. `local` runs a GGUF in-process with
llama-cpp-python; `openai` talks to any OpenAI-compatible server (vLLM, llama-server,
Ollama) — the way past one machine; `none` means the computed path only; `fake` streams a fixed text (benchmarks).
"""
from __future__ import annotations

from collections.abc import Generator
from typing import Literal, Protocol

from pydantic import BaseModel

from assistant.llm.settings import LLMSettings


class ModelStatus(BaseModel):
    """Where the model stands, as a value (never parsed out of a string)."""
    state: Literal["ready", "loading", "failed", "none"]
    detail: str = ""

    @property
    def ready(self) -> bool:
        return self.state == "ready"

    def __str__(self) -> str:
        return f"{self.state}: {self.detail}" if self.detail else self.state


READY, LOADING, NO_MODEL = ModelStatus(state="ready"), ModelStatus(state="loading"), ModelStatus(state="none")


class Tokenizer(Protocol):
    def encode(self, text: str) -> list[int]: ...

    def decode(self, tokens: list[int]) -> str: ...


class ChatBackend(Protocol):
    """What every backend declares; capabilities are attributes, never probed with hasattr."""
    name: str
    can_call_tools: bool  # tool_call() is implemented (strong remote models)

    def status(self) -> ModelStatus: ...

    def tokenizer(self) -> Tokenizer | None:
        """The model's own tokenizer once loaded; None = lengths are estimated from characters."""

    def stream(self, messages: list[dict], max_tokens: int) -> Generator[str, None, None]:
        """Text pieces of the answer; closing the generator stops decoding."""

    def tool_call(self, messages: list[dict], tools: list) -> list[tuple[str, dict]]:
        """The model's tool calls (name, args); only called when can_call_tools."""


def create_backend(settings: LLMSettings, background: bool = False) -> ChatBackend | None:
    match settings.mode:
        case "none":
            return None
        case "local":
            from assistant.llm.local import LocalLlama

            return LocalLlama(settings, background=background)
        case "fake":
            from assistant.llm.fake import FakeModel

            return FakeModel(settings.fake_delay_s, settings.parallel)
        case "openai":
            from assistant.llm.remote import OpenAICompatible

            return OpenAICompatible(settings)
    raise ValueError(f"unknown llm mode {settings.mode}")
