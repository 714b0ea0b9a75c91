"""False relations between true figures, for the explanation evaluation; written apart from the
guard (it imports nothing from assistant/), so a guard that misses one shows up as a false claim.

- a comparison its own figures refute: "больше … (768 vs 1 008)", "25.77 GB, which is less than
  23.71 GB";
- a card count offered as enough that the memory calculator says is too few for the model the
  facts size ("сервер с четырьмя RTX 3090" for 252 GB);
- a card given another card's figure: in "(X vs Y unit)" X is the card's own, read by its unit
  ("RTX A6000 … пропускная способность (1 008 против 768 ГБ/с)": 1 008 is the RTX 4090's).
Known-good and known-bad texts: tests/assistant/test_explanation_grader.py.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Sequence

_FIG = r"(\d+(?:[ \u00a0]\d{3})*(?:[.,]\d+)?)"
_PAIR = re.compile(_FIG + r"\s*[^\s\d()]{0,6}\s*(?:vs\.?|versus|против)\s*" + _FIG, re.I)
_THAN = re.compile(_FIG + r"\s*(?:[^\s\d,]+\s*){0,2},?\s*(?:which is |that is |is |что |это )?(\w+),?\s*(?:than|чем)\s+"
                   r"((?:[^\d\s]+\s+){0,4})" + _FIG, re.I)
_TIMES = re.compile(r"(?<!\w)(?:half|twice|double|triple|times|quarter|third|половин|вдвое|втрое|вчетверо|раз|четверт|трет|"
                    r"percent|процент)|%", re.I)  # "more than half of the 48 GB" compares with a multiple
_MORE = ("больш", "выше", "высок", "быстрее", "дороже", "more", "higher", "greater", "larger", "bigger", "faster",
         "pricier")
_LESS = ("меньш", "ниже", "низк", "экономнее", "экономичн", "дешевле", "медленнее", "less", "lower", "smaller", "fewer",
         "cheaper", "slower")


def _value(s: str) -> float:
    s = re.sub(r"[ \u00a0]", "", s)
    if re.fullmatch(r"\d{1,3},\d{3}", s):  # "1,008" in English: a thousands group
        return float(s.replace(",", ""))
    return float(s.replace(",", "."))


def _sign(word: str) -> int:
    w = word.lower()
    return 1 if w.startswith(_MORE) else -1 if w.startswith(_LESS) else 0


def refuted_comparisons(text: str) -> list[str]:
    out = []
    for sentence in re.split(r"(?<=[.!?])(?<!vs\.)\s+", text):
        for m in _PAIR.finditer(sentence):
            words = [w for w in re.findall(r"\w+", sentence[:m.start()]) if _sign(w)]
            sign = _sign(words[-1]) if words else 0
            if sign and (_value(m.group(1)) - _value(m.group(2))) * sign <= 0:
                out.append(m.group(0))
        for m in _THAN.finditer(sentence):
            sign = 0 if _TIMES.search(m.group(3)) else _sign(m.group(2))
            if sign and (_value(m.group(1)) - _value(m.group(4))) * sign <= 0:
                out.append(m.group(0))
    return out


_POINTER_THAN = re.compile(r"^(?:это|that|this|which)\s+(?:is\s+)?(\w+),?\s*(?:than|чем)\s+((?:[^\d\s]+\s+){0,4})\(?"
                           + _FIG + r"(?:\s*[×xх]\s*" + _FIG + r")?", re.I)


def refuted_across_sentences(text: str) -> list[str]:
    """"… составляет 2400 Вт. Это больше, чем рекомендуемый блок питания (4×1600 Вт)": a sentence that opens with a
    pointer compares the last figure before it with its own first one ("4×1600" is 6400)."""
    out = []
    sentences = re.split(r"(?<=[.!?])\s+", text)
    for prev, sentence in zip(sentences, sentences[1:]):
        m, figures = _POINTER_THAN.match(sentence), re.findall(_FIG, prev)
        if not m or not figures:
            continue
        sign = 0 if _TIMES.search(m.group(2)) else _sign(m.group(1))
        theirs = _value(m.group(3)) * (_value(m.group(4)) if m.group(4) else 1)
        if sign and (_value(figures[-1]) - theirs) * sign <= 0:
            out.append(f"{figures[-1]} / {m.group(0)}")
    return out


@lru_cache(maxsize=1)
def _model_names() -> list[tuple[str, str]]:
    from tools.catalog import load_catalog
    return sorted(((n.lower(), m.id) for m in load_catalog().models for n in (m.name, *m.aliases) if len(n) > 4),
                  key=lambda p: -len(p[0]))


def _models(text: str) -> set[str]:
    low, found = " ".join(re.split(r"[\s-]+", text.lower())), set()
    for name, mid in _model_names():
        name = " ".join(re.split(r"[\s-]+", name))
        if re.search(r"(?<![\w.])" + re.escape(name) + r"(?!\w)", low):
            found.add(mid)
            low = low.replace(name, " ")  # "llama 3.1 8b" is not also "llama 3.1"
    return found


def unsized_model_compared(text: str, facts: list[dict[str, Any]], customer: Sequence[str] = ()) -> list[str]:
    """"… нужно больше памяти, чем для Gemma 2 27B" where only Llama 3.1 8B was sized and nobody named Gemma: a
    comparison with a model nothing computed."""
    sized = {f["input"]["model"] for f in facts if isinstance(f.get("input"), dict) and f["input"].get("model")}
    asked = set().union(*(_models(c) for c in customer)) if customer else set()
    out = []
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        if not re.search(r"(?<!\w)(?:чем|than|vs|versus|против|unlike|в отличие от)(?!\w)", sentence, re.I):
            continue
        named = _models(sentence)
        if named & sized:
            out += [f"{m} in: {sentence}" for m in sorted(named - sized - asked)]
    return out


def active_tokens(text: str) -> list[str]:
    """"only the active tokens need to be processed by each expert": in a MoE each token is processed and a few
    experts are active for it; tokens are never the active ones."""
    return [m.group(0) for m in re.finditer(r"(?<!\w)(?:active\s+tokens?|активн\w*\s+токен\w*)(?!\w)", text, re.I)]


_COUNTS = {"один": 1, "одну": 1, "одной": 1, "одна": 1, "single": 1, "one": 1, "two": 2, "два": 2, "две": 2, "двух": 2, "двумя": 2, "three": 3, "три": 3,
           "трёх": 3, "трех": 3, "тремя": 3, "four": 4, "четыре": 4, "четырёх": 4, "четырех": 4, "четырьмя": 4,
           "five": 5, "пять": 5, "пяти": 5, "пятью": 5, "six": 6, "шесть": 6, "шести": 6, "шестью": 6, "seven": 7, "семь": 7,
           "семи": 7, "семью": 7, "eight": 8, "восемь": 8, "восьми": 8, "восемью": 8}
_OFFER = re.compile(r"нуж|треб|возьм|хват|достаточ|помест|подход|подойд|рекоменд|сервер с|need|requir|take|enough|"
                    r"fit|suffic|recommend|server with", re.I)
_HEDGE = re.compile(r"(?<!\w)(?:не|нет|без|мало|not|no|without|если|if|when|would)(?!\w)|n't|\?", re.I)


@lru_cache(maxsize=1)
def _cards() -> list[tuple[re.Pattern, str]]:
    from tools.catalog import load_catalog

    out = []
    for g in load_catalog().gpus:
        for name in sorted({g.name, *g.aliases}, key=len, reverse=True):
            words = [re.escape(w) for w in re.split(r"[\s-]+", name) if w]
            count = r"(\d{1,2}|[a-zа-яё]+)\s*(?:[×xх]\s*)?(?:карт\w*\s+|cards?\s+|gpus?\s+)?"
            out.append((re.compile(r"(?<!\w)" + count + r"[\s-]*".join(words) + r"(?!\w)", re.I), g.id))
    return out


def too_few_cards(text: str, facts: list[dict[str, Any]]) -> list[str]:
    from tools.fit import min_gpus
    from tools.memory import MemoryRequest

    sizing = next((f["input"] for f in facts if f.get("tool") in ("vram", "recommend") or
                   f.get("tool") == "compare" and f.get("input", {}).get("model")), None)
    if not sizing:
        return []
    req = MemoryRequest.model_validate({k: v for k, v in sizing.items() if k not in ("gpu", "gpus", "counts")})
    out = []
    for sentence in re.split(r"(?<=[.!?])(?<!vs\.)\s+", text):
        if not _OFFER.search(sentence) or _HEDGE.search(sentence):
            continue
        for pat, gpu in _cards():
            for m in pat.finditer(sentence):
                n = int(m.group(1)) if m.group(1).isdigit() else _COUNTS.get(m.group(1).lower())
                need = min_gpus(req, gpu).gpus if n else None
                if n and (need is None or n < need) and m.group(0) not in out:
                    out.append(m.group(0))
    return out


def compare_count_misstated(text: str, facts: list[dict[str, Any]]) -> list[str]:
    """Written apart from the guard's check (assistant/checks/counts.fits_on_n_misstated): in a comparison with a
    model, a card said to fit (or not) on N of it, against the least number computed here from the comparison's
    input ("RTX 3090 можно поместить на 2 карты, но не на 4" where three are needed)."""
    from tools.fit import min_gpus
    from tools.memory import MemoryRequest

    sizing = next((f["input"] for f in facts if f.get("tool") == "compare" and f.get("input", {}).get("model")), None)
    if not sizing:
        return []
    req = MemoryRequest.model_validate({k: v for k, v in sizing.items() if k not in ("gpu", "gpus", "counts")})
    compared = set(sizing.get("gpus") or [])
    out = []
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        if "?" in sentence or not re.search(r"помест|влез|умест|fit|хват|enough|suffic|достаточ|\brun", sentence, re.I):
            continue
        card = None
        for clause in re.split(r",\s*|;\s*|\s+(?:но|а|but|while)\s+", sentence):
            found = [(m, gpu) for pat, gpu in _cards() if gpu in compared for m in pat.finditer(clause)]
            n = None
            if found:  # the last card named; its count, where a count stands before it ("2 RTX 4090", not "q4 RTX")
                card = max(found, key=lambda x: x[0].end())[1]
                counted = [int(w) if w.isdigit() else _COUNTS.get(w) for m, g in found if g == card
                           for w in [m.group(1).lower()]]
                n = next((x for x in counted if x), None)
            if n is None and card and (c := re.search(r"(?:на|on)\s+(\d{1,2}|[a-zа-яё]+)\s*(?:карт\w*|cards?|gpus?)?\s*[.!]?$",
                                                      clause, re.I)):
                n = int(c.group(1)) if c.group(1).isdigit() else _COUNTS.get(c.group(1).lower())
            if n is None or card is None:
                continue
            need = min_gpus(req, card).gpus
            fits = not re.search(r"(?<!\w)(?:не|нет|not|no|cannot)(?!\w)|n't", clause, re.I)
            if need is not None and fits != (n >= need):
                out.append(f"{card} on {n}: {'fits' if fits else 'does not fit'} said, {need} needed")
    return out


_PART = {"master_weights": r"fp32[- ]?(?:копи\w*|cop\w*)\s*(?:вес\w*|weights?)?|master weights?",
         "weights": r"(?<!копия )(?<!копии )(?<!master )вес\w*|(?<!master )weights?",  # not "FP32-копия весов"
         "kv_cache": r"kv[- ]?(?:кэш\w*|cache)|кэш\w*", "activations": r"активаци\w*(?:\s+и\s+буфер\w*)?|activations?(?:\s+and\s+buffers?)?",
         "gradients": r"градиент\w*|gradients?", "optimizer": r"оптимизатор\w*|optimi[sz]er", "total": r"итог\w*|total(?! vram)"}
_GB = r"(\d+(?:[.,]\d+)?)\s*(?:ГБ|GB)\b"
_FMT = r"(q\d_k_[sml]|q\d_\d|fp16|bf16|fp8|int8|int4)"


def _figures(o: dict) -> list[float]:
    return [v / 1e9 for k, v in o.items() if k.endswith("_bytes") and isinstance(v, (int, float)) and v]


def misnamed_figures(text: str, facts: list[dict[str, Any]], passages: Sequence[str] = ()) -> list[str]:
    """A GB figure said right after a memory part or a weight format that the facts give another figure;
    words quoted as the guide wrote them ("KV-кэш вырастет примерно до 4,3 ГБ" at 32k) are the guide's, not a claim
    about the computed scenario."""
    text = _unnamed(text)  # "Веса в RTX 4090 занимают 25,77 ГБ": the name's digits are no figure
    quoted = _unnamed(" ".join(" ".join(p.split()) for p in passages))
    tables = [f["output"] for f in facts if f.get("tool") in ("vram", "fit")]
    tables += [b for f in facts if f.get("tool") == "variants" for b in f["output"].get("breakdowns", [])]
    if not tables:
        return []
    options = [o for f in facts if f.get("tool") == "fit_options" for o in f["output"].get("formats", [])]

    def near(x: float, values: list[float]) -> bool:
        return any(abs(x - v) < 0.006 for v in values)

    out = []
    for part, pat in _PART.items():
        keys = ("total_bytes", "per_gpu_bytes") if part == "total" else (f"{part}_bytes",)
        allowed = [t[k] / 1e9 for t in tables for k in keys if t.get(k)]
        for m in re.finditer(r"(?:" + pat + r")[^\d.;]{0,25}?" + _GB, text, re.I):
            if not near(_value(m.group(1)), allowed):
                out.append(m.group(0))
        # named after the figure, alone: "ещё 17,56 ГБ уходит на FP32-копию весов" (not "на веса и KV-кэш", a sum)
        for m in re.finditer(_GB + r"\s+(?:(?:уход\w*|ид[её]т|идут|приход\w*|is|are|go(?:es)?)\s+)?(?:на|под|для|for|to|of)\s+"
                             r"(?:the\s+)?(?:(?:" + _FMT[1:] + r"\s+)?(?:([\w-]+)\s+(?:и|and)\s+)?(?:" + pat + r")"
                             r"(?![^.;,]{0,12}\b(?:и|and|плюс|plus)\b)",
                             text, re.I):
            summed = m.group(2) and any(re.fullmatch(p, m.group(2), re.I) for p in _PART.values())  # "на веса и KV-кэш"
            if not summed and not near(_value(m.group(1)), allowed) and m.group(0) not in out:
                out.append(m.group(0))
        # a range named once: "итог растёт с 23,71 до 25,77 ГБ" — both ends are the part's
        for m in re.finditer(r"(?:" + pat + r")[^\d.;]{0,25}?(\d+[.,]\d+)\s*(?:до|to|–|-)\s*" + _GB, text, re.I):
            if not (near(_value(m.group(1)), allowed) and near(_value(m.group(2)), allowed)):
                out.append(m.group(0))
    # the whole need said bare, of video memory: "нужно около 42,95 ГБ видеопамяти" (the KV cache, at d68d7ae)
    totals = [t[k] / 1e9 for t in tables for k in ("total_bytes", "per_gpu_bytes") if t.get(k)]
    for m in re.finditer(r"\b(?:нужн[оы]|нужен|требуется|потребуется|понадобится|need|needs|requires?)\s+"
                         r"(?:(?:около|примерно|порядка|about|around|roughly)\s+|~\s*)?" + _GB +
                         r"\s+(?:видеопамят\w*|VRAM|of VRAM|of GPU memory|of video memory)", text, re.I):
        clause = re.split(r"[,;:—()]", text[:m.start()])[-1] + re.split(r"[,;:—()]", text[m.end():])[0]
        parts = any(re.search(p, clause, re.I) for k, p in _PART.items() if k != "total")  # "для KV-кэша нужно …"
        if totals and not parts and not near(_value(m.group(1)), totals) and m.group(0) not in out:
            out.append(m.group(0))
    free = [o["free_bytes"] / 1e9 for f in facts if f.get("tool") == "fit_card" for o in [f["output"]]
            if o.get("free_bytes") is not None]
    free += [(t["gpu_vram_bytes"] - t["per_gpu_bytes"]) / 1e9 for t in tables if t.get("gpu_vram_bytes")]
    for m in re.finditer(r"(?:свободн\w*|free)\s*:?\s*" + _GB + r"|" + _GB + r"\s+(?:free|left|spare)\b", text, re.I):
        if free and not near(_value(m.group(1) or m.group(2)), free):
            out.append(m.group(0))
    for m in re.finditer(r"\b" + _FMT + r"\b[^\d.;]{0,40}?" + _GB, text, re.I):
        fmt = m.group(1).lower()
        values = [x for t in tables if str(t.get("precision", "")).lower() == fmt for x in _figures(t)]
        values += [o["per_gpu_bytes"] / 1e9 for o in options if o["precision"].lower() == fmt]
        if not near(_value(m.group(2)), values) and m.group(0) not in out:
            out.append(m.group(0))
    return [m for m in out if " ".join(m.split()) not in quoted]


@lru_cache(maxsize=1)
def _names() -> re.Pattern:
    from tools.catalog import load_catalog

    cat = load_catalog()
    every = [n for g in cat.gpus for n in (g.name, *g.aliases)] + [n for m in cat.models for n in (m.name, *m.aliases)]
    alts = sorted({n for n in every if re.search(r"\d", n)}, key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(a) for a in alts) + r")(?!\w)", re.I)


def _unnamed(text: str) -> str:
    return _names().sub("NAME", text)


_WORSE_IF_LOWER = {"vram_gib": r"памят|memory|vram", "bandwidth_gbs": r"пропускн|bandwidth",
                   "fp16_tflops": r"fp16|tflops|performance|производительн"}
_WORSE_IF_HIGHER = {"tdp_w": r"потреблени|power draw|tdp", "price_usd_min": r"дешевле|cheaper|ниже цен|lower price"}


def wrong_merits(text: str) -> list[str]:
    """'X лучше Y: <merits>' where the catalog gives a listed merit to Y (up to a 'but')."""
    from tools.catalog import load_catalog

    cards = {}
    for g in load_catalog().gpus:
        for n in {g.name, *g.aliases}:
            cards[n.lower()] = g
    names = "|".join(re.escape(n) for n in sorted(cards, key=len, reverse=True))
    out = []
    for m in re.finditer(r"(?<!\w)(" + names + r")(?!\w)[^.]{0,20}?\b(?:лучше|is better than|better than|outperforms)\b"
                         r"[^.]{0,12}?(?<!\w)(" + names + r")(?!\w)([^.]*)", text, re.I):
        a, b = cards[m.group(1).lower()], cards[m.group(2).lower()]
        merits = re.split(r"\b(?:но|однако|зато|but|however|while)\b|;", m.group(3), flags=re.I)[0]
        for field, pat in _WORSE_IF_LOWER.items():
            if re.search(pat, merits, re.I) and getattr(a, field) < getattr(b, field):
                out.append(f"{a.name} {field}")
        for field, pat in _WORSE_IF_HIGHER.items():
            if re.search(pat, merits, re.I) and (getattr(a, field) or 0) > (getattr(b, field) or 0):
                out.append(f"{a.name} {field}")
    return out


_UNIT_FIELD = [(r"(?:ги?б|gi?b)\s*/\s*(?:с|s)\b", "bandwidth_gbs"), (r"tflops", "fp16_tflops"), (r"(?:вт|w)\b", "tdp_w"),
               (r"(?:ги?б|gi?b)\b", "vram_gib")]


# a merit phrase -> (the facts' field, +1: the card has more of it / -1: less)
_MERIT_PHRASES = [(r"(?:больше|more|larger) (?:видео)?(?:памяти|memory|vram)", "vram_gib", 1),
                  (r"(?:выше|больше|higher|more) (?:memory )?(?:пропускн|bandwidth)", "bandwidth_gbs", 1),
                  (r"(?:ниже|меньше|lower|less) (?:memory )?(?:пропускн|bandwidth)", "bandwidth_gbs", -1),
                  (r"(?:ниже|меньше|lower|less) (?:потреблени|power)|экономн|draws less", "tdp_w", -1),
                  (r"(?:выше|больше|higher) (?:потреблени|power\b)|draws more", "tdp_w", 1),
                  (r"дешевле|cheaper|(?:ниже|lower) (?:card )?(?:цен|price)", "price_usd_min", -1),
                  (r"дороже|pricier|more expensive|(?:выше|higher) (?:card )?(?:цен|price)", "price_usd_min", 1)]


def merit_of_the_other(text: str, facts: list[dict[str, Any]]) -> list[str]:
    """In a comparison of two cards, a sentence naming only one of them that gives it a merit the
    facts give the other ("The H100 is also more powerful with lower power draw and a lower card
    price"); read from the comparison's own figures, not the catalog."""
    cards = [c for f in facts if f.get("tool") == "compare" for c in (f.get("output") or {}).get("cards", [])]
    if len(cards) != 2:
        return []
    out = []
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        named = [c for c in cards if re.search(r"(?<!\w)" + re.escape(re.sub(r"\s+\d+GB$", "", c["name"])) + r"(?!\w)",
                                               sentence, re.I)]  # "H100 80GB" is said "the H100"
        if len(named) != 1:
            continue
        own, other = named[0], next(c for c in cards if c is not named[0])
        for pat, field, sign in _MERIT_PHRASES:
            m = re.search(pat, sentence, re.I)
            if not m or re.search(r"\b(?:не|not|no)\s+$", sentence[max(0, m.start() - 4):m.start()], re.I):
                continue
            a, b = own.get(field), other.get(field)
            if a is not None and b is not None and (a - b) * sign < 0:
                out.append(f"{own['name']} {field}")
    return out


def others_figure(text: str) -> list[str]:
    """A '(X vs Y <unit>)' pair whose X is not the catalog figure of the card it is said of: the only
    card the sentence names, or the one said to be better ('X лучше Y', 'X beats Y')."""
    from tools.catalog import load_catalog

    cards = {n.lower(): g for g in load_catalog().gpus for n in {g.name, *g.aliases}}
    alt = "|".join(re.escape(n) for n in sorted(cards, key=len, reverse=True))
    names = re.compile(r"(?<!\w)(" + alt + r")(?!\w)", re.I)
    out = []
    for sentence in re.split(r"(?<=[.!?])(?<!vs\.)\s+", text):
        named = {cards[m.group(1).lower()].id: cards[m.group(1).lower()] for m in names.finditer(sentence)}
        better = re.search(r"(?<!\w)(" + alt + r")(?!\w)[^.]{0,20}?\b(?:лучше|better than|beats|outperforms)\b",
                           sentence, re.I)
        if better:
            card = cards[better.group(1).lower()]
        elif len(named) == 1:
            card = next(iter(named.values()))
        else:
            continue
        for m in re.finditer(_FIG + r"\s*(?:против|vs\.?|versus)\s*" + _FIG + r"\s*([^\s)]+(?:\s*/\s*\w+)?)", sentence, re.I):
            field = next((f for pat, f in _UNIT_FIELD if re.match(pat, m.group(3), re.I)), None)
            value = getattr(card, field, None) if field else None
            if value is not None and abs(_value(m.group(1)) - float(value)) > max(0.5, 0.01 * float(value)):
                out.append(f"{card.name} {field} {m.group(1)}")
    return out


_HALF_OR_FULL = ("fp16", "bf16", "fp32")


def quantised_but_not(text: str, facts: list[dict[str, Any]]) -> list[str]:
    """Weights called quantised ("квантованные веса", "quantized weights") in a sentence that advises
    nothing, when every computed table is at 16 or 32 bits."""
    tables = [f["output"] for f in facts if f.get("tool") in ("vram", "fit")]
    tables += [b for f in facts if f.get("tool") == "variants" for b in f["output"].get("breakdowns", [])]
    if not tables or any(str(t.get("precision", "")).lower() not in _HALF_OR_FULL for t in tables):
        return []
    out = []
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        low = sentence.lower()
        if re.search(r"\b(?:если|после|when|if|after|once)\b|кванту[йе]|\bquanti[sz]e\b", low):
            continue
        if re.search(r"квантован\w*\s+(?:\w+\s+)?вес|вес\w*\s+(?:уже\s+)?квантован|quanti[sz]ed\s+(?:model\s+)?weights|"
                     r"weights\s+(?:are\s+)?(?:already\s+)?quanti[sz]ed", low):
            out.append(sentence)
    return out


def figure_for_two_parts(text: str, facts: list[dict[str, Any]]) -> list[str]:
    """"X ГБ уходит на KV-кэш и активации": X must be the two parts together, not one of them."""
    tables = [f["output"] for f in facts if f.get("tool") in ("vram", "fit")]
    keys = {p: f"{p}_bytes" for p in _PART if p != "total"}
    out = []
    for m in re.finditer(_GB + r"([^\d.;]{0,90})", text, re.I):
        x, tail = _value(m.group(1)), m.group(2)
        hits = sorted((h.start(), p) for p, pat in _PART.items() if p != "total"
                      for h in re.finditer(r"(?:" + pat + r")", tail, re.I))
        pair = next(((a, b) for (sa, a), (sb, b) in zip(hits, hits[1:]) if a != b
                     and re.search(r"\s(?:и|and|плюс|plus)\s", tail[sa:sb]) and not re.search(r"[,;:—–]", tail[sa:sb])),
                    None)
        if pair is None:
            continue
        for t in tables:
            one = [t.get(keys[p], 0) / 1e9 for p in pair]
            if any(abs(x - v) < 0.006 for v in one) and abs(x - sum(one)) >= 0.006:
                out.append(m.group(0).strip())
                break
    return out


_BIGGEST = re.compile(r"(?:больше всего|почти вс[её]|основн\w* (?:часть|объ[её]м)|львин\w* дол\w*|most of (?:it|the memory)|"
                      r"the (?:largest|biggest) (?:part|share)|the bulk)([^.;]{0,40})", re.I)


def memory_table(facts: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The turn's one memory table (a vram/fit output or a variant's breakdown); None for none or several."""
    tables = [f["output"] for f in facts if f.get("tool") in ("vram", "fit")]
    tables += [b for f in facts if f.get("tool") == "variants" for b in (f.get("output") or {}).get("breakdowns", [])]
    distinct = {tuple(sorted((k, v) for k, v in t.items() if k.endswith("_bytes") and k not in ("gpu_vram_bytes",
                                                                                            "usable_vram_bytes"))): t
                for t in tables}  # "vram" and "fit" of one scenario give the same table twice
    return next(iter(distinct.values())) if len(distinct) == 1 else None


def largest_misnamed(text: str, facts: list[dict[str, Any]]) -> list[str]:
    """"Больше всего занимают веса" where the one computed table has a larger part than the weights."""
    table = memory_table(facts)
    if table is None:
        return []
    sizes = {p: table.get(f"{p}_bytes") or 0 for p in _PART if p != "total"}
    out = []
    for m in _BIGGEST.finditer(text):
        said = [p for p in sizes if re.search(r"(?<!\w)(?:" + _PART[p] + r")", m.group(1), re.I)]
        if len(said) == 1 and sizes[said[0]] < max(sizes.values()):
            out.append(m.group(0).strip())
    return out


_DATACENTRE = re.compile(r"дата-?центр|датацентр|(?<!\w)цод|data ?cent(?:er|re)|colocation", re.I)
_BARRED = re.compile(r"(?<!\w)(?:не|нельзя|запрещ\w*|исключ\w*|вне|кроме|not|no|never|forbid\w*|prohibit\w*|exclud\w*|"
                     r"outside|against)(?!\w)|n't", re.I)


@lru_cache(maxsize=1)
def _card_names() -> tuple[re.Pattern, set[str]]:
    """Every card's names, and those of the cards whose licence excludes data centres (lower case)."""
    from tools.catalog import load_catalog

    every = {n for g in load_catalog().gpus for n in (g.name, *g.aliases)}
    barred = {n.lower() for g in load_catalog().gpus if g.datacenter_restricted for n in (g.name, *g.aliases)}
    alts = sorted(every, key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(a) for a in alts) + r")(?!\w)", re.I), barred


