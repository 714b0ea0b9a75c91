"""Keyword side of retrieval: slang normalisation, RU/EN stemming, a BM25 index (bm25s).

Customers write "БП на 4 видюхи 4090-е"; the docs say "блок питания на четыре видеокарты".
``normalize`` rewrites slang and abbreviations into canonical terms (both languages where useful)
and is applied to queries before *both* searches and to passages before BM25 indexing, so the two
sides meet on the same words.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

import bm25s
import numpy as np
import Stemmer
from bm25s.stopwords import STOPWORDS_EN, STOPWORDS_RUSSIAN

# (pattern, canonical replacement). Patterns are matched case-insensitively on word boundaries;
# Russian patterns end in \w* to cover inflections ("видюхи", "видюху", "видюхами").
_SLANG: list[tuple[str, str]] = [
    (r"бп|бпшник\w*|бпш\w*|psu|блок\w* питани\w*", "блок питания PSU"),
    (r"вид[юя]х\w*|видик\w*|видео ?карт\w*|видеокарточк\w*|карточк\w*|гпу|gpu", "видеокарта GPU"),
    (r"vram|врам\w*|видео ?памят\w*|памят\w* видеокарт\w*", "видеопамять VRAM"),
    (r"qlora|кьюлор\w*|кулор\w*", "QLoRA LoRA"),
    (r"лор[аыуеой]\w*|lora", "LoRA"),
    (r"кулинг\w*|охлад\w*|cooling|кулер\w*", "охлаждение cooling"),
    (r"нв ?линк\w*|nv ?link|энвилинк\w*", "NVLink"),
    (r"оператив\w*|озу|ram", "оперативная память RAM"),
    (r"проц|процы|проца|процессор\w*|cpu", "процессор CPU"),
    (r"мать|материнк\w*|материнск\w* плат\w*|motherboard", "материнская плата motherboard"),
    (r"kv[- ]?cache|kv[- ]?кэш\w*|кв[- ]?кэш\w*|кэш\w* kv", "KV-кэш KV cache"),
    (r"инференс\w*|inference|инференц\w*", "инференс inference"),
    (r"файн[- ]?тюн\w*|файнтюн\w*|fine[- ]?tun\w*|finetun\w*|дообуч\w*", "дообучение fine-tuning"),
    (r"квантиз\w*|квантован\w*|quantiz\w*|quantis\w*", "квантизация quantization"),
    (r"л+ам[аыуе]|llama", "Llama"),
    (r"дипсик\w*|deepseek", "DeepSeek"),
    (r"квен\w*|qwen", "Qwen"),
    (r"мистрал\w*|mistral", "Mistral"),
    (r"тдп|tdp", "TDP"),
    (r"серв[ае]к\w*|серверн\w*|сервер\w*|server", "сервер server"),
    (r"цод|дц|датацентр\w*|дата[- ]центр\w*|data ?cent(?:er|re)s?|datacent(?:er|re)s?", "дата-центр datacenter"),
    (r"облак\w*|клауд\w*|cloud", "облако cloud"),
    (r"стойк\w*|рэк\w*|rack\w*", "стойка rack"),
    (r"геймерск\w*|игров\w*|gaming|consumer", "игровая consumer"),
    (r"псие|pci[- ]?e(?:xpress)?", "PCIe"),
    (r"ток/с|токен\w*/с|tok/s|tokens?/s|tps", "токенов в секунду tokens/s"),
    (r"контекст\w*|context", "контекст context"),
    (r"обучени\w*|обучать|тренировк\w*|training|train", "обучение training"),
]
_SLANG_RE = [(re.compile(rf"(?<!\w)(?:{p})(?!\w)", re.I), r) for p, r in _SLANG]
# "4090-я", "4090-й", "4090-ые", "4090ых" -> "4090"; "3090ти" -> "3090 Ti".
_NUM_SUFFIX = re.compile(r"(?<!\w)(\d{3,5})-?(?:ая|ой|ую|ые|ых|ыми|ми|я|й|ю|е|х)(?!\w)", re.I)
_TI = re.compile(r"(?<!\w)(\d{3,5}) ?(?:ти|ti)(?!\w)", re.I)


def normalize(text: str) -> str:
    """Rewrite slang/abbreviations into canonical terms; idempotent enough to run on passages too."""
    text = _NUM_SUFFIX.sub(r"\1", text)
    text = _TI.sub(r"\1 Ti", text)
    for pattern, repl in _SLANG_RE:
        text = pattern.sub(repl, text)
    return text


_TOKEN = re.compile(r"[0-9a-zа-яё]+", re.I)
_STOP = {w.replace("ё", "е") for w in (*STOPWORDS_EN, *STOPWORDS_RUSSIAN)}
_CYR = re.compile(r"[а-яё]")


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
        out.append(ru.stemWord(tok) if _CYR.search(tok) else en.stemWord(tok))
    return out


class BM25Index:
    """bm25s over chunk ids; ``scores`` returns one score per chunk, aligned with ``ids``."""

    def __init__(self, model: bm25s.BM25, ids: list[str]):
        self.model = model
        self.ids = ids

    @classmethod
    def build(cls, ids: list[str], texts: list[str], k1: float = 1.2, b: float = 0.75) -> "BM25Index":
        model = bm25s.BM25(k1=k1, b=b)
        # Every chunk gets at least one token so bm25s never sees an empty document.
        model.index([tokenize(normalize(t)) or ["_"] for t in texts], show_progress=False)
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
