"""From attachments to one value per slot: corrections win, contradictions are asked about.

"2 карты... а нет, поправка, 4 карты" and "8к, хотя нет, 16к": the value after a correction word wins.
"20 or 40 users", "2 или 3 карты", "20-30 человек", "12 GB and 24 GB cards": no value; the words go to
`conflicts` and the answer asks. Several models or several precisions named in one question
("phi 4 vs qwen3 14b", "fp16 and bf16") are a comparison, not a scenario: nothing is set. A value said outright
beats one a vague word only assumes ("квантованная, в 8 бит" is int8).
"""
from __future__ import annotations

import re

from assistant.reading.money import week_part
from assistant.reading.quantities import Attached
from assistant.reading.tokens import Token

_CORRECTION = re.compile(r"\b(?:нет|вру|поправка|точнее|вернее|хотя нет|то есть|ой|sorry|i mean|actually|"
                         r"correction|no wait|make that|scratch that|rather|"
                         # sixty-first pass: "2x 3060... wait no its one 3060" (not a filler "oops, forgot to mention",
                         # "сорян что сумбурно", nor "X, а не, как обычно, Y": a review of 41044af)
                         r"wait,? no|my bad|а,? не(?=,\s*$))\b", re.I)  # "две 3090, а не, три": right before the value
# nineteenth pass: a value denied and the one meant, in either order ("не в q4 а в q8", "в q8, а не в q4", "not 4 but 8")
NOT_THIS_BUT = r"^\s*,?\s*(?:а|but|but rather)\s*(?:в|на|at|in|on|все|всего|целых|аж|уже|all(?: of)?)?\s*$"
_NOT_THIS_BUT = re.compile(NOT_THIS_BUT, re.I)
NEGATED_BEFORE = r"(?:^|\s)(?:не|not)\s*(?:в|на|at|in|on)?\s*$"
_NEGATED_BEFORE = re.compile(NEGATED_BEFORE, re.I)
_BUT_NOT = re.compile(r"^\s*,?\s*(?:а не|(?:but )?not|и не)\s*(?:в|на|at|in|on)?\s*$", re.I)
# a value refused, then the one the customer will go to ("полтора ляма не дам, а вот 400 норм", "not paying 2M, but 1M is ok")
_REFUSED_BUT = re.compile(r"^\s*(?:(?:я|мы|i|we)\s+)?(?:не|not|can'?t|won'?t|cannot)\s+(?:\w+\s+){0,2}?\w+\s*(?:,\s*)?"
                          r"(?:(?:конечно|уж точно|точно|though|of course)\s*,?\s*)?(?:а|но|but)\s+(?:вот\s+)?$", re.I)
_INSTEAD_BEFORE = re.compile(r"(?:^|\s)(?:вместо|instead of|rather than)\s*(?:в|на|at|in|on)?\s*$", re.I)
_INSTEAD = re.compile(r"^\s*,?\s*(?:вместо|instead of|rather than)\s*(?:в|на|at|in|on)?\s*$", re.I)
_ALTERNATIVE = re.compile(r"^\s*(?:,?\s*(?:или|ну или|либо|то ли|or|to|до|-|–|—|and|и|/)\s*)$", re.I)


_IF_THERE_WERE = re.compile(r"(?:^|\s)(?:если|if)\s+(?:\w+\s+){0,2}?(?:будет|будут|станет|станут|were|had)\s*$", re.I)
_ALL = ("все", "всего", "целых", "аж", "all")  # as NOT_THIS_BUT allows


def meant_after_denied(items: list[Attached], tokens: list[Token]) -> list[Attached]:
    """Thirty-sixth pass: "одновременных не двести, а сто двадцать", "users not 200 but 120": the bare number after
    "не X, а" takes X's slot (the correction above then keeps it), when X is a plain quantity."""
    out = []
    for a in items:
        k = min(a.tokens)
        if not (k > 0 and tokens[k - 1].low in ("не", "not") and isinstance(a.value, (int, float))):
            continue
        j = max(a.tokens) + 1
        while j < len(tokens) and tokens[j].low in (",", "—", "-"):
            j += 1
        if j + 1 < len(tokens) and tokens[j].low in ("а", "but") and tokens[j + 1].low in _ALL and j + 2 < len(tokens):
            j += 1  # "не 30, а все 80", "not 30 but all of 80": the word before the meant number
        if j + 1 < len(tokens) and tokens[j].low in ("а", "but", *_ALL) and not tokens[j + 1].used and \
                (n := tokens[j + 1].number) is not None and (tokens[j + 1].word_number or tokens[j + 1].has_digit):
            out.append(Attached(a.slot, type(a.value)(n), [j + 1]))
    return out


