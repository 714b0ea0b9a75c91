"""A PSU said to suffice below the computed peak (assistant/checks/power.py), with known-good and
known-bad sentences, negations and questions included."""
import pytest

from assistant.checks.power import psu_below_peak, said_psu_watts

# six RTX 4090 and two CPUs: peak 3 750 W, 4×1600 W recommended (tools.power.power_budget's output)
SIX_4090 = [{"tool": "power", "output": {"gpu": "RTX 4090", "count": 6, "system_watts": 3750,
                                         "system_watts_min": 3400, "psu_design_watts": 4500}}]


@pytest.mark.parametrize("text, bad", [
    ("Блок питания на 1600 Вт обеспечит достаточное питание для шести RTX 4090.", True),
    ("Для шести карт хватит БП 2000 Вт.", True),
    ("A 1600 W PSU is enough for six RTX 4090.", True),
    ("A single 3 000 W power supply can handle the load.", True),
    ("Блока питания на тысячу шестьсот ватт хватит.", True),
    ("Два блока питания по 1600 Вт обеспечат питание системы.", True),
    ("Возьмите 4×1600 Вт: этого хватит с запасом.", False),  # no PSU word: nothing said about a unit
    ("Блоков питания 4×1600 Вт хватит с запасом.", False),
    ("Четыре блока питания по 1600 Вт обеспечат питание с резервом N+1.", False),
    ("Блока питания на 1600 Вт не хватит: пик системы 3750 Вт.", False),
    ("A 1600 W PSU is not enough for six cards.", False),
    ("Хватит ли блока питания на 1600 Вт?", False),
    ("Карты потребляют 2700 Вт, а блок питания на 4500 Вт обеспечит запас.", False),
    # advice to take a PSU is a claim that it is enough (a review at 7800baf)
    ("Берите блок питания на 1600 Вт (N+1, с резервом): вся система в пике потребляет 3750 Вт.", True),
    ("Get a 1600 W PSU for this build.", True),
    ("Нужен блок питания на 2000 Вт.", True),
    ("Берите блоки питания 4×1600 Вт (N+1, с резервом).", False),
    ("Блок питания на 1600 Вт (N+1, с резервом): вся система в пике потребляет 3750 Вт.", True),  # its retry
    ("A 1600 W power supply, redundant, covers the build.", True),
    ("Блоки питания 4×1600 Вт (N+1, с резервом) покрывают пик.", False),
    ("Рекомендую блок питания на 4500 Вт.", False),
    ("Не берите блок питания на 1600 Вт: пик 3750 Вт.", False),
    ("Нужен ли блок питания на 1600 Вт?", False),
])
def test_psu_said_to_suffice_below_the_peak(text, bad):
    assert bool(psu_below_peak(text, SIX_4090)) is bad
    assert psu_below_peak(text, []) == []  # no power calculation: nothing to hold it against


@pytest.mark.parametrize("text, watts", [
    ("Блок питания на 1600 Вт", 1600), ("2 x 1600 W PSUs", 3200), ("1,6 кВт блок питания", 1600),
    ("two PSUs at 1600 W each", 3200), ("блок питания", None),
])
def test_the_psu_wattage_said(text, watts):
    assert said_psu_watts(text) == watts


def test_the_guard_drops_the_sentence():
    from assistant.guard import grounding, violations
    g = grounding(SIX_4090, ["1600"], lang="ru")
    assert any(v.startswith("psu:") for v in violations("Блока питания на 1600 Вт хватит.", g))


@pytest.mark.parametrize("text, bad", [
    ("Берите блок питания на 1600 Вт (N+1, с резервом): вся система в пике потребляет 3750 Вт.", True),
    ("Get a 1600 W PSU for this build.", True),
    ("Блок питания на 1600 Вт (N+1, с резервом): вся система в пике потребляет 3750 Вт.", True),
    ("Берите блоки питания 4×1600 Вт (N+1, с резервом).", False),
    ("Не берите блок питания на 1600 Вт: пик 3750 Вт.", False),
])
def test_the_graders_twin_agrees_on_advice(text, bad):
    from bench.strict_claims import psu_short_of_peak
    assert bool(psu_short_of_peak(text, SIX_4090)) is bad
    assert bool(psu_below_peak(text, SIX_4090)) is bad


