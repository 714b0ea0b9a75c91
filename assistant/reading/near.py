"""What stands next to a number: the unit word after it, a cue word before it, an alternative
("20 or 40", "2 или 3", "20-30") joining it to another number."""
from __future__ import annotations

import re

from assistant.reading.tokens import Token

_SKIP = {"одновременный", "параллельный", "активный", "живой", "concurrent", "simultaneous", "active", "parallel",
         "штатный", "of", "из", "всего", "total", "штат", "штатных", "видео", "the", "more", "gpu-", "nvidia", "rtx",
         "a", "an"}


def unit_after(tokens: list[Token], k: int) -> tuple[str | None, int]:
    """Concept of the first meaningful word after token k, and its index."""
    for n in range(k + 1, min(len(tokens), k + 4)):
        t = tokens[n]
        if n == k + 1 and (t.low == "." or tokens[k].stop or tokens[k].comma):
            break  # "не больше 15. Модель ...", "до 30, контекст 12к": the clause ended, its next word is no unit
        if t.used == "number" and (t.comma or t.stop):
            break  # "тыщ тридцать два, человек ...": the compound number's last word ends the clause
        if t.low in _SKIP or t.lemma in _SKIP or t.low in ("-", ".") or t.used == "number":
            continue
        return (t.concept if not t.used else None), n
    return None, k


def cue_before(tokens: list[Token], k: int, cues: set[str], reach: int = 3) -> bool:
    """A cue word within `reach` words before token k, and no other number between them: the cue
    belongs to the number right after it ("контекст 128к на 10 одновременных": 10 is no context)."""
    for n in range(k - 1, max(-1, k - reach - 1), -1):
        t = tokens[n]
        if not t.used and (t.low in cues or t.lemma in cues or t.concept in cues):
            return True
        if t.has_digit and t.used not in ("gpu_name", "model_name", "unknown_product", "server_name"):
            return False
    return False


def next_word(tokens: list[Token], k: int) -> int:
    """Index of the token after k, past the second word of a compound number ("тридцать две")."""
    n = k + 1
    while n < len(tokens) and tokens[n].used == "number":
        n += 1
    return n


def scale_after(tokens: list[Token], k: int, table: dict[str, float]) -> tuple[float, int]:
    n = next_word(tokens, k)
    if n + 1 < len(tokens) and tokens[n].low == "de" and tokens[n + 1].low in table:
        n += 1  # Romanian "300 de mii lei": "de" joins a number over twenty to its scale
    if n < len(tokens) and tokens[n].low.rstrip(".") in table and not preposition_k(tokens, n):
        return table[tokens[n].low.rstrip(".")], n
    return 1.0, k


def preposition_k(tokens: list[Token], n: int) -> bool:
    """Seventieth pass (a review): "закажем ещё 2 к концу года", "возьмём 2 к лету": a lone "к" before a word is the
    preposition, no thousand (had been a context of 2048); "8 к", "8 к токенов", "32 к контекста" keep it."""
    nxt = tokens[n + 1] if n + 1 < len(tokens) else None
    if nxt is not None and nxt.has_digit and n + 2 < len(tokens) and not tokens[n].comma:
        nxt = tokens[n + 2]  # seventy-second pass: "ещё одну к 2 картам": the preposition, its number, a dative noun
    if tokens[n].low != "к" or tokens[n].comma or tokens[n].stop or nxt is None or not nxt.text[:1].isalpha() or \
            nxt.concept in ("token", "context") or nxt.lemma in ("токен", "контекст"):
        return False
    from assistant.reading.words import morph

    # the preposition takes the dative: "к концу", "к лету", "к пятнице" (not "32 к потянет", "32 к на 20 человек")
    return any("datv" in p.tag and p.tag.POS in ("NOUN", "ADJF", "NPRO", "NUMR") for p in morph().parse(nxt.low)[:2])


