"""How many layers of a GGUF to put on the GPU, sized with our own calculator."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tools.arch_files import read_gguf
from tools.kv import kv_cache_bytes
from tools.memory import CUDA_CONTEXT_BYTES

MIB = 2**20


def free_vram_bytes() -> int | None:
    """Free memory of the first NVIDIA GPU, or None without one."""
    if not shutil.which("nvidia-smi"):
        return None
    try:
        out = subprocess.run(["nvidia-smi", "--query-gpu=memory.free", "--format=csv,noheader,nounits"],
                             capture_output=True, text=True, timeout=10).stdout
        return int(out.split()[0]) * MIB
    except (OSError, ValueError, IndexError, subprocess.SubprocessError):
        return None


def gpu_layers_that_fit(path: Path, n_ctx: int, free: int | None = None, reserve: float = 0.1) -> int:
    """All layers if the model fits in free VRAM, else as many as fit; 0 without a usable GPU."""
    try:
        from llama_cpp import llama_supports_gpu_offload

        if not llama_supports_gpu_offload():
            return 0
    except ImportError:
        return 0
    free = free_vram_bytes() if free is None else free
    if not free:
        return 0
    return layers_for_budget(path, n_ctx, free, reserve)


def layers_for_budget(path: Path, n_ctx: int, free: int, reserve: float = 0.1) -> int:
    info = read_gguf(path)
    m = info.model
    n_layers = m.arch.n_layers  # SizingError for a GGUF without transformer dimensions
    budget = free * (1 - reserve) - CUDA_CONTEXT_BYTES
    per_layer = info.tensor_bytes / (n_layers + 1) + kv_cache_bytes(m, n_ctx) / n_layers
    if budget >= per_layer * (n_layers + 1):
        return -1  # everything, output layer included
    return max(0, int(budget // per_layer))
