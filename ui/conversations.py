"""Conversations of the web API, kept in memory: bounded by count and by idle time, so a crawler
opening millions of chats cannot exhaust the server, and shared fairly between clients.

Each conversation belongs to the client address that opened it. A client may hold at most
`per_owner` conversations (its own least recently used go first); when the store as a whole is
full, the one to go is the least recently used conversation of the client holding the most. So
a flood from a few addresses pushes out the flooders' own conversations, never a quiet customer's.
"""
from __future__ import annotations

import threading
import time
from collections import OrderedDict

from assistant.service import Conversation


class ConversationStore:
    def __init__(self, max_items: int = 1000, ttl_s: float = 6 * 3600, clock=time.monotonic,
                 per_owner: int | None = None):
        self.max_items, self.ttl_s, self.clock = max_items, ttl_s, clock
        self.per_owner = per_owner or max_items
        self._items: OrderedDict[str, tuple[Conversation, float, str]] = OrderedDict()
        self._owned: dict[str, OrderedDict[str, None]] = {}  # owner -> its conversation ids, LRU first
        self._busy: set[str] = set()
        self._lock = threading.Lock()

    def get(self, conv_id: str | None) -> Conversation | None:
        with self._lock:
            self._expire()
            if conv_id is None or conv_id not in self._items:
                return None
            conv, _, owner = self._items.pop(conv_id)
            self._items[conv_id] = (conv, self.clock(), owner)
            self._owned[owner].move_to_end(conv_id)
            return conv

    def get_or_create(self, conv_id: str | None, owner: str = "") -> tuple[Conversation, bool]:
        """(the conversation, True), or (a new one with a new id, False) when the id is unknown or
        expired: a client-chosen id is never adopted, so nobody can guess their way into another's chat."""
        conv = self.get(conv_id)
        if conv is not None:
            return conv, True
        conv = Conversation()
        with self._lock:
            self._items[conv.id] = (conv, self.clock(), owner)
            mine = self._owned.setdefault(owner, OrderedDict())
            mine[conv.id] = None
            while len(mine) > self.per_owner:
                self._drop(next(iter(mine)))
            while len(self._items) > self.max_items:
                biggest = max(self._owned.values(), key=len)
                self._drop(next(iter(biggest)))
        return conv, False

    def claim(self, conv_id: str) -> bool:
        """One turn at a time per conversation: a second concurrent message would interleave state."""
        with self._lock:
            if conv_id in self._busy:
                return False
            self._busy.add(conv_id)
            return True

    def release(self, conv_id: str, conv: Conversation | None = None) -> None:
        """`conv` is the state after the turn: already in place here (same object); the shared store saves it."""
        with self._lock:
            self._busy.discard(conv_id)

    def __len__(self) -> int:
        with self._lock:
            self._expire()
            return len(self._items)

    def _drop(self, conv_id: str) -> None:
        _, _, owner = self._items.pop(conv_id)
        mine = self._owned[owner]
        del mine[conv_id]
        if not mine:
            del self._owned[owner]

    def _expire(self) -> None:
        cutoff = self.clock() - self.ttl_s
        while self._items:
            key, (_, seen, _) = next(iter(self._items.items()))
            if seen >= cutoff:
                break
            self._drop(key)


def open_store(settings):
    """The app's conversation store: the shared SQL store (assistant.storage.conversations; SQLite in
    the data dir by default, PostgreSQL for replicas), or this in-memory one for
    `conversations.database_url = "memory"` (one process, nothing on disk)."""
    s = settings.server
    if settings.conversations.database_url == "memory":
        return ConversationStore(s.max_conversations, s.conversation_ttl_s, per_owner=s.conversations_per_client)
    from assistant.storage.conversations import SqlConversationStore

    return SqlConversationStore.from_settings(settings)
