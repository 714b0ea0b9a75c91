"""`gpu-sizer bench-load`: start the real server on a free loopback port and drive it with N
concurrent simulated customers (calculator calls and chat turns) for a bounded time.

Every request goes to 127.0.0.1 only; loops stop at the deadline and each request has a timeout,
so the run is bounded by `seconds + request_timeout`. Each simulated customer sends its own
X-Forwarded-For address and the server trusts the loopback proxy, as behind a real reverse proxy:
rate limits then apply per customer, not to the benchmark as a whole.
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

import httpx

# targets of the hardening issue, checked on every run
CALC_P95_S = 0.100
REJECT_MAX_S = 0.100

QUESTIONS = [
    "Хватит ли одной RTX 4090 для Llama-3-8B в fp16?",
    "Llama-3-70B для 20 сотрудников, контекст 16k: что взять?",
    "Какой блок питания нужен на 4×RTX 4090?",
    "Is one RTX 4090 enough for Llama-3-8B at int4?",
    "Qwen2.5-32B for 8 users, which GPUs?",
    "Сервер за 2 млн ₽ или облако за 300 ₽/час, 400 часов в месяц — что выгоднее?",
]
CALCS: list[tuple[str, str, dict | None, int]] = [  # (method, path, body, weight)
    ("POST", "/api/vram", {"model": "Llama-3-8B", "precision": "int4", "context": 8192, "batch": 4,
                           "gpu": "RTX 4090"}, 5),
    ("POST", "/api/power", {"gpu": "RTX 4090", "count": 4, "cpus": 1}, 3),
    ("POST", "/api/recommend", {"model": "Llama-3-70B", "precision": "fp16", "top": 3}, 3),
    ("POST", "/api/cost", {"server_price": 60000, "cloud_hourly": 10, "hours_per_month": 600}, 2),
    ("GET", "/api/gpus", None, 1),
]


@dataclass
class Results:
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: Counter = field(default_factory=Counter)
    statuses: Counter = field(default_factory=Counter)

    def add(self, kind: str, seconds: float) -> None:
        self.latencies[kind].append(seconds)


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (no interpolation: every figure reported was really measured)."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _server_log() -> Path:
    """A file for the server's output, kept so that a server that never became ready can be read."""
    fd, name = tempfile.mkstemp(prefix="bench-load-server-", suffix=".log")
    os.close(fd)
    return Path(name)


class Server:
    """`gpu-sizer serve` on 127.0.0.1:<free port>, with the real settings plus the benchmark's switches."""

    def __init__(self, no_llm: bool, fake_llm_delay: float | None, log_path: Path, parallel: int | None = None):
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ, "GPU_SIZER_LIMITS__TRUSTED_PROXIES": '["127.0.0.1"]'}
        if no_llm:
            self.env["GPU_SIZER_LLM__MODE"] = "none"
        if fake_llm_delay is not None:
            self.env["GPU_SIZER_LLM__MODE"] = "fake"
            self.env["GPU_SIZER_LLM__FAKE_DELAY_S"] = str(fake_llm_delay)
        if parallel is not None:
            self.env["GPU_SIZER_LLM__PARALLEL"] = str(parallel)
        self.log_path = log_path
        self.proc: subprocess.Popen | None = None

    def start(self, timeout: float = 600) -> dict:  # a first start evaluates the static prompt: minutes
        exe = Path(sys.executable).parent / "gpu-sizer"
        self._log = open(self.log_path, "w", encoding="utf-8")
        self.proc = subprocess.Popen([str(exe), "serve", "--host", "127.0.0.1", "--port", str(self.port),
                                      "--log-level", "warning"], env=self.env, stdout=self._log, stderr=self._log)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}; see {self.log_path}")
            try:
                health = httpx.get(f"{self.url}/healthz", timeout=2).json()
                if health["index"] != "warming up" and health["model"] != "loading":
                    return health
            except (httpx.HTTPError, ValueError, KeyError):
                pass
            time.sleep(0.5)
        raise RuntimeError(f"server not ready within {timeout:.0f} s; see {self.log_path}")

    @property
    def pid(self) -> int:
        """The running server's process id (after start)."""
        if self.proc is None:
            raise RuntimeError("server not started")
        return self.proc.pid

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc:
            self._log.close()


