"""Own server vs cloud rental: months until buying pays off. Currency is whatever the user gives."""
from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field

from tools.units import Unit, check_finite

HOURS_PER_MONTH = 730  # 24 x 365 / 12


class CostRequest(BaseModel):
    server_price: Annotated[float, Unit.MONEY] = Field(description="Purchase price of the server.")
    cloud_hourly: Annotated[float, Unit.MONEY] = Field(description="Cloud price per hour for the equivalent GPUs.")
    hours_per_month: float = Field(HOURS_PER_MONTH, description="Hours of use per month (730 = around the clock).")
    power_kw: float = Field(0.0, description="Average draw of the server, kW (0 = ignore electricity).")
    electricity_price: Annotated[float, Unit.MONEY] = Field(0.0, description="Price per kWh in the same currency.")
    pue: float = Field(1.0, description="Data-centre PUE multiplier on electricity (1.0 = none).")
    other_monthly: Annotated[float, Unit.MONEY] = Field(
        0.0, description="Other monthly costs of owning (colocation, support).")
    currency: str = Field("", description="Label only, e.g. '$', '₽', '€'.")


class CostResult(BaseModel):
    cloud_monthly: Annotated[float, Unit.MONEY]
    own_monthly: Annotated[float, Unit.MONEY] = Field(description="Electricity x PUE + other monthly costs.")
    monthly_saving: Annotated[float, Unit.MONEY]
    break_even_months: float | None = Field(description="None when owning never pays off.")
    currency: str
    notes: list[str]


def own_vs_cloud(req: CostRequest) -> CostResult:
    check_finite("server_price", req.server_price, low=0, high=1e12)
    check_finite("cloud_hourly", req.cloud_hourly, low=0, high=1e9)
    check_finite("hours_per_month", req.hours_per_month, low=0, high=HOURS_PER_MONTH + 14)  # 31-day month
    check_finite("power_kw", req.power_kw, low=0, high=1000)
    check_finite("electricity_price", req.electricity_price, low=0, high=1e6)
    check_finite("pue", req.pue, low=1, high=5)
    check_finite("other_monthly", req.other_monthly, low=0, high=1e12)
    cloud = req.cloud_hourly * req.hours_per_month
    energy = req.power_kw * req.hours_per_month * req.electricity_price * req.pue
    own = energy + req.other_monthly
    saving = cloud - own
    months = round(req.server_price / saving, 1) if saving > 0 else None
    c = f" {req.currency}" if req.currency else ""
    notes = [f"cloud: {req.cloud_hourly:g}{c}/h × {req.hours_per_month:g} h = {cloud:,.2f}{c}/month"]
    if energy:
        notes.append(f"electricity: {req.power_kw:g} kW × {req.hours_per_month:g} h × {req.electricity_price:g}{c}/kWh"
                     f" × PUE {req.pue:g} = {energy:,.2f}{c}/month")
    notes.append("owning pays off after %s" % (f"{months:g} months" if months is not None
                                               else "never at this usage (cloud is cheaper per month)"))
    return CostResult(cloud_monthly=round(cloud, 2), own_monthly=round(own, 2), monthly_saving=round(saving, 2),
                      break_even_months=months, currency=req.currency, notes=notes)
