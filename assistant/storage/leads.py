"""Hand-off store: a customer who wants a manager leaves a contact; the lead keeps the scenario
and the configurations the assistant recommended, so the manager starts where the chat ended.

SQLite (WAL, synchronous=FULL) in the data dir by default: a lead is on disk before the API says
"ok", and survives the server being killed right after. Any SQLAlchemy URL (Postgres) works too.
"""
from __future__ import annotations

import csv
import hashlib
import io
import json
import re
import threading
import unicodedata
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from sqlalchemy import JSON, DateTime, String, Text, create_engine, event, select, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import NoSuchModuleError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from assistant.settings import Settings
from assistant.storage.schema import create_schema

# plain address characters only: no quotes, brackets, slashes or "=" that could carry markup or a formula
_EMAIL = re.compile(r"^[\w.%+\-]{1,64}@(?:[^\W_](?:[\w\-]{0,61}[^\W_])?\.)+[^\W\d_]{2,63}$")
_CONVERSATION_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def check_conversation_id(v: str | None) -> str | None:
    """Our ids are hex: anything else (a newline forging a log line, a formula) is refused."""
    if v is not None and not _CONVERSATION_ID.match(v):
        raise ValueError("conversation_id must be the id the server gave (letters, digits, '-' and '_')")
    return v
_PHONE_CHARS = re.compile(r"^\+?[\d(][\d\s()\-.]*$")  # starts with + , a digit or "(": never "-" or "="
CSV_COLUMNS = ["id", "created_at", "name", "phone", "email", "message", "language", "conversation_id",
               "scenario", "configurations"]


class Base(DeclarativeBase):
    pass


class Lead(Base):
    __tablename__ = "leads"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    name: Mapped[str] = mapped_column(String(200))
    phone: Mapped[str | None] = mapped_column(String(40))
    email: Mapped[str | None] = mapped_column(String(254))
    message: Mapped[str | None] = mapped_column(Text)
    language: Mapped[str] = mapped_column(String(8))
    scenario: Mapped[dict] = mapped_column(JSON)
    configurations: Mapped[list] = mapped_column(JSON)
    conversation_id: Mapped[str | None] = mapped_column(String(64), index=True)


def _invisible(ch: str) -> bool:
    """Control, format (bidi overrides, zero-width, Unicode tags), private-use, unassigned and
    line/paragraph separator characters: they hide or reorder what the manager reads."""
    return unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp")


def _clean_line(text: str) -> str:
    return "".join(" " if _invisible(ch) else ch for ch in text)


