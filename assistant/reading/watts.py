"""The customer's own power supply: "бп на 850", "хватит киловатта полтора", "1600w psu", "у меня бп
киловатт", "4 блока по 3000 вт", "four 3000w psus".

A wattage is a number with a watt unit (glued: "1600w", "850вт", "2kw", "3квт"; or the next word: "вт",
"ватт", "кВт", "киловатта", "watts", "kw"), a kilowatt word with no digit ("киловатт", "киловатта
полтора", "киловаттник", "двухкиловаттный"), or a bare number right after a PSU word ("бп 1200", "бп на
850", "psu is 1000"). It is the customer's PSU when a PSU word stands next to it, or when the message
names a PSU or asks whether the power will do ("хватит ли 1600w на две 4090", "will 1300 watts do"), or
says the customer has it ("у меня сейчас стоит на 1000 ватт") -- and nothing says it is something else:
a rack's or a line's limit, a draw or a card's TDP ("стойка на 10 кВт", "карта жрёт 450 ватт") is no PSU;
such a wattage stays unattached and the customer is asked. Several units ("4 блока по 3000 вт", "four
3000w psus") are their sum. A kilowatt word alone is 1 kW only beside a PSU word or a "will it do"
question: "сколько киловатт" asks, it says nothing.
"""
from __future__ import annotations

import re

from assistant.reading.quantities import Attached
from assistant.reading.tokens import Token

_GLUED = re.compile(r"^(\d+(?:[.,]\d+)?)(w|вт|ватт\w*|kw|квт|киловатт\w*)$", re.I)
_WATT_WORD = {"w", "вт", "ватт", "watt", "watts", "ватта", "ваттов"}
_KW_WORD = {"kw", "квт", "киловатт", "kilowatt", "kilowatts", "киловатта", "киловаттов"}
# a kilowatt word with no digit: "киловатт", "киловаттник", "полуторакиловаттный", "двухкиловаттного"
_KW_SAID = re.compile(r"^(полутора|двух|тр[её]х|четыр[её]х)?киловатт?(?:а|ов|у|ом|ник\w*|н\w+)?$")  # "по киловату": a typo too
_KW_PREFIX = {None: 1.0, "полутора": 1.5, "двух": 2.0, "трёх": 3.0, "трех": 3.0, "четырёх": 4.0, "четырех": 4.0}
_PSU_NOUN = re.compile(r"^(?:бп|бпшник\w*|блок\w*|psus?|supply|supplies|киловаттник\w*|\w*киловаттн\w+)$")
_PSU_ANYWHERE = re.compile(r"\bбп\b|\bбпшник|\bблок\w*|\bpsus?\b|power suppl|киловаттник|киловаттн", re.I)
_ENOUGH = re.compile(r"хват|достаточн|потян|выдерж|справ|enough|suffic|handle|\bcope", re.I)
_HAVE = re.compile(r"у (?:меня|нас|клиента|заказчика)|\bстоит\b|\bесть\b|\bi have\b|\bwe have\b|\bi've got|\bgot an?\b|"
                   r"\bhas an?\b|\bhave an?\b", re.I)
