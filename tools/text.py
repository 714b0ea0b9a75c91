"""The one text module: language, name normalisation, family aliases, suffixes, sentences.

Used by the reader (`assistant/reading`), the catalog lookups, the grounding guard and retrieval,
so they agree on what a customer's words mean. Pure functions; the word lists are data
(`knowledge/catalog/lexicon.yaml`, loaded by `tools.lexicon`).

Language rule: a message is Russian when it has at least 2 Cyrillic letters. Latin model and card
names are common in Russian messages ("сколько памяти для Llama 3 70B на 2x H100"), so a ratio
of scripts misjudges them; one stray Cyrillic letter ("Н100" typed on a Russian layout) does not
make an English message Russian.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal

from tools.lexicon import load_lexicon

Language = Literal["ru", "en"]
_CYR = re.compile(r"[а-яё]", re.I)


_LAT = re.compile(r"[a-z]", re.I)
LONG_TEXT = 400  # a document, not a message: a few Russian words in it do not make it Russian


def detect_language(text: str) -> Language:
    """A message with 2+ Cyrillic letters is Russian; a long text (a document) needs Cyrillic to be at
    least half as frequent as Latin, since an English page may quote a Russian term or two."""
    cyr = len(_CYR.findall(text[:5000]))
    if len(text) < LONG_TEXT:
        return "ru" if cyr >= 2 else "en"
    return "ru" if cyr >= 2 and cyr >= 0.5 * len(_LAT.findall(text[:5000])) else "en"


# words only an English sentence has; product names, units and numbers say nothing about the language
EN_WORDS = frozenset("""a an and or but the of on in at to for with without from by about if is are was be can could
would will should do does did how what which who why when where much many it its this that these those we i you our my
your me us they them need needs want run runs fit fits enough cards card users user two three four five six eight ten
one more less instead than then per hour month price cost yes no please thanks hi hello""".split())
_LAT_WORD = re.compile(r"(?<![\w.])[a-z]+(?![\w.])", re.I)


def follow_up_language(text: str, previous: Language | None) -> Language:
    """A follow-up keeps the conversation's language unless it is written in the other one: "а
    Qwen2.5-14B?" has one Cyrillic letter and "RTX 5090?" none, yet both follow a Russian turn."""
    lang = detect_language(text)
    if previous is None or lang == previous or len(text) >= LONG_TEXT:
        return lang
    if lang == "en" and not any(w.lower() in EN_WORDS for w in _LAT_WORD.findall(text)):
        return previous  # no English word: names, numbers, units, a Russian letter or two
    return lang


def has_cyrillic(text: str) -> bool:
    return bool(_CYR.search(text))


# Russian case/ordinal endings written after a number: "4090-я", "4090-х", "3090ые", "4090ку", "H100-е".
ORDINAL_SUFFIX = r"(?:-?(?:ая|ой|ую|ые|ых|ыми|ым|ми|ом|ка|ки|ку|кой|ках|ке|ти|я|й|ю|е|х|м|го))"
_SUFFIX_RE = re.compile(rf"(?<=\d){ORDINAL_SUFFIX}$", re.I)
_EN_PLURAL = re.compile(r"(?<=\d)(?:'?s|-s)$", re.I)  # "H100s", "4090's"


def strip_number_suffix(token: str) -> str:
    """'4090-я' -> '4090', '3090ые' -> '3090', 'H100s' -> 'H100'; other tokens unchanged."""
    out = _SUFFIX_RE.sub("", token)
    return _EN_PLURAL.sub("", out)


@lru_cache(maxsize=1)
def _family_pattern() -> tuple[re.Pattern[str], dict[str, str]]:
    index = load_lexicon().family_index()
    alts = sorted(index, key=len, reverse=True)
    # a family word at a word start, followed by a non-letter (digit, separator or end): "ламу3" too
    pat = re.compile(r"(?<![a-zа-яё])(" + "|".join(map(re.escape, alts)) + r")(?![a-zа-яё])", re.I)
    return pat, index


