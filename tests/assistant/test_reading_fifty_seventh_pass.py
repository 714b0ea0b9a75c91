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
