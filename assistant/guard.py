"""Grounding guard: every number in the model's text must be traceable.

A number is grounded when it equals (at the precision it is written with) a number from a
tool output, the customer's own messages, the computed block or a retrieved passage.
Formats are normalised first: "1,07 ГБ" = 1.07, "16 000" = 16000, "32k" = 32768 or 32000.
The guard also removes claims of actions the assistant cannot take (orders, discounts, e-mail),
and any figure next to a product the catalog does not know (an invented card or model has no specs).
"""
from __future__ import annotations

import re
from typing import Any, Iterable

from tools.catalog import _norm, load_catalog
from tools.units import GB, GIB

_NUM = re.compile(r"(?<![\w.,])(\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)(?:([.,])(\d+))?(\s?[kкК](?![a-zа-я]))?", re.I)
_LIST_MARK = re.compile(r"^\s*\d{1,2}[.)]\s", re.M)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
CLAIMS = re.compile(
    r"(оформил\w*|разместил\w*|создал\w*) (заказ|заявк)|скидк\w* (в|на) \d+|предостав\w* скидк|отправил\w* (вам )?"
    r"(письм|e-?mail|счёт|счет)|i(?:'ve| have) (placed|created|submitted) (an|the|your) order|"
    r"(applied|granted|give you) (a|an|the)? ?\d*\s?%? ?discount|(sent|emailed) you|i will (e-?mail|call) you", re.I)


# product-shaped names: "RTX 9090", "H300", "Llama-7-900B"; the catalog decides whether they exist
_GPU_NAME = re.compile(r"\b(?:(?:rtx|gtx)[\s-]?(?:a|pro\s)?\d{3,5}(?:[\s-]?(?:ti|super|ada)\b)*|[ahblvАН]\d{2,3}[a-z]?)\b",
                       re.I)
_MODEL_NAME = re.compile(r"\b(?:llama|лама|ллама|qwen|квен|mistral|mixtral|gemma|phi|deepseek|дипсик|falcon)"
                         r"[\s-]?v?\d+(?:\.\d+)?[\s-]+\d+(?:[.,]\d+)?\s?[bб]\b", re.I)


def unknown_products(text: str) -> list[str]:
    """GPU and model names in `text` that are not in the catalog (as written, first mention each)."""
    cat = load_catalog()
    out: list[str] = []
    for pattern, items in ((_GPU_NAME, cat.gpus), (_MODEL_NAME, cat.models)):
        known = {_norm(n) for it in items for n in (it.id, it.name, *it.aliases)}
        for m in pattern.finditer(text):
            name = " ".join(m.group(0).split())
            if _norm(name) not in known and name not in out:
                out.append(name)
    return out


def mentions(text: str, names: Iterable[str]) -> bool:
    """Whether `text` names any of `names`, however it spaces or hyphenates them."""
    flat = _norm(text)
    return any(_norm(n) in flat for n in names)


def figure_for_unknown(sentence: str, unknown: Iterable[str]) -> bool:
    """A sentence that names an unknown product and carries any number besides its name's own."""
    unknown = [u for u in unknown if mentions(sentence, [u])]
    if not unknown:
        return False
    rest = sentence
    for u in unknown:  # "RTX 9090 is not in our catalog" is fine; "RTX 9090 has 48 GB" is not
        rest = re.sub(r"[\s-]*".join(map(re.escape, re.findall(r"[^\W_]+", u))), " ", rest, flags=re.I)
    return bool(numbers_in(rest))


_CONTACT = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|https?://[^\s)\]]+|\bwww\.[^\s)\]]+", re.I)


def foreign_contacts(sentence: str, trusted_text: str) -> list[str]:
    """E-mail addresses and links in `sentence` that no trusted text contains (a poisoned document's
    'write to x@evil.example' must not reach the customer in the assistant's voice)."""
    low = trusted_text.lower()
    return [c for c in _CONTACT.findall(sentence) if c.lower().rstrip(".,;") not in low]


def numbers_in(text: str) -> list[tuple[str, set[float]]]:
    """(as written, possible values) for each number in `text`."""
    text = _LIST_MARK.sub(" ", text)
    out = []
    for m in _NUM.finditer(text):
        whole, sep, frac, k = m.group(1), m.group(2), m.group(3), m.group(4)
        base = whole.replace(" ", "").replace("\u00a0", "").replace("\u202f", "")
        vals: set[float] = set()
        if frac is None:
            vals.add(float(base))
        else:
            vals.add(float(f"{base}.{frac}"))
            if sep == "," and len(frac) == 3:  # English thousands separator
                vals.add(float(base + frac))
        if k:
            vals |= {v * 1024 for v in vals} | {v * 1000 for v in vals}
        out.append((m.group(0).strip(), vals))
    return out


