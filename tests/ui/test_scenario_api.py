"""POST /api/scenario (an edited chip) and GET /api/config (what the widget reads of the settings):
every bad input gets one line and a 4xx, never a 500; a good edit recomputes without the model."""
from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from web_helpers import private_settings

from ui.app import create_app


@pytest.fixture
def api(make_assistant, kb_settings, tmp_path):
    assistant = make_assistant(["Одной карты хватает."])
    with TestClient(create_app(private_settings(kb_settings, tmp_path), assistant, mount_ui=False)) as c:
        yield c, assistant.backend


def test_config_carries_the_servers_input_limit(api):
    c, _ = api
    body = c.get("/api/config").json()
    assert body["max_input_chars"] == 2000 and "Q4_K_M" in body["precisions"]


def test_an_edit_recomputes_without_the_model(api):
    c, backend = api
    first = c.post("/api/ask", json={"message": "потянет ли 4090 ламу 3 8б?"}).json()
    calls = len(backend.calls)
    r = c.post("/api/scenario", json={"conversation_id": first["conversation_id"],
                                      "changes": {"precision": "Q4_K_M", "gpu_count": 2}, "lang": "ru"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["scenario"]["precision"] == "Q4_K_M" and body["scenario"]["gpu_count"] == 2
    assert "Q4_K_M" in body["computed"] and body["explanation"] == "" and len(backend.calls) == calls
    again = c.post("/api/ask", json={"message": "а с контекстом 32k?", "conversation_id": first["conversation_id"],
                                     "no_llm": True}).json()
    assert again["scenario"]["precision"] == "Q4_K_M"  # the edit is the conversation's scenario now


@pytest.mark.parametrize("changes, status, words", [
    ({"precision": "q9"}, 422, "unknown precision"),
    ({"gpu_count": "-3"}, 422, "between 1 and 64"),
    ({"context": "много"}, 422, "not a number"),
    ({"admin": "true"}, 422, "cannot be changed"),
    ({"gpu": "RTX 9090"}, 422, "unknown GPU"),
])
def test_bad_edits_get_one_line(api, changes, status, words):
    c, _ = api
    conv = c.post("/api/ask", json={"message": "llama 3 8b на 4090", "no_llm": True}).json()["conversation_id"]
    r = c.post("/api/scenario", json={"conversation_id": conv, "changes": changes})
    assert r.status_code == status and words in r.json()["error"], r.text


def test_unknown_conversation_and_bad_bodies(api):
    c, _ = api
    r = c.post("/api/scenario", json={"conversation_id": "a" * 32, "changes": {"precision": "int4"}})
    assert r.status_code == 404 and "not found" in r.json()["error"]
    for body in ({"changes": {}}, {"conversation_id": "x\ny", "changes": {}}, {"conversation_id": "a" * 32,
                 "changes": {"precision": "int4"}, "extra": 1}, {"conversation_id": "a" * 32, "changes": {"a": [1]}}):
        r = c.post("/api/scenario", json=body)
        assert r.status_code == 422 and "error" in r.json(), (body, r.text)
