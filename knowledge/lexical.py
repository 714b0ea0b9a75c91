"""Keyword side of retrieval: slang normalisation, RU/EN stemming, a BM25 index (bm25s).

Customers write "БП на 4 видюхи 4090-е"; the docs say "блок питания на четыре видеокарты".
``normalize`` rewrites slang and abbreviations into canonical terms (both languages where useful)
and is applied to queries before *both* searches and to passages before BM25 indexing, so the two
sides meet on the same words.
"""
from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import bm25s
import numpy as np
import Stemmer
from bm25s.stopwords import STOPWORDS_EN, STOPWORDS_RUSSIAN

from tools.lexicon import load_lexicon
from tools.text import detect_language, has_cyrillic

# (pattern, Russian canonical, English canonical), from the customer-language lexicon
# (knowledge/catalog/lexicon.yaml `retrieval_slang`, validated by tools/lexicon.py). Matched
# case-insensitively on word boundaries; Russian patterns end in \w* to cover inflections
# ("видюхи", "видюху", "видюхами"). The canonical form follows the text's language (None = leave the
# match as written): docs are per language, and Russian words pulled into an English query only blur
# its embedding.
_SLANG: list[tuple[str, str | None, str | None]] = list(load_lexicon().retrieval_slang)
_SLANG_RE = [(re.compile(rf"(?<!\w)(?:{p})(?!\w)", re.I), ru, en) for p, ru, en in _SLANG]
# "4090-я", "4090-й", "4090-ые", "4090ых" -> "4090"; "3090ти" -> "3090 Ti".
_NUM_SUFFIX = re.compile(r"(?<!\w)(\d{3,5})-?(?:ая|ой|ую|ые|ых|ыми|ми|я|й|ю|е|х)(?!\w)", re.I)
_TI = re.compile(r"(?<!\w)(\d{3,5}) ?(?:ти|ti)(?!\w)", re.I)


def normalize(text: str, language: str | None = None) -> str:
    """Rewrite slang/abbreviations into canonical terms of ``language`` (detected when None)."""
    if language is None:
        language = detect_language(text)
    text = _NUM_SUFFIX.sub(r"\1", text)
    text = _TI.sub(r"\1 Ti", text)
    for pattern, ru, en in _SLANG_RE:
        repl = ru if language == "ru" else en
        if repl is not None:
            text = pattern.sub(repl, text)
    return text


def signature() -> str:
    """Changes whenever normalisation or tokenising rules change, so a stale BM25 index is rebuilt."""
    rules = repr((_SLANG, _NUM_SUFFIX.pattern, _TI.pattern, _TOKEN_PATTERN, sorted(_STOP)))
    return hashlib.sha256(rules.encode("utf-8")).hexdigest()[:12]


_TOKEN_PATTERN = r"[0-9a-zа-яё]+"
_TOKEN = re.compile(_TOKEN_PATTERN, re.I)
_STOP = {w.replace("ё", "е") for w in (*STOPWORDS_EN, *STOPWORDS_RUSSIAN)}


@lru_cache(maxsize=1)
def _stemmers() -> tuple[Stemmer.Stemmer, Stemmer.Stemmer]:
    return Stemmer.Stemmer("russian"), Stemmer.Stemmer("english")


def tokenize(text: str) -> list[str]:
    """Lower-case word tokens, stop words dropped, each stemmed by its own script's Snowball stemmer."""
    ru, en = _stemmers()
    out = []
    for tok in _TOKEN.findall(text.lower().replace("ё", "е")):
        if tok in _STOP:
            continue
        out.append(ru.stemWord(tok) if has_cyrillic(tok) else en.stemWord(tok))
    return out


class BM25Index:
    """bm25s over chunk ids; ``scores`` returns one score per chunk, aligned with ``ids``."""

    def __init__(self, model: bm25s.BM25, ids: list[str]):
        self.model = model
        self.ids = ids

    @classmethod
    def build(cls, ids: list[str], texts: list[str], languages: list[str] | None = None,
              k1: float = 1.2, b: float = 0.75) -> "BM25Index":
        model = bm25s.BM25(k1=k1, b=b)
        langs: Sequence[str | None] = languages or [None] * len(texts)
        # Every chunk gets at least one token so bm25s never sees an empty document.
        docs = [tokenize(normalize(t, lang)) or ["_"] for t, lang in zip(texts, langs, strict=True)]
        model.index(docs, show_progress=False)
        return cls(model, list(ids))

    def scores(self, query: str, normalized: bool = False) -> np.ndarray:
        tokens = [t for t in tokenize(query if normalized else normalize(query)) if t in self.model.vocab_dict]
        if not tokens:
            return np.zeros(len(self.ids), dtype=np.float32)
        return self.model.get_scores(tokens)

    def save(self, directory: Path) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        self.model.save(str(directory), show_progress=False)
        (directory / "ids.json").write_text(json.dumps(self.ids), encoding="utf-8")

    @classmethod
    def load(cls, directory: Path) -> "BM25Index":
        model = bm25s.BM25.load(str(directory), show_progress=False)
        return cls(model, json.loads((directory / "ids.json").read_text(encoding="utf-8")))
