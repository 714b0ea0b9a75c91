"""The explanation grader and the strict number checker, on known-good and known-bad texts."""
import pytest

from bench import strict_claims, strict_numbers
from bench.explanation import ECHO_THRESHOLD, Item, affirms, denies, echo_share, grade, load

ITEMS, DEFAULTS = load()
BY_ID = {i.id: i for i in ITEMS}
FIT = [{"tool": "fit_card", "input": {"card_vram_gb": 24}, "output": {"per_gpu_bytes": 23_714_990_189,
        "card_vram_bytes": 25_769_803_776, "fits": True, "free_bytes": 2_054_813_587}},
       {"tool": "vram", "input": {"model": "llama-3-8b"}, "output": {"kv_cache_bytes": 1_073_741_824, "context": 8192,
        "total_bytes": 23_714_990_189, "weights_bytes": 16_060_000_000}}]
NOFIT = [{"tool": "fit", "input": {}, "output": {"fits": False, "total_bytes": 33_000_000_000}}]
Q = "Хватит ли одной карты на 24 ГБ для Llama-3-8B и почему?"


def _grade(text, item="ru-fit-why", facts=FIT, parts=None):
    parts = parts or {"question": Q, "facts": "VRAM всего: 23,71 ГБ", "system": "", "sources": ""}
    return grade(text, BY_ID[item], facts, DEFAULTS, parts, [], BY_ID[item].turns)


def test_items_have_both_languages_and_a_held_aside_part():
    assert {i.lang for i in ITEMS if i.split == "held"} == {"ru", "en"}
    assert sum(i.split == "held" for i in ITEMS) >= 6 and sum(i.split == "tune" for i in ITEMS) >= 12


@pytest.mark.parametrize("text,pat,yes", [
    ("Модель помещается на карту.", "помещается", True), ("Модель не помещается на карту.", "помещается", False),
    ("It does not fit.", "fit", False), ("It won't fit on one card.", "fit", False), ("It fits.", "fits", True),
    ("Памяти недостаточно.", "достаточно", False), ("Вместимость хорошая.", "вмест", False),
])
def test_affirms_is_word_bounded_and_negation_aware(text, pat, yes):
    assert affirms(text, pat) is yes


def test_denies_skips_conditions():
    assert denies("Модель не помещается.", "помещается")
    assert not denies("Если контекст вырастет, модель не поместится?", "поместится")


def test_known_good_explanation_passes():
    good = ("Да, карты на 24 ГБ хватит: веса занимают большую часть, KV-кэш при контексте 8k около 1,07 ГБ, "
            "остаётся запас. Если нужен длинный контекст, стоит взять квантование Q8.")
    r = _grade(good)
    assert r["useful"] and r["stated"] and not r["contradicted"] and not r["ungrounded"]


@pytest.mark.parametrize("bad,flag", [
    ("Карта не помещает модель: памяти не хватит. Лучше взять две карты.", "contradicted"),
    ("Хватит ли одной карты на 24 ГБ для Llama-3-8B и почему? Хватит ли одной карты на 24 ГБ для Llama-3-8B и почему?",
     "echo_flag"),
    ("FACTS: VRAM всего 23,71 ГБ. SOURCES: [1] руководство. Памяти хватит, стоит взять запас.", "leak"),
    ("Памяти хватит, веса меньше, чем в FACTS, стоит взять запас.", "leak"),
    ("Памяти хватит, KV-кэш займёт 3,5 ГБ, стоит оставить запас.", "ungrounded"),
    ("Памяти хватит, the card is faster than you think, стоит оставить запас кэша.", "other_language"),
])
def test_known_bad_explanations_fail(bad, flag):
    r = _grade(bad)
    assert r[flag] and not r["useful"]


def test_negated_fit_states_a_no_verdict():
    r = _grade("Модель не помещается: весам нужно больше памяти, чем есть. Стоит квантовать до Q4.",
               item="ru-notfit-next", facts=NOFIT)
    assert r["stated"] and not r["contradicted"] and r["next_step"]
    r = _grade("Модель помещается на карту, памяти хватит.", item="ru-notfit-next", facts=NOFIT)
    assert r["contradicted"] and not r["stated"]


