"""A true figure under a false name: a precision named beside a part's figure must be the table's precision, and the
longest context that fits is only ever a limit. Both pass every number check (the figures are in the facts). Found in
a review at 7800baf: "хочу квен 14б в восьми битах на двух 4060ти по 16 гиг" gave "Веса в Q4_K_M занимают 15,71 ГБ"
under an INT8 table, and "53 036 токенов уходит на контекст" where 53 036 is the longest context that fits.
The guard (assistant/checks) and the explanation grader (bench/strict_claims) are written apart; both are held here."""
import pytest

from assistant.checks.context_limit import limit_as_use
from assistant.checks.relations import mislabelled
from bench.strict_claims import longest_said_as_used, misnamed_figures

INT8 = {"model": "Qwen3 14B", "precision": "int8", "weights_bytes": 15_710_000_000, "kv_cache_bytes": 1_340_000_000,
        "activations_bytes": 1_180_000_000, "total_bytes": 25_540_000_000, "per_gpu_bytes": 12_770_000_000,
        "gpu_vram_bytes": 17_179_869_184, "fits": True}
FACTS = [{"tool": "fit", "input": {"precision": "int8", "context": 8192}, "output": INT8},
         {"tool": "fit_options", "output": {"fits": True, "precision": "int8", "max_context": 53036, "max_users": 6,
                                            "formats": []}}]


@pytest.mark.parametrize("sentence", [
    "Веса в Q4_K_M занимают 15,71 ГБ.",
    "Веса модели в FP16 — 15,71 ГБ.",
    "The weights in Q4_K_M take 15.71 GB.",
])
def test_a_part_under_another_precision_is_caught_by_both(sentence):
    assert mislabelled(sentence, FACTS)
    assert misnamed_figures(sentence, FACTS)


@pytest.mark.parametrize("sentence", [
    "Веса в INT8 занимают 15,71 ГБ.",
    "Веса занимают 15,71 ГБ, KV-кэш — 1,34 ГБ.",
    "The weights in INT8 take 15.71 GB.",
    "Веса занимают 15,71 ГБ, FP32-копия весов не нужна.",
])
def test_the_tables_precision_or_none_passes_both(sentence):
    assert not mislabelled(sentence, FACTS)
    assert not misnamed_figures(sentence, FACTS)


@pytest.mark.parametrize("sentence", [
    "Ещё 53 036 токенов уходит на контекст.",
    "Контекст занимает 53 036 токенов.",
    "The context uses 53036 tokens.",
    "The context uses 53,036 tokens.",
])
def test_the_longest_context_said_as_used_is_caught_by_both(sentence):
    assert limit_as_use(sentence, FACTS)
    assert longest_said_as_used(sentence, FACTS)


@pytest.mark.parametrize("sentence", [
    "Контекст можно увеличить до 53 036 токенов.",
    "Самый длинный контекст на этих картах — 53 036 токенов.",
    "The longest context that fits is 53036 tokens.",
    "Up to 53036 tokens of context fit on these cards.",
    "Контекст 8 192 токена занимает 1,34 ГБ.",  # the context computed for, not the limit
])
def test_the_longest_context_as_a_limit_passes_both(sentence):
    assert not limit_as_use(sentence, FACTS)
    assert not longest_said_as_used(sentence, FACTS)


def test_no_limit_computed_no_claim():
    assert not limit_as_use("Ещё 53 036 токенов уходит на контекст.", FACTS[:1])
    assert not longest_said_as_used("Ещё 53 036 токенов уходит на контекст.", FACTS[:1])


OPTIONS = [{"tool": "fit_options", "output": {"fits": False, "precision": "int8", "max_context": None,
                                              "formats": [{"precision": "Q4_K_M", "per_gpu_bytes": 61_840_000_000,
                                                           "fits": False}]}}]


