"""Numbers with their units, each attached to exactly one slot by unit and context.

A number takes its unit from letters glued to it ("8б", "24гб", "32k", "4x"), else from the words
after it (lemmas: "гига", "штук", "одновременных пользователей", "часов в день"), else from a cue
before it ("контекст 8192", "бюджет 500к", "x4", "batch 8"). Money is decided in `money.py`.
Rules that keep slots apart: a budget is never a context ("$15k", "500к ₽", "бюджет 500к"); a
card size is never a model size (GB vs B); a bare "500к" with no cue attaches to nothing.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.reading import money
from assistant.reading.near import (ALTERNATIVE, PHRASE_730, VAGUE, cue_before, gpu_next, is_range, scale_after,  # noqa: F401
                                   unit_after)
from assistant.reading.tokens import Token
from assistant.reading.words import COLLECTIVE, lemma, morph
from tools.lexicon import load_lexicon

_GLUED = re.compile(r"^(\d+(?:[.,]\d+)?)(k|к|тыс|b|б|bn|гб|gb|g|гиг|tb|тб|x|х|×|m|млн|ч|h|бит|bit|"
                    r"гигов(?:ая|ой|ую|ые|ых|ый|ое)?|гига|гигабайт\w*|gigs?)$")  # "80гиговая а100", "24гига", "12gig": glued sizes
_COUNT_VRAM = re.compile(r"^(\d{1,2})[xх×](\d{1,3})(gb|гб|g)?$")
_OTHER_QUANTITY = re.compile(r"человек|\bчел\b|пользовател|юзер|\busers?\b|people|батч|batch|контекст|context|сотрудник|"
                             r"запрос|request|токен|token", re.I)
_OWN_CARD = {"своей", "своему", "свою", "одной", "одну", "карте", "карту", "видеокарте", "видюхе", "gpu"}
_RAM_WORD = re.compile(r"^(?:озу|оперативк\w*|оперативн\w*|оператив\w*|ram|ddr\d?|памят\w*|ecc)$")
_GB_WORD = re.compile(r"^(?:гб|gb|гиг\w*|gigs?|гигабайт\w*|gigabytes?)$")
_X_COUNT = re.compile(r"^[xх×](\d{1,2})$")
_CONTEXT_CUE = {"context", "контекст", "окно", "ctx", "window", "длина", "length"}
_USERS_CUE = {"batch", "батч", "пользователи", "users", "юзеры",
              "батча", "батче", "батчем", "батчу", "батчи", "батчей", "batches"}  # pymorphy3 does not know "батч"
_BITS = {"bit", "бит", "бита", "bits", "битный"}
_GB = {"gb", "гб", "g", "гиг"}
# "system memory is 1TB", "памяти в сервере 384 гб", "512 GB host memory": the machine's RAM, not a card's
# "64 гига объединённой памяти", "192GB of unified memory": a Mac's memory is its RAM (the catalog has no Apple chip)
_HOST_MEMORY = re.compile(r"(?:system|host|server|main|unified) (?:memory|ram)|(?:объедин[её]нн|унифицированн)\w* памят\w*|памят\w* (?:в|на|у) (?:сервер|машин|компе|пк)\w*|"
                          r"(?:серверн|системн)\w* памят", re.I)


_RATE = re.compile(r"скорост|ток(?:енов)?\s?/\s?с|т/с|\bt/s|tok/s|tokens?\s?/\s?s|tokens? per|токен\w*\s+(?:в|за)\s+сек|latency|задержк|быстр|speed", re.I)


@dataclass
class Attached:
    slot: str
    value: float | str
    tokens: list[int]
    assumed: bool = False
    concurrent: bool = False  # users said to be at the same time ("одновременно 15", "15 concurrent")


_CONCURRENT = {"одновременно", "одновременный", "параллельно", "параллельный", "concurrent", "concurrently",
               "simultaneous", "simultaneously", "пиковый", "пик", "пике", "peak", "онлайн", "online", "once",
               "активно", "активный", "active", "actively",  # "активно пользоваться будут человек 15": of a headcount
               "сразу", "разом"}  # "инженеров 60, но сразу сидят не больше 12" (thirty-ninth pass)
# what goes on at once, counted as the users ("параллельно идут максимум 4 совещания"), and an estimate's word after
# the number ("10-odd concurrent") (thirty-ninth pass)
_AT_ONCE_THINGS = {"совещание", "сессия", "звонок", "разговор", "диалог", "стрим", "трансляция", "meeting", "meetings",
                   "session", "sessions", "call", "calls", "conversation", "conversations", "stream", "streams"}
_ESTIMATE_AFTER = {"odd", "ish", "plus", "с лишним", "с небольшим"}
_CONTRAST = {"но", "однако", "but", "however"}
_CLAUSE_END = {",", ".", ";", "!", "?", "—", "–"}
# "25 at peak", "40 в пике": the peak said right after a bare number, in a message about no power drawn
_AT_PEAK = re.compile(r"\s*(?:at (?:the )?peak|at peak times?|в пике|на пике|в часы пик)\b", re.I)
_DRAWN = re.compile(r"ватт|\bвт\b|watt|\bw\b|\bdraw|потребл|\btdp\b|питани|\bpower\b|\bpsu\b|\bбп\b|\bamps?\b|ампер", re.I)
_SAME_TIME = re.compile(r"\s*(?:(?:at|in) (?:the )?same time|at a time|at once|в одно время|en m[êe]me temps)\b", re.I)  # "in same time": ESL
# the same time said later in the number's clause ("about 25 would use it at the same time"): words, no digit, no
# punctuation and no "but" between
_AT_ONCE = r"(?:(?:(?:at|in) )?(?:the )?same time|at once|at a time|simultaneously|concurrently|online|together)\b"
_SAME_TIME_AHEAD = re.compile(r"(?:[\s(]+(?!but\b|но\b)'?[^\W\d][\w'-]*|\s+\d+(?:[.,]\d+)?[bб]\b){1,5}?[\s(]+" + _AT_ONCE,
                              re.I)  # 42nd pass: "6 of 'em on it at once", "40 mandores online together"; seventy-sixth
# pass: a model's size among the words ("20 of them would use qwen3 32b at once")
_COUNTED_THINGS = re.compile(r"^(?:gpus?|cards?|nodes?|servers?|boxes|machines?|rigs?|видеокарт\w*|карт\w*|сервер\w*|"
                             r"узл\w*|машин\w*)$", re.I)


def _them_are_people(tokens: list[Token], k: int, n: int, gpu_starts: set[int]) -> bool:
    """"70 staff; about 20 of them …": the nearest thing counted before "N of them" is people, and no card follows
    ("8 gpus, 6 of them 4090", "5 servers, 3 of them have h100": a review of the fifty-ninth pass)."""
    if any(j in gpu_starts or tokens[j].used == "gpu_name" for j in range(n + 1, min(len(tokens), n + 4))):
        return False
    for x in reversed(tokens[max(0, k - 8):k]):
        if x.used == "gpu_name" or x.i in gpu_starts or x.concept in ("gpu", "server", "piece") or _COUNTED_THINGS.match(x.low):
            return False
        if x.concept == "user" or _person(x):
            # seventy-sixth pass: not "my customer needs 12 of them": the person wants that many of the thing discussed
            return not any(y.low in _WANTS for y in tokens[x.i + 1:k])
    return False


def _share_of_people(tokens: list[Token], k: int) -> bool:
    """"из них 20 … одновременно", "20 из них одновременно" after people counted: the share on at once (a share
    without "at once", "из них 10 в ит", is left to be named back: a review)."""
    before = [x.low for x in tokens[max(0, k - 3):k]]
    after = [x.low for x in tokens[k + 1:k + 3]]
    if not (after == ["из", "них"] or "из" in before and before[before.index("из") + 1:][:1] == ["них"]):
        return False
    if k > 0 and (tokens[k - 1].concept == "user" or _person(tokens[k - 1])) and \
            not (tokens[k - 1].comma or tokens[k - 1].stop or tokens[k - 1].closes_clause):
        return False  # "сотрудников 120 из них одновременно 30": the whole's own count, before its share
    if not any(x.concept == "user" or _person(x) for x in tokens[max(0, k - 10):k]) or \
            any(x.used == "gpu_name" or x.concept in ("gpu", "server") for x in tokens[max(0, k - 5):k]):
        return False
    start = min((x.i for x in tokens[max(0, k - 3):k] if x.low == "из"), default=k)
    for x in tokens[start:]:  # "at once" said in the share's own sentence, as `_concurrent_near` knows the words
        if x.lemma in _CONCURRENT or x.low in _CONCURRENT:
            return True
        if x.stop:
            return False
    return False


_WANTS = {"needs", "need", "wants", "want", "orders", "ordered", "buys", "bought", "takes", "took", "would", "нужно", "нужны",
          "надо", "хочет", "хотят", "берёт", "берет", "возьмёт", "возьмет", "закажет", "заказал", "заказывает", "купит"}
_SAME_TIME_FAR = re.compile(r"(?:[\s(]+[^\W\d][\w'-]*){1,9}?[\s(]+" + _AT_ONCE, re.I)  # "… would be on it at once"
_PLACES = re.compile(r"(?:countries|sites|floors|offices|departments|branches|cities|locations|regions|campuses|stores|"
                     r"time|стран\w*|офис\w*|филиал\w*|этаж\w*|город\w*|отдел\w*|регион\w*|площадк\w*|магазин\w*)$", re.I)
_NEEDS = {"needs", "need", "requires", "require", "takes", "eats", "uses", "weighs", "нужно", "нужен", "требует", "требуется",
          "занимает", "жрёт", "жрет", "весит", "ест"}
_WEEK_WORD = re.compile(r"^(?:будн|выходн|weekdays?$|weekends?$)")
_SAME_TIME_BEHIND = re.compile(r"\b(?:(?:at|in) (?:the )?same time|simultaneously)\s*,?\s+(?:(?!but\b)[^\W\d][\w'-]*\s+)"
                               r"{1,4}$", re.I)
_SITTING_AT_ONCE = re.compile(r"\s*,\s*(?:[а-яё]+\s+){1,4}(?:одновременно|разом|одномоментно|параллельно)\b", re.I)


def _sitting_at_once(tokens: list[Token], last: int, text: str) -> bool:
    """", сидят в ней одновременно" after the number: what those people do at once; not ", но одновременно будет
    человек двадцать" (a contrast, the same-time figure still to come)."""
    m = _SITTING_AT_ONCE.match(text[tokens[last].end:])
    if m is None:
        return False
    end = tokens[last].end + m.end()
    clause = [t for t in tokens[last + 1:] if t.start < end or not re.search(r"[.,;!?]", text[end:t.start])]
    return not any(t.low in _CONTRAST or t.low in _SHARE or t.low in ("из", "а", "of") or t.number is not None for t in clause)
# words that open the next clause of a message typed without punctuation ("не больше 15 нужен сервер"): after a
# number they end it, as a full stop would
_OPENS = {"нужный", "нужен", "нужна", "нужно", "надо", "хотеть", "модель", "бюджет", "контекст", "сколько", "какой",
          "need", "needs", "what", "which", "model", "budget", "context", "how"}


_BOUGHT = {"bought", "ordered", "purchased", "купили", "купил", "взяли", "взял", "заказали", "заказал", "закупили",
           "брали", "приобрели"}  # past: "какой сервер взять на 20 одновременно" is people


def _concurrent_near(tokens: list[Token], first: int, last: int, text: str) -> bool:
    """A same-time word in the number's clause: up to 5 words before it or 2 after it (past its unit)."""
    def boundary(a: int, b: int) -> bool:  # punctuation between tokens a and b (a comma is glued to a word)
        return tokens[a].low in _CLAUSE_END or tokens[b].low in _CLAUSE_END or tokens[a].stop or \
            any(c in ",.;!?—–" for c in text[tokens[a].end:tokens[b].start])

    if any(tokens[n].low in _BOUGHT for n in range(max(0, first - 2), first)):
        return False  # 43rd pass: "we bought 3 at once last year": things bought together, no people at once
    if _SAME_TIME_BEHIND.search(text[:tokens[first].start]):
        return True  # sixty-first pass: "60 employees, in same time will use maybe 25": said first, then the number
    for n in range(first - 1, max(-1, first - 6), -1):
        if n == first - 1 and tokens[n].number is not None and re.fullmatch(r"[-–]", text[tokens[n].end:tokens[first].start]):
            continue  # forty-eighth pass: "разом сидят от силы пять-шесть": a range's first end, the same-time word before it
        if boundary(n, n + 1) or tokens[n].number is not None:
            break  # "200 одновременных запросов, контекст 4": the word belongs to the number before it
        if tokens[n].lemma in _CONCURRENT or tokens[n].low in _CONCURRENT:
            return True
    for n in range(last + 1, min(len(tokens), last + 3)):
        if boundary(n - 1, n) or tokens[n].low in _CONTRAST:
            break  # "сотрудников 50 но активно ... 15": the same-time word after "но" is the next number's
        if tokens[n].lemma in _CONCURRENT or tokens[n].low in _CONCURRENT:
            # "человек 200 одновременно максимум 25": a same-time word with a number right after it is that number's
            for m in range(n + 1, min(len(tokens), n + 8)):  # "одновременно не больше 20", "одновременно к ии будут обращаться человек 40"
                if boundary(m - 1, m):
                    break
                if tokens[m].number is not None:
                    return False
            return True
    if _SAME_TIME.match(text[tokens[last].end:]) or _SAME_TIME_AHEAD.match(text[tokens[last].end:]):
        return True  # "12 at the same time", "30 at a time", "25 would use it at the same time"
    if _sitting_at_once(tokens, last, text) and any(
            tokens[i].concept == "user" or tokens[i].used == "users" or _person(tokens[i]) for i in (first - 1, first) if i >= 0):
        return True  # forty-eighth pass: "мастеров трое, сидят в ней одновременно": the people counted, then what they do
    # "40 одновременных запросов": the word between the number and its unit
    return any(tokens[n].lemma in _CONCURRENT or tokens[n].low in _CONCURRENT for n in range(first + 1, last))


