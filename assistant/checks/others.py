"""A model set against the one sized that neither the facts nor the customer brought in.

"Для Llama 3.1 8B контекст 128к нужно больше памяти, чем для Gemma 2 27B" (explain-eval ru-fresh3-bureau-context
at a891c50): nothing computed Gemma 2 27B's memory, so the comparison has no ground, whatever its figures. A model
named in a comparison must be one the facts sized or the customer named.

A model named at all must be one the facts sized, the customer named or the trusted texts (the computed block, the
guide's passages) hold: the real model at the 43rd pass, asked "lora or qlora for llama 8b on 4090?", wrote "LoRA on
Qwen2.5 7B fits the training on one RTX 4090 card, using 23.71 GB", the few-shot example's model with this turn's
inference total."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from assistant.checks.claims import names_pattern
from tools.catalog import load_catalog

_COMPARED = re.compile(r"(?<!\w)(?:чем|than|vs\.?|versus|против|в отличие от|unlike|compared (?:to|with)|по сравнению с)(?!\w)",
                       re.I)


@lru_cache(maxsize=1)
def _model_pattern() -> tuple[re.Pattern, dict]:
    return names_pattern(load_catalog().models, min_len=4)  # "phi4"-length and longer: a family word names no model


@lru_cache(maxsize=256)  # the guard asks it of the same trusted text for every sentence
def models_in(text: str) -> frozenset[str]:
    pat, by_name = _model_pattern()
    return frozenset(by_name[k].id for m in pat.finditer(text)
                     if (k := re.sub(r"[\s-]+", " ", m.group(0).lower())) in by_name)


def _sized(facts: list[dict]) -> set[str]:
    out: set[str] = set()
    for f in facts:
        i, o = f.get("input") or {}, f.get("output") or {}
        out |= {v for v in (i.get("model"), *(i.get("models") or [])) if isinstance(v, str)}
        out |= {str(m["id"]) for m in o.get("models", []) if isinstance(m, dict) and m.get("id")}
    return out


def other_model_compared(sentence: str, facts: list[dict], customer: Iterable[str] = ()) -> list[str]:
    if not _COMPARED.search(sentence) or not facts:
        return []
    named = models_in(sentence)
    known = _sized(facts) | {m for text in customer for m in models_in(text)}
    return [f"compared: {m}" for m in sorted(named - known)] if named & known else []  # the sized one, set against it


def model_not_here(sentence: str, facts: list[dict], customer: Iterable[str] = (), text: str = "") -> list[str]:
    if not facts or not (sized := _sized(facts)):
        return []
    known = sized | {m for said in customer for m in models_in(said)} | models_in(text)
    return [f"model: {m}" for m in sorted(models_in(sentence) - known)]