async def _plain(kind: str, client: httpx.AsyncClient, res: Results, headers: dict, method: str, path: str,
                 body: dict | None, ok_label: str) -> None:
    """One non-streaming request, classified: answered, rejected (429/503 must carry Retry-After), or error."""
    t0 = time.perf_counter()
    try:
        r = await client.request(method, path, json=body, headers=headers)
    except httpx.TimeoutException:
        res.errors[f"{kind}: timeout"] += 1
        return
    except httpx.HTTPError as exc:
        res.errors[f"{kind}: {exc.__class__.__name__}"] += 1
        return
    took = time.perf_counter() - t0
    res.statuses[f"{kind} {r.status_code}"] += 1
    if r.status_code == 200:
        res.add(ok_label, took)
        if kind == "ask" and _explained(r.text):
            res.statuses[EXPLAINED] += 1
    elif r.status_code in (429, 503):
        res.add("rejected (429/503)", took)
        if "retry-after" not in r.headers:
            res.errors[f"{kind}: {r.status_code} without Retry-After"] += 1
    else:
        res.errors[f"{kind}: HTTP {r.status_code}"] += 1


async def _calc(client: httpx.AsyncClient, rng: random.Random, res: Results, headers: dict) -> None:
    method, path, body, _ = rng.choices(CALCS, weights=[c[3] for c in CALCS])[0]
    await _plain("calculator", client, res, headers, method, path, body, "calculator")


async def _chat(client: httpx.AsyncClient, rng: random.Random, res: Results, headers: dict,
                state: dict) -> None:
    body = {"message": rng.choice(QUESTIONS)}
    if state.get("conversation_id"):
        body["conversation_id"] = state["conversation_id"]
    t0 = time.perf_counter()
    seen: set[str] = set()
    try:
        async with client.stream("POST", "/api/chat", json=body, headers=headers) as r:
            res.statuses[f"chat {r.status_code}"] += 1
            if r.status_code in (429, 503):
                res.add("rejected (429/503)", time.perf_counter() - t0)
                if "retry-after" not in r.headers:
                    res.errors[f"chat: {r.status_code} without Retry-After"] += 1
                await r.aread()
                return
            if r.status_code != 200:
                res.errors[f"chat: HTTP {r.status_code}"] += 1
                return
            state["conversation_id"] = r.headers.get("x-conversation-id")
            async for line in r.aiter_lines():
                if line.startswith("data: ") and "done" in seen and _explained(line.removeprefix("data: ")):
                    res.statuses[EXPLAINED] += 1  # the done event's turn: the model's prose arrived whole
                if not line.startswith("event: "):
                    continue
                event = line.removeprefix("event: ")
                if event not in seen:
                    seen.add(event)
                    if event == "computed":
                        res.add("chat: numbers (computed event)", time.perf_counter() - t0)
                    elif event == "busy":
                        res.add("chat: busy event", time.perf_counter() - t0)
                    elif event == "error":
                        res.errors["chat: error event"] += 1
    except httpx.TimeoutException:
        res.errors["chat: timeout"] += 1
        return
    except httpx.HTTPError as exc:
        res.errors[f"chat: {exc.__class__.__name__}"] += 1
        return
    if "done" in seen:
        res.add("chat: whole answer", time.perf_counter() - t0)
        res.statuses["chat answered with model" if "busy" not in seen else "chat answered busy"] += 1
    elif "error" not in seen:
        res.errors["chat: stream ended without done"] += 1


