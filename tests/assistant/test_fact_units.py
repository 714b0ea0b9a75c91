"""The guard reads each number's kind from the tool's types (units on the fields), not from key names:
every tool's fact, built by the pipeline for a representative question, yields the kinds it should,
and every key a fact holds is declared by the types the registry names for it."""
from __future__ import annotations

import pytest
from pydantic import BaseModel

from assistant.checks.kinds import model_in, typed_facts, unit_of
from assistant.scenario import Scenario
from assistant.turn.calculate import compute
from assistant.views.registry import TOOLS
from tools.units import GB, GIB, Unit

# tool -> (a question that produces its fact, the kinds its numbers are)
CASES: dict[str, tuple[dict, str, set[str]]] = {
    "vram": (dict(model="Llama-3-8B", gpu="rtx-4090", gpu_count=1), "vram", {"gb", "count"}),
    "fit": (dict(model="Llama-3-8B", gpu="rtx-4090", gpu_count=1), "vram", {"gb", "count"}),
    "min_gpus": (dict(model="Llama-3-8B", gpu="rtx-4090", gpu_count=1), "vram", {"gb", "count"}),
    "fit_options": (dict(model="Qwen2.5-14B", gpu="rtx-4090", gpu_count=1), "vram", {"gb", "count"}),
    "variants": (dict(model="Llama-3-8B"), "vram", {"gb", "count"}),
    "fit_card": (dict(model="Llama-3-8B", card_vram_gb=24), "vram", {"gb", "count"}),
    "recommend": (dict(model="Llama-3-70B"), "recommend", {"gb", "count", "money", "watt", "speed"}),
    "power": (dict(gpu="rtx-4090", gpu_count=4), "power", {"count", "watt"}),
    "build": (dict(gpu="rtx-4090", gpu_count=4), "power", {"count"}),
    "energy": (dict(gpu="rtx-4090", gpu_count=4, hours_per_month=730, electricity_price=6, currency="₽"), "power",
               {"watt", "kwh", "money"}),
    "gpu_spec": (dict(gpu="h100-sxm"), "gpu_info", {"gb", "watt", "speed", "money"}),
    "speed": (dict(model="Llama-3-8B", gpu="rtx-4090"), "speed", {"gb", "count", "speed"}),
    "no_speed": (dict(model="Llama-3-70B", gpu="rtx-4090", gpu_count=1), "speed", {"count"}),
    "cost": (dict(server_price=20000, cloud_hourly=8), "cost", {"money"}),
    "budget": (dict(model="Llama-3-70B", budget=15000, currency="$"), "recommend", {"money", "percent"}),
    "compare": (dict(gpus=["rtx-4090", "a100-80gb"], model="Llama-3-8B"), "compare",
                {"gb", "speed", "watt", "money", "count"}),
    "models_for_hardware": (dict(card_vram_gb=48, gpu_count=2), "models_for_hardware", {"gb", "count"}),
    "upgrade": (dict(model="Llama-3-70B", gpu="rtx-4090", gpu_count=2), "upgrade", {"gb", "count"}),
    "offload": (dict(model="DeepSeek-R1", ram_gb=512, gpu="rtx-4090"), "vram", {"gb", "count", "speed"}),
}


def _fact(tool: str) -> dict:
    scenario, intent, _ = CASES[tool]
    variants = {"context": [8192, 32768]} if tool == "variants" else None
    facts = [f.model_dump() for f in compute(Scenario(**scenario), intent, variants).facts]
    return next(f for f in facts if f["tool"] == tool)


def test_every_tool_has_a_case():
    assert set(CASES) == set(TOOLS)


def _undeclared(model: type[BaseModel], data, path: str = "") -> list[str]:
    if isinstance(data, list):
        return [u for d in data for u in _undeclared(model, d, path + "[]")]
    if not isinstance(data, dict):
        return []
    out = []
    for key, value in data.items():
        if key not in model.model_fields:
            out.append(f"{path}.{key}")
        elif (inner := model_in(model.model_fields[key].annotation)) is not None:
            out += _undeclared(inner, value, f"{path}.{key}")
    return out


@pytest.mark.parametrize("tool", sorted(CASES))
def test_a_tools_fact_yields_its_kinds_from_its_types(tool):
    f = _fact(tool)
    view = TOOLS[tool]
    assert view.request is not None
    assert _undeclared(view.request, f["input"]) == [] and _undeclared(view.result, f["output"]) == []
    view.request.model_validate(f["input"])
    view.result.model_validate(f["output"])
    assert {kind for kind, _ in typed_facts([f])} == CASES[tool][2]


def test_values_are_scaled_by_unit():
    facts = {tool: _fact(tool) for tool in ("fit_card", "power", "gpu_spec", "cost", "speed")}
    typed = set(typed_facts(list(facts.values())))
    card = facts["fit_card"]["output"]
    assert ("gb", card["free_bytes"] / GB) in typed and ("gb", card["free_bytes"] / GIB) in typed  # bytes: GB or GiB
    assert ("gb", 24.0) in typed and ("count", 1.0) in typed  # the card as the customer wrote it, and one card
    assert ("watt", float(facts["power"]["output"]["system_watts"])) in typed
    assert ("gb", 80.0) in typed and ("watt", 700.0) in typed  # H100 SXM: 80 GiB, 700 W
    assert ("money", float(facts["cost"]["output"]["cloud_monthly"])) in typed
    assert ("speed", facts["speed"]["output"]["decode_tokens_per_s_per_user"]) in typed


def test_a_fraction_is_written_as_a_percent():
    f = {"tool": "speed", "input": {}, "output": {"experts_touched_fraction": 0.25}}
    assert list(typed_facts([f])) == [("percent", 25.0)]


def test_a_key_name_alone_decides_nothing():
    # no tool, an unknown tool, or a key the tool's type does not declare: no kind, whatever the name says
    assert list(typed_facts([{"output": {"price_usd_min": 80, "total_bytes": 10**9}}])) == []
    assert list(typed_facts([{"tool": "nope", "output": {"price_usd_min": 80}}])) == []
    assert list(typed_facts([{"tool": "power", "output": {"price_usd_min": 80}}])) == []
    assert list(typed_facts([{"tool": "gpu_spec", "output": {"price_usd_min": 80}}])) == [("money", 80.0)]


def _fields(model: type[BaseModel], seen: set) -> list[tuple[str, str, object]]:
    if model in seen:
        return []
    seen.add(model)
    out = []
    for name, field in model.model_fields.items():
        out.append((model.__name__, name, unit_of(field)))
        if (inner := model_in(field.annotation)) is not None:
            out += _fields(inner, seen)
    return out


def test_memory_power_and_price_fields_carry_a_unit():
    """A new field written like a quantity the guard checks must say its unit (else it grounds nothing)."""
    seen: set = set()
    fields = [f for v in TOOLS.values() for m in (v.request, v.result) if m is not None for f in _fields(m, seen)]
    expect = {"_bytes": Unit.BYTES, "_watts": Unit.WATT, "_w": Unit.WATT, "price_usd_min": Unit.USD,
              "price_usd_max": Unit.USD, "_gbs": Unit.GBS, "_tokens_per_s": Unit.TOK_S}
    wrong = [(m, n, u) for m, n, u in fields for end, unit in expect.items() if n.endswith(end) and u is not unit]
    assert wrong == []
