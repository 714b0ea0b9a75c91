"""The estimate against what llama.cpp really allocates for the default GGUF (CPU, real load)."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

from assistant.settings import get_settings
from tools.memory import MemoryRequest, estimate_memory

MODEL = get_settings().llm.model_path

PROBE = r"""
import sys
from llama_cpp import Llama
Llama(model_path=sys.argv[1], n_ctx=int(sys.argv[2]), n_threads=2, verbose=True)
"""


def llama_report(n_ctx: int) -> dict[str, float]:
    """Load the model in a child process (fresh RSS) and parse llama.cpp's buffer sizes (MiB)."""
    log = subprocess.run([sys.executable, "-c", PROBE, str(MODEL), str(n_ctx)], capture_output=True,
                         text=True, timeout=300).stderr
    sizes = {}
    for key, pat in {"model": r"CPU_Mapped model buffer size =\s+([\d.]+) MiB",
                     "repack": r"CPU_REPACK model buffer size =\s+([\d.]+) MiB",
                     "kv": r"KV buffer size =\s+([\d.]+) MiB",
                     "compute": r"CPU compute buffer size =\s+([\d.]+) MiB",
                     "output": r"output buffer size =\s+([\d.]+) MiB"}.items():
        m = re.search(pat, log)
        sizes[key] = float(m.group(1)) if m else 0.0
    assert sizes["kv"] and sizes["compute"], log[-2000:]
    return sizes


@pytest.mark.parametrize("n_ctx", [2048, 16384])
def test_estimate_matches_llama_cpp(n_ctx):
    assert MODEL.is_file(), "run `make setup` to assemble the default model"
    got = llama_report(n_ctx)
    est = estimate_memory(MemoryRequest(model_file=str(MODEL), context=n_ctx, runtime="cpu", reserve_fraction=0))
    mib = 2**20
    assert est.kv_cache_bytes == int(got["kv"] * mib)  # KV exactly
    measured_total = sum(got.values()) * mib
    assert est.total_bytes == pytest.approx(measured_total, rel=0.10)
    assert est.activations_bytes == pytest.approx(got["compute"] * mib, rel=0.10)
