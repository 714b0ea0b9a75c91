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