# "45 concurrent users out of 600 licensed", "45 одновременно из 600 сотрудников": the first is who is on at once
_OUT_OF = re.compile(r"(?<![\d.,])(\d+)\s+(?:(?:concurrent|simultaneous|одновременн\w*|параллельн\w*)\s+)?"
                     r"(?:(?:users?|пользовател\w*|человек|чел|seats?)\s+)?(?:out of|из)\s+(\d+)(?![\d.,])", re.I)


def _out_of(out: list[Attached], tokens: list[Token], text: str) -> None:
    """Thirty-seventh pass: N out of M people, with "at once" said of N: N the users, M the headcount (kept as
    understood, never asked)."""
    for m in _OUT_OF.finditer(text):
        if not re.search(r"concurrent|simultaneous|одновременн|параллельн|at once|at the same time", text[m.start():m.end() + 40], re.I):
            continue
        first = next((t for t in tokens if t.start == m.start(1)), None)
        total = next((t for t in tokens if t.start == m.start(2)), None)
        if first is None or total is None or first.number is None or total.number is None or first.number >= total.number:
            continue
        if first.used not in (None, "users") or total.used not in (None, "users"):
            continue
        out[:] = [a for a in out if a.slot != "users" or not ({first.i, total.i} & set(a.tokens))]
        out.append(Attached("users", int(first.number), [first.i], concurrent=True))
        out.append(Attached("headcount", int(total.number), [total.i]))
        first.used, total.used = "users", "headcount"


def _headcount(out: list[Attached], tokens: list[Token], text: str) -> None:
    """"штат 50 чел, одновременно не больше 15": the concurrent figure is the users; the headcount is kept
    as understood ("headcount"), not a contradiction to ask about."""
    users = [a for a in out if a.slot == "users"]
    for a in users:
        first = min(a.tokens)
        if first > 0 and (tokens[first - 1].concept in ("user", "request") or _person(tokens[first - 1])):
            first -= 1  # "одновременно будут обращаться человек 40": the people word said before the number is its own
        a.concurrent = a.concurrent or _concurrent_near(tokens, first, max(a.tokens), text)
    in_order = sorted(users, key=lambda a: min(a.tokens))  # a range's first end is attached last, by its neighbour
    for a, b in zip(in_order, in_order[1:]):  # "одновременно 10-15 человек": both ends of a range are at the same time
        gap = text[tokens[max(a.tokens)].end:tokens[min(b.tokens)].start]
        # "между 10 и 20": "и" after "между" joins a range; "на 5 а может на 8": an alternative is said of them both
        if ALTERNATIVE.match(gap) or (  # a range's dash or "to" is one of its alternatives
                min(a.tokens) > 0 and tokens[min(a.tokens) - 1].low in ("between", "между") and
                re.fullmatch(r"\s*(?:and|и)\s*", gap, re.I)):
            a.concurrent = b.concurrent = a.concurrent or b.concurrent
    if any(a.concurrent for a in users):
        for a in users:
            if not a.concurrent:
                a.slot = "headcount"


_PEOPLE_OF = {"office", "company", "firm", "staff", "workforce", "crew", "headcount"}  # "the whole office of 50"
_GROUP = {"команда", "отдел", "группа", "филиал", "офис", "лаборатория", "кафедра", "подразделение", "отделение",
          "бригада", "team", "department", "group", "lab", "office", "branch", "squad"}


_BETWEEN = {",", "в", "во", "у", "каждой", "каждом", "каждого", "каждая", "каждый", "each", "with", "of", "из", "них"}
# the groups work at different times: one group's people are on at once ("в разные смены", "одна днём, другая ночью")
_APART = re.compile(r"смен|посменн|в разн\w+ (?:время|смены|часы)|дн[её]м\b.*\bночью|\bshifts?\b|different (?:times|hours)|"
                    r"not at the same time|не одновременно", re.I)


def _groups(out: list[Attached], tokens: list[Token], text: str) -> None:
    """fifty-ninth pass: "3 команды по 10 человек", "у каждой из трёх команд по 10 человек", "3 teams of 10 people": the
    people are each group's, so the users are their product (the group count had been lost, in words silently)."""
    for a in out:
        if a.slot != "users" or len(a.tokens) > 2:
            continue
        k = min(a.tokens)
        if k < 3 or tokens[k - 1].low not in ("по", "of", "with") or _APART.search(text):
            continue
        j = max(a.tokens) if max(a.tokens) > k else k + 1
        unit = tokens[j] if j < len(tokens) else None
        if unit is None or not (unit.concept == "user" or _person(unit)):
            continue  # "3 команды по 10 часов в день", "по 50 запросов в час": no people of each group
        for g in range(k - 2, max(0, k - 5), -1):  # "3 команды, в каждой по 10": a few words between
            word = tokens[g].lemma or tokens[g].low
            if g < k - 2 and tokens[g + 1].low not in _BETWEEN:
                break  # "у нас 4 команды, в одной по 10 человек": one group's people
            if word in _GROUP or tokens[g].low.rstrip("s") in _GROUP:
                n = tokens[g - 1]
                if n.used or n.number is None or n.number != int(n.number) or not 2 <= n.number <= 100:
                    break
                a.value = int(n.number) * int(a.value)
                a.tokens = sorted([n.i, *a.tokens])
                n.used = "users"
                break
            if tokens[g].has_digit:
                break


# seventy-third pass: "have your sales team quote two 8x B300 servers": the team quotes, the two are servers
_QUOTE_VERBS = {"quote", "send", "price", "prepare", "email", "offer", "выставить", "посчитать", "прислать"}
# twentieth pass: a share of the people said to be on at once ("team of 12, maybe half online at once", "сотрудников
# двадцать из них половина одновременно"): the users are that share of the number, not the whole headcount
_SHARE = {"half": 0.5, "половина": 0.5, "половину": 0.5, "половины": 0.5, "третья": 1 / 3, "third": 1 / 3,
          "треть": 1 / 3, "quarter": 0.25, "четверть": 0.25}


_SHARE_OF = {"of", "из", "our", "the", "all", "наших", "нашей", "наш", "всех", "всего"}
_SHARE_THEN_SAME_TIME = re.compile(r"(?:\s+(?!but\b|но\b)[^\W\d]+){0,4}?\s+(?:at the same time|at a time|в одно время)\b", re.I)


def _share_at_once(out: list[Attached], tokens: list[Token], text: str = "") -> None:
    """The one users figure, not itself said at the same time, followed within six words by a share word and then,
    within four more, a same-time word: the users are the share of it (rounded), the share word read with it."""
    users = [a for a in out if a.slot == "users"]
    if len(users) != 1:
        return
    a = users[0]
    value = a.value
    if not isinstance(value, int):
        return
    j = min(a.tokens) - 1  # seventieth pass: the share said first ("a quarter of our 80 staff at once", "половина из 40
    while j >= 0 and tokens[j].low in _SHARE_OF:  # сотрудников … одновременно"), a same-time word anywhere
        j -= 1
    if 0 <= j < min(a.tokens) - 1 and (share := _SHARE.get(tokens[j].low)) and tokens[j + 1].low in ("of", "из") and \
            (any(x.lemma in _CONCURRENT or x.low in _CONCURRENT for x in tokens) or _SAME_TIME.search(text)) and \
            tokens[j].used is None:  # (a half is the relative rule's: "half of our 40 people" is halved there)
        a.value, a.tokens, a.concurrent = max(1, round(value * share)), [j, *a.tokens], True
        tokens[j].used = "users"
        return
    last = max(a.tokens)
    if a.concurrent and not any(x.low in _SHARE and not any(y.comma or y.stop for y in tokens[last:x.i])
                                for x in tokens[last + 1:last + 5]):
        return  # (not "30 юзеров одновременно, треть с контекстом 32 к": a share of them for something else)  # (seventieth pass: "из 300 сотрудников одновременно будет треть": the share still taken)
    for n in range(last + 1, min(len(tokens), last + 7)):
        t = tokens[n]
        if t.number is not None and t.low not in _SHARE or t.low in _CONTRAST or t.low in (".", "?", "!"):
            return
        share = _SHARE.get(t.low)
        if share is None:
            continue
        if t.used == "relative":
            return  # "штат 80 человек, половина будет одновременно": the relative rule halves it, once
        # twenty-first pass: or a same-time phrase a few words on ("maybe a quarter on it at the same time")
        # thirty-eighth pass: or said before the share ("менеджеров 150, онлайн одновременно примерно треть")
        if any(x.lemma in _CONCURRENT or x.low in _CONCURRENT for x in (*tokens[n + 1:n + 5], *tokens[last + 1:n])) or \
                _SHARE_THEN_SAME_TIME.match(text[t.end:]):
            a.value = max(1, round(value * share))
            a.tokens = [*a.tokens, n]
            a.concurrent = True
            t.used = "users"
        return


# twentieth pass: a word of roughness between the people word and its number ("журналистов около двадцати пяти",
# "operators about 40"): still their number
_ROUGHLY = {"около", "примерно", "приблизительно", "порядка", "где-то", "гдето", "about", "around", "roughly", "approx",
            "approximately", "~"}


_PAIR = {"pair", "пара", "парой", "парочка"}
_WILL_BE = {"будет", "будут", "станет", "станут", "наберётся", "наберется", "will", "be", "is", "are", "would"}


def _people_will_be(tokens: list[Token], k: int) -> bool:
    """fifty-ninth pass: "пользователей будет около ста", "users will be around 100": the people's word, a verb of being
    and a rough word between it and the number."""
    j, verb = k - 1, False
    while j >= 0 and k - j <= 4 and (tokens[j].low in _ROUGHLY or tokens[j].low in _WILL_BE):
        verb = verb or tokens[j].low in _WILL_BE
        j -= 1
    nxt = tokens[k + 1] if k + 1 < len(tokens) else None
    if nxt is not None and nxt.text[:1].isalpha() and nxt.concept != "user" and not tokens[k].comma and not tokens[k].stop:
        return False  # "клиенты будут около 3 минут ждать": the number has a unit of its own
    return verb and j >= 0 and not tokens[j].comma and not tokens[j].stop and \
        (tokens[j].concept == "user" or _person(tokens[j]) and _plural(tokens[j]))


# collective numerals are said of people only ("на пятерых", "нас четверо", "для двоих"): the users
# fifty-ninth pass: "если сидеть будем втроём": the people using it, together; only after a verb of using (a review:
# "карты работают вдвоём", "мы вдвоём настраиваем сервер для отдела на 40 человек" are no users)
_TOGETHER = re.compile(r"\b(?:(?:сидеть|работать|пользоваться|юзать|заходить)\s+(?:будем\s+)?|"
                       r"будем\s+(?:сидеть|работать|пользоваться|юзать)\s+)(вдвоём|вдвоем|втроём|втроем|вчетвером|впятером|вшестером)\b",
                       re.I)
_TOGETHER_N = {"вдвоём": 2, "вдвоем": 2, "втроём": 3, "втроем": 3, "вчетвером": 4, "впятером": 5, "вшестером": 6}
_SUCH = {"такой", "таков", "those", "these", "them", "such"}
_RAM_SIZES = {8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048}
_MEMORY_SIZES = _RAM_SIZES | {2, 4, 6, 10, 11, 12, 20, 40, 80, 141}  # and the cards' own sizes
_VRAM_SIZES = {4, 6, 8, 10, 11, 12, 16, 20, 24, 32, 40, 48, 64, 80, 94, 96, 128, 141, 192}


def _card_ends(tokens: list[Token], gpu_starts: set[int]) -> set[int]:
    """The last token of each unknown card's name (one that starts in `gpu_starts`)."""
    out = set()
    for s in gpu_starts:
        e = s
        while e + 1 < len(tokens) and tokens[e + 1].used == tokens[s].used == "unknown_product":
            e += 1
        if tokens[s].used == "unknown_product":
            out.add(e)
    return out


# 43rd pass: animals are animate nouns too ("тридцать две лошади" had been 32 users of a riding club)
_ANIMALS = {"лошадь", "конь", "пони", "собака", "пёс", "кошка", "кот", "корова", "бык", "телёнок", "овца", "коза",
            "свинья", "курица", "кура", "утка", "гусь", "пчела", "олень", "верблюд", "кролик", "птица", "рыба",
            "животное", "питомец", "зверь", "лиса", "тигр", "лев", "медведь", "слон", "обезьяна", "волк", "кобыла"}


# "7 рабочих дней", "3 дежурных смены": the people's word is an adjective of the time after it (fresh42: 7 users)
_TIME_NOUN = re.compile(r"^(?:дн(?:ей|я)|день|час(?:ов|а)?|смен\w*|недел\w*|суток|месяц\w*)$")


def _person(t: Token) -> bool:
    """"на 20 бухгалтеров", "для 12 юристов": a noun for people (pymorphy3's animate nouns, not names) counts users."""
    if t.used or not re.fullmatch(r"[а-яё]{4,}", t.low) or not morph().word_is_known(t.low) or t.lemma in _ANIMALS:
        return False  # a word the dictionary only guesses at ("эпиках") is no person; nor are animals ("32 лошади")
    nouns = [p.tag for p in morph().parse(t.low) if "NOUN" in p.tag]
    # every reading animate ("эпиках" is also a thing), and counted ("на 20 бухгалтеров"), not a place ("на двух эпиках")
    # counted: "на 20 бухгалтеров", and a number word agreeing in case ("двадцати пяти юристам", "с тридцатью врачами")
    cases = ("gent", "accs", "nomn") + (("datv", "ablt") if t.i > 0 and _agrees(t) else ())
    # the likeliest reading animate ("переводчиков": people, though also devices), none a name
    return bool(nouns) and "anim" in nouns[0] and \
        not any({"Name", "Surn", "Patr", "Geox", "Orgn", "Abbr"} & g.grammemes for g in nouns) and \
        any("anim" in g and g.case in cases for g in nouns)


