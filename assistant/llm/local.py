"""The embedded backend: a GGUF run by llama-cpp-python, on the GPU when one is there."""
from __future__ import annotations

import logging
import os
import threading
from typing import Iterator

from assistant.llm.model_files import ModelFileError, check_gguf
from assistant.llm.offload import gpu_layers_that_fit
from assistant.settings import LLMSettings

log = logging.getLogger(__name__)


class LocalLlama:
    name = "local"

    def __init__(self, settings: LLMSettings, background: bool = False):
        self.settings = settings
        self._llm = None
        self._error: str | None = None
        self._ready = threading.Event()
        # one llama.cpp context must never run two completions at once
        self.lock = threading.Lock()
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
            self._llm = Llama(model_path=str(path), n_ctx=self.settings.n_ctx, n_gpu_layers=layers,
                              n_threads=self.settings.n_threads or os.cpu_count(), verbose=False)
            self.n_gpu_layers = layers
        except ModelFileError as exc:
            self._error = str(exc)
        except Exception as exc:  # llama.cpp failed on a file that looked fine
            self._error = f"model could not be loaded ({exc.__class__.__name__}: {exc})"
        finally:
            self._ready.set()
        if self._error:
            log.error(self._error)

    def status(self) -> str:
        if not self._ready.is_set():
            return "loading"
        return f"failed: {self._error}" if self._error else "ready"

    def wait(self, timeout: float | None = None) -> bool:
        return self._ready.wait(timeout)

    @property
    def llama(self):
        return self._llm

    def stream(self, messages: list[dict], max_tokens: int) -> Iterator[str]:
        if self._llm is None:
            raise RuntimeError(self.status())
        with self.lock:
            chunks = self._llm.create_chat_completion(messages=messages, max_tokens=max_tokens, stream=True,
                                                      temperature=self.settings.temperature, seed=0)
            try:
                for chunk in chunks:
                    piece = chunk["choices"][0]["delta"].get("content")
                    if piece:
                        yield piece
            finally:
                chunks.close()  # caller stopped (client gone, time limit): stop decoding now
