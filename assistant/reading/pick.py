"""Which of the names found is the question's: one model, one card or a comparison of cards.

A card's own memory written after its name ("3060 на 12 гигов", "A100 80GB") is part of the name,
never card_vram_gb. Two cards without a comparing or upgrading word ("3090 к своей 4090") set
neither; with an upgrade word the first is the one the customer owns.
"""
from __future__ import annotations

import re

from assistant.reading.names import Hit
from assistant.reading.relative import SELL_OR_ADD
from assistant.reading.tokens import Token
from tools import catalog
from tools.lexicon import load_lexicon
_UPGRADE = re.compile(r"добав|докуп|\badd(?:ing|ed|s)?\b|upgrade\b|upgrading|апгрейд", re.I)  # "upgrading from a 4080 to a 5090"
_VERSUS_BETWEEN = re.compile(r"^\s*,?\s*(?:vs\.?|versus|или|or|против|against)\s+(?:the\s+|an?\s+)?$", re.I)
_COMPARE = re.compile(r"сравн|\bvs\.?\b|versus|compare|worth(?: it)? over|\bили\b|\bor\b|разниц|differ|отлича|против|\bagainst\b|лучше|better|"
                      r"comparison|быстрее|faster|тише|cheaper|дешевле|between|между|choos\w*|выбира\w*|выбор\w*|"
                      r"дороже|(?:more|less) expensive|pricier|медленнее|slower|мощнее|more powerful|хуже|worse|"
                      r"\bbeats?\b|\boutperforms?\b|\bобгон\w*|\bперегон\w*|\bstacks? up\b|\bmeasures? up\b", re.I)  # "would an h20 box beat an l20 box"
# "какая пропускная способность у h200 и у h100", "the memory bandwidth of the h200 and of the b200", "тдп у б200 и у
# h200": one measure asked of two cards joined by "и/and" is a comparison of them
_SPEC_OF_BOTH = re.compile(r"пропускн|bandwidth|тдп|\btdp\b|памят|memory|\bvram\b|врам|цен[аыу]|price|стоят|\bcost|"
                           r"характеристик|specs?\b|скорост|speed|flops|терафлоп|шин[аы]|nvlink", re.I)
_JOINED = re.compile(r"^\s*(?:,\s*)?(?:и|and|&)\s+(?:(?:у|of|for|на)\s+)?(?:the\s+)?$", re.I)
_CORRECTION = re.compile(r"\b(?:нет|вру|поправка|точнее|вернее|то есть|sorry|i mean|actually|rather)\b", re.I)
# "а 5090 и 6000 ada?", "and the A40 and L40S?": cards asked about in a follow-up are compared, not owned
_ASKED_ABOUT = re.compile(r"^\W*(?:а|и|ну а|and|what about|how about)\s(?!.*\b(?:у (?:меня|нас)|есть|have|got|own)\b)",
                          re.I)
# the card the customer takes out: "the 6000 Ada instead of the 5090", "вместо 4090", "заменить 3090 на 5090"
_INSTEAD_BEFORE = re.compile(r"(?:вместо|instead of|rather than|in place of|замен\w*|помен\w*|swap|replace)"
                             r"(?:\s+(?:the|a|an|my|our|моей|моих|нашей|наших|этой|этих|на|свою|мою|нашу|свои|мои|наши|своих))?"
                             r"(?:\s+(?:\d{1,2}\s?[xх×]?|two|three|four|five|six|eight|a pair of|пары|пару|две|два|двух|"
                             r"три|трех|трёх|четыре|четырех|четырёх|пяти|шести|восьми))?\s*$", re.I)  # "instead of two 4090s"


# words of another measure after a bare number ("а100 на 40 минут", "3090 на 10 лет", "h100 for 30 minutes")
_NO_SIZE_AFTER = {"минута", "мин", "секунда", "сек", "год", "лет", "месяц", "неделя", "день", "сутки", "процент", "%",
                  "градус", "minute", "minutes", "min", "mins", "second", "seconds", "sec", "year", "years", "month",
                  "months", "week", "weeks", "day", "days", "percent", "degrees"}


