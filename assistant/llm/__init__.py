"""Chat model backends, one per mode, chosen by settings (private-gpt style).

A backend streams text for a list of chat messages. `local` runs a GGUF in-process with
llama-cpp-python; `openai` talks to any OpenAI-compatible server (vLLM, llama-server,
Ollama) — the way past one machine; `none` means the computed path only.
"""
from __future__ import annotations

from typing import Iterator, Protocol

from assistant.settings import LLMSettings


class ChatBackend(Protocol):
    name: str

    def status(self) -> str:
        """'ready', 'loading' or 'failed: <why>'."""

    def stream(self, messages: list[dict], max_tokens: int) -> Iterator[str]:
        """Text pieces of the answer; stops when the caller stops iterating."""


def create_backend(settings: LLMSettings, background: bool = False) -> ChatBackend | None:
    match settings.mode:
        case "none":
            return None
        case "local":
            from assistant.llm.local import LocalLlama

            return LocalLlama(settings, background=background)
        case "openai":
            from assistant.llm.remote import OpenAICompatible

            return OpenAICompatible(settings)
    raise ValueError(f"unknown llm mode {settings.mode}")
