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
        return self.launch().ready()

    def launch(self) -> "Proc":
        """Start without waiting (several services come up side by side); `ready()` waits."""
        with open(self.log_path, "ab") as log:
            self.proc = subprocess.Popen(self.cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                                         env={**os.environ, **(self.env or {})})
        return self

    def ready(self) -> "Proc":
        if self.health:
            try:
                wait_http(self.health, self.ready_timeout_s, self.proc)
            except RuntimeError as exc:
                raise RuntimeError(f"{self.name}: {exc}; log tail:\n{self.tail()}") from None
        return self

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

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


DEPLOY_HAPROXY = Path(__file__).resolve().parent.parent / "deploy" / "haproxy.cfg"


def haproxy_config(port: int, backends: list[int], template: Path = DEPLOY_HAPROXY) -> str:
    """deploy/haproxy.cfg (the documented config) with its frontend port and one `server` line per
    replica port in each backend: what is tested is what the README tells a vendor to run."""
    out: list[str] = []
    for line in template.read_text(encoding="utf-8").splitlines():
        words = line.split()
        if words[:1] == ["bind"]:
            out.append(f"    bind 127.0.0.1:{port}")
        elif words[:1] == ["server"]:
            if words[1] == "r0":  # the template's first server line stands for all of them
                opts = " ".join(words[3:])
                out.extend(f"    server r{i} 127.0.0.1:{p} {opts}" for i, p in enumerate(backends))
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def haproxy(port: int, backends: list[int], work: Path) -> Proc:
    exe = shutil.which("haproxy") or "/usr/sbin/haproxy"
    if not Path(exe).exists():
        raise RuntimeError("HAProxy is not installed; as root: apt-get install -y haproxy")
    cfg = Path(work) / "haproxy.cfg"
    cfg.write_text(haproxy_config(port, backends))
    return Proc("haproxy", [exe, "-f", str(cfg), "-db"], work, health=f"http://127.0.0.1:{port}/healthz")


def llama_server(model: Path, port: int, work: Path, threads: int = 2, n_ctx: int = 4096) -> Proc:
    """llama-cpp-python's OpenAI-compatible server: where vLLM would stand for a vendor with GPUs.
    It has one sequence (no parallel slots): requests from every replica are answered one at a time."""
    # --interrupt_requests False: by default the server cuts off the answer it is streaming as soon as
    # another request arrives, so one replica's customer would lose the explanation to another's
    cmd = [sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--host", "127.0.0.1", "--port",
           str(port), "--n_ctx", str(n_ctx), "--n_threads", str(threads), "--n_threads_batch",
           str(threads), "--model_alias", "default", "--interrupt_requests", "False"]
    return Proc("llama-server", cmd, work, health=f"http://127.0.0.1:{port}/v1/models", ready_timeout_s=300)


def chroma_server(path: Path, port: int, work: Path) -> Proc:
    exe = Path(sys.executable).parent / "chroma"
    return Proc("chroma", [str(exe), "run", "--path", str(path), "--host", "127.0.0.1", "--port", str(port)], work,
                health=f"http://127.0.0.1:{port}/api/v2/heartbeat")


