"""Each compared option's own count (a finding at a9cd346): "2 4090 или 4 3090 для llama 70b?" asked "2 or 4 cards?",
"хватит ли одной 4090 или брать 5090" named «одной» back, and "одной 4090 или двух 3090" dropped both counts. A count
standing beside one compared card is that card's: the comparison says whether the model fits on that many."""
import pytest

from assistant.reading import read
from assistant.scenario import Scenario, merge
from assistant.turn.calculate import compute
from assistant.views import render
from tools.errors import SizingError
from tools.hardware import compare
from tools.memory import MemoryRequest


@pytest.mark.parametrize("text, gpus, counts", [
    ("2 4090 или 4 3090 для llama 70b?", ["rtx-4090", "rtx-3090"], [2, 4]),
    ("одной 4090 или двух 3090 хватит для llama 70b в q4", ["rtx-4090", "rtx-3090"], [1, 2]),
    ("5090 или две 3090 под 70b", ["rtx-5090", "rtx-3090"], [1, 2]),  # the card with no count is one card
    ("2x 4090 vs 4x 3090 for llama 3 70b in q4", ["rtx-4090", "rtx-3090"], [2, 4]),
    ("две 3060 или одну 3090 брать под нейронки?", ["rtx-3060-12gb", "rtx-3090"], [2, 1]),
    ("youtuber here, 5090 or two used 3090s for local llms", ["rtx-5090", "rtx-3090"], [1, 2]),
])
def test_each_compared_card_keeps_its_own_count(text, gpus, counts):
    r = read(text)
    assert r.intent == "compare" and r.scenario.gpus == gpus and r.scenario.gpu_counts == counts
    assert r.scenario.gpu_count is None and not r.conflicts and not r.unattached


def test_one_of_each_is_what_the_on_one_card_row_answers():
    r = read("хватит ли одной 4090 или брать 5090 для qwen 32b в q4")
    assert r.scenario.gpu_counts is None and not r.unattached  # «одной» was named back


@pytest.mark.parametrize("text, count", [
    ("h100 nvl vs sxm for a 4-GPU server", 4),  # one count for the server, not beside a card
    ("сравни 4090 и 3090", None),
])
def test_a_count_for_all_the_cards_stays_one_count(text, count):
    r = read(text)
    assert r.scenario.gpu_count == count and r.scenario.gpu_counts is None


def test_two_counts_for_one_card_are_still_asked():
    r = read("2 или 4 карты 4090 под llama 70b?")
    assert r.scenario.gpu_counts is None and "gpu_count" in r.conflicts


def test_the_comparison_says_whether_the_model_fits_on_that_many():
    req = MemoryRequest(model="llama-3.3-70b", precision="int4")
    rows = compare(["rtx-4090", "rtx-3090"], req, [2, 4]).cards
    assert [(r.count, r.min_cards, r.fits_count) for r in rows] == [(2, 3, False), (4, 3, True)]
    assert compare(["rtx-4090", "rtx-3090"]).cards[0].fits_count is None
    with pytest.raises(SizingError):
        compare(["rtx-4090", "rtx-3090"], req, [2])


@pytest.mark.parametrize("lang, line", [
    ("ru", "- 2 × RTX 4090: не помещается, нужно от 3; 4 × RTX 3090: помещается"),
    ("en", "- 2 × RTX 4090: does not fit, 3 needed; 4 × RTX 3090: fits")])
def test_the_table_shows_the_customers_numbers(lang, line):
    from assistant.prompt import compact
    s = Scenario(model="llama-3.3-70b", precision="int4", gpus=["rtx-4090", "rtx-3090"], gpu_counts=[2, 4])
    block = render(compute(s, "compare").facts, lang)
    assert line in block.splitlines() and line in compact(block).splitlines()  # the model reads it too


