"""On-disk index: generations built aside, validated, then switched in by one atomic rename.

Layout under ``settings.retrieval.data_dir``::

    current.json                 pointer to the serving generation (replaced with os.replace)
    generations/<gen>/chunks.jsonl, vectors.npy, bm25/, chroma/ (embedded mode only)

A killed ingest leaves at most an unfinished ``generations/<gen>`` that nothing points to; the next
ingest removes it. ``vectors.npy`` keeps each chunk's vector next to its content hash so a re-ingest
copies unchanged vectors instead of embedding again, whichever Chroma backend served them.
In server mode the vectors live in a collection ``<prefix>-<gen>`` on the Chroma server.
"""
from __future__ import annotations

import fcntl
import os
import secrets
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import urlparse

import numpy as np
from pydantic import BaseModel

from knowledge.settings import RetrievalSettings
from knowledge.chunking import Chunk
from knowledge.lexical import BM25Index
from knowledge.lexical import signature as lexical_signature
from tools.errors import SizingError

POINTER = "current.json"


class IndexPointer(BaseModel):
    generation: str
    backend: str  # "embedded" or the Chroma server URL
    collection: str
    embedding: str
    chunks: int
    created: str
    lexical: str = ""  # knowledge.lexical.signature() of the BM25 index


def backend_of(settings: RetrievalSettings) -> str:
    return settings.chroma_url.rstrip("/") if settings.chroma_url else "embedded"


def generations_dir(settings: RetrievalSettings) -> Path:
    return Path(settings.data_dir) / "generations"


def read_pointer(settings: RetrievalSettings) -> IndexPointer | None:
    path = Path(settings.data_dir) / POINTER
    try:
        return IndexPointer.model_validate_json(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _write_pointer(settings: RetrievalSettings, pointer: IndexPointer) -> None:
    path = Path(settings.data_dir) / POINTER
    tmp = path.with_suffix(f".tmp-{os.getpid()}")
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(pointer.model_dump_json(indent=1))
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)  # readers see the old pointer or the new one, never half of one
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


