"""Relative follow-ups: "ещё две" (count + 2), "вдвое больше пользователей" (users x 2), "usage doubles"
(hours x 2), "в два раза меньше" (x 0.5).

The reader cannot see the previous turn's scenario, so it returns the change, not the value:
`Change(slot, op, value)`; `apply` folds it into the carried scenario after `merge`. A change whose
slot the carried scenario lacks is dropped (nothing to change). A number the change was read from
is its span (`spans["relative"]`), so nothing is dropped silently.
"""
from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel

from assistant.reading.money import days_named, named_days
from assistant.reading.near import preposition_k
from assistant.reading.tokens import Token
from assistant.reading.words import COLLECTIVE, FRACTION_WORDS
from assistant.scenario import Scenario
from tools.lexicon import load_lexicon


class Change(BaseModel):
    slot: str
    # "shifts": the hours of that many shifts a day instead; "days": the same hours a day on so many days a year
    op: Literal["add", "mul", "set", "shifts", "days"]
    value: float


_TIMES = {"вдвое": 2.0, "втрое": 3.0, "вчетверо": 4.0, "double": 2.0, "doubles": 2.0, "doubled": 2.0,
          "triple": 3.0, "triples": 3.0, "tripled": 3.0, "twice": 2.0, "halve": 0.5, "halves": 0.5, "halved": 0.5}
_SLOT_WORDS = {"user": "users", "request": "users", "hour": "hours_per_month", "usage": "hours_per_month",
               "загрузка": "hours_per_month", "нагрузка": "hours_per_month", "gpu": "gpu_count", "piece": "gpu_count",
               "context": "context", "token": "context", "traffic": "users", "трафик": "users"}
_AS_MANY_AGAIN = re.compile(r"\b(?:ещ[её]|докуп\w*|добав\w*|возьм\w*)\s+(?:ещ[её]\s+)?столько же\b|\bas many (?:again|more)\b", re.I)
_MORE = {"ещё", "еще", "more", "another", "additional", "extra", "плюс"}
_CARD_COUNT_WORDS = {"одну", "две", "три", "четыре", "пару"}  # a card's gender and small counts; people are "двое", "20"
_LESS = re.compile(r"меньше|fewer|less", re.I)


def _slot(tokens: list[Token]) -> str | None:
    for t in tokens:
        for key in (t.concept, t.lemma, t.low):
            if key in _SLOT_WORDS:
                return _SLOT_WORDS[key]
    return None


_ADD_VERB = re.compile(r"такие же|таких же|same|of them|добав|докуп|докин|подкин|постав|воткн|\badd|install|put in|"
                      r"throw in", re.I)
# seventieth pass: "он возьмёт ещё две", "купим ещё 2", "закажем ещё две", "buy 2 more": buying is adding too, but
# not in stages ("возьмём две сейчас и ещё две потом": the four said first), and only cards ("купим ещё два бп по
# 1200", "возьму ещё 32 гига оперативы", "ещё две недели на тест", "buy 64 more GB" buy something else)
_BUY_VERB = re.compile(r"\bвозьм\w*|\bвзять\b|\bкуп(?:им|ит|лю|ить|ят)\b|\bзакаж\w*|\bзаказать\b|\bbuy\b", re.I)
_IN_STAGES = re.compile(r"\bсейчас\b.*\bпотом\b|\bnow\b.*\blater\b|\bсначала\b.*\bпотом\b|\bfirst\b.*\blater\b", re.I)
NOT_CARDS = re.compile(r"^(?:гиг|гб|gb|gig|тб|tb|террабайт|терабайт|оператив|озу|памят|ram|ddr|блок|бп|psu|ссд|ssd|nvme|"
                        r"диск|hdd|недел|дн|день|месяц|час|кулер|вентил|корпус|сервер|server|node|узл|стойк|rack|плашк|"
                        r"модул|ядр|cpu|процесс|лиценз|year|month|week|day|hour|drive|disk|fan|case|stick|quote|licen|seat|"
                        r"user|people|person|человек|польз|мест|год|лет|кабел|cable|юнит|unit|свитч|switch|коммутатор|"
                        r"riser|райзер|монитор|monitor|laptop|ноут|гарант|warrant|support|поддержк|кулер|cooler|клавиат|"
                        r"мыш|стул|chair|рабоч|копи|сервис|xeon|ксеон|зеон|epyc|эпик|threadripper|тредрип|ryzen|райзен)", re.I)
# not this setup's cards: refused ("we won't buy 2 more"), or for somewhere else ("для второго офиса", "for the other office")
_NOT_HERE = re.compile(r"\b(?:won'?t|don'?t|not|never)\s+(?:\w+\s+){0,3}?(?:buy|order|take)\w*|"
                       r"\bне\s+(?:будем\s+|станем\s+|хотим\s+)?(?:брать|покупать|куп\w*|возьм\w*|закаж\w*|заказывать)|"
                       r"\bдля (?:второго|другого|другой|нового|соседнего) (?:офиса|проекта|филиала|отдела|сервера|клиента)\b|"
                       r"\bfor (?:the other|another|a second|our other) (?:office|project|branch|team|server|client)\b", re.I)
_OPTION_AFTER = re.compile(r"^[\s\w-]{0,30}?\b(?:или|либо|or)\b", re.I)  # "купить ещё 2 или 4?", "ещё две или сразу h100"


