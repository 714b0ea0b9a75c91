"""Hybrid GPU + RAM and CPU-only inference with llama.cpp: where each tensor lives, memory on each
side, and the speed bound of the slower path.

What llama.cpp users do with big MoE models: all layers "on the GPU" (-ngl 99) but the routed
experts of some or all layers kept in system RAM (--n-cpu-moe N, or -ot exps=CPU for all of them).
Attention, shared experts, dense layers, the LM head and the KV cache stay on the cards; the CPU
reads the experts each token routes to. Per token the two paths run one after the other, so
decode time = GPU bytes / GPU bandwidth + CPU expert bytes / RAM bandwidth; the slower path
dominates. Without a GPU (runtime cpu) everything is read from RAM.

RAM bandwidth = channels x MT/s x 8 bytes per socket. On two sockets each socket reads its own
memory fast and the other's only over the inter-socket link (X99: 2 x QPI 9.6 GT/s = 38.4 GB/s
each way, half a socket's 76.8 GB/s), so the two-socket figure needs NUMA-aware placement
(llama.cpp --numa distribute, weights spread over both nodes); the one-socket figure is what a
run pinned to one node (numactl -N 0 -m 0, --numa isolate) gets, with only that node's RAM.

Prompt processing: for batches of 32+ tokens llama.cpp copies CPU-resident weights to the GPU and
multiplies there (op offload, default on), so each micro-batch streams those experts over PCIe;
with --no-op-offload the CPU multiplies them itself. The faster of the two is reported.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, field_validator

from tools import catalog
from tools.catalog import GPU, Model, Platform
from tools.errors import SizingError
from tools.kv import kv_cache_bytes
from tools.llamacpp import N_UBATCH, compute_buffer_bytes
from tools.memory import ACTIVATION_FRACTION, CUDA_CONTEXT_BYTES, resolve_model
from tools.precision import expert_bytes, get_precision, weight_bytes
from tools.throughput import (BANDWIDTH_EFFICIENCY, COMPUTE_EFFICIENCY, attention_flops_per_token,
                              experts_touched)
from tools.units import GB, Unit, check_finite

CPU_BANDWIDTH_EFFICIENCY = 0.6  # share of theoretical DDR bandwidth llama.cpp's CPU matmuls reach
CPU_COMPUTE_EFFICIENCY = 0.5
PCIE_GBS_PER_LANE = {3: 0.985, 4: 1.969, 5: 3.938}  # usable GB/s per lane after 128b/130b encoding
PCIE_EFFICIENCY = 0.8
RAM_RESERVE_BYTES = 8 * GB  # OS, llama.cpp host buffers, page cache slack
LANES_PER_GPU = 16
SPARE_LANES = 16  # NVMe and network


class OffloadRequest(BaseModel):
    model: str | None = None
    params_b: float | None = None
    precision: str = "Q4_K_M"
    context: int = 4096
    batch: int = Field(1, description="Concurrent sequences.")
    kv_dtype: str = "fp16"
    gpu: str | None = Field(None, description="Catalog GPU; None = CPU only.")
    gpus: Annotated[int, Unit.COUNT] = Field(1, description="Cards (ignored without a GPU).")
    mode: Literal["auto", "experts", "n_cpu_moe", "cpu"] = Field(
        "auto", description="auto: fewest expert layers in RAM that let the cards hold the rest (--n-cpu-moe); "
        "experts: all routed experts in RAM (-ot exps=CPU); n_cpu_moe: give n_cpu_moe; cpu: no GPU.")
    n_cpu_moe: int | None = Field(None, description="MoE layers whose experts stay in RAM (mode n_cpu_moe).")
    platform: str = Field("x99-dual-e5v4", description="Catalog CPU platform (channels, DDR speed, sockets).")
    ram_gb: Annotated[float | None, Unit.GB] = Field(
        None, description="Installed RAM, GB (default: the platform's vendor maximum).")
    memory_mts: int | None = Field(None, description="DIMM speed if lower than the platform's maximum.")
    n_ubatch: int = Field(N_UBATCH, description="llama.cpp -ub: prompt micro-batch.")
    bandwidth_efficiency: Annotated[float, Unit.FRACTION] = BANDWIDTH_EFFICIENCY
    cpu_bandwidth_efficiency: Annotated[float, Unit.FRACTION] = CPU_BANDWIDTH_EFFICIENCY

    @field_validator("mode", mode="before")
    @classmethod
    def _mode(cls, v: object) -> object:
        return {"exps=cpu": "experts", "-ot exps=cpu": "experts", "n-cpu-moe": "n_cpu_moe"}.get(str(v).lower(), v)


class OffloadResult(BaseModel):
    model: str
    precision: str
    runtime: str = "llama.cpp"
    mode: str
    n_cpu_moe: int = Field(description="MoE layers whose routed experts are in RAM.")
    moe_layers: int
    gpu: str | None
    gpus: Annotated[int, Unit.COUNT]
    platform: str
    placement: list[str] = Field(description="Which tensors live where.")
    gpu_weights_bytes: Annotated[int, Unit.BYTES]
    gpu_kv_bytes: Annotated[int, Unit.BYTES]
    gpu_bytes_per_card: Annotated[int, Unit.BYTES] = Field(
        description="Weights + KV + buffers + CUDA context per card.")
    gpu_vram_bytes: Annotated[int | None, Unit.BYTES]
    fits_gpu: bool
    ram_weights_bytes: Annotated[int, Unit.BYTES]
    ram_bytes_needed: Annotated[int, Unit.BYTES] = Field(
        description="CPU-side weights + KV/buffers kept there + OS reserve.")
    ram_bytes: Annotated[int, Unit.BYTES]
    fits_ram: bool
    fits: bool
    ram_bandwidth_gbs: Annotated[float, Unit.GBS] = Field(description="Theoretical, all sockets.")
    ram_bandwidth_gbs_one_socket: Annotated[float, Unit.GBS]
    socket_link_gbs: Annotated[float | None, Unit.GBS]
    decode_tokens_per_s_per_user: Annotated[float | None, Unit.TOK_S]
    decode_tokens_per_s_total: Annotated[float | None, Unit.TOK_S]
    decode_tokens_per_s_one_socket: Annotated[float | None, Unit.TOK_S] = Field(description="Pinned to one NUMA node.")
    decode_ceiling_tokens_per_s_per_user: Annotated[float | None, Unit.TOK_S] = Field(
        description="100 % bandwidth on both paths.")
    slower_path: str | None
    gpu_ms_per_token: float | None
    cpu_ms_per_token: float | None
    prefill_tokens_per_s: Annotated[float | None, Unit.TOK_S]
    prefill_path: str | None
    time_to_first_token_s: float | None
    pcie_lanes: int
    pcie_gen: int
    pcie_note: str
    numa_note: str
    refusal: str | None = None
    assumptions: list[str]


def _gpu_side(model: Model, rest: int, kept_experts: int, kv: int, n: int) -> int:
    acts = int(ACTIVATION_FRACTION * (rest + kept_experts))
    return int((rest + kept_experts + kv + acts) / n) + CUDA_CONTEXT_BYTES


def estimate_offload(req: OffloadRequest) -> OffloadResult:
    check_finite("context", req.context, low=1, high=10_000_000)
    check_finite("batch", req.batch, low=1, high=4096)
    check_finite("gpus", req.gpus, low=1, high=16)
    check_finite("n_ubatch", req.n_ubatch, low=1, high=65_536)
    if req.ram_gb is not None:
        check_finite("ram_gb", req.ram_gb, strictly_positive=True, high=65_536)
    if bool(req.model) == bool(req.params_b):
        raise SizingError("give either a model name or a parameter count")
    model, notes = resolve_model(req.model, req.params_b)
    if model.kind != "llm":
        raise SizingError(f"{model.name} is an image model: hybrid offload sizes language models")
    plat: Platform = catalog.get_platform(req.platform)
    prec = get_precision(req.precision)
    mts = req.memory_mts or plat.memory_mts
    per_socket_bw = plat.memory_channels_per_socket * mts * 8 / 1000
    ram_bw = per_socket_bw * plat.sockets
    ram = int((req.ram_gb if req.ram_gb is not None else (plat.ram_gb_max or 256)) * GB)
    card: GPU | None = None if req.gpu is None or req.mode == "cpu" else catalog.get_gpu(req.gpu)
    cpu_only = card is None
    n = 0 if cpu_only else req.gpus

    total_w = weight_bytes(model, prec)
    experts = expert_bytes(model, prec) if model.moe_experts else 0
    rest = total_w - experts
    moe_layers = (model.moe_layers if model.moe_layers is not None else model.arch.n_layers) if experts else 0
    per_layer_experts = experts / moe_layers if moe_layers else 0
    kv = kv_cache_bytes(model, req.context, req.batch, req.kv_dtype, runtime="llama.cpp")

    if card is None:
        k, mode = moe_layers, "cpu"
    elif not experts:
        raise SizingError(f"{model.name} is dense: hybrid expert offload needs a MoE model; use -ngl layer "
                          "offload (the app's own sizing) or more cards")
    elif req.mode == "experts":
        k, mode = moe_layers, "experts"
    elif req.mode == "n_cpu_moe":
        if req.n_cpu_moe is None:
            raise SizingError("mode n_cpu_moe needs n_cpu_moe")
        k, mode = max(0, min(moe_layers, int(req.n_cpu_moe))), "n_cpu_moe"
    else:  # auto: fewest layers' experts in RAM that let the cards hold everything else
        mode = "auto"
        k = moe_layers
        for cand in range(0, moe_layers + 1):
            kept = int(per_layer_experts * (moe_layers - cand))
            if _gpu_side(model, rest, kept, kv, n) <= card.vram_bytes:
                k = cand
                break

    ram_experts = int(per_layer_experts * k)
    gpu_experts = experts - ram_experts
    if card is None:
        gpu_w, gpu_kv, per_card = 0, 0, 0
        ram_w = total_w
        ram_need = total_w + kv + compute_buffer_bytes(model, req.context * req.batch) + RAM_RESERVE_BYTES
        fits_gpu = True
        placement = [f"everything in RAM: {total_w / GB:.1f} GB of weights, {kv / GB:.2f} GB KV cache"]
    else:
        gpu_w, gpu_kv = rest + gpu_experts, kv
        per_card = _gpu_side(model, rest, gpu_experts, kv, n)
        fits_gpu = per_card <= card.vram_bytes
        ram_w = ram_experts
        ram_need = ram_experts + RAM_RESERVE_BYTES
        placement = [
            f"GPU ({n} x {card.name}): attention, shared experts, dense layers, embeddings/LM head "
            f"({rest / GB:.1f} GB), routed experts of {moe_layers - k} of {moe_layers} MoE layers "
            f"({gpu_experts / GB:.1f} GB), KV cache {kv / GB:.2f} GB",
            f"RAM: routed experts of {k} MoE layers ({ram_experts / GB:.1f} GB)"
            + (" -- llama.cpp -ngl 99 -ot exps=CPU" if k == moe_layers else f" -- llama.cpp -ngl 99 --n-cpu-moe {k}"),
        ]
    fits_ram = ram_need <= ram
    fits = fits_gpu and fits_ram

    # decode: GPU path then CPU path, per token (sequential in llama.cpp)
    touched = experts_touched(model, req.batch) if experts else 1.0
    cpu_read = (ram_w * touched) if not cpu_only else (rest + experts * touched + kv)
    cpu_active_params = (model.routed_expert_params * (k / moe_layers if moe_layers else 0)
                         * (model.moe_active_experts or 0) / (model.moe_experts or 1)) if not cpu_only \
        else model.active_params
    cpu_flops = (plat.cpu_fp32_tflops or 1.0) * 1e12 * CPU_COMPUTE_EFFICIENCY

    def per_token_s(gpu_eff: float, cpu_eff: float, cpu_bw_gbs: float) -> tuple[float, float]:
        t_gpu = 0.0
        if card is not None:
            gpu_read = rest + gpu_experts * touched + kv
            t_gpu = gpu_read / (card.bandwidth_gbs * 1e9 * gpu_eff)  # layer split: one card at a time
        t_cpu = max(cpu_read / (cpu_bw_gbs * 1e9 * cpu_eff), 2 * cpu_active_params * req.batch / cpu_flops)
        return t_gpu, t_cpu

    t_gpu, t_cpu = per_token_s(req.bandwidth_efficiency, req.cpu_bandwidth_efficiency, ram_bw)
    step = t_gpu + t_cpu
    one_gpu, one_cpu = per_token_s(req.bandwidth_efficiency, req.cpu_bandwidth_efficiency, per_socket_bw)
    c_gpu, c_cpu = per_token_s(1.0, 1.0, ram_bw)
    slower = "CPU (RAM bandwidth)" if t_cpu >= t_gpu else "GPU (VRAM bandwidth)"

    # prompt: GPU computes everything it holds; CPU-resident experts either stream over PCIe per
    # micro-batch (op offload) or are multiplied by the CPU
    lane_gbs = PCIE_GBS_PER_LANE.get(plat.pcie_gen, 1.0) * LANES_PER_GPU * PCIE_EFFICIENCY
    prompt = req.context
    attn = attention_flops_per_token(model, prompt // 2)
    if card is None:
        prefill = cpu_flops / (2 * model.active_params + attn)
        path = f"CPU ({plat.cpu_fp32_tflops or 1.0:g} TFLOPS peak x {CPU_COMPUTE_EFFICIENCY:.0%})"
    else:
        gpu_flops = card.fp16_tflops * 1e12 * COMPUTE_EFFICIENCY
        gpu_tok_s = gpu_flops / (2 * model.active_params + attn)
        ub = req.n_ubatch
        stream = (ub / (ram_experts / (lane_gbs * 1e9) + ub / gpu_tok_s)) if ram_experts else gpu_tok_s
        cpu_part = (2 * cpu_active_params) / cpu_flops if cpu_active_params else 0
        on_cpu = 1 / (1 / gpu_tok_s + cpu_part)
        if stream >= on_cpu:
            prefill, path = stream, (f"GPU, RAM experts streamed over PCIe {plat.pcie_gen}.0 x16 "
                                     f"(~{lane_gbs:.1f} GB/s) once per {ub}-token micro-batch (llama.cpp op offload)")
        else:
            prefill, path = on_cpu, "GPU for its layers, CPU multiplies the RAM experts (--no-op-offload)"
    ttft = prompt / prefill + step

    lanes = plat.pcie_lanes
    max_x16 = max(0, (lanes - SPARE_LANES) // LANES_PER_GPU)
    pcie_note = (f"{plat.name}: {plat.sockets} x {plat.pcie_lanes_per_socket} = {lanes} PCIe {plat.pcie_gen}.0 lanes; "
                 f"{max_x16} cards at x16 with {SPARE_LANES} lanes left for NVMe and network"
                 + (f"; {n} cards requested" + (" -- more than fit at x16, run them at x8" if n > max_x16 else "")
                    if n else ""))
    if plat.sockets > 1:
        numa_note = (f"{plat.sockets} sockets x {plat.memory_channels_per_socket} channels x {mts} MT/s = "
                     f"{ram_bw:.1f} GB/s only when each socket reads its own memory (llama.cpp --numa distribute); "
                     f"reads that cross sockets go over {plat.socket_link or 'the socket link'} at "
                     f"{plat.socket_link_gbs or 0:g} GB/s each way, about half of one socket's {per_socket_bw:.1f} "
                     f"GB/s; pinned to one socket: {per_socket_bw:.1f} GB/s and only that socket's half of the RAM")
    else:
        numa_note = f"one socket: {plat.memory_channels_per_socket} channels x {mts} MT/s = {ram_bw:.1f} GB/s"

    refusal = None
    if not fits:
        parts = []
        if not fits_gpu and card is not None:  # only a card can be too small
            parts.append(f"the cards need {per_card / GB:.1f} GB each even with every expert in RAM "
                         f"({card.vram_bytes / GB:.1f} GB on a {card.name})")
        if not fits_ram:
            parts.append(f"RAM needs {ram_need / GB:.0f} GB, {ram / GB:.0f} GB installed")
        refusal = f"{model.name} in {prec.name} does not fit: " + "; ".join(parts) + ". No speed is quoted."
    notes += [
        f"weights {total_w / GB:.1f} GB in {prec.name}: routed experts {experts / GB:.1f} GB "
        f"({moe_layers} MoE layers), the rest {rest / GB:.1f} GB",
        f"RAM side: {req.cpu_bandwidth_efficiency:.0%} of {ram_bw:.1f} GB/s; GPU side: "
        f"{req.bandwidth_efficiency:.0%} of the card's bandwidth (layer split: one card at a time)",
        f"RAM reserve for the OS and buffers: {RAM_RESERVE_BYTES / GB:.0f} GB",
        "runtime: llama.cpp (hybrid offload is a llama.cpp/ik_llama.cpp/ktransformers technique; vLLM keeps "
        "weights on the GPU)",
    ]
    q = (lambda x: round(x, 2)) if fits else (lambda x: None)
    return OffloadResult(
        model=model.name, precision=prec.name, mode=mode, n_cpu_moe=k, moe_layers=moe_layers,
        gpu=card.name if card else None, gpus=n, platform=plat.name, placement=placement,
        gpu_weights_bytes=gpu_w, gpu_kv_bytes=gpu_kv, gpu_bytes_per_card=per_card,
        gpu_vram_bytes=card.vram_bytes if card else None, fits_gpu=fits_gpu, ram_weights_bytes=ram_w,
        ram_bytes_needed=int(ram_need), ram_bytes=ram, fits_ram=fits_ram, fits=fits,
        ram_bandwidth_gbs=round(ram_bw, 1), ram_bandwidth_gbs_one_socket=round(per_socket_bw, 1),
        socket_link_gbs=plat.socket_link_gbs,
        decode_tokens_per_s_per_user=q(1 / step), decode_tokens_per_s_total=q(req.batch / step),
        decode_tokens_per_s_one_socket=q(1 / (one_gpu + one_cpu)),
        decode_ceiling_tokens_per_s_per_user=q(1 / (c_gpu + c_cpu)),
        slower_path=slower if fits else None, gpu_ms_per_token=q(t_gpu * 1000), cpu_ms_per_token=q(t_cpu * 1000),
        prefill_tokens_per_s=q(prefill), prefill_path=path if fits else None, time_to_first_token_s=q(ttft),
        pcie_lanes=lanes, pcie_gen=plat.pcie_gen, pcie_note=pcie_note, numa_note=numa_note, refusal=refusal,
        assumptions=notes,
    )
