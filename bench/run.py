"""`gpu-sizer bench`: accuracy, estimator error, turn latency against raw llama.cpp, memory and
retrieval, measured in one run. Ratios are taken within the run; times are medians of repeats.

`--full` adds what the README's Measured section reports beyond that, each part at this commit:
the explanation evaluation, the load benchmark at 50 clients, fairness, one process vs replicas,
the replicas tier and the abuse suite (bench/markdown.py renders the section). `--with PART,...`
adds some of those full-only parts to a quick or default run (the full run takes hours on 2 cores).
A part that cannot run here (no model, no PostgreSQL/HAProxy) is recorded in report["skipped"]
with the reason."""
from __future__ import annotations

import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Collection
from pathlib import Path
from typing import Any

from bench.answers import load_items, run_assistant, run_baseline
from assistant.llm.local import LocalLlama
from assistant.prompt import static_messages
from assistant.service import Assistant, Conversation
from assistant.settings import Settings
from tools.errors import SizingError

TURNS_RU = ["Хватит ли одной карты на 24 ГБ для Llama-3-8B?", "а с контекстом 32k?"]


def _median(xs: list[float]) -> float:
    return round(statistics.median(xs), 4) if xs else 0.0


def _rss() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _current_rss() -> int:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def bench_turns(assistant: Assistant, repeats: int) -> dict[str, Any]:
    """Our turn vs raw llama.cpp on the very prompt we built, both from a cold KV cache, same tokens.
    The follow-up turn runs right after the first, so its first token shows the prefix-cache effect."""
    backend = assistant.backend
    if not isinstance(backend, LocalLlama) or backend.llama is None:
        raise SizingError("the turn benchmark needs the local llama.cpp model loaded (llm.mode local)")
    llm = backend.llama
    ours, raw, ours_decode, raw_decode, first, follow, splits = [], [], [], [], [], [], []
    raw_first: list[float] = []
    for _ in range(repeats):
        conv = Conversation()
        llm.reset()  # cold start for turn 1
        t0 = time.perf_counter()
        res = assistant.ask(conv, TURNS_RU[0])
        total = time.perf_counter() - t0
        sent, said = conv.messages[0], conv.messages[1]  # the user message we built, what the model said
        follow_res = assistant.ask(conv, TURNS_RU[1])  # KV of system prompt + turn 1 still in place
        first.append(res.timings.get("first_token", 0.0))
        follow.append(follow_res.timings.get("first_token", 0.0))
        splits.append(res.timings)
        n_tok = max(1, len(llm.tokenize(said["content"].encode(), add_bos=False)))
        gen = res.timings["generate_1"] - res.timings["first_token"]
        ours.append(total)
        ours_decode.append(n_tok / gen if gen > 0 else 0.0)
        llm.reset()
        r0 = time.perf_counter()
        first_tok = None
        # the same prompt, cold: our turn restores the static prefix's saved state, raw llama.cpp prefills it
        for chunk in llm.create_chat_completion(messages=[*static_messages(), sent],
                                                max_tokens=n_tok, stream=True, temperature=0.0, seed=0):
            if chunk["choices"][0]["delta"].get("content"):
                first_tok = first_tok or time.perf_counter() - r0
        r_total = time.perf_counter() - r0
        raw.append(r_total)
        raw_first.append(first_tok or 0.0)
        raw_decode.append(n_tok / (r_total - first_tok) if first_tok and r_total > first_tok else 0.0)
        llm.reset()
    for s in splits:  # prefill ends at the first token; decode is the rest of the generation
        s["decode"] = s.get("generate_1", 0.0) - s.get("first_token", 0.0)
    split = {k: _median([s.get(k, 0.0) for s in splits]) for k in ("intake", "reading", "framing", "tools",
                                                                   "retrieval", "first_token", "decode", "total")}
    return {"ours_turn_s": _median(ours), "raw_llama_s": _median(raw),
            "overhead_ratio": round(_median(ours) / _median(raw), 3) if raw else None,
            "decode_tokens_per_s": _median(ours_decode), "raw_decode_tokens_per_s": _median(raw_decode),
            "decode_share_of_raw": round(_median(ours_decode) / _median(raw_decode), 3) if raw_decode else None,
            "first_token_s_first_turn": _median(first), "first_token_s_follow_up": _median(follow),
            "raw_first_token_s": _median(raw_first),
            "computed_block_s": split["intake"] + split["reading"] + split["framing"] + split["tools"],
            "split_s": split, "repeats": repeats}