_HEDGE = ("could", "be", "might", "maybe", "perhaps", "может", "возможно")


def offered_before(items: list[Attached], tokens: list[Token]) -> list[Attached]:
    """Thirty-sixth pass: "то ли 16, то ли 24 карточки", "16 или 24 h100": a bare number offered as the other value of
    the quantity right after it takes its slot, so that the two are asked about, not the last one taken."""
    out = []
    for a in items:
        k = min(a.tokens)
        if not isinstance(a.value, (int, float)) or a.slot in ("precision", "currency"):
            continue
        j = k - 1
        while j >= 0 and tokens[j].low in (",", "то", "ли", "или", "либо", "or", "and", "и", "to", "до", "-", "–", *_HEDGE):
            j -= 1
        between = j > 0 and tokens[j - 1].low in ("between", "между", "от", "from")  # "between 150 and 300 users"
        # seventy-third pass: "it could be 10, could be 15 people", "может 10, может 15 человек": the hedge said twice
        hedged = j > 0 and tokens[j - 1].low in _HEDGE and any(t.low in _HEDGE for t in tokens[j + 1:k])
        if 0 <= j < k - 1 and not tokens[j].used and (n := tokens[j].number) is not None and \
                (between or hedged or any(t.low in ("или", "либо", "or", "ли") for t in tokens[j + 1:k])):
            out.append(Attached(a.slot, type(a.value)(n), [j]))
    return out


# "а по моим прикидкам", "а по-моему", "but I reckon", "but realistically": the customer's own figure against another
_OWN_ESTIMATE = re.compile(r"^(?:\s*[^\W\d]+){0,2}\s*,?\s*(?:а|но|but)\s+(?:по\s+(?:моим|нашим)\s+(?:прикидкам|подсч[её]там|оценкам|расч[её]там)|"
                           r"по-моему|по-нашему|на (?:самом )?деле|реально|i (?:reckon|think|guess)|realistically|"
                           r"more like|in practice)\s*,?\s*$", re.I)


# thirty-ninth pass: "в паспорте две a5000, а в диспетчере устройств видно три": the same count as another source shows it
_SEEN_ELSEWHERE = re.compile(r"^(?:\s*\S+){0,2}\s*,?\s*(?:а|но|but)\s+(?:[^\W\d][\w-]*\s+){0,4}(?:видно|видны|видит|видим|"
                             r"показывает|показывают|определяется|определяются|отображается|отображаются|значится|написано|указано|прописано|"  # 40th
                             r"shows?|lists|reports|sees|detects)\s*$", re.I)


# sixty-first pass: "человек 20, нет, скорее 25", "15 concurrent users — scratch that, 20 —": the bare number after a
# correction is the same slot's, and the correction takes it (resolve)
_CORRECTED_TO = re.compile(r"^\s*[,—–-]*\s*(?:нет|no|scratch that|no wait|make (?:it|that)|or rather|точнее|вернее)"
                           r"(?:[\s,—–-]+(?:скорее|точнее|вернее|даже|rather|actually|more like|make (?:it|that)))?[\s,—–-]*$", re.I)


def corrected_after(items: list[Attached], tokens: list[Token], text: str) -> list[Attached]:
    """The bare number after a people or card count taken back ("нет, скорее 25", "не четыре, а шесть"), as another
    value of that slot; `resolve` then keeps it. Only where it ends its clause or carries the slot's own word."""
    taken = {k for a in items for k in a.tokens}
    out = []
    for a in items:
        if a.slot not in ("users", "gpu_count") or not isinstance(a.value, (int, float)):
            continue
        j = max(a.tokens) + 1
        while j < len(tokens) and not (tokens[j].has_digit or tokens[j].word_number) and j - max(a.tokens) <= 6:
            j += 1
        if j >= len(tokens) or j in taken or tokens[j].used or (n := tokens[j].number) is None or n != int(n):
            continue
        after = tokens[j + 1] if j + 1 < len(tokens) else None
        own_word = after is not None and (after.concept == "user" if a.slot == "users" else
                                          after.concept in ("gpu", "piece") or after.used == "gpu_name")
        ends = after is None or tokens[j].comma or tokens[j].closes_clause or not re.match(r"[\w%$€₽]", after.low)
        gap = text[tokens[max(a.tokens)].end:tokens[j].start]
        denied = _NOT_THIS_BUT.match(gap) and _NEGATED_BEFORE.search(text[max(0, tokens[min(a.tokens)].start - 12):
                                                                         tokens[min(a.tokens)].start])
        if (ends or own_word) and (_CORRECTED_TO.match(gap) or denied):  # "карт у них не четыре, а шесть"
            # (not "человек 20, нет, скорее 25% из них", "20 users, no, 25 seconds": a review of 72b0c33)
            out.append(Attached(a.slot, int(n), [j], concurrent=a.concurrent))
    return out


