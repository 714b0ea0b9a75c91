"""From a scenario to ranked GPU configurations that fit, mapped to the vendor's server lines."""
from __future__ import annotations

from pydantic import BaseModel, Field

from tools import catalog
from tools.build import build_check
from tools.fit import min_gpus
from tools.memory import MemoryBreakdown, MemoryRequest
from tools.power import power_budget

SERVER_MAX_CARDS = 8  # one chassis; more means several servers


class Configuration(BaseModel):
    gpu: str
    gpu_id: str
    count: int
    total_vram_bytes: int
    per_gpu_need_bytes: int
    price_usd_min: float | None
    price_usd_max: float | None
    system_watts: int
    psu: str
    servers: list[str] = Field(description="Vendor server lines this configuration maps to.")
    warnings: list[str]
    breakdown: MemoryBreakdown


class Recommendation(BaseModel):
    scenario: MemoryRequest
    configurations: list[Configuration]
    not_fitting: list[str] = Field(description="Catalog GPUs on which even 8 cards do not fit.")


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


def recommend(scenario: MemoryRequest, top: int = 5, gpus: list[str] | None = None) -> Recommendation:
    cards = [catalog.get_gpu(g) for g in gpus] if gpus else catalog.load_catalog().gpus
    configs: list[Configuration] = []
    missing: list[str] = []
    for card in cards:
        fit = min_gpus(scenario, card.id, max_cards=SERVER_MAX_CARDS)
        if fit.gpus is None:
            missing.append(card.name)
            continue
        n, b = fit.gpus, fit.breakdown
        power = power_budget(card.id, n, cpus=2 if n > 4 else 1)
        configs.append(Configuration(
            gpu=card.name, gpu_id=card.id, count=n, total_vram_bytes=n * card.vram_bytes,
            per_gpu_need_bytes=b.per_gpu_bytes,
            price_usd_min=card.price_usd_min * n if card.price_usd_min else None,
            price_usd_max=card.price_usd_max * n if card.price_usd_max else None,
            system_watts=power.system_watts, psu=power.psu.label,
            servers=_servers_for(card.id, n), warnings=_warnings(card.id, n, scenario.task), breakdown=b,
        ))
    # cheapest known price first; unknown prices after, fewest cards first
    configs.sort(key=lambda c: (c.price_usd_min is None, c.price_usd_min or 0, c.count))
    return Recommendation(scenario=scenario, configurations=configs[:top], not_fitting=missing)
