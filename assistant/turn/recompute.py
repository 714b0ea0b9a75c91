"""A changed value, recomputed at once: the customer edits one item of the "Computed for" line (a chip
in the web app or the widget) and gets the new computed block — no reading, no retrieval, no model."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from assistant.scenario import Scenario
from assistant.turn.block import computed_block
from assistant.turn.calculate import compute
from assistant.turn.framing import Frame
from assistant.types import TurnResult
from assistant.views import chart_data
from tools import catalog
from tools.errors import SizingError
from tools.precision import get_precision

if TYPE_CHECKING:
    from assistant.service import Conversation

EDITABLE = ("model", "precision", "context", "users", "gpu", "gpu_count", "task", "runtime", "card_vram_gb", "ram_gb")
_POSITIVE = {"context": (1, 10_000_000), "users": (1, 100_000), "gpu_count": (1, 64), "card_vram_gb": (1, 1024),
             "ram_gb": (1, 65_536)}


def parse(slot: str, value: Any) -> Any:
    """The value as the scenario stores it; SizingError with one line when it makes no sense."""
    if slot not in EDITABLE:
        raise SizingError(f"'{slot}' cannot be changed here")
    if value in (None, ""):
        return None  # back to the default
    text = str(value).strip()
    if slot == "model":
        return catalog.get_model(text).id
    if slot == "gpu":
        return catalog.get_gpu(text).id
    if slot == "precision":
        return get_precision(text).name
    if slot in _POSITIVE:
        try:
            number = float(text.replace(",", ".").replace(" ", ""))
        except ValueError:
            raise SizingError(f"{slot}: '{text[:20]}' is not a number") from None
        lo, hi = _POSITIVE[slot]
        if not lo <= number <= hi:
            raise SizingError(f"{slot} must be between {lo} and {hi}")
        return number if slot.endswith("_gb") else int(number)
    return text


def recompute(conv: Conversation, changes: dict[str, Any], lang: str) -> TurnResult:
    """Apply the edits to the conversation's scenario and compute again (the intent stays)."""
    base = conv.scenario or Scenario()
    update = {slot: parse(slot, value) for slot, value in changes.items()}
    if "gpu" in update and update["gpu"]:
        update.setdefault("card_vram_gb", None)
    try:
        scenario = Scenario(**{**base.model_dump(), **update})
    except ValidationError as exc:
        raise SizingError(f"{exc.errors()[0]['loc'][0]}: {exc.errors()[0]['msg']}") from None
    intent = conv.intent or "vram"
    comp = compute(scenario, intent)
    block = computed_block(Frame(scenario=scenario, intent=intent), comp, [], lang)  # type: ignore[arg-type]
    conv.scenario = scenario
    res = TurnResult(answer=block.text, language=lang, intent=intent, computed=block.text, facts=comp.facts,  # type: ignore[arg-type]
                     scenario=scenario.said(), scenario_items=[i.model_dump() for i in block.items],
                     charts=chart_data(comp.facts))
    conv.last_result = res
    return res