def test_the_counts_go_with_the_cards_they_were_said_with():
    first = Scenario(model="llama-3.3-70b", gpus=["rtx-4090", "rtx-3090"], gpu_counts=[2, 4])
    assert merge(first, Scenario(precision="int4"), False).gpu_counts == [2, 4]  # "а в q4?"
    assert merge(first, Scenario(gpus=["rtx-5090", "a100-sxm-80gb"]), False).gpu_counts is None
    assert merge(first, Scenario(gpu="h200"), False, comparing=True).gpu_counts is None  # a third card joined


# the model under that table (a probe at de22a86): "При q4 RTX 3090 можно поместить на 2 карты, но не на 4."
COMPARED = [{"tool": "compare", "input": {"gpus": ["rtx-4090", "rtx-3090"], "model": "llama-3.3-70b",
                                          "precision": "int4", "counts": [2, 4]},
             "output": {"cards": [{"id": "rtx-4090", "min_cards": 3, "count": 2, "fits_count": False},
                                  {"id": "rtx-3090", "min_cards": 3, "count": 4, "fits_count": True}]}}]


@pytest.mark.parametrize("sentence, bad", [
    ("При q4 RTX 3090 можно поместить на 2 карты, но не на 4.", True),
    ("Модель поместится на 2 RTX 4090.", True),
    ("You can run it on two RTX 4090.", True),
    ("На двух RTX 4090 модель не поместится, а на четырёх RTX 3090 поместится.", False),
    ("Llama 3.3 70B fits on four RTX 3090 cards but not on two RTX 4090.", False),
    ("На четырёх RTX 3090 модель поместится с запасом.", False),
    ("Поместится ли модель на 2 RTX 4090?", False),
    ("Нужно минимум 3 карты RTX 4090.", False),  # no fit said: the advice check's business
])
def test_fits_on_n_cards_is_held_against_the_comparison_in_the_guard_and_its_twin(sentence, bad):
    from assistant.checks.counts import fits_on_n_misstated
    from assistant.guard import grounding, violations
    from bench.strict_claims import compare_count_misstated
    assert bool(fits_on_n_misstated(sentence, COMPARED)) is bad
    assert bool(compare_count_misstated(sentence, COMPARED)) is bad
    assert any(v.startswith("count:") for v in violations(sentence, grounding(COMPARED, [], lang="ru"))) is bad


@pytest.mark.parametrize("sentence, bad", [
    ("Для модели llama 70b на RTX 4090 нужно 2 карты, а для RTX 3090 — 4.", True),  # its retry at de22a86
    ("Возьмите 2 RTX 4090.", True),
    ("Для модели на RTX 4090 нужно 3 карты.", False),
    ("Возьмите 4 RTX 3090.", False),  # the customer's own count, which fits
    ("Нужно три карты RTX 3090.", False),
])
def test_a_count_advised_for_a_compared_card_is_one_the_comparison_gives(sentence, bad):
    from assistant.checks.counts import miscounted
    assert bool(miscounted(sentence, COMPARED)) is bad


def test_the_graders_twin_counts_too_few_of_a_compared_card():
    from bench.strict_claims import too_few_cards
    assert too_few_cards("Возьмите 2 RTX 4090.", COMPARED) and not too_few_cards("Возьмите 4 RTX 3090.", COMPARED)


@pytest.mark.parametrize("sentence, bad", [
    ("For Qwen 32B, a single RTX 4090 is sufficient.", True),  # a probe at de22a86 (two are needed)
    ("Одной RTX 4090 хватит.", True),
    ("Двух RTX 3090 хватит с запасом.", False),
    ("Одной RTX 4090 не хватит, нужны две.", False),
])
def test_a_count_said_before_the_card_is_held_too(sentence, bad):
    from assistant.checks.counts import fits_on_n_misstated
    from bench.strict_claims import compare_count_misstated
    facts = [{"tool": "compare", "input": {"gpus": ["rtx-4090", "rtx-3090"], "model": "qwen3-32b", "precision": "int4"},
              "output": {"cards": [{"id": "rtx-4090", "min_cards": 2}, {"id": "rtx-3090", "min_cards": 2}]}}]
    assert bool(fits_on_n_misstated(sentence, facts)) is bad
    assert bool(compare_count_misstated(sentence, facts)) is bad


