"""Before reading: filler words taken out and one-letter typos of known words put right, offsets kept.

Fifteenth pass (issue 11, robustness): the perturbation check (bench/perturb.py) showed that a filler word ("ну",
"короче", "типа", "like", "please") and a single typo in an ordinary word ("сколько" -> "сколько", "контекст" ->
"контекс") cost far more than they should: cue words are matched exactly. Rather than loosen every rule, the message
is cleaned once and read as before; `restore` maps every span back onto the customer's own text, so what is named
back is what they wrote.

- fillers: "ну", "короче", "слушайте/слушай", "so", "well", "ok so" opening the message or a clause (after ",.!?"),
  "please/pls/плиз" anywhere, "типа" unless it is the noun ("какого типа", "этого типа": after an adjective or
  pronoun), "like" unless it is the verb or "such as" ("I'd like", "would like", "looks like", "models like",
  "something like 50": kept).
- typos: a word of 5+ letters that is no dictionary word (pymorphy3) and not in the vocabulary is replaced by the one
  vocabulary word one edit away (a letter changed, doubled, dropped, added or two swapped), where there is exactly one;
  the vocabulary is the lexicon, the catalog's names and the words of the labelled training turns seen twice or more
  (stored with the intent weights, `intent_model.npz` "vocab"); a word those turns wrote once ("seen") is known and left
  as it is. A changed letter must be a keyboard neighbour. Never a word with a digit, never a short word. English
  has no dictionary here, so an English word the vocabulary lacks that is one edit from one it has can be misread
  ("contact" was read "contract" before "seen" kept it): the known risk of this stage.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from assistant.reading.spoken import rewrites
from assistant.reading.words import is_dictionary_word, morph
from tools.text import EN_WORDS

if TYPE_CHECKING:
    from assistant.reading import Reading

_WORDS = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
_OPENING = {"ну", "короче", "слушайте", "слушай", "типа", "вот", "so", "well", "like"}  # "ну вот а по жору…" (fresh58)
_ANYWHERE = {"please", "pls", "plz", "плиз", "пожалуйста"}
_LIKE_KEEP_BEFORE = {"would", "'d", "i'd", "we'd", "you'd", "i", "we", "you", "they", "looks", "look", "looked",
                     "something", "anything", "models", "model", "cards", "card", "gpus", "things", "feel", "feels",
                     "don't", "dont", "do", "did", "be", "is", "are", "seems", "sounds", "just", "more", "stuff"}
_LIKE_KEEP_AFTER = {"to", "this", "that", "it", "them", "these", "those"}


@lru_cache(maxsize=1)
def _seen() -> frozenset[str]:
    """Words the training turns wrote once: known, never corrected, but no target of a correction either."""
    import numpy as np

    from assistant.reading.classifier import MODEL_PATH

    if not MODEL_PATH.exists():
        return frozenset()
    with np.load(MODEL_PATH) as z:
        return frozenset(str(w) for w in z["seen"]) if "seen" in z.files else frozenset()


@lru_cache(maxsize=1)
def vocabulary() -> frozenset[str]:
    """Words the reader knows: the lexicon, the catalog's names and the training turns' words (2+ times)."""
    import numpy as np
    import yaml

    from assistant.reading.classifier import MODEL_PATH
    from tools.paths import CATALOG_DIR

    words: set[str] = set()

    def walk(x) -> None:
        if isinstance(x, str):
            words.update(w.lower() for w in _WORDS.findall(x))
        elif isinstance(x, dict):
            for k, v in x.items():
                walk(k)
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    for name in ("lexicon", "models", "gpus", "servers", "platforms"):
        path = CATALOG_DIR / f"{name}.yaml"
        if path.exists():
            walk(yaml.safe_load(path.read_text(encoding="utf-8")))
    if MODEL_PATH.exists():
        with np.load(MODEL_PATH) as z:
            if "vocab" in z.files:
                words.update(str(w) for w in z["vocab"])
    return frozenset(w for w in words if len(w) >= 4)


_RU = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
_EN = "abcdefghijklmnopqrstuvwxyz"


def _edits(w: str) -> set[str]:
    """The words one typing slip away from the typo `w`, its first letter kept (a slip at the start is rare, and
    "gain"/"again", "till"/"still" are different words): a letter typed for a neighbour, two letters swapped, a
    letter left out, or an extra letter that doubles one beside it or is a key next to one (only then: "колабе" is no
    slip of "колбе")."""
    letters = _RU if re.search(r"[а-яё]", w) else _EN
    splits = [(w[:k], w[k:]) for k in range(1, len(w) + 1)]
    out = {a + b[1:] for a, b in splits if b and _extra(a[-1], b[0], b[1:2])}
    out |= {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    out |= {a + c + b[1:] for a, b in splits if b for c in letters}
    out |= {a + c + b for a, b in splits for c in letters}
    out.discard(w)
    return out


def _extra(before: str, ch: str, after: str) -> bool:
    """`ch` typed by a slip between `before` and `after`: a double of one, or a key next to one."""
    return ch in (before, after) or bool(set(_neighbours(ch)) & {before, after})


def _named(low: str) -> bool:
    """A word the reader's own patterns name ("олламе", "вллм"): known, whatever the vocabulary says."""
    from assistant.reading import _CPU_NAME
    from assistant.reading.choices import _RUNTIMES

    # thirty-sixth pass: "ксеонах" was put right to "ксенонах" (a xenon lamp), and the two sockets were lost
    return any(p.fullmatch(low) for _, p in _RUNTIMES) or bool(_CPU_NAME.match(low))


