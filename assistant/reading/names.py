"""Catalog names in the token stream: models, cards, servers, and product-shaped names we do not know.

Exact alias hits come first (longest window of tokens whose normalised text is a catalog name);
then "family + size" ("лама 70б" -> the newest catalog Llama of ~70B); then product-shaped names the
catalog lacks ("RTX 9090", "Llama 7 900B") go to `unknown_products` so no figure is invented for them.
Typos in family words were already mended token by token (`words.fuzzy_family`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from assistant.reading.near import next_word
from assistant.reading.tokens import Token
from tools import catalog
from tools.lexicon import load_lexicon
from tools.text import GPU_NAME, model_name_pattern, normalise_name


@dataclass
class Hit:
    kind: str  # "model" | "gpu" | "server" | "unknown"
    id: str
    i: int
    j: int  # tokens i..j-1
    card: bool = False  # an unknown product shaped like a graphics card ("RTX 9090", "4060 ти")


@lru_cache(maxsize=4)
def _indexes(_cat_id: int) -> dict[str, dict[str, str]]:
    cat = catalog.load_catalog()
    out: dict[str, dict[str, str]] = {}
    for kind, items in (("model", cat.models), ("gpu", cat.gpus), ("server", cat.servers)):
        idx: dict[str, str] = {}
        for it in items:
            for n in (it.id, it.name, *it.aliases):
                idx.setdefault(normalise_name(n), it.id)
        out[kind] = idx
    for kind, table in (("model", load_lexicon().model_defaults), ("server", load_lexicon().server_names)):
        for name, mid in table.items():
            out[kind].setdefault(normalise_name(name), mid)
    return out


def indexes() -> dict[str, dict[str, str]]:
    return _indexes(id(catalog.load_catalog()))


_GLUE_WORDS = {"a", "an", "the", "в", "на", "с", "и", "or", "and", "или", "для", "for", "of", "по", "x"}


def _family_head(t: Token) -> bool:
    """A family's name, alone or with its version glued on ("квен3" qwen3, "ламу3.1")."""
    families = load_lexicon().families
    glued = re.fullmatch(r"([a-z]+)(\d+(?:\.\d+)?)", t.canon)
    return t.canon in families or bool(glued and glued.group(1) in families)


_VERSION_LETTER = {"в": "v", "v": "v", "р": "r", "r": "r", "к": "k", "k": "k"}
# after "family letter number-word": words that make the number a count or a precision, not the version
_COUNTED_AFTER = {"раза", "раз", "times", "x", "х", "штуки", "штук", "штучки", "pieces"}


def _letter_then_word(tokens: list[Token], i: int, models: dict) -> str | None:
    """Seventeenth pass: a family, its version letter apart and the version said in a number word, "дипсик в три"
    (DeepSeek-V3), "kimi k two": the catalog's model when it has that version; not "дипсик в три карты", "в четыре
    бита" (a count, a precision: the number has a unit of its own) and not a version the catalog lacks."""
    if i + 2 >= len(tokens) or tokens[i].canon not in load_lexicon().families:
        return None
    letter, word = tokens[i + 1], tokens[i + 2]
    if letter.low not in _VERSION_LETTER or not word.word_number or not word.number or word.number != int(word.number) \
            or word.number > 9 or word.used:
        return None
    nxt = tokens[i + 3] if i + 3 < len(tokens) else None
    if nxt is not None and (nxt.concept or nxt.low in _COUNTED_AFTER or nxt.word_number or nxt.low in _POINT):
        return None
    key = normalise_name(f"{tokens[i].canon} {_VERSION_LETTER[letter.low]}{int(word.number)}")
    return models.get(key)


