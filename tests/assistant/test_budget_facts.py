"""A budget the customer gave is set against the configurations' card prices, in the computed block."""
from __future__ import annotations

from assistant.scenario import Scenario
from assistant.turn.calculate import compute
from assistant.views import render


def _budget(c):
    return next(f for f in c.facts if f.tool == "budget")


def test_a_dollar_budget_gets_a_verdict_for_each_configuration():
    c = compute(Scenario(model="llama-3-70b", budget=15_000, currency="$"), "recommend")
    rec = next(f for f in c.facts if f.tool == "recommend")
    b = _budget(c).output
    assert b["compared"] and len(b["configurations"]) == len(rec.output["configurations"])
    for conf, priced in zip(rec.output["configurations"], b["configurations"]):
        lo = conf["price_usd_min"]
        assert priced["verdict"] == ("unknown" if lo is None else "over" if lo > 15_000 else
                                     "within" if conf["price_usd_max"] <= 15_000 else "partly")
    ru, en = render(c.facts, "ru"), render(c.facts, "en")
    assert "Бюджет: 15 000 $" in ru and "Budget: 15,000 $" in en
    best = b["best_within"]
    assert (f"В бюджет по картам укладывается: **{best}**" in ru) if best else "Ни одна подходящая" in ru


def test_a_ruble_or_unnamed_budget_is_named_back_not_compared():
    c = compute(Scenario(model="llama-3-70b", budget=2_000_000, currency="₽"), "recommend")
    assert not _budget(c).output["compared"]
    assert "Бюджет 2 000 000 ₽: цены каталога в долларах" in render(c.facts, "ru")
    c = compute(Scenario(model="llama-3-70b", budget=500_000), "recommend")
    assert "Budget 500,000 with no currency" in render(c.facts, "en")


def test_no_budget_no_budget_fact():
    assert not [f for f in compute(Scenario(model="llama-3-70b"), "recommend").facts if f.tool == "budget"]


def test_the_customers_budget_never_grounds_a_price_the_model_states():
    # seen in the app: "бюджет тыщ семьсот" (no currency) .. "Это будет стоить около 700 000 долларов." was shown
    from assistant import guard

    c = compute(Scenario(model="qwen3-32b", precision="int4", users=15, budget=700_000), "recommend")
    text = render(c.facts, "ru")
    allowed = guard.grounding(c.facts, [text], ["что посоветуете, бюджет тыщ семьсот"], "ru")
    assert guard.violations("Это будет стоить около 700 000 долларов.", allowed)
    assert not guard.violations("Ваш бюджет 700 000 — укажите валюту, и я сравню.", allowed)