def consumer_in_datacentre(text: str) -> list[str]:
    """A GeForce card (its licence excludes data centres) as the last card named before a data-centre word,
    with no refusal in the 40 characters before that word."""
    pat, barred = _card_names()
    out = []
    for sentence in re.split(r"(?<=[.!?])(?<!vs\.)\s+", text):
        for m in _DATACENTRE.finditer(sentence):
            before = list(pat.finditer(sentence[:m.start()]))
            if not before or _BARRED.search(sentence[max(0, m.start() - 40):m.start()]):
                continue
            name = before[-1].group(0)
            if name.lower() in barred and name not in out:
                out.append(f"{name} in a data centre")
    return out


_SUBJECT_NEEDS = (r"(?:^|[,;:(]\s*(?:(?:а|но|and|but)\s+)?|\bпотому что|\bтак как|\bbecause|\bsince)\s*"
                  r"(?:(?:при|в|at|in)\s+[\w.-]+,?\s+)?(?:the\s+)?"
                  r"(?:(?:gpu|card|карта|видеокарта)\s+)?(?P<card>{cards})\s+"
                  r"(?:требует|потребует|нужно|needs|requires|will need)\b[^.;]{{0,30}}(?:памят|memory|vram|\d\s*(?:ГБ|GB)\b)")  # a template: {cards} is every card's name


