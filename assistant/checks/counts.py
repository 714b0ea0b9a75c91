"""Card counts given as advice must be the facts' own counts.

"Возьмите четыре такие карты" for Qwen2.5 72B in INT8 on the RTX 4090 (the facts: at least 5), and
"Возьмите семь таких карт" where the facts said 6, both passed the guard: the number was grounded by
another figure ("4 × RTX 5090" in the recommendation table) and "такие карты" names no card. Here a
count that is the object of advice ("возьмите / нужно / хватит N карт", "take / need N cards",
"N карт хватит") is read against the card it speaks of: "таких карт" and an unnamed "карт" are the
scenario's card, a name after the count is that card. It must be one of the counts the facts give for
that card (the minimum that fits, a configuration's count, the customer's own count when it fits),
or at least the minimum when the sentence only says it is enough. A negation or a condition makes
the sentence no advice ("если квантовать, хватит трёх карт" is not judged here).
"""
from __future__ import annotations

import re

from assistant.checks.claims import _gpu_pattern as claims_gpu_pattern, gpus_in
from assistant.checks.relations import _count, _minimum, _NOT, memory_request
from assistant.checks.wordnums import word_numbers
from tools.catalog import get_gpu

_CARD_WORD = r"(?:(?:видео)?карт\w*|cards?|gpus?|гпу|ускорител\w*|accelerators?)"
_SUCH = r"(?:(?:так\w*|эт\w+|одинаков\w*|these|such|identical|of these)\s+)?"
# "возьмите четыре такие карты", "нужно 5 карт", "you need five such cards", "take 6 × RTX 4090"
_COUNTED = re.compile(r"(?<![\w.,])(\d{1,2}|[a-zа-яё]+)\s*(?:[×xх]\s*)?" + _SUCH + r"(?:" + _CARD_WORD + r"\b)?", re.I)
_FILL = r"(?:(?:вам|всего|минимум|хотя бы|сервер\w* с|at least|just|only|you|a server with|server with)\s+)*$"
# explain-eval ru-fresh-3090-70b: "Поместите две такие карты или возьмите три" (the facts: three at least) had passed
_TAKE = re.compile(r"\b(?:возьмите|берите|взять|брать|нужн[оыа]?|нужен|потребу\w*|понадоб\w*|требу\w*|ставьте|поставьте|"
                   r"поместите|разместите|купите|установите|используйте|задействуйте|"
                   r"take|need|needs|needed|require[sd]?|use|get|buy|go with|install|put)\s+" + _FILL, re.I)
_SUFFICE = re.compile(r"\b(?:хватит|хватает|достаточно|enough)\s+" + _FILL, re.I)
_ENOUGH = re.compile(r"^\s*(?:(?:вам|you)\s+)?(?:хватит|хватает|достаточно|будет достаточно|подойд\w*|will do|are enough|"
                     r"is enough|will be enough|suffice)\b", re.I)
_MORE = re.compile(r"\b(?:ещё|еще|дополнительн\w*|more|another|additional|extra)\b", re.I)


def _scenario_card(facts: list[dict]) -> str | None:
    """The card the customer's scenario is sized on (the fit's or the minimum's input), if one."""
    for f in facts:
        card = (f.get("input") or {}).get("gpu") if f.get("tool") in ("fit", "min_gpus", "fit_options") else None
        if isinstance(card, str) and card:
            return card
    return None


def _given(facts: list[dict], card: str) -> set[int]:
    """The counts the facts give for `card`: minimums, configurations, the customer's own count if it fits."""
    out: set[int] = set()
    for f in facts:
        o, i = f.get("output"), f.get("input") or {}
        if not isinstance(o, dict):
            continue
        out |= {c["count"] for c in o.get("configurations") or [] if isinstance(c, dict) and c.get("gpu_id") == card}
        if f.get("tool") == "min_gpus" and i.get("gpu") == card and o.get("gpus"):
            out.add(o["gpus"])
        if f.get("tool") == "fit" and i.get("gpu") == card and o.get("fits") and o.get("gpus"):
            out.add(o["gpus"])
        for row in o.get("cards") or [] if f.get("tool") == "compare" else []:  # a compared card's least number
            if isinstance(row, dict) and row.get("id") == card and row.get("min_cards"):
                out |= {row["min_cards"]} | ({row["count"]} if row.get("fits_count") else set())
    return out


