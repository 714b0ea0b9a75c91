"""The assistant: extraction -> calculators -> computed block (streamed first) -> retrieval
-> grounded explanation (streamed by sentence, guarded) -> sources.

Adapters (CLI, REST, Gradio, widget) only call `Assistant.stream` / `Assistant.ask`.
"""
from __future__ import annotations

import logging
import re
import threading
import time
import uuid
from pathlib import Path
from typing import Iterator

from pydantic import BaseModel, Field

from assistant import guard
from assistant.compute import compute
from assistant.extract import Scenario, extract, merge
from assistant.llm import ChatBackend, create_backend
from assistant.messages import t
from assistant.prompt import SYSTEM, correction_note, model_sources, user_message
from assistant.render import chart_data, render
from assistant.settings import Settings, get_settings
from assistant.types import Event, GuardReport, Source, TurnResult
from knowledge.documents import DOCS_DIR

log = logging.getLogger(__name__)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]|[\U000e0000-\U000e007f]")
MAX_HISTORY_CHARS = 6000  # ~2k tokens of earlier turns in a 4k context
MAX_KEPT_TURNS = 20  # stored per conversation: a flood of messages must not grow it without bound
UNKNOWN = {"ru": "Нет в нашем каталоге: {names}. Характеристик и цен для этого у меня нет, и цифры ниже это не "
                 "описывают; проверьте название или уточните у менеджера.",
           "en": "Not in our catalog: {names}. I have no specifications or prices for it, and the figures below "
                 "do not describe it; check the name or ask a manager."}
_NEGATIVE = re.compile(r"(?<![\w.,])[-−]\s?\d+(?:[.,]\d+)?")  # "-4 cards", not "Llama-3-8B" or "20-25"
NEGATIVE = {"ru": "Отрицательные значения ({values}) не имеют смысла для количества, контекста и цен — проверьте, "
                  "какие значения учтены в расчёте.",
            "en": "Negative values ({values}) make no sense for counts, context or prices; check which values "
                  "the calculation used."}


class Conversation(BaseModel):
    id: str = Field(default_factory=lambda: uuid.uuid4().hex)
    scenario: Scenario | None = None
    intent: str | None = None
    messages: list[dict] = Field(default_factory=list, description="Earlier turns as sent to the model.")
    user_texts: list[str] = Field(default_factory=list)
    last_result: TurnResult | None = None


class ModelBusy(RuntimeError):
    """The model has no room for this explanation (queue full or the wait ran out): the turn goes
    on without it, because the computed numbers do not need the model."""

    def __init__(self, retry_after: int):
        super().__init__(f"model busy; retry after {retry_after} s")
        self.retry_after = retry_after


def clean_input(text: str, limit: int) -> tuple[str, bool]:
    """Strip invisible/control characters (prompt-smuggling carriers) and cap the length."""
    text = _CONTROL.sub("", text or "").strip()
    return (text[:limit], True) if len(text) > limit else (text, False)


