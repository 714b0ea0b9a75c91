"""Numbers a follow-up leaves bare, attached by the conversation: "and with 80?" after "qwen3 32b for 40
users", "а если облако подешевеет до 350?" after an own-vs-cloud question.

The reader alone cannot tell what "80" is; the scenario already on the table can. A bare number in a
short follow-up goes to the slot its cue word names ("облако" -> the hourly price, "контекст" ->
context), else to the one slot of the previous scenario whose usual range it fits. With no cue and
two slots it could fit ("а с 8?" after 4 cards for 40 users) it stays unattached and is asked about.
"The full one" / "а полное?" after a LoRA question is full fine-tuning; "2k" after a budget is money.
With no cue a number goes to the slot whose value it is near ("how about 50?" after 1 card for 25
people is 50 people) only when one slot is clearly nearer; else it is asked.
The reading is changed in place (scenario, spans, unattached, intent), so calling it twice is harmless
(the classifier's `combine` too: its own answer is one it is sure of).
"""
from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING

from assistant.reading import classifier
from assistant.reading.cues import FOLLOWUP, asks_vendors_pick
from assistant.reading.intent import OTHER_GOODS, off_topic
from assistant.reading.money import _DAYS_A_WEEK
from assistant.reading.relative import NOT_CARDS, SELL_OR_ADD, Change
from assistant.reading.quantities import _TAKE_VERB
from assistant.reading.tokens import parse_plain_number
from assistant.scenario import Scenario
from tools.lexicon import load_lexicon

if TYPE_CHECKING:
    from assistant.reading import Reading

_FIT_ASKED_LAST = re.compile(r"\b(?:помест\w*|влез\w*|уместит\w*|fits?)\b[^.!?]*\?\s*$", re.I)
_CUES = {
    "users": r"польз|юзер|человек|\bчел\b|сотрудник|клиент|запрос|сесси|\busers?\b|people|seats?|requests?|sessions?",
    "gpu_count": r"карт|видюх|\bгпу\b|\bgpus?\b|cards?|штук|\bшт\b",
    "context": r"контекст|context|\bctx\b|токен|tokens?|окн|\bsequences?\b|\bseq\b|последовательност",
    "card_vram_gb": r"видеопам|vram",
    "ram_gb": r"оперативк|озу|\bram\b",
    "hours_per_month": r"час|hours?|загрузк|usage|в день|a day|per day",
    "budget": r"бюджет|budget",
    "server_price": r"сервер|server|\bbox\b|покупк|купить|\bbuy",
    "cloud_hourly": r"облак|cloud|аренд|\brent",
}
_RANGE = {"users": (1, 100000), "gpu_count": (1, 64), "context": (256, 2_000_000), "card_vram_gb": (4, 256),
          "ram_gb": (8, 8192), "hours_per_month": (1, 744), "budget": (100, 1e10), "server_price": (100, 1e10),
          "cloud_hourly": (0.1, 100000)}
_INTS = {"users", "gpu_count", "context"}
_POINTED = re.compile(r"\b(?:those|these|the|этих|тех|эти|те|этим|тем)\s*$", re.I)  # "for those 5": a value pointed at
_MAX_WORDS = 12  # forty-first pass: "хотя нет, в ночь с пятницы на субботу бывает и полторы сотни" (11)


# "а одной хватит?", "would a single one do?": one in the card's gender ("карта"), or "single", counts cards, never people
_ONE_CARD = re.compile(r"^(?:одн(?:ой|у|а)|single)$|\bsingle\s*$", re.I)


def _slot_for(value: float, text: str, previous: Scenario, before: str = "", said: str = "") -> str | None:
    held = [s for s in _RANGE if getattr(previous, s) is not None]
    # "а если две", "and if two?" after a card with no count said: a small whole number is how many of that card
    if (previous.gpu or previous.card_vram_gb) and previous.gpu_count is None and value == int(value) and \
            1 <= value <= 8 and not re.search(r"гиг|\bгб|gb\b|gig", text, re.I):
        held.append("gpu_count")
    fits = [s for s in held if _RANGE[s][0] <= value <= _RANGE[s][1] and (s not in _INTS or value == int(value))]
    named = [s for s in fits if re.search(_CUES[s], text, re.I)]
    if len(named) == 1:
        return named[0]
    if not named and len(fits) == 1:
        return fits[0]
    if not named and {"gpu_count", "users"} <= set(fits):  # "а на двух?" cards, "а для двадцати?" people
        if re.search(r"\b(?:на|on|across|over)\s*$", before, re.I) or value == 1 and (
                _ONE_CARD.search(said.strip()) or _ONE_CARD.search(before)):
            return "gpu_count"
        if re.search(r"\b(?:для|for|при|at)\s*$", before, re.I):
            return "users"  # "а при шестидесяти четырёх?", "and at 64?": a load of users, not cards
    if not named and len(fits) > 1:  # "how about 50?" after 1 card for 25 people: the value it is near
        fits = [s for s in fits if getattr(previous, s) is not None]  # a count not yet said has no value to be near
        if len(fits) < 2:
            return None
        near = sorted(fits, key=lambda s: abs(math.log(value / float(getattr(previous, s)))))
        first, second = (abs(math.log(value / float(getattr(previous, s)))) for s in near[:2])
        if first <= 1.1 and second >= 2.5:
            return near[0]
    return None


_K_NUMBER = re.compile(r"^\d+(?:[.,]\d+)?\s?[kк]$", re.I)


def _money_not_context(reading: "Reading", previous: Scenario) -> None:
    """"and if i stretch to 2k?" after a budget: a bare k-number the reader took for a context is money."""
    spans = reading.spans.get("context") or []
    if reading.scenario.context is None or previous.context is not None or len(spans) != 1 or \
            not _K_NUMBER.match(spans[0].text) or re.search(_CUES["context"], reading.text, re.I):
        return  # "и контекст 32к" after a budget: the customer said it is a context
    slot = next((s for s in ("budget", "server_price") if getattr(previous, s) is not None), None)
    if slot:
        value = float(re.sub(r"[^\d.,]", "", spans[0].text).replace(",", ".")) * 1000
        reading.scenario = reading.scenario.model_copy(update={"context": None, slot: value})
        reading.spans[slot] = reading.spans.pop("context")


# thirty-second pass: "and if the partners chip in another $8k?", "а если добавим ещё 200 тыс?": a sum added to the
# budget the conversation has, not a new budget (8 000 in place of 60 000) nor a context of 200 thousand tokens
_ADDED = re.compile(r"\b(?:another|extra|additional|plus|up by|increases? by|увелич\w*|ещё|еще|добав\w*|докин\w*|сверху|плюсом|плюс)\b|\bchip(?:s|ped)? in\b|"
                    r"\bmore\b(?! (?:users?|cards?|gpus?|people|tokens?|context))", re.I)
_TAKEN_FROM = re.compile(r"\b(?:minus|less|меньше|минус|урез\w*|cut)\b", re.I)


def _money_added(reading: "Reading", previous: Scenario) -> None:
    if previous.budget is None or not _ADDED.search(reading.text) or _TAKEN_FROM.search(reading.text) or \
            re.search(_CUES["context"], reading.text, re.I):
        return
    slot = "budget" if reading.scenario.budget is not None else "context" if reading.scenario.context is not None else None
    spans = reading.spans.get(slot or "", [])
    if slot is None or len(spans) != 1 or slot == "context" and not re.search(r"тыс|тыщ|k\b|к\b", spans[0].text, re.I) or \
            re.search(r"\b(?:до|to)\s*[$€₽]?\s*$", reading.text[:spans[0].start], re.I):
        return  # "увеличим бюджет до 100 тыс", "raise it to 80k": the new budget itself
    value = reading.scenario.budget if slot == "budget" else (reading.scenario.context or 0) / 1024 * 1000
    reading.scenario = reading.scenario.model_copy(update={slot: None})
    reading.relative = [*reading.relative, Change(slot="budget", op="add", value=float(value or 0))]
    reading.spans["relative"] = [*reading.spans.get("relative", []), *reading.spans.pop(slot)]


# a word of money in a follow-up: then "тыщ 64" stays a sum
_SAID_MONEY = re.compile(r"бюджет|budget|денег|деньг|money|руб|₽|\$|€|бакс|доллар|евро|стои|стоят|цен|price|cost|\bза\b|"
                         r"\bfor\b|купить|buy|плат|pay|сервер|server", re.I)


def _context_not_money(reading: "Reading", previous: Scenario) -> None:
    """"а если нужно тыщ 64", "а чтоб тыщ 48 влезло" after a model and its card, with no money anywhere in the
    conversation: thousands said in slang are the context's tokens (65 536), not a budget no one spoke of."""
    spans = reading.spans.get("budget") or []
    value = reading.scenario.budget
    if value is None or len(spans) != 1 or previous.model is None or reading.scenario.currency or \
            any(getattr(previous, s) is not None for s in ("budget", "server_price", "cloud_hourly", "context")) or \
            _SAID_MONEY.search(reading.text) or not re.search(r"тыс|тыщ", spans[0].text, re.I) or \
            not 1000 <= value <= 256_000 or value % 1000:
        return
    reading.scenario = reading.scenario.model_copy(update={"budget": None, "context": int(value / 1000 * 1024)})
    reading.spans["context"] = reading.spans.pop("budget")


_NOT_A_CHOICE = {"power", "cost", "speed", "handoff", "greeting"}
_REPLACE_OWN = re.compile(r"(?:\bпомен\w*|\bзамен\w*|\bсмен\w*|\bswap\w*|\breplac\w*)\s+(?:(?:свою|мою|нашу|свои|мои|наши|my|our|the|"
                          r"old|старую)\s+)?$", re.I)


