"""One gate in front of the loaded model: a few answers run, a bounded queue waits, the rest are
turned away at once with an honest estimate of when to come back.

Model time is shared per client (the address the rate limiter resolved, in `client_key`): one
client has at most one answer running or waiting, and among the waiting the client served least
recently goes first, so a client at its rate limit cannot starve another.

Why a gate and not only the backend's lock: a lock queues without bound, so under load every
waiting request holds a worker thread until the pool is exhausted and even the calculators hang.
Only the explanation passes the gate; the computed block never waits for it.
"""
from __future__ import annotations

import contextvars
import math
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Generator, Iterator
from typing import Any, TypeVar

from assistant.llm import ChatBackend, ModelStatus, Tokenizer

class ModelBusy(RuntimeError):
    """The model has no room for this explanation (queue full or the wait ran out): the turn goes
    on without it, because the computed numbers do not need the model."""

    def __init__(self, retry_after: int):
        super().__init__(f"model busy; retry after {retry_after} s")
        self.retry_after = retry_after


# Set by the SSE response (ui.api.ClosingStream) for the request it serves: the event is set when
# that client disconnects, so a queued or running answer for nobody is dropped at once.
client_left: contextvars.ContextVar[threading.Event | None] = contextvars.ContextVar("client_left", default=None)
# The client an answer is for (set by the API endpoints and the Gradio handler); None = the app itself (FAQ).
client_key: contextvars.ContextVar[str | None] = contextvars.ContextVar("client_key", default=None)
MAX_REMEMBERED = 20000  # clients whose last turn is remembered for the fair order (bounded memory)


T = TypeVar("T")


def with_context(gen: Iterator[T], **values: Any) -> Generator[T, None, None]:
    """Run each step of `gen` with these context variables set: frameworks that step a generator
    from fresh worker threads (Gradio) would otherwise lose a value set inside it."""
    variables: dict[str, contextvars.ContextVar[Any]] = {"client_left": client_left, "client_key": client_key}
    try:
        while True:
            tokens = [(variables[k], variables[k].set(v)) for k, v in values.items()]
            try:
                item = next(gen)
            except StopIteration:
                return
            finally:
                for var, token in reversed(tokens):
                    var.reset(token)
            yield item
    finally:
        if isinstance(gen, Generator):  # a plain iterator has nothing to stop
            gen.close()


class ModelGate:
    def __init__(self, slots: int = 1, queue_size: int = 8, typical_s: float = 20.0, wait_s: float = 45.0,
                 clock=time.monotonic):
        self.slots, self.queue_size, self.wait_s, self.clock = slots, queue_size, wait_s, clock
        self.typical_s = typical_s  # running average of how long one answer holds a slot
        self._running = 0
        self._waiting: deque[tuple[object, str | None]] = deque()
        self._holders: dict[str, int] = {}  # client -> answers running or waiting (at most one each)
        self._last_start: OrderedDict[str, float] = OrderedDict()
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

    def holds(self, client: str | None) -> bool:
        """This client already has an answer running or waiting."""
        with self._cond:
            return bool(client) and client in self._holders

    def _next_locked(self) -> object:
        """The waiter whose client started an answer least recently (never: first); ties in arrival order."""
        never = float("-inf")
        return min(enumerate(self._waiting),
                   key=lambda iw: (self._last_start.get(iw[1][1], never) if iw[1][1] else never, iw[0]))[1][0]

    def acquire(self, left: threading.Event | None = None, client: str | None = None) -> float:
        """Wait for a slot (least recently served client first) and return the start time; ModelBusy
        when this client already has an answer in the gate, the queue is full or its turn would come
        too late, the wait ran out, or the client left while waiting."""
        me = object()
        with self._cond:
            if client and client in self._holders:
                raise ModelBusy(self._retry_after_locked())  # one answer per client at a time
            if not self._admits_locked():
                raise ModelBusy(self._retry_after_locked())
            self._waiting.append((me, client))
            if client:
                self._holders[client] = 1
            deadline = self.clock() + self.wait_s
            admitted = False
            try:
                while not (self._running < self.slots and self._next_locked() is me):
                    remaining = deadline - self.clock()
                    if remaining <= 0 or (left is not None and left.is_set()):
                        raise ModelBusy(self._retry_after_locked())
                    # short waits: a departed client is noticed within a fraction of a second
                    self._cond.wait(min(remaining, 0.2))
                admitted = True
            finally:
                self._waiting.remove((me, client))
                if client and not admitted:
                    self._holders.pop(client, None)
                self._cond.notify_all()  # the next in line may be at the head now
            self._running += 1
            now = self.clock()
            if client:
                self._last_start.pop(client, None)
                self._last_start[client] = now
                while len(self._last_start) > MAX_REMEMBERED:
                    self._last_start.popitem(last=False)
            return now

    def release(self, started: float, client: str | None = None) -> None:
        with self._cond:
            self._running -= 1
            if client:
                self._holders.pop(client, None)
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
        self.can_call_tools = inner.can_call_tools

    def __getattr__(self, attr: str):
        return getattr(self.inner, attr)

    def status(self) -> ModelStatus:
        return self.inner.status()

    def tokenizer(self) -> Tokenizer | None:
        return self.inner.tokenizer()

    def tool_call(self, messages: list[dict], tools: list) -> list[tuple[str, dict]]:
        client = client_key.get()  # model time too: it passes the same gate as the answers
        started = self.gate.acquire(client_left.get(), client)
        try:
            return self.inner.tool_call(messages, tools)
        finally:
            self.gate.release(started, client)

    def stream(self, messages: list[dict], max_tokens: int) -> Generator[str, None, None]:
        left, client = client_left.get(), client_key.get()
        started = self.gate.acquire(left, client)
        pieces: Generator[str, None, None] | None = None
        try:
            pieces = self.inner.stream(messages, max_tokens)
            for piece in pieces:
                if left is not None and left.is_set():
                    return  # the customer closed the tab: stop decoding now, not at the next send
                yield piece
        finally:
            if pieces is not None:
                pieces.close()
            self.gate.release(started, client)
