"""How `gpu-sizer serve` runs the app under uvicorn, hardened against slow clients.

uvicorn arms no timer while a request head is being received (its keep-alive timer is cancelled by
the first byte), so a client trickling headers holds a connection for ever (slow-loris). Here a
connection gets `header_timeout_s` to deliver each whole request head; the body has
`body_timeout_s` (ui.app.BodyLimit); and at most `max_connections` are served at once (more get 503).
"""
from __future__ import annotations

import asyncio

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from assistant.settings import Settings


class HeadDeadlineProtocol(H11Protocol):
    """uvicorn's h11 protocol plus a deadline for every request head."""

    header_timeout_s = 10.0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._head_timer: asyncio.TimerHandle | None = None
        self._arm_head_timer()

    def _waiting_for_head(self) -> bool:
        return self.cycle is None or self.cycle.response_complete

    def _arm_head_timer(self) -> None:
        self._cancel_head_timer()
        self._head_timer = self.loop.call_later(self.header_timeout_s, self._head_too_slow)

    def _cancel_head_timer(self) -> None:
        timer: asyncio.TimerHandle | None = getattr(self, "_head_timer", None)
        if timer is not None:
            timer.cancel()
            self._head_timer = None

    def data_received(self, data: bytes) -> None:
        was_waiting = self._waiting_for_head()
        super().data_received(data)
        if not self._waiting_for_head():
            self._cancel_head_timer()  # a whole head arrived: the app (and BodyLimit) take over
        elif was_waiting and self._head_timer is None:
            self._arm_head_timer()  # the first bytes of the next request on a kept-alive connection

    def on_response_complete(self) -> None:
        self._cancel_head_timer()  # idle now: uvicorn's keep-alive timeout applies until new bytes
        super().on_response_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_head_timer()
        super().connection_lost(exc)

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if self._waiting_for_head() and not self.transport.is_closing():
            self.transport.close()


def protocol_for(settings: Settings) -> type[HeadDeadlineProtocol]:
    return type("ServeProtocol", (HeadDeadlineProtocol,), {"header_timeout_s": settings.server.header_timeout_s})


def uvicorn_config(app, settings: Settings, host: str, port: int, log_level: str = "info") -> uvicorn.Config:
    # proxy_headers=False: uvicorn would otherwise believe X-Forwarded-For from 127.0.0.1 on its own; client
    # addresses are resolved once, in ui.limits, against settings.limits.trusted_proxies
    return uvicorn.Config(app, host=host, port=port, log_level=log_level, timeout_graceful_shutdown=10,
                          proxy_headers=False, http=protocol_for(settings), timeout_keep_alive=5,
                          limit_concurrency=settings.server.max_connections)
