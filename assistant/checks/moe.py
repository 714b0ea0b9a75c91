"""An expert given the whole model's size: "each expert with 671 B parameters", "8 экспертов по 46,7 млрд";
or the whole size given as what a token uses: "671 B parameters per token", "активны все 671 млрд".
An MoE model's total counts every expert, and an expert is a small part of it (catalog: params_b,
moe_experts). The figure is true of the model, so every number check passes; found in explain-eval
(a DeepSeek item) and passed by every other check."""
from __future__ import annotations

import re
from functools import lru_cache

from tools.catalog import load_catalog

# a figure said of one expert: after "each expert", "экспертов по", or before "per expert"
_EXPERT_THEN = re.compile(r"\b(?:кажд\w+\s+(?:из\s+\w+\s+)?эксперт\w*|эксперт\w*\s+по|each\s+(?:of\s+the\s+\w+\s+)?"
                          r"experts?|experts?,?\s+(?:each\s+)?(?:with|of|has|having)|experts?,?\s+each)\b", re.I)
_THEN_EXPERT = re.compile(r"\s*(?:parameters?\s+)?(?:per|each|for\s+each)\s+expert|\s*(?:параметр\w*\s+)?на\s+(?:кажд\w+\s+)?эксперт",
                          re.I)
# the whole model's count as what one token uses: "671 B parameters per token", "активны все 671 млрд"
# (a token goes through a few experts: the catalog's active_params_b, 37 B for DeepSeek-V3)
_PER_TOKEN_AFTER = re.compile(r"\s*(?:parameters?\s+)?(?:(?:are\s+)?(?:used\s+|active\s+)?(?:per|for\s+each|each|every)\s+token|"
                              r"(?:are\s+)?active\b)|\s*(?:параметр\w*\s+)?(?:на\s+(?:кажд\w+\s+)?токен|активн)", re.I)
_PER_TOKEN_BEFORE = re.compile(r"\b(?:each|every|one|a)\s+token\s+(?:uses|activates|goes\s+through|needs)|"
                               r"\bactive(?:\s+parameters?)?\s*(?::|are|is|of)?|"
                               r"кажд\w+\s+токен\w*\s+(?:использует|задействует|проходит)|активн\w*(?:\s+параметр\w*)?\s*(?::|—|-)?",
                               re.I)
_PARAMS = re.compile(r"(\d+(?:[.,]\d+)?)\s*(?:b\b|b-|млрд|миллиард\w*|billion)", re.I)
# between "each expert" and its figure: no word that makes the figure the model's ("671 B in total")
_TOTAL = re.compile(r"\b(?:total|overall|всего|в сумме|общ\w*|суммарн\w*|model|модел\w*)\b", re.I)


@lru_cache(maxsize=1)
def moe_totals() -> set[float]:
    """The total parameters (billions) of every MoE model in the catalog."""
    return {m.params_b for m in load_catalog().models if m.moe_experts}


def _is_total(value: float) -> bool:
    return any(abs(value - t) <= 0.01 * t for t in moe_totals())


def expert_as_whole(sentence: str) -> list[str]:
    out = []
    for m in _PARAMS.finditer(sentence):
        value = float(m.group(1).replace(",", "."))
        if not _is_total(value):
            continue
        before = [e for e in _EXPERT_THEN.finditer(sentence[:m.start()]) if m.start() - e.end() <= 40]
        said_of_expert = (any(not _TOTAL.search(sentence[e.end():m.start()]) for e in before)
                          or _THEN_EXPERT.match(sentence[m.end():]))
        if said_of_expert:
            out.append(f"moe: {m.group(0).strip()} said of one expert")
        elif _PER_TOKEN_AFTER.match(sentence[m.end():]) or any(
                m.start() - b.end() <= 12 for b in _PER_TOKEN_BEFORE.finditer(sentence[:m.start()])):
            out.append(f"moe: {m.group(0).strip()} said to be used per token")
    return out
