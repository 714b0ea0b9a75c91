"""Conversations in a shared store, so a follow-up may land on any replica.

One interface (`ConversationStore`), one SQLAlchemy implementation with two set-ups: the embedded
default (SQLite in the data dir, WAL, like the leads) and a server database for replicas
(PostgreSQL: `postgresql+psycopg://...`). A conversation is one row: its JSON, its owner (the client
address), when it was last used and until when a turn holds it.

- Bounded: each owner keeps at most `per_owner` conversations (its own least recently used go
  first); when the store is full, the one to go is the least recently used of the owner holding
  the most, so a flood from a few addresses never pushes out a quiet customer's conversation.
- Expiry: a conversation idle for `ttl_s` is gone.
- One turn at a time per conversation across replicas: `claim` is one conditional UPDATE; a lease
  frees a conversation whose replica died mid-turn.
- Store down: `get_or_create` hands out a `DetachedConversation` (the turn still computes its
  numbers; the adapter tells the customer the context was lost) and nothing raises.
"""
from __future__ import annotations

import logging
import threading
import time
from pathlib import Path
from typing import Any, Protocol, cast

from sqlalchemy import Float, String, Text, create_engine, delete, event, func, select, update
from sqlalchemy.engine import CursorResult, Engine
from sqlalchemy.exc import NoSuchModuleError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from assistant.service import Conversation
from assistant.settings import Settings
from assistant.storage.schema import create_schema

log = logging.getLogger(__name__)

LOST = {"ru": "Контекст разговора сейчас недоступен (хранилище разговоров не отвечает) — ответ посчитан только "
              "по этому сообщению; уточните модель и задачу, если это продолжение.",
        "en": "The conversation's context is unavailable right now (the conversation store is not answering), so "
              "this answer uses this message alone; repeat the model and task if this was a follow-up."}


class StoreUnavailable(RuntimeError):
    """The conversation database cannot be reached."""


class DetachedConversation(Conversation):
    """Handed out while the store is down: works for one turn, is never saved."""


class ConversationStore(Protocol):
    def get(self, conv_id: str | None) -> Conversation | None: ...
    def get_or_create(self, conv_id: str | None, owner: str = "") -> tuple[Conversation, bool]: ...
    def claim(self, conv_id: str) -> bool: ...
    def release(self, conv_id: str, conv: Conversation | None = None) -> None: ...
    def __len__(self) -> int: ...


class _Base(DeclarativeBase):
    pass


class _Row(_Base):
    __tablename__ = "conversations"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    owner: Mapped[str] = mapped_column(String(128), index=True)
    data: Mapped[str] = mapped_column(Text)
    used_at: Mapped[float] = mapped_column(Float, index=True)
    busy_until: Mapped[float | None] = mapped_column(Float, nullable=True)


def default_url(settings: Settings) -> str:
    return f"sqlite:///{Path(settings.retrieval.data_dir) / 'conversations.sqlite3'}"


def _sqlite_pragmas(dbapi_conn, _record) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")  # replicas on one host and readers do not block the writer
    cur.execute("PRAGMA synchronous=NORMAL")  # a conversation is context, not a contract: WAL+NORMAL is safe
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


def make_engine(url: str, connect_timeout_s: float = 3.0) -> Engine:
    if url.startswith("sqlite:///"):
        Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
    connect_args = {"connect_timeout": max(1, int(connect_timeout_s))} if url.startswith("postgresql") else {}
    try:
        engine = create_engine(url, pool_pre_ping=True, connect_args=connect_args)
    except (ImportError, NoSuchModuleError) as exc:
        raise RuntimeError(f"database {url.split(':', 1)[0]!r} needs a driver that is not installed ({exc}); "
                           f"e.g. pip install 'psycopg[binary]' for PostgreSQL") from None
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


