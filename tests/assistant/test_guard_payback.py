"""A payback time said in words, against the computed months. At f3ac8a8, for "свой сервер с 2 h100 за 6 млн или облако
300р за карту в час круглосуточно — когда окупится?" (payback 13,7 months), the model wrote "Если модель будет работать
дольше месяца, выгоднее купить свой сервер". Known-bad and known-good wordings for the guard's check
(assistant/checks/payback.py) and the bench's grader (bench/strict_claims.payback_time_in_words), written apart."""
import pytest

from assistant.checks.payback import misstated
from bench.strict_claims import payback_time_in_words

COST = [{"tool": "cost", "input": {"server_price": 6_000_000, "cloud_hourly": 600, "hours_per_month": 730},
         "output": {"cloud_monthly": 438_000, "break_even_months": 13.7, "currency": "₽"}}]
NEVER = [{"tool": "cost", "input": {"server_price": 6_000_000, "cloud_hourly": 10, "hours_per_month": 100},
          "output": {"cloud_monthly": 1000, "break_even_months": None, "currency": "₽"}}]

BAD = ["Если модель будет работать дольше месяца, выгоднее купить свой сервер.",
       "Свой сервер окупится через полгода.",
       "Owning pays off after two months of use.",
       "If you run it for more than 3 months, buying is cheaper.",
       "Свой сервер выгоднее после 30 месяцев работы."]
GOOD = ["Свой сервер окупится через 13,7 месяца.",
        "Owning pays off after about a year of round-the-clock use.",
        "Свой сервер окупается чуть больше чем за год, если гонять его круглосуточно.",
        "За месяц облако обойдётся в 438 000 ₽, так что при долгой работе выгоднее свой сервер.",
        "Если гонять больше 8 часов в день, выгоднее свой сервер.",
        "Облако стоит 438 000 ₽ в месяц."]


@pytest.mark.parametrize("sentence", BAD)
def test_a_payback_time_in_words_far_from_the_months_is_caught(sentence):
    assert misstated(sentence, COST) and payback_time_in_words(sentence, COST)


@pytest.mark.parametrize("sentence", GOOD)
def test_the_payback_said_right_or_no_time_said_passes(sentence):
    assert not misstated(sentence, COST) and not payback_time_in_words(sentence, COST)


def test_any_payback_time_where_owning_never_pays_off_is_caught():
    sentence = "Свой сервер окупится через год."
    assert misstated(sentence, NEVER) and payback_time_in_words(sentence, NEVER)
