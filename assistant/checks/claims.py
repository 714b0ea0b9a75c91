"""Claims in words: a sentence may state no number and still be false. Checked here against the
domain rules (knowledge/catalog/rules.yaml, each citing the vendor guide), the catalog (which card
is faster, has more memory, is cheaper, has NVLink) and the computed verdict (fits or not)."""
from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import yaml

from tools.catalog import GPU, Model, load_catalog
from tools.paths import CATALOG_DIR
from tools.text import DATA_CENTRE, clause_around


@lru_cache(maxsize=1)
def rules() -> list[tuple[str, list[re.Pattern]]]:
    data = yaml.safe_load((CATALOG_DIR / "rules.yaml").read_text(encoding="utf-8"))
    return [(r["id"], [re.compile(p, re.I) for p in r["contradicted_by"]]) for r in data]


def broken_rules(sentence: str) -> list[str]:
    """Ids of the domain rules the sentence contradicts."""
    return [rid for rid, pats in rules() if any(p.search(sentence) for p in pats)]


def names_pattern(items: Sequence[Any], min_len: int = 0) -> tuple[re.Pattern, dict[str, Any]]:
    """One pattern for the catalog items' names and aliases (longest first, spaces and hyphens alike), and the item
    of each name as matched, lower-cased with single spaces."""
    by_name: dict[str, Any] = {}
    for it in items:
        for n in (it.name, *it.aliases):
            if len(n) > min_len:
                by_name[re.sub(r"[\s-]+", " ", n.lower())] = it
    alts = sorted(by_name, key=len, reverse=True)
    pat = re.compile(r"(?<![\w])(?:" + "|".join(r"[\s-]*".join(map(re.escape, a.split())) for a in alts) + r")(?![\w])",
                     re.I)
    return pat, by_name


@lru_cache(maxsize=1)
def _gpu_pattern() -> tuple[re.Pattern, dict[str, Any]]:
    return names_pattern(load_catalog().gpus)


@lru_cache(maxsize=1)
def _name_pattern() -> re.Pattern:
    cat = load_catalog()
    items: list[GPU | Model] = [*cat.gpus, *cat.models]
    names = {n for it in items for n in (it.name, it.id, *it.aliases)}
    alts = sorted((re.split(r"[\s-]+", n.strip()) for n in names if n.strip()), key=lambda p: -sum(map(len, p)))
    return re.compile(r"(?<![\w])(?:" + "|".join(r"[\s-]*".join(map(re.escape, p)) for p in alts) + r")(?![\w])", re.I)


@lru_cache(maxsize=1)
def _model_pattern() -> tuple[re.Pattern, dict[str, Any]]:
    return names_pattern(load_catalog().models)


# "Qwen3 32B, который стоит всего 600 000$" (a hurried question at 2adfcc9: the customer's budget given as the model's
# price): the catalog's models are open weights, downloaded free; a price in the model's own clause is false
_PRICED = re.compile(r"^[^.;!?]{0,40}?\b(?:стоит|стоят|стоимост\w*|обойд[её]тся|costs?|is priced|priced at|sells? for)\b"
                     r"(?!\s+(?:ли|\w+(?:ть|ти|чь)(?:ся)?)\b)[^.;!?]{0,20}?\d", re.I)


_HARDWARE = re.compile(r"сервер\w*|сервак\w*|server|карт\w*|card|gpu|видеокарт\w*|желез\w*|оборудовани\w*|hardware|"
                       r"аренд\w*|облак\w*|cloud|rent\w*|час\w*|hour|электричеств\w*|power|лицензи\w*|licen[cs]e", re.I)


def model_priced(sentence: str) -> list[str]:
    """A price said of a catalog model (its weights), not of hardware: no card named between them."""
    pat, _ = _model_pattern()
    for m in pat.finditer(sentence):
        after = sentence[m.end():]
        if (p := _PRICED.match(after)) and not _gpu_pattern()[0].search(after[:p.end()]) and \
                not _HARDWARE.search(after[:p.end() + 28]):
            return ["price: a model's weights are free; the price was given to the model"]
    return []


def name_spans(sentence: str) -> list[tuple[int, int]]:
    """Where the sentence names a catalog card or model: the digits of "RTX 4090" are no figure."""
    return [m.span() for m in _name_pattern().finditer(sentence)]