def _other_goods(tokens: list[Token], n: int) -> bool:
    """What follows the count (within three words, up to a card's name or the clause's end) is no card: RAM, a PSU,
    weeks, a switch ("ещё 32 гига оперативы", "2 more of the 1200w psus")."""
    if tokens[n].comma or tokens[n].stop:
        return False  # "buy 2 more, how many users then?": the clause ends with the count
    for x in tokens[n + 1:n + 4]:
        if x.low in ("сколько", "how", "what", "какой", "какая", "какие"):
            return False  # the question begins: "ещё две сколько пользователей потянет?" (a review)
        if x.used == "gpu_name" or _CARD_WORD.match(x.low) or x.low in _GOVERNS_NOTHING:
            return False  # a card, or a preposition: "купим ещё 2 в следующем году", "ещё 2 с гарантией" are cards
        if NOT_CARDS.match(x.low) or re.fullmatch(r"\d+(?:w|вт)", x.low):
            return True
        if x.comma or x.stop:
            return False
    return False


_GOVERNS_NOTHING = {"в", "во", "на", "к", "ко", "с", "со", "до", "через", "по", "для", "под", "in", "on", "at", "by", "next",
                    "with", "for", "to", "and", "и", "а", "летом", "зимой", "осенью", "весной", "потом", "позже", "later",
                    "then", "годные", "рабочие", "новые", "б/у", "бу", "used", "new"}
_CARD_WORD = re.compile(r"^(?:карт|видеокарт|видюх|видях|gpu|гпу|card|штук|шт)", re.I)


def _buys_cards(tokens: list[Token], n: int, text: str, short: bool) -> bool:
    return bool(_BUY_VERB.search(text)) and not _other_goods(tokens, n) and \
        not _OPTION_AFTER.match(text[tokens[n].end:]) and not _IN_STAGES.search(text) and not _NOT_HERE.search(text)
# "возьму вторую такую же", "a second one", "докуплю третью": the card count becomes the ordinal
_ORDINAL = {"второй": 2, "третий": 3, "четвёртый": 4, "четвертый": 4, "пятый": 5, "second": 2, "third": 3, "fourth": 4}
_CARD_ORDINAL = {"вторую", "третью", "четвёртую", "четвертую", "пятую"}
_ORDINAL_CARD = re.compile(r"так\w* ?же|same|\bone\b|карт|видюх|видях|card|gpu|гпу", re.I)
# "докину третью", "воткну вторую", "throw in a third": verbs of putting a card in, as well as of buying one
_ORDINAL_VERB = re.compile(r"\bвзя|\bвозьм|\bприсмотр|\bпригляд|\beyeing\b|купл|куп|докуп|постав|докин|подкин|добав|воткн|вставл|встав|add|buy|get|"
                           r"throw|slot|plug", re.I)


# seventeenth pass: selling (or replacing) the card set against adding another of it, "sell my 3090 or add a second
# one", "продать её и взять 5090 или докупить вторую": an upgrade question; the ordinal is one option, not the count
# (eighteenth pass) or buying another card at once instead: "докупить третью или сразу взять rtx pro 6000",
# "add a third or switch to a 5090", "или перейти на 5090"
_SELL = r"(?:\bsell\w*|\bпрода(?:ть|м|ю|вать|ём|ем|дим)\b|\breplac\w*|\bswap\w*|\bпомен\w*|\bзамен\w*|\bсплав\w*|\bслить\b|" \
        r"\bсразу(?: (?:взять|купить|брать|перейти))?\b|\bперейти на\b|\bswitch\w* to\b|\bmove to\b|" \
        r"\bсня(?:ть|в)\b|\bвытащ\w*|\bвыня(?:ть|в)\b|\bpull\w* (?:it|the \w+) out\b|" \
        r"(?:\bещ[её]|\bmore)\s+(?:оперативк\w*|оперативы|озу|ram|памяти|memory)\b)"  # 48th pass: taking it out, or more RAM
_ADD_ONE = r"(?:\badd\w*|\bдокуп\w*|\bв довес\w*|\bдобав\w*|\bдокин\w*|\bвтор(?:ую|ой|ая)\b|\bтреть\w*|\bsecond\b|\bthird\b|\banother\b|" \
           r"\bещ[её] одн\w*)"
_TOTAL = {"будет", "станет", "станут", "всего", "итого", "получится", "total", "making"}
SELL_OR_ADD = re.compile(rf"{_SELL}.*\b(?:or|или|либо)\b.*{_ADD_ONE}|{_ADD_ONE}.*\b(?:or|или|либо)\b.*{_SELL}", re.I)


# (a review: "не буду докупать вторую такую", "вторую такую докупать не планирую", "может докуплю, может нет", "а пока
# влезет на одну?": no second card said)
_NOT_IN_CLAUSE = re.compile(r"\bне\b|\bnot\b|n't\b|\bможет\b|\bmaybe\b|\bпока\b|\bчерез\b|\bпотом\b|\blater\b", re.I)
_ON_ONE = re.compile(r"\bна одн(?:у|ой)\b|\bon (?:just )?one\b", re.I)


_OTHER_PART = re.compile(r"^(?:планк|плашк|памят|оперативк|озу|ssd|диск|блок|бп|материнк|мать|проц|кулер|корпус|монитор)")


def _sentence(text: str, at: int) -> str:
    start = max(text.rfind(c, 0, at) for c in ".;!?") + 1
    ends = [e for e in (text.find(c, at) for c in ".;!?") if e >= 0]
    return text[start:min(ends) if ends else len(text)]


_OPTION_OF_PARTS = re.compile(r"^\w+ (?:\w+ )?(?:или|or) (?:\w+ )?(?:оператив\w*|озу|памят\w*|ram|memory|бп|блок\w*|"
                              r"psu|проц\w*|cpu|ssd|диск\w*)\b", re.I)