# what a wattage is when it is not the customer's PSU: a rack, a line, a UPS, a draw, a card's TDP
_NOT_PSU = re.compile(r"стойк|\brack|розетк|\bлини[яиюей]|\bввод|\bфаз|circuit|\bfeed|\bибп|\bups\b|\btdp\b|\bтдп|"
                      r"потребл|consum|\bdraws?\b|жр[её]т|жрать|кушает|\bест\b|тепл|\bheat|сч[её]тчик|лимит|\blimit|огранич|undervolt|андервольт|"
                      r"available|доступн|выделен|per card|per gpu|each card|на карту|кажд|в месяц|per month|a month|в час|per hour|"
                      # fiftieth pass: another appliance's rating ("печь для обжига на 5 кВт"), no PSU of the computer
                      r"\bпеч[ьи]\b|\bпечк\w*|\bплит[аыу]\b|\bкот[её]л\w*|\bбойлер\w*|\bобогревател\w*|\bкондиционер\w*|"
                      r"\bсварк\w*|\bсварочн\w*|\bстан(?:ок|ка)\b|\bkiln|\boven|\bstove|\bheater|\bwelder|\bdryer|"
                      # fifty-second pass: "генератор у меня на 2 квт его вытянет?": a generator's rating, asked (no PSU)
                      r"\bгенератор\w*|\bgenerator|\bдизел\w*|\bбензогенератор\w*|\bинвертор\w*|\binverter|"
                      # fifty-ninth pass: "в серверной под новое железо осталось не больше 3 кВт": the room's power left
                      r"\bостал(?:ось|ся|ась) (?:не больше|не более|максимум|всего|только)\b|\bсерверн\w*|\bщит\w*", re.I)
# "у меня щас стоит киловатт", "у нас есть киловатт": a kilowatt the customer has installed is a unit they own (a PSU);
# not "сколько стоит киловатт" (the price of energy)
_OWN_UNIT = re.compile(r"\bу (?:меня|нас|клиента|заказчика)\b[^,.;?]*\b(?:стоит|есть|стоял)\b|\b(?:стоит|есть) у (?:меня|нас)\b",
                       re.I)
_PRICE_WORDS = re.compile(r"сколько|скок|почём|почем|цен[аеуы]|руб|₽|\$|€|тариф", re.I)
_AFTER_PSU = {"на", "в", "по", "is", "of", "at", "rated", "мощностью", ":", "-", "—", "питания", "power", "supply", "у",
              "меня", "уже", "стоит", "стоял", "около", "about", "around", "примерно",
              # "бп хватит 1200 на 4080", "psu enough 850 for a 3090": the question said between the PSU and its watts
              "хватит", "хватает", "ли", "норм", "потянет", "enough", "ok"}
_COUNT_CUES = {"по", "x", "х", "×", "of"}
_HUNDREDS = {100.0 * n for n in range(1, 10)}
_GLUED_COUNT = re.compile(r"^(\d)[xх×]$")


_THOUSAND = re.compile(r"^(?:тысяч\w*|тыщ\w*|тыс\.?|thousands?|grand)$")
_THOUSANDS_GLUED = re.compile(r"^(\d+(?:[.,]\d+)?)[kк]$")


def _spoken(tokens: list[Token], k: int) -> tuple[float, list[int]] | None:
    """A thousands figure said in words from token k: "две тыщи" 2000, "тыщу шестьсот" 1600, "полторы тысячи"
    1500, "two thousand" 2000 (seventeenth pass: the number words themselves stay one token each)."""
    t = tokens[k]
    if t.used or t.number is None:
        return None
    if _THOUSAND.match(t.low) and t.word_number:
        value, idx = 1000.0, [k]
    elif t.word_number and 0 < t.number < 1000 and k + 1 < len(tokens) and _THOUSAND.match(tokens[k + 1].low) and \
            not tokens[k + 1].used and not t.comma:
        value, idx = t.number * 1000, [k, k + 1]
    else:
        return None
    last = 1000.0
    j = idx[-1] + 1
    while j < len(tokens) and tokens[j].word_number and not tokens[j].used and not _THOUSAND.match(tokens[j].low) \
            and not tokens[j - 1].comma:
        said = tokens[j].number
        if not said or said >= last:
            break
        value += said  # "тыщу шестьсот": the hundreds said after the thousand
        last = said
        idx.append(j)
        j += 1
    return value, idx


