"""A scenario edit the catalog cannot take is answered in the customer's language (the catalog's
own errors are English)."""
import pytest

from assistant.turn.recompute import parse
from tools.errors import SizingError


@pytest.mark.parametrize("slot,value,ru,en", [
    ("model", "llamaa 99b", "модели «llamaa 99b» нет в каталоге; может быть,", "unknown model 'llamaa 99b'"),
    ("gpu", "rtx 9999", "карты «rtx 9999» нет в каталоге", "unknown GPU 'rtx 9999'"),
    ("precision", "q3x", "точность «q3x» не знаю; известные:", "unknown precision 'q3x'"),
    ("zzz", "1", "«zzz» здесь не меняется", "'zzz' cannot be changed here"),
])
def test_unknown_values_in_both_languages(slot, value, ru, en):
    with pytest.raises(SizingError) as got_ru:
        parse(slot, value, "ru")
    with pytest.raises(SizingError) as got_en:
        parse(slot, value, "en")
    assert str(got_ru.value).startswith(ru) and "unknown" not in str(got_ru.value) and "e.g." not in str(got_ru.value)
    assert str(got_en.value).startswith(en)
