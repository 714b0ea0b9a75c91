"""A scripted chat backend for loop tests (the real model runs in its own test tier)."""
from __future__ import annotations

import re
import time
from typing import Iterator

from assistant.llm import READY, ModelStatus


class FakeBackend:
    """What every test double of a model declares (the ChatBackend protocol); subclasses stream."""

    name = "fake"
    can_call_tools = False

    def status(self) -> ModelStatus:
        return READY

    def tokenizer(self):
        return None

    def tool_call(self, messages: list[dict], tools: list) -> list[tuple[str, dict]]:
        return []


class ScriptedBackend(FakeBackend):
    """Replays queued answers by call number and records every prompt it was given."""

    name = "scripted"

    def __init__(self, answers: list[str] | None = None, delay: float = 0.0):
        self.answers = list(answers or ["Готово."])
        self.calls: list[list[dict]] = []
        self.delay = delay

    def stream(self, messages: list[dict], max_tokens: int) -> Iterator[str]:
        self.calls.append(messages)
        answer = self.answers[min(len(self.calls), len(self.answers)) - 1]
        for word in answer.split(" "):
            if self.delay:
                time.sleep(self.delay)
            yield word + " "


class EchoBackend(ScriptedBackend):
    """Copies back the user message it was given with the section names taken out, as the small model did under
    a correction note (a hurried question at 32e1dec: the facts' table and "3 предложения по-русски." shown)."""

    def stream(self, messages: list[dict], max_tokens: int) -> Iterator[str]:
        self.calls.append(messages)
        text = re.sub(r"\b(?:QUESTION|FACTS|SOURCES):\s*", "", messages[-1]["content"])
        for word in text.split(" "):
            yield word + " "


class BilingualBackend(ScriptedBackend):
    """Answers in the language of the question it was given (the guard drops a sentence in the other one)."""

    def __init__(self, ru: str, en: str, delay: float = 0.0):
        super().__init__([ru], delay)
        self.by_language = {"ru": ru, "en": en}

    def stream(self, messages: list[dict], max_tokens: int) -> Iterator[str]:
        from tools.text import detect_language

        self.answers = [self.by_language[detect_language(messages[-1]["content"])]]
        yield from super().stream(messages, max_tokens)


class GuideBackend(ScriptedBackend):
    """Answers the guide's FAQ questions as a good model would: the guide's verdict first (the FAQ
    publishes nothing else), then `ru` / `en` in the question's language; other questions get `ru` /
    `en` alone. `with_verdict`: the languages whose answers open with the verdict."""

    VERDICTS = {
        "ru": ["Для моделей до 13B одной карты на 24 ГБ хватает.", "Нет, NVLink для дообучения не обязателен.",
               "LoRA и QLoRA требуют гораздо меньше памяти, чем полное дообучение.",
               "Для регулярной работы обычно выгоднее свой сервер."],
        "en": ["For models up to 13B one 24 GB card is enough.", "No, NVLink is not required to fine-tune a model.",
               "LoRA and QLoRA need far less memory than full fine-tuning.",
               "For regular work your own server usually pays off."],
    }

    def __init__(self, ru: str, en: str, delay: float = 0.0, with_verdict: tuple[str, ...] = ("ru", "en")):
        super().__init__([ru], delay)
        self.by_language, self.with_verdict = {"ru": ru, "en": en}, with_verdict

    def stream(self, messages: list[dict], max_tokens: int) -> Iterator[str]:
        from assistant.faq import GUIDE_QUESTIONS
        from tools.text import detect_language

        prompt = messages[-1]["content"]
        lang = detect_language(prompt)
        text = self.by_language[lang]
        for lang_q, questions in GUIDE_QUESTIONS.items():
            for i, q in enumerate(questions):
                if q in prompt and lang_q in self.with_verdict:
                    text = f"{self.VERDICTS[lang_q][i]} {self.by_language[lang_q]}"
        self.answers = [text]
        yield from super().stream(messages, max_tokens)
