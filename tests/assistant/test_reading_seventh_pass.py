"""General rules of the reader's seventh pass (issue 11, after fresh4.yaml's first sight: money and intents).

Each rule is stated with wordings of its own, not fresh4.yaml's sentences; each test fails without its rule.
"""
from __future__ import annotations

import pytest

from assistant.reading import read


@pytest.mark.parametrize("text,hourly", [
    ("аренда 4 a100 по 3 доллара за карту в час, сервер 60 тыщ долларов", 3),  # a price per card per hour
    ("renting l4s at $1.1 per gpu hour, or buy for $9k", 1.1),
    ("облако 500р час, свой сервер 2 млн", 500),  # "час" bare after the sum
    ("если в облаке час 330 рублей, а сервер 1,4 млн, что выгоднее", 330),  # "час" bare before it
])
def test_hourly_rent_said_every_way(text, hourly):
    s = read(text).scenario
    assert s.cloud_hourly == pytest.approx(hourly) and s.server_price and s.server_price > 1000


@pytest.mark.parametrize("text,asked", [
    ("облако в месяц обходится тысяч в 70, а сервер за 2 млн", "70"),
    ("мы платим в месяц примерно 120 тыщ за аренду, сервер стоит 3 млн", "120"),
    ("аренда 4 тыщи в сутки, свой сервак 2 млн руб", "4"),  # a price per day is no hourly price
    ("cloud costs us $300 a day, a box is $40k", "$300"),
])
def test_a_daily_or_monthly_bill_is_asked(text, asked):
    r = read(text)
    assert r.scenario.cloud_hourly is None and r.scenario.context is None
    assert any(asked in s.text or s.text in asked for s in r.unattached), r.unattached
    assert r.scenario.server_price and r.scenario.server_price >= 1_000_000 or r.scenario.server_price == 40000


def test_a_scale_word_after_an_asked_number_is_not_money_of_its_own():
    r = read("за облако в месяц уходит 80 тыщ, сервер за 1,5 млн окупится?")
    assert r.scenario.server_price == 1_500_000 and r.scenario.budget is None


def test_owning_price_after_za_with_a_scale_word():
    s = read("аренда 100 руб в час или своя 4090 за 280 тыщ").scenario
    assert s.server_price == 280_000 and s.cloud_hourly == 100


def test_roubles_in_english():
    s = read("the server is 2 million rubles and the cloud is 250 roubles an hour").scenario
    assert s.currency == "₽" and s.cloud_hourly == 250 and s.server_price == 2_000_000


@pytest.mark.parametrize("text,intent", [
    ("сколько стоит l40s и какие сроки поставки", "gpu_info"),  # delivery beside a price question
    ("под закупку дали 900 тыщ рублей, что брать под квен 14б", "recommend"),
    ("how much is an h200 and how long is delivery", "gpu_info"),
])
def test_a_buying_scene_word_beside_a_question_is_no_handoff(text, intent):
    assert read(text).intent == intent


def test_a_request_for_a_person_stays_a_handoff():
    assert read("сколько стоит l40s, свяжитесь со мной по поставке").intent == "handoff"
    assert read("почём у вас 4090 оптом").intent == "handoff"
