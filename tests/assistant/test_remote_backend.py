"""The scale-out path: the same assistant over an OpenAI-compatible server (llama-cpp-python's own,
started on loopback with the default GGUF), as a vLLM deployment would be used."""
import socket
import subprocess
import sys
import time

import httpx
import pytest

from assistant.service import Assistant, Conversation
from assistant.settings import LLMSettings, Settings, get_settings


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def llama_server():
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "llama_cpp.server", "--model", str(get_settings().llm.model_path),
                             "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "4096", "--model_alias", "tiny"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/v1"
    try:
        for _ in range(120):
            try:
                if httpx.get(f"{url}/models", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.5)
        else:
            pytest.fail("llama_cpp.server did not start")
        yield url
    finally:
        proc.kill()
        proc.wait()


def test_assistant_over_openai_compatible_endpoint(llama_server, kb_settings, kb_retriever):
    settings = Settings(retrieval=kb_settings.retrieval,
                        llm=LLMSettings(mode="openai", base_url=llama_server, model_name="tiny", max_tokens=64))
    a = Assistant(settings, retriever=kb_retriever)
    assert a.model_status().ready and a.backend.name == "openai"
    res = a.ask(Conversation(), "Хватит ли одной карты на 24 ГБ для Llama-3-8B?")
    assert "23,71" in res.computed and res.explanation
    assert not res.guard.violations or res.guard.regenerated


def test_unreachable_endpoint_still_answers_with_numbers(kb_settings, kb_retriever):
    settings = Settings(retrieval=kb_settings.retrieval,
                        llm=LLMSettings(mode="openai", base_url=f"http://127.0.0.1:{_free_port()}/v1", max_tokens=32))
    a = Assistant(settings, retriever=kb_retriever)
    res = a.ask(Conversation(), "Какой БП на 4×4090?")
    assert "1800" in res.computed
