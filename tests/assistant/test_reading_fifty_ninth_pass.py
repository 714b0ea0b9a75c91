"""Fifty-ninth pass (issue 11): misreadings found after stop 53's freeze and by its reviews, each with wordings of its
own and a counterpart that must keep its old reading: a cloud price per card said with the hour first, a bare PSU
figure beside a second question, a quote's sum, people counted per group, a Monday-to-Saturday schedule, one more
card named in English."""
import pytest

from assistant.reading import read
from tests.assistant.test_reading_thirtyninth_pass import talk


# ---------------------------------------------------------------- a cloud price per card, the hour said first
@pytest.mark.parametrize("text, price", [
    ("сервак с четырмя л40с за пять лямов или облако по 400р в час за карту по будням 10 часов что выгоднее", 400),
    ("облако 2 usd an hour per gpu vs own 4x 4090 at 12k", 2),
    ("cloud at 1.5/hr per gpu or 8x a100 for 180k?", 1.5),
    ("аренда 250 руб в час на видеокарту, своя 4090 за 300 тыщ", 250),
])
def test_a_cloud_hour_said_before_per_card_is_per_card(text, price):
    s = read(text).scenario
    assert s.cloud_hourly == price and s.cloud_per_gpu


@pytest.mark.parametrize("text", ["облако 1200р в час за сервер с 4 картами, свой за 3 млн",
                                  "cloud is 10 usd an hour for the whole box of 8 h100, own one 250k"])
def test_a_cloud_hour_for_the_server_stays_per_server(text):
    s = read(text).scenario
    assert s.cloud_hourly and not s.cloud_per_gpu


# ---------------------------------------------------------------- a bare PSU figure, a second question after it
@pytest.mark.parametrize("text", ["у меня бп 850 и две 3060 по 12 хватит ли на лламу 8б фп16 и сколько жрать будет",
                                  "бп 850 и сколько жрёт 4090?",
                                  "psu 1000 and how much will two 3090 draw?"])
def test_a_bare_psu_figure_before_a_question_of_draw_is_the_psu(text):
    r = read(text)
    assert r.scenario.psu_w in (850, 1000) and not r.unattached


def test_a_draw_said_with_its_figure_is_still_no_psu():
    r = read("карта жрёт 450 и сколько нужно бп?")
    assert r.scenario.psu_w is None


# ---------------------------------------------------------------- a quote is a server's price
@pytest.mark.parametrize("text, price", [
    ("the quote for 8x A100 is 180k, is it worth it vs cloud at 1.5/hr per gpu?", 180_000),
    ("own vs cloud: 8x h100 at 250k vs 2.5/hr", 250_000),
    ("we were quoted 95k for a box with 4 l40s, cloud is 1.2/hr per gpu", 95_000),
])
def test_a_quoted_sum_is_the_servers_price_never_a_context(text, price):
    s = read(text).scenario
    assert s.server_price == price and s.context is None and s.budget is None


def test_a_budget_beside_a_quote_stays_the_budget():
    s = read("budget is 150k, what server for llama 70b?").scenario
    assert s.budget == 150_000 and s.server_price is None


# ---------------------------------------------------------------- people counted per group
@pytest.mark.parametrize("text, users", [
    ("3 команды по 10 человек, нужна llama 3 70b", 30),
    ("у каждой из 3 команд по 10 человек, нужна llama 3 70b", 30),
    ("три отдела по 15 человек будут пользоваться квен 32б", 45),
    ("2 офиса, в каждом по 20 сотрудников, qwen 14b", 40),
    ("3 teams of 10 people each, llama 70b", 30),
])
def test_people_per_group_are_multiplied_by_the_groups(text, users):
    r = read(text)
    assert r.scenario.users == users and not r.unattached


@pytest.mark.parametrize("text, users", [("команда 12 человек, квен 14б", 12), ("team of 12, llama 8b", 12),
                                         ("2 сервера, по 10 человек на каждый, квен 14б", 10),
                                         ("3 смены по 10 человек, квен 14б", 10)])  # one shift at a time
def test_one_group_servers_or_shifts_multiply_nothing(text, users):
    assert read(text).scenario.users == users


# ---------------------------------------------------------------- a Monday-to-Saturday schedule
@pytest.mark.parametrize("text, hours", [
    ("пн-пт с 10 до 19, облако 300р в час или свой сервер за 700к", 195.0),
    ("пн-пт и суббота с 10 до 19, облако 300р в час или свой сервер за 700к", 234.0),
    ("пн-сб с 10 до 19, облако 300р в час или свой сервер за 700к", 234.0),
])
def test_day_abbreviations_give_the_hours(text, hours):
    r = read(text)
    assert r.scenario.hours_per_month == hours and not r.unattached


# ---------------------------------------------------------------- one more card, named in English
def test_one_more_card_named_adds_a_card_even_with_users_asked():
    scenario, _ = talk("70b on 4 a100, how many users?", "one more a100 — then how many users?")
    assert scenario.gpu_count == 5


def test_more_users_still_add_users():
    scenario, _ = talk("70b on 4 a100 for 10 users", "two more users?")
    assert scenario.users == 12 and scenario.gpu_count == 4
