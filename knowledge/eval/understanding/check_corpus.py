"""Sanity check of the understanding corpus (tune, dev, fresh, fresh2, fresh3, fresh4, fresh5, fresh6, fresh7, fresh8, fresh9, fresh10, fresh11, fresh12, fresh13, fresh14, fresh15, fresh16, fresh17, fresh18, fresh19, fresh20, fresh21, fresh22, fresh23, fresh24, fresh25, fresh26, fresh27, fresh28, fresh29, fresh30, fresh31, fresh32, fresh33, fresh34, fresh35, fresh36, fresh37, fresh38, fresh39, fresh40, fresh41, fresh42, fresh43, fresh44, fresh45, fresh46, fresh47, fresh48, fresh49, fresh50, fresh51, fresh52, fresh53, fresh54, fresh55, fresh56, fresh57, fresh58, fresh59, fresh60, fresh61, fresh62, fresh63, fresh64, fresh65, fresh66, fresh67, fresh68, fresh69, fresh70, fresh71, fresh72, fresh73, fresh74, fresh75, fresh76, fresh77, fresh78, fresh79, fresh80, fresh81, fresh82, fresh83, fresh84, fresh85, fresh86, fresh87, fresh88, fresh89, fresh90, fresh91, fresh92, fresh93, fresh94, fresh95, fresh96, fresh97, fresh98, fresh99, fresh100, fresh101, fresh102, fresh103, fresh104, fresh105 and holdout).

Parses the files, checks unique ids, persona/lang/intent/slot names, that model, GPU and server ids
exist in the catalog (or in the list of ids being added), value types, and prints totals.
Exit status 1 on any problem. Run: python3 knowledge/eval/understanding/check_corpus.py [split ...]
(with splits named, only those are read: `check_corpus.py fresh` checks a new file without opening
the holdout, whose items are never to be looked at; the size minimum applies to the full run only).
"""
import collections
import pathlib
import re
import sys

import yaml

HERE = pathlib.Path(__file__).resolve().parent
CATALOG = HERE.parent.parent / "catalog"
NEW_MODELS = {"gpt-oss-20b", "gpt-oss-120b", "llama-4-scout", "llama-4-maverick", "qwen3-next-80b-a3b",
              "qwen3-coder-30b-a3b", "qwen3-coder-480b-a35b", "deepseek-v3.1", "deepseek-v3.2", "kimi-k2",
              "glm-4.5", "glm-4.5-air", "glm-4.6", "mistral-small-3.2", "gemma-3n-e4b"}
NEW_GPUS = {"rtx-pro-6000-blackwell", "rtx-5060-ti-16gb", "rtx-3060-12gb", "rtx-a4000", "rtx-a5000",
            "l20", "h20", "b300"}
PERSONAS = {"student", "it_manager", "lab", "reseller", "integrator", "startup", "freelancer",
            "accountant", "sysadmin", "owner", "hobbyist", "erp", "buyer"}
SPLITS = ("tune", "dev", "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13", "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19", "fresh20", "fresh21", "fresh22", "fresh23", "fresh24", "fresh25", "fresh26", "fresh27", "fresh28", "fresh29", "fresh30", "fresh31", "fresh32", "fresh33", "fresh34", "fresh35", "fresh36", "fresh37", "fresh38", "fresh39", "fresh40", "fresh41", "fresh42", "fresh43", "fresh44", "fresh45", "fresh46", "fresh47", "fresh48", "fresh49", "fresh50", "fresh51", "fresh52", "fresh53", "fresh54", "fresh55", "fresh56", "fresh57", "fresh58", "fresh59", "fresh60", "fresh61", "fresh62", "fresh63", "fresh64", "fresh65", "fresh66", "fresh67", "fresh68", "fresh69", "fresh70", "fresh71", "fresh72", "fresh73", "fresh74", "fresh75", "fresh76", "fresh77", "fresh78", "fresh79", "fresh80", "fresh81", "fresh82", "fresh83", "fresh84", "fresh85", "fresh86", "fresh87", "fresh88", "fresh89", "fresh90", "fresh91", "fresh92", "fresh93", "fresh94", "fresh95", "fresh96", "fresh97", "fresh98", "fresh99", "fresh100", "fresh101", "fresh102", "fresh103", "fresh104", "fresh105", "holdout")
RUNTIMES = {"llama.cpp", "vllm", "sglang", "cpu"}
INTENTS = {"vram", "recommend", "power", "cost", "speed", "gpu_info", "compare", "models_for_hardware",
           "upgrade", "knowledge", "handoff", "greeting", "out_of_scope"}
PRECISIONS = {"fp32", "fp16", "bf16", "fp8", "int8", "int4", "nf4", "awq", "gptq", "mxfp4"}
GGUF = re.compile(r"^(I?Q[1-8](_[0-9A-Z]+)*|F16|BF16)$")
NUM = (int, float)
SLOTS = {"model": str, "params_b": NUM, "precision": str, "context": int, "users": int, "gpu": str,
         "gpu_count": int, "card_vram_gb": NUM, "ram_gb": NUM, "task": str, "budget": NUM,
         "server_price": NUM, "cloud_hourly": NUM, "hours_per_month": NUM, "currency": str, "gpus": list,
         "server": str, "runtime": str, "psu_w": NUM, "cpus": int, "electricity_price": NUM,
         "gpu_counts": list}
