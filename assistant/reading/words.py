"""What each word is: its lemma, its domain concept, its family, its value as a number word.

Order of lookup: the lexicon's slang and number words as written, then the pymorphy3 lemma
checked against the same lists (pymorphy3 guesses slang wrong: "видюхи" -> "видюхий", so the
lexicon comes first), then a rapidfuzz match against the model-family aliases for typos
("mistal", "дипсек"). The analyser is loaded once per process (~0.1 s).
"""
from __future__ import annotations

import re
from functools import lru_cache

from rapidfuzz import fuzz, process

from assistant.reading.tokens import Token
from tools.lexicon import load_lexicon
from tools.text import family_of, strip_number_suffix

FUZZY_FAMILY_SCORE = 84  # measured on the tune split: 80 took "gamma"/"lamp" for families


@lru_cache(maxsize=1)
def morph():
    import pymorphy3

    return pymorphy3.MorphAnalyzer()


@lru_cache(maxsize=20000)
def lemma(word: str) -> str:
    if not re.search(r"[а-яё]", word):
        return word
    return morph().parse(word)[0].normal_form


@lru_cache(maxsize=20000)
def is_dictionary_word(word: str) -> bool:
    return morph().word_is_known(word) if re.search(r"[а-яё]", word) else False


@lru_cache(maxsize=1)
def _family_choices() -> list[str]:
    return [a for a in load_lexicon().family_index() if len(a) >= 4 and " " not in a]


_VOWELS = str.maketrans({"ё": "и", "е": "и", "э": "и", "ы": "и", "о": "а", "я": "а", "ю": "у", "ь": None, "ъ": None})


def _sound(word: str) -> str:
    """How a word sounds, roughly: doubled letters once, unstressed Russian vowels merged ("дипсек" ~
    "дипсик", "лламма" ~ "лама", "джема" ~ "джемма"). Latin words only lose doubled letters."""
    return re.sub(r"(.)\1+", r"\1", word.translate(_VOWELS))


@lru_cache(maxsize=1)
def _sounds() -> dict[str, str]:
    return {_sound(a): a for a in _family_choices()}


# a runtime's name is no model family, however close its letters: "ollama" is llama.cpp's wrapper, never Llama
_RUNTIME_NAME = re.compile(r"ollama|олл?ам\w{0,3}", re.I)


@lru_cache(maxsize=20000)
def fuzzy_family(word: str, before_version: bool = False) -> str | None:
    """'mistal' -> 'mistral', 'дипсек' -> 'deepseek'; None below the score. A dictionary word ("джема",
    the genitive of "джем") is taken only right before a version or size ("джема 3 12б")."""
    if len(word) < (4 if before_version else 5) or not word.isalpha() or (is_dictionary_word(word) and not before_version):
        return None
    if _RUNTIME_NAME.fullmatch(word):  # "через ollama. одной 4090 хватит?" had read "llama 1b" (a hurried fresh40 turn)
        return None
    hit = process.extractOne(word, _family_choices(), scorer=fuzz.ratio, score_cutoff=FUZZY_FAMILY_SCORE)
    if hit is None:
        alias = _sounds().get(_sound(word))
        return family_of(alias) if alias else None
    return family_of(hit[0]) if hit else None


# case endings of feminine/masculine nouns: pymorphy3 cannot inflect slang it does not know ("видюхи")
_ENDINGS = re.compile(r"(?:ами|ями|ах|ях|ой|ей|ою|ам|ям|ов|ев|а|я|и|ы|у|ю|е|о)$")


@lru_cache(maxsize=1)
def _slang_stems() -> dict[str, str]:
    return {_ENDINGS.sub("", k): v for k, v in load_lexicon().slang.items() if len(k) > 4 and re.fullmatch(r"[а-яё]+", k)}


@lru_cache(maxsize=20000)
def lemmas(word: str) -> tuple[str, ...]:
    """Every normal form pymorphy3 offers, most likely first ("часах": часы, час)."""
    if not re.search(r"[а-яё]", word):
        return (word,)
    return tuple(dict.fromkeys(p.normal_form for p in morph().parse(word)))


