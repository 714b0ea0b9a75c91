"""Tokens that keep the domain's glued forms intact, with character offsets.

"8б", "4090-е", "H100s", "2x48GB", "24/7", "Q4_K_M", "$15k" stay one token each; "32 000" and
"8 192" (spaced thousands) become one number token; "40-person", "8k-контекст", "llama-3-8b"
split at the hyphen (the name matcher joins windows of tokens back). Currency signs are tokens.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from tools.text import ORDINAL_SUFFIX

# spaced thousands first ("8 192", "32 000", "1 200 000"): a group of exactly three digits after a
# space, not glued to a letter ("llama 3 405b" is no 3405)
# (thirty-seventh pass: with its kopecks or cents, "18 500 000,00 руб.")
# (43rd pass: or with the Swiss apostrophe, "CHF 40'000", "1’200’000")
_SPACED = r"(?<![\w.,])\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:[.,]\d{2}(?!\d))?(?![\w]|[.,]\d)|(?<![\w.,])\d{1,3}(?:['’]\d{3})+(?![\w'’]|[.,]\d)"
# a phone number left for the vendor's people ("тел 8 916 123 45 67", "+7 (912) 345-67-89"): one token,
# no number in it; before the spaced thousands, which would read "8 916 123" as 8,916,123 users
_PHONE = (r"(?<![\w+])(?:(?:\+\d{1,3}|8)[ \u00a0(-]{0,3}\d{3}[ \u00a0)-]{0,3}\d{3}[ \u00a0-]?\d{2}[ \u00a0-]?\d{2}|"
          # thirty-fifth pass: the Indian "+91 98765 43210" and the North American "+1 415 555 0100"
          r"\+\d{1,3}[ \u00a0-]?\d{5}[ \u00a0-]?\d{5}|"
          # thirty-seventh pass: Uzbek, Belarusian, Ukrainian, Kyrgyz ... "+998 90 123 45 67", "+375 29 123-45-67"
          r"\+(?:998|375|380|996|992|993|994|995|374|373)[ \u00a0(-]{0,2}\d{2}[ \u00a0)-]{0,2}\d{3}[ \u00a0-]?\d{2}[ \u00a0-]?\d{2}|\+1[ \u00a0(-]{0,2}\d{3}[ \u00a0)-]{0,2}\d{3}[ \u00a0-]?\d{4}|"
          # fifty-second pass: the North American number without its +1, "405-555-0199", "(312) 555-0142"
          r"\(?\d{3}\)?[ \u00a0-]\d{3}-\d{4})"
          r"(?![\w]|[.,]\d)")
_WORD = r"[^\W_][\w.,'×+]*(?:-[\w.,'×+]+)*"
# a power connector's name ("12V-2x6", "12VHPWR", "8-pin"): a name, never a count of cards or a card's size
_CONNECTOR = r"\b12v[- ]?2x6\b|\b12v[- ]?hpwr\b|\b(?:6|8|16)[- ]pin\b"
_TOKEN = re.compile(rf"24/7|(?P<phone>{_PHONE})|(?P<connector>{_CONNECTOR})|{_SPACED}|{_WORD}|[$€₽]|[^\w\s]", re.I)
_KEEP_HYPHEN = re.compile(rf"^\d+{ORDINAL_SUFFIX}$|^[a-z]\d+-?[a-zа-я]{{1,2}}$|^(?:fine|q|k)-|^\w+-(?:tun|lora)", re.I)


@dataclass
class Token:
    i: int
    start: int
    end: int
    text: str
    low: str = ""
    canon: str = ""  # family-canonical, suffix-stripped form used for names
    concept: str | None = None  # lexicon concept ("gpu", "user", ...) of the word or its lemma
    lemma: str = ""
    number: float | None = None  # the value of a plain number or number word
    word_number: bool = False  # "четыре", "пару", "four"
    code: bool = False  # an article's or a tender's number ("арт. GS-2204"): no quantity, named back
    stop: bool = False  # a full stop was glued to the token's end ("15." ends a sentence)
    comma: bool = False  # a comma was glued to the token's end ("десять, две карты": two numbers)
    used: str | None = field(default=None, repr=False)  # slot or name this token went into
    asked: bool = False  # a number word left open to be asked about ("три сервера по восемь"): named back like digits
    card_size: bool = False  # a bare size after a card the catalog holds in another size ("4060 ti на 8"): its memory

    @property
    def closes_clause(self) -> bool:
        """A comma or a full stop glued to it: a currency word here is the sum's before it ("6 руб, две 4090",
        "тысяч пять долларов. полдюжины волонтеров"), never the number's after it."""
        return self.comma or self.stop

    @property
    def has_digit(self) -> bool:
        return any(c.isdigit() for c in self.text)