def test_cards_changed_on_the_chips_drop_the_counts_said_for_the_old_ones():
    from assistant.service import Assistant, Conversation
    a, conv = Assistant(backend=None), Conversation()
    a.ask(conv, "2 4090 или 4 3090 для llama 70b в q4?", use_llm=False)
    assert conv.scenario.gpu_counts == [2, 4]
    assert a.recompute(conv, {"precision": "int8"}).scenario["gpu_counts"] == [2, 4]  # the same cards: kept
    res = a.recompute(conv, {"gpus": ["rtx-5090", "a100-sxm-80gb"]})
    assert "gpu_counts" not in res.scenario
    assert not any(line.startswith("- ") and "× RTX 5090:" in line for line in res.computed.splitlines())


COUNTED = [{"tool": "compare", "input": {"gpus": ["rtx-4090", "rtx-3090"], "counts": [2, 4]},
            "output": {"cards": [{"id": "rtx-4090", "count": 2, "fits_count": False, "min_cards": 3},
                                 {"id": "rtx-3090", "count": 4, "fits_count": True, "min_cards": 3}]}}]


@pytest.mark.parametrize("text, bad", [
    # a probe at 563f76a: "2 4090 или 4 3090 под ламу 70б в q4 чо брать" (two 4090s do not hold it)
    ("RTX 4090 имеет больше пропускной способности памяти (1 008 против 936 ГБ/с), что делает его более подходящим "
     "для модели.", True),
    ("Take the RTX 4090: it is faster.", True),
    ("Берите RTX 4090.", True),
    ("Берите четыре RTX 3090: модель на них помещается.", False),
    ("RTX 4090 быстрее, но двух не хватит.", False),
    ("Выберите RTX 4090 или RTX 3090 в зависимости от требований.", False),
    ("RTX 4090 имеет больше пропускной способности памяти.", False),
    ("Take the RTX 3090s, not the RTX 4090.", False),
])
def test_the_option_that_does_not_hold_the_model_may_not_be_recommended(text, bad):
    from assistant.checks.counts import failing_option_preferred
    from bench.strict_claims import short_option_recommended
    assert bool(failing_option_preferred(text, COUNTED)) is bad
    assert bool(short_option_recommended(text, COUNTED)) is bad  # the grader's twin, written apart, agrees


NEITHER = [{"tool": "compare", "input": {"gpus": ["rtx-a6000", "rtx-4090"], "counts": [1, 2]},
            "output": {"cards": [{"id": "rtx-a6000", "count": 1, "fits_count": False, "min_cards": 2},
                                 {"id": "rtx-4090", "count": 2, "fits_count": False, "min_cards": 3}]}}]


@pytest.mark.parametrize("text, bad", [
    # a review probe at c401b64: "чо лучше взять а6000 или пару 4090 для ламы 70б в 4 бита" (neither holds it)
    ("RTX A6000 лучше для модели, которая требует 4 бита и имеет размерность 70б.", True),
    ("RTX 4090 также лучше для этой модели.", True),
    ("RTX A6000 лучше взять, так как она имеет больше памяти (48 ГиБ).", True),  # the retry of the same probe
    ("RTX A6000 имеет больше памяти (48 ГиБ) и экономичнее (300 Вт).", False),
    ("Ни одна из двух конфигураций не вмещает модель: RTX A6000 нужно от 2, RTX 4090 от 3.", False),
])
def test_no_option_may_be_called_better_for_the_model_when_none_holds_it(text, bad):
    from assistant.checks.counts import failing_option_preferred
    from bench.strict_claims import short_option_recommended
    assert bool(failing_option_preferred(text, NEITHER)) is bad
    assert bool(short_option_recommended(text, NEITHER)) is bad