def _exact(tokens: list[Token], max_len: int = 6) -> list[Hit]:
    idx, hits, i = indexes(), [], 0
    while i < len(tokens):
        if (said := _letter_then_word(tokens, i, idx["model"])) is not None:
            hits.append(Hit("model", said, i, i + 3))
            i += 3
            continue
        for j in range(min(len(tokens), i + max_len), i, -1):
            window = tokens[i:j]
            if not window[0].canon[:1].isalnum() or not window[-1].canon[:1].isalnum() or \
                    any(t.text in _GLUE_WORDS and not _version_point(window, n) for n, t in enumerate(window)):
                continue
            keys = [normalise_name(" ".join(t.canon for t in window))]
            keys.insert(0, normalise_name(" ".join(t.low for t in window)))  # "L40S" before "L40"+"s"
            if len(window) > 1:  # "на сервере дипсик", "ферме 4U": inflected words of a line's name
                keys.append(normalise_name(" ".join(t.lemma if t.lemma.isalpha() else t.canon for t in window)))
                if any(_SAID_VERSION.match(t.low) for t in window):  # "дипсик в3", "кими к2": a version said in Cyrillic
                    keys.append(normalise_name(" ".join(_said(t) for t in window)))
                if any(t.word_number for t in window) and window[-1].low in ("б", "b", "бэ") and \
                        window[0].canon not in load_lexicon().families:  # a family's versions and sizes: `_size_after`
                    # "гпт осс сто двадцать б": the size said in number words
                    keys.append(normalise_name(" ".join(_in_digits(t) for t in window)))
            if len(window) > 1 and window[0].canon in load_lexicon().families and \
                    any(t.word_number for t in window[1:]) and window[-1].low not in ("б", "b", "бэ"):
                # "ламы четыре скаут", "фи четыре", "glm четыре и шесть": a name with its version said in words
                keys.append(normalise_name(_spoken(window)))
            if keys[-1].isdigit() and len(keys[-1]) < 4:  # "8" alone is no name
                continue
            if _family_head(window[0]) and (size := _size_after(tokens, i)) and size[1] > j:
                continue  # "дипсик 70b", "дипсик р1 дистил 14б": family and size, not a shorter name's model
            if len(window) == 1 and window[0].canon in load_lexicon().families and i > 0 and \
                    tokens[i - 1].low in ("из", "of"):
                continue  # "что из дипсиков влезет", "which of the llamas": the family, not its default model
            found = next(((k, key) for key in keys for k in ("model", "gpu", "server") if key in idx[k]), None)
            if not found and len(window) == 1 and window[0].has_digit and re.search(r"[а-яё]", window[0].low):
                key = normalise_name(window[0].low.translate(_SOUNDS))  # "л40с": a card's letters said in Cyrillic
                found = ("gpu", key) if key in idx["gpu"] else None
            if found and found[0] == "model" and len(window) == 1 and window[0].canon in load_lexicon().families and \
                    j < len(tokens) and not tokens[j].used and (
                        _UNKNOWN_VERSION.match(tokens[j].low) and
                        not any(_SAID_VERSION.match(x.low) for x in tokens[j + 1:j + 4]) or  # "в2.5? не, р1": taken back
                        tokens[j].low in load_lexicon().other_lines.get(window[0].canon, ())):
                # "дипсик в4", "deepseek v5", "мистраль немо": a version or a line the catalog lacks is no reason to take
                # the family's default
                hits.append(Hit("unknown", f"{window[0].text} {tokens[j].text}", i, j))  # its digits named back too
                break
            if found and found[0] == "gpu" and len(window) == 1 and _counts_another_thing(tokens, j):
                break  # seventy-sixth pass: "у нас 4070 сотрудников": a count of something else, no card
            if found:
                kind, key = found
                hits.append(Hit(kind, idx[kind][key], i, j))
                i = j - 1
                break
        i += 1
    return hits


# the count's own form right after the number ("4070 сотрудников"; not "3060 студенту", "4090 клиент хочет", "купил
# 4090 час назад", "3090, человек 5", "на 3090 пользователей 5", "4090 tokens per second": a review)
_COUNTED_NOT_CARDS = {"сотрудников", "человек", "пользователей", "юзеров", "работников", "клиентов", "студентов", "токенов",
                      "запросов", "рублей", "долларов", "users", "people", "employees", "staff", "tokens", "requests",
                      "customers", "students", "dollars", "rubles"}
_PERIOD_AFTER = re.compile(r"^\s*(?:в|за|a|per|each|every)\s+(?:год|месяц|сутки|неделю|year|month|day|week)\b", re.I)
_RATE_AFTER = re.compile(r"^\s*(?:per|a|/|в|за)\s*(?:s\b|sec|second|сек|с\b)", re.I)


