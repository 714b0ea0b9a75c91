"""setup-model --check: a llama.cpp that cannot generate on this CPU is one line and exit 3, not a
server that dies at its first answer (seen: a build with AMX kernels in a VM without AMX state)."""
import subprocess

import pytest

from assistant.llm import smoke
from assistant.settings import LLMSettings


def test_a_crash_in_the_child_is_one_line(monkeypatch, tmp_path):
    monkeypatch.setattr(subprocess, "run", lambda *a, **k: subprocess.CompletedProcess(a, -11, "", "x\n"))
    assert smoke.check(tmp_path / "m.gguf") == "llama.cpp could not generate on this CPU (killed by signal 11): x"


def test_a_missing_model_fails_the_check(tmp_path):
    problem = smoke.check(tmp_path / "missing.gguf", timeout=120)
    assert problem and problem.startswith("llama.cpp could not generate on this CPU (exit code 1)")


@pytest.mark.model
def test_the_real_model_generates():
    assert smoke.check(LLMSettings().model_path, timeout=300) is None



@pytest.mark.model
def test_warming_fills_the_prefix_store_a_server_then_loads(monkeypatch):
    """setup-model --warm (run by `make run` and `make test`): every static start is on disk, so a server's model is
    ready in seconds (a fresh clone's server had spent about 145 s evaluating them). An empty setting warms nothing."""
    import argparse

    from assistant.llm.prefix import PrefixStore
    from assistant.prompt import CASES, static_messages, turn_lead
    from assistant.settings import get_settings
    from ui.cli.admin import cmd_setup_model

    args = argparse.Namespace(quiet=True, check=False, warm=True)
    get_settings.cache_clear()
    try:
        assert cmd_setup_model(args) == 0
        s = get_settings().llm
        store = PrefixStore(s.prefix_cache_dir, s.model_path, s.n_ctx)
        for lang in ("ru", "en"):
            for case in CASES:
                assert store.load(static_messages(s.structured, lang, case), turn_lead(lang)) is not None, (lang, case)
        monkeypatch.setenv("GPU_SIZER_LLM__PREFIX_CACHE_DIR", "")
        get_settings.cache_clear()
        assert cmd_setup_model(args) == 0
    finally:
        get_settings.cache_clear()