def _people_past_modifiers(tokens: list[Token], n: int, concept: str | None) -> tuple[str | None, int]:
    """Nineteenth pass: "twenty front desk people", "30 of our support agents", "двадцать наших сотрудников": the people
    word a few plain words after the number (words that name which people, no unit, number, name or clause end between)
    is the number's unit, as it would be right after it."""
    for m in range(n, min(len(tokens), n + 3)):
        x = tokens[m]
        if x.concept == "user" and not x.used and m > n:
            return "user", m
        if x.used or x.concept or x.has_digit or x.word_number or x.comma or x.stop or \
                not re.fullmatch(r"[a-zа-яё]{2,}", x.low) or x.low in _NOT_A_MODIFIER:
            break
    return concept, n


_NOT_A_MODIFIER = {"and", "or", "и", "или", "per", "a", "an", "the", "for", "на", "по", "в", "для", "with", "с", "но", "but",
                   "to", "at", "in", "is", "are", "will", "would", "can", "might", "may", "а", "будет", "будут", "should",
                   "could", "do", "does", "did", "have", "has", "had", "must", "shall", "of", "из", "от", "than", "чем"}


# seventy-second pass, a hurried question: "на двадцати компах одновременно": computers in use at once are the people at
# them; without a same-time word ("у меня 2 компа с 3090") they are machines, named back
_DEVICES = {"комп", "компьютер", "пк", "ноутбук", "ноут", "моноблок", "computer", "laptop", "workstation"}


def _machines_at_once(tokens: list[Token], k: int, n: int) -> bool:
    """A same-time word beside the machines counted ("на 20 компах одновременно будет работать llama 3 8b": the
    model's digits after it are no other count), and no people counted elsewhere ("одновременно 3 компа будут
    обучать модель, а 10 человек общаться с ней": the people are the users; a review)."""
    return any(x.lemma in _CONCURRENT or x.low in _CONCURRENT for x in tokens[max(0, k - 3):n + 3]) and \
        not any(x.concept == "user" or _person(x) for x in tokens if x.i not in range(k, n + 1))


def device(tokens: list[Token], n: int) -> bool:
    t = tokens[n]
    return t.lemma in _DEVICES or t.low.rstrip("s") in _DEVICES or \
        t.lemma == "место" and n > 0 and tokens[n - 1].lemma == "рабочий"  # "на 12 рабочих местах"


def _place(t: Token) -> bool:
    """"в классе", "в отделении", "на смене": a noun in the locative after "в"/"на", where the people counted are."""
    return not t.used and t.concept is None and not t.has_digit and bool(re.fullmatch(r"[а-яё]{3,}", t.low)) and \
        any("NOUN" in p.tag and p.tag.case in ("loct", "loc2") for p in morph().parse(t.low))
    # nineteenth pass: any locative reading, not the two likeliest: after "в"/"на" a noun of place is in the locative
    # by grammar ("на линии" is read first as a genitive)


def _agrees(t: Token) -> bool:
    """The people noun in the dative or instrumental plural ("юристам", "врачами"): counted only by a number word
    said right before it, in the same case (checked by the caller's position: the number is the token before)."""
    return any("plur" in p.tag and p.tag.case in ("datv", "ablt") for p in morph().parse(t.low) if "NOUN" in p.tag)


def _plural(t: Token) -> bool:
    """"бухгалтеров 12", "врачей 30": a people noun said before its count is plural (not "у клиента 4")."""
    return any("plur" in p.tag for p in morph().parse(t.low) if "NOUN" in p.tag)


_LANE_BEFORE = re.compile(r"^(?:pcie|pci-?e|pci|gen[345]|райзер\w*|riser\w*|слот\w*|slots?|шин\w*|линк\w*)$")
_LANE_AFTER = re.compile(r"^(?:lanes?|линий|линии|линиях|линия|slot|слот\w*|risers?|райзер\w*)$")


_NO_SLOT_UNIT = re.compile(r"^(?:ампер\w*|amps?|amperes?|вольт\w*|volts?|квтч|kwh)$")
_PER_KW = re.compile(r"^(?:квт\w*|киловатт\w*|kw|kwh|kilowatt\w*)$")


def _second_memory(tokens: list[Token], k: int, e: int, beside: bool) -> bool:
    """42nd pass: "4060 ти на 16 гигов и 32 гига памяти": the card's memory said already, a second size with the plain
    word for memory after it is the computer's RAM (it had been a second card size, asked)."""
    return not beside and any(x.used == "card_vram_gb" or x.used == "gpu_name" and x.concept == "gb" for x in tokens[:k]) and \
        any(x.low in ("памяти", "memory") for x in tokens[e + 1:e + 3])


_TAKE_VERB = re.compile(r"^(?:возьм\w*|взять|берём|берем|брать|поставим|поставить|поставит|поставят|поставлю|купим|купить|купит|"
                        r"куплю|закажем|закажет|заказать|докупим|take|get|buy)$")  # "клиент хочет поставит(ь) две"


_INSTEAD = re.compile(r"\b(?:вместо|instead|rather than)\b", re.I)  # a count taken in place of one said: which? ask


_CONTAINER = re.compile(r"^(?:корпус|сервер|сервак|системник|шасси|стойк|box|case|server|chassis|rig)", re.I)


def _taken_bare(tokens: list[Token], k: int, into: bool = False) -> bool:
    """"вместо двух 4090 возьмём четыре": a number in words right after a verb of taking, with nothing counted after it,
    is a count the reader cannot place; named back, never dropped (42nd pass review)."""
    t = tokens[k]
    nxt = tokens[k + 1] if k + 1 < len(tokens) else None
    return k > 0 and bool(_TAKE_VERB.match(tokens[k - 1].low)) and (t.number or 0) > 1 and \
        (nxt is None or t.comma or t.stop or not nxt.text[:1].isalnum() or
         # seventy-second pass: "хочет поставить две в один корпус", with the card named (`into`; a review: not
         # "купим две в следующем месяце", and a follow-up's bare count is the conversation's)
         into and nxt.low in ("в", "во", "into") and any(_CONTAINER.match(x.low) for x in tokens[k + 2:k + 5]))


_MONTHS_COUNTED = {"месяцев", "месяца", "мес", "months"}


def _no_slot_unit(tokens: list[Token], k: int) -> bool:
    """A number said in words with a unit no slot takes after it: amps, volts, a price per kW·h ("за квт", "per kwh")."""
    nxt = tokens[k + 1] if k + 1 < len(tokens) else None
    if k > 0 and tokens[k - 1].low in _MONTHS_COUNTED or nxt is not None and nxt.low in _MONTHS_COUNTED:
        return True  # 42nd pass: "сезон у нас месяцев пять": months of a season, which no slot takes; named back
    if nxt is None:
        return False
    if _NO_SLOT_UNIT.match(nxt.low):
        return True
    two = tokens[k + 2] if k + 2 < len(tokens) else None
    return nxt.low in ("за", "per", "a", "/") and two is not None and bool(_PER_KW.match(two.low))


def _ends_at_next_clause(tokens: list[Token], k: int) -> bool:
    """The word after the number opens the next clause: a slot's word ("контекст", "модель", "бюджет") with its own
    value right after it (a number or a name), or a word of need ("нужен", "what")."""
    while k + 1 < len(tokens) and tokens[k + 1].used == "number" and not tokens[k].comma:
        k += 1  # past the number's own words: "максимум полтора десятка модель думаем квен 14б"
    if k + 1 >= len(tokens) or tokens[k].comma or tokens[k].stop:
        return False
    nxt = tokens[k + 1]
    if nxt.low in ("и", "and", "а", "плюс", "plus") and k + 2 < len(tokens):
        k, nxt = k + 1, tokens[k + 2]  # "одновременно двадцать и контекст 32к": the next slot after "и" (38th pass)
    if nxt.lemma in ("нужный", "надо", "нужно") or nxt.low in ("need", "what", "which", "нужен", "нужна", "надо") or \
            nxt.low in ("что", "какой", "какая", "какое", "какие", "какую", "чем", "сколько") and k + 2 < len(tokens):
        # nineteenth pass: a question word opens the next clause as well ("одновременно максимум десять что подойдёт")
        return True
    if nxt.used == "model_name":
        return True  # "одновременно максимум 5 ламы 8б хватит"
    if nxt.low not in _OPENS and nxt.lemma not in _OPENS:
        return False
    after = tokens[k + 2:k + 5]
    return any(x.number is not None or x.has_digit or x.used in ("model_name", "gpu_name") for x in after)


def _lanes(tokens: list[Token], k: int) -> bool:
    """A PCIe width ("x1", "х16", "x 8") said with its slot's or riser's word just before or "lanes" after it."""
    t = tokens[k]
    if not (_X_COUNT.match(t.low) or (k > 0 and tokens[k - 1].low in ("x", "х", "×") and t.number is not None)):
        return False
    if t.number is not None and t.number not in (1, 2, 4, 8, 16) and not _X_COUNT.match(t.low):
        return False
    first = k - 1 if not _X_COUNT.match(t.low) else k
    before = [tokens[m].low for m in range(max(0, first - 2), first)]
    after = tokens[k + 1].low if k + 1 < len(tokens) else ""
    return any(_LANE_BEFORE.match(w) for w in before) or bool(_LANE_AFTER.match(after)) or \
        (first >= 2 and tokens[first - 1].low in ("or", "или", "/") and _lanes(tokens, first - 2))  # "pcie x16 or x8"


_OF_YOUR = {"of", "your", "the", "вашего", "ваших", "ваш", "вашей"}
_FLEET = ("техники", "оборудования", "транспорта", "инвентаря")  # fiftieth pass: "техники 23 единицы": a fleet counted
# what people do with the assistant, said before "все N" (forty-ninth pass: "если сидеть будут все одиннадцать")
_PEOPLE_DOING = {"сидеть", "работать", "пользоваться", "писать", "зайти", "заходить", "спрашивать", "обращаться",
                 "подключиться", "сесть", "навалиться", "набежать"}


_STORAGE = re.compile(r"file ?server|storage|nas|ssd|hdd|nvme|disks?|drives?|диск(?!рет)\w*|хранилищ\w*|накопител\w*|"
                      r"файлов\w* (?:сервер|помойк|хранилищ)\w*|ссд|хдд|жёстк\w*|жестк\w*|ссдшник\w*", re.I)


_ORDERED = re.compile(r"\b(?:заберёт|заберет|заберут|заберём|заберем|возьм[её]т|возьмут|закаж\w+|закупит|закупят|купит|купят|"
                      r"(?:order|purchase) (?:is|would be|will be)|orders|buys|takes|purchases|(?:would|will|could) "
                      r"(?:take|buy|order))\s+(?:[^\W\d]+\s+){0,2}$",
                      re.I)
_BATCH_WORD = re.compile(r"^(?:batch\w*|батч\w*)$", re.I)
_PER_BATCH = re.compile(r"^\s*(?:[^\W\d]+\s+){0,3}(?:per|a|in a|in each|в|на|за|в одном|в каждом) (?:batch|батч)\w*\b", re.I)


_BATCH_ITEMS = re.compile(r"^(?:примеров|пример|примера|последовательност\w*|сэмпл\w*|семпл\w*|samples?|examples?|"
                          r"sequences?|seqs?|prompts?|запрос\w*|штук\w*|шт|of)$", re.I)


def _batch_size_after(tokens: list[Token], k: int, text: str) -> bool:
    """What follows a batch's number says it is the size: nothing, "штук", "примеров", "of them per batch"; not a
    time, a frequency, documents or money ("батчами гоняем 3 раза в день", "batch jobs of 200 docs per hour", "$5 per
    batch": a review of the fifty-ninth pass)."""
    if re.search(r"[$€₽]\s*$", text[max(0, tokens[k].start - 2):tokens[k].start]) or \
            re.match(r"\s*(?:[$€₽]|руб|р\b|usd|dollars?|bucks?)", text[tokens[k].end:], re.I):
        return False
    nxt = tokens[k + 1] if k + 1 < len(tokens) else None
    return nxt is None or tokens[k].stop or tokens[k].comma or not nxt.text[:1].isalnum() or \
        bool(_BATCH_ITEMS.match(nxt.low)) or nxt.low in ("в", "на", "per", "in", "и", "and", "больше", "тогда", "если", "if")


def _batch_near(tokens: list[Token], k: int, text: str) -> bool:
    """A batch's word a few words before the number, nothing between but words ("в батч кладём по 8 штук"), or right
    after it ("four of them per batch", "по 8 в батче")."""
    for j in range(k - 1, max(-1, k - 5), -1):
        if _BATCH_WORD.match(tokens[j].low):
            return not re.search(r"[\d,.;:!?]", text[tokens[j].end:tokens[k].start])
    return bool(_PER_BATCH.match(text[tokens[k].end:]))


_BATCH_SIZE = re.compile(r"\b(?:batch[\s_-]?size|размер\w* батча)\s*(?:of|=|:|в|—|-)?\s*$", re.I)


