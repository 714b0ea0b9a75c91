"""The web app: REST/SSE API, health check, and (when their modules exist) the Gradio chat at "/"
and the embeddable widget under /widget.

`create_app(settings, assistant)` builds everything, so tests build their own instance.
"""
from __future__ import annotations

import importlib
import importlib.util
import logging
import threading
import uuid
from contextlib import asynccontextmanager

import anyio
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from assistant.faq import FAQ
from assistant.storage.leads import LeadStore
from assistant.service import Assistant
from assistant.settings import Settings, get_settings
from tools.errors import SizingError
from ui import api, operations
from ui.conversations import open_store
from assistant.llm.gate import GatedBackend, ModelGate
from ui.limits import UI_PREFIX, ClientLimits, RateLimit

log = logging.getLogger(__name__)


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def validation_message(errors: list[dict]) -> str:
    """pydantic's error list -> one line a person can act on: 'count: Input should be a valid integer'."""
    parts = []
    for err in errors[:3]:
        loc = [str(x) for x in err.get("loc", ()) if x not in ("body", "query")]
        if err.get("type") == "json_invalid":
            parts.append("the request body is not valid JSON")
            continue
        if err.get("type") == "missing" and not loc:
            parts.append("a JSON request body is required")
            continue
        msg = str(err.get("msg", "invalid value")).removeprefix("Value error, ")
        parts.append(f"{'.'.join(loc)}: {msg}" if loc else msg)
    return "; ".join(parts) or "invalid request"


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(SizingError)
    async def sizing(_: Request, exc: SizingError):
        # messages quote the input ("unknown model '…'"): a 60 KB name must not come back 60 KB long
        message = str(exc)
        return _error(422, message if len(message) <= 300 else message[:300] + "…")

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError):
        return _error(422, validation_message(list(exc.errors())))

    @app.exception_handler(api.ApiError)
    async def api_error(_: Request, exc: api.ApiError):
        return JSONResponse({"error": exc.message}, status_code=exc.status, headers=exc.headers)

    @app.exception_handler(StarletteHTTPException)
    async def http(_: Request, exc: StarletteHTTPException):
        message = {404: "not found", 405: "method not allowed", 413: "request body too large"}.get(
            exc.status_code, str(exc.detail))
        return JSONResponse({"error": message}, status_code=exc.status_code, headers=getattr(exc, "headers", None))

    @app.exception_handler(Exception)
    async def unexpected(_: Request, exc: Exception):
        # last resort: a bug must not leak a traceback; the reference ties the reply to the log line
        ref = uuid.uuid4().hex[:8]
        log.error("unhandled error %s", ref, exc_info=exc)
        return _error(500, f"internal error (reference {ref})")


class BodyLimit:
    """Bodies of the API (small JSON) and of the Gradio app (JSON with the chat history) are read
    whole, up to their limit and within `timeout_s`, before the app sees them: an oversized one gets
    a JSON 413 (declared length or chunked alike), a body trickled in too slowly a 408."""

    def __init__(self, app, limits: dict[str, int], timeout_s: float = 15.0):
        self.app, self.limits, self.timeout_s = app, limits, timeout_s

    async def __call__(self, scope, receive, send) -> None:
        limit = next((n for prefix, n in self.limits.items() if scope.get("path", "").startswith(prefix)), None) \
            if scope["type"] == "http" else None
        if limit is None:
            return await self.app(scope, receive, send)
        too_large = _error(413, f"request body too large (limit {limit // 1024} KB)")
        declared = dict(scope["headers"]).get(b"content-length", b"")
        if declared.isdigit() and int(declared) > limit:
            return await too_large(scope, receive, send)
        chunks, size = [], 0
        with anyio.move_on_after(self.timeout_s) as reading:
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return
                chunks.append(message.get("body", b""))
                size += len(chunks[-1])
                if size > limit:
                    return await too_large(scope, receive, send)
                if not message.get("more_body"):
                    break
        if reading.cancelled_caught:
            return await _error(408, f"request body not received within {self.timeout_s:g} s")(scope, receive, send)
        replayed = False

        async def replay():
            nonlocal replayed
            if replayed:  # later reads: disconnect detection of streaming answers
                return await receive()
            replayed = True
            return {"type": "http.request", "body": b"".join(chunks), "more_body": False}

        await self.app(scope, replay, send)


