"""Physical build checks: slots and cooling, PCIe lanes and the platforms that provide them."""
from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel

from tools import catalog
from tools.units import Unit, check_finite



def platforms() -> list[tuple[str, int]]:
    """(name, CPU PCIe lanes for slots) per catalog platform (knowledge/catalog/platforms.yaml, Intel ARK /
    AMD spec pages: E5 v3/v4 40 per socket, Xeon Scalable 4th gen 80 per socket, W-3400 112); the
    guide's example is dual EPYC 9004 for 4 x x16."""
    return sorted(((p.name, p.pcie_lanes) for p in catalog.load_catalog().platforms), key=lambda x: (x[1], x[0]))


PLATFORMS = platforms()
SPARE_LANES = 32  # NVMe drives and a fast NIC besides the GPUs
OPEN_AIR_3SLOT_MAX = 2  # reference 3-slot open-air cards that physically fit side by side
WATER_L_PER_MIN_PER_GPU = 2
GPUS_PER_480MM_RADIATOR = 2


class BuildCheck(BaseModel):
    gpu: str
    count: Annotated[int, Unit.COUNT]
    slots_needed: int
    cooling: str
    cooling_ok_as_is: bool
    pcie_lanes_gpus: int
    pcie_lanes_recommended: int
    platforms: list[str]
    notes: list[str]


def build_check(gpu: str, count: int) -> BuildCheck:
    check_finite("count", count, low=1, high=64)
    card, count = catalog.get_gpu(gpu), int(count)
    notes: list[str] = []
    ok = True
    if card.interface == "sxm":
        notes.append("SXM modules need an HGX baseboard with NVSwitch (DGX/HGX class servers), not PCIe slots; "
                     "install nvidia-fabricmanager")
        lanes = 0
    else:
        lanes = 16 * count
        if card.cooling == "open-air" and card.slots >= 3 and count > OPEN_AIR_3SLOT_MAX:
            ok = False
            notes.append(f"{count} × {card.slots}-slot open-air {card.name}: at most {OPEN_AIR_3SLOT_MAX} fit; "
                         f"use blower versions or water blocks in a 4U chassis")
            notes.append(f"water: {count} GPU blocks, {-(-count // GPUS_PER_480MM_RADIATOR)} × 480 mm radiators, "
                         f"{WATER_L_PER_MIN_PER_GPU} L/min per GPU")
            notes.append("air (blower cards): 8 × 80 mm fans at ~15k RPM, front-to-back, high static pressure")
        elif card.cooling == "passive":
            notes.append("passive card: needs a server chassis with front-to-back forced airflow")
        if count > 1:
            notes.append("keep the rack inlet at 20–25 °C, otherwise GPUs throttle")
    need = lanes + (SPARE_LANES if lanes else 0)
    platforms_ok = [name for name, n in platforms() if n >= need] if lanes else []
    if lanes:
        notes.append(f"{count} × x16 = {lanes} lanes for GPUs, {need} with NVMe and network")
    return BuildCheck(gpu=card.name, count=count, slots_needed=card.slots * count, cooling=card.cooling,
                      cooling_ok_as_is=ok, pcie_lanes_gpus=lanes, pcie_lanes_recommended=need,
                      platforms=platforms_ok, notes=notes)