def _instead_as_first_question(reading: "Reading", previous: Scenario | None) -> None:
    """"4090 вместо a6000 норм?", "rtx 5090 instead of rtx 4090, worth it?" as the first question: there is no card
    in the conversation to take out, so the two cards are weighed against each other (a comparison); a count said
    beside one side only ("вместо двух 4090") is that side's and is asked, as in any comparison."""
    from assistant.reading import Span

    if previous is not None or not reading.instead_of or not reading.scenario.gpu or reading.scenario.gpus or \
            reading.intent in _NOT_A_CHOICE:
        return
    if reading.intent == "upgrade" and SELL_OR_ADD.search(reading.text):
        return  # "докупить вторую такую же или поменять на 5090": what to do with the card owned, not two cards weighed
    taken = reading.spans.get("instead_of", [])
    if len(taken) == 1 and _REPLACE_OWN.search(reading.text[max(0, taken[0].start - 24):taken[0].start]) and \
            reading.intent not in ("vram", "speed"):
        # nineteenth pass: "поменять 3090 на 5080 имеет смысл", "swap my 3090 for a 5080?": a verb of replacing before
        # the first card is the customer changing the card they own (an upgrade of it); "4090 вместо a6000" still weighs
        # two cards, and "заменить 3090 на 5090, что изменится" (no card taken out then) still compares them
        owned = next(iter(reading.instead_of))
        reading.scenario = reading.scenario.model_copy(update={"gpu": owned, "gpus": None, "gpu_count": None})
        reading.spans["gpu"] = reading.spans.pop("instead_of")
        reading.instead_of = []
        reading.intent = "upgrade"  # type: ignore[assignment]
        return
    cards = [reading.scenario.gpu, *[c for c in reading.instead_of if c != reading.scenario.gpu]]
    update: dict = {"gpu": None, "gpus": cards}
    if reading.scenario.gpu_count is not None and reading.scenario.gpu_count > 1:
        update["gpu_count"] = None
        reading.unattached = [*reading.unattached, *[Span(start=x.start, end=x.end, text=x.text)
                                                     for x in reading.spans.pop("gpu_count", [])]]
    reading.scenario = reading.scenario.model_copy(update=update)
    reading.spans["gpus"] = [*reading.spans.pop("gpu", []), *reading.spans.pop("instead_of", [])]
    reading.instead_of = []
    reading.intent = "compare"  # type: ignore[assignment]


def _loose_number_words(reading: "Reading") -> list:
    """Number words of the text that no span covers ("а на двух?"): the reader leaves them as words."""
    from assistant.reading import Span
    from assistant.reading.tokens import tokenize
    from assistant.reading.words import annotate

    covered = [(s.start, s.end) for group in (*reading.spans.values(), *reading.conflicts.values()) for s in group]
    tokens = tokenize(reading.text)
    annotate(tokens)
    out = []
    scale = load_lexicon().scale.money
    skip = -1
    for t in tokens:
        if t.i <= skip:
            continue
        if t.word_number and t.number and not any(a <= t.start and t.end <= b for a, b in covered) and \
                not _pronoun(tokens, t.i):
            end = t.i
            while end + 1 < len(tokens) and tokens[end + 1].used == "number":  # "тридцати двух": one number, 32
                end += 1
            # fifty-first pass: "ещё тысяч тридцать", "тридцать тысяч": the amount and its scale are one number (the
            # scale word alone had been 1 000 added to a budget)
            if t.low in scale and end + 1 < len(tokens) and tokens[end + 1].word_number and tokens[end + 1].low not in scale:
                end += 1
                while end + 1 < len(tokens) and tokens[end + 1].used == "number":
                    end += 1
            elif end + 1 < len(tokens) and tokens[end + 1].low in scale and tokens[end + 1].word_number:
                end += 1
            skip = end
            out.append(Span(start=t.start, end=tokens[end].end, text=reading.text[t.start:tokens[end].end]))
    return out


def _inverted_counts(reading: "Reading") -> list:
    """43rd pass: "сценарий страницы на три", "ответ абзаца на два": a noun no slot names, then "на" and a number word,
    is about that many of the noun (never cards carried from the conversation); the whole phrase is named back."""
    from assistant.reading import Span
    from assistant.reading.tokens import tokenize
    from assistant.reading.words import annotate, morph

    covered = [(s.start, s.end) for group in (*reading.spans.values(), *reading.conflicts.values(), [*reading.unattached])
               for s in group]
    tokens = tokenize(reading.text)
    annotate(tokens)
    out = []
    for t in tokens[2:]:
        noun = tokens[t.i - 2]
        if not (t.word_number and t.number and tokens[t.i - 1].low == "на" and re.fullmatch(r"[а-яё]{3,}", noun.low)) or \
                any(a <= t.start < b for a, b in covered) or any(re.search(p, noun.low) for p in _CUES.values()):
            continue
        tag = morph().parse(noun.low)[0].tag
        if "NOUN" in tag and tag.case in ("nomn", "gent"):
            out.append(Span(start=noun.start, end=t.end, text=reading.text[noun.start:t.end]))
    return out


# "карт в нём восемь, а не четыре", "У нас их 40, а не 14", "3090 будет три, а не две", "40 users, not 14"
_MEANT_NOT = re.compile(r"(?<![\w.,])([\d]+|[а-яёa-z]+)\s*,\s*(?:а не|but not|not)\s+([\d]+|[а-яёa-z]+)\b", re.I)
_COUNTS = ("users", "gpu_count", "context")
# the word after the denied number: none, a mark, or the slot's own unit ("а не 14", "а не 14 человек"; not "а не 24 часа",
# "not 24/7", "а не 4 млн": a number of another kind, a review of c4402b5)
_OWN_UNIT = {"users": r"(?:человек\w*|чел|пользовател\w*|сотрудник\w*|users?|people|seats?)",
             "gpu_count": r"(?:карт\w*|видеокарт\w*|видюх\w*|штук\w*|шт|gpus?|cards?)",
             "context": r"(?:токен\w*|tokens?|к|k)"}


def _meant_not_denied(reading: "Reading", previous: Scenario | None) -> None:
    """Fifty-seventh pass: a number said and another denied after it (the reading or the conversation had the denied
    one): the slot that held the denied number takes the one said; the denied one is named back as corrected."""
    from assistant.reading import Span
    for m in _MEANT_NOT.finditer(reading.text):
        said, denied = (parse_plain_number(g) if g[0].isdigit() else word_value(g) for g in (m.group(1), m.group(2)))
        if said is None or denied is None or said == denied or said != int(said) or denied != int(denied):
            continue
        said_as = {k for k, group in reading.spans.items() if k != "corrected" and
                   any(x.start <= m.start(1) < x.end for x in group)}
        for slot in _COUNTS:
            if not re.match(rf"\s*$|\s*[^\w\s/]|\s+{_OWN_UNIT[slot]}\b", reading.text[m.end(2):], re.I) or said_as - {slot}:
                continue  # the denied number is of another kind, or the one said went to another slot ("людей 6, а не 4")
            held = getattr(reading.scenario, slot)
            if held is None and previous is not None:
                held = getattr(previous, slot)
            if held == denied:
                span = Span(start=m.start(1), end=m.end(1), text=m.group(1))
                gone = [x for x in reading.spans.get(slot, []) if x.start != span.start]  # "стоит 14 пользователей"
                reading.scenario = reading.scenario.model_copy(update={slot: int(said)})
                reading.spans[slot] = [span]
                reading.unattached = [u for u in reading.unattached if u.start not in (span.start, m.start(2))]
                taken_back = Span(start=m.start(2), end=m.end(2), text=m.group(2))
                reading.spans["corrected"] = [*(x for x in reading.spans.get("corrected", [])
                                                if x not in gone and x != taken_back), *gone, taken_back]
                if reading.intent in ("out_of_scope", "knowledge", "greeting") and previous is not None:
                    reading.intent = "followup"  # type: ignore[assignment]  # the same question, a value corrected
                break


def word_value(text: str) -> float | None:
    """The value of a number said in words, compound ones too ("тридцати двух" 32)."""
    from assistant.reading.tokens import tokenize
    from assistant.reading.words import annotate

    tokens = tokenize(text)
    annotate(tokens)
    if not tokens or not tokens[0].word_number or tokens[0].number is None:
        return None
    scale = load_lexicon().scale.money
    factor = next((scale[t.low] for t in tokens if t.low in scale), None)
    if factor is None or len(tokens) == 1:
        return tokens[0].number
    amount = next((t.number for t in tokens if t.low not in scale and t.word_number and t.number), None)
    return amount * factor if amount is not None else tokens[0].number  # "тысяч тридцать", "тридцать тысяч": 30 000


_ONE_PRONOUN_BEFORE = {"which", "this", "that", "the", "each", "any", "every", "another", "no", "a", "one's"}


def _pronoun(tokens: list, i: int) -> bool:
    """"which one is faster", "the other one", "one of them": 'one' standing for a thing, not a count; likewise the two
    options ("какой из двух") and servers pointed at ("два таких узла")."""
    t = tokens[i]
    if i > 0 and tokens[i - 1].low in ("из", "of") and t.low in ("двух", "two", "обоих", "both"):
        return True  # sixty-first pass: "какой из двух прожорливее?": the two options, no count (had been 2 users)
    if i + 2 < len(tokens) and re.fullmatch(r"(?:так|эт)\w{1,3}|such|these|those", tokens[i + 1].low) and \
            re.match(r"(?:узл|узел|сервер|сервак|нод|node|server|box)", tokens[i + 2].low):
        return True  # "КП на два таких узла": servers, no count of cards
    return t.low == "one" and (i > 0 and tokens[i - 1].low in _ONE_PRONOUN_BEFORE or
                               i + 1 < len(tokens) and tokens[i + 1].low == "of")


_FULL = re.compile(r"\b(?:the )?full(?: one| version| fine-?tun\w*)?\b|полн(?:ое|ый|ую|ым|ом)\b", re.I)


def _wattage_follow_up(reading: "Reading", previous: Scenario) -> None:
    """"and with a 1.5 kw one?" after the customer's PSU: a wattage the reader could not place is the PSU the
    conversation is about, unless its clause says it is something else (a draw, a rack, a TDP)."""
    from assistant.reading import Span
    from assistant.reading import watts
    from assistant.reading.tokens import tokenize
    from assistant.reading.words import annotate

    if previous.psu_w is None or reading.scenario.psu_w is not None or not reading.unattached:
        return
    tokens = tokenize(reading.text)
    annotate(tokens)
    for k in range(len(tokens)):
        got = watts._wattage(tokens, k)
        if got is None or watts._NOT_PSU.search(reading.text):
            continue
        value, idx = got
        a, b = tokens[min(idx)].start, tokens[max(idx)].end
        inside = [s for s in reading.unattached if a <= s.start and s.end <= b]
        if not inside or not 100 <= value <= 100_000:
            continue
        reading.unattached = [s for s in reading.unattached if s not in inside]
        reading.scenario = reading.scenario.model_copy(update={"psu_w": int(round(value))})
        reading.spans.setdefault("psu_w", []).append(Span(start=a, end=b, text=reading.text[a:b]))
        return
    # seventieth pass (fresh85): "а если поставить на 850, хватит с запасом?": a PSU's round wattage with no unit
    m = _BARE_PSU.search(reading.text)
    if m and 300 <= int(m.group(1)) <= 3000 and int(m.group(1)) % 50 == 0 and not watts._NOT_PSU.search(reading.text) and \
            (previous.users is None or _PSU_WORD.search(reading.text)) and \
            [(x.start, x.end) for x in reading.unattached] == [m.span(1)]:
        reading.unattached = []
        reading.scenario = reading.scenario.model_copy(update={"psu_w": int(m.group(1))})
        reading.spans.setdefault("psu_w", []).append(Span(start=m.start(1), end=m.end(1), text=m.group(1)))
        if not (reading.scenario.model or reading.scenario.params_b):
            reading.intent = "power"  # the PSU is what is asked about again (it had read as a memory question, or none)


