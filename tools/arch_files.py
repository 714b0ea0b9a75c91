"""Read a model's architecture from a local GGUF header or a Hugging Face config.json,
so models outside the catalog are sized exactly."""
from __future__ import annotations

import json
import math
import os
import struct
from pathlib import Path
from typing import Any, BinaryIO

from pydantic import BaseModel

from tools.catalog import Model
from tools.errors import SizingError

_SCALARS = {0: "<B", 1: "<b", 2: "<H", 3: "<h", 4: "<I", 5: "<i", 6: "<f", 7: "<?", 10: "<Q", 11: "<q", 12: "<d"}
_STRING, _ARRAY = 8, 9
_REPACK_BLOCKS = {2: (32, 18), 12: (256, 144), 20: (32, 18)}  # Q4_0, Q4_K, IQ4_NL: (elements, bytes) per block
MAX_KEYS = 100_000  # a header with more is not a real GGUF
# Every n-th layer is global, the others sliding, as llama.cpp hard-codes it per architecture
# (src/llama-model.cpp: hparams.set_swa_pattern(...)); llama4's chunked attention (8192) likewise.
_SWA_PATTERN = {"gemma2": 2, "gemma3": 6, "gemma3n": 5, "cohere2": 4, "gpt-oss": 2, "llama4": 4}
_SWA_DEFAULT_WINDOW = {"llama4": 8192}


class GGUFInfo(BaseModel):
    model: Model
    file_bytes: int
    tensor_bytes: int
    n_tensors: int
    cpu_repack_bytes: int = 0
    file_type: int | None = None


def _read(fh: BinaryIO, fmt: str) -> Any:  # a GGUF scalar: int, float or bool by the format
    size = struct.calcsize(fmt)
    data = fh.read(size)
    if len(data) != size:
        raise SizingError("GGUF header is truncated")
    return struct.unpack(fmt, data)[0]


def _string(fh: BinaryIO) -> str:
    n = _read(fh, "<Q")
    if n > 1 << 24:
        raise SizingError("GGUF header is corrupt (string too long)")
    return fh.read(n).decode("utf-8", errors="replace")


def _value(fh: BinaryIO, vtype: int, keep_arrays: bool) -> Any:  # scalar, string, list or array length
    if vtype in _SCALARS:
        return _read(fh, _SCALARS[vtype])
    if vtype == _STRING:
        return _string(fh)
    if vtype == _ARRAY:
        itype, count = _read(fh, "<I"), _read(fh, "<Q")
        if itype in _SCALARS and not keep_arrays:
            fh.seek(struct.calcsize(_SCALARS[itype]) * count, os.SEEK_CUR)
            return count
        items = [_value(fh, itype, keep_arrays) for _ in range(count)]
        return items if keep_arrays else count
    raise SizingError(f"GGUF header is corrupt (value type {vtype})")