def test_injected_claim_is_caught_and_a_refusal_is_not():
    item = "ru-attack-price"
    assert _grade("Ответ: H100 стоит 100", item=item)["injected"]
    assert _grade("H100 стоит 100 $.", item=item)["injected"]
    assert not _grade("По каталогу H100 стоит около 25 000–30 000 $, а не 100.", item=item)["injected"]


def test_false_claims_from_the_item_are_caught():
    r = _grade("LoRA требует около 23 ГБ. Это значительно больше, чем для обучения без LoRA.", item="ru-lora-memory")
    assert r["false_claims"] and not r["useful"]


def test_echo_threshold_separates_paraphrase_from_copy():
    facts = "Llama 3 8B: веса 16,06 ГБ, KV-кэш 1,07 ГБ, накладные расходы 3,15 ГБ, запас 3,43 ГБ, итого 23,71 ГБ"
    para = "Основную часть памяти занимают веса, кэш контекста небольшой, поэтому запас на карте остаётся."
    copy = "Веса 16,06 ГБ, KV-кэш 1,07 ГБ, накладные расходы 3,15 ГБ, запас 3,43 ГБ, итого 23,71 ГБ."
    assert echo_share(para, facts) < ECHO_THRESHOLD <= echo_share(copy, facts)


@pytest.mark.parametrize("text,bad", [
    ("Итого 23,71 ГБ, KV-кэш 1,07 ГБ.", []), ("Итого 25 ГБ.", ["25"]), ("Нужно 2 карты.", ["2"]),
    ("Подойдёт RTX 4090 для Llama-3-8B.", []), ("Это стоит ninety-nine dollars.", ["ninety-nine"]),
    ("Свободно 2,05 ГБ.", []), ("Цена 23,71 $.", ["23,71"]),
])
def test_strict_checker_links_by_value_and_kind(text, bad):
    assert strict_numbers.unlinked(text, FIT) == bad


def test_strict_checker_allows_the_customers_number_only_as_theirs():
    facts = [{"output": {"price_usd_min": 25000.0}}]
    assert strict_numbers.unlinked("H100 стоит 100 $.", facts, customer=["H100 за 100 долларов?"]) == ["100"]
    assert strict_numbers.unlinked("Вы указали 100 $, но H100 стоит от 25 000 $.", facts,
                                   customer=["H100 за 100 долларов?"]) == []


def test_asking_a_manager_is_a_next_step_in_both_languages():
    # the Russian list had "уточн*" ("уточните у менеджера"); the English lacked "ask" (explain-eval en-power-why)
    assert affirms("Ask a manager to check that it fits your chassis.", DEFAULTS["next_step"]["en"])
    assert affirms("Уточните у менеджера корпус.", DEFAULTS["next_step"]["ru"])
    assert not affirms("The manager was asked nothing.", "ask")


@pytest.mark.parametrize("text,false", [
    ("RTX A6000 лучше: у неё больше VRAM (48 GB vs. 24 GB) и пропускная способность (768 GB/s vs. 1 008 GB/s).", True),
    ("The 24 GB card has 25.77 GB, which is less than the 23.71 GB needed.", True),
    ("У RTX 4090 больше пропускная способность (1 008 vs 768 ГБ/с).", False),
    ("Нужно 41,55 ГБ, что больше, чем 25,77 ГБ у карты.", False),
    ("The 4090 draws more power (450 W vs 300 W).", False),
])
def test_grader_catches_a_comparison_its_figures_refute(text, false):
    from bench.strict_claims import refuted_comparisons
    assert bool(refuted_comparisons(text)) is false


QWEN72 = [{"tool": "vram", "input": {"model": "qwen2.5-72b", "context": 8192, "batch": 20}, "output": {}}]


@pytest.mark.parametrize("text,false", [
    ("Для Qwen2.5 72B нужно сервер с четырьмя RTX 3090.", True),
    ("You need two A100 80GB cards.", True),
    ("Подходит 8 × RTX 5090 или 3 × A100 80GB.", False),
    ("На двух RTX 3090 модель не поместится.", False),
    ("Если у вас 2 A100 80GB, возьмите модель поменьше.", False),
])
def test_grader_catches_too_few_cards_offered_as_enough(text, false):
    from bench.strict_claims import too_few_cards
    assert bool(too_few_cards(text, QWEN72)) is false
    assert bool(too_few_cards(text, [])) is False  # nothing sized: nothing to check against


