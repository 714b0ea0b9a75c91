"""Claims that relate figures, false although each figure is grounded: a comparison whose numbers
say the opposite ("больше пропускная способность (768 vs 1 008 ГБ/с)", "25.77 GB, which is less
than 23.71 GB"), and a card count too small for the computed model ("сервер с четырьмя RTX 3090"
for 252 GB). Both are found in the model's explanations at HEAD (explain-eval, tune part)."""
from __future__ import annotations

import re
from functools import lru_cache

from assistant.checks import numbers as nums
from assistant.checks.claims import gpus_in, name_spans
from assistant.checks.wordnums import _en_value, _ru_value
from tools.errors import SizingError
from tools.fit import min_gpus
from tools.memory import MemoryRequest
from tools.precision import get_precision

# words that order two figures; "экономнее (300 против 450 Вт)" and "дешевле" order them too, and a list's
# direction is the last such word before the pair ("больше памяти (48 против 24), экономнее (300 против 450)")
_UP = re.compile(r"\b(?:больш\w*|выш\w*|высок\w*|быстре\w*|дорож\w*|more|higher|greater|larger|bigger|faster|"
                 r"pricier)\b", re.I)
_DOWN = re.compile(r"\b(?:меньш\w*|ниж\w*|низк\w*|экономне\w*|экономичн\w*|дешевл\w*|медленн\w*|less|lower|smaller|"
                   r"fewer|cheaper|slower)\b", re.I)
_VS = re.compile(r"^\s*[^\d\s()]{0,6}\s*(?:vs\.?|versus|против)\s*$", re.I)
# "A GB, which is less than the B GB" / "A ГБ, что меньше, чем B" / "16,663 tokens, which is less than the
# model's maximum of 8,192": the gap between two figures; a unit of up to two words before, up to four words after
_THAN = re.compile(r"^\s*(?:[^\d\s,]+\s*){0,2},?\s*(?:(?:which|that)\s+is\s+|is\s+|что\s+|это\s+)?(?P<d>\w+)\s*,?\s*"
                   r"(?:than|чем)\s+(?P<rest>(?:[^\d\s]+\s+){0,4}\(?)$", re.I)
# "more than half of the 48 GB": a multiple of the second figure, not the figure
_MULTIPLE = re.compile(r"\b(?:half|twice|double|triple|times|quarter|third|половин\w*|вдвое|втрое|вчетверо|раз\w*|"
                       r"четверт\w*|трет\w*|percent|процент\w*)\b|%", re.I)


def _direction(word: str) -> int:
    return 1 if _UP.fullmatch(word) else -1 if _DOWN.fullmatch(word) else 0


def _wrong(a: set[float], b: set[float], d: int) -> bool:
    """Every reading of the two figures contradicts the direction."""
    return all((x - y) * d <= 0 for x in a for y in b)


def _products(sentence: str, ns: list[nums.Num]) -> list[nums.Num]:
    """"4×1600 Вт" is one figure, 6400 W: a count of units times each unit's figure (explain-eval ru-fresh2-psu-8x:
    "… 2400 Вт. Это больше, чем рекомендуемый блок питания (4×1600 Вт)")."""
    out: list[nums.Num] = []
    for n in ns:
        if out and re.fullmatch(r"\s*[×xх]\s*", sentence[out[-1].end:n.start]) and len(out[-1][1]) == 1:
            a = out.pop()
            n = nums.Num(f"{a[0]}×{n[0]}", {x * y for x in a[1] for y in n[1]}, n.kind, a.start, n.end)
        out.append(n)
    return out


def order_errors(sentence: str) -> list[str]:
    """Pairs of figures whose stated order is false."""
    ns = _products(sentence, [n for n in nums.parse(sentence) if not n.words])
    out = []
    for a, b in zip(ns, ns[1:]):
        gap = sentence[a.end:b.start]
        if _VS.match(gap):  # the direction governs a list: "больше VRAM (48 vs 24), полосу (768 vs 1 008)"
            before = [m for m in re.finditer(r"\w+", sentence[:a.start]) if _direction(m.group(0))]
            d = _direction(before[-1].group(0)) if before else 0
        elif (m := _THAN.match(gap)) and not _MULTIPLE.search(m.group("rest")):
            d = _direction(m.group("d"))
        else:
            continue
        if d and _wrong(a[1], b[1], d):
            out.append(f"order: {a[0]} / {b[0]}")
    return out


# a count said just before a card: "8 × RTX 5090", "четырьмя RTX 3090", "two A100 cards" is not caught
_COUNT = re.compile(r"(?:^|[\s(])(\d{1,2}|[a-zа-яё]+)\s*(?:[×xх]\s*)?(?:(?:видео)?карт\w*\s+|cards?\s+|gpus?\s+|штук\w*\s+)?$",
                    re.I)
