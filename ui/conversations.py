"""Conversations of the web API, kept in memory: bounded by count (least recently used go first)
and by idle time, so a crawler opening millions of chats cannot exhaust the server."""
from __future__ import annotations

import threading
import time
from collections import OrderedDict

from assistant.service import Conversation


class ConversationStore:
    def __init__(self, max_items: int = 1000, ttl_s: float = 6 * 3600, clock=time.monotonic):
        self.max_items, self.ttl_s, self.clock = max_items, ttl_s, clock
        self._items: OrderedDict[str, tuple[Conversation, float]] = OrderedDict()
        self._busy: set[str] = set()
        self._lock = threading.Lock()

    def get(self, conv_id: str | None) -> Conversation | None:
        with self._lock:
            self._expire()
            if conv_id is None or conv_id not in self._items:
                return None
            conv, _ = self._items.pop(conv_id)
            self._items[conv_id] = (conv, self.clock())
            return conv

    def get_or_create(self, conv_id: str | None) -> Conversation:
        """The conversation, or a new one (with a new id) when the id is unknown or expired:
        a client-chosen id is never adopted, so nobody can guess their way into another's chat."""
        conv = self.get(conv_id)
        if conv is None:
            conv = Conversation()
            with self._lock:
                self._items[conv.id] = (conv, self.clock())
                while len(self._items) > self.max_items:
                    self._items.popitem(last=False)
        return conv

    def claim(self, conv_id: str) -> bool:
        """One turn at a time per conversation: a second concurrent message would interleave state."""
        with self._lock:
            if conv_id in self._busy:
                return False
            self._busy.add(conv_id)
            return True

    def release(self, conv_id: str) -> None:
        with self._lock:
            self._busy.discard(conv_id)

    def __len__(self) -> int:
        with self._lock:
            self._expire()
            return len(self._items)

    def _expire(self) -> None:
        cutoff = self.clock() - self.ttl_s
        while self._items:
            key, (_, seen) = next(iter(self._items.items()))
            if seen >= cutoff:
                break
            del self._items[key]
