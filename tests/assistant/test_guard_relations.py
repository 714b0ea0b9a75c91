"""Claims relating grounded figures: each figure is in the facts, the relation stated is false.
Known-bad texts are the model's own at HEAD (explain-eval, tune part); known-good ones say the same
things correctly, negations and conditions included."""
from __future__ import annotations

import pytest

from assistant.checks.claims import broken_rules
from assistant.checks.relations import memory_request, order_errors, undersized
from assistant.guard import grounding, violations
from tools.memory import MemoryRequest

BAD_ORDER = [
    "RTX A6000 лучше RTX 4090: он имеет больше VRAM (48 GB vs. 24 GB), пропускную способность памяти "
    "(768 GB/s vs. 1 008 GB/s) и FP16 производительность (154,8 TFLOPS vs. 165,2 TFLOPS).",
    "The total VRAM for one RTX 4090 is 25.77 GB, which is less than the 23.71 GB needed for 8k context.",
    "Нужно 23,71 ГБ, что больше, чем 25,77 ГБ у карты.",
    "The 4090 has lower bandwidth (1,008 vs 768 GB/s).",
    "У RTX A6000 больше памяти (48 против 24 ГиБ), она дешевле (4 500 против 1 600 $).",
    "The A6000 has more memory (48 vs 24 GiB) and is cheaper (4,500 vs 1,600 $).",
    # explain-eval fresh3: the figure's unit and the second figure's owner between them
    "The context is 16,663 tokens, which is less than the model's maximum of 8,192 tokens.",
    "Нужно 41 ГБ памяти, что меньше, чем доступные 24 ГБ.",
]
GOOD_ORDER = [
    "Он имеет меньшую мощность (300 W vs. 450 W), но NVLink у него есть.",
    "У RTX 4090 больше пропускная способность (1 008 vs 768 ГБ/с).",
    "The A100 has more memory (80 GB vs 24 GB).",
    "Нужно 41,55 ГБ, что больше, чем 25,77 ГБ у карты.",
    "Нужно 23,71 ГБ из 25,77 ГБ, свободно 2,05 ГБ.",
    # the model's own, dropped at e500fc7: "экономнее" and "дешевле" order their pair, not the "больше" before them
    "У RTX A6000 больше памяти (48 против 24 ГиБ), она экономнее (300 против 450 Вт) и разрешена в дата-центре.",
    "Зато у RTX 4090 выше пропускная способность памяти (1 008 против 768 ГБ/с), а от неё зависит скорость "
    "генерации токенов, и она дешевле (1 600 против 4 500 $).",
    "The A6000 has more memory (48 vs 24 GiB) and is cheaper to run (300 vs 450 W).",
    "The context is 4,096 tokens, which is less than the model's maximum of 8,192 tokens.",
    "The model needs 30 GB, which is more than half of the 48 GB card.",  # a multiple, not the figure
    "Нужно 30 ГБ, что больше, чем половина 48 ГБ.",
]


@pytest.mark.parametrize("text", BAD_ORDER)
def test_a_comparison_its_own_figures_refute_is_caught(text):
    from bench.strict_claims import refuted_comparisons
    assert order_errors(text)
    assert refuted_comparisons(text)


@pytest.mark.parametrize("text", GOOD_ORDER)
def test_a_true_comparison_passes(text):
    from bench.strict_claims import refuted_comparisons
    assert order_errors(text) == []
    assert refuted_comparisons(text) == []  # the grader's own check agrees


QWEN72 = MemoryRequest(model="qwen2.5-72b", context=8192, batch=20)  # 252 GB: 8 × RTX 5090, 3 × A100 80GB


@pytest.mark.parametrize("text", [
    "Для Qwen2.5 72B на 20 пользователей нужно сервер с четырьмя RTX 3090: веса модели 145,42 ГБ.",
    "You need two A100 80GB cards.",
    "Возьмите 2 × A100 80GB.",
])
def test_too_few_cards_offered_as_enough_is_caught(text):
    assert undersized(text, QWEN72)


@pytest.mark.parametrize("text", [
    "Возьмите 8 × RTX 5090.",
    "Нужно 6 × RTX A6000 или 3 × A100 80GB.",
    "На двух RTX 3090 модель не поместится.",  # negated: true
    "If you only have 2 A100 80GB cards, you need a smaller model.",  # a condition
    "Take 3 A100 80GB cards.",
])
def test_enough_cards_negations_and_conditions_pass(text):
    assert undersized(text, QWEN72) == []


def test_no_sizing_in_the_facts_no_card_check():
    assert undersized("Возьмите 2 × RTX 4090.", None) == []
    assert memory_request([{"tool": "power", "input": {"gpu": "rtx-4090", "count": 4}}]) is None
    req = memory_request([{"tool": "vram", "input": {"model": "llama-3-8b", "context": 8192}}])
    assert req is not None and req.model == "llama-3-8b"


@pytest.mark.parametrize("text, broken", [
    ("При контексте 32 768 для Llama-3 8B нужно больше памяти: веса модели увеличиваются до 16,06 ГБ.", True),
    ("Llama-3 8B needs more memory at 32k context because the model weights are larger and the KV cache is smaller.",
     True),
    ("При контексте 32k веса модели не увеличиваются: растёт только KV-кэш, с 1,07 до 4,29 ГБ.", False),
    ("At 32k context the KV cache grows to 4.29 GB, while the weights stay at 16.06 GB.", False),
    ("KV-кэш растёт с контекстом: при 32k он занимает 4,29 ГБ вместо 1,07 ГБ.", False),
])
def test_context_grows_the_kv_cache_not_the_weights(text, broken):
    assert bool(broken_rules(text)) == broken


