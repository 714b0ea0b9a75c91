"""The static system prompt's KV state, kept per process and on disk (llama-cpp-python 0.3: llama_state_seq_*).

A new conversation's first turn used to prefill the whole system prompt again whenever the KV
cache no longer started with it (the process had just loaded, a reset, another prompt in between).
`StaticPrefix` evaluates it once per answer language and kind of answer, saves sequence 0's KV,
and puts the turn's one back before such a turn, so the turn prefills only its own message. Follow-ups already reuse
their prefix through llama-cpp-python's own prefix match.

Evaluating the 18 starts costs about 3.5 min on 2 cores (measured: 6-16 s each; they share only the
prompt's first sentences), once per context, so a 2-slot server took 7-8 min to become ready. Hence:
the other contexts of a process get the first one's states (same model, same n_ctx), and a
`PrefixStore` keeps them on disk like llama-server's --slot-save-path, keyed by the model file,
the context size, llama-cpp-python's version and the messages, so a restart loads them in seconds.
"""
from __future__ import annotations

import array
import ctypes
import hashlib
import json
import logging
import os
import struct
import time
from pathlib import Path

log = logging.getLogger(__name__)
_MAGIC = b"GSKV1\n"
_UNUSED_FOR_S = 7 * 24 * 3600  # a start no process has loaded for a week is a stale prompt's


class PrefixStore:
    """Saved starts on disk, one file each; a file that does not load is evaluated again, never trusted."""

    def __init__(self, directory: Path, model_path: Path, n_ctx: int):
        import llama_cpp

        st = Path(model_path).stat()
        self.directory = Path(directory)
        self.identity = json.dumps([Path(model_path).name, st.st_size, st.st_mtime_ns, n_ctx,
                                    llama_cpp.__version__])

    def path(self, static: list[dict], lead: str = "") -> Path:
        key = hashlib.sha256((self.identity + json.dumps([static, lead] if lead else static, ensure_ascii=False)).encode()).hexdigest()
        return self.directory / f"{key[:40]}.kv"

    def load(self, static: list[dict], lead: str = "") -> tuple[list[int], bytes] | None:
        path = self.path(static, lead)
        try:
            data = path.read_bytes()
            os.utime(path)  # in use: kept by prune()
        except OSError:
            return None
        head = len(_MAGIC) + 4
        if not data.startswith(_MAGIC) or len(data) < head:
            return None
        (n,) = struct.unpack("<I", data[len(_MAGIC):head])
        tokens = array.array("i")
        tokens.frombytes(data[head:head + 4 * n])
        state = data[head + 4 * n:]
        return (tokens.tolist(), state) if len(tokens) == n and n and state else None

    def save(self, static: list[dict], tokens: list[int], state: bytes, lead: str = "") -> None:
        path = self.path(static, lead)
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.tmp")  # two processes warming at once: whole files only
            tmp.write_bytes(_MAGIC + struct.pack("<I", len(tokens)) + array.array("i", tokens).tobytes() + state)
            os.replace(tmp, path)
        except OSError as exc:  # a read-only model folder: the process still has its states in memory
            log.warning("static prompt state not saved to %s (%s)", self.directory, exc)

    def prune(self) -> None:
        """Drop starts no process has loaded for a week (the prompt or the model has changed since)."""
        now = time.time()
        for f in self.directory.glob("*.kv"):
            try:
                if now - f.stat().st_mtime > _UNUSED_FOR_S:
                    f.unlink()
            except OSError:
                pass


def warm_prefix(llm, structured: bool = False, store: PrefixStore | None = None) -> "StaticPrefix | None":
    from assistant.prompt import CASES, static_messages, turn_lead  # the static starts of explanations

    starts = [(lang, case) for lang in ("ru", "en") for case in CASES]
    try:  # the starts share the rules, so each after the first prefills only its worked turn
        return StaticPrefix(llm, *(static_messages(structured, lang, case) for lang, case in starts),
                            store=store, lead=[turn_lead(lang) for lang, _ in starts])
    except Exception as exc:  # an optimisation only: turns still work, just with a cold first token
        log.warning("static prompt not cached (%s: %s)", exc.__class__.__name__, exc)
        llm.reset()
        return None