@lru_cache(maxsize=1)
def _needer() -> re.Pattern:
    return re.compile(_SUBJECT_NEEDS.format(cards=_card_names()[0].pattern), re.I)


def card_as_the_needer(text: str) -> list[str]:
    """A card as the subject of a memory need ("RTX 4090 требует больше памяти, чем Qwen2.5 32B"): a card has
    memory, a model needs it."""
    return [f"{m['card']} needs memory" for m in _needer().finditer(text)]


_UNIT_PSU = r"(?:блок\w*\s+питани\w*|бп|psus?|power\s+suppl(?:y|ies))"
_SAYS_ENOUGH = re.compile(r"(?<!\w)(?:достаточн|хват|обеспеч|справ|потян|подойд|подходит|выдерж|enough|sufficient|"
                          r"suffice|handle|cover|support|"
                          # a PSU one is told to take is one said to be enough ("Берите блок питания на 1600 Вт")
                          r"бер[иё]т|бери(?!\w)|возьм|постав|рекоменд|совет|купит|выберит|нужен|нужны|"
                          r"get(?!\w)|buy|choose|pick|go with|recommend|need|"
                          # the words of the recommended set ("Блок питания на 1600 Вт (N+1, с резервом)")
                          r"n\+[12]|с резерв|redundan)", re.I)