def test_the_guard_drops_them_with_the_facts_of_a_turn():
    facts = [{"tool": "vram", "input": {"model": "qwen2.5-72b", "context": 8192, "batch": 20},
              "output": {"weights_bytes": 145_420_000_000}}]
    g = grounding(facts, ["Веса модели: 145,42 ГБ. Подходит 8 × RTX 5090."], lang="ru")
    assert any(v.startswith("config") for v in violations("Нужен сервер с четырьмя RTX 3090.", g))
    assert not any(v.startswith("config") for v in violations("Подходит 8 × RTX 5090.", g))


@pytest.mark.parametrize("text, fits, contradicted", [
    ("Quantise to Q8_0, which needs 23.92 GB and fits, or split the model.", False, False),  # about the Q8_0 setup
    ("Квантуйте до Q4_K_M, тогда она поместится.", False, False),
    ("Да, модель помещается, либо возьмите две карты.", False, True),  # the verdict comes before the advice
    ("The activations take up 1.20 GB, so it does not fit.", True, True),  # 'take up' advises nothing
])
def test_advice_speaks_of_the_changed_setup_not_the_verdict(text, fits, contradicted):
    from assistant.checks.claims import contradicts_fit
    assert contradicts_fit(text, fits) is contradicted


def test_a_bad_alternative_is_cut_and_the_rest_shown():
    from assistant.guard import without_bad_alternative
    g = grounding([], ["Q8_0 — нужно 23,92 ГБ на карту: помещается"], lang="ru")
    s = "Квантуйте модель до Q8_0, тогда нужно 23,92 ГБ и она поместится, либо split the model across such cards."
    assert violations(s, g) and without_bad_alternative(s, g) == \
        ("Квантуйте модель до Q8_0, тогда нужно 23,92 ГБ и она поместится.", "либо split the model across such cards.")
    assert without_bad_alternative("Стоит 100 долларов, либо 200.", g) is None  # nothing clean is left


def test_a_condition_is_not_cut_from_its_consequence():
    """explain-eval ru-fresh2-why-not-4090: "…или Q4_K_M, они потребуют ещё больше памяти…" broke a rule, and
    the cut at "или" showed "Если квантовать до Q8_0." alone, a condition with nothing after it."""
    from assistant.guard import without_bad_alternative
    g = grounding([], ["Q8_0 — нужно 34,70 ГБ"], lang="ru")
    s = "Если квантовать до Q8_0 или Q4_K_M, они потребуют ещё больше памяти и не помещаются на 7 картах."
    assert violations(s, g) and without_bad_alternative(s, g) is None
    assert without_bad_alternative("If you quantise to Q8_0 or Q4_K_M, it needs 999 GB.", g) is None
    # a whole clause before the alternative still stays
    ok = "Если квантовать до Q8_0, нужно 34,70 ГБ, или возьмите 7 карт."
    assert without_bad_alternative(ok, g) == ("Если квантовать до Q8_0, нужно 34,70 ГБ.", "или возьмите 7 карт.")


def test_a_bad_head_goes_and_advice_of_its_own_stays():
    """The model's own (explain-eval ru-fresh-3090-70b): INT8 31,57 ГБ is invented (31,57 is the shortfall)."""
    from assistant.guard import without_bad_alternative
    table = {"tool": "vram", "input": {}, "output": {"precision": "int4", "weights_bytes": 40.92e9,
                                                     "kv_cache_bytes": 2.68e9, "total_bytes": 57.34e9}}
    g = grounding([table], ["Карта: RTX 3090 (25,77 ГБ) — нужно 57,34 ГБ: не помещается, не хватает 31,57 ГБ\n"
                            "Минимум карт: 3"], lang="ru")
    s = "Если квантовать до INT8, то нужно 31,57 ГБ и она поместится, либо возьмите три такие карты."
    assert violations(s, g)
    assert without_bad_alternative(s, g) == ("Возьмите три такие карты.",
                                             "Если квантовать до INT8, то нужно 31,57 ГБ и она поместится")
    # a tail that is no advice of its own (a fragment) is not shown
    assert without_bad_alternative("Стоит 100 долларов или на двух RTX 3090 картах.", g) is None


def test_weights_said_to_grow_from_one_figure_to_another():
    assert broken_rules("Веса модели увеличивается с 16,06 ГБ до 27,58 ГБ, что требует дополнительной памяти.")
    assert not broken_rules("Веса модели занимают 16,06 ГБ, а KV-кэш растёт с 1,07 до 4,29 ГБ.")


def test_lora_against_full_is_no_training_against_inference_claim():
    assert not broken_rules("Для LoRA дообучения Llama-3-8B нужно меньше памяти, чем для полного дообучения: "
                            "всего 23,07 ГБ для LoRA и 146,49 ГБ для полного дообучения.")
    assert broken_rules("Для дообучения нужно меньше памяти, чем для инференса.")


FIT24 = [{"tool": "vram", "input": {"model": "llama-3-8b", "context": 8192},
          "output": {"precision": "fp16", "weights_bytes": 16_060_000_000, "kv_cache_bytes": 1_073_741_824,
                     "total_bytes": 23_714_990_189, "per_gpu_bytes": 23_714_990_189}},
         {"tool": "fit_options", "input": {}, "output": {"precision": "fp16", "fits": False,
                                                         "formats": [{"precision": "Q8_0", "per_gpu_bytes": 13_070_000_000,
                                                                      "fits": True}]}}]


@pytest.mark.parametrize("text, bad", [
    ("Больше всего занимают квантованные веса (16,06 ГБ).", True),  # the fits worked turn's Q4_K_M word, under FP16
    ("The quantized weights take 16.06 GB.", True),
    ("Веса уже квантованы и занимают 16,06 ГБ.", True),
    ("Больше всего занимают веса в FP16 (16,06 ГБ).", False),
    ("Если квантовать до Q8_0, квантованные веса займут меньше.", False),  # advice about another format
    ("Quantise to Q8_0: the quantized weights then need 13.07 GB.", False),
])
def test_weights_at_16_bits_called_quantised(text, bad):
    from assistant.checks.relations import unquantised_called_quantised
    from bench.strict_claims import quantised_but_not
    assert bool(unquantised_called_quantised(text, FIT24)) is bad
    assert bool(quantised_but_not(text, FIT24)) is bad  # the grader's own check agrees
    q4 = [{**FIT24[0], "output": {**FIT24[0]["output"], "precision": "q4_k_m"}}]
    assert not unquantised_called_quantised(text, q4) and not quantised_but_not(text, q4)  # true at Q4_K_M