@pytest.mark.parametrize("sentence", [
    "Чтобы хватило одной карты, квантуйте модель до Q4_K_M: тогда нужно 61,84 ГБ.",
    "To run on one card, quantise to Q4_K_M, which needs 61.84 GB.",
])
def test_a_format_offered_for_one_card_that_does_not_fit_is_caught_by_both(sentence):
    from assistant.checks.relations import format_fit_contradicted
    from bench.strict_claims import format_promised_to_fit
    assert format_fit_contradicted(sentence, OPTIONS)
    assert format_promised_to_fit(sentence, OPTIONS)


@pytest.mark.parametrize("sentence", [
    "Если квантовать модель до Q4_K_M, нужно 61,84 ГБ, и карт понадобится меньше.",
    "Даже в Q4_K_M одной карты не хватит: нужно 61,84 ГБ.",
    "Even in Q4_K_M it does not fit: it needs 61.84 GB.",
])
def test_a_format_said_to_need_less_or_not_to_fit_passes_both(sentence):
    from assistant.checks.relations import format_fit_contradicted
    from bench.strict_claims import format_promised_to_fit
    assert not format_fit_contradicted(sentence, OPTIONS)
    assert not format_promised_to_fit(sentence, OPTIONS)


INT4 = [{"tool": "fit", "output": {"precision": "int4", "weights_bytes": 40_920_000_000, "total_bytes": 67_010_000_000}}]


@pytest.mark.parametrize("sentence", ["Если квантовать модель до Q4, нужно 23,64 ГБ, и карт понадобится меньше.",
                                      "Квантуйте модель до 8 бит.", "Quantise it to 4-bit to use fewer cards.",
                                      # the real model's other verb (a hurried question at e983f89: "квантировать … до Q4_K_M")
                                      "Для десяти пользователей нужно квантировать модель до Q4_K_M."])
def test_quantising_to_no_smaller_a_width_is_caught_by_both(sentence):
    from assistant.checks.relations import pointless_quantising
    from bench.strict_claims import quantise_to_no_smaller
    assert pointless_quantising(sentence, INT4)
    assert quantise_to_no_smaller(sentence, INT4)


@pytest.mark.parametrize("sentence", ["Квантуйте KV-кэш до 8 бит, чтобы влез длинный контекст.",
                                      "Модель уже в 4 битах: веса занимают 40,92 ГБ.", "Quantise it to Q2_K to save memory."])
def test_a_smaller_width_or_the_kv_cache_passes_both(sentence):
    from assistant.checks.relations import pointless_quantising
    from bench.strict_claims import quantise_to_no_smaller
    assert not pointless_quantising(sentence, INT4)
    assert not quantise_to_no_smaller(sentence, INT4)


@pytest.mark.parametrize("sentence", ["L40S лучше для серверов, так как имеет NVLink и FP16 (362,1 против 312,0 TFLOPS).",
                                      "The RTX 4090 has NVLink, so two of them pool memory."])
def test_nvlink_given_to_a_card_without_it_is_caught_by_both(sentence):
    from assistant.checks.claims import catalog_contradictions
    from bench.strict_claims import nvlink_given_to_a_card_without
    from tools.catalog import get_gpu
    assert catalog_contradictions(sentence, [get_gpu("l40s"), get_gpu("a100-sxm-80gb")])
    assert nvlink_given_to_a_card_without(sentence)


@pytest.mark.parametrize("sentence", ["L40S не имеет NVLink, поэтому для обучения лучше A100 80GB.",
                                      "A100 80GB имеет NVLink.", "The RTX 4090 has no NVLink."])
def test_nvlink_denied_or_true_passes_both(sentence):
    from assistant.checks.claims import catalog_contradictions
    from bench.strict_claims import nvlink_given_to_a_card_without
    from tools.catalog import get_gpu
    assert not catalog_contradictions(sentence, [get_gpu("l40s"), get_gpu("a100-sxm-80gb")])
    assert not nvlink_given_to_a_card_without(sentence)


SPEED = [{"tool": "speed", "output": {"decode_tokens_per_s_per_user": 22.0, "decode_tokens_per_s_total": 110.2,
                                      "prefill_tokens_per_s": 479.0, "decode_ceiling_tokens_per_s_per_user": 31.5}}]


