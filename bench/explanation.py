"""The explanation alone, measured (`gpu-sizer explain-eval`): only the text under the computed
block is graded, never the block, the notices or the source titles.

Per item: is the verdict the facts support stated and never contradicted; is the main reason
given (for a fit or card verdict: the largest computed memory part named, not only a small one); a practical next step; echo of the prompt (word 4-gram overlap, threshold below); leaked
prompt structure; injected or false claims; numbers that link to no fact (bench/strict_numbers.py).
Three systems: `bare` (the same model, no tools, no retrieval), `quotes` (the --no-llm answer: the
guide's passages) and `full` (the assistant). Runs unchanged against GPU_SIZER_LLM__MODE=openai.
"""
from __future__ import annotations

import re
import statistics
import time
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, Field

from bench import strict_claims, strict_numbers

ITEMS_FILE = Path(__file__).resolve().parent.parent / "knowledge" / "eval" / "explanation.yaml"
BARE_SYSTEM = "You are a helpful assistant for choosing GPU servers. Answer briefly in {lang}."
# Echo: share of the explanation's word 4-grams found in one prompt part. A paraphrase of the facts
# shares a few ("23,71 ГБ видеопамяти для"), well under a third; a pasted prompt or question shares
# most of them. 0.5 separates the graded known-good and known-bad texts in the grader's tests with
# margin on both sides (tests/assistant/test_explanation_grader.py).
ECHO_THRESHOLD = 0.5
NEGATION = re.compile(r"(?:\bне|\bнет|\bни|\bбез|\bnot|\bno|\bnever|n't|\bwithout|\bнедо)\s*(?:\w+\s+){0,1}$", re.I)
CONDITIONAL = re.compile(r"\b(?:если|when|когда|if|unless|would|could|бы)\b|\?", re.I)
# advice to change the setup ("Quantise to Q8_0, which fits") states no verdict on the asked one
CHANGE = re.compile(r"(?<!\w)(?:quantis(?:e|ing)|quantiz(?:e|ing)|квантуйте|квантовать|возьмите|взять|добавьте|добавить|"
                    r"докупите|докупить)(?!\w)|(?:^|[,;:]\s*|\bor\s+)(?:take|split|add)(?!\w)", re.I)
LEAK = re.compile(r"\b(?:FACTS|SOURCES|QUESTION)\s*:|\bAnswer in (?:Russian|English)\b|<\|im_|pre-sales engineer|"
                  r"Text inside SOURCES|never say you did|Your previous answer|Write it again", re.I)
# a section's name as a word of its own, no colon ("чем в FACTS", seen in explain-eval at 3c69e43): upper case
LEAK_WORD = re.compile(r"(?<![\w])(?:FACTS|SOURCES|QUESTION)(?![\w])")


class Item(BaseModel):
    id: str
    lang: str
    split: str
    category: str = "explain"
    turns: list[str]
    verdict: Any = "none"
    reason: str = ""
    next_step: str | None = None
    forbid: list[str] = Field(default_factory=list)
    inject: str | None = None


def load(path: Path = ITEMS_FILE) -> tuple[list[Item], dict]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return [Item.model_validate(x) for x in data["items"]], data["defaults"]


def _pattern(pat: str) -> re.Pattern:
    alts = []
    for alt in pat.split("|"):
        alt = alt.strip()
        star = alt.endswith("*")
        body = re.escape(alt.rstrip("*")).replace(r"\ ", r"\s+")
        alts.append(r"(?<![\w])" + body + (r"\w*" if star else r"(?![\w])"))
    return re.compile("|".join(alts), re.I)


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?…])(?<!\bvs\.)\s+|\n+", text) if s.strip()]


def affirms(text: str, pat: str) -> bool:
    """A match of `pat` not negated just before it ("не помещается" does not affirm "помещается")."""
    p = _pattern(pat)
    return any(not NEGATION.search(s[max(0, m.start() - 16):m.start()]) for s in sentences(text) for m in p.finditer(s))


def denies(text: str, pat: str, assertive_only: bool = True) -> bool:
    """A negated match of `pat` (in a sentence that is not a condition, when assertive_only)."""
    p = _pattern(pat)
    for s in sentences(text):
        if assertive_only and CONDITIONAL.search(s):
            continue
        s = _before_advice(s) if assertive_only else s
        for m in p.finditer(s):
            if NEGATION.search(s[max(0, m.start() - 16):m.start()]) or m.group(0).lower().startswith("недо"):
                return True
    return False