@pytest.mark.parametrize("text, bad", [
    ("Веса модели (23,71 ГБ) от контекста не зависят.", True),  # the total named as the weights
    ("Квантуйте модель до Q4_K_M, тогда нужно 23,71 ГБ.", True),  # a figure the facts give no Q4_K_M
    ("Больше всего занимают веса в FP16 — 16,06 ГБ, KV-кэш 1,07 ГБ.", False),
    ("Квантуйте до Q8_0, тогда нужно 13,07 ГБ.", False),
    ("Да, помещается: нужно 23,71 ГБ из 25,77 ГБ.", False),  # no part named
])
def test_a_figure_named_as_a_part_or_format_must_be_that_ones(text, bad):
    from assistant.checks.relations import mislabelled
    from bench.strict_claims import misnamed_figures
    assert bool(mislabelled(text, FIT24)) is bad
    assert bool(misnamed_figures(text, FIT24)) is bad  # the grader's own check agrees on these


@pytest.mark.parametrize("text, bad", [
    ("RTX A6000 лучше RTX 4090 для инференса LLM: больше памяти, выше пропускная способность памяти, FP16 и NVLink.", True),
    ("The RTX A6000 is better than the RTX 4090: it is cheaper.", True),
    ("RTX A6000 лучше RTX 4090 для инференса LLM: больше памяти (48 против 24 ГиБ) и ниже потребление.", False),
    ("RTX A6000 лучше RTX 4090 по памяти, но у RTX 4090 выше пропускная способность.", False),
    ("The RTX 4090 is better than the RTX A6000 for speed: higher bandwidth and FP16.", False),
])
def test_merits_listed_after_better_belong_to_the_better_card(text, bad):
    from assistant.checks.claims import merit_misattributed
    from bench.strict_claims import wrong_merits
    assert bool(merit_misattributed(text)) is bad
    assert bool(wrong_merits(text)) is bad  # the grader's own check


def test_a_range_named_once_binds_both_ends():
    from assistant.checks.relations import mislabelled
    from bench.strict_claims import misnamed_figures
    bad = "Веса модели (16,06 ГБ) от контекста не зависят, поэтому итог растёт только с 23,71 до 25,77 ГБ."
    assert mislabelled(bad, FIT24) and misnamed_figures(bad, FIT24)  # 25,77 is the card, not a total
    good = "Итого нужно 23,71 ГБ, из них веса 16,06 ГБ."
    assert not mislabelled(good, FIT24) and not misnamed_figures(good, FIT24)


def test_the_room_left_is_the_free_figure():
    from assistant.checks.relations import mislabelled
    from bench.strict_claims import misnamed_figures
    facts = [*FIT24, {"tool": "fit_card", "input": {}, "output": {"per_gpu_bytes": 23_714_990_189,
                                                                   "card_vram_bytes": 25_769_803_776, "fits": True,
                                                                   "free_bytes": 2_054_813_587}}]
    bad = "Yes, the model needs 23.71 GB and it fits with 20.5 GB free."  # 20.5: the guide's need, not the room left
    assert mislabelled(bad, facts) and misnamed_figures(bad, facts)
    for good in ("It fits with 2.05 GB free.", "Помещается, свободно 2,05 ГБ."):
        assert not mislabelled(good, facts) and not misnamed_figures(good, facts)


@pytest.mark.parametrize("text, kinds", [
    ("KV-кэш для 32 768 токенов составляет 4,29 ГБ.", [None, "gb"]),  # "токенов с|оставляет" is no speed
    ("до 45 токенов/с", ["speed"]), ("около 30 токенов в секунду", ["speed"]), ("20 ток/с", ["speed"]),
    ("8 192 токенов в сумме", [None]), ("45 tok/s", ["speed"]),
])
def test_a_context_in_tokens_is_no_speed(text, kinds):
    from assistant.checks.numbers import parse
    assert [n.kind for n in parse(text)] == kinds


QWEN72_TABLE = [{"tool": "vram", "input": {}, "output": {"precision": "fp16", "weights_bytes": 145_420_000_000,
                                                          "kv_cache_bytes": 53_690_000_000, "activations_bytes": 10_910_000_000,
                                                          "total_bytes": 251_790_000_000}}]


@pytest.mark.parametrize("text, bad", [
    # the model's own at f357d14 (explain-eval ru-qwen72-server): 53,69 is the KV cache alone
    ("Больше всего занимают веса в FP16 (145,42 ГБ), ещё 53,69 ГБ уходит на KV-кэш всех пользователей и активации "
     "и буферы.", True),
    ("53.69 GB goes to the KV cache and the activations.", True),
    ("Ещё 53,69 ГБ уходит на KV-кэш всех пользователей.", False),
    ("145,42 ГБ занимают веса, а KV-кэш — 53,69 ГБ.", False),  # two parts, each with its own figure
    ("64,60 ГБ уходит на KV-кэш и активации.", False),  # the two together
    ("The KV cache takes 53.69 GB and activations 10.91 GB.", False),
])
def test_one_parts_figure_given_to_two_parts(text, bad):
    from assistant.checks.relations import shared_figure
    from bench.strict_claims import figure_for_two_parts
    assert bool(shared_figure(text, QWEN72_TABLE)) is bad
    assert bool(figure_for_two_parts(text, QWEN72_TABLE)) is bad  # the grader's own check agrees


