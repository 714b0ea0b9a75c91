"""General rules of the reader's twenty-second pass (issue 11, after fresh17.yaml's first sight; aimed at generalisation:
mechanisms, not sentences). Wordings of their own, not fresh17.yaml's; each rule has known-good inputs, near misses and
guards ("..._still_..." / "..._not_...")."""
from __future__ import annotations

import pytest

from assistant.reading import Reading, read
from assistant.reading.context import carry
from assistant.scenario import merge
from tests.assistant.reading_helpers import first


def said(text: str) -> dict:
    return first(text).scenario.said()


def last(*texts: str) -> Reading:
    """The last turn's reading, the conversation before it replayed as the bench replays it."""
    s = None
    r = None
    for t in texts:
        r = carry(read(t), s)
        s = merge(s, r.scenario, r.new_model, comparing=r.intent == "compare", instead_of=r.instead_of)
    assert r is not None
    return r


# ---------------------------------------------------------------- (a) one million and the thousands said after it
@pytest.mark.parametrize("text,slot,value", [
    ("бюджет миллион восемьсот тысяч", "budget", 1_800_000),
    ("есть лям двести тысяч на сервер", "budget", 1_200_000),
    ("денег миллион 300 тысяч что посоветуете", "budget", 1_300_000),
    ("сервер за миллион пятьсот тысяч или облако по 200 рублей в час", "server_price", 1_500_000),
])
def test_a_million_and_thousands_after_it_are_one_sum(text, slot, value):
    assert said(text).get(slot) == value, said(text)


@pytest.mark.parametrize("text,value", [
    ("бюджет миллион двести", 1_200_000),  # no scale word after: read as before
    ("бюджет два миллиона триста тысяч", 2_300_000),  # a count of millions before: read as before
    ("бюджет миллион", 1_000_000),
])
def test_million_sums_still_read_as_before(text, value):
    assert said(text).get("budget") == value, said(text)


# ---------------------------------------------------------------- (b) "полусотни": fifty, in any case
@pytest.mark.parametrize("text", [
    "сидеть будут одновременно до полусотни человек",
    "нужен сервер на полусотню сотрудников одновременно",
    "юзеров одновременно полсотни",
])
def test_half_a_hundred_is_fifty(text):
    assert said(text).get("users") == 50, said(text)


# ---------------------------------------------------------------- (c) half precision said in Russian
@pytest.mark.parametrize("text", [
    "лама восемь б в половинной точности сколько памяти",
    "квен 14б в половинной точности влезет в 4090",
])
def test_half_precision_in_russian_is_fp16(text):
    assert said(text).get("precision") == "fp16", said(text)


def test_full_precision_still_fp16_and_bits_said_win():
    assert said("лама 8б в полной точности").get("precision") == "fp16"
    assert said("лама 8б в q4").get("precision") == "int4"


# ---------------------------------------------------------------- (d) "доброго времени суток" is a greeting
@pytest.mark.parametrize("text", ["доброго времени суток", "Доброго времени суток!", "доброго времени суток коллеги"])
def test_good_time_of_day_is_a_greeting(text):
    assert first(text).intent == "greeting"


def test_the_greeting_before_a_question_is_not_the_intent():
    assert first("доброго времени суток, сколько стоит h100").intent == "gpu_info"


# ---------------------------------------------------------------- (e) certificates are a person's matter
@pytest.mark.parametrize("text", [
    "do you provide certificates for the servers",
    "are there certificates of conformity for these cards",
    "сертификаты соответствия на сервера предоставите",
])
def test_certificates_are_a_handoff(text):
    assert first(text).intent == "handoff", first(text).intent


# ---------------------------------------------------------------- (f) the context's scale said first, "за"/"в" between
@pytest.mark.parametrize("text,value", [
    ("лама 8б с контекстом тысяч за тридцать два сколько памяти", 32768),
    ("контекст тысяч в шестьдесят четыре на квене 14б", 65536),
    ("контекст тысяч на 16", 16384),  # as before
])
def test_context_with_its_scale_said_first(text, value):
    assert said(text).get("context") == value, said(text)


def test_thousands_za_without_a_context_word_still_money():
    s = said("какую видеокарту взять тысяч за двести")
    assert s.get("budget") == 200_000 and "context" not in s, s


# ---------------------------------------------------------------- (g) a model asked after a budget, with no cards
@pytest.mark.parametrize("turns", [
    ("нужен сервер для бота одновременно человек двадцать", "бюджет полтора миллиона", "а на гемме двадцать семь потянет"),
    ("нужен сервер для бота", "денег тысяч восемьсот", "а квен тридцать два б потянет"),
])
def test_a_model_after_a_budget_and_no_cards_keeps_the_conversations_question(turns):
    assert read(turns[-1]).intent == "vram"  # alone, a fit question
    assert last(*turns).intent == "followup"  # after a budget and no cards: what to buy, as the conversation asked


@pytest.mark.parametrize("turns", [
    ("у меня две 3090 бюджет на апгрейд сто тысяч", "а квен тридцать два б потянет"),  # the cards on the table
    ("бюджет полтора миллиона", "а квен 32б в 24 гига влезет"),  # a memory size said
    ("нужен сервер для бота", "а квен тридцать два б потянет"),  # no budget: nothing says it is what to buy
])
def test_a_model_with_cards_memory_or_no_budget_is_still_a_fit_question(turns):
    assert last(*turns).intent == "vram", last(*turns).intent


# ---------------------------------------------------------------- (h) the perturbation check stays on tune .. fresh10
def test_the_perturbation_check_is_on_tune_to_fresh10():
    from bench.perturb import TUNED

    assert TUNED[0] == "tune" and TUNED[-1] == "fresh10" and "holdout" not in TUNED and "fresh17" not in TUNED