def _ordinal(tokens: list[Token], text: str) -> tuple[list[Change], list[int]]:
    """In a short follow-up a verb of buying will do ("докуплю третью"); in a longer message the ordinal
    stands by a card ("хочу вторую 3060 поставить"), never alone ("вторая очередь", "a second opinion")."""
    for t in tokens:
        n = _ORDINAL.get(t.lemma) or _ORDINAL.get(t.low)
        if not n or t.used or t.i > 0 and tokens[t.i - 1].low in ("per", "в", "за"):
            continue
        near = tokens[max(0, t.i - 2):t.i + 3]
        words = " ".join(x.low for x in near if x is not t)
        card = _ORDINAL_CARD.search(words) or (t.i + 1 < len(tokens) and tokens[t.i + 1].used == "gpu_name") or \
            t.low in _CARD_ORDINAL and t.i + 1 < len(tokens) and tokens[t.i + 1].low == "такую" and \
            not _NOT_IN_CLAUSE.search(_sentence(text, t.start)) and not _ON_ONE.search(text) and \
            not (t.i + 2 < len(tokens) and _OTHER_PART.match(tokens[t.i + 2].low))  # "докуплю вторую такую"
        # fifty-ninth pass: in a longer message that names the card, a verb of getting just before the ordinal
        # ("две 3090 ... присмотрел с рук третью", "к уже стоящей H100 NVL хотим добавить вторую")
        after = tokens[t.i + 1] if t.i + 1 < len(tokens) else None
        alone = after is None or t.stop or t.comma or after.used == "gpu_name" or \
            after.low in ("—", "–", "-", "и", "если", "к", "and", "if", "to", "на", "с", "б/у", "бу", "from", "used")
        # (not "поставили второй стоечный сервер"; "взяли третью на авито", "присмотрел вторую б/у")
        # (a review: only the forms a card takes, "вторую", "третью": "купим второй" is a second server)
        named = alone and t.low in _CARD_ORDINAL and any(x.used == "gpu_name" for x in tokens) and \
            _ORDINAL_VERB.search(" ".join(x.low for x in tokens[max(0, t.i - 3):t.i]))
        if card or named or len(tokens) <= 10 and _ORDINAL_VERB.search(words):
            # "a second one", "a third one": the pronoun after the ordinal is no count of one card
            idx = [t.i] + ([t.i + 1] if t.i + 1 < len(tokens) and tokens[t.i + 1].low in ("one", "ones") else [])
            if SELL_OR_ADD.search(text) or _OPTION_OF_PARTS.search(text[t.start:]):
                # "продать 3090 или докупить вторую": one option weighed, not the count said; seventy-seventh pass:
                # "что докупать, вторую видюху или оперативу?": a card or another part, which to buy
                return [], idx
            return [Change(slot="gpu_count", op="set", value=float(n))], idx
    return [], []


_ALSO = re.compile(r"\bещ[её] и\b|\bтоже\b|\bтакже\b|\bплюс\b|\btoo\b|\balso\b|\bas well\b|\bplus\b|\bприхват\w*|"
                   r"\badd(?:ing)?\b|\bдобав\w*", re.I)  # forty-ninth pass: "and if we add Saturdays, same hours?"
_NEW_HOURS = re.compile(r"кругл\w* сут|круглосуточ|24/7|round the clock|around the clock|\bчас\w*|\bhours?\b|"
                        r"\bночь\w*|\bnights?\b", re.I)
# a schedule's hours a day kept (fifty-seventh pass: "с теми же часами", "на тех же часах", "same hours a day")
_SAME_HOURS = re.compile(r"\b(?:(?:с |на |в )?(?:те же|теми же|тех же|тем же)|(?:the )?same) (?:часы|часами|часах|часам|"
                         r"hours|hours a day|hours per day)\b", re.I)
_NO_DAYS_OFF = re.compile(r"\bбез выходных\b|\bвключая выходные\b|\bincluding weekends\b|\bno days off\b|"
                          # seventy-sixth pass (a review): "а с выходными?", "with weekends?"
                          r"(?<!не )\b(?:вместе )?с выходными\b(?! не)|\bwith (?:the )?weekends\b", re.I)
_WEEKEND = re.compile(r"\bвыходн\w*|\bweekends?\b", re.I)
# switching it off, said of a schedule held every day (not "по выходным не работает": the weekdays said again)
_OFF = re.compile(r"\b(?:вы|от)ключ\w*|\bгаси\w*|\bshut\w*|\b(?:turn|switch)\w* (?:it )?off\b", re.I)


_SHIFT_DROPPED = re.compile(r"\b(?:убер\w*|убрать|убираем|сократ\w*|отмен\w*|drop\w*|cut(?:ting)?|remov\w*|lose)\s+"
                            r"(?:(?:вторую|третью|ночную|вечернюю|одну|the second|the night|the evening|one|a)\s+)?(?:смен\w*|shifts?)\b|"
                            r"\b(?:вторую|ночную|вечернюю|second|night|evening)\s+(?:смену|shift)\s+(?:убер\w*|убрать|сократ\w*|"
                            r"отмен\w*|drop\w*|cut|remov\w*)|\bбез (?:второй|ночной|вечерней) смены\b", re.I)
_SHIFTS = re.compile(r"\b(одн[уаой]|дв[еу]|двух|тр[иеё]х|три|[1-4])\s+смен\w*|\b(one|two|three|single|[1-4])\s+shifts?\b", re.I)
_SHIFT_WORDS = {"одну": 1, "одна": 1, "одной": 1, "одно": 1, "две": 2, "двух": 2, "три": 3, "трех": 3, "трёх": 3,
                "one": 1, "single": 1, "two": 2, "three": 3}


