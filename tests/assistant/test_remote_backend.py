"""The scale-out path: the same assistant over an OpenAI-compatible server (llama-cpp-python's own,
started on loopback with the default GGUF), as a vLLM deployment would be used."""
import subprocess
import sys

import pytest

from assistant.service import Assistant, Conversation
from bench.services import free_port, wait_http
from assistant.settings import LLMSettings, Settings, get_settings


@pytest.fixture(scope="module")
def llama_server():
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "llama_cpp.server", "--model", str(get_settings().llm.model_path),
                             "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "4096", "--model_alias", "tiny"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/v1"
    try:
        wait_http(f"{url}/models", timeout_s=60, proc=proc)
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
                        llm=LLMSettings(mode="openai", base_url=f"http://127.0.0.1:{free_port()}/v1", max_tokens=32))
    a = Assistant(settings, retriever=kb_retriever)
    res = a.ask(Conversation(), "Какой БП на 4×4090?")
    assert "1800" in res.computed
