"""The longest context that fits, said as what the context uses: "53 036 токенов уходит на контекст" when the
facts give 53 036 as the most the cards hold at that precision (fit_options max_context) and 8 192 as the
context computed for. The number is true, so every number check passes; what it is said to be is false.
Found in a review at 7800baf (Qwen3 14B INT8 on two RTX 4060 Ti 16GB)."""
from __future__ import annotations

import re
from typing import Any

from assistant.checks import numbers as nums

_TOKENS = re.compile(r"^\s*(?:токен\w*|tokens?)\b", re.I)
# the words that make a token count a limit: "до", "максимум", "самый длинный", "помещается", "up to", "longest"
_LIMIT = re.compile(r"\b(?:до|вплоть|максимум\w*|максимальн\w*|самый\s+длинн\w*|длинн\w*|предел\w*|не\s+более|"
                    r"помест\w*|влез\w*|вмест\w*|хватит|увелич\w*|расшир\w*|"
                    r"up\s+to|max(?:imum)?|longest|limit|at\s+most|fits?|room|extend\w*|increase\w*|raise)\b", re.I)


def longest(facts: list[dict[str, Any]]) -> set[int]:
    """The longest context each fit_options line gives (tokens), less the contexts computed for: where the model's own
    limit is the context in use (Llama 3 70B, 8 192), "the KV cache for 8,192 tokens" is true either way."""
    out, used = set(), set()
    for f in facts:
        o = f.get("output") if isinstance(f, dict) else None
        if f.get("tool") == "fit_options" and isinstance(o, dict) and isinstance(o.get("max_context"), int):
            out.add(o["max_context"])
        if f.get("tool") in ("vram", "fit") and isinstance(o, dict) and isinstance(o.get("context"), int):
            used.add(o["context"])  # the context the table was computed for
    return out - used


def limit_as_use(sentence: str, facts: list[dict[str, Any]]) -> list[str]:
    """A token count equal to the longest context that fits, in a sentence with no word making it a limit."""
    most = longest(facts)
    if not most or _LIMIT.search(sentence):
        return []
    return [f"context: {n[0]} tokens is the longest that fits, said as used" for n in nums.parse(sentence)
            if not n.words and _TOKENS.match(sentence[n.end:]) and any(v in most for v in n[1])]
