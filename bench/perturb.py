"""Perturbation check: the labelled turns written differently, as real customers write, with the labels kept.

From the labelled non-holdout turns (`tune` .. `fresh10`; the holdout is never perturbed) each kind below derives a
variant of every conversation, deterministically (a fixed seed, a random stream per conversation and kind):

- `nopunct`: sentence punctuation taken out (",", ".", "!", "?", ";", ":", quotes, brackets, dashes between words);
  a dot or comma inside a number ("4.10", "42,500") stays.
- `lower`: all lower case.
- `yo`: Ё -> Е.
- `typo`: one ordinary word (letters only, 5+ letters, in no span of the reading, so never a number, a name, a unit or
  a word a value came from... and for Russian a dictionary word whose typo is none) gets a keyboard-neighbour letter, a
  doubled letter or a dropped letter.
- `filler`: a filler word ("ну", "короче", "слушайте", "типа"; "so", "like", "please") at the start or between two words
  with no digit.
- `numwords`: a small count read from digits ("2 карты", "10 пользователей", "4 GPUs") written as a word
  ("две карты", "десять пользователей", "four GPUs"): only where the reader reads the digits as a count and the number
  word support (lexicon `numbers`) covers it.
- `swap`: a message of two clauses split by one ", " said the other way round, where safe (no correction or
  condition word, no number split, both sides 2+ words).

A turn the kind does not change keeps its text; a turn whose `ask` items (numbers as written) would be lost keeps
its text. Accuracy is reported on the CHANGED turns only, beside the same turns read unperturbed, with the count of
silently dropped numbers over the variants.
"""
from __future__ import annotations

import copy
import random
import re
import zlib

from bench.understanding import SPLITS, evaluate, load_split

KINDS = ["nopunct", "lower", "yo", "typo", "filler", "numwords", "swap"]
SEED = 15
# tune .. fresh10: the figures of the passes stay comparable. Twenty-second pass: written as a slice, since the old
# "every split but holdout and fresh11" had taken in fresh12 .. fresh16 (and would have taken each new batch) unnoticed
TUNED = SPLITS[:SPLITS.index("fresh10") + 1]

_NEIGHBOURS_RU = ["йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю"]
_NEIGHBOURS_EN = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]


def _neighbours(ch: str) -> str:
    for row in (*_NEIGHBOURS_RU, *_NEIGHBOURS_EN):
        k = row.find(ch)
        if k >= 0:
            return row[max(k - 1, 0):k] + row[k + 1:k + 2]
    return ""


def _nopunct(text: str, rng: random.Random, lang: str) -> str:
    out = re.sub(r"[.,;:!?…]+(?=\s|$)", "", text)
    out = re.sub(r"[\"«»“”()\[\]]", "", out)
    out = re.sub(r"\s[—–-]\s", " ", out)
    return re.sub(r"\s{2,}", " ", out).strip()


def _lower(text: str, rng: random.Random, lang: str) -> str:
    return text.lower()


def _yo(text: str, rng: random.Random, lang: str) -> str:
    return text.replace("ё", "е").replace("Ё", "Е")


def _typo(text: str, rng: random.Random, lang: str) -> str:
    from assistant.reading import read
    from assistant.reading.words import is_dictionary_word, load_lexicon

    r = read(text)
    covered = [(s.start, s.end) for group in (*r.spans.values(), *r.conflicts.values(), r.unattached) for s in group]
    family = set(load_lexicon().family_index())
    words = [m for m in re.finditer(r"[^\W\d_]{5,}", text)
             if not any(a < m.end() and m.start() < b for a, b in covered)
             and m.group().lower() not in family
             and (is_dictionary_word(m.group().lower()) or re.fullmatch(r"[a-z]+", m.group()))]
    if not words:
        return text
    m = rng.choice(words)
    w = m.group()
    for _ in range(10):
        k = rng.randrange(1, len(w) - 1)  # never the first or last letter
        op = rng.choice(["neighbour", "double", "drop"])
        if op == "neighbour":
            near = _neighbours(w[k].lower())
            if not near:
                continue
            new = w[:k] + rng.choice(near) + w[k + 1:]
        elif op == "double":
            new = w[:k] + w[k] + w[k:]
        else:
            new = w[:k] + w[k + 1:]
        if new.lower() != w.lower() and not is_dictionary_word(new.lower()):
            return text[:m.start()] + new + text[m.end():]
    return text


_FILLER = {"ru": ["ну", "короче", "слушайте", "типа"], "en": ["so", "like", "please"]}


def _filler(text: str, rng: random.Random, lang: str) -> str:
    word = rng.choice(_FILLER[lang])
    gaps = [m.start() for m in re.finditer(r"(?<=[^\W\d_]) (?=[^\W\d_])", text)]
    if word in {"ну", "короче", "слушайте", "so"} or not gaps:
        return f"{word}, {text[0].lower() + text[1:]}" if word in {"короче", "слушайте"} else f"{word} {text}"
    if word == "please":
        return text.rstrip("?.! ") + " please" + (text.rstrip()[-1] if text.rstrip()[-1] in "?.!" else "")
    k = rng.choice(gaps)
    return text[:k] + f" {word}" + text[k:]


