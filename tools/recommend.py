"""From a scenario to ranked configurations that fit, mapped to the vendor's server lines.

All-GPU configurations come first from the card catalog (smallest count that fits; for vLLM/SGLang
the smallest valid tensor-parallel size). For MoE models that no affordable card set holds, the
vendor's HUANANZHI DeepSeek line is also sized as it is really used: a few cards for attention and
shared weights, routed experts in its DDR4 (hybrid, tools/offload.py), and CPU-only.
Ranking: configurations whose per-user decode speed meets the target first, then the cheapest
known price, then fewest cards.
"""
from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field

from tools import catalog
from tools.build import build_check
from tools.catalog import GPU
from tools.errors import SizingError
from tools.fit import min_gpus
from tools.memory import MemoryBreakdown, MemoryRequest, estimate_memory, valid_tensor_parallel
from tools.offload import OffloadRequest, OffloadResult, estimate_offload
from tools.power import power_budget
from tools.throughput import ThroughputRequest, estimate_throughput
from tools.units import Unit

SERVER_MAX_CARDS = 8  # one chassis; more means several servers
HYBRID_LINE = "deepseek"
HYBRID_MAX_CARDS = 4  # X99: 80 lanes -> 4 cards at x16


class Configuration(BaseModel):
    gpu: str
    gpu_id: str
    count: Annotated[int, Unit.COUNT]
    total_vram_bytes: Annotated[int, Unit.BYTES]
    per_gpu_need_bytes: Annotated[int, Unit.BYTES]
    price_usd_min: Annotated[float | None, Unit.USD]
    price_usd_max: Annotated[float | None, Unit.USD]
    system_watts: Annotated[int, Unit.WATT]
    psu: str
    servers: list[str] = Field(description="Vendor server lines this configuration maps to.")
    warnings: list[str]
    breakdown: MemoryBreakdown | None = None
    mode: str = Field("gpu", description="'gpu' (all in VRAM), 'hybrid' (experts in RAM) or 'cpu'.")
    runtime: str = "llama.cpp"
    ram_gb: Annotated[int | None, Unit.GB] = Field(
        None, description="System RAM the configuration needs installed (hybrid/cpu).")
    decode_tokens_per_s_per_user: Annotated[float | None, Unit.TOK_S] = None
    decode_tokens_per_s_total: Annotated[float | None, Unit.TOK_S] = None
    time_to_first_token_s: float | None = None
    meets_speed: bool | None = Field(None, description="Per-user decode >= the target (None: no target given).")
    hybrid: OffloadResult | None = None


class Recommendation(BaseModel):
    scenario: MemoryRequest
    configurations: list[Configuration]
    not_fitting: list[str] = Field(description="Catalog GPUs on which even 8 cards do not fit.")
    min_tokens_per_s: Annotated[float | None, Unit.TOK_S] = None
    runtime: str = "llama.cpp"


def _servers_for(gpu_id: str, count: int) -> list[str]:
    names = []
    for s in catalog.load_catalog().servers:
        if gpu_id not in s.gpu_ids:
            continue
        per_node = s.gpus_per_node_max
        if not s.pooled and count > 1:
            continue  # independent nodes cannot pool memory for one model
        if per_node is not None and count > per_node:
            continue
        if s.gpus_fixed:
            if count > s.gpus_fixed or s.gpus_fixed % count:
                continue  # a DGX has 8 GPUs: 1, 2, 4 or 8 per model replica
            if count < s.gpus_fixed:
                names.append(f"{s.name} ({s.gpus_fixed} GPUs: {s.gpus_fixed // count} replicas of {count})")
                continue
        names.append(s.name)
    return names


def _warnings(gpu_id: str, count: int, task: str) -> list[str]:
    card = catalog.get_gpu(gpu_id)
    out = []
    if card.datacenter_restricted:
        out.append("GeForce licence: not permitted for datacenter deployment")
    if count > 1 and task != "inference" and not card.nvlink:
        out.append("no NVLink: multi-GPU training over PCIe scales poorly")
    if count > 1 and task == "inference" and not card.nvlink:
        out.append("PCIe only: fine for inference, slower for tensor-parallel traffic")
    out += [n for n in build_check(gpu_id, count).notes if "at most" in n]
    return out


def _speed(scenario: MemoryRequest, gpu_id: str, n: int) -> tuple[float | None, float | None, float | None]:
    if scenario.task != "inference" or not (scenario.model or scenario.params_b) or scenario.model_file:
        return None, None, None
    try:
        t = estimate_throughput(ThroughputRequest(
            model=scenario.model, params_b=scenario.params_b, gpu=gpu_id, gpus=n, precision=scenario.precision,
            context=scenario.context or 8192, batch=scenario.batch, runtime=scenario.runtime,
            kv_dtype=scenario.kv_dtype, check_fit=False))
    except SizingError:
        return None, None, None
    return t.decode_tokens_per_s_per_user, t.decode_tokens_per_s_total, t.time_to_first_token_s


