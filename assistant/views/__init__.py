"""Facts -> what the customer reads first (Markdown, Russian or English).

Deterministic: every figure printed here is formatted from a tool output, so the checks can treat
this text as ground truth. Each tool's renderer is found through `registry.TOOLS`.
"""
from __future__ import annotations

from typing import Any

from assistant.types import Fact
from assistant.views.text import T


def render(facts: list[Fact], lang: str) -> str:
    from assistant.views.registry import TOOLS

    t = T[lang]
    lines: list[str] = []
    for f in facts:
        lines += TOOLS[f.tool].render(f.output, t, lang, f.input)
    return "\n".join(lines).strip()


def chart_data(facts: list[Fact]) -> dict[str, Any]:
    """Numbers for the UI's charts, in decimal GB / watts, taken from the same facts."""
    from assistant.views.registry import TOOLS

    charts: dict[str, Any] = {}
    for f in facts:
        if (view := TOOLS[f.tool]).chart is not None:
            charts.update(view.chart(f.output, f.input))
    return charts