_DENIED = re.compile(r"(?<!\w)(?:не|нет|not|no|without)(?!\w)|n't|\?", re.I)
_SMALL = {"один": 1, "одного": 1, "одним": 1, "два": 2, "двух": 2, "двумя": 2, "три": 3, "трёх": 3, "трех": 3, "четыре": 4,
          "четырёх": 4, "четырех": 4, "one": 1, "single": 1, "a": 1, "two": 2, "three": 3, "four": 4}
_PSU_WATTS = re.compile(r"(?:(?P<n>\d{1,2})\s*[×xх]\s*)?(?P<w>\d+(?:[ \u00a0]\d{3})*(?:[.,]\d+)?)\s*(?P<k>к)?(?:вт|w)\b"
                        r"|(?P<wk>\d+(?:[.,]\d+)?)\s*(?:квт|kw)\b", re.I)


def own_psu_called_enough(text: str, facts: list[dict[str, Any]]) -> list[str]:
    """Written apart from the guard's check (assistant/checks/power.own_psu_overstated): a sentence about the customer's
    own PSU ("ваш БП", "your PSU") that calls it enough where the power facts say tight (and no caveat is said) or
    short."""
    said = [f["output"] for f in facts if isinstance(f.get("output"), dict) and f["output"].get("psu_w")]
    verdicts = {o.get("psu_verdict") for o in said}
    if not said or "enough" in verdicts:
        return []
    out = []
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        low = sentence.lower()
        if verdicts == {"short"} and re.search(r"впритык|(?<!\w)tight(?!\w)|покрывает пик|covers the peak", low):
            out.append(f"own PSU tight: {sentence.strip()[:60]}")  # short: it does not even cover the peak
            continue
        if sentence.rstrip().endswith("?") or re.search(r"(?<!\w)ли(?!\w)", low):
            continue  # a question claims nothing
        if not re.search(r"(?:ваш\w*|your)(?:\s+[\w-]+){0,3}\s+(?:бп|блок\w*|psu|power supply)|(?:бп|psu)\s+(?:у вас|you have)", low):
            continue
        if not re.search(r"хват|достаточ|справ|потян|подойд|подходит|выдерж|нормальн|enough|sufficient|suffice|"
                         r"will do|is fine|handle|cover|can power", low):
            continue
        if re.search(r"(?<!\w)(?:не|нет|ни|без|not|no|never|without)(?!\w)|n't",
                     re.sub(r"без запаса|запаса нет|нет запаса|no headroom|without headroom", " ", low)):
            continue
        if verdicts == {"tight"} and re.search(r"впритык|без запаса|запаса нет|на пределе|на грани|(?<!\w)но(?!\w)|однако|"
                                               r"tight|headroom|borderline|(?<!\w)but(?!\w)|barely|however", low):
            continue
        out.append(f"own PSU: {sentence.strip()[:60]}")
    return out


def own_psu_called_short(text: str, facts: list[dict[str, Any]]) -> list[str]:
    """Written apart from the guard's check (assistant/checks/power.own_psu_understated): the customer's own PSU said
    not to be enough where the power facts say it covers the peak, and the sentence says nothing of the headroom."""
    verdicts = {f["output"].get("psu_verdict") for f in facts if isinstance(f.get("output"), dict) and f["output"].get("psu_w")}
    if not verdicts or "short" in verdicts:
        return []
    out = []
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        low = sentence.lower()
        if "?" in low or re.search(r"запас|headroom|margin|spike|скачк", low):
            continue
        if not re.search(r"(?:ваш\w*|your)(?:\s+[\w-]+){0,3}\s+(?:бп|блок\w*|psu|power supply)", low):
            continue
        if re.search(r"(?<!\w)не\s+(?:\w+\s+)?(?:хват|достаточ|справ|потян|подойд|подходит|выдерж)|недостаточ|"
                     r"(?:not|n't)\s+(?:\w+\s+)?(?:enough|sufficient|suffice|handle|cover|do)\b", low):
            out.append(f"own PSU short: {sentence.strip()[:60]}")
    return out


def total_watts_given_each(text: str, facts: list[dict[str, Any]]) -> list[str]:
    """Written apart from the guard's check (assistant/checks/relations.total_said_per_card): the cards' total draw
    given as each card's ("две RTX 5090 … они по 1150 Вт каждый", "the cards draw 700 W each")."""
    totals = {o["gpu_watts"] for f in facts if f.get("tool") == "power" and isinstance(o := f.get("output"), dict)
              and (o.get("count") or 1) > 1 and o.get("gpu_watts")}
    out = []
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        for m in re.finditer(r"(\d[\d\u00a0 ,.]*\d|\d)\s*(?:Вт|W)\b", sentence):
            try:
                value = _value(m.group(1))
            except ValueError:
                continue
            after, before = sentence[m.end():m.end() + 20].lower(), sentence[max(0, m.start() - 40):m.start()].lower()
            each = re.match(r"\s*(?:each|apiece|per (?:card|gpu)|на карту|на каждую|кажд)", after) or \
                re.search(r"(?:они|карты|каждая|each)\s+(?:\w+\s+)?по\s*$", before) or \
                re.search(r"(?:кажд\w+|each)\s+(?:карт\w*|видеокарт\w*|gpu|card|из\s+(?:которых|них)|of\s+(?:which|them))\s+"
                          r"\w+\s+(?:до\s+|up to\s+)?$", before)
            if each and round(value) in totals:
                out.append(f"each: {m.group(0)}")
    return out


def watts_for_a_month(text: str) -> list[str]:
    """Written apart from the guard's check (assistant/checks/power.watts_a_month): a month's consumption given in
    watts ("в месяц потребляет 4150–4500 Вт", "draws 1850 W per month"), one clause at a time; a month's energy is
    kW·h."""
    out = []
    for clause in re.split(r"[.!?;,:]\s+|\s[—–-]\s", text.lower()):
        if not re.search(r"месяц|месячн|month", clause) or re.search(r"квт\s?[·*-]?\s?ч|kwh|kw[·*-]h", clause):
            continue
        out += [f"watts a month: {m.group(0).strip()}" for m in
                re.finditer(r"\d[\d\u00a0 ,.–-]*\s*(?:вт|ватт\w*|w|watts?|квт|kw)(?!\w)", clause)]
    return out


