"""A scripted chat backend for loop tests (the real model runs in its own test tier)."""
from __future__ import annotations

import time
from typing import Iterator

from assistant.llm import READY, ModelStatus


class FakeBackend:
    """What every test double of a model declares (the ChatBackend protocol); subclasses stream."""

    name = "fake"
    can_call_tools = False

    def status(self) -> ModelStatus:
        return READY

    def tokenizer(self):
        return None

    def tool_call(self, messages: list[dict], tools: list) -> list[tuple[str, dict]]:
        return []


class ScriptedBackend(FakeBackend):
    """Replays queued answers by call number and records every prompt it was given."""

    name = "scripted"

    def __init__(self, answers: list[str] | None = None, delay: float = 0.0):
        self.answers = list(answers or ["Готово."])
        self.calls: list[list[dict]] = []
        self.delay = delay

    def stream(self, messages: list[dict], max_tokens: int) -> Iterator[str]:
        self.calls.append(messages)
        answer = self.answers[min(len(self.calls), len(self.answers)) - 1]
        for word in answer.split(" "):
            if self.delay:
                time.sleep(self.delay)
            yield word + " "
