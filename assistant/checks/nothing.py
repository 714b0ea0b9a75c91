"""A memory part said to take nothing, where the facts' memory table gives it a figure.

A review at 075cb9b showed "The INT4 weights take 40.92 GB, and the KV cache adds no extra space" for
Llama 3.3 70B, whose table gives the KV cache 2.68 GB: false in words, with no number for the number
checks to catch. "Almost nothing" / "почти не занимает" is a size judgement, not a zero, and is left to
the reader.
"""
from __future__ import annotations

import re

from assistant.checks.relations import _LABELS, _PARTS, _breakdowns

_NOTHING = re.compile(r"\b(?:adds?|takes?(?: up)?|uses?|needs?|requires?|costs?)\s+no\s+(?:extra\s+|additional\s+)?"
                      r"(?:space|memory|vram|room)\b|\b(?:adds?|takes?(?: up)?|uses?)\s+nothing\b|"
                      r"\bне\s+(?:занима\w*|требу\w*|добавля\w*|прибавля\w*)\s+(?:ни\s+)?(?:дополнительн\w*\s+)?"
                      r"(?:места|памяти|видеопамяти|ничего)\b|\bничего\s+не\s+(?:добавля\w*|занима\w*|прибавля\w*)\b", re.I)
_HEDGED = re.compile(r"\b(?:почти|практически|едва|мало|немного|almost|practically|hardly|barely|little|much|next to)\b",
                     re.I)


def part_said_to_take_nothing(sentence: str, facts: list[dict]) -> list[str]:
    """'<part> adds no extra space' / '<part> не занимает места' for a part the one memory table sizes above 0."""
    tables = {tuple(b.get(k) or 0 for k in _PARTS): b for b in _breakdowns(facts) if any(b.get(k) for k in _PARTS)}
    if len(tables) != 1:
        return []  # the fit repeats the memory table; a side by side leaves the part's table unclear
    table = next(iter(tables.values()))
    out = []
    for m in _NOTHING.finditer(sentence):
        before = sentence[max(0, m.start() - 40):m.start()]
        if _HEDGED.search(before[-20:] + m.group(0)):
            continue
        named = [(hit.end(), fields[0]) for pat, fields in _LABELS[:-1] for hit in pat.finditer(before)]
        if named:
            part = max(named)[1]  # the part named last before the claim is its subject
            if (table.get(part) or 0) > 0:
                out.append(f"nothing: {part}")
    return out
