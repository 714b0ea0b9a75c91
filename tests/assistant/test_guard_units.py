"""A true figure or width under the wrong meaning (assistant/checks/units.py): a hurried question at e983f89 ("дипсик 32б
крутить в 8 бит на шестерых чел контекст шестнадцать тыщ") got "нужно видеть 16 бит … требует 77,31 ГБ" under an INT8
table, and "16 384 байта контекста". Known-bad and known-good wordings of each, and the guard dropping them."""
import pytest

from assistant.checks.units import tokens_as_bytes, yardstick_as_width
from bench.strict_claims import context_in_bytes, sixteen_bits_for_the_table

INT8 = {"model": "DeepSeek-R1-Distill-Qwen-32B", "precision": "int8", "weights_bytes": 34_850_000_000,
        "kv_cache_bytes": 25_770_000_000, "activations_bytes": 3_100_000_000, "total_bytes": 77_310_000_000,
        "per_gpu_bytes": 38_655_000_000, "fits": True}
FACTS = [{"tool": "fit", "input": {"precision": "int8", "context": 16384, "users": 6}, "output": INT8},
         {"tool": "fit_options", "output": {"fits": True, "precision": "int8", "max_context": 40960,
                                            "formats": [{"precision": "fp16", "per_gpu_bytes": 70_000_000_000,
                                                         "fits": False}]}}]


@pytest.mark.parametrize("sentence", [
    "Для этого нужно видеть 16 бит, и модель требует 77,31 ГБ.",
    "Модель работает в 16 битах.",
    "В 16 битах модели требуется 77,31 ГБ видеопамяти.",
    "The model requires 16 bits and 77.31 GB in all.",
    "Weights in 16-bit take 34.85 GB.",
    "Для дипсик 32B нужно видеть 16 бит, чтобы контекст шестнадцать тыщ крутить в 8 бит.",  # the regenerated one
])
def test_sixteen_bits_said_as_this_turns_width_is_caught(sentence):
    assert yardstick_as_width(sentence, FACTS) and sixteen_bits_for_the_table(sentence, FACTS)


@pytest.mark.parametrize("sentence", [
    "В 8 битах модели требуется 77,31 ГБ.",
    "Это вдвое меньше, чем в 16 битах.",
    "Без квантования, в 16 битах, модели нужно было бы 70 ГБ на карту.",
    "В 16 битах на карту нужно 70 ГБ, а в 8 битах 38,66 ГБ.",  # the fp16 option's own figure
    "Веса в 8 бит занимают 34,85 ГБ, а не 16 бит.",
    "8-bit weights take half of 16-bit ones.",
    "The original weights are 16 bits; here they are 8 bits, 34.85 GB.",
    "Модели требуется 77,31 ГБ.",
])
def test_the_yardstick_said_as_such_and_the_tables_own_width_pass(sentence):
    assert not yardstick_as_width(sentence, FACTS) and not sixteen_bits_for_the_table(sentence, FACTS)


def test_sixteen_bits_is_the_table_itself_when_the_table_is_fp16_or_training():
    fp16 = [{"tool": "fit", "input": {"precision": "fp16"}, "output": {**INT8, "precision": "fp16"}}]
    lora = [{"tool": "fit", "input": {"precision": "int8", "task": "lora"}, "output": INT8}]
    said = "Модель работает в 16 битах и требует 77,31 ГБ."
    assert not yardstick_as_width(said, fp16) and not yardstick_as_width(said, lora)
    assert not sixteen_bits_for_the_table(said, fp16) and not sixteen_bits_for_the_table(said, lora)
    assert yardstick_as_width(said, FACTS) and sixteen_bits_for_the_table(said, FACTS)


@pytest.mark.parametrize("sentence", ["Контекст 16 384 байта на каждого пользователя.",
                                      "Для 16 384 байтов контекста нужен KV-кэш 25,77 ГБ.",
                                      "A context of 16384 bytes per user."])
def test_the_context_said_in_bytes_is_caught(sentence):
    assert tokens_as_bytes(sentence, FACTS) and context_in_bytes(sentence, FACTS)


@pytest.mark.parametrize("sentence", ["Контекст 16 384 токена на каждого пользователя.",
                                      "KV-кэш на 16 384 токена занимает 25,77 ГБ.",
                                      "Each token's cache takes 131072 bytes.",  # no context figure
                                      "A context of 16384 tokens per user."])
def test_the_context_in_tokens_passes(sentence):
    assert not tokens_as_bytes(sentence, FACTS) and not context_in_bytes(sentence, FACTS)


def test_the_guard_drops_both():
    from assistant.guard import grounding, violations
    g = grounding(FACTS, ["Всего: 77,31 ГБ в INT8."], lang="ru")
    assert any(v.startswith("width") for v in violations("Для этого нужно видеть 16 бит, и модель требует 77,31 ГБ.", g))
    assert any(v.startswith("unit") for v in violations("Контекст 16 384 байта на каждого пользователя.", g))
    assert not any(v.startswith(("width", "unit")) for v in violations("В 8 битах модели требуется 77,31 ГБ.", g))


# the same question's regenerated sentence copied the customer's slang in runs shorter than echo.COPIED_RUN
SLANGY = ["скока надо видях чтоб дипсик 32б крутить в 8 бит на шестерых чел контекст шестнадцать тыщ"]


@pytest.mark.parametrize("sentence", ["Для дипсик 32B нужно видеть 16 бит, чтобы контекст шестнадцать тыщ крутить в 8 бит.",
                                      "Квена на 10 юзеров хватит, если гигов 48."])
def test_two_of_the_customers_slang_words_are_an_echo(sentence):
    from assistant.checks.echo import slang_copied
    question = SLANGY + ["а квена на 10 юзеров скока гигов?"]
    assert slang_copied(sentence, [], question)


@pytest.mark.parametrize("sentence", [
    "Для DeepSeek-R1-Distill-Qwen 32B в INT8 на шестерых с контекстом 16 384 нужно 77,31 ГБ.",
    "Для дипсик 32B в INT8 нужно 77,31 ГБ.",  # one slang word: a lapse of style, not an echo
    "Для инференса на 6 пользователей токенов контекста 16 384.",  # the guide's own words, not the customer's slang
])
def test_proper_words_and_a_single_slang_word_pass(sentence):
    from assistant.checks.echo import slang_copied
    assert not slang_copied(sentence, [], SLANGY + ["инференс на 6 юзеров, токенов 16к"])


def test_slang_the_prompt_itself_uses_is_no_echo():
    from assistant.checks.echo import slang_copied
    sentence = "Для дипсик 32B нужно шестнадцать тыщ токенов."
    assert slang_copied(sentence, [], SLANGY)
    assert not slang_copied(sentence, ["Модель: дипсик 32B"], SLANGY)


def test_the_guard_drops_the_slang_echo():
    from assistant.guard import grounding, violations
    g = grounding(FACTS, ["Всего: 77,31 ГБ в INT8."], lang="ru", customer=SLANGY)
    assert "echo" in violations("Для дипсик 32B в INT8 контекст шестнадцать тыщ.", g)
    assert "echo" not in violations("Для DeepSeek 32B в INT8 контекст 16 384.", g)