EXPLAINED = "explained answers"  # a status, not a request: the model's explanation delivered in full


def _explained(turn_json: str) -> bool:
    try:
        turn = json.loads(turn_json)
    except ValueError:
        return False
    return bool(turn.get("explained_by_model")) and bool(str(turn.get("explanation", "")).strip())


async def _ask(client: httpx.AsyncClient, rng: random.Random, res: Results, headers: dict) -> None:
    """The non-streaming API: a full model queue answers 503 + Retry-After here, at once."""
    await _plain("ask", client, res, headers, "POST", "/api/ask", {"message": rng.choice(QUESTIONS)},
                 "ask: whole answer")


async def _customer(i: int, client: httpx.AsyncClient, deadline: float, chat_share: float, think_s: float,
                    seed: int, res: Results) -> None:
    rng = random.Random(seed * 1000 + i)
    headers = {"X-Forwarded-For": f"10.{i // 250}.{i % 250}.{rng.randint(1, 250)}"}
    state: dict = {}
    await asyncio.sleep(rng.uniform(0, think_s))  # customers do not all arrive in the same millisecond
    while time.monotonic() < deadline:
        if rng.random() < chat_share:  # the widget streams; some integrations call /api/ask
            if rng.random() < 0.25:
                await _ask(client, rng, res, headers)
            else:
                await _chat(client, rng, res, headers, state)
        else:
            await _calc(client, rng, res, headers)
        await asyncio.sleep(rng.uniform(0, 2 * think_s))


async def drive(url: str, clients: int, seconds: float, chat_share: float, think_s: float,
                request_timeout: float, seed: int) -> tuple[Results, float]:
    res = Results()
    limits = httpx.Limits(max_connections=clients + 10, max_keepalive_connections=clients + 10)
    async with httpx.AsyncClient(base_url=url, timeout=request_timeout, limits=limits) as client:
        t0 = time.monotonic()
        await asyncio.gather(*(_customer(i, client, t0 + seconds, chat_share, think_s, seed, res)
                               for i in range(clients)))
        return res, time.monotonic() - t0


def summarize(res: Results, elapsed: float, config: dict, health: dict, load_before: tuple, load_after: tuple) -> dict:
    kinds = {}
    for kind, values in sorted(res.latencies.items()):
        kinds[kind] = {"count": len(values), "per_s": round(len(values) / elapsed, 2),
                       **{f"p{q}_ms": round(percentile(values, q) * 1000, 1) for q in (50, 95, 99)},
                       "max_ms": round(max(values) * 1000, 1)}
    requests = sum(n for k, n in res.statuses.items() if k.split()[-1].isdigit())
    five_xx = sum(n for k, n in res.statuses.items() if k.split()[-1].startswith("5") and not k.endswith(" 503"))
    hangs = sum(n for k, n in res.errors.items() if k.endswith("timeout"))
    calc = kinds.get("calculator", {})
    rejected = kinds.get("rejected (429/503)", {})
    targets = {
        "zero 5xx (other than 503 busy)": five_xx == 0,
        "zero hangs (request timeouts)": hangs == 0,
        "zero other errors": sum(res.errors.values()) - hangs == 0,
        f"calculator p95 <= {CALC_P95_S * 1000:.0f} ms": bool(calc) and calc["p95_ms"] <= CALC_P95_S * 1000,
        f"every 429/503 within {REJECT_MAX_S * 1000:.0f} ms": not rejected or rejected["max_ms"] <= REJECT_MAX_S * 1000,
    }
    return {"config": config, "server": {"model": health.get("model"), "index": health.get("index"),
                                         "model_queue": health.get("model_queue"), "memory": health.get("memory")},
            "load_average_before": load_before, "load_average_after": load_after, "elapsed_s": round(elapsed, 1),
            "requests": requests, "throughput_per_s": round(requests / elapsed, 2),
            "explained_answers": res.statuses[EXPLAINED],
            "explained_per_min": round(res.statuses[EXPLAINED] / elapsed * 60, 2),
            "latency": kinds, "statuses": dict(res.statuses), "errors": dict(res.errors), "targets": targets,
            "passed": all(targets.values())}


