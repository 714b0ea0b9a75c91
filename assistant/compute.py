"""Run the calculators a scenario calls for; every number the customer sees starts here."""
from __future__ import annotations

from pydantic import BaseModel, Field

from assistant.extract import Scenario
from assistant.types import Fact
from tools.catalog import get_gpu
from tools.cost import CostRequest, own_vs_cloud
from tools.errors import SizingError
from tools.fit import min_gpus
from tools.memory import MemoryRequest, estimate_memory
from tools.power import power_budget
from tools.build import build_check
from tools.recommend import recommend
from tools.throughput import ThroughputRequest, estimate_throughput
from tools.units import GIB


class Computation(BaseModel):
    facts: list[Fact] = Field(default_factory=list)
    missing: list[str] = Field(default_factory=list, description="What the customer should add to get numbers.")
    errors: list[str] = Field(default_factory=list, description="Calculator messages for bad input.")


def memory_request(s: Scenario, **extra) -> MemoryRequest:
    return MemoryRequest(model=s.model, params_b=None if s.model else s.params_b, precision=s.precision or "fp16",
                         context=s.context, batch=s.users or 1, task=s.task or "inference", **extra)


def _fact(tool: str, inp, out) -> Fact:
    dump = inp.model_dump(exclude_defaults=True) if hasattr(inp, "model_dump") else dict(inp)
    return Fact(tool=tool, input=dump, output=out.model_dump() if hasattr(out, "model_dump") else dict(out))


def _model_facts(s: Scenario, intent: str, c: Computation) -> None:
    req = memory_request(s)
    mem = estimate_memory(req.model_copy(update={"gpus": s.gpu_count or 1}) if not s.gpu else req)
    c.facts.append(_fact("vram", req, mem))
    target_gpu = s.gpu
    if s.gpu:
        r = req.model_copy(update={"gpus": s.gpu_count or 1, "gpu": s.gpu})  # "on an RTX 4090" = one card
        c.facts.append(_fact("fit", r, estimate_memory(r)))
        fit = min_gpus(req, s.gpu)
        c.facts.append(_fact("min_gpus", {**req.model_dump(exclude_defaults=True), "gpu": s.gpu}, fit))
    elif s.card_vram_gb:
        n = s.gpu_count or 1
        need = mem.per_gpu_bytes
        vram = int(s.card_vram_gb * GIB)
        c.facts.append(Fact(tool="fit_card", input={"card_vram_gb": s.card_vram_gb, "gpus": n},
                            output={"per_gpu_bytes": need, "card_vram_bytes": vram, "fits": need <= vram,
                                    "free_bytes": vram - need}))
    if intent in ("recommend", "power", "speed") or not (s.gpu or s.card_vram_gb):
        rec = recommend(req, top=3)
        c.facts.append(_fact("recommend", req, rec))
        if rec.configurations and not target_gpu:
            target_gpu = rec.configurations[0].gpu_id
            s_count = rec.configurations[0].count
        else:
            s_count = s.gpu_count
    else:
        s_count = s.gpu_count
    if intent == "speed" and target_gpu:
        tr = ThroughputRequest(model=s.model, params_b=None if s.model else s.params_b, gpu=target_gpu,
                               gpus=s_count or 1, precision=s.precision or "fp16", context=s.context or 4096,
                               batch=s.users or 1)
        c.facts.append(_fact("speed", tr, estimate_throughput(tr)))
    if intent == "power" and target_gpu:
        _power_facts(target_gpu, s_count or 1, c)


def _power_facts(gpu: str, count: int, c: Computation) -> None:
    cpus = 2 if count > 4 else 1
    c.facts.append(_fact("power", {"gpu": gpu, "count": count, "cpus": cpus}, power_budget(gpu, count, cpus=cpus)))
    c.facts.append(_fact("build", {"gpu": gpu, "count": count}, build_check(gpu, count)))


def compute(s: Scenario, intent: str) -> Computation:
    """Only what the question asks: a PSU question about named cards gets no memory table."""
    c = Computation()
    try:
        if intent == "cost":
            if s.server_price and s.cloud_hourly:
                req = CostRequest(server_price=s.server_price, cloud_hourly=s.cloud_hourly,
                                  hours_per_month=s.hours_per_month or 730, currency=s.currency or "")
                c.facts.append(_fact("cost", req, own_vs_cloud(req)))
            else:
                c.missing.append("cost")
        elif intent == "power" and s.gpu:
            _power_facts(s.gpu, s.gpu_count or 1, c)
        elif intent == "gpu_info" and s.gpu and not (s.model or s.params_b):
            card = get_gpu(s.gpu)  # the catalog, not a document, is the source of a card's price and specs
            c.facts.append(Fact(tool="gpu_spec", input={"gpu": s.gpu},
                                output={**card.model_dump(exclude={"aliases"}), "vram_bytes": card.vram_bytes}))
        elif s.model or s.params_b:
            _model_facts(s, intent, c)
        elif intent == "power":
            c.missing.append("gpu")
        elif intent in ("vram", "recommend", "speed"):
            c.missing.append("model")
    except SizingError as exc:
        c.errors.append(str(exc))
    return c
