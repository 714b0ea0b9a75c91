"""The REST/SSE API over a scripted model: shapes, conversation state, streaming order, bad input."""
from __future__ import annotations

import json
import threading
import time
import types

import httpx
import pytest
from fastapi.testclient import TestClient
from support.fakes import FakeBackend
from web_helpers import ThreadedServer, parse_sse, private_settings

from tools.memory import MemoryRequest, estimate_memory
from ui import app as app_module
from ui.app import create_app
from ui.conversations import ConversationStore

JSON = {"content-type": "application/json"}


@pytest.fixture
def client(make_assistant, kb_settings, tmp_path):
    settings = private_settings(kb_settings, tmp_path)
    settings.server.cors_origins = ["https://shop.example"]
    app = create_app(settings, make_assistant(["Одной карты хватает: модель занимает меньше памяти, чем есть."]),
                     mount_ui=False)
    with TestClient(app) as c:
        yield c


def _error(r: httpx.Response, status: int) -> str:
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == {"error"} and body["error"], body
    assert "Traceback" not in body["error"]
    return body["error"]


def test_ask_returns_the_turn_and_continues_the_conversation(client):
    r = client.post("/api/ask", json={"message": "Хватит ли одной RTX 4090 для Llama-3-8B в fp16?"})
    assert r.status_code == 200, r.text
    first = r.json()
    assert first["language"] == "ru" and first["intent"]
    assert first["question"].startswith("Хватит ли")
    assert "Расчёт памяти" in first["computed"] and first["explanation"].startswith("Одной карты")
    assert first["sources"] and first["facts"] and first["scenario"]["model"] == "llama-3-8b"
    conv_id = first["conversation_id"]

    second = client.post("/api/ask", json={"message": "а для 8 пользователей?", "conversation_id": conv_id}).json()
    assert second["conversation_id"] == conv_id
    assert second["scenario"]["model"] == "llama-3-8b" and second["scenario"]["users"] == 8


def test_unknown_conversation_starts_a_new_one_with_a_fresh_id(client):
    r = client.post("/api/ask", json={"message": "Llama-3-8B на RTX 4090?", "conversation_id": "no-such-id"})
    assert r.status_code == 200
    new_id = r.json()["conversation_id"]
    assert new_id != "no-such-id" and len(new_id) == 32


def test_no_llm_answers_without_the_model(make_assistant, kb_settings, tmp_path):
    assistant = make_assistant(["не должно прозвучать"])
    with TestClient(create_app(private_settings(kb_settings, tmp_path), assistant, mount_ui=False)) as c:
        r = c.post("/api/ask", json={"message": "Llama-3-8B на RTX 4090?", "no_llm": True})
    assert r.status_code == 200 and "не должно" not in r.json()["answer"]
    assert assistant.backend.calls == []


def test_overlong_message_is_cut_with_a_notice(client):
    r = client.post("/api/ask", json={"message": "Llama-3-8B на RTX 4090? " + "а" * 5000})
    assert r.status_code == 200
    assert any("слишком длинное" in n for n in r.json()["notices"])


@pytest.mark.parametrize("body, status, expected", [
    ({"message": ""}, 422, "message: message must not be empty"),
    ({"message": "   \n"}, 422, "message must not be empty"),
    ({"message": 42}, 422, "message: Input should be a valid string"),
    ({"message": ["Llama"]}, 422, "message: Input should be a valid string"),
    ({}, 422, "message: Field required"),
    ({"message": "hi", "no_llm": "maybe"}, 422, "no_llm: Input should be a valid boolean"),
    ({"message": "hi", "conversation_id": "x" * 65}, 422, "conversation_id: String should have at most 64"),
    ({"message": "hi", "temperature": 2}, 422, "temperature: Extra inputs are not permitted"),
])
def test_ask_bad_input(client, body, status, expected):
    assert expected in _error(client.post("/api/ask", json=body), status)