_COUNT_GLUED = re.compile(r"^(\d{1,2}[xх×])(?=[a-zа-я]|\d{3,})|(?<=\d{3})(?=[xх×]\d{1,2}$)|"
                          r"^(\d{1,3})(?=(?:шт|штук|штуки|штука|pcs)$)", re.I)  # "2шт": the count and its word


# sixty-seventh pass: a Russian word glued to its number ("бп850 на 3090 норм?", "батч4", "ламу3 70"): two tokens, as
# "бп 850"; a one-letter prefix is a name's own ("р1", "в3", "а22б") and stays one
_WORD_GLUED = re.compile(r"^([а-яё]{2,})(\d{1,4})$", re.I)


def _glue_word(low: str) -> bool:
    from assistant.reading.words import is_dictionary_word  # late: words imports this module

    return low in ("бп", "батч", "озу", "гпу") or is_dictionary_word(low)


def _pieces(m: re.Match) -> list[tuple[int, int]]:
    """Split a hyphenated word at hyphens unless the hyphen is part of the form ("4090-я", "fine-tuning");
    split a count glued to a card name: "4x4090" -> "4x" "4090", "8xH100" -> "8x" "H100", "4090x4" -> "4090" "x4";
    and to its word: "2шт" -> "2" "шт"."""
    text, start = m.group(0).rstrip(".,'"), m.start()
    if (w := _WORD_GLUED.match(text)) and _glue_word(w.group(1).lower()):
        return [(start, start + w.end(1)), (start + w.end(1), start + len(text))]  # "бп850" -> "бп" "850"
    glued = _COUNT_GLUED.search(text)
    if glued and "-" not in text:
        cut = glued.end(1) if glued.group(1) else glued.end(2) if glued.group(2) else glued.start()
        return [(start, start + cut), (start + cut, start + len(text))]
    if "-" not in text or _KEEP_HYPHEN.search(text):
        return [(start, start + len(text))] if text else []
    out, pos = [], start
    for part in text.split("-"):
        if part:
            out.append((pos, pos + len(part)))
        pos += len(part) + 1
    return out


_NUM = re.compile(r"^\d+(?:[.,]\d+)?$")


def parse_plain_number(text: str) -> float | None:
    """'8' 8, '3,5' 3.5, '32 000' 32000, '32,000' 32000, '1.2' 1.2, '1.500' 1500; None for anything else."""
    t = re.sub(r"[ \u00a0\u202f]", "", text)
    if re.fullmatch(r"\d{1,3}(?:['’]\d{3})+", t):
        return float(re.sub(r"['’]", "", t))
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+", t):
        return float(t.replace(",", ""))
    if re.fullmatch(r"[1-9]\d{0,2}(?:\.\d{3})+", t):  # "1.500 евро", "8.192 токена": a dot between thousands, as
        return float(t.replace(".", ""))               # in German; no one writes 1.5 as "1.500"
    if _NUM.match(t):
        return float(t.replace(",", "."))
    return None