@pytest.mark.parametrize("sentence", [
    "Генерация — до 22 токенов в секунду на пользователя, промпт обрабатывается со скоростью около 110 токенов в секунду.",
    "Total throughput is 22 tokens per second.",
    "The prompt is processed at 110 tok/s.",
    "Скорость на человека будет примерно 110 токенов/с.",  # a fresh clone at e14b1da: the total said per person
    "Each person gets about 110 tokens per second.",
])
def test_a_rate_under_another_rates_name_is_caught_by_both(sentence):
    from assistant.checks.rates import rate_misnamed
    from bench.strict_claims import rate_under_another_name
    assert rate_misnamed(sentence, SPEED)
    assert rate_under_another_name(sentence, SPEED)


@pytest.mark.parametrize("sentence", [
    "Генерация — до 22 токенов в секунду на пользователя, всего 110 ток/с, промпт — 479 ток/с.",
    "Up to about 22 tokens per second per user, with the prompt processed at about 479 tokens per second.",
    "The ceiling per user is 32 tokens per second.",
    "Скорость на человека будет примерно 22 токена/с.",
])
def test_rates_under_their_own_names_pass_both(sentence):
    from assistant.checks.rates import rate_misnamed
    from bench.strict_claims import rate_under_another_name
    assert not rate_misnamed(sentence, SPEED)
    assert not rate_under_another_name(sentence, SPEED)


def test_a_total_said_to_be_the_weights_after_the_figure_is_caught_by_both():
    facts = [{"tool": "fit", "output": {"precision": "int4", "weights_bytes": 4_660_000_000,
                                        "total_bytes": 20_770_000_000, "per_gpu_bytes": 20_770_000_000}}]
    bad = "It is an upper bound, since every token reads all 20.77 GB of INT4 weights."
    good = "Every token reads the 4.66 GB of INT4 weights."
    assert mislabelled(bad, facts) and misnamed_figures(bad, facts)
    assert not mislabelled(good, facts) and not misnamed_figures(good, facts)


@pytest.mark.parametrize("text,kind", [("окупится за 14,4 месяца", None), ("за 3 года", None), ("за 2000 $", "money"),
                                       ("отдадим за 1500", "money"), ("отдадим за 1500 с доставкой", "money")])
def test_a_time_after_za_is_no_price(text, kind):
    from assistant.checks import numbers as nums
    assert nums.parse(text)[0].kind == kind


def test_seven_of_the_customers_words_in_a_row_are_an_echo():
    from assistant.checks.echo import is_echo
    q = ["скок надо видях под квен тридцать два б в восьми битах чтоб человек двадцать сидело"]
    bad = "Для 20 человек нужно видеть под квен тридцать два б в восьми битах, чтобы они могли двадцать сидеть."
    good = "Для 20 человек Qwen3 32B в INT8 нужно 2 карты RTX 4090: веса занимают 34,85 ГБ."
    assert is_echo(bad, [], q) and not is_echo(good, [], q)


# a probe at 2f6ba78 ("квен 32б в восьми битах для двадцати человек"): "нужно видеть 32 биты" under an INT8 table.
# A width in bits must be one the facts compute in or offer; 16 is the usual yardstick, 32 only when training.
@pytest.mark.parametrize("sentence", ["Для этого нужно видеть 32 биты.", "Модель работает в 32 битах.",
                                      "The model runs in 32 bits.", "Веса хранятся в 6-битном формате."])
def test_a_width_no_format_of_the_facts_has_is_caught_by_both(sentence):
    from assistant.checks.relations import width_unknown
    from bench.strict_claims import bits_no_format_has
    assert width_unknown(sentence, FACTS)
    assert bits_no_format_has(sentence, FACTS)


@pytest.mark.parametrize("sentence", ["В 8 битах модель помещается.", "Это вдвое меньше, чем в 16 битах.",
                                      "8-bit weights take half of 16-bit ones.", "KV-кэш можно держать в 4 битах.",
                                      "Веса в 8 бит занимают 15,71 ГБ.",
                                      "Ради длинного контекста модель можно квантовать в 4 бита."])
