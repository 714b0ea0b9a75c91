"""Money and hours: "$15k", "500к ₽", "3,5 млн руб", "250 руб/час", "12 часов в день по будням".

Money k/к/тыс = 1000, млн/M/лям = 1e6 (context k is 1024: that is `quantities`). A sum is money when
a currency sign or word is next to it, or a million-scale word follows it, or a budget word comes just
before it. An hourly price is cloud rent; otherwise a sum is the server's price when the message
compares owning with renting, and the customer's budget when it does not.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from assistant.reading.cues import NO_CLOUD
from assistant.reading.tokens import Token
from tools.lexicon import load_lexicon

if TYPE_CHECKING:
    from assistant.reading.quantities import Attached

_AMOUNT = re.compile(r"^(\d+(?:[.,]\d+)?|\d{1,3}(?:[ ,\u00a0\u202f]\d{3})+(?:[.,]\d{2})?)(k|к|m|млн|тыс|р|руб|₽|\$|€)?$")
_SIGN = {"$": "$", "€": "€", "₽": "₽", "usd": "$", "rub": "₽", "eur": "€"}
_MONEY_NOUN = re.compile(r"\b(?:денег|деньги|средств|бабок|бабла|финансов|бюджет\w*|рубл\w*|доллар\w*|евро)\b", re.I)
_HOURLY = re.compile(r"^\s*(?:(?:(?:за|per|a|each|на)\s+(?:карт\w*|видеокарт\w*|gpu|card|штуку)\s+)?"
                     r"(?:/\s*(?:час|ч|h|hr|hour)|(?:в|за|per|an|a|each)\s+(?:час|ч\b|hour|hr)|hourly|почасов|в\s+ч\b)|"
                     r"per\s+gpu[- ]?(?:hour|hr)|час\b)", re.I)
# "по 2 бакса за карту в час", "€2.20 per gpu hour", "700р час"
# "час аренды H100 стоит 250 руб", "hourly rate $6"; not "10 часов в день, за сервер 2 млн"
_HOURLY_BEFORE = re.compile(r"hourly|почасов|\bчас (?:аренды|работы)(?: \S+)?(?: (?:стоит|обойд[её]тся))?$|per hour$|"
                            r"(?:за|в|per|an?|one|each) (?:час|hour)\s*(?:стоит|обойд\w+|costs?|is)?\s*$|(?:^|\s)час$", re.I)
# "облако по 260 р", "cloud is $2.5": the cloud named a few words before a sum too small for a month or a server
_CHEAPER_TO = re.compile(r"(?:подешеве\w*|подорожа\w*|снизит\w*|упад[её]т|вырастет|уступ\w*|скин\w*|drops?|falls?|"
                         r"goes (?:up|down)|rises?|come down) "
                         r"(?:до|to)\s*\S*$", re.I)
# a price another seller names ("у конкурента за", "у другого поставщика называют ... по", "нам предложили за")
# (fifty-ninth pass: "конкурент предлагает клиенту за 1 720 000", "другой дистрибьютор предлагает её за 780 тысяч")
_QUOTED_ELSEWHERE = re.compile(r"(?:(?:конкурент\w*|друг\w+ (?:поставщик|продав|интегратор|дистрибьютор|дистрибутор)\w*)"
                               r"(?:\s+\S+){0,3}\s+(?:предлага\w*|продаё\w*|продае\w*|отда[её]\w*|выставил\w*|дают|даёт|дает)|"
                               r"у (?:конкурент\w*|друг\w+ (?:поставщик|продав|интегратор|дистрибьютор|дистрибутор)\w*)|называ\w+|"
                               r"выставил\w*)(?:\s+\S+){0,6}\s+(?:за|по|в)$|"
                               r"предложили(?:\s+\S+){0,6}\s+(?:за|по)$|"
                               # seventy-second pass: "если поставщик уступит и отдаст сервер за 26,5 млн": the
                               # seller's price (not "отдаст всё что влезет в 5 млн", a review)
                               r"(?:поставщик\w*|продав\w*|интегратор\w*|дистрибь?ютор\w*)(?:\s+\S+){0,3}\s+"
                               r"(?:отдаст|отдаёт|отдает|продаст|продаёт|продает|уступ\w*|скин\w*)(?:\s+\S+){0,6}\s+за$", re.I)
# seventy-third pass (a review): "если продавец уступит до 14 млн", "if the vendor drops it to 300k": the seller's price
# brought down to, where owning is weighed against renting ("продавец уступит до 2,5 млн, что он нам соберёт?" is money
# to spend)
_BROUGHT_DOWN = re.compile(r"(?:поставщик\w*|продав\w*|интегратор\w*|дистрибь?ютор\w*)(?:\s+\S+){0,3}\s+"
                           r"(?:уступ\w*|скин\w*|снизит\w*|опуст\w*)(?:\s+\S+){0,3}\s+до$|"
                           r"(?:vendor|seller|supplier|integrator|reseller|dealer)s?(?:\s+\S+){0,3}\s+(?:drops?|cuts?|lowers?|"
                           r"brings?|knocks?)(?:\s+\S+){0,4}\s+to$", re.I)  # not "что предлагаете за 2 млн", "грант в"
# things counted in thousands ("9 тысяч запросов", "10 тысяч документов", "50k requests"): no sum of money
_COUNTED = re.compile(r"^(?:запрос\w*|обращени\w*|документ\w*|страниц\w*|письм\w*|звонк\w*|заявок|сообщени\w*|"
                      r"диалог\w*|чат\w*|requests?|queries|documents?|pages?|messages?|calls?|tickets?|chats?|"
                      r"emails?|conversations?|"
                      # seventy-first pass, a hurried question: "датасет 50к примеров, бюджет лям" (had asked which budget)
                      r"пример\w*|строк\w*|запис\w*|текст\w*|samples?|examples?|rows?|records?|texts?|images?|"
                      r"картин\w*|изображени\w*|фото\w*|файл\w*|files?)$", re.I)
# a quote received names what was priced; a quote asked for ("сделайте кп на 2 млн", "quote us a box for 80k") names the
# customer's own sum, a budget (a review of the fifty-ninth pass)
_QUOTED = re.compile(r"\b(?:the|their|a|his|her|this|that|our|last|vendor'?s?|integrator'?s?) quote\b(?! (?:us|me)\b)|"
                     r"\b(?:were|was|got|been|they) quoted\b|\bquoted (?:at|price|us)\b|\bв смете\b|\bв кп\b|"
                     r"\bпо кп\b|\bкп (?:пришло|пришел|пришёл|прислали)\b", re.I)
_QUOTE_ASKED = re.compile(r"\bquote (?:us|me)\b|\b(?:send|give|prepare|need|want|get) (?:us |me )?(?:a |an )?(?:quote|offer|proposal)\b|"
                          r"\b(?:сделайте|отправьте|пришлите|подготовьте|нужно|нужен|нужна|хотим|выставьте|дайте)\s+"
                          r"(?:нам\s+|мне\s+)?(?:кп|смет\w*|коммерческ\w*)", re.I)
_CLOUD_BEFORE = re.compile(r"(?:облак\w*|облачн\w*|cloud)(?:\s+\S+){0,3}$", re.I)
# "40 часов в неделю по 300р", "60 hours a month at $2": a sum after the hours, "по"/"at" each, is the hour's price
_HOURS_THEN_EACH = re.compile(r"(?:час\w*|hours?)\b(?:\s+\S+){0,3}\s+(?:по|at)$", re.I)
# "сервер за", "свой сервак с ними стоит", "the box with four cards costs": a server's price, a few words between
# (fifty-first pass: "a local server would run $16,000", "сервер с двумя l40s нам насчитали в 3,4 млн": its price)
_SERVER_BEFORE = re.compile(r"(?:сервер\w*|server|box|node|сборк\w*|сервак\w*) (?:за|for|costs?|стоит|обойд\w*(?: в)?|is|would be|as|at|"
                            r"would run|will run|runs|would cost|will cost)"
                            r"(?: (?:around|about|roughly|approximately|approx|like|примерно|около|где-то|порядка))?$|"
                            r"(?:^|\s)(?:на|по)считали(?: в)?$|\bquoted(?: us)?(?: at)?$|"  # a quote: what was priced
                            r"(?:сервер\w*|server|box|node|сборк\w*|сервак\w*)(?: \S+){1,3} (?:costs?|стоит|стоят|обойд\w*(?: в)?|"
                            r"is|would be)(?: (?:around|about|roughly|approximately|approx|like|примерно|около|где-то|порядка))?$|"
                            r"стоимост\w* сервер|(?:quote|invoice|сч[её]т) (?:is|на)|купить (?:за|сервер за)|buy(?:ing)? (?:it |one )?for",
                            re.I)
# fifty-first pass: "выделенный в аренду за 140 тыс", "выделенный сервер": a dedicated server rented, no money granted
_DEDICATED = re.compile(r"\s+(?:\w+\s+)?(?:сервер|сервак|в аренд|хостинг|server|host)", re.I)
# fifty-third pass: "what to buy for about $2,500", "что купить за 200 тысяч": what the money gets, a budget
_WHAT_TO_BUY = re.compile(r"\b(?:what|which(?: \w+)?|что|как(?:ой|ую|ие) \w+)(?: \w+){0,3} (?:buy|get|купить|взять|брать|"
                          r"собрать) (?:for|за)(?: (?:about|around|roughly|approximately|примерно|около|где-то|порядка))?$", re.I)
_CONTEXT_SIZES = {n * m for n in (2, 4, 8, 16, 32, 64, 128, 256) for m in (1000, 1024)}
_ON_HARDWARE = re.compile(r"\s*(?:тыс\w*\.?|тыщ\w*|к|k|руб\w*\.?|р\.?|₽)?\s*(?:на|to spend on|for an?(?= upgrade| new)|"
                          r"for (?:the|my|our)(?= (?:gpus?|cards?|graphics cards?|hardware|server|box|build|rig)\b)) "
                          r"(?:an? |the |my |our |новую |новый |одну |один |new )?"
                          r"(?:видюх\w*|видях\w*|видеокарт\w*|карт[уы]|сервер|сервак|железо|железк[иу]|комп|компьютер|сборк[уи]|"
                          r"апгрейд|upgrade|gpus?|cards?|graphics card|server|box|build|rig|hardware)\b", re.I)
_HARDWARE = (r"(?:^|\s)(?:на\s+|for\s+(?:an? |the )?)(?:новую |новый |new )?(?:видюх\w*|видях\w*|видеокарт\w*|карт[уы]|сервер|"
             r"сервак|железо|комп|компьютер|сборк[уи]|апгрейд|gpus?|cards?|graphics cards?|servers?|build|rig|hardware)")
_HARDWARE_HAS = re.compile(_HARDWARE + r"\s+"
                           r"(?:alone\s+|only\s+)?(?:(?:у (?:меня|нас)\s+)?(?:есть|имеется|выделил\w*|выделен\w*|заложил\w*|заложен\w*|"
                           r"отложил\w*|накопил\w*)|у (?:меня|нас)|(?:we|i) (?:have|got|can spend|set aside|budgeted)|(?:we|i)'ve got|"
                           r"(?=около|примерно|где-то|порядка|about|around|roughly|maybe))"
                           r"(?:\s*(?:около|примерно|где-то|порядка|тысяч|тыс|about|around|roughly|like|maybe))*\s*$", re.I)
_PART = (r"(?:^|\s)(?:на|for (?:the )?)\s*(?:проц\w*|процессор\w*|cpus?|оперативк\w*|озу|памят\w*|ram|ssd|диск\w*|"
         r"остальное|вс[её] остальное|(?:the )?rest|everything else|материнк\w*|корпус|бп|блок)\s*")
_OTHER_PART_SUM = re.compile(_PART + r"(?:около|примерно|где-то|about|around|maybe)?\s*$", re.I)
# seventy-sixth pass (a review): the part said after the sum, "25k for the gpus and 5k for the rest"
_OTHER_PART_AFTER = re.compile(r"\s*(?:тыс\w*\.?|тыщ\w*)?\s*(?:for (?:the )?|на )(?:rest|everything else|остальное|"
                               r"вс[её] остальное|cpus?|ram|проц\w*|оперативк\w*|ssd|корпус|бп)\b", re.I)
# (the third review) "на оперативку 20к, на карту 60к": with another part's share said, the card's share is money too
_HARDWARE_SHARE = re.compile(_HARDWARE + r"\s*(?:около|примерно|где-то|about|around|maybe)?\s*$", re.I)
_SHARE_SAID = re.compile(_PART + r"(?:около|примерно|где-то|about|around|maybe)?\s*\d+(?:[.,]\d+)?\s*(?:к|k|тыс\w*|тыщ\w*)", re.I)
_THAT_MONEY = re.compile(r"\bна (?:эти|такие) деньги\b|\bна эту сумму\b|\bfor (?:that|this) (?:money|amount)\b|"
                         r"\bwith (?:that|this) (?:money|amount)\b", re.I)
_BUDGET_CUE = {"бюджет", "budget", "budget's", "до", "within", "under", "max", "максимум", "пределах", "уложиться", "afford",
               "spend", "потратить", "upto", "больше", "дороже",
               "отдать", "выложить"}  # forty-eighth pass: "на неё готовы отдать тысяч двести"
# a money word on either side ("box for 60k", "обойдётся в 900 тысяч", "60k to buy"): a sum, not a context


def _max_of_something(tokens: list[Token], i: int, k: int) -> bool:
    """Fifty-third pass: "max seq len (40960)", a log's "максимум токенов 8192": "max" of a named thing, no money's cap."""
    return tokens[i].low in ("max", "максимум") and any(x.low.isalpha() and x.low not in _MAX_OF_MONEY for x in tokens[i + 1:k])


_MAX_OF_MONEY = {"of", "budget", "бюджет", "about", "around", "около", "примерно", "usd", "rub", "eur", "рублей", "долларов"}
_PRICE_CUE = {"купить", "покупка", "buy", "buying", "стоить", "стоят", "cost", "costs", "price", "цена", "стоимость", "обойтись",
              "обходиться", "платить", "заплатить", "тратить", "bill", "spending", "paying",
              "предлагать", "платёж", "платеж", "взнос", "payment", "installment", "instalment", "quote", "quoted", "invoice", "счёт", "заплатить", "pay", "paid", "spend", "потратить",
              "box", "сервер", "server", "сборка", "node", "бюджет", "budget", "выделить", "грант", "grant",
              "деньги", "деньга", "money", "cash", "бабки", "средство"}  # "денег есть тысяч сто", "have the money for 2k"
_OWNING = {"own", "owning", "buy", "buying", "свой", "своя", "своё", "свое", "купить", "покупка"}
_SLANG_THOUSAND = {"тыщ", "тыщи", "тыщу", "тыща", "тыщей", "тыщам"}
_HAVE = {"быть", "будет", "есть", "появиться", "накопить", "набрать", "собрать", "наскрести"}
_FIT = {"успеть", "влезть", "вписаться", "вместиться", "уложиться", "fit", "squeeze"}
_CAP_AFTER = {"максимум", "max", "tops", "потолок", "предел", "максимально"}
# 43rd pass: a sum granted, said before or after it ("выделили 2 млн", "CHF 40'000 is approved", "2 млн одобрено")
_GRANTED = {"approved", "allocated", "earmarked", "одобрить", "одобренный", "выделить", "выделенный"}
_OWN_VS_CLOUD = re.compile(r"облак|облач|cloud|аренд|\brent|hourly|почасов|\bокуп|\bотоб\w*[её]тся|\bотбить|\bотбив\w*|pay\s?off|break[- ]?even|в час|per hour|/\s?ч|/\s?h|"
                           r"colab|колаб|kaggle|runpod|vast\.?ai", re.I)
# the days said in digits or words ("5 дней в неделю", "пять дней в неделю", "six days a week")
_WEEK_DAY_WORDS = {"один": 1, "одного": 1, "два": 2, "двух": 2, "три": 3, "трех": 3, "трёх": 3, "четыре": 4, "четырех": 4,
                   "четырёх": 4, "пять": 5, "пяти": 5, "шесть": 6, "шести": 6, "семь": 7, "семи": 7, "one": 1, "two": 2,
                   "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_DAYS_A_WEEK = re.compile(r"\b([1-7]|" + "|".join(sorted(_WEEK_DAY_WORDS, key=len, reverse=True)) +
                          r")\s*(?:дн\w*|days?)\s*(?:в|a|per|/)\s*(?:неделю|week|нед)", re.I)
# sixty-first pass: the week said before kept, "те же шесть дней", "same 5 days": days a week, as the turn before said
_SAME_DAYS = re.compile(r"(?:(?<=те же )|(?<=same ))([1-7]|" + "|".join(sorted(_WEEK_DAY_WORDS, key=len, reverse=True)) +
                        r")\s+(?:дн(?:я|ей)|days)\b", re.I)


# forty-first pass: days named, as a span ("Monday to Saturday", "с понедельника по субботу", "пн-сб") or as a list
# ("по пятницам, субботам и воскресеньям"): the days a week the hours are run
_DAY_NAMES = [r"понедельник\w*|monday\w*|mon\b|пн\b", r"вторник\w*|tuesday\w*|tue\b", r"сред[аеуы]\b|средам|wednesday\w*|wed\b",
              r"четверг\w*|thursday\w*|thu\b|чт\b", r"пятниц\w*|friday\w*|fri\b|пт\b", r"суббот\w*|saturday\w*|sat\b|сб\b",
              r"воскресень\w*|sunday\w*|sun\b"]  # not "вт", "ср", "вс": watts and words
_DAY = re.compile("|".join(f"(?P<d{i}>{p})" for i, p in enumerate(_DAY_NAMES)), re.I)


def _day_index(word: str) -> int:
    m = _DAY.match(word)
    return next(i for i in range(7) if m and m.group(f"d{i}"))


_ANY_DAY = "|".join(_DAY_NAMES)
_DAY_SPAN = re.compile(rf"\b({_ANY_DAY})\s*(?:to|through|thru|till|until|-|–|—|по|до)\s*({_ANY_DAY})", re.I)
_DAY_LIST = re.compile(rf"(?:{_ANY_DAY})\s*(?:,|и|and|&)\s*(?:{_ANY_DAY})", re.I)


def named_days(text: str) -> int | None:
    """The days a week a span or a list of day names says, else None (one day alone says no schedule)."""
    if span := _DAY_SPAN.search(text):
        return (_day_index(span.group(2)) - _day_index(span.group(1))) % 7 + 1
    found = days_named(text)
    return len(found) if len(found) >= 2 and _DAY_LIST.search(text) else None


# fifty-seventh pass: weekdays and a weekend day said beside them ("с 9 до 18 по будням и по субботам", "weekdays and
# Saturdays"): 52 days a year more for each
_AND_WEEKEND_DAY = re.compile(r"\b(?:и|а также|плюс|and|plus)\s+(?:ещ[её]\s+)?(?:по\s+|в\s+|on\s+)?"
                              r"(суббот\w*|воскресень\w*|saturdays?|sundays?)\b", re.I)


def _own_hours_before(text: str, at: int) -> bool:
    """Hours said for the weekdays before the weekend day ("по будням с 9 до 18 и по субботам с 10 до 14"): the weekend's
    hours after it are its own. With none ("по будням и по субботам с 9 до 18", sixty-seventh pass) they are shared."""
    days = list(re.finditer(r"будн\w*|weekdays?|пн\W{0,3}пт|mon\W{0,3}fri|рабоч\w+ дн\w*", text[:at], re.I))
    return not days or bool(re.search(r"\d", text[days[-1].end():at]))


def weekday_days(text: str) -> int:
    """The days a year of a weekday schedule: 260, and 52 for each weekend day said beside the weekdays; not where the
    weekend is said to be off ("а суббота и воскресенье выходные", "never on Saturdays") or has hours of its own
    ("и по субботам с 10 до 14": asked as it was before)."""
    days = {{"суб": 5, "sat": 5}.get(m.group(1).lower()[:3], 6) for m in _AND_WEEKEND_DAY.finditer(text)
            if not re.search(r"полдня|полдень|half|\bнет\b|\bне\b|выходн|\boff\b|closed",
                             re.split(r"[.!?;]", text[m.end():m.end() + 25])[0], re.I)
            and not (re.search(r"\d", re.split(r"[.!?;]", text[m.end():m.end() + 25])[0]) and _own_hours_before(text, m.start()))
            and not re.search(r"never|\bnot\b|\bno\b|кроме|except|\bбез\b|\bне\b", text[max(0, m.start() - 30):m.start() + 4], re.I)}
    if _MON_SAT.search(text):
        days.add(5)  # fifty-ninth pass: "пн-сб с 10 до 19": Saturday inside the span
    return 260 + 52 * len(days)


_MON_SAT = re.compile(r"\bпн\s?-\s?сб\b|\bmon(?:day)?\s?-\s?sat(?:urday)?\b|с понедельника по субботу|понедельник\s?-\s?суббот\w*|"
                      r"monday (?:to|through|thru) saturday", re.I)


def days_named(text: str) -> set[int]:
    """The days of the week the text names, Monday 0 .. Sunday 6."""
    return {i for m in _DAY.finditer(text) for i in range(7) if m.group(f"d{i}")}


def week_days(m: re.Match) -> float:
    """The days of a `_DAYS_A_WEEK` match."""
    d = m.group(1).lower()
    return float(_WEEK_DAY_WORDS.get(d, d))
# "22 дня в месяц по 8 часов", "20 working days a month": the days of a month are part of the hours
_DAYS_A_MONTH = re.compile(r"\b([1-9]|[12]\d|3[01])\s*(?:рабочи\w+\s+|working\s+|business\s+)?(?:дн\w*|days?)\s*"
                           r"(?:в|a|per|/|each|every)\s*(?:месяц|month|мес)", re.I)
# "без выходных", "even on weekends", "including weekends": every day, not the weekends only
# (seventy-sixth pass: "если добавятся выходные", "плюс выходные", "с выходными", "add weekends": every day too)
_WEEKENDS = re.compile(r"(?<!без )(?<!даже )(?<!и )(?<!включая )(?<!даже в )(?<!и в )(?<!и по )(?<!добавятся )(?<!добавятся и )"
                       r"(?<!добавим )(?<!добавить )(?<!прибавятся )(?<!плюс )(?<!\bс )(?<!вместе с )выходн|"
                       r"(?<!even on )(?<!including )(?<!incl\. )(?<!incl )(?<!and )(?<!add )(?<!adding )(?<!plus )(?<!with )"
                       r"weekends?\b(?!,? (?:included|too|as well|off|free)\b)", re.I)
# seventy-fourth pass: "12 hours a day, weekends included", "выходные тоже", "и в выходные": every day, said after
_MONTHLY = re.compile(r"^\s*(?:/\s*(?:month|mo|мес|day|день|сутки)|(?:a|per|в|за|each|every) (?:month|месяц|day|день|сутки)|"
                      r"daily|monthly|ежемесячно|ежедневно|каждый (?:месяц|день))", re.I)  # fresh40: "120 тыщ ежемесячно"
# "в месяц выходит 90 тыщ", "платим в месяц около 4 тыщ": the period said before the sum, a bill all the same
_MONTHLY_BEFORE = re.compile(r"(?:^|\s)(?:в|за|a|per) (?:месяц|сутки|month|day)\b|monthly|ежемесячно", re.I)
_RENT = re.compile(r"облак|облач|cloud|аренд|\brent|lease|почасов|hourly rate|\bокуп|pay\s?off|break-?even|\baws\b|\bgcp\b|"
                   r"azure|runpod|vast\.?ai|lambda|selectel|селектел|яндекс|colab|колаб|kaggle", re.I)
_WEEKDAYS = re.compile(r"будн|weekday|\bweekends? off\b|\bno weekends\b|\bпо выходным не работа\w*|\bвыходн\w* (?:не работа\w*|нерабоч\w*|отдыха\w*)|\b(?:every|each) (?:working|business|work) day\b|\bworkdays?\b|рабочи\w* дн|(?:\bв |\bкаждый |\bпо )рабоч\w+ д(?:ень|ням|ни)\b(?![^.!?]*выходн)|working days|business days|5/2|пн-пт|mon-fri|пн-сб|mon-sat|business hours|пятидневк\w*|"
                       r"с понедельника по субботу|понедельник\s?-\s?суббот\w*|monday (?:to|through|thru) saturday|"
                       r"five-day week|5-day week|"
                       r"monday (?:to|through|thru|-) friday|mon(?:day)?\s?-\s?fri(?:day)?\b|"  # fresh42
                       r"с понедельника по пятницу|понедельник\s?-\s?пятниц\w*|"
                       r"working hours|office hours|рабоч\w+ врем|в рабочее время", re.I)


_MORE_THAN = {"больше", "более", "свыше", "over", "more"}  # a lower bound; "не больше" is the ceiling
_ONE_MILLION = {"миллион", "million", "лям", "млн", "лимон"}  # "миллион двести", "лимон двести": 1.2 million
# "сотка" in money talk is a hundred thousand, said with a preposition of price or ceiling
_HUNDRED_K = {"сотка", "сотку", "сотки", "соточка", "соточку", "соточки"}
_FIFTY_K = {"полтос", "полтинник", "полтишок"}  # fifty thousand in money talk; "полтос человек" is fifty people
_HUNDRED_K_BEFORE = {"за", "до", "в", "около", "примерно", "где-то", "максимум", "пределах", "на"}
_COUNTED_AFTER = re.compile(r"^\s*(?:pages?|documents?|docs?|files?|words?|characters?|chars|tickets?|e-?mails?|letters?|"
                            r"lines?|rows?|records?|photos?|images?|pictures?|videos?|books?|articles?|страниц\w*|слов\w*|"
                            r"символ\w*|документ\w*|файл\w*|писем|письм\w*|строк\w*|фото\w*|картин\w*|книг\w*|"
                            r"стат(?:ей|ьи|ья)|тикет\w*|заявок)\b", re.I)
_AGE = {"б/у", "б", "/", "у", "бу", "бушная", "бушную", "новая", "новую", "новые", "used", "new", "refurbished"}
NAMES = ("gpu_name", "model_name", "unknown_product", "server_name")  # a number in a name ("своя 4090 тысяч 200") is no sum


_BOUGHT = {"взял", "взяла", "взяли", "купил", "купила", "купили", "брал", "брала", "брали", "отдал", "отдала", "отдали",
           "урвал", "урвали", "bought", "paid"}


def _bought_before(tokens: list[Token], at: int) -> bool:
    """A past verb of buying within the clause before "за"/"for" at `at`: what was paid for something, no money to spend;
    not under "бы"/"would" ("что бы вы взяли за 300 тысяч?", "what would you have bought for $10k": a question)."""
    if any(x.low in ("бы", "б", "would", "would've", "you'd", "вы") for x in tokens[max(0, at - 6):at + 1]):
        return False
    for x in reversed(tokens[max(0, at - 4):at]):
        if x.closes_clause or x.comma:
            return x.low in _BOUGHT
        if x.low in _BOUGHT:
            return True
    return False


def _scale_first(tokens: list[Token], k: int, scales: dict[str, float]) -> int | None:
    """The index of a money scale word said before the number ("тысяч 30", "миллиона 2"), or with "за"/"на"/"в" between
    ("миллиона за два", "тысяч за 300": an estimate), when no number of its own comes before that word."""
    for s in (k - 1, k - 2):
        # "тысяч на 300": an estimate too; "уложиться тысяч в 150" (fresh42) a ceiling, only after a word of fitting
        # ("облако в месяц обходится тысяч в 70" is a bill, asked)
        ceiling = tokens[k - 1].low == "в" and any(x.low.startswith(("уложи", "уклад"))
                                                   for x in tokens[max(0, s - 1):s] + tokens[k + 1:k + 2])
        # (fifty-third pass: "тыщ до двухсот пятидесяти": a ceiling)
        if s < 0 or (s == k - 2 and tokens[k - 1].low not in ("за", "на", "до") and not ceiling):
            continue
        w = tokens[s]
        if w.low in scales and not w.used and not w.has_digit and not (s > 0 and tokens[s - 1].number is not None and
                                                                       tokens[s - 1].used not in NAMES):
            return s
    return None


def _thousands_after(tokens: list[Token], end: int, scales: dict[str, float]) -> tuple[float, list[int]] | None:
    """"2 млн 700 тыс", "1 million 200 thousand": the thousands said after a million-scale sum, and their tokens."""
    j = end + 2
    while j < len(tokens) and tokens[j].used == "number":  # "миллион двести пятьдесят тысяч" (42nd pass: had been 250 000)
        j += 1
    n = tokens[end + 1] if end + 1 < len(tokens) else None
    if n is not None and n.number is not None and 100 <= n.number < 1000 and not n.used and not tokens[end].closes_clause \
            and (j >= len(tokens) or tokens[j - 1].closes_clause or not tokens[j].text[:1].isalnum() or
                 _currency(tokens[j]) or tokens[j].low.startswith(("руб", "р."))):
        # "в два миллиона триста,", "лям восемьсот": hundreds said after millions with no unit are its thousands
        # (a fresh40 turn had 2 000 000 and "триста" lost without a word)
        return n.number * 1000, list(range(end + 1, j))
    if j >= len(tokens) or n is None:
        return None
    w = tokens[j]
    if n.number is None or not 1 <= n.number < 1000 or n.used or w.low.rstrip(".") not in scales or \
            scales[w.low.rstrip(".")] != 1000:
        return None
    return n.number * 1000, list(range(end + 1, j + 1))


def _currency(t: Token | None) -> str | None:
    if t is None:
        return None
    return _SIGN.get(t.low) or _SIGN.get(t.concept or "")


# forty-first pass: a currency outside ₽ | $ | € said by its code or name beside the sum ("KES 6.5 million", "PKR 45
# lakh", "2 lakh rupees monthly", "300 de mii lei"); "¤" is another country's dollar or a rand (reading/__init__.py)
_FOREIGN = {"kes", "inr", "pkr", "brl", "ils", "cny", "rmb", "jpy", "kzt", "uah", "amd", "aed", "zar", "sgd", "nzd", "try",
            "gel", "byn", "uzs", "kgs", "mdl", "ron", "cad", "aud", "hkd", "chf", "gbp", "pln", "czk", "sek", "nok",
            "huf", "thb", "myr", "idr", "php", "vnd", "krw", "ngn", "egp", "sar", "qar", "ksh", "¤", "₪", "£", "₹",
            "rupees", "rupee", "rs", "lei", "shekels", "shekel", "dirhams", "dirham", "reais", "real", "shillings",
            "рупий", "лей", "шекелей", "дирхамов", "реалов", "тенге", "гривен", "драмов", "сомов", "сумов", "лари",
            # 43rd pass: the other ISO codes a customer writes beside a sum ("NPR 42 lakh", "BDT 30 lakh", "ISK 2m")
            "npr", "lkr", "bdt", "mxn", "ars", "clp", "cop", "pen", "mad", "tnd", "dzd", "ghs", "ugx", "tzs", "etb",
            "isk", "dkk", "bgn", "rsd", "mnt", "azn", "tjs", "tmt", "kwd", "bhd", "omr", "jod", "mur", "mvr", "mmk",
            "khr", "twd", "bbd", "ttd", "jmd", "xof", "xaf", "zmw", "rwf", "nad", "bwp"}
_OURS = re.compile(r"[$€₽]|\b(?:usd|eur|rub|руб\w*|доллар\w*|бакс\w*|евро|dollars?|bucks|euros?)\b", re.I)


_IN_CURRENCY = re.compile(r"(?:^|\s)(?:в|in)\s+(евро|доллар\w*|бакс\w*|рубл\w*|euros?|dollars|usd|eur)(?:\s|$)")
_IN_SIGN = {"евр": "€", "дол": "$", "бак": "$", "руб": "₽", "eur": "€", "dol": "$", "usd": "$"}


def _foreign(tokens: list[Token], k: int, end: int) -> int | None:
    """The token of a currency none of ours said right before the sum or right after it, else None."""
    if k > 0 and tokens[k - 1].low.rstrip(".") in _FOREIGN:
        return k - 1
    if end + 1 < len(tokens) and tokens[end + 1].low.rstrip(".") in _FOREIGN:
        return end + 1
    return None


def _context_before(tokens: list[Token], k: int) -> bool:
    """The context's word a few words back with no number or money word between ("контекст поднять до 64к",
    "context bumped up to 64k"): "до" there is how far the context goes, not a budget's ceiling."""
    for x in reversed(tokens[max(0, k - 4):k]):
        if x.has_digit or x.lemma in ("бюджет", "budget") or x.concept in ("usd", "eur", "rub"):
            return False
        if x.concept in ("context", "token") or x.lemma in ("контекст", "окно", "context"):
            return True
    return False


