"""Fit questions over a GPU set: how many cards, how long a context, how many users."""
from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field

from tools import catalog
from tools.errors import SizingError
from tools.memory import MemoryBreakdown, MemoryRequest, estimate_memory
from tools.units import Unit

MAX_CARDS = 64  # 8 servers of 8 cards; beyond that this is a cluster-design conversation


class FitResult(BaseModel):
    gpu: str
    gpus: Annotated[int | None, Unit.COUNT] = Field(
        description="Smallest card count that fits; None if even MAX_CARDS do not.")
    total_vram_bytes: Annotated[int | None, Unit.BYTES] = None
    breakdown: MemoryBreakdown | None = None
    note: str = ""


def min_gpus(req: MemoryRequest, gpu: str, max_cards: int = MAX_CARDS) -> FitResult:
    card = catalog.get_gpu(gpu)
    for n in range(1, max_cards + 1):
        b = estimate_memory(req.model_copy(update={"gpus": n, "gpu": card.id}))
        if b.fits:
            return FitResult(gpu=card.name, gpus=n, total_vram_bytes=n * card.vram_bytes, breakdown=b)
    return FitResult(gpu=card.name, gpus=None, note=f"does not fit on {max_cards} x {card.name}")


def _largest(req: MemoryRequest, field: str, hi: int) -> int:
    """Largest value of an integer field (memory grows monotonically with it) that still fits; 0 if none."""
    def fits(v: int) -> bool:
        return bool(estimate_memory(req.model_copy(update={field: v})).fits)

    if not fits(1):
        return 0
    lo = 1
    while lo < hi:  # binary search on a monotone predicate
        mid = (lo + hi + 1) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def max_context(req: MemoryRequest) -> int:
    """Longest context per sequence that fits req.gpu x req.gpus (capped at the model's maximum)."""
    if not req.gpu:
        raise SizingError("max context needs a GPU")
    model_max = catalog.get_model(req.model).max_context if req.model else None
    return _largest(req, "context", model_max or 1_048_576)


def max_users(req: MemoryRequest) -> int:
    """Most concurrent sequences of req.context tokens that fit req.gpu x req.gpus."""
    if not req.gpu:
        raise SizingError("max users needs a GPU")
    return _largest(req, "batch", 100_000)
