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