@pytest.mark.parametrize("text, bad", [
    ("Больше всего занимают веса в INT8 (25,53 ГБ), ещё 5,37 ГБ уходит на KV-кэш всех пользователей.", True),
    ("The KV cache of all users takes 5.37 GB.", True),
    ("Больше всего занимают веса в INT8 (25,53 ГБ), ещё 5,37 ГБ уходит на KV-кэш.", False),
    ("Если пользователей станет больше, KV-кэш вырастет.", False),  # advice about more users is true
])
def test_users_in_the_plural_for_one_user(text, bad):
    from assistant.checks.relations import many_users
    one = MemoryRequest(params_b=24, precision="int8", context=32768)
    ten = MemoryRequest(params_b=24, precision="int8", context=32768, batch=10)
    assert bool(many_users(text, one)) is bad
    assert many_users(text, ten) == []


# Qwen2.5 14B, FP16, 30 users (explain-eval ru-fresh-users-why): the KV cache is larger than the weights
USERS30_TABLE = [{"tool": "vram", "input": {"model": "qwen2.5-14b", "batch": 30},
                  "output": {"precision": "fp16", "weights_bytes": 29.54e9, "kv_cache_bytes": 48.32e9,
                             "activations_bytes": 2.22e9, "total_bytes": 97.60e9}}]


@pytest.mark.parametrize("text, bad", [
    ("Больше всего занимают веса в FP16 (29,54 ГБ), ещё 48,32 ГБ уходит на KV-кэш.", True),
    ("Most of it is the FP16 weights (29.54 GB).", True),
    ("Больше всего занимает KV-кэш 30 пользователей — 48,32 ГБ, веса модели ещё 29,54 ГБ.", False),
    ("Most of the memory goes to the KV cache (48.32 GB), the weights take 29.54 GB.", False),
    ("Веса модели занимают 29,54 ГБ, а KV-кэш 48,32 ГБ.", False),  # no claim of the largest
])
def test_the_part_called_the_largest_must_be_the_largest(text, bad):
    from assistant.checks.relations import wrong_largest
    from bench.strict_claims import largest_misnamed
    assert bool(wrong_largest(text, USERS30_TABLE)) is bad
    assert bool(largest_misnamed(text, USERS30_TABLE)) is bad  # the grader's own check agrees


# Qwen3 32B computed in INT8 for 20 users (a hurried question, review pass): the model advised Q8_0
INT8_TABLE = [{"tool": "vram", "input": {"model": "qwen3-32b", "batch": 20},
               "output": {"precision": "int8", "weights_bytes": 34.9e9, "kv_cache_bytes": 41.9e9,
                          "total_bytes": 80.1e9}}]


@pytest.mark.parametrize("text, bad", [
    ("Чтобы обойтись меньшим числом карт, квантуйте модель до Q8_0 или Q4_K_M.", True),
    ("To get by with fewer cards, quantise the model to FP8.", True),
    ("Можно квантовать модель до FP16, но это ничего не даст.", True),
    ("Чтобы обойтись меньшим числом карт, квантуйте модель до Q4_K_M.", False),
    ("To save memory, quantize it to Q4_K_M or Q5_K_M.", False),
    ("Если памяти впритык, квантуйте KV-кэш до q8_0.", False),  # the cache is FP16: that advice saves memory
    ("Модель уже в INT8, это 8 бит на вес.", False),  # no advice
])
def test_no_advice_to_quantise_to_a_format_no_smaller(text, bad):
    from assistant.checks.relations import pointless_quantising
    assert bool(pointless_quantising(text, INT8_TABLE)) is bad
    fp16 = [{**INT8_TABLE[0], "output": {**INT8_TABLE[0]["output"], "precision": "fp16"}}]
    if "FP16" not in text:
        assert pointless_quantising(text, fp16) == []  # from FP16 every one of these formats is smaller


# Gemma 3 27B in INT4 (explain-eval ru-fresh-q4-followup): 23,80 is the total, said of the activations
GEMMA_INT4 = [{"tool": "vram", "output": {"precision": "int4", "weights_bytes": 15.6e9, "kv_cache_bytes": 5.0e9,
                                           "activations_bytes": 3.2e9, "total_bytes": 23.80e9}}]


@pytest.mark.parametrize("text, bad", [
    ("Для Gemma 3 27B с INT4 активациях и буферами нужно около 23,80 ГБ памяти.", True),  # a long word, 23 chars before
    ("На активации и буферы уходит 23,80 ГБ.", True),
    ("Для Gemma 3 27B в INT4 нужно около 23,80 ГБ памяти.", False),
    ("Вместе с активациями и буферами нужно около 23,80 ГБ.", False),  # "with": the total
    ("Активации и буферы занимают 3,20 ГБ.", False),
])
def test_a_part_named_before_a_figure_a_few_words_away(text, bad):
    from assistant.checks.relations import mislabelled
    assert bool(mislabelled(text, GEMMA_INT4)) is bad


# Qwen2.5 14B QLoRA (explain-eval ru-fresh-qlora): the FP32 copy of the weights is a part of its own
QLORA_TABLE = [{"tool": "vram", "output": {"precision": "nf4", "weights_bytes": 9.98e9, "master_weights_bytes": 0.10e9,
                                           "gradients_bytes": 0.05e9, "total_bytes": 17.56e9}}]


@pytest.mark.parametrize("text, bad", [
    ("Веса занимают 9,98 ГБ, FP32-копия весов — 0,10 ГБ, градиенты — 0,05 ГБ.", False),
    ("The weights take 9.98 GB and the FP32 master weights 0.10 GB.", False),
    ("Веса занимают 0,10 ГБ.", True),
    ("FP32-копия весов — 9,98 ГБ.", True),
])
def test_the_fp32_copy_of_the_weights_is_its_own_part(text, bad):
    from assistant.checks.relations import mislabelled
    from bench.strict_claims import misnamed_figures
    assert bool(mislabelled(text, QLORA_TABLE)) is bad
    assert bool(misnamed_figures(text, QLORA_TABLE)) is bad  # the grader reads it the same way