def _counts_another_thing(tokens: list[Token], j: int) -> bool:
    card = tokens[j - 1]
    if not card.low.isdigit() or j >= len(tokens) or card.stop or card.comma or card.closes_clause:
        return False
    noun = tokens[j]
    rest = " ".join(x.text for x in tokens[j + 1:j + 4])
    if noun.low in ("часов", "hours") and _PERIOD_AFTER.match(rest):
        return True  # "5090 часов в год": hours of use (a review), no card
    if noun.low not in _COUNTED_NOT_CARDS or j + 1 < len(tokens) and tokens[j + 1].number is not None:
        return False  # "пользователей 5": the people's count said after them
    if j + 2 < len(tokens) and tokens[j + 1].low in ("на", "по", "так", "около") and tokens[j + 2].number is not None:
        return False  # "есть 3090 человек на 5": about 5 people
    return not (noun.low in ("tokens", "токенов") and _RATE_AFTER.match(rest))


# Cyrillic letters by sound, for card names typed on a Russian layout ("л40с" L40S, "ш100"? no: only cards
# the catalog has match, and only when the letters-as-shapes reading ("а100", "н100") found nothing)
_SOUNDS = str.maketrans({"а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "з": "z", "и": "i", "к": "k",
                         "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u",
                         "ф": "f", "х": "h", "э": "e"})
_SAID_VERSION = re.compile(r"^[врк]\d+(?:[.,]\d+)?$")
_SAID_LETTERS = str.maketrans("врк", "vrk")
_UNKNOWN_VERSION = re.compile(r"^[vв]\d+(?:[.,]\d+)?$")  # a version letter glued to digits, checked against the catalog


def _said(t: Token) -> str:
    """A version letter typed in Cyrillic by its sound ("в3" v3, "р1" r1, "к2" k2); other tokens' canon."""
    return t.low.translate(_SAID_LETTERS) if _SAID_VERSION.match(t.low) else t.canon


def _version_point(window: list[Token], n: int) -> bool:
    """Window token n is a point said between two number words of a family's version ("glm четыре и шесть")."""
    return 0 < n < len(window) - 1 and window[0].canon in load_lexicon().families and \
        window[n].low in _POINT | {"и", "and"} and window[n - 1].word_number and window[n + 1].word_number


def _spoken(window: list[Token]) -> str:
    """A family window with number words as digits, a point said between two of them as a dot."""
    out = ""
    for n, t in enumerate(window):
        if _version_point(window, n):
            out = out.rstrip() + "."
            continue
        part = _in_digits(t)
        out += part if out.endswith(".") else (" " + part if out else part)
    return out


def _in_digits(t: Token) -> str:
    """A number word as its digits (the later words of a compound number are empty), "б" as "b"; else the canon."""
    if t.used == "number":
        return ""
    if t.word_number and t.number and t.number == int(t.number):
        return str(int(t.number))
    return "b" if t.low in ("б", "бэ") else t.canon


_SIZE = re.compile(r"^(\d+(?:[.,]\d+)?)(?:b|б|bn)$")
_VERSION = re.compile(r"^(?:v?\d+(?:[.,]\d+)?|[rv]\d(?:\.\d)?|coder|instruct|distill|it)$")
_ACTIVE = re.compile(r"^[aа]\d+(?:[.,]\d+)?[bб]$")  # "a3b", "а22б": a MoE's active size, part of its name


@lru_cache(maxsize=1)
def _name_words() -> set[str]:
    """Words of product names ("distill", "coder", "air", "scout"): they stand between a family and its size."""
    return {w for w in load_lexicon().name_words.values() if w.isalpha()} | {"coder", "instruct", "distill"}


@lru_cache(maxsize=64)
def _family_numbers(family: str, _cat_id: int) -> tuple[frozenset[float], frozenset[float]]:
    """(version numbers, nominal sizes) of a family's catalog models: llama -> ({3, 3.1, 3.2, 3.3, 4}, {1, 3, 8, 70, 405, ...})."""
    versions, sizes = set(), set()
    for m in catalog.load_catalog().models:
        if m.family != family and not m.id.startswith(family):
            continue
        v = re.match(rf"^{re.escape(family)}-?(\d+(?:\.\d+)?)(?![\d.]*b)", m.id)
        if v:
            versions.add(float(v.group(1)))
        sizes.add(_nominal(m))
    return frozenset(versions), frozenset(sizes)


