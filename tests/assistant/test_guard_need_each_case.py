"""Sentences the explanation showed with the model, after stop 53's freeze (at d68d7ae) and at b7105d1:
- "нужно около 42,95 ГБ видеопамяти" for Qwen3 32B in INT8 for 20 users, where 42,95 GB is the KV cache and the whole
  need 97,92 GB (a part said as the whole, with no part named);
- "две RTX 3060, каждая из которых потребляет 340 Вт", where 340 W is the two cards together;
- "Для двадцать человек сидеть" (the customer's numeral copied in the wrong case);
- "Ваш БП 850 Вт не хватает" (at b7105d1: what falls short must be genitive, a figure between).
Known-bad and known-good wordings for the guard's checks (assistant/checks/relations.py, agreement.py) and, for the first
two, the bench's own graders (bench/strict_claims.py), written apart from them."""
import pytest

from assistant.checks.agreement import disagreements
from assistant.checks.relations import mislabelled, total_said_per_card
from bench.strict_claims import misnamed_figures, total_watts_given_each

_INT8 = {"model": "qwen3-32b", "precision": "int8", "context": 8192, "users": 20}
TABLE = {"weights_bytes": 34_800_000_000, "kv_cache_bytes": 42_950_000_000, "activations_bytes": 20_170_000_000,
         "total_bytes": 97_920_000_000, "per_gpu_bytes": 97_920_000_000}
FACTS = [{"tool": "vram", "input": _INT8, "output": TABLE}]

BAD_NEED = ["Для этого нужно около 42,95 ГБ видеопамяти.",
            "Чтобы 20 человек работали одновременно, нужно около 42,95 ГБ видеопамяти.",
            "You need about 42.95 GB of VRAM.",
            "Потребуется 34,80 ГБ видеопамяти."]
GOOD_NEED = ["Всего нужно около 97,92 ГБ видеопамяти.",
             "You need about 97.92 GB of VRAM.",
             "Для KV-кэша нужно около 42,95 ГБ видеопамяти.",
             "На KV-кэш 20 пользователей нужно 42,95 ГБ видеопамяти.",
             "Нужно 34,80 ГБ видеопамяти под веса."]


@pytest.mark.parametrize("sentence", BAD_NEED)
def test_a_part_said_as_the_whole_need_is_caught(sentence):
    assert mislabelled(sentence, FACTS) and misnamed_figures(sentence, FACTS)


@pytest.mark.parametrize("sentence", GOOD_NEED)
def test_the_whole_need_or_a_named_part_passes(sentence):
    assert not mislabelled(sentence, FACTS) and not misnamed_figures(sentence, FACTS)


POWER = [{"tool": "power", "input": {"gpu": "rtx-3060-12gb", "count": 2}, "output": {"count": 2, "gpu_watts": 340}}]
BAD_EACH = ["Две карты RTX 3060, каждая из которых потребляет 340 Вт.", "Each of them draws 340 W.",
            "Две видеокарты, каждая из них жрёт 340 Вт."]
GOOD_EACH = ["Две карты, каждая из которых потребляет 170 Вт, вместе 340 Вт.", "Карты вместе потребляют 340 Вт.",
             "Each of them draws 170 W, 340 W together."]


@pytest.mark.parametrize("sentence", BAD_EACH)
def test_the_pairs_draw_given_each_is_caught(sentence):
    assert total_said_per_card(sentence, POWER) and total_watts_given_each(sentence, POWER)


@pytest.mark.parametrize("sentence", GOOD_EACH)
def test_each_cards_own_draw_passes(sentence):
    assert not total_said_per_card(sentence, POWER) and not total_watts_given_each(sentence, POWER)


@pytest.mark.parametrize("sentence", ["Для двадцать человек сидеть нужно 3 карты.", "До пять карт в одном сервере.",
                                      "Из восемь карт две в резерве."])
def test_a_nominative_numeral_after_a_genitive_preposition_is_caught(sentence):
    assert any(p.startswith("grammar:") for p in disagreements(sentence))


@pytest.mark.parametrize("sentence", ["Для двадцати человек нужно 3 карты.", "от двух до пяти карт",
                                      "Из восьми карт две в резерве.", "Для 20 человек хватит трёх карт.",
                                      "Около сорока гигабайт уйдёт на кэш."])
def test_numerals_in_the_genitive_pass(sentence):
    assert not disagreements(sentence)


@pytest.mark.parametrize("sentence, bad", [("Ваш БП 850 Вт не хватает для работы Llama 3.1 8B.", True),  # shown at b7105d1
                                           ("Ваш БП на 3200 Вт не хватает для работы шести RTX 4090.", True),  # at 7ff4865
                                           ("Вашего БП на 3200 Вт не хватает для работы.", False),
                                           ("Вашего БП 850 Вт не хватает для работы.", False),
                                           ("Памяти 24 ГБ не хватает.", False), ("Одной карты 24 ГБ не хватит.", False)])
def test_what_falls_short_is_genitive_with_a_figure_between(sentence, bad):
    assert bool(disagreements(sentence)) == bad