def _near(typo: str, word: str) -> bool:
    """A letter changed counts only where the two are keyboard neighbours ("rpice"/"price" no, "prlce" yes): a
    changed letter far away on the keyboard is more often another word ("spend"/"speed")."""
    if len(typo) != len(word) or sorted(typo) == sorted(word):
        return True
    k = next(i for i, (a, b) in enumerate(zip(typo, word)) if a != b)
    return typo[k] in _neighbours(word[k])


def _sounds_like(typo: str, word: str) -> bool:
    """Nineteenth pass: one unstressed Russian vowel written as it sounds ("васемь", "сорак", "читырнадцать")."""
    if len(typo) != len(word):
        return False
    diff = [(a, b) for a, b in zip(typo, word) if a != b]
    return len(diff) == 1 and diff[0] in _SOUNDS_ALIKE


_SOUNDS_ALIKE = {("а", "о"), ("о", "а"), ("и", "е"), ("е", "и"), ("я", "е"), ("е", "я"), ("а", "я"), ("я", "а")}


def _neighbours(ch: str) -> str:
    for row in ("йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю", "qwertyuiop", "asdfghjkl", "zxcvbnm"):
        k = row.find(ch)
        if k >= 0:
            return row[max(k - 1, 0):k] + row[k + 1:k + 2]
    return ""


@lru_cache(maxsize=20000)
def corrected(low: str) -> str | None:
    """The one vocabulary word of 5+ letters a typo (4+ letters, 5+ in English) stands for, or None; for a Russian typo of 5+ letters
    with none in the vocabulary, the one dictionary word."""
    if len(low) < 4 or not re.fullmatch(r"[a-zа-яё]+", low) or len(low) < 5 and re.fullmatch(r"[a-z]+", low):
        return None  # an English word of 4 letters may be one the vocabulary lacks ("plan" is no slip of "plain")
    vocab = vocabulary()
    if low in vocab or low.replace("ё", "е") in vocab or low in _seen() or is_dictionary_word(low) or _named(low):
        return None
    if re.fullmatch(r"[a-z]+", low) and any(low.endswith(x) and low[:-len(x)] in vocab for x in ("s", "es", "ed", "ing", "ly")):
        return None  # an English word form of a known word
    edits = [e for e in _edits(low) if len(e) >= 5 and _near(low, e)]
    hits = {e for e in edits if e in vocab}
    if not hits and re.search(r"[а-яё]", low) and len(low) >= 5:  # Russian: any dictionary word, if only one
        hits = {e for e in edits if is_dictionary_word(e)}
    if not hits and re.search(r"[а-яё]", low):  # a number word spelled as it sounds: number words only ("колабе" stays)
        from tools.lexicon import load_lexicon

        numbers = load_lexicon().numbers
        hits = {e for e in _edits(low) if e in numbers and _sounds_like(low, e)}
    if len(hits) > 1 and low + "ь" in hits:  # "двадцат": the soft sign left off the end, not another ending
        return low + "ь"
    return hits.pop() if len(hits) == 1 else None


