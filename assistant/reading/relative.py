"""Relative follow-ups: "ещё две" (count + 2), "вдвое больше пользователей" (users x 2), "usage doubles"
(hours x 2), "в два раза меньше" (x 0.5).

The reader cannot see the previous turn's scenario, so it returns the change, not the value:
`Change(slot, op, value)`; `apply` folds it into the carried scenario after `merge`. A change whose
slot the carried scenario lacks is dropped (nothing to change). A number the change was read from
is its span (`spans["relative"]`), so nothing is dropped silently.
"""
from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel

from assistant.reading.tokens import Token
from assistant.scenario import Scenario


class Change(BaseModel):
    slot: str
    op: Literal["add", "mul"]
    value: float


_TIMES = {"вдвое": 2.0, "втрое": 3.0, "вчетверо": 4.0, "double": 2.0, "doubles": 2.0, "doubled": 2.0,
          "triple": 3.0, "triples": 3.0, "tripled": 3.0, "twice": 2.0, "halve": 0.5, "halves": 0.5, "halved": 0.5}
_SLOT_WORDS = {"user": "users", "request": "users", "hour": "hours_per_month", "usage": "hours_per_month",
               "загрузка": "hours_per_month", "нагрузка": "hours_per_month", "gpu": "gpu_count", "piece": "gpu_count",
               "context": "context", "token": "context", "traffic": "users", "трафик": "users"}
_MORE = {"ещё", "еще", "more", "another", "additional", "extra", "плюс"}
_LESS = re.compile(r"меньше|fewer|less", re.I)


def _slot(tokens: list[Token]) -> str | None:
    for t in tokens:
        for key in (t.concept, t.lemma, t.low):
            if key in _SLOT_WORDS:
                return _SLOT_WORDS[key]
    return None


def find(tokens: list[Token], text: str) -> tuple[list[Change], list[int]]:
    """(changes, token indices they came from). Only for short follow-ups, never for a first question."""
    if len(tokens) > 14:
        return [], []
    for t in tokens:
        factor = _TIMES.get(t.low)
        if factor is None and t.low in ("раза", "times", "x") and t.i > 0 and tokens[t.i - 1].number:
            factor = tokens[t.i - 1].number
        if factor is None and (m := re.match(r"^(\d{1,2})[xх×]$", t.low)) and t.i + 1 < len(tokens) and \
                tokens[t.i + 1].low in ("that", "the", "more", "больше"):  # "4x that traffic"
            factor = float(m.group(1))
        if factor:
            slot = _slot(tokens) or ("users" if re.search(r"\bпользовател|\busers?\b", text, re.I) else None)
            if slot:
                if _LESS.search(text) and factor > 1:
                    factor = 1 / factor
                idx = [t.i] + ([t.i - 1] if t.low in ("раза", "times", "x") else [])
                return [Change(slot=slot, op="mul", value=float(factor))], idx
    for t in tokens:
        if t.low in _MORE and t.i + 1 < len(tokens) and tokens[t.i + 1].number:
            n = tokens[t.i + 1]
            # "а если ещё две?": a bare count in a short follow-up adds cards, the usual thing to add
            bare = len(tokens) <= 5
            slot = _slot(tokens[n.i + 1:]) or ("gpu_count" if bare or re.search(
                r"такие же|таких же|same|of them|добав|докуп|add", text, re.I) else None)
            if slot:
                return [Change(slot=slot, op="add", value=float(n.number or 0))], [t.i, n.i]
    for t in tokens:  # "2 more cards", "two extra a100s", "ещё" said after the number is rare in Russian
        if t.number and not t.used and t.i + 1 < len(tokens) and tokens[t.i + 1].low in ("more", "additional", "extra"):
            rest = tokens[t.i + 2:]
            slot = _slot(rest) or ("gpu_count" if any(x.used == "gpu_name" for x in rest) or len(tokens) <= 5 else None)
            if slot:
                return [Change(slot=slot, op="add", value=float(t.number))], [t.i, t.i + 1]
    return [], []


def apply(s: Scenario, changes: list[Change]) -> Scenario:
    update = {}
    for c in changes:
        cur = getattr(s, c.slot, None)
        if cur is None:
            continue
        v = cur + c.value if c.op == "add" else cur * c.value
        update[c.slot] = round(v, 2) if isinstance(cur, float) else int(round(v))
    return s.model_copy(update=update) if update else s
