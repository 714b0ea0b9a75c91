"""KV-cache size, the vendor guide's formula extended to MLA and sliding-window layers.

Standard (MHA/GQA/MQA): 2 x n_layers x n_kv_heads x head_dim x seq_len x batch x bytes
(2 = keys and values). MLA (DeepSeek-V3/R1) caches one compressed latent per layer and
token: kv_lora_rank + qk_rope_head_dim values, shared by keys and values, so no factor 2.
Sliding-window layers keep at most `sliding_window` tokens.
"""
from __future__ import annotations

from tools.catalog import Model
from tools.errors import SizingError
from tools.precision import kv_bytes_per_element


def kv_values_per_token_per_layer(model: Model) -> int:
    """Cached values per token and per layer (before x bytes)."""
    if model.kind != "llm":
        return 0
    if model.attention == "mla":
        return model.kv_lora_rank + model.qk_rope_head_dim
    return 2 * model.n_kv_heads * model.head_dim


def kv_cache_bytes(model: Model, seq_len: int, batch: int = 1, dtype: str = "fp16") -> int:
    if seq_len < 0 or batch < 0:
        raise SizingError("context and batch must not be negative")
    if model.kind != "llm":
        return 0
    per_layer_token = kv_values_per_token_per_layer(model) * kv_bytes_per_element(dtype)
    swa_layers = model.sliding_layers or 0
    if swa_layers and model.sliding_window:
        full_layers = model.n_layers - swa_layers
        tokens = full_layers * seq_len + swa_layers * min(seq_len, model.sliding_window)
    else:
        tokens = model.n_layers * seq_len
    return int(round(per_layer_token * tokens * batch))
