"""`gpu-sizer bench`: accuracy, estimator error, turn latency against raw llama.cpp, memory and
retrieval, measured in one run. Ratios are taken within the run; times are medians of repeats."""
from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import time
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


def server_memory_under_load(seconds: float, clients: int = 20) -> dict[str, Any]:
    """RSS of the real server idle and under load (the web layer's own load benchmark, as a subprocess)."""
    import subprocess
    import sys

    exe = Path(sys.executable).parent / "gpu-sizer"
    p = subprocess.run([str(exe), "bench-load", "--clients", str(clients), "--seconds", str(seconds), "--json"],
                       capture_output=True, text=True, timeout=seconds + 600)
    try:
        load = json.loads(p.stdout)
    except json.JSONDecodeError:
        return {"error": (p.stderr or p.stdout)[-500:]}
    return {**(load["server"].get("memory") or {}), "clients": clients, "seconds": seconds,
            "requests": load["requests"], "load_targets_passed": load["passed"]}


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


def _stamp() -> dict[str, str]:
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                                cwd=Path(__file__).resolve().parent.parent, timeout=10).stdout.strip()
    except OSError:
        commit = ""
    return {"commit": commit or "unknown", "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}


def run_bench(settings: Settings, quick: bool, out_dir: Path | None = None, sample: int | None = None,
              points: list[tuple[int, int]] | None = None, retrieval_items: int | None = None,
              load_seconds: float = 0) -> dict[str, Any]:
    """sample / points / retrieval_items shrink the run (the test suite checks the report's shape with them)."""
    t_start = time.perf_counter()
    report: dict[str, Any] = {"quick": quick, "backend": settings.llm.mode, **_stamp()}
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
        if settings.llm.mode == "local":
            report["turn"] = bench_turns(assistant, repeats=1 if quick else 3)
    else:
        report["accuracy"].update(with_tools=None, baseline_no_tools=None, model_status=str(status))
    report["memory"]["rss_peak_bytes"] = _rss()
    report["computed_block"] = bench_computed_block(assistant, items if not sample else picked)
    from bench.understanding import run as understanding
    from tools.calibration import calibration_report

    # aggregate figures only: the held-aside split's messages never reach a report
    report["understanding"] = {split: {k: v for k, v in r.items() if k not in ("failures", "dropped_examples")}
                               for split, r in understanding("all").items()}
    report["calibration"] = calibration_report().model_dump()
    report["gpu_check"] = ("unverified: no NVIDIA GPU was lent to this run; the CUDA figures (KV, compute buffer, "
                           "all layers offloaded) are checked against llama.cpp on the CPU only")
    models = sorted(Path(settings.llm.model_path).parent.glob("*.gguf"))
    points = points or ([(2048, 1), (8192, 1), (2048, 4)] if quick else
                        [(2048, 1), (8192, 1), (32768, 1), (2048, 4), (4096, 8)])
    report["estimator"] = bench_estimator(models, points)
    from bench.retrieval import evaluate, load_items as retrieval_items_all

    r_items = retrieval_items_all()[: retrieval_items] if retrieval_items else None
    report["retrieval"] = evaluate(settings, items=r_items, measure_ingest=not quick).model_dump()
    if load_seconds:
        report["memory"]["server"] = server_memory_under_load(load_seconds)
    report["seconds"] = round(time.perf_counter() - t_start, 1)
    if out_dir:
        write_report(report, out_dir)
    return report


def write_report(report: dict[str, Any], out_dir: Path) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "report.json").write_text(json.dumps(report, ensure_ascii=False, indent=2), encoding="utf-8")
    lines = ["# gpu-sizer benchmark", "", f"commit {report['commit']}, {report['date']}; quick: {report['quick']}, "
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
    est = report["estimator"]
    lines += ["", "## Estimator vs llama.cpp", "| model | context | batch | KV err | compute err | total err | RSS |",
              "|---|---:|---:|---:|---:|---:|---:|"]
    lines += [f"| {r['model']} | {r['n_ctx']} | {r['batch']} | {r['kv_error']:.3%} | {r['compute_error']:.2%} | {r['total_error']:.2%}"
              f" | {r['rss'] / 1e9:.2f} GB |" for r in est["rows"]]
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
              f"{r['measurement']['gpus']} × {r['measurement']['gpu']} | {r['measurement']['measured_tokens_per_s']} | "
              f"{r['predicted_tokens_per_s']} | {r['ratio']} | {r['ratio_to_ceiling']} |" for r in cal["rows"]]
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
    _plots(report, out_dir)


def _plots(report: dict[str, Any], out_dir: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = report["estimator"]["rows"]
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
