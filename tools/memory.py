"""Memory needed to run or fine-tune a model, as a breakdown in bytes.

Inference: weights + KV cache + per-card overheads (CUDA context, framework, activation
buffers) + a safety reserve on weights and KV (the guide's "weights + KV + 20 %").
Training adds gradients, optimizer states, the fp32 master copy and activations.
With several cards an inference model is split (llama.cpp: by layers; vLLM/SGLang: tensor
parallel): weights, KV and activations are divided, overheads are paid on every card. Training on
several cards is data parallel with sharded states (ZeRO-3/FSDP): states are divided, each card
keeps the activations of its own micro-batch. Defaults are the midpoints of the guide's ranges.

The runtime decides the KV layout (tools/kv.py) and what "fits" means: llama.cpp and the CPU
need weights + KV + overheads + reserve; vLLM/SGLang claim gpu_memory_utilization x VRAM up
front and give the KV cache whatever is left after weights and the profiled activation peak.
"""
from __future__ import annotations

import math
from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, Field

from tools import catalog, llamacpp
from tools.catalog import GPU, Model
from tools.errors import SizingError
from tools.kv import kv_bytes_per_token, kv_cache_bytes
from tools.precision import get_precision, weight_bytes
from tools.units import GB, Unit, check_finite

Task = Literal["inference", "lora", "qlora", "full"]
Runtime = Literal["llama.cpp", "vllm", "sglang", "cpu"]
RUNTIMES = ("llama.cpp", "vllm", "sglang", "cpu")
DEFAULT_RUNTIME = "llama.cpp"
DEFAULT_GPU_MEMORY_UTILIZATION = {"vllm": 0.9, "sglang": 0.88}  # vLLM default; SGLang mem_fraction_static ~0.88


def normalise_runtime(value: object) -> str:
    """'gpu' (the old generic value), 'llamacpp', 'ollama' -> 'llama.cpp'."""
    if value is not None and not isinstance(value, str):
        raise SizingError(f"runtime must be a name; known: {', '.join(RUNTIMES)}")
    v = (value or DEFAULT_RUNTIME).strip().lower().replace("_", "").replace("-", "")
    v = {"gpu": "llama.cpp", "llamacpp": "llama.cpp", "llama.cpp": "llama.cpp", "ollama": "llama.cpp",
         "lmstudio": "llama.cpp", "vllm": "vllm", "sglang": "sglang", "cpu": "cpu"}.get(v, v)
    if v not in RUNTIMES:
        raise SizingError(f"unknown runtime '{str(value)[:40]}'; known: {', '.join(RUNTIMES)}")
    return v


RuntimeName = Annotated[str, BeforeValidator(normalise_runtime)]  # a request field: any spelling in, one name out


def valid_tensor_parallel(model: Model, n: int) -> bool:
    """vLLM/SGLang shard attention heads: TP must divide the query heads, and the KV heads must divide
    evenly or be replicated (TP a multiple of the KV heads)."""
    if n == 1 or model.kind != "llm":
        return True
    arch = model.arch
    if arch.n_heads % n:
        return False
    kv = arch.n_kv_heads if model.attention != "mla" else arch.n_heads
    return kv % n == 0 or n % kv == 0


def tensor_parallel_sizes(model: Model, up_to: int = 8) -> list[int]:
    return [n for n in range(1, up_to + 1) if valid_tensor_parallel(model, n)]

CUDA_CONTEXT_BYTES = 450 * 10**6  # guide: 300-600 MB per card
FRAMEWORK_BYTES = 1_500 * 10**6  # guide: 1-2 GB per card
ACTIVATION_FRACTION = 0.075  # guide: 5-10 % of the weights (inference buffers)
DEFAULT_CONTEXT = {"inference": 8192, "lora": 2048, "qlora": 2048, "full": 2048}
LORA_TARGETS = ("q", "k", "v", "o", "gate", "up", "down")