def miscounted(sentence: str, facts: list[dict]) -> list[str]:
    """Advice to take N cards where the facts give another count for that card (too few, or a count
    they never name)."""
    if not facts or _NOT.search(sentence):
        return []
    names = gpus_in(sentence)
    request, sized = None, False  # the sizing is read once, and only for a sentence that counts cards
    out = []
    for m in _COUNTED.finditer(sentence):
        n = _count(m.group(1))
        if n is None or _MORE.search(m.group(0)) or _MORE.search(sentence[max(0, m.start() - 12):m.start()]):
            continue
        named = [g for pos, g in names if m.end() <= pos <= m.end() + 2]
        if not named and not re.search(_CARD_WORD + r"\b\W*$", m.group(0), re.I):
            continue  # a bare number, not a count of cards
        # a compared card named before the count in its clause ("на RTX 4090 нужно 2 карты, а для RTX 3090 — 4")
        earlier = [g.id for pos, g in names if pos < m.start() and not re.search(r"[,;]|\s(?:а|но|but)\s",
                                                                                     sentence[pos:m.start()])]
        card = named[0].id if named else _scenario_card(facts) or (earlier[-1] if earlier and _least(facts) else None)
        if card is None:
            continue
        before = sentence[max(0, m.start() - 40):m.start()]
        take = _TAKE.search(before)
        enough = _SUFFICE.search(before) or _ENOUGH.match(sentence[m.end():])
        if not (take or enough):
            continue
        if not sized:
            request, sized = memory_request(facts), True
        need = _minimum(request.model_dump_json(exclude={"gpu", "gpus"}), card) if request else None
        given = _given(facts, card) | ({need} if need else set())
        if not given:
            continue
        too_few = need is not None and n < need
        if too_few or (take and n not in given):
            out.append(f"count: {n} × {get_gpu(card).name} (the facts give {', '.join(map(str, sorted(given)))})")
    return out


# ---------------------------------------------------------------- fits on N of a compared card
# "При q4 RTX 3090 можно поместить на 2 карты, но не на 4" (a probe at de22a86, the facts: three 3090 at least): a
# compared card said to fit on N cards, or not to, is held against the least number the comparison gives for it.
_FIT = re.compile(r"\b(?:помест\w*|влез\w*|влаз\w*|уместит\w*|fits?|fitting|хват\w*|enough|sufficient|suffices?|достаточн\w*|run)\b",
                  re.I)
# "на 2 карты", "on four RTX 3090", and at a clause's end "но не на 4"
_ON_N = re.compile(r"(?:\bна|\bon|\bacross|\bwith)\s+(\d{1,2}|[a-zа-яё]+)\s*(?:[×xх]\s*)?(?:(?:[\w-]+\s+)?(?:" + _CARD_WORD +
                   r"|rtx|a\d|h\d|l\d)|\s*[.!]?$)", re.I)
_COUNT_BEFORE = re.compile(r"(?:^|\s)(\d{1,2}|[a-zа-яё]+)\s*(?:[×xх]\s*)?$", re.I)
_ONE = {"single", "одна", "одной", "одну", "один", "одного", "a", "an"}
_CLAUSE = re.compile(r",\s*|;\s*|\s+(?:но|а|but|while|whereas)\s+", re.I)
_NEGATED = re.compile(r"(?:^|\s)(?:не|нет|нельзя|not|cannot|can.t|won.t|doesn.t|does not|no)\b", re.I)


def _least(facts: list[dict]) -> dict[str, int]:
    """Compared card (catalog id) -> the least number of it the model fits on, from the comparison's rows."""
    return {c["id"]: c["min_cards"] for f in facts if f.get("tool") == "compare" and isinstance(f.get("output"), dict)
            for c in f["output"].get("cards") or [] if isinstance(c, dict) and c.get("min_cards")}


