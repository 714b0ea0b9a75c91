"""Names said aloud, written as customers type them: a normalise step (offsets kept, see normalise.py).

Fifty-fourth pass (issue 11, fresh58: voice-typed and hurried messages). Phone dictation spells a card's letters
and a version's ordinal out in words, and a hurried thumb glues a family to its size; the name matcher reads the
written forms only. Each rewrite here is of words that name nothing else:
- letters: "эр тэ икс" RTX, "джи ти икс" GTX, "вэ эл эл эм" vLLM; "эл сорок эс" / "l forty s" L40S; "эль четыре" L4, "аш сто" H100; "a one hundreds",
  "h two hundred" A100s, H200 (never before a unit: "a one hundred dollar card" stays money); "про шесть тысяч",
  "pro six thousand" PRO 6000;
- a version said as an ordinal before its family: "третья лама" Llama 3, "четвёртая лама скаут" Llama 4 Scout,
  "вторая гемма" Gemma 2 (a version the family lacks is then named back as an unknown product, as written);
- a family glued to its size: "ламу70б" "ламу 70б"; "gpt oss на 20" gpt-oss-20b (a catalog model only);
- "a buck fifty" $1.50, "a buck twenty five" $1.25; "a thousand watt" 1000 watt; "терабайт оперативки" 1 TB of RAM.
The digits of a card said in number words ("сорок девяносто", "thirty nineties") are joined in words.py
(_spoken_cards), where the token after them tells a card from a count.
"""
from __future__ import annotations

import re

from tools import catalog
from tools.text import family_of

_UNIT_AFTER = r"(?!\s+(?:dollars?|bucks?|users?|people|persons?|tokens?|gb|gigs?|watts?|w|hours?|k|grand|euros?)\b)"
_CARD_AFTER = r"(?=\s*(?:[?.,!;]|$)|\s+(?:cards?|gpus?|for|with|or|instead|enough|is|are|will|would|vs|on|in|to|at|and an?\b))"
_EN_DIGIT = {"one": "1", "two": "2", "three": "3"}
_TENS = {w: 10 * (i + 1) for i, w in enumerate("ten twenty thirty forty fifty sixty seventy eighty ninety".split())}
_ONES = {w: i + 1 for i, w in enumerate("one two three four five six seven eight nine".split())}
_RULES: list[tuple[re.Pattern[str], object]] = [
    (re.compile(r"(?<![\w-])(?:эр|р)[\s-]*т[эе][\s-]*икс(?![\w-])", re.I), "RTX"),
    (re.compile(r"(?<![\w-])джи[\s-]*ти[\s-]*икс(?![\w-])", re.I), "GTX"),
    (re.compile(r"(?<![\w-])эл[ьи]?\s+сорок(?:\s+(эс))?(?![\w-])", re.I), lambda m: "L40S" if m.group(1) else "L40"),
    (re.compile(r"(?<![\w-])l\s+forty(?:\s+(s))?(?![\w-])", re.I), lambda m: "L40S" if m.group(1) else "L40"),
    # seventieth pass (fresh84): "хватит ли одной эль четыре", "эль двадцать"; "аш сто", "аш двести" H100, H200
    (re.compile(r"(?<![\w-])эль?\s+(четыре|двадцать)(?![\w-])(?!\s+(?:гиг|гб|ватт|вт|тыс|тыщ|руб|час|человек|польз))", re.I),
     lambda m: "L4" if m.group(1).lower() == "четыре" else "L20"),
    (re.compile(r"(?<![\w-])аш\s+(сто|двести)(?![\w-])(?!\s+(?:тысяч|тыщ|тыс|руб|р\b|долл|бакс|евро|гиг|гб|ватт|вт|человек|"
                r"штук|час|млн|лям))", re.I), lambda m: "H100" if m.group(1).lower() == "сто" else "H200"),
    # a card only where a card's word, a question's word or the end follows ("a two hundred page manual", "a three
    # hundred seat call center", "a two hundred and fifty thousand dollar budget" stay numbers: review of 383d3e1)
    (re.compile(r"(?<![\w'-])([ahb])\s+(one|two|three)\s+hundred(s)?(?![\w-])" + _UNIT_AFTER + _CARD_AFTER, re.I),
     lambda m: f"{m.group(1).upper()}{_EN_DIGIT[m.group(2).lower()]}00{m.group(3) or ''}"),
    # "про" is also "about" ("говорили про шесть тысяч рублей"): the Cyrillic one only after RTX
    (re.compile(r"(?<![\w-])pro\s+six\s+thousand(?![\w-])", re.I), "PRO 6000"),
    # sixty-first pass: "half a dozen PRO 6000s" typed without RTX; not another product's Pro ("MacBook Pro, 6000 dollars",
    # "Threadripper Pro 6000 series", "ChatGPT Pro 6000 users": a review of 72b0c33), nor across a comma
    (re.compile(r"(?<!mac )(?<!macbook )(?<!ipad )(?<!threadripper )(?<!xeon )(?<!chatgpt )(?<!rtx )(?<![\w-])pro\s6000(?=s?\b)"
                r"(?!s?\s*(?:[$€₽]|dollars?|bucks|euros?|usd|eur|руб\w*|евро|долл\w*|series|users?|people|seats?)\b)", re.I),
     "RTX PRO 6000"),
    (re.compile(r"(?<![\w-])(?:rtx|ртх|эр[\s-]*т[эе][\s-]*икс)\s+про\s+шесть\s+тысяч(?![\w-])", re.I), "RTX PRO 6000"),
    (re.compile(r"(?<![\w-])(?:вэ|ви)[\s-]*эл[\s-]*эл[\s-]*эм(?![\w-])", re.I), "vLLM"),
    # "a buck fifty", "a buck twenty five an hour": a dollar and so many cents
    (re.compile(r"(?<![\w-])(?:a\s+)?buck\s+(ten|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
                r"(?:[\s-]+(one|two|three|four|five|six|seven|eight|nine))?(?![\w-])", re.I),
     lambda m: f"${1 + (_TENS[m.group(1).lower()] + _ONES.get((m.group(2) or '').lower(), 0)) / 100:.2f}"),
    # fifty-ninth pass: "квартет A100 и терабайт оперативки": a terabyte of RAM said with no number is one
    (re.compile(r"(?<![\w-])(?<!один )(?<!одного )(?<!\d )терабайт(?=\s+(?:оперативк\w*|оперативн\w*|оперативы|озу|памяти|ram|ддр|ddr))",
                re.I), "1 терабайт"),
    # "a thousand watt one": "thousand" is only a multiplier of a number said before it, and "a" is none
    # ("twenty one thousand dollars" stays 21 000: "one" is never rewritten)
    (re.compile(r"(?<![\w-])a\s+thousand(?=[\s-]+(?:watts?|w|users?|people|dollars?|bucks|tokens?|gb|hours?|"
                r"euros?)\b)", re.I), "1000"),
]
# "gpt oss на 20", "джипити осс 120": OpenAI's open line by its size alone (the line has no other number)
_OSS = re.compile(r"(?<![\w-])(?:gpt|гпт|джипити)[\s-]*(?:oss|осс)\s+(?:на\s+|for\s+)?(\d+)(?![\w.,])"
                  r"(?!\s*(?:гб|gb|гиг|gig|карт|card|users?|человек|польз))", re.I)