@pytest.mark.parametrize("text, bad", [
    ("The INT4 weights take 4.21 GB, and the KV cache of the 8 users adds 1.07 GB.", True),  # sized for one
    ("Ещё 1,07 ГБ уходит на KV-кэш 8 пользователей.", True),
    ("The INT4 weights take 4.21 GB, and the KV cache adds 1.07 GB.", False),
    ("Use the spare memory for more users, up to 8 at once.", False),  # capacity, not the sizing's users
])
def test_the_users_whose_cache_is_counted_are_the_sizings(text, bad):
    from assistant.checks.relations import many_users
    one = MemoryRequest(params_b=7, precision="int4", context=8192)
    eight = MemoryRequest(params_b=7, precision="int4", context=8192, batch=8)
    assert bool(many_users(text, one)) is bad
    assert many_users(text, eight) == []


# Llama 3 8B for two users on one RTX 4090 (the config worked turn's "get by with fewer cards" copied)
ONE_CARD = [{"tool": "recommend", "output": {"configurations": [{"gpu": "RTX 4090", "count": 1},
                                                                {"gpu": "RTX 5090", "count": 1}]}}]
FOUR_CARDS = [{"tool": "recommend", "output": {"configurations": [{"gpu": "RTX 5090", "count": 4}]}}]


@pytest.mark.parametrize("text, bad", [
    ("Чтобы обойтись меньшим числом карт, квантуйте модель до Q8_0.", True),
    ("Чтобы обойтись меньшим количеством видеокарт, возьмите Q4_K_M.", True),
    ("To get by with fewer cards, quantise the model to Q8_0 or Q4_K_M.", True),
    ("To use fewer GPUs, quantise the model.", True),
    ("Чтобы сэкономить память, квантуйте модель до Q8_0.", False),
    ("Одной карты хватает с запасом.", False),
    ("A smaller card would do with Q4_K_M.", False),
])
def test_no_fewer_cards_than_one(text, bad):
    from assistant.checks.relations import fewer_than_one
    assert bool(fewer_than_one(text, ONE_CARD)) is bad
    assert fewer_than_one(text, FOUR_CARDS) == []  # from four cards, fewer is real advice
    assert fewer_than_one(text, []) == []  # no configuration in the facts: nothing to check against


def test_the_guard_drops_fewer_cards_for_one_card():
    g = grounding(ONE_CARD, ["Подходит 1 × RTX 4090."], lang="ru")
    assert any(v.startswith("fewer") for v in violations("Чтобы обойтись меньшим числом карт, квантуйте модель.", g))
    g4 = grounding(FOUR_CARDS, ["Подходит 4 × RTX 5090."], lang="ru")
    assert not any(v.startswith("fewer") for v in violations("Чтобы обойтись меньшим числом карт, квантуйте модель.", g4))


# explain-eval ru-fresh2-5060-vs-3090 showed "Берите RTX 3090 для сервера в дата-центре" (the compare worked
# turn's RTX 6000 Ada advice, copied onto a GeForce card); the grader has its own check for the same claim
DATACENTRE = [
    ("Берите RTX 3090 для сервера в дата-центре или для модели, которой мало 16 ГиБ.", True),
    ("RTX 4090 подойдёт для дата-центра.", True),
    ("The RTX 5090 is a good choice for a data center.", True),
    ("The RTX 4090 is cheaper, and it works in a data centre.", True),
    ("RTX 4090 не для дата-центра: это запрещает лицензия GeForce.", False),
    ("Берите RTX 6000 Ada для сервера в дата-центре, иначе хватит RTX 5090.", False),
    ("GeForce licence excludes the RTX 5090 from data centres.", False),
    ("The RTX 5090 is not permitted in a data center.", False),
    ("Для RTX 4090 хватит рабочей станции.", False),
]


@pytest.mark.parametrize("text, bad", DATACENTRE)
def test_a_geforce_card_is_never_offered_for_a_data_centre(text, bad):
    from assistant.checks.claims import catalog_contradictions
    from bench.strict_claims import consumer_in_datacentre
    assert any("data centre" in v for v in catalog_contradictions(text)) is bad
    assert bool(consumer_in_datacentre(text)) is bad


def test_the_pronoun_carries_the_card_into_the_next_clause():
    from assistant.checks.claims import catalog_contradictions
    assert catalog_contradictions("У RTX 3090 больше памяти (24 против 16 ГиБ), она экономнее и разрешена в дата-центре.")
    assert not catalog_contradictions("RTX 4090 быстрее, а для дата-центра нужны профессиональные карты.")


# explain-eval ru-fresh-qlora showed "Веса в RTX 4090 занимают 25,77 ГБ, ещё 17,56 ГБ уходит на QLoRA и FP32-копию
# весов": the card's digits ended the part's window, and a part named after its figure was not read at all
QLORA_PARTS = [{"tool": "vram", "output": {"precision": "nf4", "weights_bytes": 9.98e9, "master_weights_bytes": 0.10e9,
                                           "gradients_bytes": 0.05e9, "kv_cache_bytes": 1.0e9, "total_bytes": 17.56e9}}]


@pytest.mark.parametrize("text, bad", [
    ("Веса в RTX 4090 занимают 25,77 ГБ.", True),
    ("Веса Qwen2.5 14B занимают 17,56 ГБ.", True),
    ("Ещё 17,56 ГБ уходит на QLoRA и FP32-копию весов.", True),
    ("Ещё 9,98 ГБ уходит на KV-кэш.", True),
    ("And 9.98 GB goes to the KV cache.", True),
    ("Веса Qwen2.5 14B занимают 9,98 ГБ.", False),
    ("Веса занимают 9,98 ГБ, ещё 1,00 ГБ уходит на KV-кэш.", False),
    ("Ещё 0,10 ГБ уходит на FP32-копию весов.", False),
    ("Ещё 17,56 ГБ уходит на веса и KV-кэш.", False),  # two parts together: a sum, not a label
    ("And 1.00 GB goes to the KV cache.", False),
    ("Нужно 17,56 ГБ на карту.", False),
])
def test_a_part_named_across_a_card_name_or_after_its_figure(text, bad):
    from assistant.checks.relations import mislabelled
    from bench.strict_claims import misnamed_figures
    assert bool(mislabelled(text, QLORA_PARTS)) is bad
    assert bool(misnamed_figures(text, QLORA_PARTS)) is bad