_GIG_ADJECTIVE = re.compile(r"гиг(?:ов|абайтн)(?:ый|ая|ое|ые|ого|ой|ому|ом|ую|ых|ым|ыми|ей)")


def concept_of(low: str) -> tuple[str | None, str]:
    """(concept, lemma) of a lower-case word; a less likely lemma counts when only it is a domain word
    ("при 10 часах": час, not часы)."""
    slang = load_lexicon().slang
    if low in slang:
        return slang[low], low
    lem = lemma(low)
    if lem in slang:
        return slang[lem], lem
    for other in lemmas(low)[1:]:
        if other in slang:
            return slang[other], other
    stem = _ENDINGS.sub("", low)
    if _GIG_ADJECTIVE.fullmatch(low):  # "сорокгиговая" split: "гиговая", "гиговые", "гигабайтная" are the unit
        return "gb", lem
    return _slang_stems().get(stem) if len(stem) > 3 else None, lem


def number_word(low: str) -> float | None:
    nums = load_lexicon().numbers
    if low in nums:
        return nums[low]
    if re.search(r"[а-яё]", low):
        lem = lemma(low)
        if lem in nums and morph().parse(low)[0].tag.POS in ("NUMR", "NOUN"):
            return nums[lem]
    return None


_DIGIT_WORDS = {"ddr4", "ddr5", "ddr3", "ддр4", "ддр5", "ддр3"}
_LOOKALIKE = str.maketrans("авсенкмортхуАВСЕНКМОРТХУ", "abcehkmoptxyABCEHKMOPTXY")


_ACTIVE = re.compile(r"^([аaеe])(\d{1,2})[бb]$")  # "а3б" a MoE's active size, "е4б" Gemma 3n's effective one


def _latin(low: str) -> str:
    """'а6000' (typed on a Russian layout) -> 'a6000'; only for tokens with digits. 'а3б' is a MoE's active size, a3b."""
    if m := _ACTIVE.match(low):
        return f"{m.group(1).translate(_LOOKALIKE)}{m.group(2)}b"
    if re.fullmatch(r"\d{1,2}н", low):
        return low[:-1] + "n"  # "джемма 3н": said, not drawn ("н" looks like h)
    return low.translate(_LOOKALIKE) if re.search(r"\d", low) and re.search(r"[а-я]", low) and \
        not re.search(r"\d[а-я]{2,}$", low) else low


_GLUED_VERSION = re.compile(r"^([а-яё]{3,})(\d+(?:[.,]\d+)?)$")


def _family_glued(low: str) -> str | None:
    """"квен3", "ламу3.1": a family said in Cyrillic with its version glued on is that family's version
    ("qwen3"), not letters read by their shapes ("kbeh3")."""
    m = _GLUED_VERSION.match(low)
    fam = m and (family_of(m.group(1)) or family_of(lemma(m.group(1))))
    return f"{fam}{m.group(2).replace(',', '.')}" if m and fam else None


def annotate(tokens: list[Token]) -> None:
    """Fill lemma, concept, canon and word-number fields of every token in place."""
    names_words = load_lexicon().name_words
    for t in tokens:
        t.concept, t.lemma = concept_of(t.low) if not t.has_digit or t.low in _DIGIT_WORDS else (None, t.low)
        fam = family_of(t.low) or (None if t.has_digit else family_of(t.lemma))
        if fam is None and not t.has_digit and t.concept is None:
            fam = fuzzy_family(t.low, t.i + 1 < len(tokens) and bool(re.match(r"^v?\d", tokens[t.i + 1].low)))
        t.canon = fam or names_words.get(t.low) or _family_glued(t.low) or \
            (_latin(strip_number_suffix(t.low)) if t.has_digit else t.low)
        if not t.has_digit and t.number is None:
            n = number_word(t.low)
            if n is not None:
                t.number, t.word_number = float(n), True
    for t in tokens[:-1]:  # fortieth pass: "3 тыщи карточек товаров", "50 карточек товаров": a shop's product pages
        if t.concept == "gpu" and t.lemma == "карточка" and tokens[t.i + 1].lemma in ("товар", "продукт"):
            t.concept = None
    _spoken_cards(tokens)
    _half_a_unit(tokens)
    _fractions(tokens)
    _zero_point(tokens)
    _compound_numbers(tokens)
    _rubles_and_kopecks(tokens)
    _spelled_out_in_brackets(tokens)
    _agents_counted(tokens)
    _codes(tokens)


