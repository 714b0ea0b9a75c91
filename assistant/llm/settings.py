"""Model settings: the model backends' part of the one settings object."""
from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, field_validator

from tools.paths import MODELS_DIR


class LLMSettings(BaseModel):
    mode: Literal["local", "openai", "none", "fake"] = Field(
        "local", description="local GGUF, OpenAI-compatible URL, no model, or a fixed-text fake (benchmarks).")
    model_path: Path = Field(MODELS_DIR / "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf", description="GGUF file.")
    n_ctx: int = Field(4096, ge=512, description="Context window of the local model.")
    n_threads: int | None = Field(None, description="CPU threads per context; None = the cores shared among them.")
    parallel: int = Field(1, ge=1, le=64, description=(
        "Answers generated at once. local: that many llama.cpp contexts sharing the memory-mapped weights "
        "(each adds its KV cache); fake: that many streams; openai: the endpoint's slots (llama-server "
        "--parallel). With 2 or more, one client's answer never holds up another's (one answer per client)."))
    prefix_cache_dir: Path | None = Field(MODELS_DIR / "prefix-cache", description=(
        "Where the static system prompt's evaluated KV states are kept between starts (about 20 MB per "
        "answer language and kind of answer), so a restart is ready in seconds, not minutes; None = "
        "evaluate them at every start."))
    n_gpu_layers: int | None = Field(None, description="Layers on GPU; None = as many as fit (computed).")
    base_url: str | None = Field(None, description="OpenAI-compatible chat endpoint (mode=openai).")
    api_key: str = Field("not-needed", description="API key for the endpoint.")
    model_name: str = Field("default", description="Model name sent to the endpoint.")
    max_tokens: int = Field(320, ge=16, le=4096, description="Cap on generated tokens per answer.")
    temperature: float = Field(0.0, ge=0, le=2, description="0 = greedy, reproducible.")
    structured: bool = Field(False, description=(
        "The explanation as three fields (verdict, reason, next step) under a grammar / JSON response format, "
        "shown as three sentences (assistant/llm/structured.py); `gpu-sizer explain-eval` measures both."))
    tool_calls: bool = Field(False, description="Also let the model propose a tool call (strong remote models); "
                                                "reconciled with the deterministic extraction, never trusted blindly.")
    fake_delay_s: float = Field(0.05, ge=0, description="mode=fake: pause per streamed word.")

    @field_validator("prefix_cache_dir", mode="before")
    @classmethod
    def _empty_is_off(cls, value):
        return None if isinstance(value, str) and not value.strip() else value  # not Path("") == the cwd
