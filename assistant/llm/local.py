"""The embedded backend: a GGUF run by llama-cpp-python, on the GPU when one is there.

`llm.parallel` contexts answer at once, like llama-server's `--parallel` slots: one client's
answer then never makes another wait behind it (the gate lets each client hold one). The weights
are memory-mapped once and shared by every context; each context adds its own KV cache (and, on
a GPU, its own copy of the offloaded layers)."""
from __future__ import annotations

import logging
import os
import queue
import threading
from collections.abc import Generator
from typing import Any

from assistant.llm import LOADING, READY, ModelStatus, Tokenizer
from assistant.llm.model_files import ModelFileError, check_gguf
from assistant.llm.offload import gpu_layers_that_fit
from assistant.llm.prefix import PrefixStore, StaticPrefix, warm_prefix
from assistant.llm.settings import LLMSettings

log = logging.getLogger(__name__)
# the 1.5B model loops on its own phrases ("The gradients are smaller, and …") at 1.0; 1.1 stops it
# without changing figures it copies once from FACTS
REPEAT_PENALTY = 1.1


class _LlamaTokenizer:
    def __init__(self, llm):
        self.llm = llm

    def encode(self, text: str) -> list[int]:
        return self.llm.tokenize(text.encode("utf-8"), add_bos=False)

    def decode(self, tokens: list[int]) -> str:
        return self.llm.detokenize(tokens).decode("utf-8", errors="ignore")


class LocalLlama:
    name = "local"
    can_call_tools = False

    def __init__(self, settings: LLMSettings, background: bool = False):
        self.settings = settings
        self._llm: Any = None  # the first llama_cpp.Llama once loaded (tokenizer, benchmarks)
        self._prefix: StaticPrefix | None = None  # the first context's saved static prompt
        self._free: queue.Queue[tuple[Any, StaticPrefix | None]] = queue.Queue()
        self._error: str | None = None
        self._gbnf: Any = None
        self._ready = threading.Event()
        if background:
            threading.Thread(target=self._load, name="llm-load", daemon=True).start()
        else:
            self._load()

    def _load(self) -> None:
        try:
            path = self.settings.model_path
            check_gguf(path)
            from llama_cpp import Llama

            layers = self.settings.n_gpu_layers
            if layers is None:
                layers = gpu_layers_that_fit(path, self.settings.n_ctx)
            n = self.settings.parallel
            # contexts decoding at once split the cores: llama.cpp's threads spin at barriers, so
            # more threads than cores makes every answer slower, not just the extra one
            threads = self.settings.n_threads or max(1, (os.cpu_count() or 1) // n)
            for _ in range(n):  # each context one completion at a time: it is taken from the pool
                llm = Llama(model_path=str(path), n_ctx=self.settings.n_ctx, n_gpu_layers=layers,
                            n_threads=threads, verbose=False)
                if self._prefix is None:  # evaluated (or loaded) once; the other contexts get the same states
                    prefix = warm_prefix(llm, self.settings.structured, self._store(path))
                else:
                    prefix = self._prefix.for_context(llm)
                if self._llm is None:
                    self._llm, self._prefix = llm, prefix
                self._free.put((llm, prefix))
            self.n_gpu_layers = layers
        except ModelFileError as exc:
            self._error = str(exc)
        except Exception as exc:  # llama.cpp failed on a file that looked fine
            self._error = f"model could not be loaded ({exc.__class__.__name__}: {exc})"
        finally:
            self._ready.set()
        if self._error:
            log.error(self._error)

    def _store(self, path) -> PrefixStore | None:
        folder = self.settings.prefix_cache_dir
        return PrefixStore(folder, path, self.settings.n_ctx) if folder else None

    def status(self) -> ModelStatus:
        if not self._ready.is_set():
            return LOADING
        return ModelStatus(state="failed", detail=self._error) if self._error else READY

    def tokenizer(self) -> Tokenizer | None:
        return _LlamaTokenizer(self._llm) if self._llm is not None else None

    def _grammar(self):
        if not self.settings.structured:
            return None
        if self._gbnf is None:  # parsed once: the grammar object is reusable across completions
            from llama_cpp import LlamaGrammar

            from assistant.llm.structured import GBNF

            self._gbnf = LlamaGrammar.from_string(GBNF, verbose=False)
        return self._gbnf

    def tool_call(self, messages: list[dict], tools: list) -> list[tuple[str, dict]]:
        return []  # the small embedded model fills schemas wrongly (measured); the reader does that job

    def wait(self, timeout: float | None = None) -> bool:
        return self._ready.wait(timeout)

    @property
    def llama(self):
        return self._llm

    def stream(self, messages: list[dict], max_tokens: int) -> Generator[str, None, None]:
        if self._llm is None:
            raise RuntimeError(str(self.status()))
        llm, prefix = self._free.get()  # the gate admits at most `parallel` answers: one is free
        try:
            if prefix is not None:
                prefix.restore_if_lost(messages)
            chunks = llm.create_chat_completion(messages=messages, max_tokens=max_tokens, stream=True,
                                                      temperature=self.settings.temperature, seed=0,
                                                      repeat_penalty=REPEAT_PENALTY, grammar=self._grammar())
            try:
                for chunk in chunks:
                    piece = chunk["choices"][0]["delta"].get("content")
                    if piece:
                        yield piece
            finally:
                chunks.close()  # caller stopped (client gone, time limit): stop decoding now
        finally:
            self._free.put((llm, prefix))
