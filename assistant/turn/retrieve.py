"""Stage 6, retrieval: the guide's passages for the question, one per document, with their trust."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from assistant.types import Source
from tools.paths import DOCS_DIR

log = logging.getLogger(__name__)


def trusted(source: str) -> bool:
    """Built-in guide and catalog passages; documents ingested later may shape wording, never figures."""
    if source == "catalog":
        return True
    try:
        return Path(source).resolve().is_relative_to(DOCS_DIR)
    except (OSError, ValueError):
        return False


def retrieve(retriever: Any, text: str, lang: str, top_k: int) -> tuple[list[Source], str | None]:
    try:
        hits = retriever.search(text, k=2 * top_k, language=lang)
    except Exception as exc:  # retrieval is helpful, never essential: numbers still go out
        log.warning("retrieval failed: %s", exc)
        return [], f"retrieval unavailable ({exc.__class__.__name__})"
    srcs, seen = [], set()
    for h in hits:  # several chunks of one document are one source to a reader
        if h.doc_id not in seen:
            seen.add(h.doc_id)
            srcs.append(Source(id=h.id, title=h.title, text=h.text, doc_id=h.doc_id, score=h.score,
                               trusted=trusted(h.source)))
    return srcs[:top_k], getattr(hits, "degraded", None)