def gpus_in(sentence: str) -> list[tuple[int, Any]]:
    pat, by_name = _gpu_pattern()
    out, seen = [], set()
    for m in pat.finditer(sentence):
        g = by_name.get(re.sub(r"[\s-]+", " ", m.group(0).lower()))
        if g is not None and g.id not in seen:
            seen.add(g.id)
            out.append((m.start(), g))
    return out


_NEG = r"(?:\bне\s|\bnot\s|n't\s|\bno\s|\bнет\b)"
# comparative -> (catalog fields that must be higher for the subject, direction)
_COMPARE = [
    (re.compile(r"больше (?:видео)?памяти|больше vram|more (?:memory|vram)|larger (?:memory|vram)", re.I), ("vram_gib",), 1),
    (re.compile(r"меньше (?:видео)?памяти|less (?:memory|vram)", re.I), ("vram_gib",), -1),
    (re.compile(r"(?:производительност\w*|performance|tflops)[^.;]{0,12}fp16|fp16[^.;]{0,25}(?:производительност|performance)", re.I),
     ("fp16_tflops",), 0),
    (re.compile(r"быстрее|faster|производительнее|outperform\w*|quicker", re.I), ("bandwidth_gbs", "fp16_tflops"), 1),
    (re.compile(r"медленнее|slower", re.I), ("bandwidth_gbs", "fp16_tflops"), -1),
    (re.compile(r"(?:выше|больше) пропускн\w*|higher (?:memory )?bandwidth|more (?:memory )?bandwidth", re.I),
     ("bandwidth_gbs",), 1),
    (re.compile(r"(?:ниже|меньше) пропускн\w*|lower (?:memory )?bandwidth|less (?:memory )?bandwidth", re.I),
     ("bandwidth_gbs",), -1),
    (re.compile(r"(?:ниже|меньше) потреблени\w*|меньше потребля\w*|экономнее|экономичнее|lower power|less power|"
                r"draws less", re.I), ("tdp_w",), -1),
    (re.compile(r"(?:выше|больше) потреблени\w*|больше потребля\w*|прожорливее|higher power|more power\b(?!ful)|"
                r"draws more", re.I), ("tdp_w",), 1),
    (re.compile(r"дешевле|cheaper|less expensive|ниже цен\w*|lower (?:card )?price", re.I), ("price_usd_min",), -1),
    (re.compile(r"дороже|more expensive|pricier", re.I), ("price_usd_min",), 1),
]
_HIGHER = re.compile(r"выше|высок|больш|higher|greater|more|better|лучш", re.I)
_LOWER = re.compile(r"ниже|низк|меньш|lower|less|worse|хуже", re.I)


def _subject_object(sentence: str, found: list[tuple[int, Any]]) -> tuple[Any, Any]:
    than = re.search(r"\bчем\b|\bthan\b|\bпо сравнению с\b|\bcompared (?:to|with)\b|\bvs\.?\b", sentence, re.I)
    if than:
        after = [g for pos, g in found if pos > than.start()]
        before = [g for pos, g in found if pos < than.start()]
        if after and before:
            return before[0], after[0]
    return found[0][1], found[1][1]


_TURN = re.compile(r",\s*(?:а|но|зато|однако|тогда как|but|whereas|while|yet)\b|;", re.I)


def _clause_subject(sentence: str, found: list[tuple[int, Any]], at: int) -> tuple[Any, Any] | None:
    """'X leads on FP16, but Y has more memory': the merit after a contrast is the card named in its
    own clause, not the sentence's first card."""
    starts = [c.end() for c in _TURN.finditer(sentence) if c.end() <= at]
    if not starts:
        return None
    own = [g for pos, g in found if starts[-1] <= pos < at]
    other = [g for _, g in found if own and g is not own[0]]
    return (own[0], other[0]) if own and other else None


def compared_cards(facts: list[dict]) -> list[Any]:
    """The cards a comparison's facts set side by side, from the catalog."""
    by_id = {g.id: g for g in load_catalog().gpus}
    return [by_id[c["id"]] for f in facts if f.get("tool") == "compare"
            for c in (f.get("output") or {}).get("cards", []) if c.get("id") in by_id]


