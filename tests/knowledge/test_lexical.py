"""Slang normalisation, stemming and the BM25 index."""
from __future__ import annotations

import numpy as np
import pytest

from knowledge.lexical import BM25Index, normalize, tokenize


@pytest.mark.parametrize("slang, canonical", [
    ("какой БП взять", "блок питания"),
    ("4 видюхи", "видеокарта"),
    ("две видяхи", "видеокарта"),
    ("на 4090-й", "4090"),
    ("4090-е и 3090-я", "4090"),
    ("хватит ли VRAM", "видеопамять"),
    ("сколько видеопамяти", "VRAM"),
    ("лору обучить", "LoRA"),
    ("кулинг стойки", "охлаждение"),
    ("нвлинк нужен", "NVLink"),
    ("3090ти", "3090 Ti"),
])
def test_normalize_maps_slang_to_canonical_terms(slang, canonical):
    assert canonical in normalize(slang)


def test_normalize_leaves_ordinary_words_alone():
    assert normalize("Считайте по пиковому потреблению") == "Считайте по пиковому потреблению"
    assert "4090" in normalize("RTX 4090") and "RTX" in normalize("RTX 4090")


def test_tokenize_stems_each_language_and_drops_stop_words():
    assert tokenize("видеокарты видеокарте") == ["видеокарт", "видеокарт"]
    assert tokenize("the cards and the cooling") == ["card", "cool"]
    assert "4090" in tokenize("RTX 4090-я")


def test_bm25_finds_slang_query_and_survives_save_load(tmp_path):
    texts = ["Блок питания на 1600 Вт для четырёх видеокарт", "Охлаждение серверной стойки",
             "KV cache grows with context length"]
    index = BM25Index.build(["a", "b", "c"], texts)
    scores = index.scores("какой БП на 4 видюхи")
    assert int(np.argmax(scores)) == 0
    index.save(tmp_path / "bm25")
    loaded = BM25Index.load(tmp_path / "bm25")
    assert loaded.ids == ["a", "b", "c"]
    assert np.allclose(loaded.scores("кулинг"), index.scores("кулинг")) and loaded.scores("кулинг")[1] > 0


def test_bm25_unknown_words_score_zero():
    index = BM25Index.build(["a"], ["видеокарта"])
    assert index.scores("zzzz qqqq").tolist() == [0.0]


def test_canonical_terms_follow_the_text_language():
    en = normalize("which GPU and PSU for a LoRA of llama")
    assert not any("а" <= ch <= "я" for ch in en.lower()) and "power supply" in en
    assert "видеокарта" in normalize("видюха для лоры") and "блок питания" in normalize("PSU на 1600 Вт")
    assert "cooling" in normalize("кулинг", language="en")


def test_signature_is_stable_and_tracks_rules(monkeypatch):
    import knowledge.lexical as lx

    sig = lx.signature()
    assert sig == lx.signature()
    monkeypatch.setattr(lx, "_SLANG", [*lx._SLANG, ("x", "y", "z")])
    assert lx.signature() != sig
