"""Hybrid retrieval: e5 embeddings (Chroma) + BM25, fused by reciprocal rank fusion.

A :class:`Retriever` is meant to live as long as the process: the embedder, the chunk table and both
indexes are loaded once; a newer index written by another process is picked up on the next search.
"""
from __future__ import annotations

import logging
import os
import threading
import time
from pathlib import Path

import numpy as np
from pydantic import BaseModel, Field

from knowledge.settings import HasRetrieval, RetrievalSettings, retrieval_part
from knowledge import store
from knowledge.chunking import Chunk
from knowledge.embeddings import Embedder, make_embedder
from knowledge.lexical import BM25Index, normalize
from tools.errors import SizingError

log = logging.getLogger(__name__)
RECONNECT_AFTER_S = 5.0


class Passage(BaseModel):
    id: str = Field(description="Chunk id (content hash).")
    doc_id: str
    title: str
    text: str
    score: float = Field(description="Fused reciprocal-rank score; higher is better.")
    language: str
    source: str = Field(description="File path, or 'catalog'.")
    topic: str = ""
    headings: str = Field("", description="Heading path inside the document.")


class Hits(list):
    """``list[Passage]`` best first; ``degraded`` says why a search ran on BM25 alone (else None)."""

    degraded: str | None = None


class _Index:
    """Everything one generation needs at query time, loaded once."""

    def __init__(self, rs: RetrievalSettings, pointer: store.IndexPointer):
        gen = store.Generation(rs, pointer.generation)
        self.pointer = pointer
        self.generation = gen
        self.chunks: list[Chunk] = gen.load_chunks()
        self.by_id = {c.id: c for c in self.chunks}
        self.bm25: BM25Index = gen.load_bm25()
        self.lang = np.array([c.language for c in self.chunks])
        self.collection = None
        self.degraded: str | None = None
        self._retry_at = 0.0
        self.connect()

    def connect(self) -> None:
        if time.monotonic() < self._retry_at:  # don't pay a failed connect on every query
            return
        self._retry_at = time.monotonic() + RECONNECT_AFTER_S
        try:
            self.collection = self.generation.collection()
            self.degraded = None
        except Exception as exc:  # server down, collection gone: keyword search still answers
            self.collection = None
            self.degraded = f"vector store unavailable ({exc.__class__.__name__}); keyword search only"


def _pointer_stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


class Retriever:
    def __init__(self, settings: RetrievalSettings | HasRetrieval | None = None, embedder: Embedder | None = None,
                 auto_ingest: bool = True):
        self.rs = retrieval_part(settings) if settings is not None else RetrievalSettings()
        self._embedder = embedder
        self.auto_ingest = auto_ingest
        self._index: _Index | None = None
        self._stamp: tuple[int, int] | None = None
        self._lock = threading.Lock()
        self.degraded: str | None = None  # note of the latest search, mirrored on its Hits

    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            self._embedder = make_embedder(self.rs)
        return self._embedder

    def _current(self) -> _Index:
        """The serving index; reloaded when another process switched the pointer."""
        path = Path(self.rs.data_dir) / store.POINTER
        stamp = _pointer_stamp(path)
        if self._index is not None and stamp == self._stamp:
            return self._index
        with self._lock:
            pointer = store.read_pointer(self.rs)
            stale = pointer is not None and pointer.lexical != store.lexical_signature()
            if pointer is None or pointer.backend != store.backend_of(self.rs) or (stale and self.auto_ingest):
                if not self.auto_ingest:
                    raise SizingError("no knowledge index yet: run `gpu-sizer ingest` first")
                from knowledge.ingest import ingest

                ingest(None, self.rs, progress=False, embedder=self.embedder)
                pointer = store.read_pointer(self.rs)
                stamp = _pointer_stamp(path)
            if pointer is None:
                raise SizingError("no knowledge index could be built")
            self._index = _Index(self.rs, pointer)
            self._stamp = stamp
            return self._index

    def warm_up(self) -> None:
        """Load embedder and indexes now rather than on the first question."""
        self._current()
        self.embedder.embed_query("warm up")

    def _dense(self, idx: _Index, query: str, n: int, language: str | None) -> list[str]:
        if idx.collection is None:
            idx.connect()  # the server may be back
            if idx.collection is None:
                return []
        vec = self.embedder.embed_query(query)
        try:
            res = idx.collection.query(query_embeddings=[vec], n_results=n, include=[],
                                       where={"language": language} if language else None)
        except Exception as exc:
            idx.collection = None
            idx.degraded = f"vector store unavailable ({exc.__class__.__name__}); keyword search only"
            idx._retry_at = time.monotonic() + RECONNECT_AFTER_S
            log.warning("dense search failed: %s", exc)
            return []
        return res["ids"][0]

    def _lexical(self, idx: _Index, query: str, n: int, language: str | None) -> list[str]:
        scores = idx.bm25.scores(query, normalized=True)
        if language:
            scores = np.where(idx.lang == language, scores, 0.0)
        top = np.argsort(-scores)[:n]
        return [idx.bm25.ids[i] for i in top if scores[i] > 0]

    def _fuse(self, rankings: list[tuple[list[str], float]]) -> list[tuple[str, float]]:
        fused: dict[str, float] = {}
        for ids, weight in rankings:
            for rank, cid in enumerate(ids, start=1):
                fused[cid] = fused.get(cid, 0.0) + weight / (self.rs.rrf_k + rank)
        return sorted(fused.items(), key=lambda kv: -kv[1])

    def search(self, query: str, k: int = 4, language: str | None = None) -> Hits:
        """Best ``k`` passages for ``query``; ``language`` ('ru'/'en') prefers passages in that language."""
        query = (query or "").strip()
        if not query:
            raise SizingError("empty query")
        if k < 1:
            raise SizingError("k must be at least 1")
        if language not in (None, "ru", "en"):
            raise SizingError(f"unknown language '{language}' (expected ru or en)")
        query = normalize(query[: self.rs.max_query_chars])
        idx = self._current()
        n = max(self.rs.candidates, k)
        ranked = self._fuse([(self._dense(idx, query, n, language), self.rs.dense_weight),
                             (self._lexical(idx, query, n, language), self.rs.bm25_weight)])
        if language and len(ranked) < k:  # too little in that language: fill from the rest
            seen = {cid for cid, _ in ranked}
            more = self._fuse([(self._dense(idx, query, n, None), self.rs.dense_weight),
                               (self._lexical(idx, query, n, None), self.rs.bm25_weight)])
            ranked += [(cid, s) for cid, s in more if cid not in seen]
        hits = Hits()
        for cid, score in ranked[:k]:
            c = idx.by_id.get(cid)
            if c is None:
                continue
            hits.append(Passage(id=c.id, doc_id=c.doc_id, title=c.title, text=c.text, score=round(score, 6),
                                language=c.language, source=c.source, topic=c.topic, headings=c.heading_path))
        hits.degraded = self.degraded = idx.degraded
        return hits
