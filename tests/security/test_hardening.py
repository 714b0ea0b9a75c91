"""Hardening, second pass (issue 13): every row the independent attack got through, reproduced
against the web layer, and the one safe-Markdown policy on every surface a customer sees.

These need no real model: a scripted turn or no model at all. Each case asserts on what the
customer gets back (SSE events, JSON, the rendered page, the exported file, the log).
"""
from __future__ import annotations

import csv
import io
import json
import logging
import socket
import threading
import time

import pytest
from fastapi.testclient import TestClient
from support.servers import parse_sse
from web import HOSTILE, RIVAL, VENDOR, html_of, live_markup, scripted_turn, settings_for

from assistant.safe_markdown import SafeStream, link_allowed, safe_markdown


def _app(kb_settings, kb_retriever, tmp_path, stream=None, backend=None, mount_ui=False, **limits):
    from assistant.service import Assistant
    from ui.app import create_app

    settings = settings_for(kb_settings, tmp_path, **limits)
    assistant = Assistant(settings, backend=backend, retriever=kb_retriever)
    if stream is not None:
        assistant.stream = stream
    return create_app(settings, assistant, mount_ui=mount_ui)


# ---- the policy, once ----

def test_safe_markdown_policy(case):
    case.set("policy-safe-markdown", "LLM05", "the one policy: no images (inline, reference), no raw HTML or "
                                              "<autolinks>, no links but allow-listed vendor hosts and site paths, "
                                              "bare URLs/www/e-mails not autolinkable, code verbatim, tables kept; "
                                              "streamed pieces judged whole")
    out = safe_markdown(HOSTILE, [VENDOR])
    case.evidence_of(out)
    assert live_markup(out) == [], live_markup(out)
    html = html_of(out)
    assert f'href="https://shop.{VENDOR}/cooling"' in html, "the allow-listed vendor link was stripped"
    assert "Cooling kit" in html and "pixel" in html and "here" in html  # words stay, only markup goes
    assert "&lt;img" in html and "javascript" not in html.split("href=")[-1][:40]
    table = "| a | b |\n|---|---:|\n| **x** | `<y>` |"
    assert "<table>" in html_of(safe_markdown(table)) and "&lt;y&gt;" in html_of(safe_markdown(table))
    fence = "```json\n{\"a\": \"[x](https://%s/f)\"}\n```" % RIVAL
    assert safe_markdown(fence) == fence  # code shows as code
    assert safe_markdown("[site](/demo)") == "[site](/demo)" and not link_allowed("//evil.example/x", [VENDOR])
    assert not link_allowed(f"https://{VENDOR}.{RIVAL}/", [VENDOR]) and link_allowed(f"https://a.{VENDOR}/", [VENDOR])
    assert not link_allowed(f"https://user@{RIVAL}/", [VENDOR]) and not link_allowed("javascript:alert(1)", [VENDOR])
    stream, pieces = SafeStream([VENDOR]), []
    mid_line = "word ```\n" + HOSTILE  # a fence marker mid-line opens nothing, also across pieces
    for i in range(0, len(mid_line), 5):
        pieces.append(stream.feed(mid_line[i:i + 5]))
    streamed = "".join(pieces) + stream.flush()
    assert live_markup(streamed) == [], live_markup(streamed)


# ---- the policy on every surface ----

def test_surface_chat_sse(kb_settings, kb_retriever, tmp_path, case):
    case.set("surface-chat-sse", "LLM05", "/api/chat (the widget's feed): computed, every token, notices, sources "
                                          "and done carry no image, raw HTML or foreign link, however the "
                                          "tokens cut a link")
    app = _app(kb_settings, kb_retriever, tmp_path, stream=scripted_turn())
    with TestClient(app) as c:
        events = parse_sse(c.post("/api/chat", json={"message": "cooling?"}).text)
    tokens = "".join(d["text"] for k, d in events if k == "token")
    done = events[-1][1]
    shown = {"tokens": tokens, "computed": done["computed"], "explanation": done["explanation"],
             "answer": done["answer"], "notices": "\n".join(done["notices"]),
             "sources": " ".join(s["title"] + " " + s["text"] for s in done["sources"]),
             "events": "\n".join(d.get("text", "") for k, d in events if k != "token")}
    case.evidence_of(f"tokens: {tokens}")
    problems = {k: live_markup(v) for k, v in shown.items() if live_markup(v)}
    assert "Cooling kit" in tokens and f"shop.{VENDOR}" in tokens, "the payload did not stream (proves nothing)"
    assert not problems, problems


