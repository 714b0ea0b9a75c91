"""General rules of the reader's fourth pass (issue 11, after fresh2.yaml's first sight): each stated with
wordings that are not in the understanding corpus. The customer's PSU and the compare-after-replace
follow-ups are in test_reading_power.py."""
from __future__ import annotations

import pytest

from assistant.reading import read
from assistant.turn.framing import frame


def _talk(*turns: str):
    scenario, intent = None, None
    for text in turns:
        fr = frame(read(text), scenario, intent)
        scenario, intent = fr.scenario, fr.intent
    return scenario, intent


def said(text: str) -> dict:
    return read(text).scenario.said()


@pytest.mark.parametrize("text,precision", [("квен 7б в кью4", "int4"), ("лама 8б кью 8", "int8"),
                                            ("мистраль в инт8", "int8"), ("гемма 3 12б в бф16", "bf16")])
def test_precision_letters_said_in_cyrillic(text, precision):
    r = read(text)
    assert r.scenario.precision == precision and not r.unattached


@pytest.mark.parametrize("text,gpu", [("сколько стоит л40с", "l40s"), ("л4 в наличии?", "l4"),
                                      ("цена а10", "a10")])
def test_card_letters_said_in_cyrillic(text, gpu):
    assert said(text)["gpu"] == gpu


@pytest.mark.parametrize("text", ["гпт осс 120б на двух h100", "влезет ли гпт-осс 20б в 16 гб"])
def test_gpt_oss_in_cyrillic(text):
    assert said(text)["model"].startswith("gpt-oss-")


@pytest.mark.parametrize("text", ["хочу сервер под 1С на 15 человек", "интеграция 1с-ки с нейросетью на 10 юзеров",
                                  "bitrix24 и ллм на 20 сотрудников"])
def test_software_names_are_not_numbers_to_ask_about(text):
    r = read(text)
    assert not r.unattached and r.spans["software"] and r.scenario.users


@pytest.mark.parametrize("text", ["бп на 1000 ватт, 4090 и 14900к потянет?", "хватит ли 850w на 4080 и 13700k"])
def test_a_processor_name_is_no_budget(text):
    r = read(text)
    assert r.scenario.budget is None and any(s.text.endswith(("к", "k")) for s in r.unattached)


@pytest.mark.parametrize("text,context,users", [
    ("контекст 64к на 12 одновременных, лама 8б", 65536, 12),
    ("context 32k for 6 parallel sessions, qwen3 14b", 32768, 6),
])
def test_a_context_cue_belongs_to_the_number_right_after_it(text, context, users):
    s = said(text)
    assert (s["context"], s["users"]) == (context, users)


@pytest.mark.parametrize("text,hourly", [("в облаке, час аренды 450 рублей, сервер за 3 млн", 450),
                                         ("облако: час работы 9 долларов, а свой сервер 80к", 9)])
def test_the_price_of_an_hour_of_rent(text, hourly):
    assert said(text)["cloud_hourly"] == hourly


@pytest.mark.parametrize("text", ["i have two 3090s, what do i need to buy to run llama 3.3 70b at q8",
                                  "we own 4 l40s, how many more for qwen3 235b",
                                  "у меня 4090, что ещё купить под ламу 70б"])
def test_owned_cards_and_a_model_with_buying_more_is_an_upgrade(text):
    assert read(text).intent == "upgrade"


def test_buying_without_owning_is_sizing():
    assert read("what should i buy to run llama 70b").intent == "recommend"


@pytest.mark.parametrize("turns", [("сколько стоит 4090", "а 5090 сколько?", "и какая быстрее"),
                                   ("3090 или 4090", "which is better?")])
def test_which_is_better_alone_compares_what_was_discussed(turns):
    s, intent = _talk(*turns)
    assert intent == "compare" and len(s.gpus or []) == 2


@pytest.mark.parametrize("text", ["а если возьму вторую такую же", "докуплю третью карту", "and a second one?"])
def test_an_ordinal_card_is_the_count(text):
    r = read(text)
    assert r.relative and r.relative[0].op == "set" and r.intent == "followup"


@pytest.mark.parametrize("text", ["i want a second opinion on 4090 for llama 8b", "tokens per second on a 4090",
                                  "вторая очередь проекта на h200, сколько стоит"])
def test_an_ordinal_that_is_no_card_stays_a_word(text):
    assert read(text).relative == []