def offered_after(items: list[Attached], tokens: list[Token], text: str) -> list[Attached]:
    """Thirty-seventh pass: "в заявке написано 60 одновременных, а по моим прикидкам 40": the customer's own estimate
    after a quantity, a bare number, is another value of that slot, so the two are asked about."""
    out = []
    for a in items:
        if not isinstance(a.value, (int, float)) or a.slot in ("precision", "currency"):
            continue
        j = max(a.tokens) + 1
        while j < len(tokens) and (not tokens[j].has_digit and not tokens[j].word_number or tokens[j].used == "gpu_name") \
                and j - max(a.tokens) <= 7:
            j += 1  # past the card the count is of ("две a5000, а ... видно три")
        if j >= len(tokens) or tokens[j].used or (n := tokens[j].number) is None or \
                (j + 1 < len(tokens) and tokens[j + 1].concept is not None):
            continue
        gap = text[tokens[max(a.tokens)].end:tokens[j].start]
        # fifty-second pass: "пишут человек 30 40" voice-typed, the dash lost: a bare larger number right after is a range
        spoken_range = a.slot in ("users", "gpu_count") and gap == " " and j == max(a.tokens) + 1 and \
            not tokens[max(a.tokens)].closes_clause and a.value < n <= 3 * a.value and n == int(n)
        if _OWN_ESTIMATE.match(gap) or _SEEN_ELSEWHERE.match(gap) or spoken_range:
            out.append(Attached(a.slot, type(a.value)(n), [j]))
    return out


def _between(text: str, tokens: list[Token], a: Attached, b: Attached) -> str:
    return text[tokens[max(a.tokens)].end:tokens[min(b.tokens)].start]


_QUOTE = re.compile(r"«[^»]*»|“[^”]*”|\"[^\"]*\"")


def _quoted(quotes: list[tuple[int, int]], tokens: list[Token], a: Attached) -> bool:
    """Whether the value stands inside quotation marks (someone else's words pasted in)."""
    at = tokens[min(a.tokens)].start
    return any(b < at < e for b, e in quotes)


# fifty-seventh pass: a story first, the question after ("скачал квен в q8 — падает. Если взять в q4, влезет?",
# "Last quarter a box fell over at 128k. Would it fit at 64k?"): what was, said in a sentence about the past, gives
# way to what is asked in a later sentence that is not
_PAST_WORDS = re.compile(r"\b(?:назад|ago|прошл\w+|last (?:year|spring|summer|fall|autumn|winter|semester|quarter|month|"
                         r"week|time)|тогда|раньше|previously|used to|в 20\d\d году|in 20\d\d)\b", re.I)
_PAST_EN = re.compile(r"\b(?:bought|spent|paid|tried|ran|took|fell|crashed|slowed|pretrained|trained|fine-tuned|moved|"
                      r"sold)\b", re.I)
# a past form that is no story: the conditional ("влезла бы", "what would it be"), and words said or thought ("интегратор
# посоветовал 8 H100. Мне кажется хватит 4", "я выбрал q4. Или всё-таки q8?"): opinions weighed now (a review of 657b798)
_NO_STORY = re.compile(r"\bбы\b|\bwould\b|\bif\b", re.I)
_SAID_VERBS = {"сказать", "посоветовать", "насчитать", "выбрать", "думать", "решить", "предложить", "говорить",
               "написать", "считать", "рекомендовать", "обещать", "советовать", "подумать", "прикинуть", "хотеть",
               "планировать", "собираться"}
_SENTENCE = re.compile(r"(?:[^.!?;\n]|[.!?;](?!\s|$))+[.!?;\n]*")  # "3.3" ends no sentence


_NOW_WORDS = re.compile(r"\b(?:теперь|сейчас|нынче|now|this time|these days|today|на этот раз)\b", re.I)


