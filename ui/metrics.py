"""Prometheus metrics at /metrics, and the one place every finished turn is observed.

`observe_turns(assistant)` wraps the assistant's `stream` once (so the REST API, the SSE chat, the
Gradio app and the FAQ are all seen) and measures what the customer waits for, by the wall clock:
the computed block, the first model token, the whole answer. Listeners (these metrics, the
operator's question log) get each finished turn.

Each app has its own registry, so tests can build several apps in one process.
"""
from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from fastapi import FastAPI, Response
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily

from assistant.types import Event, TurnResult

log = logging.getLogger(__name__)
# a computed block takes milliseconds, a CPU model's first token seconds, a whole answer up to a minute
BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 8, 13, 20, 30, 45, 60, 90, 120)


@dataclass
class Turn:
    """A finished turn as the observers see it."""
    question: str
    result: TurnResult
    computed_s: float | None = None  # when the computed block went out (None: the turn had none)
    first_token_s: float | None = None  # first model token (None: no model prose)
    total_s: float = 0.0
    busy: bool = False
    marks: dict = field(default_factory=dict)


Listener = Callable[[Turn], None]


def observe_turns(assistant, listener: Listener) -> None:
    """Add a listener of finished turns; the stream is wrapped only once per assistant."""
    current = assistant.stream
    if not hasattr(current, "listeners"):
        original = current
        listeners: list[Listener] = []  # the wrapper's own list, published as stream.listeners

        @functools.wraps(original)
        def stream(conv, text: str, use_llm: bool = True, **opts) -> Iterator[Event]:
            t0, marks = time.perf_counter(), {}
            inner = original(conv, text, use_llm=use_llm, **opts)
            try:
                for ev in inner:
                    if ev.type in ("computed", "busy") and ev.type not in marks:
                        marks[ev.type] = time.perf_counter() - t0
                    if ev.type == "done" and ev.result is not None:
                        res = ev.result
                        turn = Turn(text, res, marks.get("computed"), None, time.perf_counter() - t0,
                                    "busy" in marks, marks)
                        if res.explained_by_model and "token" in marks:
                            turn.first_token_s = marks["token"]
                        for fn in list(listeners):
                            try:
                                fn(turn)
                            except Exception:  # an observer must never break a customer's answer
                                log.exception("turn listener failed")
                    elif ev.type == "token" and "token" not in marks:
                        marks["token"] = time.perf_counter() - t0
                    yield ev
            finally:
                inner.close()

        stream.listeners = listeners  # type: ignore[attr-defined]  # a function attribute
        assistant.stream = stream
        current = stream
    current.listeners.append(listener)


class Metrics:
    def __init__(self, assistant, gate) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.turn_seconds = Histogram("gpu_sizer_turn_seconds", "Seconds from the question to each part of the "
                                      "answer: computed block, first model token, whole answer.", ["part"],
                                      buckets=BUCKETS, registry=r)
        self.turns = Counter("gpu_sizer_turns", "Finished turns.", ["intent", "language", "explained"], registry=r)
        self.guard = Counter("gpu_sizer_guard_interventions", "Grounding-guard interventions by kind: violations "
                             "found, regenerated answers, dropped sentences.", ["kind"], registry=r)
        self.busy = Counter("gpu_sizer_busy", "Answers whose explanation was refused because the model was busy "
                            "(SSE busy events and HTTP 503).", ["where"], registry=r)
        self.responses = Counter("gpu_sizer_http_responses", "HTTP responses by status class.", ["status"],
                                 registry=r)
        r.register(_Live(assistant, gate))

    def on_turn(self, turn: Turn) -> None:
        res = turn.result
        if turn.computed_s is not None:
            self.turn_seconds.labels("computed").observe(turn.computed_s)
        if turn.first_token_s is not None:
            self.turn_seconds.labels("first_token").observe(turn.first_token_s)
        self.turn_seconds.labels("total").observe(turn.total_s)
        self.turns.labels(res.intent, res.language, str(res.explained_by_model).lower()).inc()
        g = res.guard
        for kind, n in (("violation", len(g.violations)), ("regenerated", int(g.regenerated)),
                        ("dropped_sentence", len(g.dropped_sentences))):
            if n:
                self.guard.labels(kind).inc(n)
        if turn.busy:
            self.busy.labels("stream").inc()

    def render(self) -> Response:
        return Response(generate_latest(self.registry), media_type=CONTENT_TYPE_LATEST)


class _Live:
    """Read at scrape time: the model gate's queue and the model's state."""

    def __init__(self, assistant, gate) -> None:
        self.assistant, self.gate = assistant, gate

    def collect(self):
        snap = self.gate.snapshot()
        q = GaugeMetricFamily("gpu_sizer_model_queue", "Answers at the model gate.", labels=["state"])
        q.add_metric(["running"], snap["running"])
        q.add_metric(["waiting"], snap["waiting"])
        q.add_metric(["capacity"], snap["slots"] + snap["queue_size"])
        yield q
        state = self.assistant.model_status().state
        m = GaugeMetricFamily("gpu_sizer_model_status", "1 for the model's current state.", labels=["state"])
        for s in ("ready", "loading", "failed", "none"):
            m.add_metric([s], 1.0 if s == state else 0.0)
        yield m


class StatusCounter:
    """Counts responses by status class, and 503s apart (ASGI middleware, outermost)."""

    def __init__(self, app, metrics: Metrics):
        self.app, self.metrics = app, metrics

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def counting(message):
            if message["type"] == "http.response.start":
                status = message["status"]
                self.metrics.responses.labels(f"{status // 100}xx").inc()
                if status == 503:
                    self.metrics.busy.labels("http_503").inc()
            await send(message)

        await self.app(scope, receive, counting)


def install(app: FastAPI, assistant, gate) -> Metrics:
    """Metrics for this app: observe turns, count responses, serve /metrics."""
    metrics = Metrics(assistant, gate)
    observe_turns(assistant, metrics.on_turn)
    app.add_middleware(StatusCounter, metrics=metrics)

    @app.get("/metrics", include_in_schema=False)
    def prometheus() -> Response:
        return metrics.render()

    app.state.metrics = metrics
    return metrics
