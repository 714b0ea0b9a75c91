"""Facts for a named model: memory, fit on the named cards, recommendations, speed, the hybrid
GPU + RAM sizing of the vendor's DeepSeek line, and power for the card it lands on."""
from __future__ import annotations

from assistant.scenario import Scenario
from assistant.turn.facts import Assumption, Computation, fact, memory_request
from assistant.types import Fact
from tools import catalog
from tools.build import build_check
from tools.fit import FitResult, fit_options, min_gpus
from tools.memory import MemoryRequest, estimate_memory
from tools.offload import OffloadRequest, estimate_offload
from tools.energy import EnergyRequest, monthly_energy
from tools.power import power_budget
from tools.budget import budget_check
from tools.recommend import Recommendation, recommend
from tools.throughput import DoesNotFit, ThroughputRequest, estimate_throughput
from tools.cost import HOURS_PER_MONTH
from tools.units import GIB


def model_facts(s: Scenario, intent: str, c: Computation, recommend: bool = True) -> None:
    """`recommend`: False when the question compares values of one input and asks what changes, not which server."""
    req = memory_request(s, c)
    if req.runtime == "cpu":  # no cards in the question: the memory table and the RAM-side sizing
        c.facts.append(fact("vram", req, estimate_memory(req)))
        if req.task == "inference":
            offload_fact(s, req, c)
        return
    minimum = min_gpus(req, s.gpu) if s.gpu else None  # once: the "how many" count and the fact below share it
    count = s.gpu_count or _least_count(s, minimum, intent, c) or \
        (c.assume("gpu_count", 1) if (s.gpu or s.card_vram_gb) else 1)
    mem = estimate_memory(req.model_copy(update={"gpus": count}) if not s.gpu else req)
    c.facts.append(fact("vram", req, mem))
    target_gpu, target_count = s.gpu, s.gpu_count
    if s.gpu:
        r = req.model_copy(update={"gpus": count, "gpu": s.gpu})
        c.facts.append(fact("fit", r, estimate_memory(r)))
        c.facts.append(fact("min_gpus", {**req.model_dump(exclude_defaults=True), "gpu": s.gpu}, minimum))
        if req.task in ("inference", "lora"):  # the next step, computed, so the explanation need not invent one
            c.facts.append(fact("fit_options", {**req.model_dump(exclude_defaults=True), "gpu": s.gpu, "gpus": count},
                                fit_options(req, count, gpu=s.gpu)))
    elif s.card_vram_gb:
        need, vram = mem.per_gpu_bytes, int(s.card_vram_gb * GIB)
        c.facts.append(Fact(tool="fit_card", input={"card_vram_gb": s.card_vram_gb, "gpus": count},
                            output={"per_gpu_bytes": need, "card_vram_bytes": vram, "fits": need <= vram,
                                    "free_bytes": vram - need}))
        if req.task in ("inference", "lora"):
            c.facts.append(fact("fit_options", {**req.model_dump(exclude_defaults=True), "card_vram_gb": s.card_vram_gb,
                                                "gpus": count}, fit_options(req, count, card_bytes=vram)))
    if intent in ("recommend", "power", "speed", "upgrade") or (recommend and not (s.gpu or s.card_vram_gb)):
        rec = _mixed(req)
        c.facts.append(fact("recommend", req, rec))
        if s.budget:  # the budget the customer gave is set against the card prices, never just repeated
            configs = [x.model_dump() for x in rec.configurations]
            c.facts.append(fact("budget", {"budget": s.budget, "currency": s.currency},
                                budget_check(configs, s.budget, s.currency)))
        gpu_rows = [x for x in rec.configurations if x.mode == "gpu"]
        if gpu_rows and not target_gpu:  # speed and power are for an all-GPU build unless the customer said RAM
            target_gpu, target_count = gpu_rows[0].gpu_id, gpu_rows[0].count
    # experts in RAM needs an MoE model: a dense one with cards named ("две 3090 и 64 гига оперативы … дистил 70б")
    # showed tools/offload's English refusal to the customer (the final review at c072517)
    moe = bool(s.model and catalog.get_model(s.model).moe_experts)
    hybrid = bool(s.ram_gb or s.server == "deepseek" or s.runtime == "cpu") and req.task == "inference" and \
        (moe or not s.gpu)
    if hybrid:  # the vendor's DeepSeek line: attention on the cards, routed experts in RAM
        offload_fact(s, req, c)
    if intent == "speed" and target_gpu:
        tr = ThroughputRequest(model=s.model, params_b=None if s.model else s.params_b, gpu=target_gpu,
                               gpus=target_count or 1, precision=req.precision, context=req.context or 4096,
                               batch=req.batch, runtime=req.runtime)
        try:
            c.facts.append(fact("speed", tr, estimate_throughput(tr)))
        except DoesNotFit:  # no speed is quoted for a setup that cannot hold the model
            if not hybrid:
                c.facts.append(Fact(tool="no_speed", input=tr.model_dump(exclude_defaults=True),
                                    output={"model": s.model or f"{s.params_b}B", "gpu": target_gpu,
                                            "gpus": target_count or 1, "runtime": req.runtime}))
    if intent == "power" and target_gpu:
        power_facts(target_gpu, target_count or 1, c, s.psu_w, s.cpus, s.hours_per_month, s.electricity_price,
                    s.currency)


