"""Stage 4, facts: run the calculators the question calls for; every number the customer sees starts here.

Each default the calculation had to use (precision, context, users, card count, task, hours) is
returned as an `Assumption`, so the answer can say it and the customer can change it.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from assistant.scenario import Scenario
from assistant.types import Fact
from tools.catalog import get_gpu
from tools.cost import CostRequest, own_vs_cloud
from tools.errors import SizingError
from tools.fit import min_gpus
from tools import hardware
from tools.memory import DEFAULT_CONTEXT, MemoryRequest, estimate_memory
from tools.power import power_budget
from tools.build import build_check
from tools.recommend import recommend
from tools.throughput import ThroughputRequest, estimate_throughput
from tools.units import GIB

HOURS_PER_MONTH = 730  # 24 h x 365 d / 12: a server that never sleeps


class Assumption(BaseModel):
    slot: str
    value: Any


class Computation(BaseModel):
    facts: list[Fact] = Field(default_factory=list)
    assumptions: list[Assumption] = Field(default_factory=list, description="Defaults the calculation used.")
    missing: list[str] = Field(default_factory=list, description="What the customer should add to get numbers.")
    errors: list[str] = Field(default_factory=list, description="Calculator messages for bad input.")

    def assume(self, slot: str, value: Any) -> Any:
        if all(a.slot != slot for a in self.assumptions):
            self.assumptions.append(Assumption(slot=slot, value=value))
        return value


def fact(tool: str, inp: Any, out: Any) -> Fact:
    dump = inp.model_dump(exclude_defaults=True) if isinstance(inp, BaseModel) else dict(inp)
    return Fact(tool=tool, input=dump, output=out.model_dump() if isinstance(out, BaseModel) else dict(out))


def memory_request(s: Scenario, c: Computation | None = None, **extra: Any) -> MemoryRequest:
    """The one place a scenario becomes a memory request; defaults are recorded when `c` is given."""
    c = c or Computation()
    task = s.task or c.assume("task", "inference")
    return MemoryRequest(model=s.model, params_b=None if s.model else s.params_b,
                         precision=s.precision or c.assume("precision", "fp16"),
                         context=s.context or c.assume("context", DEFAULT_CONTEXT[task]),
                         batch=s.users or c.assume("users", 1), task=task, **extra)


def _model_facts(s: Scenario, intent: str, c: Computation) -> None:
    req = memory_request(s, c)
    count = s.gpu_count or (c.assume("gpu_count", 1) if (s.gpu or s.card_vram_gb) else 1)
    mem = estimate_memory(req.model_copy(update={"gpus": count}) if not s.gpu else req)
    c.facts.append(fact("vram", req, mem))
    target_gpu, target_count = s.gpu, s.gpu_count
    if s.gpu:
        r = req.model_copy(update={"gpus": count, "gpu": s.gpu})
        c.facts.append(fact("fit", r, estimate_memory(r)))
        c.facts.append(fact("min_gpus", {**req.model_dump(exclude_defaults=True), "gpu": s.gpu}, min_gpus(req, s.gpu)))
    elif s.card_vram_gb:
        need, vram = mem.per_gpu_bytes, int(s.card_vram_gb * GIB)
        c.facts.append(Fact(tool="fit_card", input={"card_vram_gb": s.card_vram_gb, "gpus": count},
                            output={"per_gpu_bytes": need, "card_vram_bytes": vram, "fits": need <= vram,
                                    "free_bytes": vram - need}))
    if intent in ("recommend", "power", "speed", "upgrade") or not (s.gpu or s.card_vram_gb):
        rec = recommend(req, top=3)
        c.facts.append(fact("recommend", req, rec))
        if rec.configurations and not target_gpu:
            target_gpu, target_count = rec.configurations[0].gpu_id, rec.configurations[0].count
    if intent == "speed" and target_gpu:
        tr = ThroughputRequest(model=s.model, params_b=None if s.model else s.params_b, gpu=target_gpu,
                               gpus=target_count or 1, precision=req.precision, context=req.context or 4096,
                               batch=req.batch)
        c.facts.append(fact("speed", tr, estimate_throughput(tr)))
    if intent == "power" and target_gpu:
        _power_facts(target_gpu, target_count or 1, c)


def _power_facts(gpu: str, count: int, c: Computation) -> None:
    cpus = 2 if count > 4 else 1
    c.facts.append(fact("power", {"gpu": gpu, "count": count, "cpus": cpus}, power_budget(gpu, count, cpus=cpus)))
    c.facts.append(fact("build", {"gpu": gpu, "count": count}, build_check(gpu, count)))


def _gpu_spec(gpu: str) -> Fact:
    card = get_gpu(gpu)  # the catalog, not a document, is the source of a card's price and specs
    return Fact(tool="gpu_spec", input={"gpu": gpu},
                output={**card.model_dump(exclude={"aliases"}), "vram_bytes": card.vram_bytes})


def compute(s: Scenario, intent: str) -> Computation:
    """Only what the question asks: a PSU question about named cards gets no memory table."""
    c = Computation()
    has_model = bool(s.model or s.params_b)
    try:
        if intent == "cost":
            if s.server_price and s.cloud_hourly:
                cr = CostRequest(server_price=s.server_price, cloud_hourly=s.cloud_hourly,
                                 hours_per_month=s.hours_per_month or c.assume("hours_per_month", HOURS_PER_MONTH),
                                 currency=s.currency or "")
                c.facts.append(fact("cost", cr, own_vs_cloud(cr)))
            else:
                c.missing.append("cost")
        elif intent == "compare" and s.gpus:
            req = memory_request(s, c) if has_model else None
            c.facts.append(fact("compare", {"gpus": s.gpus, **(req.model_dump(exclude_defaults=True) if req else {})},
                                hardware.compare(s.gpus, req)))
        elif intent == "power" and s.gpu:
            _power_facts(s.gpu, s.gpu_count or c.assume("gpu_count", 1), c)
        elif intent == "gpu_info" and s.gpu and not has_model:
            c.facts.append(_gpu_spec(s.gpu))
        elif intent == "upgrade" and has_model and s.gpu:
            req, have = memory_request(s, c), s.gpu_count or c.assume("gpu_count", 1)
            c.facts.append(fact("upgrade", {**req.model_dump(exclude_defaults=True), "gpu": s.gpu, "have": have},
                                hardware.upgrade(req, s.gpu, have)))
        elif has_model:
            _model_facts(s, intent, c)
        elif intent in ("models_for_hardware", "upgrade", "vram", "recommend", "speed") and (s.gpu or s.card_vram_gb):
            count = s.gpu_count or c.assume("gpu_count", 1)
            inp = {"gpu": s.gpu, "card_vram_gb": s.card_vram_gb, "count": count, "context": s.context, "users": s.users}
            c.facts.append(fact("models_for_hardware", {k: v for k, v in inp.items() if v is not None},
                                hardware.models_for_hardware(s.gpu, s.card_vram_gb, count, s.context, s.users)))
        elif intent == "power":
            c.missing.append("gpu")
        elif intent in ("vram", "recommend", "speed", "upgrade"):
            c.missing.append("model")
    except SizingError as exc:
        c.errors.append(str(exc))
    return c