def _of_storage(tokens: list[Token], k: int) -> bool:
    """A disk's word right before the size ("ssd на 4 тб", "file server to 40TB") or right after its unit ("2TB NVMe"),
    with no other number or memory word between."""
    for x in reversed(tokens[max(0, k - 4):k]):
        if x.has_digit or x.number is not None or x.concept in ("ram", "vram", "gpu") or x.comma:
            break
        if _STORAGE.fullmatch(x.low) or _STORAGE.fullmatch(" ".join(y.low for y in tokens[max(0, x.i - 1):x.i + 1])):
            return True
    # right after the unit ("2TB NVMe"), a disk word with no number of its own ("RAM 64 GB SSD 2TB": the 64 is the RAM's)
    unit = k + 1 if k + 1 < len(tokens) and tokens[k + 1].concept in ("gb", "tb") and not tokens[k + 1].has_digit else k
    nxt = tokens[unit + 1] if unit + 1 < len(tokens) and not tokens[unit].comma else None
    # (fifty-ninth pass, a review: "нужно 100 тб хранилища и 4 h100": the 4 counts cards, the disk has no size of its own)
    own = nxt is not None and any((y.has_digit or y.number is not None) and (
        re.search(r"\d\s?(?:tb|тб|gb|гб)$", y.low) or y.i + 1 < len(tokens) and tokens[y.i + 1].concept in ("gb", "tb"))
        for y in tokens[nxt.i + 1:nxt.i + 3])
    return nxt is not None and bool(_STORAGE.fullmatch(nxt.low)) and not own


def _ram_pointed_at(tokens: list[Token], k: int) -> bool:
    """Fifty-fourth pass: "с выгрузкой в оперативу? её у меня 128 гигов": the size of the RAM named just before, pointed
    at by "её"/"ее" (the last memory or card word before the pronoun is the RAM's)."""
    pron = next((x for x in tokens[max(0, k - 3):k] if x.low in ("её", "ее")), None)
    if pron is None:
        return False
    back = tokens[max(0, pron.i - 8):pron.i]
    last = max((x.i for x in back if x.concept in ("ram", "gpu", "vram") or x.used in ("gpu_name", "unknown_product")),
               default=None)
    return last is not None and tokens[last].concept == "ram"


