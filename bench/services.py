"""Real services on loopback for the replicas tier and its benchmark: Debian's PostgreSQL, HAProxy,
llama-cpp-python's OpenAI-compatible server, a Chroma server and `gpu-sizer serve` replicas.

Each is a small context-managed process with a stop/start (the tier kills and restarts them).
Nothing here installs software: `make test-replicas` does that (as root) before running.
"""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

PG_BIN = Path("/usr/lib/postgresql/15/bin")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _pg_bin() -> Path:
    for d in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (d / "initdb").exists():
            return d
    raise RuntimeError("PostgreSQL is not installed; as root: apt-get install -y postgresql")


def wait_http(url: str, timeout_s: float = 120, proc: subprocess.Popen | None = None, ok=(200,)) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"process for {url} exited with {proc.returncode}")
        try:
            if httpx.get(url, timeout=2).status_code in ok:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    raise RuntimeError(f"{url} did not answer within {timeout_s:g} s")


class Postgres:
    """A throw-away cluster on loopback. Run as root, it runs as the `postgres` user (PostgreSQL
    refuses root)."""

    def __init__(self, root: Path | None = None, port: int | None = None):
        # its own directory under /tmp: the postgres user cannot enter root's private test folders
        self.root = Path(root) if root else Path(tempfile.mkdtemp(prefix="gpu-sizer-pg-"))
        self.port = port or free_port()
        self.data = self.root / "pgdata"
        self.bin = _pg_bin()
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            self.as_user = ["runuser", "-u", "postgres", "--"]

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *cmd: str) -> None:
        done = subprocess.run([*self.as_user, *cmd], capture_output=True, text=True)
        if done.returncode:
            raise RuntimeError(f"{Path(cmd[0]).name} failed: {(done.stderr or done.stdout).strip()[-500:]}")

    def init(self) -> "Postgres":
        self.root.mkdir(parents=True, exist_ok=True)
        if self.as_user:
            shutil.chown(self.root, "postgres", "postgres")
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync")
        return self

    def start(self) -> "Postgres":
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.root / "pg.log"), "-w", "-o",
                  f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off", "start")
        return self

    def stop(self, mode: str = "fast") -> None:
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")

    def __enter__(self) -> "Postgres":
        return self.init().start()

    def __exit__(self, *exc) -> None:
        try:
            self.stop("immediate")
        except RuntimeError:
            pass
        shutil.rmtree(self.root, ignore_errors=True)


class Proc:
    """A child process with its log in a file; `kill()` is SIGKILL (a crash), `stop()` a clean end."""

    def __init__(self, name: str, cmd: list[str], log_dir: Path, env: dict | None = None, health: str | None = None,
                 ready_timeout_s: float = 180):
        self.name, self.cmd, self.env, self.health = name, cmd, env, health
        self.log_path = Path(log_dir) / f"{name}.log"
        self.ready_timeout_s = ready_timeout_s
        self.proc: subprocess.Popen | None = None

    def start(self) -> "Proc":
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(self.cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                                     env={**os.environ, **(self.env or {})})
        if self.health:
            try:
                wait_http(self.health, self.ready_timeout_s, self.proc)
            except RuntimeError as exc:
                raise RuntimeError(f"{self.name}: {exc}; log tail:\n{self.tail()}") from None
        return self

    def tail(self, n: int = 30) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return ""

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()

    def __enter__(self) -> "Proc":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def haproxy_config(port: int, backends: list[int]) -> str:
    """Round-robin over the replicas for the API and widget; the Gradio app keeps a browser on one
    replica (its queue and session live in that process). Health checks take a dead replica out."""
    servers = "\n".join(f"    server r{i} 127.0.0.1:{p} check inter 500 fall 2 rise 2" for i, p in enumerate(backends))
    return f"""global
    maxconn 2000
defaults
    mode http
    timeout connect 2s
    timeout client 120s
    timeout server 120s
    retries 2
    option redispatch
    retry-on conn-failure empty-response response-timeout
frontend sizer
    bind 127.0.0.1:{port}
    acl gradio path_beg /gradio_api
    use_backend sticky if gradio
    default_backend replicas
backend replicas
    balance roundrobin
    option httpchk GET /healthz
{servers}
backend sticky
    balance source
    option httpchk GET /healthz
{servers}
"""


def haproxy(port: int, backends: list[int], work: Path) -> Proc:
    exe = shutil.which("haproxy") or "/usr/sbin/haproxy"
    if not Path(exe).exists():
        raise RuntimeError("HAProxy is not installed; as root: apt-get install -y haproxy")
    cfg = Path(work) / "haproxy.cfg"
    cfg.write_text(haproxy_config(port, backends))
    return Proc("haproxy", [exe, "-f", str(cfg), "-db"], work, health=f"http://127.0.0.1:{port}/healthz")


def llama_server(model: Path, port: int, work: Path, threads: int = 2, parallel: int = 1, n_ctx: int = 4096) -> Proc:
    """llama-cpp-python's OpenAI-compatible server: where vLLM would stand for a vendor with GPUs."""
    cmd = [sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--host", "127.0.0.1", "--port",
           str(port), "--n_ctx", str(n_ctx * parallel), "--n_threads", str(threads), "--model_alias", "default"]
    return Proc("llama-server", cmd, work, health=f"http://127.0.0.1:{port}/v1/models", ready_timeout_s=300)


def chroma_server(path: Path, port: int, work: Path) -> Proc:
    exe = Path(sys.executable).parent / "chroma"
    return Proc("chroma", [str(exe), "run", "--path", str(path), "--host", "127.0.0.1", "--port", str(port)], work,
                health=f"http://127.0.0.1:{port}/api/v2/heartbeat")


def replica(name: str, port: int, work: Path, env: dict) -> Proc:
    exe = Path(sys.executable).parent / "gpu-sizer"
    return Proc(name, [str(exe), "serve", "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
                work, env=env, health=f"http://127.0.0.1:{port}/healthz")