def test_the_tables_width_the_yardstick_and_the_kv_cache_pass_both(sentence):
    from assistant.checks.relations import width_unknown
    from bench.strict_claims import bits_no_format_has
    assert not width_unknown(sentence, FACTS)
    assert not bits_no_format_has(sentence, FACTS)


def test_an_offered_format_and_training_widen_what_may_be_said():
    from assistant.checks.relations import width_unknown
    from bench.strict_claims import bits_no_format_has
    offered = [{"tool": "fit", "input": {"precision": "fp16"}, "output": {**INT8, "precision": "fp16", "fits": False}},
               {"tool": "fit_options", "output": {"fits": False, "precision": "fp16",
                                                  "formats": [{"precision": "Q8_0", "per_gpu_bytes": 1, "fits": False},
                                                              {"precision": "Q4_K_M", "per_gpu_bytes": 1, "fits": True}]}}]
    assert not width_unknown("В 4 битах она поместится.", offered) and not bits_no_format_has("В 4 битах она поместится.", offered)
    assert width_unknown("В 3 битах она поместится.", offered) and bits_no_format_has("В 3 битах она поместится.", offered)
    training = [{"tool": "fit", "input": {"precision": "bf16", "task": "full"}, "output": {**INT8, "precision": "bf16"}}]
    assert not width_unknown("Мастер-копия весов хранится в 32 битах.", training)
    assert not bits_no_format_has("Мастер-копия весов хранится в 32 битах.", training)
    lora = [{"tool": "fit", "input": {"precision": "bf16", "task": "lora"}, "output": {**INT8, "precision": "bf16"}}]
    said = "QLoRA хранит базовую модель в 4 битах."
    assert not width_unknown(said, lora) and not bits_no_format_has(said, lora)
    assert width_unknown(said, FACTS) and bits_no_format_has(said, FACTS)  # inference in INT8: no QLoRA here


def test_the_guard_drops_a_width_no_format_has():
    from assistant.guard import grounding, violations
    g = grounding(FACTS, ["Веса: 15,71 ГБ в INT8."], lang="ru")
    assert any(v.startswith("width") for v in violations("Для этого нужно видеть 32 биты.", g))
    assert not any(v.startswith("width") for v in violations("В 8 битах модель помещается.", g))


# a probe at 4ff1afb ("скок памяти надо под ламу 70б в 4 битах"): "две RTX 5090 … используют 29,65 ГБ для активаций
# и буферов", where 29,65 GB is each card's whole need and the activations take 3,07: a part named after "для"
INT4_70B = [{"tool": "fit", "input": {"precision": "int4"}, "output": {
    "model": "Llama 3.3 70B", "precision": "int4", "weights_bytes": 40_920_000_000, "kv_cache_bytes": 2_680_000_000,
    "activations_bytes": 3_070_000_000, "total_bytes": 57_340_000_000, "per_gpu_bytes": 29_650_000_000, "fits": True}}]


@pytest.mark.parametrize("sentence,bad", [
    ("Две RTX 5090 используют 29,65 ГБ для активаций и буферов.", True),
    ("Each card uses 29.65 GB for activations and buffers.", True),
    ("Нужно 3,07 ГБ для активаций и буферов.", False),
    ("Нужно 29,65 ГБ для весов и KV-кэша на каждую карту.", False),  # two parts joined: a sum, no label
])
def test_a_part_named_after_dlya_is_checked_by_both(sentence, bad):
    assert bool(mislabelled(sentence, INT4_70B)) is bad
    assert bool(misnamed_figures(sentence, INT4_70B)) is bad


