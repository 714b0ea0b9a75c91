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


def named_only(source: Source, gpus: set[str], models: set[str]) -> bool:
    """Whether a passage may stand beside the question: a catalog entry of another card or model than the ones the
    question named is noise ("чем 4060 ti лучше 3060?" had quoted the RTX 5060 Ti's entry between them)."""
    for prefix, named in (("gpu-", gpus), ("model-", models)):
        if named and source.doc_id.startswith(prefix):
            return source.doc_id[len(prefix):].removesuffix("-en") in named
    return True


def retrieve(retriever: Any, text: str, lang: str, top_k: int, gpus: set[str] | None = None,
             models: set[str] | None = None) -> tuple[list[Source], str | None]:
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
    srcs = [s for s in srcs if named_only(s, gpus or set(), models or set())]
    return srcs[:top_k], getattr(hits, "degraded", None)
