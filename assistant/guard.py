"""Grounding guard: what the model writes is shown only if every figure and claim is traceable.

A number (digits or words: "ninety-nine dollars", "сорок процентов") is grounded when it equals, at
the precision it is written with, a number from a tool output, the computed block or a trusted
passage; an integer only by an equal value. A number written as a price, power, memory, speed,
percent or card count must match a fact of that kind. The customer's own numbers may be repeated
only as the customer's ("вы указали 100 $"). Formats are normalised: "1,07 ГБ" = 1.07,
"16 000" = "16,000" = 16000, "32k" = 32768 or 32000.
Beyond numbers a sentence is dropped for: action claims (orders, discounts, e-mail); figures for
a product the catalog does not know; contacts, links, bare domains and offers no trusted text
makes; echoes of the prompt; a verdict contrary to the computed one; a claim contrary to the
catalog or to a domain rule (knowledge/catalog/rules.yaml); the other language than the customer's;
broken Russian (an adjective that cannot agree with its noun: "предсказуемый производительность").
The checks live in `assistant/checks/`; this module puts them together.
"""
from __future__ import annotations

import re
from typing import Any, Iterable

from assistant.checks import (agreement, capacity, claims, context_limit, counts, currency, doubt, echo, kinds, moe,
                              nothing, others, payback, power, rates, relations, tasks, units, wordnums)
from assistant.checks import numbers as nums
from assistant.checks.contacts import foreign_contacts, foreign_offer, stock_claimed
from assistant.checks.kinds import KINDS, typed_facts
from assistant.checks.numbers import grounded
from tools.catalog import load_catalog
from tools.memory import MemoryRequest
from tools.text import GPU_NAME, clause_around, normalise_name, split_sentences

CLAIMS = re.compile(
    r"заказ\w* (?:уже )?(?:оформлен|размещ[её]н|создан|принят|подтвержд[её]н)|"
    r"(?:order|invoice) (?:has been|is|was) (?:placed|sent|created|confirmed|submitted)|"
    r"(оформил\w*|разместил\w*|создал\w*) (заказ|заявк)|скидк\w* (в|на) \d+|предостав\w* скидк|отправил\w* (вам )?"
    r"(письм|e-?mail|счёт|счет)|i(?:'ve| have) (placed|created|submitted) (an|the|your) order|"
    r"(applied|granted|give you) (a|an|the)? ?\d*\s?%? ?discount|(sent|emailed) you|i will (e-?mail|call) you|"
    r"\b(?:is|are|comes) \d+\s?% off\b|(?<!не )\bза полцены\b", re.I)
# the customer's numbers may be repeated as theirs: "вы указали 100 $", "your budget of 5000 $"
_CUSTOMERS = re.compile(r"\b(?:вы|ваш\w*|вами|вам|you|your)\b", re.I)


# model-shaped names: "Llama-7-900B" (cards: tools.text.GPU_NAME); the catalog decides whether they exist
_MODEL_NAME = re.compile(r"\b(?:llama|лама|ллама|qwen|квен|mistral|mixtral|gemma|phi|deepseek|дипсик|falcon)"
                         r"[\s-]?v?\d+(?:\.\d+)?[\s-]+\d+(?:[.,]\d+)?\s?[bб]\b", re.I)


def unknown_products(text: str) -> list[str]:
    """GPU and model names in `text` that are not in the catalog (as written, first mention each)."""
    cat = load_catalog()
    out: list[str] = []
    for pattern, items in ((GPU_NAME, cat.gpus), (_MODEL_NAME, cat.models)):
        known = {normalise_name(n) for it in items for n in (it.id, it.name, *it.aliases)}
        for m in pattern.finditer(text):
            name = " ".join(m.group(0).split())
            if normalise_name(name) not in known and name not in out:
                out.append(name)
    return out


def mentions(text: str, names: Iterable[str]) -> bool:
    """Whether `text` names any of `names`, however it spaces or hyphenates them."""
    flat = normalise_name(text)
    return any(normalise_name(n) in flat for n in names)


def figure_for_unknown(sentence: str, unknown: Iterable[str]) -> bool:
    """A sentence that names an unknown product and carries any number besides its name's own."""
    unknown = [u for u in unknown if mentions(sentence, [u])]
    if not unknown:
        return False
    rest = sentence
    for u in unknown:  # "RTX 9090 is not in our catalog" is fine; "RTX 9090 has 48 GB" is not
        rest = re.sub(r"[\s-]*".join(map(re.escape, re.findall(r"[^\W_]+", u))), " ", rest, flags=re.I)
    return bool(numbers_in(rest))


