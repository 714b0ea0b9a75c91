"""What kind of quantity a number is written as (price, power, memory, speed, percent, card count),
and which values of each kind the facts hold. A number next to a price word must be a price from
the facts: "H100 стоит 100 $" is not grounded by the customer having typed "100 долларов"."""
from __future__ import annotations

import re
from typing import Any, Iterable

from tools.units import GB, GIB

KINDS = ("money", "watt", "gb", "speed", "percent", "count")
_AFTER = [  # checked in order: "ГБ/с" is a speed before it is a size
    ("speed", r"\s?(?:гб/с|gb/s|гбайт/с|tok/s|t/s|tokens?/s|токен\w*\s?(?:/|в)\s?с|tokens? per second)"),
    ("money", r"\s?(?:\$|usd\b|dollars?\b|долл\w*|₽|руб\w*|€|eur\w*|евро\b|тыс\.?\s?(?:руб|₽|\$|долл))"),
    ("kwatt", r"\s?(?:квт|kw)\b"),
    ("watt", r"\s?(?:вт\b|w\b|ватт\w*|watts?\b)"),
    ("gb", r"\s?(?:гб\b|gb\b|gib\b|гиб\b|гигабайт\w*|gigabytes?\b)"),
    ("percent", r"\s?(?:%|процент\w*|percent\b|per\s?cent\b)"),
    ("count", r"\s?(?:[×x]\s?)?(?:(?:rtx\s?)?\d{4}\b|карт\w*|видеокарт\w*|gpus?\b|cards?\b|ускорител\w*|accelerators?\b)"),
]
_BEFORE_MONEY = re.compile(r"(?:[$€₽]|\bстои\w*|\bcosts?|\bprice[ds]?|\bцен[аыу]\w*|\bза)\s*(?:of\s|около\s|~|от\s|from\s)?$",
                           re.I)


def kind_at(text: str, start: int, end: int) -> str | None:
    """The kind of the number at text[start:end], from the unit after it or a price word before it."""
    tail = text[end:end + 24].lower()
    for kind, pat in _AFTER:
        if re.match(pat, tail):
            return kind
    if _BEFORE_MONEY.search(text[max(0, start - 12):start]):
        return "money"
    return None


def _kind_of_key(k: str) -> list[tuple[str, float]]:
    k = k.lower()
    if k.endswith("_bytes"):
        return [("gb", 1 / GB), ("gb", 1 / GIB)]
    if k.endswith(("_gb", "_gib")) or k in ("vram", "vram_gib"):
        return [("gb", 1.0)]
    if k.endswith("_gbs") or "per_s" in k or "tok_s" in k or "bandwidth" in k:
        return [("speed", 1.0)]
    if "price" in k or "usd" in k or k.endswith(("_monthly", "_hourly", "saving", "_cost")):
        return [("money", 1.0)]
    if k.endswith(("_w", "watts", "watts_min")) or "tdp" in k:
        return [("watt", 1.0)]
    if k in ("gpus", "count", "gpu_count", "cards", "units", "nodes"):
        return [("count", 1.0)]
    if "fraction" in k or "share" in k:
        return [("percent", 100.0)]
    if "percent" in k:
        return [("percent", 1.0)]
    return []


def typed_facts(obj: Any, key: str = "") -> Iterable[tuple[str, float]]:
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from typed_facts(v, k)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from typed_facts(v, key)
    elif isinstance(obj, (int, float)) and not isinstance(obj, bool):
        for kind, scale in _kind_of_key(key):
            yield kind, float(obj) * scale