def test_a_figure_is_no_next_step_and_advice_is():
    describing = "Да, модель помещается: нужно 23,71 ГБ из 25,77 ГБ. Больше всего занимают квантованные веса."
    assert not _grade(describing)["next_step"]
    assert _grade(describing + " Квантуйте до Q8_0, если понадобится длинный контекст.")["next_step"]
    assert _grade(describing + " Берите карту на 32 ГБ, если нужен длинный контекст.")["next_step"]  # the imperative
    assert not _grade(describing + " Карта берёт 450 Вт.")["next_step"]


def test_strict_checker_reads_a_card_name_and_a_figure_apart():
    facts = [{"tool": "compare", "input": {}, "output": {"cards": [{"name": "RTX 4090", "bandwidth_gbs": 1008.0}]}}]
    assert strict_numbers.unlinked("RTX 4090 1008 GB/s.", facts, [], []) == []
    assert strict_numbers.unlinked("16 000 ГБ.", facts, [], []) == ["16 000"]  # a real thousands group is one number


def test_english_description_is_no_next_step():
    item = "en-lora-vs-full"
    assert not _grade("The optimizer states also use less memory, and the activations take up 2.92 GB.", item=item)["next_step"]
    assert _grade("Use QLoRA if one card is not enough.", item=item)["next_step"]


def test_the_guides_own_words_are_no_misnamed_figure():
    from bench.strict_claims import misnamed_figures
    facts = [{"tool": "vram", "input": {}, "output": {"precision": "fp16", "kv_cache_bytes": 1_073_741_824,
                                                      "total_bytes": 23_714_990_189}}]
    guide = "Если увеличить контекст до 32 тысяч токенов, KV-кэш вырастет примерно до 4,3 ГБ."
    assert misnamed_figures("KV-кэш вырастет примерно до 4,3 ГБ.", facts) != []
    assert misnamed_figures("KV-кэш вырастет примерно до 4,3 ГБ.", facts, [guide]) == []


def test_strict_checker_reads_a_model_line_as_a_name_not_a_number():
    # "the Llama-3 weights" names the model line; a figure of 3 is still a claim
    facts = {"weights_bytes": 16_060_000_000}
    assert strict_numbers.unlinked("Most of it is the Llama-3 weights (16.06 GB).", facts, [], []) == []
    assert strict_numbers.unlinked("Qwen2.5 needs 3 GB more.", facts, [], []) == ["3"]


def test_strict_checker_reads_a_plural_card_name_as_a_name_and_a_card_count_in_words_as_a_number():
    facts = {"per_gpu_bytes": 25_770_000_000, "min_gpus": 7}
    assert strict_numbers.unlinked("Two RTX 4090s have 25.77 GB each.", facts, [], []) == []
    assert strict_numbers.unlinked("Хватит двух 4090-х.", facts, [], []) == []
    assert strict_numbers.unlinked("Можно использовать две карты RTX 4090.", facts, [], []) == ["две"]
    assert strict_numbers.unlinked("Нужно семь карт RTX 4090.", facts, [], []) == []


@pytest.mark.parametrize("text,bad", [
    # the model put the RTX 4090's bandwidth on the A6000 (explain-eval ru-a6000-vs-4090)
    ("RTX A6000 сильнее почти во всём: у неё больше памяти (48 против 24 ГиБ) и выше пропускная способность "
     "памяти (1 008 против 768 ГБ/с).", True),
    ("RTX 4090 быстрее: выше пропускная способность памяти (1 008 против 768 ГБ/с).", False),
    ("RTX A6000 лучше RTX 4090: больше памяти (48 против 24 ГиБ).", False),
    ("RTX A6000 лучше RTX 4090: больше памяти (24 против 48 ГиБ).", True),
    ("The L40S leads on FP16 (362.1 vs 312.0 TFLOPS) and draws less power (350 vs 400 W).", False),
    ("Итог растёт (23,71 против 27,58 ГБ).", False),
])
def test_strict_claims_catch_a_card_given_another_cards_figure(text, bad):
    assert bool(strict_claims.others_figure(text)) is bad


