"""The admin page in Debian's chromium, with and without a token, and the proposal PDF rendered to a
page image (pdftoppm). Screenshots go to reports/screenshots/ for a person to look at."""
from __future__ import annotations

import shutil
import subprocess

import pytest
from playwright.sync_api import expect
from support.browser import SHOTS, chromium
from web_helpers import ThreadedServer, private_settings

pytestmark = pytest.mark.browser
TOKEN = "browser-admin-token"


def _app(kb_settings, tmp_path, make_assistant, token):
    from ui.app import create_app

    s = private_settings(kb_settings, tmp_path)
    s.conversations.database_url = f"sqlite:///{tmp_path / 'conv.sqlite3'}"
    s.operator.database_url = f"sqlite:///{tmp_path / 'operator.sqlite3'}"
    s.operator.admin_token = token
    return create_app(s, make_assistant(["Памяти хватает с запасом."]), mount_ui=False)


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


def test_without_a_token_there_is_no_admin_page(kb_settings, tmp_path, make_assistant, browser):
    with ThreadedServer(_app(kb_settings, tmp_path, make_assistant, None)) as srv:
        page = browser.new_page()
        r = page.goto(f"{srv.url}/admin")
        assert r.status == 404
        expect(page.locator("body")).not_to_contain_text("Token")
        page.close()


def test_admin_page_with_the_token(kb_settings, tmp_path, make_assistant, browser):
    import httpx

    app = _app(kb_settings, tmp_path, make_assistant, TOKEN)
    with ThreadedServer(app) as srv:
        for q in ("Llama-3-70B fp16 контекст 8k, какой сервер?", "Хватит ли RTX 9090 для Llama 9 900B на 7 штук?"):
            conv = httpx.post(f"{srv.url}/api/ask", json={"message": q}, timeout=60).json()["conversation_id"]
        first = httpx.post(f"{srv.url}/api/ask", json={"message": "Llama-3-70B fp16 контекст 8k, какой сервер?"},
                           timeout=60).json()["conversation_id"]
        httpx.post(f"{srv.url}/api/leads", json={"name": "Ирина", "email": "irina@example.com",
                                                  "conversation_id": first}, timeout=30)
        app.state.operator.offer_drafts([{"language": "ru", "question": "Хватит ли одной карты на 24 ГБ?",
                                          "answer": "Черновик ответа модели.", "explained_by_model": True}])
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        assert page.goto(f"{srv.url}/admin").status == 401
        page.fill("input[name=token]", "wrong")
        page.click("button[type=submit]")
        expect(page.get_by_role("alert")).to_contain_text("Wrong token")
        page.fill("input[name=token]", TOKEN)
        page.click("button[type=submit]")
        expect(page.locator("h1")).to_contain_text("admin")
        expect(page.locator("#attention + table")).to_contain_text("9090")
        expect(page.locator("#latency + table")).to_contain_text("total")
        expect(page.locator("#leads + table")).to_contain_text("Ирина")
        expect(page.locator("#faq + table")).to_contain_text("pending")
        page.screenshot(path=str(SHOTS / "admin.png"), full_page=True)
        page.locator("#faq + table textarea").fill("Да, для моделей до 13B в Q4 — по расчёту выше.")
        page.locator("#faq + table button[value=edit]").click()
        expect(page.locator("#faq + table")).to_contain_text("approved")
        assert app.state.operator.drafts("approved")[0]["approved"].startswith("Да, для моделей")
        # the proposal attached to the lead, fetched with the admin's cookie, rendered to a page image
        href = page.locator("#leads + table a").first.get_attribute("href")
        pdf = page.request.get(f"{srv.url}{href}")
        pdf_bytes = pdf.body()  # read before the page closes (the response is disposed with it)
        assert pdf.status == 200 and pdf_bytes.startswith(b"%PDF")
        customer_pdf = httpx.get(f"{srv.url}/proposal/{conv}.pdf", timeout=30)
        page.close()
    if shutil.which("pdftoppm"):
        out = tmp_path / "lead.pdf"
        out.write_bytes(pdf_bytes)
        subprocess.run(["pdftoppm", "-r", "60", "-png", "-singlefile", str(out), str(SHOTS / "proposal-lead")],
                       check=True)
        text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True).stdout
        assert "Предложение по GPU-серверу" in text and "Ирина" not in text  # no personal data on the page
    assert customer_pdf.status_code in (200, 404)  # an unknown-product question may have nothing to propose
