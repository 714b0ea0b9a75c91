"""Own server against the cloud with no running cost said: the own server's monthly cost was shown as "0 ₽", a silent
default of ours (a finding at 2f6ba78). It is shown as not counted, in the table and as an assumption in the scenario
line, and the break-even says it leaves them out; a computed running cost is still shown as a sum."""
import pytest

from assistant.scenario import Scenario
from assistant.turn.calculate import compute
from assistant.views import render
from tools.cost import CostRequest, own_vs_cloud


@pytest.mark.parametrize("lang,none,without", [
    ("ru", "Свой сервер в месяц: не учтено (электричество, обслуживание)", "(без расходов на свой сервер)"),
    ("en", "Own server per month: not counted (power, service)", "(not counting the own server's running costs)")])
def test_running_costs_not_said_are_not_counted_never_zero(lang, none, without):
    c = compute(Scenario(server_price=500_000, cloud_hourly=150, hours_per_month=173.3, currency="₽"), "cost")
    block = render(c.facts, lang)
    assert none in block and without in block
    assert "0 ₽" not in block.replace("000 ₽", "")  # no zero of ours (26 000 ₽ is the cloud's)
    assert [a.slot for a in c.assumptions] == ["own_monthly"]


def test_a_computed_running_cost_is_shown_as_a_sum():
    out = own_vs_cloud(CostRequest(server_price=18_000, cloud_hourly=1.8, hours_per_month=433.3, other_monthly=120,
                                   currency="$"))
    from assistant.turn.facts import fact
    block = render([fact("cost", CostRequest(server_price=18_000, cloud_hourly=1.8), out)], "en")
    assert "Own server per month (power etc.): 120 $" in block and "not counted" not in block


def test_the_scenario_line_names_the_default():
    from assistant.views.scenario import scenario_items, scenario_line
    items = scenario_items(Scenario(server_price=5000, cloud_hourly=1.5, currency="$"), {"own_monthly": 0}, "en")
    line = scenario_line(items, "en", "Computed for", "default")
    assert line.endswith("own server's running costs not counted _(default)_")