_PSU_WORD = re.compile(r"\bбп\b|блок\w* питани|\bpsu\b|power supply|постав\w*", re.I)
_BARE_PSU = re.compile(r"(?:\bна|\bwith(?: an?| the)?|\bto|\bс)\s+(\d{3,4})(?!\w|[.,]\d)"
                       r"(?!\s*(?:вт|w|ватт)?\s*(?:больше|меньше|more|less|bigger|smaller)\s*(?:[?.!,]|$))")  # not "на 400 больше?"


# "а по скорости?", "а по цене что выгоднее", "and price-wise?", "what about in terms of speed", "а что по шуму?",
# "what about power draw": the same question, asked by another measure
_BY_ASPECT = re.compile(r"^\W*(?:(?:ну\s+)?а|и|ну|and|so|what about|how about)\s+(?:что\s+)?(?:по|in terms of)\s+[а-яёa-z]{3,}|"
                        r"^\W*(?:(?:and|so|what about)\s+)?[a-z]+-wise\b|"
                        r"^\W*(?:(?:and|so|ok)\s+)?(?:what|how) about\s+(?:the\s+|their\s+)?(?:power|price|pricing|cost|speed|"
                        r"noise|heat|memory|vram|bandwidth|performance|efficiency|latency|throughput|tdp|energy|"
                        r"electricity|wattage|cooling|warranty|licen[cs]e)\w*\b", re.I)


def _still_compared(reading: "Reading", previous: Scenario) -> None:
    """A short follow-up that only names a measure ("а по цене?") after a comparison of cards compares the
    same cards by that measure: the comparison goes on, it is no question of its own."""
    s = reading.scenario
    if previous.gpus and not (s.gpu or s.gpus or s.model or s.params_b) and _BY_ASPECT.match(reading.text) and \
            len(reading.text.split()) <= 6:
        reading.intent = "compare"


_FORM = re.compile(r"\b(sxm\d?|pcie|pci-e|nvl)\b", re.I)


def _variant_follow_up(reading: "Reading", previous: Scenario) -> None:
    """"а sxm версия?", "а на 80?", "and the pcie one?" after one card: the same card in the form factor or
    memory size named, when the catalog has that variant; a number no other slot of the conversation takes."""
    from assistant.reading import Span
    from tools import catalog

    s = reading.scenario
    if not previous.gpu or s.gpu or s.gpus or s.model or s.params_b or len(reading.text.split()) > 6:
        return
    gpus = {g.id: g for g in catalog.load_catalog().gpus}
    if previous.gpu not in gpus:
        return
    was = gpus[previous.gpu]
    kin = [g for g in gpus.values() if g.id != was.id and card_family(g.id) == card_family(was.id)]
    form = _FORM.search(reading.text)
    size_span, size = None, s.card_vram_gb
    if size is None:
        for span in reading.unattached:
            v = parse_plain_number(span.text)
            if v is not None and _slot_for(v, reading.text, previous, reading.text[:span.start]) is None:
                size_span, size = span, v
                break
    if form:
        want = form.group(1).lower().replace("-", "")
        want = "sxm" if want.startswith("sxm") else want
        found = [g for g in kin if want in g.id.split("-")]
        found.sort(key=lambda g: abs(g.vram_gib - (size or was.vram_gib)))
    elif size is not None and abs(size - was.vram_gib) > 1:  # a size variant has another size
        found = [g for g in kin if abs(g.vram_gib - size) <= 1]
        found.sort(key=lambda g: -len(set(g.id.split("-")) & set(was.id.split("-"))))  # the same form first
    else:
        return
    if not found:
        return
    update: dict = {"gpu": found[0].id}
    if s.card_vram_gb is not None and abs(s.card_vram_gb - found[0].vram_gib) <= 1:
        update["card_vram_gb"] = None
        reading.spans.setdefault("gpu", []).extend(reading.spans.pop("card_vram_gb", []))
    if size_span is not None and size is not None and abs(size - found[0].vram_gib) <= 1:
        reading.unattached = [x for x in reading.unattached if x is not size_span]
        reading.spans.setdefault("gpu", []).append(size_span)
    if form:
        reading.spans.setdefault("gpu", []).append(Span(start=form.start(), end=form.end(), text=form.group(0)))
    reading.scenario = s.model_copy(update=update)
    if reading.intent in ("out_of_scope", "knowledge", "greeting"):
        reading.intent = "followup"


# a question of which hardware to take: the model is then no question about the cards already on the table
_WHICH_TO_TAKE = re.compile(r"\b(?:какую|какой|какие|сколько|скок\w*|which|what|how many)\b|посовет|подбер|recommend|suggest|"
                            r"\bнужн\w*|\bнадо\b|\bneed\b|купить|взять|брать|\bbuy\b|\bget\b", re.I)


def _model_on_the_cards(reading: "Reading", previous: Scenario | None) -> None:
    """"а квен 14б в q4 на 10 человек?", "would qwen3 14b serve 25 users" after the customer's cards were named and no
    model: a model asked about after the cards on the table is whether it runs on them, not what to buy for it."""
    s = reading.scenario
    if previous is None or not reading.new_model or reading.intent != "recommend" or previous.model or \
            previous.params_b or not (previous.gpu or previous.card_vram_gb) or previous.gpus or previous.budget or \
            s.gpu or s.gpus or s.card_vram_gb or s.budget or _WHICH_TO_TAKE.search(reading.text) or \
            _NOT_ON_IT.search(reading.text):  # seventy-third pass: "я продал свою 3090, под квен 14б что?": not on it
        return
    reading.intent = "vram"


_MEMORY_WORDS = re.compile(r"памят|vram|врам|гиг|\bgb\b|\bгб\b|memory|видеопам", re.I)


def _model_within_budget(reading: "Reading", previous: Scenario | None) -> None:
    """Twenty-second pass: "а на квене 32 потянет" after a budget and no cards anywhere in the conversation: there is
    no card of the customer's to fit it on, so "потянет" asks whether what the money buys runs it, the same question
    of what to take, not a memory question: a follow-up, which keeps the conversation's question (and which the
    classifier, sure of "vram" from the words alone, cannot overrule); not when a card or a memory size is said."""
    s = reading.scenario
    if previous is None or not reading.new_model or reading.intent != "vram" or not previous.budget or \
            previous.gpu or previous.gpus or previous.card_vram_gb or s.gpu or s.gpus or s.card_vram_gb or \
            s.gpu_count or not FOLLOWUP.match(reading.text) or _MEMORY_WORDS.search(reading.text):
        return
    reading.intent = "followup"  # type: ignore[assignment]


# a sum asked as a ceiling or a price: "уложиться в", "в пределах", "бюджет", "за" (the price of), "within", "budget"
_MONEY_CUE = re.compile(r"уложит\w*|влез\w*|вписат\w*|в пределах|бюджет|budget|within|\bза\b|\bfor\b|денег|money|"
                        r"накоп\w*|наскреб\w*|наскрёб\w*|save up|saving|накин\w*|дотян\w*|накид\w*|доплат\w*|доплач\w*|"
                        # a sum cut ("а если он урежет до двух", "сократим до полутора", "if they cut it to 30")
                        r"урез\w*|уреж\w*|сократ\w*|сокращ\w*|ужм\w*|ужать|срез\w*|срежет|\bcuts?\b|\btrim\w*|\bslash\w*",
                        re.I)


_CEILING = re.compile(r"бюджет|budget|\bдо\b|\bunder\b|\bmax\w*|не больше|не более|уложит\w*|within|at most|tops", re.I)


def _price_of_owning(reading: "Reading", previous: Scenario) -> None:
    """Thirty-fifth pass: "ok take it as roughly $140k" in an own-vs-cloud chat that has a cloud rate and no price of the
    server yet: the sum is that price (the missing term of the payback), not a budget, unless a ceiling is said."""
    s = reading.scenario
    if previous.cloud_hourly is None or previous.server_price is not None or previous.budget is not None or \
            s.budget is None or s.server_price is not None or _CEILING.search(reading.text):
        return
    reading.scenario = s.model_copy(update={"budget": None, "server_price": s.budget})
    if "budget" in reading.spans:
        reading.spans["server_price"] = reading.spans.pop("budget")


def _money_scale_kept(reading: "Reading", previous: Scenario) -> None:
    """"а если уложиться в полтора" after "бюджет до 3 млн", "and for 2?" after a $40k budget: an amount said without
    its scale word keeps the scale of the money it corrects (millions, thousands), when it lands near it."""
    from assistant.reading import Span

    held = [slot for slot in ("budget", "server_price") if getattr(previous, slot) is not None]
    if len(held) != 1 or getattr(reading.scenario, held[0]) is not None or not _MONEY_CUE.search(reading.text):
        return
    was = float(getattr(previous, held[0]))
    scale = 1e6 if was >= 1e6 else 1e3 if was >= 1e3 else 0
    words = _loose_number_words(reading) if _only_choices(reading.scenario) else []
    for span in [*reading.unattached, *words]:  # "а за семь?": a number word, too
        value = parse_plain_number(span.text)
        value = word_value(span.text) if value is None else value
        if not scale or value is None or value >= 1000 or not was / 10 <= value * scale <= was * 10 or \
                _POINTED.search(reading.text[:span.start]):  # "and for those 7?": people or cards pointed at, asked
            continue
        reading.unattached = [x for x in reading.unattached if x is not span]
        if held[0] == "budget" and _ADDED.search(reading.text) and not _TAKEN_FROM.search(reading.text):
            # fifty-first pass: "а если ещё тридцатку накину?": that much more, in the scale of the budget held
            reading.relative = [*reading.relative, Change(slot="budget", op="add", value=value * scale)]
            reading.spans.setdefault("relative", []).append(Span(start=span.start, end=span.end, text=span.text))
        else:
            reading.scenario = reading.scenario.model_copy(update={held[0]: value * scale})
            reading.spans.setdefault(held[0], []).append(Span(start=span.start, end=span.end, text=span.text))
        if reading.intent in ("out_of_scope", "knowledge", "greeting"):
            reading.intent = "followup"
        return


