"""A sentence that opens with a pointer compares with the figure before it: "… 2400 Вт. Это больше, чем
рекомендуемый блок питания (4×1600 Вт)" is false, as 4×1600 is 6400 W (explain-eval ru-fresh2-psu-8x at a891c50).
The guard drops it; the bench's strict checker, written apart, counts it."""
import pytest

from assistant.checks.relations import order_errors
from bench.strict_claims import refuted_across_sentences

BAD = "Потребление 8 карт RTX 6000 Ada составляет 2400 Вт. Это больше, чем рекомендуемый блок питания (4×1600 Вт)."


@pytest.mark.parametrize("text, false", [
    (BAD, True),
    ("Потребление составляет 7400 Вт. Это больше, чем рекомендуемый блок питания (4×1600 Вт).", False),
    ("Система в пике берёт 2400 Вт. Это меньше, чем блоки питания (4×1600 Вт).", False),
    ("The server peaks at 2,400 W. That is more than the 6,400 W of the supplies.", True),
    ("The server peaks at 2,400 W. That is less than the 6,400 W of the supplies.", False),
    ("The server peaks at 2,400 W. That is more than half of 4,000 W.", False),  # a multiple: not judged
])
def test_a_pointer_compared_with_the_figure_before_it(text, false):
    assert bool(order_errors(text)) is false
    assert bool(refuted_across_sentences(text)) is false


def test_the_guard_drops_the_false_comparison_and_keeps_the_rest():
    from assistant.service import Assistant, Conversation
    from assistant.settings import get_settings
    from support.fakes import ScriptedBackend

    ok = "Берите блоки с запасом."
    res = Assistant(get_settings(), backend=ScriptedBackend([f"{BAD} {ok}"])).ask(
        Conversation(), "какой бп нужен под 8 карт RTX 6000 Ada?")
    assert "Это больше" not in res.prose and ok in res.prose