def shifts_said(text: str) -> int | None:
    """The shifts a day a message names ("в две смены", "one shift"), else None."""
    return _shift_count(_SHIFTS.search(text))


def _shift_count(m: re.Match | None) -> int | None:
    if m is None:
        return None
    w = (m.group(1) or m.group(2)).lower()
    return int(w) if w.isdigit() else _SHIFT_WORDS.get(w)


def days_added(text: str) -> int:
    """The weekend days a follow-up adds to a weekday schedule ("и по субботам тоже", "and weekends too"), else 0."""
    if _NEW_HOURS.search(_SAME_HOURS.sub("", text)):
        return 0  # "а если круглые сутки без выходных": a schedule of its own, read as such
    if _NO_DAYS_OFF.search(text):
        return 2  # "а без выходных?", "including weekends": every day now
    if not _ALSO.search(text) or re.search(r"\bбез\b|\bwithout\b|\bтолько\b|\bonly\b|\bне\b|\bnot\b", text, re.I):
        return 0
    return 2 if _WEEKEND.search(text) else len(days_named(text) & {5, 6})


# seventy-fourth pass (stop 58's fresh clone): "…и людей станет на 10 больше, скорость на человека какая?": so many
# more people than held, wherever in the message it is said (the short follow-up alone had been read); a review: in the
# other word orders ("людей станет больше на 10", "на 10 человек больше"), and "5 fewer users", "the team grows by 10"
_PEOPLE = r"(?:люд\w*|человек\w*|чел|пользовател\w*|юзер\w*|сотрудник\w*)"
_PEOPLE_BY = [
    (re.compile(rf"\b{_PEOPLE}\s+(?:станет|будет|прибав\w*)\s+на\s+(\d{{1,4}}|\w+)\s+(больше|меньше)\b", re.I), 1, 2),
    (re.compile(rf"\b{_PEOPLE}\s+(?:станет|будет)\s+(больше|меньше)\s+на\s+(\d{{1,4}}|\w+)\b", re.I), 2, 1),
    (re.compile(rf"\bна\s+(\d{{1,4}}|\w+)\s+{_PEOPLE}\s+(больше|меньше)\b", re.I), 1, 2),
    (re.compile(r"\b(\d{1,4}|\w+)\s+(fewer|less)\s+(?:users|people|seats|employees)\b", re.I), 1, 2),
    # seventy-sixth pass: "уйдут 3 человека", "минус 5 человек", "3 человека уволятся": so many fewer
    (re.compile(rf"\b(?:уйд[уё]т|уходят|уволятся|уволим|уволят|сократим|сократят|сократится на|минус)\s+(?:ещё\s+|еще\s+)?"
                rf"(\d{{1,4}}|\w+)\s+{_PEOPLE}", re.I), 1, 0),
    (re.compile(rf"\b(\d{{1,4}}|\w+)\s+{_PEOPLE}\s+(?:уйд[уё]т|уходят|уволятся|уволят|сократят)\b", re.I), 1, 0),
    # "ещё 10 придут", "придут ещё 10 человек", "добавятся 5 человек": so many more
    (re.compile(rf"\b(?:ещ[её]|плюс)\s+(\d{{1,4}}|\w+)\s+(?:{_PEOPLE}\s+)?(?:придут|добавятся|подключатся|присоединятся)\b", re.I), 1, None),
    (re.compile(rf"\b(?:придут|добавятся|подключатся|присоединятся)\s+(?:ещ[её]\s+)?(\d{{1,4}}|\w+)\s+{_PEOPLE}", re.I), 1, None),
    (re.compile(r"\b(?:lose|losing|drop|dropping|cut|cutting)\s+(\d{1,4}|\w+)\s+(?:users|people|seats|employees)\b", re.I), 1, 0),
    (re.compile(r"\b(?:team|staff|headcount|users?|company)\s+(?:\w+\s+){0,2}?(?:grows?|will grow|grow)\s+by\s+(\d{1,4}|\w+)\b", re.I), 1, None),
]


def _people_by(tokens: list[Token], text: str) -> tuple[list[Change], list[int]]:
    """Each change of the people said ("2 человека уволятся, ещё 10 придут": both, a review of the sixty-fifth pass)."""
    changes: list[Change] = []
    idx: list[int] = []
    for pattern, number, sign in _PEOPLE_BY:
        for m in pattern.finditer(text):
            said = next((t for t in tokens if t.start == m.start(number)), None)
            if said is None or not said.number or said.used or said.i in idx or said.number != int(said.number):
                continue
            less = sign == 0 or sign is not None and m.group(sign).lower() in ("меньше", "fewer", "less")
            changes.append(Change(slot="users", op="add", value=-said.number if less else said.number))
            idx += [t.i for t in tokens if m.start() <= t.start < m.end() and not t.used]  # its people word too
    return changes, idx


# seventy-fourth pass (a review): "я продал одну из двух 3090", "sold one of my two 3090s": the cards left, not both
_SOLD_OF = re.compile(r"\b(?:прода(?:л|ла|ли|м|дим|ём|ем)|сплавил\w*|отдал\w*|sold|selling|gave away)\s+([\w-]+)\s+"
                      r"(?:из|of)\s+(?:my|our|the|своих|наших|моих)?\s*([\w-]+)\b", re.I)


# (a review: "было 2 4090, одну продал", "I had two 4090s but sold one": one fewer than the cards said)
_SOLD_ONE = re.compile(r"\b(?:одну|one)\s+(?:из них\s+|of them\s+)?(?:уже\s+)?(?:продал[аи]?|sold)\b|"
                       r"\b(?:продал[аи]?|sold)\s+(?:одну|one)(?:\s+(?:из них|of them))?(?=\s*(?:[,.;!?—–]|$|\b(?:и|а|но|and|but|so)\b))",
                       re.I)


