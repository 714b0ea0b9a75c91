"""General rules of the reader's eleventh pass (issue 11, after fresh7.yaml's first sight; the pass's main change, the
learned intent classifier, is tested in tests/assistant/test_reading_classifier.py). Wordings of their own, not
fresh7.yaml's sentences; each test fails without its rule, except the guard ("..._still_...")."""
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
