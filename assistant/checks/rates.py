"""A token rate under another rate's name: "промпт обрабатывается со скоростью около 110 токенов в секунду" where the
facts give 110 as the total generation rate of all users and 479 as prompt processing (a review at 73660d8, Qwen3 32B
on two RTX 3090 for 5 users). Every figure is in the facts, so the number checks pass; the name is what is false.
The name is the last rate word between the previous figure and this one."""
from __future__ import annotations

import re
from typing import Any

from assistant.checks import numbers as nums

_FIELDS = {"prompt": ("prefill_tokens_per_s",),
           "total": ("decode_tokens_per_s_total",),
           "user": ("decode_tokens_per_s_per_user", "decode_ceiling_tokens_per_s_per_user")}
_NAMES = [("prompt", re.compile(r"\bпромпт\w*|\bprompt\w*|\bprefill\w*|\bобработк\w*|\bprocess\w*", re.I)),
          ("total", re.compile(r"\bвсего\b|\bв сумме\b|\bсуммарн\w*|\btotal\b|\bcombined\b|\bдля всех\b|\bfor all\b", re.I)),
          # (a fresh clone at e14b1da: "Скорость на человека будет примерно 106 токенов/с", the total said per person)
          ("user", re.compile(r"\bгенерац\w*|\bgenerat\w*|\bна (?:одного |каждого )?(?:пользовател|человек|сотрудник|юзер)\w*|"
                              r"\bна каждого\b|\bper (?:user|person|head|seat)\b|\beach (?:user|person)\b", re.I))]
_RATE_AFTER = re.compile(r"^\s*(?:ток/с|tok/s|t/s|токен\w*\s*(?:/\s*с\b|в\s+(?:с\b|сек\w*))|tokens?\s*(?:/\s*s\b|per\s+second|a\s+second))",
                         re.I)


def _rates(facts: list[dict[str, Any]]) -> dict[str, set[int]]:
    out: dict[str, set[int]] = {k: set() for k in _FIELDS}
    for f in facts:
        o = f.get("output") if isinstance(f, dict) else None
        if f.get("tool") == "speed" and isinstance(o, dict):
            for name, fields in _FIELDS.items():
                out[name] |= {round(o[k]) for k in fields if isinstance(o.get(k), (int, float))}
    return out


def rate_misnamed(sentence: str, facts: list[dict[str, Any]]) -> list[str]:
    rates = _rates(facts)
    if not any(rates.values()):
        return []
    out, prev = [], 0
    for n in nums.parse(sentence):
        window, prev = sentence[prev:n.start], n.end
        if n.words or not _RATE_AFTER.match(sentence[n.end:]):
            continue
        said = [(m.start(), name) for name, pat in _NAMES for m in pat.finditer(window)]
        if not said:
            continue
        name = max(said)[1]
        if rates[name] and not any(round(v) in rates[name] for v in n[1]):
            out.append(f"rate: {n[0]} said as the {name} rate")
    return out
