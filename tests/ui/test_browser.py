"""The customer's view in a real headless Chromium: the Gradio app, the widget on a vendor page
(same origin and cross-origin), the hand-off form and the leads export.

The app is the real one (`ui.app.create_app`) over the session's real knowledge index, with a
scripted model that types slowly, so streaming order can be observed. The Debian `chromium`
package is required (`make system-deps`); Playwright never downloads a browser here.
Screenshots go to reports/screenshots/ for a person to look at.
"""
from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from playwright.sync_api import expect
from support.browser import chromium, shot
from support.servers import ThreadedServer, free_port

# One answer for every turn. The second sentence is hostile on purpose: markup and links a model
# could be tricked into writing must reach the customer as inert text in both front ends.
# (No digits in it: the grounding guard would drop a sentence with numbers absent from the facts.)
EXPLANATION = ("Расчёт выше показывает, сколько памяти займут веса и KV-кэш. "
               "Подробнее <img src=x onerror=\"window.__pwned=true\"> [тут](javascript:window.__pwned=true) "
               "и [на сайте](https://evil.example/x)")
Q_RU = "Хочу запустить Llama-3-70B для 20 сотрудников с контекстом 16k, какой сервер взять?"
Q_EN = "Which GPUs to fine-tune a 70B model with LoRA?"


def host_page(widget_origin: str, port: int) -> ThreadingHTTPServer:
    """A vendor page on another origin that embeds the widget with the one-line snippet only."""
    page = (f'<!doctype html><html lang="ru"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>Чужой сайт</title></head>'
            f'<body><h1>Сайт партнёра</h1><script src="{widget_origin}/widget/widget.js" data-lang="ru" async>'
            f"</script></body></html>").encode()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 — http.server's naming
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *args):
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


@pytest.fixture(scope="module")
def site(kb_settings, kb_retriever):
    """The real app on a free loopback port, plus a cross-origin host page allowed by CORS."""
    from support.fakes import ScriptedBackend

    from assistant.service import Assistant
    from ui.app import create_app

    host_port, app_port = free_port(), free_port()
    settings = kb_settings.model_copy(update={"server": kb_settings.server.model_copy(
        update={"cors_origins": [f"http://127.0.0.1:{host_port}"]})})
    assistant = Assistant(settings, backend=ScriptedBackend([EXPLANATION], delay=0.12), retriever=kb_retriever)
    app = create_app(settings, assistant)
    httpd = host_page(f"http://127.0.0.1:{app_port}", host_port)
    # the front ends' own link handling is under test: the server-side guard, which would already drop
    # the foreign link (tests/assistant/test_guard.py), is switched off for this module
    guard_off = pytest.MonkeyPatch()
    guard_off.setattr("assistant.guard.foreign_contacts", lambda sentence, trusted: [])
    with ThreadedServer(app, app_port):
        yield {"base": f"http://127.0.0.1:{app_port}", "host": f"http://127.0.0.1:{host_port}", "app": app}
    guard_off.undo()
    httpd.shutdown()


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


@pytest.fixture
def page(browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 1000}, locale="ru-RU")
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.errors = errors
    yield pg
    ctx.close()


def chat_text(pg) -> str:
    return pg.locator("#gs-chat").inner_text()


def test_gradio_chat_streams_numbers_first_then_explanation_with_trace_and_english(page, site):
    page.goto(site["base"] + "/")
    page.wait_for_selector("#gs-input textarea", timeout=60_000)
    assert "Языковая модель" in page.locator("#gs-status").inner_text()
    page.fill("#gs-input textarea", Q_RU)
    page.click("#gs-send")

    page.get_by_text("Подходящие конфигурации").wait_for(timeout=60_000)
    # the scripted model needs ~1 s for its first sentence: the computed block must already be there
    assert "Расчёт выше показывает" not in chat_text(page)
    page.get_by_text("Расчёт выше показывает").wait_for(timeout=30_000)
    trace = page.get_by_text("Как посчитано")
    trace.wait_for(timeout=30_000)
    expect(page.locator("#gs-send")).to_be_enabled(timeout=30_000)  # the turn is over: unlocked
    assert "Подбор конфигураций" not in chat_text(page), "the trace must start collapsed"
    trace.click()
    step = page.locator("#gs-chat").get_by_text("Подбор конфигураций")
    try:
        expect(step).to_be_visible(timeout=3_000)
    except AssertionError:  # Gradio may re-render the finished turn and eat the first click
        trace.click()
        expect(step).to_be_visible(timeout=5_000)
    text = chat_text(page)
    assert "recommend" in text and "Llama 3 70B" in text and "Источники (" in text
    step.scroll_into_view_if_needed()
    shot(page, "01-chat-ru-trace", full_page=False)  # a full-page capture resizes the page and re-renders the chat
    expect(page.locator("#gs-mem-plot img"), "memory chart missing").to_be_visible(timeout=10_000)
    # the hostile explanation stayed text: no image, no script ran, no javascript: link
    assert page.locator("#gs-chat img[src='x']").count() == 0
    assert page.locator("#gs-chat a[href^='javascript'], #gs-chat a[href*='evil']").count() == 0
    assert page.evaluate("window.__pwned") is None

    page.get_by_label("English").check()
    page.get_by_role("button", name="Ask").wait_for(timeout=10_000)
    # the labels update in one Gradio event, the tab's a moment after the button's: wait, do not sample
    expect(page.get_by_role("tab", name="Calculators")).to_be_visible(timeout=10_000)
    page.fill("#gs-input textarea", Q_EN)
    page.click("#gs-send")
    page.get_by_text("How this was computed").wait_for(timeout=60_000)
    expect(page.locator("#gs-send")).to_be_enabled(timeout=30_000)
    assert "Memory estimate" in chat_text(page) and "LoRA" in chat_text(page)
    shot(page, "02-chat-en")
    assert not page.errors, page.errors


