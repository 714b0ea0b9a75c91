"""The embeddable chat widget: /widget/widget.js, /widget/widget.css and a demo host page at /demo.

The widget talks to /api/chat, /api/faq and /api/leads (ui/api.py). It is plain JavaScript with
no build step and no CDN, so a vendor pastes one <script> tag and nothing else is fetched from
anywhere but this server.
"""
from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI, HTTPException
from fastapi.responses import FileResponse

from assistant.settings import Settings

STATIC = Path(__file__).parent / "static"
# short cache: vendors embed the URL once, and a fix must reach their visitors within minutes
CACHE = {"Cache-Control": "public, max-age=300"}
FILES = {"widget.js": "text/javascript; charset=utf-8", "widget.css": "text/css; charset=utf-8"}


def mount(app: FastAPI, settings: Settings | None = None) -> None:
    """Add the widget's routes to the app (before Gradio is mounted at "/", which would shadow them)."""

    @app.api_route("/widget/{name}", methods=["GET", "HEAD"], include_in_schema=False)
    def widget_file(name: str) -> FileResponse:
        if name not in FILES:  # a fixed list: no path from the URL ever reaches the filesystem
            raise HTTPException(404)
        return FileResponse(STATIC / name, media_type=FILES[name],
                            headers={**CACHE, "X-Content-Type-Options": "nosniff",
                                     "Cross-Origin-Resource-Policy": "cross-origin"})

    @app.api_route("/demo", methods=["GET", "HEAD"], include_in_schema=False)
    def demo() -> FileResponse:
        return FileResponse(STATIC / "demo.html", media_type="text/html; charset=utf-8",
                            headers={"Cache-Control": "no-cache"})
