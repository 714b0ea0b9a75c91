"""Thirty-third pass (fresh28.yaml's first sight, issue 11; the second set written by a helper): a card's slang and a
letter for a zero ("а6к", "h1oo"); "8/5"; a kW·h price after "квт/ч"; shifts counted after the word; "2 nos"; an
answer in the first sentence of a longer message; two counts of one card on the books; intents. Near misses too."""
import pytest

from assistant.reading import read
from assistant.reading.context import carry
from assistant.scenario import Scenario
from assistant.turn.framing import settle_intent


@pytest.mark.parametrize("text,gpu", [("принесли а6к — это что за карта вообще", "rtx-a6000"),
                                      ("single a6k right now, what do i add for qwen3 235b", "rtx-a6000"),
                                      ("we've got a box with 4x h1oo sxm", "h100-sxm"),
                                      ("2 a1oo?", "a100-sxm-80gb")])
def test_a_card_in_slang_or_with_a_letter_for_a_zero(text, gpu):
    r = read(text)
    assert r.scenario.gpu == gpu and r.unattached == []
    assert r.text == text  # the customer's words, as written, for the highlighting


def test_water_is_no_card():
    assert read("go go h2o").scenario.gpu is None


@pytest.mark.parametrize("text,hours", [("агрономы будут пользоваться по графику 8/5. что выгоднее", round(8 * 260 / 12, 2)),
                                        ("12/7 support on 2 h100", round(12 * 365 / 12, 2))])
def test_hours_over_days_of_the_week(text, hours):
    assert read(text).scenario.hours_per_month == hours


def test_a_fraction_with_no_schedule_is_no_hours():
    assert read("llama 8b, 3/5 of the team at once").scenario.hours_per_month is None


@pytest.mark.parametrize("text", ["сколько нагорит за свет если квт/ч у нас 7.5 руб, две l40s", "квт*ч 7.5 руб, две l40s"])
def test_a_price_after_kwh_written_with_a_slash(text):
    s = read(text).scenario
    assert s.electricity_price == 7.5 and s.server_price is None


def test_shifts_counted_after_the_word():
    assert read("сервак с двумя l40s будет пахать по сменам 2 по 12 часов каждый день").scenario.hours_per_month == 730
    assert read("2 смены по 12 часов, две l40s").scenario.hours_per_month == 730
    assert read("по 12 часов каждый день, две l40s").scenario.hours_per_month == 365


def test_nos_counts_pieces():
    s = read("will full fine tuning of Qwen3 14B in bf16 fit in 2 nos A100 40GB or not?").scenario
    assert s.gpu == "a100-sxm-40gb" and s.gpu_count == 2


def test_the_answer_to_a_question_asked_in_the_first_sentence():
    asked = Scenario(asked={"users": [20, 30]})
    r = carry(read("ну давайте на тридцать считать. модель хотим квин 32б в fp8"), asked)
    assert r.scenario.users == 30 and r.scenario.model == "qwen3-32b"
    r = carry(read("модель квен 32б на двух картах. на тридцать считать"), asked)
    assert r.scenario.users is None  # the first sentence is no reply


def test_two_counts_of_one_card_on_the_books_are_asked():
    r = read("кафедра, у нас в сервере стоят 4 a5000, а по инвентарной описи числится 6. какие модели можно крутить")
    assert r.scenario.gpu_count is None and [s.text for s in r.conflicts["gpu_count"]] == ["4", "6"]


def test_thanks_that_it_helped_is_a_greeting_and_off_topic_is_out_of_scope():
    assert read("ok thx super helpful").intent == "greeting"
    assert read("off topic but any idea why my 2019 freightliner cascadia keeps throwing a def code").intent == "out_of_scope"
    assert read("off topic but how much is an h100").intent == "gpu_info"


def test_a_trade_of_the_customer_s_own_is_no_buy_back():
    assert read("мастерская, скупаем бу железо. принесли а6к — это что за карта вообще").intent == "gpu_info"
    assert read("вы скупаете бу 3090?").intent == "handoff"


def test_a_follow_up_asking_what_a_budget_buys_is_a_recommendation():
    r = read("and what could we get for roughly €9k, thats whats left in the budget")
    prev = Scenario(model="gemma-3-27b", gpu="l40s", gpu_count=1, users=15)
    assert settle_intent(r, prev, "vram") == "recommend"
    assert settle_intent(read("and with 20 users?"), prev, "vram") == "followup"
