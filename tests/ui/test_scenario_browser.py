"""The scenario line is editable where customers read it: in the Gradio app (a small form under the chat)
and in the widget (chips under the answer). Changing the precision recomputes the table at once, and the
model is not asked again. Real app, real Chromium; screenshots in reports/screenshots/."""
from __future__ import annotations

from playwright.sync_api import expect
from test_browser import _ask_widget, _open_widget, browser, page, shot, site  # noqa: F401  (fixtures)

Q = "потянет ли 4090 ламу 3 8б?"


def _model_calls(site) -> int:
    return len(site["app"].state.services.assistant.backend.calls)


def test_gradio_precision_edit_recomputes_without_the_model(page, site):
    page.goto(site["base"] + "/")
    page.wait_for_selector("#gs-input textarea", timeout=60_000)
    page.fill("#gs-input textarea", Q)
    page.click("#gs-send")
    page.get_by_text("Считаю для").first.wait_for(timeout=60_000)
    expect(page.locator("#gs-send")).to_be_enabled(timeout=60_000)
    form = page.locator("#gs-scenario")
    expect(form).to_be_visible(timeout=10_000)
    expect(page.locator("#gs-sc-precision input")).to_have_value("fp16", timeout=10_000)  # the default, shown
    calls = _model_calls(site)
    assert "16,06" in page.locator("#gs-chat").inner_text()  # FP16 weights of Llama 3 8B
    page.locator("#gs-sc-precision input").fill("Q4_K_M")
    page.keyboard.press("Enter")
    page.locator("#gs-chat").get_by_text("Q4_K_M, инференс").wait_for(timeout=20_000)
    assert "4,91" in page.locator("#gs-chat").inner_text()  # Q4_K_M weights: the table changed
    assert _model_calls(site) == calls, "an edited value must not call the model"
    shot(page, "07-gradio-scenario-edit", full_page=False)
    assert not page.errors, page.errors


def test_widget_precision_chip_recomputes_without_the_model(page, site):
    _open_widget(page, site["base"] + "/demo")
    answer = _ask_widget(page, Q)
    chip = answer.locator(".gsw-sc-chip[data-slot=precision]")
    expect(chip).to_have_text("FP16")
    assert "gsw-sc-chip-default" in chip.get_attribute("class")  # a default looks like one
    calls = _model_calls(site)
    chip.click()
    answer.locator("select.gsw-sc-input[data-slot=precision]").select_option("Q4_K_M")
    answer.locator(".gsw-sc-apply").click()
    redone = page.locator(".gsw-recomputed").last
    redone.wait_for(timeout=20_000)
    assert "Q4_K_M" in redone.inner_text() and "4,91" in redone.inner_text()
    assert _model_calls(site) == calls, "an edited value must not call the model"
    expect(redone.locator(".gsw-sc-chip[data-slot=precision]")).to_have_text("Q4_K_M")
    shot(page, "08-widget-scenario-chip")
    assert not page.errors, page.errors