def replica(name: str, port: int, work: Path, env: dict) -> Proc:
    exe = Path(sys.executable).parent / "gpu-sizer"
    return Proc(name, [str(exe), "serve", "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
                work, env=env, health=f"http://127.0.0.1:{port}/healthz")


def seed_data_dir(dest: Path, src: Path | None = None) -> Path:
    """A data dir holding a copy of the serving index generation (chunks, vectors, BM25, no embedded
    Chroma): an ingest into a Chroma server then reuses every vector instead of embedding again."""
    from tools.paths import DATA_DIR

    src = Path(src or DATA_DIR)
    dest.mkdir(parents=True, exist_ok=True)
    pointer = src / "current.json"
    if pointer.exists():
        import json

        gen = json.loads(pointer.read_text(encoding="utf-8"))["generation"]
        shutil.copytree(src / "generations" / gen, dest / "generations" / gen, ignore=shutil.ignore_patterns("chroma"))
        shutil.copy(pointer, dest / "current.json")
    return dest


class Stack:
    """The whole replicated deployment on loopback: PostgreSQL (conversations and leads), one shared
    model server, a Chroma server, `replicas` × `gpu-sizer serve` and HAProxy round-robin in front.

    `llm="openai"` puts every replica on the one model server; `llm="none"` starts no model server.
    `url` is the load balancer; `replicas[i].url` a replica directly."""

    def __init__(self, work: Path, replicas: int = 2, llm: str = "openai", llm_threads: int = 2,
                 max_tokens: int | None = None, env: dict | None = None, model: Path | None = None):
        from tools.paths import MODELS_DIR

        self.work = Path(work)
        self.work.mkdir(parents=True, exist_ok=True)
        self.n_replicas, self.llm, self.llm_threads, self.max_tokens = replicas, llm, llm_threads, max_tokens
        self.model = Path(model or MODELS_DIR / "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf")
        self.extra_env = env or {}
        self.pg: Postgres | None = None
        self.model_server: Proc | None = None
        self.chroma: Proc | None = None
        self.replicas: list[Proc] = []
        self.lb: Proc | None = None
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.timings: dict[str, float] = {}

    def replica_env(self) -> dict[str, str]:
        assert self.pg is not None and self.chroma is not None
        env = {"GPU_SIZER_CONVERSATIONS__DATABASE_URL": self.pg.url, "GPU_SIZER_LEADS__DATABASE_URL": self.pg.url,
               "GPU_SIZER_RETRIEVAL__CHROMA_URL": f"http://127.0.0.1:{self.chroma_port}",
               "GPU_SIZER_RETRIEVAL__DATA_DIR": str(self.data_dir), "GPU_SIZER_RETRIEVAL__EMBED_THREADS": "1",
               "GPU_SIZER_LIMITS__TRUSTED_PROXIES": '["127.0.0.1"]', "GPU_SIZER_LLM__MODE": self.llm,
               "GPU_SIZER_CONVERSATIONS__CONNECT_TIMEOUT_S": "2", "OMP_NUM_THREADS": "1"}
        if self.llm == "openai":
            env["GPU_SIZER_LLM__BASE_URL"] = f"http://127.0.0.1:{self.model_port}/v1"
        if self.max_tokens:
            env["GPU_SIZER_LLM__MAX_TOKENS"] = str(self.max_tokens)
        return {**env, **self.extra_env}

    def start(self, timeout_s: float = 300) -> "Stack":
        t0 = time.monotonic()
        try:
            self._start(timeout_s)
        except BaseException:
            self.stop()
            raise
        self.timings["start_s"] = round(time.monotonic() - t0, 1)
        return self

    def _start(self, timeout_s: float) -> None:
        t0 = time.monotonic()
        if self.llm == "openai":  # the slowest to load: first, and waited for last
            self.model_port = free_port()
            self.model_server = llama_server(self.model, self.model_port, self.work, threads=self.llm_threads)
            self.model_server.ready_timeout_s = timeout_s
            self.model_server.launch()
        self.pg = Postgres().init().start()  # under /tmp: the postgres user must reach it
        self.chroma_port = free_port()
        self.chroma = chroma_server(self.work / "chroma-data", self.chroma_port, self.work)
        self.chroma.ready_timeout_s = timeout_s
        self.chroma.start()
        self.timings["postgres_chroma_s"] = round(time.monotonic() - t0, 1)
        self.data_dir = seed_data_dir(self.work / "data")
        env = {**os.environ, **self.replica_env()}
        done = subprocess.run([str(Path(sys.executable).parent / "gpu-sizer"), "ingest"], env=env,
                              capture_output=True, text=True, timeout=timeout_s)
        if done.returncode:
            raise RuntimeError(f"ingest into the Chroma server failed: {(done.stderr or done.stdout)[-800:]}")
        self.timings["ingest_s"] = round(time.monotonic() - t0, 1)
        ports = [free_port() for _ in range(self.n_replicas)]
        self.replicas = [replica(f"r{i}", p, self.work, self.replica_env()) for i, p in enumerate(ports)]
        for r, p in zip(self.replicas, ports):
            r.port, r.url = p, f"http://127.0.0.1:{p}"  # type: ignore[attr-defined]
            r.ready_timeout_s = timeout_s
            r.launch()
        for r in self.replicas:
            r.ready()
            wait_ready(r.url, timeout_s, r.proc)  # type: ignore[attr-defined]
        self.timings["replicas_s"] = round(time.monotonic() - t0, 1)
        self.lb = haproxy(self.port, ports, self.work)
        self.lb.start()
        wait_backends(self.url, len(ports), timeout_s=30)
        if self.model_server is not None:
            self.model_server.ready()
        self.timings["model_server_s"] = round(time.monotonic() - t0, 1)

    def stop(self) -> None:
        for p in [self.lb, *self.replicas, self.chroma, self.model_server]:
            if p is not None:
                p.stop()
        if self.pg is not None:
            try:
                self.pg.stop("immediate")
            except RuntimeError:
                pass
            shutil.rmtree(self.pg.root, ignore_errors=True)

    def __enter__(self) -> "Stack":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def wait_ready(url: str, timeout_s: float = 300, proc: subprocess.Popen | None = None) -> dict:
    """A replica's /healthz once its index is warm and its model reachable."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"{url} exited with {proc.returncode}")
        try:
            health = httpx.get(f"{url}/healthz", timeout=2).json()
            if health.get("index") != "warming up" and health.get("model") != "loading":
                return health
        except (httpx.HTTPError, ValueError):
            pass
        time.sleep(0.3)
    raise RuntimeError(f"{url} not ready within {timeout_s:g} s")


def wait_backends(lb_url: str, n: int, timeout_s: float = 30) -> set[str]:
    """Until the load balancer has answered from `n` different replicas (its health checks passed)."""
    seen: set[str] = set()
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            seen.add(httpx.get(f"{lb_url}/healthz", timeout=2).headers.get("x-replica", ""))
        except httpx.HTTPError:
            pass
        if len(seen - {""}) >= n:
            return seen
        time.sleep(0.2)
    raise RuntimeError(f"{lb_url} answered from {sorted(seen)} only, not {n} replicas, within {timeout_s:g} s")


# ---- bench-load through the load balancer (gpu-sizer bench-load --replicas N / --compare) ----

def run_load(replicas: int, clients: int = 50, seconds: float = 30, chat_share: float = 0.3, think_s: float = 1.0,
             request_timeout: float = 120, seed: int = 0, llm_threads: int = 2, work: Path | None = None) -> dict:
    """bench.load's customers against `replicas` × `gpu-sizer serve` behind HAProxy, every replica on
    one shared llama_cpp.server; the same report as one process directly (bench.load.run)."""
    import asyncio

    from bench.load import drive, summarize

    work = Path(work or tempfile.mkdtemp(prefix="gpu-sizer-load-"))
    with Stack(work, replicas=replicas, llm="openai", llm_threads=llm_threads) as stack:
        health = httpx.get(f"{stack.url}/healthz", timeout=5).json()
        load_before = tuple(round(x, 2) for x in os.getloadavg())
        res, elapsed = asyncio.run(drive(stack.url, clients, seconds, chat_share, think_s, request_timeout, seed))
        load_after = tuple(round(x, 2) for x in os.getloadavg())
        health["model"] = f"shared llama_cpp.server ({stack.model.name}, {llm_threads} threads)"
    config = {"clients": clients, "seconds": seconds, "chat_share": chat_share, "think_s": think_s,
              "request_timeout_s": request_timeout, "seed": seed, "seed_note": "same customers as one process",
              "llm": f"{replicas} replica(s) behind HAProxy, one shared model server", "replicas": replicas,
              "startup": stack.timings}
    shutil.rmtree(work, ignore_errors=True)
    return summarize(res, elapsed, config, health, load_before, load_after)


def compare(clients: int = 50, seconds: float = 30, **kw) -> dict:
    """The same customers against one process (embedded model), one replica and two replicas behind
    HAProxy on one shared model server (one answer at a time), and one process generating two answers
    at once (llm.parallel=2): explained answers per minute and the usual targets.

    The 2-slot run comes last so that the first three keep their place in older reports' order
    (bench/markdown.py reads the setups by position); both one-process runs pin llm.parallel."""
    from bench.load import run

    setups = {"one process (embedded model, 1 slot)": lambda: run(clients=clients, seconds=seconds, parallel=1, **kw),
              "1 replica + shared model server, via HAProxy": lambda: run_load(1, clients, seconds, **kw),
              "2 replicas + shared model server, via HAProxy": lambda: run_load(2, clients, seconds, **kw),
              "one process (embedded model, 2 slots)": lambda: run(clients=clients, seconds=seconds, parallel=2,
                                                                   **kw)}
    reports = {name: make() for name, make in setups.items()}
    return {"scenario": "compare", "reports": reports, "passed": all(r["passed"] for r in reports.values())}


def render_compare(report: dict) -> str:
    from bench.load import slots_gain

    lines = [f"{'setup':46} {'requests':>8} {'explained':>9} {'/min':>6} {'calc p95':>9} {'numbers p95':>11} "
             f"{'5xx':>4} {'hangs':>5}"]
    for name, r in report["reports"].items():
        lat = r["latency"]
        five_xx = sum(n for k, n in r["statuses"].items() if k.split()[-1].startswith("5") and not k.endswith(" 503"))
        hangs = sum(n for k, n in r["errors"].items() if k.endswith("timeout"))
        lines.append(f"{name:46} {r['requests']:>8} {r['explained_answers']:>9} {r['explained_per_min']:>6} "
                     f"{lat.get('calculator', {}).get('p95_ms', '-')!s:>9} "
                     f"{lat.get('chat: numbers (computed event)', {}).get('p95_ms', '-')!s:>11} {five_xx:>4} {hangs:>5}")
    for name, r in report["reports"].items():
        failed = [t for t, ok in r["targets"].items() if not ok]
        lines.append(f"  {name}: " + ("all targets met" if not failed else "FAILED " + "; ".join(failed)))
    gain = slots_gain(report["reports"])
    if gain:
        one, two, factor = gain
        lines.append(f"parallel slots: 2 answers at once in one process gave {two['explained_per_min']} explained "
                     f"answers/min against {one['explained_per_min']} with 1"
                     + (f" (x{factor})" if factor is not None else " (no ratio: 1 slot explained none)"))
    return "\n".join(lines)
