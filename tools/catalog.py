"""Catalog access: GPUs, model architectures and the vendor's servers.

The YAML files under ``knowledge/catalog/`` are the single source of truth;
this module only validates and looks them up. It reads them by path (not by
importing ``knowledge``) so ``tools/`` stays free of the other packages.
"""
from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal, Protocol, TypeVar

import yaml
from pydantic import BaseModel, Field, model_validator

from tools.errors import SizingError
from tools.paths import CATALOG_DIR
from tools.text import normalise_name as _norm  # one normaliser for names (tools/text.py)
from tools.units import GIB, Unit



class GPU(BaseModel):
    id: str = Field(description="Stable slug, e.g. 'rtx-4090'.")
    name: str = Field(description="Display name, e.g. 'RTX 4090'.")
    aliases: list[str] = Field(default_factory=list, description="Other ways people write it.")
    vram_gib: Annotated[float, Unit.GIB] = Field(gt=0, description="Memory as marketed ('24 GB' cards hold 24 GiB).")
    memory_type: str
    tdp_w: Annotated[int, Unit.WATT] = Field(
        gt=0, description="Board power used for power budgets (the maximum when a range exists).")
    tdp_w_min: Annotated[int | None, Unit.WATT] = Field(
        default=None, description="Lower end where the source gives a range.")
    bandwidth_gbs: Annotated[float, Unit.GBS] = Field(gt=0, description="Memory bandwidth, decimal GB/s.")
    price_usd_min: Annotated[float | None, Unit.USD] = None
    price_usd_max: Annotated[float | None, Unit.USD] = None
    fp16_tflops: float = Field(gt=0, description="Dense FP16/BF16 tensor TFLOPS (no sparsity).")
    nvlink: bool = False
    nvlink_bandwidth_gbs: Annotated[float | None, Unit.GBS] = None
    ecc: bool = False
    mig: bool = False
    slots: int = Field(ge=1, description="Slot width; SXM modules count as 0-slot boards -> use 1.")
    cooling: Literal["open-air", "blower", "passive", "sxm"]
    interface: Literal["pcie", "sxm"] = "pcie"
    gpu_class: Literal["consumer", "workstation", "datacenter"]
    datacenter_restricted: bool = Field(description="GeForce licence forbids datacenter deployment.")
    power_connector: str = Field(description="e.g. '12VHPWR', '12V-2x6', '8-pin EPS', 'SXM board'.")
    other_vram_gib: list[float] = Field(
        default_factory=list, description="Memory sizes the same card name was also sold with, not stored as entries "
        "of their own (the RTX 3060 8 GB): a customer naming one has that card, not this one.")
    source: str

    @property
    def vram_bytes(self) -> int:
        return int(round(self.vram_gib * GIB))


@dataclass(frozen=True)
class Arch:
    """The transformer dimensions every LLM has (Model's validator requires them for kind 'llm')."""
    n_layers: int
    hidden_size: int
    n_heads: int
    n_kv_heads: int
    head_dim: int