def test_surface_ask_json(kb_settings, kb_retriever, tmp_path, case):
    case.set("surface-ask-json", "LLM05", "/api/ask JSON: answer, computed, explanation, notices and sources "
                                          "are under the policy")
    app = _app(kb_settings, kb_retriever, tmp_path, stream=scripted_turn())
    with TestClient(app) as c:
        data = c.post("/api/ask", json={"message": "cooling?"}).json()
    case.evidence_of(data["answer"])
    texts = [data["answer"], data["computed"], data["explanation"], *data["notices"],
             *[s["title"] + s["text"] for s in data["sources"]]]
    assert all(live_markup(t) == [] for t in texts), [live_markup(t) for t in texts]


def test_surface_gradio_chat_sources_trace(kb_settings, case):
    from assistant.types import Fact, Source, TurnResult
    from ui.gradio_app import _answer_text, _steps

    case.set("surface-gradio-chat", "LLM05", "Gradio chat answer, the 'Sources' step (row 2: it fetched "
                                             "rival-gpu.example/pixel.png) and the trace step use the policy")
    result = TurnResult(answer="", language="en", intent="vram", explanation=HOSTILE,
                        facts=[Fact(tool="vram", input={"model": HOSTILE}, output={"note": HOSTILE})],
                        sources=[Source(id="1", title=f"Guide ![t](https://{RIVAL}/t.png)", text=HOSTILE)])
    answer = _answer_text("**Computed**", HOSTILE, [HOSTILE], (VENDOR,))
    steps = [m.content for m in _steps(result, (VENDOR,))]
    case.evidence_of(steps[-1])
    assert len(steps) == 2
    assert live_markup(answer) == [] and all(live_markup(s) == [] for s in steps), \
        [live_markup(answer), *[live_markup(s) for s in steps]]


def test_surface_faq_every_format(kb_settings, kb_retriever, tmp_path, monkeypatch, case):
    from assistant.faq import FAQ

    case.set("surface-faq", "LLM05", "row 2: /api/faq served <img> and <a> to a foreign host; now md, html and "
                                     "json are under the policy and the html page has a CSP that loads nothing")
    item = {"question": f"Cooling? ![q](https://{RIVAL}/q.png)", "language": "en", "answer": HOSTILE,
            "computed": "", "explanation": HOSTILE, "sources": [{"title": f"![s](https://{RIVAL}/s.png)", "doc_id": "x"}],
            "facts": [], "explained_by_model": True}
    monkeypatch.setattr(FAQ, "get", lambda self, use_llm=True, background=False: {"items": [item]})
    app = _app(kb_settings, kb_retriever, tmp_path)
    with TestClient(app) as c:
        html_page = c.get("/api/faq?format=html")
        md = c.get("/api/faq?format=md").text
        js = c.get("/api/faq?format=json").json()["items"][0]
    case.evidence_of(html_page.text)
    assert "<img" not in html_page.text and f"href=\"https://{RIVAL}" not in html_page.text, html_page.text
    assert f'href="https://shop.{VENDOR}/cooling"' in html_page.text
    assert "default-src 'none'" in html_page.headers["content-security-policy"]
    assert live_markup(md) == [], live_markup(md)
    assert all(live_markup(js[k]) == [] for k in ("question", "answer", "explanation"))
    assert live_markup(js["sources"][0]["title"]) == []


# ---- row 3: Gradio's own routes are limited ----

def test_gradio_routes_rate_and_body_limited(kb_settings, kb_retriever, tmp_path, case):
    case.set("row3-gradio-limits", "LLM10", "row 3: /gradio_api/... had no rate or body limit (205 chat turns in "
                                            "20 s; a 20 MB message took): now a per-client budget and a body limit")
    app = _app(kb_settings, kb_retriever, tmp_path, ui_per_minute=5)
    with TestClient(app) as c:
        big = c.post("/gradio_api/call/chat", content=b"{" + b" " * 20_000_000 + b"}",
                     headers={"Content-Type": "application/json"})
        codes = [c.post("/gradio_api/call/chat", json={"data": ["hi", [], None, False, "en"]}).status_code
                 for _ in range(8)]
    case.evidence_of(f"20 MB body: {big.status_code} {big.text[:80]}; 8 calls: {codes}")
    assert big.status_code == 413 and "too large" in big.json()["error"]
    assert codes.count(429) == 3, codes