class Assistant:
    def __init__(self, settings: Settings | None = None, backend: ChatBackend | None | str = "auto",
                 retriever=None, background_load: bool = False):
        self.settings = settings or get_settings()
        self.backend = create_backend(self.settings.llm, background=background_load) if backend == "auto" else backend
        self._retriever = retriever
        self._retriever_lock = threading.Lock()

    @property
    def retriever(self):
        with self._retriever_lock:
            if self._retriever is None:
                from knowledge.retrieval import Retriever

                self._retriever = Retriever(self.settings)
            return self._retriever

    def model_status(self) -> str:
        return "none" if self.backend is None else self.backend.status()

    def ask(self, conv: Conversation, text: str, use_llm: bool = True) -> TurnResult:
        result = None
        for ev in self.stream(conv, text, use_llm=use_llm):
            if ev.type == "done":
                result = ev.result
        return result

    def stream(self, conv: Conversation, text: str, use_llm: bool = True) -> Iterator[Event]:
        t0 = time.perf_counter()
        timings: dict[str, float] = {}
        text, truncated = clean_input(text, self.settings.assistant.max_input_chars)
        text, cut = self._cap_tokens(text)
        ex = extract(text) if text else None
        lang = ex.language if ex else "ru"
        notices = [t(lang, "truncated", n=len(text))] if truncated or cut else []
        if negative := _NEGATIVE.findall(text):  # the extraction reads digits, not signs: say so
            notices.append(NEGATIVE[lang].format(values=", ".join(dict.fromkeys(negative[:5]))))
        if not text:
            res = TurnResult(answer=t(lang, "empty"), language=lang, intent="empty")
            yield Event(type="computed", text=res.answer)
            yield Event(type="done", result=res)
            return
        intent = ex.intent if ex.intent != "followup" else (conv.intent or "vram")
        timings["extract"] = time.perf_counter() - t0

        if intent in ("out_of_scope", "greeting"):
            res = TurnResult(answer=t(lang, intent), language=lang, intent=intent, notices=notices,
                             timings={**timings, "total": time.perf_counter() - t0})
            yield Event(type="computed", text=res.answer)
            yield Event(type="done", result=res)
            return

        scenario = merge(conv.scenario, ex)
        scenario, tool_notes = self._model_tool_call(scenario, text, intent)
        conv.scenario, conv.intent = scenario, intent
        conv.user_texts = [*conv.user_texts, text][-MAX_KEPT_TURNS:]
        t1 = time.perf_counter()
        comp = compute(scenario, intent)
        computed = render(comp.facts, lang)
        for miss in comp.missing:
            computed += ("\n\n" if computed else "") + t(lang, f"missing_{miss}")
        for err in comp.errors:
            computed += ("\n\n" if computed else "") + f"{t(lang, 'error')}: {err}"
        if unknown := guard.unknown_products(text):  # said first, and the model reads it among the FACTS
            computed = UNKNOWN[lang].format(names=", ".join(unknown)) + ("\n\n" + computed if computed else "")
        if intent == "handoff":
            computed = t(lang, "handoff") + (f"\n\n**{t(lang, 'handoff_scenario')}:** " + _scenario_line(scenario)
                                             if not scenario.is_empty() else "")
        timings["tools"] = time.perf_counter() - t1
        for n in notices:
            yield Event(type="notice", text=n)
        if computed:
            yield Event(type="computed", text=computed)

        t2 = time.perf_counter()
        sources, degraded = self._retrieve(text, scenario, lang)
        if degraded:
            notices.append(degraded)
        timings["retrieval"] = time.perf_counter() - t2

        explanation, report, by_model = "", GuardReport(), False
        if intent != "handoff":
            status = self.model_status() if use_llm else "none"
            if status == "ready":
                # ingested documents may inform the wording, never the figures or contacts
                allowed = guard.grounding([f.model_dump() for f in comp.facts],
                                          [computed, *conv.user_texts,
                                           *(f"{s.title} {s.text}" for s in sources if s.trusted)])
                parts: list[str] = []
                picked, chars = model_sources(sources, bool(comp.facts), follow_up=bool(conv.messages))
                try:
                    for piece in self._explain(conv, text, computed, picked, chars, lang, allowed, report, timings):
                        parts.append(piece)
                        yield Event(type="token", text=piece)
                    by_model = True
                except ModelBusy as busy:
                    notices.append(t(lang, "busy", n=busy.retry_after))
                    yield Event(type="busy", text=notices[-1], retry_after=busy.retry_after)
                    if not parts and (quotes := _quotes(sources, comp.facts)):
                        parts.append(quotes)
                        yield Event(type="token", text=quotes)
                except Exception as exc:  # a remote model down mid-answer: the numbers are already out
                    log.warning("explanation failed: %s", exc)
                    notices.append(t(lang, "no_model"))
                explanation = "".join(parts).strip()
                if report.dropped_sentences:
                    notices.append(t(lang, "guard_dropped"))
            else:
                notices.append(t(lang, "loading" if status == "loading" else "no_model"))
                explanation = _quotes(sources, comp.facts)
                if explanation:
                    yield Event(type="token", text=explanation)

        yield Event(type="sources", text="\n".join(f"[{i}] {s.title}" for i, s in enumerate(sources, 1)))
        answer = "\n\n".join(x for x in (computed, explanation, "\n".join(f"_{n}_" for n in notices)) if x)
        if sources:
            answer += f"\n\n**{t(lang, 'sources')}:** " + "; ".join(s.title for s in sources)
        timings["total"] = time.perf_counter() - t0
        res = TurnResult(answer=answer, language=lang, intent=intent, computed=computed, explanation=explanation,
                         facts=comp.facts, sources=sources, explained_by_model=by_model,
                         scenario=scenario.model_dump(exclude_none=True),
                         charts=chart_data(comp.facts), guard=report, notices=notices, timings=timings,
                         trace=tool_notes)
        conv.last_result = res
        yield Event(type="done", result=res)

    def _cap_tokens(self, text: str) -> tuple[str, bool]:
        """Cut the message to limits.max_input_tokens, so prompt + history + answer stay inside the
        context: counted by the local model's own tokenizer once loaded, else ~3 characters a token."""
        limit = self.settings.limits.max_input_tokens
        llama = getattr(self.backend, "llama", None) if self.model_status() == "ready" else None
        if llama is None:
            return (text[: limit * 3].strip(), True) if len(text) > limit * 3 else (text, False)
        tokens = llama.tokenize(text.encode("utf-8"), add_bos=False)
        if len(tokens) <= limit:
            return text, False
        return llama.detokenize(tokens[:limit]).decode("utf-8", errors="ignore").strip(), True

    def _model_tool_call(self, scenario: Scenario, text: str, intent: str) -> tuple[Scenario, list[str]]:
        """Extra path for strong models: their tool call is reconciled with the deterministic scenario."""
        if not (self.settings.llm.tool_calls and hasattr(self.backend, "tool_call")
                and intent not in ("knowledge", "handoff")):
            return scenario, []
        from assistant.toolset import TOOLS, reconcile

        notes: list[str] = []
        try:
            for name, args in self.backend.tool_call([{"role": "user", "content": text}], TOOLS)[:1]:
                scenario, notes = reconcile(scenario, name, args, text)
        except Exception as exc:  # the deterministic path stands on its own
            notes.append(f"tool call failed: {exc.__class__.__name__}")
        return scenario, notes

    def _retrieve(self, text: str, scenario: Scenario, lang: str) -> tuple[list[Source], str | None]:
        try:
            hits = self.retriever.search(text, k=2 * self.settings.retrieval.top_k, language=lang)
        except Exception as exc:  # retrieval is helpful, never essential: numbers still go out
            log.warning("retrieval failed: %s", exc)
            return [], f"retrieval unavailable ({exc.__class__.__name__})"
        srcs, seen = [], set()
        for h in hits:  # one passage per document: several chunks of one doc are one source to a reader
            if h.doc_id not in seen:
                seen.add(h.doc_id)
                srcs.append(Source(id=h.id, title=h.title, text=h.text, doc_id=h.doc_id, score=h.score,
                               trusted=_trusted(h.source)))
        return srcs[: self.settings.retrieval.top_k], getattr(hits, "degraded", None)

    def _explain(self, conv: Conversation, question: str, computed: str, sources: list[Source], chars: int,
                 lang: str, allowed: guard.Grounding, report: GuardReport, timings: dict[str, float]
                 ) -> Iterator[str]:
        """Stream the model's explanation sentence by sentence; ungrounded sentences never reach the
        customer. The first violation triggers one regeneration with a correction note."""
        shown: set[str] = set()
        correction = ""
        unknown = guard.unknown_products(question)
        for attempt in (1, 2):
            tp = time.perf_counter()
            msg = user_message(question, computed, sources, lang, correction, chars)
            messages = [{"role": "system", "content": SYSTEM}, *self._history(conv), {"role": "user", "content": msg}]
            timings.setdefault("prompt", time.perf_counter() - tp)
            t0 = time.perf_counter()
            deadline = t0 + self.settings.assistant.answer_timeout_s
            buf, text_all, violated = "", "", []
            gen = self.backend.stream(messages, self.settings.llm.max_tokens)
            try:
                for piece in gen:
                    timings.setdefault("first_token", time.perf_counter() - t0)
                    buf += piece
                    text_all += piece
                    *done, buf = re.split(r"(?<=[.!?…])\s+|\n+", buf) if re.search(r"[.!?…]\s|\n", buf) else [buf]
                    for s in done:
                        out = self._check(s, allowed, report, shown, unknown)
                        if out is None and attempt == 1:
                            violated = guard.violations(s, allowed, unknown) or ["claim"]
                            break
                        if out:
                            yield out
                    if violated or time.perf_counter() > deadline:
                        break
            finally:
                gen.close()
            timings[f"generate_{attempt}"] = time.perf_counter() - t0
            if not violated:
                out = self._check(buf, allowed, report, shown, unknown) if buf.strip() else ""
                if out:
                    yield out
                conv.messages = [*conv.messages, {"role": "user", "content": msg},
                                 {"role": "assistant", "content": text_all}][-2 * MAX_KEPT_TURNS:]
                return
            report.regenerated = True
            report.violations += violated
            correction = correction_note(violated)

    @staticmethod
    def _check(sentence: str, allowed: guard.Grounding, report: GuardReport, shown: set[str],
               unknown: list[str] = ()) -> str | None:
        """The sentence (with a trailing space) if grounded, '' if a repeat, None if it violates
        (also: a figure next to a product the catalog does not know is an invented spec)."""
        s = sentence.strip()
        if not s:
            return ""
        report.checked_numbers += len(guard.numbers_in(s))
        if guard.violations(s, allowed, unknown):
            report.dropped_sentences.append(s)
            return None
        key = re.sub(r"\W+", "", s.lower())
        if key in shown:
            return ""
        shown.add(key)
        return s + " "

    def _history(self, conv: Conversation) -> list[dict]:
        """Earlier turns verbatim (so llama.cpp reuses their KV cache), oldest dropped past the budget."""
        msgs, total = [], 0
        for m in reversed(conv.messages):
            total += len(m["content"])
            if total > MAX_HISTORY_CHARS:
                break
            msgs.insert(0, m)
        if msgs and msgs[0]["role"] == "assistant":
            msgs = msgs[1:]
        return msgs


def _quotes(sources: list[Source], facts: list) -> str:
    """The guide's passages, quoted, where the model's explanation cannot be had (never an
    ingested document's text: it is not ours to vouch for)."""
    quote = 400 if facts else 800  # knowledge-only answers rest on the passages alone
    return "\n\n".join(f"> **{s.title}.** {_plain(s.text)[:quote]}" for s in [x for x in sources if x.trusted][:2])


def _trusted(source: str) -> bool:
    if source == "catalog":
        return True
    try:
        return Path(source).resolve().is_relative_to(DOCS_DIR)
    except (OSError, ValueError):
        return False


def _plain(text: str) -> str:
    """A passage as one quotable paragraph: headings and line breaks removed."""
    return " ".join(re.sub(r"^#+\s*", "", line) for line in text.splitlines() if line.strip())


def _scenario_line(s: Scenario) -> str:
    return ", ".join(f"{k}: {v}" for k, v in s.model_dump(exclude_none=True).items())
