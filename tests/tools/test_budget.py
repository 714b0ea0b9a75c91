"""The budget against the card prices of the configurations that fit."""
from __future__ import annotations

import pytest

from tools.budget import budget_check
from tools.errors import SizingError

CONFIGS = [{"count": 6, "gpu": "RTX 5090", "price_usd_min": 12_000, "price_usd_max": 15_000},
           {"count": 8, "gpu": "RTX 4090", "price_usd_min": 12_800, "price_usd_max": 16_000},
           {"count": 4, "gpu": "RTX A6000", "price_usd_min": 18_000, "price_usd_max": 20_000},
           {"count": 2, "gpu": "H200", "price_usd_min": None, "price_usd_max": None}]


def test_each_configuration_is_within_partly_or_over_by_its_price_range():
    b = budget_check(CONFIGS, 15_000, "$")
    assert b.compared and [c.verdict for c in b.configurations] == ["within", "partly", "over", "unknown"]
    assert b.best_within == "6 × RTX 5090"
    assert b.configurations[0].share_of_budget == 0.8


def test_the_first_within_budget_in_the_recommenders_order_is_the_best():
    assert budget_check(CONFIGS[1:], 16_000, "$").best_within == "8 × RTX 4090"
    assert budget_check(CONFIGS, 5_000, "$").best_within is None


@pytest.mark.parametrize("currency", ["₽", "€", None])
def test_a_budget_not_in_dollars_is_not_compared(currency):
    b = budget_check(CONFIGS, 2_000_000, currency)
    assert not b.compared and b.configurations == [] and b.best_within is None
    assert b.currency == (currency or "")


@pytest.mark.parametrize("bad", [0, -5, float("nan"), float("inf")])
def test_a_budget_must_be_a_positive_number(bad):
    with pytest.raises(SizingError):
        budget_check(CONFIGS, bad, "$")