def psu_short_of_peak(text: str, facts: list[dict[str, Any]]) -> list[str]:
    """A PSU said to suffice with fewer watts than the smallest peak draw computed: the watts next to the
    PSU word ("блок питания на 1600 Вт", "1600 W PSU"), times a count ("4×1600 Вт", "два блока … по 1600 Вт")."""
    peaks = [f["output"]["system_watts"] for f in facts
             if isinstance(f.get("output"), dict) and isinstance(f["output"].get("system_watts"), int)]
    if not peaks:
        return []
    out = []
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        psu = re.search(_UNIT_PSU, sentence, re.I)
        if not psu or not _SAYS_ENOUGH.search(sentence) or _DENIED.search(sentence):
            continue
        figures = list(_PSU_WATTS.finditer(sentence))
        if not figures:
            continue
        # the nearest figure to the PSU word, one after it first ("блок питания на 1600 Вт")
        near = min(figures, key=lambda m: (m.start() - psu.end(), 0) if m.start() >= psu.end() else (psu.start() - m.end(), 1))
        if near["wk"]:
            watts = float(near["wk"].replace(",", ".")) * 1000
        else:
            watts = _value(near["w"]) * (1000 if near["k"] else 1)
        if near["n"]:
            watts *= int(near["n"])
        elif re.search(r"(?:\bпо|each)\s*$", sentence[:near.start()], re.I) or re.match(r"\s*\w*\s*each", sentence[near.end():]):
            count = re.search(r"(\w+)\s*$", sentence[:psu.start()])
            word = count.group(1).lower() if count else ""
            n = int(word) if word.isdigit() else _SMALL.get(word)
            if not n:
                continue
            watts *= n
        if watts < min(peaks):
            out.append(f"PSU {watts:g} W short of the {min(peaks)} W peak")
    return out


_ONE_EXPERT = re.compile(r"(?:each expert|each of the \w+ experts|experts? each|experts?,? each with|кажд\w* эксперт\w*|"
                         r"экспертов по|per expert|на (?:каждого |один )?эксперт)", re.I)
# written apart from the guard's check (assistant/checks/moe.py): the total said of one token
_TOKEN_USES = re.compile(r"(?:per|each|every|a single) token|на (?:каждый |один )?токен|\bactive\b(?! experts?)|"
                         r"активн\w*(?! эксперт)", re.I)
_BILLIONS = re.compile(r"(\d+(?:[.,]\d+)?)\s*(?:b|млрд|миллиард\w*|billion)(?![a-zа-я])", re.I)


@lru_cache(maxsize=1)
def _moe_totals() -> list[float]:
    from tools.catalog import load_catalog

    return [m.params_b for m in load_catalog().models if m.moe_experts]


def expert_given_total(text: str) -> list[str]:
    """A figure within 30 characters of "each expert" / "экспертов по" / "per expert" that is a whole MoE
    model's parameter count (catalog params_b, 1 %), unless "total/всего/модель" stands between them."""
    out = []
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        for f in _BILLIONS.finditer(sentence):
            b = float(f.group(1).replace(",", "."))
            if not any(abs(b - t) <= t / 100 for t in _moe_totals()):
                continue
            for e in _ONE_EXPERT.finditer(sentence):
                between = sentence[e.end():f.start()] if e.end() <= f.start() else sentence[f.end():e.start()]
                if len(between) <= 30 and not re.search(r"total|overall|всего|общ|суммарн|model|модел", between, re.I):
                    out.append(f"{f.group(0)} for one expert")
                    break
            else:
                # the figure's own clause: up to the next comma, semicolon or figure on either side
                after = re.split(r"[,;:]|\d", sentence[f.end():f.end() + 30])[0]
                before = re.split(r"[,;]|\d", sentence[max(0, f.start() - 25):f.start()])[-1]
                clause = before + " " + after
                if _TOKEN_USES.search(clause) and not re.search(r"total|overall|всего|общ|суммарн", clause, re.I):
                    out.append(f"{f.group(0)} used per token")
    return out


# a weight format promised to fit ("квантуйте до Q4_K_M, и она поместится") where the facts' fit_options
# line for that format says it does not; written apart from the guard's relations.format_fit_contradicted
_WEIGHT_FORMAT = re.compile(r"(?<![\w.])(q\d_k_[sml]|q\d_k|q\d_\d|fp16|bf16|fp8|int8|int4|qlora)(?![\w.])", re.I)
_PLACED = re.compile(r"(?<!\w)(?:помест\w*|помещ\w*|влез\w*|хватил\w*|хватит|fits?|fitting|run on one card)(?!\w)", re.I)
_NOT_PLACED = re.compile(r"(?<!\w)(?:не|ни|нельзя|not|never|won't|doesn't|don't|cannot|can't)\s+(?:\w+\s+){0,2}?"
                         r"(?:помест|помещ|влез|хват|fit|run)|(?<!\w)(?:no longer|still too)\b", re.I)


_MANY_CARDS = re.compile(r"(?<!\w)(\d{1,2}|[a-zа-яё]+)\s*(?:[×xх]\s*)?(?:(?:видео)?карт|cards?\b|gpus?\b|rtx\b|[ahbl]\d{2,3}\b)",
                         re.I)


def _more_cards(clause: str, counted: int) -> bool:
    """The clause speaks of more cards than the fit_options line was computed for ("в FP16 поместится минимум
    на 5 картах RTX 4090" beside a one-card line): another configuration, which that line does not judge."""
    return any((n := m.group(1)).isdigit() and int(n) > counted or _COUNTS.get(n.lower(), 0) > counted
               for m in _MANY_CARDS.finditer(clause))


def format_promised_to_fit(text: str, facts: list[dict[str, Any]]) -> list[str]:
    """A format the same clause says fits (no negation), whose computed fit_options line says it does not
    (the asked format's own line included)."""
    lines: dict[str, Any] = {}
    for f in facts:
        o = f.get("output") or {}
        if f.get("tool") == "fit_options":
            lines[str(o.get("precision", "")).lower()] = o.get("fits")
            lines |= {str(x.get("precision", "")).lower(): x.get("fits") for x in o.get("formats", []) if isinstance(x, dict)}
    if False not in lines.values():
        return []
    counted = max([int(o.get("gpus") or 1) for f in facts if f.get("tool") == "fit_options"
                   and isinstance(o := f.get("output"), dict)] or [1])
    out = []
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        # an alternative ("…, либо возьмите семь карт") or a contrast ("…, но она не поместится") is a new clause
        for clause in re.split(r";|,?\s+(?:либо|или|но|однако|а|or|but)\s+", sentence, flags=re.I):
            if not _PLACED.search(clause) or _NOT_PLACED.search(clause) or "?" in clause or \
                    _more_cards(clause, counted):
                continue
            out += [f"{m.group(1)} said to fit" for m in _WEIGHT_FORMAT.finditer(clause)
                    if lines.get(m.group(1).lower()) is False]
    return out


# an acronym given a wrong expansion ("MoE (Multi-Head Exponential Attention)"); written apart from the
# guard's rule acronyms-mean-what-they-mean: what the expansion must contain, per acronym
_EXPANSION_NEEDS = {"moe": r"mixture|expert|эксперт|смес|смеш|sparse|разреж", "lora": r"low|rank|ранг",
                    "qlora": r"low|rank|ранг|quanti|кванто", "kv": r"key|ключ"}
_SPELLED = r"(?:stands for|is short for|расшифровывается(?: как)?|это сокращение от)"


def misexpanded_acronyms(text: str) -> list[str]:
    """"MoE (X)", "X (MoE)" and "MoE / LoRA / KV stands for X" where X lacks what the acronym means;
    a bracket is judged for MoE only (a bracket after LoRA is as often a description: "LoRA (лёгкое
    дообучение)"), and a bracket holding a figure ("MoE (671B всего)") is no expansion."""
    out = []
    for m in re.finditer(r"\bMoE\b\s*\(([^)]{3,60})\)", text, re.I):
        inside = m.group(1).strip()
        spelled = re.fullmatch(r"[A-Za-z]+(?:[\s-]+[A-Za-z]+)*", inside)  # "(Multi-Expert)": an expansion in English
        if not re.search(r"\d", inside) and not re.search(_EXPANSION_NEEDS["moe"], inside, re.I) or \
                spelled and not re.search(r"mixture|sparse", inside, re.I):
            out.append(m.group(0))
    for m in re.finditer(r"([^.;(]{0,40})\(\s*MoE\s*\)", text, re.I):
        if not re.search(_EXPANSION_NEEDS["moe"], m.group(1), re.I):
            out.append(m.group(0).strip())
    for m in re.finditer(r"\b(moe|q?lora|kv)\b[^.;]{0,20}?" + _SPELLED + r"\s+[«\"]?([^.;]{1,40})", text, re.I):
        if not re.search(_EXPANSION_NEEDS[m.group(1).lower()], m.group(2), re.I):
            out.append(m.group(0))
    return out


# quantising said to need more cards or memory: it needs fewer (the guide: INT8/INT4 cut the figure 2-4 times);
# written apart from the guard's rule quantisation-trades-quality
_QUANTISING = re.compile(r"(?<!\w)(?:квантова\w*|квантуй\w*|кванту\w*|quanti[sz]\w*)", re.I)
_UNQUANTISED = re.compile(r"(?:без|не|not|without|no)\s+$", re.I)
_MORE_NEEDED = re.compile(r"(?:потребу|требу|нужн|понадоб|need|requir|take)\w*\s+(?:ещё |еще |даже |even )?"
                          r"(?:больше|more)\s+(?:видео)?(?:карт|gpu|гпу|cards|памят|memory|vram)", re.I)