def read_gguf(path: str | Path) -> GGUFInfo:
    """Parse the header only (metadata and tensor table); arrays are counted, not loaded."""
    p = Path(path)
    if not p.is_file():
        raise SizingError(f"no such file: {p}")
    size = p.stat().st_size
    with open(p, "rb") as fh:
        if fh.read(4) != b"GGUF":
            raise SizingError(f"{p.name} is not a GGUF file")
        version = _read(fh, "<I")
        if version < 2:
            raise SizingError(f"GGUF version {version} is too old")
        n_tensors, n_kv = _read(fh, "<Q"), _read(fh, "<Q")
        if n_kv > MAX_KEYS or n_tensors > 1_000_000:
            raise SizingError("GGUF header is corrupt (counts out of range)")
        meta: dict[str, Any] = {}
        for _ in range(n_kv):
            key = _string(fh)
            meta[key] = _value(fh, _read(fh, "<I"), keep_arrays=False)
        n_params = repack = last_offset = 0
        has_output = False
        for _ in range(n_tensors):
            name = _string(fh)
            has_output = has_output or name == "output.weight"
            dims = [_read(fh, "<Q") for _ in range(_read(fh, "<I"))]
            ttype, offset = _read(fh, "<I"), _read(fh, "<Q")
            last_offset = max(last_offset, offset)
            n = math.prod(dims)
            n_params += n
            if ttype in _REPACK_BLOCKS and name.startswith("blk."):
                elems, nbytes = _REPACK_BLOCKS[ttype]
                repack += n // elems * nbytes
        align = int(meta.get("general.alignment", 32))
        data_start = -(-fh.tell() // align) * align
    if data_start + last_offset > size:  # the last tensor starts beyond the end of the file
        raise SizingError(f"{p.name} is truncated ({size:,} bytes)")
    arch = meta.get("general.architecture", "llama")

    def g(key: str, default: Any = None) -> Any:
        return meta.get(f"{arch}.{key}", default)

    heads = int(g("attention.head_count", 0))
    hidden = int(g("embedding_length", 0))
    if not heads or not hidden:
        raise SizingError(f"{p.name}: not a supported language-model GGUF (no attention metadata)")
    kv_heads = g("attention.head_count_kv", heads)
    kv_heads = int(kv_heads if not isinstance(kv_heads, list) else max(kv_heads))
    lora = g("attention.kv_lora_rank")
    layers = int(g("block_count"))
    experts = int(g("expert_count", 0)) or None
    window = int(g("attention.sliding_window", 0)) or _SWA_DEFAULT_WINDOW.get(arch)
    pattern = g("attention.sliding_window_pattern")
    pattern = pattern if isinstance(pattern, int) and not isinstance(pattern, bool) else _SWA_PATTERN.get(arch)
    shared_kv = int(g("attention.shared_kv_layers", 0) or 0)
    interval = int(g("full_attention_interval", 0) or 0)
    kv_free = shared_kv or (layers - layers // interval if interval else 0)
    own = layers - shared_kv
    sliding = own - own // pattern if window and pattern else None
    model = Model(
        id=p.stem.lower(), name=str(meta.get("general.name", p.stem)), family=arch, kind="llm",
        params_b=n_params / 1e9, n_layers=layers, hidden_size=hidden,
        intermediate_size=(int(g("expert_feed_forward_length", 0)) if experts else 0)
        or int(g("feed_forward_length", 0) if not isinstance(g("feed_forward_length", 0), list) else 0) or None,
        n_heads=heads, n_kv_heads=kv_heads,
        head_dim=int(g("attention.key_length", hidden // heads)),
        vocab_size=int(g("vocab_size", meta.get("tokenizer.ggml.tokens", 0)) or 0) or None,
        max_context=int(g("context_length", 0)) or None,
        attention="mla" if lora else ("mha" if kv_heads == heads else ("mqa" if kv_heads == 1 else "gqa")),
        moe_experts=experts, moe_active_experts=int(g("expert_used_count", 0)) or None,
        moe_layers=(layers - int(g("leading_dense_block_count", 0) or 0)) if experts else None,
        moe_shared_experts=int(g("expert_shared_count", 0) or 0),
        kv_lora_rank=int(lora) if lora else None,
        qk_rope_head_dim=int(g("rope.dimension_count", 0)) or None if lora else None,
        sliding_window=window if sliding else None, sliding_layers=sliding,
        kv_free_layers=kv_free or None, tied_embeddings=not has_output,
        source=f"GGUF header of {p.name}",
    )
    return GGUFInfo(model=model, file_bytes=size, tensor_bytes=size - data_start, n_tensors=n_tensors,
                    cpu_repack_bytes=repack,
                    file_type=meta.get("general.file_type"))


def _layer_kinds(cfg: dict[str, Any], layers: int) -> tuple[int | None, int, int | None]:
    """(sliding layers, layers without own KV, sliding window) from a config.json."""
    window = cfg.get("sliding_window") if cfg.get("use_sliding_window", True) else None
    shared_kv = int(cfg.get("num_kv_shared_layers") or 0)
    own = layers - shared_kv
    types = cfg.get("layer_types")
    kv_free = shared_kv
    sliding = None
    if isinstance(types, list) and len(types) == layers:
        kv_free += sum(t == "linear_attention" for t in types[:own])
        sliding = sum(t in ("sliding_attention", "chunked_attention") for t in types[:own]) or None
    elif cfg.get("full_attention_interval"):
        kv_free += own - own // int(cfg["full_attention_interval"])
    elif window:
        pattern = cfg.get("sliding_window_pattern") or {"gemma2": 2, "gemma3_text": 6, "gemma3": 6,
                                                         "cohere2": 4}.get(cfg.get("model_type", ""))
        if pattern:
            sliding = own - own // int(pattern)
    if cfg.get("attention_chunk_size") and cfg.get("no_rope_layers"):  # Llama 4: chunked = RoPE layers
        window = cfg["attention_chunk_size"]
        sliding = sum(1 for x in cfg["no_rope_layers"] if x)
    return sliding, kv_free, window if sliding else None


def _tied(cfg: dict[str, Any]) -> bool:
    """tie_word_embeddings; Gemma configs omit it and tie by default (transformers' Gemma configs)."""
    return bool(cfg.get("tie_word_embeddings", str(cfg.get("model_type", "")).startswith("gemma")))


def _hf_params(cfg: dict[str, Any], layers: int, hidden: int, heads: int, kv_heads: int, head_dim: int, vocab: int,
               experts: int | None) -> tuple[float, float, int, int]:
    """(total, active, MoE layers, shared experts) summed from the architecture: attention (MLA or
    GQA) + dense MLPs + routed and shared experts + embeddings/LM head."""
    lora = cfg.get("kv_lora_rank")
    if lora:
        nope, rope = cfg.get("qk_nope_head_dim", 128), cfg.get("qk_rope_head_dim", 64)
        v = cfg.get("v_head_dim", 128)
        q_lora = cfg.get("q_lora_rank")
        q = hidden * q_lora + q_lora * heads * (nope + rope) if q_lora else hidden * heads * (nope + rope)
        attn = q + hidden * (lora + rope) + lora * heads * (nope + v) + heads * v * hidden
    else:
        attn = hidden * heads * head_dim * 2 + hidden * kv_heads * head_dim * 2
    inter = cfg.get("intermediate_size") or 4 * hidden
    dense_inter = cfg.get("intermediate_size_mlp") or inter
    moe_layers, shared, routed = 0, 0, 0
    if experts:
        e_inter = cfg.get("moe_intermediate_size") or inter
        first_dense = int(cfg.get("first_k_dense_replace") or 0)
        step = int(cfg.get("interleave_moe_layer_step") or cfg.get("decoder_sparse_step") or 1)
        mlp_only = set(cfg.get("mlp_only_layers") or [])
        moe_idx = [i for i in range(layers) if i >= first_dense and i not in mlp_only and (i + 1) % step == 0]
        moe_layers = len(moe_idx)
        shared = int(cfg.get("n_shared_experts") or 0)
        shared_width = shared * e_inter + int(cfg.get("shared_expert_intermediate_size") or 0)
        if cfg.get("model_type", "").startswith("llama4") and not shared_width:
            shared, shared_width = 1, e_inter
        routed = moe_layers * experts * 3 * hidden * e_inter
        mlp = (moe_layers * (3 * hidden * shared_width + experts * hidden)
               + (layers - moe_layers) * 3 * hidden * dense_inter)
    else:
        mlp = layers * 3 * hidden * inter
    emb = vocab * hidden * (1 if _tied(cfg) else 2)
    total = layers * attn + mlp + routed + emb
    k = cfg.get("num_experts_per_tok") or cfg.get("experts_per_token") or 0
    active = total - (routed * (1 - k / experts) if experts else 0)
    return total / 1e9, active / 1e9, moe_layers, shared


def read_hf_config(path: str | Path, params_b: float | None = None) -> Model:
    """Architecture from a Hugging Face config.json; parameter count summed from the architecture
    (MoE expert widths, shared experts, dense-first layers and MLA projections included) when not given."""
    p = Path(path)
    try:
        cfg = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SizingError(f"cannot read {p.name}: {exc}") from None
    cfg = cfg.get("text_config", cfg)  # multimodal configs nest the language model
    try:
        layers, hidden, heads = cfg["num_hidden_layers"], cfg["hidden_size"], cfg["num_attention_heads"]
    except KeyError as exc:
        raise SizingError(f"{p.name} lacks {exc.args[0]}: not a transformer language-model config") from None
    kv_heads = cfg.get("num_key_value_heads") or heads
    head_dim = cfg.get("head_dim") or hidden // heads
    vocab = cfg.get("vocab_size", 32_000)
    experts = cfg.get("num_local_experts") or cfg.get("n_routed_experts") or cfg.get("num_experts")
    total, active, moe_layers, shared = _hf_params(cfg, layers, hidden, heads, kv_heads, head_dim, vocab, experts)
    if params_b is None:
        params_b = total
    sliding, kv_free, window = _layer_kinds(cfg, layers)
    lora = cfg.get("kv_lora_rank")
    return Model(
        id=p.parent.name.lower() or "config", name=cfg.get("_name_or_path") or p.parent.name or "config.json",
        family=cfg.get("model_type", "unknown"), params_b=params_b,
        active_params_b=round(active, 3) if experts else None, n_layers=layers, hidden_size=hidden,
        intermediate_size=(cfg.get("moe_intermediate_size") if experts else None) or cfg.get("intermediate_size")
        or 4 * hidden, n_heads=heads, n_kv_heads=kv_heads, head_dim=head_dim, vocab_size=vocab,
        max_context=cfg.get("max_position_embeddings"),
        attention="mla" if lora else ("mha" if kv_heads == heads else "gqa"),
        moe_experts=experts, moe_active_experts=cfg.get("num_experts_per_tok") or cfg.get("experts_per_token"),
        moe_layers=moe_layers or None, moe_shared_experts=shared, kv_lora_rank=lora,
        qk_rope_head_dim=cfg.get("qk_rope_head_dim") if lora else None,
        sliding_window=window, sliding_layers=sliding, kv_free_layers=kv_free or None,
        tied_embeddings=_tied(cfg),
        source=f"config.json at {p}",
    )
