"""Power budget and PSU choice, sized on peak draw.

GPUs at board power (TDP) + CPUs + the rest of the platform (board, RAM, disks, fans).
The PSU is sized for the peak system draw plus headroom; several PSUs can share the load
(N) or add a spare (N+1). Above one 16 A / 230 V line a three-phase feed is advisable.
"""
from __future__ import annotations

import math

from pydantic import BaseModel, Field

from tools import catalog
from tools.units import check_finite

CPU_W = (200, 350)  # per CPU socket (guide: 200-350 W)
PLATFORM_W = (300, 350)  # board, RAM, disks, fans: the guide's 2300-2500 W for 4x4090 minus GPUs and CPU
PSU_HEADROOM = 1.2  # run PSUs at <= ~83 % of rating
SINGLE_PSU_SIZES = (850, 1000, 1200, 1300, 1600, 2000, 2400, 2700, 3000, 3200)
MODULE_SIZES = (1600, 3000)  # common hot-swap server modules
SINGLE_PHASE_LIMIT_W = 16 * 230  # one 16 A line at 230 V
CONNECTOR_RATING_W = {"12VHPWR": 600, "12V-2x6": 600, "8-pin EPS": 300, "8-pin PCIe": 150}


class PSUOption(BaseModel):
    units: int
    unit_w: int
    total_w: int
    redundancy: str = Field(description="'single', 'N' (load shared, no spare) or 'N+1'.")
    label: str


class PowerResult(BaseModel):
    gpu: str
    count: int
    cpus: int
    gpu_watts: int
    cpu_watts: int = Field(description="At the top of the per-CPU range.")
    gpu_plus_cpu_watts: int
    platform_watts: int
    system_watts: int = Field(description="Peak system draw used for sizing (top of range).")
    system_watts_min: int
    psu_design_watts: int
    psu: PSUOption = Field(description="Recommended PSU configuration.")
    psu_options: list[PSUOption]
    efficiency_class: str
    three_phase_advisable: bool
    connectors: dict[str, int]
    notes: list[str]


def _option(units: int, unit_w: int, redundancy: str) -> PSUOption:
    label = f"{units}×{unit_w} W" + {"single": "", "N": " (shared load)", "N+1": " (N+1 redundant)"}[redundancy]
    return PSUOption(units=units, unit_w=unit_w, total_w=units * unit_w, redundancy=redundancy, label=label)


def psu_options(design_w: int) -> list[PSUOption]:
    opts: list[PSUOption] = []
    for unit in MODULE_SIZES:
        n = math.ceil(design_w / unit)
        if n == 1:
            opts.append(_option(1, unit, "single"))
            opts.append(_option(2, unit, "N+1"))
        elif n <= 8:
            opts.append(_option(n, unit, "N"))
            opts.append(_option(n + 1, unit, "N+1"))
    single = next((s for s in SINGLE_PSU_SIZES if s >= design_w), None)
    if single and all(not (o.units == 1 and o.unit_w == single) for o in opts):
        opts.insert(0, _option(1, single, "single"))
    return sorted(opts, key=lambda o: (o.total_w, o.units))


def power_budget(gpu: str, count: int, cpus: int = 1, other_w: int | None = None) -> PowerResult:
    check_finite("count", count, low=1, high=64)
    check_finite("cpus", cpus, low=0, high=8)
    if other_w is not None:
        check_finite("other_w", other_w, low=0, high=20_000)
    card = catalog.get_gpu(gpu)
    count, cpus = int(count), int(cpus)
    gpu_w = card.tdp_w * count
    cpu_max, cpu_min = CPU_W[1] * cpus, CPU_W[0] * cpus
    plat_min, plat_max = (other_w, other_w) if other_w is not None else PLATFORM_W
    system_max = gpu_w + cpu_max + plat_max
    system_min = gpu_w + cpu_min + plat_min
    design = math.ceil(system_max * PSU_HEADROOM)
    options = psu_options(design)
    redundant = [o for o in options if o.redundancy == "N+1"]
    singles = [o for o in options if o.redundancy == "single" and o.units == 1]
    # one PSU when one can do it; a spare module otherwise, since a dead PSU must not stop a big box
    recommended = singles[0] if singles else min(redundant, key=lambda o: (o.unit_w != 3000, o.total_w))
    notes = [f"GPUs: {count} × {card.tdp_w} W = {gpu_w} W",
             f"CPUs: {cpus} × {CPU_W[0]}–{CPU_W[1]} W; board, RAM, disks, fans: {plat_min}–{plat_max} W",
             f"PSU sized for {system_max} W × {PSU_HEADROOM:g} headroom = {design} W"]
    if card.tdp_w_min and card.tdp_w_min != card.tdp_w:
        notes.append(f"{card.name}: {card.tdp_w_min}–{card.tdp_w} W depending on version; the maximum is used")
    connectors: dict[str, int] = {}
    if card.power_connector in ("12VHPWR", "12V-2x6"):
        connectors[card.power_connector] = count
        notes.append(f"one {card.power_connector} cable (600 W) per card straight from the PSU, no daisy-chain")
    elif card.power_connector in CONNECTOR_RATING_W:
        per_card = math.ceil(card.tdp_w / CONNECTOR_RATING_W[card.power_connector])
        connectors[card.power_connector] = count * per_card
    if cpus:
        connectors["8-pin EPS (CPU)"] = cpus
    three_phase = system_max > SINGLE_PHASE_LIMIT_W
    if three_phase:
        notes.append(f"{system_max} W exceeds one 16 A / 230 V line ({SINGLE_PHASE_LIMIT_W} W): plan a three-phase feed")
    return PowerResult(
        gpu=card.name, count=count, cpus=cpus, gpu_watts=gpu_w, cpu_watts=cpu_max,
        gpu_plus_cpu_watts=gpu_w + cpu_max, platform_watts=plat_max, system_watts=system_max,
        system_watts_min=system_min, psu_design_watts=design, psu=recommended, psu_options=options,
        efficiency_class="80 PLUS Titanium" if design >= 2000 else "80 PLUS Platinum",
        three_phase_advisable=three_phase, connectors=connectors, notes=notes,
    )
