"""REST + SSE API over the assistant and the calculators.

Endpoints only translate HTTP to `Assistant.stream/ask`, `tools.*` and the lead/FAQ stores; the
services live on `app.state` (built by `ui.app.create_app`), so tests build their own app.
Blocking work runs in plain `def` endpoints, which FastAPI runs in its thread pool.
"""
from __future__ import annotations

import json
import logging
import threading
from dataclasses import dataclass
from collections.abc import Generator, Sequence
from typing import Literal

import anyio
from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, PlainTextResponse, StreamingResponse
from starlette.concurrency import run_in_threadpool
from pydantic import BaseModel, ConfigDict, Field, field_validator

from assistant.faq import FAQ
from assistant.safe_markdown import SafeStream, safe_markdown
from assistant.storage.leads import LeadIn, LeadStore, check_conversation_id, summarize_configurations
from assistant.service import Assistant, Conversation
from tools.catalog import load_catalog
from tools.cost import CostRequest, own_vs_cloud
from tools.memory import MemoryRequest, estimate_memory
from tools.power import power_budget
from tools.recommend import recommend
from ui.conversations import ConversationStore
from assistant.llm.gate import ModelGate, client_key, client_left

log = logging.getLogger(__name__)
router = APIRouter(prefix="/api", tags=["api"])


@dataclass
class Services:
    assistant: Assistant
    conversations: ConversationStore
    leads: LeadStore
    faq: FAQ
    gate: ModelGate
    link_hosts: tuple[str, ...] = ()


RESTARTED = {"ru": "Предыдущий разговор не найден (истёк или сервер перезапущен) — начинаю заново; уточните "
                   "модель и задачу, если это продолжение.",
             "en": "The earlier conversation was not found (expired or the server restarted), so this starts a new "
                   "one; repeat the model and task if this was a follow-up."}


def services(request: Request) -> Services:
    return request.app.state.services


def client_of(request: Request) -> str:
    """The client address resolved by the rate limiter (trusted proxies applied)."""
    return getattr(request.state, "client", None) or (request.client.host if request.client else "unknown")


