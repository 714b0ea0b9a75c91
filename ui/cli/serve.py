"""`gpu-sizer serve` (web app), `gpu-sizer faq` (generate/render the FAQ), `gpu-sizer leads export`."""
from __future__ import annotations

import sys
from pathlib import Path

from assistant.settings import get_settings


def _write(text: str, out: str | None) -> int:
    if out:
        Path(out).write_text(text, encoding="utf-8")
        print(f"written: {out}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def cmd_serve(args) -> int:
    import logging

    import uvicorn

    from ui.app import create_app

    # uvicorn configures only its own loggers; lead hand-offs and unexpected errors must reach the log too
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    settings = get_settings().model_copy(deep=True)  # flags change a copy, never the cached object
    host = args.host or settings.server.host
    port = args.port or settings.server.port
    from ui.serving import uvicorn_config

    # one process: conversations live in memory and one llama.cpp context serves all requests;
    # slow clients are cut off (ui.serving)
    uvicorn.Server(uvicorn_config(create_app(settings), settings, host, port, args.log_level)).run()
    return 0


def cmd_faq(args) -> int:
    from assistant.faq import FAQ
    from assistant.service import Assistant

    settings = get_settings().model_copy(deep=True)  # flags change a copy, never the cached object
    if args.no_llm:
        settings.llm.mode = "none"
    assistant = Assistant(settings)
    status = assistant.model_status()
    if status.state == "failed":
        print(f"gpu-sizer: {status.detail} (answers are computed only)", file=sys.stderr)
    return _write(FAQ(assistant, settings).render(args.format, use_llm=not args.no_llm), args.out)


def cmd_leads_export(args) -> int:
    from assistant.storage.leads import LeadStore

    store = LeadStore(get_settings())
    try:
        return _write(store.export(args.format), args.out)
    finally:
        store.close()


def register(sub) -> None:
    p = sub.add_parser("serve", help="web app: chat UI, widget, REST/SSE API")
    p.add_argument("--host", help="interface to bind (default from settings: 127.0.0.1)")
    p.add_argument("--port", type=int, help="TCP port (default from settings: 7860)")
    p.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"])
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("faq", help="answer the guide's FAQ (cached until docs, catalog or model change)")
    p.add_argument("--format", default="md", choices=["md", "json", "html"])
    p.add_argument("--out", help="write to this file instead of stdout")
    p.add_argument("--no-llm", action="store_true", help="computed blocks and passages only")
    p.set_defaults(func=cmd_faq)

    p = sub.add_parser("leads", help="hand-off requests left by customers")
    leads_sub = p.add_subparsers(dest="leads_command", required=True)
    e = leads_sub.add_parser("export", help="all leads, oldest first")
    e.add_argument("--format", default="csv", choices=["csv"])
    e.add_argument("--out", help="write to this file instead of stdout")
    e.set_defaults(func=cmd_leads_export)
