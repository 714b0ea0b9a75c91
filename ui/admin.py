"""The operator's view at /admin: questions over time, the questions the catalog or the reader could
not serve, guard interventions, latency percentiles, leads with their scenario (and the proposal
attached to each), FAQ drafts to approve, edit or reject, and the catalog reload.

Only mounted when `operator.admin_token` is set (no token = no admin routes at all). The token is
sent as `Authorization: Bearer ...` or typed once into the login form, which sets an HttpOnly,
SameSite=Strict cookie holding the token's hash. Every customer-typed text is HTML-escaped.
"""
from __future__ import annotations

import hashlib
import hmac
import logging
from html import escape

from fastapi import APIRouter, FastAPI, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from assistant.storage.operator import OperatorStore
from ui.metrics import Turn, observe_turns

log = logging.getLogger(__name__)
COOKIE = "gpu_sizer_admin"
HEADERS = {"Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; "
                                      "frame-ancestors 'none'; base-uri 'none'",
           "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}
STYLE = """body{font:14px/1.4 system-ui,sans-serif;margin:24px;max-width:1100px;color:#222}
h1{font-size:22px}h2{font-size:17px;margin-top:28px;border-bottom:1px solid #ddd}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ddd;padding:4px 6px;vertical-align:top;text-align:left}
.bar{background:#4a78c2;height:12px;display:inline-block}.muted{color:#777}textarea{width:100%;height:90px}
form.inline{display:inline}code{background:#f3f3f3;padding:0 3px}"""


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def question_listener(store: OperatorStore):
    """A finished turn -> one row of the question log (the reading's loose numbers and unknown products)."""

    def on_turn(turn: Turn) -> None:
        if not store.enabled:
            return
        res = turn.result
        unattached = getattr(res, "unattached", None)
        unknown = getattr(res, "unknown_products", None)
        if unattached is None or unknown is None:  # not on the TurnResult: read the question again (ms)
            from assistant.reading import read

            reading = read(turn.question)
            unattached = [s.text for s in reading.unattached] if unattached is None else unattached
            unknown = list(reading.unknown_products) if unknown is None else unknown
        g = res.guard
        store.log_question(turn.question, res.language, res.intent, [str(x) for x in unattached],
                           [str(x) for x in unknown], len(g.violations) + len(g.dropped_sentences) + int(g.regenerated),
                           res.explained_by_model, turn.computed_s, turn.first_token_s, turn.total_s)

    return on_turn


def _page(title: str, body: str, status: int = 200) -> HTMLResponse:
    html = (f'<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>{escape(title)}</title>'
            f"<style>{STYLE}</style></head><body>{body}</body></html>")
    return HTMLResponse(html, status_code=status, headers=HEADERS)


def _login(message: str = "", status: int = 401) -> HTMLResponse:
    note = f'<p role="alert" style="color:#b00">{escape(message)}</p>' if message else ""
    return _page("gpu-sizer admin", f'<h1>gpu-sizer — admin</h1>{note}<form method="post" action="/admin/login">'
                                    '<label>Token <input type="password" name="token" autocomplete="off"></label> '
                                    '<button type="submit">Sign in</button></form>', status)


def _table(headers: list[str], rows: list[list[str]], empty: str = "none yet") -> str:
    if not rows:
        return f'<p class="muted">{escape(empty)}</p>'
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _fmt(x: float | None) -> str:
    return "—" if x is None else (f"{x * 1000:.0f} ms" if x < 1 else f"{x:.2f} s")


def mount(app: FastAPI, settings, services, store: OperatorStore, reload_catalog=None) -> bool:
    """Add /admin when a token is configured; returns whether it did."""
    token = settings.operator.admin_token
    if not token:
        return False
    observe_turns(services.assistant, question_listener(store))
    router = APIRouter(prefix="/admin", include_in_schema=False)

    def authed(request: Request) -> bool:
        auth = request.headers.get("authorization", "")
        if auth.lower().startswith("bearer ") and hmac.compare_digest(auth[7:].strip().encode(), token.encode()):
            return True
        return hmac.compare_digest(request.cookies.get(COOKIE, "").encode(), _hash(token).encode())

    def denied() -> HTMLResponse:
        return _login("Sign in with the admin token.")

    @router.post("/login")
    def login(token_in: str = Form("", alias="token", max_length=512)) -> Response:
        if not hmac.compare_digest(token_in.encode(), token.encode()):
            return _login("Wrong token.")
        resp = RedirectResponse("/admin", status_code=303)
        resp.set_cookie(COOKIE, _hash(token), httponly=True, samesite="strict", path="/admin", max_age=8 * 3600)
        return resp

    @router.post("/logout")
    def logout() -> Response:
        resp = RedirectResponse("/admin", status_code=303)
        resp.delete_cookie(COOKIE, path="/admin")
        return resp

    @router.get("")
    def page(request: Request) -> Response:
        if not authed(request):
            return denied()
        return _page("gpu-sizer admin", _dashboard(services, store, settings))

    @router.post("/faq/{key}")
    def decide(key: str, request: Request, action: str = Form(..., max_length=16),
               text: str = Form("", max_length=20000)) -> Response:
        if not authed(request):
            return denied()
        try:
            found = store.decide(key[:64], action, text)
        except ValueError as exc:
            return _page("gpu-sizer admin", f"<p role='alert'>{escape(str(exc))}</p><a href='/admin'>back</a>", 422)
        if not found:
            return _page("gpu-sizer admin", "<p role='alert'>No such draft.</p><a href='/admin'>back</a>", 404)
        return RedirectResponse("/admin#faq", status_code=303)

    @router.get("/leads/{lead_id}/proposal.pdf")
    def lead_proposal(lead_id: str, request: Request) -> Response:
        if not authed(request):
            return denied()
        from ui import proposal

        lead = next((x for x in services.leads.all() if x["id"] == lead_id), None)
        if lead is None:
            return _page("gpu-sizer admin", "<p role='alert'>No such lead.</p>", 404)
        try:
            pdf = proposal.render(proposal.from_lead(lead))
        except proposal.ProposalUnavailable as exc:
            return _page("gpu-sizer admin", f"<p role='alert'>{escape(str(exc))}</p>", 404)
        return Response(pdf, media_type="application/pdf",
                        headers={"Content-Disposition": f'inline; filename="lead-{lead_id[:12]}.pdf"'})

    @router.post("/catalog/reload")
    def reload(request: Request) -> Response:
        if not authed(request):
            return denied()
        if reload_catalog is None:
            return _page("gpu-sizer admin", "<p role='alert'>Catalog reload is not available.</p>", 404)
        changed = reload_catalog()
        if "text/html" in request.headers.get("accept", ""):
            return RedirectResponse("/admin#catalog", status_code=303)
        from fastapi.responses import JSONResponse

        return JSONResponse({"reloaded": True, "changed": changed})

    app.include_router(router)
    return True


def _dashboard(services, store: OperatorStore, settings) -> str:
    from ui.proposal import catalog_version

    parts = ['<h1>gpu-sizer — admin</h1><form class="inline" method="post" action="/admin/logout">'
             '<button>Sign out</button></form>']
    log_note = (f"{store.count()} questions kept for {settings.operator.question_retention_days:g} days"
                if store.enabled else "question logging is off (operator.question_log)")
    parts.append(f'<p class="muted">{escape(log_note)}</p>')
    days = store.per_day()
    top = max((n for _, n in days), default=1)
    parts.append('<h2 id="questions">Questions per day</h2>' + _table(
        ["day", "questions", ""], [[escape(d), str(n), f'<span class="bar" style="width:{int(300 * n / top)}px"></span>']
                                   for d, n in days]))
    parts.append('<h2 id="attention">Not understood: numbers left unattached, products the catalog lacks</h2>' + _table(
        ["when", "question", "unattached numbers", "unknown to the catalog", "intent"],
        [[escape(r["at"]), escape(r["text"]), escape(", ".join(r["unattached"])),
          escape(", ".join(r["unknown_products"])), escape(r["intent"])] for r in store.needing_attention()]))
    parts.append('<h2 id="guard">Guard interventions</h2>' + _table(
        ["when", "question", "interventions"],
        [[escape(r["at"]), escape(r["text"]), str(r["guard"])] for r in store.guarded()]))
    lat = store.latency()
    parts.append('<h2 id="latency">Answer latency</h2>' + _table(
        ["part", "p50", "p90", "p99", "answers"],
        [[escape(k), _fmt(v["p50"]), _fmt(v["p90"]), _fmt(v["p99"]), str(v["n"])] for k, v in lat.items()]))
    leads = services.leads.all()[-100:][::-1]
    parts.append('<h2 id="leads">Leads</h2>' + _table(
        ["when", "name", "contact", "scenario", "configurations", "proposal"],
        [[escape(str(x["created_at"])[:16]), escape(x["name"] or ""), escape(" ".join(filter(None, (x["phone"], x["email"])))),
          escape(", ".join(f"{k}: {v}" for k, v in (x["scenario"] or {}).items())),
          escape("; ".join(f"{c.get('count')} × {c.get('gpu')}" for c in (x["configurations"] or [])[:3])),
          f'<a href="/admin/leads/{escape(x["id"])}/proposal.pdf">PDF</a>' if x["configurations"] else "—"]
         for x in leads]))
    parts.append('<h2 id="faq">FAQ drafts</h2>' + _faq_section(services, store))
    parts.append(f'<h2 id="catalog">Catalog</h2><p>version <code>{escape(catalog_version())}</code></p>'
                 '<form method="post" action="/admin/catalog/reload"><button>Reload catalog now</button></form>')
    return "".join(parts)


def _faq_section(services, store: OperatorStore) -> str:
    from assistant.faq import faq_items

    try:  # model-written answers in the cache become drafts; generating them is the FAQ's own business
        store.offer_drafts([*faq_items("ru", services.faq.settings), *faq_items("en", services.faq.settings)])
    except Exception as exc:
        log.warning("FAQ drafts not refreshed: %s", exc)
    rows = []
    for d in store.drafts():
        shown = d["approved"] if d["status"] == "approved" else d["draft"]
        k = escape(d["key"])
        rows.append([escape(d["status"]), escape(d["question"]),
                     f'<form method="post" action="/admin/faq/{k}"><textarea name="text">{escape(shown or "")}</textarea>'
                     '<button name="action" value="approve">Approve</button> '
                     '<button name="action" value="edit">Save edit</button> '
                     '<button name="action" value="reject">Reject</button></form>'])
    return _table(["status", "question", "answer"], rows, "no model-written FAQ answers yet")
