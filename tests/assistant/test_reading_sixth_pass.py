"""General rules of the reader's sixth pass (after the fifth pass on fresh3.yaml): names said aloud, a card's
size said in words, runtimes in Cyrillic, follow-ups the conversation settles, and intents. Each is stated with
wordings that are not in the understanding corpus."""
from __future__ import annotations

import pytest

from assistant.reading import read


def said(text: str) -> dict:
    return read(text).scenario.said()


@pytest.mark.parametrize("text,model", [
    # a version said in words before the size: Llama 3 8B, as "лама 3 8б" (fifty-fourth pass; had been 3.1, the default)
    ("сколько памяти надо под лама три восемь б", "llama-3-8b"),
    ("а квен два точка пять семь б в 3060 влезет", "qwen2.5-7b"),  # "два точка пять": 2.5
])
def test_a_version_said_in_words_is_the_models(text, model):
    assert said(text).get("model") == model


@pytest.mark.parametrize("text,model", [("ламу3.1 инстракт 8б на 3060", "llama-3.1-8b"),
                                        ("поставлю квен3 кодер 30б а3б", "qwen3-coder-30b-a3b"),  # not a bare 30B
                                        ("квен3 235б а22б на восьми h100", "qwen3-235b-a22b")])
def test_a_family_in_cyrillic_glued_to_its_version(text, model):  # and a MoE's active size is part of the name
    r = read(text)
    assert r.scenario.model == model and r.scenario.params_b is None and not r.unattached


@pytest.mark.parametrize("text,value", [("а в бэ эф шестнадцать влезет?", "bf16"),
                                        ("мистраль 7б в кью восемь на 3060", "int8"),
                                        ("лама 70б в эф пэ восемь на четырёх h100", "fp8")])
def test_a_precision_said_letter_by_letter(text, value):
    s = said(text)
    assert s["precision"] == value and s.get("gpu_count") in (None, 4)


@pytest.mark.parametrize("text,gpu", [("две а100 на сорок гигов под ламу 70б", "a100-sxm-40gb"),
                                      ("а100 восемьдесят гигов одна, хватит под квен 32б?", "a100-sxm-80gb")])
def test_a_cards_size_said_in_words_picks_its_variant(text, gpu):
    s = said(text)
    assert s["gpu"] == gpu and "card_vram_gb" not in s


@pytest.mark.parametrize("text", ["на олламе квен 14б на 3060 пойдёт?", "гоняю через оллама мистраль"])
def test_ollama_in_cyrillic_is_llama_cpp(text):
    assert said(text)["runtime"] == "llama.cpp"


def test_vllm_in_cyrillic():
    assert said("в вллм на двух 4090 лама 70б")["runtime"] == "vllm"


@pytest.mark.parametrize("text,watts", [("what about a 1.2 kw one", 1200), ("а на 1,3 квт?", 1300)])
def test_a_wattage_in_a_follow_up_to_a_psu_is_the_psu(text, watts):
    from assistant.reading.context import carry
    from assistant.scenario import Scenario

    r = carry(read(text), Scenario(psu_w=1600, gpu="rtx-4090", gpu_count=2))
    assert r.scenario.psu_w == watts and not r.unattached


def test_a_draw_in_a_follow_up_is_no_psu():
    from assistant.reading.context import carry
    from assistant.scenario import Scenario

    r = carry(read("а если каждая жрёт 600 вт?"), Scenario(psu_w=1600, gpu="rtx-4090", gpu_count=2))
    assert r.scenario.psu_w is None and [s.text for s in r.unattached] == ["600"]


@pytest.mark.parametrize("text", ["здарова", "здрасьте!", "здарово"])
def test_a_slang_hello_is_a_greeting(text):
    assert read(text).intent == "greeting"


@pytest.mark.parametrize("text", ["сколько врама нужно под мистраль 24б", "скока займёт квен 14б по памяти на моей 4070"])
def test_memory_asked_in_slang_is_vram(text):  # "скока" asks how much; only "скока стоит" asks a price
    assert read(text).intent == "vram"


def test_how_much_a_card_costs_in_slang_stays_a_price():
    assert read("скока нынче стоят 4090").intent == "gpu_info"


@pytest.mark.parametrize("text", ["two h200 here, will deepseek v3 fit in fp8 or do we need more gpus",
                                  "есть 2 a6000, лама 70б в q4 влезет или нужно больше карт?"])
def test_whether_more_cards_are_needed_is_an_upgrade(text):
    assert read(text).intent == "upgrade"


@pytest.mark.parametrize("text", ["single l40s with mistral small 24b, how many users can it serve",
                                  "сколько человек одновременно потянет 4090 с квен 14б"])
def test_how_many_users_a_setup_serves_is_speed(text):
    assert read(text).intent == "speed"


@pytest.mark.parametrize("text", ["две или четыре h100 брать под квен 235б на 20 человек",
                                  "six or eight a100s for llama 405b in fp8, what do you suggest"])
def test_two_counts_of_one_card_ask_which_to_take(text):
    r = read(text)
    assert r.intent == "recommend" and r.scenario.gpu_count is None


def test_two_counts_that_may_fit_stay_a_fit_question():
    assert read("2 или 3 4090 хватит под ламу 70б?").intent == "vram"


@pytest.mark.parametrize("text", ["30 сотрудников, квен 32б, что за сервер под это нужен",
                                  "на 40 человек с дипсиком что за сервер понадобится?",
                                  "what kind of server do we need for 30 people on llama 70b"])
def test_what_kind_of_server_is_needed_is_a_recommendation(text):
    assert read(text).intent == "recommend"


def test_what_a_named_server_is_stays_a_question_about_it():
    assert read("что за сервер dgx h100").intent == "gpu_info"


@pytest.mark.parametrize("text", ["а по энергопотреблению?", "ну а по памяти кто лучше", "and price-wise?"])
def test_a_measure_asked_after_a_comparison_goes_on_comparing(text):
    from assistant.reading.context import carry
    from assistant.scenario import Scenario

    assert carry(read(text), Scenario(gpus=["rtx-4090", "rtx-5090"])).intent == "compare"


def test_a_measure_asked_after_one_card_is_its_own_question():
    from assistant.reading.context import carry
    from assistant.scenario import Scenario

    assert carry(read("а по скорости?"), Scenario(gpu="rtx-4090", model="qwen3-14b")).intent != "compare"