# fifty-third pass: an article, a tender's or a part's number ("арт. GS-2204", "RFQ #PD-2025-0311", "артикул 88123"): no
# quantity of any slot; its digits stay unattached, so they are named back, never read as a price or a count
_CODE_MARK = {"арт", "артикул", "art", "sku", "#", "№", "pn", "p/n", "извещение", "заявка", "rfq", "тендер", "лот"}


def _codes(tokens: list[Token]) -> None:
    for t in tokens:
        before = tokens[max(0, t.i - 3):t.i]
        mark = next((j for j, x in enumerate(before) if x.low.rstrip(".") in _CODE_MARK), None)
        # the mark names the number ("лот 2", "№ 0364..."), not what it is for ("заявка на 20 пользователей")
        if t.has_digit and mark is not None and not any(x.low in _FOR for x in before[mark + 1:]) and \
                all(not x.word_number and x.used != "gpu_name" for x in before):
            t.number, t.code = None, True


_GROUP_OF = {"trio": 3.0, "quartet": 4.0}
_FOR = {"на", "для", "под", "по", "до", "с", "for", "of", "with", "to"}


def _half_a_unit(tokens: list[Token]) -> None:
    """twenty-eighth pass: "пол терабайта оперативы", "пол-терабайта": half of the unit after it (a floor is no number
    anywhere else); "half a dozen" likewise."""
    for t in tokens:
        if t.low in ("пол", "пол-") and t.number is None and t.i + 1 < len(tokens) and tokens[t.i + 1].concept in ("tb", "gb"):
            t.number, t.word_number = 0.5, True
        if t.low in _GROUP_OF and t.number is None and t.i + 1 < len(tokens) and tokens[t.i + 1].low == "of":
            # fifty-ninth pass: "a quartet of H100 NVLs", "a trio of 3090s" (not in the lexicon: its words are the typo
            # stage's vocabulary, and "quarter" is one letter from "quartet")
            t.number, t.word_number = _GROUP_OF[t.low], True
        if t.low in ("dozen", "dozens") and t.i >= 2 and tokens[t.i - 1].low == "a" and tokens[t.i - 2].low == "half":
            t.number = 6.0  # thirtieth pass: "half a dozen volunteers" (it was read as a dozen)


# twenty-first pass: English has no animacy for pymorphy3 to give, so the lexicon listed people by trade one by one
# ("lawyers", "clinicians"). A plural agent noun (-ers, -ors, -ists, -ians, -ees) counted by the number right before it
# ("40 adjusters", "twelve translators", "25 dispatchers", "8 pharmacists") is people too; not a thing of the trade
# ("4 servers", "8 layers", "2 monitors") -- those are listed here, and a word the lexicon knows keeps its concept
_AGENT_PLURAL = re.compile(r"^[a-z]{3,}(?:ers|ors|ists|ians|ees)$")
_THINGS_OF_THE_TRADE = {
    "servers", "computers", "containers", "layers", "adapters", "parameters", "clusters", "routers", "drivers",
    "transformers", "registers", "centers", "centres", "chapters", "letters", "numbers", "orders", "dollars", "meters",
    "metres", "liters", "litres", "filters", "headers", "papers", "quarters", "towers", "printers", "speakers",
    "answers", "others", "offers", "powers", "buffers", "tiers", "covers", "characters", "providers",
    "folders", "timers", "counters", "monitors", "processors", "sensors", "vectors", "tensors", "connectors", "floors",
    "doors", "colors", "colours", "errors", "factors", "sectors", "motors", "mirrors", "generators", "indicators",
    "simulators", "calculators", "radiators", "compressors", "detectors", "projectors", "iterators", "behaviors",
    "behaviours", "vendors", "rivers", "lists", "fees", "degrees", "trees", "bitters", "watchers", "posters",
    "stickers", "chargers", "coolers", "blowers", "risers", "fingers", "shooters", "trailers",
    "gigabytes", "kilometers", "millimeters", "centimeters", "teraflops", "megapixels", "spiders", "crawlers",
    "schedulers", "loaders", "encoders", "decoders", "embedders", "rerankers", "classifiers", "tokenizers",
    "checkpoints", "samplers", "optimizers", "controllers", "switchers", "laptops", "desktops",
}


