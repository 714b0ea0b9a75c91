"""Bytes per weight and per KV element for the formats customers name.

Plain formats use their nominal width. Quantised formats use *measured whole-file*
bits per weight (block scales and the higher-precision layers that quantisers keep
included), because that is what has to sit in VRAM: Llama-3-8B in Q4_K_M is a 4.92 GB
file, not 8.03e9 x 0.5 bytes.
"""
from __future__ import annotations

import re

from pydantic import BaseModel

from tools.errors import SizingError


class Precision(BaseModel):
    name: str
    bits_per_weight: float
    note: str

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
    "fp8": Precision(name="fp8", bits_per_weight=8, note="1 byte per parameter (FP8 E4M3)"),
    "int8": Precision(name="int8", bits_per_weight=8.51,
                      note="8-bit with block scales as shipped (Q8_0-like, 8.51 bits/weight measured; nominal 1 byte)"),
    "int4": Precision(name="int4", bits_per_weight=4.64,
                      note="4-bit with block scales as shipped (Q4_0-like, 4.64 bits/weight measured; nominal 0.5 byte)"),
    "nf4": Precision(name="nf4", bits_per_weight=4.127,
                     note="bitsandbytes NF4 with double quantisation (QLoRA), 4.127 bits/weight"),
}
PRECISIONS.update({
    k.lower(): Precision(name=k, bits_per_weight=v, note=f"GGUF {k}, {v} bits/weight measured whole-file")
    for k, v in _GGUF_BPW.items()
})

# KV cache element sizes; q8_0/q4_0 are llama.cpp block formats (34 and 18 bytes per 32 values).
KV_DTYPES: dict[str, float] = {"fp32": 4, "fp16": 2, "bf16": 2, "fp8": 1, "q8_0": 34 / 32, "q4_0": 18 / 32}

_ALIASES = {"float32": "fp32", "float16": "fp16", "half": "fp16", "16bit": "fp16", "16": "fp16",
            "8bit": "int8", "8": "int8", "4bit": "int4", "4": "int4", "q4": "int4", "q8": "q8_0",
            "gptq": "int4", "awq": "int4", "bnb4": "nf4", "qlora": "nf4", "f16": "fp16", "f32": "fp32"}


def _key(name: str) -> str:
    return re.sub(r"[\s\-]+", "", name.strip().lower()).replace("-", "_")


def get_precision(name: str) -> Precision:
    key = _key(name)
    key = _ALIASES.get(key, key)
    if key in PRECISIONS:
        return PRECISIONS[key]
    raise SizingError(f"unknown precision '{name}'; known: {', '.join(sorted({p.name for p in PRECISIONS.values()}))}")


def kv_bytes_per_element(dtype: str) -> float:
    key = _ALIASES.get(_key(dtype), _key(dtype))
    if key not in KV_DTYPES:
        raise SizingError(f"unknown KV-cache dtype '{dtype}'; known: {', '.join(KV_DTYPES)}")
    return KV_DTYPES[key]
