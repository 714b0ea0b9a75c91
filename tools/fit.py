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


def _largest(req: MemoryRequest, field: str, hi: int, card_bytes: int | None = None) -> int:
    """Largest value of an integer field (memory grows monotonically with it) that still fits; 0 if none.
    card_bytes: a card known only by its size ("карта на 24 ГБ"), instead of req.gpu."""
    def fits(v: int) -> bool:
        b = estimate_memory(req.model_copy(update={field: v}))
        return b.per_gpu_bytes <= card_bytes if card_bytes else bool(b.fits)

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


# What to try when the asked setup does not fit (or how far it stretches when it does): smaller weight
# formats, largest first. Q8_0 keeps nearly all the quality; Q4_K_M is the usual local default (llama.cpp).
LOWER_FORMATS = ("Q8_0", "Q4_K_M")


class FormatFit(BaseModel):
    precision: str
    per_gpu_bytes: Annotated[int, Unit.BYTES]
    fits: bool


class FitOptions(BaseModel):
    """The next step, computed: which smaller weight format fits the same cards, or, when the asked
    setup fits, the longest context it holds. For a LoRA that does not fit, QLoRA on the same cards; other
    training gets nothing here (its next step, LoRA, is a different task, not a smaller format)."""
    gpu: str
    gpus: Annotated[int, Unit.COUNT]
    precision: str
    fits: bool
    formats: list[FormatFit] = Field(default_factory=list, description="Smaller formats tried, down to the first that fits.")
    max_context: int | None = Field(None, description="Longest context per sequence that fits at the asked format; None if none does.")
    model_max_context: int | None = Field(None, description="The model's own limit (config.json), when the catalog has it.")
    max_users: int | None = Field(None, description="Most concurrent sequences of the asked context that fit; None if it does not fit.")


def fit_options(req: MemoryRequest, gpus: int, gpu: str | None = None, card_bytes: int | None = None) -> FitOptions:
    """On a catalog card (`gpu`) or a card known only by its size (`card_bytes`)."""
    card = catalog.get_gpu(gpu) if gpu else None
    base = req.model_copy(update={"gpu": card.id if card else None, "gpus": gpus})

    def fits(b: MemoryBreakdown) -> bool:
        return b.per_gpu_bytes <= card_bytes if card_bytes else bool(b.fits)

    asked = estimate_memory(base)
    name = card.name if card else f"{(card_bytes or 0) / 2**30:g} GiB"
    out = FitOptions(gpu=name, gpus=gpus, precision=asked.precision, fits=fits(asked))
    model_max = catalog.get_model(req.model).max_context if req.model else None
    if req.task != "inference":  # training serves no users; LoRA's smaller format is QLoRA (its base in 4 bits)
        if not out.fits and req.task == "lora":
            trial = estimate_memory(base.model_copy(update={"task": "qlora"}))
            if trial.per_gpu_bytes < asked.per_gpu_bytes:
                out.formats.append(FormatFit(precision="QLoRA", per_gpu_bytes=trial.per_gpu_bytes, fits=fits(trial)))
        return out
    if out.fits:
        out.max_context = _largest(base, "context", model_max or 1_048_576, card_bytes)
        out.model_max_context = model_max
        out.max_users = _largest(base, "batch", 1024, card_bytes)
        return out
    for fmt in LOWER_FORMATS:
        trial = estimate_memory(base.model_copy(update={"precision": fmt}))
        if trial.bits_per_weight >= asked.bits_per_weight:
            continue
        out.formats.append(FormatFit(precision=fmt, per_gpu_bytes=trial.per_gpu_bytes, fits=fits(trial)))
        if out.formats[-1].fits:
            return out
    # a shorter context may still fit the asked format
    out.max_context = _largest(base, "context", model_max or 1_048_576, card_bytes) or None
    return out


class Variants(BaseModel):
    """The same model sized for two or more values of one input ("при 8k и при 32k", "LoRA vs full"):
    what changes between them, part by part."""
    field: str
    values: list[int | str]
    breakdowns: list[MemoryBreakdown]


VARIABLE = ("context", "task", "precision", "batch", "model")  # "model": two catalog models at the same scenario


def compare_values(req: MemoryRequest, field: str, values: list[int | str]) -> Variants:
    if field not in VARIABLE or len(values) < 2:
        raise SizingError(f"compare two or more values of one of {', '.join(VARIABLE)}")
    return Variants(field=field, values=values,
                    breakdowns=[estimate_memory(req.model_copy(update={field: v})) for v in values])