def _classify(tokens: list[Token], k: int, gpu_starts: set[int], text: str) -> list[Attached]:
    """The slot(s) of the number at token k, or [] when its unit and context say nothing."""
    lex = load_lexicon()
    t, low = tokens[k], tokens[k].low
    if t.code:
        return []  # fifty-third pass: "арт. GS-2204", "RFQ #PD-2025-0311": a code, named back
    if low in ("24/7", "24x7", "24х7"):
        return [Attached("hours_per_month", 730.0, [k])]
    # "2x48GB", "4x24"; not a bare "3х6" (fifty-third pass: "щитов 3х6", billboards' metres), a size no card has
    if (m := _COUNT_VRAM.match(low)) and (m.group(3) or float(m.group(2)) in _VRAM_SIZES and float(m.group(2)) >= 8):
        return [Attached("gpu_count", int(m.group(1)), [k]), Attached("card_vram_gb", float(m.group(2)), [k])]
    if _lanes(tokens, k):
        return []  # "райзеры х1", "pcie x16", "x8 lanes": a slot's width, never a count of cards (named back)
    if k + 1 < len(tokens) and (tokens[k + 1].lemma in ("курс", "семестр") and (t.number or 0) <= 6 or
                                tokens[k + 1].lemma == "класс" and (t.number or 0) <= 11) and not t.closes_clause:
        return []  # fifty-first pass: "студент, 4 курс"; fifty-second: "школьник, 9 класс": a year of study, no people
    if k + 1 < len(tokens) and k > 0 and tokens[k - 1].low in ("in", "across", "from", "on", "at", "в", "из", "на", "по") and \
            _PLACES.match(tokens[k + 1].low):
        return []  # "colleagues in 3 countries", "в 3 офисах": places counted, no people (a review of 72b0c33); named back
    if m := _X_COUNT.match(low):
        return [Attached("gpu_count", int(m.group(1)), [k])]
    if t.number == 1 and t.word_number and (
            k + 1 < len(tokens) and _server_word(tokens[k + 1]) or
            k + 2 < len(tokens) and tokens[k + 1].low in ("таком", "такой", "этом", "том", "этой", "such") and
            _server_word(tokens[k + 2]) or
            " ".join(x.low for x in tokens[k + 1:k + 3]) in ("of them", "из них", "of those", "of these") and
            any(_server_word(x) and j > 0 and (tokens[j - 1].number or 0) > 1 for j, x in enumerate(tokens[:k]))):
        return []  # sixty-seventh pass: "3 сервера, в каждом A100 ×8 … на одном таком сервере", "three nodes, each with
        # 8x H200 … fit on just one of them?": one of the servers, the cards in it counted already
    if whole_or_word(t) and 1 < (t.number or 0) <= 16 and k > 1 and tokens[k - 1].low in ("будет", "будут", "станет", "станут") and \
            any(x.low in ("если", "when", "if") for x in tokens[max(0, k - 4):k - 1]) and gpu_starts and \
            (k + 1 == len(tokens) or not tokens[k + 1].text[:1].isalnum() or t.closes_clause) and \
            not _OTHER_QUANTITY.search(re.split(r"[.!?]\s", text[:t.start])[-1]):
        # (not "10 человек на одной 4090, а если будет 15", "батч 4, если будет 8": the quantity said before it)
        return [Attached("gpu_count", int(t.number or 0), [k])]  # sixty-seventh pass: "одна 3090, а если будет три — потянут?"
    if gpu_starts and t.number and t.number == int(t.number) and 2 <= t.number <= 64 and k not in gpu_starts and \
            _ORDERED.search(text[max(0, t.start - 40):t.start]) and (
                k + 1 == len(tokens) or t.stop or t.comma or k + 1 in gpu_starts or tokens[k + 1].concept == "piece" or
                not tokens[k + 1].text[:1].isalnum() or tokens[k + 1].low in ("если", "if", "и", "and", "—")):
        # fifty-ninth pass: "цену на rtx pro 6000, если клиент заберёт десяток", "if the client's order is a dozen": the
        # cards ordered (a dozen had been ten people); only a count followed by a card, "штук" or nothing ("возьмёт 64
        # гб", "закупят 30 ноутбуков" are not: a review)
        return [Attached("gpu_count", int(t.number), [k])]
    if k > 1 and tokens[k - 1].low == "of" and tokens[k - 2].low == "each" and k + 1 < len(tokens) and \
            (tokens[k + 1].concept == "user" or tokens[k + 1].lemma in _CONCURRENT or tokens[k + 1].low in _CONCURRENT) and \
            not any(j in gpu_starts for j in range(k + 1, k + 7)):  # not "each of 6 devs gets a 4090"
        return [Attached("users", int(t.number or 0), [k])]  # fifty-ninth pass: "each of 20 simultaneous users get?"
    if k > 1 and tokens[k - 1].low in ("из", "of") and tokens[k - 2].low in ("каждому", "каждой", "каждого", "each") and \
            any((x.low == "по" and j + 1 < len(tokens) and (j + 1 in gpu_starts or tokens[j + 1].low in _OWN_CARD)) or
                x.low in ("gets", "get") for j, x in enumerate(tokens[k + 1:k + 5], start=k + 1)):
        return []  # sixty-seventh pass: "каждому из шести разработчиков по своей 4090": six machines of one card each
    if whole_or_word(t) and t.number and t.number == int(t.number) and 1 <= t.number <= 512 and k + 1 not in gpu_starts and \
            _batch_near(tokens, k, text) and _batch_size_after(tokens, k, text):
        # fifty-ninth pass: "в батч кладём по 8 штук", "батч тогда поставлю 4", "four of them per batch": the batch's size,
        # as "batch 8" is (had been eight cards)
        piece = [k + 1] if k + 1 < len(tokens) and tokens[k + 1].concept == "piece" else []
        return [Attached("users", int(t.number), [k] + piece)]
    if low == "one" and k > 0 and tokens[k - 1].low in ("quick", "simple", "easy", "last", "small", "short"):
        return []  # sixty-seventh pass: "Quick one — H200 price and availability?": a question, not one card
    whole = t.number is not None and t.number == int(t.number) and 1 < t.number <= 16 and not t.word_number
    if whole and k + 2 < len(tokens) and tokens[k + 1].low == "way" and text[t.end:tokens[k + 1].start] in ("-", " ") and \
            (k + 2 in gpu_starts or tokens[k + 2].low in ("gpu", "gpus", "box", "node", "server", "rig", "setup") or
             tokens[k + 2].low in ("or", "или") and k + 4 < len(tokens) and tokens[k + 4].low == "way"):  # "a 4-way or 8-way node"
        return [Attached("gpu_count", int(t.number or 0), [k, k + 1])]  # sixty-seventh pass: "a 4-way L40S box"
    if whole and k + 3 < len(tokens) and tokens[k + 1].low == "по" and tokens[k + 2].number in _VRAM_SIZES and \
            _GB_WORD.match(tokens[k + 3].low) and not any(_RAM_WORD.match(x.low) for x in (*tokens[max(0, k - 3):k],
                                                                                          *tokens[k + 4:k + 6])):
        return [Attached("gpu_count", int(t.number or 0), [k])]  # sixty-seventh pass: "риг 4 по 24 гига": four cards
    if k > 0 and tokens[k - 1].low in ("x", "х", "×") and t.number is not None:
        return [Attached("gpu_count", int(t.number), [k - 1, k])]
    if (people := _their_number(tokens, k)) is not None:
        return [Attached("users", int(t.number or 0), [people, k], concurrent=False)]
    if t.number and t.number == int(t.number) and t.number > 1 and k + 2 < len(tokens) and tokens[k + 1].low == "of" and \
            tokens[k + 2].low == "us" and (tokens[k + 2].closes_clause or tokens[k + 2].comma or k + 3 == len(tokens) or
                                           tokens[k + 3].low in ("at", "tops", "max", "total", "in", "altogether")) and \
            (k == 0 or tokens[k - 1].closes_clause or tokens[k - 1].comma or
             tokens[k - 1].low in ("are", "we're", "were", "so", "just", "only", "all")):
        # (the whole group: "a small practice in Bristol, 12 of us."; not "2 of us are remote", "one of us will set it up")
        return [Attached("users", int(t.number), [k, k + 1, k + 2])]  # sixty-first pass: "a small practice, 12 of us"
    if k > 0 and tokens[k - 1].low in ("все", "всех") and t.number is not None and t.number >= 2 and \
            (k + 1 >= len(tokens) or not tokens[k + 1].text[:1].isalnum()) and \
            any(x.lemma in _PEOPLE_DOING for x in tokens[max(0, k - 4):k - 1]):
        return [Attached("users", int(t.number), [k - 1, k])]  # forty-ninth pass: "если сидеть будут все одиннадцать"
    if k > 1 and tokens[k - 1].low in ("all", "всех", "всем") and tokens[k - 2].low in ("for", "на", "для", "to") and \
            t.number is not None and (k + 1 >= len(tokens) or not tokens[k + 1].text[:1].isalnum()):
        return [Attached("users", int(t.number), [k - 1, k])]  # fresh42: "enough for all 150?": the people said before
    if k > 0 and tokens[k - 1].low in ("those", "these", "both") and (t.word_number or re.fullmatch(r"\d{1,3}", low)) and (
            k + 1 >= len(tokens) or tokens[k + 1].concept is None):
        return []  # thirty-fourth pass: "stack up against those two?": the cards discussed, pointed at, not counted
    if _their_cards(tokens, k):
        return [Attached("gpu_count", int(t.number or 0), [k])]  # "на трёх l40s? хотя ... их две числится"
    if _count_after_card(tokens, k):
        return [Attached("gpu_count", int(t.number or 0), [k])]  # twenty-ninth pass: "а100 одна, что на ней запустить"
    if k > 0 and tokens[k - 1].low in VAGUE:
        return []
    if low.endswith("%") or (k + 1 < len(tokens) and (tokens[k + 1].low in ("%", "percent", "pct")
                                                       or tokens[k + 1].lemma == "процент")):
        return []  # "скидку 50%", "загрузка 40 процентов": a share, never people or cards; named back if nothing takes it
    if _ends_at_next_clause(tokens, k) and t.number is not None and (t.word_number or re.fullmatch(r"\d+", low)) and \
            (_concurrent_near(tokens, k, k, text) or k > 0 and (tokens[k - 1].concept == "user" or _person(tokens[k - 1]))):
        # "одновременно до 30 контекст 12,5к", "одновременно не больше 15 модель gpt-oss": typed without punctuation, the
        # next slot's word opens the next clause; this number is the same-time figure of its own clause
        e = k
        while e + 1 < len(tokens) and tokens[e + 1].used == "number":
            e += 1
        return [Attached("users", int(t.number), list(range(k, e + 1)), concurrent=True)]
    if t.number is not None and re.fullmatch(r"\d+", low) and _labelled_before(tokens, k) is not None and (
            k + 1 >= len(tokens) or tokens[k + 1].concept in (None, "user", "request") and not tokens[k + 1].used):
        return [Attached("users", int(t.number), [k], concurrent=True)]  # "обращений — не менее 250", "users: at least 250"
    if (params := _millions_of_params(tokens, k)) is not None:
        return params  # "модель на 500 млн параметров", "a 500M-parameter model": a size, never money
    got = money.read(tokens, k, text)
    if got is not None:
        return got  # [] when it is money no slot takes
    if t.word_number and low in lex.scale.context and _scale_of_next(tokens, k):
        return []  # "контекст тыщ 16", "тысяч 32 токенов": the scale of the number after it, read with that number
    if k > 0 and tokens[k - 1].concept in ("usd", "eur", "rub") and not tokens[k - 1].closes_clause:
        return []  # "$5k/month": money no slot of ours takes; asked, never a context or a count
    glued = _GLUED.match(low)
    value, suffix = (float(glued.group(1).replace(",", ".")), glued.group(2)) if glued else (t.number, "")
    suffix = "гиг" if suffix.startswith("гиг") or suffix.startswith("gig") else suffix
    if value is None:
        return []
    concept, n = unit_after(tokens, k)
    if concept is None and t.word_number and t.number != 1 or concept is None and re.fullmatch(r"\d+", low):
        concept, n = _people_past_modifiers(tokens, n, concept)
    unit = [n] if concept else []
    if concept is None and not suffix and k >= 2 and tokens[k - 1].low == "на" and not tokens[k - 2].used and \
            tokens[k - 2].concept in ("gb", "tb") and not tokens[k - 2].has_digit:
        concept, unit = tokens[k - 2].concept, [k - 2]  # thirty-first pass: "карта гигабайт на шестнадцать", "гигов на 16"
    elif concept is None and not suffix and k >= 1 and tokens[k - 1].concept in ("gb", "tb") and not tokens[k - 1].used and \
            not tokens[k - 1].has_digit and not tokens[k - 1].closes_clause and value in _MEMORY_SIZES:
        concept, unit = tokens[k - 1].concept, [k - 1]  # fifty-first pass: "оперативы хотим гигов 256": the unit said first
    if suffix in ("b", "б", "bn") or concept == "billion":
        return [Attached("params_b", value, [k] + (unit if concept == "billion" else []))]
    if _size_letter_after(tokens, k) and 0.5 <= value <= 1000:  # "чтоб тридцать б модели летали", "30 b models"
        e = k
        while tokens[e + 1].used == "number":
            e += 1
        return [Attached("params_b", value, list(range(k, e + 2)))]
    if concept is None and not suffix and k > 0 and tokens[k - 1].low in ("памяти", "memory") and \
            value in (8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512) and \
            any(x.used == "card_vram_gb" or x.used == "gpu_name" for x in tokens[:k - 1]):
        # fiftieth pass: "видюха 4060 на 8 гигов, памяти 32": the card's memory said, the plain word's is the RAM
        return [Attached("ram_gb", value, [k - 1, k])]
    if suffix in _GB or suffix in ("tb", "тб") or concept in ("gb", "tb"):
        if _of_storage(tokens, k):
            return []  # fifty-fourth pass: "grew our file server to 40TB", "ssd на 2 тб": disks, named back, no memory
        if any(x.low in _NEEDS for x in tokens[max(0, k - 3):k]) and any(
                x.used == "model_name" or x.low in ("model", "models", "модель", "модели", "модельке") or
                re.fullmatch(r"\d+(?:[.,]\d+)?[bб]", x.low) for x in tokens[max(0, k - 6):k]):
            return []  # sixty-first pass: "I read a 70b model needs 140GB of VRAM": what a model takes, no memory owned; asked
        size = value * (1024 if (suffix in ("tb", "тб") or concept == "tb") else 1)
        after = []
        reach = t.end + 24  # where this size's words may end
        for x in tokens[k + 1:k + 5]:  # "256GB DDR5", "128 гигов оперативки"; not past the next number or card
            of_card = k >= 2 and tokens[k - 1].low in ("на", "with", "с") and tokens[k - 2].used in ("gpu_name", "unknown_product")
            # forty-eighth pass: "комп с 4070 супер на 12 гигов оперативки 64" typed as one run: the card's size, then RAM
            # (seventy-seventh pass: "… на 12 гигабайт если оперативной памяти 48 гигов": past the RAM's "памяти")
            own = x.i + 2 if x.i + 2 < len(tokens) and tokens[x.i + 1].low in ("памяти", "память", "memory") else x.i + 1
            if x.concept == "ram" and (x.i > max([k] + unit) + 1 and _own_number(tokens, own) or of_card and x.i + 1 < len(
                    tokens) and tokens[x.i + 1].number in (8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512)):
                reach = x.start  # fresh40: "4060 на 8 гигов и оперативки 16": the RAM word with a number of its own
                break
            if x.concept == "ram":
                after = [x.i]
            # (thirty-seventh pass: nor past the next size, "GTX 1080 with 8GB and 16GB of RAM")
            if after or ((x.number is not None or x.has_digit) and x.i > k + 1) or x.concept in ("gpu", "vram"):
                break
            if x.comma or x.stop or t.comma or t.stop:
                break  # 43rd pass: "4070 на 8 гиг, оперативы 32": the RAM word after a comma is the next size's
        from assistant.reading.choices import _CPU_ONLY
        # "32 гб оперативки и 12 гб видеопамяти", "16gb ram + 8gb vram", "оперативки 64, видеопамяти 24 гб": the card's
        # memory word right beside the number beats a RAM word further back
        e = max([k] + unit)  # the unit may itself be the memory's word ("8gb vram")
        word = next((x for x in tokens[k + 1:e + 2] if x.concept == "vram"), None)
        beside = (k > 0 and tokens[k - 1].concept == "vram") or \
            (word is not None and not any(x.comma for x in tokens[k:word.i]))  # not past a comma
        ram = not beside and cue_before(tokens, min([k] + unit), {"ram"}, 4) or bool(after) or bool(_HOST_MEMORY.search(
            text[max(0, t.start - 32):t.start] + " " + text[t.end:reach].split(",")[0])) or \
            bool(_CPU_ONLY.search(text)) or _second_memory(tokens, k, e, beside) or \
            (not beside and any(x.used == "server_name" for x in tokens) and  # "сервер дипсик с 1 тб памяти": a named
             not any(x.used in ("gpu_name", "unknown_product") or x.concept in ("gpu", "vram") for x in tokens))  # server, no card
        ram = ram or not beside and _ram_pointed_at(tokens, k)
        said = [x.i for x in tokens[max(0, k - 2):k] if ram and x.concept == "ram" and x.has_digit and not x.used]
        return [Attached("ram_gb" if ram else "card_vram_gb", size, sorted(said +  # "ddr5 64 гига": the RAM's name too
                         [k] + (unit if concept in ("gb", "tb") else []) + [i for i in after if tokens[i].has_digit]))]
    if suffix in _BITS or concept == "bit":
        name = lex.precision.bits.get(int(value))
        return [Attached("precision", name, [k] + (unit if concept == "bit" else []))] if name else []
    if suffix in ("m", "млн") and (concept in ("token", "context") or cue_before(tokens, k, _CONTEXT_CUE | {"token"}, 2)):
        return [Attached("context", int(value * 1048576), [k] + unit)]  # "1M context", "контекст 2млн"
    if suffix in ("k", "к", "тыс") and concept == "user":
        return [Attached("users", int(value * 1000), [k] + unit)]  # "1.5k employees": people, not a context
    if suffix in ("k", "к", "тыс") and cue_before(tokens, k, {"за", "for"}, 1) and not \
            (concept in ("token", "context") or cue_before(tokens, k, _CONTEXT_CUE, 3)):
        return []  # "купить 3090 за 60к": a price with nothing to say whose; asked, never a context
    if suffix in ("k", "к", "тыс") and concept not in ("token", "context") and _DATASET.match(text[t.end:]):
        return []  # "дообучить на 40к заявлениях", "on 50k examples": the training set's size, no context (38th pass)
    if suffix in ("k", "к", "тыс"):
        if value <= 256 or (concept in ("token", "context") and value <= 2048):
            return [Attached("context", int(value * 1024), [k] + (unit if concept in ("token", "context") else []))]
        budget_word = cue_before(tokens, k, {"budget", "бюджет"}, 3)
        if value >= 10_000 and not budget_word:
            return []  # "13900к", "14900k": a processor's name, not 13.9 million; asked, never a guess
        # "has 300k for this": no context is that long, so money; with no currency or budget word, a guess
        return [Attached("budget", value * 1000, [k], assumed=not budget_word)]
    whole = value == int(value)
    # "и 32 оперативки", "64 озу": a bare size of RAM with the RAM word right after it
    # twenty-first pass: the number's own words between ("сто двадцать восемь оперативы"), as for counts and watts
    own = k
    while own + 1 < len(tokens) and tokens[own + 1].used == "number":
        own += 1
    if concept == "ram" and n == own + 1 and not suffix and whole and value in _RAM_SIZES:
        return [Attached("ram_gb", value, list(range(k, n + 1)))]
    # "оперативы 256", "озу 128", "ram 64": the RAM word said first, a bare size of RAM after it
    if k > 0 and tokens[k - 1].concept == "ram" and not tokens[k - 1].used and concept is None and not suffix and \
            whole and value in _RAM_SIZES:
        return [Attached("ram_gb", value, [k - 1, k])]
    # "4060 ти на 16", "a 3080 with 12": a bare memory size after a card the catalog lacks is that card's memory
    if (t.card_size or k > 1 and tokens[k - 1].low in ("на", "с", "with") and tokens[k - 2].used == "unknown_product" and
            k - 2 in _card_ends(tokens, gpu_starts) and whole and value in _VRAM_SIZES) and concept is None and not suffix:
        return [Attached("card_vram_gb", value, [k])]
    if concept == "server":
        return []
    if concept == "piece" and (of := next((x for x in tokens[n + 1:n + 4] if x.low not in _OF_YOUR), None)) is not None \
            and (of.used == "server_name" or of.concept == "server"):
        return []  # "2 шт сервера", "2 nos of your deepseek server" (thirty-fifth pass): servers, not cards
    if t.word_number and value == 2 and t.low in _PAIR and k > 0 and tokens[k - 1].used == "gpu_name":
        return [Attached("gpu_count", 2, [k])]  # "our h100 nvl pair", "3090 парой": a pair after the card
    # "сервер с 4 такими", "a box with 8 of those": a count of the card the message named
    if whole and 1 <= value <= 64 and gpu_starts and min(gpu_starts) < k and \
            (tokens[n].lemma in _SUCH or (tokens[n].low == "of" and n + 1 < len(tokens) and tokens[n + 1].low in _SUCH)):
        return [Attached("gpu_count", int(value), [k])]
    if concept == "piece" and tokens[n].low in ("them", "us") and _SAME_TIME_AHEAD.match(text[tokens[k].end:]):
        return [Attached("users", int(value), [k, n], concurrent=True)]  # 42nd pass: "25 of them using at the same time"
    if concept == "piece" and tokens[n].low == "them" and whole and _them_are_people(tokens, k, n, gpu_starts):
        # fifty-ninth pass: "70 staff; about 20 of them would be on an internal assistant at once": them are the people
        # (had been twenty cards, silently)
        return [Attached("users", int(value), [k, n], concurrent=bool(_SAME_TIME_FAR.match(text[tokens[k].end:])))]
    if concept is None and whole and not suffix and _share_of_people(tokens, k) and \
            not gpu_next(tokens, k, gpu_starts):
        # seventy-sixth pass: "нас 70 человек, из них 20 будут гонять квен 32б одновременно": the people at once are a
        # share of those said (had been named back, the headcount read as the users)
        return [Attached("users", int(value), [k], concurrent=True)]
    if concept == "piece" and (_things_before(tokens, k) or k > 0 and tokens[k - 1].low.endswith(_FLEET)) and \
            not gpu_next(tokens, k, gpu_starts):
        return []  # forty-eighth pass: "своих самосвалов 18 штук": the things counted said first, no cards; asked
    if concept is None and not suffix and whole and value <= 24 and k > 0 and _WEEK_WORD.match(tokens[k - 1].low) and \
            any(x.concept == "hour" for x in tokens) and money.week_part(tokens, k, text) and \
            not any(x.concept == "user" or _person(x) for x in tokens[max(0, k - 8):k]):  # "по будням 20 человек ..., по выходным 5"
        # sixty-first pass: "по будням 4 часа, по выходным 10": the hours of the week's other part, said without the
        # word (had been ten cards, from the 3090 after the comma)
        return [Attached("hours_per_month", money.hours_per_month(value, tokens, k, text), [k])]
    hours_said_first = k > 1 and tokens[k - 1].low == "по" and tokens[k - 2].concept == "hour" and not tokens[k - 2].used
    # ("в выходные часов по 10, 4090 за 250 тыщ": the hours' word said first, then the card after a comma: no ten cards,
    # a question tried after the bench at bcda22e)
    count_unit = concept in ("gpu", "piece") or not hours_said_first and gpu_next(tokens, k, gpu_starts)
    if suffix in ("x", "х", "×") or count_unit:
        if not count_unit and not (k > 0 and tokens[k - 1].used == "gpu_name"):
            return []  # "4x that traffic"
        # (fiftieth pass: never more than a server holds, "колоду карт на 120 штук": playing cards; named back)
        return [Attached("gpu_count", int(value), [k] + (unit if concept in ("gpu", "piece") else []))] \
            if whole and value <= 64 else []
    sb = _scale_before(tokens, k) if value <= 256 and not suffix else None
    if sb is not None and tokens[sb].low in lex.scale.context and cue_before(tokens, sb, _CONTEXT_CUE | {"context"}, 4):
        # thirty-second pass: "контекст нужен тыщ на восемь диалоги длинные": the context's thousands, said scale
        # first, whatever noun follows (the dialogues were read as eight people)
        return [Attached("context", int(value * lex.scale.context[tokens[sb].low]), list(range(sb, k + 1)))]
    # "запросов будет штук десять": "штук" said before the number counts the people word before it, not cards
    piece_of_people = k > 0 and tokens[k - 1].concept == "piece" and \
        any(tokens[m].concept in ("user", "request") for m in range(max(0, k - 4), k - 1))
    if concept in ("user", "request") or tokens[n].low in ("use", "using", "work", "working") or t.lemma in COLLECTIVE or \
            piece_of_people or \
            (concept is None and n > k and _person(tokens[n]) and not _TIME_NOUN.match(
                tokens[n + 1].low if n + 1 < len(tokens) else "")) or \
            (concept is None and k > 0 and _person(tokens[k - 1]) and _plural(tokens[k - 1])) or \
            (concept is None and k > 1 and tokens[k - 1].low in _ROUGHLY and _person(tokens[k - 2]) and
             _plural(tokens[k - 2])) or \
            (concept is None and _people_will_be(tokens, k)) or \
            (concept is None and n > k and device(tokens, n) and _machines_at_once(tokens, k, n)) or \
            (concept is None and k > 2 and tokens[k - 2].low == "у" and tokens[k - 1].low in ("нас", "меня", "них") and
             _person(tokens[k - 3]) and _plural(tokens[k - 3])) or \
            (concept is None and k > 2 and tokens[k - 2].low in ("в", "на") and _place(tokens[k - 1]) and
             _person(tokens[k - 3]) and _plural(tokens[k - 3])) or \
            cue_before(tokens, k, _USERS_CUE | {"user", "team", "команда"}, 2) and \
            not (k > 0 and tokens[k - 1].low in _QUOTE_VERBS) or \
            (concept is None and k > 1 and tokens[k - 1].low == "of" and tokens[k - 2].low in _PEOPLE_OF) or \
            (concept is None and k > 2 and tokens[k - 1].low in _ROUGHLY and tokens[k - 2].low == "of" and
             tokens[k - 3].low in _PEOPLE_OF and (k + 1 >= len(tokens) or not tokens[k + 1].text[:1].isalnum() or
                                                  tokens[k + 1].low in ("people", "staff", "employees", "folks", "and",
                                                                        "but", "so", "who"))) or \
            bool(_BATCH_SIZE.search(text[:t.start])):  # fifty-fourth pass: "with a batch size of 8"
        if value == 1 and t.word_number and k > 0 and tokens[k - 1].low in ("на", "per", "for", "каждого") and \
                _RATE.search(text):  # "сколько ток/с на одного пользователя": a rate per user, not the number of users
            return [Attached("per_user", 1, [k] + unit)]
        # the unit only when it is the people's word: "человек на пятнадцать контекст тыщ тридцать два" (a hurried
        # question at fd8b3fa) had taken "контекст" with the 15 people, and the context was lost
        people_unit = unit if concept in ("user", "request") else []
        return [Attached("users", int(value), [k] + people_unit)] if whole else []
    # "часов 10 в день", "часов по восемь в рабочие дни": the hours word said first, "по" (each day) between
    hours_first = cue_before(tokens, k, {"hour"}, 1) or \
        (k > 1 and tokens[k - 1].low == "по" and tokens[k - 2].concept == "hour" and not tokens[k - 2].used)
    if concept == "hour" or suffix in ("ч", "h") or hours_first:
        days = money._DAYS_A_WEEK.search(text) or money._SAME_DAYS.search(text) or money._DAYS_A_MONTH.search(text)
        extra = [x.i for x in tokens if days and x.start >= days.start() and x.end <= days.end() and x.number is not None]
        shifts, said = _shifts(tokens, k)
        if _a_stretch_of_hours(tokens, k, value, text):
            return []  # thirty-second pass: "дают 2 x H100 на 48 часов": a job's time limit, no month of use; asked
        return [Attached("hours_per_month",
                         money.hours_per_month(value * shifts, tokens, n if concept == "hour" else k, text),
                         [k] + unit + extra + said)]
    ctx_scale, s_end = scale_after(tokens, k, lex.scale.context)
    ctx_cue = cue_before(tokens, k, _CONTEXT_CUE | {"context", "token"}) or \
        (s_end + 1 < len(tokens) and tokens[s_end + 1].concept in ("token", "context"))
    # "контекст тыщ 16": the scale said first, as "16 тыщ"; the context's word up to four words before the scale
    # ("контекст нужен большой тысяч 32", "контекст где то тысяч 64")
    sb = _scale_before(tokens, k) if ctx_scale == 1 and value <= 256 else None
    if sb is not None and tokens[sb].low in lex.scale.context and \
            (ctx_cue or sb > 0 and cue_before(tokens, sb, _CONTEXT_CUE | {"context"}, 4)):
        tok = [k + 1] if k + 1 < len(tokens) and tokens[k + 1].concept == "token" else []
        return [Attached("context", int(value * lex.scale.context[tokens[sb].low]), list(range(sb, k + 1)) + tok)]
    if ctx_scale > 1 and not ctx_cue and (_things_after(tokens, s_end) or _things_before(tokens, k)):
        return []  # "11 тысяч оленей", "20 тысяч договоров": a count of things, no context; named back
    if ctx_scale > 1 and (value <= 256 or (ctx_cue and value <= 2048)):
        tok = [s_end + 1] if s_end + 1 < len(tokens) and tokens[s_end + 1].concept == "token" else []
        return [Attached("context", int(value * ctx_scale), [k, s_end] + tok)]
    if concept == "token" and _OUTPUT_AFTER.match(text[tokens[n].end:]) and not cue_before(tokens, k, _CONTEXT_CUE):
        return []  # fortieth pass: "примерно 600 токенов ответа": an answer's length, no context; asked
    if concept == "token" and _PER_SECOND.match(text[tokens[n].end:]) and not cue_before(tokens, k, _CONTEXT_CUE):
        return []  # fifty-seventh pass: "обещает 3000 токенов в секунду": a rate, never a context; asked
    if concept in ("token", "context") or cue_before(tokens, k, _CONTEXT_CUE):
        return [Attached("context", int(value), [k] + (unit if concept == "token" else []))] if value >= 128 else []
    if cue_before(tokens, k, {"gpu", "piece"}, 2) and not cue_before(tokens, k, {"на", "с", "with", "on"}, 1):
        if whole and _people_pieces(tokens, k):
            return [Attached("users", int(value), [k - 1, k], concurrent=True)]
        if _PER_PERIOD.match(text[tokens[k].end:]) or _things_after(tokens, k) or _things_before(tokens, k):
            # forty-first pass: "мне надо штук 30 в день" (pictures): an output a day, no cards; asked. 42nd: "штук 20
            # вариантов показать": the thing counted is named after the number, and it is no card; fresh40: "плотов
            # за навигацию штук сорок": or before "штук", in the genitive plural
            return []
        if k > 2 and tokens[k - 1].concept == "piece" and tokens[k - 3].low in ("в", "на") and _place(tokens[k - 2]):
            return []  # fiftieth pass: "дизель-генераторы, в парке штук 60": the fleet's things, no cards
        return [Attached("gpu_count", int(value), [k])] if whole and value <= 64 else []
    end = k  # past the number's own words: "максимум полтора десятка", "полторы сотни"
    while end + 1 < len(tokens) and tokens[end + 1].used == "number" and not tokens[end].comma:
        end += 1
    last = tokens[end]
    nxt = tokens[end + 1] if end + 1 < len(tokens) else None
    bare = nxt is None or last.stop or last.comma or not nxt.text[:1].isalpha() or nxt.lemma in _CONCURRENT or \
        nxt.low in _CONCURRENT or bool(_SAME_TIME.match(text[last.end:])) or bool(_SAME_TIME_AHEAD.match(text[last.end:])) or \
        nxt.lemma in _OPENS or nxt.low in _OPENS or nxt.lemma in _AT_ONCE_THINGS or nxt.low in _ESTIMATE_AFTER or \
        bool(_AT_PEAK.match(text[last.end:])) and not _DRAWN.search(text)  # "25 at peak"; not "draws 450 at peak"
    # "не больше 15.", "15 concurrent", "не больше 15 нужен"; not "peak 2500 W"
    if concept is None and not suffix and whole and ctx_scale == 1 and bare and _concurrent_near(tokens, k, end, text):
        return [Attached("users", int(value), list(range(k, end + 1)), concurrent=True)]  # "одновременно будет не больше 15"
    return []


