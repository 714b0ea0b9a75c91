"""Echo and leaks: a sentence that repeats the prompt (its section markers, the system prompt, the
customer's question, a copied passage) or is written in the other language is not an explanation.

Overlap is measured on word 3-grams. Thresholds: a sentence is an echo when at least 60 % of its
3-grams (and it has at least 5: seven words) occur in one prompt part, or 85 % occur in the
customer's own message. An explanation that paraphrases shares
a few 3-grams with the facts ("23,71 ГБ видеопамяти"); a copied line shares nearly all of them.
The evaluation (bench/explanation.py) measures the same overlap on whole texts.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

LEAK = re.compile(r"\b(?:FACTS|SOURCES|QUESTION|ФАКТЫ|ИСТОЧНИКИ|ВОПРОС)\s*:|\bAnswer in (?:Russian|English)\b|"
                  r"<\|im_(?:start|end)\|>|\bsystem prompt\b|\bсистемн\w+ (?:промпт|инструкци)\w*|"
                  r"\byou are the pre-sales engineer\b|\(no calculation for this question\)|"
                  r"\byour previous answer\b|\bwrite it again\b|"  # the correction note, echoed
                  # or answered ("Конечно, вот правильная версия: Веса модели: 145,42 ГБ …", "Повторите его, правильно.")
                  r"\bвот (?:мой )?(?:правильн|исправленн|корректн)\w* (?:ответ|верси|вариант|текст)\w*|"
                  r"\bповторите (?:его|ответ)\b|\bhere(?:'s| is) (?:the |my )?(?:correct|corrected|revised|fixed) "
                  r"(?:answer|version|text)\b|"
                  r"\bпредложени\w*\s+по-русски\b|\bsentences\s+in\s+English\b", re.I)  # the answer-language line
# the prompt's section names as words of their own, without a colon ("больше памяти, чем в FACTS"):
# upper case only, so "the facts" and "sources say" stay prose
_SECTION_WORD = re.compile(r"\b(?:FACTS|SOURCES|QUESTION|ФАКТЫ|ФАКТАХ|ИСТОЧНИК(?:И|АХ)|ВОПРОС)\b")
_WORD = re.compile(r"[\wа-яё$%€₽]+(?:[.,]\d+)?", re.I)
ECHO_SHARE = 0.6
MIN_GRAMS = 5
QUESTION_ECHO_SHARE = 0.85
# seven of the customer's words in a row, copied ("нужно видеть под квен тридцать два б в восьми битах, чтобы они могли
# двадцать сидеть", a hurried question at c072517): the answer names things by the facts' names, never in their slang
COPIED_RUN = 7
COPIED_SHARE = 0.5  # and half the sentence's words or more are the customer's


def words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


def ngrams(ws: list[str], n: int = 3) -> list[tuple[str, ...]]:
    return [tuple(ws[i:i + n]) for i in range(len(ws) - n + 1)]


def overlap(text: str, reference: str, n: int = 3) -> float:
    """Share of `text`'s word n-grams that occur in `reference` (0 when it has none)."""
    grams = ngrams(words(text), n)
    if not grams:
        return 0.0
    ref = set(ngrams(words(reference), n))
    return sum(g in ref for g in grams) / len(grams)


def is_echo(sentence: str, parts: Iterable[str], question: Iterable[str] = ()) -> bool:
    """A copy of a prompt part; of the customer's own words only when nearly all of it is theirs
    (a verdict naturally reuses the question's words: "LoRA needs less memory than full fine-tuning")."""
    grams = ngrams(words(sentence))
    if len(grams) < MIN_GRAMS:  # a short sentence naturally shares its few 3-grams with the facts
        return False
    return (any(overlap(sentence, p) >= ECHO_SHARE for p in parts if p)
            or any(overlap(sentence, q) >= QUESTION_ECHO_SHARE or copied_share(sentence, q) >= COPIED_SHARE
                   for q in question if q))


def copies_a_line(sentence: str, parts: Iterable[str]) -> bool:
    """A short sentence that is one whole line of a prompt part in the facts' form, a label and its value ("Веса модели:
    12,98", 32e1dec), too short for the 3-gram share. A line said as a sentence ("Свободно 2,06 ГБ.") is prose."""
    ws = tuple(words(sentence))
    if len(ws) < 2 or ":" not in sentence:
        return False
    return any(tuple(words(line)) == ws for p in parts if p for line in p.splitlines())