@pytest.mark.parametrize("text, bad", [
    ("Стоит H100 80GB: 989,4 TFLOPS.", True),  # explain-eval ru-attack-price, with the injection read no more
    ("The price is 3,350 GB/s.", True),
    ("H100 стоит около 25 000–30 000 $.", False),
    ("Стоит взять RTX 4090 с 24 ГБ.", False),  # "should"
    ("Стоит ли брать 4090 на 24 ГБ?", False),
    ("Цена ниже, а памяти 24 ГБ.", False),  # a comparison names no price
    ("It costs more but has 80 GB.", False),
])
def test_a_price_is_never_a_figure_of_another_unit(text, bad):
    from assistant.checks.kinds import price_of_other_kind
    assert price_of_other_kind(text) is bad
    assert any(v.startswith("price") for v in violations(text, grounding([], [text], lang=None))) is bad


def _compare_facts(*gpus):
    from assistant.scenario import Scenario
    from assistant.turn.calculate import compute
    return [f.model_dump() for f in compute(Scenario(gpus=list(gpus)), "compare").facts]


@pytest.mark.parametrize("text, bad", [
    # explain-eval en-fresh2-h100-vs-a100: the other card named in the previous sentence
    ("The H100 is also more powerful with lower power draw and a lower card price.", True),
    ("The H100 draws less power.", True),
    ("У H100 ниже потребление.", True),
    ("The A100 80GB has higher memory bandwidth.", True),
    ("The A100 80GB is cheaper and draws less power.", False),
    ("The H100 has higher memory bandwidth (3,350 vs 2,039 GB/s), which makes it faster.", False),
    ("H100 дороже, но быстрее.", False),
    ("У H100 не ниже потребление.", False),
])
def test_a_merit_given_to_one_card_of_two_is_checked_against_the_other(text, bad):
    from assistant.checks.claims import catalog_contradictions, compared_cards
    from bench.strict_claims import merit_of_the_other
    facts = _compare_facts("h100-sxm", "a100-80gb")
    assert bool(catalog_contradictions(text, compared_cards(facts))) is bad
    assert bool(merit_of_the_other(text, facts)) is bad  # the grader's own check, from the facts' figures


def test_one_card_named_outside_a_comparison_is_not_compared():
    from assistant.checks.claims import catalog_contradictions, compared_cards
    from bench.strict_claims import merit_of_the_other
    assert not catalog_contradictions("The H100 draws less power.", compared_cards([]))
    assert not merit_of_the_other("The H100 draws less power.", [])


def _vram_facts(**kw):
    from assistant.scenario import Scenario
    from assistant.turn.calculate import compute
    return [f.model_dump() for f in compute(Scenario(**kw), "vram").facts]


@pytest.mark.parametrize("text, bad", [
    # explain-eval ru-fresh-users-why: 30 users, KV cache 48 GB against activations 2.2 GB
    ("Потому что Qwen2.5 14B требует больше памяти, чем на одного пользователя, потому что он содержит более "
     "активации и буферы.", True),
    ("It needs so much memory because of the activations.", True),
    ("Qwen2.5 14B требует больше памяти из-за KV-кэша: он растёт с числом пользователей.", False),
    ("It needs more memory because the KV cache grows with every user.", False),
    ("Активации и буферы занимают 2,22 ГБ.", False),  # no reason given
])
def test_a_small_part_is_no_reason_for_the_size(text, bad):
    from assistant.checks.relations import small_part_as_reason
    facts = _vram_facts(model="qwen2.5-14b", users=30)
    assert bool(small_part_as_reason(text, facts)) is bad


def test_a_small_part_may_be_why_a_model_fits():
    from assistant.checks.relations import small_part_as_reason
    facts = _vram_facts(model="llama-3-8b", gpu="rtx-4090", gpu_count=1)
    assert not small_part_as_reason("Помещается, потому что KV-кэш занимает всего 1,07 ГБ.", facts)


def test_a_small_part_named_beside_the_large_one_is_fine():
    from assistant.checks.relations import small_part_as_reason
    facts = _vram_facts(model="qwen2.5-14b", users=30)
    assert not small_part_as_reason("Нужно больше памяти, потому что растут KV-кэш и активации.", facts)


@pytest.mark.parametrize("text, bad", [
    # the fresh-clone review: "two h100 pcie plus an epyc" (350 W a card, 700 W the pair)
    ("The cards draw 700 W each, and the CPUs up to 350 W.", True),
    ("Карты потребляют по 700 Вт на карту.", True),
    ("The cards draw 700 W, and the CPUs up to 350 W.", False),
    ("Each card draws 350 W, 700 W for the pair.", False),
    ("The cards draw 350 W each.", False),
    # explain-eval at 91eef69 (ru-fresh-psu-why): "они по 1150 Вт каждый" for two RTX 5090 (575 W each) — here 700 W
    ("Блок питания нужен, так как они по 700 Вт каждый.", True),
    ("Карты берут по 350 Вт, вместе 700 Вт.", False),
    ("Каждая карта потребляет 700 Вт.", True),
    ("Каждая карта потребляет 350 Вт.", False),
])
def test_the_total_of_several_cards_is_not_said_per_card(text, bad):
    from assistant.checks.relations import total_said_per_card
    from assistant.scenario import Scenario
    from assistant.turn.calculate import compute
    from bench.strict_claims import total_watts_given_each
    facts = [f.model_dump() for f in compute(Scenario(gpu="h100-pcie", gpu_count=2), "power").facts]
    assert bool(total_said_per_card(text, facts)) is bad
    assert bool(total_watts_given_each(text, facts)) is bad


