"""`gpu-sizer eval-understanding`: how well the reader reads customers (per slot, intent, whole scenario)."""
from __future__ import annotations

import json


def cmd_eval_understanding(args) -> int:
    from bench.understanding import run

    if args.perturb:
        return _perturbed(args)
    report = run(args.split)
    for split, r in report.items():
        if not args.failures or split == "holdout":  # the holdout is a figure, never a list to tune on
            r.pop("failures", None)
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
        return 0
    for split, r in report.items():
        print(f"== {split}: {r['turns']} turns")
        print(f"intent accuracy          {r['intent_accuracy']:.1%}")
        print(f"whole-scenario accuracy  {r['whole_scenario_accuracy']:.1%}")
        print(f"asked numbers            {r['asked']}")
        print(f"silently dropped numbers {r['silently_dropped']}")
        print(f"read() median / p95      {r['read_ms_median']} ms / {r['read_ms_p95']} ms")
        print(f"{'slot':16s} {'precision':>9s} {'recall':>7s} {'n':>4s}")
        for slot, m in r["per_slot"].items():
            print(f"{slot:16s} {m['precision']:9.3f} {m['recall']:7.3f} {m['support']:4d}")
        print(f"{'intent':20s} {'precision':>9s} {'recall':>7s} {'n':>4s}")
        for name, m in r["per_intent"].items():
            print(f"{name:20s} {m['precision']:9.3f} {m['recall']:7.3f} {m['support']:4d}")
        for f in r.get("failures", []):
            print(f"  x {f['id']}: {f['text']}\n      intent {f['intent'][0]} (want {f['intent'][1]})"
                  f"\n      got  {f['got']}\n      want {f['want']} ask={f['ask']} unattached={f['unattached']}")
    return 0


def _perturbed(args) -> int:
    """`--perturb`: the labelled turns written differently (bench/perturb.py), per kind; never the holdout."""
    from bench.perturb import TUNED, check

    if args.split == "holdout":
        print("the holdout is never perturbed: it is for the figure only")
        return 2
    report = check(TUNED if args.split == "all" else [args.split])
    for r in report.values():
        if not args.failures:
            r.pop("failures", None)
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
        return 0
    print(f"{'kind':10s} {'turns':>5s} {'intent':>15s} {'whole':>15s} {'dropped':>7s}   (unperturbed -> perturbed, changed turns)")
    for kind, r in report.items():
        print(f"{kind:10s} {r['turns']:5d} {r['intent_unperturbed']:6.1%} -> {r['intent']:6.1%} "
              f"{r['whole_unperturbed']:6.1%} -> {r['whole']:6.1%} {r['silently_dropped']:7d}")
        for f in r.get("failures", []):
            print(f"  x {f['id']}: {f['text']}\n      was  {f['was']}\n      intent {f['intent'][0]} (want {f['intent'][1]})"
                  f"\n      got  {f['got']}\n      want {f['want']}")
    return 0


def register(sub) -> None:
    p = sub.add_parser("eval-understanding", help="reader accuracy on the understanding corpus")
    p.add_argument("--split", choices=["tune", "dev", "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13", "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19", "fresh20", "fresh21", "fresh22", "fresh23", "fresh24", "fresh25", "fresh26", "fresh27", "fresh28", "fresh29", "fresh30", "fresh31", "fresh32", "fresh33", "fresh34", "fresh35", "fresh36", "fresh37", "fresh38", "fresh39", "fresh40", "fresh41", "fresh42", "fresh43", "fresh44", "fresh45", "fresh46", "fresh47", "fresh48", "fresh49", "fresh50", "fresh51", "fresh52", "fresh53", "fresh54", "fresh55", "fresh56", "fresh57", "fresh58", "fresh59", "fresh60", "fresh61", "fresh62", "fresh63", "fresh64", "fresh65", "fresh66", "fresh67", "fresh68", "fresh69", "fresh70", "fresh71", "fresh72", "fresh73", "fresh74", "fresh75", "fresh76", "fresh77", "fresh78", "fresh79", "fresh80", "fresh81", "fresh82", "fresh83", "fresh84", "fresh85", "fresh86", "fresh87", "fresh88", "fresh89", "fresh90", "fresh91", "fresh92", "fresh93", "fresh94", "fresh95", "fresh96", "fresh97", "fresh98", "fresh99", "fresh100", "fresh101", "fresh102", "fresh103", "fresh104", "fresh105", "holdout", "all"], default="all")
    p.add_argument("--json", action="store_true")
    p.add_argument("--failures", action="store_true", help="list the turns read wrong (tune and dev only)")
    p.add_argument("--perturb", action="store_true",
                   help="accuracy on variants of the labelled turns (no punctuation, lower case, typos, fillers, ...); "
                        "'all' means every split but the holdout, which is never perturbed")
    p.set_defaults(func=cmd_eval_understanding)
