"""Per-client rate limits of the API: token buckets keyed by the client's address, one budget for
the conversation (each turn may cost the model seconds) and one for the cheap calculators.

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
from typing import Iterable

from assistant.settings import LimitsSettings

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

# which budget a path draws from; paths not listed (health, UI, docs) are not limited here
CHAT_PATHS = ("/api/chat", "/api/ask", "/api/leads")
CALC_PREFIX = "/api/"


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


class RateLimit:
    """ASGI middleware: 429 + Retry-After as JSON before the request reaches the app."""

    def __init__(self, app, settings: LimitsSettings):
        self.app = app
        self.trusted = parse_networks(settings.trusted_proxies)
        self.chat = TokenBuckets(settings.chat_per_minute, settings.max_clients)
        self.calc = TokenBuckets(settings.calc_per_minute, settings.max_clients)

    async def __call__(self, scope, receive, send) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or scope.get("method") == "OPTIONS" or not path.startswith(CALC_PREFIX):
            return await self.app(scope, receive, send)
        headers = dict(scope["headers"])
        xff = headers.get(b"x-forwarded-for", b"").decode("latin-1") or None
        ip = client_ip((scope.get("client") or (None,))[0], xff, self.trusted)
        kind, buckets = ("chat", self.chat) if path in CHAT_PATHS else ("calculators", self.calc)
        wait = buckets.take(ip)
        if wait == 0:
            return await self.app(scope, receive, send)
        retry = max(1, math.ceil(wait))
        body = json.dumps({"error": f"too many {kind} requests from {ip}; try again in {retry} s"}).encode()
        await send({"type": "http.response.start", "status": 429,
                    "headers": [(b"content-type", b"application/json"), (b"retry-after", str(retry).encode()),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
