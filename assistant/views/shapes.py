"""Types of the fact parts the pipeline assembles itself rather than a calculator returning one:
the card-size check, the speed it will not quote, a catalog card's entry, and the inputs written as
plain dicts. Each number carries its unit (tools/units.Unit), so what reads a fact (the grounding
guard) goes by these types and never by a key's name. The registry names them per tool."""
from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, create_model

from tools.catalog import GPU
from tools.memory import MemoryRequest
from tools.units import Unit


class FitCardRequest(BaseModel):
    """A card known only by its memory ("a 24 GB card"), and how many of them."""
    card_vram_gb: Annotated[float, Unit.GIB]
    gpus: Annotated[int, Unit.COUNT]


class FitOptionsRequest(MemoryRequest):
    """The memory request, on a catalog card (`gpu`) or on a card known only by its size."""
    card_vram_gb: Annotated[float | None, Unit.GIB] = None


class VariantsRequest(MemoryRequest):
    """The memory request and the input sized at several values ("при 8k и при 32k")."""
    vary: str
    values: list[int | str]


class FitCard(BaseModel):
    """Whether the model fits such a card."""
    per_gpu_bytes: Annotated[int, Unit.BYTES]
    card_vram_bytes: Annotated[int, Unit.BYTES]
    fits: bool
    free_bytes: Annotated[int, Unit.BYTES]


class NoSpeed(BaseModel):
    """A setup that cannot hold the model, so no speed is quoted for it."""
    model: str
    gpu: str
    gpus: Annotated[int, Unit.COUNT]
    runtime: str


# a catalog card as the `gpu_spec` fact holds it: its entry (aliases aside) and its memory in bytes
# (built, not subclassed: `vram_bytes` is a property on GPU)
_CARD: dict[str, Any] = {name: (field.annotation, field) for name, field in GPU.model_fields.items() if name != "aliases"}
GpuSpec: type[BaseModel] = create_model("GpuSpec", vram_bytes=(Annotated[int, Unit.BYTES], ...), **_CARD)


class CardGpu(BaseModel):
    """The `gpu_spec` question: which card."""
    gpu: str


class Cards(BaseModel):
    """The cards a power, build or what-runs-on-it question names."""
    gpu: str | None = None
    card_vram_gb: Annotated[float | None, Unit.GIB] = None
    count: Annotated[int, Unit.COUNT]
    cpus: int | None = None
    context: int | None = None
    users: int | None = None
    psu_w: Annotated[int | None, Unit.WATT] = None  # the customer's own PSU, checked by the power fact


class CompareRequest(MemoryRequest):
    """Cards to compare by name, with the model's memory request beside them (when a model is named)."""
    gpus: list[str]  # type: ignore[assignment]  # here the compared cards, not a card count
    counts: Annotated[list[int] | None, Unit.COUNT] = None  # the customer's number of each


class UpgradeRequest(MemoryRequest):
    """The model's memory request on the card the customer has, and how many they have."""
    have: Annotated[int, Unit.COUNT]
