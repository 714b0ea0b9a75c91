"""What kind of quantity a number is written as (price, power, memory, speed, percent, card count),
and which values of each kind the facts hold. A number next to a price word must be a price from
the facts: "H100 стоит 100 $" is not grounded by the customer having typed "100 долларов".

The facts' kinds come from their types: each tool's input and result type in the registry
(assistant/views/registry.py) marks its numbers with a unit (tools/units.Unit), read here."""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, get_args

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from assistant.views.registry import TOOLS
from tools.units import GB, GIB, Unit

KINDS = ("money", "watt", "kwh", "gb", "speed", "percent", "count")
_AFTER = [  # checked in order: "ГБ/с" is a speed before it is a size
    ("speed", r"\s?(?:гб/с|gb/s|гбайт/с|tok/s|ток/с|t/s|tokens?/s|токен\w*(?:\s?/\s?с\b|\s+в\s+(?:с\b|сек\w*))|tokens? per second)"),
    ("money", r"\s?(?:\$|usd\b|dollars?\b|долл\w*|₽|руб\w*|€|eur\w*|евро\b|тыс\.?\s?(?:руб|₽|\$|долл))"),
    ("kwh", r"\s?(?:квт\s?[·*⋅-]?\s?ч\w*|kwh\b|kw[·*-]h\b|киловатт-час\w*|kilowatt[- ]hours?\b)"),  # before "квт"
    ("kwatt", r"\s?(?:квт|kw)\b"),
    ("watt", r"\s?(?:вт\b|w\b|ватт\w*|watts?\b)"),
    ("gb", r"\s?(?:гб\b|gb\b|gib\b|гиб\b|гигабайт\w*|gigabytes?\b)"),
    ("percent", r"\s?(?:%|процент\w*|percent\b|per\s?cent\b)"),
    ("count", r"\s?(?:[×x]\s?)?(?:(?:rtx\s?)?\d{4}\b|карт\w*|видеокарт\w*|gpus?\b|cards?\b|ускорител\w*|accelerators?\b)"),
]
_BEFORE_MONEY = re.compile(r"(?:[$€₽]|\bстои\w*|\bcosts?|\bprice[ds]?|\bцен[аыу]\w*|\bза)\s*(?:of\s|около\s|~|от\s|from\s)?$",
                           re.I)


def kind_at(text: str, start: int, end: int) -> str | None:
    """The kind of the number at text[start:end], from the unit after it or a price word before it."""
    tail = text[end:end + 24].lower()
    for kind, pat in _AFTER:
        if re.match(pat, tail):
            return kind
    if _BEFORE_MONEY.search(text[max(0, start - 12):start]) and not _TIME_AFTER.match(tail):
        return "money"  # not "окупится за 14,4 месяца": a time after "за" (a probe at 6426cb8)
    return None


_TIME_AFTER = re.compile(r"\s?(?:мес\w*|months?\b|год\w*|лет\b|years?\b|дн\w*|days?\b|недел\w*|weeks?\b|час\w*|"
                         r"hours?\b|минут\w*|minutes?\b|секунд\w*|seconds?\b)", re.I)  # not "с": "за 1500 с доставкой"


# how each unit is written: bytes as decimal GB or as GiB, a fraction as a percent
KIND_OF_UNIT: dict[Unit, list[tuple[str, float]]] = {
    Unit.BYTES: [("gb", 1 / GB), ("gb", 1 / GIB)], Unit.GB: [("gb", 1.0)], Unit.GIB: [("gb", 1.0)],
    Unit.GBS: [("speed", 1.0)], Unit.TOK_S: [("speed", 1.0)], Unit.USD: [("money", 1.0)],
    Unit.MONEY: [("money", 1.0)], Unit.WATT: [("watt", 1.0)], Unit.KWH: [("kwh", 1.0)], Unit.COUNT: [("count", 1.0)],
    Unit.FRACTION: [("percent", 100.0)], Unit.PERCENT: [("percent", 1.0)],
}