def canonical_family(text: str) -> str:
    """Replace every family alias by its canonical name: 'ламу 3 8б' -> 'llama 3 8б'."""
    pat, index = _family_pattern()
    return pat.sub(lambda m: str(index[m.group(1).lower()]), text)


def family_of(word: str) -> str | None:
    return _family_pattern()[1].get(word.lower())


@lru_cache(maxsize=8192)  # every catalog lookup normalises the whole catalog: keep it cached
def normalise_name(name: str) -> str:
    """Lower-case, canonical family names, unified separators: 'лама 3 70Б' ~ 'llama-3-70b'."""
    s = canonical_family(name.lower().strip())
    s = re.sub(r"(?<=\d)б(?![а-яё])", "b", s)  # "8б" -> "8b"
    s = re.sub(r"(?<=\d)[.,](?=\d)", "p", s)  # keep "2.5-7b" apart from "2-57b"
    s = re.sub(r"[\s_\-./]+", "", s)
    s = re.sub(r"(instruct|chat|it|hf)$", "", s)
    return s


# "vs." and "e.g." end no sentence: "(768 vs. 1 008 GB/s)" is one comparison, checked as one
SENTENCE_BOUNDARY = re.compile(r"(?<=[.!?…])(?<!\bvs\.)(?<!\be\.g\.)(?<!\bi\.e\.)\s+|\n+")


def split_sentences(text: str) -> list[str]:
    """Sentences ending in . ! ? … or a line break; empty pieces dropped."""
    return [s for s in (p.strip() for p in SENTENCE_BOUNDARY.split(text)) if s]


# product-shaped names: "RTX 9090", "H300", "Llama-7-900B"; the catalog decides whether they exist
GPU_NAME = re.compile(r"\b(?:(?:rtx|gtx)[\s-]?(?:a|pro\s)?\d{3,5}(?:[\s-]?(?:ti|super|ada)\b)*|[ahblvАН]\d{2,3}[a-z]?)\b",
                      re.I)


# where one clause ends: punctuation, a spaced dash, or a contrasting conjunction ("иначе", "а", "но", "but")
CLAUSE_BREAK = re.compile(r"[,;:—–()]|\s-\s|\s(?:иначе|а|но|зато|otherwise|but|whereas|while)\s", re.I)


def clause_around(sentence: str, start: int, end: int) -> tuple[int, int]:
    """The span of the clause of `sentence` that holds [start, end)."""
    cuts = [m.end() for m in CLAUSE_BREAK.finditer(sentence, 0, start)]
    after = CLAUSE_BREAK.search(sentence, end)
    return (cuts[-1] if cuts else 0), (after.start() if after else len(sentence))


@lru_cache(maxsize=1)
def model_name_pattern() -> re.Pattern[str]:
    alts = sorted(_family_pattern()[1], key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(map(re.escape, alts)) + r")[\s-]?v?\d+(?:\.\d+)?[\s-]+\d+(?:[.,]\d+)?\s?[bб]\b",
                      re.I)


def flat_passage(text: str) -> str:
    """A markdown passage as one paragraph, for a quote or the model's SOURCES: line breaks and list
    markers removed, a heading kept as its own sentence ("Модели 7–13B: хватает. Для…", not "хватает
    Для…" run into the next line)."""
    out = []
    for line in text.splitlines():
        line = re.sub(r"^\s*[-*]\s+", "", line).strip()
        if m := re.match(r"#+\s*(.*\S)", line):
            line = m.group(1) if m.group(1).endswith((".", "?", "!", "…", ":")) else m.group(1) + "."
        if line:
            out.append(line)
    return " ".join(out)


# a data centre or colocation, as customers and the model write it: the GeForce licence's words (the reader asks the
# licence question on it, the guard checks a GeForce card offered for one)
DATA_CENTRE = re.compile(r"\bdata\s?cent(?:er|re)s?\b|\bdc\b|\bцод\w*|дата-?центр\w*|датацентр\w*|"
                         r"\bcolo(?:cation)?\b|колокейшн\w*|колокаци\w*", re.I)
