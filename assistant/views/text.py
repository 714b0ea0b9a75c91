"""Wording and number formats of the computed block: one template table per language, shared helpers."""
from __future__ import annotations

from pathlib import Path

import yaml

from typing import Any

from tools.units import GB


def _load() -> dict[str, dict[str, Any]]:
    with open(Path(__file__).with_name("wording.yaml"), encoding="utf-8") as fh:
        return yaml.safe_load(fh)


T = _load()


WARNINGS_RU = [  # tools/ speaks English; customers reading Russian get these
    ("GeForce licence", "лицензия GeForce не разрешает установку в дата-центре"),
    ("no NVLink", "без NVLink обучение на нескольких картах по PCIe масштабируется плохо"),
    ("PCIe only", "только PCIe: для инференса нормально, тензорный параллелизм медленнее"),
    ("at most", "открытые 3-слотовые карты: физически встают максимум две — нужны турбинные версии или водоблоки"),
    ("hybrid: decode bound by RAM", "гибрид: скорость генерации ограничена пропускной способностью ОЗУ (два сокета, NUMA)"),
    ("PCIe 3.0 lanes", "платформа X99: 80 линий PCIe 3.0 — до 4 карт по x16"),
    ("tensor parallel needs a size", "тензорный параллелизм требует числа карт, на которое делится число голов внимания"),
]
REDUNDANCY = {"ru": {"single": "", "N": " (нагрузка делится)", "N+k": " ({r}, с резервом)"},
              "en": {"single": "", "N": " (shared load)", "N+k": " ({r} redundant)"}}


def warning(text: str, lang: str) -> str:
    if lang == "ru":
        for key, ru in WARNINGS_RU:
            if key in text:
                return ru
    return text


def psu_label(o: dict, lang: str) -> str:
    r = o["redundancy"]  # "single", "N", or "N+1", "N+2" (DGX-class 4+2)
    return f"{o['units']}×{o['unit_w']} W" + REDUNDANCY[lang].get(r, REDUNDANCY[lang]["N+k"]).format(r=r)


def num(x: float, lang: str, digits: int = 2) -> str:
    s = f"{x:,.{digits}f}".replace(",", " ")
    return s.replace(".", ",") if lang == "ru" else s.replace(" ", ",")


def g(n_bytes: float, lang: str) -> str:
    return num(n_bytes / GB, lang)


def gu(n_bytes: float, lang: str) -> str:
    return f"{g(n_bytes, lang)} {'ГБ' if lang == 'ru' else 'GB'}"
