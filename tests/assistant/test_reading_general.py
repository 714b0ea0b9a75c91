"""General rules of the reader's third pass (issue 11): each test states a rule with several wordings,
none of them copied from the understanding corpus, so a rule that only fits one sentence fails here."""
from __future__ import annotations

import pytest

from assistant.reading import read
from assistant.scenario import Scenario, merge
from assistant.turn.framing import frame


def said(text: str) -> dict:
    return read(text).scenario.said()


def conversation(*texts: str) -> tuple[Scenario, str]:
    """The scenario and intent after each text, folded the way the conversation folds them."""
    scenario: Scenario | None = None
    intent: str | None = None
    for text in texts:
        fr = frame(read(text), scenario, intent)
        scenario, intent = fr.scenario, fr.intent
    assert scenario is not None and intent is not None
    return scenario, intent


# ---------------------------------------------------------------- compare follow-ups
@pytest.mark.parametrize("first,then,cards", [
    ("сравни 4090 и A6000", "а с 3090?", ["rtx-4090", "rtx-a6000", "rtx-3090"]),
    ("rtx 4090 vs rtx 5090 for inference", "and the l40s?", ["rtx-4090", "rtx-5090", "l40s"]),
    ("что лучше l40s или a40", "добавь в сравнение h100 nvl", ["l40s", "a40", "h100-nvl"]),
    ("Сколько стоит H200?", "а как она в сравнении с B200", ["h200", "b200"]),
    ("what's the price of an L4", "how does it compare with the A10", ["l4", "a10"]),
])
def test_one_card_named_in_a_comparison_joins_the_compared_cards(first, then, cards):
    s, intent = conversation(first, then)
    assert intent == "compare" and sorted(s.gpus or []) == sorted(cards) and s.gpu is None


@pytest.mark.parametrize("first,then,cards", [
    ("rtx 5090 vs rtx pro 6000 for a 70b model", "what about the 6000 ada instead of the 5090",
     ["rtx-6000-ada", "rtx-pro-6000-blackwell"]),
    ("сравни h100 и h200", "а вместо h100 возьмём b200?", ["b200", "h200"]),
    ("сравни 3090 и 4090", "замени 3090 на 5090", ["rtx-5090", "rtx-4090"]),
])
def test_a_card_taken_out_of_a_comparison_is_replaced_in_place(first, then, cards):
    s, intent = conversation(first, then)
    assert intent == "compare" and s.gpus == cards


def test_two_cards_named_again_replace_the_comparison_and_other_slots_stay():
    s, _ = conversation("сравни 4090 и a6000 для llama 3.3 70b в q4", "а 5090 и 6000 ada?")
    assert s.gpus == ["rtx-5090", "rtx-6000-ada"] and s.model == "llama-3.3-70b" and s.precision == "int4"


def test_outside_a_comparison_a_new_card_replaces_the_old_one():
    s, intent = conversation("влезет ли qwen3 32b в 4090", "а на 5090?")
    assert s.gpu == "rtx-5090" and s.gpus is None and intent == "vram"
    s, intent = conversation("сравни 4090 и a6000", "что можно запустить на 3090?")
    assert s.gpu == "rtx-3090" and s.gpus is None and intent == "models_for_hardware"


def test_merge_keeps_the_list_when_the_card_is_already_compared():
    prev = Scenario(gpus=["rtx-4090", "rtx-a6000"], gpu_count=2)
    s = merge(prev, Scenario(gpu="rtx-4090"), False, comparing=True)
    assert s.gpus == ["rtx-4090", "rtx-a6000"] and s.gpu is None and s.gpu_count == 2