def _bare_size(tokens: list[Token], i: int, k: int) -> bool:
    """"лама 70", "квен 32": a bare number right after a family is its size when it is one of the family's
    sizes and none of its versions ("лама 3" stays the version), and no unit word follows it."""
    t = tokens[k]
    if t.number is None or not t.word_number and not re.fullmatch(r"\d+(?:[.,]\d+)?", t.low):
        return False
    # "лламу семьдесят", "ламу восемь" (nineteenth pass: one-digit words too): a size in words right after the family,
    # not the start of a compound number; "лама три" stays the version (3 is one of llama's versions)
    if t.word_number and (k != i + 1 or k + 1 < len(tokens) and tokens[k + 1].word_number):
        return False
    versions, sizes = _family_numbers(tokens[i].canon, id(catalog.load_catalog()))
    nxt = tokens[k + 1] if k + 1 < len(tokens) else None
    # a word of the task after the size is no unit of it ("ламу семьдесят лорой", "llama 70 lora")
    return t.number in sizes and t.number not in versions and (nxt is None or nxt.concept in _TASK_AFTER_SIZE)


_TASK_AFTER_SIZE = {None, "lora", "qlora", "finetune", "train", "inference"}


def _size_after(tokens: list[Token], i: int) -> tuple[float, int, list[str]] | None:
    """(size in billions, end token, version words) of "family [version words] size": "лама 3.1 8б",
    "дипсик р1 дистил 14б", "лламу 70 б", "квен тридцать два б", "qwen 30b a3b"."""
    version: list[str] = []
    k = i
    while k + 1 < min(len(tokens), i + 8):
        k += 1
        t = tokens[k]
        said = _version_said(tokens, i, k) if not version else None
        if said:  # "квен три тридцать два б", "лама три точка три семьдесят б": the version said in words
            version.append(said[0])
            k = said[1]
            continue
        m = _SIZE.match(t.canon)
        size, end = (float(m.group(1).replace(",", ".")), k + 1) if m else (None, k)
        n = next_word(tokens, k)
        if size is None and t.number is not None and n < len(tokens) and (
                tokens[n].concept == "billion" or tokens[n].low in ("b", "б", "bn", "бэ")):  # "двадцать бэ": said aloud
            size, end = t.number, n + 1
        if size is None and _bare_size(tokens, i, k):
            size, end = t.number, k + 1
        if size is not None:
            if end < len(tokens) and _ACTIVE.match(tokens[end].low):
                end += 1
            return size, end, version
        if (_VERSION.match(_said(t)) or t.canon in _name_words()) and not t.word_number:
            version.append(_said(t))
            continue
        if not version and _line_word(t):  # "Mistral Nemo 12B": a line the catalog lacks, named back, never Mistral 7B
            version.append(t.low)
            continue
        if "distill" in version and t.canon in load_lexicon().families:  # "дипсик дистилл лама 8б": the base's family
            version.append(t.canon)
            continue
        if "distill" in version and t.low in ("на", "on", "of") and k + 1 < len(tokens) and \
                tokens[k + 1].canon in load_lexicon().families:
            continue  # forty-eighth pass: "дипсик дистилл на лламе 8б", "deepseek distill on qwen 14b": the base after it
        if t.low in _SIZE_PREPOSITIONS and k + 1 < len(tokens) and (_SIZE.match(tokens[k + 1].canon) or version and (
                tokens[k + 1].number is not None and (w := next_word(tokens, k + 1)) < len(tokens) and
                tokens[w].concept == "billion")):  # fortieth pass: "квена 2.5 на 72 миллиарда", "гемму 3 на 12 миллиардов"
            continue  # "дипсик дистил на 32б", "deepseek distill for 14b": the size after a preposition is still its size
        if t.low in ("на", "for") and k + 1 < len(tokens) and not tokens[k + 1].word_number and _bare_size(tokens, i, k + 1) \
                and not (k + 2 < len(tokens) and tokens[k + 2].has_digit):  # "дипсик v3 на 8 H200": the cards counted
            continue  # fifty-fourth pass: "гемма на 27", "квен на 32 в q4": one of the family's sizes, no unit after it
        return None
    return None


_NOT_LINE = {"with", "and", "the", "for", "from", "model", "models", "please", "can", "run", "use", "via", "base",
             "instruct", "chat", "version", "llm"}


_TWO_LETTER_LINES = {"vl"}  # fifty-fifth pass: a vision line ("qwen vl 7b"); "ai", "hf", "on" name none