def quantising_needs_more(text: str) -> list[str]:
    """"Если квантовать до Q8_0, потребуется больше карт": within one clause after a (not negated) word of
    quantising, more cards or memory said to be needed."""
    out = []
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        for q in _QUANTISING.finditer(sentence):
            if _UNQUANTISED.search(sentence[max(0, q.start() - 8):q.start()]):
                continue
            tail = re.split(r"[;]|\s(?:а|но|but|whereas)\s", sentence[q.end():q.end() + 80])[0]
            if (m := _MORE_NEEDED.search(tail)) and not re.search(r"(?<!\w)(?:не|not)\s+$", tail[:m.start()]):
                out.append(q.group(0) + tail[:m.end()])
                break
    return out


_CARD_NOUN = r"(?:видеокарт|карт|cards?\b|gpus?\b|ускорител)"
_GIVE = re.compile(r"(?<!\w)(?:возьмите|берите|купите|поместите|разместите|установите|используйте|нужн\w*|нужен|потребуется|"
                   r"понадобится|требуется|take|need\w*|requires?|use|buy|get|go with|install|put)(?!\w)", re.I)
_ENOUGH_WORD = re.compile(r"(?<!\w)(?:хватит|хватает|достаточно|enough|suffices?|will do)(?!\w)", re.I)


def _fitted_card(facts: list[dict[str, Any]]) -> str | None:
    return next((f["input"]["gpu"] for f in facts if f.get("tool") in ("fit", "min_gpus", "fit_options")
                 and isinstance(f.get("input"), dict) and f["input"].get("gpu")), None)


def card_count_not_given(text: str, facts: list[dict[str, Any]]) -> list[str]:
    """'Возьмите четыре такие карты' / 'You need 7 of these cards' where the facts give the card another count: a
    count under the card's minimum offered as enough, or a count to take that neither the minimum nor a configuration
    names. An unnamed count ('такие карты', 'cards') is the sized card's; the written name wins where there is one."""
    from tools.catalog import load_catalog
    from tools.fit import min_gpus
    from tools.memory import MemoryRequest

    sizing = next((f["input"] for f in facts if f.get("tool") in ("vram", "recommend")), None)
    if not sizing:
        return []
    req = MemoryRequest.model_validate({k: v for k, v in sizing.items() if k not in ("gpu", "gpus")})
    ids = {g.id for g in load_catalog().gpus}
    out = []
    for sentence in re.split(r"(?<=[.!?])(?<!vs\.)\s+", text):
        if _HEDGE.search(sentence) or re.search(r"(?<!\w)(?:ещё|еще|more|another|extra|additional)(?!\w)", sentence, re.I):
            continue
        found: list[tuple[int | None, str]] = []
        named_at: list[int] = []
        for pat, gpu in _cards():  # named: "4 × RTX 4090", "четырьмя RTX 3090"
            for m in pat.finditer(sentence):
                found.append((_COUNTS.get(m.group(1).lower()) if not m.group(1).isdigit() else int(m.group(1)), gpu))
                named_at.append(m.start())
        fitted = _fitted_card(facts)
        if fitted in ids:  # unnamed: "четыре такие карты", "five cards" are the sized card's
            for m in re.finditer(r"(?<![\w,.])(\d{1,2}|[a-zа-яё]+)\s+(?:(?:таки\w*|эти\w*|such|these|of these)\s+)?"
                                 + _CARD_NOUN + r"\w*(?!\w)", sentence, re.I):
                per = re.search(r"(?<!\w)(?:на|по|per|on|each)\s+$", sentence[:m.start()], re.I)  # "ГБ на одну карту"
                if m.start() not in named_at and not per:
                    n = int(m.group(1)) if m.group(1).isdigit() else _COUNTS.get(m.group(1).lower())
                    found.append((n, str(fitted)))
        for n, gpu in found:
            if not n:
                continue
            least = min_gpus(req, gpu).gpus
            given = {c["count"] for f in facts for c in (f.get("output") or {}).get("configurations") or []
                     if isinstance(c, dict) and c.get("gpu_id") == gpu}
            given |= {f["output"]["gpus"] for f in facts if f.get("tool") == "min_gpus" and f["input"].get("gpu") == gpu
                      and f["output"].get("gpus")}
            given |= {least} if least else set()
            short = least is not None and n < least and (_GIVE.search(sentence) or _ENOUGH_WORD.search(sentence))
            if short or (_GIVE.search(sentence) and given and n not in given):
                out.append(f"{n} × {gpu}")
    return out


_ZERO = re.compile(r"(?:adds?|takes?|uses?|needs?|requires?)\s+(?:up\s+)?(?:no|zero)\s+(?:extra\s+|additional\s+)?"
                   r"(?:space|memory|vram|room)|(?:adds?|takes?|uses?)\s+(?:up\s+)?nothing|"
                   r"не\s+(?:занима|требу|добавля|прибавля)\w*\s+(?:ни\s+)?(?:дополнительн\w*\s+)?(?:мест|памят|видеопамят|ничего)|"
                   r"ничего\s+не\s+(?:добавля|занима|прибавля)", re.I)
_SOFT = re.compile(r"(?<!\w)(?:почти|практически|едва|мало|немного|almost|practically|hardly|barely|little|much)(?!\w)", re.I)


def part_called_free(text: str, facts: list[dict[str, Any]]) -> list[str]:
    """'the KV cache adds no extra space' / 'KV-кэш не занимает места' for a part one memory table gives a figure."""
    tables = [f["output"] for f in facts if f.get("tool") in ("vram", "fit") and isinstance(f.get("output"), dict)]
    tables = [t for t in tables if any(t.get(f"{p}_bytes") for p in _PART if p != "total")]
    if not tables or any(tables[0].get(k) != t.get(k) for t in tables for k in ("weights_bytes", "kv_cache_bytes")):
        return []  # the fit repeats the vram table; two different tables leave the part's table unclear
    out = []
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        for m in _ZERO.finditer(sentence):
            lead = sentence[:m.start()]
            if _SOFT.search(lead[-20:] + m.group(0)):
                continue
            hits = [(h.end(), part) for part, pat in _PART.items() if part != "total"
                    for h in re.finditer(pat, lead[-50:], re.I)]
            if hits and tables[0].get(f"{max(hits)[1]}_bytes", 0) > 0:
                out.append(m.group(0))
    return out


# written apart from the guard's check (assistant/checks/context_limit.py): the longest context that fits said as
# what the context takes ("53 036 токенов уходит на контекст" for two RTX 4060 Ti 16GB at 8 192 tokens)
_TOKEN_FIG = re.compile(r"(\d{1,3}(?:[ \u00a0,]\d{3})+|\d+)\s*(?:токен|token)", re.I)
_SPENT = re.compile(r"(?:уход|ид[её]т на|занима|использу|расход|трат|требу|нужн|needs?|takes?|uses?|used|go(?:es)? to|"
                    r"spent|consum|occup|requires?)", re.I)
_CAPS = re.compile(r"(?<!\w)(?:до|максим|самый длинн|предел|помест|влез|up to|max|longest|limit|fits?)(?!\w)", re.I)


def longest_said_as_used(text: str, facts: list[dict[str, Any]]) -> list[str]:
    """A token figure equal to a fit_options max_context (the longest context that fits) in a sentence that says the
    context takes or uses it, and does not call it a limit."""
    longest = {f["output"]["max_context"] for f in facts if f.get("tool") == "fit_options"
               and isinstance(f.get("output"), dict) and isinstance(f["output"].get("max_context"), int)}
    # the context the table is computed for is no limit said as used, even where it is also the longest (Llama 3's 8k)
    longest -= {f["output"].get("context") for f in facts if f.get("tool") in ("vram", "fit") and isinstance(f.get("output"), dict)}
    out = []
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        if not _SPENT.search(sentence) or _CAPS.search(sentence):
            continue
        out += [m.group(0) for m in _TOKEN_FIG.finditer(sentence) if int(re.sub(r"\D", "", m.group(1))) in longest]
    return out


# written apart from the guard's check (assistant/checks/relations.pointless_quantising): advice to quantise to a
# width no smaller than the one the table is computed in ("Если квантовать модель до Q4 …" under an INT4 table)
_BITS = {"fp32": 32, "fp16": 16, "bf16": 16, "fp8": 8, "int8": 8, "q8_0": 8, "q8": 8, "int4": 4, "nf4": 4, "awq": 4,
         "gptq": 4, "mxfp4": 4, "q4": 4, "q4_0": 4, "q4_k_m": 4, "q4_k_s": 4, "q5_k_m": 5, "q5": 5, "q6_k": 6, "q6": 6,
         "q3_k_m": 3, "q3_k_s": 3, "q2_k": 2}
_TO_WIDTH = re.compile(r"(?:квантов\w*|квантуй\w*|квантир\w*|квантизир\w*|quanti[sz]\w*)[^.;]{0,40}?\b(?:до|в|to|into|at)\s+"
                       r"(fp32|fp16|bf16|fp8|int8|int4|nf4|awq|gptq|mxfp4|q\d(?:_k_[sm]|_0|_k)?|(\d{1,2})[- ]?(?:бит\w*|bits?))\b",
                       re.I)