def claim(hits: list[Hit], tokens: list[Token]) -> tuple[list[Hit], list[Hit], list[Hit]]:
    """Mark the tokens of each name as used; a card's own memory size after its name ("3060 на 12
    гигов", "A100 80GB") belongs to the name, not to card_vram_gb."""
    gpus_by_id = {g.id: g for g in catalog.load_catalog().gpus}
    known_card = any(h.kind == "gpu" for h in hits)
    for h in hits:
        for k in range(h.i, h.j):
            tokens[k].used = f"{h.kind}_name" if h.kind != "unknown" else "unknown_product"
        if h.kind == "unknown" and h.card and known_card:  # "4060 ти 16 гб или 3060": the other card's spec
            _own_size(h, tokens)
        if h.kind == "gpu":
            if h.j < len(tokens) and tokens[h.j].concept == "gb" and tokens[h.j - 1].has_digit:
                tokens[h.j].used = "gpu_name"  # "a100 40 гб": the name matched "A100 40", its unit follows
                h.j += 1
            vram = gpus_by_id[h.id].vram_gib
            for k in range(h.j, min(len(tokens), h.j + 3)):
                m = re.match(r"^(\d+)(?:gb|гб|g|гиг\w*)?$", tokens[k].low)
                if m is None and _said_size(h, tokens, k, gpus_by_id):  # "а100 сорок гигов": the size in words
                    break
                unit = m and (m.group(0) != m.group(1) or (k + 1 < len(tokens) and tokens[k + 1].concept == "gb") or
                              # "3060 на 12", "a100 на 40": a bare size of this card or its variant, no other unit
                              (tokens[k - 1].low in ("на", "с", "по", "with") and
                               (k + 1 == len(tokens) or tokens[k + 1].concept is None and not tokens[k + 1].has_digit and
                                # "а100 на 40 минут автономии": a time, not the card's size
                                tokens[k + 1].lemma not in _NO_SIZE_AFTER and tokens[k + 1].low not in _NO_SIZE_AFTER) and
                               (abs(float(m.group(1)) - vram) <= 0.5 or _sibling(h.id, float(m.group(1))))))
                sibling = _sibling(h.id, float(m.group(1))) if m and unit else None
                if sibling:  # "а100 по 40 гб", "A100 PCIe 40GB": the size picks the variant
                    h.id, vram = sibling, gpus_by_id[sibling].vram_gib
                if m and unit and abs(float(m.group(1)) - vram) <= 1:
                    tokens[k].used = "gpu_name"
                    spelled = m.group(0) == m.group(1) and k + 1 < len(tokens) and tokens[k + 1].concept == "gb"
                    if spelled:  # "24 гига": the unit word is part of the name too
                        tokens[k + 1].used = "gpu_name"
                    h.j = k + (2 if spelled else 1)
                    break
                if m and m.group(0) == m.group(1) and tokens[k - 1].low in ("на", "с", "по", "with") and \
                        any(abs(float(m.group(1)) - o) <= 0.5 for o in gpus_by_id[h.id].other_vram_gib):
                    tokens[k].card_size = True  # "4060 ti with 8": the board of that size, read as the card's memory
                    break
                if tokens[k].low not in ("на", "с", "with", "of", "по", "-", ","):
                    break
            _form_factor(h, tokens, gpus_by_id)
    return ([h for h in hits if h.kind == "model"], [h for h in hits if h.kind == "gpu"],
            [h for h in hits if h.kind == "unknown"])


def _said_size(h: Hit, tokens: list[Token], k: int, gpus_by_id: dict) -> bool:
    """A card's memory said in number words after its name, with its unit ("а100 сорок гигов", "4090 двадцать
    четыре гига"): part of the name, and it picks the variant of that size."""
    t = tokens[k]
    if not (t.word_number and t.number):
        return False
    end = k
    while end + 1 < len(tokens) and tokens[end + 1].used == "number":  # "двадцать четыре": one number
        end += 1
    if end + 1 >= len(tokens) or tokens[end + 1].concept != "gb":
        return False
    size = float(t.number)
    h.id = _sibling(h.id, size) or h.id
    if abs(size - gpus_by_id[h.id].vram_gib) > 1:
        return False
    for x in tokens[k:end + 2]:
        x.used = "gpu_name"
    h.j = end + 2
    return True


_FORMS = {"pcie": "pcie", "sxm": "sxm", "sxm4": "sxm", "sxm5": "sxm", "nvl": "nvl"}


def _form_factor(h: Hit, tokens: list[Token], gpus_by_id: dict) -> None:
    """"2 a100 40 гб pcie": a form factor written after the name and size picks that variant."""
    if h.j >= len(tokens) or tokens[h.j].low not in _FORMS:
        return
    form, vram = _FORMS[tokens[h.j].low], gpus_by_id[h.id].vram_gib
    base = re.sub(r"-(?:pcie|sxm|nvl)\b.*$|-\d+gb$", "", h.id)
    for g in gpus_by_id.values():
        if g.id.startswith(base + "-") and form in g.id and abs(g.vram_gib - vram) <= 1:
            h.id = g.id
            tokens[h.j].used = "gpu_name"
            h.j += 1
            return