TASKS = {"inference", "lora", "qlora", "full"}
CURRENCIES = {"₽", "$", "€"}


def catalog_ids(name):
    text = (CATALOG / name).read_text(encoding="utf-8")
    return set(re.findall(r"(?m)^- id: (\S+)", text))


def main(splits=SPLITS):
    models = catalog_ids("models.yaml") | NEW_MODELS
    gpus = catalog_ids("gpus.yaml") | NEW_GPUS
    servers = catalog_ids("servers.yaml")
    errors, ids = [], set()
    stats = collections.Counter()
    for split in splits:
        convs = yaml.safe_load((HERE / f"{split}.yaml").read_text(encoding="utf-8"))
        for c in convs:
            cid = c.get("id")
            err = lambda m: errors.append(f"{split}:{cid}: {m}")  # noqa: E731
            if cid in ids:
                err("duplicate id")
            ids.add(cid)
            lang, persona = c.get("lang"), c.get("persona")
            if lang not in ("ru", "en"):
                err(f"lang {lang!r}")
            if persona not in PERSONAS:
                err(f"persona {persona!r}")
            if not str(cid).startswith(f"{lang}-{persona}-"):
                err("id does not follow <lang>-<persona>-<nnn>")
            if set(c) - {"id", "persona", "lang", "turns"}:
                err(f"unknown keys {set(c) - {'id', 'persona', 'lang', 'turns'}}")
            turns = c.get("turns") or []
            stats[(split, lang, "conversations")] += 1
            stats[(split, lang, "turns")] += len(turns)
            stats[(split, lang, "multi-turn")] += len(turns) > 1
            for t in turns:
                if set(t) - {"text", "intent", "scenario", "ask", "ignore"}:
                    err(f"unknown turn keys {set(t) - {'text', 'intent', 'scenario', 'ask', 'ignore'}}")
                if not isinstance(t.get("text"), str) or not t["text"].strip():
                    err("empty text")
                if t.get("intent") not in INTENTS:
                    err(f"intent {t.get('intent')!r}")
                stats[("intent", t.get("intent"))] += 1
                for key in ("ask", "ignore"):
                    if key in t:
                        stats[(split, lang, key)] += 1
                        if not (isinstance(t[key], list) and all(isinstance(x, str) and x in t["text"] for x in t[key])):
                            err(f"{key} entries must be strings found verbatim in the text")
                sc = t.get("scenario")
                if not isinstance(sc, dict):
                    err("scenario missing")
                    continue
                for k, v in sc.items():
                    if k not in SLOTS:
                        err(f"unknown slot {k}")
                    elif not isinstance(v, SLOTS[k]) or isinstance(v, bool):
                        err(f"slot {k}={v!r} has wrong type")
                if "model" in sc and sc["model"] not in models:
                    err(f"unknown model {sc['model']}")
                if "model" in sc and "params_b" in sc:
                    err("both model and params_b")
                if "gpu" in sc and sc["gpu"] not in gpus:
                    err(f"unknown gpu {sc['gpu']}")
                if "server" in sc and sc["server"] not in servers:
                    err(f"unknown server {sc['server']}")
                if "runtime" in sc and sc["runtime"] not in RUNTIMES:
                    err(f"runtime {sc['runtime']!r}")
                if "gpu" in sc and "card_vram_gb" in sc:
                    err("card_vram_gb set although a catalog gpu is named")
                if "gpus" in sc:
                    if len(sc["gpus"]) < 2 or any(g not in gpus for g in sc["gpus"]):
                        err(f"bad gpus {sc['gpus']}")
                    if "gpu" in sc:
                        err("compare item sets both gpus and gpu")
                if "gpu_counts" in sc and (len(sc["gpu_counts"]) != len(sc.get("gpus", ()))
                                           or not all(isinstance(n, int) and n > 0 for n in sc["gpu_counts"])):
                    err(f"gpu_counts {sc['gpu_counts']} must give one count per compared card")
                p = sc.get("precision")
                if p is not None and p not in PRECISIONS and not GGUF.match(p):
                    err(f"precision {p!r}")
                if "task" in sc and sc["task"] not in TASKS:
                    err(f"task {sc['task']!r}")
                if "currency" in sc and sc["currency"] not in CURRENCIES:
                    err(f"currency {sc['currency']!r}")
    for e in errors:
        print("ERROR", e)
    total = collections.Counter()
    for split in splits:
        for lang in ("ru", "en"):
            s = {k: stats[(split, lang, k)] for k in ("conversations", "turns", "multi-turn", "ask")}
            print(f"{split:8s} {lang}: " + ", ".join(f"{k} {v}" for k, v in s.items()))
            for k, v in s.items():
                total[(lang, k)] += v
    for lang in ("ru", "en"):
        print(f"total    {lang}: conversations {total[(lang, 'conversations')]}, turns {total[(lang, 'turns')]}")
    print("intents:", ", ".join(f"{k[1]} {v}" for k, v in sorted(stats.items(), key=str) if k[0] == "intent"))
    full = tuple(splits) == SPLITS
    ok = not errors and (not full or (total[("ru", "turns")] >= 215 and total[("en", "turns")] >= 105))
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(tuple(sys.argv[1:]) or SPLITS))