# the maker's and the line's words before a card's number, as typed on either keyboard ("2 ртх 3090", "4 rtx a6000")
_BRANDS = ("nvidia", "rtx", "geforce", "gtx", "ртх", "гтх", "нвидиа", "нвидия", "гефорс", "tesla", "teslas",
           "тесла", "теслы", "тесл", "теслах", "теслами")  # "две теслы а100": the datacentre line, declined


# seventeenth pass: words of a card's age or use between a count and the card ("две старые a100", "four used 3090s",
# "три б/у 3090", "two old a6000s"): the count is still the cards'
_AGE = ("старые", "старых", "старыми", "новые", "новых", "новыми", "бу", "б/у", "бушные", "бушных", "used", "old", "new",
        "refurbished", "second-hand", "secondhand", "майнинговые", "майнинговых", "игровые", "игровых", "gaming")


_KIND_OF_CARD = re.compile(r"^(?:графическ|вычислительн|graphics|compute)\w*$")


def gpu_next(tokens: list[Token], k: int, gpu_starts: set[int]) -> bool:
    n = k + 1
    while n < len(tokens) and tokens[n].used == "number":  # "сорок восемь 3090": past the count's other words
        n += 1
    if n < len(tokens) and tokens[n].low in ("—", "–", ":") and tokens[n - 1].word_number:
        n += 1  # forty-eighth pass: "карта у нас одна — rtx 4080 супер": the count in words, a dash, the card
    while n < len(tokens) and (tokens[n].low in ("x", "х", "×", "шт", "штук", "of", "by") + _BRANDS or
                               tokens[n].low in _AGE and n <= k + 2 and not tokens[n - 1].comma):
        if tokens[n].low in _BRANDS and n in gpu_starts:
            return True
        n += 1
    if [x.low for x in tokens[n:n + 3]] == ["б", "/", "у"]:
        n += 3  # 42nd pass: "на одной б/у 3090", split by the tokenizer
    while n < len(tokens) and _KIND_OF_CARD.match(tokens[n].low):
        n += 1  # forty-ninth pass, tender language: "4 (четырьмя) графическими ускорителями NVIDIA H100 NVL"
    if n < len(tokens) and n > k + 1 and tokens[n].concept == "gpu" and _KIND_OF_CARD.match(tokens[n - 1].low):
        return True
    return n in gpu_starts or (n < len(tokens) and bool(re.match(r"^\d+(?:gb|гб)$", tokens[n].low)))


def is_range(text: str, tokens: list[Token], a: int, b: int) -> bool:
    """"20 or 40", "10-15", "от 10 до 15"; "between 20 and 30", "между 20 и 30": "and" joins a range only after
    "between"."""
    gap = text[tokens[a].end:tokens[b].start]
    return bool(ALTERNATIVE.match(gap)) or \
        (a > 0 and tokens[a - 1].low in ("between", "между") and bool(re.fullmatch(r"\s*(?:and|и)\s*", gap, re.I)))


# "5 или 8", "на пять а может на восемь", "10 or maybe 12", "for 5 or for 8": a second value said as the first's alternative
ALTERNATIVE = re.compile(r"^\s*,?\s*(?:(?:ну |а )?или(?: может(?: быть)?)?|либо|or(?: maybe| perhaps)?|to|до|"
                          r"(?:ну |ну или )?а может(?: быть| и)?|-|–|—|/)\s*(?:(?:на|для|for|on)\s+)?$", re.I)
VAGUE = {"few", "several", "несколько", "нескольких", "пару-тройку"}
PHRASE_730 = re.compile(r"круглосуточн\w*|кругл\w+ сутк\w*|around the clock|round the clock|24x7|24 на 7|24/7|"
                        r"двадцать четыре на семь|twenty[- ]four seven|"
                        r"нон-?стоп|non-?stop|(?:all day|day and night|днём и ночью|днем и ночью),? (?:every day|каждый день)",
                        re.I)


