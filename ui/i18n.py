"""UI labels in Russian and English, from ui/labels.yaml. Answers follow the customer's language on
their own (the assistant detects it); these strings only dress the interface."""
from __future__ import annotations

from pathlib import Path
from typing import Literal

import yaml

from assistant.llm import ModelStatus

UiLang = Literal["ru", "en"]

_DATA = yaml.safe_load((Path(__file__).with_name("labels.yaml")).read_text(encoding="utf-8"))
LABELS: dict[str, dict[str, str]] = _DATA["labels"]
EXAMPLES: dict[str, list[str]] = _DATA["examples"]
TASKS: dict[str, list[tuple[str, str]]] = {lang: [(t["label"], t["value"]) for t in tasks]
                                           for lang, tasks in _DATA["tasks"].items()}

LANG_CHOICES = [("Русский", "ru"), ("English", "en")]


def tr(lang: str, key: str) -> str:
    """The label in the UI language; Russian when the language is unknown."""
    return LABELS.get(lang, LABELS["ru"]).get(key, LABELS["ru"][key])


def status_line(lang: str, status: ModelStatus) -> str:
    """assistant.model_status() in customer words."""
    text = LABELS[lang].get(f"st_{status.state}", str(status))
    return f"**{tr(lang, 'model')}:** {text}"