_PER_SECOND = re.compile(r"\s*(?:в|за|per|a|/)\s*(?:секунду|сек|s|sec|second)\b", re.I)
_PER_PERIOD = re.compile(r"\s*(?:в|за|per|a|an|each)\s+(?:день|сутки|час|минуту|секунду|неделю|месяц|day|hour|minute|week|month)\b",
                         re.I)
_OUTPUT_AFTER = re.compile(r"\s*(?:ответа|в ответе|на ответ|генерации|на выходе|на выход|of output|output|in the answer|"
                           r"per answer|per reply|в ответ)\b", re.I)


def _own_number(tokens: list[Token], n: int) -> bool:
    """A bare size at `n` ("… и оперативки 16", "оперативки 32 гб"): a number with no unit of another kind after it."""
    if n >= len(tokens) or not (tokens[n].has_digit or tokens[n].word_number):
        return False
    while tokens[n].word_number and n + 1 < len(tokens) and tokens[n + 1].low in load_lexicon().numbers and \
            not tokens[n].closes_clause:
        n += 1  # "сорок восемь": a compound said in words is one number (its value on the first word)
    after = tokens[n + 1] if n + 1 < len(tokens) else None
    return after is None or tokens[n].closes_clause or not after.text[:1].isalnum() or \
        after.concept in ("gb", "tb") or after.low in ("и", "а", "and")


def _things_before(tokens: list[Token], k: int) -> bool:
    """Fortieth pass: "статей у нас около 40 тысяч": the counted noun said first, in the genitive plural, a few
    plain words before the number; a count of things, no context."""
    from assistant.reading.words import morph

    reach = 5 if k > 0 and tokens[k - 1].concept == "piece" else 4  # "дел на мне сейчас штук сорок": "штук" between
    for x in reversed(tokens[max(0, k - reach):k]):
        if x.has_digit or x.closes_clause or x.used:
            return False
        if x.concept is None and re.fullmatch(r"[а-яё]{4,}|дел", x.low) and any(  # 49th pass: "дел ... штук сорок"
                p.tag.POS == "NOUN" and {"gent", "plur"} <= p.tag.grammemes for p in morph().parse(x.low)[:1]):
            return True
    return False


def _people_pieces(tokens: list[Token], k: int) -> bool:
    """Fortieth pass: "гости пишут одновременно штук сорок": "штук" right before the number counts the people
    said at once just before it, not cards."""
    if k < 1 or tokens[k - 1].concept != "piece":
        return False
    return any(x.lemma in _CONCURRENT or x.low in _CONCURRENT for x in tokens[max(0, k - 3):k - 1])


_MILEAGE = {"пробег", "пробегом", "пробега", "пробеге", "mileage", "odometer", "odo"}
_MEASURES = {"км", "km", "кг", "kg", "т", "тонн", "га", "mi", "miles", "m²", "м²", "м2", "кв"}


def _things_after(tokens: list[Token], s: int) -> bool:
    """A noun counted in the genitive plural right after the scale word ("тысяч оленей"), which no slot's word is;
    "40 тысяч клиентов" is a count of people served, no context either (asked)."""
    nxt = tokens[s + 1] if s + 1 < len(tokens) else None
    if nxt is not None and s + 2 < len(tokens) and nxt.concept is None and _plural_genitive(nxt, "ADJF", "PRTF"):
        nxt = tokens[s + 2]  # 42nd pass: "18 тыс размеченных заключений": the counted noun after its adjective
    if any(x.low in _MILEAGE for x in tokens[max(0, s - 4):s]):
        return True  # 42nd pass: "с пробегом 40 тыс": a car's mileage, no context
    if nxt is not None and nxt.low in _MEASURES and not nxt.used:
        return True  # 42nd pass: "пробег 84 тыс км": a distance, no context (it had been 86 016 tokens)
    if nxt is None or nxt.concept not in (None, "user") or nxt.used or not re.fullmatch(r"[а-яё]{3,}", nxt.low):
        return False
    return _plural_genitive(nxt, "NOUN")


def _plural_genitive(t: Token, *pos: str) -> bool:
    from assistant.reading.words import morph

    return not t.used and bool(re.fullmatch(r"[а-яё]{3,}", t.low)) and any(
        p.tag.POS in pos and {"gent", "plur"} <= p.tag.grammemes for p in morph().parse(t.low)[:2])


def _a_stretch_of_hours(tokens: list[Token], k: int, value: float, text: str) -> bool:
    """"на 48 часов", "for 100 hours": hours with no period after them and more than a day's, said as how long
    something lasts ("на"/"for" before), in a message that speaks of no month."""
    period = any(x.concept in ("day", "week", "month", "weekday") for x in tokens[k + 1:k + 4])
    return value > 24 and not period and k > 0 and tokens[k - 1].low in ("на", "for") and \
        not re.search(r"month|месяц|мес\b|/\s?мес|в неделю|a week|per week", text, re.I)


def _size_letter_after(tokens: list[Token], k: int) -> bool:
    """"б"/"b" said apart right after the number, as a size ("тридцать б"), not "б/у" (used) or a letter of a name."""
    n = k  # "до тридцати двух б": past the compound number's other words
    while n + 1 < len(tokens) and tokens[n + 1].used == "number" and not tokens[n].comma:
        n += 1
    nxt = tokens[n + 1] if n + 1 < len(tokens) else None
    after = tokens[n + 2] if n + 2 < len(tokens) else None
    return nxt is not None and nxt.low in ("б", "b") and not nxt.used and not tokens[n].comma and \
        not (after is not None and (after.low in ("/", "у") or after.start == nxt.end))


_ABOUT_AFTER_SCALE = {"на", "так", "эдак", "где-то", "около", "примерно",
                     "за", "в"}  # "тысяч на 32", "тыщ так 16": an estimate; "тысяч за 32", "тысяч в 64" (twenty-second pass)


