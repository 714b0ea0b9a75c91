"""Sizing in reverse and side by side: what runs on the hardware a customer has, how two cards
compare, and what to add to reach a model. Pure functions over the catalog and the memory model."""
from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field

from tools import catalog
from tools.errors import SizingError
from tools.fit import MAX_CARDS, max_context, max_users, min_gpus
from tools.memory import MemoryRequest, estimate_memory
from tools.units import GIB, Unit, check_finite

# what people run, best quality first: the first precision that fits is the one offered
PRECISION_LADDER = ("fp16", "int8", "Q4_K_M")
REFERENCE_CONTEXT = 8192  # the context a model must hold to count as "runs" on the hardware


class ModelFit(BaseModel):
    model: str
    name: str
    params_b: float
    precision: str = Field(description="Best precision of the ladder fp16 > int8 > Q4_K_M that fits.")
    per_gpu_bytes: Annotated[int, Unit.BYTES]
    max_context: int = Field(description="Longest context for one user at that precision.")
    max_users: int = Field(description="Most users at the reference context (8192) at that precision.")


class HardwareFit(BaseModel):
    gpu: str | None
    count: Annotated[int, Unit.COUNT]
    vram_per_gpu_bytes: Annotated[int, Unit.BYTES]
    fits: list[ModelFit] = Field(description="Largest models first.")
    too_big: list[str] = Field(description="Catalog models that do not fit even in Q4_K_M.")


def models_for_hardware(gpu: str | None, card_vram_gb: float | None, count: int = 1,
                        context: int | None = None, users: int | None = None) -> HardwareFit:
    """Every catalog LLM that fits `count` x the card (a catalog GPU, or a card of `card_vram_gb` GiB)."""
    if count < 1 or count > MAX_CARDS:
        raise SizingError(f"card count must be 1..{MAX_CARDS}")
    card = catalog.get_gpu(gpu) if gpu else None
    vram = card.vram_bytes if card else int(round((card_vram_gb or 0) * GIB))
    if vram <= 0:
        raise SizingError("name a GPU or its memory")
    ctx = context or REFERENCE_CONTEXT
    fits, too_big = [], []
    for m in catalog.load_catalog().models:
        if m.kind != "llm":
            continue
        for prec in PRECISION_LADDER:
            req = MemoryRequest(model=m.id, precision=prec, context=ctx, batch=users or 1, gpus=count)
            need = estimate_memory(req).per_gpu_bytes
            if need <= vram:
                probe = req.model_copy(update={"gpu": card.id}) if card else None
                fits.append(ModelFit(model=m.id, name=m.name, params_b=m.params_b, precision=prec, per_gpu_bytes=need,
                                     max_context=max_context(probe.model_copy(update={"batch": 1})) if probe else ctx,
                                     max_users=max_users(probe.model_copy(update={"context": ctx})) if probe else 1))
                break
        else:
            too_big.append(m.name)
    fits.sort(key=lambda f: -f.params_b)
    return HardwareFit(gpu=card.name if card else None, count=count, vram_per_gpu_bytes=vram, fits=fits,
                       too_big=too_big)


class CardRow(BaseModel):
    id: str
    name: str
    vram_gib: Annotated[float, Unit.GIB]
    bandwidth_gbs: Annotated[float, Unit.GBS]
    fp16_tflops: float
    tdp_w: Annotated[int, Unit.WATT]
    power_connector: str
    nvlink: bool
    datacenter_restricted: bool
    price_usd_min: Annotated[float | None, Unit.USD]
    price_usd_max: Annotated[float | None, Unit.USD]
    fits: bool | None = Field(None, description="The scenario's model fits one card (None: no model given).")
    min_cards: Annotated[int | None, Unit.COUNT] = Field(None, description="Cards needed for the scenario's model.")
    count: Annotated[int | None, Unit.COUNT] = Field(None, description="Cards of this kind the customer named "
                                                                       "(\"2 × 4090 or 4 × 3090\").")
    fits_count: bool | None = Field(None, description="The model fits on `count` such cards (None: no count or model).")


class Comparison(BaseModel):
    cards: list[CardRow]


def compare(gpus: list[str], req: MemoryRequest | None = None, counts: list[int] | None = None) -> Comparison:
    """Two or more cards side by side; with a model, whether and on how many cards it fits, and with `counts` (the
    customer's number of each card, in the order of `gpus`) whether it fits on that many."""
    if len(gpus) < 2:
        raise SizingError("name two cards to compare")
    if counts is not None and len(counts) != len(gpus):
        raise SizingError("give one card count per compared card")
    rows = []
    for i, g in enumerate(gpus):
        c = catalog.get_gpu(g)
        row = CardRow(**c.model_dump(include=set(CardRow.model_fields)))
        if counts is not None:
            row.count = int(check_finite("count", counts[i], low=1, high=64))
        if req is not None:
            row.fits = estimate_memory(req.model_copy(update={"gpu": c.id, "gpus": 1})).per_gpu_bytes <= c.vram_bytes
            row.min_cards = min_gpus(req, c.id).gpus
            if row.count is not None:
                row.fits_count = row.min_cards is not None and row.min_cards <= row.count
        rows.append(row)
    return Comparison(cards=rows)


class Upgrade(BaseModel):
    gpu: str
    have: Annotated[int, Unit.COUNT]
    need: Annotated[int | None, Unit.COUNT] = Field(
        description="Cards of this kind the model needs; None if more than the maximum.")
    add: Annotated[int | None, Unit.COUNT] = Field(description="Cards to buy; 0 when what they have suffices.")
    per_gpu_bytes: Annotated[int | None, Unit.BYTES] = None


def upgrade(req: MemoryRequest, gpu: str, have: int) -> Upgrade:
    """How many more of the customer's card a model needs."""
    fit = min_gpus(req, gpu)
    need = fit.gpus
    per = fit.breakdown.per_gpu_bytes if fit.breakdown else None
    return Upgrade(gpu=catalog.get_gpu(gpu).name, have=have, need=need,
                   add=None if need is None else max(0, need - have), per_gpu_bytes=per)