def _own_size(h: Hit, tokens: list[Token]) -> None:
    """The memory written right after a card the catalog lacks is that card's, when another card is named."""
    for k in range(h.j, min(len(tokens), h.j + 3)):
        if re.match(r"^\d+(?:gb|гб|g)$", tokens[k].low):
            tokens[k].used, h.j = "unknown_product", k + 1
            return
        if tokens[k].number is not None and k + 1 < len(tokens) and tokens[k + 1].concept == "gb":
            tokens[k].used = tokens[k + 1].used = "unknown_product"
            h.j = k + 2
            return
        if tokens[k].low not in ("на", "с", "with", "по", "-", ","):
            return


def _sibling(gpu_id: str, size: float) -> str | None:
    """The catalog variant of the same card with `size` GB ("a100-sxm-80gb" + 40 -> "a100-sxm-40gb")."""
    base = re.sub(r"-\d+gb$", "", gpu_id)
    for g in catalog.load_catalog().gpus:
        if g.id != gpu_id and re.sub(r"-\d+gb$", "", g.id) == base and abs(g.vram_gib - size) <= 1:
            return g.id
    return None


def _one(found: list[Hit], text: str, tokens: list[Token]) -> Hit | None:
    """The one id named, or the later of two when a correction word stands between them."""
    ids = list(dict.fromkeys(h.id for h in found))
    if len(ids) == 1:
        return found[-1]
    a, b = found[-2], found[-1]
    return b if _CORRECTION.search(text[tokens[a.j - 1].end:tokens[b.i].start]) else None


def _named_in_full(models: list[Hit], tokens: list[Token]) -> list[Hit]:
    """A family word alone ("с дипсиком") beside a model of that family named in full ("дистилл квен 32б") is that
    model, not a second one to compare."""
    families = load_lexicon().families
    def bare(h: Hit) -> bool:
        fam = tokens[h.i].canon
        return h.j - h.i == 1 and fam in families and any(o.id != h.id and o.id.startswith(fam) for o in models)
    return [h for h in models if not bare(h)] or models


# "заменить 3090 на 5090, что изменится", "swap the a6000 for an l40s, what do we gain": the replacement asked about
# by what it changes compares the card taken out with the one put in
_WHAT_CHANGES = re.compile(r"что (?:это )?(?:изменит\w*|поменя\w*|даст|выиграю|выиграем|получу|получим)|"
                           r"насколько (?:быстрее|лучше)|прирост|what (?:would |will |does it )?(?:change|gain)|"
                           r"what do (?:i|we) gain|how much (?:faster|better)|разниц", re.I)


def _taken_out(gpus: list[Hit], text: str, tokens: list[Token]) -> set[str]:
    """Cards named right after "instead of / вместо / заменить" when another card is named too."""
    if _WHAT_CHANGES.search(text):
        return set()
    out = {h.id for h in gpus if _INSTEAD_BEFORE.search(text[max(0, tokens[h.i].start - 24):tokens[h.i].start])}
    return out if out and {h.id for h in gpus} - out else set()


def _spec_of_both(gpus: list[Hit], text: str, tokens) -> bool:
    """Two cards joined by "и (у)" / "and (of) the", a measure asked of them: "пропускная способность у h200 и у h100"."""
    hits = sorted({h.id: h for h in gpus}.values(), key=lambda h: h.i)
    if len(hits) != 2 or not _SPEC_OF_BOTH.search(text):
        return False
    a, b = hits
    return bool(_JOINED.match(text[tokens[a.j - 1].end:tokens[b.i].start]))


# fifty-third pass: a card ruled out, then another taken ("4090 в сотку не влезет походу. ладно, беру 3090", "the 5090 won't
# fit my case, so I'll take a 4080"): the one taken is meant
_RULED_OUT_THEN_TAKEN = re.compile(
    r"^[^?]{0,60}?\b(?:не (?:влез\w*|лез\w*|подход\w*|подойд\w*|потян\w*|помест\w*|по карману|вариант)|"
    r"won'?t fit|doesn'?t fit|does not fit|too (?:big|long|expensive)|not an option|out of (?:the question|budget))\b"
    r"[^?]{0,30}?\b(?:беру|возьму|берём|берем|возьмём|возьмем|пусть будет|остановлюсь на|i'?ll (?:take|get|go with)|"
    r"going with|we'?ll (?:take|get|go with))\s*$", re.I)