def _walk(obj: Any) -> Iterable[float]:
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
            yield from _walk(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from _walk(v)


# A number written with a unit must have been that kind of quantity: a grounded 274.88 (GB of VRAM)
# written as "$274.88" is still a wrong number.
_UNITS = {"money": r"\s?(?:\$|usd\b|долл|₽|руб|€|eur)", "watt": r"\s?(?:вт\b|w\b|ватт)",
          "kwatt": r"\s?(?:квт|kw)\b", "gb": r"\s?(?:гб|gb|gib|гиб)\b"}
_PREFIX_MONEY = re.compile(r"[$€₽]\s?$")


def unit_of(text: str, start: int, end: int) -> str | None:
    """The kind of quantity the number at text[start:end] is written as, if any."""
    if _PREFIX_MONEY.search(text[max(0, start - 2):start]):
        return "money"
    tail = text[end:end + 8].lower()
    for unit, pat in _UNITS.items():
        if re.match(pat, tail):
            return unit
    return None


def _typed_facts(obj: Any, key: str = "") -> Iterable[tuple[str, float]]:
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _typed_facts(v, k)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from _typed_facts(v, key)
    elif isinstance(obj, (int, float)) and not isinstance(obj, bool):
        k = key.lower()
        if k.endswith("_bytes"):
            yield from (("gb", obj / GB), ("gb", obj / GIB))
        elif k.endswith(("_gb", "_gib")):
            yield "gb", float(obj)
        elif "price" in k or "usd" in k or k.endswith(("_monthly", "_hourly", "saving")):
            yield "money", float(obj)
        elif k.endswith(("_w", "watts")) or "tdp" in k:
            yield "watt", float(obj)


def typed_numbers(facts: Any, texts: Iterable[str]) -> dict[str, list[float]]:
    """Allowed values per unit: typed fact fields plus numbers the trusted texts write with that unit."""
    out: dict[str, set[float]] = {u: set() for u in ("money", "watt", "gb")}
    for unit, v in _typed_facts(facts):
        out[unit].add(v)
    for t in texts:
        for m in _NUM.finditer(t):
            unit = unit_of(t, m.start(), m.end())
            if unit:
                vals = numbers_in(m.group(0))[0][1] if numbers_in(m.group(0)) else set()
                out["watt" if unit == "kwatt" else unit] |= {v * 1000 for v in vals} if unit == "kwatt" else vals
    return {u: sorted(v) for u, v in out.items()}


def misattributed(sentence: str, typed: dict[str, list[float]]) -> list[str]:
    """Numbers written with a unit (money, watts, GB) that no value of that kind grounds."""
    bad = []
    for m in _NUM.finditer(sentence):
        unit = unit_of(sentence, m.start(), m.end())
        if unit is None:
            continue
        found = numbers_in(m.group(0))
        if not found:
            continue
        written, vals = found[0]
        if unit == "kwatt":
            unit, vals, written = "watt", {v * 1000 for v in vals}, written
            if any(abs(a - v) <= 50 for v in vals for a in typed["watt"]):
                continue
            bad.append(written)
        elif not grounded(written, vals, typed[unit]):
            bad.append(written)
    return bad


class Grounding(list):
    """The allowed numbers (a sorted list), the same split by unit, and the trusted text that
    contacts must come from."""

    def __init__(self, numbers: Iterable[float], text: str = "", typed: dict[str, list[float]] | None = None):
        super().__init__(numbers)
        self.text = text
        self.typed = typed


def grounding(facts: Any, texts: list[str]) -> Grounding:
    return Grounding(allowed_numbers(facts, texts), "\n".join(texts), typed_numbers(facts, texts))


def violations(sentence: str, allowed: Grounding, unknown: Iterable[str] = ()) -> list[str]:
    """Why a sentence of the model may not be shown: ungrounded numbers, foreign contacts,
    action claims, figures for unknown products."""
    out = ungrounded(sentence, allowed) + foreign_contacts(sentence, getattr(allowed, "text", ""))
    if getattr(allowed, "typed", None):
        out += [w for w in misattributed(sentence, allowed.typed) if w not in out]
    if CLAIMS.search(sentence):
        out.append("claim")
    if figure_for_unknown(sentence, unknown):
        out.append("unknown product")
    return out


def allowed_numbers(facts: Any, texts: Iterable[str]) -> list[float]:
    vals = set(_walk(facts))
    for t in texts:
        for _, v in numbers_in(t):
            vals |= v
    return sorted(vals)


def _decimals(written: str) -> int:
    m = re.search(r"[.,](\d+)", written)
    return len(m.group(1)) if m and len(m.group(1)) != 3 else 0


def grounded(written: str, values: set[float], allowed: list[float]) -> bool:
    tol = 0.5 * 10 ** -_decimals(written) + 1e-9
    return any(abs(a - v) <= tol for v in values for a in allowed)


def ungrounded(text: str, allowed: list[float]) -> list[str]:
    return [w for w, vals in numbers_in(text) if not grounded(w, vals, allowed)]


def sentences(text: str) -> list[str]:
    return [s for s in _SENTENCE.split(text) if s.strip()]


def drop_offending(text: str, allowed: list[float]) -> tuple[str, list[str]]:
    """Remove sentences with ungrounded numbers or action claims; return (text, dropped)."""
    kept, dropped = [], []
    for s in sentences(text):
        if ungrounded(s, allowed) or CLAIMS.search(s):
            dropped.append(s.strip())
        else:
            kept.append(s.strip())
    return " ".join(kept), dropped
