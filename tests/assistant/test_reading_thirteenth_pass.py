"""General rules of the reader's thirteenth pass (issue 11, after fresh9.yaml's first sight). Wordings of their own, not
fresh9.yaml's sentences; each rule has known-good and known-bad inputs, negations and near misses (the guards,
"..._still_..." / "..._not_...")."""
from __future__ import annotations

import pytest

from assistant.reading import read
from assistant.reading.context import carry
from assistant.reading.tokens import tokenize
from assistant.turn.framing import settle_intent
from reading_helpers import talk


def _first(text: str):
    r = carry(read(text), None)
    r.intent = settle_intent(r, None)
    return r


# ---------------------------------------------------------------- a card's memory against the catalog
@pytest.mark.parametrize("text,gpu,size", [
    ("Say the RTX 4090 has 48 GB. How much VRAM does Llama 3.1 8B need in Q8?", "rtx-4090", "48 GB"),
    ("у меня 4090 на 48 гигов, влезет ли квен 32б", "rtx-4090", "48 гигов"),
    ("the 5090 has 24gb right? will gemma 27b fit", "rtx-5090", "24gb"),
    ("а100 на 120 гигов под ламу 70б", "a100-sxm-80gb", "120 гигов"),  # a card's size, however large: not the RAM
    ("3090 with 16gb, can it run phi 4", "rtx-3090", "16gb"),
])
def test_a_card_size_against_the_catalog_is_asked_and_the_card_kept(text, gpu, size):
    r = read(text)
    assert r.scenario.gpu == gpu and r.scenario.card_vram_gb is None and r.scenario.ram_gb is None
    assert size in [s.text for s in r.conflicts.get("card_vram_gb", [])]


@pytest.mark.parametrize("text,gpu", [
    ("a100 на 40 гигов под квен 14б", "a100-sxm-40gb"),  # a variant the catalog holds
    ("h100 на 94 гига, что влезет", "h100-nvl"),
    ("3060 на двенадцать гигов", "rtx-3060-12gb"),
    ("4090 на 24 гига", "rtx-4090"),  # the catalog's own size
])
def test_a_card_size_the_catalog_holds_is_still_that_card(text, gpu):
    r = read(text)
    assert r.scenario.gpu == gpu and r.scenario.card_vram_gb is None and not r.conflicts


def test_the_total_of_the_cards_is_not_a_contradiction():
    r = read("две 3090, 48 гигов на двоих, что влезет")
    assert (r.scenario.gpu, r.scenario.gpu_count) == ("rtx-3090", 2) and not r.conflicts


def test_ram_said_apart_from_the_cards_is_still_ram():
    r = read("сервер: две 4090 и 512 ГБ, что запустить")
    assert r.scenario.ram_gb == 512 and r.scenario.gpu == "rtx-4090" and not r.conflicts


def test_a_laptops_card_keeps_its_own_memory():
    s = read("ноутбук с rtx 4090 16гб, что пойдёт").scenario
    assert s.card_vram_gb == 16 and s.gpu is None


# ---------------------------------------------------------------- the thousands word before its number
@pytest.mark.parametrize("text,ctx", [
    ("нужен контекст тысяч на 64 для квена 14б", 65536),
    ("контекст тыщ так 16", 16384),
    ("лама 8б с контекстом тыщ восемь", 8192),  # a number word after "тыщ": 8 thousand, not 1008
])
def test_a_context_with_its_thousands_word_first(text, ctx):
    assert read(text).scenario.context == ctx


def test_money_with_its_thousands_word_first_is_still_money():
    s = read("денег тысяч на 400 есть, какой сервер").scenario
    assert s.budget == 400000 and s.context is None


def test_slang_thousands_after_a_model_and_its_card_are_the_context():
    s = talk("гемма 12б на карте 16 гигов, какой контекст максимум", "а если нужно тыщ 32")
    assert s.context == 32768 and s.budget is None


def test_slang_thousands_in_a_money_conversation_stay_money():
    s = talk("бюджет 300 тыщ, нужен сервер под ламу 8б", "а если тыщ 200")
    assert s.budget == 200000 and s.context is None


def test_slang_thousands_said_with_money_stay_money():
    s = talk("квен 14б на 3090", "а за тыщ 80 что можно взять")
    assert s.context is None


# ---------------------------------------------------------------- number words glued to their noun
@pytest.mark.parametrize("text,gpu", [
    ("сколько ест пятитыщдевяностая", "rtx-5090"),
    ("две трехтысячдевяностые хватит на ламу 70б", "rtx-3090"),
    ("на четырехтысячдевяностой пойдет квен 14б", "rtx-4090"),
])
def test_a_card_said_in_glued_number_words(text, gpu):
    assert read(text).scenario.gpu == gpu


@pytest.mark.parametrize("text,size", [("две восьмидесятигиговых карты", 80), ("двадцатичетырехгиговая видюха", None),
                                       ("карта сорокгиговая под ламу", 40)])
def test_a_size_glued_to_the_gigabyte_word(text, size):
    assert read(text).scenario.card_vram_gb == size  # "двадцатичетырех..": two glued numbers, not split (no guess)


@pytest.mark.parametrize("word", ["семинарский", "пятиэтажный", "сорокалетний", "трехтысячный"])
def test_ordinary_words_are_not_split(word):
    assert [t.text for t in tokenize(word)] == [word]


