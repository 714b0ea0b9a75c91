"""Speed bounds from first principles.

Decode is memory-bound: each generated token reads the active weights once (per batch)
plus every sequence's KV cache, so tokens/s <= efficiency x bandwidth / bytes read.
Prefill is compute-bound: ~2 FLOPs per active parameter per token.
"""
from __future__ import annotations

from pydantic import BaseModel, Field

from tools import catalog
from tools.errors import SizingError
from tools.kv import kv_cache_bytes
from tools.memory import resolve_model
from tools.precision import get_precision
from tools.units import check_finite

BANDWIDTH_EFFICIENCY = 0.7  # share of datasheet bandwidth good engines reach when decoding
COMPUTE_EFFICIENCY = 0.5  # share of dense FP16 TFLOPS reached in prefill


class ThroughputRequest(BaseModel):
    model: str | None = None
    params_b: float | None = None
    gpu: str
    gpus: int = 1
    precision: str = "fp16"
    context: int = 4096
    batch: int = 1
    bandwidth_efficiency: float = Field(BANDWIDTH_EFFICIENCY, description="Fraction of peak bandwidth.")
    compute_efficiency: float = Field(COMPUTE_EFFICIENCY, description="Fraction of peak FP16 TFLOPS.")


class ThroughputResult(BaseModel):
    gpu: str
    gpus: int
    bytes_per_step: int = Field(description="Active weights + KV of all sequences read per decode step.")
    decode_tokens_per_s_per_user: float
    decode_tokens_per_s_total: float
    prefill_tokens_per_s: float
    assumptions: list[str]


def estimate_throughput(req: ThroughputRequest) -> ThroughputResult:
    check_finite("gpus", req.gpus, low=1, high=1024)
    check_finite("context", req.context, low=1, high=10_000_000)
    check_finite("batch", req.batch, low=1, high=100_000)
    check_finite("bandwidth_efficiency", req.bandwidth_efficiency, strictly_positive=True, high=1)
    check_finite("compute_efficiency", req.compute_efficiency, strictly_positive=True, high=1)
    if bool(req.model) == bool(req.params_b):
        raise SizingError("give either a model name or a parameter count")
    if req.params_b is not None:
        check_finite("params_b", req.params_b, strictly_positive=True, high=20_000)
    model, notes = resolve_model(req.model, req.params_b)
    card = catalog.get_gpu(req.gpu)
    prec = get_precision(req.precision)
    active_weights = model.active_params * prec.bytes_per_param
    # average KV read per step: half the context on average over a generation is optimistic; use full
    kv = kv_cache_bytes(model, req.context, req.batch)
    step_bytes = active_weights + kv
    bandwidth = card.bandwidth_gbs * 1e9 * req.gpus * req.bandwidth_efficiency
    steps_per_s = bandwidth / step_bytes
    flops = card.fp16_tflops * 1e12 * req.gpus * req.compute_efficiency
    prefill = flops / (2 * model.active_params)
    notes += [
        f"decode bound: {req.bandwidth_efficiency:.0%} of {req.gpus} x {card.bandwidth_gbs:g} GB/s over "
        f"{active_weights / 1e9:.2f} GB active weights + {kv / 1e9:.2f} GB KV per step",
        f"prefill bound: {req.compute_efficiency:.0%} of {req.gpus} x {card.fp16_tflops:g} TFLOPS, "
        f"2 FLOPs per active parameter per token",
    ]
    if req.gpus > 1:
        notes.append("multi-GPU figures assume ideal tensor-parallel scaling; PCIe-only cards scale worse")
    return ThroughputResult(
        gpu=card.name, gpus=req.gpus, bytes_per_step=int(step_bytes),
        decode_tokens_per_s_per_user=round(steps_per_s, 1),
        decode_tokens_per_s_total=round(steps_per_s * req.batch, 1),
        prefill_tokens_per_s=round(prefill, 0), assumptions=notes,
    )


def speed_ratio(model: str, gpu_a: str, gpu_b: str, precision: str = "fp16") -> float:
    """Decode speed of gpu_a over gpu_b for the same model (bandwidth-bound ratio)."""
    a = estimate_throughput(ThroughputRequest(model=model, gpu=gpu_a, precision=precision))
    b = estimate_throughput(ThroughputRequest(model=model, gpu=gpu_b, precision=precision))
    return round(a.decode_tokens_per_s_per_user / b.decode_tokens_per_s_per_user, 2)