def _warm_up(app: FastAPI, assistant: Assistant) -> None:
    """Load the embedder and index now, so the first question is answered in seconds."""
    try:
        assistant.retriever.warm_up()
        app.state.index_status = "ready"
    except Exception as exc:  # the calculators still work without retrieval
        log.warning("retriever warm-up failed: %s", exc)
        app.state.index_status = f"failed: {exc}"


def _optional(module: str):
    """Another team's module, or None before it exists."""
    if importlib.util.find_spec(module) is None:
        return None
    return importlib.import_module(module)


def _mount_ui(app: FastAPI, assistant: Assistant, settings: Settings) -> None:
    """The widget's routes, then Gradio at "/" (its queue bounded, no file uploads: the app has no
    upload component, and ui.limits closes the route as well)."""
    ui_status = app.state.ui
    try:
        if widget := _optional("ui.widget"):
            widget.mount(app, settings)
            ui_status["widget"] = "mounted"
    except Exception as exc:  # a broken page must not take the API down with it
        log.exception("widget not mounted")
        ui_status["widget"] = f"failed: {exc}"
    try:
        if gradio_app := _optional("ui.gradio_app"):
            import gradio as gr

            svc = app.state.services  # the chat's conversations and FAQ are the API's: one store for every replica
            demo = gradio_app.build_ui(assistant, settings, limits=app.state.limits, conversations=svc.conversations,
                                       faq=svc.faq)
            gr.mount_gradio_app(app, demo, path="/", max_file_size=1024, show_error=False)
            ui_status["gradio"] = "mounted"
    except Exception as exc:
        log.exception("Gradio UI not mounted")
        ui_status["gradio"] = f"failed: {exc}"


def _gate(assistant: Assistant, settings: Settings) -> ModelGate:
    """Put the model behind one gate (chat, ask, FAQ and the Gradio UI all pass through it); an
    assistant already served by another app keeps its gate, so the model still has only one."""
    if isinstance(assistant.backend, GatedBackend):
        return assistant.backend.gate
    lim = settings.limits
    gate = ModelGate(settings.llm.parallel, lim.queue_size, lim.typical_answer_s, lim.queue_wait_s)
    if assistant.backend is not None:
        assistant.backend = GatedBackend(assistant.backend, gate)
    return gate


def create_app(settings: Settings | None = None, assistant: Assistant | None = None, *,
               mount_ui: bool = True) -> FastAPI:
    """`mount_ui=False` leaves out the Gradio chat and the widget (API-only tests, headless deployments)."""
    settings = settings or get_settings()
    assistant = assistant or Assistant(settings, background_load=True)
    gate = _gate(assistant, settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        threading.Thread(target=_warm_up, args=(app, assistant), name="retriever-warm-up", daemon=True).start()
        yield

    app = FastAPI(title="gpu-sizer", summary="GPU server sizing assistant", lifespan=lifespan)
    app.state.index_status = "warming up"
    app.state.ui = {"gradio": "absent", "widget": "absent"}
    app.state.services = api.Services(
        assistant=assistant,
        conversations=open_store(settings),
        leads=LeadStore(settings),
        faq=FAQ(assistant, settings),
        gate=gate,
        link_hosts=tuple(settings.server.link_hosts),
    )
    app.state.limits = ClientLimits(settings.limits)
    app.add_middleware(RateLimit, limits=app.state.limits)  # inside CORS: a browser can read its 429
    app.add_middleware(CORSMiddleware, allow_origins=settings.server.cors_origins, allow_methods=["GET", "POST"],
                       allow_headers=["Content-Type", "Accept"], expose_headers=["X-Conversation-Id"], max_age=600)
    app.add_middleware(BodyLimit, limits={"/api/": settings.server.max_body_bytes,
                                          UI_PREFIX: settings.server.max_ui_body_bytes},
                       timeout_s=settings.server.body_timeout_s)
    install_error_handlers(app)
    operations.mount(app, settings, assistant, gate)  # metrics, admin (with a token), catalog watch, proposal
    if getattr(app.state, "operator", None) is not None:  # the public FAQ follows the operator's approvals
        app.state.services.faq.operator = app.state.operator
    app.include_router(api.router)

    @app.get("/healthz", tags=["health"])
    def healthz() -> dict:
        return {"status": "ok", "model": str(assistant.model_status()), "index": app.state.index_status,
                "conversations": len(app.state.services.conversations), "model_queue": gate.snapshot(),
                "ui": app.state.ui}

    if mount_ui:
        _mount_ui(app, assistant, settings)  # last: Gradio at "/" must not shadow /api or /healthz
    return app
