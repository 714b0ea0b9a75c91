"""`gpu-sizer explain-eval` grades the systems asked for whenever a model is ready (it compared the
typed status with a string and graded only the quotes, whatever the model)."""
import json
import os
import subprocess
import sys
from pathlib import Path

EXE = Path(sys.executable).parent / "gpu-sizer"


def _run(mode: str) -> dict:
    env = {**os.environ, "GPU_SIZER_LLM__MODE": mode, "GPU_SIZER_LLM__FAKE_DELAY_S": "0"}
    out = subprocess.run([str(EXE), "explain-eval", "--systems", "full,quotes", "--limit", "1", "--json"],
                         env=env, capture_output=True, text=True, timeout=300, check=True).stdout
    return json.loads(out)


def test_with_a_ready_model_the_full_assistant_is_graded():
    assert set(_run("fake")["systems"]) == {"full", "quotes"}


def test_without_a_model_only_the_quotes_are():
    assert set(_run("none")["systems"]) == {"quotes"}