def _line_word(t: Token) -> bool:
    """A Latin word naming a family's line that the lexicon does not know ("Mistral Nemo 12B"): one, between family
    and size. Cyrillic words are left out: a misspelt family ("на олламе квен 14б") would pass for one."""
    return not (t.used or t.concept is not None or t.has_digit or len(t.low) < 2 or t.low in _NOT_LINE or
                len(t.low) == 2 and t.low not in _TWO_LETTER_LINES or  # "qwen vl 7b" a line; "mistral ai 7b" none
                t.canon in load_lexicon().families) and bool(re.fullmatch(r"[a-z]+", t.low))


# Only before a size written with its "b" ("на 32б"): "на 4090", "в 4 бита" stay what they are
_SIZE_PREPOSITIONS = {"на", "for", "размером", "of"}


_POINT = {"точка", "point", "dot", "запятая"}


def _version_said(tokens: list[Token], i: int, k: int) -> tuple[str, int] | None:
    """(version, its last token) of a family's version said in number words right after the family name:
    "три" 3, "три точка три" 3.3, "two point five" 2.5, "два с половиной" 2.5; only a version the family has, and only when a
    number follows it (the size: "лама три" alone says nothing about which model)."""
    t = tokens[k]
    if not (t.word_number and t.number and t.number * 2 == int(t.number * 2) and t.number < 10) or t.used:
        return None
    value, last = f"{t.number:g}", k
    while t.number != int(t.number) and last + 1 < len(tokens) and tokens[last + 1].used == "number":
        last += 1  # "квен два с половиной семьдесят два б": 2.5, its words "с половиной" are the version's
    minor = tokens[k + 2].number if k + 2 < len(tokens) else None
    if minor is not None and tokens[k + 1].low in _POINT and tokens[k + 2].word_number and minor == int(minor) < 10:
        value, last = f"{value}.{int(minor)}", k + 2
    versions, _ = _family_numbers(tokens[i].canon, id(catalog.load_catalog()))
    nxt = tokens[k + 1] if k + 1 < len(tokens) else None
    if last == k and t.number == int(t.number) and nxt is not None and nxt.word_number and nxt.number is not None and \
            nxt.number == int(nxt.number) < 10 and float(f"{value}.{int(nxt.number)}") in versions and \
            k + 2 < len(tokens) and tokens[k + 2].number is not None:
        value, last = f"{value}.{int(nxt.number)}", k + 1  # "лламу три два три б": 3.2 said as two words, a size after
    n = last + 1
    while n < len(tokens) and n <= last + 2 and tokens[n].canon in _name_words() and not tokens[n].has_digit:
        n += 1  # "квен три кодер тридцать б": a product word between the version and the size
    if float(value) not in versions or n >= len(tokens) or tokens[n].number is None and \
            not _SIZE.match(tokens[n].canon):
        return None
    return value, last


def _extra_words(model_id: str, family: str, said: list[str]) -> int:
    """Name words of a candidate the customer did not say ("coder" in qwen3-coder-30b-a3b for "квен 30б")."""
    words = [w for w in re.split(r"[-.]", model_id) if w.isalpha() and len(w) >= 3 and w != family]
    return sum(1 for w in words if not any(w in s or s in w for s in said))


def _nominal(m) -> float:  # the size a model's name says ("qwen3-coder-30b-a3b" 30), else params rounded
    found = re.search(r"(?<![\d.])(\d+(?:\.\d+)?)b(?![a-z])", m.id)
    return float(found.group(1)) if found else float(round(m.params_b))


