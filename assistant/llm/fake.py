"""A stand-in model for benchmarks: the load on the server without the cost of a real model."""
from __future__ import annotations

import threading
import time
from collections.abc import Generator

from assistant.llm import READY, ModelStatus, Tokenizer


class FakeModel:
    """Mode `fake` (benchmarks, `bench-load --fake-llm-delay`): a stand-in for the model that streams a
    fixed answer, `parallel` completions at a time like llama.cpp's contexts, so load can be measured
    without it."""

    name = "fake-slow"
    can_call_tools = False
    ANSWER = ("Расчёт выше показывает, сколько памяти нужно модели и кэшу контекста. Запас оставлен под "
              "пики нагрузки. Это пояснение написала тестовая заглушка для замера нагрузки, а не модель.")

    def __init__(self, delay_s: float, parallel: int = 1):
        self.delay_s = delay_s
        self.slots = threading.BoundedSemaphore(parallel)

    def status(self) -> ModelStatus:
        return READY

    def tokenizer(self) -> Tokenizer | None:
        return None

    def tool_call(self, messages: list[dict], tools: list) -> list[tuple[str, dict]]:
        return []

    def stream(self, messages: list[dict], max_tokens: int) -> Generator[str, None, None]:
        with self.slots:
            for word in self.ANSWER.split(" ")[:max_tokens]:
                time.sleep(self.delay_s)
                yield word + " "
