"""A server's electricity per month: kW·h at full load over the hours it runs, and their price when
the customer gave one per kW·h.

Full load is the power budget's peak system draw (tools/power.py), so these are upper bounds: a
server that idles part of its hours draws less. kW·h = W × h / 1000 (the unit's definition); the
hours are the customer's ("24/7" = 730 h, 24 × 365 / 12)."""
from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field

from tools.units import Unit, check_finite

HOURS_PER_MONTH_MAX = 744  # a 31-day month around the clock


class EnergyRequest(BaseModel):
    system_watts_min: Annotated[int, Unit.WATT] = Field(description="Peak system draw, low end of the range.")
    system_watts: Annotated[int, Unit.WATT] = Field(description="Peak system draw, top of the range.")
    hours_per_month: float = Field(description="Hours the server runs per month.")
    price_per_kwh: Annotated[float | None, Unit.MONEY] = Field(None, description="Electricity price per kW·h.")
    currency: str = Field("", description="Label only: ₽, $ or €, as the customer wrote it.")


class EnergyResult(BaseModel):
    hours_per_month: float
    kwh_min: Annotated[float, Unit.KWH] = Field(description="kW·h a month at the low end of the peak draw.")
    kwh_max: Annotated[float, Unit.KWH] = Field(description="kW·h a month at the top of the peak draw.")
    price_per_kwh: Annotated[float | None, Unit.MONEY] = None
    cost_min: Annotated[float | None, Unit.MONEY] = Field(None, description="kwh_min × price.")
    cost_max: Annotated[float | None, Unit.MONEY] = Field(None, description="kwh_max × price.")
    currency: str = ""
    notes: list[str]


def _money(x: float) -> float:
    """Whole units from a hundred up (as shown), cents below."""
    return float(round(x)) if x >= 100 else round(x, 2)


def monthly_energy(req: EnergyRequest) -> EnergyResult:
    check_finite("system_watts", req.system_watts, low=1, high=1_000_000)
    check_finite("system_watts_min", req.system_watts_min, low=1, high=req.system_watts)
    check_finite("hours_per_month", req.hours_per_month, low=1, high=HOURS_PER_MONTH_MAX)
    if req.price_per_kwh is not None:
        check_finite("price_per_kwh", req.price_per_kwh, low=0, high=1e4, strictly_positive=True)
    lo = round(req.system_watts_min * req.hours_per_month / 1000)
    hi = round(req.system_watts * req.hours_per_month / 1000)
    c = f" {req.currency}" if req.currency else ""
    notes = [f"{req.system_watts_min}–{req.system_watts} W × {req.hours_per_month:g} h = {lo}–{hi} kWh a month "
             "at full load (less when the server idles)"]
    cost_lo = cost_hi = None
    if req.price_per_kwh:
        cost_lo, cost_hi = _money(lo * req.price_per_kwh), _money(hi * req.price_per_kwh)
        notes.append(f"× {req.price_per_kwh:g}{c}/kWh = {cost_lo:,.2f}–{cost_hi:,.2f}{c} a month")
    return EnergyResult(hours_per_month=req.hours_per_month, kwh_min=lo, kwh_max=hi, price_per_kwh=req.price_per_kwh,
                        cost_min=cost_lo, cost_max=cost_hi, currency=req.currency, notes=notes)