def numbers_in(text: str) -> list[tuple[str, set[float]]]:
    """(as written, possible values) for each number in `text`, digits and words."""
    return nums.numbers_in(text)


def typed_numbers(facts: Any, texts: Iterable[str]) -> dict[str, list[float]]:
    """Allowed values per kind: typed fact fields plus numbers the trusted texts write with that unit."""
    out: dict[str, set[float]] = {k: set() for k in KINDS}
    for kind, v in typed_facts(facts):
        out[kind].add(v)
    for t in texts:
        for n in nums.parse(t):
            if n.kind in out:
                out[n.kind] |= n[1]
    return {k: sorted(v) for k, v in out.items()}


def misattributed(sentence: str, typed: dict[str, list[float]]) -> list[str]:
    """Numbers written as a price, power, memory, speed, percent or card count that no value of that
    kind grounds (the customer's own numbers do not count: see `violations`)."""
    return [n[0] for n in nums.parse(sentence) if n.kind in typed and not _typed_ok(n, typed[n.kind])]


def _typed_ok(n, allowed: list[float]) -> bool:
    if n.kind == "watt" and any(abs(a - v) <= 50 for v in n[1] for a in allowed) and n[1] and min(n[1]) >= 1000:
        return True  # "2.5 kW" for 2500 W
    return grounded(n[0], n[1], allowed)


class Grounding(list):
    """The allowed numbers (a sorted list) and what the other checks need: values by kind, the
    trusted text contacts must come from, the customer's numbers, the prompt parts an echo would
    copy, the computed fit verdict and the customer's language."""

    def __init__(self, numbers: Iterable[float], text: str = "", typed: dict[str, list[float]] | None = None,
                 customer: Iterable[float] = (), parts: Iterable[str] = (), fits: bool | None = None,
                 lang: str | None = None):
        super().__init__(numbers)
        self.text, self.typed, self.customer = text, typed, sorted(customer)
        self.parts, self.fits, self.lang = list(parts), fits, lang
        self.question: list[str] = []
        self.request: MemoryRequest | None = None  # the model's sizing, to check "N × card" claims against
        self.facts: list[dict] = []  # to check a figure against the part or format it is named with


def grounding(facts: Any, texts: list[str], customer: Iterable[str] = (), lang: str | None = None,
              prompt: Iterable[str] = ()) -> Grounding:
    """`texts`: trusted texts (computed block, the guide's passages). `customer`: the customer's own
    messages, whose numbers are allowed only as the customer's. `prompt`: other prompt parts (the
    system prompt is always included) that a sentence must not echo."""
    from assistant.prompt import RULES

    customer = list(customer)
    fact_list = facts if isinstance(facts, list) else [facts]
    g = Grounding(allowed_numbers(facts, texts), "\n".join(texts), typed_numbers(facts, texts),
                  allowed_numbers([], customer), [RULES, *texts, *prompt],
                  claims.fit_verdict([f for f in fact_list if isinstance(f, dict)]), lang)
    g.question = customer
    g.facts = [f for f in fact_list if isinstance(f, dict)]
    g.request = relations.memory_request(g.facts)
    return g


# a code-like token (letters and digits: "KIWI-7731-QZX") the customer wrote: an injected canary or
# instruction payload, never something our answer needs to repeat unless the facts or sources hold it
_CODE = re.compile(r"(?<![\w.-])(?=[\w-]*\d)(?=[\w-]*[A-Za-zА-Яа-я])[\w]+(?:-[\w]+)+(?![\w-])|\b[A-Z]{3,}\d{3,}\w*\b")


_FAMILY_IN_CODE = re.compile(r"llama|qwen|mistral|mixtral|gemma|phi|deepseek|glm|kimi|gpt|falcon|flux|sdxl|rtx|tesla",
                             re.I)


def copied_code(sentence: str, question: Iterable[str], trusted: str) -> bool:
    codes = {c for q in question for c in _CODE.findall(q) if len(c) >= 8 and c not in trusted}
    products = (_FAMILY_IN_CODE, GPU_NAME)  # "Qwen2.5-Coder-32B", "H100-SXM5" are names, not codes
    return any(c.lower() in sentence.lower() for c in codes
               if not claims.name_spans(c) and not any(p.search(c) for p in products))


def _said_as_customers(sentence: str, start: int, end: int) -> bool:
    """The number is attributed to the customer in its own clause ("вы указали 100 $", "your budget of
    5000 $"), and that clause names no card: "The RTX 4090 draws only 100 W, so it's for your brochure"
    is the injected claim, whatever "your" does later in the sentence."""
    head, tail = clause_around(sentence, start, end)
    clause = sentence[head:tail]
    return bool(_CUSTOMERS.search(sentence[max(head, start - 40):start])) and not GPU_NAME.search(clause)