class _Saved:
    """One static start: its messages, its tokens and sequence 0's KV state after them."""

    def __init__(self, static: list[dict], tokens: list[int], state: bytes):
        self.static, self.tokens, self.state = list(static), tokens, state

    @classmethod
    def evaluate(cls, llm, static: list[dict], lead: str = "") -> "_Saved":
        import llama_cpp

        seen = []
        # the template's tokens up to where the turn's own text starts, and the words every turn's message
        # opens with (a message that does not is still right: llama-cpp-python re-evaluates from where it differs)
        for probe in (f"{lead} a", f"{lead} b"):
            llm.create_chat_completion(messages=[*static, {"role": "user", "content": probe.lstrip()}], max_tokens=1,
                                       temperature=0)
            seen.append(list(llm.input_ids[: llm.n_tokens]))
        n = next((i for i, (x, y) in enumerate(zip(*seen)) if x != y), min(map(len, seen)))
        llm._ctx.kv_cache_seq_rm(-1, n, -1)
        llm.n_tokens = n
        size = llama_cpp.llama_state_seq_get_size(llm._ctx.ctx, 0)
        buf = (ctypes.c_uint8 * size)()
        got = llama_cpp.llama_state_seq_get_data(llm._ctx.ctx, buf, size, 0)
        return cls(static, seen[0][:n], bytes(buf[:got]))

    def put_into(self, llm) -> bool:
        """Sequence 0 of `llm` becomes this start; False (and an empty cache) if llama.cpp refuses the state."""
        import llama_cpp

        llm._ctx.kv_cache_seq_rm(-1, 0, -1)
        buf = (ctypes.c_uint8 * len(self.state)).from_buffer_copy(self.state)
        if llama_cpp.llama_state_seq_set_data(llm._ctx.ctx, buf, len(self.state), 0) != len(self.state):
            llm.reset()
            return False
        n = len(self.tokens)
        llm.input_ids[:n] = self.tokens
        llm.n_tokens = n
        llm._requires_eval = True
        return True


class StaticPrefix:
    """The static starts (one per answer language and kind of answer), evaluated once (or loaded from
    `store`) and put back into the KV cache when a turn finds it gone (a reset, another prompt in
    between), so a new conversation's first token costs only its own message. Follow-ups already reuse
    their prefix through llama-cpp-python's prefix match; this covers the first turn. Only sequence 0's
    KV is saved (no logits): the turn's own message is always decoded after it, which refreshes the
    logits before sampling."""

    def __init__(self, llm, *statics: list[dict], store: PrefixStore | None = None, lead: str | list[str] = ""):
        """`lead`: the words every turn opens with, one for all starts or one per start (its language's)."""
        self.llm = llm
        self.saved: list[_Saved] = []
        self.loaded = 0  # starts read from the store instead of evaluated
        leads = lead if isinstance(lead, list) else [lead] * len(statics)
        for static, words in zip(statics, leads, strict=True):
            if static:
                self.saved.append(self._load(llm, static, store, words) or self._evaluate(llm, static, store, words))
        llm.reset()
        if store is not None:
            store.prune()

    def _load(self, llm, static: list[dict], store: PrefixStore | None, lead: str) -> _Saved | None:
        found = store.load(static, lead) if store is not None else None
        if store is None or found is None:
            return None
        saved = _Saved(static, *found)
        if not saved.put_into(llm):  # written by another build of llama.cpp or cut short: evaluate anew
            log.warning("saved static prompt state %s did not load; evaluating it again", store.path(static, lead).name)
            return None
        self.loaded += 1
        return saved

    @staticmethod
    def _evaluate(llm, static: list[dict], store: PrefixStore | None, lead: str = "") -> _Saved:
        saved = _Saved.evaluate(llm, static, lead)
        if store is not None:
            store.save(static, saved.tokens, saved.state, lead)
        return saved

    def for_context(self, llm) -> "StaticPrefix":
        """The same saved starts for another context of the same model and size (llm.parallel > 1)."""
        twin = object.__new__(StaticPrefix)
        twin.llm, twin.saved, twin.loaded = llm, self.saved, self.loaded
        return twin

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
        saved = self._match(messages)
        if saved is None or self.cached(messages):
            return False
        return saved.put_into(self.llm)