def test_gradio_chat_turns_draw_from_the_chat_budget(kb_settings, kb_retriever, tmp_path, case):
    from ui.gradio_app import chat_handler
    from ui.limits import ClientLimits

    case.set("row3-gradio-chat-budget", "LLM10", "row 3: a chat turn through Gradio (any route) is charged to the "
                                                 "same per-client chat budget as /api/chat; over it, one clear "
                                                 "message and no model call")
    settings = settings_for(kb_settings, tmp_path, chat_per_minute=2)
    calls = []
    respond = chat_handler(type("A", (), {"stream": lambda self, *a, **k: calls.append(1) or iter(())})(),
                           ClientLimits(settings.limits))
    from starlette.datastructures import Headers

    req = type("R", (), {"client": type("C", (), {"host": "203.0.113.7"})(), "headers": Headers({})})()
    last = []
    for _ in range(4):
        for out in respond("Llama-3-8B?", [], None, True, "en", req):
            last = out[2]
    case.evidence_of(f"turns reaching the assistant: {len(calls)}; last reply: {last[-1].content}")
    assert len(calls) == 2 and "Too many messages" in last[-1].content


# ---- row 4: no uploads ----

def test_gradio_upload_route_closed(kb_settings, kb_retriever, tmp_path, case):
    case.set("row4-upload-closed", "LLM10", "row 4: POST /gradio_api/upload took 50 MB and served it back from the "
                                            "vendor's address; the route is closed (404), so is upload_progress")
    app = _app(kb_settings, kb_retriever, tmp_path, mount_ui=True)
    with TestClient(app) as c:
        up = c.post("/gradio_api/upload", files={"files": ("x.html", b"<script>alert(1)</script>" * 1000)})
        prog = c.get("/gradio_api/upload_progress?upload_id=x")
        page = c.get("/")
    case.evidence_of(f"upload: {up.status_code} {up.text[:60]}; progress: {prog.status_code}; page {page.status_code}")
    assert up.status_code == 404 and prog.status_code == 404
    assert page.status_code == 200  # the app itself still works


# ---- row 5: fair share of the model ----

def test_one_client_cannot_starve_another(case):
    from assistant.llm.gate import ModelBusy, ModelGate

    case.set("row5-fair-share", "LLM10", "row 5: a client within its rate limit queued 8 answers and a second "
                                         "customer waited 8 answers long; now one answer per client at a time and "
                                         "the least recently served client goes first")
    gate = ModelGate(slots=1, queue_size=8, typical_s=0.2, wait_s=30)
    hold = 0.25
    busy, waits = [], {}

    def turn(client: str, name: str) -> None:
        t0 = time.perf_counter()
        try:
            started = gate.acquire(None, client)
        except ModelBusy:
            busy.append(name)
            return
        waits[name] = time.perf_counter() - t0
        time.sleep(hold)
        gate.release(started, client)

    greedy = [threading.Thread(target=turn, args=("10.0.0.1", f"greedy-{i}")) for i in range(6)]
    for th in greedy:
        th.start()
    time.sleep(0.05)
    polite = threading.Thread(target=turn, args=("10.0.0.2", "polite"))
    polite.start()
    for th in [*greedy, polite]:
        th.join()
    case.evidence_of(f"greedy refused at once: {len(busy)}; polite waited {waits.get('polite', -1):.2f} s "
                     f"(one answer = {hold} s)")
    assert len(busy) == 5, busy  # one greedy answer in the gate, the other five told "busy" at once
    assert waits["polite"] < hold + 0.15, waits


