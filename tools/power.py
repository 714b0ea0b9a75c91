"""Power budget and PSU choice, sized on peak draw.

GPUs at board power (TDP) + CPUs + the rest of the platform (board, RAM, disks, fans).
The PSU is sized for the peak system draw plus headroom; several PSUs can share the load
(N) or add a spare (N+1). Above one 16 A / 230 V line a three-phase feed is advisable.
A PSU the customer already has (`psu_w`, all its units together) is checked against the same figures:
enough (it covers the peak with the headroom), tight (the peak, not the headroom), or short.
"""
from __future__ import annotations

import math
import re

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from tools import catalog
from tools.errors import SizingError
from tools.units import Unit, check_finite

CPU_W = (200, 350)  # per CPU socket (guide: 200-350 W)
PLATFORM_W = (300, 350)  # board, RAM, disks, fans: the guide's 2300-2500 W for 4x4090 minus GPUs and CPU
# SXM systems carry an HGX baseboard with NVSwitch chips, 8+ high-speed NICs, many fans and lots of RAM.
# NVIDIA DGX H100 datasheet: 10.2 kW max = 8 x 700 W GPUs + 2 x 350 W CPUs + 3.9 kW for everything else,
# i.e. ~490 W per GPU position. Used for every SXM card (scaled by count).
SXM_PLATFORM_W_PER_GPU = (10_200 - 8 * 700 - 2 * 350) // 8
PSU_HEADROOM = 1.2  # run PSUs at <= ~83 % of rating
SINGLE_PSU_SIZES = (850, 1000, 1200, 1300, 1600, 2000, 2400, 2700, 3000, 3200)
MODULE_SIZES = (1600, 3000, 3300)  # common hot-swap server modules (3.3 kW: DGX H100)
MAX_MODULES = 4  # a 4U server chassis usually has up to 4 PSU bays; HGX systems 6
SINGLE_PHASE_LIMIT_W = 16 * 230  # one 16 A line at 230 V
CONNECTOR_RATING_W = {"12VHPWR": 600, "12V-2x6": 600, "8-pin EPS": 300, "8-pin PCIe": 150, "6-pin PCIe": 75}


def connector_kind(text: str) -> tuple[str | None, int | None]:
    """The catalog's free-text connector ('16-pin 12VHPWR (PCIe CEM5)', '8-pin EPS (CPU 8-pin)',
    '2x or 3x 8-pin PCIe ...', 'none (slot-powered, 72 W)', 'SXM board') -> (CONNECTOR_RATING_W key
    named first in the text, the largest explicit count 'Nx' or None); (None, None) when the card takes
    no cable of its own."""
    t = text.lower()
    if t.startswith("none") or "sxm" in t:
        return None, None
    keys = {"12V-2x6": ("12v-2x6",), "12VHPWR": ("12vhpwr", "16-pin"), "8-pin EPS": ("eps", "cpu 8-pin"),
            "6-pin PCIe": ("6-pin",), "8-pin PCIe": ("8-pin",)}
    hits = []
    for kind, words in keys.items():
        pos = [t.find(w) for w in words if w in t]
        if pos:
            hits.append((min(pos), kind != "8-pin EPS", kind))  # EPS before plain 8-pin at the same place
    if not hits:
        return None, None
    kind = min(hits)[2]
    if "eps" in t or "cpu 8-pin" in t:
        kind = "8-pin EPS"
    elif kind in ("12VHPWR", "12V-2x6"):
        kind = "12V-2x6" if "12v-2x6" in t.split("(")[0] else "12VHPWR"
    counts = [int(c) for c in re.findall(r"(\d)x\b", t)]
    return kind, (max(counts) if counts and kind not in ("12VHPWR", "12V-2x6") else None)


SLOT_W = 75  # a PCIe x16 slot supplies up to 75 W