class ApiError(Exception):
    """A request that is well-formed but cannot be served (busy conversation...)."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None):
        super().__init__(message)
        self.status, self.message, self.headers = status, message, headers


# ---- request bodies: unknown fields are refused so a typo ("param_b") is not silently ignored ----

class AskIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    message: str = Field(description="The customer's message (longer than max_input_chars is cut, with a notice).")
    conversation_id: str | None = Field(None, max_length=64, description="Continue this conversation.")
    no_llm: bool = Field(False, description="Computed block and passages only, no model explanation.")

    @field_validator("message")
    @classmethod
    def _not_empty(cls, v: str) -> str:
        # a lone surrogate ("\ud800", valid JSON) cannot be encoded anywhere downstream: drop it here
        v = "".join(ch for ch in v if not "\ud800" <= ch <= "\udfff")
        if not v.strip():
            raise ValueError("message must not be empty")
        return v

    _id = field_validator("conversation_id")(check_conversation_id)


class VramIn(MemoryRequest):
    model_config = ConfigDict(extra="forbid")

    @field_validator("model_file")
    @classmethod
    def _no_server_paths(cls, v: str | None) -> None:
        # a path would make the server read its own files on a stranger's request
        if v:
            raise ValueError("model_file is not accepted over the API; give model or params_b")
        return None


class RecommendIn(VramIn):
    top: int = Field(5, ge=1, le=50, description="How many configurations to return.")
    # the API's `gpus` is a shortlist of cards and deliberately replaces MemoryRequest's card count
    # (`recommend` sizes every count itself); pydantic allows the override, mypy cannot know it is meant
    gpus: list[str] | None = Field(None, max_length=50,  # type: ignore[assignment]
                                   description="Only consider these catalog GPUs.")


class PowerIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    gpu: str = Field(max_length=100, description="Catalog GPU name, e.g. 'RTX 4090'.")
    count: int = Field(1, description="Number of cards.")
    cpus: int = Field(1, description="Number of CPU sockets.")
    other_w: int | None = Field(None, description="Board, RAM, disks, fans in watts; default: the guide's range.")


class CostIn(CostRequest):
    model_config = ConfigDict(extra="forbid")


# ---- conversation ----

def _turn_json(res, question: str, conv: Conversation, hosts: tuple[str, ...] = (),
               extra_notices: Sequence[str] = ()) -> dict:
    """Same shape as one turn of `gpu-sizer ask --json`, plus the id to continue with; every text a
    customer may be shown is under the safe-Markdown policy."""
    data = res.model_dump(mode="json")
    for key in ("answer", "computed", "explanation"):
        data[key] = safe_markdown(data[key], hosts)
    data["notices"] = [safe_markdown(n, hosts) for n in [*extra_notices, *data["notices"]]]
    for src in data["sources"]:
        src["title"], src["text"] = safe_markdown(src["title"], hosts), safe_markdown(src["text"], hosts)
    return {**data, "question": question, "conversation_id": conv.id}


def _claim(svc: Services, conv_id: str | None, client: str, message: str) -> tuple[Conversation, list[str]]:
    """The conversation (claimed for this turn) and the notices to show first: a follow-up whose
    conversation is gone is told so, not silently answered as a new one."""
    conv, found = svc.conversations.get_or_create(conv_id, owner=client)
    if not svc.conversations.claim(conv.id):
        raise ApiError(409, "this conversation is still answering the previous message; wait for it to finish")
    notices = []
    if conv_id and not found:
        from assistant.storage.conversations import LOST, DetachedConversation
        from tools.text import detect_language

        lang = detect_language(message) if message.strip() else "ru"
        notices.append((LOST if isinstance(conv, DetachedConversation) else RESTARTED)[lang])
    return conv, notices


def _refuse_if_busy(svc: Services, client: str) -> None:
    """A whole answer that would only queue behind a full gate is refused at once, with an estimate:
    a client told "come back in N s" is better served than one left hanging. A client whose previous
    answer is still with the model waits for it first (one model turn per client)."""
    if not svc.assistant.model_status().ready:
        return
    if svc.gate.holds(client):
        retry = svc.gate.retry_after()
        raise ApiError(429, f"your previous answer is still being written; try again in {retry} s",
                       headers={"Retry-After": str(retry)})
    if svc.gate.full():
        retry = svc.gate.retry_after()
        raise ApiError(503, f"the assistant is busy; try again in {retry} s", headers={"Retry-After": str(retry)})


@router.post("/ask", responses={503: {"description": "The model's queue is full; see Retry-After."}})
def ask(body: AskIn, request: Request, svc: Services = Depends(services)) -> dict:
    client = client_of(request)
    if not body.no_llm:
        _refuse_if_busy(svc, client)
    conv, notices = _claim(svc, body.conversation_id, client, body.message)
    token = client_key.set(client)  # this worker thread runs the whole turn
    try:
        res = svc.assistant.ask(conv, body.message, use_llm=not body.no_llm)
    finally:
        client_key.reset(token)
        svc.conversations.release(conv.id, conv)
    return _turn_json(res, body.message, conv, svc.link_hosts, notices)


class ClosingStream(StreamingResponse):
    """Closes its generator when the response ends, also when the client went away mid-answer:
    otherwise the suspended generator would keep the conversation busy and the model's lock held
    until the garbage collector happened to find it."""

    def __init__(self, gen: Generator[str, None, None], client: str | None = None, **kw):
        self._gen, self.client = gen, client
        self.left = threading.Event()
        super().__init__(gen, **kw)

    async def listen_for_disconnect(self, receive) -> None:
        await super().listen_for_disconnect(receive)
        # the generator's thread cannot be cancelled from here; this tells the model gate (where an
        # answer may be queued or generating) that nobody is listening any more
        self.left.set()

    async def __call__(self, scope, receive, send) -> None:
        # copied into the tasks and worker threads running the generator
        token, key = client_left.set(self.left), client_key.set(self.client)
        try:
            await super().__call__(scope, receive, send)
        finally:
            client_key.reset(key)
            client_left.reset(token)
            with anyio.CancelScope(shield=True):
                await run_in_threadpool(self._gen.close)


def _sse(event: str, data: dict) -> str:
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


@router.post("/chat", response_class=StreamingResponse)
def chat(body: AskIn, request: Request, svc: Services = Depends(services)) -> StreamingResponse:
    """Server-sent events: computed, token*, notice*, busy?, sources, done (TurnResult + conversation_id).
    The computed block is sent before any model token, so numbers show while the model thinks; only
    the explanation waits for the model, and when its queue is full a `busy` event (text in the
    customer's language, retry_after in seconds) replaces it at once."""
    client = client_of(request)
    conv, notices = _claim(svc, body.conversation_id, client, body.message)  # 409 before the stream starts
    hosts = svc.link_hosts

    def events() -> Generator[str, None, None]:
        tokens = SafeStream(hosts)  # links are judged whole, never half-streamed
        try:
            for text in notices:
                yield _sse("notice", {"text": safe_markdown(text, hosts)})
            for ev in svc.assistant.stream(conv, body.message, use_llm=not body.no_llm):
                if ev.type == "token":
                    if piece := tokens.feed(ev.text):
                        yield _sse("token", {"text": piece})
                    continue
                if rest := tokens.flush():
                    yield _sse("token", {"text": rest})
                if ev.type == "done":
                    yield _sse("done", _turn_json(ev.result, body.message, conv, hosts, notices))
                elif ev.type == "busy":
                    yield _sse("busy", {"text": safe_markdown(ev.text, hosts), "retry_after": ev.retry_after})
                else:
                    yield _sse(ev.type, {"text": safe_markdown(ev.text, hosts)})
        except Exception:  # headers are gone: the client learns of the failure from an error event
            log.exception("chat stream failed (conversation %s)", conv.id)
            yield _sse("error", {"error": "the answer could not be completed; please try again"})
        finally:
            svc.conversations.release(conv.id, conv)

    return ClosingStream(events(), client=client, media_type="text/event-stream",
                         headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no",
                                  "X-Conversation-Id": conv.id})


class ScenarioEditIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    conversation_id: str = Field(max_length=64, description="The conversation whose scenario is edited.")
    changes: dict[str, str | float | None] = Field(
        max_length=10, description="Slot -> new value (model, precision, context, users, gpu, gpus (comma-separated), "
                                   "gpu_count, task, runtime, card_vram_gb, ram_gb, psu_w, cpus); empty or null = back to the default.")
    lang: Literal["ru", "en"] = "ru"

    _id = field_validator("conversation_id")(check_conversation_id)


@router.get("/config")
def config(svc: Services = Depends(services)) -> dict:
    """What a client needs to know of the server's settings (the widget's input limit, the precisions
    a chip may be set to, the vendor's hosts a link may go to): owned here, never hard-coded in the widget."""
    from ui.calculators import precision_names

    return {"max_input_chars": svc.assistant.settings.assistant.max_input_chars, "precisions": precision_names(),
            "link_hosts": list(svc.link_hosts)}


@router.post("/scenario")
def edit_scenario(body: ScenarioEditIn, request: Request, svc: Services = Depends(services)) -> dict:
    """An edited value of the "Computed for" line (a chip): the computed block again, without the model."""
    conv = svc.conversations.get(body.conversation_id)
    if conv is None:
        raise ApiError(404, "conversation not found; ask the question again")
    if not svc.conversations.claim(conv.id):
        raise ApiError(409, "this conversation is still answering the previous message; wait for it to finish")
    try:
        res = svc.assistant.recompute(conv, dict(body.changes), body.lang)
    finally:
        svc.conversations.release(conv.id, conv)
    return _turn_json(res, "", conv, svc.link_hosts)


