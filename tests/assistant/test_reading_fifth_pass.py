"""General rules of the reader's fifth pass (issue 11, after fresh3.yaml's first sight: every quantity is read
right or asked about, never silently dropped): each stated with wordings that are not in the understanding
corpus."""
from __future__ import annotations

import pytest

from assistant.reading import read
from assistant.reading.context import carry
from assistant.scenario import Scenario


def said(text: str) -> dict:
    return read(text).scenario.said()


def asked(text: str) -> list[str]:
    return [s.text for s in read(text).unattached]


@pytest.mark.parametrize("text,slot,value", [
    ("окно контекста шесть с половиной к для квен 14б", "context", 6656),  # k is 1024; half a k is 512
    ("нужно на полторы сотни сотрудников одновременно", "users", 150),
    ("сервис на полторы тысячи пользователей", "users", 1500),
])
def test_a_fraction_of_a_number_word_is_the_amount(text, slot, value):
    assert said(text)[slot] == pytest.approx(value)


@pytest.mark.parametrize("text,words", [("хватит ли полторы a6000 под мистраль", "полторы"),
                                        ("do we need two and a half l40s for this", "two and a half")])
def test_a_fractional_count_of_cards_is_asked_never_truncated(text, words):
    r = read(text)
    assert r.scenario.gpu_count is None and words in [s.text for s in r.unattached]


def test_a_fraction_is_no_count_of_cards_to_add():
    r = read("и ещё полторы тыщи баксов добавлю")
    assert not r.relative and r.scenario.budget == 1500


def test_buying_more_is_not_owning_against_renting():
    # "докупить" holds the letters of "окуп(ится)": a budget, not a server's price against the cloud
    assert "budget" in said("есть 3080 и 2 тыщи долларов, что докупить")


def test_a_context_word_keeps_a_follow_ups_k_number_a_context():
    previous = Scenario(model="qwen3-14b", budget=2_000_000)
    r = carry(read("а контекст 16к?"), previous)
    assert r.scenario.context == 16384 and r.scenario.budget is None


@pytest.mark.parametrize("text,users", [
    ("штат 300 человек, в пике до 40, контекст 4к, что брать", 40),  # the comma ends "40": "контекст" is no unit of it
    ("around 80 staff and maybe 15 at the same time, which gpus", 15),
    ("about 200 seats, 20 at a time", 20),
])
def test_the_same_time_figure_is_the_users(text, users):
    assert said(text)["users"] == users


@pytest.mark.parametrize("text,ref", [("где мой заказ номер 77812", "77812"), ("invoice no 5521, who do i call", "5521"),
                                      ("по счёту № 3390 вопрос", "3390")])
def test_an_identifier_is_no_money(text, ref):
    r = read(text)
    assert r.scenario.budget is None and r.scenario.server_price is None and [s.text for s in r.spans["reference"]] == [ref]


def test_ddr_in_cyrillic_is_system_memory():
    s = said("сервер на эпике, 512 гб ддр4, дипсик в3 на проце")
    assert s["ram_gb"] == 512 and "card_vram_gb" not in s


@pytest.mark.parametrize("text,watts", [
    ("стоят три блока по 1200, хватит на 6 штук 4090", 3600),  # a plain number after "N блока по"
    ("we have 3x 2kw psus, will that do for 8 a100", 6000),  # a count glued to its "x"
    ("бп киловатт восемьсот на 4090 хватит", 1800),  # a kilowatt and hundreds, said aloud
    ("сколько потребляет 5090 и хватит ли бп на 1000 вт", 1000),  # the draw is the other question's
])
def test_the_customers_psu(text, watts):
    assert said(text)["psu_w"] == watts


@pytest.mark.parametrize("word,value", [("четыреста", 400), ("шестьсот", 600), ("семьсот", 700), ("девятьсот", 900)])
def test_every_hundred_is_a_number_word(word, value):
    assert said(f"контекст {word} токенов")["context"] == value


def _after(previous: Scenario, text: str) -> Scenario:
    from assistant.reading.relative import apply
    from assistant.scenario import merge

    r = carry(read(text), previous)
    return apply(merge(previous, r.scenario, r.new_model), r.relative)


def test_one_more_with_a_verb_of_adding_adds_a_card():
    assert _after(Scenario(gpu="rtx-4090", gpu_count=2), "ok and if we add one more").gpu_count == 3


def test_a_bare_number_after_at_is_the_load_of_users():  # and a number said in two words is one number
    previous = Scenario(model="qwen3-32b", gpu="h100-sxm", gpu_count=4, users=16)
    assert _after(previous, "а при тридцати двух?").users == 32


def test_a_price_after_for_in_owning_against_renting_is_the_servers():
    s = said("облако 120 руб в час по 10 часов в день или своя 3090 за 250к, что выгоднее")
    assert s["server_price"] == 250000


@pytest.mark.parametrize("text", ["выходит 2,5 карты a100 на нашу модель, так и брать?",
                                  "calculator says 1.5 l40s for our model, hm"])
def test_a_fraction_of_cards_is_a_question_of_how_many(text):
    assert read(text).intent == "recommend"
