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
from functools import lru_cache
from pathlib import Path

import bm25s
import numpy as np
import Stemmer
from bm25s.stopwords import STOPWORDS_EN, STOPWORDS_RUSSIAN

# (pattern, Russian canonical, English canonical). Matched case-insensitively on word boundaries;
# Russian patterns end in \w* to cover inflections ("видюхи", "видюху", "видюхами"). The canonical
# form follows the text's language (None = leave the match as written): docs are per language, and
# Russian words pulled into an English query only blur its embedding.
_SLANG: list[tuple[str, str | None, str | None]] = [
    (r"бп|бпшник\w*|блок\w* питани\w*", "блок питания", "power supply"),
    (r"psu|power suppl(?:y|ies)", "блок питания PSU", "power supply PSU"),
    (r"вид[юя]х\w*|видик\w*|видео ?карт\w*|видеокарточк\w*|карточк\w*|гпу", "видеокарта GPU", "GPU"),
    (r"gpus?", "видеокарта GPU", None),
    (r"vram|врам\w*|видео ?памят\w*", "видеопамять VRAM", "VRAM"),
    (r"qlora|кьюлор\w*|кулор\w*", "QLoRA LoRA", "QLoRA LoRA"),
    (r"лор[аыуеой]\w*|lora", "LoRA", "LoRA"),
    (r"кулинг\w*|охлад\w*|кулер\w*", "охлаждение", "cooling"),
    (r"нв ?линк\w*|nv ?link|энвилинк\w*", "NVLink", "NVLink"),
    (r"оператив\w*|озу", "оперативная память RAM", "RAM"),
    (r"проц|процы|проца|процессор\w*", "процессор CPU", "CPU"),
    (r"материнк\w*|мать", "материнская плата", "motherboard"),
    (r"kv[- ]?кэш\w*|кв[- ]?кэш\w*|kv[- ]?cache", "KV-кэш", "KV cache"),
    (r"инференс\w*|инференц\w*", "инференс", "inference"),
    (r"файн[- ]?тюн\w*|файнтюн\w*", "дообучение", "fine-tuning"),
    (r"fine[- ]?tun\w*|finetun\w*", "дообучение fine-tuning", "fine-tuning"),
    (r"квантиз\w*|квантован\w*", "квантизация", "quantization"),
    (r"л+ам[аыуе]", "Llama", "Llama"),
    (r"дипсик\w*", "DeepSeek", "DeepSeek"),
    (r"квен\w*", "Qwen", "Qwen"),
    (r"мистрал\w*", "Mistral", "Mistral"),
    (r"тдп", "TDP", "TDP"),
    (r"серв[ае]к\w*", "сервер", "server"),
    (r"цод|дц|датацентр\w*", "дата-центр", "datacenter"),
    (r"data ?cent(?:er|re)s?", "дата-центр datacenter", "datacenter"),
    (r"клауд\w*", "облако", "cloud"),
    (r"рэк\w*", "стойка", "rack"),
    (r"геймерск\w*", "игровая", "gaming"),
    (r"псие", "PCIe", "PCIe"),
    (r"ток/с|tok/s|tps", "токенов в секунду", "tokens/s"),
]
_SLANG_RE = [(re.compile(rf"(?<!\w)(?:{p})(?!\w)", re.I), ru, en) for p, ru, en in _SLANG]
# "4090-я", "4090-й", "4090-ые", "4090ых" -> "4090"; "3090ти" -> "3090 Ti".
_NUM_SUFFIX = re.compile(r"(?<!\w)(\d{3,5})-?(?:ая|ой|ую|ые|ых|ыми|ми|я|й|ю|е|х)(?!\w)", re.I)
_TI = re.compile(r"(?<!\w)(\d{3,5}) ?(?:ти|ti)(?!\w)", re.I)
_CYR = re.compile(r"[а-яё]", re.I)


def normalize(text: str, language: str | None = None) -> str:
    """Rewrite slang/abbreviations into canonical terms of ``language`` (detected when None)."""
    if language is None:
        language = "ru" if _CYR.search(text) else "en"
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
        out.append(ru.stemWord(tok) if _CYR.search(tok) else en.stemWord(tok))
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
        langs = languages or [None] * len(texts)
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
