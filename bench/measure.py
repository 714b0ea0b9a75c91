"""What llama.cpp really allocates for a GGUF: its own buffer report and the process RSS,
measured in a fresh child process so nothing else is counted."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

MIB = 2**20
_PROBE = r"""
import resource, sys
from llama_cpp import Llama
llm = Llama(model_path=sys.argv[1], n_ctx=int(sys.argv[2]), n_threads=2, verbose=True)
prompt = " ".join(["word"] * int(sys.argv[3]))
if int(sys.argv[3]):
    llm(prompt, max_tokens=1)
print("RSS_MAX", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024, file=sys.stderr)
"""
_BUFFERS = {"model": r"CPU_Mapped model buffer size =\s+([\d.]+) MiB",
            "repack": r"CPU_REPACK model buffer size =\s+([\d.]+) MiB",
            "kv": r"KV buffer size =\s+([\d.]+) MiB",
            "compute": r"CPU compute buffer size =\s+([\d.]+) MiB",
            "output": r"output buffer size =\s+([\d.]+) MiB"}


def llama_report(model: Path, n_ctx: int, fill_tokens: int = 0) -> dict[str, int]:
    """Bytes per llama.cpp buffer plus 'rss' (peak, after optionally prefilling `fill_tokens`)."""
    proc = subprocess.run([sys.executable, "-c", _PROBE, str(model), str(n_ctx), str(fill_tokens)],
                          capture_output=True, text=True, timeout=900)
    log = proc.stderr
    out = {}
    for key, pat in _BUFFERS.items():
        m = re.search(pat, log)
        out[key] = int(float(m.group(1)) * MIB) if m else 0
    m = re.search(r"RSS_MAX (\d+)", log)
    if not (m and out["kv"] and out["compute"]):
        raise RuntimeError(f"llama.cpp probe failed: {log[-1500:]}")
    out["rss"] = int(m.group(1))
    return out