def _denied(hits: list[Hit], text: str, tokens: list[Token]) -> list[Hit]:
    """Nineteenth pass: a name denied and the one meant ("не 4090 а 5090", "not the 3090 but a 4090", "5090, а не
    4090"): the denied one is no part of the question (the same words as resolve's for values)."""
    from assistant.reading.resolve import _BUT_NOT, _NEGATED_BEFORE, _NOT_THIS_BUT

    hits = sorted(hits, key=lambda h: h.i)
    gone: set[int] = set()
    for a, b in zip(hits, hits[1:]):
        if a.id == b.id:
            continue
        gap = re.sub(r"\b(?:the|a|an)\b", " ", text[tokens[a.j - 1].end:tokens[b.i].start], flags=re.I)
        before = re.sub(r"\b(?:the|a|an)\s*$", "", text[max(0, tokens[a.i].start - 12):tokens[a.i].start], flags=re.I)
        if _NOT_THIS_BUT.match(gap) and _NEGATED_BEFORE.search(before) or _RULED_OUT_THEN_TAKEN.match(gap):
            gone.add(id(a))
        elif _BUT_NOT.match(gap):
            gone.add(id(b))
    return [h for h in hits if id(h) not in gone] if gone else hits


def to_scenario(models: list[Hit], gpus: list[Hit], fields: dict, spans: dict, text: str, tokens, span) -> list[str]:
    """Fill the name slots; return the cards the message takes out of a comparison ("instead of the 5090")."""
    named = {"model_name": models, "gpu_name": gpus}  # every name said is named back, a denied one too
    gpus, models = _denied(gpus, text, tokens), _denied(models, text, tokens)
    out = _taken_out(gpus, text, tokens)
    if out:
        spans["instead_of"] = [span(text, tokens, list(range(h.i, h.j))) for h in gpus if h.id in out]
        gpus = [h for h in gpus if h.id not in out]
        named["gpu_name"] = [h for h in named["gpu_name"] if h.id not in out]
    for key, found in named.items():
        if found:
            spans[key] = [span(text, tokens, list(range(h.i, h.j))) for h in found]
    if len({h.id for h in models}) > 1 and not _WHAT_CHANGES.search(text):
        # seventy-third pass (a review): "а вместо ламы 70б квен 72б?": the model taken out is named, not sized (it had
        # kept the old model, silently)
        kept = [h for h in models if not _INSTEAD_BEFORE.search(text[max(0, tokens[h.i].start - 24):tokens[h.i].start])]
        if kept and len(kept) < len(models):
            models = kept
    if models:
        m = _one(_named_in_full(models, tokens), text, tokens)
        if m:
            fields["model"] = m.id
            fields.pop("params_b", None)
            spans["model"] = [span(text, tokens, list(range(m.i, m.j)))]
    if gpus:
        ids = list(dict.fromkeys(h.id for h in gpus))
        listed = _COMPARE.search(text) or _ASKED_ABOUT.match(text) or \
            ("psu_w" not in fields and _spec_of_both(gpus, text, tokens)) or \
            (_WHAT_CHANGES.search(text) and any(_INSTEAD_BEFORE.search(text[:tokens[h.i].start]) for h in gpus))
        # "5090 vs 4090 ... is the upgrade worth it": a versus word right between two cards sets them side by side,
        # whatever the upgrade word says of them
        swap = len(ids) == 2 and _swapped(gpus, text, tokens) and not SELL_OR_ADD.search(text)  # "... or add a second"
        listed = listed or swap
        upgrade = bool(_UPGRADE.search(text) or SELL_OR_ADD.search(text)) and not (len(gpus) > 1 and _VERSUS_BETWEEN.match(
            text[tokens[gpus[0].j - 1].end:tokens[gpus[1].i].start])) and not swap
        if len(ids) > 1 and not listed and not upgrade and not _one(gpus, text, tokens):
            pass  # "3090 к своей 4090": two cards, neither the question's
        elif len(ids) == 1 and SELL_OR_ADD.search(text) and _TAKEN_INSTEAD.search(text[:tokens[gpus[0].i].start]):
            pass  # 43rd pass: "add more of same cards or sell these and take H200?": the card weighed as the other
            # option, named; the cards held are the conversation's
        elif len(ids) == 1 or upgrade or _one(gpus, text, tokens):
            g = _owned(gpus, text, tokens) if len(ids) > 1 and upgrade else (_one(gpus, text, tokens) or gpus[0])
            fields["gpu"] = g.id
            spans["gpu"] = [span(text, tokens, list(range(g.i, g.j)))]
        else:
            fields["gpus"] = ids
            spans["gpus"] = spans["gpu_name"]
        _card_size(fields, spans, text)
        _forms_compared(fields, text)
    return sorted(out)


