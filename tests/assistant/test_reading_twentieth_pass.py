"""General rules of the reader's twentieth pass (issue 11, after fresh15.yaml's first sight; aimed at generalisation:
causes, not sentences). Wordings of their own, not fresh15.yaml's; each rule has known-good inputs, near misses and
guards ("..._still_..." / "..._not_...")."""
from __future__ import annotations

import pytest

from assistant.reading import read
from assistant.reading.context import carry


def first(text: str):
    """A first message of a conversation, read as the bench and the turn read it."""
    return carry(read(text), None)


def said(text: str) -> dict:
    return first(text).scenario.said()


# ---------------------------------------------------------------- (a) a card added to the one owned is an upgrade
@pytest.mark.parametrize("text,gpu", [
    ("thinking of adding a 3090 to my 4080, makes sense?", "rtx-4080"),  # "adding" is an upgrade word for the pick too
    ("planning to add an a5000 to my a6000 for larger models, good idea?", "rtx-a6000"),
    ("i have an rtx 4090, adding a 3090 for more vram, good move?", "rtx-4090"),
    ("we have one l40s, considering adding a second one, worth it?", "l40s"),
    ("хочу добавить 3090 к своей 5090 норм будет", "rtx-5090"),
])
def test_adding_a_card_to_the_one_owned_is_an_upgrade(text, gpu):
    r = first(text)
    assert r.intent == "upgrade", (r.intent, said(text))
    assert said(text).get("gpu") == gpu, said(text)


def test_adding_the_second_keeps_the_count_owned():
    assert said("we have one l40s, considering adding a second one, worth it?").get("gpu_count") == 1


@pytest.mark.parametrize("text", [
    "what can i run if i add a 3090 to my 4090",  # a which-question: what the added hardware runs
    "а если добавить еще две такие",  # a what-if: the conversation's question, changed
])
def test_adding_with_a_question_of_its_own_is_not_an_upgrade(text):
    assert read(text).intent != "upgrade"


def test_adding_with_a_model_still_asks_whether_it_fits():
    assert read("докуплю вторую 3090 к своей, тогда 70б потяну?").intent == "vram"


# ---------------------------------------------------------------- (b) a share of the people on at once
@pytest.mark.parametrize("text,users", [
    ("legal team of 20, maybe half online at once, what server", 10),
    ("нас тридцать человек из них треть одновременно в чате", 10),
    ("staff of 40 but only a quarter active at the same time", 40),  # "but" ends the clause: the share is not read
    ("штат 16 человек половина работает онлайн одновременно", 8),
])
def test_share_of_people_at_once_is_the_users(text, users):
    # as the pipeline folds it: a half read by the relative rule is applied there, once (sixtieth pass: "штат 16
    # человек половина … одновременно" had been halved twice, 4)
    from tests.assistant.test_reading_thirtyninth_pass import talk
    assert talk(text)[0].users == users


@pytest.mark.parametrize("text,users", [
    ("team of 12, half of them are remote", 12),  # no same-time word: the whole team
    ("10 users, half precision", 10),  # a precision, not a share
    ("20 сотрудников, одновременно 8, половина онлайн", 8),  # a same-time figure said already
])
def test_share_without_same_time_or_with_a_figure_still_not_read(text, users):
    assert said(text).get("users") == users, said(text)


# ---------------------------------------------------------------- (c) outputs made per unit of time are a speed
@pytest.mark.parametrize("text", [
    "сдхл на 4090 сколько изображений в минуту выйдет",
    "flux dev on a 5090, how many images per minute",
    "sdxl на 3090 сколько картинок в час",
])
def test_outputs_per_unit_of_time_is_speed(text):
    assert read(text).intent == "speed", read(text).intent


def test_images_without_a_time_unit_still_not_speed():
    assert read("how many images fit in the context of gemma 3 27b").intent != "speed"


# ---------------------------------------------------------------- (d) a word of roughness between people and number
@pytest.mark.parametrize("text,users", [
    ("бухгалтеров примерно двенадцать будут пользоваться какой сервер", 12),
    ("диспетчеров около 30 сидят одновременно", 30),
    ("engineers around 15 would use it, what card", 15),
])
def test_roughly_between_people_and_their_number(text, users):
    assert said(text).get("users") == users, said(text)


def test_roughly_before_a_card_count_still_not_users():
    s = said("карт около 4 h100 для квена 32б")
    assert s.get("users") is None, s
