"""A sentence nearly the same as one already shown is not shown again (explain-eval ru-fresh-qlora:
"Да, можно обучить …" followed by "Да, можно дообучить …" with the same figures)."""
import re

import pytest

from assistant.turn.explain import _same


def _key(s: str) -> str:
    return " ".join(re.findall(r"\w+", s.lower()))


@pytest.mark.parametrize("a, b, same", [
    ("Да, можно обучить Qwen2.5 14B через QLoRA на одной RTX 4090: веса занимают 9,98 ГБ, градиенты — 0,05 ГБ.",
     "Да, можно дообучить Qwen2.5 14B через QLoRA на одной RTX 4090: веса модели занимают 9,98 ГБ, градиенты — 0,05 ГБ.",
     True),
    ("Веса в FP16 занимают 54,40 ГБ, ещё 24,12 ГБ уходит на KV-кэш.",
     "Веса в FP16 занимают 54,40 ГБ, а KV-кэш для 10 пользователей занимает 24,12 ГБ.", False),
    ("Yes, it fits.", "Yes, it fits well.", False),  # too short to call a repeat by its words
    ("The weights take 16.06 GB and the KV cache 1.07 GB.", "Quantise the model to Q8_0 to save memory.", False),
])
def test_nearly_the_same_sentence(a, b, same):
    assert _same(_key(b), _key(a)) is same


def test_the_repeat_is_not_shown():
    from assistant.service import Assistant, Conversation
    from assistant.settings import get_settings
    from support.fakes import ScriptedBackend

    first = "Да, модель помещается на RTX 4090 с запасом памяти для контекста и кэша."
    again = "Да, модель помещается на одной RTX 4090 с запасом памяти для контекста и кэша."
    res = Assistant(get_settings(), backend=ScriptedBackend([f"{first} {again} Берите одну карту."])).ask(
        Conversation(), "Хватит ли RTX 4090 для Llama-3-8B?")
    assert res.prose.count("с запасом памяти") == 1 and "Берите одну карту." in res.prose
