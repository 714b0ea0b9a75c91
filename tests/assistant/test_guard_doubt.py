"""A configuration the recommendation lists said not to be enough (a hurried question at 6be21a1: "Его VRAM
(25,77 ГБ) … могут не быть достаточными" under a table that listed 4 × RTX 4090). The listed configurations fit
by construction; one card of several, or a condition, is no such claim."""
import pytest

from assistant.checks.doubt import configuration_doubted
from assistant.service import Conversation

FACTS = [{"tool": "recommend", "output": {"configurations": [
    {"gpu": "RTX 5090", "gpu_id": "rtx-5090", "count": 3, "total_vram_bytes": 103079215104,
     "per_gpu_need_bytes": 27591369390},
    {"gpu": "RTX 4090", "gpu_id": "rtx-4090", "count": 4, "total_vram_bytes": 103079215104,
     "per_gpu_need_bytes": 21181027043}]}}]


@pytest.mark.parametrize("sentence", [
    "Его VRAM (25,77 ГБ) и пропускная способность могут не быть достаточными.",
    "Четыре RTX 4090 может не хватить для этой модели.",
    "3 × RTX 5090 are not enough for 25 users.",
    "A total of 103.08 GB may not be sufficient here.",
    "При 27,59 ГБ на карту памяти недостаточно."])
def test_a_listed_configuration_said_not_enough_is_caught(sentence):
    assert configuration_doubted(sentence, FACTS)


@pytest.mark.parametrize("sentence", [
    "Одной RTX 4090 (25,77 ГБ) не хватит, поэтому нужно четыре.",  # one card of four: true
    "A single RTX 5090 is not enough on its own.",
    "Четыре RTX 4090 хватит с запасом.",  # the configuration said to fit
    "Если пользователей станет 50, 4 × RTX 4090 может не хватить.",  # a condition
    "Two RTX 4090 are not enough.",  # not a listed configuration's count
    "RTX 4090 — игровая карта, лицензия не разрешает дата-центр."])
def test_one_card_a_condition_or_a_fit_passes(sentence):
    assert not configuration_doubted(sentence, FACTS)


def test_no_recommendation_no_check():
    assert not configuration_doubted("4 × RTX 4090 may not be enough.", [{"tool": "fit", "output": {"fits": True}}])


def test_the_doubt_is_dropped_from_the_explanation(make_assistant):
    said = "Для 25 пользователей подойдут варианты из таблицы. Его VRAM (25,77 ГБ) может не быть достаточным."
    a = make_assistant([said, said])
    res = a.ask(Conversation(), "нас человек 25, модель гемма 3 27б в 8 бит, что брать?")
    assert res.explanation == "Для 25 пользователей подойдут варианты из таблицы."
    assert [v for v in res.guard.violations if v.startswith("verdict")]
