"""One gate in front of the loaded model: a few answers run, a bounded FIFO queue waits, the rest
are turned away at once with an honest estimate of when to come back.

Why a gate and not only the backend's lock: a lock queues without bound, so under load every
waiting request holds a worker thread until the pool is exhausted and even the calculators hang.
Only the explanation passes the gate; the computed block never waits for it.
"""
from __future__ import annotations

import contextvars
import math
import threading
import time
from collections import deque
from typing import Iterator

from assistant.llm import ChatBackend
from assistant.service import ModelBusy

# Set by the SSE response (ui.api.ClosingStream) for the request it serves: the event is set when
# that client disconnects, so a queued or running answer for nobody is dropped at once.
client_left: contextvars.ContextVar[threading.Event | None] = contextvars.ContextVar("client_left", default=None)


class ModelGate:
    def __init__(self, slots: int = 1, queue_size: int = 8, typical_s: float = 20.0, wait_s: float = 45.0,
                 clock=time.monotonic):
        self.slots, self.queue_size, self.wait_s, self.clock = slots, queue_size, wait_s, clock
        self.typical_s = typical_s  # running average of how long one answer holds a slot
        self._running = 0
        self._waiting: deque[object] = deque()
        self._cond = threading.Condition()

    def retry_after(self) -> int:
        """Seconds until a newcomer would likely get in: everyone ahead, shared among the slots."""
        with self._cond:
            ahead = self._running + len(self._waiting)
        return max(1, math.ceil(ahead / self.slots * self.typical_s))

    def full(self) -> bool:
        with self._cond:
            return not self._admits_locked()

    def _admits_locked(self) -> bool:
        """Room in the queue, and a likely turn within wait_s: when answers have been slower than the
        wait budget, telling the customer "busy" now beats telling them after wait_s of silence."""
        ahead = self._running + len(self._waiting)
        if ahead >= self.slots + self.queue_size:
            return False
        turns = ahead - self.slots + 1  # answers that must finish before a newcomer starts
        return turns <= 0 or turns / self.slots * self.typical_s <= self.wait_s

    def snapshot(self) -> dict:
        with self._cond:
            return {"running": self._running, "waiting": len(self._waiting), "slots": self.slots,
                    "queue_size": self.queue_size}

    def acquire(self, left: threading.Event | None = None) -> float:
        """Wait (FIFO) for a slot and return the start time; ModelBusy when the queue is full or its
        turn would come too late, the wait ran out, or the client left while waiting."""
        me = object()
        with self._cond:
            if not self._admits_locked():
                raise ModelBusy(self._retry_after_locked())
            self._waiting.append(me)
            deadline = self.clock() + self.wait_s
            try:
                while not (self._running < self.slots and self._waiting[0] is me):
                    remaining = deadline - self.clock()
                    if remaining <= 0 or (left is not None and left.is_set()):
                        raise ModelBusy(self._retry_after_locked())
                    # short waits: a departed client is noticed within a fraction of a second
                    self._cond.wait(min(remaining, 0.2))
            finally:
                self._waiting.remove(me)
                self._cond.notify_all()  # the next in line may be at the head now
            self._running += 1
            return self.clock()

    def release(self, started: float) -> None:
        with self._cond:
            self._running -= 1
            held = self.clock() - started
            self.typical_s = 0.8 * self.typical_s + 0.2 * held
            self._cond.notify_all()

    def _retry_after_locked(self) -> int:
        return max(1, math.ceil((self._running + len(self._waiting)) / self.slots * self.typical_s))


class GatedBackend:
    """The model seen through the gate. Everything else (status, tokenizer, tool calls of remote
    models, test doubles' records) is the wrapped backend's own."""

    def __init__(self, inner: ChatBackend, gate: ModelGate):
        self.inner, self.gate = inner, gate
        self.name = inner.name

    def __getattr__(self, attr: str):
        return getattr(self.inner, attr)

    def status(self) -> str:
        return self.inner.status()

    def stream(self, messages: list[dict], max_tokens: int) -> Iterator[str]:
        left = client_left.get()
        started = self.gate.acquire(left)
        pieces = None
        try:
            pieces = self.inner.stream(messages, max_tokens)
            for piece in pieces:
                if left is not None and left.is_set():
                    return  # the customer closed the tab: stop decoding now, not at the next send
                yield piece
        finally:
            if pieces is not None:
                pieces.close()
            self.gate.release(started)
