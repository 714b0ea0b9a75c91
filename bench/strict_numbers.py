"""A second number checker, written apart from the guard (it imports nothing from assistant/):
every number in the prose a customer was shown must link to a fact by value AND kind.

- a number is read from digits ("1,07", "16 000", "80,000", "32k") or from words ("ninety-nine",
  "сорок"); a digit inside a catalog name ("RTX 4090", "Llama-3-8B", the line "Llama-3") is part of the name;
- its kind comes from the word after it (GB, W, $, %, cards, GB/s, tok/s) or a price word before it;
- it links to a fact of the same kind (untyped numbers: to a fact of any kind, or to a number in
  a trusted passage shown beside it) equal at the precision written: "24" needs 24, "23,7" needs
  23.65-23.75; the customer's numbers link only in a sentence that says they are the customer's.
The evaluation counts the numbers that link to nothing: "ungrounded numbers shown".
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Sequence

# a spaced thousands group starts with 1-3 digits and is three digits whole: "RTX 4090 1008 GB/s" is two numbers
_DIGITS = re.compile(r"(?<![\w.,])((?:\d{1,3}(?:[ \u00a0\u202f]\d{3}(?!\d))+|\d+)(?:[.,]\d+)*)(\s?[kк]\b)?", re.I)
_UNIT = [("speed", r"(?:гб/с|gb/s|tok/s|t/s|tokens?/s|токен\w* в секунду|tokens? per second)"),
         ("money", r"(?:\$|usd|dollars?|долл\w*|₽|руб\w*|€|евро|euros?)"),
         ("kwh", r"(?:квт\s?[·*-]?\s?ч\w*|kwh|kw[·*-]h)\b"), ("kw", r"(?:квт|kw)\b"),
         ("watt", r"(?:вт|w|ватт\w*|watts?)\b"), ("gb", r"(?:гб|gb|gib|гиб|гигабайт\w*|gigabytes?)\b"),
         ("percent", r"(?:%|процент\w*|percent)"),
         ("count", r"(?:[×x]\s?)?(?:карт\w*|видеокарт\w*|gpus?\b|cards?\b|ускорител\w*|accelerators?)")]
_PRICE_BEFORE = re.compile(r"(?:[$€₽]|стоит|стоят|costs?|price|цена|цену)\s*(?:~|около |from |от )?$", re.I)
_WORDS = {"ten": 10, "eleven": 11, "twelve": 12, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
          "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100, "thousand": 1000, "десять": 10, "двадцать": 20,
          "тридцать": 30, "сорок": 40, "пятьдесят": 50, "шестьдесят": 60, "семьдесят": 70, "восемьдесят": 80,
          "девяносто": 90, "сто": 100, "тысяча": 1000, "тысячи": 1000, "тысяч": 1000}
_UNITS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
          "один": 1, "одна": 1, "два": 2, "две": 2, "три": 3, "четыре": 4, "пять": 5, "шесть": 6, "семь": 7,
          "восемь": 8, "девять": 9}
_WORD_RUN = re.compile(r"\b(?:%s)(?:[\s-]+(?:%s))*\b" % ("|".join(list(_WORDS) + list(_UNITS)),
                                                          "|".join(list(_WORDS) + list(_UNITS))), re.I)
_YOURS = re.compile(r"\b(?:вы|ваш\w*|you|your)\b", re.I)


@lru_cache(maxsize=1)
def _names() -> re.Pattern:
    import yaml

    from tools.paths import CATALOG_DIR

    names = set()
    for f in ("gpus.yaml", "models.yaml", "servers.yaml"):
        for it in yaml.safe_load((CATALOG_DIR / f).read_text(encoding="utf-8")) or []:
            names |= {it.get("name", ""), it.get("id", ""), *(it.get("aliases") or [])}
            line = re.sub(r"\s+\S*\d+(?:\.\d+)?[BbMm]\S*$", "", it.get("name", ""))
            if f == "models.yaml" and re.search(r"[^\W\d]", line):  # the model's line ("Llama 3", "Qwen2.5")
                names.add(line)
    parts = sorted((re.split(r"[\s-]+", n) for n in names if n), key=lambda p: -len("".join(p)))
    plural = r"(?:s|-?[еых]|-ые|-ых)?"  # "two RTX 4090s", "4090-х": still the name
    return re.compile(r"(?<!\w)(?:%s)%s(?!\w)" % ("|".join(r"[\s-]*".join(map(re.escape, p)) for p in parts), plural),
                      re.I)


def _kind(text: str, start: int, end: int) -> str | None:
    after = text[end:end + 24].lower().lstrip()
    for kind, pat in _UNIT:
        if re.match(pat, after):
            return kind
    return "money" if _PRICE_BEFORE.search(text[max(0, start - 12):start]) else None


def _value(tok: str) -> tuple[float, float] | None:
    """(value, tolerance) of a digit token: '1,07' -> 1.07 ±0.005; '80,000' -> 80000 ±0."""
    t = re.sub(r"[ \u00a0\u202f]", "", tok)
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+", t):
        return float(t.replace(",", "")), 1e-6
    if t.count(",") + t.count(".") > 1:
        return None
    t = t.replace(",", ".")
    dec = len(t.split(".")[1]) if "." in t else 0
    return float(t), (0.5 * 10 ** -dec if dec else 1e-6)


def numbers(text: str) -> list[dict]:
    """Each number in `text` with value, tolerance, kind and the sentence it is in."""
    spans = [m.span() for m in _names().finditer(text)]
    out = []
    for m in _DIGITS.finditer(text):
        if any(a <= m.start() and m.end() <= b for a, b in spans):
            continue
        v = _value(m.group(1))
        if v is None:
            continue
        vals = [v[0] * 1024, v[0] * 1000] if m.group(2) else [v[0]]
        kind = _kind(text, m.start(), m.end())
        if kind == "kw":
            kind, vals = "watt", [x * 1000 for x in vals]
        out.append({"written": m.group(0).strip(), "values": vals, "tol": v[1], "kind": kind, "at": m.start()})
    for m in _WORD_RUN.finditer(text):
        total, cur = 0, 0
        for w in re.split(r"[\s-]+", m.group(0).lower()):
            n = _WORDS.get(w, _UNITS.get(w, 0))
            if n in (100, 1000):
                cur = max(cur, 1) * n
                if n == 1000:
                    total, cur = total + cur, 0
            else:
                cur += n
        kind = _kind(text, m.start(), m.end())
        if total + cur >= 10 or kind in ("money", "percent", "watt", "kwh", "gb", "count"):  # "две карты" is a claim
            out.append({"written": m.group(0), "values": [float(total + cur)], "tol": 1e-6, "kind": kind, "at": m.start()})
    return out


def _fact_kind(key: str) -> str | None:
    k = key.lower()
    if k.endswith("_bytes"):
        return "bytes"
    for kind, marks in (("speed", ("_gbs", "per_s", "bandwidth")), ("gb", ("_gb", "_gib")),
                        ("money", ("price", "usd", "_monthly", "_hourly", "saving", "server_price", "cost_min", "cost_max")),
                        ("kwh", ("kwh_min", "kwh_max")),
                        ("watt", ("_w", "watts", "tdp")), ("count", ("gpus", "count", "units", "gpu_count")),
                        ("percent", ("fraction", "percent"))):
        if any(k.endswith(m) or (m.startswith(("price", "usd", "bandwidth", "tdp", "fraction", "percent", "per_s"))
                                 and m in k) for m in marks):
            return kind
    return None


def fact_values(facts: Any, key: str = "", out: list | None = None) -> list[tuple[str | None, float]]:
    out = [] if out is None else out
    if isinstance(facts, dict):
        for k, v in facts.items():
            fact_values(v, k, out)
    elif isinstance(facts, (list, tuple)):
        for v in facts:
            fact_values(v, key, out)
    elif isinstance(facts, (int, float)) and not isinstance(facts, bool):
        kind = _fact_kind(key)
        if kind == "bytes":
            out += [("gb", facts / 1e9), ("gb", facts / 2**30)]
        else:
            out.append((kind, float(facts)))
            if kind == "percent" and facts <= 1:
                out.append(("percent", facts * 100))
    elif isinstance(facts, str):
        out += [(n["kind"], v) for n in numbers(facts) for v in n["values"]]
    return out


def unlinked(prose: str, facts: Any, passages: Sequence[str] = (), customer: Sequence[str] = ()) -> list[str]:
    """Numbers in `prose` that link to no fact of their kind (or, untyped, to nothing shown)."""
    known = fact_values(facts)
    for p in passages:
        known += [(n["kind"], v) for n in numbers(p) for v in n["values"]]
    theirs = [v for c in customer for n in numbers(c) for v in n["values"]]
    bad = []
    for sentence in re.split(r"(?<=[.!?])\s+|\n+", prose):
        yours = bool(_YOURS.search(sentence))
        for n in numbers(sentence):
            cands = [v for k, v in known if n["kind"] is None or k == n["kind"]]
            if yours:
                cands += theirs
            if not any(abs(c - v) <= n["tol"] + 1e-9 for v in n["values"] for c in cands):
                bad.append(n["written"])
    return bad
