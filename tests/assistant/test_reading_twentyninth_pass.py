"""Twenty-ninth pass (fresh24.yaml's first sight, issue 11): "на чем она пойдет" asks for hardware; the shorthand "квн";
"each" says the count is a server's; a number word closing the clause after a card is its count; sizes glued as
adjectives and nouns ("80гиговая", "24гига"); wordings of their own and near misses."""
import pytest

from assistant.reading import read


@pytest.mark.parametrize("text,intent", [
    ("племянник говорит надо ламу3 8б ставить. на чем она пойдет чтоб недорого", "recommend"),
    ("на какой карте гонять mistral 7b", "recommend"),
    ("влезет ли лама 8б на мою карту", "vram"),
])
def test_on_what_hardware_is_a_recommendation(text, intent):
    assert read(text).intent == intent


def test_the_shorthand_kvn_is_qwen():
    assert read("квн 14б на 4070 ти супер норм будет?").scenario.model == "qwen3-14b"


@pytest.mark.parametrize("text,count,asked", [
    ("need a quote for 2 servers with 8 h100 each", 8, ["2"]),
    ("2 сервера, в каждом по 8 h100", 8, ["2"]),
    ("2 nodes of 8 h100", None, ["2", "8"]),  # per server or in all: asked
    ("2 сервера по 8 карт", None, ["2", "8"]),
])
def test_each_says_the_count_is_a_servers(text, count, asked):
    r = read(text)
    assert r.scenario.gpu_count == count and [s.text for s in r.unattached] == asked


@pytest.mark.parametrize("text,count", [("80гиговая а100 одна, что на ней самое умное запустить", 1), ("3090 две.", 2),
                                        ("а100 одна", 1)])
def test_a_number_word_closing_the_clause_after_a_card_is_its_count(text, count):
    assert read(text).scenario.gpu_count == count


def test_a_number_word_opening_a_larger_number_after_a_card_is_not_a_count():
    s = read("4090 две тысячи рублей").scenario
    assert s.gpu_count is None and s.budget == 2000


@pytest.mark.parametrize("text,slot,value", [("24гига видюха", "card_vram_gb", 24), ("видюха на 16гигов", "card_vram_gb", 16),
                                             ("32гигабайта оперативы", "ram_gb", 32), ("нужна 48гиговая карта", "card_vram_gb", 48)])
def test_sizes_glued_as_words(text, slot, value):
    r = read(text)
    assert r.scenario.said()[slot] == value and r.unattached == []