class Model(BaseModel):
    id: str
    name: str
    aliases: list[str] = Field(default_factory=list)
    family: str
    kind: Literal["llm", "image"] = "llm"
    params_b: float = Field(gt=0, description="Total parameters, billions.")
    active_params_b: float | None = Field(default=None, description="Active per token (MoE); defaults to total.")
    n_layers: int | None = None
    hidden_size: int | None = None
    intermediate_size: int | None = Field(default=None, description="MLP width (dense, or per expert for MoE).")
    n_heads: int | None = None
    n_kv_heads: int | None = None
    head_dim: int | None = None
    vocab_size: int | None = None
    max_context: int | None = None
    attention: Literal["mha", "gqa", "mqa", "mla"] | None = None
    moe_experts: int | None = None
    moe_active_experts: int | None = None
    kv_lora_rank: int | None = Field(default=None, description="MLA compressed KV width (DeepSeek).")
    qk_rope_head_dim: int | None = Field(default=None, description="MLA decoupled RoPE key width.")
    sliding_window: int | None = Field(default=None, description="Window of the local-attention layers.")
    sliding_layers: int | None = Field(default=None, description="How many layers use the sliding window.")
    kv_free_layers: int | None = Field(
        default=None, description="Layers that keep no KV cache of their own (linear attention such as "
        "Gated DeltaNet, or layers that reuse an earlier layer's KV as in Gemma 3n).")
    tied_embeddings: bool | None = Field(default=None, description="tie_word_embeddings: one matrix for input "
                                         "embeddings and the LM head (None: unknown, treated as untied).")
    moe_layers: int | None = Field(default=None, description="Layers with routed experts (None: all n_layers "
                                   "when moe_experts is set). DeepSeek: 61 - 3 dense-first; Llama 4 Maverick: 24.")
    moe_shared_experts: int = Field(default=0, description="Always-active shared experts per MoE layer.")
    expert_params_b: float | None = Field(default=None, description="Routed-expert parameters, billions, where the "
                                          "expert MLP is not a plain 3-matrix SwiGLU (e.g. gpt-oss biases).")
    pipeline_params_b: float | None = Field(default=None, description="Image models: the other components "
                                            "resident with the main network (text encoders, VAE), billions.")
    release_precision: str | None = Field(
        default=None, description="Weights as the authors released them, where that is not 16-bit (config.json "
        "quantization_config): the inference default when the customer names no precision.")
    source: str

    @model_validator(mode="after")
    def _check(self) -> "Model":
        if self.kind == "llm":
            for f in ("n_layers", "hidden_size", "n_heads", "n_kv_heads", "head_dim"):
                if getattr(self, f) is None:
                    raise ValueError(f"LLM {self.id} needs {f}")
        if self.attention == "mla" and (self.kv_lora_rank is None or self.qk_rope_head_dim is None):
            raise ValueError(f"MLA model {self.id} needs kv_lora_rank and qk_rope_head_dim")
        return self

    @property
    def arch(self) -> Arch:
        """The LLM dimensions, all known; SizingError for a model without them (image models)."""
        n_layers, hidden, heads, kv_heads, head_dim = (self.n_layers, self.hidden_size, self.n_heads,
                                                       self.n_kv_heads, self.head_dim)
        if n_layers is None or hidden is None or heads is None or kv_heads is None or head_dim is None:
            raise SizingError(f"{self.name} has no transformer architecture in the catalog ({self.kind} model)")
        return Arch(n_layers=n_layers, hidden_size=hidden, n_heads=heads, n_kv_heads=kv_heads, head_dim=head_dim)

    @property
    def params(self) -> int:
        return int(round(self.params_b * 1e9))

    @property
    def active_params(self) -> int:
        return int(round((self.active_params_b or self.params_b) * 1e9))

    @property
    def routed_expert_params(self) -> int:
        """Parameters of all routed experts (what hybrid offload moves to RAM): MoE layers x experts x
        3 x hidden x per-expert width (gate, up, down of a SwiGLU expert). 0 for dense models."""
        if not self.moe_experts or self.kind != "llm":
            return 0
        if self.expert_params_b:
            return int(round(self.expert_params_b * 1e9))
        arch = self.arch
        layers = self.moe_layers if self.moe_layers is not None else arch.n_layers
        return layers * self.moe_experts * 3 * arch.hidden_size * (self.intermediate_size or 0)

    @property
    def embedding_params(self) -> int:
        """Input embeddings plus the LM head (once when tied)."""
        if self.kind != "llm" or not self.vocab_size:
            return 0
        return self.vocab_size * self.arch.hidden_size * (1 if self.tied_embeddings else 2)


class ServerWordsRu(BaseModel):
    """The server's descriptive fields in Russian: a Russian answer shows no English prose."""
    form_factor: str
    cpus: str
    ram: str
    interconnect: str
    price: str