def server_memory(pid: int) -> dict[str, int]:
    """The server process's resident memory now and at its peak (bytes), from /proc."""
    out = {}
    with open(f"/proc/{pid}/status", encoding="ascii") as fh:
        for line in fh:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out["rss_bytes" if key == "VmRSS" else "rss_peak_bytes"] = int(value.split()[0]) * 1024
    return out


def run(clients: int = 50, seconds: float = 30, no_llm: bool = False, fake_llm_delay: float | None = None,
        chat_share: float = 0.3, think_s: float = 1.0, request_timeout: float = 120, seed: int = 0,
        log_path: Path | None = None, parallel: int | None = None) -> dict:
    """One `gpu-sizer serve` process under `clients` customers; `parallel` sets llm.parallel (answers
    generated at once), None keeps the configured value."""
    server = Server(no_llm, fake_llm_delay, log_path or _server_log(), parallel=parallel)
    try:
        health = server.start()
        idle = server_memory(server.pid)
        load_before = tuple(round(x, 2) for x in os.getloadavg())
        res, elapsed = asyncio.run(drive(server.url, clients, seconds, chat_share, think_s, request_timeout, seed))
        load_after = tuple(round(x, 2) for x in os.getloadavg())
        loaded = server_memory(server.pid)
        health = {**health, "model_queue": httpx.get(f"{server.url}/healthz", timeout=5).json().get("model_queue"),
                  "memory": {"idle_rss_bytes": idle.get("rss_bytes"), "after_load_rss_bytes": loaded.get("rss_bytes"),
                             "peak_rss_bytes": loaded.get("rss_peak_bytes")}}
    finally:
        server.stop()
    config = {"clients": clients, "seconds": seconds, "chat_share": chat_share, "think_s": think_s,
              "request_timeout_s": request_timeout, "llm": "none" if no_llm else
              (f"fake, {fake_llm_delay} s/word" if fake_llm_delay is not None else "configured"), "seed": seed}
    if parallel is not None:
        config["model_parallel"] = parallel
    return summarize(res, elapsed, config, health, load_before, load_after)


def slots_gain(reports: dict[str, dict]) -> tuple[dict, dict, float | None] | None:
    """The one-process runs at 1 and 2 model slots among `reports` (by config.model_parallel) and
    how many times the explained answers per minute the second slot gave; None without both runs.
    The factor is None when the 1-slot run explained nothing (no ratio to state)."""
    by_slots = {r.get("config", {}).get("model_parallel"): r for r in reports.values()
                if isinstance(r, dict) and not r.get("config", {}).get("replicas")}
    one, two = by_slots.get(1), by_slots.get(2)
    if one is None or two is None:
        return None
    base = one.get("explained_per_min") or 0
    return one, two, round(two.get("explained_per_min", 0) / base, 2) if base else None


def render(report: dict) -> str:
    lines = [f"bench-load: {report['config']['clients']} clients for {report['config']['seconds']} s, "
             f"model {report['config']['llm']} ({report['server']['model']}); load average "
             f"{report['load_average_before']} -> {report['load_average_after']}",
             f"{report['requests']} requests, {report['throughput_per_s']}/s; explained answers (model prose in "
             f"full): {report.get('explained_answers', 0)}, {report.get('explained_per_min', 0)}/min",
             f"{'kind':34} {'count':>6} {'/s':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'max ms':>8}"]
    for kind, k in report["latency"].items():
        lines.append(f"{kind:34} {k['count']:>6} {k['per_s']:>7} {k['p50_ms']:>8} {k['p95_ms']:>8} "
                     f"{k['p99_ms']:>8} {k['max_ms']:>8}")
    lines.append("statuses: " + ", ".join(f"{k}: {v}" for k, v in sorted(report["statuses"].items())))
    lines.append("errors: " + (", ".join(f"{k}: {v}" for k, v in sorted(report["errors"].items())) or "none"))
    for name, ok in report["targets"].items():
        lines.append(f"  [{'ok' if ok else 'FAIL'}] {name}")
    return "\n".join(lines)



