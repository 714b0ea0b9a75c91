"""What llama.cpp itself allocates on the CPU, so the estimate can be checked against it.

Compute buffer (flash attention off, measured on llama-cpp-python 0.3.x): the graph allocator
reuses memory, so the peak is the KQ mask (n_ctx x n_ubatch f32) plus the larger of the logits
(n_vocab x n_ubatch f32) and the attention scores of one layer (n_heads x n_ctx x n_ubatch f32)
with the MLP activations. On x86 CPUs llama.cpp also keeps an interleaved ("repacked") copy of
Q4_0/Q4_K/IQ4_NL matmul weights beside the mapped file.
"""
from __future__ import annotations

from tools.catalog import Model

N_UBATCH = 512  # llama.cpp default micro-batch
REPACKED_TYPES = {2, 12, 20}  # ggml Q4_0, Q4_K, IQ4_NL


def compute_buffer_bytes(model: Model, n_ctx: int, n_ubatch: int = N_UBATCH) -> int:
    mask = n_ctx * n_ubatch * 4
    logits = (model.vocab_size or 32_000) * n_ubatch * 4
    arch = model.arch
    attention = arch.n_heads * n_ctx * n_ubatch * 4 + n_ubatch * (model.intermediate_size or 4 * arch.hidden_size) * 4
    return mask + max(logits, attention)
