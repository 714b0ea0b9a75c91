"""A cloud price said per card ("по 300 руб. за карту в час", "$2.49 per GPU-hour") rents the whole setup at that
price times its cards: found by a hurried question after the fifty-seventh pass's freeze, where two A100 rented at
300 ₽ a card-hour had been costed as 300 ₽ an hour for the server (58 500 ₽ a month instead of 117 000)."""
import pytest

from assistant.reading import read
from assistant.scenario import merge
from assistant.turn.calculate import compute
from assistant.views.scenario import scenario_items


@pytest.mark.parametrize("text, per_gpu", [
    ("купить сервер с 2 a100 за 4 млн руб. или арендовать по 300 руб. за карту в час, работаем 8 часов в день", True),
    ("rent at $2.49 per GPU-hour or buy a 4x A100 box for $60k, 10 hours a day", True),
    ("облако по 300 руб в час или сервер с 2 a100 за 2 млн, 8 часов в день", None),
])
def test_a_price_per_card_is_marked(text, per_gpu):
    assert read(text).scenario.cloud_per_gpu is per_gpu


def _cloud_monthly(text: str) -> float:
    c = compute(read(text).scenario, "cost")
    return next(f.output["cloud_monthly"] for f in c.facts if f.tool == "cost")


def test_the_cloud_per_card_is_multiplied_by_the_cards():
    per_card = _cloud_monthly("купить сервер с 2 a100 за 4 млн руб. или арендовать по 300 руб. за карту в час, "
                              "работаем 8 часов в день")
    per_server = _cloud_monthly("купить сервер с 2 a100 за 4 млн руб. или арендовать по 300 руб. в час, работаем 8 часов в день")
    assert per_card == pytest.approx(2 * per_server) and per_server == pytest.approx(300 * 8 * 365 / 12, rel=0.01)


def test_the_scenario_line_says_per_card_and_the_eval_sees_no_new_slot():
    s = read("rent at $2.49 per GPU-hour or buy a 4x A100 box for $60k, 10 hours a day").scenario
    text = next(i.text for i in scenario_items(s, {}, "en") if i.slot == "cloud_hourly")
    assert text.endswith("per card") and "cloud_per_gpu" not in s.said()


def test_per_card_kept_on_a_follow_up_and_dropped_when_a_new_price_is_said_per_server():
    first = read("rent at $2.49 per GPU-hour or buy a 4x A100 box for $60k, 10 hours a day")
    kept = merge(first.scenario, read("and 24/7?").scenario, False)
    assert kept.cloud_per_gpu is True
    again = merge(kept, read("and if the cloud is $9 an hour?").scenario, False)
    assert again.cloud_per_gpu is None and again.cloud_hourly == 9
