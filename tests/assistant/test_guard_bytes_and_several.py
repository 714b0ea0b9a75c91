"""Two wrong sentences shown after stop 52's freeze, on "влезет ли qwen3 32b в q4 на 5090?" (1 × RTX 5090 holds it):
"Квадратный объем модели Qwen3 32B составляет 19,00 байт" (the weights' 19,00 GB said in bare bytes) and "нужно
использовать несколько карт RTX 5090" (several cards advised where one fits). Known-bad and known-good wordings for
the guard's checks (assistant/checks/units.py, counts.py) and for the bench's own graders (bench/strict_claims.py),
which are written apart from them."""
import pytest

from assistant.checks.counts import several_when_one
from assistant.checks.units import gigabytes_as_bytes
from bench.strict_claims import bytes_for_gigabytes, several_where_one_fits

_Q4 = {"model": "qwen3-32b", "precision": "int4", "context": 8192}
TABLE = {"weights_bytes": 19_000_000_000, "kv_cache_bytes": 2_150_000_000, "total_bytes": 28_750_000_000,
         "per_gpu_bytes": 28_750_000_000, "gpu_vram_bytes": 34_360_000_000, "gpus": 1, "fits": True}
ON_5090 = [{"tool": "vram", "input": _Q4, "output": TABLE},
           {"tool": "fit", "input": {**_Q4, "gpu": "rtx-5090"}, "output": TABLE}]
_FP16_70B = {"model": "llama-3.3-70b", "precision": "fp16", "context": 8192}
ON_4090_70B = [{"tool": "vram", "input": _FP16_70B, "output": {"total_bytes": 160_000_000_000}},
               {"tool": "fit", "input": {**_FP16_70B, "gpu": "rtx-4090"}, "output": {"gpus": 1, "fits": False}}]

BAD_BYTES = ["Квадратный объем модели Qwen3 32B составляет 19,00 байт.",
             "Веса занимают 19,00 байт, а всего нужно 28,75 ГБ.",
             "The weights take 19.00 bytes in INT4.",
             "Итого 28,75 байта на карту."]
GOOD_BYTES = ["Веса модели занимают 19,00 ГБ.",
              "Веса занимают 19,00 гигабайт.",
              "В INT4 на параметр приходится половина байта, в FP16 — 2 байта.",
              "Each parameter takes 2 bytes in FP16.",
              "The weights take 19.00 GB (10⁹ bytes each)."]


@pytest.mark.parametrize("sentence", BAD_BYTES)
def test_a_gigabyte_figure_said_in_bytes_is_caught(sentence):
    assert gigabytes_as_bytes(sentence, ON_5090) and bytes_for_gigabytes(sentence, ON_5090)


@pytest.mark.parametrize("sentence", GOOD_BYTES)
def test_gigabytes_and_bytes_per_parameter_pass(sentence):
    assert not gigabytes_as_bytes(sentence, ON_5090) and not bytes_for_gigabytes(sentence, ON_5090)


BAD_SEVERAL = ["Для этой модели нужно использовать несколько карт RTX 5090.",
               "Вам понадобится несколько таких карт.",
               "You will need multiple GPUs for this model.",
               "You need several RTX 5090 cards."]
GOOD_SEVERAL = ["Одной RTX 5090 достаточно, несколько карт не нужны.",
                "Если контекст вырастет, может понадобиться несколько карт.",
                "Для этой модели нужна одна карта RTX 5090.",
                "Several cards would only help with many users."]


@pytest.mark.parametrize("sentence", BAD_SEVERAL)
def test_several_cards_advised_where_one_fits_is_caught(sentence):
    assert several_when_one(sentence, ON_5090) and several_where_one_fits(sentence, ON_5090)


@pytest.mark.parametrize("sentence", GOOD_SEVERAL)
def test_one_card_said_negated_or_conditional_passes(sentence):
    assert not several_when_one(sentence, ON_5090) and not several_where_one_fits(sentence, ON_5090)


def test_several_cards_pass_where_one_does_not_hold_the_model():
    said = "Для этой модели нужно несколько карт RTX 4090."
    assert not several_when_one(said, ON_4090_70B) and not several_where_one_fits(said, ON_4090_70B)
    assert not several_when_one(said, []) and not several_where_one_fits(said, [])


def test_the_guard_drops_both():
    from assistant.guard import grounding, violations
    g = grounding(ON_5090, ["Веса модели: 19,00 ГБ. Итого 28,75 ГБ. Карта: 1 × RTX 5090."], lang="ru")
    assert any(v.startswith("unit") for v in violations("Квадратный объем модели Qwen3 32B составляет 19,00 байт.", g))
    assert any(v.startswith("count") for v in violations("Для этой модели нужно использовать несколько карт RTX 5090.", g))
    assert not violations("Веса модели занимают 19,00 ГБ.", g)


@pytest.mark.parametrize("sentence", ["For 200 concurrent users you will need several RTX 5090 cards to keep up the throughput.",
                                      "Для отказоустойчивости возьмите несколько карт RTX 5090."])
def test_several_cards_for_another_reason_than_memory_pass(sentence):  # found by a review helper
    assert not several_when_one(sentence, ON_5090) and not several_where_one_fits(sentence, ON_5090)