_RU = {2: ("два", "две"), 3: ("три",) * 2, 4: ("четыре",) * 2, 5: ("пять",) * 2, 6: ("шесть",) * 2,
       7: ("семь",) * 2, 8: ("восемь",) * 2, 9: ("девять",) * 2, 10: ("десять",) * 2}
_EN = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}


def _numwords(text: str, rng: random.Random, lang: str) -> str:
    from assistant.reading import read
    from assistant.reading.words import morph

    r = read(text)
    spans = sorted((s for slot in ("gpu_count", "users") for s in r.spans.get(slot, [])), key=lambda s: -s.start)
    out = text
    for s in spans:
        m = re.fullmatch(r"(\d{1,2}) ([^\W\d_]+)", s.text)
        if not m or int(m.group(1)) not in _EN:
            continue
        n, noun = int(m.group(1)), m.group(2)
        if re.fullmatch(r"[a-zA-Z]+", noun):
            word = _EN[n]
        else:
            femn = any("femn" in p.tag for p in morph().parse(noun.lower())[:1])
            word = _RU[n][femn]
        out = out[:s.start] + word + " " + noun + out[s.end:]
    return out


_UNSAFE_SWAP = re.compile(r"\b(?:нет|ой|вернее|точнее|лучше|если|то|а|но|и|или|который|которая|которые|чтобы|что|"
                          r"no|not|wait|actually|instead|if|then|and|or|but|which|that|so|make)\b", re.I)


def _swap(text: str, rng: random.Random, lang: str) -> str:
    body = text.rstrip()
    end = ""
    while body and body[-1] in "?.!":
        end, body = body[-1] + end, body[:-1]
    parts = body.split(", ")
    if len(parts) != 2 or re.search(r"[.!?;:()]", body):
        return text
    a, b = parts
    if len(a.split()) < 2 or len(b.split()) < 2 or _UNSAFE_SWAP.search(b.split()[0]) or _UNSAFE_SWAP.search(a.split()[0]):
        return text
    if re.search(r"\d$", a) or re.match(r"\d", b):
        return text
    if a[:1].isupper() and not a[1:2].isupper():
        a = a[0].lower() + a[1:]
        b = b[0].upper() + b[1:] if not b[1:2].isupper() else b
    return f"{b}, {a}{end}"


PERTURB = {"nopunct": _nopunct, "lower": _lower, "yo": _yo, "typo": _typo, "filler": _filler,
           "numwords": _numwords, "swap": _swap}


def _ask_kept(kind: str, turn: dict, new: str) -> list[str] | None:
    """The turn's ask items as they read in the new text, or None where the kind lost one."""
    out = []
    for item in turn.get("ask") or []:
        moved = PERTURB[kind](item, random.Random(0), "ru") if kind in {"lower", "yo"} else item
        if moved not in new:
            return None
        out.append(moved)
    return out


def variants(conversations: list[dict], kind: str, seed: int = SEED) -> tuple[list[dict], set[tuple[str, int]]]:
    """Every conversation with its turns perturbed by `kind`, and the (id, turn index) pairs that changed."""
    out, changed = [], set()
    for conv in conversations:
        rng = random.Random(seed * 1_000_003 + zlib.crc32(f"{conv['id']}/{kind}".encode()))
        new_conv = copy.deepcopy(conv)
        for k, turn in enumerate(new_conv["turns"]):
            text = PERTURB[kind](turn["text"], rng, conv.get("lang", "ru"))
            ask = _ask_kept(kind, turn, text) if text != turn["text"] else None
            if ask is None:
                continue
            turn["text"] = text
            if turn.get("ask"):
                turn["ask"] = ask
            changed.add((conv["id"], k))
        out.append(new_conv)
    return out, changed


def check(splits: list[str] | None = None, kinds: list[str] | None = None, seed: int = SEED) -> dict:
    """Per kind: the changed turns' intent and whole-scenario accuracy, perturbed and unperturbed, and the numbers
    silently dropped in the variants."""
    names = [s for s in (splits or TUNED) if s != "holdout"]  # the holdout is never perturbed
    conversations = [c for name in names for c in load_split(name)]
    base: list[dict] = []
    evaluate(conversations, detail=base)
    base_at = {(d["id"], d["k"]): d for d in base}
    report: dict = {}
    for kind in kinds or KINDS:
        convs, changed = variants(conversations, kind, seed)
        detail: list[dict] = []
        res = evaluate([c for c in convs if any((c["id"], k) in changed for k in range(len(c["turns"])))],
                       detail=detail)
        got = [d for d in detail if (d["id"], d["k"]) in changed]
        n = max(len(got), 1)
        report[kind] = {
            "turns": len(got),
            "intent": round(sum(d["intent_ok"] for d in got) / n, 3),
            "whole": round(sum(d["whole_ok"] for d in got) / n, 3),
            "intent_unperturbed": round(sum(base_at[d["id"], d["k"]]["intent_ok"] for d in got) / n, 3),
            "whole_unperturbed": round(sum(base_at[d["id"], d["k"]]["whole_ok"] for d in got) / n, 3),
            "silently_dropped": res["silently_dropped"],
            "failures": [{"id": d["id"], "text": d["text"], "was": base_at[d["id"], d["k"]]["text"],
                          "intent": d["intent"], "got": d["got"], "want": d["want"]}
                         for d in got if not d["whole_ok"] and base_at[d["id"], d["k"]]["whole_ok"]],
        }
    return report
