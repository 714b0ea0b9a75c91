"""Sixty-third pass (issue 11): faults of stop 57's hurried questions and its second review, then general rules read
off fresh96 and fresh97 after their first sight at 7e74f76, each with a counterpart that keeps its old reading."""
import pytest

from assistant.reading import read
from tests.assistant.test_reading_thirtyninth_pass import talk

OFFICE = "у нас в офисе стоят две 4090, хотим квен 14б чтоб человек 8 одновременно сидели — потянет?"


# ---------------------------------------------------------------- a model in place of another, on the cards kept
@pytest.mark.parametrize("follow_up", ["а если вместо квена гемму 3 27б взять?", "gemma 2 27b?",
                                       "а гемма 3 27б?", "ok and gemma 3 27b then?"])
def test_a_model_in_place_of_another_is_asked_on_the_cards_kept(follow_up):
    scenario, intent = talk(OFFICE, follow_up)
    assert intent == "vram" and scenario.gpu == "rtx-4090" and scenario.gpu_count == 2, follow_up


@pytest.mark.parametrize("follow_up", ["а под гемму 3 27б сколько карт нужно?", "а под гемму 3 27б что брать?",
                                       "what should we buy for gemma 3 27b?"])
def test_what_to_buy_for_the_new_model_stays_a_recommendation(follow_up):
    assert talk(OFFICE, follow_up)[1] == "recommend", follow_up


# ---------------------------------------------------------------- the rate asked with a card added
def test_a_rate_asked_with_a_card_added_is_the_speed():
    scenario, intent = talk(OFFICE, "а если вторую такую же докупить сколько токенов в сек будет на каждого")
    assert intent == "speed" and scenario.gpu == "rtx-4090"


def test_what_to_add_for_a_rate_stays_the_upgrade_and_how_fast_value_is_lost_stays_knowledge():
    assert read("у меня 3090, что докупить чтобы было 30 токенов в секунду на ламе 70б?").intent == "upgrade"
    assert read("How fast do cards like the A100 lose resale value? Is that sane collateral?").intent != "speed"


# ---------------------------------------------------------------- stop 57's second review, wrong in both readers
def test_a_card_sold_is_no_card_of_theirs():
    scenario, intent = talk("у меня 3090", "я продал свою 3090, под квен 14б что?")
    assert scenario.gpu is None and intent == "recommend"
    assert read("sold my 3090 last month, what should i get for qwen3 14b?").scenario.gpu is None
    r = read("продаю 3090 или докупить вторую?")  # a card still owned, weighed
    assert r.scenario.gpu == "rtx-3090" and r.intent == "upgrade"


@pytest.mark.parametrize("turns, price", [
    (("сервер на 8 h100, облако 300 руб в час", "если продавец уступит до 14 млн, окупится против облака?"), 14_000_000),
    (("облако 300 руб в час за h100", "if the vendor drops it to 300k, does owning pay off?"), 300_000)])
def test_a_sellers_price_brought_down_to_is_the_servers_price(turns, price):
    scenario, intent = talk(*turns)
    assert scenario.server_price == price and scenario.budget is None and intent == "cost"


def test_a_card_against_another_on_a_model_named_is_compared():
    scenario, intent = talk("думаю взять 4090 под ламу 70б в q4", "а против 5090 она сильно проигрывает в llama 70b?")
    assert intent == "compare" and scenario.gpus == ["rtx-4090", "rtx-5090"]


def test_this_psu_with_a_model_as_condition_is_power():
    scenario, intent = talk("у меня бп 1200 вт и 2 3090", "этот блок вытянет если запущу квен 72б?")
    assert intent == "power" and scenario.psu_w == 1200
    assert talk("у меня бп 1200 вт и 2 3090", "а квен 72б на них влезет?")[1] == "vram"  # the model asked, as before


def test_more_cards_and_more_users_are_both_added():
    scenario, _ = talk("we have 4 h100 and 50 users, llama 70b", "add 2 more cards and 20 more users")
    assert scenario.gpu_count == 6 and scenario.users == 70
