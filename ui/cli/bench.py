"""`gpu-sizer bench` (one report: accuracy, estimator, latency, memory, retrieval) and `gpu-sizer eval`."""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from assistant.settings import get_settings
from tools.paths import REPORTS_DIR, ROOT


def _settings(args):
    settings = get_settings().model_copy(deep=True)  # flags change a copy, never the cached object
    if getattr(args, "backend_url", None):
        settings.llm.mode, settings.llm.base_url = "openai", args.backend_url
    if getattr(args, "no_llm", False):
        settings.llm.mode = "none"
    return settings


def cmd_bench(args) -> int:
    from bench.markdown import COMMAND, render, write_readme
    from bench.run import run_bench
    from tools.errors import SizingError

    if args.full and args.with_parts:
        raise SizingError("--with adds full-only parts to a quick or default run; --full runs them all")
    readme = Path(args.write_readme) if args.write_readme else None
    if readme is not None and not args.full and readme.resolve() == (ROOT / "README.md").resolve() and not args.quick_ok:
        raise SizingError(f"the README shows the full measurement: run `{COMMAND}` (or give --write-readme another "
                          "path, or add --allow-partial to write this run's figures there, labelled as such)")
    out = Path(args.out) if args.out else REPORTS_DIR / time.strftime("bench-%Y%m%d-%H%M%S")
    report = run_bench(_settings(args), quick=args.quick, out_dir=out, full=args.full,
                       load_seconds=args.load_seconds or (10 if args.quick else 30), load_clients=args.load_clients,
                       with_parts=args.with_parts)
    block = render(report)
    if readme is not None:
        write_readme(readme, block)
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    elif args.markdown:
        print(block, end="")
    else:
        print((out / "report.md").read_text(encoding="utf-8"))
    if not args.json:
        print(f"report: {out}" + (f"; Measured section written to {readme}" if readme else ""))
    return 0


def _parts(text: str) -> list[str]:
    """--with compare,fairness: FULL_ONLY's part names, comma-separated, each once."""
    from bench.run import FULL_ONLY

    parts = [p.strip() for p in text.split(",") if p.strip()]
    unknown = [p for p in parts if p not in FULL_ONLY]
    if unknown or not parts:
        raise argparse.ArgumentTypeError(f"{', '.join(unknown) or 'nothing'} is not a full-only part; choose from "
                                         f"{', '.join(FULL_ONLY)}")
    return list(dict.fromkeys(parts))


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
    p = sub.add_parser("bench", help="benchmark report (Markdown + JSON + PNG under reports/)",
                       description="One run measures accuracy, the explanation, estimator error, latency, memory, "
                                   "retrieval and load. --full adds fairness, one process vs replicas, the replicas "
                                   "tier and the abuse suite: everything the README's Measured section reports "
                                   "(about 2-3 hours on 2 CPU cores with the default model); --with adds some of "
                                   "them to a quick or default run.")
    size = p.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_true", help="small samples, a few minutes")
    size.add_argument("--full", action="store_true", help="everything the README's Measured section reports")
    p.add_argument("--with", dest="with_parts", type=_parts, default=[], metavar="PART[,PART...]",
                   help="also run these parts that only --full runs otherwise, at this run's size: "
                        "fairness, compare, replicas_tier, security (the Measured section's header names them)")
    p.add_argument("--load-clients", type=int, metavar="N",
                   help="simulated customers of the load parts (load, compare); default 50 with --full, "
                        "10 with --quick, else 20")
    p.add_argument("--load-seconds", type=float, metavar="S", help="how long each load run starts requests "
                                                                   "(default 10 with --quick, else 30)")
    p.add_argument("--json", action="store_true", help="print the report as one JSON object")
    p.add_argument("--markdown", action="store_true",
                   help="print the README's Measured section (stamped with commit and date) instead of the report")
    p.add_argument("--write-readme", nargs="?", const=str(ROOT / "README.md"), metavar="PATH",
                   help="write the Measured section between the <!-- measured:start/end --> markers of PATH "
                        "(default README.md; that one only from a --full run)")
    p.add_argument("--allow-partial", dest="quick_ok", action="store_true",
                   help="let --write-readme put a run without --full into README.md (its heading says which run)")
    p.add_argument("--out", help="report folder")
    p.add_argument("--no-llm", action="store_true", help="no model: the computed path and quoted passages only")
    p.add_argument("--backend-url", help="measure an OpenAI-compatible endpoint instead of the local GGUF")
    p.set_defaults(func=cmd_bench)
    p = sub.add_parser("eval", help="answer-accuracy evaluation")
    p.add_argument("--no-llm", action="store_true")
    p.add_argument("--baseline", action="store_true", help="also the same model without tools and retrieval")
    p.add_argument("--limit", type=int)
    p.add_argument("--json", action="store_true")
    p.add_argument("--backend-url")
    p.set_defaults(func=cmd_eval)