def catalog_contradictions(sentence: str, compared: Sequence[Any] = ()) -> list[str]:
    """Comparisons between catalog cards, and NVLink claims, that the catalog says are false. In a
    comparison of two cards a sentence naming one of them compares it with the other ("The H100 is
    also more powerful with lower power draw and a lower card price", explain-eval en-fresh2-h100-vs-a100)."""
    found = named = gpus_in(sentence)
    out = []
    if len(found) == 1 and len(compared) == 2 and found[0][1] in compared:
        found = [*found, (len(sentence), next(g for g in compared if g is not found[0][1]))]
    if len(found) >= 2:
        for pat, fields, direction in _COMPARE:
            m = pat.search(sentence)
            if not m or re.search(_NEG + r"\s*$", sentence[max(0, m.start() - 5):m.start()], re.I):
                continue
            subj, obj = _clause_subject(sentence, found, m.start()) or _subject_object(sentence, found)
            if direction == 0:  # "higher/lower FP16 performance"
                window = sentence[max(0, m.start() - 25):m.end() + 10]
                direction = 1 if _HIGHER.search(window) else -1 if _LOWER.search(window) else 0
                if not direction:
                    continue
            vals = [(getattr(subj, f), getattr(obj, f)) for f in fields]
            vals = [(a, b) for a, b in vals if a is not None and b is not None]
            if vals and not any((a - b) * direction > 0 for a, b in vals):
                out.append(f"catalog: {subj.name} vs {obj.name}")
                break
    out += _datacentre_claims(sentence, found)
    # the card the sentence names, the compared other one aside ("L40S лучше для серверов, так как имеет NVLink" in a
    # comparison with the A100 80GB: a review at 73660d8)
    for pos, g in named[:1] if len(named) == 1 else []:
        if re.search(r"\bnvlink\b", sentence, re.I):
            denies = re.search(r"(?:нет|без|не поддерживает|не имеет|no|without|lacks?|does not have|doesn't have)"
                               r"[^.;]{0,25}nvlink|nvlink[^.;]{0,15}(?:нет|отсутств)", sentence, re.I)
            claims = re.search(r"(?:есть|поддерживает|имеет|has|supports|with)\s+(?:\w+\s+)?nvlink", sentence, re.I)
            if denies and g.nvlink or (claims and not denies and not g.nvlink):
                out.append(f"catalog: {g.name} NVLink")
    return out


# "Берите RTX 3090 для сервера в дата-центре" (explain-eval ru-fresh2-5060-vs-3090, copied from the compare
# worked turn's RTX 6000 Ada): a GeForce card offered for a data centre, which its licence excludes
_DC_NEG = re.compile(r"\b(?:не|нельзя|запрещ\w*|запрет\w*|исключ\w*|наруш\w*|кроме|вне|not|no|never|forbid\w*|"
                     r"prohibit\w*|exclud\w*|restrict\w*|violat\w*|against|outside)\b|n't\b", re.I)


def _datacentre_claims(sentence: str, found: list[tuple[int, Any]]) -> list[str]:
    """A card whose licence excludes data centres, named in the clause that puts it in one, unnegated."""
    out = []
    for m in DATA_CENTRE.finditer(sentence):
        start, end = clause_around(sentence, m.start(), m.end())
        near = [(abs(p - m.start()), g) for p, g in found if start <= p < end]
        clause = sentence[start:end]
        if not near and re.search(r"\b(?:она|он|они|её|ее|it|they)\b|^\s*(?:и|and)\b", clause, re.I):
            near = [(m.start() - p, g) for p, g in found if p < start]  # "…, и она разрешена в дата-центре"
        if not near or _DC_NEG.search(sentence[start:end]):
            continue
        g = min(near, key=lambda x: x[0])[1]
        if getattr(g, "datacenter_restricted", False) and f"catalog: {g.name} data centre" not in out:
            out.append(f"catalog: {g.name} data centre")
    return out


_FITS = re.compile(r"\b(?:недостаточно|помещается|поместится|помещаются|влез\w*|влаз\w*|хвати\w*|хватает|достаточно|подходит|подойд\w*|"
                   r"потянет|тянет|fits?|will fit|is enough|are enough|is sufficient|suffices)\b", re.I)
