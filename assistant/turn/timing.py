"""Stage timings recorded by the pipeline itself, not by timers placed by hand in each stage."""
from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager


class Timings:
    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.values: dict[str, float] = {}

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        t0 = time.perf_counter()
        try:
            yield
        finally:
            self.values[name] = self.values.get(name, 0.0) + time.perf_counter() - t0

    def total(self) -> dict[str, float]:
        return {**self.values, "total": time.perf_counter() - self.start}
