"""A two-token generation in a child process: proves the installed llama.cpp runs on this CPU.

llama-cpp-python is compiled here for the CPU it finds (-march=native). A machine that advertises an
instruction set its kernel does not enable (seen: AMX in a Firecracker VM, whose tile state is never
switched on) gives a library that dies with SIGSEGV at its first matrix product, killing the server
with no message. Run in a child, the crash becomes one line and an exit code `make` can act on.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

CHECK_FAILED = 3  # setup-model's exit code when the library cannot generate on this machine


def run_child(model: Path) -> None:
    from llama_cpp import Llama

    llm = Llama(model_path=str(model), n_ctx=256, n_threads=1, verbose=False)
    llm.create_completion("1 2 3", max_tokens=2, temperature=0)


def check(model: Path, timeout: float = 300) -> str | None:
    """None when llama.cpp generated two tokens with `model`; otherwise why not, in one line."""
    try:
        done = subprocess.run([sys.executable, "-m", "assistant.llm.smoke", str(model)],
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return f"llama.cpp did not generate 2 tokens within {timeout:.0f} s"
    if done.returncode == 0:
        return None
    how = f"killed by signal {-done.returncode}" if done.returncode < 0 else f"exit code {done.returncode}"
    last = (done.stderr.strip().splitlines() or [""])[-1]
    return f"llama.cpp could not generate on this CPU ({how}){': ' + last if last else ''}"


if __name__ == "__main__":
    run_child(Path(sys.argv[1]))
