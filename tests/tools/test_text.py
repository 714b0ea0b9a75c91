"""The one text module and the lexicon it reads."""
from __future__ import annotations

import re

import pytest

from tools.catalog import load_catalog
from tools.lexicon import load_lexicon
from tools.text import (canonical_family, detect_language, follow_up_language, normalise_name,
                        split_sentences, strip_number_suffix)


@pytest.mark.parametrize("text,lang", [
    ("сколько памяти для Llama 3 70B на 2x H100", "ru"),
    ("how much vram for llama 3 8b", "en"),
    ("Н100 price?", "en"),  # one Cyrillic letter typed on a Russian layout is not Russian
    ("ок", "ru"),
])
def test_language_rule_two_cyrillic_letters(text, lang):
    assert detect_language(text) == lang


@pytest.mark.parametrize("text,previous,lang", [
    ("а Qwen2.5-14B?", "ru", "ru"),  # one Cyrillic letter and a name: still the Russian conversation
    ("RTX 5090?", "ru", "ru"),
    ("Q4_K_M 32k", "ru", "ru"),
    ("and in Q4?", "ru", "en"),  # English words: the customer switched
    ("what about two RTX 5090?", "ru", "en"),
    ("а на 4090?", "en", "ru"),
    ("RTX 5090?", None, "en"),  # a first message: the plain rule
    ("RTX 5090?", "en", "en"),
    ("ok", "ru", "ru"),  # typed on either keyboard: no language of its own
])
def test_a_follow_up_without_words_of_the_other_language_keeps_the_conversations(text, previous, lang):
    assert follow_up_language(text, previous) == lang


@pytest.mark.parametrize("a,b", [("лама 3 70B", "llama-3-70b"), ("ламу 3 8б", "Llama 3 8B"),
                                 ("квен 2.5 7b", "qwen2.5-7b"), ("дипсик r1", "DeepSeek R1")])
def test_normalise_name_unifies_spellings(a, b):
    assert normalise_name(a) == normalise_name(b)


def test_normalise_name_keeps_versions_apart():
    assert normalise_name("qwen2.5-7b") != normalise_name("qwen2-57b")


def test_family_words_only_at_word_boundaries():
    assert canonical_family("реклама") == "реклама"
    assert canonical_family("лламу 3") == "llama 3"


@pytest.mark.parametrize("tok,out", [("4090-я", "4090"), ("4090-х", "4090"), ("3090ые", "3090"), ("H100s", "H100"),
                                     ("4090ку", "4090"), ("A100", "A100"), ("llama", "llama")])
def test_strip_number_suffix(tok, out):
    assert strip_number_suffix(tok) == out


def test_sentences_split_on_ellipsis_too():
    assert split_sentences("Хватит ли 24 ГБ… Наверное да. А 16? Нет!\nНовая строка") == [
        "Хватит ли 24 ГБ…", "Наверное да.", "А 16?", "Нет!", "Новая строка"]


def test_lexicon_loads_and_points_at_the_catalog():
    lex = load_lexicon()
    ids = {m.id for m in load_catalog().models}
    assert set(lex.model_defaults.values()) <= ids
    assert lex.numbers["восьми"] == 8 and lex.numbers["пару"] == 2 and lex.numbers["four"] == 4
    assert lex.scale.context["k"] == 1024 and lex.scale.money["k"] == 1000
    for pattern, _ru, _en in lex.retrieval_slang:
        re.compile(pattern)


def test_lexicon_rejects_an_alias_of_two_families(tmp_path):
    import yaml

    from tools.lexicon import Lexicon

    data = yaml.safe_load((load_lexicon.__wrapped__.__globals__["CATALOG_DIR"] / "lexicon.yaml").read_text("utf-8"))
    data["families"]["qwen"].append("лама")
    with pytest.raises(ValueError, match="claimed by families"):
        Lexicon.model_validate(data)


def test_a_flat_passage_keeps_a_heading_as_its_own_sentence_and_drops_list_markers():
    from tools.text import flat_passage
    text = "## Модели 7–13B: хватает\nДля них подойдёт одна карта.\n- 24 ГБ\n* 48 ГБ\n\n# Итог.\nВсё."
    assert flat_passage(text) == "Модели 7–13B: хватает. Для них подойдёт одна карта. 24 ГБ 48 ГБ Итог. Всё."