_NEGATED = re.compile(r"(?:\bне\s+|\bnot\s+|n't\s+|\bнедо)(?:\w+\s+)?$", re.I)
# a condition anywhere makes the sentence hypothetical ("если квантовать, поместится")
_CONDITIONAL = re.compile(r"\b(?:если|при\s+(?:квант|уменьш|сниж)|чтобы|тогда|would|could|if|unless|only with|"
                          r"с квантован|after|после|then)\b|\?", re.I)
# these only make their own clause hypothetical: "Да, помещается: нужно 41 ГБ из 25" still claims a fit
_CLAUSE_CONDITIONAL = re.compile(r"\b(?:можно|нужно|need|требуется|придётся|придется|или|or)\b", re.I)
_CLAUSE = re.compile(r"[,;:—–]\s*|\s-\s")
# a sentence proposing a change speaks of the changed setup: "Quantise to Q8_0, which needs 23.92 GB and fits"
_CHANGE = re.compile(r"\b(?:quanti[sz]e|quanti[sz]ing|квантуйте|квантовать|квантовав|возьмите|взять|добавьте|добавить|"
                     r"докупите|докупить)\b|(?:^|[,;:]\s*|\b(?:or|and)\s+)(?:take|split|add)\b", re.I)


def fit_verdict(facts: list[dict]) -> bool | None:
    """Whether the model fits the named card(s), from the fit calculators; None when not computed."""
    for f in facts:
        if f.get("tool") in ("fit_card", "fit") and isinstance((f.get("output") or {}).get("fits"), bool):
            return f["output"]["fits"]
    return None


def contradicts_fit(sentence: str, fits: bool | None) -> bool:
    """An unconditional 'fits' when the calculators say it does not, or 'does not fit' when it does.
    What follows advice to change the setup is about the changed one, not a verdict."""
    if fits is None or _CONDITIONAL.search(sentence):
        return False
    change = _CHANGE.search(sentence)
    for clause in _CLAUSE.split(sentence[:change.start()] if change else sentence):
        if _CLAUSE_CONDITIONAL.search(clause):
            continue
        for m in _FITS.finditer(clause):
            neg = bool(_NEGATED.search(clause[max(0, m.start() - 14):m.start()])) or m.group(0).lower().startswith("недо")
            if neg == fits:
                return True
    return False


_BETTER = re.compile(r"\b(?:лучше|превосходит|выигрывает|better|outperforms?|beats?|wins?)\b", re.I)
_CONTRAST = re.compile(r"\b(?:но|однако|зато|хотя|but|however|while|whereas|although)\b|;", re.I)
# what a "better" card is said to have more of (or less, for power and price): (pattern, field, sign)
_MERITS = [(re.compile(r"памят|vram|memory", re.I), "vram_gib", 1),
           (re.compile(r"пропускн|полос|bandwidth", re.I), "bandwidth_gbs", 1),
           (re.compile(r"fp16|tflops|производительн|вычислител|compute|performance", re.I), "fp16_tflops", 1),
           (re.compile(r"потреблени|мощност|экономн|tdp|power draw|draws? less|less power", re.I), "tdp_w", -1),
           (re.compile(r"\bцен\w*|дешевле|cheaper|\bprice", re.I), "price_usd_min", -1)]


def merit_misattributed(sentence: str) -> list[str]:
    """'A6000 лучше 4090: больше памяти, выше пропускная способность' — each merit listed after 'better'
    (up to a 'but') is the better card's; the catalog says which card has it."""
    found = gpus_in(sentence)
    m = _BETTER.search(sentence)
    if m is None or len(found) < 2:
        return []
    before = [g for pos, g in found if pos < m.start()]
    others = [g for pos, g in found if g not in before[-1:]] if before else []
    if not before or not others:
        return []
    subj, obj = before[-1], others[0]
    tail = sentence[m.end():]
    stop = _CONTRAST.search(tail)
    tail = tail[:stop.start()] if stop else tail
    out = []
    for pat, field, sign in _MERITS:
        if pat.search(tail) and not re.search(_NEG + r"[^,;]{0,15}(?:" + pat.pattern + ")", tail, re.I):
            a, b = getattr(subj, field), getattr(obj, field)
            if a is not None and b is not None and (a - b) * sign < 0:
                out.append(f"catalog: {subj.name} {field}")
    return out


