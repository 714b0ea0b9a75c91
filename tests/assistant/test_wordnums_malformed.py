"""A word that is nearly a Russian numeral but no word ("трёхдцати") is a figure the guard cannot
read: the guard drops its sentence. Real numerals, compounds and the guide's own words pass."""
import re
from pathlib import Path

import pytest

from assistant import guard
from assistant.checks.wordnums import malformed

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("sentence", [
    "Для трёхдцати пользователей нужно больше памяти.", "Хватит двацати гигабайт.",
    "Это восемьдесять ватт.", "Возьмите читыре карты.",
])
def test_a_near_numeral_that_is_no_word_is_flagged(sentence):
    assert malformed(sentence)


@pytest.mark.parametrize("sentence", [
    "Для тридцати пользователей нужно больше памяти.", "Хватит двадцати гигабайт.", "Это восемьдесят ватт.",
    "Двухслотовая карта и четырёхкарточный сервер.", "Восьмиядерный процессор, двадцатипятилетний опыт.",
    "Квантование, инференс и видеопамять.", "На шестидесяти процентах нагрузки.",
])
def test_real_numerals_compounds_and_terms_pass(sentence):
    assert malformed(sentence) == []


def test_no_word_of_the_guide_or_the_documents_is_flagged():
    texts = [p.read_text(encoding="utf-8") for p in (ROOT / "knowledge" / "docs").rglob("*.md")]
    texts.append((ROOT.parent / "shared" / "guide" / "vendor-guide.ru.txt").read_text(encoding="utf-8")
                 if (ROOT.parent / "shared" / "guide" / "vendor-guide.ru.txt").exists() else "")
    words = {w for t in texts for w in re.findall(r"[а-яё]+", t, re.I)}
    assert len(words) > 1000
    assert [w for w in sorted(words) if malformed(w)] == []


def test_the_guard_drops_the_sentence():
    assert any(v.startswith("malformed number word") for v in guard.violations(
        "Для трёхдцати пользователей нужно больше памяти.", []))
