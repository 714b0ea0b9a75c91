"""Catalog names in the token stream: models, cards, servers, and product-shaped names we do not know.

Exact alias hits come first (longest window of tokens whose normalised text is a catalog name);
then "family + size" ("лама 70б" -> the newest catalog Llama of ~70B); then product-shaped names the
catalog lacks ("RTX 9090", "Llama 7 900B") go to `unknown_products` so no figure is invented for them.
Typos in family words were already mended token by token (`words.fuzzy_family`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from assistant.reading.near import next_word
from assistant.reading.tokens import Token
from tools import catalog
from tools.lexicon import load_lexicon
from tools.text import GPU_NAME, model_name_pattern, normalise_name


@dataclass
class Hit:
    kind: str  # "model" | "gpu" | "server" | "unknown"
    id: str
    i: int
    j: int  # tokens i..j-1


@lru_cache(maxsize=4)
def _indexes(_cat_id: int) -> dict[str, dict[str, str]]:
    cat = catalog.load_catalog()
    out: dict[str, dict[str, str]] = {}
    for kind, items in (("model", cat.models), ("gpu", cat.gpus), ("server", cat.servers)):
        idx: dict[str, str] = {}
        for it in items:
            for n in (it.id, it.name, *it.aliases):
                idx.setdefault(normalise_name(n), it.id)
        out[kind] = idx
    for kind, table in (("model", load_lexicon().model_defaults), ("server", load_lexicon().server_names)):
        for name, mid in table.items():
            out[kind].setdefault(normalise_name(name), mid)
    return out


def indexes() -> dict[str, dict[str, str]]:
    return _indexes(id(catalog.load_catalog()))


_GLUE_WORDS = {"a", "an", "the", "в", "на", "с", "и", "or", "and", "или", "для", "for", "of", "по", "x"}


def _exact(tokens: list[Token], max_len: int = 6) -> list[Hit]:
    idx, hits, i = indexes(), [], 0
    while i < len(tokens):
        for j in range(min(len(tokens), i + max_len), i, -1):
            window = tokens[i:j]
            if not window[0].canon[:1].isalnum() or not window[-1].canon[:1].isalnum() or \
                    any(t.text in _GLUE_WORDS for t in window):
                continue
            keys = [normalise_name(" ".join(t.canon for t in window))]
            keys.insert(0, normalise_name(" ".join(t.low for t in window)))  # "L40S" before "L40"+"s"
            if keys[-1].isdigit() and len(keys[-1]) < 4:  # "8" alone is no name
                continue
            if len(window) == 1 and window[0].canon in load_lexicon().families and _size_after(tokens, i):
                continue  # "дипсик 70b": family and size, not the family's default model
            found = next(((k, key) for key in keys for k in ("model", "gpu", "server") if key in idx[k]), None)
            if found:
                kind, key = found
                hits.append(Hit(kind, idx[kind][key], i, j))
                i = j - 1
                break
        i += 1
    return hits


_SIZE = re.compile(r"^(\d+(?:[.,]\d+)?)(?:b|б|bn)$")
_VERSION = re.compile(r"^(?:v?\d+(?:[.,]\d+)?|r1|v3|coder|instruct)$")


def _size_after(tokens: list[Token], i: int) -> tuple[float, int, list[str]] | None:
    version: list[str] = []
    for k in range(i + 1, min(len(tokens), i + 5)):
        t = tokens[k]
        m = _SIZE.match(t.canon)
        if m:
            return float(m.group(1).replace(",", ".")), k + 1, version
        n = next_word(tokens, k)
        if t.number is not None and n < len(tokens) and (tokens[n].concept == "billion" or
                                                         (t.word_number and tokens[n].low in ("b", "б"))):
            return t.number, n + 1, version
        if _VERSION.match(t.canon) and not t.word_number:
            version.append(t.canon)
            continue
        return None
    return None


def _nominal(m) -> float:  # the size a model's name says ("qwen3-coder-30b-a3b" 30), else params rounded
    found = re.search(r"(?<![\d.])(\d+(?:\.\d+)?)b(?![a-z])", m.id)
    return float(found.group(1)) if found else float(round(m.params_b))


def _family_size(tokens: list[Token], used: set[int]) -> list[Hit]:
    families = load_lexicon().families
    models = catalog.load_catalog().models
    hits = []
    for t in tokens:
        if t.i in used or t.canon not in families:
            continue
        found = _size_after(tokens, t.i)
        if not found or any(k in used for k in range(t.i, found[1])):
            continue
        size, end, version = found
        fam = t.canon
        cands = [m for m in models if (m.family == fam or m.id.startswith(fam)) and abs(m.params_b - size) / size < 0.15]
        if version:
            prefix = normalise_name(fam + " ".join(version))
            cands = [m for m in cands if normalise_name(m.name).startswith(prefix) or m.id.startswith(fam + version[0])]
        exact = [m for m in cands if _nominal(m) == size]  # "qwen 32b" is Qwen3 32B, not Qwen3-Coder 30B
        cands = exact or cands
        default = indexes()["model"].get(normalise_name(fam))  # "дипсик 671b": the family's own default
        pick = default if default in {m.id for m in cands} else (cands[-1].id if cands else None)
        hits.append(Hit("model", pick, t.i, end) if pick else
                    Hit("unknown", " ".join(x.text for x in tokens[t.i:end]), t.i, end))
    return hits


def _unknown(text: str, tokens: list[Token], used: set[int]) -> list[Hit]:
    idx, hits = indexes(), []
    for pattern in (GPU_NAME, model_name_pattern()):
        for m in pattern.finditer(text):
            inside = [t for t in tokens if t.start >= m.start() and t.end <= m.end()]
            if not inside or any(t.i in used for t in inside):
                continue
            name = " ".join(m.group(0).split())
            if any(normalise_name(name) in idx[k] for k in idx):
                continue
            hits.append(Hit("unknown", name, inside[0].i, inside[-1].i + 1))
            used.update(t.i for t in inside)
    return hits


def find_names(text: str, tokens: list[Token]) -> list[Hit]:
    hits = _exact(tokens)
    used = {k for h in hits for k in range(h.i, h.j)}
    more = _family_size(tokens, used)
    used |= {k for h in more for k in range(h.i, h.j)}
    hits += more + _unknown(text, tokens, used)
    return sorted(hits, key=lambda h: h.i)

