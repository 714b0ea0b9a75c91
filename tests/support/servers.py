"""The app on a real loopback socket, in a thread: streamed bytes arrive as they are sent."""
from __future__ import annotations

import json
import threading
import time
from typing import Any

from bench.services import free_port

__all__ = ["ThreadedServer", "free_port", "parse_sse"]


class ThreadedServer:
    def __init__(self, app: Any, port: int | None = None) -> None:
        import uvicorn

        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        # as `gpu-sizer serve`: X-Forwarded-For is judged by the app's trusted proxies, not by uvicorn
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning",
                                                    proxy_headers=False))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> "ThreadedServer":
        self.thread.start()
        deadline = time.monotonic() + 60
        while not self.server.started:
            assert self.thread.is_alive() and time.monotonic() < deadline, "in-process server did not start"
            time.sleep(0.05)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def parse_sse(text: str) -> list[tuple[str, dict]]:
    """A server-sent-events body as (event, data) pairs."""
    events = []
    for block in text.strip().split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        if "event" in fields:
            events.append((fields["event"], json.loads(fields["data"])))
    return events
