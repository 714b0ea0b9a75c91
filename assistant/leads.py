"""Hand-off store: a customer who wants a manager leaves a contact; the lead keeps the scenario
and the configurations the assistant recommended, so the manager starts where the chat ended.

SQLite (WAL, synchronous=FULL) in the data dir by default: a lead is on disk before the API says
"ok", and survives the server being killed right after. Any SQLAlchemy URL (Postgres) works too.
"""
from __future__ import annotations

import csv
import io
import json
import re
import uuid
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, field_validator, model_validator
from sqlalchemy import JSON, DateTime, String, Text, create_engine, event, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import NoSuchModuleError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from assistant.settings import Settings

_CONTROL = re.compile(r"[\x00-\x1f\x7f\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]")
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_PHONE_CHARS = re.compile(r"^\+?[\d\s()\-.]+$")
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


class LeadIn(BaseModel):
    """What a customer submits. At least one way to reach them is required."""

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
            return "\n".join(_CONTROL.sub(" ", line).rstrip() for line in v.splitlines()).strip() or None
        v = _CONTROL.sub(" ", v).strip()
        return v if v or info.field_name == "name" else None  # "" name -> "at least 1 character"

    @field_validator("phone")
    @classmethod
    def _phone(cls, v: str | None) -> str | None:
        if v is None:
            return v
        digits = sum(c.isdigit() for c in v)
        if not _PHONE_CHARS.match(v) or not 7 <= digits <= 15:  # E.164 allows at most 15 digits
            raise ValueError("phone must be 7 to 15 digits, optionally with +, spaces, dashes or brackets")
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
        Base.metadata.create_all(self.engine)

    def add(self, lead: LeadIn, language: str = "ru", scenario: dict | None = None,
            configurations: list | None = None) -> str:
        """Store the lead; returns its id only after the commit reached the disk."""
        lead_id = uuid.uuid4().hex
        row = Lead(id=lead_id, created_at=datetime.now(timezone.utc), name=lead.name, phone=lead.phone,
                   email=lead.email, message=lead.message, language=language, scenario=scenario or {},
                   configurations=configurations or [], conversation_id=lead.conversation_id)
        with Session(self.engine) as session, session.begin():
            session.add(row)
        return lead_id

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
            writer.writerow([_csv_safe(lead[c]) if c in ("name", "email", "message") else lead[c]
                             for c in CSV_COLUMNS])
        return buf.getvalue()

    def close(self) -> None:
        self.engine.dispose()


def _csv_safe(value: Any) -> Any:
    """Customer text opened in a spreadsheet must not run as a formula (CSV injection)."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
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
