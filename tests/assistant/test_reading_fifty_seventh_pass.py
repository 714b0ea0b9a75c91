"""Fifty-seventh pass (issue 11): general rules found by trying ordinary messages of the kinds the sets fresh70-fresh73
were written about (hand-offs, why-questions), and the sets' first sight; each with wordings of its own and a
counterpart."""
import pytest

from assistant.reading import read
from tests.assistant.test_reading_thirtyninth_pass import talk


@pytest.mark.parametrize("then", ["беру", "ок, оформляйте", "Ок, берём тогда", "спасибо, беру", "ладно, возьму её",
                                  "we'll take it", "great, let's go with that config"])
def test_taking_what_was_offered_is_a_handoff(then):
    _, intent = talk("сервер под ламу 70б на 30 человек", then)
    assert intent == "handoff"


@pytest.mark.parametrize("text, intent", [("беру 4090 или 3090?", "compare"), ("спасибо", "greeting"),
                                          ("ok thanks", "greeting")])
def test_which_to_take_and_a_bare_thanks_are_no_order(text, intent):
    assert read(text).intent == intent


@pytest.mark.parametrize("text, intent", [("объясните, хватит ли двух 3090 для 70b", "vram"),
                                          ("explain how many a100s we need for llama 70b for 50 users", "recommend"),
                                          ("объясните, сколько нужно карт под квен 32б на 20 человек", "recommend")])
def test_explain_before_a_sum_asks_the_sum(text, intent):
    assert read(text).intent == intent


@pytest.mark.parametrize("text", ["объясните как работает kv cache", "explain whether quantization hurts quality",
                                  "объясни на пальцах, чем gguf отличается от awq"])
def test_explain_before_how_it_works_stays_knowledge(text):
    assert read(text).intent == "knowledge"


@pytest.mark.parametrize("text, gpu, count", [("квартет A6000 хватит под 70б?", "rtx-a6000", 4),
                                              ("две пары 3090 — хватит для ламы 70б в q4?", "rtx-3090", 4),
                                              ("восьмикарточный сервер на h100 под квен 235б", "h100-sxm", 8),
                                              ("8-карточный сервер на h100, что на нём запустить?", "h100-sxm", 8),
                                              ("четырёхкарточный сервак с 4090 под мистраль", "rtx-4090", 4)])
def test_a_count_said_as_a_group_or_a_box(text, gpu, count):
    s = read(text).scenario
    assert (s.gpu, s.gpu_count) == (gpu, count)


@pytest.mark.parametrize("text, count", [("пара 3090 потянет ламу 70б в q4?", 2), ("задам пару вопросов про 4090", None)])
def test_a_pair_alone_stays_two_or_nothing(text, count):
    assert read(text).scenario.gpu_count == count