def read(tokens: list[Token], k: int, text: str) -> list["Attached"] | None:
    from assistant.reading.quantities import Attached

    t = tokens[k]
    scales = load_lexicon().scale.money
    # twenty-second pass: "миллион восемьсот тысяч", "лям двести тысяч": one million and the thousands said after it
    lone_million = t.word_number and t.low in _ONE_MILLION and not (k > 0 and tokens[k - 1].number is not None) and \
        _thousands_after(tokens, k, scales) is not None
    if t.word_number and t.low in scales and not lone_million and k + 1 < len(tokens) and \
            tokens[k + 1].number is not None and (not tokens[k + 1].word_number or (tokens[k + 1].number or 0) >= 2 or
             tokens[k + 1].low in ("полтора", "полторы")):  # "миллиона полтора": 1.5 million, the scale said first
        return None  # "тысяч 30 баксов", "тысяч сто": the scale of the number after it
    if t.word_number and t.low in scales and k + 2 < len(tokens) and _scale_first(tokens, k + 2, scales) == k and \
            tokens[k + 2].number is not None:
        return None  # "тысяч за 900": the scale of the number after "за"
    if t.word_number and t.low in scales and k > 0 and tokens[k - 1].has_digit:
        return []  # "90 тыщ в месяц": the scale of the number before it, which was read (or asked) with it
    # "миллион": 1000000, not 1e+06; "40'000": the Swiss apostrophe between thousands, as a space (43rd pass)
    m = _AMOUNT.match(re.sub(r"(?<=\d)['’](?=\d{3})", " ", t.low) if not t.word_number else f"{t.number or 0:.15g}")
    if not m:
        return None
    # "18 500 000,00", "15,000.00": thousands grouped, then the kopecks or cents
    # "1.500 евро": a dot between thousands (German), never 1.5
    grouped = re.fullmatch(r"([1-9]\d{0,2}(?:\.\d{3})+|\d{1,3}(?:[ ,\u00a0\u202f]\d{3})+)(?:[.,](\d{2}))?", m.group(1))
    value = float(re.sub(r"\D", "", grouped.group(1)) + "." + (grouped.group(2) or "0")) if grouped \
        else float(m.group(1).replace(",", "."))
    used = [k]
    last = k
    while last + 1 < len(tokens) and tokens[last + 1].used == "number":  # "ninety-nine dollars": the number's words
        last += 1
        used.append(last)
    glued = m.group(2)
    cur = _SIGN.get(glued or "") or ("₽" if glued in ("р", "руб") else None)
    if glued in scales:
        value *= scales[glued]
    end = last
    first = False  # a scale word said before the number
    scale_word = glued or ""
    if end + 2 < len(tokens) and tokens[end + 1].low == "de" and tokens[end + 2].low in scales and not glued:
        end += 1  # Romanian "300 de mii lei": "de" joins a number to its scale
        used.append(end)
    if end + 1 < len(tokens) and tokens[end + 1].low.rstrip(".") in scales and not glued:
        scale_word = tokens[end + 1].low.rstrip(".")
        value *= scales[scale_word]
        big = tokens[end + 1].low.startswith(("млн", "милл", "лям", "mln", "million"))
        if tokens[end + 1].low.startswith(("косар", "косых")) or tokens[end + 1].low in ("тыр", "тыров", "тыры"):
            cur = cur or "₽"  # "150 косарей", "900 тыр": thousands of roubles, in slang
        end += 1
        used.append(end)
        if big and (rest := _thousands_after(tokens, end, scales)):  # "2 млн 700 тыс": one sum, 2 700 000
            value += rest[0]
            used += rest[1]
            end = rest[1][-1]
    elif not glued and (s := _scale_first(tokens, k, scales)) is not None:
        # "тысяч 30", "миллиона 2", "миллиона за два": the scale said first, an estimate; "миллион двести": 1.2 million
        one = tokens[s].low in _ONE_MILLION and 100 <= value < 1000 and s == k - 1 and tokens[k].word_number
        value = scales[tokens[s].low] + value * 1000 if one else value * scales[tokens[s].low]
        scale_word = tokens[s].low
        big = tokens[s].low.startswith(("млн", "милл", "лям", "million"))
        used[:0] = list(range(s, k))
        first = True
    else:
        big = glued in ("m", "млн") or (t.word_number and value >= 100_000)  # "бюджет миллион", "пол-ляма"
        if lone_million and (rest := _thousands_after(tokens, end, scales)):
            value += rest[0]
            used += rest[1]
            end = rest[1][-1]
    nxt_person = end + 1 < len(tokens) and (tokens[end + 1].concept in ("user", "request") or
                                            tokens[end + 1].lemma in ("человек", "чел", "сотрудник"))
    if t.low in _FIFTY_K and end == last and not nxt_person and (k > 0 and (
            tokens[k - 1].low in _HUNDRED_K_BEFORE or tokens[k - 1].lemma in ("бюджет", "budget") or
            tokens[k - 1].lemma in _CAP_AFTER) or k + 1 < len(tokens) and tokens[k + 1].lemma in ("бюджет", "budget")):
        value, scale_word, first = 50_000, "тыщ", True  # "бюджет полтос", "максимум полтос": fifty thousand
    if t.low in _HUNDRED_K and end == last and k > 0 and (tokens[k - 1].low in _HUNDRED_K_BEFORE or
                                                           tokens[k - 1].lemma in ("бюджет", "budget")):
        value, scale_word, first = 100_000, "тыщ", True  # "за сотку", "до сотки", "бюджет сотка": a hundred thousand
    if not glued and end + 1 < len(tokens) and tokens[end + 1].low in ("cents", "cent", "¢", "центов", "цента") and \
            _HOURLY.match(text[tokens[end + 1].end:]):
        # fiftieth pass: "rent a cloud GPU for 45 cents an hour": an hour's price in hundredths of the dollar
        return [Attached("cloud_hourly", round(value / 100, 4), [*used, end + 1])]
    # "6 рублей 2 4090": a currency word the sum before took is not the next number's ("рублей 2" had been a budget)
    before = _currency(tokens[k - 1]) if k > 0 and not tokens[k - 1].closes_clause and not tokens[k - 1].used else None
    if end + 2 < len(tokens) and tokens[end + 1].low == ".":  # "900 тыс. рублей"
        end += 1
    after = _currency(tokens[end + 1]) if end + 1 < len(tokens) else None
    if after:
        end += 1
        used.append(end)
        if end + 2 < len(tokens) and tokens[end + 1].number == 0 and tokens[end + 2].low.startswith("коп"):
            end += 2  # "рублей 00 копеек", as a contract writes the sum (42nd pass): no second sum
            used += [end - 1, end]
    if before:
        used.insert(0, k - 1)
    cur = cur or before or after
    if not cur and (said_in := _IN_CURRENCY.search(" ".join(x.low for x in tokens[max(0, k - 6):k] if not x.has_digit))):
        cur = _IN_SIGN[said_in.group(1)[:3]]  # forty-first pass: "в евро это где-то 15 тысяч": the sum's currency said first
    if not cur and scale_word and end + 1 < len(tokens) and _COUNTED.match(tokens[end + 1].low) and \
            not (tokens[end].stop or tokens[end].comma or tokens[end].closes_clause):
        return None  # fifty-seventh pass: "за полгода набралось около 9 тысяч запросов": a count of things, no money
    foreign = _foreign(tokens, k, end)
    if foreign is not None and not cur:
        used.append(foreign)
        end = max(end, foreign)
        if _OURS.search(text[:tokens[min(k, foreign)].start] + " " + text[tokens[end].end:]):
            return []  # forty-first pass: "server KES 6.5 million, cloud $2.40 an hour": two currencies, one slot; asked
    # a sum granted ("выделили 2 млн") is money only with its currency or scale: "выделили 2 сервера на 1500 сотрудников"
    granted = any(x.lemma in _GRANTED and not (x.low.startswith("выделенн") and _DEDICATED.match(text[x.end:]))
                  for x in (*tokens[max(0, k - 4):k], *tokens[end + 1:end + 4])) and \
        bool(cur or foreign is not None or end > last or glued)
    budget_cue = granted or any((x.lemma in _BUDGET_CUE or x.low in _BUDGET_CUE) and not _max_of_something(tokens, x.i, k)
                                for x in tokens[max(0, k - 4):k]) or \
        any(x.lemma in _CAP_AFTER for x in tokens[end + 1:end + 4])  # "2 млн максимум", "50k tops"
    # "успеем в 600 тыщ?", "влезем в 500к", "can we fit in 40k": a sum with its scale or currency after a verb of
    # fitting is a ceiling
    # not "влезет в 32к?": a k-number in a context's range is money here only with its currency
    scaled_or_cur = bool(cur or end > last or first or glued in ("m", "млн") or (glued in scales and value > 256_000))
    into = k > 0 and (tokens[k - 1].low in ("в", "in", "into", "within") or
                      k > 1 and before and tokens[k - 2].low in ("в", "in", "into", "within"))
    budget_cue = bool(budget_cue or (scaled_or_cur and into and (any(x.lemma in _FIT for x in tokens[max(0, k - 5):k]) or
                                                                  any(x.lemma in _FIT for x in tokens[end + 1:end + 3]))))
    # thirty-second pass: the verb after the sum too ("в 300 тыс уложиться можно?", "в 500к впишемся?")
    # "к лету будет тысяч шестьдесят", "денег появится тысяч двести": the scale said first after a verb of having is
    # the money the customer will have
    # fifty-fourth pass: or right after the sum ("чё брать тысяч триста есть")
    budget_cue = bool(budget_cue or (first and any(x.lemma in _HAVE or x.low in _HAVE
                                                   for x in (*tokens[max(0, k - 4):k], *tokens[end + 1:end + 2]))))
    # fifty-first pass: "цель сбора 800 тысяч. … какой сервер на эти деньги взять?": the sum pointed back at is to spend
    budget_cue = budget_cue or scaled_or_cur and bool(_THAT_MONEY.search(text[tokens[end].end:]))  # not "их у нас 1200"
    # seventy-third pass: "есть 150к на видюху", "150 тыс на сервер": a sum to spend on hardware, never a context
    # (not beside a cloud's price: "просит 1,5 млн на сервер, а в облаке 280 ₽ в час" prices the server, weighed)
    # (nor a context's size, "квен 14б, 32к на карту влезет?": the tokens each card holds)
    budget_cue = budget_cue or bool(_ON_HARDWARE.match(text[tokens[end].end:])) and not _RENT.search(text) and \
        not _OWN_VS_CLOUD.search(text) and not (not cur and glued and value in _CONTEXT_SIZES)
    # seventy-fourth pass: the hardware said first, "на видяху есть около 100к", "на сервер выделили 2 млн": the same
    # (seventy-sixth pass: "на карту 60к" alone too, a sum no context is the size of)
    budget_cue = budget_cue or bool(_HARDWARE_HAS.search(_head(tokens, k, used)) or
                                    _HARDWARE_SHARE.search(_head(tokens, k, used)) and
                                    (_SHARE_SAID.search(text) or glued and not cur and value not in _CONTEXT_SIZES)) and \
        not _RENT.search(text) and not _OWN_VS_CLOUD.search(text)
    # (a review: not the card's own sum before another share, "на карту 80к на остальное 40к")
    if not cur and (_OTHER_PART_SUM.search(_head(tokens, k, used)) or
                    _OTHER_PART_AFTER.match(text[tokens[end].end:]) and not _HARDWARE_SHARE.search(_head(tokens, k, used))) and \
            (glued in scales or t.word_number or first) and \
            not any(x.concept in ("context", "token") or x.lemma in ("контекст", "токен") for x in tokens[end + 1:end + 3]):
        return _named_back(tokens, used, scales)  # (a review) "на карту 70к, на проц 30к": the CPU's share, named back
    if not cur and t.word_number and t.low in scales and end == last and k > 0 and tokens[k - 1].low in _MORE_THAN and \
            not any(x.low in ("не", "not", "no", "нет") for x in (*tokens[max(0, k - 3):k - 1], *tokens[end + 1:end + 3])):
        return None  # fresh40: "их найдено уже больше тысячи": more than a thousand of something, no ceiling of money
    # fifty-ninth pass: "the quote for 8x A100 is 180k", "КП на 4 карты пришло на 2,1 млн": a quote names a server's price
    quoted = bool(_QUOTED.search(" ".join(x.low for x in tokens[max(0, k - 7):k])))
    priced = any(x.lemma in _PRICE_CUE or x.low in _PRICE_CUE for x in (*tokens[max(0, k - 4):k], *tokens[end + 1:end + 4])) or \
        k > 0 and tokens[k - 1].low in ("is", "are", "=") and any(x.low in ("price", "cost") for x in tokens[max(0, k - 7):k]) or \
        quoted
    seller_down = bool(_BROUGHT_DOWN.search(_head(tokens, k, used)))
    brought_down = seller_down and bool(_OWN_VS_CLOUD.search(text))
    priced = priced or brought_down
    budget_cue = budget_cue or seller_down  # "the vendor knocks it down to 150k": money, never a context
    # (sixty-seventh pass, a review: "the partner price for an H100 is 30k": the price said further back)
    scaled = glued in scales or (end > last and tokens[end].low.rstrip(".") in scales) or first  # "300к", "350 тыщ"
    asked_quote = bool(_QUOTE_ASKED.search(text))  # "quote us 8x h100 for at most 250k": the customer's own sum
    priced = priced or scaled and asked_quote
    if scaled and k > 0 and tokens[k - 1].low in ("за", "for", "at") and _OWN_VS_CLOUD.search(text):
        priced = True  # "облако ... против своей 4090 за 300к", "own vs cloud: 8x h100 at 250k": the price of owning
    # twenty-first pass: "за" right before a sum with its scale word, on either side ("взять за 300 тысяч", "тысяч за
    # триста"), is a price: a context is said "на 32 тысячи", never "за"; not a card's own price ("б/у 3090 за 60к": the
    # price of the card named right before, asked)
    # (thirty-seventh pass: "3090 б/у за 65к", "5060 ти на 16 за 50к": the card's age or its size said between)
    named = k - 2
    while named > 0 and (tokens[named].low in _AGE or tokens[named].used == "card_vram_gb" or
                         tokens[named].low == "на" and tokens[named + 1].used == "card_vram_gb" or
                         tokens[named].low in ("у", "нас", "меня", "них", "вас", "сейчас", "щас")):
        named -= 1  # thirty-ninth pass: "5090 у нас по 310 тыщ": the seller's price of the card, "по" each
    # fifty-third pass: "сервер с двумя L40S за 2 млн": the cards are the server's, the sum the server's price
    in_a_server = named > 0 and any(re.match(r"(?:сервер|сервак|server|box)", x.low) for x in tokens[max(0, named - 4):named]) \
        and any(x.low in ("с", "со", "with", "на") for x in tokens[max(0, named - 3):named])
    if scaled and k > 0 and tokens[k - 1].low in ("за", "по") and k > 1 and tokens[named].used == "gpu_name" and \
            not _OWN_VS_CLOUD.search(text) and not in_a_server:
        # the card's own price, asked: never a budget, nor a context ("3090 за 250 тысяч"); its scale word with it
        # (seventieth pass, a review: "аш сто за три миллиона" had left "миллиона" to be read alone, a budget of 1 000 000)
        return _named_back(tokens, used, scales)
    # (seventy-first pass: the sum opening the message, "по 250 тысяч за 4090 это норм цена?", or one word with its
    # scale, "закажем 8 карт по полмиллиона", had been a context of 256 000 and a budget)
    if k > 0 and tokens[k - 1].low == "по" and (scaled or cur or t.word_number and (t.number or 0) >= 100_000) and \
            not _OWN_VS_CLOUD.search(text) and not (not tokens[end].comma and any(x.lemma == "бюджет" or x.low == "budget" for x in tokens[end + 1:end + 3])) and \
            (k > 1 and tokens[k - 2].lemma in ("стоить", "стоять") or _EACH_PRICED.search(text)) and not _PER_USE.match(text[tokens[end].end:]) and \
            not any(x.concept in ("context", "token") or x.lemma in ("контекст", "токен") for x in tokens[max(0, k - 3):end + 3]):
        # (a review: "ещё 2 возьмём по 250 тысяч", "сколько стоят? у вас по 25 тысяч?" had been contexts of 256 000, 25 600)
        # seventieth pass: "блоки питания стоят по 25 тысяч": a price of each, no budget nor a context; named back, its
        # scale word read with it (not "стоят по 2 a100": cards placed)
        return _named_back(tokens, used, scales)
    if k > 1 and tokens[k - 1].low in ("за", "for") and _bought_before(tokens, k - 1) and not _OWN_VS_CLOUD.search(text):
        return []  # fifty-fourth pass: "монитор взял за 12 тыщ", "взяли программу учёта за 90 тыщ": paid, named back
    if scaled and k > 0 and tokens[k - 1].low == "за" and (in_a_server or not (k > 1 and tokens[k - 2].used in NAMES)):
        priced = True
    if not cur and (any(x.concept in ("context", "token") for x in tokens[max(0, k - 2):end + 2]) or _context_before(tokens, k)):
        return None  # "контекст 1.2 млн", "контекст поднять до 64к": not money
    tail = text[tokens[end].end:tokens[end].end + 16]
    if not cur and end + 1 < len(tokens) and tokens[end + 1].concept == "user" and end == last and \
            not (tokens[end].comma or tokens[end].closes_clause):  # not "бюджет тыщ двести пятьдесят, человек десять"
        return None  # "2 сервера на 1500 сотрудников": people counted, never money (a review at e87aa8f)
    if not cur and end == last and not budget_cue and \
            any(x.concept == "user" and not x.used for x in tokens[max(0, k - 3):k]) and \
            not any(x.comma or x.stop for x in tokens[max(0, k - 3):k]):
        return None  # fifty-first pass: "клиентов у нас 1500, какой сервер взять?": people counted, the server after no price
    if not cur and _COUNTED_AFTER.match(text[tokens[end].end:]):
        return None  # "max 2000 words per page", "до 300 страниц": a count of things, never money (37th pass)
    from assistant.reading.quantities import _things_after, _things_before  # (quantities imports this module)

    if not cur and end > last and not budget_cue and not priced and (
            _things_after(tokens, end) or _things_before(tokens, k) and not _MONEY_NOUN.search(text[:tokens[k].start])):
        return None  # "3 тыщи карточек товаров", "документов около 3 тыщ" (42nd pass): a count of things, no money
    # "cloud equivalent 5.20/hr", "аренда 180 в час": an hourly rate in a message about renting is a price
    hourly_rent = bool(_HOURLY.match(tail)) and bool(_RENT.search(text)) and \
        not any(x.concept in ("gpu", "user", "token", "hour") for x in tokens[end + 1:end + 2])
    monthly_rent = scaled and bool(_MONTHLY.match(tail)) and bool(_RENT.search(text))  # "аренда 6 тыщ в сутки"
    # "и двадцать тыщ сверху": "тыща" is a word for money, never a context unless the message speaks of one
    # "тыщ 200", "25 grand": a scale word only money has ("grand", "косарей", "лям") is money as well
    slang = (end > last or first) and (scale_word in _SLANG_THOUSAND or scale_word not in load_lexicon().scale.context) \
        and value >= 1000 and \
        not any(x.concept in ("context", "token") or x.lemma in ("контекст", "окно", "context") for x in tokens)
    # "колаб 1000 рублей в месяц, а своя 4090 тысяч 200": a sum with its scale word said apart, in a message that
    # weighs owning against renting, is money (not "32к", glued: a context as often as money)
    # (seventy-seventh pass, a review: "own 30k vs cloud 2/h": glued, with owning said before it or no context's size)
    owning = ((end > last or first) or glued and (value not in _CONTEXT_SIZES or k > 0 and tokens[k - 1].low in _OWNING)) \
        and value >= 1000 and bool(_OWN_VS_CLOUD.search(text)) and \
        not any(x.concept in ("context", "token") or x.lemma in ("контекст", "окно", "context") for x in tokens)
    # "3 руб 10 коп за квт*ч" (42nd pass): the kWh word comes after the kopecks
    kop = end + 2 if cur and end + 2 < len(tokens) and (tokens[end + 1].number or 100) < 100 and \
        _CENTS.fullmatch(tokens[end + 2].low) else None
    energy = _energy_price(tokens, k, end, used, text[tokens[kop].end:tokens[kop].end + 16] if kop else tail, cur) or \
        value < 100 and bool(_LIGHT_BEFORE.search(_head(tokens, k, used)))
    # 43rd pass: "электричество 3000 рублей в месяц" is a monthly bill (asked below), not the price of a kW·h
    if energy and not big and not (scaled and value >= 1000) and not _MONTHLY.match(tail):
        return _per_kwh(tokens, end, value, used, cur)
    if not (cur or big or hourly_rent or monthly_rent or slang or owning or
            ((budget_cue or priced) and (value >= 1000 or glued))):
        return None
    # a bill's sum is asked, but its currency, written apart from the number ("$4k a month", "4 тыщ баксов в
    # месяц"), is still the conversation's currency
    sign = [k - 1] if before else [end] if after else []
    bill = [Attached("currency", cur, sign)] if cur and sign else []
    if _MONTHLY.match(tail):
        _ask_words(tokens, used)
        return bill  # "$5k/month", "обходится в 60 тыс в месяц": a monthly bill, no slot of ours; asked
    head = _head(tokens, k, used)
    if _ENERGY_PRICE.search(head) or _PER_KWH.match(tail) or _KWH_BEFORE.search(head) or _LIGHT_BEFORE.search(head):
        _ask_words(tokens, used)  # (43rd pass: "счёт за свет 5000 рублей": the light's bill, asked)
        return bill  # a price of electricity in the thousands ("квт по 5 тыщ"): not believable; asked
    if _HOURLY.match(tail) or _HOURLY_BEFORE.search(head) or \
            (not scaled and _HOURS_THEN_EACH.search(head) and bool(_RENT.search(text))):
        slot = "cloud_hourly"
    elif _MONTHLY_BEFORE.search(" ".join(head.split()[-4:])) and not re.search(r"час|hour|сервер|сервак|server|box|купи|buy", head):
        _ask_words(tokens, used)
        return bill
    elif not scaled and (not budget_cue or _CHEAPER_TO.search(head)) and _CLOUD_BEFORE.search(head) and \
            value < (5000 if cur == "₽" or not cur and _CHEAPER_TO.search(head) else 200):
        # (fiftieth pass: "а если облако подешевеет до 2,2 доллара?": "до" the new price, no budget's bound)
        slot = "cloud_hourly"  # fresh40: "а если облако обойдётся в 260 р": a cloud's price small enough to be an hour's
    elif _QUOTED_ELSEWHERE.search(head) or brought_down:
        slot = "server_price"  # fifty-seventh pass: "у конкурента за 1,9 млн", "называют L40S по 7 200 $": a price seen
    elif quoted and not budget_cue:
        slot = "server_price"
    elif asked_quote and not _OWN_VS_CLOUD.search(text):
        slot = "budget"
    elif budget_cue or _WHAT_TO_BUY.search(head):
        slot = "budget"
    elif in_a_server and tokens[k - 1].low == "за":
        slot = "server_price"
    elif _SERVER_BEFORE.search(head) or _OWN_VS_CLOUD.search(NO_CLOUD.sub(" ", text)):  # not "без облака"
        slot = "server_price"
    else:
        slot = "budget"
    out = [Attached(slot, value, used)]
    if cur:
        out.append(Attached("currency", cur, used))
    return out