def quantise_to_no_smaller(text: str, facts: list[dict[str, Any]]) -> list[str]:
    table = memory_table(facts)
    if table is None:
        return []
    now = _BITS.get(str(table.get("precision", "")).lower())
    out = []
    for m in _TO_WIDTH.finditer(text):
        if re.search(r"kv|кэш|cache", m.group(0), re.I):
            continue  # the KV cache quantised is another part
        bits = int(m.group(2)) if m.group(2) else _BITS.get(m.group(1).lower())
        if now is not None and bits is not None and bits >= now:
            out.append(m.group(0))
    return out


# written apart from the guard's check (assistant/checks/relations.width_unknown): "нужно видеть 32 биты" under an INT8
# table. Allowed: the table's width, the widths fit_options offers, 16 (the usual yardstick), 32 when training
_BITS_SAID = re.compile(r"(?<![\d.,])(\d{1,2})\s?-?\s?(?:бит(?:а|ы|ов|ах|ами|ам|н\w*)?|bits?)(?!\w)", re.I)


def bits_no_format_has(text: str, facts: list[dict[str, Any]]) -> list[str]:
    table = memory_table(facts)
    if table is None:
        return []
    allowed = {16, _BITS.get(str(table.get("precision", "")).lower(), 0)}
    tasks = {(f.get("input") or {}).get("task") for f in facts if f.get("tool") in ("vram", "fit")} - {None, "inference"}
    allowed |= {32} if tasks else set()
    allowed |= {4} if tasks & {"lora", "qlora"} else set()  # QLoRA's base
    now = _BITS.get(str(table.get("precision", "")).lower(), 0)
    for f in facts:
        if f.get("tool") == "fit_options":
            allowed |= {4 if o["precision"].lower() == "qlora" else _BITS.get(o["precision"].lower(), 0)
                        for o in (f.get("output") or {}).get("formats") or []}
    out = []
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        if re.search(r"\bkv\b|кэш|cache", sentence, re.I):
            continue
        further = bool(re.search(r"квант|quanti[sz]", sentence, re.I))  # quantising further: any smaller width
        out += [m.group(0) for m in _BITS_SAID.finditer(sentence)
                if int(m.group(1)) not in allowed and not (further and int(m.group(1)) < now)]
    return out


@lru_cache(maxsize=1)
def _nvlink_by_name() -> dict[str, bool]:
    from tools.catalog import load_catalog

    return {n.lower(): g.nvlink for g in load_catalog().gpus for n in (g.name, *g.aliases)}


_HAS_NVLINK = re.compile(r"(?<!\w)(?:имеет|есть|поддерживает|оснащ\w*|has|supports|comes with|with)\s+(?:\w+\s+)?nvlink", re.I)
_NO_NVLINK = re.compile(r"(?<!\w)(?:не|нет|без|no|not|without|lacks?|n't)(?!\w)[^.;]{0,25}nvlink|nvlink[^.;]{0,15}"
                        r"(?:нет|отсутств|absent|missing)", re.I)


def nvlink_given_to_a_card_without(text: str) -> list[str]:
    """A sentence naming one catalog card (by any of its names) and saying it has NVLink, where the catalog says it
    has none ("L40S лучше для серверов, так как имеет NVLink"); written apart from the guard's catalog check."""
    names, _ = _card_names()
    out = []
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        cards = {m.group(0).lower() for m in names.finditer(sentence)}
        ids = {_nvlink_by_name().get(c) for c in cards}
        if len(cards) >= 1 and ids == {False} and _HAS_NVLINK.search(sentence) and not _NO_NVLINK.search(sentence):
            out.append(f"NVLink: {sentence.strip()[:60]}")
    return out


# written apart from the guard's check (assistant/checks/rates.py): a token rate named as prompt processing, the total
# or a user's generation that the speed facts give under another name
_RATE_FIG = re.compile(r"(\d{1,3}(?:[ \u00a0,]\d{3})+|\d+(?:[.,]\d+)?)\s*(?:ток/с|tok/s|токен\w*\s+в\s+сек\w*|токен\w*\s*/\s*с\b|"
                       r"tokens?\s+per\s+second)",
                       re.I)
_RATE_WORDS = {"prefill_tokens_per_s": r"промпт|prompt|prefill|обработ|process",
               "decode_tokens_per_s_total": r"всего|в сумме|суммарн|total|combined|для всех|for all",
               "decode_tokens_per_s_per_user": r"генерац|generat|на пользовател|на человек|на каждого|per user|per person|"
                                               r"each user|each person"}


def rate_under_another_name(text: str, facts: list[dict[str, Any]]) -> list[str]:
    speed = next((f["output"] for f in facts if f.get("tool") == "speed" and isinstance(f.get("output"), dict)), None)
    if speed is None:
        return []
    allowed = {k: {round(v)} for k, v in speed.items() if k in _RATE_WORDS and isinstance(v, (int, float))}
    if isinstance(speed.get("decode_ceiling_tokens_per_s_per_user"), (int, float)):
        allowed.setdefault("decode_tokens_per_s_per_user", set()).add(round(speed["decode_ceiling_tokens_per_s_per_user"]))
    out, last = [], 0
    for m in _RATE_FIG.finditer(text):
        before, last = text[last:m.start()], m.end()
        hits = [(w.end(), key) for key, pat in _RATE_WORDS.items() for w in re.finditer(pat, before, re.I)]
        if not hits:
            continue
        key = max(hits)[1]
        value = round(_value(m.group(1)))
        if key in allowed and value not in allowed[key]:
            out.append(m.group(0))
    return out


# the active parameters given as why an MoE model takes the memory it does, or as all that memory holds; written apart
# from the guard's rule moe-memory-holds-every-expert (knowledge/catalog/rules.yaml): the guide says the memory holds
# every expert's weights and only a few experts work per token
_MEMORY_WORD = re.compile(r"памят|vram|видеопамят|memory", re.I)
_ACTIVE_WORD = re.compile(r"активн\w*|\bactive\b", re.I)
_BECAUSE = re.compile(r"потому что|так как|поскольку|из-за того|благодаря тому|\bbecause\b|\bsince\b|due to the fact", re.I)
_ONLY = re.compile(r"\bтолько\b|\bonly\b", re.I)
_ALL_EXPERTS = re.compile(r"\bвсе[хм]?\b|\bвес[аь]? всех\b|\ball\b|\bevery\b|\bwhole\b|\bцелик", re.I)


def active_as_what_memory_holds(text: str) -> list[str]:
    """A sentence with a memory word, then a causal word, then "active" (no "all/every" between the causal word and
    it); or "only" right before "active" in a sentence about memory, with no "all/every" in it."""
    out = []
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        mem = _MEMORY_WORD.search(sentence)
        if not mem:
            continue
        for act in _ACTIVE_WORD.finditer(sentence):
            before = sentence[mem.end():act.start()]
            cause = list(_BECAUSE.finditer(before))
            if cause and len(before) - cause[-1].end() <= 40 and not _ALL_EXPERTS.search(before[cause[-1].end():]):
                out.append(f"memory explained by the active parameters: {sentence.strip()[:80]}")
                break
            only = list(_ONLY.finditer(sentence[:act.start()]))
            if only and act.start() - only[-1].end() <= 16 and not _ALL_EXPERTS.search(sentence) and \
                    re.match(r"\s*(?:\w+\s+)?(?:param|weight|expert|параметр|вес|эксперт)", sentence[act.end():], re.I):
                out.append(f"memory said to hold only the active parameters: {sentence.strip()[:80]}")
                break
    return out


# several servers of one card ("two A100 80GB servers") where every configuration the facts give is one server;
# written apart from the guard's counts.cards_called_servers
_NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "eight": 8, "два": 2, "две": 2, "три": 3,
                 "четыре": 4, "пять": 5, "шесть": 6, "восемь": 8, "двух": 2, "трёх": 3, "трех": 3}


def servers_for_cards(text: str, facts: list[dict[str, Any]]) -> list[str]:
    if any("servers" in (f.get("input") or {}) for f in facts):
        return []
    out = []
    cards = r"(?:rtx\s*)?(?:a|h|l|b)?\d{2,4}\w*(?:\s+(?:\d+\s*gb|sxm|pcie|nvl|ada|ti|super))*"
    number = rf"\b(\d+|{'|'.join(_NUMBER_WORDS)})\s+"
    for pattern in (number + cards + r"\s+(?:servers?|boxes|nodes|machines)\b",  # "two A100 80GB servers"
                    number + r"сервер(?:а|ов)\s+(?:с\s+|на\s+)?" + cards):  # "два сервера A100"
        for m in re.finditer(pattern, text, re.I):
            n = int(m.group(1)) if m.group(1).isdigit() else _NUMBER_WORDS[m.group(1).lower()]
            if n > 1:
                out.append(f"{m.group(0)}: cards counted as servers")
    return out


# the customer's option that does not hold the model recommended while another does; written apart from the guard's
# counts.failing_option_preferred: the verdict from the comparison's input counts against each card's least count
_RECOMMENDED = re.compile(r"подходящ|лучш\w* выбор|оптимальн|\bберите\b|\bвозьмите\b|\bвыбирайте\b|\bвыберите\b|"
                          r"лучше для|(?:лучше|стоит) (?:взять|брать|купить)|"
                          r"\bbetter\b|\bbest\b|\bgo with\b|\btake\b|\bchoose\b|\bpick\b", re.I)


