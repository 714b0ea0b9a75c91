"""Per-client rate limits: token buckets keyed by the client's address, one budget for the
conversation (each turn may cost the model seconds), one for the cheap calculators and one for the
Gradio app's own API (/gradio_api/...; its chat turns also draw from the chat budget, in the
handler). Gradio's file routes are closed: the app has no upload component, so nobody may host
files at the vendor's address.

The address is the TCP peer's. X-Forwarded-For is believed only when that peer is one of our own
reverse proxies (settings.limits.trusted_proxies): from anyone else it is a header they chose.
"""
from __future__ import annotations

import ipaddress
import json
import math
import threading
import time
from collections import OrderedDict
from typing import Iterable, Sequence

from assistant.settings import LimitsSettings

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

# which budget a path draws from; paths not listed (health, pages, static files) are not limited here
CHAT_PATHS = ("/api/chat", "/api/ask", "/api/leads")
CALC_PREFIX = "/api/"
UI_PREFIX = "/gradio_api/"
# Gradio routes that take files or media from the browser, or features this app does not use
CLOSED_PREFIXES = ("/gradio_api/upload", "/gradio_api/process_recording", "/gradio_api/stream/",
                   "/gradio_api/run-history", "/gradio_api/vibe", "/gradio_api/undo-vibe", "/gradio_api/dev/")


def parse_networks(items: Iterable[str]) -> list[Network]:
    return [ipaddress.ip_network(x.strip(), strict=False) for x in items if x.strip()]


def _in(addr: str, networks: list[Network]) -> bool:
    try:
        ip = ipaddress.ip_address(addr)
    except ValueError:
        return False
    return any(ip in n for n in networks)


def client_ip(peer: str | None, forwarded_for: str | None, trusted: list[Network]) -> str:
    """The address to key limits on. Behind trusted proxies, walk X-Forwarded-For from the right
    (the entries our proxies appended) to the first address that is not one of them: entries
    further left were written by the client and could be anything."""
    peer = peer or "unknown"
    if not forwarded_for or not _in(peer, trusted):
        return peer
    hops = [h.strip() for h in forwarded_for.split(",") if h.strip()]
    for hop in reversed(hops):
        if not _in(hop, trusted):
            try:
                return str(ipaddress.ip_address(hop))
            except ValueError:
                return peer  # garbage where an address should be: fall back to what we know
    return hops[0] if hops else peer


class TokenBuckets:
    """`per_minute` requests a minute per key with bursts up to the same number; bounded memory
    (least recently seen keys are forgotten, which only ever gives a client more room)."""

    def __init__(self, per_minute: int, max_keys: int = 20000, clock=time.monotonic):
        self.capacity, self.rate = float(per_minute), per_minute / 60.0
        self.max_keys, self.clock = max_keys, clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, key: str) -> float:
        """0 when the request may go ahead, else the seconds until it would."""
        now = self.clock()
        with self._lock:
            tokens, seen = self._buckets.pop(key, (self.capacity, now))
            tokens = min(self.capacity, tokens + (now - seen) * self.rate)
            wait = 0.0 if tokens >= 1 else (1 - tokens) / self.rate
            self._buckets[key] = (tokens - 1 if wait == 0 else tokens, now)
            while len(self._buckets) > self.max_keys:
                self._buckets.popitem(last=False)
        return wait


class ClientLimits:
    """The budgets of all clients, shared by the HTTP middleware and the Gradio chat handler (which
    charges each chat turn to the chat budget, whichever Gradio route carried it)."""

    def __init__(self, settings: LimitsSettings):
        self.trusted = parse_networks(settings.trusted_proxies)
        self.chat = TokenBuckets(settings.chat_per_minute, settings.max_clients)
        self.calc = TokenBuckets(settings.calc_per_minute, settings.max_clients)
        self.ui = TokenBuckets(settings.ui_per_minute, settings.max_clients)

    def client(self, peer: str | None, forwarded_for: str | None) -> str:
        return client_ip(peer, forwarded_for, self.trusted)

    def client_of_scope(self, scope) -> str:
        # every X-Forwarded-For line, in order: a proxy may add its own line (HAProxy's option
        # forwardfor) instead of appending to the client's, and the rightmost entries are the trusted ones
        xff = ", ".join(v.decode("latin-1") for k, v in scope.get("headers") or [] if k == b"x-forwarded-for") or None
        return self.client((scope.get("client") or (None,))[0], xff)


async def send_json(send, status: int, payload: dict, headers: Sequence[tuple[bytes, bytes]] = ()) -> None:
    body = json.dumps(payload).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *headers]})
    await send({"type": "http.response.body", "body": body})


class RateLimit:
    """ASGI middleware: 429 + Retry-After as JSON before the request reaches the app; the client's
    address is left in scope["state"]["client"] for the model gate's per-client share."""

    def __init__(self, app, limits: ClientLimits):
        self.app, self.limits = app, limits

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        path, method = scope.get("path", ""), scope.get("method")
        ip = self.limits.client_of_scope(scope)
        scope.setdefault("state", {})["client"] = ip
        if path.startswith(CLOSED_PREFIXES):
            return await send_json(send, 404, {"error": "not found"})
        if method == "OPTIONS":
            return await self.app(scope, receive, send)
        if path.startswith(CALC_PREFIX):
            kind, buckets = ("chat", self.limits.chat) if path in CHAT_PATHS else ("calculators", self.limits.calc)
        elif path.startswith(UI_PREFIX) and method == "POST":
            kind, buckets = "chat app", self.limits.ui
        else:
            return await self.app(scope, receive, send)
        wait = buckets.take(ip)
        if wait == 0:
            return await self.app(scope, receive, send)
        retry = max(1, math.ceil(wait))
        await send_json(send, 429, {"error": f"too many {kind} requests from {ip}; try again in {retry} s"},
                        [(b"retry-after", str(retry).encode())])