def _sold_of(tokens: list[Token], text: str) -> tuple[list[Change], list[int]]:
    if (one := _SOLD_ONE.search(text)) and not _SOLD_OF.search(text):
        idx = [t.i for t in tokens if one.start() <= t.start < one.end() and t.low in ("одну", "one")]
        return [Change(slot="gpu_count", op="add", value=-1.0)], idx
    m = _SOLD_OF.search(text)
    if not m:
        return [], []
    sold, of = (next((t for t in tokens if t.start == m.start(g)), None) for g in (1, 2))
    if sold is None or of is None or not sold.number or not of.number or not 0 < sold.number < of.number <= 16:
        return [], []
    return [Change(slot="gpu_count", op="set", value=of.number - sold.number)], [sold.i]


def find(tokens: list[Token], text: str) -> tuple[list[Change], list[int]]:
    """(changes, token indices they came from). For short follow-ups; in a longer message only "ещё N"
    said with a verb of adding ("хватит если поставить ещё две"), added to the count the message gives."""
    sold, sold_idx = _sold_of(tokens, text)
    if sold:
        return sold, sold_idx
    changes, idx = _find(tokens, text)
    people, people_idx = _people_by(tokens, text)
    if people and not any(c.slot == "users" for c in changes) and not set(people_idx) & set(idx):
        return changes + people, idx + people_idx
    return changes, idx


def _find(tokens: list[Token], text: str) -> tuple[list[Change], list[int]]:
    found = _ordinal(tokens, text)
    if found[0] or found[1]:  # an ordinal weighed as one option is no change, but its words are read
        return found
    same_hours = _SAME_HOURS.search(text)
    if len(tokens) <= (12 if same_hours else 10) and not any(t.number is not None for t in tokens) and \
            any(t.concept == "weekday" for t in tokens) and re.search(r"\b(?:только|лишь|only|just)\b", text, re.I):
        # thirty-ninth pass: "а если только по будням?": the same hours a day, on 260 days a year instead of 365
        # (forty-eighth: "а если только по будням, те же часы?" says so outright)
        return [Change(slot="hours_per_month", op="days", value=260)], []
    if len(tokens) <= 16 and (days := named_days(text)) and not any(t.has_digit for t in tokens) and \
            (re.search(r"\b(?:только|лишь|only|just)\b", text, re.I) or same_hours):
        # forty-first pass: "а если только по пятницам, субботам и воскресеньям, те же часы": the hours a day kept
        return [Change(slot="hours_per_month", op="days", value=days * 52)], []
    if len(tokens) <= 12 and not any(t.number is not None for t in tokens) and _WEEKEND.search(text) and \
            re.search(r"\b(?:только|лишь|only|just)\b", text, re.I) and not (_OFF.search(text) or _NO_DAYS_OFF.search(text)):
        # sixty-first pass: "а если только по выходным, те же часы?" after "с 10 до 22 каждый день": the hours a day
        # kept on the 104 weekend days of 365
        return [Change(slot="hours_per_month", op="days", value=104)], []
    if len(tokens) <= 10 and not any(t.has_digit for t in tokens) and (m := _SHIFT_DROPPED.search(text)):
        # fifty-ninth pass: "а если вторую смену уберём?": one shift fewer than the hours were said in
        return [Change(slot="hours_per_month", op="shifts", value=-1)], [t.i for t in tokens if m.start() <= t.start < m.end()]
    if len(tokens) <= 10 and not any(t.concept == "hour" for t in tokens) and \
            (n := _shift_count(m := _SHIFTS.search(text))) and m:
        # forty-eighth pass: "а если оставить одну смену?": the hours of so many shifts a day (scaled by `apply`
        # from the shifts the hours were said in)
        return [Change(slot="hours_per_month", op="shifts", value=n)], [t.i for t in tokens if m.start() <= t.start < m.end()]
    if len(tokens) <= 10 and not any(t.has_digit for t in tokens) and _WEEKEND.search(text) and _OFF.search(text):
        # fiftieth pass: "а если на выходные её выключать?": the same hours a day on weekdays only, 260 days of 365
        return [Change(slot="hours_per_month", op="days", value=260)], []
    if len(tokens) <= (16 if same_hours else 12) and not any(t.has_digit for t in tokens) and (added := days_added(text)):
        # 43rd pass: "а если ещё и по субботам, те же часы?" after weekdays: the hours a day kept on more days (the
        # schedule held is taken as weekdays, 260 days a year, 52 more for each day; `apply` keeps it within 730 h)
        return [Change(slot="hours_per_month", op="mul", value=(260 + 52 * added) / 260)], []
    if len(tokens) > 14:
        return _more(tokens, text, short=False)
    for t in tokens:
        factor = _TIMES.get(t.low)
        if factor is None and t.low in ("раза", "times", "x") and t.i > 0 and tokens[t.i - 1].number and not \
                (t.low == "x" and t.i + 1 < len(tokens) and tokens[t.i + 1].used == "gpu_name"):  # "2 x rtx 4090": cards
            factor = tokens[t.i - 1].number
        if factor is None and (m := re.match(r"^(\d{1,2})[xх×]$", t.low)) and t.i + 1 < len(tokens) and \
                tokens[t.i + 1].low in ("that", "the", "more", "больше"):  # "4x that traffic"
            factor = float(m.group(1))
        if factor:
            slot = _slot(tokens) or ("users" if re.search(r"\bпользовател|\busers?\b", text, re.I) else None)
            if slot:
                if _LESS.search(text) and factor > 1:
                    factor = 1 / factor
                idx = [t.i] + ([t.i - 1] if t.low in ("раза", "times", "x") else [])
                return [Change(slot=slot, op="mul", value=float(factor))], idx
    if (m := _AS_MANY_AGAIN.search(text)) and (slot := _slot(tokens) or "gpu_count"):
        # fifty-ninth pass: "а если по гранту докупим ещё столько же карт?", "and as many again?": doubled
        return [Change(slot=slot, op="mul", value=2.0)], [t.i for t in tokens if m.start() <= t.start < m.end()]
    for t in tokens:  # fifty-seventh pass: "а если оставить половину карт?", "keep half the cards": the count halved
        if t.low in ("половину", "половина", "half") and \
                " ".join(x.low for x in tokens[t.i + 1:t.i + 3]) not in ("a dozen", "dozen") and (slot := _slot(tokens) or (
                "gpu_count" if re.search(r"оставить|оставим|оставлю|убрать|keep|only", text, re.I) else None)):
            return [Change(slot=slot, op="mul", value=0.5)], [t.i]  # (not "half a dozen people": six, sixty-seventh)
    more = _more(tokens, text, short=True)
    if more[0] or more[1]:  # an option weighed adds nothing, but its words are read
        # seventy-second pass (a review): "another 2 gpus and 10 more users": "N more" of another slot as well
        extra, extra_idx = _n_more(tokens, text, {c.slot for c in more[0]})
        return more[0] + extra, more[1] + extra_idx
    for t in tokens:  # fortieth pass: "and if I buy another 3090?", patois "a nex' 3090": one more of the card named
        if t.low in ("another", "nex", "nex'") and t.i + 1 < len(tokens) and tokens[t.i + 1].used == "gpu_name":
            return _added_or_total(tokens, "gpu_count", 1.0, t.i + 1, [t.i])  # "another 4090 to my two": three
        said = tokens[t.i + 1] if t.i + 2 < len(tokens) else None
        if t.low == "another" and said is not None and said.number and said.number == int(said.number) and \
                1 < said.number <= 16 and \
                tokens[t.i + 2].used == "gpu_name" and \
                not any(x.concept == "server" for x in tokens[t.i + 3:t.i + 5]):  # not "another 2 H100 nodes"
            # fifty-ninth pass: "if he puts in another two 3090s"
            return [Change(slot="gpu_count", op="add", value=float(said.number))], [t.i, t.i + 1]
    first, idx = _n_more(tokens, text, set())
    if first:  # seventy-third pass (a review): "add 2 more cards and 20 more users": both added
        extra, extra_idx = _n_more(tokens, text, {c.slot for c in first})
        if all(c.slot in ("users", "gpu_count") for c in extra):  # not "8 more hours a day", a day's hours
            return first + extra, idx + extra_idx
    return first, idx