_TWO_TO_FOUR = {"два", "три", "четыре", "оба", "полтора"}


def _noun_type(prev: str) -> bool:
    """"какого типа", "этого типа", "нового типа", "два типа": 'типа' is the noun after an adjective or pronoun, and
    after a numeral only where the noun would agree with it (два/три/четыре/оба/полтора типа); "на двух типа h100",
    "одна типа h200", "восемь типа" say it as a filler."""
    parses = morph().parse(prev)[:2]
    if any("NUMR" in str(p.tag) for p in parses) or prev in {"одна", "одной", "одну", "один", "одного", "две"}:
        return prev in _TWO_TO_FOUR
    return any(t in str(p.tag) for p in parses for t in ("ADJF", "Apro", "NPRO", "PRTF"))


# Russian typed in Latin letters ("skolko nuzhno videopamyati dlya qwen3 14b", "kakoi noutbuk vzyat do 200 tysyach
# rublei"): the common spellings, longest first; a word is read in Cyrillic only where one of its spellings is a
# dictionary word, and only in a message most of whose Latin words are (an English message is left as it is)
_TRANSLIT = sorted({"shch": "щ", "sch": "щ", "zh": "ж", "kh": "х", "ch": "ч", "sh": "ш", "ts": "ц", "yu": "ю", "ju": "ю",
                    "ya": "я", "ja": "я", "yo": "ё", "jo": "ё", "ye": "е", "a": "а", "b": "б", "v": "в", "g": "г", "d": "д",
                    "e": "е", "z": "з", "i": "и", "j": "й", "k": "к", "l": "л", "m": "м", "n": "н", "o": "о", "p": "п",
                    "r": "р", "s": "с", "t": "т", "u": "у", "f": "ф", "h": "х", "c": "ц", "y": "ы", "w": "в", "x": "кс",
                    "q": "к", "'": "ь"}.items(), key=lambda kv: -len(kv[0]))
_VOWELS_RU = set("аеёиоуыэюя")


def _cyrillic(word: str) -> str:
    out, i = "", 0
    while i < len(word):
        for lat, cyr in _TRANSLIT:
            if word.startswith(lat, i):
                out, i = out + cyr, i + len(lat)
                break
        else:
            out, i = out + word[i], i + 1
    # "kakoi" -> "какой", "rublei" -> "рублей", "reise" -> "рейсе": и after a vowel, before a consonant or at the end
    return re.sub(r"(?<=[аеёиоуыэюя])и(?![аеёиоуыэюя])", "й", out)


def _spellings(word: str) -> list[str]:
    """The Cyrillic word and its likely variants: a soft sign the Latin spelling drops ("tolko", "model", "vzyat"),
    э for a first e ("eto"), ы and й for y."""
    base = _cyrillic(word.lower())
    out = [base]
    soft = [k + 1 for k, ch in enumerate(base[:-1]) if ch in "лтнсдзрм" and base[k + 1] not in _VOWELS_RU] + \
        ([len(base)] if base[-1:] in list("лтнсдзрм") else [])
    out += [base[:k] + "ь" + base[k:] for k in soft]
    if base.startswith("е"):
        out.append("э" + base[1:])
    return out


# words of the trade the dictionary lacks, read in Cyrillic as well ("tokenov" токенов, "vidyuha" видюха)
_TRADE_WORDS = frozenset({"токен", "токена", "токенов", "токены", "токенах", "видюха", "видюху", "видюхи", "видюхе",
                          "видюх", "видюхой", "видеокарту", "видяха", "видяху", "видяхи", "нейронка", "нейронку",
                          "нейронки", "файнтюн", "квантизация", "оперативы", "оперативки", "оперативку"})


