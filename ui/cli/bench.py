"""`gpu-sizer bench` (one report: accuracy, estimator, latency, memory, retrieval) and `gpu-sizer eval`."""
from __future__ import annotations

import json
import time
from pathlib import Path

from assistant.settings import get_settings
from tools.paths import REPORTS_DIR


def _settings(args):
    settings = get_settings().model_copy(deep=True)  # flags change a copy, never the cached object
    if getattr(args, "backend_url", None):
        settings.llm.mode, settings.llm.base_url = "openai", args.backend_url
    if getattr(args, "no_llm", False):
        settings.llm.mode = "none"
    return settings


def cmd_bench(args) -> int:
    from bench.run import run_bench

    out = Path(args.out) if args.out else REPORTS_DIR / time.strftime("bench-%Y%m%d-%H%M%S")
    report = run_bench(_settings(args), quick=args.quick, out_dir=out, load_seconds=10 if args.quick else 30)
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        print((out / "report.md").read_text(encoding="utf-8"))
        print(f"report: {out}")
    return 0


def cmd_eval(args) -> int:
    from bench.answers import load_items, run_assistant, run_baseline
    from assistant.service import Assistant

    settings = _settings(args)
    assistant = Assistant(settings)
    items = load_items()[: args.limit] if args.limit else load_items()
    use_llm = settings.llm.mode != "none"
    report = {"with_tools" if use_llm else "no_llm": run_assistant(assistant, items, use_llm=use_llm)}
    if args.baseline and use_llm:
        report["baseline_no_tools"] = run_baseline(assistant, items)
    print(json.dumps(report, ensure_ascii=False, indent=None if args.json else 2))
    return 0


def register(sub) -> None:
    p = sub.add_parser("bench", help="benchmark report (Markdown + JSON + PNG under reports/)")
    p.add_argument("--quick", action="store_true", help="small sample, under five minutes")
    p.add_argument("--json", action="store_true", help="print the report as one JSON object")
    p.add_argument("--out", help="report folder")
    p.add_argument("--backend-url", help="measure an OpenAI-compatible endpoint instead of the local GGUF")
    p.set_defaults(func=cmd_bench)
    p = sub.add_parser("eval", help="answer-accuracy evaluation")
    p.add_argument("--no-llm", action="store_true")
    p.add_argument("--baseline", action="store_true", help="also the same model without tools and retrieval")
    p.add_argument("--limit", type=int)
    p.add_argument("--json", action="store_true")
    p.add_argument("--backend-url")
    p.set_defaults(func=cmd_eval)