class PSUOption(BaseModel):
    units: Annotated[int, Unit.COUNT]
    unit_w: Annotated[int, Unit.WATT]
    total_w: Annotated[int, Unit.WATT]
    redundancy: str = Field(description="'single', 'N' (load shared, no spare) or 'N+1'.")
    label: str


PsuVerdict = Literal["enough", "tight", "short"]


def psu_verdict(psu_w: int, system_watts: int, design_watts: int) -> PsuVerdict:
    """'enough': covers the peak with the headroom; 'tight': the peak, not the headroom; 'short': not the peak."""
    if psu_w >= design_watts:
        return "enough"
    return "tight" if psu_w >= system_watts else "short"


class PowerResult(BaseModel):
    gpu: str
    count: Annotated[int, Unit.COUNT]
    cpus: int
    gpu_watts: Annotated[int, Unit.WATT]
    cpu_watts: Annotated[int, Unit.WATT] = Field(description="At the top of the per-CPU range.")
    gpu_plus_cpu_watts: Annotated[int, Unit.WATT]
    platform_watts: Annotated[int, Unit.WATT]
    system_watts: Annotated[int, Unit.WATT] = Field(description="Peak system draw used for sizing (top of range).")
    system_watts_min: Annotated[int, Unit.WATT]
    psu_design_watts: Annotated[int, Unit.WATT]
    psu: PSUOption = Field(description="Recommended PSU configuration.")
    psu_options: list[PSUOption]
    efficiency_class: str
    three_phase_advisable: bool
    connectors: dict[str, int]
    notes: list[str]
    psu_w: Annotated[int | None, Unit.WATT] = Field(None, description="The customer's own PSU (all units), as said.")
    psu_verdict: PsuVerdict | None = Field(None, description="The customer's PSU against the peak and the headroom.")


def _option(units: int, unit_w: int, redundancy: str) -> PSUOption:
    label = f"{units}×{unit_w} W" + {"single": "", "N": " (shared load)", "N+1": " (N+1 redundant)",
                                      "N+2": f" ({units - 2}+2 redundant)"}[redundancy]
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
            if n >= 4:
                opts.append(_option(n + 2, unit, "N+2"))
    single = next((s for s in SINGLE_PSU_SIZES if s >= design_w), None)
    if single and all(not (o.units == 1 and o.unit_w == single) for o in opts):
        opts.insert(0, _option(1, single, "single"))
    return sorted(opts, key=lambda o: (o.total_w, o.units))