def _wattage(tokens: list[Token], k: int) -> tuple[float, list[int]] | None:
    """(watts, token indices) of a wattage starting at token k, or None."""
    t = tokens[k]
    if (said := _spoken(tokens, k)) and said[1][-1] + 1 < len(tokens):  # "две тыщи ватт", "тысяча двести вт"
        after = tokens[said[1][-1] + 1]
        if after.low in _WATT_WORD or after.lemma == "ватт":
            return said[0], said[1] + [said[1][-1] + 1]
    if m := _GLUED.match(t.low):
        kilo = m.group(2).lower().startswith(("k", "к"))
        return float(m.group(1).replace(",", ".")) * (1000 if kilo else 1), [k]
    nxt = tokens[k + 1] if k + 1 < len(tokens) else None
    if (m := _THOUSANDS_GLUED.match(t.low)) and nxt is not None and (nxt.low in _WATT_WORD or nxt.lemma == "ватт"):
        return float(m.group(1).replace(",", ".")) * 1000, [k, k + 1]  # "бп на 2к ватт", "2k watt psu" (37th pass)
    u = k + 1  # "восемьсот пятьдесят ватт": the unit past the number's own words
    while u < len(tokens) and tokens[u].used == "number":
        u += 1
    unit = tokens[u] if u < len(tokens) else None
    # "с 10 до 19, киловатт у нас 9 руб": a comma between parts the number from the unit (fresh42: a 19 kW PSU)
    if t.number is not None and unit is not None and not t.used and not tokens[u - 1].comma:
        if unit.low in _WATT_WORD or unit.lemma == "ватт":
            return t.number, [k, u]
        if unit.low in _KW_WORD or unit.lemma == "киловатт":
            if u + 2 < len(tokens) and tokens[u + 1].low == "с" and tokens[u + 2].low == "половиной":
                return (t.number + 0.5) * 1000, [k, u, u + 1, u + 2]  # "два киловатта с половиной": 2.5 kW
            return t.number * 1000, [k, u]
        if unit.low in ("кило", "кила") and any(_PSU_NOUN.match(x.low) for x in tokens[max(0, k - 4):k]):
            return t.number * 1000, [k, u]  # "бп на два кило" (a review probe): slang for kilowatts after a PSU word
    if m := _KW_SAID.match(t.low):  # "киловатта полтора", "полтора киловатта", "двухкиловаттный"
        value = _KW_PREFIX.get(m.group(1), 1.0)
        if k + 2 < len(tokens) and tokens[k + 1].low == "с" and tokens[k + 2].low == "половиной":
            return (value + 0.5) * 1000, [k, k + 1, k + 2]  # "киловат с половиной": 1.5 kW, not 1 (a review probe)
        if nxt is not None and nxt.word_number and nxt.number and nxt.number < 10 and not nxt.used:
            return value * nxt.number * 1000, [k, k + 1]
        if nxt is not None and nxt.word_number and nxt.number in _HUNDREDS and not nxt.used and value == 1.0:
            return 1000 + nxt.number, [k, k + 1]  # "киловатт шестьсот": a kilowatt and six hundred watts, said aloud
        prev = tokens[k - 1] if k > 0 else None
        if prev is not None and prev.number is not None and not prev.used:
            return None  # "2 киловатта": read from the number's side
        return value * 1000, [k]
    return None


def _bare_after_psu(tokens: list[Token], k: int) -> bool:
    """"бп 1200", "бп на 850", "блок питания на 1000", "psu is 1000": a plain number after a PSU word."""
    t = tokens[k]
    if t.number is None or t.word_number or not 200 <= t.number <= 100_000 or t.used:
        return False
    nxt = tokens[k + 1] if k + 1 < len(tokens) else None
    if nxt is not None and (nxt.concept or nxt.has_digit) and not (t.comma or t.stop or t.closes_clause):
        return False  # "бп на 2 карты", "блок на 850 ... 4090": the number has a unit of its own (not "бп 1000, бюджет …")
    for n in range(k - 1, max(-1, k - 5), -1):
        if _PSU_NOUN.match(tokens[n].low) or tokens[n].lemma == "блок":
            return True
        if tokens[n].low not in _AFTER_PSU:
            return False
    return False