def _least_count(s: Scenario, minimum: FitResult | None, intent: str, c: Computation) -> int | None:
    """"how many A100s for llama 70b for 50 people": the count is the question, so the fit is shown for the least
    count that holds the model, marked as that, never for one card by default under "Minimum cards: 5"."""
    if intent != "recommend" or minimum is None or s.gpu_count:
        return None
    least = minimum.gpus
    if least:
        c.assumptions.append(Assumption(slot="gpu_count", value=least, least=True))
    return least


def _mixed(req: MemoryRequest, top: int = 3) -> Recommendation:
    """The cheapest fits, but never only the hybrid GPU + RAM line: when it ranks first, the best
    all-GPU builds stand beside it, so a customer sees both ways to run a large MoE model."""
    rec = recommend(req, top=top)
    if all(x.mode == "gpu" for x in rec.configurations):
        return rec
    hybrid = next(x for x in rec.configurations if x.mode != "gpu")
    gpu_only = recommend(req, top=top, include_hybrid=False).configurations[: top - 1]
    return rec.model_copy(update={"configurations": [hybrid, *gpu_only]})


def offload_fact(s: Scenario, req: MemoryRequest, c: Computation) -> None:
    gpu = None if s.runtime == "cpu" else s.gpu
    gpus = s.gpu_count or (c.assume("gpu_count", 1) if gpu else 1)
    oreq = OffloadRequest(model=s.model, params_b=None if s.model else s.params_b,
                          precision=req.precision, context=req.context or 4096, batch=req.batch,
                          gpu=gpu, gpus=gpus, mode="auto" if gpu else "cpu", ram_gb=s.ram_gb)
    c.facts.append(fact("offload", oreq, estimate_offload(oreq)))


def power_facts(gpu: str, count: int, c: Computation, psu_w: int | None = None, cpus: int | None = None,
                hours: float | None = None, price: float | None = None, currency: str | None = None) -> None:
    """`psu_w`: the customer's own PSU, checked in the same fact ("бп на 1500: не хватает"); `cpus`: the sockets the
    customer named, else two past four cards (a board with more x16 slots is a dual-socket one), shown as assumed.
    `hours` a month or a `price` per kW·h: the month's electricity at full load too (hours around the clock
    when only the price was given, shown as assumed)."""
    cpus = cpus or c.assume("cpus", 2 if count > 4 else 1)
    inp = {"gpu": gpu, "count": count, "cpus": cpus} | ({"psu_w": psu_w} if psu_w else {})
    budget = power_budget(gpu, count, cpus=cpus, psu_w=psu_w)
    c.facts.append(fact("power", inp, budget))
    c.facts.append(fact("build", {"gpu": gpu, "count": count}, build_check(gpu, count)))
    if hours or price:  # "24/7", "12 ч в день", "по 6 руб за кВт·ч": the month's electricity was asked
        req = EnergyRequest(system_watts_min=budget.system_watts_min, system_watts=budget.system_watts,
                            hours_per_month=hours or c.assume("hours_per_month", HOURS_PER_MONTH),
                            price_per_kwh=price, currency=currency or "")
        c.facts.append(fact("energy", req, monthly_energy(req)))