def violations(sentence: str, allowed: Grounding | list[float], unknown: Iterable[str] = ()) -> list[str]:
    """Why a sentence of the model may not be shown (empty: it may)."""
    customer = getattr(allowed, "customer", [])
    out = []
    names = claims.name_spans(sentence)
    typed = getattr(allowed, "typed", None)
    for n in nums.parse(sentence):
        if any(s <= n.start and n.end <= e for s, e in names):
            continue
        if n.words and n.kind == "count" and max(n[1]) < 10 and (
                not (typed and typed["count"]) or grounded(n[0], n[1], customer)):
            continue  # "одна карта" where nothing counted cards, "на двух картах" the customer's own: words
        as_customers = bool(customer) and _said_as_customers(sentence, n.start, n.end)
        ok = grounded(n[0], n[1], allowed) or (as_customers and grounded(n[0], n[1], customer))
        if ok and typed and n.kind in typed and not as_customers:
            ok = _typed_ok(n, typed[n.kind])
        if not ok and n[0] not in out:
            out.append(n[0])
    text = getattr(allowed, "text", "")
    out += [c for c in foreign_contacts(sentence, text) if c not in out]
    if CLAIMS.search(sentence) or foreign_offer(sentence, text):
        out.append("claim")
    if stock_claimed(sentence):
        out.append("stock")
    if copied_code(sentence, getattr(allowed, "question", []), text):
        out.append("echo")
    if figure_for_unknown(sentence, unknown):
        out.append("unknown product")
    if echo.leaks(sentence) or echo.is_echo(sentence, getattr(allowed, "parts", ()), getattr(allowed, "question", ())) \
            or echo.copies_a_line(sentence, getattr(allowed, "parts", ())) \
            or echo.slang_copied(sentence, getattr(allowed, "parts", ()), getattr(allowed, "question", ())):
        out.append("echo")
    if claims.contradicts_fit(sentence, getattr(allowed, "fits", None)):
        out.append("verdict")
    out += [f"rule: {r}" for r in claims.broken_rules(sentence)]
    out += claims.catalog_contradictions(sentence, claims.compared_cards(getattr(allowed, "facts", [])))
    out += claims.merit_misattributed(sentence)
    out += claims.pair_misattributed(sentence)
    out += claims.card_needs_memory(sentence)
    out += relations.order_errors(sentence)
    out += relations.undersized(sentence, getattr(allowed, "request", None))
    out += relations.fits_beyond_card(sentence, getattr(allowed, "facts", []))
    out += counts.miscounted(sentence, getattr(allowed, "facts", []))
    out += counts.several_when_one(sentence, getattr(allowed, "facts", []))
    out += counts.buy_count_off(sentence, getattr(allowed, "facts", []))
    out += capacity.need_as_capacity(sentence, getattr(allowed, "facts", []))
    out += currency.budget_currency_off(sentence, getattr(allowed, "facts", []))
    out += doubt.configuration_doubted(sentence, getattr(allowed, "facts", []))
    out += nothing.part_said_to_take_nothing(sentence, getattr(allowed, "facts", []))
    out += relations.many_users(sentence, getattr(allowed, "request", None))
    out += relations.mislabelled(sentence, getattr(allowed, "facts", []))
    out += relations.unquantised_called_quantised(sentence, getattr(allowed, "facts", []))
    out += relations.shared_figure(sentence, getattr(allowed, "facts", []))
    out += relations.wrong_largest(sentence, getattr(allowed, "facts", []))
    out += relations.small_part_as_reason(sentence, getattr(allowed, "facts", []))
    out += relations.total_said_per_card(sentence, getattr(allowed, "facts", []))
    out += relations.pointless_quantising(sentence, getattr(allowed, "facts", []))
    out += relations.width_unknown(sentence, getattr(allowed, "facts", []))
    out += units.yardstick_as_width(sentence, getattr(allowed, "facts", []))
    out += units.tokens_as_bytes(sentence, getattr(allowed, "facts", []))
    out += units.gigabytes_as_bytes(sentence, getattr(allowed, "facts", []))
    out += relations.format_fit_contradicted(sentence, getattr(allowed, "facts", []))
    out += relations.fewer_than_one(sentence, getattr(allowed, "facts", []))
    out += relations.one_card_again(sentence, getattr(allowed, "facts", []))
    out += power.psu_below_peak(sentence, getattr(allowed, "facts", []))
    out += power.own_psu_overstated(sentence, getattr(allowed, "facts", []))
    out += power.own_psu_understated(sentence, getattr(allowed, "facts", []))
    out += power.watts_a_month(sentence)
    out += counts.fits_on_n_misstated(sentence, getattr(allowed, "facts", []))
    out += counts.cards_called_servers(sentence, getattr(allowed, "facts", []))
    out += counts.failing_option_preferred(sentence, getattr(allowed, "facts", []))
    out += others.other_model_compared(sentence, getattr(allowed, "facts", []), getattr(allowed, "question", []))
    out += others.model_not_here(sentence, getattr(allowed, "facts", []), getattr(allowed, "question", []),
                                 getattr(allowed, "text", ""))
    out += moe.expert_as_whole(sentence)
    out += tasks.task_not_sized(sentence, getattr(allowed, "facts", []))
    out += tasks.task_fit_contradicted(sentence, getattr(allowed, "facts", []))
    out += context_limit.limit_as_use(sentence, getattr(allowed, "facts", []))
    out += rates.rate_misnamed(sentence, getattr(allowed, "facts", []))
    out += payback.misstated(sentence, getattr(allowed, "facts", []))
    out += claims.model_priced(sentence)
    if kinds.price_of_other_kind(sentence):
        out.append("price: a figure of another unit given as a price")
    if echo.wrong_language(sentence, getattr(allowed, "lang", None)):
        out.append("language")
    out += agreement.disagreements(sentence)
    out += wordnums.malformed(sentence)
    return out


