"""The comparison in words ("who leads"): each figure's leader with its value against the next best."""
from assistant.checks.relations import order_errors
from assistant.scenario import Scenario
from assistant.turn.calculate import compute
from assistant.views import render


def _block(gpus, lang, **kw):
    return render(compute(Scenario(gpus=gpus, **kw), "compare").facts, lang)


def test_leaders_are_right_and_their_own_figures_agree():
    ru = _block(["rtx-a6000", "rtx-4090"], "ru").splitlines()[-1]
    assert ru.startswith("Кто впереди: больше памяти — RTX A6000 (48 против 24 ГиБ)")
    assert "выше пропускная способность памяти — RTX 4090 (1 008 против 768 ГБ/с)" in ru
    assert "ниже потребление — RTX A6000 (300 против 450 Вт)" in ru and "NVLink — только у RTX A6000" in ru
    assert order_errors(ru) == []  # the guard reads the line as true


def test_a_tie_leads_nowhere_and_a_missing_price_is_skipped():
    en = _block(["h100-sxm", "a100-80gb", "l40s"], "en", model="Llama-3-70B").splitlines()[-1]
    assert "more memory" not in en  # H100 and A100 both 80 GiB
    assert "lower card price — A100 80GB (10,000 vs 25,000 $)" in en  # L40S: price on request
    assert order_errors(en) == []