_WHAT_IF = re.compile(r"^\W*(?:а|и|ну|and|so|ok)?,?\s*(?:если|what if|if)\b", re.I)


def _only_choices(s: Scenario) -> bool:
    """Nothing set but a choice of how to run (precision, task, runtime): no number of the message was read."""
    return all(v is None for k, v in s.model_dump().items() if k not in ("precision", "task", "runtime", "currency"))


# after a follow-up's bare number: a unit no slot of ours takes (a cent, a kopeck, an amp, a volt, a price per kW·h)
# (fifty-ninth pass: "Their rack feed is 12 kW" after 120 users: a wattage is no follow-up's count)
_NO_SLOT_AFTER = re.compile(r"^\s*(?:(?:cents?|¢|цент\w*|коп\w*|ампер\w*|amps?|amperes?|вольт\w*|volts?|квт|kw|"
                            r"kilowatts?|киловатт\w*|ватт\w*|watts?|вт)\b|w(?![\w/])|"
                            r"(?:\S+\s+)?(?:/|per|за|a|an)\s*(?:квт|киловатт|kwh|kw\b|kilowatt))", re.I)


# "договоры по 50 страниц", "docs of 300 pages": a count of things no slot holds is no bare number; named back
_THINGS_EN = re.compile(r"^\s*(?:pages?|documents?|docs?|files?|words?|contracts?|tickets?|e-?mails?|letters?|lines?|"
                        r"rows?|records?|photos?|images?|pictures?|videos?|books?|articles?)\b", re.I)


_PIECES_BEFORE = re.compile(r"\b(?:штук\w*|шт\.?|pieces?|items?|units?)\s*$", re.I)


def _counted_thing(after: str) -> bool:
    """The word right after the number is a noun that counts something no slot's cue names."""
    if _THINGS_EN.match(after):
        return True
    m = re.match(r"\s*([а-яё]{3,})\b", after, re.I)
    if not m or any(re.search(c, m.group(1), re.I) for c in _CUES.values()):
        return False
    from assistant.reading.words import morph
    parses = morph().parse(m.group(1).lower())
    return bool(parses) and parses[0].is_known and parses[0].tag.POS == "NOUN"


def carry(reading: "Reading", previous: Scenario | None) -> "Reading":
    """Attach the follow-up's bare numbers to the previous scenario's slots (see the module); "the full one"
    after a LoRA is full fine-tuning. Then the learned classifier may overrule the rules' intent where it is sure:
    only here, once the conversation has had its say, because a weak intent ("а на двух" read as out of scope)
    is the conversation's cue for a follow-up, which the classifier must not take away.
    Fifteenth pass: the words are those `normalise` cleaned ("ну а на двух", "а на ожной"), spans mapped back."""
    from assistant.reading.normalise import back, forward, normalise

    clean, where = normalise(reading.text)
    if clean != reading.text:  # settled in place, as callers expect
        out = back(_settle(forward(reading, clean, where), previous), reading.text, where)
        for k in type(reading).model_fields:
            setattr(reading, k, getattr(out, k))
        return _none_to_take_from(_by_so_much(reading, previous), previous)
    return _none_to_take_from(_by_so_much(_settle(reading, previous), previous), previous)


def _none_to_take_from(reading: "Reading", previous: Scenario | None) -> "Reading":
    """Seventy-sixth pass (a review): "уйдут 3 человека" with no people said before: nothing to take them from, so the
    number is named back (the change had been dropped silently)."""
    from assistant.reading import Span

    # (a review: nor "ещё 10 придут" with no people word and none held: ten more than what, named back)
    lost = [c for c in reading.relative if c.slot == "users" and c.op == "add" and
            (c.value < 0 or not _PEOPLE_WORD.search(reading.text)) and
            (previous is None or previous.users is None) and reading.scenario.users is None]
    if any(c.value < 0 for c in lost):  # "2 уволятся, ещё 10 придут" with none held: neither is a headcount
        lost = [c for c in reading.relative if c.slot == "users" and c.op == "add"]
    numbers = load_lexicon().numbers
    for c in lost:  # the count in digits or in words ("уйдут три человека")
        m = next((w for w in re.finditer(r"(?<![\d.,])\d+(?![\d.,])|[^\W\d_]+", reading.text)
                  if (float(w.group(0)) if w.group(0).isdigit() else numbers.get(w.group(0).lower())) == abs(c.value)), None)
        if m:
            reading.unattached = [*reading.unattached, Span(start=m.start(), end=m.end(), text=m.group(0))]
    if lost:
        reading.relative = [c for c in reading.relative if c not in lost]
    return reading


# seventieth pass (a review): "а на 100 больше?" after a budget of 500 000, "а на 10 больше?" after 20 people: so much
# more (or less) than the value held, never the value itself (a budget of 100, 10 people, silently)
_BY_SO_MUCH = re.compile(r"^\W*(?:(?:а|и|ну|ок)\W+)?(?:если\s+)?(?:\w+\s+){0,2}на\s+(\d+(?:[.,]\d+)?)\s*(?:тысяч\w*|тыс\.?|к)?\s+"
                         r"(больше|меньше)\W*$", re.I)


_PEOPLE_WORD = re.compile(r"\bлюд\w*|\bчеловек\w*|\bпользовател\w*|\bюзер\w*|\bсотрудник\w*|\busers?\b|\bpeople\b", re.I)


def _by_so_much(reading: "Reading", previous: Scenario | None) -> "Reading":
    m = _BY_SO_MUCH.match(reading.text)
    if previous is None or not m:
        return reading
    said = reading.scenario.said()
    if _PEOPLE_WORD.search(reading.text) and "gpu_count" in said and "users" not in said and previous.users:
        # seventy-third pass (a review): "а если людей станет на 30 больше?": the people, not 30 cards
        said = {"users": said["gpu_count"]}
        reading.scenario = reading.scenario.model_copy(update={"gpu_count": None})
        reading.spans["users"] = reading.spans.pop("gpu_count", [])
    slots = [k for k, v in said.items() if k in _RANGE and getattr(previous, k) is not None]
    if not slots and previous.budget and set(said) == {"context"} and previous.context is None:
        # "бюджет 500 тысяч" .. "а на 100 тысяч больше?": the thousands are money here, not a context
        said, slots = {"budget": float(m.group(1).replace(",", "."))}, ["budget"]
        reading.scenario = reading.scenario.model_copy(update={"context": None})
        reading.spans["budget"] = reading.spans.pop("context", [])
    if len(slots) != 1:
        return reading
    slot, held, value = slots[0], float(getattr(previous, slots[0])), float(said[slots[0]])
    written = float(m.group(1).replace(",", "."))
    if value not in (written, written * 1000, written * 1024):
        return reading  # applied already (the conversation settles a turn more than once), or read otherwise
    if slot == "budget" and value < 1000 <= held:
        value *= 1000  # "бюджет 500 тысяч" .. "а на 100 больше?": thousands, as the budget was said
    total = held + value if m.group(2).lower() == "больше" else held - value
    if total <= 0:
        return reading
    typed = int(total) if isinstance(getattr(previous, slot), int) else total
    reading.scenario = reading.scenario.model_copy(update={slot: typed})
    return reading


# "3090 Ti", "4090 D": a card-shaped name the catalog lacks (not a model's "nemo 12b")
_CARD_SHAPED = re.compile(r"(?<![\d.])\d{3,4}(?![\d.,]*\s*[bбmм]\b)", re.I)


_PSU_HOLDS = re.compile(r"(?:\bбп|блок\w* питани\w*|\bpsu|power supply)\b[^.?!]{0,24}\b(?:хват\w*|потян\w*|выдерж\w*|"
                        r"вытян\w*|enough|handle|cope|take it)", re.I)


def _settle(reading: "Reading", previous: Scenario | None) -> "Reading":
    _carry(reading, previous)
    if previous is not None and previous.gpu and reading.scenario.card_vram_gb and not reading.scenario.gpu and \
            any(_CARD_SHAPED.search(u) for u in reading.unknown_products) and "gpu" not in reading.withdrawn:
        # fifty-fourth pass: "what about two 3090 Ti 24GB cards instead?": a card the catalog lacks, sized by what was
        # said of it, takes the place of the one before (it had stayed an RTX A5000 beside the 24 GB)
        reading.withdrawn = [*reading.withdrawn, "gpu"]
    if reading.intent == "followup" and previous is None:
        # "поставлю вторую 3060 к своей, будет быстрее?" as the first question: nothing to follow, so what it asks is
        # the classifier's best reading of its words (the rules only saw a change of a value)
        p = classifier.probabilities(reading.text)
        if p is not None:
            top: str = max(p, key=p.__getitem__)
            reading.intent = top  # type: ignore[assignment]
    fit_asked = reading.intent == "vram" and (reading.scenario.model or reading.scenario.params_b) and \
        (reading.scenario.gpu or reading.scenario.card_vram_gb) and _FIT_ASKED_LAST.search(reading.text)
    # options with their own counts: said outright; forty-eighth pass: nor "модель квен3 30б … на одной rtx pro 6000
    # поместится?", the model and the card named and the fit asked last
    # seventy-fourth pass: "will my psu handle it if I run qwen 32b all day?": the PSU asked of, the model a condition
    psu_asked = reading.intent == "power" and _PSU_HOLDS.search(reading.text)
    if not (reading.intent == "compare" and reading.scenario.gpu_counts) and not fit_asked and not psu_asked:
        reading.intent = classifier.combine(reading.intent, reading.text)  # type: ignore[assignment]
    if reading.intent == "out_of_scope" and not reading.scenario.is_empty() and (
            off_topic(reading.text) or OTHER_GOODS.search(reading.text)):
        # thirty-fourth pass: "lol unrelated, can you recommend a gaming chair under 300 bucks" in the middle of a
        # sizing chat: its numbers are the chair's, never the conversation's budget
        reading.scenario = Scenario()
    if reading.withdrawn and previous is not None and reading.intent in ("out_of_scope", "knowledge", "greeting"):
        reading.intent = "followup"  # thirty-sixth pass: "забудьте про бюджет": the same question without the sum
    if reading.intent == "upgrade" and reading.scenario.gpu_count is not None:
        # twenty-first pass: "we have one 3060, thinking of adding a second one": an upgrade question is about the
        # cards owned, and the message says how many; the ordinal names the card added, not the count now
        reading.relative = [c for c in reading.relative if not (c.slot == "gpu_count" and c.op == "set")]
    return reading


