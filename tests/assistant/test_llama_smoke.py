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