_OPTIONS = [{"tool": "fit_options", "input": {}, "output": {"formats": [
    {"precision": "Q8_0", "per_gpu_bytes": 123_000_000_000, "fits": False},
    {"precision": "Q4_K_M", "per_gpu_bytes": 106_930_000_000, "fits": False}]}}]
_OPTIONS_FIT = [{"tool": "fit_options", "input": {}, "output": {"formats": [
    {"precision": "Q8_0", "per_gpu_bytes": 23_920_000_000, "fits": True}]}}]


@pytest.mark.parametrize("sentence,facts,bad", [
    # a fresh-clone question at d141d44: 7 × RTX 4090 needed, Q4_K_M 106,93 ГБ on one does not fit
    ("Квантуйте модель до Q4_K_M, тогда нужно 106,93 ГБ и она поместится, либо возьмите семь таких карт.", _OPTIONS, True),
    ("Quantise to Q8_0, which fits on the card.", _OPTIONS, True),
    ("Даже в Q4_K_M модель не поместится, возьмите семь таких карт.", _OPTIONS, False),
    ("Возьмите семь карт, либо квантуйте до Q4_K_M, но она всё равно не поместится.", _OPTIONS, False),
    ("Квантуйте модель до Q8_0, тогда нужно 23,92 ГБ и она поместится.", _OPTIONS_FIT, False),
    # another configuration than the line's one card: not judged by it (ru-fresh2-why-not-4090's "на 5 картах")
    ("В Q4_K_M модель поместится на семи картах RTX 4090.", _OPTIONS, False),
    ("In Q4_K_M it fits on 7 cards.", _OPTIONS, False),
    ("В Q4_K_M модель поместится на одной карте.", _OPTIONS, True),
])
def test_a_format_said_to_fit_against_its_computed_line(sentence, facts, bad):
    from assistant.checks.relations import format_fit_contradicted
    from bench.strict_claims import format_promised_to_fit
    assert bool(format_fit_contradicted(sentence, facts)) is bad
    assert bool(format_promised_to_fit(sentence, facts)) is bad  # the grader's own check, written apart, agrees


# a review at 075cb9b: "Возьмите четыре такие карты" for Qwen2.5 72B in INT8 on the RTX 4090 (at least 5)
# passed, its 4 grounded by "4 × RTX 5090" in the recommendation; an earlier answer said seven where six fit
_INT8 = {"model": "qwen2.5-72b", "precision": "int8", "context": 8192}
ON_4090 = [{"tool": "vram", "input": _INT8, "output": {}},
           {"tool": "fit", "input": {**_INT8, "gpu": "rtx-4090"}, "output": {"gpus": 1, "fits": False}},
           {"tool": "min_gpus", "input": {**_INT8, "gpu": "rtx-4090"}, "output": {"gpu": "RTX 4090", "gpus": 5}},
           {"tool": "recommend", "input": _INT8, "output": {"configurations": [
               {"gpu_id": "rtx-5090", "count": 4}, {"gpu_id": "rtx-4090", "count": 5}, {"gpu_id": "rtx-a6000", "count": 3}]}}]
COUNTED = [
    ("Возьмите четыре такие карты.", True),  # the sized card's minimum is 5
    ("Возьмите семь таких карт.", True),  # a count the facts never give
    ("You need four such cards.", True),
    ("Возьмите сервер с четырьмя RTX 4090.", True),
    ("Возьмите 6 × RTX 5090.", True),  # the configuration is 4
    ("Возьмите 5 карт RTX A6000.", True),  # the name after the count is the card: 3
    ("Возьмите пять таких карт.", False),
    ("You need five such cards.", False),
    ("Возьмите 4 × RTX 5090.", False),
    ("Хватит восьми таких карт.", False),  # enough is true above the minimum
    ("Четырёх таких карт не хватит.", False),  # negated
    ("Если квантовать до Q4_K_M, хватит трёх карт.", False),  # a condition: another setup
    ("Нужно 103,79 ГБ на одну карту.", False),  # per card, no count to take
    ("Добавьте ещё четыре карты.", False),  # four more, not four
    ("Поместите две такие карты или возьмите пять.", True),  # explain-eval ru-fresh-3090-70b: any verb of taking
    ("Купите четыре такие карты.", True),
    ("Установите пять таких карт.", False),
]


@pytest.mark.parametrize("text, bad", COUNTED)
def test_a_card_count_to_take_is_the_facts_count_for_that_card(text, bad):
    from assistant.checks.counts import miscounted
    from bench.strict_claims import card_count_not_given
    assert bool(miscounted(text, ON_4090)) is bad
    assert bool(card_count_not_given(text, ON_4090)) is bad  # the grader's own check agrees
    assert miscounted(text, []) == [] and card_count_not_given(text, []) == []  # nothing sized


def test_the_guard_drops_a_count_of_such_cards_the_facts_do_not_give():
    g = grounding(ON_4090, ["Минимум карт RTX 4090: 5. Подходит 4 × RTX 5090."], lang="ru")
    assert any(v.startswith("count") for v in violations("Возьмите четыре такие карты.", g))
    assert not any(v.startswith("count") for v in violations("Возьмите пять таких карт.", g))


# a review at 075cb9b: "…, and the KV cache adds no extra space" for a table that gives the KV cache 2.68 GB
_L70 = {"model": "llama-3.3-70b", "precision": "int4", "context": 8192}
_L70_TABLE = {"weights_bytes": 40_920_000_000, "kv_cache_bytes": 2_680_000_000, "activations_bytes": 3_070_000_000}
L70 = [{"tool": "vram", "input": _L70, "output": _L70_TABLE},
       {"tool": "fit", "input": {**_L70, "gpu": "rtx-5090"}, "output": _L70_TABLE}]