def _scale_of_next(tokens: list[Token], s: int) -> bool:
    """Whether the scale word at s ("тыщ", "тысяч") is said before its number: a number follows it (a digit, or a
    number word above one; "тысяч на 32", an estimate word between) and none comes right before it ("16 тыщ" is the
    scale of the 16 before it)."""
    n = s + 1
    if n < len(tokens) and tokens[n].low in _ABOUT_AFTER_SCALE and n + 1 < len(tokens) and tokens[n + 1].number is not None:
        n += 1
    nxt = tokens[n] if n < len(tokens) else None
    return bool(tokens[s].word_number and not tokens[s].used and nxt is not None and nxt.number is not None and
                (nxt.has_digit or nxt.number >= 2) and
                not (s > 0 and tokens[s - 1].number is not None and tokens[s - 1].used not in money.NAMES))


def _scale_before(tokens: list[Token], k: int) -> int | None:
    """The index of the scale word said before the number at k, right before it or with an estimate word between."""
    for s in (k - 1, k - 2):
        if s >= 0 and (s == k - 1 or tokens[k - 1].low in _ABOUT_AFTER_SCALE) and _scale_of_next(tokens, s):
            return s
    return None


# "... на рейзерах ну или двенадцать", "... or maybe twelve": "ну"/"а" before the "or" is no word of its own
_OR_LATER = re.compile(r"^\s*(?:[a-zа-яё']+\s*){0,2},?\s*(?:(?:ну|а)\s+)?(?:или|or)\s+(?:[a-zа-яё']+\s+){0,4}$", re.I)


def _or_later(text: str, tokens: list[Token], other: Attached, k: int) -> bool:
    """"a single 3090 or do i need two", "одной карты хватит или нужно две": a bare number after "or" and a
    few words is the other value's alternative (past the card named with it)."""
    if other.slot not in ("gpu_count", "users", "card_vram_gb") or max(other.tokens) >= k:
        return False
    end = max(other.tokens)
    while end + 1 < k and tokens[end + 1].used in ("gpu_name", other.slot) or \
            end + 1 < k and tokens[end + 1].concept in ("gpu", "user", "gb", "piece"):
        end += 1
    return bool(_OR_LATER.match(text[tokens[end].end:tokens[k].start]))


# the words a customer takes a count back with ("на две карты h200 ой нет на три", "четыре штуки ... нет шесть",
# "3 h200 no wait make it 4"): only these between the count (with its card) and the bare number that replaces it
_TAKE_BACK = re.compile(r"^[\s,.!…:;-]*(?:(?:ой|ай|ох|блин|ну|а|нет|не|вру|поправка|точнее|вернее|то есть|хотя|давайте|давай|"
                        r"sorry|oops|no|nope|wait|i mean|actually|make it|make that|scratch that|rather|"
                        r"на|по|for|it|штук|штуки|конечно|of course)[\s,.!…:;-]*)+$", re.I)
_TAKE_BACK_WORD = re.compile(r"\b(?:нет|вру|поправка|точнее|вернее|то есть|ой|sorry|oops|no wait|i mean|actually|"
                             r"make it|make that|scratch that|rather)\b", re.I)


def _taken_back(text: str, tokens: list[Token], other: Attached, k: int) -> bool:
    """A bare number right after a count, its card and a word that takes it back is the count corrected ("на две карты
    h200 ой нет на три" 3, "need 3 h200 no wait make it 4" 4); `resolve` then keeps the later value."""
    v = tokens[k].number
    # twenty-eighth pass: a size too, when said in gigabytes ("оперативы пятьсот двенадцать гигов нет конечно, 64")
    sized = other.slot in ("ram_gb", "card_vram_gb") and any(tokens[i].concept == "gb" for i in other.tokens)
    if other.slot not in ("gpu_count", "users") and not sized or max(other.tokens) >= k or v is None or v != int(v) or \
            not 1 <= v <= 4096:
        return False
    end = max(other.tokens)
    while end + 1 < k and (tokens[end + 1].used in ("gpu_name", other.slot) or
                           tokens[end + 1].concept in ("gpu", "user", "piece")):
        end += 1
    gap = text[tokens[end].end:tokens[k].start]
    return bool(_TAKE_BACK.match(gap)) and bool(_TAKE_BACK_WORD.search(gap))


_OFFICE_HOURS = re.compile(r"\b(?:business|office|working) hours\b|в рабочее время|в рабочие часы|только днём|только днем", re.I)
_SPAN_RU = re.compile(r"\bс\s+(\d{1,2})(?::\d\d)?\s*(?:ч\w*\s+)?(?:(утра|ночи|дня|вечера)\s+)?до\s+(\d{1,2})(?::\d\d)?"
                      r"(?:\s*(утра|ночи|дня|вечера)\b)?", re.I)
_AFTERNOON = ("дня", "вечера", "pm")


def _clock(h: int, part: str | None, end: bool = False) -> int:
    """The hour on a 24-hour clock from one said with its part of the day: "6 вечера" 18, "3 ночи" 3, "до 12 ночи" 24
    (42nd pass: "с 9 утра до 6 вечера" had been 21 hours a day, "вечера" unread)."""
    part = (part or "").lower()
    if part in _AFTERNOON and h < 12:
        return h + 12
    if part == "ночи" and h == 12:
        return 24 if end else 0
    return h
_SPAN_EN = re.compile(r"\bfrom\s+(\d{1,2})(?::\d\d)?\s*(am|pm)?\s+(?:to|till|until)\s+(\d{1,2})(?::\d\d)?\s*(am|pm)?|"
                      r"\b(\d{1,2})(?::\d\d)?\s*(am|pm)\s*(?:[-–]|to|till|until)\s*(\d{1,2})(?::\d\d)?\s*(am|pm)", re.I)  # "7am to 7pm"
_SPAN_DASH = re.compile(r"\b(\d{1,2})(?::\d\d)?\s*[-–]\s*(\d{1,2})(?::\d\d)?(?=\s*(?:по будням|в будни|каждый день|ежедневно|"
                        r"daily|every day|on weekdays|weekdays|mon-fri|пн-пт))", re.I)
# "9 to 5 weekdays", "8 till 6 every day": a span of the clock said with a period; in English a 12-hour clock (5 is 17:00)
_SPAN_TO = re.compile(r"\b(\d{1,2})(?::\d\d)?\s*(?:to|till|until|'?til)\s*(\d{1,2})(?::\d\d)?(?=\s*,?\s*(?:on\s+)?(?:weekdays|"
                      r"every day|each day|daily|mon-fri|monday|business days|working days|a day|per day|on workdays))", re.I)
_PERIOD_AFTER = re.compile(r"\s*,?\s*(?:on\s+)?(?:weekdays|every day|each day|daily|mon-fri|monday|business days|"
                           r"working days|a day|per day|on workdays)", re.I)
_WORK_TIME = re.compile(r"будн|weekday|рабоч|работ|office|business|daily|every day|каждый день|ежедневно|смен|shift|"
                        r"\bпн\s?-\s?(?:пт|сб)\b|\bmon(?:day)?\s?-\s?(?:fri|sat)|"  # fifty-ninth pass: "пн-пт и суббота с 10 до 19"
                        r"дн\w* в неделю|days? (?:a|per) week|сидят|on duty|"
                        r"\d:\d\d|\b(?:am|pm)\b|\d\s?(?:am|pm)\b|утра|вечера|загруз|usage|\bused?\b|run|"
                        r"\bopen\b|открыт\w*|гонять|гоняем|включ\w*|выключ\w*|отключ\w*|на ночь", re.I)  # fresh42: "We're open 7am
# to 7pm"; forty-ninth pass: "выключать его на ночь и гонять только с 8 до 20"


_OFF_BEFORE = re.compile(r"(?:выключ|отключ|гаси|гасить|гасим|turn(?:ed|ing)? (?:it |them )?off|shut(?:ting)? (?:it |them )?down|"
                         r"switch(?:ed|ing)? (?:it |them )?off|power(?:ed|ing)? (?:it |them )?off)\w*\s+(?:\w+\s+){0,2}$", re.I)


# a window the server idles, is off or does something else in: no hours of use (a review of the fifty-ninth pass)
_IDLE = re.compile(r"\bidle\b|\bdown\b|\bshut\w*|\boff\b|\bmaintenance\b|\bbackups?\b|\bпростаива\w*|\bпростой\w*|"
                   r"нагрузки нет|\bвыключ\w*|\bотключ\w*|\bбэкап\w*|\bобслуживани\w*|\bвыходн\w*|\bweekends?\b", re.I)
_NIGHT = re.compile(r"\bночью\b|\bкаждую ночь\b|\bпо ночам\b|\bnightly\b|\bat night\b|\bovernight\b|\bmidnight\b", re.I)
_MIDNIGHT = re.compile(r"\bmidnight\s*(?:[-–—]|to|till|until)\s*(\d{1,2})\s*(?:am)?\b|"
                       r"\b(?:from\s+)?(\d{1,2})\s*(am|pm)?\s*(?:[-–—]|to|till|until)\s*midnight\b", re.I)
_PART_SAID = re.compile(r"утра|ночи|дня|вечера|\bam\b|\bpm\b|\d(?:am|pm)\b", re.I)


def _working_span(tokens: list[Token], text: str) -> Attached | None:
    """"с 9 до 18 по будням", "from 9am to 6pm", "8-20 каждый день", "с девяти до шести": hours a day from a span of
    the clock."""
    if not _WORK_TIME.search(text) and not (_NIGHT.search(text) and not _IDLE.search(text)):
        return None  # (fifty-ninth pass: a night window, "только ночью, с 22 до 6", unless it is idle or off then)
    for t in tokens[:-3]:  # "с девяти до шести по будням": the span said in words; "до шести" after nine is 18:00
        one, to, two = tokens[t.i + 1:t.i + 4]
        first_part = None
        if to.low in ("утра", "ночи", "дня", "вечера") and t.i + 4 < len(tokens):  # "с восьми утра до десяти вечера"
            first_part, to, two = to.low, two, tokens[t.i + 4]
        if t.low in ("с", "from") and to.low in ("до", "to", "till", "until") and one.word_number and \
                two.word_number and one.number and two.number and one.number <= 24 and two.number <= 24 and \
                not (two.i + 1 < len(tokens) and tokens[two.i + 1].concept not in (None, "hour")):
            evening = two.i + 1 < len(tokens) and tokens[two.i + 1].low in _AFTERNOON
            night = two.i + 1 < len(tokens) and tokens[two.i + 1].low in ("ночи", "утра")
            start = _clock(int(one.number), first_part) if one.number == int(one.number) else one.number
            end = two.number + (12 if (two.number < start and not night or evening) and two.number < 12 else 0)
            if start == end:
                continue
            hours = end - start if end > start else end + 24 - start
            weekdays = bool(money._WEEKDAYS.search(text))
            return Attached("hours_per_month", round(hours * (money.weekday_days(text) if weekdays else 365) / 12, 2), [one.i, two.i])
    for one, to, two in zip(tokens, tokens[1:], tokens[2:]):  # "nine to five on weekdays": a 12-hour span in words
        if one.word_number and two.word_number and to.low in ("to", "till", "until") and one.number and two.number and \
                one.number <= 12 and two.number <= 12 and one.number == int(one.number) and \
                two.number == int(two.number) and _PERIOD_AFTER.match(text[two.end:]):
            start, end = one.number, two.number + (12 if two.number < one.number else 0)
            if start == end:
                continue
            weekdays = bool(money._WEEKDAYS.search(text))
            return Attached("hours_per_month", round((end - start) * (money.weekday_days(text) if weekdays else 365) / 12, 2), [one.i, to.i, two.i])
    if (m := _MIDNIGHT.search(text)) and not _IDLE.search(text):  # fifty-ninth pass: "midnight–6am", "from 10pm to midnight"
        a = 0 if m.group(1) else int(m.group(2)) + (12 if (m.group(3) or "").lower() != "am" and int(m.group(2)) < 12 else 0)
        b = int(m.group(1)) if m.group(1) else 24
        idx = [t.i for t in tokens if t.start >= m.start() and t.end <= m.end() and t.has_digit]
        if idx and b != a:
            per_day = b - a if b > a else b + 24 - a
            per_year = money.weekday_days(text) if money._WEEKDAYS.search(text) else 365
            return Attached("hours_per_month", round(per_day * per_year / 12, 2), idx)
    for pat in (_SPAN_RU, _SPAN_EN, _SPAN_DASH, _SPAN_TO):
        m = pat.search(text)
        if not m:
            continue
        g = [x for x in m.groups()]
        if pat is _SPAN_EN:
            g = g[:4] if g[0] else g[4:]
            a, am, b, bm = int(g[0]), (g[1] or "").lower(), int(g[2]), (g[3] or "").lower()
            a += 12 if am == "pm" and a < 12 else 0
            b += 12 if (bm == "pm" or (not bm and am == "am" and b < a)) and b < 12 else 0
        elif pat is _SPAN_RU:
            a, b = _clock(int(g[0]), g[1]), _clock(int(g[2]), g[3], end=True)
        else:
            a, b = int(g[0]), int(g[1])
            b += 12 if pat is _SPAN_TO and b < a and b < 12 else 0  # "9 to 5": 9 am to 5 pm
        if not (0 <= a <= 24 and 0 <= b <= 24) or a == b:
            continue
        if b < a <= 12 and not _PART_SAID.search(m.group(0)):
            b += 12  # fifty-ninth pass (a review): "пн-пт с 10 до 7", "from 10 to 7": to 19:00, not 21 hours overnight
        per_day = b - a if b > a else b + 24 - a
        if _OFF_BEFORE.search(text[:m.start()]):
            per_day = 24 - per_day  # fifty-first pass: "выключать его с 23 до 9": the hours it is off; it runs the rest
        idx = [t.i for t in tokens if t.start >= m.start() and t.end <= m.end()]
        weekdays = bool(money._WEEKDAYS.search(text))
        if days := money._DAYS_A_WEEK.search(text):  # thirty-fourth pass: "с 10 до 19, шесть дней в неделю"
            return Attached("hours_per_month", round(per_day * money.week_days(days) * 52 / 12, 2), idx)
        return Attached("hours_per_month", round(per_day * (money.weekday_days(text) if weekdays else 365) / 12, 2), idx)
    return None


