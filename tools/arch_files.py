"""Read a model's architecture from a local GGUF header or a Hugging Face config.json,
so models outside the catalog are sized exactly."""
from __future__ import annotations

import json
import math
import os
import struct
from pathlib import Path
from typing import BinaryIO

from pydantic import BaseModel

from tools.catalog import Model
from tools.errors import SizingError

_SCALARS = {0: "<B", 1: "<b", 2: "<H", 3: "<h", 4: "<I", 5: "<i", 6: "<f", 7: "<?", 10: "<Q", 11: "<q", 12: "<d"}
_STRING, _ARRAY = 8, 9
_REPACK_BLOCKS = {2: (32, 18), 12: (256, 144), 20: (32, 18)}  # Q4_0, Q4_K, IQ4_NL: (elements, bytes) per block
MAX_KEYS = 100_000  # a header with more is not a real GGUF


class GGUFInfo(BaseModel):
    model: Model
    file_bytes: int
    tensor_bytes: int
    n_tensors: int
    cpu_repack_bytes: int = 0
    file_type: int | None = None


def _read(fh: BinaryIO, fmt: str):
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


def _value(fh: BinaryIO, vtype: int, keep_arrays: bool):
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
        meta = {}
        for _ in range(n_kv):
            key = _string(fh)
            meta[key] = _value(fh, _read(fh, "<I"), keep_arrays=False)
        n_params = repack = last_offset = 0
        for _ in range(n_tensors):
            name = _string(fh)
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

    def g(key, default=None):
        return meta.get(f"{arch}.{key}", default)

    heads = int(g("attention.head_count", 0))
    hidden = int(g("embedding_length", 0))
    if not heads or not hidden:
        raise SizingError(f"{p.name}: not a supported language-model GGUF (no attention metadata)")
    kv_heads = g("attention.head_count_kv", heads)
    kv_heads = int(kv_heads if not isinstance(kv_heads, list) else max(kv_heads))
    lora = g("attention.kv_lora_rank")
    model = Model(
        id=p.stem.lower(), name=str(meta.get("general.name", p.stem)), family=arch, kind="llm",
        params_b=n_params / 1e9, n_layers=int(g("block_count")), hidden_size=hidden,
        intermediate_size=int(g("feed_forward_length", 0)) or None, n_heads=heads, n_kv_heads=kv_heads,
        head_dim=int(g("attention.key_length", hidden // heads)),
        vocab_size=int(g("vocab_size", meta.get("tokenizer.ggml.tokens", 0)) or 0) or None,
        max_context=int(g("context_length", 0)) or None,
        attention="mla" if lora else ("mha" if kv_heads == heads else ("mqa" if kv_heads == 1 else "gqa")),
        moe_experts=int(g("expert_count", 0)) or None, moe_active_experts=int(g("expert_used_count", 0)) or None,
        kv_lora_rank=int(lora) if lora else None,
        qk_rope_head_dim=int(g("rope.dimension_count", 0)) or None if lora else None,
        sliding_window=int(g("attention.sliding_window", 0)) or None,
        source=f"GGUF header of {p.name}",
    )
    return GGUFInfo(model=model, file_bytes=size, tensor_bytes=size - data_start, n_tensors=n_tensors,
                    cpu_repack_bytes=repack,
                    file_type=meta.get("general.file_type"))


def read_hf_config(path: str | Path, params_b: float | None = None) -> Model:
    """Architecture from a Hugging Face config.json; dense parameter count derived when not given."""
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
    inter = cfg.get("intermediate_size") or 4 * hidden
    vocab = cfg.get("vocab_size", 32_000)
    experts = cfg.get("num_local_experts") or cfg.get("n_routed_experts") or cfg.get("num_experts")
    if params_b is None:
        attn = hidden * heads * head_dim * 2 + hidden * kv_heads * head_dim * 2
        mlp = 3 * hidden * inter * (experts or 1)
        emb = vocab * hidden * (1 if cfg.get("tie_word_embeddings") else 2)
        params_b = (layers * (attn + mlp) + emb) / 1e9
    lora = cfg.get("kv_lora_rank")
    return Model(
        id=p.parent.name.lower() or "config", name=cfg.get("_name_or_path") or p.parent.name or "config.json",
        family=cfg.get("model_type", "unknown"), params_b=params_b, n_layers=layers, hidden_size=hidden,
        intermediate_size=inter, n_heads=heads, n_kv_heads=kv_heads, head_dim=head_dim, vocab_size=vocab,
        max_context=cfg.get("max_position_embeddings"),
        attention="mla" if lora else ("mha" if kv_heads == heads else "gqa"),
        moe_experts=experts, moe_active_experts=cfg.get("num_experts_per_tok"), kv_lora_rank=lora,
        qk_rope_head_dim=cfg.get("qk_rope_head_dim") if lora else None,
        sliding_window=cfg.get("sliding_window") if cfg.get("use_sliding_window", True) else None,
        source=f"config.json at {p}",
    )
