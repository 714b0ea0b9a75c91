"""Helpers of the web-layer tests: private settings over the shared index, SSE parsing, real servers."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from assistant.settings import Settings
from support.servers import ThreadedServer, free_port, parse_sse  # noqa: F401  (re-exported for the web tests)

GPU_SIZER = Path(sys.executable).parent / "gpu-sizer"


def private_settings(kb_settings: Settings, tmp_path: Path) -> Settings:
    """The shared index, but leads and FAQ cache in this test's own folder."""
    s = kb_settings.model_copy(deep=True)
    s.leads.database_url = f"sqlite:///{tmp_path / 'leads.sqlite3'}"
    s.faq.cache_path = tmp_path / "faq.json"
    return s


def wait_healthy(url: str, proc: subprocess.Popen | None = None, timeout: float = 120) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        try:
            r = httpx.get(f"{url}/healthz", timeout=2)
            if r.status_code == 200 and r.json()["index"] == "ready":
                return r.json()
        except httpx.HTTPError:
            pass
        if proc is not None and proc.poll() is not None:
            raise AssertionError(f"server exited with {proc.returncode}: {proc.stderr.read()[-2000:]}")
        assert time.monotonic() < deadline, "server did not become healthy"
        time.sleep(0.3)


class ServeProcess:
    """`gpu-sizer serve` as a real process, model off, over a copy of the session index."""

    def __init__(self, data_dir: Path):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ, "GPU_SIZER_LLM__MODE": "none", "GPU_SIZER_RETRIEVAL__DATA_DIR": str(data_dir),
                    "GPU_SIZER_RETRIEVAL__EMBED_THREADS": "1"}
        self.proc: subprocess.Popen | None = None

    def start(self) -> dict:
        self.proc = subprocess.Popen([str(GPU_SIZER), "serve", "--port", str(self.port), "--log-level", "warning"],
                                     env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        return wait_healthy(self.url, self.proc)

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def cli(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([str(GPU_SIZER), *args], env=self.env, capture_output=True, text=True, timeout=120)


def copy_index(kb_settings: Settings, dst: Path) -> Path:
    shutil.copytree(kb_settings.retrieval.data_dir, dst, ignore=shutil.ignore_patterns(".ingest.lock", "leads.sqlite3*",
                                                                                          "faq.json"))
    return dst