def _agents_counted(tokens: list[Token]) -> None:
    for t in tokens:
        if t.concept is None and not t.has_digit and t.i > 0 and _AGENT_PLURAL.match(t.low) and \
                t.low not in _THINGS_OF_THE_TRADE and family_of(t.low) is None:
            b = tokens[t.i - 1]
            if b.has_digit and re.fullmatch(r"\d+", b.low) or b.word_number and b.number is not None:
                t.concept = "user"


def _round_order(v: float) -> int:
    """10 ** (trailing zeros of v): 100 -> 100, 20 -> 10, 8 -> 1."""
    n, order = int(v), 1
    while n and n % 10 == 0:
        n, order = n // 10, order * 10
    return order


def _and_after_hundreds(tokens: list[Token], j: int, last: float) -> bool:
    nxt = tokens[j + 1] if j + 1 < len(tokens) else None
    return tokens[j].low == "and" and last == 100 and nxt is not None and nxt.word_number and 0 < (nxt.number or 0) < 100


def _compound_numbers(tokens: list[Token]) -> None:
    """Number words said in a row make one number, the first token's: "двадцать четыре" 24, "сто двадцать
    восемь" 128, "двести пятьдесят шесть" 256, "two hundred" 200, "three hundred twenty" 320. The later
    words are marked used ("number") so nothing counts them twice."""
    i = 0
    while i < len(tokens):
        a = tokens[i]
        if not (a.word_number and a.number and a.number == int(a.number)) or a.low in _NOT_COMPOUND:
            i += 1
            continue
        total: float = a.number
        last: float = a.number
        j = i + 1
        while j < len(tokens) and (tokens[j].word_number and tokens[j].number or _and_after_hundreds(tokens, j, last)) \
                and tokens[j].low not in _NOT_COMPOUND and not tokens[j - 1].comma and not tokens[j - 1].stop:
            if tokens[j].low == "and":  # "a hundred and twenty": "and" joins the tens to the hundreds
                j += 1
                continue
            v = float(tokens[j].number or 0)
            if v == 100 and 0 < total < 100 and tokens[j].low in ("hundred", "сот", "сто", "сотен", "сотни"):
                total, last = total * 100, 100  # "two hundred"; "twelve hundred watts" 1200, "двенадцать сотен" 1200
            elif v < last and v < _round_order(last) and v == int(v):
                total, last = total + v, v
            else:
                break
            j += 1
        if j > i + 1:
            a.number = total
            for b in tokens[i + 1:j]:
                b.number, b.word_number, b.used = None, False, "number"
        i = j


_PER = {"по"}
_PRICE_AFTER = {"руб", "рублей", "рубля", "р", "за", "₽"}


def _rubles_and_kopecks(tokens: list[Token]) -> None:
    """A price said as two numbers that do not add up: "свет по семь двадцать" 7.20, "шесть пятьдесят за киловатт"
    6.50 (a hurried question at 32e1dec: the kopecks were lost, 7 taken). Only after "по" or before a price word,
    where a rate is what is said; elsewhere "семь двадцать" stays two numbers."""
    for a in tokens[:-1]:
        b = tokens[a.i + 1]
        if not (a.word_number and b.word_number and a.number and b.number) or a.used or b.used:
            continue
        after = tokens[b.i + 1].low if b.i + 1 < len(tokens) else ""
        before = tokens[a.i - 1].low if a.i else ""
        if a.number == int(a.number) < 100 and 10 <= b.number < 100 and b.number == int(b.number) \
                and (before in _PER or after in _PRICE_AFTER) and a.low not in _NOT_COMPOUND:
            a.number = a.number + b.number / 100
            b.number, b.word_number, b.used = None, False, "number"


