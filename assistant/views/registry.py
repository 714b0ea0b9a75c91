"""The tools as one typed table: for each calculator its input and result types, its labels, how its
fact is rendered and charted. Adding a calculator means adding one row here (and its function in
`tools/`). The types carry each number's unit (tools/units.Unit), which the grounding guard reads."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from assistant.views import hardware, memory, system
from assistant.views.shapes import (CardGpu, Cards, CompareRequest, FitCard, FitCardRequest, FitOptionsRequest,
                                    GpuSpec, NoSpeed, UpgradeRequest, VariantsRequest)
from tools.budget import BudgetCheck, BudgetRequest
from tools.build import BuildCheck
from tools.cost import CostRequest, CostResult
from tools.energy import EnergyRequest, EnergyResult
from tools.fit import FitOptions, FitResult, Variants
from tools.hardware import Comparison, HardwareFit, Upgrade
from tools.memory import MemoryBreakdown, MemoryRequest
from tools.offload import OffloadRequest, OffloadResult
from tools.power import PowerResult
from tools.recommend import Recommendation
from tools.throughput import ThroughputRequest, ThroughputResult
from tools.units import GB

Renderer = Callable[[dict, dict, str, dict], list[str]]  # (output, wording, language, input) -> lines
Chart = Callable[[dict, dict], dict[str, Any]]  # (output, input) -> chart data
_PARTS = ("weights", "kv_cache", "activations", "gradients", "optimizer", "master_weights", "cuda_context",
          "framework", "reserve")


def _memory_chart(o: dict, i: dict) -> dict[str, Any]:
    return {"memory": {"parts": {k: o[f"{k}_bytes"] / GB for k in _PARTS if o[f"{k}_bytes"]},
                       "per_gpu_gb": o["per_gpu_bytes"] / GB, "gpus": o["gpus"]}}


def _candidates_chart(o: dict, i: dict) -> dict[str, Any]:
    return {"candidates": [{"label": f"{c['count']}×{c['gpu']}", "vram_gb": c["total_vram_bytes"] / GB,
                            "need_gb": c["per_gpu_need_bytes"] * c["count"] / GB} for c in o["configurations"]]}


def _fit_chart(o: dict, i: dict) -> dict[str, Any]:
    """The named cards as the one candidate a memory chart sets the need against."""
    if not o.get("gpu_vram_bytes"):
        return {}
    return {"fit": [{"label": f"{o['gpus']}×{o['gpu']}", "vram_gb": o["gpus"] * o["gpu_vram_bytes"] / GB,
                     "need_gb": o["gpus"] * o["per_gpu_bytes"] / GB}]}


def _fit_card_chart(o: dict, i: dict) -> dict[str, Any]:
    n = int(i.get("gpus") or 1)
    return {"fit": [{"label": f"{n}×{i['card_vram_gb']:g} GB", "vram_gb": n * o["card_vram_bytes"] / GB,
                     "need_gb": n * o["per_gpu_bytes"] / GB}]}


def _power_chart(o: dict, i: dict) -> dict[str, Any]:
    own = {"own_psu_w": o["psu_w"], "own_psu_verdict": o["psu_verdict"]} if o.get("psu_w") else {}
    return {"power": {"system_w": o["system_watts"], "psu_w": o["psu"]["total_w"], "gpu_w": o["gpu_watts"],
                      "cpu_w": o["cpu_watts"], "platform_w": o["platform_watts"], **own}}


@dataclass(frozen=True)
class ToolView:
    name: str
    result: type[BaseModel]  # the fact's output
    ru: str
    en: str
    render: Renderer
    chart: Chart | None = None
    request: type[BaseModel] | None = None  # the fact's input; None: it holds no number

    def label(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en


TOOLS: dict[str, ToolView] = {v.name: v for v in [
    ToolView("vram", MemoryBreakdown, "Расчёт памяти", "Memory estimate", memory.memory, _memory_chart,
             request=MemoryRequest),
    ToolView("fit", MemoryBreakdown, "Проверка на выбранных картах", "Fit on the chosen cards", memory.fit,
             _fit_chart, request=MemoryRequest),
    ToolView("fit_card", FitCard, "Проверка карты", "Card check", memory.fit_card, _fit_card_chart,
             request=FitCardRequest),
    ToolView("min_gpus", FitResult, "Минимум карт", "Minimum cards", memory.min_gpus, request=MemoryRequest),
    ToolView("fit_options", FitOptions, "Что можно изменить", "What could change", memory.fit_options,
             request=FitOptionsRequest),
    ToolView("variants", Variants, "Что меняется", "What changes", memory.variants,
             request=VariantsRequest),
    ToolView("recommend", Recommendation, "Подбор конфигураций", "Configuration search", memory.recommend,
             _candidates_chart, request=MemoryRequest),
    ToolView("power", PowerResult, "Бюджет питания", "Power budget", system.power, _power_chart, request=Cards),
    ToolView("energy", EnergyResult, "Электричество в месяц", "Electricity a month", system.energy,
             request=EnergyRequest),
    ToolView("build", BuildCheck, "Сборка: PCIe и охлаждение", "Build: PCIe and cooling", system.build,
             request=Cards),
    ToolView("gpu_spec", GpuSpec, "Характеристики карты", "Card specifications", system.gpu_spec, request=CardGpu),
    ToolView("speed", ThroughputResult, "Оценка скорости", "Speed estimate", system.speed,
             request=ThroughputRequest),
    ToolView("no_speed", NoSpeed, "Скорость не оценена", "No speed quoted", system.no_speed,
             request=ThroughputRequest),
    ToolView("budget", BudgetCheck, "Бюджет", "Budget", system.budget, request=BudgetRequest),
    ToolView("cost", CostResult, "Свой сервер или облако", "Own server vs cloud", system.cost, request=CostRequest),
    ToolView("compare", Comparison, "Сравнение карт", "Card comparison", hardware.compare, request=CompareRequest),
    ToolView("models_for_hardware", HardwareFit, "Что запустится на картах", "What runs on the cards",
             hardware.models_for_hardware, request=Cards),
    ToolView("upgrade", Upgrade, "Что докупить", "What to add", hardware.upgrade, request=UpgradeRequest),
    ToolView("offload", OffloadResult, "Гибрид GPU + ОЗУ", "Hybrid GPU + RAM", hardware.offload,
             request=OffloadRequest),
]}


def label(tool: str, lang: str) -> str:
    return TOOLS[tool].label(lang) if tool in TOOLS else tool