def _family_size(tokens: list[Token], used: set[int]) -> list[Hit]:
    families = load_lexicon().families
    models = catalog.load_catalog().models
    hits = []
    for t in tokens:
        glued = re.fullmatch(r"([a-z]+)(\d+(?:\.\d+)?)", t.canon)  # "ламу3.1" llama3.1: a family and its version
        if t.i in used or t.canon not in families and not (glued and glued.group(1) in families):
            continue
        found = _size_after(tokens, t.i)
        before = _size_before(tokens, t.i, used) if not found else None
        if before is not None:  # nineteenth pass: "8b llama", "70b llama in q4", "8б ламу на 4090": the size said first
            after = tokens[t.i + 1] if t.i + 1 < len(tokens) and t.i + 1 not in used else None
            versioned = after is not None and re.fullmatch(r"\d+\.\d+", after.low) is not None  # "8б лламу 3.1"
            found = (before, t.i + 1 + versioned, [after.low] if after is not None and versioned else [])
        if not found or any(k in used for k in range(t.i, found[1])):
            continue
        size, end, version = found
        fam = t.canon if t.canon in families or glued is None else glued.group(1)
        version = [glued.group(2), *version] if glued is not None and fam != t.canon else version
        if t.i > 1 and tokens[t.i - 1].low in ("на", "on", "of") and tokens[t.i - 2].canon == "distill":
            continue  # forty-eighth pass: "дипсик дистилл на лламе 8б": the base of the distill named from its maker
        if t.i > 0 and tokens[t.i - 1].canon == "distill" and "distill" not in version:
            version = ["distill", *version]  # "дистилл квен 32б": a distill on that base ("модель дистилл квен 32б")
        cands = [m for m in models if (m.family == fam or m.id.startswith(fam) or
                                       "distill" in version and f"distill-{fam}" in m.id) and
                 (abs(m.params_b - size) / size < 0.15 or _nominal(m) == size)]
        # fifty-fourth pass: "кодер от квена на 30", "the coder from qwen": the line's word said before its maker
        maker = t.i > 1 and tokens[t.i - 1].low in ("от", "from") and tokens[t.i - 2].canon in _name_words() and \
            t.i - 2 not in used
        if maker:
            version = [tokens[t.i - 2].canon, *version]
        numbers = [v for v in version if re.match(r"^v?\d", v)]
        words = [v for v in version if v not in numbers and v not in ("instruct", "it", "chat")]  # a tune, same model
        if numbers:  # "лама 3.1 8б": the version written right after the family
            prefix = normalise_name(fam + " ".join(numbers))
            cands = [m for m in cands if normalise_name(m.name).startswith(prefix) or m.id.startswith(fam + numbers[0])]
            # "гемма три четыре б": Gemma 3 4B, not Gemma 3n E4B (a letter glued to the version is another line)
            plain = [m for m in cands if normalise_name(m.name).startswith(prefix) and
                     not re.match(r"(?!p\d)[a-z]", normalise_name(m.name)[len(prefix):])]  # "p1": ".1", a minor version
            cands = plain if plain and not words else cands  # "квен три кодер тридцать б": the word said
            # fifty-fourth pass: "лама три семьдесят б" is Llama 3 70B as "лама 3 70б" is, not 3.3 (a minor version unsaid)
            whole = [m for m in cands if not re.match(r"p\d", normalise_name(m.name)[len(prefix):])]
            cands = whole or cands
        if words:  # "дипсик р1 дистил 14б": every name word said is in the name
            cands = [m for m in cands if all(w in normalise_name(m.name) or w in m.id for w in words)]
        exact = [m for m in cands if _nominal(m) == size]  # "qwen 32b" is Qwen3 32B, not Qwen3-Coder 30B
        cands = exact or cands
        if not any(re.search(r"[a-z]", v) for v in numbers):
            # "гемма 4б" is Gemma 3 4B: a line with a letter glued to its version or size ("gemma-3n-e4b") is said so
            cands = [m for m in cands if not re.search(r"-\d+(?!b)[a-z]-|-[a-z]\d+b$", m.id)] or cands
        if cands:  # "квен 30б": Qwen3 30B-A3B, not Qwen3-Coder 30B-A3B (no "coder" was said)
            fewest = min(_extra_words(m.id, fam, words) for m in cands)
            cands = [m for m in cands if _extra_words(m.id, fam, words) == fewest]
        default = indexes()["model"].get(normalise_name(fam))  # "дипсик 671b": the family's own default
        pick = default if default in {m.id for m in cands} else (cands[-1].id if cands else None)
        start = t.i - 1 if t.i > 0 and (tokens[t.i - 1].canon == "distill" and "distill" in version or
                                        before is not None) else t.i - 2 if maker else t.i
        if before is not None and (b := _BILLIONS.fullmatch(tokens[t.i - 1].low)) and not b.group(1):
            start -= 1  # "70 миллиардная лама": the number said before the adjective is the name's too
        hits.append(Hit("model", pick, start, end) if pick else
                    Hit("unknown", " ".join(x.text for x in tokens[t.i:end]), t.i, end))
    return hits