def _past(sentence: str) -> bool:
    """Whether a sentence tells what was: a time gone by named, or its verbs in the past tense; not one that says
    it is about now ("Теперь решили разворачивать ... до 40 человек")."""
    if _NOW_WORDS.search(sentence):
        return False
    if _NO_STORY.search(sentence):
        return False
    if _PAST_WORDS.search(sentence) or _PAST_EN.search(sentence):
        return True
    from assistant.reading.words import morph
    return any(p.tag.POS == "VERB" and "past" in p.tag and p.normal_form not in _SAID_VERBS
               for w in re.findall(r"[а-яё]+", sentence.lower()) for p in morph().parse(w)[:1])


def settle_then_and_now(chosen: dict, clashes: dict, replaced: list, tokens: list[Token], text: str,
                        items: list[Attached]) -> None:
    """A clash whose values but the last were said in earlier sentences about the past is no clash: the last is meant
    (after `_asked_setup`, whose stock of cards and one setup asked about come first)."""
    for slot in [s for s in clashes if s not in ("currency", "gpu", "model", "server")]:
        said = [a for a in items if a.slot == slot]  # every place, a value said twice too ("8к ... Надо 8к или 16к?")
        if (now := then_and_now(clashes[slot], tokens, text, said)) is not None:
            replaced += [a for a in clashes.pop(slot) if a.value != now.value]
            chosen[slot] = now


def sentence_of(text: str, at: int) -> tuple[int, int]:
    """The bounds of the sentence the character at `at` stands in."""
    return next(((m.start(), m.end()) for m in _SENTENCE.finditer(text) if m.start() <= at < m.end()), (0, len(text)))


def said_of_the_past(text: str, at: int, named: bool = False) -> bool:
    """Whether the character at `at` stands in a sentence about the past followed by one that is not (a story first,
    then the question); `named`: only where the sentence names the time gone by ("год назад", "last quarter"), not
    where only its verbs are past ("у меня 4070, купил её под новый год": the card is still held)."""
    b, e = sentence_of(text, at)
    return (bool(_PAST_WORDS.search(text[b:e])) if named else _past(text[b:e])) and any(m.start() >= e and m.group().strip() and not _past(m.group())
                                    for m in _SENTENCE.finditer(text))


# money paid in the past ("брал за 32 тыщи", "обошёлся в 1,6 млн", "bought a used 3090 for $700", "spent around $30k")
_PAID = re.compile(r"\b(?:брал\w*|взял\w*|купил\w*|закупал\w*|закупил\w*|обош[её]л\w*|обошл\w*|стоил\w*|потратил\w*|"
                   r"заплатил\w*|отдал\w*|bought|spent|paid|cost us)\b", re.I)



def paid_before(text: str, at: int) -> bool:
    """A sum at `at` said in a clause about a purchase made or a time gone by, in a sentence about the past with a
    question after it ("купили crm за 200 тысяч, на железо есть тысяч 300": the second sum's clause buys nothing)."""
    clause = clause_of(text, at)
    return bool(_PAID.search(clause)) and said_of_the_past(text, at)


# how long a past job took ("одна эпоха шла около 14 часов", "it took about 11 hours"): no schedule of use
_TOOK = re.compile(r"\b(?:шл[аио]|ш[её]л|занял[аио]?|занимал[аио]?|длил\w*|уходил[аио]?|ушл[аио]|took|lasted|ran for)\b", re.I)


def took_before(text: str, at: int) -> bool:
    """Hours at `at` said as how long a job took, in a story told before the question."""
    return bool(_TOOK.search(clause_of(text, at))) and said_of_the_past(text, at)


def clause_of(text: str, at: int) -> str:
    """The clause (within its sentence, between commas, colons and dashes) the character at `at` stands in."""
    b, e = sentence_of(text, at)
    start = max([b] + [b + m.end() for m in re.finditer(r"[,;:—–]", text[b:at])])
    end = min([e] + [at + m.start() for m in re.finditer(r"[,;:—–]", text[at:e])])
    return text[start:end]


def then_and_now(group: list[Attached], tokens: list[Token], text: str,
                 said: list[Attached] | None = None) -> Attached | None:
    """The value asked about now where the others of its slot were all said in earlier sentences about the past
    (`said`: every place the slot's values were said, to see whether two are asked in the last sentence)."""
    spans = [(m.start(), m.end()) for m in _SENTENCE.finditer(text)]
    def sentence(a: Attached) -> int:
        return next((k for k, (b, e) in enumerate(spans) if b <= tokens[min(a.tokens)].start < e), -1)
    where = [sentence(a) for a in group]
    last = max(range(len(group)), key=lambda k: min(group[k].tokens))
    if where[last] < 0 or _past(text[slice(*spans[where[last]])]):
        return None
    if sum(sentence(a) == where[last] for a in (said or group)) > 1 or \
            re.match(r"\W*(?:или|либо|or)\b", text[slice(*spans[where[last]])], re.I):
        return None  # "Надо 8к или 16к?", "Или лучше 4 карты?": both asked now, whatever was said before
    others = [k for k in range(len(group)) if group[k].value != group[last].value]
    if others and all(0 <= where[k] < where[last] and _past(text[slice(*spans[where[k]])]) for k in others):
        return group[last]
    return None


