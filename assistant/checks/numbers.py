"""Every number in a text, digits or words, with its possible values and kind; and the rule for
when a written number is grounded by an allowed value."""
from __future__ import annotations

import re
from typing import Any, Iterable

from assistant.checks.kinds import kind_at
from assistant.checks.wordnums import word_numbers
from tools.units import GB, GIB

# "80,000" / "16 000" are one number (thousands groups); "1,07" / "23.71" are decimals
NUM = re.compile(r"(?<![\w.,])(\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?!\d)|\d{1,3}(?:,\d{3})+(?![\d]|[.,]\d)|\d+)"
                 r"(?:([.,])(\d+))?(\s?[kкК](?![a-zа-я]))?", re.I)
LIST_MARK = re.compile(r"^\s*\d{1,2}[.)]\s", re.M)


class Num(tuple):
    """(as written, values, kind, start, end); indexable like the old (written, values) pair."""

    kind: str | None
    start: int
    end: int
    words: bool

    def __new__(cls, written: str, values: set[float], kind: str | None, start: int, end: int,
                words: bool = False) -> Num:
        obj = super().__new__(cls, (written, values))
        obj.kind, obj.start, obj.end, obj.words = kind, start, end, words
        return obj


def parse(text: str) -> list[Num]:
    """Numbers in digits and in words, in order, with the kind of quantity each is written as."""
    clean = LIST_MARK.sub(lambda m: " " * len(m.group(0)), text)
    out: list[Num] = []
    for m in NUM.finditer(clean):
        whole, sep, frac, k = m.group(1), m.group(2), m.group(3), m.group(4)
        base = re.sub(r"[ ,\u00a0\u202f]", "", whole)
        vals = {float(f"{base}.{frac}")} if frac is not None else {float(base)}
        if k:
            vals = {v * 1024 for v in vals} | {v * 1000 for v in vals}
        kind = kind_at(clean, m.start(), m.end())
        if kind == "kwatt":
            kind, vals = "watt", {v * 1000 for v in vals}
        out.append(Num(m.group(0).strip(), vals, kind, m.start(), m.end()))
    for s, e, v in word_numbers(clean):
        kind = kind_at(clean, s, e)
        out.append(Num(clean[s:e], {v}, "watt" if kind == "kwatt" else kind, s, e, words=True))
    return sorted(out, key=lambda n: n.start)


def numbers_in(text: str) -> list[tuple[str, set[float]]]:
    """(as written, possible values) for each number in `text` (words included)."""
    return [(n[0], n[1]) for n in parse(text)]


def walk(obj: Any) -> Iterable[float]:
    if isinstance(obj, bool):
        return
    if isinstance(obj, (int, float)):
        yield float(obj)
        if abs(obj) >= 1e6:  # byte counts: also as decimal GB and GiB
            yield obj / GB
            yield obj / GIB
    elif isinstance(obj, str):
        for _, vals in numbers_in(obj):
            yield from vals
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from walk(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from walk(v)


def decimals(written: str) -> int:
    m = re.search(r"[.,](\d+)", written)
    return len(m.group(1)) if m and not re.fullmatch(r"\d{1,3}(?:,\d{3})+", written) else 0


def grounded(written: str, values: set[float], allowed: Iterable[float]) -> bool:
    """A decimal is grounded by a value that rounds to it; an integer only by an equal value
    ("2 карты" is not grounded by "2,06 ГБ")."""
    d = decimals(written)
    tol = 0.5 * 10 ** -d + 1e-9 if d else 1e-6
    return any(abs(a - v) <= tol for v in values for a in allowed)
