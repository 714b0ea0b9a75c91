"""What the vendor runs the assistant with, mounted by `create_app` in one call: Prometheus metrics,
the catalog watch, the operator's admin page (only with a token) and the proposal download.
"""
from __future__ import annotations

import logging
import re

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response

from ui import admin, metrics
from ui.catalog_reload import CatalogWatch, reload

log = logging.getLogger(__name__)
_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def mount(app: FastAPI, settings, assistant, gate) -> None:
    op = settings.operator
    if op.metrics:
        metrics.install(app, assistant, gate)
    app.state.catalog_watch = CatalogWatch(op.catalog_watch_s).start()
    services = app.state.services
    if op.admin_token:
        from assistant.storage.operator import OperatorStore

        app.state.operator = OperatorStore(settings)
        admin.mount(app, settings, services, app.state.operator, reload_catalog=reload)

    @app.get("/proposal/{conversation_id}.pdf", tags=["api"],
             responses={200: {"content": {"application/pdf": {}}}, 404: {"description": "Nothing computed yet."}})
    def proposal_pdf(conversation_id: str, request: Request) -> Response:
        """The one-page proposal of a conversation's last computed answer, in the customer's language."""
        from ui import proposal

        conv = services.conversations.get(conversation_id) if _ID.match(conversation_id) else None
        if conv is None or conv.last_result is None:
            return JSONResponse({"error": "no such conversation, or nothing computed in it yet"}, status_code=404)
        try:
            pdf = proposal.render(proposal.from_turn(conv.last_result, conv.scenario))
        except proposal.ProposalUnavailable as exc:
            return JSONResponse({"error": str(exc)}, status_code=404)
        return Response(pdf, media_type="application/pdf",
                        headers={"Content-Disposition": f'attachment; filename="proposal-{conversation_id[:12]}.pdf"',
                                 "Cache-Control": "no-store"})