# the price of electricity said before the sum ("киловатт стоит 6 рублей", "электричество по 7 р", "power is $0.2") or
# after it ("8 руб за квт", "0.15 per kwh"): no budget and no price of a server
_ENERGY_PRICE = re.compile(r"(?:киловатт\w*(?:-час\w*)?|квт\w*(?:\s?[·*/-]?\s?ч\b)?|kwh|kw/h|kilowatt[- ]?hours?|электричеств\w*|электроэнерги\w*|"
                           r"свет|electricity|energy|power)(?: час\w*)?(?: (?:у нас|нам|for us|here|сейчас|now))? "
                           r"(?:стоит|стоят|обходится|выходит|по|costs?|is|at|=)"
                           r"(?: (?:у нас|нам|us|here|around|about|примерно|около))?(?: в)?$", re.I)  # "обходится в 8 р"
# a kilowatt(-hour) or electricity word right before the sum, no verb said ("а киловатт у нас 6 рублей", "квт*ч 7 р",
# "electricity here 0.2 eur"): the price of energy too
_KWH_BEFORE = re.compile(r"(?:киловатт\w*(?:-час\w*)?|квт\w*(?:\s?[·*/-]?\s?ч\b)?|kwh|kw/h|kilowatt[- ]?hours?|электричеств\w*|"
                         r"электроэнерги\w*|electricity)(?: час\w*)?(?: (?:у нас|у меня|у них|у вас|у него|у [а-яё]{4,}|нам|им|for us|"
                         r"for them|here|сейчас|now|тут|there))?(?: (?:на|в|во) [а-яё-]{3,})?"
                         r"(?: по (?:договору|тарифу|контракту|счётчику|счетчику))?$", re.I)
