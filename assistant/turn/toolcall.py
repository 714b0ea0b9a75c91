"""Optional, for strong remote models: their tool call may fill slots the reader left empty; it is
reconciled with the deterministic reading (which wins) and never trusted on its own."""
from __future__ import annotations

from typing import TYPE_CHECKING

from assistant.scenario import Scenario

if TYPE_CHECKING:
    from assistant.service import Assistant


def propose(a: Assistant, scenario: Scenario, text: str, intent: str) -> tuple[Scenario, list[str]]:
    backend = a.backend
    if not (a.settings.llm.tool_calls and backend is not None and backend.can_call_tools
            and intent not in ("knowledge", "handoff")):
        return scenario, []
    from assistant.toolset import TOOLS, reconcile

    notes: list[str] = []
    try:
        for name, args in backend.tool_call([{"role": "user", "content": text}], TOOLS)[:1]:
            scenario, notes = reconcile(scenario, name, args, text)
    except Exception as exc:  # the deterministic path stands on its own
        notes.append(f"tool call failed: {exc.__class__.__name__}")
    return scenario, notes