class SqlConversationStore:
    def __init__(self, url: str, max_items: int = 1000, ttl_s: float = 6 * 3600, per_owner: int | None = None,
                 lease_s: float = 180.0, connect_timeout_s: float = 3.0, clock=time.time):
        self.url, self.max_items, self.ttl_s, self.clock = url, max_items, ttl_s, clock
        self.per_owner = per_owner or max_items
        self.lease_s = lease_s
        self.engine = make_engine(url, connect_timeout_s)
        self._local_busy: set[str] = set()  # detached conversations: never in the database
        self._lock = threading.Lock()
        self._schema_ready = False
        self._ensure_schema()

    @classmethod
    def from_settings(cls, settings: Settings) -> "SqlConversationStore":
        s, c = settings.server, settings.conversations
        return cls(c.database_url or default_url(settings), s.max_conversations, s.conversation_ttl_s,
                   s.conversations_per_client, c.turn_lease_s, c.connect_timeout_s)

    def _ensure_schema(self) -> bool:
        # a store that is down at start-up must not stop the server; the table is made on first contact
        if not self._schema_ready:
            try:
                create_schema(_Base.metadata, self.engine)
                self._schema_ready = True
            except SQLAlchemyError as exc:
                log.error("conversation store unavailable at %s: %s", self._where(), _short(exc))
        return self._schema_ready

    def _where(self) -> str:
        return self.engine.url.render_as_string(hide_password=True)

    def _session(self) -> Session:
        if not self._ensure_schema():
            raise StoreUnavailable(f"conversation store unavailable ({self._where()})")
        return Session(self.engine)

    # ---- the interface ----

    def get(self, conv_id: str | None) -> Conversation | None:
        if conv_id is None:
            return None
        try:
            return self._get(conv_id)
        except (SQLAlchemyError, StoreUnavailable) as exc:
            log.warning("conversation %s not read: %s", conv_id, _short(exc))
            return None

    def _get(self, conv_id: str) -> Conversation | None:
        now = self.clock()
        with self._session() as s, s.begin():
            data = s.scalar(select(_Row.data).where(_Row.id == conv_id, _Row.used_at >= now - self.ttl_s))
            if data is None:
                return None
            s.execute(update(_Row).where(_Row.id == conv_id).values(used_at=now))
        return Conversation.model_validate_json(data)

    def get_or_create(self, conv_id: str | None, owner: str = "") -> tuple[Conversation, bool]:
        """(the conversation, True), or (a new one with a new id, False): a client-chosen id is never
        adopted. With the store down: (a DetachedConversation, False)."""
        try:
            if conv_id is not None and (conv := self._get(conv_id)) is not None:
                return conv, True
            conv = Conversation()
            self._insert(conv, owner[:128])
            return conv, False
        except (SQLAlchemyError, StoreUnavailable) as exc:
            log.error("conversation store unavailable, answering without context: %s", _short(exc))
            # keeps the asked id (it is never saved under it): a client that continues with the id it
            # is given finds its conversation again once the store is back
            return DetachedConversation(**({"id": conv_id} if conv_id else {})), False

    def _insert(self, conv: Conversation, owner: str) -> None:
        now = self.clock()
        with self._session() as s, s.begin():
            s.execute(delete(_Row).where(_Row.used_at < now - self.ttl_s))
            s.add(_Row(id=conv.id, owner=owner, data=conv.model_dump_json(), used_at=now, busy_until=None))
            s.flush()
            self._trim(s, select(_Row.id).where(_Row.owner == owner), self.per_owner)
            total = s.scalar(select(func.count()).select_from(_Row)) or 0
            while total > self.max_items:
                biggest = s.execute(select(_Row.owner, func.count()).group_by(_Row.owner)
                                    .order_by(func.count().desc()).limit(1)).first()
                if biggest is None:
                    break
                total -= self._trim(s, select(_Row.id).where(_Row.owner == biggest[0]), biggest[1] - 1)

    @staticmethod
    def _trim(s: Session, ids, keep: int) -> int:
        """Drop the least recently used rows of `ids` beyond `keep`; how many went."""
        doomed = list(s.scalars(ids.order_by(_Row.used_at.desc()).offset(keep)))
        if doomed:
            s.execute(delete(_Row).where(_Row.id.in_(doomed)))
        return len(doomed)

    def claim(self, conv_id: str) -> bool:
        """One turn at a time per conversation, across replicas: one conditional UPDATE."""
        now = self.clock()
        try:
            with self._session() as s, s.begin():
                # an UPDATE's result is a CursorResult (it has rowcount); Session.execute is typed as the base Result
                res = cast("CursorResult[Any]", s.execute(update(_Row).where(_Row.id == conv_id)
                                .where((_Row.busy_until.is_(None)) | (_Row.busy_until < now))
                                .values(busy_until=now + self.lease_s)))
                if res.rowcount == 1:
                    return True
                if s.scalar(select(_Row.id).where(_Row.id == conv_id)) is not None:
                    return False  # another turn holds it
        except (SQLAlchemyError, StoreUnavailable) as exc:
            log.warning("conversation %s claimed locally (store unavailable): %s", conv_id, _short(exc))
        with self._lock:  # not in the database (detached, or the store is down): this process decides
            if conv_id in self._local_busy:
                return False
            self._local_busy.add(conv_id)
            return True

    def release(self, conv_id: str, conv: Conversation | None = None) -> None:
        """Free the conversation; with `conv`, save its state first (one statement, so a replica
        killed mid-turn leaves the previous state, never half of the new one)."""
        with self._lock:
            local = conv_id in self._local_busy
            self._local_busy.discard(conv_id)
        if local:
            return
        values: dict = {"busy_until": None}  # a detached turn claimed in the database frees it, saves nothing
        if conv is not None and not isinstance(conv, DetachedConversation):
            values.update(data=conv.model_dump_json(), used_at=self.clock())
        try:
            with self._session() as s, s.begin():
                s.execute(update(_Row).where(_Row.id == conv_id).values(**values))
        except (SQLAlchemyError, StoreUnavailable) as exc:
            log.error("conversation %s not saved (store unavailable): %s", conv_id, _short(exc))

    def __len__(self) -> int:
        try:
            with self._session() as s:
                return s.scalar(select(func.count()).select_from(_Row)
                                .where(_Row.used_at >= self.clock() - self.ttl_s)) or 0
        except (SQLAlchemyError, StoreUnavailable):
            return 0

    def healthy(self) -> bool:
        try:
            with self._session() as s:
                s.execute(select(1))
            return True
        except (SQLAlchemyError, StoreUnavailable):
            return False

    def close(self) -> None:
        self.engine.dispose()


def _short(exc: Exception) -> str:
    return str(exc).strip().splitlines()[0][:200] if str(exc).strip() else type(exc).__name__