ANSWERABLE = frozenset(_RANGE)  # the slots a bare number can fill, so the slots a question may ask about


def _answers_question(reading: "Reading", previous: Scenario | None) -> None:
    """A bare number answering the question the last turn asked (`Scenario.asked`, set by framing): one of the
    values offered, or one between them ("10 или 15 человек" .. "ну пусть будет 15"); a chip edited since answered it."""
    asked = previous.asked if previous is not None else None
    # a short reply, not a new question; or a short first sentence that replies before the rest goes on (thirty-third
    # pass: "ну давайте на тридцать считать. модель хотим квин 32б в fp8")
    # (fresh40: or a first clause, "давайте считать на 180, а модель берём квен3 30б а3б")
    first = re.split(r"(?<=[.!?;])\s+|,\s+(?=(?:а|и|но|and|but)\s)", reading.text.strip(), maxsplit=1)[0]
    if not asked or len(first.split()) > 8:
        return
    # the number in digits ("ну пусть будет 15"), or in words with nothing else read in that sentence ("давайте считать
    # на пятнадцать")
    words = [] if reading.unattached else [w for w in _loose_number_words(reading) if w.end <= len(first)]
    if words and not reading.scenario.is_empty() and any(
            sp.start < len(first) for group in reading.spans.values() for sp in group):
        words = []
    if _offered_value_read_elsewhere(reading, asked, len(first)):
        return
    if len(reading.unattached) + len(words) != 1:
        return
    (slot, values), = asked.items()
    span = (reading.unattached or words)[0]
    value = parse_plain_number(span.text) if reading.unattached else word_value(span.text)
    if value is None or getattr(reading.scenario, slot) is not None or getattr(previous, slot) is not None:
        return
    if slot in ("budget", "server_price") and not min(values) <= value <= max(values) and \
            min(values) <= value * 1000 <= max(values):
        value *= 1000  # "то ли 300 то ли 400 тыщ" .. "партнёр сказал 400": the thousands the question was in
    if not min(values) <= value <= max(values):
        # "ну пусть будет сорок" after "10 или 15 человек?": an answer to the question, but to no value offered: named
        # back (in words as well as digits), in the conversation's question, never guessed and never out of scope
        if not reading.unattached:
            reading.unattached = [span]
        if reading.intent in ("out_of_scope", "knowledge", "greeting"):
            reading.intent = "followup"  # type: ignore[assignment]
        return
    reading.scenario = reading.scenario.model_copy(update={slot: int(value) if slot in _INTS else value})
    reading.spans.setdefault(slot, []).append(span)
    reading.unattached = []
    if reading.intent in ("out_of_scope", "knowledge", "greeting"):
        reading.intent = "followup"  # type: ignore[assignment]


def _offered_value_read_elsewhere(reading: "Reading", asked: dict[str, list[float]], end: int) -> bool:
    """Fifty-third pass: one of the values offered, read by the reply's own words into another count or at another
    scale ("человек двадцать-двадцать пять" .. "считайте на двадцать пять. сколько тогда 4090 надо?", read as 25 cards;
    "то ли 300 то ли 400 тыщ" .. "партнёр сказал 400", read as 400): the answer to the question asked."""
    (slot, values), = asked.items()
    s = reading.scenario
    for other in (slot, "gpu_count", "users"):
        got, spans = getattr(s, other, None), reading.spans.get(other) or []
        if not isinstance(got, (int, float)) or not spans or spans[0].start >= end:
            continue
        if other == slot and got not in values and got * 1000 in values and slot in ("budget", "server_price"):
            value = got * 1000
        elif other != slot and slot in ("gpu_count", "users") and got in values and getattr(s, slot) is None:
            value = got
        else:
            continue
        update = {slot: int(value) if slot in _INTS else value} | ({other: None} if other != slot else {})
        reading.scenario = s.model_copy(update=update)
        reading.spans[slot] = reading.spans.pop(other)
        return True
    return False


# "то 6 то 9", "6 или 9", "6-9", "between 6 and 9": two values offered where the conversation holds one
_OFFERED = re.compile(r"(?:\bто\s+(\d+)\s*,?\s*то\s+(\d+))|(?:\b(\d+)\s*(?:или|либо|or|-|–|to)\s*(\d+)\b)", re.I)


_MAKE_IT = re.compile(r"\b(?:make it|make that|let'?s make it|let'?s say|сделаем|сделайте|пусть будет|считайте на|считаем на)\s*$", re.I)


_CONTEXT_SIZES = {n * 1000.0 for n in (4, 8, 16, 32, 64, 128, 256)}
_MONEY_SAID = re.compile(r"бюджет|денег|деньг|стои|цен[аыу]|руб|бакс|доллар|евро|budget|money|cost|price|[$€₽]", re.I)