def test_ask_bad_bodies(client):
    assert _error(client.post("/api/ask", content=b"{not json", headers=JSON), 422) == \
        "the request body is not valid JSON"
    assert "body" in _error(client.post("/api/ask", headers=JSON), 422)
    assert "too large" in _error(client.post("/api/ask", content=b"x" * 1_000_000, headers=JSON), 413)

    def chunks():  # no Content-Length: the limit must hold on what actually arrives
        for _ in range(20):
            yield b"x" * 10_000

    assert "too large" in _error(client.post("/api/chat", content=chunks(), headers=JSON), 413)


def test_busy_conversation_is_refused_not_interleaved(client):
    conv_id = client.post("/api/ask", json={"message": "Llama-3-8B?"}).json()["conversation_id"]
    store: ConversationStore = client.app.state.services.conversations
    assert store.claim(conv_id)
    try:
        msg = _error(client.post("/api/ask", json={"message": "а на 2 карты?", "conversation_id": conv_id}), 409)
        assert "still answering" in msg
        assert _error(client.post("/api/chat", json={"message": "x", "conversation_id": conv_id}), 409)
    finally:
        store.release(conv_id)
    assert client.post("/api/ask", json={"message": "а на 2 карты?", "conversation_id": conv_id}).status_code == 200


def test_chat_streams_events_in_order(client):
    # the scripted answer says "one card is enough": true here, so the verdict check lets it through
    r = client.post("/api/chat", json={"message": "Llama-3-8B на RTX 4090, хватит?"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
    events = parse_sse(r.text)
    kinds = [k for k, _ in events]
    assert kinds[0] == "computed" and kinds[-1] == "done" and "token" in kinds and "sources" in kinds
    assert kinds.index("computed") < kinds.index("token") < kinds.index("sources") < kinds.index("done")
    done = events[-1][1]
    assert done["conversation_id"] == r.headers["x-conversation-id"]
    streamed = "".join(d["text"] for k, d in events if k == "token").strip()
    assert streamed == done["explanation"]
    assert done["computed"] == events[0][1]["text"]


class GatedBackend(FakeBackend):
    """Produces its first token only once the client has received the computed block."""

    name = "gated"

    def __init__(self):
        self.client_saw_computed = threading.Event()
        self.gate_was_open: bool | None = None

    def stream(self, messages, max_tokens):
        self.gate_was_open = self.client_saw_computed.wait(timeout=20)
        yield "Модель поместится. "


def test_computed_block_reaches_the_client_before_the_model_starts(kb_settings, kb_retriever, tmp_path):
    from assistant.service import Assistant

    backend = GatedBackend()
    assistant = Assistant(kb_settings, backend=backend, retriever=kb_retriever)
    app = create_app(private_settings(kb_settings, tmp_path), assistant, mount_ui=False)
    seen = []
    with ThreadedServer(app) as srv, httpx.stream("POST", f"{srv.url}/api/chat", timeout=30,
                                                   json={"message": "Llama-3-8B на RTX 4090?"}) as r:
        for line in r.iter_lines():
            if line.startswith("event: "):
                seen.append(line.removeprefix("event: "))
                if seen[-1] == "computed":
                    backend.client_saw_computed.set()
    assert backend.gate_was_open is True, "the computed event was held back until the model produced text"
    assert seen[0] == "computed" and seen.index("token") > 0 and seen[-1] == "done"


def test_stream_failure_becomes_an_error_event(client, monkeypatch):
    def broken(*a, **kw):
        yield from ()
        raise RuntimeError("index exploded")

    monkeypatch.setattr(client.app.state.services.assistant, "stream", broken)
    r = client.post("/api/chat", json={"message": "Llama-3-8B?"})
    events = parse_sse(r.text)
    assert events == [("error", {"error": "the answer could not be completed; please try again"})]
    # the conversation was released: the next message is not refused as busy
    monkeypatch.undo()
    conv_id = r.headers["x-conversation-id"]
    assert client.post("/api/ask", json={"message": "Llama-3-8B?", "conversation_id": conv_id}).status_code == 200


def test_unexpected_error_is_json_with_a_reference_and_logged(client, monkeypatch, caplog):
    def broken(*a, **kw):
        raise RuntimeError("secret internal detail")

    monkeypatch.setattr(client.app.state.services.assistant, "ask", broken)
    with TestClient(client.app, raise_server_exceptions=False) as c:
        r = c.post("/api/ask", json={"message": "Llama-3-8B?"})
    msg = _error(r, 500)
    assert msg.startswith("internal error (reference ") and "secret" not in msg
    ref = msg.removeprefix("internal error (reference ").rstrip(")")
    assert any(ref in rec.getMessage() for rec in caplog.records)


# ---- calculators ----

def test_gpus(client):
    gpus = client.get("/api/gpus").json()["gpus"]
    names = {g["name"] for g in gpus}
    assert "RTX 4090" in names and all(g["vram_gib"] > 0 for g in gpus)


def test_vram_matches_the_calculator(client):
    body = {"model": "Llama-3-8B", "precision": "int4", "context": 8192, "batch": 4, "gpu": "RTX 4090"}
    r = client.post("/api/vram", json=body)
    assert r.status_code == 200, r.text
    assert r.json() == json.loads(estimate_memory(MemoryRequest(**body)).model_dump_json())
    assert r.json()["fits"] is True


def test_power_recommend_cost(client):
    p = client.post("/api/power", json={"gpu": "RTX 4090", "count": 4, "cpus": 1}).json()
    assert p["gpu_watts"] == 4 * 450 and p["psu_design_watts"] >= p["system_watts"]

    rec = client.post("/api/recommend", json={"model": "Llama-3-70B", "precision": "fp16", "top": 2}).json()
    assert 1 <= len(rec["configurations"]) <= 2
    assert all(c["total_vram_bytes"] >= c["per_gpu_need_bytes"] * c["count"] for c in rec["configurations"])

    cost = client.post("/api/cost", json={"server_price": 60000, "cloud_hourly": 10, "hours_per_month": 600}).json()
    assert cost["cloud_monthly"] == 6000 and cost["break_even_months"] == 10


@pytest.mark.parametrize("path, body, expected", [
    ("/api/power", {"gpu": "RTX 9999", "count": 2}, "unknown GPU 'RTX 9999'"),
    ("/api/power", {"gpu": "RTX 4090", "count": "two"}, "count: Input should be a valid integer"),
    ("/api/power", {"gpu": "RTX 4090", "count": 0}, "count must be at least 1"),
    ("/api/power", {"gpu": "RTX 4090", "count": 10**9}, "count must be at most 64"),
    ("/api/power", {"count": 2}, "gpu: Field required"),
    ("/api/vram", {"model": "Llama-3-8B", "gpu": "Voodoo 5"}, "unknown GPU"),
    ("/api/vram", {"model": "No-Such-Model-9B"}, "unknown model"),
    ("/api/vram", {"params_b": -7}, "params_b must be greater than zero"),
    ("/api/vram", {"params_b": 1e9}, "params_b must be at most"),
    ("/api/vram", {"params_b": "NaN"}, "params_b must be a finite number"),
    ("/api/vram", {"model": "Llama-3-8B", "context": 10**13}, "context must be at most"),
    ("/api/vram", {"model": "Llama-3-8B", "batch": 1.5}, "batch: Input should be a valid integer"),
    ("/api/vram", {"model": "Llama-3-8B", "task": "pretrain"}, "task: Input should be"),
    ("/api/vram", {}, "give a model name, a parameter count or a model file"),
    ("/api/vram", {"model_file": "/etc/passwd"}, "model_file is not accepted over the API"),
    ("/api/vram", {"model": "Llama-3-8B", "param_b": 8}, "param_b: Extra inputs are not permitted"),
    ("/api/recommend", {"model": "Llama-3-8B", "top": 0}, "top: Input should be greater than or equal to 1"),
    ("/api/recommend", {"model": "Llama-3-8B", "gpus": ["RTX 9999"]}, "unknown GPU"),
    ("/api/cost", {"server_price": -1, "cloud_hourly": 5}, "server_price must be at least 0"),
    ("/api/cost", {"server_price": 1000, "cloud_hourly": "Infinity"}, "cloud_hourly must be a finite number"),
    ("/api/cost", {"server_price": 1000}, "cloud_hourly: Field required"),
])
def test_calculators_bad_input(client, path, body, expected):
    assert expected in _error(client.post(path, json=body), 422)


def test_nan_literal_in_json_is_refused(client):
    r = client.post("/api/vram", content=b'{"model": "Llama-3-8B", "reserve_fraction": NaN}', headers=JSON)
    assert r.status_code == 422 and "reserve_fraction" in r.json()["error"]


def test_unknown_endpoint_and_method(client):
    assert "unknown API endpoint: GET /api/nope" in _error(client.get("/api/nope"), 404)
    assert _error(client.get("/api/ask"), 404)


# ---- FAQ and leads over HTTP (stores are tested in their own files) ----

def test_faq_endpoint_formats(client):
    data = client.get("/api/faq").json()
    assert len(data["items"]) == 8 and {i["language"] for i in data["items"]} == {"ru", "en"}
    en = client.get("/api/faq", params={"lang": "en", "format": "md"})
    assert en.headers["content-type"].startswith("text/markdown") and "## Is NVLink required" in en.text
    assert "Хватит ли" not in en.text
    html = client.get("/api/faq", params={"format": "html"})
    assert html.headers["content-type"].startswith("text/html") and "<h2>" in html.text
    assert "format: Input should be 'json', 'md' or 'html'" in _error(client.get("/api/faq?format=pdf"), 422)


def test_lead_keeps_the_conversation_scenario(client):
    conv = client.post("/api/ask", json={"message": "Llama-3-70B для 20 сотрудников, что взять?"}).json()
    r = client.post("/api/leads", json={"name": "Анна", "phone": "+7 (999) 123-45-67", "message": "Перезвоните",
                                        "conversation_id": conv["conversation_id"]})
    assert r.status_code == 201, r.text
    lead_id = r.json()["id"]
    (row,) = [x for x in client.app.state.services.leads.all() if x["id"] == lead_id]
    assert row["scenario"]["model"] == "llama-3-70b" and row["scenario"]["users"] == 20
    assert row["configurations"] and all(c["gpu"] and c["count"] >= 1 for c in row["configurations"])
    assert row["language"] == "ru" and row["conversation_id"] == conv["conversation_id"]


@pytest.mark.parametrize("body, expected", [
    ({"name": "Анна"}, "give a phone number or an e-mail address"),
    ({"name": "Анна", "phone": "позвоните"}, "phone: phone must be 7 to 15 digits"),
    ({"name": "Анна", "phone": "12"}, "phone must be 7 to 15 digits"),
    ({"name": "Анна", "email": "anna-at-example"}, "email: email must look like"),
    ({"name": "  ", "email": "anna@example.com"}, "name: String should have at least 1 character"),
    ({"phone": "+79991234567"}, "name: Field required"),
    ({"name": "A" * 201, "email": "anna@example.com"}, "name: String should have at most 200"),
    ({"name": {"first": "A"}, "email": "anna@example.com"}, "name: Input should be a valid string"),
])
def test_lead_bad_contact(client, body, expected):
    assert expected in _error(client.post("/api/leads", json=body), 422)


# ---- app wiring ----

def test_health_reports_model_and_index(client):
    h = client.get("/healthz").json()
    assert h["status"] == "ok" and h["model"] == "ready" and h["index"] in ("warming up", "ready")


def test_cors_allows_only_listed_origins(client):
    ok = client.options("/api/ask", headers={"Origin": "https://shop.example", "Access-Control-Request-Method": "POST"})
    assert ok.headers.get("access-control-allow-origin") == "https://shop.example"
    bad = client.post("/api/ask", json={"message": "hi"}, headers={"Origin": "https://evil.example"})
    assert "access-control-allow-origin" not in bad.headers


def test_gradio_and_widget_are_mounted_when_their_modules_exist(make_assistant, kb_settings, tmp_path, monkeypatch):
    import gradio as gr

    def build_ui(assistant, settings, limits=None, **_):
        with gr.Blocks() as demo:
            gr.Markdown("fake chat")
        return demo

    def mount(app, settings):
        @app.get("/demo")
        def demo():
            return {"demo": True}

    fakes = {"ui.gradio_app": types.SimpleNamespace(build_ui=build_ui), "ui.widget": types.SimpleNamespace(mount=mount)}
    monkeypatch.setattr(app_module, "_optional", fakes.get)
    app = create_app(private_settings(kb_settings, tmp_path), make_assistant())
    with TestClient(app) as c:
        assert c.get("/healthz").json()["ui"] == {"gradio": "mounted", "widget": "mounted"}
        assert c.get("/demo").json() == {"demo": True}
        assert "<html" in c.get("/").text.lower()
        assert c.get("/api/gpus").status_code == 200  # the UI at "/" does not shadow the API
        assert _error(c.get("/api/nope"), 404)


def test_a_broken_ui_module_does_not_take_the_api_down(make_assistant, kb_settings, tmp_path, monkeypatch):
    def build_ui(assistant, settings, limits=None, **_):
        raise ImportError("gradio too old")

    monkeypatch.setattr(app_module, "_optional", {"ui.gradio_app": types.SimpleNamespace(build_ui=build_ui)}.get)
    with TestClient(create_app(private_settings(kb_settings, tmp_path), make_assistant())) as c:
        assert c.get("/healthz").json()["ui"]["gradio"] == "failed: gradio too old"
        assert c.get("/api/gpus").status_code == 200


def test_conversation_store_is_bounded_by_count_and_idle_time():
    now = [0.0]
    store = ConversationStore(max_items=2, ttl_s=100, clock=lambda: now[0])
    a, b = store.get_or_create(None)[0], store.get_or_create(None)[0]
    assert store.get(a.id) is a  # a is now the most recently used
    c = store.get_or_create(None)[0]
    assert store.get(b.id) is None and store.get(a.id) is a and store.get(c.id) is c
    now[0] = 150
    assert store.get(a.id) is None and len(store) == 0



class CountingBackend(FakeBackend):
    """A long, slow answer of distinct sentences; counts what the model was made to produce."""

    name = "counting"

    def __init__(self):
        self.produced = 0

    def stream(self, messages, max_tokens):
        for i in range(200):
            time.sleep(0.02)
            self.produced += 1
            # distinct sentences without digits, in the question's language (English: "Llama-3-8B?"): the guard
            # passes them (an ungrounded number or another language would be dropped)
            yield f"Explanation part {chr(0x61 + i % 26)}{chr(0x61 + i // 26)}. "


def test_client_leaving_mid_answer_stops_the_model_and_frees_the_conversation(kb_settings, kb_retriever, tmp_path):
    from assistant.service import Assistant

    backend = CountingBackend()
    app = create_app(private_settings(kb_settings, tmp_path),
                     Assistant(kb_settings, backend=backend, retriever=kb_retriever), mount_ui=False)
    store: ConversationStore = app.state.services.conversations
    with ThreadedServer(app) as srv:
        with httpx.stream("POST", f"{srv.url}/api/chat", json={"message": "Llama-3-8B?"}, timeout=30) as r:
            conv_id = r.headers["x-conversation-id"]
            tokens = 0
            for line in r.iter_lines():
                tokens += line == "event: token"
                if tokens == 3:
                    break  # the customer closed the tab
        deadline = time.monotonic() + 10
        while not store.claim(conv_id):
            assert time.monotonic() < deadline, "the conversation stayed busy after the client left"
            time.sleep(0.05)
        store.release(conv_id)
        produced = backend.produced
        time.sleep(0.3)
        assert backend.produced == produced < 50, "the model kept generating for nobody"
