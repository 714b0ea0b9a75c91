"""The memory a setup needs said as the memory a card has.

"Two RTX 4090s, each with 22.02 GB VRAM" (a hurried question at 3ea15c3) gives the need per card
from the table as the card's capacity; a 4090 has 24 GB. The figure is grounded as a number, so
only its role shows the error: a card *with*/*having* so much memory, "каждая с … ГБ", "карта на
… ГБ". Said as a need ("each using 22.02 GB", "по 22,02 ГБ на карту нужно") it is right."""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from assistant.checks.numbers import grounded, parse
from tools.units import GB, GIB

_FIG = r"(?:about |around |only |just |примерно |около |всего |по )?(\d[\d\s.,]*\s?(?:GB|ГБ|GiB|ГиБ)\b)"
_MEM = r"(?:\s+(?:of\s+)?(?:vram|memory|video memory|gddr\w*|hbm\w*|видеопамяти|памяти|врам))"
_HAS = re.compile(
    r"\b(?:each|every one|both)\s+(?:with|having|has|have|offering|packing|carrying|boasting)\s+" + _FIG
    + r"|\b(?:with|having|has|offering|packing)\s+" + _FIG + _MEM + r"?\s+each\b"
    + r"|\b(?:cards?|gpus?|\d{4}s?|l40s|a100|h100|h200|a6000)\s+(?:with|having|has|offering|packing)\s+" + _FIG + _MEM
    + r"|\bкажд\w*\s+(?:с|имеет|имеющ\w*|обладает)\s+" + _FIG
    + r"|\bс\s+" + _FIG + _MEM + r"\s+(?:кажд\w*|у кажд\w*|на кажд\w*)"
    + r"|\b(?:карт\w*|видеокарт\w*|видюх\w*|gpu|\d{4}|l40s|a100|h100|h200|a6000)\s+(?:с|на|имеющ\w*|объ[её]мом)\s+" + _FIG + _MEM + "?",
    re.I)
# the figure said as a load after all ("with 22.02 GB used", "с 22,02 ГБ занятой памяти")
_LOAD_AFTER = re.compile(r"\s*(?:of\s+(?:the\s+)?model\b|used|needed|required|in use|taken|occupied|load\w*|for the model|"
                         r"занят\w*|нужн\w*|требу\w*|под модель|на модель|загруз\w*)", re.I)
_NEED_KEYS = ("per_gpu_need_bytes", "per_gpu_bytes", "total_bytes")
_CAPACITY_KEYS = ("gpu_vram_bytes", "vram_bytes", "usable_vram_bytes")


def _walk(obj: Any) -> Iterator[dict]:
    if isinstance(obj, dict):
        yield obj
        for v in obj.values():
            yield from _walk(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _walk(v)


def _figures(facts: list[dict]) -> tuple[set[float], set[float]]:
    """The per-card needs and the cards' capacities in the facts, in decimal GB and GiB."""
    needs: set[float] = set()
    caps: set[float] = set()
    for d in _walk(facts):
        for k in _NEED_KEYS:
            if isinstance(v := d.get(k), (int, float)) and v:
                needs |= {v / GB, v / GIB}
        for k in _CAPACITY_KEYS:
            if isinstance(v := d.get(k), (int, float)) and v:
                caps |= {v / GB, v / GIB}
        if isinstance(total := d.get("total_vram_bytes"), (int, float)) and isinstance(n := d.get("count"), int) and n:
            caps |= {total / n / GB, total / n / GIB}
    return needs, caps


def need_as_capacity(sentence: str, facts: list[dict]) -> list[str]:
    """A computed need said as a card's own memory, where no card in the facts has that much."""
    needs, caps = _figures(facts)
    if not needs:
        return []
    out = []
    for m in _HAS.finditer(sentence):
        fig = next(g for g in (m.group(i) for i in range(1, (m.re.groups or 0) + 1)) if g)
        if _LOAD_AFTER.match(sentence, m.end()):
            continue
        for n in parse(fig):
            if grounded(n[0], n[1], needs) and not grounded(n[0], n[1], caps):
                out.append(f"capacity: {n[0]} GB is the need, not a card's memory")
    return out