def test_calculators_answer_instantly_and_explain_bad_input(page, site):
    page.goto(site["base"] + "/")
    page.wait_for_selector("#gs-input textarea", timeout=60_000)
    page.get_by_role("tab", name="Калькуляторы").click()
    page.get_by_role("tab", name="Питание").click()
    page.click("#pow-go")
    page.get_by_text("Рекомендуемый БП").wait_for(timeout=10_000)
    expect(page.locator("#pow-plot img"), "power chart missing").to_be_visible(timeout=10_000)
    shot(page, "03-calc-power")

    page.get_by_role("tab", name="Память (VRAM)").click()
    model = page.locator("#mem-model input")
    model.fill("Llama-9000")
    model.press("Enter")
    page.click("#mem-go")
    out = page.locator("#mem-out")
    out.get_by_text("Проверьте ввод").wait_for(timeout=10_000)
    assert "unknown model" in out.inner_text() and "Traceback" not in out.inner_text()
    shot(page, "04-calc-bad-input")


def _open_widget(pg, url: str):
    pg.goto(url)
    pg.locator(".gsw-bubble").click(timeout=30_000)
    panel = pg.locator(".gsw-panel")
    panel.wait_for(state="visible")
    return panel


def _ask_widget(pg, question: str):
    pg.fill(".gsw-input", question)
    pg.keyboard.press("Enter")
    answer = pg.locator(".gsw-msg[data-done] .gsw-answer").last
    answer.wait_for(timeout=60_000)
    return answer


def test_widget_on_demo_page_answers_and_hands_off_to_a_manager(page, site):
    panel = _open_widget(page, site["base"] + "/demo")
    assert "ТехноВычисления" in panel.locator(".gsw-title").inner_text()  # title from the config object
    page.locator(".gsw-chip").first.wait_for(timeout=60_000)  # FAQ quick replies from /api/faq
    answer = _ask_widget(page, Q_RU)
    computed = answer.locator(".gsw-computed")
    assert computed.locator("table").count() >= 2, "memory and configuration tables expected"
    assert computed.locator("strong", has_text="Итого").count() == 1
    assert "Источники (" in answer.locator(".gsw-sources").inner_text()
    assert "Расчёт выше показывает" in answer.locator(".gsw-expl").inner_text()
    # hostile markup from the "model": shown as text, never as elements; links only to the allow-list
    assert page.locator(".gsw-panel img").count() == 0
    assert page.locator(".gsw-expl a").count() == 0 and "на сайте" in answer.inner_text()
    assert page.evaluate("window.__pwned") is None
    shot(page, "05-widget-demo-answer")

    page.locator(".gsw-manager").click()
    page.fill(".gsw-lead input[name=name]", "Ирина Тестова")
    page.fill(".gsw-lead input[name=phone]", "12")  # too short: the server's reason must be shown
    page.locator(".gsw-lead button[type=submit]").click()
    page.locator(".gsw-lead-status", has_text="phone").wait_for(timeout=10_000)
    page.fill(".gsw-lead input[name=phone]", "+7 999 123-45-67")
    page.fill(".gsw-lead textarea[name=message]", "Нужен счёт на сервер")
    shot(page, "06-widget-lead-form")
    page.locator(".gsw-lead button[type=submit]").click()
    page.get_by_text("Заявка принята").wait_for(timeout=10_000)

    export = site["app"].state.services.leads.export()
    row = next(line for line in export.splitlines() if "Ирина Тестова" in line)
    assert "+7 999 123-45-67" in row and "llama" in row.lower(), "the lead must carry the chat's scenario"
    assert "A6000" in row or "A100" in row, "the lead must carry the recommended configurations"


def test_widget_embedded_cross_origin_and_on_a_phone(browser, site):
    ctx = browser.new_context(viewport={"width": 390, "height": 800}, is_mobile=True, has_touch=True)
    pg = ctx.new_page()
    panel = _open_widget(pg, site["host"] + "/")
    box = panel.bounding_box()
    assert box["width"] >= 389 and box["height"] >= 799, "under 600 px the panel must fill the screen"
    pg.locator(".gsw-lang").click()  # RU -> EN labels
    assert pg.locator(".gsw-form .gsw-send").inner_text() == "Send"
    answer = _ask_widget(pg, "Which PSU for 4x RTX 4090?")
    assert "Power" in answer.inner_text() and "PSU" in answer.inner_text()
    shot(pg, "07-widget-cross-origin-phone")
    ctx.close()
