"""What the vendor's operator sees: the question log and FAQ drafts awaiting approval.

The question log holds what customers asked and what the assistant made of it (intent, numbers
the reader could not attach, products the catalog lacks, guard interventions, latencies) — no
contact data (that is only in the hand-off form, `leads`). It can be switched off, and rows older
than the retention are deleted. FAQ drafts: each model-written FAQ answer waits for a person to
approve, edit or reject it; only approved (or edited) text replaces the draft on the public page.
"""
from __future__ import annotations

import hashlib
import threading
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, cast

from sqlalchemy import JSON, Boolean, Float, Integer, String, Text, delete, func, select
from sqlalchemy.engine import CursorResult
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from assistant.settings import Settings
from assistant.storage.conversations import make_engine
from assistant.storage.schema import create_schema

MAX_QUESTION_CHARS = 2000


class _Base(DeclarativeBase):
    pass


class Question(_Base):
    __tablename__ = "questions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[float] = mapped_column(Float, index=True)
    language: Mapped[str] = mapped_column(String(8))
    intent: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(Text)
    unattached: Mapped[list] = mapped_column(JSON)
    unknown_products: Mapped[list] = mapped_column(JSON)
    guard: Mapped[int] = mapped_column(Integer)
    explained: Mapped[bool] = mapped_column(Boolean)
    computed_s: Mapped[float | None] = mapped_column(Float, nullable=True)
    first_token_s: Mapped[float | None] = mapped_column(Float, nullable=True)
    total_s: Mapped[float] = mapped_column(Float)


class Draft(_Base):
    __tablename__ = "faq_drafts"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)  # hash of language + question
    language: Mapped[str] = mapped_column(String(8))
    question: Mapped[str] = mapped_column(Text)
    draft: Mapped[str] = mapped_column(Text)
    approved: Mapped[str | None] = mapped_column(Text, nullable=True)
    status: Mapped[str] = mapped_column(String(16))  # pending, approved, rejected
    updated_at: Mapped[float] = mapped_column(Float)


def draft_key(language: str, question: str) -> str:
    return hashlib.sha256(f"{language}\0{question}".encode()).hexdigest()[:32]


def default_url(settings: Settings) -> str:
    return f"sqlite:///{Path(settings.retrieval.data_dir) / 'operator.sqlite3'}"