def _n_more(tokens: list[Token], text: str, taken: set[str]) -> tuple[list[Change], list[int]]:
    """"2 more cards", "two extra a100s", "ещё" said after the number is rare in Russian; a slot in `taken` is
    another change's already."""
    for t in tokens:
        if t.number and not t.used and t.i + 1 < len(tokens) and tokens[t.i + 1].low in ("more", "additional", "extra") and \
                not (t.i + 2 < len(tokens) and tokens[t.i + 2].low == "than"):  # "a psu with 1000 more than enough"
            if t.i + 2 < len(tokens) and tokens[t.i + 2].low in ("question", "questions", "thing", "things", "point", "q") or \
                    text[tokens[t.i + 1].end:].lstrip()[:1] in (":", "—", "–", "-"):
                continue  # sixty-seventh pass (a review): "one more question: is 2 H100 enough", "One more: how many L40S"
            rest = tokens[t.i + 2:]
            # fifty-ninth pass: "one more a100 — then how many users?": the card right after is what is added
            if len(rest) > 1 and rest[0].used == "gpu_name" and rest[1].concept == "server":
                continue  # "one more a100 server": a server's worth of cards, not one card; left as before
            card_first = rest and rest[0].used == "gpu_name" and not (len(rest) > 1 and rest[1].concept == "user") or \
                _buys_cards(tokens, t.i + 1, text, True) and (not rest or not rest[0].text[:1].isalnum() or
                                                             tokens[t.i + 1].comma or tokens[t.i + 1].stop or
                                                             rest[0].low in ("and", "then", "now", "so", "и"))
            # (seventieth pass, a review: "buy 2 more, how many users then?": the cards bought, the users asked)
            if not card_first and not _slot(rest[:2]) and _other_goods(tokens, t.i + 1):
                if rest and rest[0].concept in ("gb", "tb"):
                    continue  # "64 more GB of RAM": the memory's, read by the quantities
                return [], [t.i, t.i + 1]  # seventy-second pass (a review): "we'll buy 2 more fans": no cards, no people
            slot = "gpu_count" if card_first else _slot(rest) or ("gpu_count" if any(x.used == "gpu_name" for x in rest) or len(tokens) <= 5 or
                                   _ADD_VERB.search(text) or _buys_cards(tokens, t.i + 1, text, True) else None)
            # ("and if i add one more", "buy 2 more": cards, the usual thing to add)
            if slot and slot not in taken:
                return _added_or_total(tokens, slot, t.number, t.i + 1, [t.i, t.i + 1])
    return [], []


_TO = {"к", "ко", "to"}
_OWNED = {"моим", "нашим", "имеющимся", "уже", "my", "our", "the", "existing"}


