"""`gpu-sizer ingest | search | bench-retrieval`: build, query and measure the knowledge index."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from assistant.settings import get_settings
from tools.errors import SizingError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("ingest", help="build the knowledge index (built-in docs, catalog, extra folders)")
    p.add_argument("paths", nargs="*", type=Path, metavar="PATH", help="extra folders or files (.md .txt .html)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=_ingest)

    p = sub.add_parser("search", help="search the knowledge base / поиск по базе знаний")
    p.add_argument("query", nargs="+", metavar="QUERY")
    p.add_argument("-k", type=int, default=None, help="passages to return (default: settings top_k)")
    p.add_argument("--lang", choices=["ru", "en"], default=None, help="prefer passages in this language")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=_search)

    p = sub.add_parser("bench-retrieval", help="recall@3, MRR and latency on knowledge/eval/retrieval.yaml")
    p.add_argument("--json", action="store_true")
    p.add_argument("--no-ingest-timing", action="store_true", help="skip the from-scratch ingest timing")
    p.set_defaults(func=_bench)


def _ingest(args) -> int:
    from knowledge.ingest import ingest

    report = ingest(args.paths or None, get_settings(), progress=not args.quiet)
    for line in report.skipped:
        print(line, file=sys.stderr)
    state = "unchanged" if report.unchanged else f"new index {report.generation}"
    print(f"{report.documents} documents, {report.chunks} chunks: {report.embedded} embedded, "
          f"{report.reused} reused; {state}; {report.seconds:.1f} s")
    return 0


def _search(args) -> int:
    from knowledge.retrieval import Retriever

    settings = get_settings()
    k = args.k if args.k is not None else settings.retrieval.top_k
    if not 1 <= k <= 100:
        raise SizingError("-k must be between 1 and 100")
    hits = Retriever(settings).search(" ".join(args.query), k=k, language=args.lang)
    if hits.degraded:
        print(f"note: {hits.degraded}", file=sys.stderr)
    if args.json:
        rows = [p.model_dump(include={"id", "doc_id", "title", "text", "score", "language", "source"}) for p in hits]
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    for i, p in enumerate(hits, start=1):
        where = f" > {p.headings}" if p.headings else ""
        print(f"{i}. [{p.doc_id}] {p.title}{where}  (score {p.score:.4f})")
        print("   " + p.text.strip().replace("\n", "\n   "))
        print()
    if not hits:
        print("nothing found")
    return 0


def _bench(args) -> int:
    from bench.retrieval import evaluate, format_report

    report = evaluate(get_settings(), measure_ingest=not args.no_ingest_timing)
    print(report.model_dump_json(indent=1) if args.json else format_report(report))
    return 0
