"""The replicas tier: the deployment of README "Running several replicas", really started on loopback.

PostgreSQL (conversations and leads), one shared llama-cpp-python OpenAI-compatible model server, a
Chroma server, two `gpu-sizer serve` replicas and HAProxy round-robin (deploy/haproxy.cfg) — see
bench.services.Stack. Run with `make test-replicas` (installs Debian's postgresql and haproxy as
root when missing), or `.venv/bin/python -m pytest -m replicas tests/replicas`.

The tier runs only when selected by marker (`-m replicas`): a plain `pytest` or `make test` leaves it
out, it starts several servers and takes minutes.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

TIER_DIR = Path(__file__).resolve().parent
SELECTED = re.compile(r"(?<!not )\breplicas\b")


def pytest_collection_modifyitems(config, items):
    explicit = bool(SELECTED.search(config.getoption("markexpr") or ""))
    kept, dropped = [], []
    for item in items:
        if TIER_DIR in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.replicas)
            (kept if explicit else dropped).append(item)
        else:
            kept.append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


@pytest.fixture(scope="session")
def stack(tmp_path_factory):
    from bench.services import Stack
    from tools.paths import MODELS_DIR

    missing = [what for what, ok in (
        ("postgresql", list(Path("/usr/lib/postgresql").glob("*/bin/initdb"))),
        ("haproxy", shutil.which("haproxy") or Path("/usr/sbin/haproxy").exists()),
        ("the model (make model)", (MODELS_DIR / "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf").exists()),
    ) if not ok]
    if missing:  # selected on purpose: a missing part is a failure, not a skip
        pytest.fail(f"replicas tier needs {', '.join(missing)}; `make test-replicas` installs them (as root)")
    # short answers: the model is here to prove one shared server serves both replicas, not to write essays
    with Stack(tmp_path_factory.mktemp("replicas"), replicas=2, llm="openai", max_tokens=48,
               env={"GPU_SIZER_LIMITS__QUEUE_WAIT_S": "90", "GPU_SIZER_ASSISTANT__ANSWER_TIMEOUT_S": "90"}) as s:
        print(f"\nreplicas stack up: {s.timings}")
        yield s