@lru_cache(maxsize=4096)
def _russian_spelling(word: str) -> str | None:
    return next((w for w in _spellings(word) if is_dictionary_word(w) or w in _TRADE_WORDS), None)


def transliterated(text: str, words: list) -> dict[tuple[int, int], str]:
    """Fifty-second pass: the Latin words of a message written in Russian transliteration, in Cyrillic."""
    if any(m.group().lower() in _ENGLISH for m in words):
        return {}  # "I have a 4090 and want to run …": English ("and", "want", "run" are Russian words in Cyrillic too)
    latin = [m for m in words if m.group().isascii() and not _known_latin(m.group().lower()) and
             not (m.end() < len(text) and text[m.end()].isdigit()) and not (m.start() and text[m.start() - 1].isdigit())]
    found = {(m.start(), m.end()): _russian_spelling(m.group().lower()) for m in latin}  # never "q4", "14b" glued
    counted = [m for m in latin if len(m.group()) >= 3]
    hits = [m for m in counted if found[(m.start(), m.end())]]
    if len(hits) < 3 or len(hits) < 0.6 * len(counted):
        return {}
    return {span: w for span, w in found.items() if w}


# the English words of tools.text, less those Russian in Latin letters writes too ("a", "i", "to", "on", "no", "do",
# "by", "more": а, и, то, он, но, до, бы, море), with more of a chat's
_ENGLISH = (EN_WORDS - {"a", "i", "to", "on", "no", "do", "by", "more"}) | {
    "have", "has", "my", "our", "here", "like", "all", "now", "just", "get", "got", "any", "some", "not", "wise", "thank",
    "lol", "were", "them", "there", "i'm", "it's", "that's", "what's", "don't", "hey", "ok", "okay"}


# fifty-third pass: "--max-model-len 8192", "n_ctx = 8192", "num_ctx 4096" (vLLM, llama.cpp, Ollama): the context,
# not "max" of a budget
_CONTEXT_KEY = re.compile(r"(?<![\w-])(?:-c(?=\s+\d{3,6}\b)|"  # fifty-seventh pass: llama.cpp's "-c 32768" on a launch line
                          r"(?:--)?(?:max[-_]model[-_]len|max[-_]seq[-_]len|n[-_]ctx|num[-_]ctx|ctx[-_]size|"
                          r"context[-_]length|"
                          # sixty-first pass: a trainer's "seq len 2048", "sequence length 4096", "seq_len=1024", the
                          # value right after it (not an error's "max seq len (40960) is larger than ...")
                          r"(?:max[-_ ])?seq(?:uence)?[-_ ]?len(?:gth)?(?=\s*[=:]?\s*\d)|"
                          r"seq(?=\s*[=:]?\s*\d{3,6}\b)))\b", re.I)  # sixty-seventh pass: "batch 2, seq 4096"


_CENTS_GLUED = re.compile(r"(?<=\d)c(?=\s+(?:a|per|/)\s*kwh\b)", re.I)  # sixty-first pass: "35c a kWh"
_RUB_DOT = re.compile(r"(?<=\d )(руб|р)\.(?=\s*\d{1,2}\s*коп)|(?<=\d )(коп)\.(?=\s*(?:за|/|per)\s)", re.I)
# fifty-seventh pass: a sum's abbreviated unit with the sentence going on in lower case ("32 млн руб. или арендовать по
# 2 500 руб. за карту в час"): the dot abbreviates, it ends nothing (the price per hour had lost its hour)
_ONE_OCLOCK = re.compile(r"\b[сc]\s+(часу)(?=\s+(?:ночи\s+|дня\s+)?до\s)", re.I)
_UNIT_DOT = re.compile(r"(?<=\d )(?:(?:тыс|млн|млрд)\.?\s)?(руб|р|долл|коп)\.(?=[ \t]+[а-яё])")  # money's own units only