def short_option_recommended(text: str, facts: list[dict[str, Any]]) -> list[str]:
    out = []
    for f in facts:
        if f.get("tool") != "compare":
            continue
        ids, counts = (f.get("input") or {}).get("gpus") or [], (f.get("input") or {}).get("counts") or []
        least = {c.get("id"): c.get("min_cards") for c in ((f.get("output") or {}).get("cards") or [])
                 if isinstance(c, dict)}
        holds = {g: n >= (least.get(g) or 10 ** 6) for g, n in zip(ids, counts)}
        if not holds:
            continue
        for sentence in re.split(r"(?<=[.!?])\s+", text):
            if not _RECOMMENDED.search(sentence) or re.search(r"\bне\b|\bnot\b|n't|\bили\b|\bor\b", sentence, re.I):
                continue
            said = [g for g in ids if re.search(r"(?<!\d)" + g.split("-")[-1] + r"(?!\d)", sentence, re.I)]
            if said and all(not holds[g] for g in said):
                out.append(f"{', '.join(said)} recommended, too few of it to hold the model")
    return out


# written apart from the guard's checks (assistant/checks/units.py): "нужно видеть 16 бит … требует 77,31 ГБ" under an
# INT8 table, and "16 384 байта контекста" for a context counted in tokens (a hurried question at e983f89)
_SIXTEEN_BITS = re.compile(r"(?<![\d.,])16\s?-?\s?(?:бит(?:а|ы|ов|ах|ами|ам|н\w*)?|bits?)(?!\w)", re.I)
_AS_YARDSTICK = re.compile(r"(?<!\w)(?:чем|than|вместо|instead|вдвое|twice|half|половин\w*|в \d+ раза?|\d+ times|"
                           r"сравнени\w*|compared|против|vs|был[аио]? бы|would|в отличие|unlike|исходн\w*|"
                           r"original|без квантования|unquanti[sz]ed|full precision|а не|not)(?!\w)", re.I)
_NEED_BEFORE = re.compile(r"(?:нужн[оаы]?|требу\w+|понадоб\w+|необходим\w*|работает|запуска\w+|needs?|requires?|"
                          r"runs?)\s+(?:[^\s.]+\s+){0,2}$", re.I)
_GB_FIGURE = re.compile(r"(\d+(?:[.,]\d+)?)\s*(?:ГБ|GB)\b", re.I)


def sixteen_bits_for_the_table(text: str, facts: list[dict[str, Any]]) -> list[str]:
    table = memory_table(facts)
    tasks = {(f.get("input") or {}).get("task") for f in facts if f.get("tool") in ("vram", "fit")} - {None, "inference"}
    if table is None or tasks or _BITS.get(str(table.get("precision", "")).lower(), 16) == 16:
        return []
    figures = {f"{v / 1e9:.2f}" for k, v in table.items() if k.endswith("_bytes") and v}
    figures -= {f"{o['per_gpu_bytes'] / 1e9:.2f}" for f in facts if f.get("tool") == "fit_options"
                for o in (f.get("output") or {}).get("formats") or [] if _BITS.get(o["precision"].lower()) == 16}
    out = []
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        m = _SIXTEEN_BITS.search(sentence)
        if not m or _AS_YARDSTICK.search(sentence):
            continue
        if _NEED_BEFORE.search(sentence[:m.start()]):
            out.append(f"16 bits needed for a {table.get('precision')} table: {sentence.strip()[:80]}")
            continue
        if any(int(w) == _BITS.get(str(table.get("precision", "")).lower())
               for w in re.findall(r"(\d{1,2})\s?-?\s?(?:бит|bit)", sentence)):
            continue  # the table's own width said too: 16 is the contrast
        if {g.replace(",", ".") for g in _GB_FIGURE.findall(sentence)} & figures:
            out.append(f"16 bits for a {table.get('precision')} table: {sentence.strip()[:80]}")
    return out


def context_in_bytes(text: str, facts: list[dict[str, Any]]) -> list[str]:
    contexts = {int(f["input"]["context"]) for f in facts if isinstance((f.get("input") or {}).get("context"), int)}
    contexts |= {int(c) for f in facts if f.get("tool") == "fit_options"
                 if isinstance(c := (f.get("output") or {}).get("max_context"), int)}
    said = re.finditer(r"(?<![\d.,])(\d{1,3}(?:[ \u00a0]\d{3})+|\d+)\s*(?:байт\w*|bytes?)(?!\w)", text, re.I)
    return [m.group(0) for m in said if int(re.sub(r"\D", "", m.group(1))) in contexts]


def bytes_for_gigabytes(text: str, facts: list[dict[str, Any]]) -> list[str]:
    """Written apart from the guard's check (assistant/checks/units.gigabytes_as_bytes): a figure the facts give in
    gigabytes ("19,00 ГБ" of weights) said in bare bytes ("19,00 байт")."""
    gigabytes = {round(v / 1e9, 2) for f in facts if isinstance(f.get("output"), dict)
                 for k, v in f["output"].items() if k.endswith("_bytes") and isinstance(v, (int, float)) and v >= 1e8}
    said = re.finditer(r"(?<![\d.,])(\d+(?:[.,]\d+)?)\s*(?:байт\w*|bytes?)(?!\w)", text, re.I)
    return [m.group(0) for m in said if round(float(m.group(1).replace(",", ".")), 2) in gigabytes]


def several_where_one_fits(text: str, facts: list[dict[str, Any]]) -> list[str]:
    """Written apart from the guard's check (assistant/checks/counts.several_when_one): "нужно несколько карт" /
    "you need multiple GPUs" where one of the sized card holds the model."""
    from tools.fit import min_gpus
    from tools.memory import MemoryRequest

    card = _fitted_card(facts)
    sizing = next((f["input"] for f in facts if f.get("tool") in ("vram", "recommend")), None)
    if not card or not sizing:
        return []
    if min_gpus(MemoryRequest.model_validate({k: v for k, v in sizing.items() if k not in ("gpu", "gpus")}), card).gpus != 1:
        return []
    out = []
    for sentence in re.split(r"(?<=[.!?])(?<!vs\.)\s+", text):
        if _HEDGE.search(sentence) or not re.search(r"нуж|треб|понадоб|возьм|использ|придёт|придет|need|requir|use|take|"
                                                    r"have to", sentence, re.I):
            continue  # "несколько таких карт", "several RTX 5090 cards": up to two words before the noun
        if re.search(r"throughput|скорост|производит|\busers?\b|(?<!\w)пользоват|отказоустойч|redundan|failover|concurren|одновремен",
                     sentence, re.I):
            continue  # several for the load or for spares, not for the memory
        out += [m.group(0) for m in re.finditer(r"(?<!\w)(?:нескольк\w*|multiple|several)\s+(?:\S+\s+){0,2}?"
                                                + _CARD_NOUN + r"\w*", sentence, re.I)]
    return out


_PAYBACK_UNITS = [(r"полгода|полугода|half a year|six months", 6.0, False), (r"год\w*|лет|years?", 12.0, True),
                  (r"месяц\w*|мес\b|months?", 1.0, True), (r"недел\w*|weeks?", 1 / 4.35, True)]


def payback_time_in_words(text: str, facts: list[dict[str, Any]]) -> list[str]:
    """Written apart from the guard's check (assistant/checks/payback.misstated): a time beside owning paying off or
    being cheaper ("дольше месяца выгоднее купить", "pays off after a year") more than a quarter away from the
    computed payback, or any such time where owning never pays off."""
    months = [(f.get("output") or {}).get("break_even_months") for f in facts if f.get("tool") == "cost"]
    if not months:
        return []
    out = []
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        if not re.search(r"выгод|окуп|дешевл|pays? off|paid off|break.?even|cheaper|better deal|worth", sentence, re.I) or \
                re.search(r"час\w* в (?:день|сутки)|hours? (?:a|per) day", sentence, re.I):
            continue
        for m in re.finditer(r"(?:дольше|больше|более|свыше|после|через|спустя|в течение|longer than|more than|over|after|"
                             r"within|beyond)\s+(?:около\s+|примерно\s+|about\s+|around\s+)?"
                             r"(\d+(?:[.,]\d+)?\s+|(?:a|an|one|two|three|four|six|два|двух|три|трёх|трех|шесть|шести)\s+)?(\S+)",
                             sentence, re.I):
            said_count = (m.group(1) or "").strip().lower()
            count = float(said_count.replace(",", ".")) if said_count[:1].isdigit() else \
                {"two": 2, "два": 2, "двух": 2, "three": 3, "три": 3, "трёх": 3, "трех": 3, "four": 4, "six": 6, "шесть": 6,
                 "шести": 6}.get(said_count, 1.0)
            unit = next(((scale, per) for pat, scale, per in _PAYBACK_UNITS if re.fullmatch(pat, m.group(2).strip(".,;"), re.I)),
                        None)
            if unit is None:
                continue
            said = unit[0] * (count if unit[1] else 1.0)
            if said_count[:1].isdigit() and any(b is not None and abs(count - b) <= 0.05 for b in months):
                continue  # the computed months themselves
            if all(b is None or abs(said - b) > 0.25 * b for b in months):
                out.append(f"payback: {m.group(0)}")
    return out
