"""Claims that relate figures, false although each figure is grounded: a comparison whose numbers
say the opposite ("больше пропускная способность (768 vs 1 008 ГБ/с)", "25.77 GB, which is less
than 23.71 GB"), and a card count too small for the computed model ("сервер с четырьмя RTX 3090"
for 252 GB). Both are found in the model's explanations at HEAD (explain-eval, tune part)."""
from __future__ import annotations

import re
from functools import lru_cache

from assistant.checks import numbers as nums
from assistant.checks.claims import gpus_in
from assistant.checks.wordnums import _en_value, _ru_value
from tools.errors import SizingError
from tools.fit import min_gpus
from tools.memory import MemoryRequest

_UP = re.compile(r"\b(?:больш\w*|выш\w*|высок\w*|more|higher|greater|larger|bigger)\b", re.I)
_DOWN = re.compile(r"\b(?:меньш\w*|ниж\w*|низк\w*|less|lower|smaller|fewer)\b", re.I)
_VS = re.compile(r"^\s*[^\d\s()]{0,6}\s*(?:vs\.?|versus|против)\s*$", re.I)
# "A GB, which is less than the B GB" / "A ГБ, что меньше, чем B": the gap between two figures
_THAN = re.compile(r"^\s*[^\d\s,]{0,6}\s*,?\s*(?:(?:which|that)\s+is\s+|is\s+|что\s+|это\s+)?(?P<d>\w+)\s*,?\s*"
                   r"(?:than|чем)\s+(?:the\s+)?$", re.I)


def _direction(word: str) -> int:
    return 1 if _UP.fullmatch(word) else -1 if _DOWN.fullmatch(word) else 0


def _wrong(a: set[float], b: set[float], d: int) -> bool:
    """Every reading of the two figures contradicts the direction."""
    return all((x - y) * d <= 0 for x in a for y in b)


def order_errors(sentence: str) -> list[str]:
    """Pairs of figures whose stated order is false."""
    ns = [n for n in nums.parse(sentence) if not n.words]
    out = []
    for a, b in zip(ns, ns[1:]):
        gap = sentence[a.end:b.start]
        if _VS.match(gap):  # the direction governs a list: "больше VRAM (48 vs 24), полосу (768 vs 1 008)"
            before = [m for m in re.finditer(r"\w+", sentence[:a.start]) if _direction(m.group(0))]
            d = _direction(before[-1].group(0)) if before else 0
        elif m := _THAN.match(gap):
            d = _direction(m.group("d"))
        else:
            continue
        if d and _wrong(a[1], b[1], d):
            out.append(f"order: {a[0]} / {b[0]}")
    return out


# a count said just before a card: "8 × RTX 5090", "четырьмя RTX 3090", "two A100 cards" is not caught
_COUNT = re.compile(r"(?:^|[\s(])(\d{1,2}|[a-zа-яё]+)\s*(?:[×xх]\s*)?(?:(?:видео)?карт\w*\s+|cards?\s+|gpus?\s+|штук\w*\s+)?$",
                    re.I)
# a claim that the setup is enough, or what to take; a negation or a condition makes it no such claim
_SUFFICES = re.compile(r"\b(?:нужн\w*|нужен|требу\w*|возьмите|хват\w*|достаточно|помест\w*|влез\w*|подойд\w*|подходит|"
                       r"рекоменд\w*|понадоб\w*|сервер\w* с|need\w*|requir\w*|take|enough|fits?|suffic\w*|recommend\w*|"
                       r"use|server with)\b", re.I)
_NOT = re.compile(r"\b(?:не|нет|без|мало|not|no|without)\b|n't\b|\b(?:если|if|when|would|could)\b|\?", re.I)


def _count(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    v = _ru_value(word) if re.match(r"[а-яё]", word, re.I) else _en_value(word)
    return v if v is not None and v > 0 else None


@lru_cache(maxsize=256)
def _minimum(req_json: str, gpu: str) -> int | None:
    try:
        return min_gpus(MemoryRequest.model_validate_json(req_json), gpu).gpus
    except SizingError:
        return None


def undersized(sentence: str, request: MemoryRequest | None) -> list[str]:
    """'N × card' offered as enough when the calculators need more of that card for this model."""
    if request is None or not _SUFFICES.search(sentence) or _NOT.search(sentence):
        return []
    key = request.model_dump_json(exclude={"gpu", "gpus"})
    out = []
    for pos, card in gpus_in(sentence):
        m = _COUNT.search(sentence[max(0, pos - 30):pos])
        n = _count(m.group(1)) if m else None
        if n is None:
            continue
        need = _minimum(key, card.id)
        if need is None or n < need:
            out.append(f"config: {n} × {card.name}")
    return out


def memory_request(facts: list[dict]) -> MemoryRequest | None:
    """The model's sizing the facts were computed for (the memory table's input), if any."""
    for f in facts:
        if f.get("tool") in ("vram", "recommend") and isinstance(f.get("input"), dict):
            try:
                return MemoryRequest.model_validate({k: v for k, v in f["input"].items() if k not in ("gpu", "gpus")})
            except ValueError:
                return None
    return None