def _known_latin(low: str) -> bool:
    """Names and units the reader takes in Latin letters (qwen, llama, gb, rtx, ...): never transliterated."""
    return low in _latin_vocabulary()


@lru_cache(maxsize=1)
def _latin_vocabulary() -> frozenset[str]:
    from tools.lexicon import load_lexicon

    lex = load_lexicon()
    words = {w for w in (*lex.name_words, *lex.families, *lex.cue_index()) if w.isascii()}
    return frozenset(words | {"gb", "tb", "rtx", "gpu", "gpus", "ram", "vram", "fp16", "bf16", "int8", "int4", "lora",
                              "qlora", "llm", "ai", "api", "cpu", "psu", "ti", "super", "ada", "pro", "max",
                              "gpt", "oss"})  # seventieth pass: "gpt oss 20b" inside "skolko tokenov v sek vydast …"


# fifty-seventh pass: a server named by its count of cards ("восьмикарточный", "4-карточный", "двухгпушный")
_BOX_COUNT = {"двух": "2", "трёх": "3", "трех": "3", "четырёх": "4", "четырех": "4", "шести": "6", "восьми": "8",
              "десяти": "10"}
_CARDS_IN_A_BOX = re.compile(r"\b(\d{1,2}|двух|тр[её]х|четыр[её]х|шести|восьми|десяти)[- ]?(?:х[- ]?)?(?:карточн|гпушн|гпу-?шн)\w*",
                             re.I)