class MemoryRequest(BaseModel):
    model: str | None = Field(None, description="Catalog model name, e.g. 'Llama-3-8B'.")
    params_b: float | None = Field(None, description="Parameters in billions, when the model is not in the catalog.")
    model_file: str | None = Field(None, description="Local GGUF or config.json to read the architecture from.")
    precision: str = Field("fp16", description="Weights: fp32/fp16/bf16/fp8/int8/int4/nf4 or a GGUF type (Q4_K_M...).")
    context: int | None = Field(None, description="Tokens per sequence (prompt + answer); training: sequence length.")
    batch: int = Field(1, description="Concurrent sequences (users) sharing the card(s).")
    kv_dtype: str = Field("fp16", description="KV-cache element type: fp16/fp8/q8_0/q4_0.")
    task: Task = Field("inference", description="inference, lora, qlora or full fine-tune.")
    gpus: Annotated[int, Unit.COUNT] = Field(1, description="Cards the model is split over (tensor parallel).")
    gpu: str | None = Field(None, description="Catalog GPU to check the fit against.")
    reserve_fraction: Annotated[float | None, Unit.FRACTION] = Field(
        None, description="Safety reserve; default 0.2 of weights+KV (inference), 0.1 (training).")
    runtime: RuntimeName = Field(DEFAULT_RUNTIME, description="llama.cpp (default; also Ollama/LM Studio), vllm, sglang or "
                         "cpu (llama.cpp without a GPU). Decides the KV layout and what fits means.")
    gpu_memory_utilization: Annotated[float | None, Unit.FRACTION] = Field(
        None, description="vLLM --gpu-memory-utilization (default 0.9) / "
        "SGLang --mem-fraction-static (0.88): the share of VRAM it claims.")
    lora_rank: int = Field(16, description="LoRA rank r.")
    lora_targets: list[str] = Field(default_factory=lambda: ["q", "k", "v", "o"], description="Projected matrices with adapters.")
    grad_checkpointing: bool = Field(True, description="Recompute activations in the backward pass.")
    master_weights: bool = Field(True, description="Full fine-tune: keep the fp32 master copy of the weights "
                                 "(mixed-precision AdamW, 16 B/param). False = 12 B/param, the vendor guide's "
                                 "80-120 GB for an 8B model (pure bf16 weights with fp32 Adam states).")


class MemoryBreakdown(BaseModel):
    model: str
    params: int
    precision: str
    bits_per_weight: float
    task: Task
    context: int
    batch: int
    gpus: Annotated[int, Unit.COUNT]
    weights_bytes: Annotated[int, Unit.BYTES]
    kv_cache_bytes: Annotated[int, Unit.BYTES]
    activations_bytes: Annotated[int, Unit.BYTES]
    gradients_bytes: Annotated[int, Unit.BYTES] = 0
    optimizer_bytes: Annotated[int, Unit.BYTES] = 0
    master_weights_bytes: Annotated[int, Unit.BYTES] = 0
    adapter_params: int = 0
    cuda_context_bytes: Annotated[int, Unit.BYTES]
    framework_bytes: Annotated[int, Unit.BYTES]
    overhead_bytes: Annotated[int, Unit.BYTES] = Field(
        description="CUDA context + framework + activation buffers, all cards.")
    reserve_bytes: Annotated[int, Unit.BYTES]
    total_bytes: Annotated[int, Unit.BYTES]
    per_gpu_bytes: Annotated[int, Unit.BYTES]
    gpu: str | None = None
    gpu_vram_bytes: Annotated[int | None, Unit.BYTES] = None
    fits: bool | None = None
    runtime: str = DEFAULT_RUNTIME
    usable_vram_bytes: Annotated[int | None, Unit.BYTES] = Field(
        None, description="What the runtime may use per card (vLLM: "
        "utilization x VRAM; otherwise the card's VRAM).")
    kv_capacity_tokens: int | None = Field(None, description="Tokens of KV cache that fit beside the weights on "
                                           "the card(s), all sequences together (vLLM's 'GPU KV cache size').")
    tensor_parallel_valid: bool | None = Field(None, description="vLLM/SGLang: does the card count divide the heads.")
    assumptions: list[str] = Field(default_factory=list)