def resolve(items: list[Attached], tokens: list[Token], text: str
            ) -> tuple[dict, dict[str, list[Attached]], list[str], list[Attached]]:
    """(slot -> chosen Attached, slot -> contradictory Attached list, assumed slots, values a correction replaced)."""
    by_slot: dict[str, list[Attached]] = {}
    for a in items:
        by_slot.setdefault(a.slot, []).append(a)
    chosen: dict[str, Attached] = {}
    conflicts: dict[str, list[Attached]] = {}
    replaced: list[Attached] = []
    quotes = [(m.start(), m.end()) for m in _QUOTE.finditer(text)]
    for slot, group in by_slot.items():
        if slot == "hours_per_month" and len(group) == 2 and \
                {week_part(tokens, min(a.tokens), text) for a in group} == {"weekday", "weekend"}:
            # sixty-first pass: "по будням часа 3 и в выходные часов по 8": the week's two parts add up, no clash
            chosen[slot] = Attached(slot, round(sum(float(a.value) for a in group), 2), sorted({*group[0].tokens, *group[1].tokens}))
            continue
        if any(not a.assumed for a in group):  # "quantize it to 8 bit": the bits said beat the int4 a vague word assumes
            group = [a for a in group if not a.assumed]
        group.sort(key=lambda a: min(a.tokens))
        current = group[0]
        clash: list[Attached] = []
        for nxt in group[1:]:
            if nxt.value == current.value:
                continue
            gap = _between(text, tokens, current, nxt)
            if _NOT_THIS_BUT.match(gap) and _NEGATED_BEFORE.search(text[max(0, tokens[min(current.tokens)].start - 12):
                                                                        tokens[min(current.tokens)].start]):
                replaced.append(current)  # nineteenth pass: "не в q4 а в q8", "not 4 but 8 cards": the second is meant
                current = nxt
                continue
            instead = slot != "gpu_count"  # "вместо двух 3090 одну 5090": counts of two cards, compared
            if instead and _INSTEAD_BEFORE.search(text[max(0, tokens[min(current.tokens)].start - 16):
                                                       tokens[min(current.tokens)].start]) and not _INSTEAD.match(gap):
                replaced.append(current)  # 42nd pass: "вместо awq в восьми битах": the first is taken out
                current = nxt
                continue
            if instead and _INSTEAD.match(gap):
                replaced.append(nxt)  # "в восьми битах вместо awq", "q4 instead of fp16"
                continue
            if (inside := _quoted(quotes, tokens, current)) != _quoted(quotes, tokens, nxt):
                # fifty-third pass: a model card or a listing pasted in quotes («Context Length: 32,768») beside the
                # customer's own value ("нам контекст 16к хватит"): the customer's is meant
                if inside:
                    replaced.append(current)
                    current = nxt
                else:
                    replaced.append(nxt)
                continue
            after = max(nxt.tokens) + 1
            if slot == "gpu_count" and _IF_THERE_WERE.search(gap) and \
                    not (after < len(tokens) and tokens[after].used == "gpu_name"):  # not "а если будет четыре 5090"
                replaced.append(current)  # sixty-seventh pass: "у меня одна 3090, а если будет три — потянут?": the three
                current = nxt
                continue
            if _REFUSED_BUT.match(gap):
                replaced.append(current)  # fifty-first pass: "полтора ляма не дам конечно, а вот тыщ 400 норм"
                current = nxt
                continue
            if _BUT_NOT.match(gap):
                replaced.append(nxt)  # "в q8, а не в q4", "8 cards, not 4": the first is meant
                continue
            if _CORRECTION.search(gap):
                replaced += clash or [current]
                current, clash = nxt, []
            else:
                clash = clash or [current]
                clash.append(nxt)
                current = nxt
        if clash and slot != "currency":
            conflicts[slot] = clash
        else:
            chosen[slot] = current
    assumed = [s for s, a in chosen.items() if a.assumed]
    return chosen, conflicts, assumed, replaced


def is_range(text: str, tokens: list[Token], a: Attached, b: Attached) -> bool:
    return bool(_ALTERNATIVE.match(_between(text, tokens, a, b)))