def bench_estimator(models: list[Path], points: list[tuple[int, int]]) -> dict[str, Any]:
    """(context per sequence, concurrent sequences) points; llama.cpp serves B sequences of C tokens
    from one KV pool of n_ctx = B x C cells, which is what it is loaded with here."""
    from bench.measure import llama_report
    from tools.memory import MemoryRequest, estimate_memory

    rows: list[dict[str, Any]] = []
    for path in models:
        for ctx, batch in points:
            got = llama_report(path, ctx * batch)
            est = estimate_memory(MemoryRequest(model_file=str(path), context=ctx, batch=batch, runtime="cpu",
                                                reserve_fraction=0))
            allocated = got["model"] + got["repack"] + got["kv"] + got["compute"] + got["output"]
            rows.append({"model": path.name, "n_ctx": ctx, "batch": batch, "kv_est": est.kv_cache_bytes, "kv_llama": got["kv"],
                         "compute_est": est.activations_bytes, "compute_llama": got["compute"],
                         "total_est": est.total_bytes, "total_llama": allocated, "rss": got["rss"],
                         "kv_error": abs(est.kv_cache_bytes - got["kv"]) / got["kv"],
                         "compute_error": abs(est.activations_bytes - got["compute"]) / got["compute"],
                         "total_error": abs(est.total_bytes - allocated) / allocated,
                         "rss_error": abs(est.total_bytes - got["rss"]) / got["rss"]})
    return {"rows": rows, "kv_error_max": max(r["kv_error"] for r in rows),
            "compute_error_max": max(r["compute_error"] for r in rows),
            "total_error_max": max(r["total_error"] for r in rows),
            "rss_error_max": max(r["rss_error"] for r in rows),
            "note": "total = weights (+ CPU repack) + KV + compute buffer, against the sum of llama.cpp's buffers; "
                    "RSS is lower until the KV cache is filled (pages untouched)"}


def bench_computed_block(assistant: Assistant, items: list[Any]) -> dict[str, Any]:
    """Seconds from the question to the computed block (reading, calculators, rendering), no model."""
    times = []
    for item in items:
        conv, t0 = Conversation(), time.perf_counter()
        for ev in assistant.stream(conv, item.turns[0], use_llm=False):
            if ev.type == "computed":
                times.append(time.perf_counter() - t0)
                break
    return {"median_s": round(_median(times), 4), "max_s": round(max(times), 4), "n": len(times)}


ROOT = Path(__file__).resolve().parent.parent
GPU_SIZER = Path(sys.executable).parent / "gpu-sizer"
FULL_ONLY = ("fairness", "compare", "replicas_tier", "security")  # run by --full, or one by one with --with


