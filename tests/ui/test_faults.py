"""Faults the web server must survive: kill -9 mid-answer, a missing or broken model file, and the
Chroma server gone. Each time the computed path keeps answering over HTTP.

kill -9 during ingest is tested where ingest lives:
tests/knowledge/test_index.py::test_kill_9_mid_ingest_leaves_previous_index_serving.
"""
from __future__ import annotations

import json
import signal
import struct

import httpx
import pytest
from support.fakes import ScriptedBackend
from web_helpers import ServeProcess, ThreadedServer, copy_index, free_port, private_settings

from assistant.service import Assistant
from knowledge.retrieval import Retriever
from ui.app import create_app

QUESTION = {"message": "Хватит ли одной RTX 4090 для Llama-3-8B?"}


def test_kill_9_mid_answer_keeps_confirmed_leads_and_the_index(kb_settings, tmp_path):
    server = ServeProcess(copy_index(kb_settings, tmp_path / "data"))
    server.env["GPU_SIZER_LIMITS__FAKE_LLM_DELAY_S"] = "0.3"  # a slow model: the answer is surely mid-way
    try:
        server.start()
        lead = httpx.post(f"{server.url}/api/leads", json={"name": "Ivan", "email": "ivan@example.com"}, timeout=30)
        assert lead.status_code == 201
        with httpx.stream("POST", f"{server.url}/api/chat", json=QUESTION, timeout=30) as r:
            lines = r.iter_lines()
            assert next(line for line in lines if line == "event: token")
            server.proc.send_signal(signal.SIGKILL)  # while the model is writing the explanation
            server.proc.wait(timeout=10)
        assert server.proc.returncode == -signal.SIGKILL

        health = server.start()
        assert health["index"] == "ready"
        turn = httpx.post(f"{server.url}/api/ask", json={**QUESTION, "no_llm": True}, timeout=60).json()
        assert "Расчёт памяти" in turn["computed"] and turn["sources"]
    finally:
        server.stop()
    out = server.cli("leads", "export")
    assert out.returncode == 0, out.stderr
    assert lead.json()["id"] in out.stdout and "ivan@example.com" in out.stdout


def _truncated_gguf(path):
    # a GGUF that promises 100 tensors and 5 keys, then ends: what an interrupted copy leaves
    path.write_bytes(b"GGUF" + struct.pack("<IQQ", 3, 100, 5))


@pytest.mark.parametrize("name, make, expected", [
    ("missing.gguf", lambda p: None, "not found"),
    ("qwen2.5-coder-1.5b-instruct-q4_k_m.gguf", _truncated_gguf, "truncated"),
    ("model.gguf", lambda p: p.write_text("<html>404 Not Found</html>"), "is not a GGUF file"),
])
def test_broken_model_file_is_reported_and_the_numbers_still_answer(kb_settings, kb_retriever, tmp_path,
                                                                     name, make, expected):
    settings = private_settings(kb_settings, tmp_path)
    settings.llm.mode = "local"
    settings.llm.model_path = tmp_path / name
    make(settings.llm.model_path)
    assistant = Assistant(settings, retriever=kb_retriever)  # the real local backend, which must refuse it
    with ThreadedServer(create_app(settings, assistant, mount_ui=False)) as srv:
        health = httpx.get(f"{srv.url}/healthz", timeout=10).json()
        assert health["status"] == "ok" and health["model"].startswith("failed: model file")
        assert expected in health["model"] and "make setup" in health["model"]  # what is wrong and the fix
        r = httpx.post(f"{srv.url}/api/ask", json=QUESTION, timeout=60)
        assert r.status_code == 200 and "Расчёт памяти" in r.json()["computed"]
        assert any("Пояснение модели сейчас недоступно" in n for n in r.json()["notices"])
        assert httpx.post(f"{srv.url}/api/vram", json={"model": "Llama-3-8B", "gpu": "RTX 4090"},
                          timeout=10).json()["fits"] is True


def test_chroma_server_unreachable_answers_from_keywords_with_a_note(kb_settings, kb_retriever, tmp_path):
    settings = private_settings(kb_settings, tmp_path)
    settings.retrieval.data_dir = copy_index(kb_settings, tmp_path / "data")
    settings.retrieval.chroma_url = f"http://127.0.0.1:{free_port()}"  # nothing listens there
    # an index built in server mode, whose server has since gone away
    pointer_path = settings.retrieval.data_dir / "current.json"
    pointer = json.loads(pointer_path.read_text())
    pointer_path.write_text(json.dumps({**pointer, "backend": settings.retrieval.chroma_url}))
    retriever = Retriever(settings, embedder=kb_retriever.embedder, auto_ingest=False)
    assistant = Assistant(settings, backend=ScriptedBackend(["Одной карты хватает."]), retriever=retriever)
    with ThreadedServer(create_app(settings, assistant, mount_ui=False)) as srv:
        r = httpx.post(f"{srv.url}/api/ask", json=QUESTION, timeout=60)
    assert r.status_code == 200, r.text
    turn = r.json()
    assert "Расчёт памяти" in turn["computed"] and turn["sources"]  # keyword search still finds the guide
    assert any("vector store unavailable" in n and "keyword search only" in n for n in turn["notices"])
