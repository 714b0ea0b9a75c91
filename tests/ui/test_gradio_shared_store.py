"""The Gradio chat keeps no conversation in a process: the browser holds only the id, and each turn
(and each scenario edit) loads the conversation from the app's shared store, claims it and saves it.
So a follow-up served by another replica, or after a restart, keeps its scenario."""
from __future__ import annotations

import json

from fastapi.testclient import TestClient
from web_helpers import private_settings

from ui.app import create_app

FIRST = "Сколько памяти нужно для Llama-3-8B в fp16?"
FOLLOW_UP = "а с контекстом 32k?"


def _app(kb_settings, tmp_path, make_assistant, url: str | None = None):
    s = private_settings(kb_settings, tmp_path)
    s.conversations.database_url = url or f"sqlite:///{tmp_path / 'conv.sqlite3'}"
    s.conversations.connect_timeout_s = 1
    return create_app(s, make_assistant(["Пояснение."]))


def _gradio_chat(client: TestClient, text: str, history: list, conv_id: str | None) -> list:
    """One chat turn through Gradio's own HTTP route, as a browser's event would reach a replica:
    [box, send, chatbot, conversation id, memory plot, power plot] of the last update."""
    r = client.post("/gradio_api/call/chat", json={"data": [text, history, conv_id, False, "ru"]})
    assert r.status_code == 200, r.text
    stream = client.get(f"/gradio_api/call/chat/{r.json()['event_id']}")
    last = None
    for block in stream.text.strip().split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        if lines.get("event") == "error":
            raise AssertionError(f"Gradio turn failed: {block}")
        if lines.get("event") == "complete":
            last = json.loads(lines["data"])
    assert last is not None, stream.text[-2000:]
    return last


def _text(message) -> str:
    content = message["content"]
    if isinstance(content, list):  # Gradio 6 sends a message's content as typed parts
        return " ".join(str(p.get("text", "")) for p in content if isinstance(p, dict))
    return str(content)


def test_follow_up_on_another_replica_keeps_the_scenario(kb_settings, tmp_path, make_assistant):
    one, two = _app(kb_settings, tmp_path, make_assistant), _app(kb_settings, tmp_path, make_assistant)
    with TestClient(one) as a, TestClient(two) as b:
        first = _gradio_chat(a, FIRST, [], None)
        conv_id = first[3]
        assert isinstance(conv_id, str) and conv_id
        # the other replica has never seen this browser's session: only the id travels with the event
        second = _gradio_chat(b, FOLLOW_UP, first[2], conv_id)
    answer = _text([m for m in second[2] if m["role"] == "assistant" and not (m.get("metadata") or {}).get("title")][-1])
    assert second[3] == conv_id
    assert "Llama" in answer and "8B" in answer, answer[:500]
    assert "не найден" not in answer and "хранилище" not in answer
    conv = two.state.services.conversations.get(conv_id)
    assert conv.scenario.model and "8b" in conv.scenario.model.lower() and conv.scenario.context == 32768


def test_restart_between_turns_keeps_the_scenario_and_edits_go_through_the_store(kb_settings, tmp_path,
                                                                                  make_assistant):
    from ui.gradio_app import chat_handler
    from ui.scenario_editor import loader, on_edit

    def turn(app, text, history, conv_id):
        respond = chat_handler(app.state.services.assistant, store=app.state.services.conversations)
        out = None
        for out in respond(text, history, conv_id, False, "ru"):
            pass
        return out

    first_app = _app(kb_settings, tmp_path, make_assistant)
    first = turn(first_app, FIRST, [], None)
    conv_id = first[3]
    first_app.state.services.conversations.close()  # the process is gone; the store file stays

    again = _app(kb_settings, tmp_path, make_assistant)  # a restarted server: a fresh store over the same file
    svc = again.state.services
    second = turn(again, FOLLOW_UP, first[2], conv_id)
    assert second[3] == conv_id and svc.conversations.get(conv_id).scenario.context == 32768
    # the scenario form is filled from the stored conversation, and an edit is saved back to the store
    filled = loader(svc.conversations)(conv_id)
    assert filled[0]["visible"] is True
    history, kept = on_edit(svc.assistant, "precision", (), svc.conversations)("int4", second[2], conv_id, "ru")
    assert kept == conv_id and len(history) == len(second[2]) + 1
    reopened = _app(kb_settings, tmp_path, make_assistant).state.services.conversations
    assert reopened.get(conv_id).scenario.precision == "int4"


def test_store_down_gives_the_apis_context_unavailable_notice(kb_settings, tmp_path, make_assistant):
    from ui.gradio_app import chat_handler
    from ui.scenario_editor import on_edit

    app = _app(kb_settings, tmp_path, make_assistant, url="postgresql+psycopg://postgres@127.0.0.1:9/x")
    svc = app.state.services
    out = None
    for out in chat_handler(svc.assistant, store=svc.conversations)(FOLLOW_UP, [], "abc123", False, "ru"):
        pass
    answer = out[2][1].content
    assert "хранилище разговоров не отвечает" in answer  # the turn still answers, with the notice
    history, _ = on_edit(svc.assistant, "precision", (), svc.conversations)("int4", [], "abc123", "ru")
    assert "хранилище разговоров не отвечает" in history[-1].content