def copied_share(sentence: str, question: str) -> float:
    """0 without a run of COPIED_RUN words copied from the question; with one, the share of the sentence's words the
    question has. A sentence that answers with figures of its own around a restated clause ("The H100 has higher
    memory bandwidth (3,350 vs 2,039 GB/s) …, which makes it faster than the A100 for LLM inference", explain-eval at
    91eef69) is no echo; one in the customer's slang throughout is."""
    ws = words(sentence)
    if not ws or not set(ngrams(ws, COPIED_RUN)) & set(ngrams(words(question), COPIED_RUN)):
        return 0.0
    theirs = set(words(question))
    return sum(w in theirs for w in ws) / len(ws)


# the customer's slang copied ("Для дипсик 32B нужно …, чтобы контекст шестнадцать тыщ крутить в 8 бит", a hurried
# question at e983f89, too short a run for COPIED_RUN): the answer names things by the facts' and the guide's words
SLANG_WORDS = 2
_CYRILLIC = re.compile(r"[а-яё]{3,}")


@lru_cache(maxsize=1)
def _guide_words() -> frozenset[str]:
    """Every Russian word of the built-in documents: the vocabulary a proper answer may use ("инференс", "промпт")."""
    from tools.paths import DOCS_DIR
    return frozenset(w for p in DOCS_DIR.rglob("*") if p.is_file() and p.suffix in (".md", ".txt")
                     for w in _CYRILLIC.findall(p.read_text(encoding="utf-8").lower()))


@lru_cache(maxsize=1)
def _lexicon_slang() -> frozenset[str]:
    """The lexicon's Russian aliases of model families ("дипсик", "квен") and its slang outside the dictionary
    ("видюха", "сервак")."""
    from assistant.reading.words import is_dictionary_word
    from tools.lexicon import load_lexicon
    lexicon = load_lexicon()
    return frozenset([a for a in lexicon.family_index() if _CYRILLIC.fullmatch(a)]
                     + [k for k in lexicon.slang if _CYRILLIC.fullmatch(k) and not is_dictionary_word(k)])


@lru_cache(maxsize=4096)
def _is_slang(word: str) -> bool:
    from assistant.reading.words import morph
    parsed = morph().parse(word)[0]
    return word in _lexicon_slang() or parsed.normal_form in _lexicon_slang() or "Infr" in parsed.tag or \
        "Slng" in parsed.tag


def slang_copied(sentence: str, parts: Iterable[str], question: Iterable[str]) -> list[str]:
    """The customer's slang words in a sentence when there are SLANG_WORDS or more of them (none the prompt's parts or
    the guide use)."""
    theirs = {w for q in question if q for w in _CYRILLIC.findall(q.lower())}
    said = set(_CYRILLIC.findall(sentence.lower())) & theirs
    if len(said) < SLANG_WORDS:
        return []
    ours = {w for p in parts if p for w in _CYRILLIC.findall(p.lower())} | _guide_words()
    slang = sorted(w for w in said - ours if _is_slang(w))
    return slang if len(slang) >= SLANG_WORDS else []


def leaks(sentence: str) -> bool:
    return bool(LEAK.search(sentence) or _SECTION_WORD.search(sentence))


# English words that never appear in a Russian technical sentence (product names, units and
# terms such as LoRA, NVLink, PCIe, vLLM, batch stay allowed)
_EN_FUNCTION = re.compile(
    r"\b(?:the|is|are|was|were|and|with|without|than|faster|slower|because|which|has|have|it|this|that|you|your|"
    r"can|will|would|should|more|less|better|not|for|of|from|into|enough|fits|needs?|also|however|about)\b", re.I)
_CYR = re.compile(r"[а-яё]{2,}", re.I)


def wrong_language(sentence: str, lang: str | None) -> bool:
    """A sentence (or part of one) in the other language than the customer's."""
    if lang == "ru":
        return bool(_EN_FUNCTION.search(sentence)) and bool(_CYR.search(sentence) or len(_EN_FUNCTION.findall(sentence)) > 1)
    if lang == "en":
        return len(_CYR.findall(sentence)) >= 1
    return False