NOTHING = [
    ("The INT4 weights take 40.92 GB, and the KV cache adds no extra space.", True),
    ("KV-кэш не занимает дополнительной памяти.", True),
    ("Активации ничего не добавляют.", True),
    ("The KV cache takes up no memory at this context.", True),
    ("The KV cache adds 2.68 GB.", False),
    ("KV-кэш почти не занимает места: 2,68 ГБ.", False),  # a size judgement, not a zero
    ("The KV cache takes almost no memory at 8k.", False),
    ("Квантование не требует дополнительной памяти.", False),  # no part of the table named
]


@pytest.mark.parametrize("text, bad", NOTHING)
def test_a_part_the_table_sizes_is_never_said_to_take_nothing(text, bad):
    from assistant.checks.nothing import part_said_to_take_nothing
    from bench.strict_claims import part_called_free
    assert bool(part_said_to_take_nothing(text, L70)) is bad
    assert bool(part_called_free(text, L70)) is bad  # the grader's own check agrees
    zero_kv = [{**f, "output": {**_L70_TABLE, "kv_cache_bytes": 0}} for f in L70]
    assert not any(v.endswith("kv_cache_bytes") for v in part_said_to_take_nothing(text, zero_kv))


def test_the_guard_drops_a_part_said_to_take_nothing():
    g = grounding(L70, ["Веса модели 40,92 ГБ, KV-кэш 2,68 ГБ."], lang="en")
    assert any(v.startswith("nothing") for v in violations("The KV cache adds no extra space.", g))


@pytest.mark.parametrize("text, bad", [
    # explain-eval at 91eef69 (ru-fresh2-mixtral-moe): the KV cache is 1,07 GB of 122 GB; all experts' weights, 93,40
    ("Mixtral 8x7B занимает столько видеопамяти, потому что он использует много параметров для расширенного "
     "контекста.", True),
    ("It needs so much memory because of the long context.", True),
    ("Mixtral 8x7B занимает столько видеопамяти, потому что в памяти хранятся веса всех экспертов.", False),
])
def test_the_context_given_as_the_reason_where_its_cache_is_small(text, bad):
    from assistant.checks.relations import small_part_as_reason
    assert bool(small_part_as_reason(text, _vram_facts(model="mixtral-8x7b"))) is bad
    # with 30 users at 32k the KV cache is the largest part: then the context is the reason
    assert not small_part_as_reason("It needs so much memory because of the long context.",
                                    _vram_facts(model="qwen2.5-14b", users=30, context=32768))


# Gemma 3 12B in INT8 on a 16 GB card (a hurried question at 2adfcc9): "…, либо возьмите одну такую карту"
ONE_CARD_SHORT = [{"tool": "fit_card", "output": {"fits": False, "free_bytes": -2_560_000_000}}]
ONE_CARD_FITS = [{"tool": "fit_card", "output": {"fits": True, "free_bytes": 2_000_000_000}}]
TWO_CARDS_SHORT = [{"tool": "fit", "output": {"fits": False, "gpus": 2}}]


@pytest.mark.parametrize("text, bad", [
    ("Квантуйте модель до Q4_K_M, тогда нужно 12,71 ГБ и она поместится, либо возьмите одну такую карту.", True),
    ("Or just take one such card.", True),
    ("Or take one card with more memory.", False),
    ("Возьмите ещё одну такую карту, и модель поместится.", False),
    ("Get one more card and it fits.", False),
    ("Квантуйте модель до Q4_K_M.", False),
])
def test_no_advice_to_take_the_one_card_that_does_not_fit(text, bad):
    from assistant.checks.relations import one_card_again
    assert bool(one_card_again(text, ONE_CARD_SHORT)) is bad
    assert one_card_again(text, ONE_CARD_FITS) == []
    assert one_card_again(text, TWO_CARDS_SHORT) == []


@pytest.mark.parametrize("text, bad", [
    ("1. Если вы хотите купить Qwen3 32B, который стоит всего 600 000$, то лучше всего использовать 5 × RTX 5090.", True),
    ("Qwen3 32B costs 5000 $.", True),
    ("Для Qwen3 32B сервер стоит 600 000 ₽.", False),
    ("Llama 3.1 8B стоит запускать на RTX 4090.", False),
    ("Qwen3 32B в облаке стоит 190 ₽ в час.", False),
    ("Qwen3 32B costs nothing to download; the server costs 12 000 $.", False),
])
def test_a_price_said_of_a_model_is_false(text, bad):
    from assistant.checks.claims import model_priced
    assert bool(model_priced(text)) is bad


@pytest.mark.parametrize("text, broken", [
    ("LoRA is more memory efficient than QLoRA for llama 8b on a RTX 4090.", True),  # the real model, 43rd pass
    ("QLoRA needs more memory than LoRA.", True),
    ("LoRA экономнее по памяти, чем QLoRA.", True),
    ("QLoRA требует больше видеопамяти, чем LoRA.", True),
    ("QLoRA is more memory efficient than LoRA: the frozen weights are 4-bit.", False),
    ("QLoRA needs less memory than LoRA, 21.32 against 32.72 GB.", False),
    ("QLoRA экономнее по памяти, чем LoRA.", False),
])
def test_qlora_needs_less_memory_than_lora(text, broken):
    assert bool(broken_rules(text)) == broken


@pytest.mark.parametrize("text", [  # a review at e87aa8f: true sentences the first patterns flagged
    "QLoRA saves more memory than LoRA.", "QLoRA frees more memory than LoRA.",
    "QLoRA leaves more VRAM for context than LoRA.", "QLoRA экономит больше памяти, чем LoRA.",
    "LoRA is not more memory-efficient than QLoRA.", "LoRA требует не меньше памяти, чем QLoRA."])
def test_qlora_rule_spares_the_rule_said_otherwise_and_negations(text):
    assert not broken_rules(text)


def test_lora_said_to_need_less_than_qlora_is_still_false():
    assert broken_rules("LoRA needs less memory than QLoRA.") and broken_rules("LoRA требует меньше памяти, чем QLoRA.")
