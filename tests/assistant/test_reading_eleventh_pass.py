"""General rules of the reader's eleventh pass (issue 11, after fresh7.yaml's first sight; the pass's main change, the
learned intent classifier, is tested in tests/assistant/test_reading_classifier.py). Wordings of their own, not
fresh7.yaml's sentences; each test fails without its rule, except the guards ("..._still_...")."""
from __future__ import annotations

import pytest

from bench.understanding import dropped
from assistant.reading import read


@pytest.mark.parametrize("text,precision,words", [
    ("квантизовать её до 8 бит", "int8", "8 бит"),  # the bits said beat the int4 "квант..." would assume
    ("quantized down to 8 bit, will it fit", "int8", "8 bit"),
    ("if we quantize to 4 bit", "int4", "4 bit"),  # the same value: the words said are the span, no number lost
])
def test_a_precision_said_beats_one_a_vague_word_assumes(text, precision, words):
    r = read(text)
    assert r.scenario.precision == precision and "precision" not in r.assumed and not r.conflicts
    assert [s.text for s in r.spans["precision"]] == [words] and dropped(r) == []


def test_a_vague_quantization_word_alone_is_still_an_assumed_int4():
    r = read("квантованную модель на 8б потянет?")  # guard
    assert r.scenario.precision == "int4" and r.assumed == ["precision"]


@pytest.mark.parametrize("text,context", [
    ("а если окно контекста поднять до 128к", 131072),  # "до" is how far the context goes, not a budget's ceiling
    ("context up to 64k max", 65536),
    ("контекст хотим до 32к", 32768),
])
def test_a_context_word_a_few_words_back_makes_up_to_a_context(text, context):
    r = read(text)
    assert r.scenario.context == context and r.scenario.budget is None


def test_a_budget_after_a_context_is_still_a_budget():
    r = read("контекст 8к, а бюджет до 400к")  # guard: a number and a money word between
    assert r.scenario.context == 8192 and r.scenario.budget == 400000


@pytest.mark.parametrize("text", ["ку!", "yo", "sup", "прив"])
def test_slang_hellos_are_greetings(text):
    assert read(text).intent == "greeting"


def test_a_slang_hello_beside_a_question_is_still_the_question():
    assert read("хай, сколько стоит 5090").intent == "gpu_info"  # guard


@pytest.mark.parametrize("text,users", [("team of 12 ppl, what gpu", 12), ("for ~40 ppl at once", 40)])
def test_ppl_counts_people(text, users):
    r = read(text)
    assert r.scenario.users == users and not r.unattached


@pytest.mark.parametrize("text,intent", [
    # a talk with one of the vendor's people asked for is a hand-off
    ("хотим поговорить с вашим специалистом насчёт сервера", "handoff"),
    ("could someone from your team hop on a call with us", "handoff"),
    # help choosing a card is a question of what to buy
    ("помоги выбрать карту под ллм, до 80к", "recommend"),
    ("help me choose a card for local llms", "recommend"),
    # "the diff between" asks what differs
    ("what's the diff between gddr6 and hbm", "knowledge"),
    # a closed network with no internet is inside the domain: a question, not out of scope
    ("у нас офлайн контур без интернета, так можно?", "knowledge"),
    # the watts asked, a spec only the reason; a rate of tokens is speed, not the memory's bandwidth
    ("how many watts will a 4090 pull, it's for the psu spec", "power"),
    ("пропускная способность в токенах у l40s на квене 14б какая", "speed"),
])
def test_intents_of_the_eleventh_pass(text, intent):
    assert read(text).intent == intent


@pytest.mark.parametrize("text,intent", [
    ("характеристики и цена l40s", "gpu_info"),  # guards: a spec question stays one
    ("пропускная способность памяти у h200", "gpu_info"),
    ("позовите менеджера", "handoff"),
])
def test_spec_and_handoff_questions_still_read_so(text, intent):
    assert read(text).intent == intent


@pytest.mark.parametrize("text,ram,vram", [
    ("у меня 32 гб оперативки и 12 гб видеопамяти", 32, 12),  # the card's memory word right after its number
    ("16gb ram + 6gb vram, enough?", 16, 6),
    ("64 гб оперативки, 24 гб vram", 64, 24),
])
def test_the_cards_memory_word_beside_a_number_beats_a_ram_word_further_back(text, ram, vram):
    r = read(text)
    assert (r.scenario.ram_gb, r.scenario.card_vram_gb) == (ram, vram) and not r.conflicts


@pytest.mark.parametrize("text,ram,vram", [
    ("оперативки 64 гб, видеопамяти 24 гб", 64, 24),  # guards: each word before its own number, as before
    ("ram 128gb, vram 48gb", 128, 48),
])
def test_memory_words_before_their_numbers_still_read_so(text, ram, vram):
    r = read(text)
    assert (r.scenario.ram_gb, r.scenario.card_vram_gb) == (ram, vram) and not r.conflicts
