"""Build the retrieval index: built-in docs + catalog passages + any user folders.

Unchanged chunks (same content hash, same embedding backend) take their vectors from the serving
index; only new or edited chunks are embedded. When nothing changed the serving index stays as it is.
"""
from __future__ import annotations

import time
from pathlib import Path

import numpy as np
from pydantic import BaseModel, Field
from tqdm import tqdm

from knowledge.settings import HasRetrieval, RetrievalSettings, retrieval_part
from knowledge import store
from knowledge.chunking import chunk_documents
from knowledge.documents import LoadResult, catalog_documents, load_builtin_docs, load_folder
from knowledge.embeddings import Embedder, make_embedder
from tools.errors import SizingError


class IngestReport(BaseModel):
    documents: int
    chunks: int
    embedded: int = Field(description="Chunks embedded in this run.")
    reused: int = Field(description="Chunks whose vectors came from the previous index.")
    unchanged: bool = Field(description="True when the serving index already held exactly these chunks.")
    generation: str
    skipped: list[str] = Field(default_factory=list)
    seconds: float


def collect(paths: list[Path] | None) -> LoadResult:
    result = LoadResult()
    for part in (load_builtin_docs(), catalog_documents(), *(load_folder(Path(p)) for p in paths or [])):
        result.documents.extend(part.documents)
        result.skipped.extend(part.skipped)
    return result


def _previous_vectors(settings, pointer: store.IndexPointer | None, embedder: Embedder) -> dict[str, np.ndarray]:
    if pointer is None or pointer.embedding != embedder.name:
        return {}
    gen = store.Generation(settings, pointer.generation)
    try:
        ids = [c.id for c in gen.load_chunks()]
        vectors = gen.load_vectors()
    except (OSError, ValueError):
        return {}
    return dict(zip(ids, vectors, strict=True)) if len(ids) == len(vectors) else {}


def ingest(paths: list[Path] | None, settings: RetrievalSettings | HasRetrieval, progress: bool = True,
           embedder: Embedder | None = None, batch: int = 16) -> IngestReport:
    t0 = time.perf_counter()
    rs = retrieval_part(settings)
    loaded = collect(paths)
    chunks = chunk_documents(loaded.documents, rs.chunk_max_chars, rs.chunk_overlap_chars)
    if not chunks:
        raise SizingError("nothing to index: no documents were loaded")
    embedder = embedder or make_embedder(rs)

    with store.ingest_lock(rs):
        previous = store.read_pointer(rs)
        same_place = (previous is not None and previous.backend == store.backend_of(rs)
                      and previous.lexical == store.lexical_signature())
        known = _previous_vectors(rs, previous, embedder)
        if (same_place and previous is not None and previous.chunks == len(chunks)
                and set(known) == {c.id for c in chunks}):
            store.cleanup(rs, previous)  # also clears anything a killed ingest left behind
            return IngestReport(documents=len(loaded.documents), chunks=len(chunks), embedded=0,
                                reused=len(chunks), unchanged=True, generation=previous.generation,
                                skipped=loaded.skipped, seconds=round(time.perf_counter() - t0, 2))

        todo = [i for i, c in enumerate(chunks) if c.id not in known]
        vectors: list[np.ndarray | None] = [known.get(c.id) for c in chunks]
        bar = tqdm(total=len(todo), desc="embedding", unit="chunk", disable=not progress or not todo)
        for start in range(0, len(todo), batch):
            idx = todo[start:start + batch]
            for i, vec in zip(idx, embedder.embed_passages([chunks[i].embedding_text() for i in idx]), strict=True):
                vectors[i] = vec
            bar.update(len(idx))
        bar.close()
        done = [v for v in vectors if v is not None]
        if len(done) != len(chunks):  # zip(strict=True) above already refuses a short batch
            raise SizingError(f"embedding left {len(chunks) - len(done)} chunks without a vector")
        matrix = np.stack(done).astype(np.float32)

        gen = store.new_generation(rs)
        try:
            store.write_generation(gen, chunks, matrix)
            store.validate_generation(gen, chunks, matrix)
        except BaseException:
            store.discard(gen)
            raise
        store.switch_to(gen, embedder.name, len(chunks))
        store.cleanup(rs, previous)
    return IngestReport(documents=len(loaded.documents), chunks=len(chunks), embedded=len(todo),
                        reused=len(chunks) - len(todo), unchanged=False, generation=gen.name,
                        skipped=loaded.skipped, seconds=round(time.perf_counter() - t0, 2))
