"""A changed value, recomputed at once: the customer edits one item of the "Computed for" line (a chip
in the web app or the widget) and gets the new computed block — no reading, no retrieval, no model."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from assistant.scenario import Scenario
from assistant.turn.block import computed_block
from assistant.turn.calculate import compute
from assistant.turn.framing import Frame
from assistant.types import TurnResult
from assistant.views import chart_data
from assistant.views.text import num
from tools import catalog
from tools.errors import SizingError
from tools.precision import get_precision

if TYPE_CHECKING:
    from assistant.service import Conversation

EDITABLE = ("model", "precision", "context", "users", "gpu", "gpus", "gpu_count", "task", "runtime", "card_vram_gb",
            "ram_gb", "psu_w", "cpus")
_POSITIVE = {"context": (1, 10_000_000), "users": (1, 100_000), "gpu_count": (1, 64), "card_vram_gb": (1, 1024),
             "ram_gb": (1, 65_536), "psu_w": (100, 100_000), "cpus": (1, 8)}
_WHOLE = {"psu_w", "cpus"}  # watts of a PSU are a whole number: 1500.5 is a typo, not a value to round silently
# a bad number is told to the customer, in their language, with the field as the form names it
_NAMES = {"ru": {"context": "контекст, токенов", "users": "число пользователей", "gpu_count": "число карт",
                 "card_vram_gb": "память карты, ГБ", "ram_gb": "ОЗУ, ГБ", "psu_w": "мощность вашего БП, Вт",
                 "cpus": "число процессоров"},
          "en": {"context": "context, tokens", "users": "number of users", "gpu_count": "number of cards",
                 "card_vram_gb": "card memory, GB", "ram_gb": "RAM, GB", "psu_w": "your PSU's power, W",
                 "cpus": "number of CPUs"}}
_SAY = {"ru": {"nan": "{name}: «{text}» — не число", "range": "{name}: нужно {kind} от {lo} до {hi}",
               "number": "число", "whole": "целое число"},
        "en": {"nan": "{name}: '{text}' is not a number", "range": "{name} must be {kind} between {lo} and {hi}",
               "number": "a number", "whole": "a whole number"}}
# the catalog's own errors are English; the Russian customer reads these (the English keeps the catalog's)
_UNKNOWN = {"slot": ("«{text}» здесь не меняется", "'{text}' cannot be changed here"),
            "model": ("модели «{text}» нет в каталоге",), "gpu": ("карты «{text}» нет в каталоге",),
            "precision": ("точность «{text}» не знаю",),
            "gpus": ("для сравнения нужны хотя бы две разные карты", "a comparison needs at least two different cards"),
            "many": ("сравниваю не больше {n} карт", "at most {n} cards are compared")}
_MOST_COMPARED = 8
# "1500", "1 500 Вт", "1500W", "1,5 кВт", "1.5 kW", "1,500": what a customer types for a PSU
_WATTS = re.compile(r"(?P<n>-?\d[\d.,]*)(?P<kilo>к|k)?(?:вт|w|ватт\w*|watts?)?")


def _number(slot: str, text: str) -> float:
    """The figure typed; ValueError when it is none."""
    text = re.sub(r"[\s\u00a0\u202f]", "", text).lower()
    if slot != "psu_w":
        return float(text.replace(",", "."))
    m = _WATTS.fullmatch(text)
    if not m:
        raise ValueError(text)
    digits = m["n"]
    thousands = re.fullmatch(r"-?\d{1,3}(,\d{3})+", digits)  # "1,500" is fifteen hundred, not one and a half
    number = float(digits.replace(",", "") if thousands else digits.replace(",", "."))
    return number * 1000 if m["kilo"] else number


def parse(slot: str, value: Any, lang: str = "ru") -> Any:
    """The value as the scenario stores it; SizingError with one line when it makes no sense."""
    if slot not in EDITABLE:
        raise SizingError(_UNKNOWN["slot"][lang == "en"].format(text=slot))
    if value in (None, ""):
        return None  # back to the default
    if slot == "gpus":  # the compared cards: a list from the form, or "RTX 4090, RTX 3090" typed
        names = value if isinstance(value, (list, tuple)) else str(value).split(",")
        if len(names) > _MOST_COMPARED:  # each name is a fuzzy catalog lookup: a long list is refused, not read
            raise SizingError(_UNKNOWN["many"][lang == "en"].format(n=_MOST_COMPARED))
        ids = list(dict.fromkeys(parse("gpu", n, lang) for n in names if str(n).strip()))
        if len(ids) < 2:
            raise SizingError(_UNKNOWN["gpus"][lang == "en"])
        return ids
    text = str(value).strip()
    if slot in ("model", "gpu", "precision"):
        try:
            return (catalog.get_model(text).id if slot == "model" else catalog.get_gpu(text).id if slot == "gpu"
                    else get_precision(text).name)
        except SizingError as exc:
            if lang == "en":
                raise
            hint = str(exc).partition("; ")[2].replace("did you mean:", "может быть,").replace("known:", "известные:").replace("(e.g.", "(например,")
            raise SizingError(_UNKNOWN[slot][0].format(text=text[:40]) + (f"; {hint}" if hint else "")) from None
    if slot in _POSITIVE:
        say, name = _SAY.get(lang, _SAY["ru"]), _NAMES.get(lang, _NAMES["ru"])[slot]
        try:
            number = _number(slot, text)
        except ValueError:
            raise SizingError(say["nan"].format(name=name, text=text[:20])) from None
        lo, hi = _POSITIVE[slot]
        if not lo <= number <= hi or (slot in _WHOLE and number != int(number)):
            kind = say["whole" if slot in _WHOLE else "number"]
            raise SizingError(say["range"].format(name=name, kind=kind, lo=num(lo, lang, 0), hi=num(hi, lang, 0)))
        return number if slot.endswith("_gb") else int(number)
    return text


def recompute(conv: Conversation, changes: dict[str, Any], lang: str) -> TurnResult:
    """Apply the edits to the conversation's scenario and compute again (the intent stays)."""
    base = conv.scenario or Scenario()
    update = {slot: parse(slot, value, lang) for slot, value in changes.items()}
    if "gpu" in update and update["gpu"]:
        update.setdefault("card_vram_gb", None)
    if "gpus" in update and update["gpus"] != base.gpus:
        update.setdefault("gpu_counts", None)  # the customer's counts were said for the cards taken off the table
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
