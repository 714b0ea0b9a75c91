"""The scenario line is editable where customers read it: in the Gradio app (a small form under the chat)
and in the widget (chips under the answer). Changing the precision recomputes the table at once, and the
model is not asked again; so does the customer's own PSU on a power answer. Real app, real Chromium; screenshots
in reports/screenshots/."""
from __future__ import annotations

from playwright.sync_api import expect
from test_browser import _ask_widget, _open_widget, browser, page, shot, site  # noqa: F401  (fixtures)

Q = "потянет ли 4090 ламу 3 8б?"


def _model_calls(site, about: str | None = None) -> int:
    """Prompts the model was given; `about`: only those that mention it (the FAQ, built in the background for
    the widget's quick replies, asks the same model meanwhile)."""
    calls = site["app"].state.services.assistant.backend.calls
    return sum(1 for messages in calls if about is None or any(about in str(m.get("content")) for m in messages))


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
    expect(page.locator("#gs-sc-task input")).to_have_value("Инференс", timeout=10_000)  # in the customer's words
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


PSU_Q = "бп на три 5090 хватит киловатта полтора"  # 3 x RTX 5090: peak 2 225–2 425 W, 2 910 W with headroom
ABOUT = "5090"  # in any prompt a PSU question or its edit would give the model


def test_gradio_psu_edit_rechecks_the_power_answer_without_the_model(page, site):
    page.goto(site["base"] + "/")
    page.wait_for_selector("#gs-input textarea", timeout=60_000)
    page.fill("#gs-input textarea", PSU_Q)
    page.click("#gs-send")
    chat = page.locator("#gs-chat")
    chat.get_by_text("Ваш БП 1 500 Вт: не хватает").first.wait_for(timeout=60_000)
    expect(page.locator("#gs-send")).to_be_enabled(timeout=60_000)
    psu = page.locator("#gs-sc-psu-w input")
    expect(psu).to_have_value("1500", timeout=10_000)  # a power answer: the card, the count and the PSU
    expect(page.locator("#gs-sc-gpu-count input")).to_have_value("3")
    expect(page.locator("#gs-sc-model")).to_be_hidden()  # no model was sized: its fields stay out of the way
    calls = _model_calls(site, ABOUT)
    psu.fill("3000")
    page.keyboard.press("Enter")
    chat.get_by_text("Ваш БП 3 000 Вт: хватает").first.wait_for(timeout=20_000)
    psu.blur()  # leaving the field after Enter must not add the same block again
    page.wait_for_timeout(1_500)
    assert chat.inner_text().count("Ваш БП 3 000 Вт: хватает") == 1
    assert _model_calls(site, ABOUT) == calls, "an edited value must not call the model"
    psu.scroll_into_view_if_needed()
    shot(page, "09-gradio-psu-edit", full_page=False)
    psu.fill("50")  # refused in the customer's words, the scenario stays
    page.keyboard.press("Enter")
    refused = "мощность вашего БП, Вт: нужно целое число от 100 до 100 000"
    chat.get_by_text(refused).first.wait_for(timeout=20_000)
    psu.blur()  # the same refused value is not refused twice in a row
    page.wait_for_timeout(1_500)
    assert chat.inner_text().count(refused) == 1
    assert "Traceback" not in chat.inner_text() and _model_calls(site, ABOUT) == calls
    assert not page.errors, page.errors


def test_widget_psu_chip_rechecks_the_power_answer_without_the_model(page, site):
    _open_widget(page, site["base"] + "/demo")
    answer = _ask_widget(page, PSU_Q)
    chip = answer.locator(".gsw-sc-chip[data-slot=psu_w]")
    expect(chip).to_have_text("ваш БП 1 500 Вт")
    assert "Ваш БП 1 500 Вт: не хватает" in answer.inner_text()
    calls = _model_calls(site, ABOUT)
    chip.click()
    field = answer.locator("input.gsw-sc-input[data-slot=psu_w]")
    expect(field).to_have_value("1500")
    field.fill("3000")
    shot(page, "10-widget-psu-chip-editing", full_page=False)
    answer.locator(".gsw-sc-apply").click()
    redone = page.locator(".gsw-recomputed").last
    redone.wait_for(timeout=20_000)
    assert "Ваш БП 3 000 Вт: хватает" in redone.inner_text() and "не хватает" not in redone.inner_text()
    expect(redone.locator(".gsw-sc-chip[data-slot=psu_w]")).to_have_text("ваш БП 3 000 Вт")
    assert _model_calls(site, ABOUT) == calls, "an edited value must not call the model"
    redone.locator(".gsw-sc-chips").scroll_into_view_if_needed()
    shot(page, "11-widget-psu-chip-recomputed", full_page=False)
    # a bad value: one line in the customer's language, the chip comes back
    redone.locator(".gsw-sc-chip[data-slot=psu_w]").click()
    redone.locator("input.gsw-sc-input[data-slot=psu_w]").fill("много")
    redone.locator(".gsw-sc-apply").click()
    page.locator(".gsw-msg", has_text="«много» — не число").wait_for(timeout=20_000)
    expect(redone.locator(".gsw-sc-chip[data-slot=psu_w]")).to_have_text("ваш БП 3 000 Вт")
    assert _model_calls(site, ABOUT) == calls
    assert not page.errors, page.errors


def test_widget_power_answer_without_a_psu_offers_to_add_one(page, site):
    _open_widget(page, site["base"] + "/demo")
    answer = _ask_widget(page, "какой бп нужен под 2 штуки rtx 5090")
    assert "Ваш БП" not in answer.inner_text()
    add = answer.locator(".gsw-sc-chip[data-slot=psu_w]")
    expect(add).to_have_text("ваш БП: указать")
    calls = _model_calls(site, ABOUT)
    add.click()
    field = answer.locator("input.gsw-sc-input[data-slot=psu_w]")
    expect(field).to_have_attribute("placeholder", "Вт, например 1600")
    field.fill("1000")
    page.keyboard.press("Enter")
    redone = page.locator(".gsw-recomputed").last
    redone.wait_for(timeout=20_000)
    assert "Ваш БП 1 000 Вт: не хватает" in redone.inner_text(), redone.inner_text()
    assert _model_calls(site, ABOUT) == calls
    assert not page.errors, page.errors
