"""Creating the stores' tables once, however many replicas start at the same moment.

`create_all` checks for a table and then creates it; two processes doing that at once on PostgreSQL
both see "missing" and the second fails on the catalog's unique index. A transaction-scoped
advisory lock makes the check-and-create one step across processes; SQLite serialises DDL itself.
"""
from __future__ import annotations

from sqlalchemy import MetaData, text
from sqlalchemy.engine import Engine

# any fixed 64-bit number, the same in every process of this product
_SCHEMA_LOCK = 0x6770_7573_697A_6572 & 0x7FFF_FFFF_FFFF_FFFF  # "gpusizer"


def create_schema(metadata: MetaData, engine: Engine) -> None:
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _SCHEMA_LOCK})
        metadata.create_all(conn)
