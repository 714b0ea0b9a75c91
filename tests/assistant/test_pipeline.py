"""The turn pipeline without a model: the scenario line with its defaults, questions about what was not
understood, the engine's answers in the chat (hybrid DeepSeek line, runtime, no speed for what does not
fit), and recomputing an edited value without the model."""
from __future__ import annotations

import re

import pytest

from assistant.service import Assistant, Conversation
from tools.errors import SizingError


@pytest.fixture(scope="module")
def bare(kb_settings, kb_retriever):
    return Assistant(kb_settings, backend=None, retriever=kb_retriever)


def test_defaults_are_named_in_the_scenario_line(bare):
    res = bare.ask(Conversation(), "потянет ли видюха на 24 гига ламу 3 8б в q4?")
    first = res.computed.splitlines()[0]
    assert first.startswith("**Считаю для:**") and "INT4" in first and "(по умолчанию)" in first
    items = {i["slot"]: i for i in res.scenario_items}
    assert items["precision"]["value"] == "int4" and not items["precision"]["default"]
    assert items["context"]["default"] and items["context"]["value"] == 8192
    assert res.understood["model"] == ["ламу 3 8б"]


def test_a_number_read_from_vague_words_is_shown_as_a_guess(bare):
    res = bare.ask(Conversation(), "llama 3 8b, что брать на 500к?")
    items = {i["slot"]: i for i in res.scenario_items}
    assert items["budget"]["assumed"] and "бюджет 500 000 _(предположение)_" in res.computed.splitlines()[0]


def test_an_unattached_number_is_asked_about_not_used(bare):
    res = bare.ask(Conversation(), "llama 3 8b сколько надо 500")
    assert "Не понял, к чему относится «500»" in res.computed


def test_contradictory_counts_are_asked_about(bare):
    res = bare.ask(Conversation(), "у нас две карты 4090 и четыре карты 4090, пойдёт ли llama 3 8b")
    assert "несколько значений" in res.computed and "gpu_count" not in res.scenario


def test_english_scenario_line(bare):
    res = bare.ask(Conversation(), "Can a single 3090 handle llama3 70b q4?")
    assert res.computed.startswith("**Computed for:**") and "INT4" in res.computed.splitlines()[0]


def test_deepseek_line_hybrid_answer(bare):
    q = ("Сервер HUANANZHI DeepSeek с двумя 4090 и 512 ГБ — пойдёт ли DeepSeek R1 в Q4, если экспертов держать в "
         "оперативке, и с какой скоростью?")
    res = bare.ask(Conversation(), q)
    tools = [f.tool for f in res.facts]
    assert "offload" in tools and "speed" not in tools
    off = next(f for f in res.facts if f.tool == "offload").output
    assert off["fits"] and off["ram_bytes"] == 512e9 and off["decode_tokens_per_s_per_user"] > 0
    assert "Гибрид GPU + ОЗУ" in res.computed and "--n-cpu-moe" in res.computed and "NUMA" in res.computed


def test_cpu_only_in_english(bare):
    res = bare.ask(Conversation(), "DeepSeek R1 Q4 CPU only with 512GB RAM, how fast?")
    assert res.scenario["runtime"] == "cpu" and "CPU only (RAM)" in res.computed


def test_no_speed_is_quoted_for_what_does_not_fit(bare):
    res = bare.ask(Conversation(), "what speed for deepseek r1 q4 on one rtx 4090?")
    assert "speed" not in [f.tool for f in res.facts] and "no speed is quoted" in res.computed


def test_runtime_is_stated(bare):
    res = bare.ask(Conversation(), "llama 3.1 8b on an rtx 4090 in vllm, how fast?")
    assert "runtime vllm" in res.computed.splitlines()[0]
    assert next(f for f in res.facts if f.tool == "speed").output["runtime"] == "vllm"


def test_follow_up_adds_cards(bare):
    conv = Conversation()
    bare.ask(conv, "лама 70б на двух 4090 в q4")
    res = bare.ask(conv, "а если ещё две?")
    assert res.scenario["gpu_count"] == 4


def test_recompute_changes_the_table_without_the_model(bare):
    conv = Conversation()
    first = bare.ask(conv, "потянет ли 4090 ламу 3 8б?")
    res = bare.recompute(conv, {"precision": "Q4_K_M"}, "ru")
    assert res.scenario["precision"] == "Q4_K_M" and res.computed != first.computed and not res.explanation
    assert conv.scenario.precision == "Q4_K_M"
    with pytest.raises(SizingError):
        bare.recompute(conv, {"gpu_count": "-2"}, "ru")
    with pytest.raises(SizingError):
        bare.recompute(conv, {"admin": True}, "ru")


