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


class BilingualBackend(ScriptedBackend):
    """Answers in the language of the question it was given (the guard drops a sentence in the other one)."""

    def __init__(self, ru: str, en: str, delay: float = 0.0):
        super().__init__([ru], delay)
        self.by_language = {"ru": ru, "en": en}

    def stream(self, messages: list[dict], max_tokens: int) -> Iterator[str]:
        from tools.text import detect_language

        self.answers = [self.by_language[detect_language(messages[-1]["content"])]]
        yield from super().stream(messages, max_tokens)
