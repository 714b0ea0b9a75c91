"""`gpu-sizer bench-load`: the load benchmark of the web server (code in bench.load)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from tools.errors import SizingError


def cmd_bench_load(args) -> int:
    from bench.load import render, render_fairness, run, run_fairness

    if args.fairness:
        report = run_fairness(turns=args.turns, parallel=args.greedy_parallel, no_llm=args.no_llm,
                              fake_llm_delay=args.fake_llm_delay, request_timeout=args.request_timeout,
                              log_path=Path(args.server_log) if args.server_log else None,
                              model_parallel=args.model_parallel)
        print(json.dumps(report, ensure_ascii=False, indent=2) if args.json else render_fairness(report))
        return 0 if report["passed"] else 1

    if args.compare or args.replicas:
        from bench.services import compare, render_compare, run_load

        if args.no_llm or args.fake_llm_delay is not None:  # they would apply to the one-process runs only
            raise SizingError("--compare and --replicas measure the real model (the replicas share one "
                              "llama_cpp.server); --no-llm and --fake-llm-delay apply to one process alone")

        kw = dict(chat_share=args.chat_share, think_s=args.think, request_timeout=args.request_timeout, seed=args.seed)
        if args.compare:
            report = compare(clients=args.clients, seconds=args.seconds, **kw)
            print(json.dumps(report, ensure_ascii=False, indent=2) if args.json else render_compare(report))
        else:
            report = run_load(args.replicas, clients=args.clients, seconds=args.seconds, **kw)
            print(json.dumps(report, ensure_ascii=False, indent=2) if args.json else render(report))
        return 0 if report["passed"] else 1

    report = run(clients=args.clients, seconds=args.seconds, no_llm=args.no_llm, fake_llm_delay=args.fake_llm_delay,
                 chat_share=args.chat_share, think_s=args.think, request_timeout=args.request_timeout, seed=args.seed,
                 log_path=Path(args.server_log) if args.server_log else None)
    print(json.dumps(report, ensure_ascii=False, indent=2) if args.json else render(report))
    return 0 if report["passed"] else 1


def _positive(kind):
    def parse(text: str):
        value = kind(text)
        if value <= 0:
            raise ValueError(text)
        return value
    parse.__name__ = kind.__name__
    return parse


def register(sub) -> None:
    p = sub.add_parser("bench-load", help="load benchmark: the real server on 127.0.0.1 under N concurrent clients",
                       description="Starts `gpu-sizer serve` on a free loopback port with the configured model and "
                                   "drives it with calculator calls and chat turns; exits 1 when a target is missed "
                                   "(5xx, hangs, calculator p95 > 100 ms, a 429/503 slower than 100 ms).")
    p.add_argument("--clients", type=_positive(int), default=50, help="concurrent simulated customers (default 50)")
    p.add_argument("--seconds", type=_positive(float), default=30, help="how long new requests are started (default 30)")
    model = p.add_mutually_exclusive_group()
    model.add_argument("--no-llm", action="store_true", help="serve without a model (computed path only)")
    model.add_argument("--fake-llm-delay", type=float, metavar="S",
                       help="a fake slow model instead of the configured one: S seconds per streamed word")
    p.add_argument("--chat-share", type=float, default=0.3, help="share of requests that are chat turns (default 0.3)")
    p.add_argument("--think", type=float, default=1.0, help="mean pause of a customer between requests, s (default 1)")
    p.add_argument("--request-timeout", type=_positive(float), default=120,
                   help="a request taking longer counts as a hang (default 120 s)")
    p.add_argument("--seed", type=int, default=0, help="seed of the request mix")
    p.add_argument("--fairness", action="store_true",
                   help="instead: a polite client's wait alone, then while a greedy client saturates its own limits")
    p.add_argument("--turns", type=_positive(int), default=6, help="--fairness: the polite client's turns per phase")
    p.add_argument("--greedy-parallel", type=_positive(int), default=8,
                   help="--fairness: concurrent request loops of the greedy client (default 8)")
    p.add_argument("--model-parallel", type=_positive(int), default=2,
                   help="--fairness: answers the server generates at once (llm.parallel; default 2). With 1 the "
                        "polite client may wait for the answer already running")
    p.add_argument("--replicas", type=_positive(int), metavar="N",
                   help="instead of one process: N replicas behind HAProxy on one shared llama_cpp.server, with "
                        "PostgreSQL and a Chroma server (README 'Running several replicas'; needs postgresql, haproxy)")
    p.add_argument("--compare", action="store_true",
                   help="the same customers against one process, 1 replica and 2 replicas behind HAProxy "
                        "(one shared model server, one answer at a time) and one process with 2 model slots "
                        "(llm.parallel=2): explained answers per minute side by side")
    p.add_argument("--server-log", help="write the server's output to this file")
    p.add_argument("--json", action="store_true", help="the report as JSON")
    p.set_defaults(func=cmd_bench_load)
