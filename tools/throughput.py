"""Speed bounds from first principles, per runtime, refused for setups that do not fit.

Decode is memory-bound: each step reads the weights the batch touches once plus every sequence's
KV cache, so steps/s <= efficiency x bandwidth / bytes read. For MoE models a batch touches the
union of the experts its tokens route to: with E experts, k per token and B tokens,
E x (1 - (1 - k/E)^B) of them (DeepSeek, 64 tokens x top-8 of 256: ~87 %), not k/E.
Decode is also capped by compute: every generated token costs ~2 FLOPs per active parameter, at
the card's dense FP16/BF16 TFLOPS x compute efficiency.
Prefill is compute-bound: 2 FLOPs per active parameter plus attention (4 x KV layers x heads x
head_dim x position) per prompt token; time to first token = prompt tokens / prefill rate.

Several cards: llama.cpp (and Ollama) split by layers -- each token passes the cards in turn, so a
second card adds memory, not single-user speed (one card's bandwidth). vLLM/SGLang split tensors
when the card count divides the attention heads -- bandwidths add (minus communication); otherwise
they fall back to pipeline (layer) parallel, which is sized like llama.cpp's split.

The figures are ceilings at the stated efficiencies; decode_ceiling_* is at 100 % of the datasheet
bandwidth, the hard physical bound. tools/calibration.py compares both to published measurements.
"""
from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field

from tools import catalog
from tools.catalog import GPU, Model
from tools.errors import SizingError
from tools.kv import kv_cache_bytes, kv_layers
from tools.memory import (DEFAULT_RUNTIME, FRAMEWORK_BYTES, MemoryBreakdown, MemoryRequest, estimate_memory, RuntimeName,
                          resolve_model, valid_tensor_parallel)
from tools.precision import Precision, expert_bytes, get_precision, weight_bytes
from tools.units import Unit, check_finite

BANDWIDTH_EFFICIENCY = 0.7  # share of datasheet bandwidth good engines reach when decoding
COMPUTE_EFFICIENCY = 0.5  # share of dense FP16 TFLOPS reached in prefill and batched decode


class DoesNotFit(SizingError):
    """The setup cannot hold the model: no speed is quoted. .breakdown has the memory figures."""

    def __init__(self, message: str, breakdown: MemoryBreakdown | None = None):
        super().__init__(message)
        self.breakdown = breakdown


class ThroughputRequest(BaseModel):
    model: str | None = None
    params_b: float | None = None
    gpu: str
    gpus: Annotated[int, Unit.COUNT] = 1
    precision: str = "fp16"
    context: int = Field(4096, description="Tokens in each sequence (prompt + answer so far).")
    batch: int = Field(1, description="Concurrent sequences (users) decoding together.")
    bandwidth_efficiency: Annotated[float, Unit.FRACTION] = Field(
        BANDWIDTH_EFFICIENCY, description="Fraction of peak bandwidth.")
    compute_efficiency: Annotated[float, Unit.FRACTION] = Field(
        COMPUTE_EFFICIENCY, description="Fraction of peak FP16 TFLOPS.")
    runtime: RuntimeName = Field(DEFAULT_RUNTIME, description="llama.cpp (layer split) | vllm | sglang (tensor parallel).")
    kv_dtype: str = "fp16"
    check_fit: bool = Field(True, description="Refuse (DoesNotFit) when the model does not fit the cards.")
    prompt_tokens: int | None = Field(None, description="Prompt length for time to first token (default: context).")


