"""The tools as one typed table: for each calculator its result type, its labels, how its fact is
rendered and charted. Adding a calculator means adding one row here (and its function in `tools/`)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from assistant.views import hardware, memory, system
from tools.build import BuildCheck
from tools.cost import CostResult
from tools.fit import FitResult
from tools.hardware import Comparison, HardwareFit, Upgrade
from tools.memory import MemoryBreakdown
from tools.offload import OffloadResult
from tools.power import PowerResult
from tools.recommend import Recommendation
from tools.throughput import ThroughputResult
from tools.units import GB

Renderer = Callable[[dict, dict, str, dict], list[str]]
_PARTS = ("weights", "kv_cache", "activations", "gradients", "optimizer", "master_weights", "cuda_context",
          "framework", "reserve")


def _memory_chart(o: dict) -> dict[str, Any]:
    return {"memory": {"parts": {k: o[f"{k}_bytes"] / GB for k in _PARTS if o[f"{k}_bytes"]},
                       "per_gpu_gb": o["per_gpu_bytes"] / GB, "gpus": o["gpus"]}}


def _candidates_chart(o: dict) -> dict[str, Any]:
    return {"candidates": [{"label": f"{c['count']}×{c['gpu']}", "vram_gb": c["total_vram_bytes"] / GB,
                            "need_gb": c["per_gpu_need_bytes"] * c["count"] / GB} for c in o["configurations"]]}


def _power_chart(o: dict) -> dict[str, Any]:
    return {"power": {"system_w": o["system_watts"], "psu_w": o["psu"]["total_w"], "gpu_w": o["gpu_watts"],
                      "cpu_w": o["cpu_watts"], "platform_w": o["platform_watts"]}}


@dataclass(frozen=True)
class ToolView:
    name: str
    result: type[BaseModel] | None  # None: the fact is assembled in the pipeline (a card-size check)
    ru: str
    en: str
    render: Renderer
    chart: Callable[[dict], dict[str, Any]] | None = None

    def label(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en


TOOLS: dict[str, ToolView] = {v.name: v for v in [
    ToolView("vram", MemoryBreakdown, "Расчёт памяти", "Memory estimate", memory.memory, _memory_chart),
    ToolView("fit", MemoryBreakdown, "Проверка на выбранных картах", "Fit on the chosen cards", memory.fit),
    ToolView("fit_card", None, "Проверка карты", "Card check", memory.fit_card),
    ToolView("min_gpus", FitResult, "Минимум карт", "Minimum cards", memory.min_gpus),
    ToolView("recommend", Recommendation, "Подбор конфигураций", "Configuration search", memory.recommend,
             _candidates_chart),
    ToolView("power", PowerResult, "Бюджет питания", "Power budget", system.power, _power_chart),
    ToolView("build", BuildCheck, "Сборка: PCIe и охлаждение", "Build: PCIe and cooling", system.build),
    ToolView("gpu_spec", None, "Характеристики карты", "Card specifications", system.gpu_spec),
    ToolView("speed", ThroughputResult, "Оценка скорости", "Speed estimate", system.speed),
    ToolView("no_speed", None, "Скорость не оценена", "No speed quoted", system.no_speed),
    ToolView("cost", CostResult, "Свой сервер или облако", "Own server vs cloud", system.cost),
    ToolView("compare", Comparison, "Сравнение карт", "Card comparison", hardware.compare),
    ToolView("models_for_hardware", HardwareFit, "Что запустится на картах", "What runs on the cards",
             hardware.models_for_hardware),
    ToolView("upgrade", Upgrade, "Что докупить", "What to add", hardware.upgrade),
    ToolView("offload", OffloadResult, "Гибрид GPU + ОЗУ", "Hybrid GPU + RAM", hardware.offload),
]}


def label(tool: str, lang: str) -> str:
    return TOOLS[tool].label(lang) if tool in TOOLS else tool
