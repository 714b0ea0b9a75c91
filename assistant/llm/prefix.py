"""The static system prompt's KV state, kept per process (llama-cpp-python 0.3: llama_state_seq_*).

A new conversation's first turn used to prefill the whole system prompt again whenever the KV
cache no longer started with it (the process had just loaded, a reset, another prompt in between).
`StaticPrefix` evaluates it once per answer language and kind of answer, saves sequence 0's KV,
and puts the turn's one back before such a turn, so the turn prefills only its own message. Follow-ups already reuse
their prefix through llama-cpp-python's own prefix match.
"""
from __future__ import annotations

import ctypes
import logging

log = logging.getLogger(__name__)


def warm_prefix(llm, structured: bool = False) -> "StaticPrefix | None":
    from assistant.prompt import CASES, static_messages  # the static starts of explanations

    try:  # the starts share the rules, so each after the first prefills only its worked turn
        return StaticPrefix(llm, *(static_messages(structured, lang, case) for lang in ("ru", "en") for case in CASES))
    except Exception as exc:  # an optimisation only: turns still work, just with a cold first token
        log.warning("static prompt not cached (%s: %s)", exc.__class__.__name__, exc)
        llm.reset()
        return None


class _Saved:
    """One static start: its messages, its tokens and sequence 0's KV state after them."""

    def __init__(self, llm, static: list[dict]):
        import llama_cpp

        self.static, self.tokens, self.state = list(static), [], b""
        if not static:
            return
        seen = []
        for probe in ("a", "b"):  # the template's tokens up to where the turn's own text starts
            llm.create_chat_completion(messages=[*static, {"role": "user", "content": probe}], max_tokens=1,
                                       temperature=0)
            seen.append(list(llm.input_ids[: llm.n_tokens]))
        n = next((i for i, (x, y) in enumerate(zip(*seen)) if x != y), min(map(len, seen)))
        self.tokens = seen[0][:n]
        llm._ctx.kv_cache_seq_rm(-1, n, -1)
        llm.n_tokens = n
        size = llama_cpp.llama_state_seq_get_size(llm._ctx.ctx, 0)
        buf = (ctypes.c_uint8 * size)()
        got = llama_cpp.llama_state_seq_get_data(llm._ctx.ctx, buf, size, 0)
        self.state = bytes(buf[:got])


class StaticPrefix:
    """The static starts (one per answer language and kind of answer), evaluated once per process and put back
    into the KV cache when a turn finds it gone (a reset, another prompt in between), so a new
    conversation's first token costs only its own message. Follow-ups already reuse their prefix
    through llama-cpp-python's prefix match; this covers the first turn. Only sequence 0's KV is
    saved (no logits): the turn's own message is always decoded after it, which refreshes the logits
    before sampling."""

    def __init__(self, llm, *statics: list[dict]):
        self.llm = llm
        self.saved = [_Saved(llm, static) for static in statics if static]

    @property
    def tokens(self) -> list[int]:
        """The first start's tokens (Russian, an answer that fits: static_messages()' default)."""
        return self.saved[0].tokens if self.saved else []

    def _match(self, messages: list[dict]) -> _Saved | None:
        return next((s for s in self.saved if s.state and messages[: len(s.static)] == s.static), None)

    def cached(self, messages: list[dict] | None = None) -> bool:
        saved = self._match(messages) if messages is not None else (self.saved[0] if self.saved else None)
        if saved is None:
            return False
        n = len(saved.tokens)
        return self.llm.n_tokens >= n and list(self.llm.input_ids[:n]) == saved.tokens

    def restore_if_lost(self, messages: list[dict]) -> bool:
        """Put the saved start of this turn back if the cache lost it; True if restored."""
        import llama_cpp

        saved = self._match(messages)
        if saved is None or self.cached(messages):
            return False
        llm = self.llm
        llm._ctx.kv_cache_seq_rm(-1, 0, -1)
        buf = (ctypes.c_uint8 * len(saved.state)).from_buffer_copy(saved.state)
        if llama_cpp.llama_state_seq_set_data(llm._ctx.ctx, buf, len(saved.state), 0) != len(saved.state):
            llm.reset()
            return False
        n = len(saved.tokens)
        llm.input_ids[:n] = saved.tokens
        llm.n_tokens = n
        llm._requires_eval = True
        return True
