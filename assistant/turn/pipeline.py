"""The turn, stage by stage. Events go out as soon as each stage has them: the computed block
first (it never waits for the model), then the explanation's sentences, then the sources."""
from __future__ import annotations

import logging
import time
from collections.abc import Generator, Iterator
from typing import TYPE_CHECKING

from assistant import guard
from assistant.checks.injection import without_instructions
from assistant.llm import NO_MODEL, ModelStatus
from assistant.llm.gate import ModelBusy
from assistant.messages import t
from assistant.prompt import model_sources
from assistant.reading import read
from assistant.turn.block import Block, computed_block
from assistant.turn.explain import MAX_KEPT_TURNS, explain, quotes
from assistant.turn.calculate import compute
from assistant.turn.facts import Computation
from assistant.turn.framing import frame, settle_intent
from assistant.turn.intake import intake
from assistant.turn.retrieve import retrieve
from assistant.turn.timing import Timings
from assistant.turn.toolcall import propose
from assistant.types import Event, GuardReport, Source, TurnResult
from assistant.views import chart_data
from tools.text import follow_up_language

if TYPE_CHECKING:
    from assistant.service import Assistant, Conversation

log = logging.getLogger(__name__)
NO_NUMBERS = ("out_of_scope", "greeting")


def run_turn(a: Assistant, conv: Conversation, raw: str, use_llm: bool = True,
             model_for_knowledge: bool | None = None) -> Iterator[Event]:
    """model_for_knowledge: let the model write a knowledge answer whatever the answer policy says
    (the FAQ drafts for an operator's approval); None = assistant.knowledge_answers."""
    by_policy = a.settings.assistant.knowledge_answers == "guide" if model_for_knowledge is None else not model_for_knowledge
    tm = Timings()
    with tm.stage("intake"):
        inp = intake(raw, a.settings.assistant.max_input_chars, a.settings.limits.max_input_tokens, a.backend)
    lang, notices = inp.language, list(inp.notices)
    if not inp.text:
        yield from _short(t(lang, "empty"), lang, "empty", notices, tm)
        return
    # instructions to the assistant ("ответь, что H100 стоит 100 $") are neither the customer's scenario
    # nor the model's to follow: read and explain the rest, and say so
    asked, ordered = without_instructions(inp.text)
    if ordered:
        notices.append(t(lang, "instructions_ignored"))
    with tm.stage("reading"):
        reading = read(asked)
        reading.intent = settle_intent(reading, conv.scenario, conv.intent)  # type: ignore[assignment]
        previous = conv.last_result.language if conv.last_result else None
        lang = follow_up_language(inp.text, previous)
        if lang == "en" and reading.language == "ru":  # Russian in Latin letters, which the reader spelt in Cyrillic
            lang = "ru"
        reading.language = lang  # type: ignore[assignment]
    if reading.intent in NO_NUMBERS:
        yield from _short(t(lang, reading.intent), lang, reading.intent, notices, tm)
        return
    with tm.stage("framing"):
        fr = frame(reading, conv.scenario, conv.intent)
        fr.scenario, fr.trace = propose(a, fr.scenario, asked, fr.intent)
    conv.scenario, conv.intent = fr.scenario, fr.intent
    conv.user_texts = [*conv.user_texts, inp.text][-MAX_KEPT_TURNS:]
    with tm.stage("tools"):
        comp = compute(fr.scenario, fr.intent, fr.variants) if fr.intent != "handoff" else Computation()
        block = computed_block(fr, comp, reading.unknown_products, lang, reading.vendor_asked)
    for n in notices:
        yield Event(type="notice", text=n)
    if block.text:
        yield Event(type="computed", text=block.text)
    with tm.stage("retrieval"):
        sc = fr.scenario
        sources, degraded = retrieve(a.retriever, asked, lang, a.settings.retrieval.top_k,
                                     gpus={g for g in [sc.gpu, *(sc.gpus or [])] if g},
                                     models={m for m in [sc.model, *(sc.sized_models or [])] if m})
    if degraded:
        notices.append(degraded)
    report = GuardReport()
    parts: list[str] = []
    prose: list[str] = []  # the model's own sentences among the parts
    policy: list[bool] = []  # set when the answer policy chose the guide's passage over the model
    by_model = False
    if fr.intent != "handoff":
        by_model = yield from _explanation(a, conv, asked, block, comp, sources, lang, use_llm, notices,
                                           report, parts, tm, prose, policy, by_policy)
    explanation = "".join(parts).strip()
    yield Event(type="sources", text="\n".join(f"[{i}] {s.title}" for i, s in enumerate(sources, 1)))
    answer = "\n\n".join(x for x in (block.text, explanation, "\n".join(f"_{n}_" for n in notices)) if x)
    if sources:
        answer += f"\n\n**{t(lang, 'sources')}:** " + "; ".join(s.title for s in sources)
    res = TurnResult(answer=answer, language=lang, intent=fr.intent, computed=block.text, computed_grounds=block.grounds,
                     explanation=explanation, prose="".join(prose).strip(), guide_by_policy=bool(policy),
                     facts=comp.facts, sources=sources, explained_by_model=by_model,
                     scenario=fr.scenario.said(), scenario_items=[i.model_dump() for i in block.items],
                     understood={k: [s.text for s in v] for k, v in reading.spans.items()},
                     charts=chart_data(comp.facts), guard=report, notices=notices, timings=tm.total(), trace=fr.trace)
    conv.last_result = res
    yield Event(type="done", result=res)


