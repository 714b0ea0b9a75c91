"""The learned intent classifier (assistant/reading/classifier.py) and when it may overrule the rules.

Wordings here are the tests' own, not the corpora's sentences; the weights file is the committed one.
"""
from __future__ import annotations

import statistics
import time

import numpy as np
import pytest

from assistant.reading import classifier as C
from assistant.reading import read
from assistant.reading.context import carry
from assistant.scenario import Scenario


def test_the_weights_were_trained_on_the_corpora_as_they_are():
    # fails when tune/dev/fresh..fresh10 change and `python -m assistant.reading.classifier` was not run again
    with np.load(C.MODEL_PATH) as z:
        assert str(z["digest"]) == C.digest(C.corpus())
    assert C.MODEL_PATH.stat().st_size < 400_000  # a small committed file, no model from a hub


def test_the_holdout_is_never_trained_on():
    # a new batch (fresh9 in the thirteenth pass, fresh10 in the fourteenth) joins the training only after its first sight was recorded
    assert "holdout" not in C.TRAIN_SPLITS
    with pytest.raises(AssertionError):
        C.corpus(("tune", "holdout"))


def test_features_fold_digits_and_have_unit_length():
    a, va = C.features("сколько стоит 4090")
    b, vb = C.features("сколько стоит 3090")
    assert sorted(a.tolist()) == sorted(b.tolist())  # the number says nothing about the question
    assert abs(float(np.linalg.norm(va)) - 1) < 1e-5
    assert sorted(C.features("Сколько СТОИТ 4090")[0].tolist()) == sorted(a.tolist())


@pytest.mark.parametrize("text,intent", [
    ("почём нынче rtx 5080 у вас", "gpu_info"),
    ("сколько ватт съедает a6000 под нагрузкой", "power"),
    ("how many tokens per second would i get from phi 4 on my card", "speed"),
    ("какие нейросетки можно погонять на моей видюхе", "models_for_hardware"),
    ("позовите живого менеджера пожалуйста", "handoff"),
])
def test_the_classifier_reads_plain_questions(text, intent):
    p = C.probabilities(text)
    assert p is not None and abs(sum(p.values()) - 1) < 1e-5
    assert max(p, key=p.__getitem__) == intent


def _fake(monkeypatch, intent: str, prob: float) -> None:
    rest = (1 - prob) / (len(C.INTENTS) - 1)
    monkeypatch.setattr(C, "probabilities", lambda text: {i: prob if i == intent else rest for i in C.INTENTS})


def test_a_followup_is_never_overruled(monkeypatch):
    _fake(monkeypatch, "power", 0.99)
    assert C.combine("followup", "а на двух") == "followup"  # the conversation decides it, the classifier cannot see it


def test_a_rule_that_fired_needs_a_sure_classifier(monkeypatch):
    _fake(monkeypatch, "power", C.SURE - 0.01)
    assert C.combine("gpu_info", "x") == "gpu_info"
    _fake(monkeypatch, "power", C.SURE + 0.01)
    assert C.combine("gpu_info", "x") == "power"


def test_the_rules_fallbacks_are_overruled_more_readily(monkeypatch):
    _fake(monkeypatch, "handoff", C.SURE_OVER_FALLBACK + 0.01)
    assert C.combine("out_of_scope", "x") == "handoff"
    assert C.combine("knowledge", "x") == "handoff"
    assert C.combine("recommend", "x") == "recommend"  # not a fallback: the classifier is not sure enough
    _fake(monkeypatch, "handoff", C.SURE_OVER_FALLBACK - 0.01)
    assert C.combine("out_of_scope", "x") == "out_of_scope"


def test_without_the_weights_file_the_rules_stand(monkeypatch, tmp_path):
    monkeypatch.setattr(C, "MODEL_PATH", tmp_path / "none.npz")
    C._model.cache_clear()
    C._probabilities.cache_clear()
    try:
        assert C.probabilities("сколько стоит h100") is None
        assert C.combine("out_of_scope", "сколько стоит h100") == "out_of_scope"
    finally:
        C._model.cache_clear()
        C._probabilities.cache_clear()


def test_combining_happens_after_the_conversation():
    # the rules read a lone "а на одной" weakly (the classifier says vram at 0.63); the conversation makes it a follow-up of the question on the table,
    # which the classifier (that sees only the words) must not turn into a question of its own
    r = carry(read("а на одной"), Scenario(model="qwen3-32b", gpu="rtx-4090", gpu_count=4))
    assert r.intent == "followup" and r.scenario.gpu_count == 1


def test_carry_is_where_a_sure_classifier_overrules_a_fallback(monkeypatch):
    r = read("ну в общем такое дело")
    assert r.intent in C.FALLBACKS  # read() alone is the rules
    _fake(monkeypatch, "handoff", 0.9)
    assert carry(r, None).intent == "handoff"


def test_training_learns_a_separable_toy_corpus():
    pairs = [(f"сколько стоит карта номер {i}", "gpu_info") for i in range(6)] + \
            [(f"сколько ватт ест карта номер {i}", "power") for i in range(6)]
    w, b = C.train(pairs, steps=60)
    for text, want in (("сколько стоит эта", "gpu_info"), ("сколько ватт ест эта", "power")):
        idx, val = C.features(text)
        assert C.INTENTS[int(np.argmax(val @ w[idx] + b))] == want


def test_the_classifier_is_cheap():
    C.probabilities("warm up")
    times = []
    for i in range(60):  # texts never seen: the cache must not make it look cheap
        text = f"сколько стоит h100, вариант {i}" if i % 2 else f"what fits on {i} cards like the 3090"
        t0 = time.perf_counter()
        C.probabilities(text)
        times.append(time.perf_counter() - t0)
    assert statistics.median(times) < 0.005  # measured ~0.1 ms; the computed block has 0.5 s
