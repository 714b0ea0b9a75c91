"""mypy runs in the suite: strict on `tools/`, the default checks (with the pydantic plugin) elsewhere."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_passes():
    run = subprocess.run([sys.executable, "-m", "mypy", "tools", "knowledge", "assistant", "ui", "bench"],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
