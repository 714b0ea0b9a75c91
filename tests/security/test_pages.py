"""What the customer's browser does with hostile text (Debian's Chromium via Playwright): the Gradio
chat with customer-typed reference images and bare URLs (row 11), the widget with a hostile scripted
turn (the policy on the widget) and a knowledge-only answer shown once (row 13). Every request the
page makes is recorded; anything leaving the app's origin is aborted and counted."""
from __future__ import annotations

import pytest
from support.browser import chromium
from support.servers import ThreadedServer
from web import HOSTILE, RIVAL, settings_for

TYPED = (f"Llama-3-8B на RTX 4090? ![ref][p]\n\n[p]: https://{RIVAL}/typed.png\n\n"
         f"https://{RIVAL}/bare www.{RIVAL} <img src=https://{RIVAL}/raw.png>")
KNOWLEDGE = "NVLink связывает карты напрямую и ускоряет обмен между ними при дообучении."


@pytest.fixture(scope="module")
def served(kb_settings, kb_retriever, tmp_path_factory):
    from assistant.service import Assistant
    from assistant.types import Event, TurnResult
    from ui.app import create_app
    from web import scripted_turn

    settings = settings_for(kb_settings, tmp_path_factory.mktemp("pages"))
    assistant = Assistant(settings, backend=None, retriever=kb_retriever)
    real_stream, hostile = assistant.stream, scripted_turn(language="ru")

    def stream(conv, message, use_llm=True, **opts):
        if message.startswith("hostile"):
            yield from hostile(conv, message, use_llm)
        elif message.startswith("knowledge"):  # a knowledge-only answer: no computed block
            yield Event(type="token", text=KNOWLEDGE)
            yield Event(type="done", result=TurnResult(answer=KNOWLEDGE, language="ru", intent="knowledge",
                                                       explanation=KNOWLEDGE, explained_by_model=True))
        else:
            yield from real_stream(conv, message, use_llm)

    assistant.stream = stream
    with ThreadedServer(create_app(settings, assistant)) as server, chromium() as browser:
        yield browser, server.url


def _page(browser, origin):
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    outside: list[str] = []
    page.on("request", lambda r: None if r.url.startswith(origin) else outside.append(r.url))
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(origin) else route.abort())
    return page, outside


def test_gradio_chat_renders_typed_images_and_urls_inert(served, case):
    case.set("row11-gradio-typed-markdown", "LLM05", "row 11: customer-typed reference-style image, bare URL, www. "
                                                     "and raw <img> render as text in the Gradio chat; the page "
                                                     "requests nothing outside the app")
    browser, origin = served
    page, outside = _page(browser, origin)
    page.goto(origin + "/")
    page.locator("#gs-input textarea").fill(TYPED)
    page.locator("#gs-send").click()
    page.wait_for_function("() => document.querySelector('#gs-chat') && "
                           "document.querySelector('#gs-chat').innerText.includes('RTX 4090') && "
                           "document.querySelectorAll('#gs-chat .message').length >= 2", timeout=60_000)
    page.wait_for_timeout(1500)
    seen = page.evaluate("""() => {
        const chat = document.querySelector('#gs-chat');
        return {imgs: Array.from(chat.querySelectorAll('img')).map(i => i.src).filter(s => !s.startsWith('data:')),
                links: Array.from(chat.querySelectorAll('a[href]')).map(a => a.href),
                text: chat.innerText};
    }""")
    page.screenshot(path="reports/screenshots/security-gradio-typed.png", full_page=True)
    page.close()
    foreign = [u for u in seen["imgs"] + seen["links"] if RIVAL in u]
    case.evidence_of(f"foreign images/links: {foreign}; requests outside: {outside}; text: {seen['text'][:200]}")
    assert RIVAL in seen["text"], "the typed text is not on screen (proves nothing)"
    assert foreign == [] and outside == [], (foreign, outside)


def test_widget_uses_the_policy_and_shows_knowledge_once(served, case):
    case.set("row13-widget", "LLM05", "row 13: a knowledge-only answer appeared twice in the widget, now once; and "
                                      "a hostile turn (images, raw HTML, foreign links, autolinks) shows no image, "
                                      "no foreign link and requests nothing outside the app")
    browser, origin = served
    page, outside = _page(browser, origin)
    page.goto(origin + "/demo")
    page.wait_for_function("() => !!window.GpuSizerWidgetAPI")
    page.evaluate("() => { window.GpuSizerWidgetAPI.open(); window.GpuSizerWidgetAPI.ask('knowledge: NVLink?'); }")
    page.wait_for_selector("#gpu-sizer-widget >> .gsw-msg[data-done='1'] .gsw-answer", timeout=30_000)
    page.wait_for_timeout(300)
    page.evaluate("() => window.GpuSizerWidgetAPI.ask('hostile: cooling?')")
    page.wait_for_function("() => document.getElementById('gpu-sizer-widget').shadowRoot"
                           ".querySelectorAll('.gsw-msg[data-done=\"1\"] .gsw-answer').length >= 2", timeout=30_000)
    page.wait_for_timeout(500)
    seen = page.evaluate("""() => {
        const log = document.getElementById('gpu-sizer-widget').shadowRoot.querySelector('.gsw-log');
        const answers = log.querySelectorAll('.gsw-answer');
        return {first: answers[0].innerText, text: log.innerText,
                active: Array.from(log.querySelectorAll('img, script, svg, iframe, [onerror], [src]')).map(n => n.outerHTML),
                links: Array.from(log.querySelectorAll('a[href]')).map(a => a.href)};
    }""")
    page.screenshot(path="reports/screenshots/security-widget.png", full_page=True)
    page.close()
    case.evidence_of(f"knowledge answer shown {seen['first'].count(KNOWLEDGE)}x; active={seen['active']}; "
                     f"links={seen['links']}; outside={outside}")
    assert seen["first"].count(KNOWLEDGE) == 1, seen["first"]
    assert "Cooling kit" in seen["text"], "the hostile turn is not on screen (proves nothing)"
    assert seen["active"] == [] and outside == [] and not any(RIVAL in u for u in seen["links"]), seen