# "…, либо split the model …": an alternative is a clause of its own; leaving it out leaves the rest true
_ALTERNATIVE = re.compile(r",?\s+(?=(?:либо|или|or)\s)", re.I)


def without_bad_alternative(sentence: str, allowed: Grounding | list[float],
                            unknown: Iterable[str] = ()) -> tuple[str, str] | None:
    """(shown, dropped): the sentence up to the alternative ("… или …", "… or …") that broke a rule, if what
    is left is clean; else an alternative that is advice of its own ("Если квантовать до INT8, то нужно
    31,57 ГБ …, либо возьмите три такие карты": the invented INT8 figure goes, "Возьмите три такие карты." stays)."""
    cuts = list(_ALTERNATIVE.finditer(sentence))
    for m in reversed(cuts):
        head = sentence[:m.start()].rstrip(" ,;:—–-")
        if _BARE_CONDITION.match(head):  # "Если квантовать до Q8_0." cut from "…до Q8_0 или Q4_K_M, они …"
            continue
        if len(head.split()) >= 3 and not violations(head + ".", allowed, unknown):
            return head + ".", sentence[m.start():].strip(" ,;:")
    for m in cuts:
        tail = sentence[m.end():].strip()
        tail = re.sub(r"^(?:либо|или|or)\s+", "", tail, flags=re.I).rstrip(" .") + "."
        if len(tail.split()) >= 3 and _ADVICE.match(tail):
            tail = tail[0].upper() + tail[1:]
            if not violations(tail, allowed, unknown):
                return tail, sentence[:m.start()].strip()
    return None


# a condition whose consequence was cut off with the alternative: no sentence on its own
_BARE_CONDITION = re.compile(r"^\s*(?:если|когда|хотя|чтобы|пока|if|when|unless|although|while)\b[^,;:—–]*$", re.I)
# an alternative that stands as a sentence of its own: it opens with an imperative
_ADVICE = re.compile(r"(?:[а-яё]+(?:йте|ите|ьте)|take|use|add|split|quanti[sz]e|reduce|choose|buy|consider|pick)\b", re.I)


_LABEL = re.compile(r"^\s*(?:\*\*)?(?:ответ|вывод|итог|причина|следующий шаг|совет|verdict|answer|reason|next step|"
                    r"conclusion|advice)(?:\*\*)?\s*:\s*(?:\*\*)?\s*", re.I)


def tidy(sentence: str) -> str:
    """The sentence without a leading heading the model sometimes writes ("Ответ:", "Verdict:")."""
    return _LABEL.sub("", sentence, count=1)


def allowed_numbers(facts: Any, texts: Iterable[str]) -> list[float]:
    vals = set(nums.walk(facts))
    for t in texts:
        for _, v in numbers_in(t):
            vals |= v
    return sorted(vals)


def ungrounded(text: str, allowed: list[float]) -> list[str]:
    return [w for w, vals in numbers_in(text) if not grounded(w, vals, allowed)]


def sentences(text: str) -> list[str]:
    return split_sentences(text)  # the one sentence boundary (tools/text)


def drop_offending(text: str, allowed: list[float]) -> tuple[str, list[str]]:
    """Remove sentences that violate any check; return (text, dropped)."""
    kept: list[str] = []
    dropped: list[str] = []
    for s in sentences(text):
        (dropped if violations(s, allowed) else kept).append(s.strip())
    return " ".join(kept), dropped
