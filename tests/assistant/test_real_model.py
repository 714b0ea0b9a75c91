"""The real default GGUF in the loop (small, fast tier): greedy decoding, Russian, grounded numbers."""
import re

import pytest

from assistant import guard
from assistant.service import Assistant, Conversation
from assistant.settings import LLMSettings, Settings


@pytest.fixture(scope="module")
def real_assistant(kb_settings, kb_retriever):
    settings = Settings(retrieval=kb_settings.retrieval, llm=LLMSettings(max_tokens=96))
    a = Assistant(settings, retriever=kb_retriever)
    assert a.model_status().ready, a.model_status()
    return a


def test_real_model_explains_in_russian_with_grounded_numbers(real_assistant):
    conv = Conversation()
    res = real_assistant.ask(conv, "Хватит ли одной карты на 24 ГБ для Llama-3-8B?")
    assert "23,71" in res.computed
    assert res.explanation and re.search(r"[а-яё]{4}", res.explanation.lower())
    allowed = guard.allowed_numbers([f.model_dump() for f in res.facts],
                                    [res.computed, conv.user_texts[0], *(f"{s.title} {s.text}" for s in res.sources)])
    assert guard.ungrounded(res.explanation, allowed) == []
    assert res.timings["first_token"] > 0


def test_real_model_follow_up_reuses_the_prompt_prefix(real_assistant):
    conv = Conversation()
    real_assistant.ask(conv, "Llama-3-8B на RTX 4090?")
    llm = real_assistant.backend.llama
    before = llm.n_tokens
    res = real_assistant.ask(conv, "а с контекстом 32k?")
    assert res.facts[0].output["context"] == 32768
    assert before > 0 and len(conv.messages) == 4  # two turns kept verbatim for prefix reuse


def test_real_model_english_answer(real_assistant):
    res = real_assistant.ask(Conversation(), "Which PSU for 4x RTX 4090?")
    assert "1800" in res.computed and res.language == "en"
    assert res.explanation and re.search(r"\b(the|and|is|for|of)\b", res.explanation.lower())