def _to_owned(tokens: list[Token], k: int) -> bool:
    """"ещё одну к двум", "ещё одну к 2 картам": "к" the preposition before the cards owned, no thousand (not "ещё 2 к
    концу года", a time, left as before)."""
    return preposition_k(tokens, k) and k + 1 < len(tokens) and tokens[k + 1].number is not None


def _added_to(tokens: list[Token], after: int) -> Token | None:
    """Seventy-second pass, a hurried question: "ещё одну 4090 к двум, что уже есть", "another one to my two": the cards
    owned, said after the ones added (the two had been the count, so two cards, not three)."""
    for k in range(after + 1, min(len(tokens) - 1, after + 4)):
        if tokens[k].low in _TO:
            j = k + 1
            while j < len(tokens) - 1 and j < k + 3 and tokens[j].low in _OWNED:
                j += 1  # "to our existing 4"
            x = tokens[j] if j < len(tokens) else None
            nxt = tokens[j + 1] if x is not None and j + 1 < len(tokens) else None
            if x is not None and x.number and not x.used and x.number == int(x.number) and x.number <= 16 and \
                    (nxt is None or nxt.concept in (None, "gpu", "piece") and nxt.used in (None, "gpu_name")):
                return x
            return None
    return None


def _added_or_total(tokens: list[Token], slot: str, added: float, after: int, idx: list[int]
                    ) -> tuple[list[Change], list[int]]:
    """So many added, unless the total is said too ("а если ещё одну докуплю, будет четыре", "making it three")."""
    def said_total(x: Token) -> bool:  # "будет четыре", "making it three", "их станет пять"; not "будет 72 гига"
        before = [y.low for y in tokens[max(0, x.i - 2):x.i]]
        after = tokens[x.i + 1].low if x.i + 1 < len(tokens) else ""
        unit_free = not after or not re.match(r"\w", after) or after in ("штук", "шт", "карт", "карты", "cards", "gpus", "total",
                                                                            "всего", "штуки") or \
            tokens[x.i + 1].used == "gpu_name"  # "будет восемь H100"
        people = any(y.concept == "user" for y in tokens[max(0, x.i - 3):x.i])  # "и человек будет 40"
        return bool(before) and unit_free and not people and \
            (before[-1] in _TOTAL or before[-1] in ("it", "их", "them") and before[0] in _TOTAL)

    total = next((x for x in tokens[after + 1:] if x.number and said_total(x)), None)
    if slot == "gpu_count" and total is not None:
        return [Change(slot=slot, op="set", value=float(total.number or 0))], [*idx, total.i - 1, total.i]
    if slot == "gpu_count" and (base := _added_to(tokens, after)) is not None:
        return [Change(slot=slot, op="set", value=float(added + (base.number or 0)))], [*idx, base.i]
    return [Change(slot=slot, op="add", value=float(added))], idx


def _more(tokens: list[Token], text: str, short: bool) -> tuple[list[Change], list[int]]:
    """"а если ещё две?", "ещё 2 карты", "хватит если поставить ещё две": cards (or the slot named) added; each slot once
    ("а если ещё 20 юзеров и ещё одну карту?" adds to both)."""
    found: list[Change] = []
    idx: list[int] = []
    for t in tokens:
        if t.low in ("ещё", "еще") and t.i + 2 < len(tokens) and tokens[t.i + 1].concept == "user" and \
                tokens[t.i + 2].number and not tokens[t.i + 2].used and tokens[t.i + 2].number == int(tokens[t.i + 2].number or 0):
            # seventy-second pass (a review): "ещё человек 15 подключим": the people's word first, then their number
            if not any(c.slot == "users" for c in found):
                found, idx = found + [Change(slot="users", op="add", value=float(tokens[t.i + 2].number or 0))], \
                    idx + [t.i, t.i + 1, t.i + 2]
            continue
        if t.low in _MORE and t.i + 1 < len(tokens) and tokens[t.i + 1].number and not tokens[t.i + 1].used and \
                tokens[t.i + 1].number == int(tokens[t.i + 1].number or 0) and tokens[t.i + 1].low not in FRACTION_WORDS:
            # "ещё полторы тыщи баксов", "ещё 1.5": a fraction, or the amount it starts, is no count to add
            n = tokens[t.i + 1]
            if n.low.rstrip(".") in load_lexicon().scale.money:
                continue  # fiftieth pass: "а если добавлю ещё тыщ пятьдесят": the scale said first, money (had been 1000 cards)
            after = tokens[n.i + 1] if n.i + 1 < len(tokens) else None
            if after is not None and (after.low.rstrip(".") in load_lexicon().scale.money and not _to_owned(tokens, n.i + 1) or
                                      after.concept in ("usd", "eur", "rub")):
                continue  # "и ещё тридцать тыщ", "ещё 200 баксов": money to spend, not a count to add
            # "а если ещё две?": a bare count in a short follow-up adds cards, the usual thing to add
            # seventy-first pass: "а если ещё одну, на 30 хватит?": the count closes its clause, bare as well
            bare = short and (len(tokens) <= 5 or n.comma and t.i <= 3 and n.low in _CARD_COUNT_WORDS) and \
                not (n.has_digit and (n.number or 0) > 8)  # "а если ещё 20?": people likelier than 20 more cards; asked
            clause_end = next((x.i + 1 for x in tokens[n.i:] if x.comma or x.stop), len(tokens))
            # (seventieth pass, a review: "закажем ещё одну, хватит на 30 человек?": the people are the next clause's)
            # seventy-second pass (a review): the unit ends at the next number or card ("добавим ещё 2 h100 и 20
            # человек": the cards added, the people another change), and "ещё двое" counts people
            unit_end = next((x.i for x in tokens[n.i + 1:clause_end] if x.number is not None or x.used == "gpu_name"),
                            clause_end)
            named = "users" if n.low in COLLECTIVE and short and not _thing_after(tokens, n.i) else \
                _slot(tokens[n.i + 1:n.i + 3 if not short else unit_end])
            asked_after = bool(named) and any(x.low in ("сколько", "how") for x in tokens[n.i + 1:n.i + 3])
            if asked_after:
                named = None  # seventy-first pass: "если возьму ещё две сколько токенов": the unit of the question, not of the count
            card_next = n.i + 1 < len(tokens) and tokens[n.i + 1].used == "gpu_name"  # "а если ещё одну 4090 на тот же бп"
            slot = named or ("gpu_count" if bare or card_next and short or _ADD_VERB.search(text) or
                             _added_to(tokens, n.i) is not None or
                             asked_after and n.low in _CARD_COUNT_WORDS or
                             _buys_cards(tokens, n.i, text, short) else None)
            if slot == "gpu_count" and _other_goods(tokens, n.i):
                continue  # seventieth pass (a review): "возьму ещё 32 гига оперативы", "купим ещё 64 гига и две карты"
            if slot and (short or named or not tokens[n.i].has_digit):
                if slot == "gpu_count" and SELL_OR_ADD.search(text):
                    return [], [t.i, n.i]  # forty-ninth pass: "докупить ещё одну 3060 или поменять её на 3090?": an option
                changes, used = _added_or_total(tokens, slot, float(n.number or 0), n.i, [t.i, n.i])
                if not any(c.slot == slot for c in found):
                    found, idx = found + changes, idx + used
                    found, idx = _and_more(tokens, n.i, slot, found, idx)
    return found, idx