def _spelled_out_in_brackets(tokens: list[Token]) -> None:
    """A sum written as a contract writes it, "1 850 000 (один миллион восемьсот пятьдесят тысяч) рублей" (42nd pass:
    the currency after the brackets was not the sum's, and the budget was lost): the words in brackets that spell
    the number before them out are taken away, so what follows the brackets follows the number."""
    i = 0
    while i < len(tokens) - 2:
        a = tokens[i]
        if a.has_digit and a.number is not None and tokens[i + 1].low == "(":
            j = i + 2
            while j < len(tokens) and j < i + 14 and tokens[j].low != ")" and (tokens[j].word_number or tokens[j].used == "number"):
                j += 1
            if j < len(tokens) and tokens[j].low == ")" and j > i + 2 and _spelled_value(tokens[i + 2:j]) == a.number:
                del tokens[i + 1:j + 1]
                for n, t in enumerate(tokens):
                    t.i = n
        i += 1


def _spelled_value(words: list[Token]) -> float:
    """"один миллион восемьсот пятьдесят тысяч" 1 850 000 (the tens already joined to their hundreds)."""
    total, cur = 0.0, 0.0
    for w in words:
        if w.number is None:
            continue
        if w.number in (1000, 1_000_000, 1_000_000_000):
            total, cur = total + max(cur, 1) * w.number, 0
        else:
            cur += w.number
    return total + cur


_ZERO = {"ноль", "нуль", "zero", "oh"}
_ZERO_POINT = {"точка", "целых", "point", "dot"}


def _zero_point(tokens: list[Token]) -> None:
    """A size under one said in words before "б"/"b": "ноль шесть б" 0.6, "zero point six b", "ноль целых шесть
    десятых б"; the first token holds the number, the rest are used. Only before a size's letter: "ноль шесть"
    elsewhere stays two words."""
    for a in tokens:
        if a.low not in _ZERO or a.used:
            continue
        k = a.i + 1
        if k < len(tokens) and tokens[k].low in _ZERO_POINT:
            k += 1
        num = tokens[k].number if k < len(tokens) and tokens[k].word_number else None
        if num is None or not 1 <= num <= 9 or num != int(num):
            continue
        end = k + 1
        if end < len(tokens) and tokens[end].low in ("десятых", "tenths"):
            end += 1
        if end >= len(tokens) or tokens[end].low not in ("б", "b", "bn", "млрд", "billion"):
            continue
        a.number, a.word_number = num / 10, True
        for x in tokens[a.i + 1:end]:
            x.number, x.word_number, x.used = None, False, "number"


# collective numerals, said of people only ("на пятерых", "нас четверо", "ещё двое")
COLLECTIVE = {"двое", "трое", "четверо", "пятеро", "шестеро", "семеро", "восьмеро", "девятеро", "десятеро"}
FRACTION_WORDS = {"полтора", "полторы", "полутора"}
_TENS_OF = {"десятка", "десятков", "десятками", "дюжины", "дюжин"}
_HALF_OF = {"пол", "half"}
_PAIRS_OF = {"пары", "пар", "pairs"}
_HALF_AFTER = (("с", "половиной"), ("с", "полтиной"), ("and", "a", "half"), ("and", "half"))  # "шесть с полтиной" 6.5