# a claim that the setup is enough, or what to take; a negation or a condition makes it no such claim
_SUFFICES = re.compile(r"\b(?:нужн\w*|нужен|требу\w*|возьмите|хват\w*|достаточно|помест\w*|влез\w*|подойд\w*|подходит|"
                       r"рекоменд\w*|понадоб\w*|сервер\w* с|need\w*|requir\w*|take|enough|fits?|suffic\w*|recommend\w*|"
                       r"use|server with)\b", re.I)
_NOT = re.compile(r"\b(?:не|нет|без|мало|not|no|without)\b|n't\b|\b(?:если|if|when|would|could)\b|\?", re.I)


def _count(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    v = _ru_value(word) if re.match(r"[а-яё]", word, re.I) else _en_value(word)
    return v if v is not None and v > 0 else None


@lru_cache(maxsize=256)
def _minimum(req_json: str, gpu: str) -> int | None:
    try:
        return min_gpus(MemoryRequest.model_validate_json(req_json), gpu).gpus
    except SizingError:
        return None


def undersized(sentence: str, request: MemoryRequest | None) -> list[str]:
    """'N × card' offered as enough when the calculators need more of that card for this model."""
    if request is None or not _SUFFICES.search(sentence) or _NOT.search(sentence):
        return []
    key = request.model_dump_json(exclude={"gpu", "gpus"})
    out = []
    for pos, card in gpus_in(sentence):
        m = _COUNT.search(sentence[max(0, pos - 30):pos])
        n = _count(m.group(1)) if m else None
        if n is None:
            continue
        need = _minimum(key, card.id)
        if need is None or n < need:
            out.append(f"config: {n} × {card.name}")
        elif n > need and _AT_LEAST.search(sentence[max(0, pos - 40):pos]):
            out.append(f"config: at least {n} × {card.name}, {need} computed")  # "минимум 5 карт" where 4 do
    return out


# "минимум 5 карт", "at least five cards": a least number said, which must be the computed one
_AT_LEAST = re.compile(r"(?:минимум|как минимум|не менее|не меньше|at least|minimum(?: of)?)\s+\S+\s*(?:[×xх]\s*)?"
                       r"(?:(?:видео)?карт\w*\s+|cards?\s+|gpus?\s+)?$", re.I)
# a figure said as what is needed, and the same clause saying it fits: "тогда нужно 32,12 ГБ и она поместится"
_NEEDED_GB = re.compile(r"(?:нужн\w*|потребуется|требуется|понадобится|needs?|requires?|takes?)\s+(?:около\s+|примерно\s+|"
                        r"about\s+|~\s*)?(\d+(?:[.,]\d+)?)\s*(?:ГБ|GB)\b", re.I)
_FIT_SAID = re.compile(r"(?<!\w)(?:помест\w*|влез\w*|fits?|will fit)(?!\w)", re.I)
_FIT_DENIED = re.compile(r"(?<!\w)(?:не|not|won't|doesn't|never)\s+(?:\w+\s+)?(?:помест|влез|fit)|n't fit", re.I)


def fits_beyond_card(sentence: str, facts: list[dict]) -> list[str]:
    """A clause that says the model fits beside a need larger than the cards' memory in the facts (a held item of
    the thirty-ninth stop's bench: "…тогда нужно 32,12 ГБ и она поместится" on one 25.77 GB RTX 4090)."""
    cards = [(o["gpu_vram_bytes"] / 1e9) * (o.get("gpus") or 1) for f in facts
             if isinstance(o := f.get("output"), dict) and o.get("gpu_vram_bytes")]
    if not cards:
        return []
    out = []
    for clause in re.split(r"[;.!?]|,\s+(?:но|а|либо|или|but|or)\s+", sentence):
        if not _FIT_SAID.search(clause) or _FIT_DENIED.search(clause):
            continue
        out += [f"fit: {m.group(1)} GB on {max(cards):.2f} GB" for m in _NEEDED_GB.finditer(clause)
                if float(m.group(1).replace(",", ".")) > max(cards) + 0.005]
    return out


def memory_request(facts: list[dict]) -> MemoryRequest | None:
    """The model's sizing the facts were computed for (the memory table's input), if any."""
    for f in facts:
        if f.get("tool") in ("vram", "recommend", "compare") and isinstance(f.get("input"), dict):
            if f["tool"] == "compare" and not f["input"].get("model") and not f["input"].get("params_b"):
                continue  # cards compared with no model: nothing was sized
            try:
                return MemoryRequest.model_validate({k: v for k, v in f["input"].items()
                                                     if k not in ("gpu", "gpus", "counts")})
            except ValueError:
                return None
    return None


# a figure named as a part of the memory table ("веса модели (23,07 ГБ)") must be that part's figure
_MASTER = r"\bfp32[- ]?(?:копи\w*|cop\w*)(?:\s+(?:of\s+the\s+)?(?:вес\w*|weights?))?|\b(?:fp32\s+)?master\s+weights?\b"
# "FP32-копия весов — 0,10 ГБ" is its own part (the training table's master weights), not the weights
_LABELS = [(re.compile(_MASTER, re.I), ("master_weights_bytes",)),
           (re.compile(r"(?<!копия )(?<!копии )(?<!master )\bвес\w*|(?<!master )(?<!copy of the )\bweights?\b", re.I),
            ("weights_bytes",)),
           (re.compile(r"\bkv[- ]?(?:кэш\w*|cache)|\bкэш\w*", re.I), ("kv_cache_bytes",)),
           (re.compile(r"\bактиваци\w*|\bactivations?\b", re.I), ("activations_bytes",)),
           (re.compile(r"\bградиент\w*|\bgradients?\b", re.I), ("gradients_bytes",)),
           (re.compile(r"\bоптимизатор\w*|\boptimi[sz]er\b", re.I), ("optimizer_bytes",)),
           (re.compile(r"\bитог\w*|\btotal\b(?!\s+(?:vram|видео))", re.I), ("total_bytes", "per_gpu_bytes"))]
_FORMAT = re.compile(r"\b(q\d_k_[sml]|q\d_\d|q\d_k|iq\d_\w+|fp16|bf16|fp8|fp32|int8|int4|nf4|awq|gptq)\b", re.I)
_BREAKDOWN_TOOLS = ("vram", "fit")
_FREE_BEFORE = re.compile(r"(?:свободн\w*|free|остаётся|остается|left)\s*:?\s*(?:ещё\s+)?$", re.I)
_FREE_AFTER = re.compile(r"^\s*(?:ГБ|GB)\s+(?:free|left|spare|свободн\w*|запаса)\b", re.I)


def _free(facts: list[dict]) -> list[float]:
    out = []
    for f in facts:
        o = f.get("output") or {}
        if f.get("tool") == "fit_card" and o.get("free_bytes") is not None:
            out.append(o["free_bytes"] / 1e9)
        if f.get("tool") == "fit" and o.get("gpu_vram_bytes"):
            out.append((o["gpu_vram_bytes"] - o["per_gpu_bytes"]) / 1e9)
    return out


_RANGE = re.compile(r"^\s*(?:ГБ|GB)?\s*(?:до|to|and|и|–|-|—)\s*$", re.I)


def _breakdowns(facts: list[dict]) -> list[dict]:
    out = [f["output"] for f in facts if f.get("tool") in _BREAKDOWN_TOOLS and isinstance(f.get("output"), dict)]
    for f in facts:
        if f.get("tool") == "variants":
            out += (f.get("output") or {}).get("breakdowns") or []
    return out


def _tables(facts: list[dict]) -> list[dict]:
    """The memory tables with parts, one per distinct breakdown: "vram" and "fit" of one scenario repeat the same
    table, which is one table, not a side by side (a review probe: "Больше всего занимают веса в INT8" for Qwen3 32B
    on 50 users, whose KV cache is three times the weights, passed for "several tables")."""
    out: dict[tuple, dict] = {}
    for b in _breakdowns(facts):
        if any(b.get(k) for k in _PARTS):
            out.setdefault(tuple(b.get(k) or 0 for k in _PARTS), b)
    return list(out.values())


def _matches(written: str, value: float, candidates: list[float]) -> bool:
    digits = len(written.split(",")[-1]) if "," in written else len(written.split(".")[-1]) if "." in written else 0
    return any(abs(value - c) <= 0.5 * 10 ** -digits + 1e-9 for c in candidates)


_WITH = re.compile(r"\b(?:с|со|вместе с|с учётом|с учетом|including|with)\s+$", re.I)  # "с активациями нужно 23,80": a total
# the part named after the figure, as the worked turns say it: "ещё 24,12 ГБ уходит на KV-кэш", "1.61 GB for the KV cache"
_AFTER = re.compile(r"^\s*(?:ГБ|GB)\s+(?:(?:уход\w*|ид[её]т|идут|приход\w*|трат\w*|отвод\w*|is|are|go(?:es)?)\s+)?"
                    r"(?:на|под|для|for|to|on|of)\s+(?:the\s+)?(?P<rest>[^,;.—()]{0,40})", re.I)


def _label_after(sentence: str, end: int) -> tuple[re.Pattern, tuple[str, ...]] | None:
    """The one part named right after the figure; two joined ("на веса и KV-кэш") are a sum, no label."""
    m = _AFTER.match(sentence[end:])
    if not m:
        return None
    found = [(x.span(), (pat, fields)) for pat, fields in _LABELS for x in pat.finditer(m.group("rest"))]
    # "FP32-копию весов" is one part: a name inside another's is not a second one
    found = [f for f in found if not any(o[0] != f[0] and o[0][0] <= f[0][0] and f[0][1] <= o[0][1] for o in found)]
    if len({id(f[1][0]) for f in found}) != 1 or min(f[0][0] for f in found) > 12:
        return None
    return found[0][1]


_PER_CARD = ("per_gpu_bytes", "total_bytes")
# what the model needs is its whole need, never a part: "модели нужно 40,92 ГБ, а у одной карты 85,90 ГБ" gave the
# weights as the need beside "нужно 2 карты" (a hurried question at fd8b3fa; the total was 86,33)
_MODEL_NEEDS = re.compile(r"\b(?:модели|модель|the model|model)\s+(?:нужно|нужны|требуется|потребуется|понадобится|"
                          r"needs|requires|will need)\s+(?:около\s+|примерно\s+|about\s+|~\s*)?$", re.I)
# the need said bare, of video memory: "нужно около 42,95 ГБ видеопамяти" gave the KV cache as the whole need (a hurried
# question at d68d7ae; the total was 97,92), "you need about 20 GB of VRAM"
_NEED_BEFORE = re.compile(r"(?:^|\s)(?:нужно|нужны|нужен|требуется|потребуется|понадобится|need|needs|requires?|will need)"
                          r"\s+(?:около\s+|примерно\s+|порядка\s+|about\s+|around\s+|roughly\s+|~\s*)?$", re.I)
_VRAM_AFTER = re.compile(r"^\s*(?:ГБ|GB)\s+(?:видеопамят\w*|памяти\s+(?:GPU|видеокарт\w*)|VRAM|of\s+(?:VRAM|GPU memory|video memory))\b",
                         re.I)
_SPENT = re.compile(r"\b(?:уход\w*|ид[её]т|идут|приход\w*|трат\w*|отвод\w*|go(?:es)?)\b", re.I)


def _part_in_clause(sentence: str, n: nums.Num) -> bool:
    """A part named anywhere in the figure's clause ("на KV-кэш 20 пользователей нужно 42,95 ГБ видеопамяти", "нужно
    34,80 ГБ видеопамяти под веса"): the bare need is that part's, not the whole."""
    start = max(sentence.rfind(c, 0, n.start) for c in ",;:—(")
    ends = [p for p in (sentence.find(c, n.end) for c in ",;:—)") if p >= 0]
    clause = sentence[start + 1:min(ends or [len(sentence)])]
    return any(pat.search(clause) for pat, _ in _LABELS[:-1])


def _card_after(sentence: str, end: int) -> bool:
    """"ещё 12 GB уходит на RTX 3060 12GB": memory said to go to a card is the share per card, never the card's own
    size (the real model at 4fefede gave a 3060's 12 GB as a part's usage)."""
    m = _AFTER.match(sentence[end:])
    if not m or not _SPENT.search(m.group(0)):
        return False  # "24 ГБ на RTX 4090 не хватит": the card's own size, said as such
    at = end + m.start("rest")
    return any(at <= s <= at + 2 for s, _ in gpus_in(sentence))


def _names_as_words(sentence: str, start: int, end: int, names: list[tuple[int, int]]) -> str:
    out, pos = [], start
    for a, b in sorted(names):
        if start <= a and b <= end:
            out += [sentence[pos:a], "N"]
            pos = b
    return "".join(out) + sentence[pos:end]


def mislabelled(sentence: str, facts: list[dict]) -> list[str]:
    """GB figures bound to a named part or weight format that the facts give another figure for."""
    parts = _breakdowns(facts)
    if not parts:
        return []
    by_format: dict[str, list[float]] = {}
    for b in parts:
        by_format.setdefault(str(b.get("precision", "")).lower(), []).extend(
            v / 1e9 for k, v in b.items() if k.endswith("_bytes") and isinstance(v, (int, float)) and v)
    for f in facts:
        if f.get("tool") == "fit_options":
            for o in (f.get("output") or {}).get("formats") or []:
                by_format.setdefault(o["precision"].lower(), []).append(o["per_gpu_bytes"] / 1e9)
    out: list[str] = []
    prev_end = 0
    bound: tuple[tuple[re.Pattern, tuple[str, ...]] | None, list[re.Match]] = (None, [])
    names = name_spans(sentence)
    for n in nums.parse(sentence):
        if any(s <= n.start and n.end <= e for s, e in names):
            continue  # "Веса в RTX 4090 занимают 25,77 ГБ": the card's digits are no figure and end no window
        if n.words or n.kind not in ("gb", None):
            prev_end, bound = n.end, (None, [])
            continue
        # back to the previous figure: a name there is this figure's; a catalog name inside counts as one word
        # ("Веса в Mistral Small 3.2 24B занимают 22,92 ГБ", the total as the weights: a hurried question at 2451ae6)
        window = _names_as_words(sentence, prev_end, n.start, names)
        value = min(n[1])
        # a part named at most 25 characters before the figure, as the grader reads it ("активациях и
        # буферами нужно около 23,80 ГБ", where 23,80 is the total); a word cut by a fixed window was missed
        label = next(((pat, fields) for pat, fields in _LABELS
                      if any(len(window) - m.end() <= 25 and not _WITH.search(window[:m.start()])
                             for m in pat.finditer(window))), None)
        inside = [m.span() for pat, _ in _LABELS for m in pat.finditer(window)]  # "FP32-копия весов": a part's name
        fmt = [f for f in _FORMAT.finditer(window) if len(window) - f.start() <= 40
               and not any(a <= f.start() and f.end() <= b for a, b in inside)]
        if label is None and not fmt:
            label = _label_after(sentence, n.end)
        if label is None and not fmt and _card_after(sentence, n.end):
            label = (_AFTER, _PER_CARD)
        if label is None and not fmt and (_MODEL_NEEDS.search(window) or _NEED_BEFORE.search(window) and
                                          _VRAM_AFTER.match(sentence[n.end:]) and not _part_in_clause(sentence, n)):
            label = (_MODEL_NEEDS, _PER_CARD)
        if label is None and not fmt and _RANGE.match(window):  # "итог растёт с 23,71 до 25,77 ГБ": both the total's
            label, fmt = bound
        bound, prev_end = (label, fmt), n.end
        if n.kind is None:  # a bare figure opening a range: bound, not checked
            continue
        if _FREE_BEFORE.search(window[-20:]) or _FREE_AFTER.match(sentence[n.end:n.end + 16]):
            if not _matches(n[0], value, _free(facts)):  # "fits with 20.5 GB free": the need named as the room left
                out.append(f"label: {n[0]}")
            continue
        if label is not None and fmt:
            # "Веса в Q4_K_M занимают 15,71 ГБ" under an INT8 table: the part's figure, the format's name wrong
            named = fmt[-1].group(1).lower()
            allowed = [b[k] / 1e9 for b in parts if str(b.get("precision", "")).lower() == named for k in label[1]
                       if b.get(k)]
            if not _matches(n[0], value, allowed):
                out.append(f"format: {fmt[-1].group(1)} {n[0]}")
        elif label is not None:
            allowed = [b[k] / 1e9 for b in parts for k in label[1] if b.get(k)]
            if allowed and not _matches(n[0], value, allowed):
                out.append(f"label: {n[0]}")
        elif fmt:
            allowed = by_format.get(fmt[-1].group(1).lower(), [])
            if not _matches(n[0], value, allowed):
                out.append(f"format: {fmt[-1].group(1)} {n[0]}")
        prev_end = n.end
    return out


_QUANTISED = re.compile(r"\bквантован\w*\s+(?:\w+\s+)?вес\w*|\bвес\w*\s+(?:\w+\s+)?(?:уже\s+)?квантован\w*|"
                        r"\bquanti[sz]ed\s+(?:model\s+)?weights\b|\bweights\s+(?:are\s+)?(?:already\s+)?quanti[sz]ed\b", re.I)
_ADVICE = re.compile(r"\bесли\b|\bпосле\b|\bкванту(?:йте|ем|ете)\b|\bif\b|\bafter\b|\bonce\b|\bquanti[sz]e\b", re.I)
_SIXTEEN_BIT = {"fp16", "bf16", "fp32"}


def unquantised_called_quantised(sentence: str, facts: list[dict]) -> list[str]:
    """"квантованные веса" when every computed format is 16- or 32-bit: the worked turn's wording for
    Q4_K_M, copied under FP16 facts (explain-eval ru-fit-why). Advice ("если квантовать") is no claim."""
    formats = {str(b.get("precision", "")).lower() for b in _breakdowns(facts)}
    if not formats or not formats <= _SIXTEEN_BIT or not _QUANTISED.search(sentence) or _ADVICE.search(sentence):
        return []
    return ["format: quantised"]


_JOINED = re.compile(r"^[^,;:—–\d]*?\s(?:и|and|плюс|plus)\s+(?:\w+\s+){0,2}$", re.I)


def shared_figure(sentence: str, facts: list[dict]) -> list[str]:
    """One part's GB figure given to two parts joined by "и/and": "53,69 ГБ уходит на KV-кэш … и
    активации" where 53,69 is the KV cache alone (explain-eval ru-qwen72-server)."""
    parts = _breakdowns(facts)
    if not parts:
        return []
    out = []
    found = [n for n in nums.parse(sentence) if not n.words and n.kind == "gb"]
    for i, n in enumerate(found):
        after = sentence[n.end:found[i + 1].start if i + 1 < len(found) else len(sentence)]
        named = sorted((m.start(), m.end(), fields) for pat, fields in _LABELS[:-1] for m in pat.finditer(after[:90]))
        for (s1, e1, f1), (s2, _, f2) in zip(named, named[1:]):
            if f1 == f2 or not _JOINED.match(after[e1:s2]):
                continue
            one = [b[k] / 1e9 for b in parts for k in (*f1, *f2) if b.get(k)]
            both = [sum(b.get(k, 0) for k in (*f1, *f2)) / 1e9 for b in parts]
            if _matches(n[0], min(n[1]), one) and not _matches(n[0], min(n[1]), both):
                out.append(f"label: {n[0]}")
            break
    return out


# the config worked turn's users, copied for one: "KV-кэш всех пользователей" (explain-eval, Mistral Small for 1)
_MANY_USERS = re.compile(r"\b(?:всех|каждого из|нескольких|многих)\s+(?:\d+\s+)?(?:пользовател|юзер)\w*|"
                         r"\ball\s+(?:the\s+)?(?:\d+\s+)?users\b|\bmultiple users\b|\beach of the users\b", re.I)


# the users whose KV cache is counted, with their number: "the KV cache of the 8 users" (copied from a worked
# turn's 10 users where the sizing was for one, explain-eval en-multi-03); "up to 8 users at once" is capacity
_USERS_COUNTED = re.compile(r"\b(?:of|for)\s+the\s+(\d+)\s+users\b|\bкэш\w*\s+(\d+)\s+пользовател\w*", re.I)


def many_users(sentence: str, request: MemoryRequest | None) -> list[str]:
    """Users in the plural when the sizing is for one ("если пользователей станет больше" is advice, not caught),
    or a number of users whose cache is counted that is not the sizing's."""
    if request is None:
        return []
    out = [f"users: {m.group(0)}" for m in _USERS_COUNTED.finditer(sentence)
           if int(m.group(1) or m.group(2)) != request.batch]
    if request.batch == 1 and (m := _MANY_USERS.search(sentence)):
        out.append(f"users: {m.group(0)}")
    return out


# "Больше всего занимают веса" copied from a worked turn where the KV cache is larger (30 users: 48 GB of cache
# against 30 GB of weights); the part named as the largest must be the largest of the computed table
_LARGEST = re.compile(r"\b(?:больше всего|почти вс[её]|основн\w* (?:часть|объ[её]м)|львин\w* дол\w*|most of (?:it|the memory)|"
                      r"the (?:largest|biggest) (?:part|share)|the bulk)\b", re.I)
_PARTS = ("weights_bytes", "kv_cache_bytes", "activations_bytes", "gradients_bytes", "optimizer_bytes",
          "master_weights_bytes")


def wrong_largest(sentence: str, facts: list[dict]) -> list[str]:
    """The part a sentence calls the largest ("больше всего занимают веса") when another part is larger."""
    m = _LARGEST.search(sentence)
    tables = _tables(facts)
    if not m or not tables or len(tables) > 1:
        return []  # several tables (a side by side): which one is meant is unclear
    after = sentence[m.end():m.end() + 60]
    named = [fields[0] for pat, fields in _LABELS[:-1] if (hit := pat.search(after)) and hit.start() < 40]
    if len(named) != 1:
        return []
    parts = {k: tables[0].get(k) or 0 for k in _PARTS}
    return [f"largest: {named[0]}"] if parts[named[0]] < max(parts.values()) else []


# "требует больше памяти, … потому что он содержит более активации и буферы" for 30 users, where the KV cache
# (48 GB) is what grew (explain-eval ru-fresh-users-why): a part given as why so much memory is needed must be
# a large one; "помещается, потому что KV-кэш всего 0,47 ГБ" gives a small part as why it fits, and stays
_MUCH = re.compile(r"\b(?:больше|столько|много|так много)\s+(?:видео)?памяти|\b(?:more|so much|a lot of) (?:memory|vram)\b",
                   re.I)
_BECAUSE = re.compile(r"\b(?:потому что|так как|из-за|за сч[её]т|because(?: of)?|due to|since)\b", re.I)
_CONTEXT_REASON = re.compile(r"\bконтекст\w*|\bcontext\b", re.I)
SMALL_SHARE = 0.1  # under a tenth of the parts' sum is no reason for the size


def small_part_as_reason(sentence: str, facts: list[dict]) -> list[str]:
    """A small memory part given as the reason a model needs so much memory."""
    tables = _tables(facts)
    if not _MUCH.search(sentence) or len(tables) != 1:
        return []
    named = {fields[0] for cause in _BECAUSE.finditer(sentence) for pat, fields in _LABELS[:-1]
             if pat.search(sentence[cause.end():cause.end() + 60])}
    # "потому что он использует много параметров для расширенного контекста" (Mixtral, explain-eval at 91eef69): the
    # context is the KV cache's, given as the reason
    named |= {"kv_cache_bytes" for cause in _BECAUSE.finditer(sentence)
              if _CONTEXT_REASON.search(sentence[cause.end():cause.end() + 60])}
    parts = {k: tables[0].get(k) or 0 for k in _PARTS}
    whole = sum(parts.values())
    small = sorted(k for k in named if whole and parts[k] < SMALL_SHARE * whole)
    return [f"reason: {k}" for k in small] if small and len(small) == len(named) else []  # a large part named too: fine


# "The cards draw 700 W each" for two H100 PCIe (350 W each), the worked turn's "The cards draw 700 W" with
# "each" added: a figure said per card must not be the total of several cards
_EACH = re.compile(r"(\d[\d\s,.]*)\s*(?:Вт|W)\s+(?:each|apiece|per (?:card|gpu)|на карту|на каждую|кажд(?:ая|ый|ую|ой)|за штуку)\b|"
                   # "две RTX 5090 … так как они по 1150 Вт": the distributive "по" says each (explain-eval at 91eef69)
                   r"(?<!\w)(?:они|карты|каждая|each)\s+(?:потребля\w+\s+|берут\s+|draw\s+)?по\s+(\d[\d\s,.]*)\s*(?:Вт|W)\b|"
                   # "две карты, каждая из которых потребляет 340 Вт" (340 W the pair's, a hurried question at d68d7ae)
                   r"(?<!\w)(?:кажд\w+|each)\s+(?:карт\w*|видеокарт\w*|gpu|card|из\s+(?:которых|них)|of\s+(?:which|them))\s+"
                   r"(?:потребля\w+|берёт|берет|жр[её]т|draws?|uses?|consumes?)\s+"
                   r"(?:до\s+|up to\s+)?(\d[\d\s,.]*)\s*(?:Вт|W)\b", re.I)


def total_said_per_card(sentence: str, facts: list[dict]) -> list[str]:
    """The GPUs' total power given as each card's draw."""
    totals = {o["gpu_watts"] for f in facts if f.get("tool") == "power" and isinstance(o := f.get("output"), dict)
              and (o.get("count") or 1) > 1 and o.get("gpu_watts")}
    out = []
    for m in _EACH.finditer(sentence):
        figure = m.group(1) or m.group(2) or m.group(3)
        said = nums.parse(figure + " W")
        if said and said[0][1] & totals:
            out.append(f"per card: {figure.strip()} W is the total")
    return out


# "квантуйте модель до Q8_0" under INT8 facts, copied from the config worked turn's FP16 advice: a format
# no smaller than the computed one saves nothing. A KV-cache format ("KV-кэш до q8_0") is another matter.
_QUANTISE = re.compile(r"\b(?:квантуйте|квантовать|квантуем|квантуя|квантир\w*|квантизир\w*|quanti[sz]e|quanti[sz]ing)\b(?P<rest>[^.;]{0,80})",
                       re.I)
_KV = re.compile(r"\bkv\b|кэш|cache", re.I)


def _whole_bits(name: str) -> int | None:
    try:
        return int(get_precision(name).bits_per_weight)  # Q8_0 8.51 and INT8 8.51 and FP8 8 are all "8 bits"
    except SizingError:
        return None


def pointless_quantising(sentence: str, facts: list[dict]) -> list[str]:
    """Advice to quantise the model to a format no smaller than the one it was computed in."""
    m = _QUANTISE.search(sentence)
    computed = {str((f.get("output") or {}).get("precision", "")).lower() for f in facts
                if f.get("tool") in _BREAKDOWN_TOOLS and isinstance(f.get("output"), dict)} - {""}
    if not m or len(computed) != 1 or _KV.search(m.group("rest")):
        return []
    current = _whole_bits(computed.pop())
    out = []
    # a format by name, or by its width alone ("до Q4" under an INT4 table: a review at dd472e8, "4 бит", "8-bit")
    named = [(f.group(1), _whole_bits(f.group(1))) for f in _FORMAT.finditer(m.group("rest"))]
    named += [(w.group(0), int(w.group(1) or w.group(2))) for w in _WIDTH.finditer(m.group("rest"))]
    for name, bits in named:
        if current is not None and bits is not None and bits >= current:
            out.append(f"advice: quantise to {name}")
    return out


_WIDTH = re.compile(r"\bq(\d)\b(?!_)|\b(\d{1,2})[- ]?(?:бит\w*|bits?)\b", re.I)


# "для этого нужно видеть 32 биты" under an INT8 table (a probe at 2f6ba78): a weight width no format of the facts
# has. 16 bits is the usual yardstick ("в 4 раза меньше, чем в 16 битах"); training keeps FP32 master weights.
_WIDTH_SAID = re.compile(r"\b(\d{1,2})[- ]?(?:бит\w*|bits?)\b", re.I)


def _facts_widths(facts: list[dict]) -> set[int] | None:
    """Whole-bit widths of the formats the facts compute in or offer; None without exactly one memory table."""
    tables = [f for f in facts if f.get("tool") in _BREAKDOWN_TOOLS and isinstance(f.get("output"), dict)]
    if len(tables) != 1:
        return None
    out = {16}
    table = tables[0]
    task = (table.get("input") or {}).get("task") or table["output"].get("task") or "inference"
    if task != "inference":
        out.add(32)
    if task in ("lora", "qlora"):
        out.add(4)  # QLoRA, LoRA's smaller form, keeps the base in 4 bits
    names = [str(table["output"].get("precision", ""))]
    names += [o["precision"] for f in facts if f.get("tool") == "fit_options" and isinstance(f.get("output"), dict)
              for o in f["output"].get("formats") or []]
    for name in names:
        if name.lower() == "qlora":
            out.add(4)
        elif (bits := _whole_bits(name)) is not None:
            out.add(bits)
    return out


def width_unknown(sentence: str, facts: list[dict]) -> list[str]:
    """A weight width in bits that neither the computed format nor an offered one has."""
    widths = _facts_widths(facts)
    if widths is None or _KV.search(sentence):
        return []  # the KV cache's own format is another matter
    # advice to quantise further ("ради контекста можно квантовать в 4 бита") may name any smaller width
    lower = max(widths - {16, 32} or {0}) if _QUANTISE.search(sentence) else 0
    return [f"width: {m.group(0)}" for m in _WIDTH_SAID.finditer(sentence)
            if int(m.group(1)) not in widths and not int(m.group(1)) < lower]


# "чтобы обойтись меньшим числом карт, квантуйте …" copied from the config worked turn (4 × RTX 5090)
# into an answer whose configuration is one card: there is no fewer to get by with
_FEWER = re.compile(r"\bменьш\w*\s+(?:числ\w*\s+|количеств\w*\s+)?(?:видео)?карт\w*|\bменьше\s+(?:gpu|гпу)\b|"
                    r"\bfewer\s+(?:cards|gpus)\b|\bless\s+(?:cards|gpus)\b", re.I)


def _counts(facts: list[dict]) -> set[int]:
    """Card counts of the configurations the facts offer (a recommendation's, or a fit's own)."""
    out: set[int] = set()
    for f in facts:
        o = f.get("output")
        if not isinstance(o, dict):
            continue
        out |= {c["count"] for c in o.get("configurations") or [] if isinstance(c, dict) and c.get("count")}
        if f.get("tool") == "fit" and o.get("gpus"):
            out.add(o["gpus"])
    return out


def fewer_than_one(sentence: str, facts: list[dict]) -> list[str]:
    """Advice to get by with fewer cards where every configuration is already one card."""
    counts = _counts(facts)
    if not _FEWER.search(sentence) or not counts or max(counts) > 1:
        return []
    return ["fewer: the configuration is one card"]


# "…, либо возьмите одну такую карту" under one card that does not fit (a hurried question at 2adfcc9): the advice
# is the setup that failed
_TAKE_ONE = re.compile(r"\b(?:возьмите|берите|взять|поставьте|купите|take|get|use|buy)\s+(?:ещё\s+)?(?:одну|one|a single)\s+"
                       r"(?:(?:так\w*|такую же|such)\s+)?(?:видео)?(?:карт\w*|cards?|gpus?)\b", re.I)


def one_card_again(sentence: str, facts: list[dict]) -> list[str]:
    """Advice to take one card where one card is what the customer has and the model does not fit it."""
    if not _TAKE_ONE.search(sentence) or _MORE_ONE.search(sentence):
        return []
    for f in facts:
        o = f.get("output")
        if isinstance(o, dict) and f.get("tool") in ("fit_card", "fit") and o.get("fits") is False and (f["tool"] == "fit_card" or o.get("gpus") == 1):
            return ["config: one card, where one card does not fit"]
    return []


_MORE_ONE = re.compile(r"\b(?:ещё|еще|another|one more|more)\b", re.I)  # "возьмите ещё одну": a second card


# "Квантуйте модель до Q4_K_M, тогда нужно 106,93 ГБ и она поместится" where the facts' own line for
# Q4_K_M says it does not fit (fit_options): a format promised to fit against the computed answer
# "Чтобы хватило одной карты, квантуйте до Q4_K_M", "To run on one card, quantise to Q8_0": a purpose is a fit claim
_FITS_WORD = re.compile(r"(?<!не )\b(?:поместится|помещается|влезет|влезает|хватит|хватило|fits|will fit|would fit|"
                        r"(?:run|fit)s?\s+on\s+(?:one|a single)\s+card)\b", re.I)


def _cards_said(clause: str) -> int:
    """The most cards a clause counts ("на трёх картах", "5 × RTX 4090", "on 3 cards"); 0 where none."""
    heads = [clause[max(0, m.end() - 40):m.end()] + " " for m in re.finditer(r"(?:видео)?карт\w*|cards?\b|gpus?\b",
                                                                               clause, re.I)]
    heads += [clause[max(0, pos - 30):pos] for pos, _ in gpus_in(clause)]
    counts = [_count(m.group(1)) for h in heads if (m := _COUNT.search(h))]
    return max([c for c in counts if c] or [0])


def format_fit_contradicted(sentence: str, facts: list[dict]) -> list[str]:
    """A weight format said to fit (in the clause before "либо"/"or") that the facts say does not."""
    clause = re.split(r",?\s+(?:либо|или|or)\s", sentence, maxsplit=1)[0]
    if not _FITS_WORD.search(clause) or re.search(r"(?<!\w)(?:не|not|n't)\s+(?:\w+\s+)?(?:поместится|fit|хват)", clause,
                                                  re.I):
        return []
    verdicts = {str(o.get("precision", "")).lower(): o.get("fits") for f in facts if f.get("tool") == "fit_options"
                for o in (f.get("output") or {}).get("formats", [])}
    if _cards_said(clause) > max([int(o.get("gpus") or 1) for f in facts if f.get("tool") == "fit_options"
                                  and isinstance(o := f.get("output"), dict)] or [1]):
        return []  # "Q4_K_M поместится на трёх картах": another configuration than the line's, not judged by it
    return [f"verdict: {m.group(1)} said to fit" for m in _FORMAT.finditer(clause) if verdicts.get(m.group(1).lower()) is False]