# what a training set counts: "на 40к заявлениях", "50k examples", "10к диалогов"
_DATASET = re.compile(r"\s*(?:заявлени\w*|пример\w*|диалог\w*|документ\w*|текст\w*|запис\w*|строк\w*|пар\b|пары|"
                      r"вопрос\w*|ответ\w*|письм\w*|писем|обращени\w*|тикет\w*|examples?|samples?|dialog\w*|documents?|"
                      r"docs|records?|rows?|pairs?|conversations?|tickets?|emails?)\b", re.I)
_BOUND = {"не", "менее", "более", "меньше", "больше", "около", "примерно", "минимум", "максимум", "до", "at", "least", "most",
          "up", "to", "minimum", "maximum", "about", "around", "~"}


def _labelled_before(tokens: list[Token], k: int) -> int | None:
    """thirty-seventh pass, tender and form language: "количество одновременных обращений — не менее 250", "users: at
    least 250": the people's word, a colon or a dash, a bound, then the number; the people's token, or None."""
    j = k - 1
    while j >= 0 and tokens[j].low in _BOUND:
        j -= 1
    if j < 1 or tokens[j].low not in (":", "—", "–", "-"):
        return None
    who = tokens[j - 1]
    if j > 1 and tokens[j - 2].has_digit:
        return None  # sixty-first pass: "на 60 пользователей: 8 × L40S или 4 × H100": the people have their number
    return j - 1 if who.concept in ("user", "request") or _person(who) else None


_FEMININE_ONE = {"одна", "одну", "одной"}  # a card ("карта", "видюха") is feminine; a person is "один человек"


def attach(tokens: list[Token], gpu_starts: set[int], text: str) -> list[Attached]:
    out: list[Attached] = []
    pending: list[int] = []
    if span := _working_span(tokens, text):
        out.append(span)
        for i in span.tokens:
            tokens[i].used = "hours_per_month"
    # "2 сервера по 8 карт", "2 nodes of 8 h100": per server or in all? "три сервера по восемь h100" too (a server
    # count in words asks only with "по": "four servers with 8 h100 each" is 8 a server, as dev.yaml labels it)
    servers = any(t.concept == "server" and k > 0 and tokens[k - 1].has_digit and tokens[k - 1].number != 1
                  for k, t in enumerate(tokens))  # fresh42: "1 server with 4 nos. L40S": per server is in all
    said = [k - 1 for k, t in enumerate(tokens) if t.concept == "server" and k > 0 and tokens[k - 1].word_number and
            (tokens[k - 1].number or 1) > 1]
    days = [m.span(1) for pat in (money._DAYS_A_WEEK, money._DAYS_A_MONTH) for m in pat.finditer(text)]
    for t in tokens:
        if t.used or (t.number is None and not t.has_digit):
            continue
        if (t.start, t.end) in days:  # "20 рабочих дней в месяц", "5 days a week": part of the hours said with them
            pending.append(t.i)
            continue
        got = _classify(tokens, t.i, gpu_starts, text)
        if [a.slot for a in got] == ["users"] and t.i + 1 < len(tokens) and not (t.comma or t.stop) and \
                tokens[t.i + 1].low in ("сколько", "how"):
            got = []  # seventy-first pass (a review): "ещё две сколько пользователей потянет?": the people are asked, not two
        if [a.slot for a in got] == ["users"] and t.low in _FEMININE_ONE and gpu_starts and \
                not (t.i + 1 < len(tokens) and (tokens[t.i + 1].concept == "user" or _person(tokens[t.i + 1]))):
            got = [Attached("gpu_count", 1, [t.i])]  # seventy-first pass: "почём l40s? клиенту нужна одна": a card, not a person
        if any(a.slot == "gpu_count" for a in got) and t.i > 0 and not _each_after(tokens, t.i) and \
                (servers and tokens[t.i - 1].low in ("по", "of", "with") or said and tokens[t.i - 1].low in ("по", "of")):
            got = []  # "2 сервера по 4 карты": per server or in all? ask
            for k in [t.i, *said]:
                tokens[k].asked = True  # named back, words as well as digits
        if not got and t.word_number and _taken_bare(tokens, t.i, into=True) and len(gpu_starts) == 1 and \
                not _INSTEAD.search(text) and not any(x.used == "gpu_count" for x in tokens):
            got = [Attached("gpu_count", int(t.number or 0), [t.i])]  # fresh41: "почём 5090, если возьму десяток?"
        if not got and t.word_number and (_no_slot_unit(tokens, t.i) or _taken_bare(tokens, t.i)):
            tokens[t.i].asked = True  # "на шестнадцать ампер", "по четыре пятьдесят за квт": named back, as digits are
        if not got:
            pending.append(t.i)
            continue
        for a in got:
            out.append(a)
            for i in a.tokens:
                tokens[i].used = tokens[i].used or a.slot
    for k in pending:  # "20 or 40 users", "8 гпу, ну или 16": the neighbour's unit
        v = tokens[k].number
        if v is None or tokens[k].used:  # a scale word the number after it took ("тыщ 16")
            continue
        for other in out:
            if other.slot == "currency" or other.slot in ("card_vram_gb", "ram_gb", "context") and \
                    (tokens[k].word_number or v < 4):  # "по 24 гб или одна на 48": "одна" is a count, not a size
                continue
            if is_range(text, tokens, k, min(other.tokens)) or is_range(text, tokens, max(other.tokens), k) or \
                    _or_later(text, tokens, other, k) or _taken_back(text, tokens, other, k):
                out.append(Attached(other.slot, v if isinstance(other.value, float) else int(v), [k],
                                    concurrent=other.concurrent))
                tokens[k].used = other.slot
                break
    if not any(a.slot == "users" for a in out) and (m := _TOGETHER.search(text)):
        idx = [x.i for x in tokens if x.start >= m.start(1) and x.end <= m.end(1)]
        if idx and not tokens[idx[0]].used:
            out.append(Attached("users", _TOGETHER_N[m.group(1).lower()], idx))
            tokens[idx[0]].used = "users"
    _out_of(out, tokens, text)
    _groups(out, tokens, text)
    _headcount(out, tokens, text)
    _share_at_once(out, tokens, text)
    if not any(a.slot == "hours_per_month" for a in out) and (m := PHRASE_730.search(text)):
        out.append(Attached("hours_per_month", 730.0, [x.i for x in tokens if x.start >= m.start() and x.end <= m.end()]))
    if not any(a.slot == "hours_per_month" for a in out) and (m := _OFFICE_HOURS.search(text)):
        # "we run business hours only", "в рабочее время": 8 hours on weekdays, an assumption the answer names
        out.append(Attached("hours_per_month", round(8 * 260 / 12, 2),
                            [x.i for x in tokens if x.start >= m.start() and x.end <= m.end()], assumed=True))
    if not any(a.slot == "hours_per_month" for a in out) and (m := _HOURS_OVER_DAYS.search(text)) and \
            1 <= int(m.group(1)) <= 24 and _SCHEDULE_CUE.search(text):
        # thirty-third pass: "по графику 8/5", "12/7 support": hours a day over days a week, as "24/7" is
        idx = [x.i for x in tokens if x.start >= m.start() and x.end <= m.end()]
        if idx and not any(tokens[i].used for i in idx):
            per_year = 260 if m.group(2) == "5" else 365
            out.append(Attached("hours_per_month", round(int(m.group(1)) * per_year / 12, 2), idx))
    return out


_HOURS_OVER_DAYS = re.compile(r"(?<![\d/.,])(\d{1,2})\s?/\s?([57])(?![\d/]|[.,]\d)")
_SCHEDULE_CUE = re.compile(r"график|schedule|режим|работ|support|поддержк|смен|shift|uptime|нагрузк", re.I)


_SHIFT = {"смена", "shift", "shifts"}


def _shifts(tokens: list[Token], k: int) -> tuple[int, list[int]]:
    """(shifts, their count's token) of "две смены по 8 часов", "2 shifts of 8 hours": the hours are each shift's, so
    a day holds their product; (1, []) when no count of shifts stands right before."""
    if 0 < k and k + 2 < len(tokens) and tokens[k + 1].concept == "hour" and lemma(tokens[k + 2].low) in _SHIFT and \
            (c := tokens[k - 1]).number is not None and c.number == int(c.number) and 1 < c.number <= 4:
        return int(c.number), [c.i, k + 2]  # fifty-ninth pass: "two 8-hour shifts", "две 12-часовые смены"
    j = k - 1 if k > 0 and tokens[k - 1].low in ("по", "of", "x", "×", "х") else k
    if j >= 2 and tokens[j - 1].number is not None and lemma(tokens[j - 2].low) in _SHIFT:
        count = tokens[j - 1]  # thirty-third pass: "по сменам 2 по 12 часов", "shifts 2 of 12 hours": the count after
    elif j < 2 or lemma(tokens[j - 1].low) not in _SHIFT:
        return 1, []
    else:
        count = tokens[j - 2]
    if count.number is None or count.number != int(count.number) or not 1 < count.number <= 4:
        return 1, []
    return int(count.number), [count.i]


_MILLION = re.compile(r"^(\d+(?:[.,]\d+)?)?(?:m|млн|mln|million|миллион\w*)$", re.I)
_PARAMS = re.compile(r"^(?:параметр\w*|params?|parameters?)$", re.I)


def _millions_of_params(tokens: list[Token], k: int) -> list[Attached] | None:
    """twenty-eighth pass: "500 млн параметров", "500M params": millions of parameters are a size in billions."""
    t = tokens[k]
    glued = _MILLION.match(t.low)
    if glued and glued.group(1):
        value, n = float(glued.group(1).replace(",", ".")), k + 1
    elif t.number is not None and k + 1 < len(tokens) and _MILLION.match(tokens[k + 1].low):
        value, n = t.number, k + 2
    else:
        return None
    if n < len(tokens) and _PARAMS.match(tokens[n].low) and 0 < value < 1000:
        return [Attached("params_b", value / 1000, list(range(k, n + 1)))]
    return None


_EACH = {"each", "apiece", "каждый", "каждом", "каждого", "каждую", "каждая"}


def _each_after(tokens: list[Token], k: int) -> bool:
    """twenty-ninth pass: "2 servers with 8 h100 each", "2 сервера, в каждом по 8": the count is each server's, said."""
    return any(x.low in _EACH for x in tokens[max(0, k - 3):k] + tokens[k + 1:k + 5])


_HAVING = {"есть", "иметься", "лежать", "валяться", "пылиться", "простаивать"}


def _count_after_card(tokens: list[Token], k: int) -> bool:
    """A number word right after a card's name that ends its clause ("80гиговая а100 одна, что на ней", "3090 две."):
    how many of them, as "одна а100" before it is."""
    t = tokens[k]
    if not (t.word_number and t.number is not None and t.number == int(t.number) and 1 <= t.number <= 16):
        return False
    if k == 0 or tokens[k - 1].used != "gpu_name":
        return False
    nxt = tokens[k + 1] if k + 1 < len(tokens) else None
    # 43rd pass: or a word of having follows ("4090 одна есть, потянет ли ...", "3090 две валяются")
    return nxt is None or nxt.low in _CLAUSE_END or t.comma or t.stop or nxt.lemma in _HAVING


_ABOUT = {"около", "примерно", "где-то", "порядка", "приблизительно", "человек", "тоже", "всего", "about", "around"}


def _their_number(tokens: list[Token], k: int) -> int | None:
    """thirty-first pass: "менеджеры (их около полусотни)", "сотрудники, их 40": the people named just before, counted
    after "их/of them"; the index of the people's word."""
    t = tokens[k]
    if t.number is None or t.number != int(t.number) or not 1 <= t.number <= 100_000:
        return None
    j = k - 1
    while j >= 0 and tokens[j].low in _ABOUT:
        j -= 1
    if j < 1 or tokens[j].low not in ("их", "them"):
        return None
    for x in reversed(tokens[max(0, j - 3):j]):
        if not x.used and (x.concept == "user" or _person(x)):
            return x.i
    return None


_ON_THE_BOOKS = {"числиться", "значиться", "числится", "числятся", "значится"}


def _their_cards(tokens: list[Token], k: int) -> bool:
    """thirty-second pass: "на трёх l40s? хотя по инвентаризации их две числится": the cards named a few words
    before, counted after "их/of them" (then two counts of one card, asked)."""
    t = tokens[k]
    if t.number is None or t.number != int(t.number) or not 1 <= t.number <= 64 or k < 2:
        return False
    # thirty-third pass: a count on the books ("стоят 4 a5000, а по инвентарной описи числится 6")
    if (tokens[k - 1].low != "их" and tokens[k - 1].lemma not in _ON_THE_BOOKS) or unit_after(tokens, k)[0] is not None:
        return False  # not "их 16 часов в день"
    return any(x.used == "gpu_name" for x in tokens[max(0, k - 12):k - 1]) and \
        not any(x.concept == "user" or _person(x) for x in tokens[max(0, k - 4):k - 1])


_SERVER_LEMMAS = {"сервер", "сервак", "узел", "нода", "node", "nodes", "server", "servers", "box", "boxes", "machine",
                  "machines"}


def _server_word(t: Token) -> bool:
    """A word for a server or a node ("сервере", "узла", "nodes"), not for a card."""
    return t.concept == "server" or t.lemma in _SERVER_LEMMAS or t.low in _SERVER_LEMMAS


def whole_or_word(t: Token) -> bool:
    """A whole number, in digits or in words."""
    return t.number is not None and t.number == int(t.number)
