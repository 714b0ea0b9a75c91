"""A power supply offered as enough that is below the computed peak draw: "Блок питания на 1600 Вт
обеспечит достаточное питание для шести RTX 4090" when the facts say 3 750 W at peak (4×1600 W
recommended). The wattage is true somewhere in the facts (one unit of the recommended set), so every
number check passes; the relation is what is false. Found in explain-eval (fresh2, PSU for 6 cards)."""
from __future__ import annotations

import re
from typing import Any

from assistant.checks import numbers as nums
from assistant.checks.relations import _count  # a count in digits or words, as relations reads cards

_PSU = re.compile(r"\b(?:блок\w*\s+питани\w*|бп|psus?|power\s+suppl(?:y|ies))\b", re.I)
_ENOUGH = re.compile(r"\b(?:достаточн\w*|хват\w*|обеспеч\w*|справ\w*|потян\w*|подойд\w*|подходит|выдерж\w*|"
                     r"enough|sufficient|suffices?|handles?|covers?|supports?|"
                     # advice to take it says as much: "Берите блок питания на 1600 Вт" for a 2 950 W peak (a review
                     # at 7800baf, 5 x RTX 4090 + a Threadripper, where the table says 4 x 1600 W)
                     r"берите|бери|возьмите|возьми|поставьте|рекоменд\w*|советую|купите|выберите|нужен|нужны|"
                     r"get|buy|choose|pick|go with|recommend\w*|need|"
                     # the recommended set's own words: "Блок питания на 1600 Вт (N+1, с резервом): …" (the retry of
                     # the sentence above, its verb dropped)
                     r"N\+[12]|с резерв\w*|redundan\w*)\b", re.I)
# a negation, or a question, makes it no claim that the unit suffices
_NOT = re.compile(r"\b(?:не|нет|ни|без|not|no|never|without)\b|n't\b|\?", re.I)
_TIMES = re.compile(r"(\d+)\s*[×xх]\s*$", re.I)  # "4×1600 Вт": four units
_EACH = re.compile(r"(?:\bпо|\beach)\s*$", re.I)  # "четыре блока по 1600 Вт": the count is before the PSU word


def peaks(facts: list[dict[str, Any]]) -> list[int]:
    """The peak system draw of each power calculation in the facts."""
    out = []
    for f in facts:
        o = f.get("output") if isinstance(f, dict) else None
        if isinstance(o, dict) and isinstance(o.get("system_watts"), int):
            out.append(o["system_watts"])
    return out


def _units_before(sentence: str, psu_start: int) -> int | None:
    """A count written just before the PSU word ("четыре блока", "2 PSUs", "two power supplies")."""
    m = re.search(r"(\w+)\s*$", sentence[:psu_start])
    v = _count(m.group(1)) if m else None
    return v if v is not None and v <= 16 else None


def said_psu_watts(sentence: str) -> float | None:
    """The total wattage the sentence gives the PSU: the wattage nearest a PSU word, times its units."""
    psus = list(_PSU.finditer(sentence))
    ns = nums.parse(sentence)
    watts = [n for n in ns if n.kind == "watt" and len(n[1]) == 1]
    if not psus or not watts:
        return None
    # the nearest to a PSU word, one after it first ("блок питания на 1600 Вт" over "2700 Вт, а блок …")
    n = min(watts, key=lambda w: min((w.start - p.end(), 0) if w.start >= p.end() else (p.start() - w.end, 1)
                                     for p in psus))
    value = next(iter(n[1]))
    before = sentence[:n.start]
    if m := _TIMES.search(before):
        return value * int(m.group(1))
    if _EACH.search(before) or re.match(r"\s*(?:вт|w|ватт\w*|watts?)\s+each\b", sentence[n.end:], re.I):
        units = _units_before(sentence, psus[0].start())
        return value * units if units else None
    return value


def psu_below_peak(sentence: str, facts: list[dict[str, Any]]) -> list[str]:
    """A PSU said to suffice whose wattage is below every computed peak draw."""
    peak = peaks(facts)
    if not peak or not _ENOUGH.search(sentence) or _NOT.search(sentence):
        return []
    total = said_psu_watts(sentence)
    if total is None or total >= min(peak):
        return []
    return [f"psu: {total:g} W said to suffice, peak {min(peak)} W"]