def fits_on_n_misstated(sentence: str, facts: list[dict]) -> list[str]:
    """Each clause that says a compared card fits (or does not) on N cards, against the least number for that card;
    a clause with no card or no fit word of its own takes the last ones said ("…на 2 карты, но не на 4")."""
    least = _least(facts)
    if not least or "?" in sentence:
        return []
    out, card, fit_said = [], None, False
    for clause in _CLAUSE.split(sentence):
        named = [(pos, g.id) for pos, g in gpus_in(clause) if g.id in least]
        card = named[-1][1] if named else card
        fit_said = fit_said or bool(_FIT.search(clause))
        m = _ON_N.search(clause)
        n = _count(m.group(1)) if m else None
        if n is None and named and (c := _COUNT_BEFORE.search(clause[:named[-1][0]])):  # "a single RTX 4090 is enough"
            n = 1 if c.group(1).lower() in _ONE else _count(c.group(1))
        if card is None or n is None or not fit_said:
            continue
        says_fits = not _NEGATED.search(clause)
        if says_fits != (n >= least[card]):
            out.append(f"count: {card} said to {'fit' if says_fits else 'not fit'} on {n}, "
                       f"the comparison needs {least[card]}")
    return out


# "you need two A100 80GB servers" where the facts count two cards (a probe at 47d20ec): one configuration is one
# server (tools/recommend.SERVER_MAX_CARDS), so several servers of a card are never what the facts say
_SERVERS_AFTER = re.compile(r"^[\s-]*(?:servers?|boxes|nodes|machines)\b", re.I)
_SERVERS_BEFORE = re.compile(r"(?<![\w.,])(\d{1,2}|[a-zа-яё]+)\s+сервер(?:а|ов)\s+(?:с\s+|на\s+)?$", re.I)


def cards_called_servers(sentence: str, facts: list[dict]) -> list[str]:
    """A count above one of servers named by a card ("two A100 80GB servers", "два сервера A100") when no fact is
    about several servers."""
    if any("servers" in (f.get("input") or {}) for f in facts):
        return []
    out = []
    pat, _ = claims_gpu_pattern()
    for m in pat.finditer(sentence):
        before = sentence[:m.start()]
        n = _count(before.split()[-1]) if before.split() else None
        if n and n > 1 and _SERVERS_AFTER.match(sentence[m.end():]):
            out.append(f"count: {n} {m.group(0)} servers (cards counted as servers)")
        elif (b := _SERVERS_BEFORE.search(before)) and (k := _count(b.group(1))) and k > 1:
            out.append(f"count: {k} servers of {m.group(0)} (cards counted as servers)")
    return out


# "RTX 4090 … что делает его более подходящим для модели" where 2 × RTX 4090 do not hold the model and 4 × RTX 3090 do
# (a probe at 563f76a): the customer's option that does not fit, recommended over one that does
_SUITS = re.compile(r"(?:более|лучше|наиболее)\s+подходящ\w*|лучше\s+подход\w*|лучший выбор|оптимальн\w*|"
                    r"лучше\s+(?:\w+\s+)?для\s+(?:модели|этой|вашей|неё|нее)|better\s+for\s+(?:the|this|your)\s+model|"
                    r"(?:лучше|стоит)\s+(?:взять|брать|купить)|"
                    r"\b(?:берите|возьмите|выбирайте|выберите)\b|\bbetter (?:suited|choice|fit|option)\b|\bthe better\b|"
                    r"\bbest (?:choice|option)\b|\b(?:go with|take|choose|pick)\b", re.I)
_NOT_SUIT = re.compile(r"\bне\s+(?:\w+\s+)?(?:подход|лучш|берите|выбирайте)|\bnot\b|n't\b|\bрядом\b|\bили\b|\bor\b", re.I)


def failing_option_preferred(sentence: str, facts: list[dict]) -> list[str]:
    """A compared card whose own count does not hold the model, called the better or advised one, while another
    option's count does, or none does ("RTX A6000 лучше для модели" where neither 1 × A6000 nor 2 × 4090 holds
    Llama 70B in Q4; a review probe at c401b64). A sentence that names both or weighs them with "или/or" is judged by
    the rest."""
    rows = [c for f in facts if f.get("tool") == "compare" and isinstance(f.get("output"), dict)
            for c in f["output"].get("cards") or [] if isinstance(c, dict) and c.get("count")]
    if not rows or not _SUITS.search(sentence) or _NOT_SUIT.search(sentence):
        return []
    named = {g.id for _, g in gpus_in(sentence)}
    failing = [c["id"] for c in rows if c.get("fits_count") is False and c["id"] in named]
    fitting = [c["id"] for c in rows if c.get("fits_count") and c["id"] in named]
    if failing and not fitting:
        return [f"count: {failing[0]} advised, though the customer's count of it does not hold the model"]
    return []