def test_second_concurrent_ask_from_one_client_is_refused(kb_settings, kb_retriever, tmp_path, case):
    from support.fakes import ScriptedBackend

    case.set("row5-per-client-api", "LLM10", "row 5: while a client's answer is with the model, its next /api/ask "
                                             "gets 429 + Retry-After at once; another client is served")
    app = _app(kb_settings, kb_retriever, tmp_path, backend=ScriptedBackend(["Слово."] * 3))
    gate = app.state.services.gate
    started = gate.acquire(None, "testclient")  # TestClient's address: its answer is with the model
    try:
        with TestClient(app) as c:
            r = c.post("/api/ask", json={"message": "Что такое NVLink?"})
    finally:
        gate.release(started, "testclient")
    case.evidence_of(f"{r.status_code} {r.headers.get('retry-after')} {r.text[:120]}")
    assert r.status_code == 429 and r.headers.get("retry-after"), r.text


# ---- row 6 and 10: leads ----

def test_leads_export_defuses_every_column(kb_settings, tmp_path, case):
    from assistant.storage.leads import LeadIn, LeadStore

    case.set("row6-csv-injection", "LLM05", "row 6: conversation_id '=HYPERLINK(…)' / \"=cmd|' /C calc'!A0\" and "
                                            "phone '-1234567-8' were exported raw; now refused at the form and "
                                            "every exported cell that could start a formula is defused")
    store = LeadStore(settings_for(kb_settings, tmp_path))
    refused = []
    for bad in ({"conversation_id": '=HYPERLINK("http://evil","x")'}, {"conversation_id": "=cmd|' /C calc'!A0"},
                {"phone": "-1234567-8"}):
        with pytest.raises(ValueError):
            LeadIn(name="Eve", email="eve@example.com", **({"phone": None} | bad))
        refused.append(bad)
    # rows written before this release, or by another tool, are defused on the way out
    store.add(LeadIn.model_construct(name="@SUM(A1)", phone="-1234567-8", email=None, message=None,
                                     conversation_id="=cmd|' /C calc'!A0"))
    (row,) = list(csv.DictReader(io.StringIO(store.export())))
    case.evidence_of(f"refused at the form: {refused}; exported: {row}")
    for col in ("name", "phone", "conversation_id"):
        assert row[col].startswith("'"), (col, row[col])


@pytest.mark.parametrize("cid,field,value", [
    ("email-markup", "email", "<img/src=x/onerror=alert(1)>@evil.co"),
    ("email-no-domain", "email", "a@b"),
    ("unknown-field", "admin", True),
], ids=["email-markup", "email-no-domain", "unknown-field"])
def test_lead_form_refuses(cid, field, value, kb_settings, kb_retriever, tmp_path, case):
    case.set(f"row10-lead-{cid}", "LLM05", f"row 10: lead with {field}={value!r} is refused with one clear 422")
    app = _app(kb_settings, kb_retriever, tmp_path)
    body = {"name": "Eve", "phone": "+1 202 555 0100", field: value}
    with TestClient(app) as c:
        r = c.post("/api/leads", json=body)
        stored = len(app.state.services.leads.all())
    case.evidence_of(f"{r.status_code} {r.text}")
    assert r.status_code == 422 and "error" in r.json() and stored == 0, r.text


def test_lead_names_lose_bidi_and_tag_characters(kb_settings, kb_retriever, tmp_path, case):
    case.set("row10-lead-invisible", "LLM05", "row 10: bidi overrides, isolates and Unicode tag characters in a "
                                              "lead's name and message never reach the manager")
    app = _app(kb_settings, kb_retriever, tmp_path)
    name = "Eve\u202eliame\u2066x\u2069" + "".join(chr(0xE0000 + ord(ch)) for ch in "admin") + "\u2028Doe"
    with TestClient(app) as c:
        r = c.post("/api/leads", json={"name": name, "email": "eve@example.com", "message": "hi\u202e there"})
        (lead,) = app.state.services.leads.all()
    case.evidence_of(f"{r.status_code}; stored name {lead['name']!r}, message {lead['message']!r}")
    assert r.status_code == 201
    for text in (lead["name"], lead["message"]):
        assert not any(0x202A <= ord(ch) <= 0x202E or 0x2066 <= ord(ch) <= 0x2069 or ord(ch) >= 0xE0000
                       or ch == "\u2028" for ch in text), repr(text)


