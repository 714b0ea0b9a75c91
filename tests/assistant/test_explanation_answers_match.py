"""`gpu-sizer eval` matching: word boundaries and negations ("не помещается" never passes "помещается")."""
import pytest

from bench.answers import check


@pytest.mark.parametrize("answer,must,missing", [
    ("Модель не помещается на карту.", ["помещается"], ["помещается"]),
    ("Модель не помещается на карту.", ["не помещается"], []),
    ("✅ помещается, свободно 2,05 ГБ", ["помещается"], []),
    ("It does not fit on one card.", ["fits"], ["fits"]),
    ("It does not fit on one card.", ["does not fit"], []),
    ("unfits", ["fits"], ["fits"]),
    ("Итого 16,06 ГБ", [16.06, "LoRA|DGX"], ["LoRA|DGX"]),
    ("через LoRA на DGX", ["LoRA|DGX"], []),
])
def test_check_is_word_bounded_and_negation_aware(answer, must, missing):
    assert check(answer, must) == missing