class Server(BaseModel):
    id: str
    name: str
    aliases: list[str] = Field(default_factory=list)
    form_factor: str
    nodes: int = 1
    gpus_per_node_max: int | None = Field(default=None, description="None: count set per order.")
    gpu_ids: list[str] = Field(description="Catalog GPU ids this line is offered with.")
    pooled: bool = Field(description="True when the GPUs of a node work on one model together.")
    cpus: str
    ram: str
    interconnect: str
    price: str
    gpus_fixed: int | None = Field(default=None, description="Systems sold with exactly this many GPUs (DGX: 8).")
    platform: str | None = Field(default=None, description="Catalog platform id (CPU, RAM channels, PCIe lanes).")
    ram_gb_options: list[int] = Field(default_factory=list, description="RAM capacities offered, GB.")
    ru: ServerWordsRu
    use_cases_ru: str
    use_cases_en: str
    source: str


class Platform(BaseModel):
    """A CPU platform: what bounds CPU-side decode (memory channels) and how many cards it can feed."""
    id: str
    name: str
    aliases: list[str] = Field(default_factory=list)
    sockets: int = Field(ge=1)
    pcie_lanes_per_socket: int = Field(ge=1, description="CPU PCIe lanes per socket usable for slots.")
    pcie_gen: int
    memory_channels_per_socket: int = Field(ge=1)
    memory_type: str
    memory_mts: int = Field(gt=0, description="Highest supported DIMM speed, MT/s.")
    ram_gb_max: int | None = Field(default=None, description="Capacity as configured by the vendor (GB).")
    socket_link: str | None = Field(default=None, description="Inter-socket link (QPI/UPI/Infinity Fabric).")
    socket_link_gbs: float | None = Field(default=None, description="Inter-socket bandwidth, GB/s each way.")
    cpu_fp32_tflops: float | None = Field(default=None, description="Peak FP32 FMA TFLOPS, all sockets, a "
                                          "typical top SKU of the platform.")
    source: str

    @property
    def pcie_lanes(self) -> int:
        return self.sockets * self.pcie_lanes_per_socket

    @property
    def bandwidth_gbs_per_socket(self) -> float:
        return self.memory_channels_per_socket * self.memory_mts * 8 / 1000  # 64-bit channels

    @property
    def bandwidth_gbs(self) -> float:
        return self.bandwidth_gbs_per_socket * self.sockets


class Catalog(BaseModel):
    gpus: list[GPU]
    models: list[Model]
    servers: list[Server]
    platforms: list[Platform] = Field(default_factory=list)


@lru_cache(maxsize=4)
def load_catalog(directory: str | None = None) -> Catalog:
    d = Path(directory) if directory else CATALOG_DIR
    data: dict[str, Any] = {}
    for key in ("gpus", "models", "servers", "platforms"):
        if key == "platforms" and not (d / f"{key}.yaml").is_file():
            continue
        with open(d / f"{key}.yaml", encoding="utf-8") as fh:
            data[key] = yaml.safe_load(fh)
    return Catalog.model_validate(data)


class _Named(Protocol):
    id: str
    name: str
    aliases: list[str]


_Item = TypeVar("_Item", bound=_Named)


def _lookup(items: Iterable[_Item], name: str, what: str) -> _Item:
    if not name or not name.strip():
        raise SizingError(f"empty {what} name")
    key = _norm(name)
    index: dict[str, _Item] = {}
    for it in items:
        for n in (it.id, it.name, *it.aliases):
            index.setdefault(_norm(n), it)
    if key in index:
        return index[key]
    close = difflib.get_close_matches(key, list(index), n=3, cutoff=0.6)
    names: list[str] = []
    for c in close:
        nm = index[c].name
        if nm not in names:
            names.append(nm)
    hint = f"; did you mean: {', '.join(names)}?" if names else ""
    raise SizingError(f"unknown {what} '{name}'{hint}")


def get_gpu(name: str) -> GPU:
    return _lookup(load_catalog().gpus, name, "GPU")


def get_model(name: str) -> Model:
    return _lookup(load_catalog().models, name, "model")


def get_server(name: str) -> Server:
    return _lookup(load_catalog().servers, name, "server")


def get_platform(name: str) -> Platform:
    return _lookup(load_catalog().platforms, name, "platform")