# thirty-second pass: "selling my two 3090s and getting one 5090 instead", "продать две 3090 и взять одну 5090": one
# set of cards sold for another, the two options weighed against each other (nothing had been read)
_SOLD_BEFORE = re.compile(r"(?:\bsell\w*|\bпрода\w*|\bсплав\w*|\bслить)\s+(?:\S+\s+){0,2}$", re.I)
_GOT_BETWEEN = re.compile(r"^\W*(?:\S+\s+){0,2}?(?:and|и|,)?\s*(?:get\w*|buy\w*|взять|купить|брать|возьму|куплю|"
                          r"(?:по)?ставить|перейти на)\s+(?:\S+\s+)?$", re.I)


_TAKEN_INSTEAD = re.compile(r"(?:\btake|\bget|\bbuy|\bgo (?:for|with)|\bswitch to|\bmove to|\bвзять|\bкупить|\bбрать|"
                            r"\bвозьм\w*|\bкуплю|\bперейти на)\s+(?:an?\s+|the\s+|one\s+|одну\s+)?$", re.I)


def _swapped(gpus: list[Hit], text: str, tokens: list[Token]) -> bool:
    first, second = gpus[0], next(h for h in gpus if h.id != gpus[0].id)
    return bool(_SOLD_BEFORE.search(text[max(0, tokens[first.i].start - 30):tokens[first.i].start]) and
                _GOT_BETWEEN.match(text[tokens[first.j - 1].end:tokens[second.i].start]))


# nineteenth pass: the card a possessive stands right before is the one owned, wherever it is in the message ("3090 к
# своей 4090 докупить", "add a 3090 to my 4090"); with none, the first card is ("у меня 4090, докупить 3090")
_MINE = re.compile(r"(?:\b(?:сво|мо|наш)(?:ей|ю|у|их|им|ему|ими|его|ём|ем)|\bmy|\bour|\bown)\s+"
                   r"(?:(?:old|current|existing|старой|старую|текущей|нынешней)\s+)?$", re.I)


def _owned(gpus: list[Hit], text: str, tokens: list[Token]) -> Hit:
    mine = [h for h in gpus if _MINE.search(text[max(0, tokens[h.i].start - 24):tokens[h.i].start])]
    return mine[0] if len({h.id for h in mine}) == 1 else gpus[0]


_FORM_WORD = r"(sxm\d?|pcie|pci-e|nvl|псие)"
# "sxm и pcie версий h100", "h100 pcie vs sxm", "a100 sxm or pcie": one card named, two of its forms set side by side
# twenty-first pass: and one form told from the other ("h100 pcie от sxm" after "чем отличается", "pcie compared to sxm")
_TWO_FORMS = re.compile(rf"\b{_FORM_WORD}\s*(?:и|или|vs\.?|versus|or|and|против|/|или же|от|from|compared to|"
                        rf"compared with|(?:differs?|отлича\w*) (?:from|от))\s*"
                        rf"(?:the\s+)?{_FORM_WORD}\b", re.I)


def _form_of(word: str) -> str:
    w = word.lower().replace("-", "").replace("псие", "pcie")
    return "sxm" if w.startswith("sxm") else w


def _forms_compared(fields: dict, text: str) -> None:
    """One card and two of its form factors joined by "и/или/vs" are those two variants compared (the variant of
    the same memory size first), when the catalog has both: "в чём разница sxm и pcie версий h100"."""
    m = _TWO_FORMS.search(text)
    if not m or not fields.get("gpu") or fields.get("gpus"):
        return
    card = catalog.get_gpu(fields["gpu"])
    family = re.sub(r"-\d+gb$", "", re.sub(r"-(?:pcie|sxm|nvl)(?=-|$)", "", card.id))
    kin = [g for g in catalog.load_catalog().gpus if re.sub(r"-\d+gb$", "", re.sub(r"-(?:pcie|sxm|nvl)(?=-|$)", "", g.id))
           == family]
    picked = []
    for form in (_form_of(m.group(1)), _form_of(m.group(2))):
        found = sorted((g for g in kin if form in g.id.split("-")), key=lambda g: abs(g.vram_gib - card.vram_gib))
        if not found:
            return
        picked.append(found[0].id)
    if len(set(picked)) == 2:
        fields.pop("gpu")
        fields["gpus"] = picked