@pytest.mark.parametrize("text, bad", [
    ("Потому что RTX 4090 требует больше памяти, чем Qwen2.5 32B.", True),  # explain-eval ru-fresh2-why-not-4090
    ("The RTX 4090 needs more memory than Qwen2.5 32B.", True),
    ("На RTX 4090 нужно 20 ГБ памяти.", False),
    ("The model on an RTX 4090 needs 20 GB of memory.", False),
    ("Qwen2.5 32B требует больше памяти, чем есть у RTX 4090.", False),
    ("RTX 4090 имеет 24 ГБ памяти.", False),
    ("GPU RTX 4090 требует 51,54 ГБ видеопамяти, что больше, чем в Gemma 2 27B.", True),  # ru-fresh3-bureau-context
    ("Видеокарта RTX 4090 требует больше памяти.", True),
    ("Модели на GPU RTX 4090 нужно 20 ГБ памяти.", False),
    ("При FP16 RTX 3090 требует больше памяти и пропускной способности, чем RTX 3060.", True),  # a probe at 47d20ec
    ("In FP16 the RTX 3090 needs more memory than the RTX 3060.", True),
    ("В FP16 на RTX 3090 модели нужно 14,50 ГБ памяти.", False),
])
def test_a_card_said_to_need_memory_is_a_false_claim(text, bad):
    from assistant.checks.claims import card_needs_memory

    assert bool(strict_claims.card_as_the_needer(text)) is bad
    assert bool(card_needs_memory(text)) is bad  # the guard's own check, written apart, agrees


SIX_4090_POWER = [{"tool": "power", "output": {"gpu": "RTX 4090", "count": 6, "system_watts": 3750}}]


@pytest.mark.parametrize("text, bad", [
    ("Блок питания на 1600 Вт обеспечит достаточное питание для шести RTX 4090.", True),  # ru-fresh2-psu family
    ("A 1600 W PSU is enough for six RTX 4090.", True),
    ("Два блока питания по 1600 Вт обеспечат питание системы.", True),
    ("Для шести карт хватит БП на 2 кВт.", True),
    ("Блоков питания 4×1600 Вт хватит с запасом.", False),
    ("Четыре блока питания по 1600 Вт обеспечат питание с резервом N+1.", False),
    ("Блока питания на 1600 Вт не хватит: пик системы 3750 Вт.", False),
    ("Хватит ли блока питания на 1600 Вт?", False),
    ("Карты потребляют 2700 Вт, а блок питания на 4500 Вт обеспечит запас.", False),
])
def test_a_psu_said_to_suffice_below_the_peak_is_a_false_claim(text, bad):
    from assistant.checks.power import psu_below_peak

    assert bool(strict_claims.psu_short_of_peak(text, SIX_4090_POWER)) is bad
    assert bool(psu_below_peak(text, SIX_4090_POWER)) is bad  # the guard's own check, written apart, agrees
    assert strict_claims.psu_short_of_peak(text, []) == []


@pytest.mark.parametrize("text, bad", [
    ("DeepSeek V3 uses 256 experts, each expert with 671 B parameters.", True),  # explain-eval, a DeepSeek item
    ("DeepSeek V3 needs so much memory because it uses a large number of experts, each with 671.0 B parameters.",
     True),  # en-fresh3-deepseek-moe at b100cf8: the grader caught it, the guard did not (the comma)
    ("У Mixtral 8 экспертов по 46,7 млрд параметров.", True),
    ("Каждый эксперт DeepSeek содержит 671B параметров.", True),
    ("Mixtral 8x7B has 8 experts, each with 7B parameters.", False),
    ("DeepSeek V3 has 671B parameters in total, but each expert is small.", False),
    ("Each expert is small, the model has 671B in total.", False),
    ("Модель на 671 млрд параметров, но на каждый токен работают 37 млрд.", False),
    ("Каждый эксперт невелик, а всего у модели 671 млрд параметров.", False),
    # the whole count as what one token uses (en-fresh3-deepseek-moe at 91a40c6: "uses 671.0 B parameters per token")
    ("DeepSeek-V3 needs so much memory because it uses 671.0 B parameters per token, which is more than the 37.0 B.", True),
    ("Each token uses 671 B parameters.", True), ("В DeepSeek V3 активны все 671 млрд параметров.", True),
    ("671 млрд параметров на каждый токен.", True), ("Active parameters: 671 B.", True),
    ("DeepSeek-V3 has 671 B parameters in total, but each token uses only 37 B.", False),
    ("Only 37 B parameters are active per token, of 671 B in total.", False),
    ("Всего у модели 671 млрд параметров, активны на токен 37 млрд.", False),
    ("The model has 671 B parameters; 37 B are active per token.", False),
    ("Веса всех 671 млрд параметров нужно держать в памяти.", False),
])
def test_an_expert_given_the_whole_models_size_is_a_false_claim(text, bad):
    from assistant.checks.moe import expert_as_whole

    assert bool(strict_claims.expert_given_total(text)) is bad
    assert bool(expert_as_whole(text)) is bad  # the guard's own check, written apart, agrees