def normalise(text: str) -> tuple[str, list[int]]:
    """The cleaned text, and for each of its characters (and its end) the offset in `text`."""
    words = list(_WORDS.finditer(text))
    cut: list[tuple[int, int]] = []  # character ranges taken out
    swap: dict[tuple[int, int], str] = {}  # ranges replaced
    for k, m in enumerate(words):
        low = m.group().lower()
        before = text[:m.start()].rstrip()
        opens = not before or before[-1] in ",.!?;:"
        if cut and cut[-1][1] >= m.start():  # "ну вот …": after an opening filler cut, the next word opens too
            ahead = text[:cut[-1][0]].rstrip()
            opens = opens or not ahead or ahead[-1] in ",.!?;:"
        prev = words[k - 1].group().lower() if k and text[words[k - 1].end():m.start()].strip() == "" else ""
        nxt = words[k + 1].group().lower() if k + 1 < len(words) else ""
        rest = text[m.end():].strip()
        filler = (low in _OPENING and opens and rest and not (low == "so" and nxt in {"far", "much", "many", "that"})
                  or low in _ANYWHERE and rest != "" or low in _ANYWHERE and before != ""
                  or low == "типа" and prev and not _noun_type(prev) and rest
                  or low == "like" and prev and prev not in _LIKE_KEEP_BEFORE and nxt not in _LIKE_KEEP_AFTER and rest)
        if filler:
            end = m.end()
            tail = re.match(r"\s*,?\s*", text[end:])
            end += tail.end() if tail else 0
            if not before:  # the opening word: the next one starts the message
                cut.append((m.start(), end))
            else:
                cut.append((m.start(), end if end == len(text) or not text[end - 1].isspace() else end))
            continue
        fix = corrected(low)
        if fix:
            if m.group()[:1].isupper():
                fix = fix[0].upper() + fix[1:]
            swap[(m.start(), m.end())] = fix
    swap.update(transliterated(text, words))
    for (a, b), written in rewrites(text).items():  # names said aloud (spoken.py); a word inside one is theirs
        for key in [k for k in swap if a <= k[0] < b]:
            del swap[key]
        cut = [c for c in cut if not a <= c[0] < b]
        swap[(a, b)] = written
    for m in _CONTEXT_KEY.finditer(text):  # a pasted launch line or config: the context's own key
        for key in [k for k in swap if m.start() <= k[0] < m.end()]:
            del swap[key]  # seventy-sixth pass: not "seq len" transliterated ("сек лен") in a Russian message
        swap[(m.start(), m.end())] = "context"
    for m in re.finditer(r"\b(budget|context|ctx)'s\b", text, re.I):  # "Budget's roughly 60 grand": the word and its verb
        swap[(m.start(), m.end())] = m.group(1) + " is"
    for m in _CARDS_IN_A_BOX.finditer(text):  # "восьмикарточный сервер": a server of eight cards ("8 gpu сервер")
        swap[(m.start(), m.end())] = f"{_BOX_COUNT.get(m.group(1).lower(), m.group(1))} gpu"
    for m in _CENTS_GLUED.finditer(text):
        swap[(m.start(), m.end())] = " cents"
    for m in _RUB_DOT.finditer(text):  # sixty-first pass: "6 руб. 40 коп.": the kopecks stay with their roubles
        swap[(m.start(), m.end())] = m.group(1) or m.group(2)
    for m in _ONE_OCLOCK.finditer(text):  # "с часу до семи": from one o'clock
        swap[(m.start(1), m.end(1))] = "одного"
    for m in _UNIT_DOT.finditer(text):
        if not any(a <= m.start() < b for a, b in swap):
            swap[(m.end() - 1, m.end())] = ""
    # "а две a5000 потянут? или лучше одна a6000?": an alternative asked on after a question mark is one question (fresh42)
    for q in re.finditer(r"\?(?=\s+(?:или|либо|or)\b)", text, re.I):
        swap[(q.start(), q.end())] = ","
    if not cut and not swap:
        return text, list(range(len(text) + 1))
    out: list[str] = []
    where: list[int] = []
    i = 0
    edits = sorted([(a, b, "") for a, b in cut] + [(a, b, s) for (a, b), s in swap.items()])
    for a, b, s in edits:
        if a < i:
            continue
        out.append(text[i:a])
        where += list(range(i, a))
        out.append(s)
        # the last character on the range's last: a span over the whole replacement covers what it replaced
        where += [min(a + j, b - 1) for j in range(len(s) - 1)] + ([b - 1] if s else [])
        i = b
    out.append(text[i:])
    where += list(range(i, len(text)))
    new = "".join(out)
    # squeeze the spaces a cut left ("a  b", " ,")
    squeezed: list[str] = []
    at: list[int] = []
    for ch, w in zip(new, where):
        if ch.isspace() and (not squeezed or squeezed[-1].isspace()):
            continue
        if ch in ",.!?" and squeezed and squeezed[-1].isspace():
            squeezed.pop()
            at.pop()
        squeezed.append(ch)
        at.append(w)
    while squeezed and (squeezed[-1].isspace() or squeezed[-1] == ","):
        squeezed.pop()
        at.pop()
    if squeezed and squeezed[0] in ",.":
        squeezed.pop(0)
        at.pop(0)
    at.append(len(text))
    return "".join(squeezed), at


def _moved(reading: "Reading", text: str, at) -> "Reading":
    from assistant.reading import Span

    def move(s: Span) -> Span:
        a, b = at(s.start, s.end)
        return Span(start=a, end=b, text=text[a:b])

    return reading.model_copy(update={
        "text": text, "spans": {k: [move(s) for s in group] for k, group in reading.spans.items()},
        "conflicts": {k: [move(s) for s in group] for k, group in reading.conflicts.items()},
        "unattached": [move(s) for s in reading.unattached]})


def back(reading: "Reading", text: str, where: list[int]) -> "Reading":
    """The reading of the cleaned text with its spans on the customer's `text` (`where` from `normalise`)."""
    return _moved(reading, text, lambda a, b: (where[a], where[max(b - 1, a)] + 1))


def forward(reading: "Reading", clean: str, where: list[int]) -> "Reading":
    """A reading with its spans on the cleaned text again (for what runs on words after reading: `context.carry`)."""
    def at(a: int, b: int) -> tuple[int, int]:
        i = next((k for k, w in enumerate(where) if w >= a), len(clean))
        j = max((k for k, w in enumerate(where[:-1]) if w < b), default=i)
        return i, max(j + 1, i)
    return _moved(reading, clean, at)