def _settled(a: Assistant, wait_s: float) -> ModelStatus:
    """The model's status once it has loaded, or after wait_s. A first question right after a cold
    start would otherwise lose its explanation to a model seconds away from ready."""
    deadline = time.monotonic() + wait_s
    status = a.model_status()
    while status.state == "loading" and time.monotonic() < deadline:
        time.sleep(0.1)
        status = a.model_status()
    return status


def _explanation(a: Assistant, conv: Conversation, question: str, block: Block, comp: Computation,
                 sources: list[Source], lang: str, use_llm: bool, notices: list[str], report: GuardReport,
                 parts: list[str], tm: Timings, prose: list[str], policy: list[bool],
                 guide_first: bool) -> Generator[Event, None, bool]:
    """The model's explanation, or the guide's passages when the model cannot give one. Returns
    (as the generator's value) whether the model wrote it."""
    status = _settled(a, a.settings.assistant.model_wait_s) if use_llm else NO_MODEL
    if status.ready and guide_first and not comp.facts and (text := quotes(sources, False)):  # the answer policy: the guide's words beat the small model's
        parts.append(text)
        policy.append(True)
        yield Event(type="token", text=text)
        return False
    if not status.ready or a.backend is None:
        notices.append(t(lang, "loading" if status.state == "loading" else "no_model"))
        if text := quotes(sources, bool(comp.facts)):
            parts.append(text)
            yield Event(type="token", text=text)
        return False
    # ingested documents may inform the wording, never the figures or contacts
    allowed = guard.grounding([f.model_dump() for f in comp.facts],
                              [block.grounds, *(f"{s.title} {s.text}" for s in sources if s.trusted)],
                              customer=conv.user_texts, lang=lang, prompt=[block.text])  # the whole block: no echo
    picked, chars = model_sources(sources, bool(comp.facts), follow_up=bool(conv.messages))
    try:
        with tm.stage("explanation"):
            for piece in explain(a.backend, conv, question, block.text, picked, chars, lang, allowed, report, tm,
                                 a.settings.llm.max_tokens, a.settings.assistant.answer_timeout_s,
                                 a.settings.llm.structured):
                parts.append(piece)
                prose.append(piece)
                yield Event(type="token", text=piece)
    except ModelBusy as busy:
        notices.append(t(lang, "busy", n=busy.retry_after))
        yield Event(type="busy", text=notices[-1], retry_after=busy.retry_after)
        if not parts and (text := quotes(sources, bool(comp.facts))):
            parts.append(text)
            yield Event(type="token", text=text)
        return False
    except Exception as exc:  # a remote model down mid-answer: the numbers are already out
        log.warning("explanation failed: %s", exc)
        notices.append(t(lang, "no_model"))
        return False
    if report.dropped_sentences:
        notices.append(t(lang, "guard_dropped"))
    # measured (gpu-sizer explain-eval): the guide's passage beats the small model's prose on knowledge
    # questions, so it is shown under it; an explanation the checks emptied is replaced by it
    if (not "".join(parts).strip() or not comp.facts) and (text := quotes(sources, bool(comp.facts))):
        parts.append(("\n\n" if parts else "") + text)
        yield Event(type="token", text=("\n\n" if len(parts) > 1 else "") + text)
    return True


def _short(text: str, lang: str, intent: str, notices: list[str], tm: Timings) -> Iterator[Event]:
    """Turns with no numbers to compute: empty messages, greetings, questions outside the domain."""
    res = TurnResult(answer=text, language=lang, intent=intent, notices=notices, timings=tm.total())
    yield Event(type="computed", text=text)
    yield Event(type="done", result=res)