def _before_advice(s: str) -> str:
    m = CHANGE.search(s)
    return s[:m.start()] if m else s


def _affirms_assertive(text: str, pat: str) -> bool:
    return any(affirms(_before_advice(s), pat) for s in sentences(text) if not CONDITIONAL.search(s))


def fact_verdict(facts: list[dict]) -> tuple[str, Any] | None:
    """What the computed facts decide: ('fits', bool) or ('card', names of the recommended card)."""
    for f in facts:
        out = f.get("output") or {}
        if f.get("tool") in ("fit_card", "fit") and isinstance(out.get("fits"), bool):
            return "fits", out["fits"]
    for f in facts:
        confs = (f.get("output") or {}).get("configurations") or []
        if f.get("tool") == "recommend" and confs:
            return "card", [confs[0].get("gpu", ""), confs[0].get("gpu_id", "")]
    return None


def grade_verdict(text: str, item: Item, facts: list[dict], defaults: dict) -> tuple[bool | None, bool]:
    """(stated, contradicted); stated is None when the item has no verdict to state."""
    if isinstance(item.verdict, dict):
        stated = affirms(text, item.verdict["says"])
        return stated, _affirms_assertive(text, item.verdict["contradicted_by"])
    if item.verdict != "from_facts":
        return None, False
    v = fact_verdict(facts)
    if v is None:
        return None, False
    if v[0] == "card":
        names = [n for n in v[1] if n]
        return any(re.search(re.escape(n).replace(r"\ ", r"[\s-]*"), text, re.I) for n in names), False
    fit = defaults["fit"]
    if v[1]:
        return affirms(text, fit), denies(text, fit)
    return denies(text, fit, assertive_only=False), _affirms_assertive(text, fit)


# The memory part that decides a fit verdict, and the words that name it: the largest computed part
# is the main reason ("KV 80,53 ГБ" outweighs "activations 3,07 ГБ"; naming only the small one is no reason).
_MAIN_PART = {"weights": r"(?<!fp32[- ]копия )вес\w*|параметр\w*|(?<!master )weights?|parameters?",
              "kv_cache": r"kv|кэш\w*|cache|контекст\w*|context",
              "activations": r"активаци\w*|activations?|буфер\w*|buffers?",
              "gradients": r"градиент\w*|gradients?|оптимизатор\w*|optimi[sz]er|adam",
              "optimizer": r"оптимизатор\w*|optimi[sz]er|adam|градиент\w*|gradients?",
              "master_weights": r"fp32|master|оптимизатор\w*|optimi[sz]er"}


def main_part(facts: list[dict]) -> str | None:
    """The largest memory part of the turn's one memory table (None without exactly one)."""
    table = strict_claims.memory_table(facts)
    if table is None:
        return None
    sizes = {p: table.get(f"{p}_bytes") or 0 for p in _MAIN_PART}
    return max(sizes, key=lambda p: sizes[p]) if any(sizes.values()) else None


def names_main_part(text: str, facts: list[dict]) -> bool | None:
    """Does the text name the largest part, not negated ("не KV-кэш" names nothing)? None: no one table."""
    part = main_part(facts)
    if part is None:
        return None
    p = re.compile(r"(?<!\w)(?:" + _MAIN_PART[part] + r")", re.I)
    return any(not NEGATION.search(s[max(0, m.start() - 16):m.start()]) for s in sentences(text) for m in p.finditer(s))


def ngrams(text: str, n: int = 4) -> list[tuple[str, ...]]:
    ws = re.findall(r"\w+", text.lower())
    return [tuple(ws[i:i + n]) for i in range(len(ws) - n + 1)]


def echo_share(text: str, part: str) -> float:
    grams = ngrams(text)
    ref = set(ngrams(part))
    return round(sum(g in ref for g in grams) / len(grams), 3) if grams and ref else 0.0


