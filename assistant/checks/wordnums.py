"""Numbers written in words, Russian and English: "ninety-nine dollars", "сорок процентов",
"two thousand five hundred". A figure spelled out is a figure: the guard treats it like digits.

Small numbers ("one", "две") are everyday words ("one card is enough" is a verdict, checked as a
count elsewhere); they count as figures here only when a unit, price, percent or card word follows.
"""
from __future__ import annotations

import re
from functools import lru_cache

from rapidfuzz import fuzz, process

_EN = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
       "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
       "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40,
       "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_EN_MUL = {"hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9}
# Russian stems: every case form of a numeral starts with one of these
_RU = [("одиннадцат", 11), ("двенадцат", 12), ("тринадцат", 13), ("четырнадцат", 14), ("пятнадцат", 15),
       ("шестнадцат", 16), ("семнадцат", 17), ("восемнадцат", 18), ("девятнадцат", 19), ("двадцат", 20),
       ("тридцат", 30), ("сорок", 40), ("пятьдесят", 50), ("пятидесят", 50), ("шестьдесят", 60),
       ("шестидесят", 60), ("семьдесят", 70), ("семидесят", 70), ("восемьдесят", 80), ("восьмидесят", 80),
       ("девяносто", 90), ("девяноста", 90), ("двести", 200), ("двухсот", 200), ("триста", 300), ("трёхсот", 300),
       ("трехсот", 300), ("четыреста", 400), ("пятьсот", 500), ("шестьсот", 600), ("семьсот", 700),
       ("восемьсот", 800), ("девятьсот", 900), ("сто", 100), ("ста", 100),
       ("ноль", 0), ("нол", 0), ("один", 1), ("одн", 1), ("два", 2), ("две", 2), ("двух", 2), ("двум", 2),
       ("три", 3), ("трёх", 3), ("трех", 3), ("четыр", 4), ("пят", 5), ("шест", 6), ("сем", 7), ("восем", 8),
       ("восьм", 8), ("девят", 9), ("десят", 10)]
_RU_MUL = [("тысяч", 1000), ("миллион", 10**6), ("миллиард", 10**9)]
# whole-word forms for the short stems, so "семья", "пятно", "сотрудник" are not numbers
_RU_SHORT_OK = re.compile(r"^(?:ноль|нол[ьяюе]\w*|один|одн(?:а|о|у|ой|ого|ому|ом|и|их|им)|два|две|двух|двум\w*|три|трём|"
                          r"трем|трёх|трех|тремя|четыр(?:е|ёх|ех|ём|ем|ьмя)|пят(?:ь|и|ью)|шест(?:ь|и|ью)|сем(?:ь|и|ью)|"
                          r"восем(?:ь|ью)|восьм(?:и|ью)|девят(?:ь|и|ью)|десят(?:ь|и|ью)|сто|ста)$")
_UNIT_AFTER = re.compile(
    r"^\s*(?:%|percent|per\s?cent|процент\w*|dollars?|usd|\$|долл\w*|руб\w*|euros?|евро|€|₽|"
    r"watts?|ватт\w*|вт\b|w\b|gb\b|gib\b|гб\b|гигабайт\w*|gigabytes?|карт\w*|видеокарт\w*|gpus?\b|cards?\b|"
    r"ускорител\w*|accelerators?|tokens?|токен\w*|раз\w*|times)", re.I)
_WORD = re.compile(r"[a-zа-яё]+", re.I)


def _ru_value(w: str) -> int | None:
    w = w.lower()
    for stem, v in _RU_MUL:
        if w.startswith(stem):
            return -v  # multiplier
    for stem, v in _RU:
        if w.startswith(stem):
            if len(stem) <= 4 and not _RU_SHORT_OK.match(w):
                return None
            if stem == "сем" and w.startswith("семнадцат"):
                return 17
            return v
    return None


def _en_value(w: str) -> int | None:
    w = w.lower()
    if w in _EN_MUL:
        return -_EN_MUL[w]
    return _EN.get(w)


def word_numbers(text: str) -> list[tuple[int, int, float]]:
    """(start, end, value) for each number written in words in `text`."""
    words = [(m.start(), m.end(), m.group(0)) for m in _WORD.finditer(text)]
    out: list[tuple[int, int, float]] = []
    i = 0
    while i < len(words):
        run: list[tuple[int, int, int]] = []
        j = i
        while j < len(words):
            s, e, w = words[j]
            v = _en_value(w) if w.isascii() else _ru_value(w)
            gap = text[words[j - 1][1]:s] if run else ""
            if v is None and run and w.lower() == "and" and j + 1 < len(words):  # "two hundred and five"
                j += 1
                continue
            if v is None or (run and not re.fullmatch(r"[\s-]*", gap.replace("and", ""))):
                break
            run.append((s, e, v))
            j += 1
        if not run:
            i += 1
            continue
        total, current = 0, 0
        for _, _, v in run:
            if v < 0:
                current = max(current, 1) * -v
                if -v >= 1000:
                    total, current = total + current, 0
            else:
                current += v
        value = total + current
        start, end = run[0][0], run[-1][1]
        big = value >= 10 or any(v < 0 for _, _, v in run)
        if big or _UNIT_AFTER.match(text[end:end + 14]):
            out.append((start, end, float(value)))
        i = j
    return out


# Every case form of these numerals (cardinal and ordinal) is a real number word; an unknown word
# close to one ("трёхдцати", "двацати", "восемьдесять") is a figure the guard cannot read, and reads
# as broken Russian on the vendor's page.
_NUMERAL_LEMMAS = ("один два три четыре пять шесть семь восемь девять десять одиннадцать двенадцать тринадцать "
                   "четырнадцать пятнадцать шестнадцать семнадцать восемнадцать девятнадцать двадцать тридцать сорок "
                   "пятьдесят шестьдесят семьдесят восемьдесят девяносто сто двести триста четыреста пятьсот шестьсот "
                   "семьсот восемьсот девятьсот тысяча миллион миллиард полтора первый второй третий четвёртый пятый "
                   "шестой седьмой восьмой девятый десятый двадцатый тридцатый сороковой сотый тысячный").split()
# 80: "трёхдцати" ~ "тридцати" scores 82, while no word of the guide or the docs that pymorphy3 does
# not know ("двухслотовая", "четырёхкарточный") reaches it (tests/assistant/test_wordnums_malformed.py)
_CLOSE = 80
_CYR_WORD = re.compile(r"(?<![\w-])[а-яё]{5,}(?![\w-])", re.I)


@lru_cache(maxsize=1)
def _numeral_forms() -> tuple[str, ...]:
    from assistant.reading.words import morph

    m = morph()
    forms = {x.word for lemma in _NUMERAL_LEMMAS for p in m.parse(lemma)
             if p.normal_form == lemma.replace("ё", "е") for x in p.lexeme}
    return tuple(sorted(forms))


def malformed(sentence: str) -> list[str]:
    """Russian words that are no word but nearly a numeral's form ("трёхдцати")."""
    from assistant.reading.words import morph

    out = []
    for m in _CYR_WORD.finditer(sentence):
        w = m.group(0).lower().replace("ё", "е")
        if morph().word_is_known(w):
            continue
        near = process.extractOne(w, _numeral_forms(), scorer=fuzz.ratio, score_cutoff=_CLOSE)
        if near:
            out.append(f"malformed number word: {m.group(0)}")
    return out
