"""General rules of the reader's eighth pass (issue 11, fresh4.yaml's remaining misses: money, cards, follow-ups,
intents).

Each rule is stated with wordings of its own, not fresh4.yaml's sentences; each test fails without its rule.
"""
from __future__ import annotations

import pytest

from assistant.reading import read


@pytest.mark.parametrize("text,hourly,hours", [
    ("арендуем 100 часов в месяц по 250 рублей, сервер 2 млн", 250, 100),  # "по" after the hours: each hour's price
    ("облако 30 часов в неделю по 180р, или свой за 900 тыщ", 180, 130),
    ("cloud 60 hours a month at $2, or a box for $30k", 2, 60),
])
def test_a_sum_after_the_hours_is_the_hourly_price(text, hourly, hours):
    s = read(text).scenario
    assert s.cloud_hourly == pytest.approx(hourly) and s.hours_per_month == pytest.approx(hours, rel=0.01)
    assert s.server_price and s.server_price >= 30_000


@pytest.mark.parametrize("text,price", [
    ("облако 300 руб в час, а сервер миллиона за три потянем?", 3_000_000),  # scale word, "за", the number
    ("аренда дорогая, свой сервак тысяч за 900 окупится?", 900_000),
    ("облако 300 руб в час, свой сервер миллиона 2", 2_000_000),  # a scale word that is no number word, said first
    ("облако 300 руб в час, свой сервер за миллион триста", 1_300_000),  # "миллион триста": 1.3 million
])
def test_a_scale_word_said_before_the_number(text, price):
    assert read(text).scenario.server_price == pytest.approx(price)


@pytest.mark.parametrize("text,hours", [
    ("работаем часов по шесть в день", 182.5),  # the hours word first, "по" before the number
    ("гоняем часов по 10 по будням", 216.7),
])
def test_hours_word_then_po_then_number(text, hours):
    s = read(text).scenario
    assert s.hours_per_month == pytest.approx(hours, rel=0.01) and s.cloud_hourly is None


@pytest.mark.parametrize("text,price", [
    ("свой сервак с восемью картами стоит 90к баксов", 90_000),  # a server word, a few words, "стоит"
    ("the box with four cards costs $60k", 60_000),
])
def test_a_server_that_costs_a_sum_is_its_price_not_a_budget(text, price):
    s = read(text).scenario
    assert s.server_price == pytest.approx(price) and s.budget is None


@pytest.mark.parametrize("text,currency,asked", [
    ("мы арендуем 4 a100 и платим в месяц около 6 тыщ евро", "€", "6"),
    ("the cloud invoice is $7k a month for two h100s", "$", "7k"),
])
def test_a_bills_currency_is_kept_while_its_sum_is_asked(text, currency, asked):
    r = read(text)
    assert r.scenario.currency == currency and r.scenario.cloud_hourly is None and r.scenario.budget is None
    assert any(s.text == asked for s in r.unattached), r.unattached


@pytest.mark.parametrize("text,budget", [
    ("а влезем в 450 тыщ?", 450_000),  # a verb of fitting, "в", a scaled sum: a ceiling
    ("уложимся в 1,2 ляма?", 1_200_000),
    ("can we fit it in $40k?", 40_000),
])
def test_a_sum_to_fit_into_is_a_budget(text, budget):
    assert read(text).scenario.budget == pytest.approx(budget)


def test_fitting_a_context_is_no_budget():
    s = read("will qwen3 8b fit with a 8k context on a 4060").scenario
    assert s.budget is None and s.context == 8192


@pytest.mark.parametrize("text,hours", [
    ("and what about 16 hours?", 486.7),  # a bare number of hours up to 24: hours a day
    ("а если 6 часов?", 182.5),
])
def test_a_bare_hours_figure_up_to_a_day_is_per_day(text, hours):
    assert read(text).scenario.hours_per_month == pytest.approx(hours, rel=0.01)


def test_hours_said_for_the_month_stay_as_said():
    assert read("нужно 20 часов в месяц").scenario.hours_per_month == 20
    assert read("we need 150 hours").scenario.hours_per_month == 150
