"""Bytes per weight and per KV element for the formats customers name.

Plain formats use their nominal width. Quantised formats use *measured whole-file*
bits per weight (block scales and the higher-precision layers that quantisers keep
included), because that is what has to sit in VRAM: Llama-3-8B in Q4_K_M is a 4.92 GB
file, not 8.03e9 x 0.5 bytes.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, Field

from tools.errors import SizingError

if TYPE_CHECKING:
    from tools.catalog import Model

Scope = Literal["all", "linear", "experts"]


class Precision(BaseModel):
    name: str
    bits_per_weight: float
    note: str
    scope: Scope = Field("all", description="'all': whole-file bits/weight (measured, every tensor included); "
                         "'linear': only the linear layers are quantised, embeddings and LM head stay 16-bit; "
                         "'experts': only routed MoE experts are quantised (gpt-oss MXFP4), the rest 16-bit.")
    head_bits: float | None = Field(None, description="LM-head width where the format quantises it separately "
                                    "(EXL2: 6 bits by default).")

    @property
    def bytes_per_param(self) -> float:
        return self.bits_per_weight / 8


# Whole-file bits per weight of llama.cpp quantisations, from published Llama-3-8B
# GGUF file sizes (8.03e9 parameters); Q4_K_M = 4.89 as measured for the issue.
_GGUF_BPW = {
    "Q2_K": 3.17, "Q3_K_S": 3.65, "Q3_K_M": 4.00, "Q3_K_L": 4.30, "IQ4_XS": 4.43, "IQ4_NL": 4.68,
    "Q4_0": 4.64, "Q4_K_S": 4.67, "Q4_K_M": 4.89, "Q5_0": 5.57, "Q5_K_S": 5.58, "Q5_K_M": 5.71,
    "Q6_K": 6.58, "Q8_0": 8.51,
}

PRECISIONS: dict[str, Precision] = {
    "fp32": Precision(name="fp32", bits_per_weight=32, note="4 bytes per parameter"),
    "fp16": Precision(name="fp16", bits_per_weight=16, note="2 bytes per parameter"),
    "bf16": Precision(name="bf16", bits_per_weight=16, note="2 bytes per parameter"),
    "fp8": Precision(name="fp8", bits_per_weight=8, scope="linear",
                     note="FP8 E4M3, 1 byte per linear-layer weight with per-channel/tensor scales; embeddings and "
                          "lm_head stay 16-bit (vLLM/llm-compressor FP8 checkpoints list lm_head in 'ignore')"),
    "int8": Precision(name="int8", bits_per_weight=8.51,
                      note="8-bit with block scales as shipped (Q8_0-like, 8.51 bits/weight measured; nominal 1 byte)"),
    "int4": Precision(name="int4", bits_per_weight=4.64,
                      note="4-bit with block scales as shipped (Q4_0-like, 4.64 bits/weight measured; nominal 0.5 byte)"),
    "nf4": Precision(name="nf4", bits_per_weight=4.127, scope="linear",
                     note="bitsandbytes NF4 with double quantisation (QLoRA), 4.127 bits/weight on nn.Linear layers; "
                          "embeddings and lm_head stay 16-bit (transformers skips lm_head)"),
    "awq": Precision(name="awq", bits_per_weight=4 + (16 + 4) / 128, scope="linear",
                     note="AWQ 4-bit, group 128: 4-bit weights + an fp16 scale and a 4-bit zero point per 128 "
                          "(AutoAWQ GEMM layout, 4.156 bits); embeddings and lm_head stay 16-bit"),
    "gptq": Precision(name="gptq", bits_per_weight=4 + (16 + 4) / 128 + 0.008, scope="linear",
                      note="GPTQ 4-bit, group 128: as AWQ plus a 32-bit g_idx per input row (~4.16 bits); "
                           "embeddings and lm_head stay 16-bit"),
    "mxfp4": Precision(name="mxfp4", bits_per_weight=4.25, scope="experts",
                       note="MXFP4 (OCP microscaling): 4-bit E2M1 + one 8-bit E8M0 scale per 32 = 4.25 bits; as "
                            "gpt-oss ships it only the MoE experts are MXFP4, attention, embeddings and lm_head BF16"),
    "nvfp4": Precision(name="nvfp4", bits_per_weight=4.5, scope="linear",
                       note="NVFP4: 4-bit E2M1 + an FP8 E4M3 scale per 16 (+ one fp32 per tensor) = 4.5 bits on the "
                            "linear layers; embeddings and lm_head stay 16-bit (NVIDIA ModelOpt checkpoints)"),
}
PRECISIONS.update({
    k.lower(): Precision(name=k, bits_per_weight=v, note=f"GGUF {k}, {v} bits/weight measured whole-file")
    for k, v in _GGUF_BPW.items()
})

# KV cache element sizes; q8_0/q4_0 are llama.cpp block formats (34 and 18 bytes per 32 values).
KV_DTYPES: dict[str, float] = {"fp32": 4, "fp16": 2, "bf16": 2, "fp8": 1, "q8_0": 34 / 32, "q4_0": 18 / 32}

_ALIASES = {"float32": "fp32", "float16": "fp16", "half": "fp16", "16bit": "fp16", "16": "fp16",
            "8bit": "int8", "8": "int8", "4bit": "int4", "4": "int4", "q4": "int4", "q8": "q8_0",
            "bnb4": "nf4", "qlora": "nf4", "f16": "fp16", "f32": "fp32", "fp8e4m3": "fp8", "e4m3": "fp8",
            "fp8_e4m3": "fp8", "awq4bit": "awq", "awqint4": "awq", "gptqint4": "gptq", "gptq4bit": "gptq",
            "mxfp4": "mxfp4", "fp4": "nvfp4"}
_EXL2 = re.compile(r"^exl2[_:@]?(\d+(?:[.,]\d+)?)(?:bpw|b)?$")
EXL2_HEAD_BITS = 6  # exllamav2 convert.py default -hb 6


def _key(name: str) -> str:
    return re.sub(r"[\s\-]+", "", name.strip().lower()).replace("-", "_")


def get_precision(name: str) -> Precision:
    key = _key(name)
    key = _ALIASES.get(key, key)
    if key in PRECISIONS:
        return PRECISIONS[key]
    m = _EXL2.match(key)
    if m:
        bits = float(m.group(1).replace(",", "."))
        if not 2 <= bits <= 8:
            raise SizingError(f"EXL2 bits per weight must be 2-8, got {bits:g}")
        return Precision(name=f"exl2-{bits:g}", bits_per_weight=bits, scope="linear", head_bits=EXL2_HEAD_BITS,
                         note=f"EXL2 at {bits:g} bits/weight averaged over the linear layers, lm_head at "
                              f"{EXL2_HEAD_BITS} bits, embeddings 16-bit (exllamav2 defaults)")
    known = ", ".join(sorted({p.name for p in PRECISIONS.values()}))
    raise SizingError(f"unknown precision '{name}'; known: {known}, exl2-<bits> (e.g. exl2-4.65)")


def weight_bytes(model: "Model", prec: Precision) -> int:
    """Bytes of all weights under a format: the quantised part at its bits, what the format keeps in
    16 bits (embeddings, LM head, non-expert layers) at 2 bytes."""
    params = model.params
    scope = prec.scope
    if scope == "experts" and not model.routed_expert_params:
        scope = "linear"
    if scope == "all":
        return int(round(params * prec.bytes_per_param))
    if scope == "experts":
        routed = model.routed_expert_params
        return int(round(routed * prec.bytes_per_param + (params - routed) * 2))
    emb = min(model.embedding_params, params)
    if prec.head_bits and emb and not model.tied_embeddings:
        head = (model.vocab_size or 0) * model.arch.hidden_size  # emb > 0 means vocab_size is known
        return int(round((params - emb) * prec.bytes_per_param + (emb - head) * 2 + head * prec.head_bits / 8))
    return int(round((params - emb) * prec.bytes_per_param + emb * 2))


def expert_bytes(model: "Model", prec: Precision) -> int:
    """Bytes of the routed experts alone (every format quantises them at its nominal bits)."""
    return int(round(model.routed_expert_params * prec.bytes_per_param))


def kv_bytes_per_element(dtype: str) -> float:
    key = _ALIASES.get(_key(dtype), _key(dtype))
    if key not in KV_DTYPES:
        raise SizingError(f"unknown KV-cache dtype '{dtype}'; known: {', '.join(KV_DTYPES)}")
    return KV_DTYPES[key]