class ThroughputResult(BaseModel):
    gpu: str
    gpus: Annotated[int, Unit.COUNT]
    bytes_per_step: Annotated[int, Unit.BYTES] = Field(
        description="Weights touched + KV of all sequences read per decode step.")
    decode_tokens_per_s_per_user: Annotated[float, Unit.TOK_S]
    decode_tokens_per_s_total: Annotated[float, Unit.TOK_S]
    prefill_tokens_per_s: Annotated[float, Unit.TOK_S]
    assumptions: list[str]
    runtime: str = DEFAULT_RUNTIME
    parallel: str = Field("single card", description="'single card', 'layer split' or 'tensor parallel'.")
    bound: str = Field("memory bandwidth", description="What limits decode: 'memory bandwidth' or 'compute'.")
    decode_ceiling_tokens_per_s_per_user: Annotated[float | None, Unit.TOK_S] = Field(
        None, description="At 100 % of datasheet bandwidth: no real run exceeds it.")
    time_to_first_token_s: float | None = Field(None, description="Prompt of prompt_tokens at the prefill rate.")
    experts_touched_fraction: Annotated[float | None, Unit.FRACTION] = Field(
        None, description="MoE: share of routed experts one step reads.")
    fits: bool = True
    memory: MemoryBreakdown | None = None


def experts_touched(model: Model, tokens: int) -> float:
    """Expected share of routed experts a step of `tokens` tokens reads (uniform routing)."""
    if not model.moe_experts or not model.moe_active_experts:
        return 1.0
    return 1 - (1 - model.moe_active_experts / model.moe_experts) ** max(1, tokens)


def step_weight_bytes(model: Model, prec: Precision, tokens: int) -> float:
    """Weight bytes one decode step of `tokens` sequences reads: everything but the routed experts,
    plus the share of routed experts the batch touches."""
    total = weight_bytes(model, prec)
    routed = expert_bytes(model, prec) if model.moe_experts else 0
    return total - routed + routed * experts_touched(model, tokens)