# (fresh40: "киловатт у нас на Пинеге 5 руб 60 коп"; fresh58: "у заказчика"; sixty-first pass: "по договору 7 руб. 15 коп.")
# 43rd pass: "свет 6 рублей", "свет у нас 5.5 р": a small sum after the word for the light is a kW·h's price ("счёт за
# свет 5000 рублей" is a bill, asked)
_LIGHT_BEFORE = re.compile(r"\bсвет(?: у нас| у меня| сейчас| тут| нынче)?$", re.I)
# a currency outside ₽ | $ | € may stand between ("4,32 грн за кВт", "25 тенге за квт"): the price, its currency unset
_OTHER_CURRENCY = r"(?:грн|гривн\w*|тенге|тг|сум\w*|byn|бел\.?\s?руб\w*|uah|kzt|pln|zł|zl|злот\w*|£|gbp|aed|dhs|лари|драм\w*)\.?"
_PER_KWH = re.compile(rf"^\s*(?:{_OTHER_CURRENCY}\s*)?(?:/|за|per|a|an|за один)\s*(?:квт|киловатт|kwh|kw\b|kilowatt)", re.I)


def _head(tokens: list[Token], k: int, used: list[int]) -> str:
    """The words since the last number before the sum (at most six), currency signs left out."""
    last = max([x.i for x in tokens[max(0, k - 6):k] if x.has_digit and x.i not in used] or [max(-1, k - 7)])
    return " ".join(x.low for x in tokens[last + 1:k] if x.low not in _SIGN)