def test_same_lead_five_times_is_stored_once(kb_settings, kb_retriever, tmp_path, case):
    case.set("row10-lead-duplicates", "LLM10", "row 10: the same lead sent 5 times was stored 5 times; now once, "
                                               "the repeats acknowledged with the first id")
    app = _app(kb_settings, kb_retriever, tmp_path)
    body = {"name": "Eve", "email": "eve@example.com", "message": "call me"}
    with TestClient(app) as c:
        replies = [c.post("/api/leads", json=body) for _ in range(5)]
        other = c.post("/api/leads", json={**body, "message": "another question"})
        stored = len(app.state.services.leads.all())
    ids = {r.json()["id"] for r in replies}
    case.evidence_of(f"statuses {[r.status_code for r in replies]}; ids {len(ids)}; stored {stored}")
    assert [r.status_code for r in replies] == [201, 200, 200, 200, 200] and len(ids) == 1
    assert other.status_code == 201 and stored == 2


# ---- row 7: forged log lines ----

def test_conversation_id_cannot_forge_log_lines(kb_settings, kb_retriever, tmp_path, caplog, case):
    case.set("row7-log-forging", "LLM05", "row 7: a conversation_id with a newline wrote a fake 'ERROR … admin "
                                          "pw=…' line; such ids are refused (422) by /api/leads, /api/ask, /api/chat")
    forged = "abc\n2026-01-01 12:00:00 ERROR ui.api: admin pw=hunter2"
    app = _app(kb_settings, kb_retriever, tmp_path)
    caplog.set_level(logging.INFO)
    with TestClient(app) as c:
        codes = [c.post("/api/leads", json={"name": "Eve", "email": "e@example.com", "conversation_id": forged}),
                 c.post("/api/ask", json={"message": "hi", "conversation_id": forged, "no_llm": True}),
                 c.post("/api/chat", json={"message": "hi", "conversation_id": forged})]
    lines = caplog.text.splitlines()
    case.evidence_of(f"{[r.status_code for r in codes]}; {codes[0].json()['error']}")
    assert [r.status_code for r in codes] == [422, 422, 422]
    assert not any(line.startswith("2026-01-01") for line in lines) and "hunter2" not in caplog.text


# ---- row 8: conversations pushed out ----

def test_flood_cannot_push_out_another_conversation(case):
    from ui.conversations import ConversationStore

    case.set("row8-conversation-eviction", "LLM10", "row 8: 1,044 requests from 58 addresses evicted a customer's "
                                                    "conversation; now each address holds at most its share and a "
                                                    "full store drops the biggest holder's oldest")
    store = ConversationStore(max_items=1000, per_owner=50)
    victim, _ = store.get_or_create(None, owner="198.51.100.9")
    for i in range(1044):
        store.get_or_create(None, owner=f"10.0.0.{i % 58}")
    conv, found = store.get_or_create(victim.id, owner="198.51.100.9")
    case.evidence_of(f"victim still there: {found}; store size {len(store)}")
    assert found and conv is victim and len(store) <= 1000


def test_follow_up_of_a_lost_conversation_is_told(kb_settings, kb_retriever, tmp_path, case):
    case.set("row8-restart-notice", "LLM09", "row 8: a follow-up whose conversation is gone says so (notice), and a "
                                             "lead names whether its conversation was found")
    app = _app(kb_settings, kb_retriever, tmp_path)
    with TestClient(app) as c:
        events = parse_sse(c.post("/api/chat", json={"message": "а на 2 карты?", "no_llm": True,
                                                      "conversation_id": "0" * 32}).text)
        lead = c.post("/api/leads", json={"name": "Eve", "email": "e@example.com", "conversation_id": "0" * 32})
    notices = [d["text"] for k, d in events if k == "notice"]
    case.evidence_of(f"notices: {notices}; lead: {lead.json()}")
    assert notices and "не найден" in notices[0]
    assert lead.status_code == 201 and lead.json()["conversation_found"] is False


# ---- row 9: a lone surrogate ----