# "Ваш БП 1 200 Вт хватит для системы" where the facts say the customer's 1200 W is tight (it covers the 1020 W peak,
# not the 20 % headroom: 1224 W) — a probe at 4ff1afb. The customer's own PSU may be called enough only when the facts
# say so; a tight one only with its caveat, a short one never.
_OWN_PSU = re.compile(r"\b(?:ваш\w*|your)\s+(?:[\w-]+\s+){0,3}(?:блок\w*(?:\s+питани\w*)?|бп|psu|power\s+supply)\b|"
                      r"\b(?:блок\w*\s+питани\w*|бп|psu)\s+(?:у\s+вас|you\s+have)\b", re.I)
_PLAIN_ENOUGH = re.compile(r"\b(?:хват\w*|достаточн\w*|справ\w*|потян\w*|подойд\w*|подходит|выдерж\w*|нормальн\w*|"
                           r"enough|sufficient|suffices?|will\s+do|is\s+fine|handles?|covers?|can\s+power)\b", re.I)
_CAVEAT = re.compile(r"впритык|без\s+запаса|запаса\s+нет|на\s+пределе|на\s+грани|\bно\b|однако|\btight\b|"
                     r"no\s+headroom|without\s+headroom|borderline|\bbut\b|barely|however", re.I)

_TIGHT = re.compile(r"\W*(?:впритык|tight)\b|покрыва\w*\s+(?:\w+\s+)?пик|covers?\s+the\s+(?:\w+\s+)?peak", re.I)
_NO_HEADROOM = re.compile(r"без\s+запаса|запаса\s+нет|нет\s+запаса|no\s+headroom|without\s+headroom", re.I)


def _own_verdicts(facts: list[dict[str, Any]]) -> set[str]:
    """The verdicts the power facts give the customer's own PSU (none when no PSU was said)."""
    return {o["psu_verdict"] for f in facts if isinstance(f, dict) and isinstance(o := f.get("output"), dict)
            and o.get("psu_w") and o.get("psu_verdict")}


def own_psu_overstated(sentence: str, facts: list[dict[str, Any]]) -> list[str]:
    """The customer's own PSU called enough where the facts say it is tight (no caveat said) or short."""
    verdicts = _own_verdicts(facts)
    if verdicts == {"short"} and _TIGHT.search(sentence) and (_OWN_PSU.search(sentence) or _TIGHT.match(sentence)):
        return ["psu: the customer's PSU called tight, facts say short"]  # "Впритык: ваш БП на 1000 Вт …" under 1150 W
    if not verdicts or "enough" in verdicts or not _OWN_PSU.search(sentence) or not _PLAIN_ENOUGH.search(sentence):
        return []
    plain = _NO_HEADROOM.sub(" ", sentence)  # "запаса нет" denies the headroom, not that it suffices
    if _NOT.search(plain) or ("short" not in verdicts and _CAVEAT.search(sentence)):
        return []
    return [f"psu: the customer's PSU called enough, facts say {'/'.join(sorted(verdicts))}"]


_HEADROOM = re.compile(r"запас\w*|headroom|margin|spikes?|скачк\w*", re.I)


def own_psu_understated(sentence: str, facts: list[dict[str, Any]]) -> list[str]:
    """The customer's own PSU said not to suffice where the facts say it covers the peak (tight or enough), with no
    word that the headroom is what it lacks ("Нет, вашего БП на 1200 Вт не хватит" for a tight 1200 W)."""
    verdicts = _own_verdicts(facts)
    if not verdicts or "short" in verdicts or not _OWN_PSU.search(sentence) or not _PLAIN_ENOUGH.search(sentence):
        return []
    if not _NOT.search(_NO_HEADROOM.sub(" ", sentence)) or "?" in sentence or _HEADROOM.search(sentence):
        return []
    return [f"psu: the customer's PSU called short, facts say {'/'.join(sorted(verdicts))}"]


# power said per month ("в месяц потребляет 4150–4500 Вт", explain-eval): a month is counted in kW·h, not in watts
_WATTS = r"\d[\d  .,–-]*\s?(?:вт\b|ватт\w*|w\b|watts?\b|квт\b(?!\s?[·*⋅-]?\s?ч)|kw\b(?![·*-]?h))"
_MONTH = r"(?:в\s+месяц|за\s+месяц|ежемесячно|per\s+month|a\s+month|monthly|each\s+month)"
_WATTS_A_MONTH = re.compile(rf"{_MONTH}(?:\s+(?!а\b|и\b|and\b|but\b)[\w-]+){{0,3}}\s+{_WATTS}|{_WATTS}\s+{_MONTH}", re.I)


def watts_a_month(sentence: str) -> list[str]:
    """Watts given as a month's consumption: energy a month is kW·h (the facts' energy line), never W."""
    return ["energy: watts given per month (a month is counted in kW·h)"] if _WATTS_A_MONTH.search(sentence) else []