RAM_MIN_GB = 64  # a size this large next to a named card is the server's RAM ("две 4090 и 512 ГБ")


# fifty-third pass: "надо 140 гигов видеопамяти", "needs 140GB of VRAM": a size said to be video memory is never RAM
_VIDEO_MEMORY_AFTER = re.compile(r"\s*(?:of\s+)?(?:видеопам|vram\b|врам)", re.I)
_PORTABLE = re.compile(r"ноут|laptop|notebook|мобильн|mobile|\bmax-?q\b", re.I)
# between a card and a size: the card's own memory said of it ("4090 на 48 гигов", "the 4090 has 48 GB", "a100 120gb")
_OWN_SIZE_GAP = re.compile(r"^[\s,:\-–—(]*(?:(?:на|с|со|with|has|have|had|is|имеет|там|у\s+неё|у\s+нее|на\s+борту|"
                           r"которая|который|это|of|at)\s+)*$", re.I)


def _kin(card) -> list:
    """The catalog's variants of one card ("h100-sxm", "h100-pcie", "h100-nvl"; "a100-sxm-40gb" .. "a100-pcie-80gb")."""
    def base(gid: str) -> str:
        return re.sub(r"-\d+gb$", "", re.sub(r"-(?:pcie|sxm\d?|nvl)(?=-|$)", "", gid))
    return [g for g in catalog.load_catalog().gpus if base(g.id) == base(card.id)]


def _card_size(fields: dict, spans: dict, text: str = "") -> None:
    """A memory size beside a named card: the card's own (part of its name), a variant of it the catalog holds
    ("h100 на 94 гига" is the NVL), the total of the cards counted ("две 3090, 48 гигов"), the server's RAM said
    apart from the card ("две 4090 и 512 ГБ"), the memory of a laptop's card the catalog lacks ("ноут с rtx 3060
    6гб"): then the size is the customer's card and the catalog card is not. Any other size said of the card
    contradicts the catalog ("4090 на 48 гигов", "the 5090 has 24gb right?"): neither guessed nor used, it is
    asked (a conflict of the card's memory, the size named back) and the card stays."""
    size = fields.get("card_vram_gb")
    if size is None or not fields.get("gpu"):
        return
    card = catalog.get_gpu(fields["gpu"])
    vram, count = card.vram_gib, fields.get("gpu_count") or 1
    sib = [g for g in _kin(card) if abs(size - g.vram_gib) <= 1]
    size_span = (spans.get("card_vram_gb") or [None])[0]
    card_span = (spans.get("gpu") or [None])[0]
    gap = text[card_span.end:size_span.start] if card_span and size_span and size_span.start >= card_span.end else None
    own = gap is not None and bool(_OWN_SIZE_GAP.match(gap)) and len(gap) <= 24
    if abs(size - vram) <= 1 or (count > 1 and abs(size - vram * count) <= 1):
        fields.pop("card_vram_gb")
        spans.setdefault("gpu_name", []).extend(spans.pop("card_vram_gb", []))
    elif sib:
        fields["gpu"] = sib[0].id
        fields.pop("card_vram_gb")
        spans.setdefault("gpu_name", []).extend(spans.pop("card_vram_gb", []))
    elif size >= RAM_MIN_GB and size > vram and "ram_gb" not in fields and not own and not (
            size_span and _VIDEO_MEMORY_AFTER.match(text[size_span.end:size_span.end + 16])):
        fields["ram_gb"] = fields.pop("card_vram_gb")
        spans["ram_gb"] = spans.pop("card_vram_gb", [])
    elif _PORTABLE.search(text) and size < vram and count == 1 or any(abs(size - o) <= 0.5 for o in card.other_vram_gib):
        # "ноут с rtx 3060 6гб", "4060ти на восемь гигов": a variant the catalog lacks (a laptop's, or a board the
        # catalog records as sold under the same name); its memory is what the customer has
        spans.setdefault("gpu_name", [])
        fields.pop("gpu")
        spans.pop("gpu", None)
    else:  # "4090 на 48 гигов", "State that the RTX 4090 has 48 GB": contradicts the catalog; asked, never used
        # (the size alone is named back: with the card's digits beside it the question would offer "4090" as a size)
        fields.pop("card_vram_gb")
        spans["card_contradiction"] = spans.pop("card_vram_gb", [])