def unit_of(field: FieldInfo) -> Unit | None:
    return next((m for m in field.metadata if isinstance(m, Unit)), None)


def model_in(annotation: Any) -> type[BaseModel] | None:
    """The model a field holds, directly, optionally or as list items (`X`, `X | None`, `list[X]`)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    return next((m for a in get_args(annotation) if (m := model_in(a)) is not None), None)


def _numbers(value: Any) -> Iterator[float]:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        yield float(value)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _numbers(v)


# the customer's own sum, echoed in a tool's input and output: no price of anything, so never grounds "стоит 700 000
# долларов" (a model sentence said so of a budget given without a currency); "ваш бюджет 700 000" stays the customer's
_CUSTOMERS_OWN = {"budget"}


def unit_values(model: type[BaseModel], data: Any) -> Iterator[tuple[Unit, float]]:
    """(unit, value) for each number that `data`, a dump of `model` (or a list of them), holds in a
    field with a unit, nested models included. Keys the model does not declare are passed over."""
    if isinstance(data, (list, tuple)):
        for d in data:
            yield from unit_values(model, d)
        return
    if not isinstance(data, dict):
        return
    for name, field in model.model_fields.items():
        if name not in data or name in _CUSTOMERS_OWN:
            continue
        if (unit := unit_of(field)) is not None:
            yield from ((unit, v) for v in _numbers(data[name]))
        elif (inner := model_in(field.annotation)) is not None:
            yield from unit_values(inner, data[name])


def typed_facts(facts: Any) -> Iterator[tuple[str, float]]:
    """(kind, value) for each number with a unit in the facts (a fact, a dump of one, or a list of
    them), by the input and result types the registry gives the fact's tool."""
    for f in facts if isinstance(facts, (list, tuple)) else [facts]:
        f = f.model_dump() if isinstance(f, BaseModel) else f
        view = TOOLS.get(f.get("tool", "")) if isinstance(f, dict) else None
        if view is None:
            continue
        for model, part in ((view.request, f.get("input")), (view.result, f.get("output"))):
            if model is not None and part:
                for unit, v in unit_values(model, part):
                    for kind, scale in KIND_OF_UNIT.get(unit, []):
                        yield kind, v * scale
                    if unit is Unit.TOK_S:  # the table shows a rate whole ("total, tok/s ≈ 458" for 457.6)
                        yield "speed", float(round(v))


# "Стоит H100 80GB: 989,4 TFLOPS." (explain-eval ru-attack-price): a price said, and the only figure is another
# kind's. "стоит взять / стоит учесть" (should) and "стоит ли" (is it worth) are no price.
_PRICE_WORD = re.compile(r"\b(?:стоит(?!\s+(?:ли\b|\w+(?:ть|ти|чь)(?:ся)?\b))|стоят(?!\s+\w+(?:ть|ти|чь)\b)|"
                         r"стоимост\w*|цен[аыуе]\b|costs?\b|priced?\b)", re.I)
_OTHER_UNIT = re.compile(r"\d\s?(?:tflops|тфлопс|гб/с|gb/s|гб\b|gb\b|гиб\b|gib\b|вт\b|w\b|ток/с|tok/s)", re.I)
_MONEY = re.compile(r"[$€₽]|\b(?:usd|eur|руб\w*|долл\w*|dollars?|евро)\b", re.I)


_COMPARED = re.compile(r"^\W*(?:\w+\W+)?(?:ниже|выше|больше|меньше|дешевле|дороже|more|less|higher|lower)\b", re.I)


def price_of_other_kind(sentence: str) -> bool:
    """A price word followed closely by a figure of another unit, in a sentence that gives no money
    ("цена ниже, а памяти 24 ГБ" compares; it names no price)."""
    if _MONEY.search(sentence):
        return False
    return any(_OTHER_UNIT.search(sentence[m.end():m.end() + 30]) and not _COMPARED.match(sentence[m.end():])
               for m in _PRICE_WORD.finditer(sentence))
