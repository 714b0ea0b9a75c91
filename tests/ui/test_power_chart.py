"""The power chart shows the customer's own PSU beside the recommended one, coloured by the table's verdict (a finding
at a9cd346: "бп хватит 1200 на 4080 супер" charted the load and the 1300 W recommended, not their 1200 W)."""
import pytest

from assistant.scenario import Scenario
from assistant.turn.calculate import compute
from assistant.views import chart_data
from ui.charts import power_figure


def _chart(psu_w: int | None) -> dict:
    return chart_data(compute(Scenario(gpu="rtx-4090", gpu_count=1, psu_w=psu_w), "power").facts)


@pytest.mark.parametrize("psu_w, verdict, color", [(2000, "enough", "#2e7d32"), (1200, "tight", "#f9a825"),
                                                    (500, "short", "#c62828")])
def test_the_customers_psu_is_a_third_bar_in_its_verdicts_colour(psu_w, verdict, color):
    from matplotlib.colors import to_hex
    charts = _chart(psu_w)
    assert charts["power"]["own_psu_w"] == psu_w and charts["power"]["own_psu_verdict"] == verdict
    ax = power_figure(charts, "ru").axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["Нагрузка", "Рекомендуемый БП", "Ваш БП"]
    own = [b for b in ax.patches if b.get_y() + b.get_height() / 2 == pytest.approx(2)]
    assert len(own) == 1 and own[0].get_width() == psu_w and to_hex(own[0].get_facecolor()) == color


def test_without_a_psu_said_two_bars_in_english_too():
    ax = power_figure(_chart(None), "en").axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["Load", "Recommended PSU"]