class LeadIn(BaseModel):
    """What a customer submits. At least one way to reach them is required; unknown fields are refused."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=200, description="How to address the customer.")
    phone: str | None = Field(None, max_length=40, description="Phone number, any common notation.")
    email: str | None = Field(None, max_length=254, description="E-mail address.")
    message: str | None = Field(None, max_length=4000, description="Anything the customer wants to add.")
    conversation_id: str | None = Field(None, max_length=64, description="The chat this lead comes from.")

    @field_validator("name", "phone", "email", "message", mode="before")
    @classmethod
    def _clean(cls, v: Any, info) -> Any:
        # invisible characters would let two "identical" names differ, or hide text from the manager;
        # only the free-text message keeps its line breaks
        if not isinstance(v, str):
            return v
        if info.field_name == "message":
            return "\n".join(_clean_line(line).rstrip() for line in v.splitlines()).strip() or None
        v = " ".join(_clean_line(v).split())
        return v if v or info.field_name == "name" else None  # "" name -> "at least 1 character"

    _id = field_validator("conversation_id")(check_conversation_id)

    @field_validator("phone")
    @classmethod
    def _phone(cls, v: str | None) -> str | None:
        if v is None:
            return v
        digits = sum(c.isdigit() for c in v)
        if not _PHONE_CHARS.match(v) or not 7 <= digits <= 15:  # E.164 allows at most 15 digits
            raise ValueError("phone must be 7 to 15 digits, optionally starting with +, with spaces, dashes "
                             "or brackets")
        return v

    @field_validator("email")
    @classmethod
    def _email(cls, v: str | None) -> str | None:
        if v is not None and not _EMAIL.match(v):
            raise ValueError("email must look like name@example.com")
        return v

    @model_validator(mode="after")
    def _reachable(self) -> "LeadIn":
        if not (self.phone or self.email):
            raise ValueError("give a phone number or an e-mail address so a manager can reach you")
        return self


def default_url(settings: Settings) -> str:
    return f"sqlite:///{Path(settings.retrieval.data_dir) / 'leads.sqlite3'}"


def _sqlite_durability(dbapi_conn, _record) -> None:
    # WAL lets the export read while the API writes; FULL fsyncs the WAL on every commit.
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


class LeadStore:
    def __init__(self, settings: Settings, url: str | None = None):
        self.url = url or settings.leads.database_url or default_url(settings)
        if self.url.startswith("sqlite:///"):
            Path(self.url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
        try:
            self.engine: Engine = create_engine(self.url, pool_pre_ping=True)
        except (ImportError, NoSuchModuleError) as exc:  # e.g. postgresql+psycopg without psycopg
            raise RuntimeError(f"leads database {self.url.split(':', 1)[0]!r} needs a driver that is not "
                               f"installed ({exc}); e.g. pip install 'psycopg[binary]' for PostgreSQL") from None
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_durability)
        create_schema(Base.metadata, self.engine)
        self.duplicate_window_s = settings.leads.duplicate_window_s
        self._add_lock = threading.Lock()

    def add(self, lead: LeadIn, language: str = "ru", scenario: dict | None = None,
            configurations: list | None = None) -> str:
        """Store the lead; returns its id only after the commit reached the disk."""
        row = _row(lead, language, scenario, configurations)
        lead_id = row.id  # read before the commit expires the row
        with Session(self.engine) as session, session.begin():
            session.add(row)
        return lead_id

    def add_once(self, lead: LeadIn, language: str = "ru", scenario: dict | None = None,
                 configurations: list | None = None) -> tuple[str, bool]:
        """(id, True) for a new lead; (the earlier id, False) when the same lead (name, contacts,
        message, conversation) arrived within the duplicate window: a double click, a retry after a
        lost answer or a script repeating a form must not hand managers the same customer five times."""
        since = datetime.now(timezone.utc) - timedelta(seconds=self.duplicate_window_s)
        with self._add_lock:  # one process writes (SQLite); check and insert must not interleave
            with Session(self.engine) as session, session.begin():
                if self.engine.dialect.name == "postgresql":
                    # replicas share the database: the same lead arriving at two of them at once is
                    # checked and inserted by one at a time (the lock ends with this transaction)
                    session.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _identity_key(lead)})
                same = session.scalars(select(Lead.id).where(
                    Lead.name == lead.name, _eq(Lead.phone, lead.phone), _eq(Lead.email, lead.email),
                    _eq(Lead.message, lead.message), _eq(Lead.conversation_id, lead.conversation_id),
                    Lead.created_at >= since).limit(1)).first()
                if same is not None:
                    return same, False
                row = _row(lead, language, scenario, configurations)
                lead_id = row.id
                session.add(row)
            return lead_id, True

    def all(self) -> list[dict[str, Any]]:
        with Session(self.engine) as session:
            rows = session.scalars(select(Lead).order_by(Lead.created_at)).all()
            return [{c: getattr(r, c) for c in CSV_COLUMNS} for r in rows]

    def export(self, format: str = "csv") -> str:
        if format != "csv":
            raise ValueError(f"unknown export format {format!r}; known: csv")
        buf = io.StringIO()
        writer = csv.writer(buf)
        writer.writerow(CSV_COLUMNS)
        for lead in self.all():
            lead["created_at"] = lead["created_at"].replace(tzinfo=timezone.utc).isoformat()  # SQLite drops tz
            for key in ("scenario", "configurations"):
                lead[key] = json.dumps(lead[key], ensure_ascii=False)
            writer.writerow([_csv_safe(lead[c]) for c in CSV_COLUMNS])  # every column: ids and phones too
        return buf.getvalue()

    def close(self) -> None:
        self.engine.dispose()


def _row(lead: LeadIn, language: str, scenario: dict | None, configurations: list | None) -> Lead:
    return Lead(id=uuid.uuid4().hex, created_at=datetime.now(timezone.utc), name=lead.name, phone=lead.phone,
                email=lead.email, message=lead.message, language=language, scenario=scenario or {},
                configurations=configurations or [], conversation_id=lead.conversation_id)


def _identity_key(lead: LeadIn) -> int:
    """A signed 64-bit key of what makes two leads the same (PostgreSQL advisory locks take a bigint)."""
    ident = repr((lead.name, lead.phone, lead.email, lead.message, lead.conversation_id)).encode()
    return int.from_bytes(hashlib.blake2b(ident, digest_size=8).digest(), "big", signed=True)


def _eq(column, value):
    return column.is_(None) if value is None else column == value


def _csv_safe(value: Any) -> Any:
    """Any cell opened in a spreadsheet must not run as a formula (CSV injection, OWASP): text that
    starts, after blanks, with = + - @ or a tab/CR/LF gets a leading apostrophe."""
    if isinstance(value, str) and value.lstrip(" ")[:1] in ("=", "+", "-", "@", "\t", "\r", "\n", "|", "%"):
        return "'" + value
    return "" if value is None else value


def summarize_configurations(facts: list[dict]) -> list[dict]:
    """The recommended configurations of a turn, without the full memory breakdowns."""
    out = []
    for fact in facts:
        if fact.get("tool") != "recommend":
            continue
        for c in fact.get("output", {}).get("configurations", []):
            out.append({k: c.get(k) for k in ("gpu", "gpu_id", "count", "total_vram_bytes", "price_usd_min",
                                              "price_usd_max", "system_watts", "psu", "servers", "warnings")})
    return out
