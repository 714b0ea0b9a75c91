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