# ---- calculators ----

@router.get("/gpus")
def gpus() -> dict:
    return {"gpus": [g.model_dump() for g in load_catalog().gpus]}


@router.post("/vram")
def vram(body: VramIn) -> dict:
    return estimate_memory(body).model_dump()


@router.post("/power")
def power(body: PowerIn) -> dict:
    return power_budget(body.gpu, body.count, cpus=body.cpus, other_w=body.other_w).model_dump()


@router.post("/recommend")
def recommend_(body: RecommendIn) -> dict:
    scenario = MemoryRequest(**body.model_dump(exclude={"top", "gpus"}))
    return recommend(scenario, top=body.top, gpus=body.gpus).model_dump()


@router.post("/cost")
def cost(body: CostIn) -> dict:
    return own_vs_cloud(body).model_dump()


# ---- FAQ and hand-off ----

@router.get("/faq", response_model=None)
def faq(format: Literal["json", "md", "html"] = "json", lang: Literal["ru", "en"] | None = None,
        svc: Services = Depends(services)):
    # computed-only answers are served while the model-written ones are generated in the background
    text = svc.faq.render(format, language=lang, background=True)
    if format == "json":
        return JSONResponse(json.loads(text))
    # a page served from the vendor's address loads nothing and runs nothing, whatever slipped through
    headers = {"Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; "
                                          "form-action 'none'; frame-ancestors *",
               "X-Content-Type-Options": "nosniff"}
    return PlainTextResponse(text, media_type="text/markdown" if format == "md" else "text/html", headers=headers)


@router.post("/leads", status_code=201, responses={200: {"description": "The same lead was already received."}})
def leads(body: LeadIn, svc: Services = Depends(services)):
    conv = svc.conversations.get(body.conversation_id)
    scenario, configs, language = {}, [], "ru"
    if conv is not None and conv.scenario is not None:
        scenario = conv.scenario.said()  # the slots, not the conversation's memory
    if conv is not None and conv.last_result is not None:
        language = conv.last_result.language
        configs = summarize_configurations([f.model_dump() for f in conv.last_result.facts])
    if not configs and conv is not None and conv.scenario is not None:
        configs = _configurations_for(conv)
    if conv is None and body.message:
        from tools.text import detect_language

        language = detect_language(body.message)
    lead_id, new = svc.leads.add_once(body, language=language, scenario=scenario, configurations=configs)
    # ids are validated ([A-Za-z0-9_-]), and %r would show any control character as an escape anyway
    log.info("lead %s %s (conversation %r)", lead_id, "stored" if new else "repeated", body.conversation_id)
    found = body.conversation_id is None or conv is not None
    payload = {"status": "ok" if new else "duplicate", "id": lead_id, "conversation_found": found}
    return payload if new else JSONResponse(payload, status_code=200)


def _configurations_for(conv: Conversation) -> list[dict]:
    """The last turn was e.g. "call me": size the scenario so the manager still sees configurations."""
    from assistant.turn.facts import memory_request
    from tools.errors import SizingError

    s = conv.scenario
    if s is None or not (s.model or s.params_b):
        return []
    try:
        rec = recommend(memory_request(s), top=3)
    except SizingError:
        return []
    return summarize_configurations([{"tool": "recommend", "output": rec.model_dump()}])


@router.api_route("/{path:path}", methods=["GET", "POST", "PUT", "PATCH", "DELETE"], include_in_schema=False)
def unknown(path: str, request: Request) -> None:
    # without this, the Gradio app mounted at "/" would answer with its own 404 page
    raise ApiError(404, f"unknown API endpoint: {request.method} /api/{path}")