def _energy_price(tokens: list[Token], k: int, end: int, used: list[int], tail: str, cur: str | None) -> bool:
    """The sum is the price of a kW·h: said right before it ("киловатт стоит 6 рублей", "electricity is 0.2") or
    right after it ("8 руб за квт", "0.15 per kwh", "12 cents per kwh")."""
    head = _head(tokens, k, used)
    after = tail
    if end + 1 < len(tokens) and _CENTS.fullmatch(tokens[end + 1].low):
        after = tail[tail.lower().find(tokens[end + 1].low) + len(tokens[end + 1].low):]
    said_before = not (k > 0 and tokens[k - 1].closes_clause)  # "… per kwh, 2 h100": a new clause, a count
    nxt = tokens[end + 1] if end + 1 < len(tokens) and not tokens[end].closes_clause else None
    if not cur and nxt is not None and (nxt.concept in ("piece", "gpu") or nxt.used == "gpu_name"):
        return False  # "бп на киловатт 5 штук 4090": the cards counted after a power word, no price
    return bool(said_before and (_ENERGY_PRICE.search(head) or _KWH_BEFORE.search(head)) or _PER_KWH.match(after)
                or cur and _KWH_AFTER.match(after))


# a sum with its currency and the unit right after it, no "за/per" ("7 руб квт ч", "6 р/квтч", "0.2 $ kWh"); without
# a currency "3 квт" is power, not a price
_KWH_AFTER = re.compile(r"^\s*(?:квт\w*(?:\s?[*·]?\s?ч\w*)?|киловатт\w*|kwh\b|kw/h\b|kw·h\b)", re.I)


