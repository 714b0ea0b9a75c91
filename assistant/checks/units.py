"""A true figure or width under the wrong meaning, found by a hurried question at e983f89 ("дипсик 32б крутить в 8 бит
на шестерых чел контекст шестнадцать тыщ"): "нужно видеть 16 бит … требует 77,31 ГБ" under an INT8 table, and
"16 384 байта контекста" for a context of 16 384 tokens. Each figure is in the facts, so no number check sees either;
16 bits passes the width check because it is the usual yardstick ("вдвое меньше, чем в 16 битах")."""
from __future__ import annotations

import re

from assistant.checks import numbers as nums
from assistant.checks.relations import _BREAKDOWN_TOOLS, _WIDTH_SAID
from assistant.checks.relations import _whole_bits as _bits
_SIXTEEN = re.compile(r"(?<![\d.,])16\s?-?\s?(?:бит\w*|bits?)(?!\w)", re.I)
# the yardstick said as such: a comparison, a hypothesis, the unquantised original
_YARDSTICK = re.compile(r"\b(?:чем|than|вместо|instead|вдвое|втрое|вчетверо|twice|half|половин\w*|раза?|times|"
                        r"сравн\w*|compar\w*|против|vs|было бы|была бы|были бы|would|в отличие|unlike|исходн\w*|"
                        r"оригинал\w*|original\w*|без квантования|unquantised|unquantized|full precision|"
                        r"полн\w* точност\w*|обучал\w*|trained|а не|not)\b", re.I)
# "нужно видеть 16 бит", "модель работает в 16 битах", "requires 16 bits": the width said as this turn's
_NEEDS = re.compile(r"\b(?:нужн\w*|требу\w*|понадоб\w*|необходим\w*|работает|запуска\w*|крутит\w*|needs?|requires?|"
                    r"runs?|running)\s+(?:\S+\s+){0,2}$", re.I)


def _table(facts: list[dict]) -> dict | None:
    tables = [f for f in facts if f.get("tool") in _BREAKDOWN_TOOLS and isinstance(f.get("output"), dict)]
    return tables[0] if len(tables) == 1 else None


def yardstick_as_width(sentence: str, facts: list[dict]) -> list[str]:
    """16 bits said as the width this turn needs, or beside the table's figures, where the table is in another."""
    table = _table(facts)
    if table is None or _YARDSTICK.search(sentence):
        return []
    task = (table.get("input") or {}).get("task") or table["output"].get("task") or "inference"
    if task != "inference" or _bits(str(table["output"].get("precision", ""))) in (None, 16):
        return []
    said = list(_SIXTEEN.finditer(sentence))
    if any(_NEEDS.search(sentence[:m.start()]) for m in said):
        return [f"width: {said[0].group(0)} is not the computed format"]
    own_width = _bits(str(table["output"].get("precision", "")))
    if not said or any(int(w.group(1)) == own_width for w in _WIDTH_SAID.finditer(sentence)) \
            or re.search(rf"\b{re.escape(str(table['output'].get('precision', '')))}\b", sentence, re.I):
        return []  # both widths said: the 16 is the contrast ("в 16 битах 70 ГБ, а в 8 битах 38,66")
    # a figure of the table in the same sentence binds the width to it, unless a 16-bit option has that figure too
    own = {round(v / 1e9, 2) for k, v in table["output"].items() if k.endswith("_bytes") and isinstance(v, (int, float)) and v}
    own -= {round(o["per_gpu_bytes"] / 1e9, 2) for f in facts if f.get("tool") == "fit_options"
            for o in (f.get("output") or {}).get("formats") or [] if _bits(o["precision"]) == 16}
    if any(n.kind in ("gb", None) and {round(v, 2) for v in n[1]} & own for n in nums.parse(sentence)):
        return [f"width: {said[0].group(0)} beside the computed format's figures"]
    return []


_BYTES_AFTER = re.compile(r"\s*(?:байт\w*|bytes?)(?!\w)", re.I)


def tokens_as_bytes(sentence: str, facts: list[dict]) -> list[str]:
    """The context, counted in tokens, said in bytes ("16 384 байта контекста")."""
    contexts = {float(c) for f in facts if isinstance(f.get("input"), dict)
                and isinstance(c := f["input"].get("context"), (int, float)) and c}
    contexts |= {float(c) for f in facts if f.get("tool") == "fit_options" and isinstance(f.get("output"), dict)
                 and isinstance(c := f["output"].get("max_context"), (int, float)) and c}
    return [f"unit: {n[0]} tokens said as bytes" for n in nums.parse(sentence)
            if n[1] & contexts and _BYTES_AFTER.match(sentence[n.end:])]


def gigabytes_as_bytes(sentence: str, facts: list[dict]) -> list[str]:
    """A memory figure of the facts, counted in gigabytes, said in bare bytes: "Квадратный объем модели Qwen3 32B
    составляет 19,00 байт" (a hurried question after stop 52's freeze; 19,00 GB was the weights). Bytes per
    parameter ("2 байта на параметр") are no figure of the facts and pass."""
    gb = {round(v / 1e9, 2) for f in facts if isinstance(o := f.get("output"), dict)
          for k, v in o.items() if k.endswith("_bytes") and isinstance(v, (int, float)) and v >= 1e8}
    return [f"unit: {n[0]} GB said as bytes" for n in nums.parse(sentence)
            if {round(v, 2) for v in n[1]} & gb and _BYTES_AFTER.match(sentence[n.end:])]
