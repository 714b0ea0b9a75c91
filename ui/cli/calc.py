"""Calculator sub-commands: vram, fit, speed, power, build, gpus, models, recommend, cost.

They call tools/ directly (no language model) and print a table, or JSON with --json.
"""
from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

from assistant.scenario import Scenario
from assistant.turn.facts import memory_request
from tools import catalog
from tools.build import build_check
from tools.cost import CostRequest, own_vs_cloud
from tools.fit import max_context, max_users
from tools.memory import MemoryRequest, estimate_memory, normalise_runtime
from tools.power import power_budget
from tools.recommend import recommend
from tools.throughput import ThroughputRequest, estimate_throughput
from tools.units import fmt_gb


def money(lo: float | None, hi: float | None) -> str:
    return "on request" if lo is None else f"{lo:,.0f}–{hi:,.0f}"


def table(rows: Sequence[Sequence[object]], header: list[str]) -> str:
    cells = [header] + [[str(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _emit(args, obj, human: str) -> int:
    print(json.dumps(obj, ensure_ascii=False, indent=2) if args.json else human)
    return 0


def _at_least_one(value: str) -> int:
    """A whole number from 1 (in a conversation 0 reads as "not said"; as a flag it is a mistake)."""
    try:
        n = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, got {value!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {n}")
    return n


def _memory_args(p: argparse.ArgumentParser, gpus_default: int = 1) -> None:
    g = p.add_mutually_exclusive_group()
    g.add_argument("--model", help="catalog model name, e.g. 'Llama-3-8B'")
    g.add_argument("--params-b", type=float, help="parameters in billions (model not in the catalog)")
    g.add_argument("--model-file", help="local GGUF or config.json to read the architecture from")
    p.add_argument("--precision", default="fp16", help="fp16, bf16, fp8, int8, int4, nf4, Q4_K_M, Q8_0 ...")
    p.add_argument("--context", type=_at_least_one, help="tokens per sequence (default 8192; training 2048)")
    p.add_argument("--batch", type=_at_least_one, default=1, help="concurrent sequences / users")
    p.add_argument("--kv-dtype", default="fp16", help="KV cache type: fp16, fp8, q8_0, q4_0")
    p.add_argument("--task", default="inference", choices=["inference", "lora", "qlora", "full"])
    p.add_argument("--gpus", type=int, default=gpus_default, help="cards to split over")
    p.add_argument("--gpu", help="catalog GPU to check the fit against")
    p.add_argument("--reserve", type=float, dest="reserve_fraction", help="safety reserve fraction")
    p.add_argument("--runtime", default="llama.cpp", choices=["llama.cpp", "vllm", "sglang", "cpu", "gpu"],
                   help="inference engine (default llama.cpp; 'gpu' = llama.cpp): KV layout, what fits means")
    p.add_argument("--gpu-memory-utilization", type=float, help="vLLM/SGLang share of VRAM claimed (0.9)")
    _offload_args(p)
    p.add_argument("--lora-rank", type=int, default=16)
    p.add_argument("--no-checkpointing", dest="grad_checkpointing", action="store_false")
    p.add_argument("--master-weights", dest="master_weights", action="store_true", default=None,
                   help="count the fp32 master copy (training; the default, 16 B/param)")
    p.add_argument("--no-master-weights", dest="master_weights", action="store_false",
                   help="no fp32 master copy: 12 B/param, the vendor guide's figure")
    p.add_argument("--json", action="store_true", help="machine-readable output")


def _offload_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--offload", help="hybrid GPU+RAM (llama.cpp): auto | experts (-ot exps=CPU) | N "
                   "(--n-cpu-moe N); with --runtime cpu and no --gpu: CPU only")
    p.add_argument("--ram-gb", type=float, help="system RAM for --offload/--runtime cpu (default: platform max)")
    p.add_argument("--platform", default="x99-dual-e5v4", help="CPU platform for --offload (catalog id)")


def _offload(args, gpu: str | None):
    from tools.offload import OffloadRequest, estimate_offload

    mode, n = (args.offload or "auto"), None
    if str(mode).isdigit():
        mode, n = "n_cpu_moe", int(mode)
    if args.runtime == "cpu" and not args.offload:
        mode, gpu = "cpu", None
    return estimate_offload(OffloadRequest(
        model=args.model, params_b=args.params_b, precision=args.precision, context=args.context or 4096,
        batch=args.batch, gpu=gpu, gpus=args.gpus, mode=mode, n_cpu_moe=n, platform=args.platform,
        ram_gb=args.ram_gb))


def _offload_human(r) -> str:
    if not r.fits:
        return f"REFUSED: {r.refusal}\n* {r.pcie_note}\n* {r.numa_note}"
    rows = [[r.gpu or "CPU only", r.gpus, fmt_gb(r.gpu_bytes_per_card), fmt_gb(r.ram_bytes_needed),
             r.decode_tokens_per_s_per_user, r.decode_tokens_per_s_one_socket, r.decode_ceiling_tokens_per_s_per_user,
             r.prefill_tokens_per_s, r.time_to_first_token_s]]
    out = (f"{r.model} {r.precision}, runtime {r.runtime}, {r.platform}\n"
           + table(rows, ["GPU", "n", "VRAM/card", "RAM", "tok/s", "tok/s 1 socket", "ceiling", "prompt tok/s",
                          "TTFT s"]))
    out += f"\nslower path: {r.slower_path}; prompt: {r.prefill_path}"
    return out + "\n" + "\n".join(f"* {a}" for a in [*r.placement, r.pcie_note, r.numa_note, *r.assumptions])


# flags that are a conversation's slots too (flag -> Scenario slot); the others pass straight through
_SLOTS = {"model": "model", "params_b": "params_b", "precision": "precision", "context": "context", "batch": "users",
          "task": "task", "runtime": "runtime"}


def _memory_request(args) -> MemoryRequest:
    """The chat's one builder of a memory request (assistant/turn/facts.py), so a flag left out gets
    the default a conversation would; flags with no slot (model file, KV type, cards, LoRA) are extras."""
    flags = {k: v for k, v in vars(args).items() if v is not None}
    said = {slot: flags[flag] for flag, slot in _SLOTS.items() if flag in flags}
    if "runtime" in said:
        said["runtime"] = normalise_runtime(said["runtime"])  # 'gpu' is the old name of llama.cpp
    extra = {k: v for k, v in flags.items() if k in MemoryRequest.model_fields and k not in _SLOTS}
    return memory_request(Scenario(**said), **extra)


def memory_rows(b) -> list[list[object]]:
    parts = [("weights", b.weights_bytes), ("KV cache", b.kv_cache_bytes), ("activations", b.activations_bytes),
             ("gradients", b.gradients_bytes), ("optimizer (Adam)", b.optimizer_bytes),
             ("fp32 master weights", b.master_weights_bytes), ("CUDA context", b.cuda_context_bytes),
             ("framework", b.framework_bytes), ("reserve", b.reserve_bytes), ("TOTAL", b.total_bytes)]
    return [[name, fmt_gb(v), f"{v:,}"] for name, v in parts if v or name == "TOTAL"]


def cmd_vram(args) -> int:
    if args.offload or (args.runtime == "cpu" and args.model and not args.model_file and args.task == "inference"
                        and args.ram_gb):
        r = _offload(args, args.gpu)
        return _emit(args, r.model_dump(), _offload_human(r))
    b = estimate_memory(_memory_request(args))
    out = b.model_dump()
    out["rendered"] = {k: fmt_gb(v) for k, v in out.items() if k.endswith("_bytes") and isinstance(v, int)}
    head = (f"{b.model}, {b.task}, {b.precision}, context {b.context}, batch {b.batch}, {b.gpus} GPU(s), "
            f"runtime {b.runtime}\n"
            "(GB = 10^9 bytes)\n")
    human = head + table(memory_rows(b), ["part", "GB", "bytes"])
    if b.gpus > 1:
        human += f"\nper card: {fmt_gb(b.per_gpu_bytes)}"
    if b.fits is not None and b.gpu_vram_bytes is not None:  # both set when a GPU was named
        human += (f"\n{b.gpu}: {fmt_gb(b.gpu_vram_bytes)} per card -> "
                  + ("fits" if b.fits else "does NOT fit"))
    human += "\n" + "\n".join(f"* {a}" for a in b.assumptions)
    return _emit(args, out, human)


def cmd_fit(args) -> int:
    req = _memory_request(args)
    ctx = max_context(req)
    users = max_users(req)
    out = {"gpu": req.gpu, "gpus": req.gpus, "max_context": ctx, "max_users_at_context": users,
           "context": req.context or 8192}
    human = (f"{req.gpus} x {req.gpu}: longest context {ctx} tokens (1 user); "
             f"{users} concurrent users at {out['context']} tokens")
    return _emit(args, out, human)


def cmd_speed(args) -> int:
    from tools.throughput import DoesNotFit

    if args.offload or args.runtime == "cpu" or not args.gpu:
        r = _offload(args, args.gpu)
        return _emit(args, r.model_dump(), _offload_human(r))
    try:
        r = estimate_throughput(ThroughputRequest(model=args.model, params_b=args.params_b, gpu=args.gpu,
                                                  gpus=args.gpus, precision=args.precision, context=args.context,
                                                  batch=args.batch, runtime=args.runtime))
    except DoesNotFit as e:
        out = {"fits": False, "refusal": str(e), "runtime": args.runtime,
               "memory": e.breakdown.model_dump() if e.breakdown else None}
        _emit(args, out, f"REFUSED: {e}")
        return 2
    human = table([[r.gpu, r.gpus, r.parallel, r.decode_tokens_per_s_per_user, r.decode_tokens_per_s_total,
                    r.decode_ceiling_tokens_per_s_per_user, r.prefill_tokens_per_s, r.time_to_first_token_s]],
                  ["GPU", "n", "split", "tok/s per user", "tok/s total", "ceiling/user", "prefill tok/s", "TTFT s"])
    human = f"runtime {r.runtime}; decode bound by {r.bound}\n" + human
    return _emit(args, r.model_dump(), human + "\n" + "\n".join(f"* {a}" for a in r.assumptions))


def cmd_power(args) -> int:
    r = power_budget(args.gpu, args.count, cpus=args.cpus, other_w=args.other_w)
    rows: list[list[object]] = [["GPUs", r.gpu_watts], ["CPUs (max)", r.cpu_watts], ["platform", r.platform_watts],
            ["system peak", f"{r.system_watts_min}–{r.system_watts}"], ["PSU design load", r.psu_design_watts]]
    human = table(rows, ["part", "W"]) + f"\nPSU: {r.psu.label}, {r.efficiency_class}\noptions: " + \
        ", ".join(o.label for o in r.psu_options) + "\n" + "\n".join(f"* {n}" for n in r.notes)
    return _emit(args, r.model_dump(), human)


def cmd_build(args) -> int:
    r = build_check(args.gpu, args.count)
    human = (f"{r.count} x {r.gpu}: {r.slots_needed} slots, cooling {r.cooling}"
             f" ({'ok' if r.cooling_ok_as_is else 'needs changes'})\nplatforms: {', '.join(r.platforms) or '-'}\n"
             + "\n".join(f"* {n}" for n in r.notes))
    return _emit(args, r.model_dump(), human)


def cmd_gpus(args) -> int:
    gpus = catalog.load_catalog().gpus
    rows = [{"id": g.id, "name": g.name, "vram_gb": g.vram_gib, "vram_bytes": g.vram_bytes,
             "memory_type": g.memory_type, "tdp_w": g.tdp_w, "bandwidth_gbs": g.bandwidth_gbs,
             "fp16_tflops": g.fp16_tflops, "price_usd_min": g.price_usd_min, "price_usd_max": g.price_usd_max,
             "nvlink": g.nvlink, "class": g.gpu_class} for g in gpus]
    human = table([[g.name, g.vram_gib, g.memory_type, g.tdp_w, g.bandwidth_gbs,
                    money(g.price_usd_min, g.price_usd_max)] for g in gpus],
                  ["GPU", "VRAM (GB as marketed = GiB)", "memory", "TDP W", "GB/s", "price $"])
    return _emit(args, rows, human)


def cmd_models(args) -> int:
    models = catalog.load_catalog().models
    rows = [m.model_dump(exclude={"aliases", "source"}) for m in models]
    human = table([[m.name, m.params_b, m.active_params_b or "", m.n_layers or "", m.n_kv_heads or "",
                    m.max_context or ""] for m in models], ["model", "params B", "active B", "layers", "KV heads", "ctx"])
    return _emit(args, rows, human)


def cmd_recommend(args) -> int:
    r = recommend(_memory_request(args), top=args.top, min_tokens_per_s=args.min_tokens_per_s)
    rows = [[c.gpu, c.count, c.mode + (f" {c.ram_gb} GB RAM" if c.ram_gb else ""), fmt_gb(c.per_gpu_need_bytes),
             fmt_gb(c.total_vram_bytes), money(c.price_usd_min, c.price_usd_max), c.system_watts,
             c.decode_tokens_per_s_per_user if c.decode_tokens_per_s_per_user is not None else "-",
             c.time_to_first_token_s if c.time_to_first_token_s is not None else "-",
             {True: "yes", False: "no", None: "-"}[c.meets_speed], ", ".join(c.servers) or "-"]
            for c in r.configurations]
    human = f"runtime {r.runtime}\n" + table(rows, ["GPU", "n", "mode", "need/card", "VRAM total", "price $",
                                                   "system W", "tok/s/user", "TTFT s", "speed met", "vendor line"])
    for c in r.configurations:
        for w in c.warnings:
            human += f"\n! {c.count} x {c.gpu}: {w}"
    return _emit(args, r.model_dump(), human)


def cmd_cost(args) -> int:
    r = own_vs_cloud(CostRequest(server_price=args.server_price, cloud_hourly=args.cloud_hourly,
                                 hours_per_month=args.hours_per_month, power_kw=args.power_kw,
                                 electricity_price=args.electricity_price, pue=args.pue, currency=args.currency))
    return _emit(args, r.model_dump(), "\n".join(r.notes))


def register(sub) -> None:
    p = sub.add_parser("vram", help="memory to run or fine-tune a model")
    _memory_args(p)
    p.set_defaults(func=cmd_vram)

    p = sub.add_parser("fit", help="longest context and most users that fit a GPU set")
    _memory_args(p)
    p.set_defaults(func=cmd_fit)

    p = sub.add_parser("recommend", help="ranked GPU configurations for a scenario")
    _memory_args(p)
    p.add_argument("--top", type=int, default=5)
    p.add_argument("--min-tokens-per-s", type=float, help="per-user decode speed the users need")
    p.set_defaults(func=cmd_recommend)

    p = sub.add_parser("speed", help="decode/prefill tokens per second bound")
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--model")
    g.add_argument("--params-b", type=float)
    p.add_argument("--gpu", help="catalog GPU (omit with --runtime cpu)")
    p.add_argument("--gpus", type=int, default=1)
    p.add_argument("--precision", default="fp16")
    p.add_argument("--context", type=int, default=4096)
    p.add_argument("--batch", type=int, default=1)
    p.add_argument("--runtime", default="llama.cpp", choices=["llama.cpp", "vllm", "sglang", "cpu", "gpu"],
                   help="llama.cpp splits layers (default); vllm/sglang split tensors")
    _offload_args(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_speed)

    p = sub.add_parser("power", help="power budget and PSU")
    p.add_argument("--gpu", required=True)
    p.add_argument("--count", type=int, required=True)
    p.add_argument("--cpus", type=int, default=1)
    p.add_argument("--other-w", type=int, help="board/RAM/disks/fans watts (default 300–350)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_power)

    p = sub.add_parser("build", help="slots, cooling and PCIe lanes")
    p.add_argument("--gpu", required=True)
    p.add_argument("--count", type=int, required=True)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_build)

    for name, func, help_ in (("gpus", cmd_gpus, "GPU catalog"), ("models", cmd_models, "model catalog")):
        p = sub.add_parser(name, help=help_)
        p.add_argument("--json", action="store_true")
        p.set_defaults(func=func)

    p = sub.add_parser("cost", help="own server vs cloud break-even")
    p.add_argument("--server-price", type=float, required=True)
    p.add_argument("--cloud-hourly", type=float, required=True)
    p.add_argument("--hours-per-month", type=float, default=730)
    p.add_argument("--power-kw", type=float, default=0.0)
    p.add_argument("--electricity-price", type=float, default=0.0)
    p.add_argument("--pue", type=float, default=1.0)
    p.add_argument("--currency", default="")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_cost)
