"""Stage 7, explanation: the model's text, streamed sentence by sentence through the checks.

An ungrounded sentence never reaches the customer: the first violation triggers one regeneration
with a correction note; after that offending sentences are dropped. Without a model (off, loading,
busy, failed) the guide's own passages are quoted instead."""
from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

from assistant import guard
from assistant.llm import ChatBackend
from assistant.llm.structured import FieldText
from assistant.checks import relations
from assistant.checks.publish import whole_sentences
from assistant.prompt import case_of, compact, correction_note, static_messages, user_message
from assistant.turn.timing import Timings
from assistant.types import GuardReport, Source
from tools.text import SENTENCE_BOUNDARY, flat_passage

MAX_HISTORY_CHARS = 6000  # ~2k tokens of earlier turns in a 4k context
MAX_KEPT_TURNS = 20  # stored per conversation: a flood of messages must not grow it without bound


def history(messages: list[dict]) -> list[dict]:
    """Earlier turns verbatim (so llama.cpp reuses their KV cache), oldest dropped past the budget."""
    kept: list[dict] = []
    total = 0
    for m in reversed(messages):
        total += len(m["content"])
        if total > MAX_HISTORY_CHARS:
            break
        kept.insert(0, m)
    return kept[1:] if kept and kept[0]["role"] == "assistant" else kept


def check(sentence: str, allowed: guard.Grounding, report: GuardReport, shown: set[str],
          unknown: list[str], before: str = "") -> str | None:
    """The sentence (with a trailing space) if grounded, '' if empty or a repeat, None if it violates.
    `before`: the sentence shown just before it, which a pointer ("Это больше, чем …") compares against."""
    s = guard.tidy(sentence.strip())
    if not s or not re.search(r"[^\W\d_]", s):
        return ""  # nothing in words: a list's empty items ("2. 3.", a hurried question at 2adfcc9)
    report.checked_numbers += len(guard.numbers_in(s))
    if before and _ORPHAN.match(s) and relations.order_errors(f"{before.strip()} {s}"):
        report.dropped_sentences.append(s)  # "… 2400 Вт. Это больше, чем блок питания (4×1600 Вт)." (ru-fresh2-psu-8x)
        return None
    if bad := guard.violations(s, allowed, unknown):
        # a copied sentence is no one's advice, none of its clauses either (32e1dec: "Уточните у менеджера.")
        cut = None if "echo" in bad else guard.without_bad_alternative(s, allowed, unknown)
        if cut is None:
            report.dropped_sentences.append(s)
            return None
        s, dropped = cut  # the bad clause dropped, the rest shown
        report.dropped_sentences.append(dropped)
    key = " ".join(re.findall(r"\w+", s.lower()))
    if key in shown or any(_same(key, k) for k in shown):
        return ""
    shown.add(key)
    return s + " "


# a sentence that leans on the one before it: shown after that one was dropped, it points at nothing ("Это включает
# активации и буферы, а также KV-кэш.", explain-eval ru-fresh-q4-followup); a consequence loses only its connector
_ORPHAN = re.compile(r"^(?:это|этим|этого|такое|this|that|these|those|it)\b(?!\s+(?:модел|карт|сервер|model|card|server|gpu))",
                     re.I)
_CONSEQUENCE = re.compile(r"^(?:поэтому|так что|следовательно|таким образом|therefore|so|thus|hence),?\s+(?=\w)", re.I)


def after_a_drop(out: str, report: GuardReport) -> str:
    """`out` (a checked sentence shown right after a dropped one) as it can stand alone: '' for a bare pointer back."""
    if _ORPHAN.match(out):
        report.dropped_sentences.append(out.strip())
        return ""
    if m := _CONSEQUENCE.match(out):
        rest = out[m.end():]
        return rest[:1].upper() + rest[1:]
    return out


def _same(a: str, b: str) -> bool:
    """Nearly the same sentence again ("Да, можно обучить …" then "Да, можно дообучить …", explain-eval
    ru-fresh-qlora): most of its words already shown."""
    x, y = set(a.split()), set(b.split())
    return len(x) >= 6 and len(x & y) >= 0.7 * len(x | y)