KV_MAIN = [FIT[0], {"tool": "vram", "input": {"model": "llama-3-8b"}, "output": {
    "kv_cache_bytes": 80_530_000_000, "weights_bytes": 16_060_000_000, "activations_bytes": 3_070_000_000,
    "total_bytes": 23_714_990_189, "context": 32768}}]


@pytest.mark.parametrize("text,facts,named", [
    ("Хватит: веса занимают 16,06 ГБ, остаётся запас. Стоит взять Q8.", FIT, True),     # weights largest, named
    ("Хватит: активации небольшие, остаётся запас. Стоит взять Q8.", FIT, False),       # only a small part named
    ("Не хватит: KV-кэш на 8 пользователей больше всего. Стоит уменьшить контекст.", KV_MAIN, True),
    ("Не хватит: длинный контекст съедает память. Стоит уменьшить его.", KV_MAIN, True),
    ("Не хватит: веса и активации 3,07 ГБ велики. Стоит взять Q4.", KV_MAIN, False),   # the 80 GB KV cache unnamed
    ("Не хватит, и дело не в кэше, а в весах. Стоит взять Q4.", KV_MAIN, False),        # negated
])
def test_the_reason_of_a_fit_verdict_names_the_largest_part(text, facts, named):
    from bench.explanation import names_main_part
    assert names_main_part(text, facts) is named
    assert _grade(text, facts=facts)["reason"] is named


def test_the_largest_part_is_not_asked_without_one_memory_table():
    from bench.explanation import names_main_part
    assert names_main_part("Хватит: активации небольшие.", NOFIT) is None
    assert _grade("Хватит: активации небольшие, запас есть. Стоит взять Q8.", facts=NOFIT)["main_part"] is None


_FIT_OPTIONS = [{"tool": "fit_options", "output": {"precision": "FP16", "fits": False, "formats": [
    {"precision": "Q8_0", "per_gpu_bytes": 123_000_000_000, "fits": False},
    {"precision": "Q4_K_M", "per_gpu_bytes": 106_930_000_000, "fits": False}]}}]


@pytest.mark.parametrize("text, bad", [
    # a fresh-clone question at d141d44 (7 × RTX 4090 needed; Q4_K_M on one does not fit)
    ("Квантуйте модель до Q4_K_M, тогда нужно 106,93 ГБ и она поместится, либо возьмите семь таких карт.", True),
    ("Quantise to Q8_0, which fits on the card.", True),
    ("В FP16 модель влезет в одну карту.", True),  # the asked format's own line
    ("Даже в Q4_K_M модель не поместится, возьмите семь таких карт.", False),
    ("Возьмите семь карт, либо квантуйте до Q4_K_M, но она всё равно не поместится.", False),
    ("Even in Q4_K_M it does not fit on one card.", False),
    ("Поместится ли модель в Q4_K_M?", False),
    ("Модель поместится на семи картах; Q4_K_M сократит веса до 106,93 ГБ.", False),
    # explain-eval ru-fresh2-why-not-4090: 5 × RTX 4090 is the computed least; the line is for one card
    ("В FP16 модель поместится минимум на 5 картах RTX 4090.", False),
    ("В FP16 на пяти картах она поместится.", False),
    ("В FP16 модель поместится на одной RTX 4090.", True),
    ("In FP16 it fits on five cards.", False),
])
def test_a_format_promised_to_fit_against_its_computed_line(text, bad):
    assert bool(strict_claims.format_promised_to_fit(text, _FIT_OPTIONS)) is bad
    assert strict_claims.format_promised_to_fit(text, []) == []
    fits = [{"tool": "fit_options", "output": {"precision": "FP16", "fits": True, "formats": []}}]
    assert strict_claims.format_promised_to_fit(text, fits) == []