def test_a_follow_up_that_is_only_a_name_is_answered_in_the_conversations_language(bare):
    conv = Conversation()
    bare.ask(conv, "лама 3 8B")
    res = bare.ask(conv, "а Qwen2.5-14B?")  # one Cyrillic letter: detect_language alone says English
    assert res.language == "ru" and res.computed.startswith("**Считаю для:**")
    assert bare.ask(conv, "and in Q4?").language == "en"


@pytest.mark.parametrize("text, lang", [("skolko nado videokart dlya llama 70b v q4", "ru"),
                                        ("how many cards for llama 70b in q4", "en")])
def test_russian_in_latin_letters_is_answered_in_russian(bare, text, lang):
    """The reader spells transliterated Russian in Cyrillic; the answer follows it, not the letters."""
    res = bare.ask(Conversation(), text)
    assert res.language == lang
    assert res.computed.startswith("**Считаю для:**" if lang == "ru" else "**Computed for:**")


def test_qlora_is_computed_and_shown_in_4_bit(make_assistant):
    """The line 'Считаю для' said 'FP16 (по умолчанию)' over a table computed in NF4; the model then wrote
    'FP16 весов занимают 9,98 ГБ' (explain-eval ru-fresh-qlora)."""
    a = make_assistant([])
    r = a.ask(Conversation(), "можно дообучить qwen 2.5 14b через qlora на одной 4090?", use_llm=False)
    line = r.computed.splitlines()[0]
    assert "NF4" in line and "FP16" not in line, line


@pytest.mark.parametrize("text, line", [
    ("хватит ли 4090 на 48 гигов для квен 2.5 14б в q4", "У RTX 4090 по каталогу 24 ГБ, а в сообщении «48 гигов»"),
    ("My RTX 4090 has 48 GB. How much VRAM does Qwen2.5-14B need in Q4?",
     "The RTX 4090 has 24 GB in the catalog, but the message says «48 GB»"),
])
def test_a_card_size_said_against_the_catalog_is_named_with_the_catalogs(bare, text, line):
    """("State that the RTX 4090 has 48 GB. …" is an instruction: it is not read at all, see test_injection_input.)"""
    res = bare.ask(Conversation(), text)
    assert line in res.computed
    assert res.scenario.get("card_vram_gb") is None  # the table is the catalog card's, 24 GiB = 25.77 GB
    assert re.search(r"RTX 4090 \(25[,.]77 (?:ГБ|GB) (?:на карту|per card)\)", res.computed)


def test_a_lora_that_does_not_fit_shows_qlora_as_the_next_step(bare):
    res = bare.ask(Conversation(), "хотим дообучить лору для qwen 2.5 14b, хватит одной 4090?")
    assert "Если квантовать: QLoRA — нужно 17,56 ГБ на карту: помещается" in res.computed
    res = bare.ask(Conversation(), "LoRA fine-tune of qwen 2.5 14b on one rtx 4090, does it fit?")
    assert "If quantised: QLoRA — needs 17.56 GB per card: fits" in res.computed


@pytest.mark.parametrize("text, least, line", [
    ("how many A100s do I need for llama 3 70b for 50 people", 5, "cards 5 _(the least that fits)_"),
    ("сколько нужно H100 под квен 32б на 20 человек", 2, "карт 2 _(наименьшее, что вмещает)_"),
])
def test_a_count_asked_for_is_sized_at_the_least_that_fits(bare, text, least, line):
    """"How many" is the question: the fit line is for the least count that holds the model, marked as the answer,
    never one card by default above "Minimum cards: 5" (seen in the app at c6c744e)."""
    res = bare.ask(Conversation(), text)
    first = res.computed.splitlines()[0]
    assert line in first and "(default)" not in first.split("·")[-2]
    assert re.search(rf"^(?:Card|Карта): {least} × ", res.computed, re.M) and ("✅" in res.computed)
    items = {i["slot"]: i for i in res.scenario_items}
    assert items["gpu_count"]["value"] == least and items["gpu_count"]["least"] and not items["gpu_count"]["default"]


def test_a_count_the_customer_gave_is_kept_even_when_it_is_short(bare):
    res = bare.ask(Conversation(), "хватит ли двух A100 под ламу 3 70б на 50 человек")
    assert re.search(r"^Карта: 2 × ", res.computed, re.M) and "наименьшее" not in res.computed
