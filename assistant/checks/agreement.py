"""Broken Russian: an adjective that does not agree with the noun right after it.

The 1.5B model sometimes writes "предсказуемый производительность" (masculine adjective, feminine
noun), and the published FAQ showed it. Numbers and claims checks cannot see that; morphology can.
A pair is judged only when it is unambiguous: two Cyrillic words separated by a space, the first
only ever a full adjective or participle (not a pronoun: "что такое квантизация"; "один" is judged:
"одна оператора"), the second only ever a noun (so "данные", "новые" and
verbs are never judged). The pair agrees when some reading of each shares number and case (and
gender in the singular). Two constructions agree without matching: after 2-4 the adjective is
plural and the noun singular genitive ("два больших сервера"), and "один из ..." is not a pair.
A numeral after a preposition that governs the genitive must be genitive ("для двадцати", not "для двадцать").
"Не хватает" governs the genitive: "вашего БП не хватит", never "ваш БП не хватает" (seen at 7800baf). The
word before it is judged when every reading is a nominative or accusative noun, pronoun or adjective; an
abbreviation the dictionary lacks ("БП") passes the judgement to the adjective before it.
Known-good text (the vendor's guide, the worked turns) must raise nothing: tests/assistant/test_agreement.py.
"""
from __future__ import annotations

import re

from assistant.reading.words import morph

_PAIR = re.compile(r"(?<![\w-])([а-яё]+) (?=([а-яё]+)(?![\w-]))", re.I)
_ADJ = {"ADJF", "PRTF"}
_GENDERS = {"masc", "femn", "neut"}
_CASES = {"gen2": "gent", "loc2": "loct", "acc2": "accs"}  # "чашка чаю", "в лесу": variants of the core case


def _case(tag) -> str | None:
    return _CASES.get(tag.case, tag.case)


def _agree(adj, noun) -> bool:
    a, n = adj.tag, noun.tag
    if "Fixd" in n or n.case is None or a.case is None:
        return True  # indeclinable nouns ("кофе", "кэш" is declinable) agree with anything
    if a.number == "plur" and n.number == "sing" and _case(n) == "gent":
        return True  # "два больших сервера", "три свободных слота"
    if _case(a) != _case(n) and not (_case(a) == "accs" and _case(n) in ("nomn", "gent")):
        return False
    if a.number != n.number and not ("Pltm" in n or "Sgtm" in n or "Ms-f" in n):
        return False
    if a.number == "sing" and n.gender in _GENDERS and a.gender in _GENDERS and a.gender != n.gender:
        return "Ms-f" in n or "GNdr" in n  # "круглый сирота": common gender agrees either way
    return True


# a figure with its unit may stand between ("Ваш БП 850 Вт не хватает" at b7105d1, "Ваш БП на 3200 Вт не хватает" at 7ff4865)
_LACKS = re.compile(r"(?<![\w-])([а-яё]+)(?:\s+([\w-]+))?(?:\s+(?:на\s+)?\d[\d\s.,]*\s*(?:Вт|кВт|ГБ|W|kW|GB)\b)?"
                    r"\s+не\s+хват(?:ает|ало|ит|ят|ило)\b", re.I)
_SUBJECT = {"NOUN", "NPRO", "ADJF", "PRTF"}


def _only_subject(word: str, adjective: bool = False) -> bool:
    """Every reading a nominative or accusative (a noun, pronoun or adjective; only an adjective when `adjective`)."""
    parses = morph().parse(word.lower())
    return bool(parses) and all(p.is_known and p.tag.POS in ({"ADJF", "PRTF"} if adjective else _SUBJECT)
                                and _case(p.tag) in ("nomn", "accs") for p in parses)


def lacks_in_nominative(sentence: str) -> list[str]:
    """"ваш БП не хватает", "карта не хватит": the thing that falls short named in the nominative."""
    out = []
    for m in _LACKS.finditer(sentence):
        first, second = m.group(1), m.group(2)
        if second is None or re.fullmatch(r"[а-яё]+", second, re.I) and morph().parse(second.lower())[0].is_known:
            word = second or first
            if _only_subject(word):
                out.append(f"grammar: {word} не хват…")
        elif _only_subject(first, adjective=True):  # "ваш БП не хватает": the noun is no dictionary word
            out.append(f"grammar: {first} {second} не хват…")
    return out


_NEEDED = re.compile(r"(?<![\w-])(нужно|нужен|нужна|нужны)\s+([а-яё]+)(?![\w-])", re.I)
_NEEDED_FORM = {"нужно": ("neut", "sing"), "нужен": ("masc", "sing"), "нужна": ("femn", "sing"), "нужны": (None, "plur")}


def needed_disagrees(sentence: str) -> list[str]:
    """"нужно карта" (a review at 73660d8): the short form must agree with a noun that can only be nominative."""
    out = []
    for m in _NEEDED.finditer(sentence):
        gender, number = _NEEDED_FORM[m.group(1).lower()]
        parses = morph().parse(m.group(2).lower())
        if not parses or not all(p.is_known and p.tag.POS == "NOUN" and p.tag.case == "nomn" for p in parses):
            continue
        if not any(p.tag.number == number and (gender is None or p.tag.gender == gender or "Ms-f" in p.tag)
                   for p in parses):
            out.append(f"grammar: {m.group(1)} {m.group(2)}")
    return out


# prepositions that govern the genitive, never the nominative or accusative: "для двадцати", not "для двадцать"
_GENITIVE_PREP = re.compile(r"(?<![\w-])(для|из|от|до|без|около|после|вместо|кроме|среди|свыше|более|менее)\s+([а-яё]+)"
                            r"(?![\w-])", re.I)


def numeral_case(sentence: str) -> list[str]:
    """"Для двадцать человек" (the customer's "двадцать чел", copied at d68d7ae): a numeral that can only be nominative
    or accusative after a preposition that governs the genitive."""
    out = []
    for m in _GENITIVE_PREP.finditer(sentence):
        parses = morph().parse(m.group(2).lower())
        if parses and all(p.is_known and p.tag.POS == "NUMR" and _case(p.tag) in ("nomn", "accs") for p in parses):
            out.append(f"grammar: {m.group(1)} {m.group(2)}")
    return out


def disagreements(sentence: str) -> list[str]:
    """"grammar: <adjective> <noun>" for each adjacent pair that cannot agree."""
    out = lacks_in_nominative(sentence) + needed_disagrees(sentence) + numeral_case(sentence)
    for m in _PAIR.finditer(sentence):
        first, second = m.group(1).lower(), m.group(2).lower()
        adjs = morph().parse(first)
        nouns = morph().parse(second)
        if not adjs or not nouns or any(p.tag.POS not in _ADJ or ("Apro" in p.tag and "Anum" not in p.tag) for p in adjs):
            continue
        if any(p.tag.POS != "NOUN" for p in nouns) or not all(p.is_known for p in adjs + nouns):
            continue
        if not any(_agree(a, n) for a in adjs for n in nouns):
            out.append(f"grammar: {m.group(1)} {m.group(2)}")
    return out
