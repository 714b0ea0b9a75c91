"""The customer's budget against the configurations that fit: which of them the card prices leave
within it. Prices are the catalog's (knowledge/catalog/gpus.yaml, each with its source; the vendor
guide's table), in US dollars and for the cards alone: the chassis, CPUs, RAM and PSUs come on top
and the vendor quotes them on request, so "within" means the cards fit the budget, not the server.

A budget in another currency is not compared: no exchange rate is a catalog fact, and a guessed one
would make a confident wrong verdict. The result says so instead.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from tools.units import Unit, check_finite

Verdict = Literal["within", "partly", "over", "unknown"]


class BudgetRequest(BaseModel):
    budget: Annotated[float, Unit.MONEY]
    currency: str | None = Field(None, description="₽, $ or €, as the customer wrote it.")


class PricedConfiguration(BaseModel):
    label: str = Field(description="'6 × RTX 5090'.")
    price_usd_min: Annotated[float | None, Unit.USD]
    price_usd_max: Annotated[float | None, Unit.USD]
    verdict: Verdict = Field(description="within: even the highest card price fits the budget; partly: only the "
                                         "lowest does; over: not even the lowest; unknown: no catalog price.")
    share_of_budget: Annotated[float | None, Unit.FRACTION] = Field(
        None, description="The lowest card price as a share of the budget.")


class BudgetCheck(BaseModel):
    budget: Annotated[float, Unit.MONEY]
    currency: str
    compared: bool = Field(description="False when the budget is not said in dollars (no rate or currency is assumed).")
    configurations: list[PricedConfiguration] = Field(default_factory=list)
    best_within: str | None = Field(None, description="The first configuration (in the recommender's order) whose "
                                                      "card price fits the budget at its highest.")


def _verdict(lo: float | None, hi: float | None, budget: float) -> Verdict:
    if lo is None:
        return "unknown"
    if (hi or lo) <= budget:
        return "within"
    return "partly" if lo <= budget else "over"


def budget_check(configurations: list[dict[str, Any]], budget: float, currency: str | None) -> BudgetCheck:
    """`configurations`: the recommender's, in its order (label parts `count`, `gpu`; prices
    `price_usd_min`/`price_usd_max` for all the cards together)."""
    budget = check_finite("budget", budget, strictly_positive=True)
    if currency != "$":  # rubles, euros, or no currency said: no rate is assumed
        return BudgetCheck(budget=budget, currency=currency or "", compared=False)
    priced = []
    for c in configurations:
        lo, hi = c.get("price_usd_min"), c.get("price_usd_max")
        priced.append(PricedConfiguration(
            label=f"{c['count']} × {c['gpu']}", price_usd_min=lo, price_usd_max=hi, verdict=_verdict(lo, hi, budget),
            share_of_budget=round(lo / budget, 2) if lo is not None else None))
    best = next((p.label for p in priced if p.verdict == "within"), None)
    return BudgetCheck(budget=budget, currency="$", compared=True, configurations=priced, best_within=best)