def _validate(req: MemoryRequest) -> None:
    if req.params_b is not None:
        check_finite("params_b", req.params_b, strictly_positive=True, high=20_000)
    if req.context is not None:
        check_finite("context", req.context, low=1, high=10_000_000)
    check_finite("batch", req.batch, low=1, high=100_000)
    check_finite("gpus", req.gpus, low=1, high=1024)
    check_finite("lora_rank", req.lora_rank, low=1, high=65_536)
    if req.reserve_fraction is not None:
        check_finite("reserve_fraction", req.reserve_fraction, low=0, high=5)
    if req.gpu_memory_utilization is not None:
        check_finite("gpu_memory_utilization", req.gpu_memory_utilization, strictly_positive=True, high=1)
    given = sum(bool(x) for x in (req.model, req.params_b, req.model_file))
    if given > 1:
        raise SizingError("give one of: a model name, a parameter count or a model file")
    if not given:
        raise SizingError("give a model name, a parameter count or a model file")
    bad = [t for t in req.lora_targets if t not in LORA_TARGETS]
    if bad:
        raise SizingError(f"unknown LoRA target(s) {bad}; known: {', '.join(LORA_TARGETS)}")


def resolve_model(name: str | None, params_b: float | None, model_file: str | None = None
                  ) -> tuple[Model, list[str]]:
    """A catalog model, a model file's architecture, or for a bare parameter count the nearest
    dense catalog model scaled to it."""
    if model_file:
        from tools.arch_files import read_gguf, read_hf_config

        if model_file.endswith(".json"):
            return read_hf_config(model_file), [f"architecture read from {model_file}"]
        return read_gguf(model_file).model, [f"architecture read from the GGUF header of {model_file}"]
    if name:
        return catalog.get_model(name), []
    dense = [m for m in catalog.load_catalog().models
             if m.kind == "llm" and not m.moe_experts and m.attention in ("gqa", "mha")]
    if params_b is None:
        raise SizingError("give a model name, a parameter count or a model file")
    ref = min(dense, key=lambda m: abs(math.log(m.params_b / params_b)))
    note = (f"architecture unknown: KV cache and activations estimated from {ref.name} "
            f"({ref.params_b:g}B), the nearest catalog model in size")
    return ref.model_copy(update={"id": f"{params_b:g}b", "name": f"{params_b:g}B model", "params_b": params_b,
                                  "active_params_b": None}), [note]


def lora_adapter_params(model: Model, rank: int, targets: list[str]) -> int:
    """r x (in + out) per adapted matrix, per layer (MoE: MLP adapters on every expert)."""
    arch = model.arch
    h, q_out, kv_out = arch.hidden_size, arch.n_heads * arch.head_dim, arch.n_kv_heads * arch.head_dim
    inter = model.intermediate_size or 4 * h
    experts = model.moe_experts or 1
    dims = {"q": (h, q_out), "k": (h, kv_out), "v": (h, kv_out), "o": (q_out, h),
            "gate": (h, inter), "up": (h, inter), "down": (inter, h)}
    per_layer = 0
    for t in targets:
        fan_in, fan_out = dims[t]
        mult = experts if t in ("gate", "up", "down") else 1
        per_layer += rank * (fan_in + fan_out) * mult
    return per_layer * arch.n_layers


def training_activation_bytes(model: Model, seq: int, batch: int, checkpointing: bool) -> int:
    """Korthikanti et al. (2022): ~34 x s x b x h bytes per layer in 16-bit with memory-efficient
    attention; with full checkpointing only each layer's input (2 x s x b x h) is kept, plus one
    layer recomputed at a time. Logits and their gradient in fp32 come on top."""
    arch = model.arch
    sbh = seq * batch * arch.hidden_size
    per_layer = 34 * sbh
    layers = (arch.n_layers * 2 * sbh + per_layer) if checkpointing else arch.n_layers * per_layer
    logits = seq * batch * (model.vocab_size or 32_000) * 4 * 2
    return int(layers + logits)