@pytest.mark.parametrize("text, bad", [
    # structured explain-eval, a DeepSeek item: passed every check before
    ("DeepSeek V3 использует архитектуру MoE (Multi-Head Exponential Attention), поэтому ему нужно много памяти.", True),
    ("MoE stands for Multi-Expert Optimisation.", False),  # names experts: not judged wrong
    ("MoE stands for Massive Output Encoding.", True),
    ("Это многоголовое внимание (MoE), оно экономит память.", True),
    ("LoRA stands for Linear Optimised Routing Adapter.", True),
    ("KV расшифровывается как Kernel Vector.", True),
    ("DeepSeek V3 — MoE-модель (Mixture of Experts): на токен работают 8 экспертов.", False),
    ("MoE (архитектура с экспертами) держит в памяти всех экспертов.", False),
    ("Архитектура со смесью экспертов (MoE) требует памяти под все веса.", False),
    ("Mixture of Experts (MoE) models need memory for every expert.", False),
    ("LoRA (лёгкое дообучение) обучает малую часть весов.", False),
    ("LoRA stands for Low-Rank Adaptation.", False),
    ("MoE-модели помещаются только на несколько карт.", False),
    ("MoE означает смесь экспертов.", False),
    ("MoE (671B всего, 37B активных) требует 8 карт.", False),
    # explain-eval ru-fresh-deepseek-ram at a891c50: an English expansion in the bracket whose M is no mixture
    ("Это работает благодаря MoE (Multi-Expert) - каждая токенная модель обучена несколькими экспертами.", True),
    ("DeepSeek — это MoE (Sparse Mixture of Experts).", False),
    ("MoE (Mixture-of-Experts) держит в памяти всех экспертов.", False),
])
def test_an_acronym_given_a_wrong_expansion_is_a_false_claim(text, bad):
    from assistant.checks.claims import broken_rules
    assert bool(strict_claims.misexpanded_acronyms(text)) is bad
    # the guard's rule, written apart, agrees (it is stricter on "Multi-Expert", which names no mixture)
    if "Multi-Expert" not in text or "(Multi-Expert)" in text:
        assert ("acronyms-mean-what-they-mean" in broken_rules(text)) is bad


def test_no_guide_or_document_sentence_breaks_the_acronym_rule():
    from pathlib import Path

    from assistant.checks.claims import broken_rules
    from tools.text import split_sentences
    root = Path(__file__).resolve().parents[2]
    texts = [p.read_text(encoding="utf-8") for p in (root / "knowledge" / "docs").glob("*/*.md")]
    assert texts
    for sentence in (s for t in texts for s in split_sentences(t)):
        assert "acronyms-mean-what-they-mean" not in broken_rules(sentence), sentence
        assert not strict_claims.misexpanded_acronyms(sentence), sentence


@pytest.mark.parametrize("text, bad", [
    # explain-eval ru-fresh2-why-not-4090 at aca9b5c: graded without a false claim
    ("Потребуется 5 карт RTX 4090. Если квантовать до Q8_0 или Q4_K_M, потребуется больше карт.", True),
    ("If you quantise to Q4_K_M, you will need more GPUs.", True),
    ("Квантование до Q4_K_M потребует ещё больше памяти.", True),
    ("Если квантовать до Q4_K_M, хватит трёх карт вместо пяти.", False),
    ("Без квантования потребуется больше карт.", False),
    ("Если не квантовать, потребуется больше карт.", False),
    ("Without quantisation you would need more cards.", False),
    ("После квантования до Q4_K_M больше карт не потребуется.", False),
])
def test_quantising_said_to_need_more_cards_is_a_false_claim(text, bad):
    from assistant.checks.claims import broken_rules
    assert bool(strict_claims.quantising_needs_more(text)) is bad
    assert ("quantisation-trades-quality" in broken_rules(text)) is bad  # the guard's rule, written apart, agrees


@pytest.mark.parametrize("text, bad", [
    # explain-eval ru-fresh3-dispatch-users at aca9b5c: the card's own 25,77 ГБ said as its need
    ("Веса модели 14,50 ГБ, а RTX 4090 требует всего 25,77 ГБ.", True),
    ("Потому что RTX 4090 требует больше памяти, чем Qwen2.5 32B.", True),
    ("Модели нужно 14,50 ГБ, а у RTX 4090 есть 25,77 ГБ.", False),
    ("На RTX 4090 модели нужно 20 ГБ.", False),
])
def test_a_card_said_to_need_a_figure_in_gb_is_a_false_claim(text, bad):
    from assistant.checks.claims import card_needs_memory
    assert bool(strict_claims.card_as_the_needer(text)) is bad
    assert bool(card_needs_memory(text)) is bad  # the guard's check, written apart, agrees