def _per_kwh(tokens: list[Token], end: int, value: float, used: list[int], cur: str | None) -> list["Attached"]:
    """The electricity price slot, in the currency said with it; cents and kopecks are hundredths ("12 cents": 0.12)."""
    from assistant.reading.quantities import Attached

    k = used[0]
    if k > 0 and tokens[k - 1].word_number and tokens[k].word_number and not tokens[k - 1].used and \
            (tokens[k - 1].number or 0) < 100 and value < 100 and not tokens[k - 1].closes_clause:
        value, used = (tokens[k - 1].number or 0) + value / 100, [k - 1, *used]  # "по четыре пятьдесят": 4.50
    if end + 1 < len(tokens) and _CENTS.fullmatch(tokens[end + 1].low):
        value = value / 100  # cents are dollars' or euros': the currency stays unsaid unless written
        cur = cur or ("₽" if tokens[end + 1].low.startswith("коп") else None)
        used = [*used, end + 1]
    elif cur and end + 2 < len(tokens) and not tokens[end + 1].used and (kop := tokens[end + 1].number) is not None \
            and kop < 100 and _CENTS.fullmatch(tokens[end + 2].low):
        value, used = value + kop / 100, [*used, end + 1, end + 2]  # "7 руб 20 коп": 7.20
    out = [Attached("electricity_price", round(value, 4), used)]
    return out + [Attached("currency", cur, used)] if cur else out