# a probe at 4ff1afb ("бп хватит 1200 на 4080 супер и райзен"): the table says the customer's 1200 W is tight (the
# 1020 W peak is covered, the 20 % headroom, 1224 W, is not) and the model wrote "Ваш БП 1 200 Вт хватит"
def _own(verdict: str) -> list[dict]:
    return [{"tool": "power", "output": {"system_watts_min": 820, "system_watts": 1020, "psu_design_watts": 1224,
                                         "psu_w": 1200, "psu_verdict": verdict}}]


@pytest.mark.parametrize("sentence,verdict,bad", [
    ("Ваш БП 1 200 Вт хватит для системы.", "tight", True),
    ("Your 1200 W PSU is enough for this build.", "tight", True),
    ("Вашего блока питания достаточно.", "short", True),
    ("Ваш БП справится, но впритык: запаса нет.", "short", True),  # short: no caveat makes it enough
    ("Ваш БП 1 200 Вт покрывает пик, но без запаса.", "tight", False),
    ("Your PSU covers the peak, but with no headroom.", "tight", False),
    ("Ваш БП 1 200 Вт не хватит с запасом, берите 1300 Вт.", "tight", False),
    ("Хватит ли вашего БП?", "tight", False),
    ("Ваш БП 1 600 Вт хватит с запасом.", "enough", False),
    ("Берите блок питания на 1300 Вт.", "tight", False),  # the recommended unit, not theirs
])
def test_the_customers_own_psu_is_called_enough_only_as_the_facts_say(sentence, verdict, bad):
    from assistant.checks.power import own_psu_overstated
    from bench.strict_claims import own_psu_called_enough
    assert bool(own_psu_overstated(sentence, _own(verdict))) is bad
    assert bool(own_psu_called_enough(sentence, _own(verdict))) is bad


@pytest.mark.parametrize("sentence,verdict,bad", [
    ("Нет, вашего БП на 1200 Вт не хватит: система в пике потребляет 820–1020 Вт.", "tight", True),
    ("No, your 1200 W PSU is not enough for this system.", "tight", True),
    ("Ваш БП 1 200 Вт не хватит с запасом, берите 1300 Вт.", "tight", False),
    ("Your PSU is not enough once you add 20 % headroom for spikes.", "tight", False),
    ("Нет, вашего БП на 1000 Вт не хватит.", "short", False),  # short: it is not enough
    ("Ваш БП 1 200 Вт покрывает пик, но без запаса.", "tight", False),
])
def test_a_tight_own_psu_is_not_called_short_without_the_headroom(sentence, verdict, bad):
    from assistant.checks.power import own_psu_understated
    from bench.strict_claims import own_psu_called_short
    assert bool(own_psu_understated(sentence, _own(verdict))) is bad
    assert bool(own_psu_called_short(sentence, _own(verdict))) is bad


@pytest.mark.parametrize("sentence,verdict,bad", [
    ("Впритык: ваш БП на 1000 Вт не хватает для работы видеокарты RTX 4090.", "short", True),
    ("Your PSU covers the peak, but with no headroom.", "short", True),
    ("Впритык: ваш БП на 1200 Вт покрывает пик, но запаса нет.", "tight", False),
])
def test_a_short_own_psu_is_never_called_tight(sentence, verdict, bad):
    from assistant.checks.power import own_psu_overstated
    from bench.strict_claims import own_psu_called_enough
    assert bool(own_psu_overstated(sentence, _own(verdict))) is bad
    assert bool(own_psu_called_enough(sentence, _own(verdict))) is bad
