"""When owning pays off, said in words against the computed months.

At f3ac8a8 the model wrote, under a payback of 13,7 months, "Если модель будет работать дольше месяца, выгоднее
купить свой сервер": a time in words ("дольше месяца", "after a year", "через полгода") that no number check reads. A
time said beside owning paying off or being cheaper must be within a quarter of the computed payback; where owning
never pays off, any such time is false. Advice about hours ("если гонять больше 8 часов в день") is no payback time.
"""
from __future__ import annotations

import re

from assistant.checks import numbers as nums

# owning against renting, said to pay off or be the better deal
_PAYS = re.compile(r"выгодн\w*|окуп\w*|отбива\w*|отобь\w*|дешевле|pays?(?:\s+it)?\s+off|paid off|break(?:s)?[- ]even|"
                   r"cheaper|better (?:deal|value|option)|worth (?:it|buying)", re.I)
_UNIT = r"(месяц\w*|мес\.?|год\w*|лет\b|полгода|полугода|недел\w*|months?|years?|weeks?|half a year)"
_WORD_NUMBER = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "six": 6, "один": 1, "одного": 1, "два": 2, "двух": 2,
                "три": 3, "трёх": 3, "трех": 3, "шесть": 6, "шести": 6, "полтора": 1.5, "полутора": 1.5}
# not "за месяц облако стоит …", "in a month": a price per month, no payback time
_TIME = re.compile(r"\b(?:дольше|больше|более|свыше|после|через|спустя|в течение|longer than|more than|over|after|"
                   r"within|beyond)\s+(?:(?:примерно|около|about|around|roughly|~)\s+)?"
                   r"(?:(\d+(?:[.,]\d+)?|[a-zа-яё]+)\s+)?" + _UNIT, re.I)
_HOURS = re.compile(r"час\w*\s+в\s+(?:день|сутки)|hours?\s+(?:a|per)\s+day", re.I)
SLACK = 0.25  # "about a year" for 13,7 months passes; "a month" for 13,7 does not


def _months(m: re.Match) -> float | None:
    said, unit = (m.group(1) or "").lower(), m.group(2).lower()
    if said and said[0].isdigit():
        n: float | None = float(said.replace(",", "."))
    else:
        n = _WORD_NUMBER.get(said, 1.0 if not said else None)
    if n is None:
        return None
    if unit.startswith(("полгода", "полугода", "half")):
        return 6.0
    if unit.startswith(("год", "лет", "year")):
        return 12 * n
    if unit.startswith(("недел", "week")):
        return n / 4.35
    return n


def _payback(facts: list[dict]) -> list[float | None]:
    return [(f.get("output") or {}).get("break_even_months") for f in facts if f.get("tool") == "cost"]


def misstated(sentence: str, facts: list[dict]) -> list[str]:
    """A payback time in words beside owning paying off that the computed months do not bear out."""
    paybacks = _payback(facts)
    if not paybacks or not _PAYS.search(sentence) or _HOURS.search(sentence):
        return []
    out = []
    for m in _TIME.finditer(sentence):
        if nums.parse(m.group(0)) and any(abs(v - b) <= 0.05 for n in nums.parse(m.group(0)) for v in n[1]
                                          for b in paybacks if b is not None):
            continue  # "окупится через 13,7 месяца": the figure itself, which the number checks hold
        said = _months(m)
        if said is None:
            continue
        if all(b is None or abs(said - b) > SLACK * b for b in paybacks):
            out.append(f"payback: {m.group(0).strip()}")
    return out