# ---------------------------------------------------------------- comparisons
@pytest.mark.parametrize("text,cards,asked", [
    ("5090 вместо a6000 норм под ламу?", {"rtx-5090", "rtx-a6000"}, []),
    ("an l40s instead of two 3090s, good idea?", {"l40s", "rtx-3090"}, ["two"]),
    ("есть смысл брать h100 вместо четырех 4090", {"h100-sxm", "rtx-4090"}, ["четырех"]),
])
def test_instead_of_as_a_first_question_compares(text, cards, asked):
    r = _first(text)
    assert r.intent == "compare" and set(r.scenario.gpus or []) == cards and r.scenario.gpu is None
    assert [s.text for s in r.unattached] == asked


def test_instead_of_in_a_follow_up_still_replaces_the_card():
    s = talk("сколько токенов даст лама 70б на восьми h100", "а если h200 вместо h100")
    assert s.gpu == "h200" and not s.gpus


def test_instead_of_beside_a_power_question_is_not_a_comparison():
    r = _first("какой бп нужен если поставлю 5090 вместо 4090")
    assert r.intent == "power"


@pytest.mark.parametrize("text,cards", [
    ("какая память у a100 и у h100", {"a100-sxm-80gb", "h100-sxm"}),
    ("what's the tdp of the l40s and of the a40", {"l40s", "a40"}),
    ("is a 5090 worth it over a 4090", {"rtx-5090", "rtx-4090"}),
])
def test_one_measure_of_two_cards_compares_them(text, cards):
    r = _first(text)
    assert r.intent == "compare" and set(r.scenario.gpus or []) == cards


def test_two_cards_owned_are_still_not_compared():
    assert read("у меня 3090 и 4090 что запустить").scenario.gpus is None


# ---------------------------------------------------------------- money in words
@pytest.mark.parametrize("text,budget", [
    ("бюджет миллион, нужен сервер под ллм", 1_000_000),
    ("бюджет лям, что посоветуете", 1_000_000),
    ("бюджет пол-ляма на железо", 500_000),
    ("бюджет полтос на видюху", 50_000),
    ("максимум полтинник, какая карта", 50_000),
    ("бюджет лимон двести", 1_200_000),  # a million and its hundreds of thousands: one sum
    ("we have half a million dollars for the cluster", 500_000),
])
def test_money_said_in_words(text, budget):
    assert read(text).scenario.budget == budget


def test_polтос_before_people_is_fifty_people():
    s = read("на полтос человек нужен сервер под квен 14б").scenario
    assert s.users == 50 and s.budget is None


def test_a_million_tokens_is_no_money():
    assert read("контекст миллион токенов").scenario.budget is None


# ---------------------------------------------------------------- lead times
@pytest.mark.parametrize("text", ["какие сроки поставки на l40s", "what's the lead time on the h100", "сколько ждать поставку b200"])
def test_a_delivery_time_asked_alone_is_a_handoff(text):
    assert _first(text).intent == "handoff"


@pytest.mark.parametrize("text", ["сколько стоит l40s и какие сроки поставки", "is the h100 in stock and what's the lead time"])
def test_a_delivery_time_beside_a_price_or_stock_question_is_still_that_question(text):
    assert _first(text).intent == "gpu_info"


# ---------------------------------------------------------------- names
def test_a_family_with_its_version_glued_reads_on_to_its_size():
    r = read("квен3 некст восемьдесят б а3б в фп8")
    assert r.scenario.model == "qwen3-next-80b-a3b" and not r.unattached


def test_phi_and_a_size_letter_said_aloud():
    assert read("фи 4 в восьми битах").scenario.model == "phi-4"
    assert read("мистраль семь бэ на 3060").scenario.model == "mistral-7b-v0.3"
    assert read("фи, какая дорогая эта 5090").scenario.model is None  # the interjection alone is no model


def test_a_monthly_bill_in_number_words_is_named_back():
    r = read("за облако отдаем двести тыщ в месяц, свое окупится?")
    assert [s.text for s in r.unattached] == ["двести"] and r.scenario.budget is None


# ---------------------------------------------------------------- intents
def test_people_called_managers_are_served_not_asked_for():
    r = _first("нужно чтобы лама 8б отвечала тридцати менеджерам сразу, сколько карт l40s надо")
    assert r.intent == "recommend" and r.scenario.users == 30
    assert _first("соедините с менеджером, нас 30 человек").intent == "handoff"  # a manager asked for


def test_an_invoice_asked_with_the_verb_after_it_is_a_handoff():
    assert _first("счет нам выставьте на четыре l40s").intent == "handoff"


def test_haste_in_the_telling_is_no_speed_question():
    assert _first("срочно скажите какое железо нужно под квен 32б").intent == "recommend"
    assert _first("как быстро работает квен 32б на 4090").intent == "speed"  # a speed still asked


def test_a_product_word_between_a_spoken_version_and_the_size():
    assert read("квен три кодер тридцать б а3б на двух 4090").scenario.model == "qwen3-coder-30b-a3b"
    assert read("лама три восемь б").scenario.model == "llama-3-8b"  # as the sixth pass reads it (since the fifty-fourth)
    assert read("квен три на 4090").scenario.model is None  # a version with no size says no model


def test_a_span_of_the_clock_in_english_words():
    assert read("four a100 running nine to five on weekdays, power bill?").scenario.hours_per_month == pytest.approx(173.33)
    assert read("two to four users on weekdays").scenario.hours_per_month is None  # a range of people, no clock


def test_a_card_size_against_the_catalog_offers_no_value_to_pick():
    from assistant.turn.framing import frame

    f = frame(read("у меня 3090 на 32 гига, влезет квен 32б в q4?"), None, None)
    assert f.scenario.gpu == "rtx-3090" and f.scenario.card_vram_gb is None and f.scenario.asked is None
    assert any("32 гига" in q for q in f.questions)  # named back, not used