def _thing_after(tokens: list[Token], k: int) -> bool:
    """A card or a time counted after "двое/трое" ("ещё двое 3090", "ещё двое суток"): no people (a review)."""
    nxt = tokens[k + 1] if k + 1 < len(tokens) else None
    return nxt is not None and (nxt.used == "gpu_name" or bool(_CARD_WORD.match(nxt.low)) or
                                nxt.concept in ("hour", "day", "week", "month") or nxt.lemma in ("сутки", "таких", "такой"))


def _and_more(tokens: list[Token], n: int, slot: str, found: list[Change], idx: list[int]
              ) -> tuple[list[Change], list[int]]:
    """Seventy-second pass (a review): "добавим ещё 2 h100 и 20 человек": "ещё" said once counts for the second
    number too, when it has another slot's word ("и 20 человек" added, not set; the two had been swapped)."""
    for k in range(n + 1, min(len(tokens) - 2, n + 5)):
        if tokens[k].comma or tokens[k].stop:
            return found, idx
        if tokens[k].low in ("и", "and", "плюс", "plus"):
            m = tokens[k + 1]
            other = _slot(tokens[k + 2:k + 4])
            if m.number and not m.used and m.number == int(m.number) and other in ("users", "gpu_count") and other != slot and \
                    not any(c.slot == other for c in found):
                return found + [Change(slot=other, op="add", value=float(m.number))], idx + [k + 1]
            return found, idx
    return found, idx


def _days_held(hours_per_month: float) -> float:
    """The days a year a schedule held was said over: weekdays (260) when that gives whole or half hours a day and every
    day (365) does not ("по будням по 8 часов" is 173.33 h), else every day."""
    def clean(days: int) -> bool:
        per_day = hours_per_month * 12 / days
        return per_day <= 24 and abs(per_day * 2 - round(per_day * 2)) < 0.02

    return 260 if clean(260) and not clean(365) else 365


def apply(s: Scenario, changes: list[Change]) -> Scenario:
    update: dict[str, Any] = {}
    for c in changes:
        cur = update.get(c.slot, getattr(s, c.slot, None))  # two changes of one slot ("-2 people, +10"): both
        if cur is None and c.slot == "gpu_count" and c.op == "add" and (s.gpu or s.card_vram_gb):
            cur = 1  # "а если докупить ещё одну?" to the card said with no count: one card, so two now (fresh40 had kept one)
        if c.op == "set" and c.slot == "gpu_count" and (s.gpu or s.card_vram_gb or cur):
            update[c.slot] = int(c.value)  # "возьму вторую такую же": two cards now
            continue
        if cur is None and c.slot == "users" and c.op == "add":
            if c.value > 0:
                update[c.slot] = int(c.value)  # "ещё человек 15" with no people said before: those 15 (a review)
            continue
        if c.op == "shifts":  # forty-eighth pass: "а если оставить одну смену?" after "две смены по 8 часов"
            n = s.shifts + c.value if c.value < 0 and s.shifts else c.value  # fifty-ninth pass: "вторую смену уберём"
            if cur is not None and s.shifts and n >= 1:
                update.update({c.slot: round(min(cur * n / s.shifts, 730.0), 2), "shifts": int(n)})
            continue
        if c.op == "days" and cur is not None:  # review of 41044af: the hours a day from the days they were said over
            update[c.slot] = round(min(cur / _days_held(cur) * c.value, 730.0), 2)
            continue
        if cur is None or c.op == "set":
            continue
        v = cur + c.value if c.op == "add" else cur * c.value
        if c.slot in ("users", "gpu_count") and v < 1:
            continue  # fewer taken away than there are: no count below one, the count held stays
        if c.slot == "hours_per_month":
            v = min(v, 730.0)  # days added to a schedule held round the clock stay round the clock (a review)
        update[c.slot] = round(v, 2) if isinstance(cur, float) else int(round(v))
    return s.model_copy(update=update) if update else s