def _fractions(tokens: list[Token]) -> None:
    """A whole number and a half said in words is one number, the first token's: "восемь с половиной" 8.5,
    "two and a half" 2.5; "полторы сотни" 150 and "полторы тыщи" 1500 (a fraction of a scale word is the
    amount, not a count). Neither is ever a count of cards: `fractional` marks them to be asked about."""
    for a in tokens:
        nxt = tokens[a.i + 1] if a.i + 1 < len(tokens) else None
        if a.low in _HALF_OF and not a.used:  # "пол-ляма" 500 000, "half a million": half of the scale word after it
            scale = tokens[a.i + 2] if a.low == "half" and nxt is not None and nxt.low == "a" and a.i + 2 < len(tokens) \
                else nxt
            big = load_lexicon().scale.money.get(scale.low) if scale is not None and not scale.has_digit else None
            if big and big >= 1000 and scale is not None:
                a.number, a.word_number = big / 2, True
                for x in tokens[a.i + 1:scale.i + 1]:
                    x.number, x.word_number, x.used = None, False, "number"
                continue
        if not (a.word_number and a.number) or a.used:
            continue
        if a.low in FRACTION_WORDS and nxt is not None and nxt.word_number and nxt.number in (100, 1000):
            a.number, nxt.number, nxt.word_number, nxt.used = a.number * nxt.number, None, False, "number"
            continue
        if nxt is not None and nxt.low in _TENS_OF and nxt.word_number and (a.low in FRACTION_WORDS or
                                                                          a.number == int(a.number) and a.number < 10):
            # thirty-second pass: "полтора десятка" 15, "два десятка" 20, "пара десятков" 20, "три дюжины" 36 (the
            # count had been dropped and the fraction named back)
            a.number, nxt.number, nxt.word_number, nxt.used = a.number * (nxt.number or 0), None, False, "number"
            continue
        if nxt is not None and nxt.low in _PAIRS_OF and nxt.word_number and a.number == int(a.number) and \
                1 < a.number < 10 and a.low not in _NOT_COMPOUND:
            # fifty-seventh pass: "две пары 3090" four cards, "three pairs of 4090s" six (the pair had been the count)
            a.number, nxt.number, nxt.word_number, nxt.used = a.number * 2, None, False, "number"
            continue
        for words in _HALF_AFTER:
            after = tokens[a.i + 1:a.i + 1 + len(words)]
            if a.number == int(a.number) and tuple(x.low for x in after) == words:
                a.number += 0.5
                for x in after:
                    x.number, x.word_number, x.used = None, False, "number"
                break


# counting words that are not digits of a longer number ("пару", "single", "dozen", "полтора")
_NOT_COMPOUND = {"пара", "пару", "парой", "пары", "парочку", "парочка", "single", "pair", "couple", "dual", "triple",
                 "quad", "dozen", "дюжина", "дюжину", "дюжины", "дюжиной", "полдюжины", "пяток", "пятка", "пятком", "десяток", "десятка", "десятком", "полтора", "полторы", "полутора", "тройка", "тройку", "четвёрка",
                 "четверка", "четвёрку", "четверку", "квартет", "квартета", "квартетом", "тройкой", "четвёркой", "четверкой", "шестёрка", "шестерка", "шестёрку", "шестерку", "шестёркой", "шестеркой", "восьмёрка", "восьмерка", "восьмёрку", "восьмерку", "восьмёркой", "восьмеркой", "восьмёрки", "восьмерки", "сотка", "сотку", "half", "тысяча", "тысячу", "тысячи", "тысяч",
                 "тыщ", "тыщи", "тыща", "тыщу", "миллион", "миллиона", "миллионов", "million", "лям", "ляма", "лимон",
                 "лимона", "полтос", "полтинник"}


# card names said aloud (voice typing, slang): "сорок девяностая" 4090, "тридцать шестидесятые" 3060,
# "эйч сотая" H100, "а сотая" A100, "би двухсотая" B200
_ORDINAL_TENS = {"пятидесятый": 50, "шестидесятый": 60, "семидесятый": 70, "восьмидесятый": 80, "девяностый": 90}
_ORDINAL_HUNDREDS = {"сотый": 100, "двухсотый": 200, "трёхсотый": 300, "трехсотый": 300, "сороковой": 40,
                     "двадцатый": 20, "десятый": 10}
_LETTERS = {"эйч": "h", "аш": "h", "а": "a", "би": "b", "эль": "l"}
_A_SERIES = {"2000", "4000", "4500", "5000", "5500", "6000"}
_EN_TENS = {"twenty": "20", "thirty": "30", "forty": "40", "fifty": "50"}
_EN_ORDINAL_TENS = {"sixty": "60", "seventy": "70", "eighty": "80", "ninety": "90",  # not "forty fifty people"
                    "sixties": "60", "seventies": "70", "eighties": "80", "nineties": "90"}  # "two thirty nineties"