_PAIR = re.compile(r"\(\s*(\d[\d \u00a0.,]*?)\s*(?:против|vs\.?|versus|against)\s*(\d[\d \u00a0.,]*)", re.I)


def _num(text: str) -> float | None:
    t = re.sub(r"[ \u00a0]", "", text).rstrip(".,")
    t = t.replace(",", "") if re.fullmatch(r"\d{1,3}(?:,\d{3})+", t) else t.replace(",", ".")
    try:
        return float(t)
    except ValueError:
        return None


def pair_misattributed(sentence: str) -> list[str]:
    """'RTX A6000 … выше пропускная способность памяти (1 008 против 768 ГБ/с)': the first figure of
    a '(X против Y)' pair is the card's own, so it must be the catalog's figure for the card the
    clause is about (the model copied the leader's figure onto the other card)."""
    found = gpus_in(sentence)
    out = []
    for m in _PAIR.finditer(sentence):
        own = [g for pos, g in found if pos < m.start()]
        turn = [c.end() for c in _TURN.finditer(sentence) if c.end() <= m.start()]
        if turn:
            own = [g for pos, g in found if turn[-1] <= pos < m.start()] or own
        if not own:
            continue
        card = own[0] if turn else own[-1] if _BETTER.search(sentence[:m.start()]) is None else own[0]
        closed = [sentence.find(")", p.end()) + 1 for p in _PAIR.finditer(sentence) if p.end() <= m.start()]
        since = max([0, *turn, *closed])
        merit = sentence[max(since, m.start() - 50):m.start()]  # the words since the previous pair
        # "пропускная способность памяти" / "memory bandwidth" name memory too: the narrower merit first
        field = next((f for p, f, _ in sorted(_MERITS, key=lambda x: x[1] == "vram_gib") if p.search(merit)), None)
        first = _num(m.group(1))
        if field is None or first is None:
            continue
        value = getattr(card, field, None)
        if value is not None and abs(float(value) - first) > max(0.5, 0.01 * abs(float(value))):
            out.append(f"catalog: {card.name} {field} {m.group(1).strip()}")
    return out


# a card as the one that needs memory ("Потому что RTX 4090 требует больше памяти, чем Qwen2.5 32B", explain-eval
# ru-fresh2-why-not-4090): a card has memory, the model needs it. The card opens its clause (its subject); "на RTX
# 4090 нужно 20 ГБ" or "the model on an RTX 4090 needs" does not. A figure in GB is memory too ("а RTX 4090
# требует всего 25,77 ГБ", the card's own capacity, explain-eval ru-fresh3-dispatch-users).
_NEEDS = re.compile(r"\s+(?:(?:всё|все|also|still)\s+)?(?:требует|потребует|требуется|нужно|нужен|понадобится|needs|requires|"
                    r"will need|would need)\b[^.;]{0,30}(?:памят|vram|memory|\d(?:[\d,.]|\s\d)*\s*(?:ГБ|GB)\b)", re.I)
_CLAUSE_OPEN = re.compile(r"(?:^|[,;:—–(]|\b(?:потому что|так как|поскольку|ведь|а|но|because|since|as|but|and|и))\s*"
                          r"(?:(?:при|в|at|in)\s+[\w.-]+,?\s+)?"  # "При FP16 RTX 3090 требует больше памяти" (a probe at 47d20ec)
                          r"(?:(?:the|an?|ваша|ваш|your)\s+)?(?:(?:gpu|card|graphics card|карта|видеокарта|видюха)\s+)?$", re.I)  # "GPU RTX 4090 требует"


def card_needs_memory(sentence: str) -> list[str]:
    """A catalog card said to need memory, as if it were the model."""
    pat, by_name = _gpu_pattern()
    found = [m for m in pat.finditer(sentence)
             if _CLAUSE_OPEN.search(sentence[:m.start()]) and _NEEDS.match(sentence, m.end())]
    return [f"card: {by_name[_SPACED.sub(' ', m.group(0).lower())].name} said to need memory" for m in found]


_SPACED = re.compile(r"[\s-]+")