def explain(backend: ChatBackend, conv: Any, question: str, computed: str, sources: list[Source],
            chars: int, lang: str, allowed: guard.Grounding, report: GuardReport, timings: Timings,
            max_tokens: int, timeout_s: float, structured: bool = False) -> Iterator[str]:
    shown: set[str] = set()
    correction = ""
    unknown = guard.unknown_products(question)
    # the worked turn like this answer; a follow-up keeps the first turn's, or its history is prefilled again
    case = getattr(conv, "prompt_case", None) if conv.messages else None
    case = case or case_of(compact(computed), question)
    start = static_messages(structured, lang, case)
    last = ""  # the sentence the customer saw last (either attempt): a pointer's comparison is checked against it
    for attempt in (1, 2):
        msg = user_message(question, computed, sources, lang, correction, chars)
        # the prompt as sent, less the question (whose own, looser test is the guard's): the facts there are the
        # block compacted, in another word order than the block the guard has (a copy of them was shown, 32e1dec)
        allowed.parts.append(user_message("", computed, sources, lang, correction, chars))
        messages = [*start, *history(conv.messages), {"role": "user", "content": msg}]
        t0 = time.perf_counter()
        buf, text_all, violated, timed_out, pieces = "", "", [], False, 0
        dropped_last = False  # the sentence before was dropped: the next may not point back at it
        fields = FieldText() if structured else None  # the grammar's JSON object, read as prose
        gen = backend.stream(messages, max_tokens)
        try:
            for raw in gen:
                text_all += raw  # as generated: the next turn's history must match the KV cache
                pieces += 1
                piece = fields.feed(raw) if fields else raw
                if not piece:
                    continue
                timings.values.setdefault("first_token", time.perf_counter() - t0)  # first word the customer sees
                buf += piece
                *done, buf = SENTENCE_BOUNDARY.split(buf) if re.search(r"[.!?…]\s|\n", buf) else [buf]
                for s in done:
                    out = check(s, allowed, report, shown, unknown, last)
                    if out is None and attempt == 1:
                        violated = guard.violations(guard.tidy(s), allowed, unknown) or ["claim"]
                        break
                    if out is None:
                        dropped_last = True
                        continue
                    if out and dropped_last:
                        out = after_a_drop(out, report)
                        dropped_last = out == ""  # a pointer dropped too: the next one may lean on it
                    if out:
                        last = out
                        yield out
                if violated:
                    break
                if time.perf_counter() - t0 > timeout_s:
                    timed_out = True
                    break
        finally:
            gen.close()
        timings.values[f"generate_{attempt}"] = time.perf_counter() - t0
        if not violated:
            cut = timed_out or pieces >= max_tokens - 1  # stopped by a limit, maybe mid-word: whole sentences only
            tail = whole_sentences(buf) if cut else buf
            out = check(tail, allowed, report, shown, unknown, last) if tail.strip() else ""
            if out and dropped_last:
                out = after_a_drop(out, report)
            if out:
                yield out
            conv.messages = [*conv.messages, {"role": "user", "content": msg},
                             {"role": "assistant", "content": text_all}][-2 * MAX_KEPT_TURNS:]
            if hasattr(conv, "prompt_case"):
                conv.prompt_case = case
            return
        report.regenerated = True
        report.violations += violated
        correction = correction_note(violated)


def quotes(sources: list[Source], has_facts: bool) -> str:
    """The guide's passages, quoted, where the model's explanation cannot be had (never an ingested
    document's text: it is not ours to vouch for)."""
    length = 400 if has_facts else 800  # knowledge-only answers rest on the passages alone
    return "\n\n".join(f"> **{_titled(s.title)}** {excerpt(s.text, length)}" for s in [x for x in sources if x.trusted][:2])


def _titled(title: str) -> str:
    """A title ends with one stop: "…модели?" stays as it is, not "…модели?." (the FAQ showed that)."""
    return title if title.rstrip().endswith(("?", "!", ".", "…")) else title + "."


def excerpt(text: str, length: int) -> str:
    """At most `length` characters of the passage, ended at its last whole sentence (a quote cut
    mid-word reads as a broken page); a single over-long sentence ends at a word, marked "…"."""
    plain = flat_passage(text)
    if len(plain) <= length:
        return plain
    return whole_sentences(plain[:length]) or plain[:length].rsplit(" ", 1)[0] + " …"
