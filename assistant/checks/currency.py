"""The customer's budget said back in a currency the calculation did not use.

A budget without a currency is not compared with the catalog's dollar prices (tools/budget.py): the
block asks for the currency instead. "It fits in your budget of $12,000" then assumes what the block
declined to (seen on a hurried question at 3ea15c3: "we r 12 ppl … box under twelve grand"). A budget
in rubles said back in dollars is the same error."""
from __future__ import annotations

import re

from assistant.checks.numbers import grounded, parse

_SCALE = re.compile(r"\s?(?:(?P<k>тыс\w*\.?|thousand|grand)|(?P<m>млн\.?|миллион\w*|million|mln))", re.I)
_SIGN_BEFORE = re.compile(r"(?P<sign>[$€₽])\s?$")
_CURRENCIES = (("$", r"\$|usd\b|dollars?\b|bucks\b|долл\w*|бакс\w*"), ("₽", r"₽|руб\w*|rub\b|rubles?\b|roubles?\b|р\.(?!\w)"),
               ("€", r"€|eur\w*|евро\b"))
_AFTER = re.compile(r"\s?(?:" + "|".join(f"(?P<c{i}>{p})" for i, (_, p) in enumerate(_CURRENCIES)) + ")", re.I)


def _said_currency(sentence: str, start: int, end: int) -> tuple[str | None, float]:
    """The currency written at a number (a sign before it, a word or sign after it, past "тыс"/"k"),
    and the scale its words give it."""
    scale, tail = 1.0, end
    if m := _SCALE.match(sentence, end):
        scale, tail = (1e3 if m.group("k") else 1e6), m.end()
    if m := _SIGN_BEFORE.search(sentence[max(0, start - 2):start]):
        return m.group("sign"), scale
    if m := _AFTER.match(sentence, tail):
        return next(sign for i, (sign, _) in enumerate(_CURRENCIES) if m.group(f"c{i}")), scale
    return None, scale


def budget_currency_off(sentence: str, facts: list[dict]) -> list[str]:
    """The budget's amount said with a currency other than the one the customer gave (or with any
    currency when they gave none)."""
    budgets = [(float(o["budget"]), o.get("currency") or "") for f in facts
               if f.get("tool") == "budget" and isinstance(o := f.get("output"), dict) and o.get("budget")]
    out = []
    for n in parse(sentence):
        said, scale = _said_currency(sentence, n.start, n.end)
        if said is None:
            continue
        values = {v * scale for v in n[1]}
        for amount, currency in budgets:
            if grounded(n[0], values, [amount]) and said != currency:
                out.append(f"budget: {n[0]} {said} (the customer's currency: {currency or 'not said'})")
    return out