# fifty-fourth pass: the second half said as a cardinal after RTX ("эр тэ икс сорок девяносто", spoken.py writes RTX)
_CARDINAL_TENS = {"шестьдесят": 60, "семьдесят": 70, "восемьдесят": 80, "девяносто": 90}
_UNIT_AFTER = {"user", "request", "rub", "usd", "eur", "hour", "day", "week", "month", "token", "context", "billion",
               "gb", "tb", "piece"}
_THOUSAND = {"тысяч", "тысячи", "тысяча", "тыщ", "тыщи", "тыща"}


def _spoken_cards(tokens: list[Token]) -> None:
    """Give the two words of a card name said aloud the canon of its digits, so the name matcher joins
    them ("40" "90" -> "4090"); the number word is then a name, not a count."""
    for a, b in zip(tokens, tokens[1:]):
        if a.low in ("а", "a") and a.i > 0 and tokens[a.i - 1].number is not None and b.low in _A_SERIES and \
                not tokens[a.i - 1].closes_clause:
            a.canon, b.canon = "a", b.low  # fifty-second pass: "с четырьмя а 6000" voice-typed: A6000 (had been 6 000 ₽)
            continue
        if b.has_digit or a.has_digit:
            continue
        second = lemma(b.low)
        nxt = tokens[b.i + 1] if b.i + 1 < len(tokens) else None
        if a.low in _EN_TENS and b.low in _EN_ORDINAL_TENS and not a.closes_clause and \
                not (nxt is not None and (nxt.concept in _UNIT_AFTER or nxt.concept == "user")):
            a.canon, b.canon = _EN_TENS[a.low], _EN_ORDINAL_TENS[b.low]  # "a forty ninety": the 4090 said aloud
            a.word_number = b.word_number = False
            continue
        if a.word_number and a.number in (20, 30, 40, 50) and second in _ORDINAL_TENS:
            a.canon, b.canon = f"{int(a.number)}", f"{_ORDINAL_TENS[second]}"
        elif a.word_number and a.number in (20, 30, 40, 50) and b.low in _CARDINAL_TENS and a.i > 0 and \
                tokens[a.i - 1].low in ("rtx", "gtx", "ртх"):
            a.canon, b.canon = f"{int(a.number)}", f"{_CARDINAL_TENS[b.low]}"
            a.word_number = b.word_number = False
        elif a.low in _LETTERS and second in _ORDINAL_HUNDREDS:
            a.canon, b.canon = _LETTERS[a.low], f"{_ORDINAL_HUNDREDS[second]}"
        elif a.word_number and a.number in (2, 3, 4, 5) and b.low in _THOUSAND and b.i + 1 < len(tokens) and \
                lemma(tokens[b.i + 1].low) in _ORDINAL_TENS:
            # "четыре тысячи семидесятая" 4070, "пять тысяч девяностая" 5090: the thousands said out in full
            a.canon, tokens[b.i + 1].canon = f"{int(a.number)}0", f"{_ORDINAL_TENS[lemma(tokens[b.i + 1].low)]}"
            b.canon, b.number, b.word_number, b.used = "", None, False, "number"
        elif a.low == "а" and a.i > 0 and tokens[a.i - 1].number is not None and b.word_number and b.number:
            # "четыре а шесть тысяч" A6000, "восьми а сто" A100: the letter said after a count is a card's, not "and"
            c = tokens[b.i + 1] if b.i + 1 < len(tokens) else None
            thousands = c is not None and c.low in _THOUSAND and b.number < 10
            after = tokens[b.i + 1 + thousands] if b.i + 1 + thousands < len(tokens) else None
            if after is not None and (after.concept in _UNIT_AFTER or after.lemma in ("человек", "штука")):
                continue  # "нас пять, а сто человек будет": "and a hundred people"
            if any(t.low == "не" for t in tokens[max(0, a.i - 3):a.i - 1]) or after is not None and \
                    after.word_number and after.number not in (40, 80):
                continue  # thirty-sixth pass: "не двести, а сто двадцать": a correction, "and" a number said whole
            a.canon, b.canon = "a", f"{int(b.number * (1000 if thousands else 1))}"
            b.word_number = False  # the card's digits: "а сто сорок гигов" is an A100 of 40 GB, not 140
            if thousands and c is not None:
                c.number, c.word_number, c.used = None, False, "number"