# ---- fairness: a polite client's wait while another saturates its own limit ----

FAIR_QUESTION = "Хватит ли одной RTX 4090 для Llama-3-8B в fp16?"


async def _timed_turn(client: httpx.AsyncClient, headers: dict) -> dict:
    """One /api/chat turn: seconds to the numbers, to the first explanation token and to the end."""
    t0 = time.perf_counter()
    out: dict = {"status": None, "numbers_s": None, "first_token_s": None, "total_s": None, "busy": False}
    try:
        async with client.stream("POST", "/api/chat", json={"message": FAIR_QUESTION}, headers=headers) as r:
            out["status"] = r.status_code
            if r.status_code != 200:
                out["retry_after"] = float(r.headers.get("retry-after", "1"))
                await r.aread()
                return out
            async for line in r.aiter_lines():
                event = line.removeprefix("event: ") if line.startswith("event: ") else None
                now = time.perf_counter() - t0
                if event == "computed" and out["numbers_s"] is None:
                    out["numbers_s"] = now
                elif event == "token" and out["first_token_s"] is None:
                    out["first_token_s"] = now
                elif event == "busy":
                    out["busy"] = True
    except httpx.HTTPError as exc:
        out["status"] = exc.__class__.__name__
        return out
    out["total_s"] = time.perf_counter() - t0
    return out


async def _polite(client: httpx.AsyncClient, turns: int, pause_s: float) -> list[dict]:
    headers = {"X-Forwarded-For": "10.200.0.2"}
    results = []
    for _ in range(turns):
        results.append(await _timed_turn(client, headers))
        await asyncio.sleep(pause_s)
    return results


async def _greedy(client: httpx.AsyncClient, stop: asyncio.Event, parallel: int, tally: Counter) -> None:
    """`parallel` loops from one address, each asking again the moment it is answered (or as soon as
    a 429's Retry-After allows): the client spends its whole rate budget."""
    headers = {"X-Forwarded-For": "10.200.0.1"}

    async def loop() -> None:
        while not stop.is_set():
            r = await _timed_turn(client, headers)
            tally["answered with model" if r["status"] == 200 and not r["busy"] else
                  "answered busy (numbers only)" if r["status"] == 200 else f"HTTP {r['status']}"] += 1
            if r["status"] != 200:
                try:
                    await asyncio.wait_for(stop.wait(), timeout=min(r.get("retry_after", 1.0), 5.0))
                except asyncio.TimeoutError:
                    pass

    await asyncio.gather(*(loop() for _ in range(parallel)))


def _waits(results: list[dict]) -> dict:
    explained = [r["first_token_s"] for r in results if r["first_token_s"] is not None]
    totals = [r["total_s"] for r in results if r["total_s"] is not None]
    return {"turns": len(results), "explained": len(explained), "busy": sum(r["busy"] for r in results),
            "refused": sum(r["status"] != 200 for r in results),
            "first_token_p50_s": round(percentile(explained, 50), 2) if explained else None,
            "first_token_max_s": round(max(explained), 2) if explained else None,
            "answer_p50_s": round(percentile(totals, 50), 2) if totals else None,
            "answer_max_s": round(max(totals), 2) if totals else None}


