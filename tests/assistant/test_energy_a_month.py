"""A month's electricity (a finding at a9cd346): "сколько будет жрать электричества в месяц сервер на 4 4090 если
работает 24/7" read the hours and answered with a PSU only, and the model wrote "в месяц потребляет 4150–4500 Вт".
Now the hours (or a price per kW·h) add the month's kW·h at full load, and their price; the price per kW·h is a slot
("по 6 руб за квт", "0.30 per kwh", "12 cents per kwh"); watts given per month are a violation, in the guard and in the
grader's twin, with known-good and known-bad sentences."""
import pytest

from assistant.prompt import case_of, compact
from assistant.reading import read
from assistant.scenario import Scenario
from assistant.turn.calculate import compute
from assistant.views import render
from tools.energy import EnergyRequest, monthly_energy


def test_kwh_are_watts_times_hours():
    # 4 × RTX 4090, one CPU: peak 2300–2500 W (tools.power); 730 h = 24 × 365 / 12
    out = monthly_energy(EnergyRequest(system_watts_min=2300, system_watts=2500, hours_per_month=730,
                                       price_per_kwh=6, currency="₽"))
    assert (out.kwh_min, out.kwh_max) == (1679, 1825)
    assert (out.cost_min, out.cost_max) == (10074, 10950)
    cheap = monthly_energy(EnergyRequest(system_watts_min=100, system_watts=200, hours_per_month=100, price_per_kwh=0.12))
    assert (cheap.cost_min, cheap.cost_max) == (1.2, 2.4)  # cents kept below a hundred


@pytest.mark.parametrize("text, price, currency", [
    ("электричество по 6 руб за квт, 4 4090 круглосуточно, сколько в месяц?", 6, "₽"),
    ("киловатт стоит 6 рублей, 4 4090 24/7 сколько в месяц", 6, "₽"),
    ("свет 7 руб квт ч, 3 a6000 по 10 часов в день", 7, "₽"),
    ("по 90 копеек за квт, 2 4090 24/7", 0.9, "₽"),
    ("power bill is 0.30 per kwh, running four 3090s 24/7 what does that cost a month", 0.3, None),
    ("power costs 0.25 eur per kwh here. 4 l40s running 24/7 - monthly bill?", 0.25, "€"),
    ("electricity is 12 cents per kwh, 2 h100 24/7", 0.12, None),  # a cent is a dollar's or a euro's: unsaid
    ("электричество у меня по четыре пятьдесят за квт, две 3090 круглые сутки", 4.5, None),
])
def test_a_price_per_kwh_is_read_into_its_slot(text, price, currency):
    r = read(text)
    assert r.intent == "power"
    assert r.scenario.electricity_price == pytest.approx(price)
    assert r.scenario.currency == currency
    assert not r.unattached


@pytest.mark.parametrize("text, slot, value", [
    ("4 4090 и бп 3 квт хватит?", "psu_w", 3000),  # kilowatts with no price: a PSU
    ("бюджет 500к, 2 4090", "budget", 500_000),
    ("electricity is 12 cents per kwh, 2 h100 24/7", "gpu_count", 2),  # a new clause after the price: a count
])
def test_near_misses_keep_their_slots(text, slot, value):
    r = read(text)
    assert getattr(r.scenario, slot) == value
    assert r.scenario.electricity_price is None or slot == "gpu_count"


def test_a_rack_limit_in_kilowatts_is_still_asked():
    r = read("в стойку влезает 10 квт, сервер с 8 h100 туда встанет по питанию?")
    assert r.scenario.electricity_price is None and [s.text for s in r.unattached] == ["10"]


@pytest.mark.parametrize("lang, line", [
    ("ru", "- ⚡ Электричество в месяц (730 ч при полной нагрузке): 1 679–1 825 кВт·ч; 10 074–10 950 ₽ по 6,00 ₽ за "
           "кВт·ч (в простое меньше)"),
    ("en", "- ⚡ Electricity a month (730 h at full load): 1,679–1,825 kWh; 10,074–10,950 ₽ at 6.00 ₽ per kWh "
           "(less while idle)")])
def test_the_power_answer_gives_the_month(lang, line):
    c = compute(Scenario(gpu="rtx-4090", gpu_count=4, cpus=1, hours_per_month=730, electricity_price=6, currency="₽"),
                "power")
    block = render(c.facts, lang)
    assert line in block.splitlines()
    facts = compact(block)
    assert line[4:] in facts.replace("- ", "", 1) or line[2:].replace("⚡ ", "") in facts
    assert case_of(facts, "сколько в месяц") == "power"


def test_only_the_price_assumes_around_the_clock_and_nothing_asks_no_month():
    c = compute(Scenario(gpu="rtx-4090", gpu_count=2, electricity_price=0.3), "power")
    energy = next(f for f in c.facts if f.tool == "energy")
    assert energy.output["hours_per_month"] == 730 and "hours_per_month" in [a.slot for a in c.assumptions]
    assert "0.30 per kWh" in render(c.facts, "en") and "None" not in render(c.facts, "en")
    plain = compute(Scenario(gpu="rtx-4090", gpu_count=2), "power")
    assert all(f.tool != "energy" for f in plain.facts)


FACTS = [{"tool": "energy", "input": {"system_watts_min": 2300, "system_watts": 2500, "hours_per_month": 730},
          "output": {"hours_per_month": 730, "kwh_min": 1679, "kwh_max": 1825, "price_per_kwh": 6, "cost_min": 10074,
                     "cost_max": 10950, "currency": "₽", "notes": []}}]


@pytest.mark.parametrize("sentence, bad", [
    ("Сервер в месяц потребляет 2300–2500 Вт.", True),
    ("The server draws 2500 W per month.", True),
    ("Ежемесячно сервер потребляет до 2,5 кВт.", True),
    ("За месяц сервер потребит 1 679–1 825 кВт·ч, это 10 074–10 950 ₽.", False),
    ("В пике система берёт 2500 Вт, а за месяц набегает до 1 825 кВт·ч.", False),
    ("A month at full load is up to 1,825 kWh.", False),
    ("Блок питания на 3000 Вт покрывает пик 2500 Вт.", False),
])
def test_watts_a_month_are_a_violation_in_the_guard_and_its_twin(sentence, bad):
    from assistant.checks.power import watts_a_month
    from bench.strict_claims import watts_for_a_month
    assert bool(watts_a_month(sentence)) is bad
    assert bool(watts_for_a_month(sentence)) is bad


@pytest.mark.parametrize("sentence, ok", [
    ("За месяц сервер потребит до 1 825 кВт·ч.", True),
    ("За месяц это 10 074–10 950 ₽.", True),
    ("За месяц сервер потребит до 1 900 кВт·ч.", False),  # no such energy
    ("За месяц это 12 000 ₽.", False),
])
def test_kwh_and_their_price_are_grounded_by_the_energy_fact_alone(sentence, ok):
    from assistant.guard import grounding, violations
    from bench.strict_numbers import unlinked
    g = grounding(FACTS, [], lang="ru")
    assert (not violations(sentence, g)) is ok
    assert (not unlinked(sentence, FACTS)) is ok