def estimate_memory(req: MemoryRequest) -> MemoryBreakdown:
    _validate(req)
    model, notes = resolve_model(req.model, req.params_b, req.model_file)
    if model.kind == "image" and req.task != "inference":
        raise SizingError(f"{model.name} is an image model: only inference memory is estimated")
    task, n, runtime = req.task, req.gpus, req.runtime
    context = req.context or DEFAULT_CONTEXT[task]
    if model.max_context and context > model.max_context:
        notes.append(f"context {context} exceeds {model.name}'s maximum of {model.max_context} tokens")
    prec = get_precision("nf4" if task == "qlora" and req.precision in ("fp16", "bf16") else req.precision)
    if task == "full" and prec.bits_per_weight < 16:
        raise SizingError("a full fine-tune trains 16-bit weights; use --task qlora for a quantised base")
    params = model.params
    weights = weight_bytes(model, prec)
    note = f"{prec.bits_per_weight:g} bits ({prec.note})"
    if model.kind == "image" and model.pipeline_params_b:
        extra = int(round(model.pipeline_params_b * 1e9))
        weights += int(round(extra * prec.bytes_per_param))
        notes.append(f"image pipeline: text encoders and VAE ({model.pipeline_params_b:g}B parameters) resident "
                     f"beside the {model.params_b:g}B network, same precision; output is images, not tokens")
    if req.model_file and not req.model_file.endswith(".json") and task == "inference":
        from tools.arch_files import read_gguf

        info = read_gguf(req.model_file)
        weights = info.tensor_bytes  # exact: the file's tensor data
        prec = prec.model_copy(update={"name": "gguf", "bits_per_weight": round(weights * 8 / params, 2)})
        note = f"{weights:,} bytes of tensor data in the file ({prec.bits_per_weight:g} bits/weight)"
        if runtime == "cpu":
            weights += info.cpu_repack_bytes
            notes.append(f"llama.cpp on CPU keeps a repacked copy of Q4 matmul weights: "
                         f"+{info.cpu_repack_bytes:,} bytes counted in weights")
    notes.append(f"weights: {params:,} parameters x {note}")
    if prec.scope != "all" and model.embedding_params:
        notes.append(f"{model.embedding_params:,} embedding/LM-head parameters kept at 16 bits in {prec.name}")

    kv = grads = optim = master = adapter = 0
    tp_valid = None
    paged = runtime in ("vllm", "sglang")
    if task == "inference":
        kv = kv_cache_bytes(model, context, req.batch, req.kv_dtype, runtime=runtime)
        if runtime == "cpu":
            acts = llamacpp.compute_buffer_bytes(model, context * req.batch)  # one KV pool of batch x context cells
            notes.append("activations: llama.cpp compute buffer (n_ubatch 512, flash attention off)")
        else:
            acts = int(round(weights * ACTIVATION_FRACTION))
        reserve_frac = (0.0 if paged else 0.2) if req.reserve_fraction is None else req.reserve_fraction
        reserve = int(round(reserve_frac * (weights + kv)))
        if n > 1 and model.kind == "llm":
            if paged:
                tp_valid = valid_tensor_parallel(model, n)
                if tp_valid:
                    notes.append(f"{runtime}: tensor parallel over {n} cards ({model.n_heads} heads / {n})")
                else:
                    ok = ", ".join(map(str, tensor_parallel_sizes(model)))
                    notes.append(f"{runtime}: tensor-parallel size {n} does not divide {model.n_heads} attention "
                                 f"heads (valid: {ok}); {n} cards run as pipeline (layer) parallel instead")
            else:
                notes.append(f"llama.cpp: layers split over {n} cards (--split-mode layer)")
    else:
        acts = training_activation_bytes(model, context, req.batch, req.grad_checkpointing)
        if task == "full":
            trained = params
            grads, optim = 2 * params, 8 * params  # bf16 gradients; Adam m and v in fp32
            master = 4 * params if req.master_weights else 0
            notes.append(f"full fine-tune: {12 + (4 if req.master_weights else 0)} bytes/parameter "
                         "(16-bit weights 2 + gradients 2 + Adam 2x4" + (" + fp32 master 4, mixed-precision "
                         "AdamW as usually run)" if master else "; no fp32 master copy, the vendor guide's figure)"))
        else:
            adapter = lora_adapter_params(model, req.lora_rank, req.lora_targets)
            trained = adapter
            # adapters train in bf16 with fp32 Adam states and master copy: 2 + 2 + 8 + 4 bytes
            grads, optim, master = 2 * adapter, 8 * adapter, 4 * adapter
            weights += 2 * adapter
            notes.append(f"{task}: {adapter:,} adapter parameters (rank {req.lora_rank} on "
                         f"{','.join(req.lora_targets)}), 16 bytes each with gradients and Adam")
        notes.append(f"activations for batch {req.batch} x {context} tokens per card, gradient checkpointing "
                     f"{'on' if req.grad_checkpointing else 'off'}; trained parameters {trained:,}")
        if n > 1:
            notes.append(f"data parallel over {n} cards with sharded weights, gradients and optimizer (ZeRO-3/"
                         f"FSDP); every card holds the activations of its own micro-batch")
            acts *= n
        reserve_frac = 0.1 if req.reserve_fraction is None else req.reserve_fraction
        reserve = int(round(reserve_frac * (weights + grads + optim + master + acts)))

    cuda = 0 if runtime == "cpu" else CUDA_CONTEXT_BYTES * n
    framework = 0 if runtime == "cpu" else FRAMEWORK_BYTES * n
    total = weights + kv + acts + grads + optim + master + cuda + framework + reserve
    per_gpu = math.ceil(total / n)
    if n > 1 and task == "inference" and model.kind != "llm":
        notes.append(f"split over {n} cards; overheads counted per card")
    notes.append(f"runtime: {runtime}" + (" (default)" if runtime == DEFAULT_RUNTIME else ""))

    out = MemoryBreakdown(
        model=model.name, params=params, precision=prec.name, bits_per_weight=prec.bits_per_weight, task=task,
        context=context, batch=req.batch, gpus=n, weights_bytes=weights, kv_cache_bytes=kv,
        activations_bytes=acts, gradients_bytes=grads, optimizer_bytes=optim, master_weights_bytes=master,
        adapter_params=adapter, cuda_context_bytes=cuda, framework_bytes=framework,
        overhead_bytes=cuda + framework + acts, reserve_bytes=reserve, total_bytes=total, per_gpu_bytes=per_gpu,
        runtime=runtime, tensor_parallel_valid=tp_valid, assumptions=notes,
    )
    if req.gpu:
        card: GPU = catalog.get_gpu(req.gpu)
        usable = card.vram_bytes
        if paged:
            util = req.gpu_memory_utilization or DEFAULT_GPU_MEMORY_UTILIZATION[runtime]
            usable = int(card.vram_bytes * util)
            notes.append(f"{runtime} claims {util:g} x {card.vram_gib:g} GiB per card and gives the KV cache what "
                         "is left after weights and the activation peak (paged blocks of 16 tokens)")
        out.gpu, out.gpu_vram_bytes, out.fits = card.name, card.vram_bytes, per_gpu <= usable
        out.usable_vram_bytes = usable
        if task == "inference" and model.kind == "llm":
            free = usable * n - (total - kv - reserve) - (0 if paged else int(0.2 * weights))
            per_tok = kv_bytes_per_token(model, req.kv_dtype) * (1 if paged else 1.2)
            out.kv_capacity_tokens = max(0, int(free // per_tok)) if per_tok else None
    return out


def weights_gb(params_b: float, precision: str) -> float:
    """Convenience for the guide's rule of thumb, in decimal GB."""
    return params_b * 1e9 * get_precision(precision).bytes_per_param / GB
