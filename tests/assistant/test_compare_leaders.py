"""The comparison in words: each card's merits on one line, each figure against the next best, so the
explanation copies merits card by card (it had given the RTX 5060 Ti the RTX 3090's bandwidth)."""
from assistant.checks.relations import order_errors
from assistant.scenario import Scenario
from assistant.turn.calculate import compute
from assistant.views import render


def _lines(gpus, lang, **kw):
    block = render(compute(Scenario(gpus=gpus, **kw), "compare").facts, lang).splitlines()
    return [ln for ln in block if ln.startswith(("Плюсы ", "Strengths of "))]


def test_each_card_gets_its_own_merits_and_their_figures_agree():
    a6000, rtx4090 = _lines(["rtx-a6000", "rtx-4090"], "ru")
    assert a6000.startswith("Плюсы RTX A6000: больше памяти (48 против 24 ГиБ)")
    assert "ниже потребление (300 против 450 Вт)" in a6000 and "есть NVLink" in a6000
    assert "разрешена в дата-центре" in a6000 and "разрешена" not in rtx4090
    assert rtx4090.startswith("Плюсы RTX 4090: выше пропускная способность памяти (1 008 против 768 ГБ/с)")
    assert "памяти (48" not in rtx4090 and "NVLink" not in rtx4090
    assert order_errors(a6000) == [] and order_errors(rtx4090) == []  # the guard reads the lines as true


def test_the_stronger_card_first_and_shared_traits_are_no_merit():
    first, second = _lines(["rtx-5060-ti-16gb", "rtx-3090"], "ru")
    assert first.startswith("Плюсы RTX 3090: больше памяти (24 против 16 ГиБ); выше пропускная способность")
    assert second == "Плюсы RTX 5060 Ti 16GB: ниже потребление (180 против 350 Вт)"
    assert "дата-центр" not in first + second  # both GeForce: neither is allowed there


def test_a_tie_leads_nowhere_and_a_missing_price_is_skipped():
    lines = _lines(["h100-sxm", "a100-80gb", "l40s"], "en", model="Llama-3-70B")
    text = "\n".join(lines)
    assert "more memory" not in text  # H100 and A100 both 80 GiB
    assert "Strengths of A100 80GB: lower card price (10,000 vs 25,000 $)" in text  # L40S: price on request
    assert all(order_errors(ln) == [] for ln in lines)
