"""A bare number answering the question the last turn asked ("несколько значений для «польз.»")."""
import pytest

from assistant.service import Conversation


@pytest.mark.parametrize("first, reply, users", [
    ("нужен сервер под qwen 2.5 32b на 10 или 15 человек", "ну пусть будет 15", 15),
    ("нужен сервер под qwen 2.5 32b на 10 или 15 человек", "давай 12", 12),  # between the two: an answer too
    ("server for qwen 2.5 32b, 10 users or 15 users", "let's say 10", 10),
])
def test_the_reply_fills_the_slot_asked_about(make_assistant, first, reply, users):
    a = make_assistant([])
    conv = Conversation()
    r1 = a.ask(conv, first, use_llm=False)
    assert conv.scenario.users is None and conv.scenario.asked == {"users": [10.0, 15.0]}, r1.computed
    r2 = a.ask(conv, reply, use_llm=False)
    assert conv.scenario.users == users and r2.intent == "recommend", r2.computed
    assert conv.scenario.asked is None  # answered: the next bare number is no answer to it


def test_a_number_outside_the_offered_values_is_no_answer(make_assistant):
    a = make_assistant([])
    conv = Conversation()
    a.ask(conv, "нужен сервер под qwen 2.5 32b на 10 или 15 человек", use_llm=False)
    r = a.ask(conv, "ну пусть будет 40", use_llm=False)
    assert conv.scenario.users is None and "«40»" in r.computed  # asked back, not guessed


def test_the_question_is_forgotten_after_another_turn(make_assistant):
    a = make_assistant([])
    conv = Conversation()
    a.ask(conv, "нужен сервер под qwen 2.5 32b на 10 или 15 человек", use_llm=False)
    a.ask(conv, "а если 4 карты?", use_llm=False)
    assert conv.scenario.gpu_count == 4 and conv.scenario.asked is None