def _git(*args: str) -> str | None:
    try:
        p = subprocess.run(["git", "--no-optional-locks", *args], capture_output=True, text=True, cwd=ROOT, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return p.stdout if p.returncode == 0 else None


def _stamp() -> dict[str, Any]:
    """The commit measured, whether the tree differed from it (tracked changes or untracked files),
    and when. Taken before anything is run or written."""
    commit = (_git("rev-parse", "--short=10", "HEAD") or "").strip()
    status = _git("status", "--porcelain")
    return {"commit": commit or "unknown", "dirty": None if status is None else bool(status.strip()),
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}


def _machine(settings: Settings) -> dict[str, Any]:
    cpu, flags = "", set()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            info = fh.read().splitlines()
        cpu = next((line.split(":", 1)[1].strip() for line in info if line.startswith("model name")), "")
        flags = set(next((line.split(":", 1)[1].split() for line in info if line.startswith("flags")), []))
    except OSError:
        pass
    llm = settings.llm
    model = {"local": Path(llm.model_path).name, "openai": f"{llm.model_name} at {llm.base_url}",
             "none": "no model"}.get(llm.mode, llm.mode)
    return {"cpus": len(os.sched_getaffinity(0)), "cpu": cpu, "simd": simd(flags), "model": model}


def simd(flags: set[str]) -> str:
    """The widest vector unit llama.cpp can use here, so that figures from different machines are told
    apart: two 2-core machines here prefilled ~65 and ~36 tokens/s, the slower one with AVX2 only."""
    return next((name for flag, name in (("avx512f", "AVX-512"), ("avx2", "AVX2"), ("avx", "AVX"))
                 if flag in flags), "no AVX")


def _env(settings: Settings) -> dict[str, str]:
    """The environment for a benchmark subprocess: this run's model choice."""
    env = dict(os.environ)
    env["GPU_SIZER_LLM__MODE"] = settings.llm.mode
    if settings.llm.base_url:
        env["GPU_SIZER_LLM__BASE_URL"] = settings.llm.base_url
    env["GPU_SIZER_LLM__MODEL_PATH"] = str(settings.llm.model_path)
    return env


def _json_command(args: list[str], env: dict[str, str], timeout: float) -> dict[str, Any]:
    """`gpu-sizer <args> --json`; its JSON whatever the exit status (1 = a target missed)."""
    try:
        p = subprocess.run([str(GPU_SIZER), *args, "--json"], capture_output=True, text=True, env=env,
                           timeout=timeout, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return {"error": f"gpu-sizer {' '.join(args)} ran past {timeout:.0f} s"}
    try:
        return json.loads(p.stdout)
    except json.JSONDecodeError:
        return {"error": f"gpu-sizer {' '.join(args)} exited {p.returncode}: {(p.stderr or p.stdout)[-400:]}"}


def bench_explanation(assistant: Assistant, limit: int | None = None) -> dict[str, Any]:
    """`gpu-sizer explain-eval`: the explanation alone, for the bare model, the quoted passages and
    the full assistant (the quotes alone without a model); `limit` items spread over the set."""
    from bench.explanation import compare_with_guard, load, run, summary

    items, defaults = load()
    if limit:
        items = items[:: max(1, len(items) // limit)][:limit]
    systems = ["bare", "quotes", "full"] if assistant.model_status().ready else ["quotes"]
    out: dict[str, Any] = {"items": len(items), "attacks": sum(i.category == "attack" for i in items), "systems": {}}
    for system in systems:
        rows = run(assistant, items, defaults, system)
        out["systems"][system] = summary(rows)
        if system == "full":  # what a must-be-0 figure counted, kept so that it can be traced after the run
            out["flagged"] = [{k: r[k] for k in ("id", "split", "text", "false_claims", "injected", "leak",
                                                "dropped", "by_model", "seconds")} | {"empty": r["empty"]}
                              for r in rows if r["false_claims"] or r["empty"] or r["injected"] or r["leak"]]
            # the guard vs the strict checker, on what was shown and what was dropped
            out["guard_vs_strict"] = sum(len(compare_with_guard(text, r["facts"], r["computed"], r["passages"],
                                                                it.turns, it.lang))
                                         for it, r in zip(items, rows) for text in [r["text"], *r["dropped"]])
    return out


def bench_load(settings: Settings, clients: int, seconds: float) -> dict[str, Any]:
    """`gpu-sizer bench-load` against a real server with this run's model (none: --no-llm)."""
    args = ["bench-load", "--clients", str(clients), "--seconds", str(seconds)]
    return _json_command(args + (["--no-llm"] if settings.llm.mode == "none" else []), _env(settings),
                         timeout=seconds + 900)


def bench_fairness(settings: Settings, turns: int | None = None) -> dict[str, Any]:
    args = ["bench-load", "--fairness"] + (["--turns", str(turns)] if turns else [])
    return _json_command(args, _env(settings), timeout=3600)


def replicas_missing() -> str | None:
    """Why the replicas setups cannot start here (None: they can)."""
    missing = [name for name, found in (("postgresql", list(Path("/usr/lib/postgresql").glob("*/bin/initdb"))),
                                        ("haproxy", shutil.which("haproxy") or Path("/usr/sbin/haproxy").exists()))
               if not found]
    return f"needs {' and '.join(missing)} (make system-deps)" if missing else None


def bench_compare(settings: Settings, clients: int, seconds: float) -> dict[str, Any]:
    """`gpu-sizer bench-load --compare`: four setups one after another (bench.services.compare)."""
    return _json_command(["bench-load", "--compare", "--clients", str(clients), "--seconds", str(seconds)],
                         _env(settings), timeout=4 * (seconds + 900))


def run_pytest(args: list[str], timeout: float) -> dict[str, Any]:
    """A pytest run in a subprocess: passed / failed / total from its JUnit XML, and its wall time."""
    import xml.etree.ElementTree as ET

    with tempfile.TemporaryDirectory() as tmp:
        xml = Path(tmp) / "junit.xml"
        t0 = time.perf_counter()
        try:
            p = subprocess.run([sys.executable, "-m", "pytest", *args, "-q", "-p", "no:cacheprovider",
                                f"--junitxml={xml}"], capture_output=True, text=True, cwd=ROOT, timeout=timeout)
        except subprocess.TimeoutExpired:
            return {"error": f"pytest {' '.join(args)} ran past {timeout:.0f} s"}
        seconds = round(time.perf_counter() - t0, 1)
        try:
            root = ET.parse(xml).getroot()
        except (OSError, ET.ParseError):
            return {"error": f"pytest {' '.join(args)} exited {p.returncode}: {(p.stdout + p.stderr)[-400:]}"}
    suites = [root] if root.tag == "testsuite" else list(root.iter("testsuite"))
    n = {k: sum(int(x.get(k, 0)) for x in suites) for k in ("tests", "failures", "errors", "skipped")}
    return {"total": n["tests"] - n["skipped"], "passed": n["tests"] - n["failures"] - n["errors"] - n["skipped"],
            "failed": n["failures"] + n["errors"], "skipped": n["skipped"], "seconds": seconds,
            "exit_status": p.returncode}


def bench_security(args: list[str] | None = None, subset: str | None = None) -> dict[str, Any]:
    """The abuse suite (tests/security); who answered each case from the report it writes."""
    started = time.time()
    out = run_pytest(args or ["tests/security"], timeout=3600)
    if out.get("error"):
        return out
    out["subset"] = subset
    report = ROOT / "reports" / "security.json"
    try:
        if report.stat().st_mtime >= started:
            cases = [c for c in json.loads(report.read_text(encoding="utf-8"))["cases"]
                     if not str(c.get("checks", "")).endswith("(earlier run)")]  # this run's cases only
            out.update(model_saw=sum(c.get("model_called") is True for c in cases),
                       keyword=sum(c.get("model_called") is False for c in cases),
                       web=sum(c.get("model_called") is None for c in cases))
    except (OSError, ValueError, KeyError):
        pass
    return out


def full_only_parts(full: bool, with_parts: Collection[str] = ()) -> tuple[str, ...]:
    """FULL_ONLY's parts this run takes: all with --full, else those named by --with (in FULL_ONLY's order)."""
    unknown = sorted(set(with_parts) - set(FULL_ONLY))
    if unknown:
        raise SizingError(f"--with: unknown part(s) {', '.join(unknown)}; choose from {', '.join(FULL_ONLY)}")
    return FULL_ONLY if full else tuple(p for p in FULL_ONLY if p in with_parts)


def run_full_only(report: dict[str, Any], settings: Settings, parts: Collection[str], clients: int,
                  seconds: float, models: list[Path]) -> None:
    """Run `parts` (of FULL_ONLY) into `report`; a part that cannot run here gets its reason in
    report["skipped"] instead (a reason already there, e.g. the caller's skip, stands)."""
    skipped = report["skipped"]
    if "fairness" in parts and settings.llm.mode == "none":
        skipped.setdefault("fairness", "needs a model (this run: --no-llm)")
    missing = replicas_missing() or (None if settings.llm.mode == "local" and models else
                                     "needs the local GGUF (the shared model server loads it)")
    for part in ("compare", "replicas_tier"):
        if part in parts and missing:
            skipped.setdefault(part, missing)
    todo = [p for p in parts if p not in skipped]
    if "fairness" in todo:
        report["fairness"] = bench_fairness(settings)
    if "compare" in todo:
        report["compare"] = bench_compare(settings, clients, seconds)
    if "replicas_tier" in todo:
        report["replicas_tier"] = run_pytest(["-m", "replicas", "tests/replicas"], timeout=3600)
    if "security" in todo:
        report["security"] = bench_security()


def run_bench(settings: Settings, quick: bool, out_dir: Path | None = None, sample: int | None = None,
              points: list[tuple[int, int]] | None = None, retrieval_items: int | None = None,
              load_seconds: float = 0, full: bool = False, skip: Collection[str] = (),
              explanation_items: int | None = None, load_clients: int | None = None,
              with_parts: Collection[str] = ()) -> dict[str, Any]:
    """sample / points / retrieval_items / explanation_items shrink the run and `skip` names parts
    not to run (the test suite checks the report's shape with them). `full` adds FULL_ONLY's parts;
    `with_parts` (`--with`) adds the named ones to a quick or default run, at that run's load size."""
    t_start = time.perf_counter()
    extra = full_only_parts(full, with_parts)
    report: dict[str, Any] = {"mode": "full" if full else "quick" if quick else "default", "quick": quick,
                              "with": [] if full else list(extra),
                              "backend": settings.llm.mode, **_stamp(), "machine": _machine(settings)}
    skipped: dict[str, str] = {p: f"run by --full or --with {p} only" for p in FULL_ONLY if p not in extra}
    skipped.update({p: "skipped by the caller" for p in skip})
    report["skipped"] = skipped
    rss0 = _current_rss()
    assistant = Assistant(settings)
    status = assistant.model_status()
    report["memory"] = {"rss_before_model_bytes": rss0, "rss_model_loaded_bytes": _current_rss()}
    assistant.retriever.warm_up()
    items = load_items()
    # the full run takes every item; --quick a spread of five (the suite's test: `sample`)
    picked = items if not (quick or sample) else items[:: max(1, len(items) // (sample or 5))][: sample or 5]
    if quick:
        settings.llm.max_tokens = min(settings.llm.max_tokens, 160)
    report["accuracy"] = {"no_llm": run_assistant(assistant, items if not sample else picked, use_llm=False)}
    if status.ready:
        report["accuracy"]["with_tools_items"] = len(picked)
        with_tools = run_assistant(assistant, picked, use_llm=True)
        baseline = run_baseline(assistant, picked)
        report["accuracy"].update(with_tools=with_tools["accuracy"], baseline_no_tools=baseline["accuracy"],
                                  with_tools_detail=with_tools, baseline_detail=baseline)
        if settings.llm.mode == "local" and "turn" not in skip:
            report["turn"] = bench_turns(assistant, repeats=1 if quick else 5)
    else:
        report["accuracy"].update(with_tools=None, baseline_no_tools=None, model_status=str(status))
    if "turn" not in report:
        skipped.setdefault("turn", "needs the local llama.cpp model loaded" + (
            f" (backend {settings.llm.mode})" if settings.llm.mode != "local" else f" ({status})"))
    if "explanation" not in skip:
        report["explanation"] = bench_explanation(assistant, explanation_items or (4 if quick else None))
    report["memory"]["rss_peak_bytes"] = _rss()
    report["computed_block"] = bench_computed_block(assistant, items if not sample else picked)
    from bench.understanding import run as understanding
    from tools.calibration import calibration_report

    # aggregate figures only: the held-aside split's messages never reach a report
    report["understanding"] = {split: {k: v for k, v in r.items() if k not in ("failures", "dropped_examples")}
                               for split, r in understanding("all").items()}
    report["calibration"] = calibration_report().model_dump()
    # the CUDA check needs a GPU build of llama.cpp and a card; no run of this project has had one yet
    report["gpu_check"] = (("unverified: no NVIDIA GPU on this machine" if not shutil.which("nvidia-smi") else
                            "unverified: a GPU is present but the CUDA check is not scripted yet") +
                           "; the CUDA figures (KV, compute buffer, all layers offloaded) are checked against "
                           "llama.cpp on the CPU only")
    models = sorted(Path(settings.llm.model_path).parent.glob("*.gguf"))
    points = points or ([(2048, 1), (8192, 1), (2048, 4)] if quick else
                        [(2048, 1), (8192, 1), (32768, 1), (2048, 4), (4096, 8)])
    if "estimator" in skip:
        pass
    elif models:
        report["estimator"] = bench_estimator(models, points)
    else:
        skipped["estimator"] = f"no GGUF in {Path(settings.llm.model_path).parent}"
    from bench.retrieval import evaluate, load_items as retrieval_items_all

    r_items = retrieval_items_all()[: retrieval_items] if retrieval_items else None
    report["retrieval"] = evaluate(settings, items=r_items, measure_ingest=not quick).model_dump()
    del assistant  # the subprocesses below load their own model: free this one's memory first
    clients = load_clients or (50 if full else 10 if quick else 20)
    if load_seconds and "load" not in skip:
        load = report["load"] = bench_load(settings, clients, load_seconds)
        load.setdefault("config", {"clients": clients, "seconds": load_seconds})  # also when it failed
        mem = (load.get("server") or {}).get("memory") or {}
        report["memory"]["server"] = {**mem, "clients": clients, "seconds": load_seconds,
                                      "requests": load.get("requests"), "load_targets_passed": load.get("passed")}
    else:
        skipped.setdefault("load", "not run (load_seconds 0)")
    run_full_only(report, settings, extra, clients, load_seconds or 30, models)
    report["seconds"] = round(time.perf_counter() - t_start, 1)
    if out_dir:
        report["out"] = str(out_dir.relative_to(ROOT) if out_dir.is_relative_to(ROOT) else out_dir) + "/report.json"
        write_report(report, out_dir)
    return report


def write_report(report: dict[str, Any], out_dir: Path) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "report.json").write_text(json.dumps(report, ensure_ascii=False, indent=2), encoding="utf-8")
    added = f" --with {','.join(report['with'])}" if report.get("with") else ""
    mode = report.get("mode", "quick" if report.get("quick") else "default")  # reports before --with had no mode
    lines = ["# gpu-sizer benchmark", "", f"commit {report['commit']}, {report['date']}; mode: {mode}{added}, "
             f"total {report['seconds']} s", ""]
    acc = report["accuracy"]
    lines += ["## Answer accuracy", f"- with model + tools + retrieval: {acc.get('with_tools')}",
              f"- computed path only (--no-llm, all {acc['no_llm']['n']} items): {acc['no_llm']['accuracy']}",
              f"- same model, no tools, no retrieval: {acc.get('baseline_no_tools')}"]
    if "baseline_detail" in acc:
        lines.append(f"- answers with a wrong/invented number: with tools {acc['with_tools_detail']['wrong_number_share']},"
                     f" baseline {acc['baseline_detail']['wrong_number_share']}")
    if "turn" in report:
        tr = report["turn"]
        lines += ["", "## Turn latency (medians, seconds)", f"- computed block: {tr['computed_block_s']}",
                  f"- first token: first turn {tr['first_token_s_first_turn']} (static prefix restored), follow-up "
                  f"{tr['first_token_s_follow_up']}; raw llama.cpp on the same prompt, cold: {tr['raw_first_token_s']}",
                  f"- our turn {tr['ours_turn_s']} vs raw llama.cpp {tr['raw_llama_s']} on the same prompt: "
                  f"overhead ratio {tr['overhead_ratio']}",
                  f"- decode {tr['decode_tokens_per_s']} tok/s vs raw {tr['raw_decode_tokens_per_s']}: "
                  f"share {tr['decode_share_of_raw']}", f"- split: {tr['split_s']}"]
    est = report.get("estimator") or {"rows": []}
    lines += ["", "## Estimator vs llama.cpp", "| model | context | batch | KV err | compute err | total err | RSS |",
              "|---|---:|---:|---:|---:|---:|---:|"]
    lines += [f"| {r['model']} | {r['n_ctx']} | {r['batch']} | {r['kv_error']:.3%} | {r['compute_error']:.2%} | {r['total_error']:.2%}"
              f" | {r['rss'] / 1e9:.2f} GB |" for r in est["rows"]]
    if not est["rows"]:
        lines.append(f"- not measured: {report.get('skipped', {}).get('estimator', 'no points')}")
    cb = report["computed_block"]
    lines += ["", "## Computed block", f"- question to computed block, no model: median {cb['median_s']} s, "
              f"max {cb['max_s']} s over {cb['n']} questions"]
    lines += ["", "## Understanding (gpu-sizer eval-understanding)", "| split | turns | whole scenario | intent | "
              "silently dropped | read() median ms |", "|---|---:|---:|---:|---:|---:|"]
    lines += [f"| {k} | {u['turns']} | {u['whole_scenario_accuracy']:.1%} | {u['intent_accuracy']:.1%} | "
              f"{u['silently_dropped']} | {u['read_ms_median']} |" for k, u in report["understanding"].items()]
    cal = report["calibration"]
    lines += ["", "## Speed calibration (measured ÷ predicted)", f"- {cal['summary']}", "",
              "| setup | measured tok/s | predicted | ratio | ÷ 100 % ceiling |", "|---|---:|---:|---:|---:|"]
    lines += [f"| {r['measurement']['runtime']}: {r['measurement']['model']} {r['measurement']['precision']} on "
              f"{r['measurement']['gpus']} × {r['measurement']['gpu']}, {r['measurement']['batch']} user(s) | "
              f"{r['measurement']['measured_tokens_per_s']} | "
              f"{r['predicted_tokens_per_s']} | {r['ratio']} | {r['ratio_to_ceiling']} |" for r in cal["rows"]]
    lines += ["", "| group | rows | median ratio | ÷ ceiling |", "|---|---:|---:|---:|"]
    lines += [f"| {g['name']} | {g['n']} | {g['median_ratio']} | {g['min_ratio_to_ceiling']:.0%}–"
              f"{g['max_ratio_to_ceiling']:.0%} |" for g in cal["groups"]]
    lines += ["", "## GPU check", f"- {report['gpu_check']}"]
    ret = report["retrieval"]
    lines += ["", "## Retrieval", f"- recall@3 {ret['overall']['recall_at_3']}, MRR {ret['overall']['mrr']}, "
              f"median latency {ret['latency_ms_median']} ms"]
    mem = report["memory"]
    lines += ["", "## Memory", f"- this process, model loaded: {mem['rss_model_loaded_bytes'] / 1e9:.2f} GB, "
              f"peak {mem['rss_peak_bytes'] / 1e9:.2f} GB"]
    srv = mem.get("server") or {}
    if srv.get("idle_rss_bytes"):
        lines.append(f"- the server: idle {srv['idle_rss_bytes'] / 1e9:.2f} GB, after {srv['clients']} clients for "
                     f"{srv['seconds']} s {srv['after_load_rss_bytes'] / 1e9:.2f} GB (peak {srv['peak_rss_bytes'] / 1e9:.2f} GB)")
    (out_dir / "report.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    from bench.markdown import render

    (out_dir / "measured.md").write_text(render(report), encoding="utf-8")  # the README's Measured section
    _plots(report, out_dir)


def _plots(report: dict[str, Any], out_dir: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = (report.get("estimator") or {}).get("rows") or []
    if rows:
        _estimator_plot(plt, rows, out_dir)
    acc = report["accuracy"]
    bars = [("model + tools", acc.get("with_tools")), ("--no-llm", acc["no_llm"]["accuracy"]),
            ("model alone", acc.get("baseline_no_tools"))]
    bars = [(name, v) for name, v in bars if v is not None]
    fig, ax = plt.subplots(figsize=(5, 3))
    ax.bar([b[0] for b in bars], [b[1] for b in bars], color=["#2b6cb0", "#718096", "#c53030"][: len(bars)])
    ax.set_ylim(0, 1)
    ax.set_ylabel("share of answers correct")
    fig.tight_layout()
    fig.savefig(out_dir / "accuracy.png", dpi=100)
    plt.close(fig)


def _estimator_plot(plt: Any, rows: list[dict[str, Any]], out_dir: Path) -> None:
    fig, ax = plt.subplots(figsize=(6, 3.5))
    labels = [f"{r['n_ctx']}×{r['batch']}" for r in rows]
    x = range(len(rows))
    ax.bar([i - 0.2 for i in x], [r["total_est"] / 1e9 for r in rows], 0.4, label="estimate")
    ax.bar([i + 0.2 for i in x], [r["total_llama"] / 1e9 for r in rows], 0.4, label="llama.cpp buffers")
    ax.set_xticks(list(x), labels)
    ax.set_xlabel("context × sequences")
    ax.set_ylabel("GB (10^9 bytes)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out_dir / "estimator.png", dpi=100)
    plt.close(fig)
