"""Stock and delivery times are a manager's to give: the model's "Нет в наличии такой карты" (on a card missing from
the catalog, at 63a5403) is dropped; a sentence that hands the question on, or speaks of memory, stays."""
import pytest

from assistant.checks.contacts import stock_claimed
from assistant.guard import violations
from assistant.prompt import correction_note

CLAIMED = [
    "Нет в наличии такой карты.",
    "RTX 5090 сейчас есть в наличии.",
    "В наличии есть серверы с 8 картами H100.",
    "Эта карта отсутствует на складе.",
    "Доставим за 3 дня по всей России.",
    "The H200 is out of stock at the moment.",
    "The RTX 4090 is in stock.",
    "We ship within 5 days.",
]
NOT_CLAIMED = [
    "Наличие и сроки поставки уточнит менеджер.",
    "Ask a manager about stock and delivery.",
    "Модель помещается на одну карту, свободно 4,29 ГБ.",
    "Нет смысла брать вторую карту: модель помещается на одну.",
    "The model fits on one card with 4.29 GB to spare.",
    "Запас памяти в наличии небольшой, контекст длиннее 16 тыс. токенов не влезет.",
]


@pytest.mark.parametrize("sentence", CLAIMED)
def test_a_stock_or_delivery_claim_is_flagged(sentence):
    assert stock_claimed(sentence)
    assert "stock" in violations(sentence, [3.0, 5.0, 8.0])


@pytest.mark.parametrize("sentence", NOT_CLAIMED)
def test_memory_talk_and_a_hand_on_are_no_claim(sentence):
    assert not stock_claimed(sentence)


def test_the_correction_names_the_stock_claim():
    assert "stock or delivery" in correction_note(["stock"])
