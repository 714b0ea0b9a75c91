"""Answer-accuracy evaluation: the assistant (with the model, or --no-llm) against the same model
with no tools and no retrieval. Items live in knowledge/eval/answers.yaml."""
from __future__ import annotations

import re
import statistics
import time
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, Field

from assistant import guard
from bench import strict_numbers
from assistant.service import Assistant, Conversation

EVAL_FILE = Path(__file__).resolve().parent.parent / "knowledge" / "eval" / "answers.yaml"
BASELINE_SYSTEM = "You are a helpful assistant for choosing GPU servers. Answer briefly in {lang}."


class Item(BaseModel):
    id: str
    lang: str
    category: str
    turns: list[str]
    must: list[str | float] = Field(description="Numbers (any format) or strings ('a|b' = either) the last answer needs.")


class ItemResult(BaseModel):
    id: str
    lang: str
    category: str
    correct: bool
    missing: list[str]
    wrong_numbers: list[str]
    guard_interventions: int = 0
    seconds: float


def load_items(path: Path = EVAL_FILE) -> list[Item]:
    return [Item.model_validate(x) for x in yaml.safe_load(path.read_text(encoding="utf-8"))]


def _has_number(text: str, value: float) -> bool:
    tol = max(abs(value) * 0.005, 0.005)
    return any(abs(v - value) <= tol for _, vals in guard.numbers_in(text) for v in vals)


_NEGATIVE = re.compile(r"^(?:не|нет|not|no|does not|doesn't|won't|cannot)\b", re.I)


def _says(answer: str, phrase: str) -> bool:
    """`phrase` on word boundaries; a positive phrase only where it is not negated
    ("не помещается" does not say "помещается"; it does say "не помещается")."""
    from bench.explanation import affirms

    if phrase.endswith("*"):  # "облак*": any word starting so ("облака", "облаке"), judged as that word
        found = re.search(r"(?<!\w)" + re.escape(phrase[:-1]) + r"\w*", answer, re.I)
        return found is not None and _says(answer, found.group(0))
    pat = re.compile(r"(?<!\w)" + re.escape(phrase).replace(r"\ ", r"\s+") + r"(?!\w)", re.I)
    if _NEGATIVE.match(phrase.strip()):
        return bool(pat.search(answer))
    return affirms(answer, phrase)


def check(answer: str, must: list[str | float]) -> list[str]:
    missing = []
    for m in must:
        if isinstance(m, (int, float)):
            if not _has_number(answer, float(m)):
                missing.append(str(m))
        elif not any(_says(answer, alt.strip()) for alt in m.split("|")):
            missing.append(m)
    return missing


def _summary(results: list[ItemResult]) -> dict[str, Any]:
    def acc(rs):
        return round(sum(r.correct for r in rs) / len(rs), 3) if rs else None

    by_cat = {c: acc([r for r in results if r.category == c]) for c in sorted({r.category for r in results})}
    by_lang = {lang: acc([r for r in results if r.lang == lang]) for lang in ("ru", "en")}
    return {"n": len(results), "accuracy": acc(results), "by_category": by_cat, "by_language": by_lang,
            "wrong_number_share": round(sum(bool(r.wrong_numbers) for r in results) / max(len(results), 1), 3),
            "guard_interventions": sum(r.guard_interventions for r in results),
            "median_seconds": round(statistics.median(r.seconds for r in results), 2) if results else None,
            "failures": [{"id": r.id, "missing": r.missing, "wrong_numbers": r.wrong_numbers}
                         for r in results if not r.correct or r.wrong_numbers]}


def run_assistant(assistant: Assistant, items: list[Item], use_llm: bool) -> dict[str, Any]:
    results = []
    for it in items:
        t0 = time.perf_counter()
        conv = Conversation()
        res = None
        for q in it.turns:
            res = assistant.ask(conv, q, use_llm=use_llm)
        if res is None:
            raise ValueError(f"item {it.id} has no turns")
        facts = [f.model_dump() for f in res.facts]
        g = res.guard
        results.append(ItemResult(
            id=it.id, lang=it.lang, category=it.category, correct=not check(res.answer, it.must),
            missing=check(res.answer, it.must),
            # a quoted passage shows its title too ("Запас видеопамяти (VRAM) 20–30 %"): the guide's words, not a claim
            wrong_numbers=strict_numbers.unlinked(res.explanation, facts, [res.computed, *(f"{s.title} {s.text}"
                                                                                        for s in res.sources if s.trusted)],
                                                  it.turns),
            guard_interventions=int(g.regenerated) + len(g.dropped_sentences), seconds=time.perf_counter() - t0))
    return _summary(results)


def run_baseline(assistant: Assistant, items: list[Item]) -> dict[str, Any]:
    """The same model, no tools, no retrieval: its numbers are checked against what the tools compute."""
    backend = assistant.backend
    if backend is None:
        raise RuntimeError("the baseline needs a model backend")
    results = []
    for it in items:
        t0 = time.perf_counter()
        messages = [{"role": "system", "content": BASELINE_SYSTEM.format(lang="Russian" if it.lang == "ru" else "English")}]
        answer = ""
        ref_conv = Conversation()
        for q in it.turns:
            messages.append({"role": "user", "content": q})
            answer = "".join(backend.stream(messages, assistant.settings.llm.max_tokens))
            messages.append({"role": "assistant", "content": answer})
            ref = assistant.ask(ref_conv, q, use_llm=False)
        wrong = strict_numbers.unlinked(answer, [f.model_dump() for f in ref.facts], [ref.computed]) if ref.facts else []
        results.append(ItemResult(id=it.id, lang=it.lang, category=it.category, correct=not check(answer, it.must),
                                  missing=check(answer, it.must), wrong_numbers=wrong,
                                  seconds=time.perf_counter() - t0))
    return _summary(results)
