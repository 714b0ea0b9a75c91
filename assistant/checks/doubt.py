"""A configuration the recommendation lists, said not to be enough.

A hurried question at 6be21a1: the table listed 3 × RTX 5090 for Gemma 3 27B in INT8, and the model wrote
"Его VRAM (25,77 ГБ) … могут не быть достаточными". Every configuration a recommendation lists fits by
construction, but no fit verdict is computed for a recommendation (claims.contradicts_fit reads fit facts
only), so the doubt went through. Here a sentence that points at a listed configuration (its count beside its
card, or a memory figure of its row) and says it is not enough, with no condition, is a contradicted verdict.
One card of a several-card configuration ("одной RTX 5090 не хватит") is true and is left alone.
"""
from __future__ import annotations

import re

from assistant.checks.claims import _CONDITIONAL, gpus_in
from assistant.checks.numbers import grounded, parse
from assistant.checks.relations import _COUNT, _count
from tools.units import GB, GIB

_DOUBT = re.compile(
    r"(?:\bне|\bnot|n't)\s+(?:\w+\s+){0,2}?(?:быть\s+|be\s+)?(?:достаточн\w*|хват\w*|помест\w*|помещ\w*|влез\w*|потян\w*|"
    r"справ\w*|enough|sufficient|suffice\w*|fit\w*|handle\w*)|\bнедостаточн\w*|\binsufficient\b|\bmay struggle\b", re.I)
_ONE = re.compile(r"\b(?:одн(?:а|ой|у|им|ого)|один|single|one|alone|сама по себе)\b", re.I)  # one card of several: true
_FIGURE = re.compile(r"\d[\d\s.,]*\s?(?:GB|ГБ|GiB|ГиБ)\b", re.I)


def _configurations(facts: list[dict]) -> list[dict]:
    return [c for f in facts if f.get("tool") == "recommend" and isinstance(f.get("output"), dict)
            for c in f["output"].get("configurations") or [] if isinstance(c, dict) and c.get("gpu_id")]


def _points_at(sentence: str, config: dict) -> bool:
    """The configuration's count said before its card ("3 × RTX 5090", "три RTX 5090"), or a figure of its row."""
    for pos, card in gpus_in(sentence):
        m = _COUNT.search(sentence[max(0, pos - 30):pos])
        if card.id == config["gpu_id"] and m and _count(m.group(1)) == config.get("count"):
            return True
    row = {v / unit for k in ("total_vram_bytes", "per_gpu_need_bytes")
           if isinstance(v := config.get(k), (int, float)) and v for unit in (GB, GIB)}
    if isinstance(total := config.get("total_vram_bytes"), (int, float)) and config.get("count") and \
            not _ONE.search(sentence):  # "Его VRAM (25,77 ГБ) … могут не быть достаточными": a card's own memory
        row |= {total / config["count"] / unit for unit in (GB, GIB)}
    return any(grounded(n[0], n[1], row) for m in _FIGURE.finditer(sentence) for n in parse(m.group(0)))


def configuration_doubted(sentence: str, facts: list[dict]) -> list[str]:
    configs = _configurations(facts)
    if not configs or _CONDITIONAL.search(sentence) or not _DOUBT.search(sentence):
        return []
    hit = next((c for c in configs if _points_at(sentence, c)), None)
    return [f"verdict: {hit['count']} × {hit.get('gpu', hit['gpu_id'])} is a listed configuration, which fits"] if hit else []
