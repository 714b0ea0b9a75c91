"""`gpu-sizer explain-eval`: the model's explanation graded on its own (bench/explanation.py)."""
from __future__ import annotations

import json
from pathlib import Path


def cmd_explain_eval(args) -> int:
    from assistant.service import Assistant
    from bench.explanation import compare_with_guard, load, run, summary
    from ui.cli.bench import _settings

    settings = _settings(args)
    if args.max_tokens:
        settings.llm.max_tokens = args.max_tokens
    if args.answer_timeout:  # grade what the model writes, not how busy this machine is
        settings.assistant.answer_timeout_s = args.answer_timeout
    assistant = Assistant(settings)
    items, defaults = load()
    if args.split != "all":
        items = [i for i in items if i.split == args.split]
    if args.ids:
        items = [i for i in items if i.id in args.ids.split(",")]
    items = items[: args.limit] if args.limit else items
    systems = args.systems.split(",")
    if not assistant.model_status().ready:  # no model: only the quoted passages can be graded
        systems = [s for s in systems if s == "quotes"]
    report: dict = {"backend": settings.llm.mode, "items": len(items), "systems": {}}
    rows_by = {}
    for system in systems:
        rows = run(assistant, items, defaults, system)
        rows_by[system] = rows
        report["systems"][system] = summary(rows)
    if "full" in rows_by:  # the guard vs the strict checker, on what was shown and what was dropped
        dis = [{"id": r["id"], **d} for it, r in zip(items, rows_by["full"]) for text in [r["text"], *r["dropped"]]
               for d in compare_with_guard(text, r["facts"], r["computed"], r["passages"], it.turns, it.lang)]
        report["guard_vs_strict"] = {"disagreements": len(dis), "cases": dis}
    out = Path(args.out) if args.out else None
    if out:
        out.mkdir(parents=True, exist_ok=True)
        (out / "explanation.json").write_text(json.dumps({**report, "rows": rows_by}, ensure_ascii=False, indent=1),
                                              encoding="utf-8")
    if args.rows:
        report["rows"] = {k: [{x: r[x] for x in ("id", "text", "useful", "stated", "contradicted", "reason",
                                                 "next_step", "echo_flag", "leak", "injected", "false_claims",
                                                 "other_language", "ungrounded", "dropped")} for r in v]
                          for k, v in rows_by.items()}
    print(json.dumps(report, ensure_ascii=False, indent=None if args.json else 1))
    return 0


def register(sub) -> None:
    p = sub.add_parser("explain-eval", help="grade the model's explanation alone (bare model / quotes / full)")
    p.add_argument("--systems", default="bare,quotes,full", help="comma list of bare, quotes, full")
    p.add_argument("--split", default="all", choices=["tune", "fresh", "held", "all"])
    p.add_argument("--ids", help="comma list of item ids")
    p.add_argument("--limit", type=int)
    p.add_argument("--max-tokens", type=int)
    p.add_argument("--answer-timeout", type=float, help="seconds per explanation (default: the setting)")
    p.add_argument("--rows", action="store_true", help="print each graded text")
    p.add_argument("--json", action="store_true")
    p.add_argument("--out", help="folder for explanation.json (all rows)")
    p.add_argument("--backend-url", help="an OpenAI-compatible endpoint instead of the local GGUF")
    p.set_defaults(func=cmd_explain_eval)