def attention_flops_per_token(model: Model, position: int) -> float:
    """QK^T and AV for one token attending to `position` earlier tokens, all KV-keeping layers."""
    full, swa = kv_layers(model)
    window = min(position, model.sliding_window or position)
    arch = model.arch
    return 4 * arch.n_heads * arch.head_dim * (full * position + swa * window)


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
    if model.kind != "llm":
        raise SizingError(f"{model.name} generates images, not tokens: tokens/s does not apply "
                          "(memory is sized by `vram`)")
    if req.runtime == "cpu":
        raise SizingError("runtime cpu has no GPU: use tools.offload.estimate_offload (CPU-only or hybrid)")
    card: GPU = catalog.get_gpu(req.gpu)
    prec = get_precision(req.precision)
    n = req.gpus

    mem = None
    if req.check_fit:
        # hard fit: weights + KV + CUDA context + activation buffers, without the guide's 20 % reserve and
        # framework allowance (what `vram` recommends), so a setup that really runs is never refused
        mem = estimate_memory(MemoryRequest(
            model=req.model, params_b=req.params_b, precision=req.precision, context=req.context, batch=req.batch,
            kv_dtype=req.kv_dtype, gpus=n, gpu=card.id, runtime=req.runtime, reserve_fraction=0))
        need = mem.per_gpu_bytes - (0 if req.runtime in ("vllm", "sglang") else FRAMEWORK_BYTES)
        usable = mem.usable_vram_bytes or card.vram_bytes
        if need > usable:
            raise DoesNotFit(
                f"{model.name} in {prec.name} with {req.batch} x {req.context} tokens needs at least "
                f"{need / 1e9:.1f} GB per card on {n} x {card.name} "
                f"({usable / 1e9:.1f} GB usable each, runtime {req.runtime}): "
                "it does not fit, so no speed is quoted. Use more or larger cards, a smaller precision, "
                "or hybrid GPU + RAM offload (tools.offload).", mem)

    tensor_parallel = n > 1 and req.runtime in ("vllm", "sglang") and valid_tensor_parallel(model, n)
    parallel = "single card" if n == 1 else ("tensor parallel" if tensor_parallel else "layer split")
    scale = n if tensor_parallel else 1
    touched = experts_touched(model, req.batch) if model.moe_experts else None
    weights_read = step_weight_bytes(model, prec, req.batch)
    kv = kv_cache_bytes(model, req.context, req.batch, req.kv_dtype, runtime=req.runtime)
    step_bytes = weights_read + kv
    peak_bw = card.bandwidth_gbs * 1e9 * scale
    steps_per_s = peak_bw * req.bandwidth_efficiency / step_bytes
    flops = card.fp16_tflops * 1e12 * scale * req.compute_efficiency
    per_token_flops = 2 * model.active_params + attention_flops_per_token(model, req.context)
    compute_cap = flops / per_token_flops  # tokens/s, all users together
    total = steps_per_s * req.batch
    bound = "memory bandwidth"
    if total > compute_cap:
        total, bound = compute_cap, "compute"
    per_user = total / req.batch
    prompt = req.prompt_tokens or req.context
    prefill = flops / (2 * model.active_params + attention_flops_per_token(model, prompt // 2))
    ttft = prompt / prefill + 1 / per_user

    notes += [
        f"runtime: {req.runtime}" + (" (default)" if req.runtime == DEFAULT_RUNTIME else ""),
        f"decode bound: {req.bandwidth_efficiency:.0%} of {scale} x {card.bandwidth_gbs:g} GB/s over "
        f"{weights_read / 1e9:.2f} GB of weights + {kv / 1e9:.2f} GB KV per step",
        f"compute cap: {req.compute_efficiency:.0%} of {scale} x {card.fp16_tflops:g} TFLOPS at "
        f"{per_token_flops / 1e9:.1f} GFLOP per token = {compute_cap:,.0f} tokens/s for all users",
        f"prefill: same compute, {prompt} prompt tokens -> first token after {ttft:.2f} s",
    ]
    if touched is not None:
        notes.append(f"MoE: a step of {req.batch} token(s) touches {touched:.0%} of the {model.moe_experts} routed "
                     f"experts (top-{model.moe_active_experts} each)")
    if parallel == "layer split":
        why = ("llama.cpp splits by layers" if req.runtime == "llama.cpp" else
               f"{n} does not divide {model.n_heads} heads, so {req.runtime} runs pipeline parallel")
        notes.append(f"{why}: the {n} cards work one after another on each token, so single-user speed is one "
                     f"card's; the extra cards add memory")
    elif tensor_parallel:
        notes.append(f"tensor parallel over {n} cards: bandwidths add; "
                     + ("NVLink keeps the all-reduce cheap" if card.nvlink else
                        "over PCIe the all-reduce per layer costs a noticeable share"))
    notes.append("a ceiling, not a promise: published llama.cpp runs reach about 60-90 % of the 100 %-bandwidth "
                 "ceiling (tools/calibration.py)")
    return ThroughputResult(
        gpu=card.name, gpus=n, bytes_per_step=int(step_bytes),
        decode_tokens_per_s_per_user=round(per_user, 1), decode_tokens_per_s_total=round(total, 1),
        prefill_tokens_per_s=round(prefill, 0), assumptions=notes, runtime=req.runtime, parallel=parallel,
        bound=bound, decode_ceiling_tokens_per_s_per_user=round(min(peak_bw / step_bytes, compute_cap / req.batch
                                                                     / req.compute_efficiency), 1),
        time_to_first_token_s=round(ttft, 2), experts_touched_fraction=round(touched, 3) if touched else None,
        fits=True, memory=mem,
    )


def speed_ratio(model: str, gpu_a: str, gpu_b: str, precision: str = "fp16") -> float:
    """Decode speed of gpu_a over gpu_b for the same model (bandwidth-bound ratio)."""
    a = estimate_throughput(ThroughputRequest(model=model, gpu=gpu_a, precision=precision, check_fit=False))
    b = estimate_throughput(ThroughputRequest(model=model, gpu=gpu_b, precision=precision, check_fit=False))
    return round(a.decode_tokens_per_s_per_user / b.decode_tokens_per_s_per_user, 2)
