"""Fifty-sixth pass (issue 11): leftovers of the sets before (fresh52, fresh59, fresh60) and fresh62.yaml and
fresh63.yaml's first sight; general rules, each with wordings of its own and a counterpart."""
import pytest

from assistant.reading import read
from tests.assistant.test_reading_thirtyninth_pass import said, talk


@pytest.mark.parametrize("first, then, hours", [
    ("купить сервер с 4090 за 300 тыщ или облако по 70 р/час? работать будет с 9 до 21 каждый день",
     "а если только по выходным?", 12 * 104 / 12),
    ("Buy a $6,000 box or rent a GPU at $1.40/hr? About 8 hours a day, every day.",
     "and if it's just weekends, same hours?", 8 * 104 / 12),
])
def test_weekends_only_keep_the_hours_a_day(first, then, hours):
    scenario, intent = talk(first, then)
    assert intent == "cost" and scenario.hours_per_month == pytest.approx(hours, abs=0.1)


def test_weekends_switched_off_are_weekdays_and_weekends_added_are_every_day():
    scenario, _ = talk("купить сервер за 300 тыщ или облако по 70 р/час, 10 часов каждый день?", "а если на выходные выключать?")
    assert scenario.hours_per_month == pytest.approx(10 * 260 / 12, abs=0.1)


@pytest.mark.parametrize("text, price", [("rent a gpu at a buck twenty an hour or buy a box for 4500?", 1.2),
                                         ("cloud is a buck thirty five per hour, or buy one for $5k?", 1.35),
                                         ("a buck fifty an hour in the cloud or a $4,000 box?", 1.5)])
def test_a_buck_and_cents_is_the_hourly_price(text, price):
    assert said(text).get("cloud_hourly") == pytest.approx(price)


def test_a_buck_alone_is_not_rewritten():
    assert said("i have a few bucks, like 2000 bucks, what can i run llama 3 8b on?").get("budget") == 2000


@pytest.mark.parametrize("text", ["если возьму восемь штук, какую цену дадите?",
                                  "what price would you give us for 10 of the L40S?",
                                  "а по какой цене отдадите четыре 4090?"])
def test_the_vendors_price_for_an_order_is_a_handoff(text):
    assert read(text).intent == "handoff"


@pytest.mark.parametrize("text", ["customer wants a box for llama 3.1 8b serving 100 concurrent chats at 8k context, "
                                  "what should I quote?",
                                  "клиенту нужна лама 70б на 30 человек, что ему предложить клиенту?"])
def test_a_resellers_own_quote_is_sizing(text):
    assert read(text).intent == "recommend"


def test_a_quote_asked_of_the_vendor_stays_a_handoff():
    assert read("can you send me a quote for a box with 4 L40S?").intent == "handoff"
    assert read("какая цена на 4090 сейчас?").intent == "gpu_info"
