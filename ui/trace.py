"""The "How this was computed" trace and the sources block, as Markdown for collapsible chat steps.

The trace shows every calculator call with its inputs and outputs so a customer (or a sales
engineer) can re-check any figure; long nested outputs are trimmed to what a person reads.
"""
from __future__ import annotations

import json
from typing import Any

from assistant.safe_markdown import safe_markdown
from assistant.types import Fact, Source
from assistant.views.registry import label

WORDS = {"ru": {"in": "вход", "out": "результат", "time": "Время, с", "none": "Расчётов не было."},
         "en": {"in": "input", "out": "output", "time": "Time, s", "none": "No calculations were run."}}
MAX_JSON_CHARS = 1800  # a trace is for reading, not for dumping whole breakdowns of every candidate


def _slim(value: Any, depth: int = 0) -> Any:
    """Drop nested per-candidate breakdowns beyond the second level; they repeat the memory table."""
    if isinstance(value, dict):
        if depth >= 2:
            return "{…}"
        return {k: _slim(v, depth + 1) for k, v in value.items() if k != "breakdown"}
    if isinstance(value, list):
        return [_slim(v, depth + 1) for v in value[:8]]
    return value


def _json(value: Any) -> str:
    text = json.dumps(_slim(value), ensure_ascii=False, indent=1, default=str)
    return text if len(text) <= MAX_JSON_CHARS else text[:MAX_JSON_CHARS] + "\n…"


def trace_markdown(facts: list[Fact], lang: str, timings: dict[str, float] | None = None,
                   hosts: tuple[str, ...] = ()) -> str:
    """Under the safe-Markdown policy: inputs quote the customer's words (model names...)."""
    w = WORDS.get(lang, WORDS["ru"])
    if not facts:
        return w["none"]
    parts: list[str] = []
    for i, f in enumerate(facts, 1):
        parts.append(f"**{i}. {label(f.tool, lang)}** (`{f.tool}`)\n\n"
                     f"{w['in']}:\n```json\n{_json(f.input)}\n```\n{w['out']}:\n```json\n{_json(f.output)}\n```")
    if timings:
        parts.append(f"{w['time']}: " + ", ".join(f"{k} {v:.2f}" for k, v in timings.items()))
    return safe_markdown("\n\n".join(parts), hosts)


def sources_markdown(sources: list[Source], lang: str, empty: str, hosts: tuple[str, ...] = ()) -> str:
    """Passages are data, not markup: titles and excerpts under the safe-Markdown policy (an indexed
    document's image must not load, its links not be followed)."""
    if not sources:
        return empty
    out = []
    for i, s in enumerate(sources, 1):
        excerpt = safe_markdown(" ".join(s.text.split())[:280], hosts)
        out.append(f"**\\[{i}\\] {safe_markdown(' '.join(s.title.split()), hosts)}**\n> {excerpt}…")
    return "\n\n".join(out)