def _psu_near(tokens: list[Token], idx: list[int]) -> bool:
    """A PSU word within two words of the wattage: "1000w psu", "бп на 850 ватт", "блок питания 3 квт"."""
    a, b = min(idx), max(idx)
    return any(_PSU_NOUN.match(x.low) or x.lemma == "блок" for x in tokens[max(0, a - 3):min(len(tokens), b + 3)])


def _clause(text: str, tokens: list[Token], idx: list[int]) -> str:
    """The wattage's clause: between punctuation, and after "и/and" when a question follows it ("сколько
    потребляет сервак и хватит ли 2 бп по 3 квт": the draw is the other question's)."""
    a, b = tokens[min(idx)].start, tokens[max(idx)].end
    left = max(text.rfind(c, 0, a) for c in ",.;!?—")
    right = min([p for p in (text.find(c, b) for c in ",.;!?—") if p >= 0] or [len(text)])
    if cond := _CONDITION.search(text, b, right):  # "850w psu enough if i power limit it to 450w": the limit's clause
        right = cond.start()
    if asks := _AND_ASKS_AFTER.search(text, b, right):  # "бп 850 ... и сколько жрать будет": the draw is asked apart
        right = asks.start()
    joined = [m.end() for m in _AND_ASKS.finditer(text, left + 1, a)]
    return text[max([left + 1, *joined]):right]


_CONDITION = re.compile(r"\s(?:if|если|when|когда|unless|provided)\s", re.I)
# fifty-ninth pass: a second question after the wattage ("у меня бп 850 и две 3060 ... и сколько жрать будет")
_AND_ASKS_AFTER = re.compile(r"\s(?:и|and)\s+(?=сколько|скока|скоко|how much|how many|what)", re.I)
_AND_ASKS = re.compile(r"\s(?:и|and)\s+(?=хват|достаточ|потян|выдерж|will|is it|would|does|can)", re.I)


def _units(tokens: list[Token], idx: list[int]) -> tuple[float, list[int]]:
    """How many PSUs of that wattage: "4 блока по 3000 вт", "four 3000w psus", "2 бп по 1600"."""
    a, b = min(idx), max(idx)
    before = tokens[a - 1].number if a > 0 else None
    if a > 0 and (m := _GLUED_COUNT.match(tokens[a - 1].low)):
        before = float(m.group(1))  # "2x 6kw psus"
    if b + 1 < len(tokens) and re.match(r"^(?:psus|supplies|блок[аов]+|бп)$", tokens[b + 1].low) and \
            before is not None and 1 < before <= 8:
        return before, [a - 1, b + 1]  # "four 3000w psus"
    if a > 1 and _GLUED_COUNT.match(tokens[a - 1].low) and before is not None and 1 < before <= 8 and \
            any(_PSU_NOUN.match(x.low) or x.lemma == "блок" for x in tokens[max(0, a - 3):a - 1]):
        return before, [a - 1]  # seventy-seventh pass: "бп 2х1600w": two PSUs of 1600 W
    noun = a - 2  # "4 блока по 3000 вт"; thirty-second pass: "два блока питания по 1600вт"
    if noun > 0 and tokens[noun].low == "питания":
        noun -= 1
    if noun >= 1 and tokens[a - 1].low in _COUNT_CUES and _PSU_NOUN.match(tokens[noun].low):
        count = tokens[noun - 1].number
        if count is not None and 1 < count <= 8 and count == int(count):
            return count, list(range(noun - 1, a))
    return 1.0, []


