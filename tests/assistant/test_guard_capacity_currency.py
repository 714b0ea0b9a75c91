"""Two false sentences a hurried question showed at 3ea15c3 ("we r 12 ppl want qwen3 14b fp8 box under twelve
grand whats best"), each grounded as a number and wrong in its role: the need per card said as the card's
memory ("two RTX 4090s, each with 22.02 GB VRAM": a 4090 has 24 GB), and the budget said in dollars where
the customer gave no currency and the block declined to assume one."""
import pytest

from assistant.checks.capacity import need_as_capacity
from assistant.checks.currency import budget_currency_off
from assistant.service import Conversation

FACTS = [{"tool": "recommend", "output": {"configurations": [
             {"gpu": "RTX 4090", "count": 2, "total_vram_bytes": 51539607552, "per_gpu_need_bytes": 22021389624},
             {"gpu": "RTX A6000", "count": 1, "total_vram_bytes": 51539607552, "per_gpu_need_bytes": 42092779248}]}},
         {"tool": "budget", "output": {"budget": 12000.0, "currency": ""}}]


@pytest.mark.parametrize("sentence", [
    "I recommend two RTX 4090s, each with 22.02 GB VRAM.", "Две RTX 4090, каждая с 22,02 ГБ видеопамяти, справятся.",
    "Возьмите две видеокарты на 22,02 ГБ.", "Two cards with 22.02 GB of VRAM each will do.",
    "One RTX A6000 with 42.09 GB of memory is enough."])
def test_a_need_said_as_a_cards_memory_is_caught(sentence):
    assert need_as_capacity(sentence, FACTS)


@pytest.mark.parametrize("sentence", [
    "Each card needs 22.02 GB, and an RTX 4090 has 25.77 GB.", "Two RTX 4090s, each with 24 GB VRAM, hold it.",
    "Каждая с 24 ГБ памяти.", "Two RTX 4090s, each with 22.02 GB used, leave some room.",
    "Each 4090 holds 22.02 GB of the model.", "Нужно 22,02 ГБ на каждую карту.", "One RTX A6000 with 48 GB of memory."])
def test_a_need_said_as_a_need_or_the_real_memory_passes(sentence):
    assert not need_as_capacity(sentence, FACTS)


@pytest.mark.parametrize("sentence", [
    "It fits in your budget of $12,000.", "Это укладывается в бюджет 12 000 долларов.", "Under your 12k USD budget.",
    "В бюджет 12 тыс. $ укладывается.", "Your budget of 12,000 € covers it."])
def test_a_budget_given_a_currency_the_customer_did_not_say_is_caught(sentence):
    assert budget_currency_off(sentence, FACTS)


@pytest.mark.parametrize("sentence", [
    "Your budget of 12,000 has no currency, so I did not compare.", "Two RTX 4090 cost $3,200–4,000.",
    "Бюджет 12 000 — укажите валюту.", "An RTX A6000 costs $4,500–5,000."])
def test_the_budget_without_a_currency_or_other_prices_pass(sentence):
    assert not budget_currency_off(sentence, FACTS)


def test_a_rouble_budget_said_in_dollars_is_caught_and_in_roubles_passes():
    rub = [{"tool": "budget", "output": {"budget": 800000.0, "currency": "₽"}}]
    assert budget_currency_off("Your budget of $800,000 covers it.", rub)
    assert not budget_currency_off("В бюджет 800 тыс. руб. укладывается.", rub)
    assert not budget_currency_off("в бюджет 800 000 ₽ входит", rub)


@pytest.mark.parametrize("wrong,why", [
    ("Two RTX 4090s, each with 22.02 GB VRAM, would be the best option.", "capacity: 22.02 GB is the need, not a card's memory"),
    # "your … budget" in a clause naming no card: the figure passes as the customer's own number
    ("That is well within your $12,000 budget.", "budget: 12,000 $ (the customer's currency: not said)")])
def test_the_hurried_questions_sentences_are_dropped_from_the_explanation(make_assistant, wrong, why):
    said = f"The RTX 4090 is a GeForce card. {wrong}"
    a = make_assistant([said, said])
    res = a.ask(Conversation(), "we r 12 ppl want qwen3 14b fp8 box under twelve grand whats best")
    assert res.explanation == "The RTX 4090 is a GeForce card."  # the true sentence stays
    assert res.guard.violations == [why]