def _size_before(tokens: list[Token], i: int, used: set[int]) -> float | None:
    """A size written glued to its "b" right before the family, the family with no size after it ("8b llama")."""
    if i == 0 or i - 1 in used or tokens[i - 1].used:
        return None
    m = _SIZE.match(tokens[i - 1].canon)
    return float(m.group(1).replace(",", ".")) if m else _billions_word(tokens, i - 1)


_BILLIONS = re.compile(r"(\w*?)-?миллиардн\w*")


def _billions_word(tokens: list[Token], k: int) -> float | None:
    """"восьмимиллиардную лламу", "семидесяти миллиардная лама", "70-миллиардная": a size said as an adjective
    (voice typing), the number glued to it or said right before it (thirty-fifth pass)."""
    m = _BILLIONS.fullmatch(tokens[k].low)
    if not m:
        return None
    if m.group(1):
        return _number_stem(m.group(1))
    before = tokens[k - 1] if k > 0 else None
    return float(before.number) if before is not None and before.number and not before.used else None


def _number_stem(stem: str) -> float | None:
    """"восьми" 8, "семидесяти" 70, "тридцатидвух" 32: one or two number words glued (the genitive of a compound)."""
    nums = load_lexicon().numbers
    if stem.isdigit():
        return float(stem)
    if stem in nums:
        return nums[stem]
    return next((nums[stem[:n]] + nums[stem[n:]] for n in range(3, len(stem) - 2)
                 if stem[:n] in nums and stem[n:] in nums and nums[stem[:n]] >= 20 and nums[stem[n:]] < 10), None)


def _unknown(text: str, tokens: list[Token], used: set[int]) -> list[Hit]:
    idx, hits = indexes(), []
    for pattern in (GPU_NAME, model_name_pattern()):
        for m in pattern.finditer(text):
            inside = [t for t in tokens if t.start >= m.start() and t.end <= m.end()]
            if not inside or any(t.i in used for t in inside):
                continue
            name = " ".join(m.group(0).split())
            if any(normalise_name(name) in idx[k] for k in idx):
                continue
            hits.append(Hit("unknown", name, inside[0].i, inside[-1].i + 1, card=pattern is GPU_NAME))
            used.update(t.i for t in inside)
    return hits


# a GeForce model number said without "RTX" ("3080", "4060ти", "2080 super"): a card, known or not
_GEFORCE = re.compile(r"^(?:rtx|gtx)?[1-5]0[5-9]0(?:ti|super)?$")
_GEFORCE_TAIL = {"ti", "ти", "super", "супер", "s", "d"}  # "4090 D": China's cut-down 4090, a card the catalog lacks
_NOT_A_CARD = {"rub", "usd", "eur", "hour", "day", "week", "month", "token", "context", "user", "request", "billion"}


def _bare_cards(tokens: list[Token], used: set[int]) -> list[Hit]:
    """Card numbers the catalog lacks, with their "ti/super" words: unknown products, never a count."""
    hits = []
    for t in tokens:
        if t.i in used or not _GEFORCE.match(t.canon) or t.number is not None and t.i + 1 < len(tokens) and \
                tokens[t.i + 1].concept in _NOT_A_CARD or t.i > 0 and tokens[t.i - 1].concept in ("rub", "usd", "eur"):
            continue
        j = t.i + 1
        while j < len(tokens) and j not in used and tokens[j].low in _GEFORCE_TAIL:
            j += 1
        hits.append(Hit("unknown", " ".join(x.text for x in tokens[t.i:j]), t.i, j, card=True))
        used.update(range(t.i, j))
    return hits


def find_names(text: str, tokens: list[Token]) -> list[Hit]:
    hits = _exact(tokens)
    used = {k for h in hits for k in range(h.i, h.j)}
    more = _family_size(tokens, used)
    used |= {k for h in more for k in range(h.i, h.j)}
    hits += more + _unknown(text, tokens, used)
    used |= {k for h in hits for k in range(h.i, h.j)}
    hits += _bare_cards(tokens, used)
    return sorted(_other_line(_other_variant(hits, tokens), tokens), key=lambda h: h.i)




