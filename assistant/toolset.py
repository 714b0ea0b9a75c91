"""The calculators as langchain-core tools, for models strong enough to call them.

Schemas come from the calculators' own pydantic models (never written twice). A model's tool
call is an extra signal, not an authority: `reconcile` keeps the deterministic extraction
where it found a value and accepts a model-proposed value only if it can be traced to the
customer's words (a number they wrote, a name the catalog resolves).
"""
from __future__ import annotations

import re
from typing import Any

from langchain_core.tools import StructuredTool
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import BaseModel, Field, ValidationError

from assistant.scenario import Scenario
from assistant.guard import numbers_in
from tools import catalog
from tools.cost import CostRequest, own_vs_cloud
from tools.errors import SizingError
from tools.memory import MemoryRequest, estimate_memory
from tools.power import power_budget
from tools.recommend import recommend


class PowerRequest(BaseModel):
    gpu: str = Field(description="GPU name, e.g. 'RTX 4090'.")
    count: int = Field(description="Number of GPUs.")
    cpus: int = Field(1, description="CPU sockets.")


def _memory(**kw) -> dict:
    return estimate_memory(MemoryRequest(**kw)).model_dump()


def _recommend(**kw) -> dict:
    return recommend(MemoryRequest(**kw)).model_dump()


def _power(**kw) -> dict:
    return power_budget(**PowerRequest(**kw).model_dump()).model_dump()


def _cost(**kw) -> dict:
    return own_vs_cloud(CostRequest(**kw)).model_dump()


TOOLS: list[StructuredTool] = [
    StructuredTool.from_function(_memory, name="estimate_memory", args_schema=MemoryRequest,
                                 description="Memory (bytes) to run or fine-tune a model: weights, KV cache, overheads."),
    StructuredTool.from_function(_recommend, name="recommend", args_schema=MemoryRequest,
                                 description="Ranked GPU configurations that fit a scenario."),
    StructuredTool.from_function(_power, name="power_budget", args_schema=PowerRequest,
                                 description="Power budget and PSU for N GPUs."),
    StructuredTool.from_function(_cost, name="own_vs_cloud", args_schema=CostRequest,
                                 description="Months until buying a server pays off against cloud rental."),
]
BY_NAME = {t.name: t for t in TOOLS}


def openai_schemas() -> list[dict]:
    return [convert_to_openai_tool(t) for t in TOOLS]


def _in_text(value: float, text: str) -> bool:
    return any(abs(v - value) <= 1e-6 * max(1.0, abs(value)) for _, vals in numbers_in(text) for v in vals)


def reconcile(scenario: Scenario, tool_name: str, args: dict[str, Any], text: str) -> tuple[Scenario, list[str]]:
    """Fold a model's tool call into the deterministic scenario; return notes on what was rejected."""
    notes: list[str] = []
    tool = BY_NAME.get(tool_name)
    if tool is None:
        return scenario, [f"unknown tool {tool_name!r} ignored"]
    schema = tool.args_schema
    if not (isinstance(schema, type) and issubclass(schema, BaseModel)):  # every tool above is built from one
        raise TypeError(f"tool {tool_name!r} has no pydantic v2 args_schema")
    try:
        validated = schema.model_validate(args).model_dump(exclude_unset=True)
    except ValidationError as exc:
        return scenario, [f"invalid arguments for {tool_name}: {exc.errors()[0]['msg']}"]
    proposed: dict[str, Any] = {}
    mapping = {"model": "model", "params_b": "params_b", "precision": "precision", "context": "context",
               "batch": "users", "task": "task", "gpu": "gpu", "count": "gpu_count", "gpus": "gpu_count",
               "server_price": "server_price", "cloud_hourly": "cloud_hourly", "hours_per_month": "hours_per_month"}
    for key, value in validated.items():
        field = mapping.get(key)
        if field is None or value is None or getattr(scenario, field) is not None:
            continue  # deterministic extraction wins where it found something
        if field in ("model", "gpu"):
            try:
                item = catalog.get_model(value) if field == "model" else catalog.get_gpu(value)
            except SizingError:
                notes.append(f"{field} {value!r} is not in the catalog: ignored")
                continue
            names = [item.id, item.name, *item.aliases]
            if not any(re.search(re.escape(n), text, re.I) for n in names):
                notes.append(f"{field} {value!r} not mentioned by the customer: ignored")
                continue
            proposed[field] = item.id
        elif isinstance(value, (int, float)):
            if _in_text(float(value), text) or (field == "context" and _in_text(value / 1024, text)):
                proposed[field] = value
            else:
                notes.append(f"{field}={value} does not appear in the question: ignored")
        elif isinstance(value, str) and value.lower() in text.lower():
            proposed[field] = value
    return scenario.model_copy(update=proposed), notes