@contextmanager
def ingest_lock(settings: RetrievalSettings) -> Iterator[None]:
    """One writer per data dir; the kernel drops the lock when a killed ingest dies."""
    Path(settings.data_dir).mkdir(parents=True, exist_ok=True)
    with open(Path(settings.data_dir) / ".ingest.lock", "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def chroma_client(settings: RetrievalSettings, path: Path | None = None):
    """HttpClient when a server URL is set, else an embedded PersistentClient at ``path``."""
    import chromadb
    from chromadb.config import Settings as ChromaSettings

    chroma_settings = ChromaSettings(anonymized_telemetry=False)
    if settings.chroma_url:
        url = urlparse(settings.chroma_url if "://" in settings.chroma_url else f"http://{settings.chroma_url}")
        return chromadb.HttpClient(host=url.hostname or "127.0.0.1", port=url.port or 8000,
                                   ssl=url.scheme == "https", settings=chroma_settings)
    if path is None:
        raise ValueError("embedded Chroma needs a path")
    return chromadb.PersistentClient(path=str(path), settings=chroma_settings)


class Generation:
    """One built index: chunk records, their vectors, BM25 and the Chroma collection."""

    def __init__(self, settings: RetrievalSettings, name: str):
        self.settings = settings
        self.name = name
        self.dir = generations_dir(settings) / name
        self.collection_name = f"{settings.collection}-{name}"

    def load_chunks(self) -> list[Chunk]:
        with open(self.dir / "chunks.jsonl", encoding="utf-8") as fh:
            return [Chunk.model_validate_json(line) for line in fh if line.strip()]

    def load_vectors(self) -> np.ndarray:
        return np.load(self.dir / "vectors.npy")

    def load_bm25(self) -> BM25Index:
        return BM25Index.load(self.dir / "bm25")

    def collection(self, create: bool = False):
        client = chroma_client(self.settings, self.dir / "chroma")
        if create:  # embedding_function=None: vectors always come from knowledge.embeddings
            return client.create_collection(self.collection_name, embedding_function=None,
                                            configuration={"hnsw": {"space": "cosine"}})
        return client.get_collection(self.collection_name, embedding_function=None)


def new_generation(settings: RetrievalSettings) -> Generation:
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dt%H%M%S")
    return Generation(settings, f"g{stamp}-{secrets.token_hex(3)}")


def write_generation(gen: Generation, chunks: list[Chunk], vectors: np.ndarray, batch: int = 256) -> None:
    """Write everything for ``gen``; nothing points at it yet, so a crash here harms no reader."""
    gen.dir.mkdir(parents=True, exist_ok=False)
    with open(gen.dir / "chunks.jsonl", "w", encoding="utf-8") as fh:
        for c in chunks:
            fh.write(c.model_dump_json() + "\n")
    np.save(gen.dir / "vectors.npy", vectors.astype(np.float32))
    BM25Index.build([c.id for c in chunks], [c.embedding_text() for c in chunks],
                    [c.language for c in chunks]).save(gen.dir / "bm25")
    col = gen.collection(create=True)
    for i in range(0, len(chunks), batch):
        part = chunks[i:i + batch]
        col.add(ids=[c.id for c in part], embeddings=vectors[i:i + batch],
                metadatas=[c.metadata() for c in part], documents=[c.text for c in part])


def validate_generation(gen: Generation, chunks: list[Chunk], vectors: np.ndarray) -> None:
    """Count, and a few self-retrievals through both indexes, before anything serves from ``gen``."""
    col = gen.collection()
    if col.count() != len(chunks):
        raise SizingError(f"index validation failed: {col.count()} vectors for {len(chunks)} chunks")
    bm25 = gen.load_bm25()
    for i in sorted({0, len(chunks) // 2, len(chunks) - 1}):
        res = col.query(query_embeddings=[vectors[i]], n_results=3, include=["distances"])
        if chunks[i].id not in res["ids"][0]:
            raise SizingError(f"index validation failed: chunk {chunks[i].id} not found by its own vector")
        top = np.argsort(-bm25.scores(chunks[i].embedding_text()))[:5]
        if chunks[i].id not in {bm25.ids[j] for j in top}:
            raise SizingError(f"index validation failed: chunk {chunks[i].id} not found by its own text (BM25)")


def switch_to(gen: Generation, embedding: str, n_chunks: int) -> IndexPointer:
    settings = gen.settings
    pointer = IndexPointer(generation=gen.name, backend=backend_of(settings), collection=gen.collection_name,
                           embedding=embedding, chunks=n_chunks, created=datetime.now(timezone.utc).isoformat(),
                           lexical=lexical_signature())
    (gen.dir / "COMPLETE").write_text(pointer.created)
    _write_pointer(settings, pointer)
    return pointer


def cleanup(settings: RetrievalSettings, previous: IndexPointer | None) -> None:
    """Drop generations other than the current one and the previous (a reader may still hold it)."""
    keep = {p.generation for p in (read_pointer(settings), previous) if p}
    gens = generations_dir(settings)
    complete = sorted((d for d in gens.iterdir() if (d / "COMPLETE").exists()), key=lambda d: d.name) \
        if gens.exists() else []
    keep |= {d.name for d in complete[-settings.keep_generations:]}
    for d in gens.iterdir() if gens.exists() else []:
        if d.name not in keep:
            shutil.rmtree(d, ignore_errors=True)
    if settings.chroma_url:
        try:
            client = chroma_client(settings)
            for col in client.list_collections():
                name = col if isinstance(col, str) else col.name
                gen = name.removeprefix(f"{settings.collection}-")
                if name.startswith(f"{settings.collection}-g") and gen not in keep:
                    client.delete_collection(name)
        except Exception:  # leftover collections on a server cost space, not correctness
            pass


def discard(gen: Generation) -> None:
    """Remove a generation that failed to build or validate."""
    shutil.rmtree(gen.dir, ignore_errors=True)
    if gen.settings.chroma_url:
        try:
            chroma_client(gen.settings).delete_collection(gen.collection_name)
        except Exception:
            pass

