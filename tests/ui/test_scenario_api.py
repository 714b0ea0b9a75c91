"""POST /api/scenario (an edited chip) and GET /api/config (what the widget reads of the settings):
every bad input gets one line and a 4xx, never a 500; a good edit recomputes without the model."""
from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from web_helpers import private_settings

from ui.app import create_app


@pytest.fixture
def api(make_assistant, kb_settings, tmp_path):
    assistant = make_assistant(["Одной карты хватает."])
    with TestClient(create_app(private_settings(kb_settings, tmp_path), assistant, mount_ui=False)) as c:
        yield c, assistant.backend


def test_config_carries_the_servers_input_limit(api):
    c, _ = api
    body = c.get("/api/config").json()
    assert body["max_input_chars"] == 2000 and "Q4_K_M" in body["precisions"]


def test_an_edit_recomputes_without_the_model(api):
    c, backend = api
    first = c.post("/api/ask", json={"message": "потянет ли 4090 ламу 3 8б?"}).json()
    calls = len(backend.calls)
    r = c.post("/api/scenario", json={"conversation_id": first["conversation_id"],
                                      "changes": {"precision": "Q4_K_M", "gpu_count": 2}, "lang": "ru"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["scenario"]["precision"] == "Q4_K_M" and body["scenario"]["gpu_count"] == 2
    assert "Q4_K_M" in body["computed"] and body["explanation"] == "" and len(backend.calls) == calls
    again = c.post("/api/ask", json={"message": "а с контекстом 32k?", "conversation_id": first["conversation_id"],
                                     "no_llm": True}).json()
    assert again["scenario"]["precision"] == "Q4_K_M"  # the edit is the conversation's scenario now


@pytest.mark.parametrize("changes, lang, words", [
    ({"precision": "q9"}, "ru", "точность «q9» не знаю"),
    ({"precision": "q9"}, "en", "unknown precision"),
    ({"gpu_count": "-3"}, "ru", "число карт: нужно число от 1 до 64"),  # the customer's language, the form's words
    ({"gpu_count": "-3"}, "en", "number of cards must be a number between 1 and 64"),
    ({"context": "много"}, "ru", "контекст, токенов: «много» — не число"),
    ({"context": "lots"}, "en", "'lots' is not a number"),
    ({"admin": "true"}, "ru", "«admin» здесь не меняется"),
    ({"admin": "true"}, "en", "cannot be changed"),
    ({"gpu": "RTX 9090"}, "ru", "карты «RTX 9090» нет в каталоге"),
    ({"gpu": "RTX 9090"}, "en", "unknown GPU"),
    ({"gpus": "RTX 4090"}, "ru", "хотя бы две разные карты"),
    ({"gpus": ",".join(["RTX 4090"] * 9)}, "en", "at most 8 cards"),
])
def test_bad_edits_get_one_line(api, changes, lang, words):
    c, _ = api
    conv = c.post("/api/ask", json={"message": "llama 3 8b на 4090", "no_llm": True}).json()["conversation_id"]
    r = c.post("/api/scenario", json={"conversation_id": conv, "changes": changes, "lang": lang})
    assert r.status_code == 422 and words in r.json()["error"], r.text


def test_a_comparisons_cards_are_edited_as_one_chip(api):
    """The widget sends the compared cards as one comma-separated chip."""
    c, backend = api
    first = c.post("/api/ask", json={"message": "сравни 4090 и 3090", "no_llm": True}).json()
    assert first["scenario"]["gpus"] == ["rtx-4090", "rtx-3090"], first["scenario"]
    r = c.post("/api/scenario", json={"conversation_id": first["conversation_id"],
                                      "changes": {"gpus": "rtx-4090,RTX A6000"}, "lang": "ru"})
    assert r.status_code == 200, r.text
    assert r.json()["scenario"]["gpus"] == ["rtx-4090", "rtx-a6000"] and "RTX A6000" in r.json()["computed"]


PSU_Q = "бп на три 5090 хватит киловатта полтора"  # 3 x RTX 5090: peak 2 225–2 425 W, 2 910 W with headroom


def test_a_psu_edit_rechecks_the_power_answer_without_the_model(api):
    c, backend = api
    first = c.post("/api/ask", json={"message": PSU_Q}).json()
    assert "Ваш БП 1 500 Вт: не хватает" in first["computed"], first["computed"]
    calls = len(backend.calls)

    def edit(value, lang="ru"):
        r = c.post("/api/scenario", json={"conversation_id": first["conversation_id"], "changes": {"psu_w": value},
                                          "lang": lang})
        assert r.status_code == 200, r.text
        return r.json()

    body = edit("3000")
    assert "Ваш БП 3 000 Вт: хватает" in body["computed"] and "не хватает" not in body["computed"]
    assert "ваш БП 3 000 Вт" in body["computed"].splitlines()[0]  # the scenario line says it too
    assert body["scenario"]["psu_w"] == 3000 and body["intent"] == "power" and body["explanation"] == ""
    assert {"slot": "psu_w", "value": 3000} in [{k: i[k] for k in ("slot", "value")} for i in body["scenario_items"]]
    assert "впритык" in edit("2 500 Вт")["computed"]
    assert "Your PSU 1,600 W: not enough" in edit("1,6 kW", "en")["computed"]
    cleared = edit("")  # back to no PSU of their own: the power answer without the check
    assert "Ваш БП" not in cleared["computed"] and "psu_w" not in cleared["scenario"]
    assert len(backend.calls) == calls, "an edited value must not call the model"


@pytest.mark.parametrize("typed, watts", [("1600", 1600), ("1 600", 1600), ("1600W", 1600), ("1600 ватт", 1600),
                                          ("1,5 кВт", 1500), ("2kw", 2000), ("1,500", 1500), (2000, 2000)])
def test_a_psu_is_typed_the_ways_customers_write_it(api, typed, watts):
    c, _ = api
    conv = c.post("/api/ask", json={"message": PSU_Q, "no_llm": True}).json()["conversation_id"]
    r = c.post("/api/scenario", json={"conversation_id": conv, "changes": {"psu_w": typed}})
    assert r.status_code == 200 and r.json()["scenario"]["psu_w"] == watts, r.text


@pytest.mark.parametrize("typed, lang, words", [
    ("50", "ru", "мощность вашего БП, Вт: нужно целое число от 100 до 100 000"),
    ("-1500", "ru", "нужно целое число от 100 до 100 000"),
    ("1500.5", "ru", "нужно целое число от 100 до 100 000"),
    ("200000", "en", "your PSU's power, W must be a whole number between 100 and 100,000"),
    ("много", "ru", "мощность вашего БП, Вт: «много» — не число"),
    ("a lot", "en", "your PSU's power, W: 'a lot' is not a number"),
    ("1e9", "en", "is not a number"),
])
def test_a_bad_psu_gets_one_line_in_the_customers_language(api, typed, lang, words):
    c, _ = api
    conv = c.post("/api/ask", json={"message": PSU_Q, "no_llm": True}).json()["conversation_id"]
    r = c.post("/api/scenario", json={"conversation_id": conv, "changes": {"psu_w": typed}, "lang": lang})
    assert r.status_code == 422 and r.json()["error"] == r.json()["error"].strip(), r.text
    assert words in r.json()["error"] and "Traceback" not in r.text, r.text
    again = c.post("/api/scenario", json={"conversation_id": conv, "changes": {"gpu_count": 2}}).json()
    assert again["scenario"]["psu_w"] == 1500  # a refused edit leaves the scenario as it was


def test_unknown_conversation_and_bad_bodies(api):
    c, _ = api
    r = c.post("/api/scenario", json={"conversation_id": "a" * 32, "changes": {"precision": "int4"}})
    assert r.status_code == 404 and "not found" in r.json()["error"]
    for body in ({"changes": {}}, {"conversation_id": "x\ny", "changes": {}}, {"conversation_id": "a" * 32,
                 "changes": {"precision": "int4"}, "extra": 1}, {"conversation_id": "a" * 32, "changes": {"a": [1]}}):
        r = c.post("/api/scenario", json=body)
        assert r.status_code == 422 and "error" in r.json(), (body, r.text)