class OperatorStore:
    def __init__(self, settings: Settings, url: str | None = None, clock=time.time):
        op = settings.operator
        self.enabled, self.retention_s = op.question_log, op.question_retention_days * 86400
        self.engine = make_engine(url or op.database_url or default_url(settings))
        create_schema(_Base.metadata, self.engine)
        self.clock = clock
        self._last_purge = 0.0
        self._lock = threading.Lock()

    # ---- the question log ----

    def log_question(self, text: str, language: str, intent: str, unattached: list[str],
                     unknown_products: list[str], guard: int, explained: bool, computed_s: float | None,
                     first_token_s: float | None, total_s: float) -> None:
        if not self.enabled:
            return
        now = self.clock()
        with Session(self.engine) as s, s.begin():
            s.add(Question(at=now, language=language, intent=intent, text=text[:MAX_QUESTION_CHARS],
                           unattached=unattached[:20], unknown_products=unknown_products[:20], guard=guard,
                           explained=explained, computed_s=computed_s, first_token_s=first_token_s, total_s=total_s))
            if now - self._last_purge > 600:  # retention, applied as the log is written
                self._last_purge = now
                s.execute(delete(Question).where(Question.at < now - self.retention_s))

    def purge(self) -> int:
        with Session(self.engine) as s, s.begin():
            # a DELETE gives a CursorResult (rowcount); SQLAlchemy's stub of Session.execute says Result
            old = delete(Question).where(Question.at < self.clock() - self.retention_s)
            result = cast("CursorResult[Any]", s.execute(old))
            return result.rowcount

    def per_day(self, days: int = 14) -> list[tuple[str, int]]:
        since = self.clock() - days * 86400
        with Session(self.engine) as s:
            stamps = s.scalars(select(Question.at).where(Question.at >= since)).all()
        counts: dict[str, int] = {}
        for at in stamps:
            day = datetime.fromtimestamp(at, timezone.utc).strftime("%Y-%m-%d")
            counts[day] = counts.get(day, 0) + 1
        return sorted(counts.items())

    def needing_attention(self, limit: int = 50) -> list[dict[str, Any]]:
        """Questions the catalog or the reader could not serve: what the vendor should add."""
        with Session(self.engine) as s:
            rows = s.scalars(select(Question).order_by(Question.at.desc()).limit(2000)).all()
            out = [_row(r) for r in rows if r.unattached or r.unknown_products]
        return out[:limit]

    def guarded(self, limit: int = 50) -> list[dict[str, Any]]:
        with Session(self.engine) as s:
            rows = s.scalars(select(Question).where(Question.guard > 0).order_by(Question.at.desc()).limit(limit))
            return [_row(r) for r in rows]

    def count(self) -> int:
        with Session(self.engine) as s:
            return s.scalar(select(func.count()).select_from(Question)) or 0

    def latency(self) -> dict[str, dict[str, float | None]]:
        """p50/p90/p99 of each part of the answer over the logged questions."""
        with Session(self.engine) as s:
            rows = s.execute(select(Question.computed_s, Question.first_token_s, Question.total_s)).all()
        out = {}
        for i, part in enumerate(("computed", "first_token", "total")):
            values = sorted(v for r in rows if (v := r[i]) is not None)
            out[part] = {f"p{p}": _pct(values, p) for p in (50, 90, 99)} | {"n": len(values)}
        return out

    # ---- FAQ drafts ----

    def offer_drafts(self, items: list[dict[str, Any]]) -> None:
        """Model-written FAQ answers become drafts; a changed draft of an approved answer waits again."""
        now = self.clock()
        with self._lock, Session(self.engine) as s, s.begin():
            for item in items:
                if not item.get("explained_by_model"):
                    continue
                key = draft_key(item["language"], item["question"])
                row = s.get(Draft, key)
                if row is None:
                    s.add(Draft(key=key, language=item["language"], question=item["question"], draft=item["answer"],
                                approved=None, status="pending", updated_at=now))
                elif row.draft != item["answer"] and row.status != "approved":
                    row.draft, row.status, row.updated_at = item["answer"], "pending", now

    def drafts(self, status: str | None = None) -> list[dict[str, Any]]:
        with Session(self.engine) as s:
            q = select(Draft).order_by(Draft.updated_at.desc())
            if status:
                q = q.where(Draft.status == status)
            return [{c: getattr(r, c) for c in ("key", "language", "question", "draft", "approved", "status")}
                    for r in s.scalars(q)]

    def decide(self, key: str, action: str, text: str | None = None) -> bool:
        if action not in ("approve", "edit", "reject"):
            raise ValueError(f"unknown action {action!r}; known: approve, edit, reject")
        with self._lock, Session(self.engine) as s, s.begin():
            row = s.get(Draft, key)
            if row is None:
                return False
            if action == "reject":
                row.status, row.approved = "rejected", None
            else:
                row.status = "approved"
                row.approved = (text or "").strip() if action == "edit" else row.draft
                if not row.approved:
                    raise ValueError("an edited answer must not be empty")
            row.updated_at = self.clock()
        return True

    def reviewed(self, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The FAQ as the public sees it: approved text where a person approved or edited it, the
        computed part alone where the model's draft was rejected, the draft otherwise."""
        with Session(self.engine) as s:
            rows = {r.key: r for r in s.scalars(select(Draft))}
        out = []
        for item in items:
            row = rows.get(draft_key(item.get("language", ""), item.get("question", "")))
            if row is not None and row.status == "approved" and row.approved:
                item = {**item, "answer": row.approved, "reviewed": True}
            elif row is not None and row.status == "rejected":
                item = {**item, "answer": item.get("computed") or item["answer"], "explanation": "", "reviewed": True}
            out.append(item)
        return out

    def published(self, guide_items: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The FAQ as the public sees it where an operator reviews: per question, the text a person
        approved (or edited) when there is one, otherwise the guide-grounded item as given (computed
        block + the guide's passage). A model draft that nobody approved is never in it."""
        with Session(self.engine) as s:
            approved = {r.key: r.approved for r in s.scalars(select(Draft).where(Draft.status == "approved"))
                        if r.approved}
        out = []
        for item in guide_items:
            text = approved.get(draft_key(item.get("language", ""), item.get("question", "")))
            out.append({**item, "answer": text, "explanation": "", "reviewed": True} if text
                       else {**item, "reviewed": False})
        return out

    def close(self) -> None:
        self.engine.dispose()


def _row(r: Question) -> dict[str, Any]:
    return {"at": datetime.fromtimestamp(r.at, timezone.utc).strftime("%Y-%m-%d %H:%M"), "text": r.text,
            "language": r.language, "intent": r.intent, "unattached": r.unattached,
            "unknown_products": r.unknown_products, "guard": r.guard}


def _pct(values: list[float], p: int) -> float | None:
    if not values:
        return None
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]