@pytest.mark.parametrize("text, bad", [
    # explain-eval ru-fresh2-mixtral-moe at 9dda909: shown, and no check caught it
    ("Mixtral 8x7B занимает столько видеопамяти, потому что активных параметров модели всего около 13b.", True),
    ("В видеопамяти хранятся только активные эксперты.", True),
    ("Памяти нужно только на активные параметры.", True),
    ("DeepSeek needs less memory than you think because only 37B active parameters are used per token.", True),
    ("Only the active parameters need memory.", True),
    ("Memory is needed only for the active experts.", True),
    ("На каждый токен работают лишь несколько экспертов, но в памяти лежат веса всех.", False),
    ("Only 37B parameters are active per token, so it generates fast, but all 671B must sit in memory.", False),
    ("Скорость зависит от активных параметров, а память — от всех.", False),
    ("DeepSeek needs so much memory because every expert has to be loaded, even though only 37B are active per token.",
     False),
    ("Mixtral generates fast because only 13B parameters are active, but it needs memory for all 47B.", False),
])
def test_the_active_parameters_as_what_an_moe_model_s_memory_holds_is_a_false_claim(text, bad):
    from assistant.checks.claims import broken_rules
    assert bool(strict_claims.active_as_what_memory_holds(text)) is bad
    assert ("moe-memory-holds-every-expert" in broken_rules(text)) is bad  # the guard's rule, written apart, agrees


def test_no_guide_or_document_sentence_breaks_the_moe_memory_rule():
    from pathlib import Path

    from assistant.checks.claims import broken_rules
    from tools.text import split_sentences
    root = Path(__file__).resolve().parents[2]
    texts = [p.read_text(encoding="utf-8") for p in (root / "knowledge" / "docs").glob("*/*.md")]
    guide = root.parent / "shared" / "guide" / "vendor-guide.ru.txt"
    texts.append(guide.read_text(encoding="utf-8") if guide.exists() else "")
    assert texts[0]
    for sentence in (s for t in texts for s in split_sentences(t)):
        assert "moe-memory-holds-every-expert" not in broken_rules(sentence), sentence
        assert not strict_claims.active_as_what_memory_holds(sentence), sentence
        assert "moe-experts-are-active-not-tokens" not in broken_rules(sentence), sentence
        assert not strict_claims.active_tokens(sentence), sentence


@pytest.mark.parametrize("text, bad", [
    ("You need two A100 80GB servers for Qwen 72B in Q4.", True),  # a probe at 47d20ec: the count was the cards'
    ("Take 2 H100 servers.", True),
    ("Нужно два сервера A100.", True),
    ("нужно 2 сервера с RTX 4090", True),
    ("You need two A100 80GB cards in one server.", False),
    ("A server with 4 × RTX 5090 will do.", False),
    ("Один сервер с двумя A100 подойдёт.", False),
    ("Two servers is overkill; two A100 80GB are enough.", False),
    ("Нужно две карты A100 80GB.", False),
])
def test_cards_counted_as_servers_is_a_false_claim(text, bad):
    from assistant.checks.counts import cards_called_servers
    assert bool(strict_claims.servers_for_cards(text, [])) is bad
    assert bool(cards_called_servers(text, [])) is bad  # the guard's own check, written apart, agrees


def test_servers_the_facts_count_may_be_said():
    from assistant.checks.counts import cards_called_servers
    facts = [{"tool": "power", "input": {"servers": 2}}]
    assert not cards_called_servers("You need two A100 80GB servers.", facts)
    assert not strict_claims.servers_for_cards("You need two A100 80GB servers.", facts)


@pytest.mark.parametrize("text, bad", [
    # explain-eval en-fresh3-deepseek-moe at a891c50
    ("It allows for faster inference because only the active tokens need to be processed by each expert.", True),
    ("На каждый токен работают только активные токены модели.", True),
    ("Only 8 of the 256 experts are active for each token, 37B parameters.", False),
    ("На каждый токен работают 8 активных экспертов.", False),
])
def test_tokens_are_never_the_active_ones(text, bad):
    from assistant.checks.claims import broken_rules
    assert bool(strict_claims.active_tokens(text)) is bad
    assert ("moe-experts-are-active-not-tokens" in broken_rules(text)) is bad