def _each_after_psu(tokens: list[Token], k: int) -> tuple[float, list[int]] | None:
    """"блок питания два по тыщу шестьсот", "бп 2 по 1600", "psus two at 2000": a count of PSUs right after a PSU
    word, then "по/at" and each one's wattage (digits or words, no unit needed there): their sum."""
    t = tokens[k]
    if t.number is None or t.used or not 1 < t.number <= 8 or t.has_digit and len(t.low) > 1 or k + 2 >= len(tokens):
        return None
    if tokens[k + 1].low not in ("по", "at", "of", "x", "х", "×"):
        return None
    n = k - 1
    while n >= 0 and tokens[n].low in ("питания", "power", "supply", "supplies", "у", "меня", "нас", ":", "-", "—",
                                       "там", "будет", "будут", "стоит", "стоят", "их", "в", "нём", "нем", "ней", "in", "it"):
        # "блоков питания там будет два, по 3200 вт", "блоков питания в нём четыре по 2700 вт"
        n -= 1
    if n < 0 or not (_PSU_NOUN.match(tokens[n].low) or tokens[n].lemma == "блок"):
        return None
    each = _spoken(tokens, k + 2)
    if each is None and (kw := _KW_SAID.match(tokens[k + 2].low)):  # "два по киловатту", "два по полтора киловатта" aside
        each = (_KW_PREFIX.get(kw.group(1), 1.0) * 1000, [k + 2])
    if each is None:
        per = tokens[k + 2]
        if per.number is None or per.word_number or per.used or not 200 <= per.number <= 100_000:
            return None
        each = (per.number, [k + 2])
    end = each[1][-1]
    if end + 1 < len(tokens) and (tokens[end + 1].concept or tokens[end + 1].has_digit):
        return None  # "бп два по 2 карты": the number has a unit of its own
    return t.number * each[0], [k, k + 1, *each[1]]


def attach(tokens: list[Token], text: str) -> list[Attached]:
    """The customer's PSU capacity, one Attached per wattage read as a PSU (the caller marks its tokens)."""
    out: list[Attached] = []
    psu_said = bool(_PSU_ANYWHERE.search(text))
    for t in tokens:
        if (got := _each_after_psu(tokens, t.i)) and 100 <= got[0] <= 100_000:
            out.append(Attached("psu_w", int(round(got[0])), got[1]))
            for i in got[1]:
                tokens[i].used = "psu_w"
    for t in tokens:
        if t.used:
            continue
        got = _wattage(tokens, t.i)
        bare = got is None and _bare_after_psu(tokens, t.i)
        if bare:
            got = (float(tokens[t.i].number or 0), [t.i])
        if got is None:
            continue
        watts, idx = got
        said_alone = not tokens[idx[0]].has_digit and not tokens[idx[-1]].has_digit  # "киловатт", no digit
        if said_alone and t.i > 0 and tokens[t.i - 1].low in ("сколько", "many", "в", "per", "за", "на"):
            if not any(_PSU_NOUN.match(x.low) or x.lemma == "блок" for x in tokens[max(0, t.i - 4):t.i - 1]):
                # not "блок на киловатт", "блок питания на киловатт шестьсот"
                continue  # "сколько киловатт", "в киловаттах": a question, no value
        near = bare or _psu_near(tokens, idx) or bool(_PSU_NOUN.match(t.low))
        if not near and idx[0] > 0 and tokens[idx[0] - 1].low in ("по", "each", "@"):
            continue  # "4 карты по 450 вт": a wattage per item, not a supply
        other = _NOT_PSU.search(_clause(text, tokens, idx))
        psu = near and not other or not other and not _NOT_PSU.search(text) and (
            psu_said or _ENOUGH.search(text) or (not said_alone and _HAVE.search(text)) or
            (said_alone and _OWN_UNIT.search(text) and not _PRICE_WORDS.search(text)))
        if not psu or not 100 <= watts <= 100_000:
            continue
        n, extra = _units(tokens, idx)
        out.append(Attached("psu_w", int(round(watts * n)), sorted(idx + extra)))
        for i in idx + extra:
            tokens[i].used = "psu_w"
    return out