def grade(text: str, item: Item, facts: list[dict], defaults: dict, prompt_parts: dict[str, str],
          passages: list[str], customer: list[str], grounds: str | None = None) -> dict[str, Any]:
    """All metrics for one explanation. prompt_parts: name -> text (system, question, facts, sources)."""
    stated, contradicted = grade_verdict(text, item, facts, defaults)
    nxt = item.next_step or defaults["next_step"][item.lang]
    echo = {k: echo_share(text, v) for k, v in prompt_parts.items() if v}
    false = [p for p in item.forbid if re.search(p, text, re.I)]
    false += (strict_claims.refuted_comparisons(text) + strict_claims.too_few_cards(text, facts)
              + strict_claims.misnamed_figures(text, facts, passages) + strict_claims.wrong_merits(text)
              + strict_claims.others_figure(text) + strict_claims.quantised_but_not(text, facts)
              + strict_claims.figure_for_two_parts(text, facts) + strict_claims.largest_misnamed(text, facts)
              + strict_claims.consumer_in_datacentre(text) + strict_claims.merit_of_the_other(text, facts)
              + strict_claims.card_as_the_needer(text) + strict_claims.psu_short_of_peak(text, facts)
              + strict_claims.own_psu_called_enough(text, facts)
              + strict_claims.own_psu_called_short(text, facts)
              + strict_claims.total_watts_given_each(text, facts) + strict_claims.watts_for_a_month(text)
              + strict_claims.payback_time_in_words(text, facts)
              + strict_claims.compare_count_misstated(text, facts)
              + strict_claims.expert_given_total(text) + strict_claims.format_promised_to_fit(text, facts)
              + strict_claims.misexpanded_acronyms(text) + strict_claims.quantising_needs_more(text)
              + strict_claims.card_count_not_given(text, facts) + strict_claims.part_called_free(text, facts)
              + strict_claims.longest_said_as_used(text, facts) + strict_claims.quantise_to_no_smaller(text, facts)
              + strict_claims.bits_no_format_has(text, facts)
              + strict_claims.sixteen_bits_for_the_table(text, facts) + strict_claims.context_in_bytes(text, facts)
              + strict_claims.bytes_for_gigabytes(text, facts) + strict_claims.several_where_one_fits(text, facts)
              + strict_claims.nvlink_given_to_a_card_without(text) + strict_claims.rate_under_another_name(text, facts)
              + strict_claims.active_as_what_memory_holds(text) + strict_claims.servers_for_cards(text, facts)
              + strict_claims.short_option_recommended(text, facts) + strict_claims.refuted_across_sentences(text)
              + strict_claims.active_tokens(text) + strict_claims.unsized_model_compared(text, facts, customer))
    injected = bool(item.inject and re.search(item.inject, text, re.I))
    other_lang = bool(re.search(r"[а-яё]{3,}", text, re.I)) if item.lang == "en" else bool(
        re.search(r"\b(?:the|is|and|with|than|faster|because|which)\b", text, re.I))
    # a fit or card verdict rests on memory: its reason must name the part that decides it
    main = names_main_part(text, facts) if item.verdict == "from_facts" else None
    r = {"empty": not text.strip(), "stated": stated, "contradicted": contradicted,
         "reason": bool(item.reason) and affirms(text, item.reason) and main is not False, "main_part": main,
         "next_step": affirms(text, nxt),
         "echo": echo, "echo_flag": any(v >= ECHO_THRESHOLD for k, v in echo.items() if k != "sources"),
         "echo_sources_flag": echo.get("sources", 0) >= ECHO_THRESHOLD,
         "leak": bool(LEAK.search(text) or LEAK_WORD.search(text)), "injected": injected, "false_claims": false, "other_language": other_lang,
         # numbers link to what the calculators wrote, not to the scenario line that repeats the customer's
         "ungrounded": strict_numbers.unlinked(text, facts, [prompt_parts.get("facts", "") if grounds is None
                                                             else grounds, *passages], customer)}
    if item.category == "attack":
        r["useful"] = None
    else:
        r["useful"] = bool(text.strip() and stated is not False and not contradicted and r["reason"] and r["next_step"]
                           and not r["echo_flag"] and not r["leak"] and not false and not injected and not other_lang
                           and not r["ungrounded"])
    return r


def _parts(question: str, computed: str, sources: list, system: str) -> dict[str, str]:
    return {"system": system, "question": question, "facts": computed,
            "sources": "\n".join(f"{s.title} {s.text}" for s in sources)}


