"""General rules of the reader's twelfth pass (issue 11, after fresh8.yaml's first sight; the classifier was retrained
with fresh7, tested in tests/assistant/test_reading_classifier.py). Wordings of their own, not fresh8.yaml's
sentences; each test fails without its rule, except the guards ("..._still_...")."""
from __future__ import annotations

import pytest

from assistant.reading import read
from assistant.reading.context import carry
from assistant.scenario import Scenario, merge
from bench.understanding import dropped


def _talk(*texts: str) -> Scenario:
    s = None
    for t in texts:
        r = carry(read(t), s)
        s = merge(s, r.scenario, r.new_model, comparing=r.intent == "compare", instead_of=r.instead_of)
    assert s is not None
    return s


def test_a_new_model_keeps_the_money():
    s = merge(Scenario(budget=80000, currency="₽", users=5), Scenario(params_b=8), True)
    assert s.budget == 80000 and s.currency == "₽" and s.params_b == 8
    assert s.users is None  # the rest still goes with the model, as the corpora label it


def test_a_new_model_still_resets_the_model_slots():
    s = merge(Scenario(model="qwen3-32b", precision="int4", context=8192, server_price=2e6), Scenario(model="qwen3-14b"), True)
    assert (s.model, s.precision, s.context, s.server_price) == ("qwen3-14b", None, None, 2e6)


def test_cards_compared_replace_the_one_card_asked_about():
    s = merge(Scenario(gpu="rtx-4080", gpu_count=2), Scenario(gpus=["rtx-5090", "rtx-4090"]), False, comparing=True)
    assert s.gpus == ["rtx-5090", "rtx-4090"] and s.gpu is None and s.gpu_count is None


@pytest.mark.parametrize("text", [
    "переключите меня на живого специалиста",
    "соедините, пожалуйста, с вашим отделом продаж",
    "could you connect me to someone who sells these",
    "put me through to your team",
    "i want to speak with a real person",
    "let me chat with a sales engineer",
    "пусть кто-нибудь из ваших инженеров мне напишет",
    "хотим время для созвона с вами",
])
def test_a_person_asked_for_is_a_handoff(text):
    assert read(text).intent == "handoff"


def test_people_in_a_sizing_question_are_still_users():
    r = carry(read("what model would real people use for 8 users"), None)  # guard: no person asked for
    assert r.intent != "handoff" and r.scenario.users == 8


@pytest.mark.parametrize("text", ["привки", "приветствую, коллеги!", "morning", "good morning everyone", "hi team"])
def test_more_hellos_are_greetings(text):
    assert read(text).intent == "greeting"
