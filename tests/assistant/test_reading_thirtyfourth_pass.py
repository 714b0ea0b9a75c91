"""Thirty-fourth pass (fresh29.yaml's first sight, issue 11; a third helper's set, all multi-turn chats): a span of the
clock over days a week; a kW·h price "у них"; a follow-up's hours or electricity in an own-vs-cloud chat; "N of
them, enough?" after a recommendation; a card set against the ones discussed; an off-topic aside keeps nothing."""
import pytest

from assistant.reading import read
from assistant.reading.context import carry
from assistant.scenario import Scenario
from assistant.turn.framing import settle_intent


def test_a_span_of_the_clock_over_days_a_week():
    assert read("патентоведы сидят с 10 до 19, шесть дней в неделю").scenario.hours_per_month == round(9 * 6 * 52 / 12, 2)
    assert read("работаем с 10 до 19").scenario.hours_per_month == round(9 * 365 / 12, 2)


def test_a_kwh_price_said_of_someone_else():
    s = read("а по свету сколько в месяц выйдет, квтч у них 5,8 р").scenario
    assert s.electricity_price == 5.8 and s.budget is None


COST = Scenario(gpu="h100-sxm", server_price=2_800_000, cloud_hourly=310, currency="₽")


@pytest.mark.parametrize("text", ["патентоведы сидят с 10 до 19, шесть дней в неделю",
                                  "и свет у нас по 7,2 руб за кВт·ч, это учитывается?"])
def test_hours_or_electricity_in_an_own_vs_cloud_chat_stay_a_cost_question(text):
    r = read(text)
    assert settle_intent(r, COST, "cost") == "cost"
    assert r.scenario.cloud_hourly is None  # the "10" of the span is no hourly price


def test_cards_asked_whether_enough_after_a_recommendation_is_a_fit_question():
    prev = Scenario(model="qwen3-14b", users=300, gpu="l40s")
    assert settle_intent(read("ok what about three of them, enough?"), prev, "recommend") == "vram"
    prev = Scenario(model="llama-3.3-70b", task="qlora")
    # "do it" after a recommendation asks whether the cards named are enough: the twenty-sixth pass had kept it the
    # recommendation's follow-up; fresh29 and fresh65 label it vram, and the fifty-sixth pass reads it so
    assert settle_intent(read("would a pair of a100 80gb do it?"), prev, "recommend") == "vram"
    assert settle_intent(read("and what about 3 h100?"), Scenario(model="qwen3-14b"), "recommend") != "vram"


@pytest.mark.parametrize("text, prev, cards", [
    ("а у l40s? и какая из них шустрее будет генерить картинки", Scenario(gpu="rtx-pro-6000-blackwell"),
     ["rtx-pro-6000-blackwell", "l40s"]),
    ("ok back on topic, how does the rtx pro 6000 stack up against those two?", Scenario(gpus=["rtx-5090", "rtx-4090"]),
     ["rtx-5090", "rtx-4090", "rtx-pro-6000-blackwell"]),
])
def test_a_card_set_against_the_ones_discussed(text, prev, cards):
    from assistant.scenario import merge
    r = carry(read(text), prev)
    assert r.intent == "compare" and r.scenario.gpu_count is None
    assert merge(prev, r.scenario, r.new_model, comparing=True).gpus == cards


def test_an_off_topic_aside_keeps_nothing_of_its_numbers():
    prev = Scenario(gpus=["rtx-5090", "rtx-4090"])
    r = carry(read("lol unrelated, can you recommend a gaming chair under 300 bucks"), prev)
    assert r.intent == "out_of_scope" and r.scenario.is_empty()
    assert read("budget 300k, unrelated to the gpus we have").intent != "out_of_scope"