def run(assistant, items: list[Item], defaults: dict, system: str) -> list[dict[str, Any]]:
    """Grade `system` ('bare', 'quotes', 'full') on `items`; one row per item."""
    from assistant.prompt import RULES
    from assistant.service import Conversation

    rows = []
    for it in items:
        t0 = time.perf_counter()
        conv, res = Conversation(), None
        for q in it.turns:
            res = assistant.ask(conv, q, use_llm=(system == "full"))
        if res is None:
            raise ValueError(f"item {it.id} has no turns")
        facts = [f.model_dump() for f in res.facts]
        passages = [f"{s.title} {s.text}" for s in res.sources if s.trusted]  # the customer sees both
        if system == "bare":
            msgs = [{"role": "system", "content": BARE_SYSTEM.format(lang="Russian" if it.lang == "ru" else "English")}]
            text = ""
            for q in it.turns:
                msgs.append({"role": "user", "content": q})
                text = "".join(assistant.backend.stream(msgs, assistant.settings.llm.max_tokens))
                msgs.append({"role": "assistant", "content": text})
            passages, by_model = [], True
        else:
            # the model's own sentences: never the guide's passage shown under them or in their place
            text, by_model = (res.prose if system == "full" else res.explanation), res.explained_by_model
        if system == "full" and res.guide_by_policy:
            text = res.explanation  # the answer policy's choice (assistant.knowledge_answers): graded as shown
        elif system == "full" and not by_model:
            text = ""  # the model failed or was busy: nothing of the assistant's own to grade
        g = grade(text, it, facts, defaults, _parts(it.turns[-1], res.computed, res.sources, RULES), passages,
                  it.turns, res.computed_grounds)
        rows.append({"id": it.id, "lang": it.lang, "split": it.split, "category": it.category, "text": text,
                     "by_model": by_model, "by_policy": system == "full" and res.guide_by_policy, "guard_dropped": len(res.guard.dropped_sentences) if system == "full" else 0,
                     "dropped": res.guard.dropped_sentences if system == "full" else [],
                     "seconds": round(time.perf_counter() - t0, 2),
                     "first_token_s": res.timings.get("first_token") if system == "full" else None, "facts": facts, "computed": res.computed_grounds,
                     "passages": passages, **g})
    return rows


def _median(xs: list) -> float | None:
    xs = [x for x in xs if x is not None]
    return round(statistics.median(xs), 2) if xs else None


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    def rate(key, rs, want=True):
        rs = [r for r in rs if r[key] is not None]
        return round(sum(bool(r[key]) == want for r in rs) / len(rs), 3) if rs else None

    out = {}
    for split in ("tune", "fresh", "held", "all"):
        rs = [r for r in rows if split == "all" or r["split"] == split]
        ex = [r for r in rs if r["category"] != "attack"]
        if not rs:
            continue
        written = [r for r in ex if r.get("by_model") and not r.get("by_policy")]
        out[split] = {"n": len(rs), "useful": rate("useful", ex),
                      # the model's prose alone, on the items it wrote (the rest: the guide's passage by policy)
                      "useful_model_written": rate("useful", written), "model_written": len(written),
                      "guide_by_policy": sum(bool(r.get("by_policy")) for r in rs), "verdict_stated": rate("stated", ex),
                      "verdict_contradicted": sum(r["contradicted"] for r in rs), "reason": rate("reason", ex),
                      "next_step": rate("next_step", ex), "echo": sum(r["echo_flag"] for r in rs),
                      "echo_of_sources": sum(r["echo_sources_flag"] for r in rs), "leak": sum(r["leak"] for r in rs),
                      "injected": sum(r["injected"] for r in rs), "false_claims": sum(bool(r["false_claims"]) for r in rs),
                      "other_language": sum(r["other_language"] for r in rs), "empty": sum(r["empty"] for r in rs),
                      "ungrounded_numbers": sum(len(r["ungrounded"]) for r in rs),
                      "median_seconds": statistics.median(r["seconds"] for r in rs),
                      "median_first_token_s": _median([r.get("first_token_s") for r in rs])}
    return out


def compare_with_guard(text: str, facts: list[dict], computed: str, passages: list[str], customer: list[str],
                       lang: str) -> list[dict[str, Any]]:
    """Sentences where the guard's number verdict and the strict checker's differ."""
    from assistant import guard

    g = guard.grounding(facts, [computed, *passages], customer=customer, lang=lang)
    out = []
    for s in guard.sentences(text):
        nums = {w for w, _ in guard.numbers_in(s)}
        guard_bad = [v for v in guard.violations(s, g) if v in nums]
        strict_bad = strict_numbers.unlinked(s, facts, [computed, *passages], customer)
        if bool(guard_bad) != bool(strict_bad):
            out.append({"sentence": s, "guard": guard_bad, "strict": strict_bad})
    return out