_ORDINAL = re.compile(r"(?<![\w-])(втор|трет|четв[её]рт)(?:ая|ую|ой|ья|ью|ьей|ий|ый|ого|ьего|ьей)\s+([а-яёa-z]+)(?![\w-])", re.I)
_ORDINAL_DIGIT = {"втор": "2", "трет": "3", "четвёрт": "4", "четверт": "4"}
_SIZE_AFTER = re.compile(r"\s+(?:на\s+|for\s+)?(?:\d+(?:[.,]\d+)?\s*[bб]\b|(?:скаут|маверик|scout|maverick)\b)", re.I)
_GLUED = re.compile(r"(?<![\w-])([а-яёa-z]{3,})(\d+(?:[.,]\d+)?[bб])(?![\w-])", re.I)


def _has_version(family: str, n: int) -> bool:
    return any(re.match(rf"{re.escape(family)}-?{n}(?![\d.])", m.id) for m in catalog.load_catalog().models)


def rewrites(text: str) -> dict[tuple[int, int], str]:
    """(start, end) of the customer's text -> the written form read in its place."""
    out: dict[tuple[int, int], str] = {}
    for pattern, repl in _RULES:
        for m in pattern.finditer(text):
            out[m.span()] = repl if isinstance(repl, str) else repl(m)  # type: ignore[operator]
    for m in _ORDINAL.finditer(text):
        family, n = family_of(m.group(2)), _ORDINAL_DIGIT[m.group(1).lower()]
        # "вторую ламу 8б рядом" is a second one (Llama has no version 2), "второй квен для отдела" too; and only before
        # its size or line word, whose span then takes in the version's digit ("третья лама на 8б", "четвёртая лама скаут")
        if family and _has_version(family, int(n)) and _SIZE_AFTER.match(text, m.end()):
            out[m.span()] = f"{m.group(2)} {n}"
    for m in _OSS.finditer(text):
        if any(x.id == f"gpt-oss-{m.group(1)}b" for x in catalog.load_catalog().models):
            out[m.span()] = f"gpt-oss-{m.group(1)}b"
    for m in _GLUED.finditer(text):
        if family_of(m.group(1)):
            out[m.span()] = f"{m.group(1)} {m.group(2)}"
    return out