def power_budget(gpu: str, count: int, cpus: int = 1, other_w: int | None = None,
                 platform: str = "auto", psu_w: int | None = None) -> PowerResult:
    """platform 'auto': SXM cards get the HGX baseboard, NICs and fans of a DGX-class system;
    'guide': the vendor guide's generic 300-350 W for board, RAM, disks and fans on any card (its
    "8x H100 SXM = 5600 W, with two CPUs 6300 W, 4x 3000 W" counts GPUs and CPUs only).
    `psu_w`: the PSU the customer has (W, all units together), checked against the peak and the headroom."""
    check_finite("count", count, low=1, high=64)
    if psu_w is not None:
        check_finite("psu_w", psu_w, low=100, high=100_000)
    check_finite("cpus", cpus, low=0, high=8)
    if other_w is not None:
        check_finite("other_w", other_w, low=0, high=20_000)
    if platform not in ("auto", "guide"):
        raise SizingError(f"platform must be 'auto' or 'guide', got {platform!r}")
    card = catalog.get_gpu(gpu)
    count, cpus = int(count), int(cpus)
    gpu_w = card.tdp_w * count
    cpu_max, cpu_min = CPU_W[1] * cpus, CPU_W[0] * cpus
    hgx = card.interface == "sxm" and platform == "auto" and other_w is None
    if other_w is not None:
        plat_min, plat_max = other_w, other_w
    elif hgx:
        plat_min = plat_max = SXM_PLATFORM_W_PER_GPU * count
    else:
        plat_min, plat_max = PLATFORM_W
    system_max = gpu_w + cpu_max + plat_max
    system_min = gpu_w + cpu_min + plat_min
    design = math.ceil(system_max * PSU_HEADROOM)
    options = psu_options(design)
    singles = [o for o in options if o.redundancy == "single" and o.units == 1]
    if singles:  # one PSU when one can do it
        recommended = singles[0]
    elif hgx and any(o.redundancy == "N+2" for o in options):  # DGX-style: 3.3 kW modules, two spares (4+2)
        recommended = min((o for o in options if o.redundancy == "N+2"), key=lambda o: (o.unit_w != 3300, o.total_w))
    else:  # a spare module, in a chassis with at most MAX_MODULES bays, least capacity bought
        redundant = [o for o in options if o.redundancy == "N+1" and o.units <= MAX_MODULES] or \
            [o for o in options if o.redundancy == "N+1"]
        recommended = min(redundant, key=lambda o: (o.total_w, o.units))
    plat_note = (f"HGX baseboard (NVSwitch), NICs, fans, RAM, disks: {plat_max} W "
                 f"(~{SXM_PLATFORM_W_PER_GPU} W per GPU, from the DGX H100's 10.2 kW maximum)"
                 if hgx else f"board, RAM, disks, fans: {plat_min}–{plat_max} W")
    notes = [f"GPUs: {count} × {card.tdp_w} W = {gpu_w} W",
             f"CPUs: {cpus} × {CPU_W[0]}–{CPU_W[1]} W; {plat_note}",
             f"PSU sized for {system_max} W × {PSU_HEADROOM:g} headroom = {design} W"]
    if card.tdp_w_min and card.tdp_w_min != card.tdp_w:
        notes.append(f"{card.name}: {card.tdp_w_min}–{card.tdp_w} W depending on version; the maximum is used")
    connectors: dict[str, int] = {}
    kind, stated = connector_kind(card.power_connector)
    if kind in ("12VHPWR", "12V-2x6"):
        connectors[kind] = count
        notes.append(f"one {kind} cable (600 W) per card straight from the PSU, no daisy-chain")
    elif kind:
        slot = SLOT_W if kind.endswith("PCIe") else 0
        per_card = stated or max(1, math.ceil((card.tdp_w - slot) / CONNECTOR_RATING_W[kind]))
        connectors[kind] = count * per_card
        notes.append(f"{per_card} × {kind} per card ({card.power_connector})")
    elif card.interface == "sxm":
        notes.append("SXM modules are powered through the HGX baseboard: no per-card cables")
    else:
        notes.append(f"{card.name}: {card.power_connector} -- no auxiliary GPU cable")
    if cpus:
        connectors["8-pin EPS (CPU)"] = cpus
    three_phase = system_max > SINGLE_PHASE_LIMIT_W
    if three_phase:
        notes.append(f"{system_max} W exceeds one 16 A / 230 V line ({SINGLE_PHASE_LIMIT_W} W): plan a three-phase feed")
    verdict = None
    if psu_w is not None:
        psu_w = int(psu_w)
        verdict = psu_verdict(psu_w, system_max, design)
        notes.append(f"customer's PSU {psu_w} W: {verdict} (peak {system_min}-{system_max} W, "
                     f"{design} W with {PSU_HEADROOM:g} headroom)")
    return PowerResult(
        gpu=card.name, count=count, cpus=cpus, gpu_watts=gpu_w, cpu_watts=cpu_max,
        gpu_plus_cpu_watts=gpu_w + cpu_max, platform_watts=plat_max, system_watts=system_max,
        system_watts_min=system_min, psu_design_watts=design, psu=recommended, psu_options=options,
        efficiency_class="80 PLUS Titanium" if design >= 2000 else "80 PLUS Platinum",
        three_phase_advisable=three_phase, connectors=connectors, notes=notes, psu_w=psu_w, psu_verdict=verdict,
    )