_GLUED_CANDIDATE = re.compile(r"^[а-яё]{8,}$")
_THOUSAND_PART = re.compile(r"^(?:тысяч|тыщ|тыс)")
_ORDINAL_TENS_LEMMAS = {"пятидесятый", "шестидесятый", "семидесятый", "восьмидесятый", "девяностый"}


def _glued_parts(low: str) -> list[int] | None:
    """Where a word of number-words glued to their noun splits ("пятитыщдевяностая" пяти|тыщ|девяностая, 5090;
    "трехтысячдевяностые" 3090; "сорокгиговых" сорок|гиговых, 40 GB; "шестнадцатигиговой"): the cut offsets, or
    None. Only a number word first, then a thousands word and a card's ordinal tens, or a gigabyte word; any
    other word (a dictionary word, "семинар") stays whole."""
    if not _GLUED_CANDIDATE.match(low):
        return None
    from assistant.reading.words import is_dictionary_word, lemma, number_word

    if is_dictionary_word(low):
        return None
    for cut in range(len(low) - 3, 2, -1):
        head, rest = low[:cut], low[cut:]
        n = number_word(head)
        if n is None or n != int(n) or n >= 1000:
            continue
        if rest.startswith("гиг") and n >= 2:
            return [cut]
        th = _THOUSAND_PART.match(rest)
        if th and 2 <= n <= 9:
            tail = rest[th.end():]
            if len(tail) >= 6 and lemma(tail) in _ORDINAL_TENS_LEMMAS:
                return [cut, cut + th.end()]
    return None


# thirty-seventh pass: a card's name with a diminutive glued on, "h100шек", "3090шки", "a100шками", splits as
# "h100-шек" does (units glued to a number, "8гб", "70б", stay whole)
_CARD_DIMINUTIVE = re.compile(r"^([a-z]{0,4}\d{3,4}[a-z]{0,3})ш(?:к\w{0,3}|ек|ечк\w{0,3})$")


def _split_glued(toks: list[Token]) -> list[Token]:
    out: list[Token] = []
    for t in toks:
        cuts = _glued_parts(t.text.lower()) if not any(c.isdigit() for c in t.text) else None
        if (m := _CARD_DIMINUTIVE.match(t.text.lower())) is not None:
            cuts = [m.end(1)]
        if not cuts:
            t.i = len(out)
            out.append(t)
            continue
        bounds = [0, *cuts, len(t.text)]
        for a, b in zip(bounds, bounds[1:]):
            piece = Token(i=len(out), start=t.start + a, end=t.start + b, text=t.text[a:b])
            piece.low = piece.text.lower()
            out.append(piece)
        out[-1].stop, out[-1].comma = t.stop, t.comma
    return out


def tokenize(text: str) -> list[Token]:
    toks: list[Token] = []
    for m in _TOKEN.finditer(text):
        if m.group("phone") or m.group("connector"):
            toks.append(Token(i=len(toks), start=m.start(), end=m.end(), text=m.group(0), low=m.group(0).lower(),
                              used="contact" if m.group("phone") else "connector"))
            continue
        for s, e in _pieces(m):
            if re.search(r"\w['’]s$", text[s:e]) and (any(c.isdigit() for c in text[s:e]) or
                                                    any(x.has_digit for x in toks[-2:])):
                e -= 2  # seventy-fourth pass: "my 4070 ti super's vram", "the h100's memory": the name, not "super's"
            t = Token(i=len(toks), start=s, end=e, text=text[s:e])
            t.low = t.text.lower()
            t.number = parse_plain_number(t.text)
            toks.append(t)
        if toks and m.group(0).rstrip(",'").endswith(".") and not re.search(r"\.\w+\.$", m.group(0)):
            toks[-1].stop = True  # not "т.е."-like abbreviations with inner dots
        if toks and m.group(0).rstrip(".'").endswith(","):
            toks[-1].comma = True
    return _split_glued(toks)