# explain-eval at 91eef69 (en-fresh3-attack-a100): Llama 3 70B's own limit is 8,192 tokens, the context computed for,
# so fit_options' longest context is 8,192 too; "the KV cache for 8,192 tokens adds 2.68 GB" is true and was dropped
def test_the_context_computed_for_is_no_limit_said_as_used_even_when_it_is_the_longest():
    facts = [{"tool": "fit", "input": {"precision": "int4"}, "output": {**INT8, "precision": "int4", "context": 8192}},
             {"tool": "fit_options", "output": {"fits": True, "precision": "int4", "max_context": 8192, "formats": []}}]
    sentence = "The INT4 weights take 15.71 GB, and the KV cache for 8,192 tokens adds only 1.34 GB."
    assert not limit_as_use(sentence, facts) and not longest_said_as_used(sentence, facts)
    longer = [facts[0], {**facts[1], "output": {**facts[1]["output"], "max_context": 53036}}]
    said = "53 036 токенов уходит на контекст."
    assert limit_as_use(said, longer) and longest_said_as_used(said, longer)


# explain-eval at 91eef69 (en-fresh2-h100-vs-a100): a sentence with the cards' figures around "faster than the A100 for
# LLM inference" (seven of the customer's words) was dropped as an echo; a restated question stays one
@pytest.mark.parametrize("sentence,echo", [
    ("The H100 has higher memory bandwidth (3,350 vs 2,039 GB/s) and FP16 (989.4 vs 312.0 TFLOPS), which makes it "
     "faster than the A100 for LLM inference.", False),
    ("The H100 is so much faster than the A100 for LLM inference.", True),
])
def test_a_copied_clause_among_figures_of_our_own_is_no_echo(sentence, echo):
    from assistant.checks.echo import is_echo
    assert is_echo(sentence, [], ["Why is the H100 so much faster than the A100 for LLM inference?"]) is echo


@pytest.mark.parametrize("sentence, bad", [
    ("Веса в Mistral Small 3.2 24B занимают 25,54 ГБ.", True),  # the total as the weights, the model named between
    ("Веса в Mistral Small 3.2 24B занимают 15,71 ГБ.", False),
    ("Веса Qwen3 14B занимают 25,54 ГБ.", True),
])
def test_a_model_named_between_the_part_and_its_figure(sentence, bad):
    # a hurried question at 2451ae6: "Веса в Mistral Small 3.2 24B занимают 22,92 ГБ" (22,92 the total) was shown
    assert bool(mislabelled(sentence, FACTS)) is bad


@pytest.mark.parametrize("sentence, bad", [
    ("Ещё 12 ГБ уходит на RTX 3060 12GB.", True),  # the card's own size given as what goes onto it
    ("На каждую карту уходит 12,77 ГБ, то есть 12,77 ГБ приходится на RTX 4090.", False),  # the share per card
    ("Итого 25,54 ГБ уходит на RTX 4090, а у неё 24 ГБ.", False),  # the whole need said against one card
    ("Ещё 1,34 ГБ уходит на KV-кэш.", False),  # a part, as before
])
def test_memory_said_to_go_onto_a_card_is_the_share_per_card(sentence, bad):
    # the real model at 4fefede: "…ещё 12 GB уходит на RTX 3060 12GB" (12 the card's memory, as a part's usage)
    assert bool(mislabelled(sentence, FACTS)) is bad


def test_a_cards_own_size_said_as_such_is_no_share():
    assert not mislabelled("24 ГБ на RTX 4090 не хватит: нужно 25,54 ГБ.", FACTS)


@pytest.mark.parametrize("sentence, bad", [
    # a hurried question at fd8b3fa: the weights given as the model's need (the total was the need)
    ("Нужно 2 карты: модели нужно 15,71 ГБ, а у одной карты 17,18 ГБ.", True),
    ("The model needs 15.71 GB on one card.", True),
    ("Модели нужно 25,54 ГБ, а у одной карты 17,18 ГБ.", False),
    ("The model needs about 12.77 GB per card.", False),
    ("Весам модели нужно 15,71 ГБ.", False),  # a part named
])
def test_what_the_model_needs_is_its_whole_need(sentence, bad):
    assert bool(mislabelled(sentence, FACTS)) is bad