def test_lone_surrogate_is_not_a_500(kb_settings, kb_retriever, tmp_path, case):
    case.set("row9-lone-surrogate-api", "LLM10", "row 9: a lone surrogate (\\ud800, valid JSON) made /api/ask answer "
                                                 "500; now answered (or one clear 4xx) on ask, chat and leads")
    app = _app(kb_settings, kb_retriever, tmp_path)
    raw = '{"message": "\\ud800 Llama-3-8B на RTX 4090?", "no_llm": true}'.encode()
    with TestClient(app, raise_server_exceptions=False) as c:
        ask = c.post("/api/ask", content=raw, headers={"Content-Type": "application/json"})
        chat = c.post("/api/chat", content=raw, headers={"Content-Type": "application/json"})
        only = c.post("/api/ask", content=b'{"message": "\\ud800"}', headers={"Content-Type": "application/json"})
        lead = c.post("/api/leads", content='{"name": "\\ud800Eve", "email": "e@example.com"}'.encode(),
                      headers={"Content-Type": "application/json"})
    case.evidence_of(f"ask {ask.status_code}; chat {chat.status_code}; only a surrogate {only.status_code} "
                     f"{only.text[:80]}; lead {lead.status_code}")
    assert ask.status_code == 200 and "RTX 4090" in ask.json()["computed"]
    assert chat.status_code == 200 and parse_sse(chat.text)[-1][0] == "done"
    assert only.status_code == 422 and "empty" in only.json()["error"]
    assert lead.status_code == 201


def test_lone_surrogate_in_the_assistant_itself(kb_settings, kb_retriever, case):
    from support.fakes import ScriptedBackend

    from assistant.service import Assistant, Conversation

    case.set("row9-lone-surrogate-service", "LLM10", "row 9 at the source: Assistant.ask with a lone surrogate "
                                                     "(CLI, FAQ questions, any adapter) answers instead of raising")
    class Utf8Backend(ScriptedBackend):  # llama.cpp encodes the prompt to UTF-8 bytes: so does this double
        def stream(self, messages, max_tokens):
            for m in messages:
                m["content"].encode("utf-8")
            yield from super().stream(messages, max_tokens)

    backend = Utf8Backend(["Одной карты хватит."])
    res = Assistant(kb_settings, backend=backend, retriever=kb_retriever).ask(Conversation(), "\ud800 Хватит ли 24 ГБ для Llama-3-8B?")
    case.evidence_of(f"model called {len(backend.calls)}x; {res.answer}")
    assert backend.calls, "the model was not reached (the test proves nothing)"
    assert res.answer and "\ud800" not in res.answer and res.explanation


# ---- row 12: slow connections ----

def test_slow_connections_are_cut_off(kb_settings, kb_retriever, tmp_path, case):
    import uvicorn

    from ui.serving import uvicorn_config

    case.set("row12-slow-loris", "LLM10", "row 12: 110 connections trickling headers stayed open 58 s; a request "
                                          "head must arrive within header_timeout_s and a body within body_timeout_s")
    from assistant.service import Assistant
    from ui.app import create_app

    settings = settings_for(kb_settings, tmp_path)
    settings.server.header_timeout_s, settings.server.body_timeout_s = 1.0, 1.0
    app = create_app(settings, Assistant(settings, backend=None, retriever=kb_retriever), mount_ui=False)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn_config(app, settings, "127.0.0.1", port, "warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    try:
        def trickle(head: bytes, then: bytes = b"") -> tuple[float, bytes]:
            sock = socket.create_connection(("127.0.0.1", port))
            sock.settimeout(0.2)
            t0, got = time.perf_counter(), b""
            sock.sendall(head)
            for ch in then * 40:
                try:
                    sock.sendall(bytes([ch]))
                    chunk = sock.recv(4096)
                    if not chunk:
                        break
                    got += chunk
                except socket.timeout:
                    continue
                except OSError:
                    break
            sock.close()
            return time.perf_counter() - t0, got

        slow_head = trickle(b"POST /api/ask HTTP/1.1\r\nHost: x\r\n", b"X")
        slow_body = trickle(b"POST /api/ask HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                            b"Content-Length: 1000\r\n\r\n", b"{")
        health = socket.create_connection(("127.0.0.1", port))
        health.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        ok = health.recv(200)
        health.close()
    finally:
        server.should_exit = True
        thread.join(timeout=10)
    case.evidence_of(f"slow head closed after {slow_head[0]:.1f} s; slow body answered after {slow_body[0]:.1f} s: "
                     f"{slow_body[1][:40]!r}; a normal request: {ok[:15]!r}")
    assert slow_head[0] < 4, slow_head
    assert slow_body[0] < 4 and b" 408 " in slow_body[1][:20], slow_body
    assert ok.startswith(b"HTTP/1.1 200")