# "нужно использовать несколько карт RTX 5090" where one RTX 5090 holds the model (a hurried question after stop 52's
# freeze): several cards advised with no count, where the facts say one does
_SEVERAL = re.compile(r"(?<!\w)(?:нескольк\w*|multiple|several|more than one|больше одной|более одной)\s+"
                      r"(?:(?:так\w*|эт\w+|these|such)\s+)?", re.I)
# several cards for a reason other than memory ("to keep up the throughput", "для отказоустойчивости"): not judged here
_OTHER_REASON = re.compile(r"throughput|speed|скорост|производительн|пропускн|\busers?\b|(?<!\w)пользовател|отказоустойчив|redundan|"
                           r"failover|резерв|parallel|параллельн|latency|задержк|concurren|одновременн", re.I)
_ADVISED = re.compile(r"(?<!\w)(?:нужн\w*|нужен|понадоб\w*|потребу\w*|требу\w*|придётся|придется|использ\w*|"
                      r"возьмите|берите|купите|ставьте|need\w*|requir\w*|use|take|buy|get|have to|must)(?!\w)", re.I)


def several_when_one(sentence: str, facts: list[dict]) -> list[str]:
    """Advice to take several cards of the scenario's card (or of the card named right after) when one holds the model."""
    if not facts or _NOT.search(sentence) or _OTHER_REASON.search(sentence):
        return []
    out = []
    for m in _SEVERAL.finditer(sentence):
        after = sentence[m.end():m.end() + 30]
        named = [g for pos, g in gpus_in(sentence) if m.end() <= pos <= m.end() + 2]
        if not (named or re.match(_CARD_WORD, after, re.I)) or not _ADVISED.search(sentence[max(0, m.start() - 40):m.start()]):
            continue
        card = named[0].id if named else _scenario_card(facts)
        request = memory_request(facts) if card else None
        if card and request and _minimum(request.model_dump_json(exclude={"gpu", "gpus"}), card) == 1:
            out.append(f"count: several × {get_gpu(card).name} advised, one holds the model")
    return out


# "Если у вас уже есть две 4090, вам нужно купить ещё одну." where the upgrade's fact says to buy 3 (a hurried question
# at 0641978): the count to buy, in digits or words, against the calculator's
_NEGATED = re.compile(r"(?<!\w)(?:не|нет|нельзя|not|no|never)(?!\w)|n't\b", re.I)
_BUY_MORE = re.compile(r"(?<!\w)(?:купить|докупить|добавить|докупите|купите|добавьте|взять|возьмите|buy|add|get)\s+"
                       r"(?:ещё|еще|another|more\s+)?\s*", re.I)


def buy_count_off(sentence: str, facts: list[dict]) -> list[str]:
    adds = {f["output"].get("add") for f in facts if f.get("tool") == "upgrade" and f.get("output", {}).get("add")}
    if len(adds) != 1:
        return []
    add = adds.pop()
    for m in _BUY_MORE.finditer(sentence):
        if _NEGATED.search(sentence[max(0, m.start() - 25):m.start()]):
            continue  # "купить 1 нельзя", "не нужно докупать": no count advised
        rest = sentence[m.end():]
        digits = re.match(r"(\d+)(?![\d.,])", rest)
        one = re.match(r"(?:одну|одна|один|одного|one)(?!\w)", rest, re.I)  # word_numbers leaves "one" alone
        words = [v for start, _, v in word_numbers(rest) if start == 0]
        said = int(digits.group(1)) if digits else 1 if one else int(words[0]) if words else None
        if said is not None and said != add:
            return [f"count: {said} to buy, the upgrade's facts say {add}"]
    return []
