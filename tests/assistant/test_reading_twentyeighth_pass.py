"""Twenty-eighth pass (fresh23.yaml's first sight, issue 11): one card said to beat another is a comparison; a count
glued to its word ("2шт"); millions of parameters are a size, never money; half a terabyte; a size taken back
("512 гигов нет конечно, 64"); wordings of their own and near misses."""
import pytest

from assistant.reading import read


@pytest.mark.parametrize("text,gpus", [
    ("customer runs glm 4.5 air in production. would an h20 box beat an l20 box for it", ["h20", "l20"]),
    ("would h100 beat a100", ["h100-sxm", "a100-sxm-80gb"]),
    ("обгонит ли 5090 4090 на ламе 8б", ["rtx-5090", "rtx-4090"]),
])
def test_one_card_said_to_beat_another_is_a_comparison(text, gpus):
    r = read(text)
    assert r.intent == "compare" and r.scenario.gpus == gpus


@pytest.mark.parametrize("text,count", [("поставили vllm на 2шт l40s", 2), ("4090 3шт", 3), ("l40s 2pcs", 2),
                                        ("4x4090", 4), ("4090x4", 4)])
def test_a_count_glued_to_its_word(text, count):
    assert read(text).scenario.gpu_count == count


@pytest.mark.parametrize("text,size", [("хочу обучить с нуля модель на 500 млн параметров", 0.5),
                                       ("model with 500M params", 0.5), ("a 350m parameters model", 0.35)])
def test_millions_of_parameters_are_a_size_never_money(text, size):
    r = read(text)
    assert r.scenario.params_b == size and r.scenario.budget is None


@pytest.mark.parametrize("text,budget", [("бюджет 5 млн руб", 5_000_000), ("500 млн на сервер", 500_000_000)])
def test_millions_without_parameters_stay_money(text, budget):
    assert read(text).scenario.budget == budget


@pytest.mark.parametrize("text,ram", [("сервер с 4 шт a100 40гб и пол терабайта оперативы", 512),
                                      ("пол-терабайта ram", 512)])
def test_half_a_terabyte(text, ram):
    assert read(text).scenario.ram_gb == ram


def test_a_floor_is_no_number():
    r = read("поставить сервер на пол")
    assert r.scenario.said() == {} and r.unattached == []


@pytest.mark.parametrize("text,slot,value,taken_back", [
    ("видюха 4070 ти супер, оперативы пятьсот двенадцать гигов нет конечно, 64", "ram_gb", 64, "пятьсот двенадцать гигов"),
    ("карта на 24 гб ой нет 16", "card_vram_gb", 16, "24 гб"),
])
def test_a_size_taken_back_is_replaced_by_the_number_after(text, slot, value, taken_back):
    r = read(text)
    assert r.scenario.said()[slot] == value
    assert [s.text for s in r.spans["corrected"]] == [taken_back]


def test_two_sizes_without_a_take_back_word_are_both_kept():
    assert read("64 гб оперативы и 2 карты").scenario.said() == {"ram_gb": 64, "gpu_count": 2}