async def drive_fairness(url: str, turns: int, parallel: int, pause_s: float, timeout: float) -> dict:
    limits = httpx.Limits(max_connections=parallel + 10)
    async with httpx.AsyncClient(base_url=url, timeout=timeout, limits=limits) as client:
        alone = await _polite(client, turns, pause_s)
        stop, tally = asyncio.Event(), Counter[str]()
        greedy = asyncio.create_task(_greedy(client, stop, parallel, tally))
        await asyncio.sleep(2 * pause_s)  # the greedy client is at full tilt before the polite one returns
        contended = await _polite(client, turns, pause_s)
        stop.set()
        await greedy
    return {"alone": _waits(alone), "with_greedy": _waits(contended), "greedy": dict(tally)}


def fairness_targets(alone: dict, contended: dict, parallel: int) -> dict[str, bool]:
    """With two or more answers at once the polite client's wait must not change (the greedy client
    holds one answer at a time); with one, it may wait for at most the answer already running."""
    explained = contended["explained"] == contended["turns"] and alone["explained"] == alone["turns"]
    a, c = alone["first_token_p50_s"], contended["first_token_p50_s"]
    if a is None or c is None:
        return {"polite client explained every turn": False}
    if parallel >= 2:
        # "unchanged": within a quarter or 0.3 s of its wait alone, whichever is larger (timer noise)
        return {"polite client explained every turn": explained,
                "polite first token unchanged (p50 within max(25 %, 0.3 s) of alone)": c <= a + max(0.25 * a, 0.3)}
    answer_s = alone["answer_p50_s"] or 0.0
    return {"polite client explained every turn": explained,
            "polite first token within one answer of its wait alone (one model slot)": c <= a + answer_s + 0.5}


def run_fairness(turns: int = 6, parallel: int = 8, pause_s: float = 1.0, fake_llm_delay: float | None = None,
                 no_llm: bool = False, request_timeout: float = 180, log_path: Path | None = None,
                 model_parallel: int = 2) -> dict:
    """The polite client's wait alone, then while a greedy client (one address, `parallel` concurrent
    loops) saturates its own limits, on a server generating `model_parallel` answers at once."""
    server = Server(no_llm, fake_llm_delay, log_path or _server_log(), parallel=model_parallel)
    try:
        health = server.start()
        res = asyncio.run(drive_fairness(server.url, turns, parallel, pause_s, request_timeout))
    finally:
        server.stop()
    targets = fairness_targets(res["alone"], res["with_greedy"], model_parallel)
    config = {"turns": turns, "greedy_parallel": parallel, "pause_s": pause_s, "model_parallel": model_parallel,
              "llm": "none" if no_llm else (f"fake, {fake_llm_delay} s/word" if fake_llm_delay is not None
                                            else "configured")}
    return {"scenario": "fairness", "config": config, "server": {"model": health.get("model")}, **res,
            "targets": targets, "passed": all(targets.values())}


def render_fairness(report: dict) -> str:
    lines = [f"bench-load --fairness: model {report['config']['llm']}, {report['config']['model_parallel']} "
             f"answer(s) at once; a greedy client with "
             f"{report['config']['greedy_parallel']} parallel loops vs a polite one ({report['config']['turns']} turns)",
             f"{'polite client':22} {'turns':>5} {'explained':>9} {'busy':>5} {'refused':>7} "
             f"{'1st token p50':>13} {'max':>6} {'answer p50':>10} {'max':>6}"]
    for label, key in (("alone", "alone"), ("while greedy saturates", "with_greedy")):
        w = report[key]
        lines.append(f"{label:22} {w['turns']:>5} {w['explained']:>9} {w['busy']:>5} {w['refused']:>7} "
                     f"{w['first_token_p50_s']!s:>13} {w['first_token_max_s']!s:>6} {w['answer_p50_s']!s:>10} "
                     f"{w['answer_max_s']!s:>6}")
    lines.append("greedy client: " + ", ".join(f"{k}: {v}" for k, v in sorted(report["greedy"].items())))
    for name, ok in report["targets"].items():
        lines.append(f"  [{'ok' if ok else 'FAIL'}] {name}")
    return "\n".join(lines)