_CENTS = re.compile(r"cents?|¢|коп\w*")


_EACH_PRICED = re.compile(r"сто[ия]т(?! ли)|\bцен|почём|почем|\bвозьм|\bкуп|\bбер[её]м|\bзакаж|"
                          r"\bза (?:сервер|сервак|карт|штук|видеокарт|видюх|gpu|кажд|одн)\w*|\beach\b|\bapiece\b|"
                          r"\bper (?:card|gpu|server|unit)\b", re.I)
# "по 16 тысяч на запрос", "по 32 тысячи на пользователя": so much for each use or person, a context
_PER_USE = re.compile(r"\s*(?:на|per|for|each)\s+(?:\w+\s+)?(?:запрос|пользовател|человек|каждого|юзер|users?|requests?|"
                      r"persons?|сесси|диалог|чат|документ|промпт)", re.I)


def _named_back(tokens: list[Token], used: list[int], scales: dict[str, float]) -> list:
    """A sum no slot takes: its number named back (words as well as digits), its scale word read with it."""
    for x in used:
        if tokens[x].word_number and tokens[x].low in scales:
            tokens[x].used = tokens[x].used or "scale"
        elif tokens[x].word_number:
            tokens[x].asked = True
    return []


def _ask_words(tokens: list[Token], used: list[int]) -> None:
    """A bill said in number words ("сто пятьдесят тыщ в месяц") is named back like one in digits."""
    for x in used:
        if tokens[x].word_number and not tokens[x].used and tokens[x].low not in load_lexicon().scale.money:
            tokens[x].asked = True