def _gpu_configs(scenario: MemoryRequest, cards: list[GPU], missing: list[str]) -> list[Configuration]:
    configs = []
    paged = scenario.runtime in ("vllm", "sglang")
    for card in cards:
        fit = min_gpus(scenario, card.id, max_cards=SERVER_MAX_CARDS)
        if fit.gpus is None:
            missing.append(card.name)
            continue
        n, b = fit.gpus, fit.breakdown
        if b is None:  # min_gpus returns a breakdown with every card count it finds
            raise SizingError(f"no memory breakdown for {n} x {card.name}")
        if paged and scenario.task == "inference":
            model = catalog.get_model(scenario.model) if scenario.model else None
            while model and n <= SERVER_MAX_CARDS and not valid_tensor_parallel(model, n):
                n += 1  # tensor-parallel size must divide the heads: 3 -> 4
            if n > SERVER_MAX_CARDS:
                missing.append(card.name)
                continue
            if n != fit.gpus:
                b = estimate_memory(scenario.model_copy(update={"gpus": n, "gpu": card.id}))
        power = power_budget(card.id, n, cpus=2 if n > 4 else 1)
        per_user, total, ttft = _speed(scenario, card.id, n)
        warnings = _warnings(card.id, n, scenario.task)
        if n != fit.gpus:
            warnings.append(f"{fit.gpus} cards would hold it, but tensor parallel needs a size dividing the "
                            f"attention heads: {n}")
        configs.append(Configuration(
            gpu=card.name, gpu_id=card.id, count=n, total_vram_bytes=n * card.vram_bytes,
            per_gpu_need_bytes=b.per_gpu_bytes,
            price_usd_min=card.price_usd_min * n if card.price_usd_min else None,
            price_usd_max=card.price_usd_max * n if card.price_usd_max else None,
            system_watts=power.system_watts, psu=power.psu.label,
            servers=_servers_for(card.id, n), warnings=warnings, breakdown=b, runtime=scenario.runtime,
            decode_tokens_per_s_per_user=per_user, decode_tokens_per_s_total=total, time_to_first_token_s=ttft,
        ))
    return configs


def hybrid_configs(scenario: MemoryRequest, cards: list[GPU] | None = None) -> list[Configuration]:
    """The HUANANZHI DeepSeek line for a MoE model: for each of its cards, the fewest cards (up to 4)
    and the smallest RAM option that hold the model with experts in RAM, plus CPU-only."""
    if scenario.task != "inference" or not scenario.model:
        return []
    model = catalog.get_model(scenario.model)
    try:
        line = catalog.get_server(HYBRID_LINE)
    except SizingError:
        return []
    if model.kind != "llm" or not line.platform:
        return []
    ram_options = line.ram_gb_options or [512]
    ctx = scenario.context or 8192
    out: list[Configuration] = []
    ids = [c.id for c in cards] if cards else line.gpu_ids
    candidates = [(gid, n) for gid in ids if gid in line.gpu_ids for n in range(1, HYBRID_MAX_CARDS + 1)] \
        if model.moe_experts else []
    seen_gpu = set()
    for gid, n in candidates + [(None, 0)]:
        if gid in seen_gpu:
            continue
        for ram in ram_options:
            r = estimate_offload(OffloadRequest(model=scenario.model, precision=scenario.precision, context=ctx,
                                                batch=scenario.batch, kv_dtype=scenario.kv_dtype, gpu=gid,
                                                gpus=max(n, 1), platform=line.platform, ram_gb=ram,
                                                mode="cpu" if gid is None else "auto"))
            if r.fits:
                break
        else:
            continue
        seen_gpu.add(gid)
        card = catalog.get_gpu(gid) if gid else None
        power = power_budget(card.id, n, cpus=2) if card else None
        label = (f"{line.name}: {n} × {card.name} + {ram} GB DDR4, experts of {r.n_cpu_moe}/{r.moe_layers} "
                 f"MoE layers in RAM" if card else f"{line.name}: CPU only, {ram} GB DDR4")
        out.append(Configuration(
            gpu=card.name if card else "CPU only", gpu_id=gid or "cpu", count=n,
            total_vram_bytes=n * card.vram_bytes if card else 0, per_gpu_need_bytes=r.gpu_bytes_per_card,
            price_usd_min=card.price_usd_min * n if card and card.price_usd_min else None,
            price_usd_max=card.price_usd_max * n if card and card.price_usd_max else None,
            system_watts=power.system_watts if power else 2 * 350 + 350, psu=power.psu.label if power else "1×1200 W",
            servers=[label], mode="hybrid" if card else "cpu", runtime="llama.cpp" if card else "cpu", ram_gb=ram,
            warnings=[f"{'hybrid' if card else 'CPU-only'}: decode bound by RAM bandwidth ({r.numa_note})",
                      r.pcie_note] + (_warnings(card.id, n, "inference") if card else []),
            decode_tokens_per_s_per_user=r.decode_tokens_per_s_per_user,
            decode_tokens_per_s_total=r.decode_tokens_per_s_total, time_to_first_token_s=r.time_to_first_token_s,
            hybrid=r,
        ))
    return out


def recommend(scenario: MemoryRequest, top: int = 5, gpus: list[str] | None = None,
              min_tokens_per_s: float | None = None, include_hybrid: bool = True) -> Recommendation:
    cards = [catalog.get_gpu(g) for g in gpus] if gpus else catalog.load_catalog().gpus
    missing: list[str] = []
    configs = _gpu_configs(scenario, cards, missing)
    if include_hybrid:
        configs += hybrid_configs(scenario, cards if gpus else None)
    for c in configs:
        if min_tokens_per_s is not None and c.decode_tokens_per_s_per_user is not None:
            c.meets_speed = c.decode_tokens_per_s_per_user >= min_tokens_per_s
        elif min_tokens_per_s is not None:
            c.meets_speed = False if scenario.task == "inference" else None
    # users' speed met first; then cheapest known price; unknown prices after, fewest cards first
    configs.sort(key=lambda c: (c.meets_speed is False, c.price_usd_min is None, c.price_usd_min or 0, c.count))
    return Recommendation(scenario=scenario, configurations=configs[:top], not_fitting=missing,
                          min_tokens_per_s=min_tokens_per_s, runtime=scenario.runtime)