def _context_said_as_thousands(reading: "Reading", previous: Scenario | None) -> None:
    """42nd pass: "хотя нет, говорят и тридцати двух тыщ хватит" after "контекст 64к": a context's size in slang
    thousands, in a conversation that holds a context and no sum, revises the context (it had become a budget)."""
    s = reading.scenario
    if previous is None or previous.context is None or previous.budget is not None or s.budget not in _CONTEXT_SIZES \
            or s.currency is not None or s.context is not None or _MONEY_SAID.search(reading.text):
        return
    reading.scenario = s.model_copy(update={"context": int(s.budget or 0) // 1000 * 1024, "budget": None})
    reading.spans["context"] = reading.spans.pop("budget", [])


_INSTEAD = re.compile(r"\b(?:вместо|instead of)\b", re.I)


_SERVERS_AFTER = re.compile(r"\s*(?:таких\s+(?:же\s+)?|such\s+|more\s+)?(?:сервер\w*|сервак\w*|узл\w*|узел|нод\w*|машин\w*|"
                            r"servers?|nodes?|boxes|box|machines?|rigs?|шасси|комп\w*)\b", re.I)


def _made_it(reading: "Reading", previous: Scenario | None) -> None:
    """42nd pass: "Actually make it 8" after "6 of 'em at once": a bare number said as a new value for the one count
    the conversation holds (people or cards) is that count; with both held it is asked."""
    if previous is None or len(reading.unattached) != 1:
        return
    span = reading.unattached[0]
    if _SERVERS_AFTER.match(reading.text[span.end:]):
        return  # seventy-third pass (a review): "а если взять два таких сервера?": servers, named back, never cards
    held = [sl for sl in ("users", "gpu_count") if getattr(previous, sl) is not None]
    value = parse_plain_number(span.text)
    value = word_value(span.text) if value is None else value
    before = reading.text[:span.start]
    taken_out = False
    if before.split() and _TAKE_VERB.match(before.split()[-1].lower()):
        held = ["gpu_count"] if previous.gpu_count is not None else []  # "а вместо двух 4090 возьмём четыре?": cards
        # the count said after "вместо" is the one taken out
        taken_out = reading.scenario.gpu_count == previous.gpu_count and bool(_INSTEAD.search(before))
    elif not _MAKE_IT.search(before):
        return
    if len(held) != 1 or value is None or getattr(reading.scenario, held[0]) is not None and not taken_out:
        return
    lo, hi = _RANGE[held[0]]
    if lo <= value <= hi and value == int(value):
        reading.scenario = reading.scenario.model_copy(update={held[0]: int(value)})
        reading.spans.setdefault(held[0], []).append(span)
        reading.unattached = []
        if reading.intent in ("out_of_scope", "knowledge", "greeting"):
            reading.intent = "followup"  # type: ignore[assignment]


def _revised_as_two(reading: "Reading", previous: Scenario | None) -> None:
    """Thirty-seventh pass: "хотя в смене то 6 то 9 бывает" after "в смене 6 человек": a follow-up that offers two bare
    values, one of them a slot's value now, takes that value back; both are asked about, neither is guessed."""
    if previous is None or reading.new_model or len(reading.unattached) != 2:
        return
    m = _OFFERED.search(reading.text)
    if m is None:
        return
    said = [float(v) for v in m.groups() if v]
    if sorted(said) != sorted(v for v in (parse_plain_number(sp.text) for sp in reading.unattached) if v is not None):
        return
    slots = [sl for sl in _RANGE if getattr(previous, sl) is not None and float(getattr(previous, sl)) in said]
    if len(slots) == 1 and getattr(reading.scenario, slots[0]) is None:
        reading.conflicts[slots[0]] = list(reading.unattached)
        reading.unattached = []
        reading.withdrawn = sorted({*reading.withdrawn, slots[0]})
        if reading.intent in ("out_of_scope", "knowledge", "greeting"):
            reading.intent = "followup"  # type: ignore[assignment]


def _pointed_back(reading: "Reading", previous: Scenario | None) -> None:
    """Thirty-seventh pass: "would a single RTX 5090 be enough for those 5?" after 5 users: the value held, pointed at;
    read as that slot's (it stays as it is), not asked about."""
    if previous is None:
        return
    for sp in list(reading.unattached):
        value = parse_plain_number(sp.text)
        held = [sl for sl in _RANGE if value is not None and getattr(previous, sl) is not None and
                float(getattr(previous, sl)) == value]
        if len(held) == 1 and _POINTED.search(reading.text[:sp.start]) and getattr(reading.scenario, held[0]) is None:
            reading.unattached.remove(sp)
            reading.spans.setdefault(held[0], []).append(sp)
            # forty-ninth pass: said outright, so that a new model named with it ("would two 5090s run qwen3 32b for
            # those 5?") keeps it too (a new model's scenario starts afresh but for the money)
            reading.scenario = reading.scenario.model_copy(update={held[0]: getattr(previous, held[0])})


# fifty-second pass: "давай как было, на одной. бп у меня 650 ватт, хватит?": going back to a card count, said with the
# count, in a message long enough to ask something else too
_BACK_TO = re.compile(r"\bкак (?:было|раньше)\b|\bобратно\b|\bвернём\w*|\bвернем\w*|\bback to\b|\bgo back\b|"
                      # sixty-seventh pass: "а если всё-таки остаться на одной, а остальное выгрузить в оперативку?"
                      r"\bоста(?:ться|ёмся|емся|вить|вим|нусь|немся|ваться)\b|\bstay(?:ing)? (?:on|with|at)\b|\bstick (?:to|with)\b",
                      re.I)
_ON_COUNT = re.compile(r"\b(?:на|с|к|with|on|to)\s+(одн(?:ой|у|а)|двух|две|два|тр[её]х|три|четыр[её]х|четыре|one|two|three|four)\b",
                       re.I)


def _back_to_a_count(reading: "Reading", previous: Scenario | None) -> None:
    from assistant.reading import Span

    if previous is None or previous.gpu_count is None or reading.scenario.gpu_count is not None or \
            not _BACK_TO.search(reading.text) or not (m := _ON_COUNT.search(reading.text)):
        return
    n = word_value(m.group(1))
    if n and n != previous.gpu_count:
        reading.scenario = reading.scenario.model_copy(update={"gpu_count": int(n)})
        reading.spans.setdefault("gpu_count", []).append(Span(start=m.start(1), end=m.end(1), text=m.group(1)))


# fifty-second pass: "тогда сколько таких карт надо?": the count held is the question now, not an answer kept
# (fifty-third pass: or the card by its name, "how many L40S would we need", "сколько тогда 4090 надо")
_HOW_MANY_CARDS = re.compile(r"\bсколько (?:\w+ ){0,2}(?:карт\w*|видеокарт\w*|видюх\w*|гпу|gpu|их|[a-z]*\d{2,}\w*)\b|"
                             r"\bhow many (?:\w+ )?(?:cards|gpus|of them|[a-z]*\d{2,}\w*)\b", re.I)


def _how_many_asked_again(reading: "Reading", previous: Scenario | None) -> None:
    if previous is not None and previous.gpu_count and reading.scenario.gpu_count is None and \
            reading.intent in ("recommend", "followup") and _HOW_MANY_CARDS.search(reading.text) and \
            not reading.relative:
        reading.withdrawn = sorted({*reading.withdrawn, "gpu_count"})


# "на сколько она будет шустрее моей?", "how much faster than mine?": the card named set against the one held
_THAN_MINE = re.compile(r"(?:быстрее|шустрее|медленнее|faster|quicker|slower)\s+(?:\w+\s+){0,3}?(?:мо(?:ей|его)|нынешн\w*|"
                        r"текущ\w*|than (?:mine|my (?:current |old )?(?:one|card)))\b|по сравнению с (?:мо\w+|нынешн\w+|текущ\w+)|"
                        r"compared (?:to|with) (?:mine|my (?:current |old )?(?:one|card))", re.I)


def _against_own(reading: "Reading", previous: Scenario | None) -> None:
    """Sixty-first pass: "а если взять 5060 ти на 16, на сколько она будет шустрее моей?" after the customer's 3060: the
    two cards compared (fresh53, fresh55 label it so), not a speed of the new one alone."""
    s = reading.scenario
    if previous is None or not previous.gpu or not s.gpu or s.gpu == previous.gpu or s.gpus or \
            s.model not in (None, previous.model) or not _THAN_MINE.search(reading.text):
        return
    reading.scenario = s.model_copy(update={"gpus": [previous.gpu, s.gpu], "gpu": None})
    reading.intent = "compare"  # type: ignore[assignment]


def _all_the_cards(reading: "Reading", previous: Scenario | None) -> None:
    """Sixty-first pass: "а полным файнтюном на всех четырёх?" after four cards for eight people: all the cards held,
    not four people ("enough for all 150?" stays the people)."""
    spans = reading.spans.get("users") or []
    if previous is None or not previous.gpu_count or reading.scenario.users != previous.gpu_count or \
            previous.users in (None, previous.gpu_count) or len(spans) != 1 or \
            not re.match(r"(?:all|всех|всем|все)\b", spans[0].text, re.I):
        return
    reading.scenario = reading.scenario.model_copy(update={"users": None, "gpu_count": previous.gpu_count})
    reading.spans["gpu_count"] = reading.spans.pop("users")


_CARD_SLOTS = ("gpu", "gpu_count", "gpus", "gpu_counts", "card_vram_gb")


def _same_card_bare(reading: "Reading", previous: Scenario | None) -> None:
    """Sixty-seventh pass (a review): "у нас 2x A100 40GB" .. "а если добавить ещё одну A100 — хватит?": the card named
    bare is the one on the table, not the catalog's default variant of it (an A100 80GB had replaced the 40 GB ones)."""
    s = reading.scenario
    if previous is None or not previous.gpu or not s.gpu or s.gpu == previous.gpu or s.gpus or \
            card_family(s.gpu) != card_family(previous.gpu) or \
            any(_VARIANT_SAID.search(sp.text) for sp in reading.spans.get("gpu", [])) or s.card_vram_gb or \
            re.search(r"\bswap|\breplace|\bswitch|поменя|замен|смен|перейти|перейд", reading.text, re.I):  # "swap to a100"
        return
    reading.scenario = s.model_copy(update={"gpu": previous.gpu})


_VARIANT_SAID = re.compile(r"\d+\s*(?:gb|гб|g\b|гиг)|sxm|pcie|nvl|\b(?:40|80|48|24|32|16|94|141)\b", re.I)


def card_family(gpu: str | None) -> str | None:
    """A card's id without its form factor and memory ("a100-sxm-80gb", "a100-pcie-40gb" -> "a100")."""
    return re.sub(r"(?:-(?:sxm\d?|pcie|nvl|\d+gb))+$", "", gpu) if gpu else None


def _vendors_pick(reading: "Reading", previous: Scenario | None) -> None:
    """Sixty-seventh pass: "интегратор предлагает четыре RTX 6000 Ada" .. "а что бы вы сами предложили?", "собирать с
    нуля — какие карты вы бы взяли?": the cards on the table are not the vendor's pick, so they are not carried."""
    if previous is None or not (previous.gpu or previous.gpus or previous.card_vram_gb) or \
            any(getattr(reading.scenario, k) is not None for k in _CARD_SLOTS) or not asks_vendors_pick(reading.text):
        return
    reading.withdrawn = sorted({*reading.withdrawn, *_CARD_SLOTS})


# seventieth pass: "can't we get away with just one?", "would a single one do?", "and with only one card?" after the cards
_JUST_ONE = re.compile(r"\b(?:just|only)\s+(?:a\s+single|one)(?:\s+(?:card|gpu|of (?:them|those|these)))?"
                       r"(?=\s*(?:[?.!,]|$|then\b|instead\b|enough\b|do\b|work\b|suffice\b|be enough\b))|\ba single one\b|\b(?:get|getting) (?:away|by) with (?:a single|one)\b|"
                       r"\bone (?:card|gpu) (?:be )?enough\b", re.I)


# seventieth pass: "а чем она клиенту под инференс лучше L40S?" after a question about the L20: the card discussed set
# against the card named
_IT_AGAINST = re.compile(r"\b(?:она|он|оно|эта|этот|it|this one|that one)\b[^.?!]{0,30}?\b(?:лучше|хуже|быстрее|медленнее|"
                         r"дешевле|дороже|выгоднее|тише|better|worse|faster|slower|cheaper|quieter)\b", re.I)


def _it_against(reading: "Reading", previous: Scenario | None) -> None:
    s = reading.scenario
    if previous is None or not previous.gpu or previous.gpus or not s.gpu or s.gpus or s.gpu == previous.gpu or \
            reading.new_model or not _IT_AGAINST.search(reading.text) or \
            re.search(r"\brent|\bcloud|аренд|облак", reading.text, re.I):  # "would it be cheaper to rent an H100?": cost
        return
    reading.scenario = s.model_copy(update={"gpus": [previous.gpu, s.gpu], "gpu": None, "gpu_count": None})
    reading.intent = "compare"  # type: ignore[assignment]


def _cards_added(reading: "Reading", previous: Scenario | None) -> None:
    """Seventieth pass (a review): cards added to those on the table ("ещё две"). Said of another card ("а если взять ещё
    две 3090" after four 4090) they are that card's count, not one of it plus two; said beside a new model ("возьмём
    ещё 8 и будем обучать 405b") they are added to the cards held, which a new model would otherwise drop."""
    adds = [c for c in reading.relative if c.slot == "gpu_count" and c.op == "add"]
    s = reading.scenario
    if not adds or previous is None or not previous.gpu:
        return
    if s.gpu and card_family(s.gpu) != card_family(previous.gpu):
        reading.relative = [Change(slot="gpu_count", op="set", value=c.value) if c in adds else c for c in reading.relative]
    elif reading.new_model and not s.gpu and s.gpu_count is None and not previous.gpus:
        total = (previous.gpu_count or 1) + sum(c.value for c in adds)
        reading.scenario = s.model_copy(update={"gpu": previous.gpu, "gpu_count": int(total)})
        reading.relative = [c for c in reading.relative if c not in adds]


# the first model named joins what was said before it (assistant/scenario.py), but not the hardware the customer says
# the model will not run on: new hardware, cards to choose, the old ones sold or forgotten, another place or person
# (seventy-first pass, a review: "у меня 4090" .. "какую карту купить для квен 72б?" had been sized on the 4090)
_NOT_ON_IT = re.compile(
    r"\bнов\w* (?:железо|железк\w*|сервер\w*|сервак\w*|карт\w*|видеокарт\w*|видюх\w*|кластер\w*|машин\w*|комп\w*|сборк\w*|узел|узл\w*)|"
    r"\b(?:brand )?new (?:hardware|server|box|build|card|gpu|cluster|machine|rig|node)s?\b|\bbrand new\b|"
    r"\bвместо (?:не[её]|него|них|эт\w+|мо\w+|наш\w+)\b|\binstead\b|\bпрода(?:м|дим|ть|ём|ем|жа)\b|\bsell(?:ing)? (?:it|them|my|our)\b|"
    r"\bвыкин\w*|\bзабуд\w* (?:про |о |об )?(?:мо\w+|наш\w+|эт\w+|не[её]|них|карт\w*|видюх\w*)|"
    r"\bforget (?:about )?(?:my|our|the|that|this|it)\b|\bне рассчитыва\w*|\bdon'?t count on\b|"
    r"\b(?:какую|какой|какие|каких|сколько) (?:\w+ )?(?:карт\w*|видеокарт\w*|видюх\w*|сервер\w*|сервак\w*|железо|gpu|гпу) "
    r"(?:\w+ ){0,2}(?:купить|взять|брать|выбрать|заказать|покупать)|"
    r"\bwhat (?:\w+ )?(?:gpus?|cards?|servers?|hardware|box) (?:should|do|would|can) (?:i|we) (?:buy|get|order)\b|"
    r"\b(?:для|на) (?:другого|другой|другу|друга|работ[уы]|офис\w*)\b|\bдругу\b|\bfor (?:a|my|our) (?:friend|office|other)\b|"
    r"\bдруг\w* проект\w*|\banother project\b|\bне про не[её]\b|\bnot about (?:it|my|our)\b|"
    # seventy-second pass (a review of the model named in place of another): another person or place: a client, a
    # colleague, a relative, home; cards already sold, or the cloud instead
    r"\b(?:для|на) (?:клиент\w*|заказчик\w*|соседн\w*|брат\w*|сестр\w*|сын\w*|дочер\w*|коллег\w*|жен\w*|муж\w*|"
    r"дом|домашн\w*)\b|\bдома\b|\bколлег[еи] (?:нужн\w*|хочет|на)\b|\bсыну\b|\bдочке\b|\bпроект друг\w*|\bу не[её] ничего\b|"
    r"\bfor (?:a|my|our|the|another|his|her) (?:client|customer|colleague|son|daughter|team|home|brother|sister|kid|cousin|"
    r"friend|nephew|niece|dad|mom|mum|father|mother|wife|husband|girlfriend|boyfriend|uncle|aunt|parents)\w*|"
    r"\b(?:для|на) (?:кузен\w*|двоюродн\w*|племянник\w*|племянниц\w*|отц\w*|пап(?:ы|е|у|ой)|мам(?:ы|е|у|ой)|родител\w*|друз\w*|подруг\w*)\b|"
    r"\bother team\b|\bcolleague needs\b|\btheir own\b|\bmy home\b|"
    r"\bпрода(?:л|ли|ла)\b|\bsold\b|\bgot rid\b|\bизбави\w*|\bв облак\w*|\bin the cloud\b",
    re.I)
# after a model, hardware to choose asked in other words ("а под дипсик р1 что брать?", "what hardware for 405b?");
# before the first model "у меня 4090, что нужно чтобы запустить квен 14б?" is asked of that 4090
_CHOOSE = re.compile(
    r"\b(?:что|чего|чо|чё|че|шо) (?:\w+ )?(?:брать|взять|купить|нужно|надо|посовету\w*|выбрать|докупать не)\b|\bподбер\w*|"
    r"\bкак(?:ое|ой|ую|ие|ого) (?:\w+ )?(?:железо|железк\w*|сервер\w*|сервак\w*|сборк\w*|конфиг\w*)|"
    r"\bсколько (?:\w+ )?(?:нужно|надо|понадоб\w*|потребу\w*) (?:\w+ )?(?:карт|видеокарт|видюх|gpu|гпу)|"
    r"\bсколько (?:\w+ )?стои\w* (?:\w+ )?(?:сервер|сервак|железо|сборк)|\bвтор\w* (?:сервер|сервак|узел)|\bзамени\w* карт|"
    r"\bsecond (?:server|box|node)\b|\bwhat (?:would|do|will|should) (?:i|we) (?:need|get|buy)\b|"
    r"\bhow many (?:gpus|cards) (?:do|would|will|should)\b|\bwhat hardware\b|\bspec (?:me|us|out)\b|"
    r"\bwhat (?:do|would) you recommend\b|\bhow much would (?:a|the) (?:server|box|build)\b", re.I)
_ON_THESE = re.compile(r"\bдокуп\w*|\bк (?:моим|нашим|ним|ней|этим)\b|\bна (?:них|ней|этих|моих|наших)\b|\bon (?:them|these|it|my|our)\b|"
                       r"\bto (?:my|our|them)\b|\bна (?:этом|том|той|этой) же\b|\b(?:эти|их|these|them) (?:оставить|оставим|keep)\b|"
                       r"\bили (?:хватит|хватает|норм\w*|потянет|пойд[её]т)\b|\bor (?:is|are) (?:it|they|that) (?:enough|fine)\b", re.I)
# "вместо неё" after a model is the model replaced, not the cards ("А если вместо неё взять Llama 3.3 70B?")
_INSTEAD_OF_IT = re.compile(r"\bвместо (?:не[её]|него|них|эт\w+)\b|\binstead\b", re.I)
# a model run, not trained ("а потом гонять квен 72б на них же?"): the fine-tune said for the old model stays behind
_RUN_ONLY = re.compile(r"\bгонять\b|\bпросто (?:гонять|запуск\w*|для)\b|\bдля чата\b|\bбез (?:обучения|дообучения|файнтюн\w*)|"
                       r"\binference\b|\bинференс\w*|\bjust (?:run|serve|chat)\w*|\bserve it\b|\brun it\b", re.I)
_HARDWARE = ("gpu", "gpu_count", "card_vram_gb", "server", "ram_gb", "cpus", "psu_w", "gpus")


def _not_on_it(reading: "Reading", previous: Scenario | None) -> None:
    if previous is None or not reading.new_model:
        return
    replaced = bool(previous.model or previous.params_b)  # a model in place of another, not the first one
    gone: list[str] = []
    if replaced and previous.task not in (None, "inference") and reading.scenario.task is None and \
            _RUN_ONLY.search(reading.text):
        gone.append("task")
    m = _NOT_ON_IT.search(reading.text)
    chooses = replaced and bool(_CHOOSE.search(reading.text)) and not _ON_THESE.search(reading.text)
    if m and not (replaced and _INSTEAD_OF_IT.fullmatch(m.group(0))) and not _ON_THESE.search(reading.text) or chooses:
        gone += [k for k in _HARDWARE if getattr(previous, k) is not None and getattr(reading.scenario, k) is None]
        if replaced and reading.scenario.precision is None:
            gone.append("precision")  # the old setup's quantisation goes with it
    reading.withdrawn = sorted({*reading.withdrawn, *gone})


# what to buy asked in words ("сколько", "какую", "посоветуйте", "need"); "взять" alone takes the model ("а если вместо
# квена гемму взять?"), so it is not one of them here
_BUY_ASKED = re.compile(r"\b(?:какую|какой|какие|каких|сколько|скок\w*|which|how many)\b|посовет|подбер|recommend|suggest|"
                        r"advi[sc]e|options?\b|вариант\w*|закаж\w*|заказ\w*|\border\b|\bнужн\w*|\bнадо\b|\bneed\b|купить|"
                        r"покупать|\bbuy\b|\bwhat\b(?! about\b| if\b)|предлож\w*|рекоменд\w*|на что смотреть|подойд\w*|"
                        r"\bчто лучше\b|\bbest\b|\bideal\b|top pick|hardware|желез\w*|на ч[её]м\b|\bбрать\b", re.I)


_ADD_VERB_BEFORE = re.compile(r"\b(?:докуп|докин|подкин|добав|доставл|\badd)\w*\s+(?:(?:ещ[её]|сразу|им|к ним|туда)\s+)?$", re.I)
# a total said with its number ("всего будет 6", "making it 6"; not "сколько токенов будет?")
_TOTAL_SAID = re.compile(r"\b(?:всего|итого|будет|будут|станет|станут|in total|total(?: of)?|making it)\s+(?:их\s+|уже\s+)?"
                         r"(?:\d+|дв\w+|тр[её]\w*|четыр\w+|пят\w+|шест\w+|сем\w+|восем\w+|девят\w+|десят\w+|"
                         r"two|three|four|five|six|seven|eight|nine|ten|twelve|sixteen)\b", re.I)
_TAKEN_AWAY = re.compile(r"прода\w*|\bsell\w*|\bстары\w*|\bold ones\b|вместо|замен\w*|\breplac\w*|убер\w*|\bwithout\b|\bбез\b", re.I)
_NOT_CARDS_AFTER = re.compile(r"\s*(?:\S+\s+)?(?:бп|блок\w*|psus?|ssd|ссд|nvme|диск\w*|узл\w*|узел|сервер\w*|сервак\w*|nodes?|servers?|"
                              r"комп\w*|шасси|chassis|райзер\w*|risers?|месяц\w*|months?|гб|gb|tb|тб|кулер\w*|fans?|"
                              r"вентилятор\w*|планк\w*|модул\w*|стойк\w*|racks?)\b", re.I)


def _written(span) -> float | None:
    """The number a span opens with, as written ("2 карты" 2, "двадцать человек" 20)."""
    first = span.text.split()[0] if span.text.split() else ""
    return parse_plain_number(first) if first[:1].isdigit() else word_value(first)


def _added_by_verb(reading: "Reading", previous: Scenario | None) -> None:
    """Seventy-third pass (a review): "у нас 4 h100" .. "докупим 2 карты", "add 2 cards": a verb of adding before the
    count adds to the cards held (six), as "ещё 2" does; not a total said ("будет шесть"), nor another card."""
    s = reading.scenario
    people = reading.spans.get("users") or []
    if previous is not None and previous.users and s.users and s.gpu_count is None and len(people) == 1 and \
            not any(c.slot == "users" for c in reading.relative) and not _TOTAL_SAID.search(reading.text) and \
            _ADD_VERB_BEFORE.search(reading.text[max(0, people[0].start - 24):people[0].start]) and \
            _written(people[0]) == s.users:
        # "у нас 40 человек" .. "добавим 20 человек": so many more people (sixty), as "ещё 20 человек" is
        reading.scenario = s.model_copy(update={"users": previous.users + s.users})
        return
    if previous is None or not (previous.gpu or previous.card_vram_gb) or s.gpu_count is None or previous.gpus or \
            any(c.slot == "gpu_count" for c in reading.relative) or _TOTAL_SAID.search(reading.text) or \
            _TAKEN_AWAY.search(reading.text) or (s.gpu and s.gpu != previous.gpu) or \
            (s.card_vram_gb and s.card_vram_gb != previous.card_vram_gb):
        return
    spans = reading.spans.get("gpu_count") or []
    if spans and _NOT_CARDS_AFTER.match(reading.text[spans[0].end:]):
        return  # "докупим 2 бп", "добавим 2 сервера": other things added
    if len(spans) != 1 or not _ADD_VERB_BEFORE.search(reading.text[max(0, spans[0].start - 24):spans[0].start]):
        return
    if _written(spans[0]) != s.gpu_count:
        return  # added already (the conversation settles a turn more than once)
    total = (previous.gpu_count or 1) + s.gpu_count
    update: dict = {"gpu_count": total, "gpu": s.gpu or previous.gpu}
    people = reading.spans.get("users") or []
    if s.users and previous.users and len(people) == 1 and people[0].start > spans[0].end and \
            re.fullmatch(r"\s*(?:и|and|плюс|\+)\s*", reading.text[spans[0].end:people[0].start]):
        update["users"] = previous.users + s.users  # "докинем 2 карты и 20 человек": the people added with them
    reading.scenario = s.model_copy(update=update)


_SELLER_DOWN = re.compile(r"(?:поставщик|продав|интегратор|дистрибь?ютор|vendor|seller|supplier|integrator|reseller|dealer)\w*"
                          r"[^.?!]{0,30}?(?:уступ|скин|снизит|опуст|drops?\b|knocks?\b|cuts?\b|lowers?\b|brings?\b)", re.I)


_SELLER_DENIED = re.compile(r"\bне\s+(?:\w+\s+)?(?:уступ|скин|снизит|опуст)\w*|\b(?:уступ|скид|снижа)\w*\s+не\b|"
                            r"\b(?:won'?t|will not|doesn'?t|does not|refuses? to|not going to)\s+(?:\w+\s+)?(?:drop|knock|cut|lower|bring)", re.I)
_DOWN_TO = re.compile(r"(?:уступ|скин|снизит|опуст|drops?\b|knocks?\b|cuts?\b|lowers?\b|brings?\b)[^.?!,]{0,16}?\b(?:до|to)\s*$", re.I)


def _seller_comes_down(reading: "Reading", previous: Scenario | None) -> None:
    """Seventy-third pass (a review): "а если поставщик уступит до 9 млн?" in a talk that weighs the server's price
    against the cloud: the price brought down, not money to spend beside it."""
    s = reading.scenario
    if previous is None or not (previous.server_price or previous.cloud_hourly) or s.budget is None or \
            s.server_price is not None or not _SELLER_DOWN.search(reading.text) or _SELLER_DENIED.search(reading.text):
        return
    sums = reading.spans.get("budget") or []
    if len(sums) != 1 or not _DOWN_TO.search(reading.text[max(0, sums[0].start - 40):sums[0].start]):
        return  # "поставщик уступит, но у нас бюджет всего 9 млн": the sum is the budget said
    reading.scenario = s.model_copy(update={"server_price": s.budget, "budget": None})
    reading.spans["server_price"] = reading.spans.pop("budget", [])


def _model_in_place_on_the_cards(reading: "Reading", previous: Scenario | None) -> None:
    """Seventy-third pass: a model named in place of another keeps the cards (scenario.merge), so a bare "gemma 2
    27b?" or "а если вместо квена гемму 3 27б взять?" asks the question on the table about it, on those cards, not
    what to buy for it (the reader alone sees a model and no cards: a recommendation)."""
    s = reading.scenario
    if previous is None or not reading.new_model or reading.intent != "recommend" or \
            not (previous.model or previous.params_b) or not (previous.gpu or previous.card_vram_gb) or previous.gpus or \
            "gpu" in reading.withdrawn or s.gpu or s.gpus or s.card_vram_gb or s.budget or s.users or \
            _BUY_ASKED.search(reading.text):
        return
    reading.intent = "followup"  # type: ignore[assignment]


_MORE_BEFORE = re.compile(r"(?:\bещ[её]|\bmore|\banother|\bплюс|\bplus)\s*$", re.I)


def _just_one(reading: "Reading", previous: Scenario | None) -> None:
    """One card of those on the table, said in English words the reader leaves alone ("one" is no count by itself)."""
    if previous is None or not previous.gpu or reading.scenario.gpu_count is not None or reading.new_model or \
            any(ch.isdigit() for ch in reading.text) or len(reading.text.split()) > 12 or not _JUST_ONE.search(reading.text):
        return
    reading.scenario = reading.scenario.model_copy(update={"gpu_count": 1})
    if reading.intent in ("out_of_scope", "knowledge", "greeting"):
        reading.intent = "followup"  # type: ignore[assignment]


def _carry(reading: "Reading", previous: Scenario | None) -> "Reading":
    _answers_question(reading, previous)
    _pointed_back(reading, previous)
    _revised_as_two(reading, previous)
    _made_it(reading, previous)
    if previous is not None and not reading.new_model and (held := [
            sl for sl in reading.conflicts if sl in _RANGE and getattr(previous, sl) is not None and
            float(getattr(previous, sl)) in {parse_plain_number(sp.text.split()[0]) for sp in reading.conflicts[sl]}]):
        # thirty-seventh pass: "60 одновременных, а по моим прикидкам 40" after 40: the value held is one of those in
        # question, so the slot is unset until the customer answers, never kept silently (a range that leaves the held
        # value out, "10-15 человек" after 50 staff, keeps it, as fresh8 labels)
        reading.withdrawn = sorted({*reading.withdrawn, *held})
        if reading.intent in ("out_of_scope", "knowledge", "greeting"):
            reading.intent = "followup"  # type: ignore[assignment]
    if previous is not None and previous.task in ("lora", "qlora") and reading.scenario.task is None and \
            not reading.new_model and len(reading.text.split()) <= _MAX_WORDS and _FULL.search(reading.text) and \
            not re.search(r"точност|precision", reading.text, re.I):
        reading.scenario = reading.scenario.model_copy(update={"task": "full"})
    _meant_not_denied(reading, previous)
    _vendors_pick(reading, previous)
    _same_card_bare(reading, previous)
    _model_on_the_cards(reading, previous)
    _model_within_budget(reading, previous)
    _context_said_as_thousands(reading, previous)
    _instead_as_first_question(reading, previous)
    _back_to_a_count(reading, previous)
    _how_many_asked_again(reading, previous)
    _all_the_cards(reading, previous)
    _against_own(reading, previous)
    _just_one(reading, previous)
    _cards_added(reading, previous)
    _not_on_it(reading, previous)
    _model_in_place_on_the_cards(reading, previous)
    _seller_comes_down(reading, previous)
    _added_by_verb(reading, previous)
    _it_against(reading, previous)
    if previous is None or reading.new_model or len(reading.text.split()) > _MAX_WORDS:
        return reading
    _still_compared(reading, previous)
    _money_added(reading, previous)
    _money_not_context(reading, previous)
    _context_not_money(reading, previous)
    _wattage_follow_up(reading, previous)
    _variant_follow_up(reading, previous)
    _money_scale_kept(reading, previous)
    _price_of_owning(reading, previous)
    reading.unattached = [*reading.unattached, *_inverted_counts(reading)]
    # "а на двух?", and "а лорой на одной": a number word left loose beside a value the follow-up changed
    words = [] if reading.unattached or not _only_choices(reading.scenario) else _loose_number_words(reading)
    if not reading.unattached and not words:
        return reading
    update: dict = {}
    kept = []
    # "three days a week, same hours": days of a week, no hours; named back (fresh43: it had become 3 hours a month)
    days = [m.span(1) for m in _DAYS_A_WEEK.finditer(reading.text)]
    for span in [*reading.unattached, *words]:
        if any(a <= span.start and span.end <= b for a, b in days):
            kept.append(span)
            if span not in reading.unattached:
                reading.unattached = [*reading.unattached, span]
            continue
        value = parse_plain_number(span.text)
        if value is None and span in words:
            value = word_value(span.text)
        slot = None if value is None else _slot_for(value, reading.text, previous, reading.text[:span.start], span.text)
        if slot is not None and (_NO_SLOT_AFTER.match(reading.text[span.end:]) or _counted_thing(reading.text[span.end:]) or
                                 slot in ("budget", "server_price") and _PIECES_BEFORE.search(reading.text[:span.start])):
            # thirty-second pass: "описаний надо штук 500 в день" after a budget: pieces of something, never money
            slot = None  # "electricity is 12 cents per kwh", "по шесть копеек", "по 50 страниц": no slot's unit; named back
        if slot == "gpu_count" and (w := re.match(r"\s*([\w-]{2,})(?:\s+([\w-]+))?", reading.text[span.end:])) and \
                NOT_CARDS.match(w.group(1)) and not re.match(r"gpu|card|карт|видеокарт|видюх", w.group(2) or "", re.I):
            slot = None  # seventy-first pass: "купим ещё 2 райзера" (a word the dictionary lacks): no cards, named back
        if slot not in (None, "budget", "server_price") and _MORE_BEFORE.search(reading.text[:span.start]):
            slot = None  # "а если ещё 20?": so many more of something the reader did not add; asked, never set to 20
        if slot == "gpu_count" and any(c.slot == "gpu_count" for c in reading.relative):
            # seventy-first pass: "а если ещё одну, на 30 хватит?": the cards' change is said; the bare 30 is the people
            # the conversation counts, or asked about
            slot = "users" if previous is not None and previous.users is not None else None
        if slot == "users" and any(c.slot == "users" for c in reading.relative):
            # seventy-fourth pass (a review): "а если станет на 4 человека меньше, хватит одной?": the people's change is
            # said; the bare count beside it is the cards held, or asked
            slot = "gpu_count" if previous is not None and (previous.gpu or previous.gpu_count) else None
        if slot is not None and _POINTED.search(reading.text[:span.start]):
            slot = None  # "and for those 7?": a value pointed at that the conversation does not hold; asked (37th pass)
        if value is None or slot is None or slot in update or getattr(reading.scenario, slot) is not None:
            if span not in words:
                kept.append(span)
            continue
        update[slot] = int(value) if slot in _INTS else value
        reading.spans.setdefault(slot, []).append(span)
    if update:
        reading.scenario = reading.scenario.model_copy(update=update)
        reading.unattached = kept
        if reading.intent in ("out_of_scope", "knowledge", "greeting") or \
                (reading.intent == "upgrade" and _WHAT_IF.match(reading.text)):
            reading.intent = "followup"  # "а если оперативки докупить до 64?": the same question with a value changed
    return reading