# the parts of a week said with hours of their own ("по будням часа 3 и в выходные часов по 8"): cut at punctuation
# and at a joining word
_WEEK_PART = re.compile(r"[,.;!?]|\s(?:и|а|но|and|but|plus|плюс)\s", re.I)


def week_part(tokens: list[Token], n: int, text: str) -> str | None:
    """'weekday' or 'weekend' for token n when the message gives the week's two parts numbers of their own ("по
    будням часа 3 и в выходные часов по 8"), else None ("по будням и в выходные по 8 часов" is every day)."""
    if not (_WEEKDAYS.search(text) and _WEEKEND_WORD.search(text)):
        return None  # the usual message: no week split, and nothing to cut
    cuts = sorted({0, len(text), *(x for m in _WEEK_PART.finditer(text) for x in m.span())})

    def kind(at: int) -> str | None:
        part = text[max(c for c in cuts if c <= at):min(c for c in cuts if c > at)]
        days, ends = bool(_WEEKDAYS.search(part)), bool(_WEEKEND_WORD.search(part))
        return "weekday" if days and not ends else "weekend" if ends and not days else None

    if {kind(t.start) for t in tokens if t.number is not None} >= {"weekday", "weekend"}:
        return kind(tokens[n].start)
    return None


_BOTH_PARTS = re.compile(r"\bбудн\w*,? (?:и|а также|плюс) (?:в |по )?выходн|\bweekdays,? (?:and|plus) (?:on )?weekends\b|"
                         r"\bweekends?,? (?:included|too|as well)\b|\bincl\.? weekends?\b|\bвыходн\w*,? (?:тоже|включительно|включены|включая)\b", re.I)
_WEEKEND_WORD = re.compile(r"выходн|\bweekends?\b", re.I)  # both days: a Saturday alone is no weekend (a review of 41044af)


_HOURS_OF = {"of", "use", "usage", "runtime", "compute", "work", "gpu", "time", "работы", "использования", "загрузки",
             "нагрузки", "работать", "работает"}


def hours_per_month(value: float, tokens: list[Token], n: int, text: str) -> float:
    """'12 часов в день' -> 12*365/12; 'по будням' -> N*260/12; per week -> N*52/12; per month as is."""
    # (seventy-fourth pass: "120 hours of use per week": the words of what the hours are for, skipped)
    after = [t for t in tokens[n + 1:n + 8] if t.low not in _HOURS_OF][:3]
    period = next((t.concept for t in after if t.concept in ("day", "week", "month", "weekday")), None)
    if period in ("day", "weekday", None) and value <= 24 and (part := week_part(tokens, n, text)):
        # sixty-first pass: a week split in two, each part's hours a day over its own days (the reader adds them)
        return round(value * (260 if part == "weekday" else 104) / 12, 2)
    if period in ("day", None) and (m := _DAYS_A_WEEK.search(text) or _SAME_DAYS.search(text)):  # "по 8 часов 5 дней в неделю"
        return round(value * week_days(m) * 52 / 12, 2)
    if period in ("day", None) and value <= 24 and (d := named_days(text)):  # "2 shifts of 9 hours, Monday to Saturday"
        return round(value * d * 52 / 12, 2)
    if period in ("day", None) and value <= 24 and (m := _DAYS_A_MONTH.search(text)):  # "22 дня в месяц по 8 часов"
        return round(value * float(m.group(1)), 2)
    if _BOTH_PARTS.search(text):  # "по будням и в выходные по 8 часов": every day
        return round(value * 365 / 12, 2) if period in ("day", "weekday", None) and value <= 24 else value
    if period in ("day", None) and _WEEKENDS.search(text) and not _WEEKDAYS.search(text):
        return round(value * 2 * 52 / 12, 2)  # "по 10 часов по выходным"; not "по будням 9 часов, выходные отдыхаем"
    weekdays = bool(_WEEKDAYS.search(text)) or period == "weekday"
    if period in ("day", "weekday") or (period is None and weekdays):
        return round(value * (weekday_days(text) if weekdays else 365) / 12, 2)
    if period == "week":
        return round(value * 52 / 12, 2)
    if period is None and any(x.lemma in ("год", "year") or x.low in ("year", "years", "yearly", "annually", "год", "году")
                              for x in after) and value > 744:
        return round(value / 12, 2)  # seventy-seventh pass (a review): "5090 часов в год": a year's hours, a month's share
    # thirty-sixth pass: the month looked for in the hours' own sentence ("ночью, часов 8. … сколько в месяц выйдет")
    at = tokens[n].start
    own = text[max(text.rfind(c, 0, at) for c in ".!?") + 1:min([p for p in (text.find(c, at) for c in ".!?") if p >= 0]
                                                                  or [len(text)])]
    # 43rd pass: a month said away from the hours is the bill's ("how much per month if it runs 24 hours?")
    month_by = any(t.concept == "month" for t in tokens[max(0, n - 3):n]) or \
        bool(re.search(r"(?:month|месяц|мес\b)\W*$", text[:tokens[n].start], re.I))
    bill = re.search(r"(?:how much|сколько|скока|what)\b[^.?!]{0,60}\b(?:per|a|в|за) (?:month|месяц)", own, re.I)
    if period is None and value <= 24 and not re.search(r"total|всего|итого", own, re.I) and \
            (bill and not month_by or not re.search(r"month|месяц|мес\b", own, re.I)):
        return round(value * 365 / 12, 2)  # "and with 12 hours?": no one runs a box 12 hours a month; hours a day
    return value
