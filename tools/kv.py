"""KV-cache size, the vendor guide's formula extended to MLA, sliding-window and KV-free layers,
laid out as each runtime allocates it.

Standard (MHA/GQA/MQA): 2 x n_layers x n_kv_heads x head_dim x seq_len x batch x bytes
(2 = keys and values). MLA (DeepSeek-V3/R1, Kimi K2) caches one compressed latent per layer and
token: kv_lora_rank + qk_rope_head_dim values, shared by keys and values, so no factor 2 (llama.cpp
since its MLA support, vLLM and SGLang all store the latent). Layers without a KV cache of their own
(Qwen3-Next's linear-attention layers, Gemma 3n's KV-sharing layers) add nothing per token.

Sliding-window layers keep a bounded number of cells, and the bound is the runtime's:
- llama.cpp (src/llama-kv-cache-iswa.cpp): size_swa = min(n_ctx, GGML_PAD(n_swa + n_ubatch, 256))
  per sequence -- the window plus one micro-batch, padded to 256 cells. Gemma 3 27B at 8k:
  10 global layers x 8192 + 52 local x 1536 cells.
- vLLM / SGLang (paged, 16-token blocks): the window plus one block, whole blocks.
"""
from __future__ import annotations

import math

from tools.catalog import Model
from tools.errors import SizingError
from tools.precision import kv_bytes_per_element

LLAMACPP_N_UBATCH = 512  # llama.cpp default micro-batch
LLAMACPP_SWA_PAD = 256  # llama.cpp pads KV cells to 256
VLLM_BLOCK = 16  # vLLM default block_size (tokens per KV block)
PAGED_RUNTIMES = ("vllm", "sglang")


def kv_values_per_token_per_layer(model: Model) -> int:
    """Cached values per token and per layer (before x bytes)."""
    if model.kind != "llm":
        return 0
    if model.attention == "mla":
        if model.kv_lora_rank is None or model.qk_rope_head_dim is None:
            raise SizingError(f"MLA model {model.name} needs kv_lora_rank and qk_rope_head_dim")
        return model.kv_lora_rank + model.qk_rope_head_dim
    arch = model.arch
    return 2 * arch.n_kv_heads * arch.head_dim


def _pad(n: int, to: int) -> int:
    return -(-n // to) * to


def sliding_cells(model: Model, seq_len: int, runtime: str = "llama.cpp") -> int:
    """Cells one sequence keeps in a sliding-window layer under a runtime."""
    w = model.sliding_window or seq_len
    if runtime in PAGED_RUNTIMES:
        return min(_pad(seq_len, VLLM_BLOCK), _pad(w + VLLM_BLOCK, VLLM_BLOCK))
    return min(seq_len, _pad(w + LLAMACPP_N_UBATCH, LLAMACPP_SWA_PAD))


def kv_layers(model: Model) -> tuple[int, int]:
    """(full-attention layers, sliding-window layers) that keep their own KV cache."""
    own = model.arch.n_layers - (model.kv_free_layers or 0)
    swa = (model.sliding_layers or 0) if model.sliding_window else 0
    return own - swa, swa


def kv_cache_bytes(model: Model, seq_len: int, batch: int = 1, dtype: str = "fp16",
                   runtime: str = "llama.cpp") -> int:
    if seq_len < 0 or batch < 0:
        raise SizingError("context and batch must not be negative")
    if model.kind != "llm":
        return 0
    per_layer_token = kv_values_per_token_per_layer(model) * kv_bytes_per_element(dtype)
    full, swa = kv_layers(model)
    cells_full = _pad(seq_len, VLLM_BLOCK) if runtime in PAGED_RUNTIMES else seq_len
    tokens = full * cells_full + (swa * sliding_cells(model, seq_len, runtime) if swa else 0)
    return int(round(per_layer_token * tokens * batch))


def kv_bytes_per_token(model: Model, dtype: str = "fp16") -> float:
    """Bytes one more token of context costs in the full-attention layers (for capacity in tokens)."""
    full, _ = kv_layers(model)
    return kv_values_per_token_per_layer(model) * kv_bytes_per_element(dtype) * full


def max_tokens_in(model: Model, free_bytes: float, dtype: str = "fp16") -> int | float:
    """Tokens of KV cache that fit in free_bytes; math.inf when a token costs nothing."""
    per = kv_bytes_per_token(model, dtype)
    return 0 if free_bytes <= 0 else (math.inf if per == 0 else int(free_bytes // per))