def _other_variant(hits: list[Hit], tokens: list[Token]) -> list[Hit]:
    """"3090ти", "3090 ti", "4080 super": a variant the catalog lacks is another card (its memory and speed
    differ), an unknown product, never the base card it was matched on (thirty-fifth pass). Seventy-fourth pass: with
    the 4070 line in the catalog, every variant word said ("4070ти супер", "4070S", "4070 Ti S", "4070 тишка") picks
    the card that has them all; a laptop's card ("4070 mobile") is another card."""
    out = []
    for h in hits:
        if h.kind != "gpu":
            out.append(h)
            continue
        words = _variant_words(tokens, h)
        tail = h.j
        while tail < len(tokens) and _TAIL_WORD.get(tokens[tail].low) and tail - h.j < 2:
            tail += 1
        parts = h.id.split("-")
        number = re.match(r"^rtx-(\d{4})(?:-|$)", h.id)
        if "s" in words:  # a glued "s" is the Super where one exists and no count stands before it, else a plural
            words.discard("s")
            plural = h.i > 0 and tokens[h.i - 1].number is not None or not number or \
                f"rtx-{number.group(1)}" + "-ti" * ("ti" in words) + "-super" not in {g.id for g in catalog.load_catalog().gpus}
            if not plural:
                words.add("super")
        if not words or words <= set(parts):
            out.append(h)
            continue
        wanted = f"rtx-{number.group(1)}" + "".join(f"-{w}" for w in ("ti", "super") if w in words) if number else None
        if wanted and not words & {"mobile", "d"} and wanted in {g.id for g in catalog.load_catalog().gpus}:
            out.append(Hit("gpu", wanted, h.i, tail))  # "4070ти супер": the catalog's 4070 Ti Super
            continue
        out.append(Hit("unknown", " ".join(t.text for t in tokens[h.i:tail]), h.i, tail, card=True))
    return out


# a GeForce variant's words, glued on or after the number ("4070ти", "4070S", "4070 ti s", "4070 суперка", "тишка")
_TAIL_WORD = {"ti": "ti", "ти": "ti", "тишка": "ti", "тишку": "ti", "tiшка": "ti", "super": "super", "супер": "super",
              "суперка": "super", "суперку": "super", "supers": "super", "супера": "super", "суперы": "super", "суперов": "super",
              "суперами": "super", "суперах": "super", "tis": "ti super", "тис": "ti super", "s": "super", "d": "d",
              "mobile": "mobile", "laptop": "mobile", "ноутбучная": "mobile", "ноутбучную": "mobile", "мобильная": "mobile",
              "мобильную": "mobile", "max-q": "mobile"}


def _variant_words(tokens: list[Token], h: Hit) -> set[str]:
    words: set[str] = set()
    if h.i > 0 and tokens[h.i - 1].low in ("тишка", "тишку", "тишкой"):
        words.add("ti")  # "у меня тишка 4070": the Ti said first, in slang
    for k in range(h.i, min(len(tokens), h.j + 2)):
        low = tokens[k].low
        if k >= h.j and not _TAIL_WORD.get(low):
            break  # the words after the name, while they are a variant's
        if (m := re.match(r"^(?:rtx)?\d{4}(ti|ти|super|супер|s|d)$", low)):
            words.add("s" if m.group(1) == "s" else _TAIL_WORD[m.group(1)])  # "4070S" or "two 4090s": weighed below
        elif low in _TAIL_WORD and not (low in ("s", "d") and k < h.j and k == h.i):
            words.update(_TAIL_WORD[low].split())
    return words  # ("4090 D": China's cut-down card, "d", no catalog card)


def _other_line(hits: list[Hit], tokens: list[Token]) -> list[Hit]:
    """A server line's bare word with another card after it ("DGX B200", "dgx h200") is a line the catalog lacks:
    named back as an unknown product (the card is still read), never mapped onto the line that has that word
    ("DGX" alone and "DGX H100" stay dgx-h100)."""
    out = list(hits)
    for h in hits:
        if h.kind != "server" or h.j - h.i != 1:
            continue
        card = next((g for g in hits if g.kind == "gpu" and g.i == h.j), None)
        servers = {s.id: s for s in catalog.load_catalog().servers}
        line = servers.get(h.id)
        if card is None or line is None or any(card.id == g for g in _line_cards(line)):
            continue
        out.remove(h)
        out.append(Hit("unknown", " ".join(t.text for t in tokens[h.i:card.j]), h.i, h.j))
    return out


def _line_cards(line) -> set[str]:
    """The card ids a server line is built on (`gpu_ids` in servers.yaml)."""
    return set(getattr(line, "gpu_ids", None) or [])

