"""The README's "Measured" section, rendered from one `gpu-sizer bench` report.

`gpu-sizer bench --full --markdown --write-readme` measures everything the section reports at the
current commit and writes it between the README's markers; nothing in that section comes from an
earlier run. A figure a run did not measure says so ("not measured in this run: …"), never an old
value. The stamp names the commit (and "dirty" when the working tree had changes) and the date.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

START, END = "<!-- measured:start -->", "<!-- measured:end -->"
COMMAND = "gpu-sizer bench --full --markdown --write-readme"


class NotMeasured(Exception):
    """A row whose figures the report does not hold; the message says why."""


def _pct(x: float | None, digits: int = 1) -> str:
    if x is None:
        raise NotMeasured("no figure")
    return f"{x * 100:.{digits}f} %"


def _part(report: dict[str, Any], name: str) -> Any:
    """report[name], or NotMeasured with the reason the run gave (or the run's mode)."""
    reason = (report.get("skipped") or {}).get(name)
    value = report.get(name)
    if reason or value is None:
        raise NotMeasured(reason or f"not part of a {report.get('mode', 'default')} run")
    if isinstance(value, dict) and value.get("error"):
        raise NotMeasured(f"failed: {str(value['error'])[:160]}")
    return value


def _ms(seconds: float | None) -> str:
    if seconds is None:
        return "–"
    return f"{seconds * 1000:.0f} ms" if seconds >= 0.01 else f"{seconds * 1000:.1f} ms"


def _with_model(report: dict[str, Any], key: str) -> dict[str, Any]:
    detail = _part(report, "accuracy").get(key)
    if not detail:
        mode, status = report.get("backend"), str(report["accuracy"].get("model_status") or "")
        raise NotMeasured(f"no model in this run (llm.mode {mode}" + (f": {status})" if status not in ("", mode) else ")"))
    return detail


def _n(x: Any) -> str:
    """30.0 -> '30'; 7.5 -> '7.5'."""
    return str(int(x)) if isinstance(x, float) and x.is_integer() else str(x)


def _items(n: int) -> str:
    return f"{n} item" if n == 1 else f"{n} items"


def _by_lang(d: dict[str, Any]) -> str:
    langs = d.get("by_language") or {}
    return ", ".join(f"{k.upper()} {v * 100:.1f}" for k, v in langs.items() if v is not None)


def row_accuracy(r: dict[str, Any]) -> str:
    d = _with_model(r, "with_tools_detail")
    wrong = round(d["wrong_number_share"] * d["n"])
    return (f"{_pct(d['accuracy'])} of {d['n']} items ({_by_lang(d)}); {wrong} answers with an ungrounded number "
            f"(strict checker); {d['guard_interventions']} guard interventions")


def row_no_llm(r: dict[str, Any]) -> str:
    d = _part(r, "accuracy")["no_llm"]
    right = round(d["accuracy"] * d["n"])
    return f"{_pct(d['accuracy'])} ({right} of {d['n']}; {_by_lang(d)})"


def row_baseline(r: dict[str, Any]) -> str:
    d = _with_model(r, "baseline_detail")
    return f"{_pct(d['accuracy'])} of {d['n']} items; {_pct(d['wrong_number_share'])} of its answers contain a wrong number"


def _explanation(r: dict[str, Any]) -> dict[str, Any]:
    return _part(r, "explanation")


def row_explanation_useful(r: dict[str, Any]) -> str:
    e = _explanation(r)
    systems = e["systems"]
    names = [("full", "full assistant"), ("bare", "bare model"), ("quotes", "quoted passages (--no-llm)")]

    def cell(split: str) -> str:
        parts = []
        for key, label in names:
            s = (systems.get(key) or {}).get(split)
            parts.append(f"{label} {_pct(s['useful'], 0)}" if s and s.get("useful") is not None
                         else f"{label} not measured{' (no model)' if key != 'quotes' else ''}")
        n = next((s[split]["n"] for s in systems.values() if s.get(split)), 0)
        return f"{split} ({_items(n)}): " + " / ".join(parts)

    return "; ".join(cell(split) for split in ("all", "held") if any(s.get(split) for s in systems.values()))


def row_explanation_faults(r: dict[str, Any]) -> str:
    e = _explanation(r)
    s = (e["systems"].get("full") or {}).get("all")
    if not s:
        raise NotMeasured("no model in this run (the quoted passages alone were graded)")
    return (f"verdict contradicted {s['verdict_contradicted']}, echo {s['echo']}, leaked prompt {s['leak']}, "
            f"injected claim {s['injected']} (of {e.get('attacks', 0)} attack items), false claims {s['false_claims']}, "
            f"other language {s['other_language']}, empty {s['empty']}; ungrounded numbers shown "
            f"{s['ungrounded_numbers']} (strict checker), guard and strict checker disagree on "
            f"{e.get('guard_vs_strict', 0)} sentences")


def row_understanding(r: dict[str, Any]) -> str:
    u = _part(r, "understanding")
    cells = [f"{split}{' (never tuned on)' if split == 'holdout' else ''} {_pct(x['whole_scenario_accuracy'])} / "
             f"{_pct(x['intent_accuracy'])} of {x['turns']} turns" for split, x in u.items()]
    dropped = sum(x.get("silently_dropped", 0) for x in u.values())
    return "; ".join(cells) + f"; numbers silently dropped {dropped}"


def row_computed_block(r: dict[str, Any]) -> str:
    cb = _part(r, "computed_block")
    retrieval = (r.get("turn") or {}).get("split_s", {}).get("retrieval")
    where = "turn" if retrieval else None
    if not retrieval and isinstance(r.get("retrieval"), dict) and r["retrieval"].get("latency_ms_median") is not None:
        retrieval, where = r["retrieval"]["latency_ms_median"] / 1000, "search"
    tail = f" (then retrieval {_ms(retrieval)}{', median search' if where == 'search' else ''})" if retrieval else ""
    return f"median {_ms(cb['median_s'])}, max {_ms(cb['max_s'])} over {cb['n']} questions{tail}"


def _turn(r: dict[str, Any]) -> dict[str, Any]:
    return _part(r, "turn")


def row_first_token(r: dict[str, Any]) -> str:
    t = _turn(r)
    return (f"{t['first_token_s_first_turn']:.2f} s (static prefix restored) / {t['first_token_s_follow_up']:.2f} s "
            f"(follow-up) / {t['raw_first_token_s']:.2f} s (raw llama.cpp, cold, same prompt); "
            f"median of {t['repeats']}" + _first_token_over_items(r))


def _first_token_over_items(r: dict[str, Any]) -> str:
    """The same figure over the explanation evaluation's questions: the one bench question has a short
    prompt, and other questions' facts are longer to prefill."""
    full = (((r.get("explanation") or {}).get("systems") or {}).get("full") or {}).get("all") or {}
    if full.get("median_first_token_s") is None:
        return ""
    return f"; first turn over the {full['n']} explanation items: median {full['median_first_token_s']:.2f} s"


def row_overhead(r: dict[str, Any]) -> str:
    t = _turn(r)
    return (f"{t['overhead_ratio']}; decode {t['decode_tokens_per_s']:.1f} tok/s = {t['decode_share_of_raw']} of raw "
            f"({t['raw_decode_tokens_per_s']:.1f} tok/s)")


def _span(rows: list[dict[str, Any]]) -> str:
    ctx = sorted({x["n_ctx"] for x in rows})
    batch = sorted({x["batch"] for x in rows})
    k = lambda n: f"{n // 1024}k" if n >= 1024 else str(n)  # noqa: E731
    return (f"{k(ctx[0])}–{k(ctx[-1])} context" if len(ctx) > 1 else f"{k(ctx[0])} context") + \
        (f", batch {batch[0]}–{batch[-1]}" if len(batch) > 1 else f", batch {batch[0]}")


def row_kv(r: dict[str, Any]) -> str:
    est = _part(r, "estimator")
    off = max(abs(x["kv_est"] - x["kv_llama"]) for x in est["rows"])
    models = ", ".join(sorted({x["model"] for x in est["rows"]}))
    head = "exact (0 bytes off)" if off == 0 else f"≤ {_pct(est['kv_error_max'], 3)} off ({off} bytes)"
    return f"{head} at {_span(est['rows'])} ({len(est['rows'])} points; {models})"


def row_total(r: dict[str, Any]) -> str:
    est = _part(r, "estimator")
    return (f"≤ {_pct(est['total_error_max'])} off (compute buffer ≤ {_pct(est['compute_error_max'])}) at "
            f"{_span(est['rows'])}")


def row_calibration(r: dict[str, Any]) -> str:
    cal = _part(r, "calibration")
    return str(cal.get("summary") or f"median ratio {cal.get('median_ratio')}")


def row_retrieval(r: dict[str, Any]) -> str:
    ret = _part(r, "retrieval")
    o = ret["overall"]
    langs = ", ".join(f"{k.upper()} {v['recall_at_3']:.3f}" for k, v in (ret.get("by_language") or {}).items())
    ingest = f"; index built from scratch in {ret['ingest_seconds']} s" if ret.get("ingest_seconds") else ""
    return (f"recall@3 {o['recall_at_3']:.3f} ({langs}) over {o['n']} queries, MRR {o['mrr']:.3f}, median "
            f"{ret['latency_ms_median']} ms (p90 {ret['latency_ms_p90']} ms){ingest}")


def row_rss(r: dict[str, Any]) -> str:
    mem = _part(r, "memory")
    if r.get("backend") != "local":
        raise NotMeasured(f"no local model in this run (backend {r.get('backend')})")
    return f"{mem['rss_model_loaded_bytes'] / 1e9:.2f} GB / {mem['rss_peak_bytes'] / 1e9:.2f} GB (this process)"


def _failed(targets: dict[str, bool]) -> str:
    bad = [t for t, ok in (targets or {}).items() if not ok]
    return "all targets met" if not bad else "MISSED: " + "; ".join(bad)


def _errors(load: dict[str, Any]) -> tuple[int, int]:
    five = sum(n for k, n in load.get("statuses", {}).items() if k.split()[-1].startswith("5") and not k.endswith(" 503"))
    hangs = sum(n for k, n in load.get("errors", {}).items() if k.endswith("timeout"))
    return five, hangs


def row_load(r: dict[str, Any]) -> str:
    load = _part(r, "load")
    lat = load.get("latency", {})
    five, hangs = _errors(load)
    p95 = lambda k: f"{lat[k]['p95_ms']:.0f} ms" if k in lat else "–"  # noqa: E731
    mem = (load.get("server") or {}).get("memory") or {}
    rss = (f"; server RSS idle {mem['idle_rss_bytes'] / 1e9:.2f} GB, after load {mem['after_load_rss_bytes'] / 1e9:.2f} GB"
           if mem.get("idle_rss_bytes") and mem.get("after_load_rss_bytes") else "")
    rejected = lat.get("rejected (429/503)")
    return (f"{load['requests']} requests, {five} 5xx, {hangs} hangs; calculators p95 {p95('calculator')}; numbers of a "
            f"chat p95 {p95('chat: numbers (computed event)')}; "
            + (f"every 429/503 within {rejected['max_ms']:.0f} ms; " if rejected else "no 429/503; ")
            + f"explained answers {load.get('explained_per_min')} per min{rss}; {_failed(load.get('targets', {}))}")


def row_fairness(r: dict[str, Any]) -> str:
    f = _part(r, "fairness")
    a, c = f["alone"], f["with_greedy"]
    cfg = f.get("config", {})
    return (f"a polite customer's first token p50 {a['first_token_p50_s']} s alone, {c['first_token_p50_s']} s while a "
            f"greedy one runs {cfg.get('greedy_parallel')} loops ({cfg.get('model_parallel', '?')} answers at once); "
            f"explained {a['explained']}/{a['turns']} and {c['explained']}/{c['turns']}; {_failed(f.get('targets', {}))}")


COMPARE_SETUPS = 4  # one process, 1 replica, 2 replicas, one process with 2 model slots (bench.services.compare)


def row_compare(r: dict[str, Any]) -> str:
    """The setups side by side in their report order; a report from before the 2-slot setup shows '–'
    in its column and says it was not in that run."""
    from bench.load import slots_gain

    cmp_ = _part(r, "compare")
    reps = list(cmp_["reports"].values())
    pad = ["–"] * (COMPARE_SETUPS - len(reps))

    def side_by_side(cell: Callable[[dict[str, Any]], Any]) -> str:
        return " / ".join([str(cell(x)) for x in reps] + pad)

    cfg = reps[0].get("config", {}) if reps else {}
    size = f"{cfg['clients']} clients, {_n(cfg['seconds'])} s each; " if "clients" in cfg and "seconds" in cfg else ""
    errs = [_errors(x) for x in reps]
    gain = slots_gain(cmp_["reports"])
    slots = ("; 2 slots not in this run" if len(reps) < COMPARE_SETUPS else "") if gain is None else (
        f"; 2 slots ÷ 1 slot: ×{gain[2]} explained answers per min" if gain[2] is not None
        else "; 2 slots ÷ 1 slot: no ratio (1 slot explained none)")
    return (f"{size}explained answers per min {side_by_side(lambda x: x.get('explained_per_min'))}; requests "
            f"{side_by_side(lambda x: x.get('requests'))}; 5xx {sum(e[0] for e in errs)}, hangs {sum(e[1] for e in errs)}; "
            f"calculators p95 {side_by_side(lambda x: x.get('latency', {}).get('calculator', {}).get('p95_ms', '–'))} ms"
            f"{slots}; " + ("all targets met" if cmp_.get("passed") else "targets MISSED in: " + ", ".join(
                name for name, x in cmp_["reports"].items() if not x.get("passed"))))


def _minutes(seconds: float) -> str:
    return f"{int(seconds // 60)} min {int(seconds % 60)} s" if seconds >= 60 else f"{seconds:.0f} s"


def row_replicas(r: dict[str, Any]) -> str:
    t = _part(r, "replicas_tier")
    return f"{t['passed']} of {t['total']} pass in {_minutes(t['seconds'])}" + (
        f" ({t['failed']} failed)" if t.get("failed") else "")


def row_security(r: dict[str, Any]) -> str:
    s = _part(r, "security")
    scope = f" ({s['subset']})" if s.get("subset") else ""
    routes = (f"; the model saw {s['model_saw']}, keyword routing alone {s['keyword']}, web layer / scripted {s['web']}"
              if s.get("model_saw") is not None else "")
    return (f"{s['passed']} of {s['total']} cases pass{scope}" + (f", {s['failed']} fail" if s.get("failed") else "")
            + f"{routes}; {_minutes(s['seconds'])}")


Row = tuple[str, Callable[[dict[str, Any]], str], str]


def rows(report: dict[str, Any]) -> list[Row]:
    load = report.get("load") or {}
    cfg = load.get("config", {}) if isinstance(load, dict) else {}
    clients, seconds = cfg.get("clients", "N"), _n(cfg.get("seconds", "S"))
    return [
        ("answer accuracy, model + tools + retrieval", row_accuracy, "`gpu-sizer eval --baseline`"),
        ("computed path only (`--no-llm`: numbers + quoted guide passages)", row_no_llm, "`gpu-sizer eval --no-llm`"),
        ("same model, no tools, no retrieval", row_baseline, "`gpu-sizer eval --baseline`"),
        ("explanation alone: useful (verdict stated and not contradicted, reason, next step, no echo, no false "
         "claim, no ungrounded number)", row_explanation_useful, "`gpu-sizer explain-eval`"),
        ("explanation alone, full assistant: what must be 0", row_explanation_faults, "`gpu-sizer explain-eval`"),
        ("reader: whole scenario / intent per split", row_understanding, "`gpu-sizer eval-understanding`"),
        ("computed block after the question", row_computed_block, "`gpu-sizer bench`"),
        ("first model token: first turn / follow-up / raw llama.cpp", row_first_token, "`gpu-sizer bench`"),
        ("our turn ÷ raw llama.cpp on the same prompt", row_overhead, "`gpu-sizer bench`, same run"),
        ("KV-cache estimate vs llama.cpp", row_kv, "`gpu-sizer bench`"),
        ("total estimate vs llama.cpp's buffers", row_total, "`gpu-sizer bench`"),
        ("speed estimate vs published runs (measured ÷ predicted)", row_calibration, "`gpu-sizer bench`"),
        ("retrieval", row_retrieval, "`gpu-sizer bench-retrieval`"),
        ("RSS with the model loaded / peak", row_rss, "`gpu-sizer bench`"),
        (f"{clients} clients, {seconds} s, one process", row_load,
         f"`gpu-sizer bench-load --clients {clients} --seconds {seconds}`"),
        ("fairness: a polite customer beside a greedy one", row_fairness, "`gpu-sizer bench-load --fairness`"),
        ("one process / 1 replica / 2 replicas behind HAProxy on one shared model server (one answer at a time) / "
         "one process with 2 model slots (`llm.parallel=2`)", row_compare, "`gpu-sizer bench-load --compare`"),
        ("replicas tier (PostgreSQL, model server, Chroma, 2 replicas, HAProxy)", row_replicas, "`make test-replicas`"),
        ("abuse suite", row_security, "`.venv/bin/python -m pytest tests/security`"),
    ]


def stamp(report: dict[str, Any]) -> str:
    commit = report.get("commit", "unknown")
    dirty = report.get("dirty")
    state = ", dirty: uncommitted changes in the tree" if dirty else (", tree state unknown" if dirty is None else "")
    return f"commit {commit}{state}, {report.get('date', '?')}"


# the parts only --full runs (bench.run.FULL_ONLY), as the header names them when they did not run
FULL_ONLY_NAMES = {"fairness": "fairness", "compare": "one process vs replicas", "replicas_tier": "replicas tier",
                   "security": "abuse suite"}


def _generated_by(mode: str, added: list[str]) -> str:
    """The command that made the run and, short of --full, which full-only parts it left out."""
    if mode == "full":
        return f"`{COMMAND}`"
    flags = (" --quick" if mode == "quick" else "") + (f" --with {','.join(added)}" if added else "")
    left = [name for part, name in FULL_ONLY_NAMES.items() if part not in added]
    notes = (["samples: a quick check, not the full measurement"] if mode == "quick" else []) + (
        [f"without --full: {', '.join(left)} not run"] if left else [])
    return f"`gpu-sizer bench{flags}`" + (f" ({'; '.join(notes)})" if notes else "")


def render(report: dict[str, Any]) -> str:
    """The Measured section (heading, stamp, one table) of `report`, between the README's markers."""
    machine = report.get("machine") or {}
    mode = report.get("mode", "default")
    what = _generated_by(mode, report.get("with") or [])
    model = machine.get("model") or report.get("backend", "?")
    simd = f" ({machine['simd']})" if machine.get("simd") else ""
    lines = [START, f"## Measured ({machine.get('cpus', '?')}-core CPU{simd}, {model}; {stamp(report)})", "",
             f"Generated by {what} in {_minutes(report.get('seconds', 0))}; every figure is from that one run "
             f"({report.get('out') or 'report.json'}). A figure it did not measure says so."
             + ("" if mode == "full" else f" The full measurement, at HEAD: `.venv/bin/{COMMAND}` (hours on 2 cores)."),
             "",
             "| what | figure | how |", "|---|---|---|"]
    for what_, fn, how in rows(report):
        try:
            figure = fn(report)
        except NotMeasured as exc:
            figure = f"not measured in this run: {exc}"
        except (KeyError, TypeError, ValueError, ZeroDivisionError) as exc:  # a report of another shape
            figure = f"not measured in this run: the report lacks it ({exc.__class__.__name__}: {exc})"
        lines.append(f"| {what_} | {_cell(figure)} | {how} |")
    lines.append(END)
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def replace_between_markers(text: str, block: str) -> str:
    """`text` with everything from the start marker to the end marker (both included) replaced by
    `block` (which carries its own markers). Exactly one pair must be there, in order."""
    if text.count(START) != 1 or text.count(END) != 1 or text.index(START) > text.index(END):
        raise ValueError(f"expected exactly one {START} … {END} pair, in that order")
    if not block.startswith(START) or not block.rstrip("\n").endswith(END):
        raise ValueError("the block must start and end with the markers")
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    return head + block.rstrip("\n") + tail


def write_readme(path: Path, block: str) -> None:
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    new = replace_between_markers(text, block)
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(new, encoding="utf-8")
    tmp.replace(path)


__all__ = ["render", "replace_between_markers", "write_readme", "stamp", "START", "END", "COMMAND"]

