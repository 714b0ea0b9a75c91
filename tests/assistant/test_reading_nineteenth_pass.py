"""General rules of the reader's nineteenth pass (issue 11, after fresh14.yaml's first sight; aimed at generalisation:
causes, not sentences). Wordings of their own, not fresh14.yaml's; each rule has known-good inputs, near misses and
guards ("..._still_..." / "..._not_...")."""
from __future__ import annotations

import pytest

from assistant.reading import read
from assistant.reading.context import carry
from bench.understanding import dropped


def first(text: str):
    """A first message of a conversation, read as the bench and the turn read it."""
    return carry(read(text), None)


def said(text: str) -> dict:
    return first(text).scenario.said()


# ---------------------------------------------------------------- (a) a one-digit size in words right after the family
@pytest.mark.parametrize("text,model", [
    ("дообучить ламу восемь лорой", "llama-3.1-8b"),
    ("квен восемь на 3060 пойдёт", "qwen3-8b"),
    ("мистраль семь на ноуте", "mistral-7b-v0.3"),
    ("ламу семьдесят на двух 3090", "llama-3.3-70b"),  # two digits, as before
])
def test_one_digit_size_word_after_family(text, model):
    assert said(text).get("model") == model, said(text)


@pytest.mark.parametrize("text", ["лама три", "квен три", "гемма три"])
def test_version_word_after_family_still_no_size(text):
    assert "model" not in said(text) or said(text)["model"].startswith(("llama-3", "qwen3", "gemma-3")), said(text)
    assert "params_b" not in said(text)


def test_size_word_starting_a_compound_number_is_not_the_size():
    s = said("ламу восемь двадцать пользователей")  # "восемь двадцать" is read together, never half of it a size
    assert s.get("model") != "llama-3.1-8b", s
    assert not dropped(read("ламу восемь двадцать пользователей"))


# ---------------------------------------------------------------- (b) product words said in Cyrillic
@pytest.mark.parametrize("text", ["флакс дев на 4090 пойдёт", "сколько памяти надо флюкс дев", "генерю на флаксе дев"])
def test_flux_said_in_cyrillic(text):
    assert said(text).get("model") == "flux.1-dev", said(text)


# ---------------------------------------------------------------- (c) how many dialogues/sessions the hardware carries
@pytest.mark.parametrize("text", [
    "на четырёх l40s сколько одновременных диалогов вытянет квен 14б",
    "сколько разговоров одновременно выдержит одна h100",
    "сколько потянет параллельных сессий 4090 на ламе 8б",
])
def test_how_many_dialogues_it_carries_is_speed(text):
    assert first(text).intent == "speed", first(text).intent


@pytest.mark.parametrize("text", ["how many people will use it, llama 8b", "not sure how many users would use it with qwen 14b",
                                  "how many people will be using it on llama 8b"])
def test_how_many_people_will_use_it_is_not_speed(text):
    assert first(text).intent != "speed", first(text).intent


@pytest.mark.parametrize("text", ["how many users will it handle on two l40s", "how many people can one h100 serve"])
def test_how_many_people_it_handles_is_still_speed(text):
    assert first(text).intent == "speed"


# ---------------------------------------------------------------- (d) the card owned is the one a possessive marks
@pytest.mark.parametrize("text,owned", [
    ("хочу 3090 к своей 4090 докупить", "rtx-4090"),
    ("добавить 5060 ти к моей 3090 норм", "rtx-3090"),
    ("а100 к нашей h100 докупить есть смысл", "h100-sxm"),
    ("у меня 4090 хочу докупить 3090", "rtx-4090"),  # no possessive: the first card, as before
])
def test_possessive_marks_the_owned_card(text, owned):
    r = first(text)
    assert r.scenario.gpu == owned and r.intent == "upgrade", (r.intent, r.scenario.said())


# ---------------------------------------------------------------- (e) replacing one's card by another is an upgrade
@pytest.mark.parametrize("text,owned", [
    ("поменять 3090 на 5080 есть смысл", "rtx-3090"),
    ("заменить свою 4080 на 5090 стоит", "rtx-4080"),
    ("swap my 3090 for a 5090?", "rtx-3090"),
])
def test_replacing_a_card_is_an_upgrade_of_it(text, owned):
    r = first(text)
    assert r.intent == "upgrade" and r.scenario.gpu == owned and not r.scenario.gpus, (r.intent, r.scenario.said())


def test_replacing_with_what_changes_still_compares():
    r = first("хочу заменить 3090 на 5090, что изменится для квен 32б")
    assert r.intent == "compare" and r.scenario.gpus == ["rtx-3090", "rtx-5090"]


def test_instead_of_as_first_question_still_compares():
    r = first("4090 вместо a6000 норм?")
    assert r.intent == "compare" and set(r.scenario.gpus or []) == {"rtx-4090", "rtx-a6000"}


# ---------------------------------------------------------------- (f) "в четыре" right after a model is its bits
@pytest.mark.parametrize("text,model,prec", [
    ("дипсик в четыре на скольких h100 влезет", "deepseek-r1", "int4"),
    ("квен 32б в восемь на двух 3090", "qwen3-32b", "int8"),
    ("ламу 70б в четыре", "llama-3.3-70b", "int4"),
])
def test_bare_bits_after_model(text, model, prec):
    s = said(text)
    assert s.get("model") == model and s.get("precision") == prec, s


@pytest.mark.parametrize("text", ["ламу 70б в четыре карты", "квен 14б в 4 потока", "дипсик в три"])
def test_number_after_model_with_unit_or_version_still_not_bits(text):
    assert "precision" not in said(text), said(text)


# ---------------------------------------------------------------- (g) people, a place in any locative reading, their number
@pytest.mark.parametrize("text,users", [
    ("операторов на линии сорок пять нужен сервер", 45),
    ("менеджеров на линии 30 какая карта", 30),
    ("кассиров на приёме двенадцать", 12),
])
def test_people_then_place_then_number_any_locative(text, users):
    assert said(text).get("users") == users, said(text)


# ---------------------------------------------------------------- (h) the people word a few modifiers after the number
@pytest.mark.parametrize("text,users", [
    ("about twenty front desk people might use it at once", 20),
    ("maybe 15 support staff people at the same time, llama 8b", 15),
    ("двадцать наших сотрудников одновременно", 20),
])
def test_people_word_past_modifiers(text, users):
    assert said(text).get("users") == users, said(text)


@pytest.mark.parametrize("text", ["l4 vs a10 for a small box, which one should customers pick",
                                  "we have 2 servers and 8 hours a day people use it"])
def test_no_people_past_a_verb_or_unit(text):
    s = said(text)
    assert s.get("users") not in (1, 2, 8), s


# ---------------------------------------------------------------- (i) a question word ends the same-time figure's clause
@pytest.mark.parametrize("text,users", [
    ("юристов сорок но одновременно максимум двенадцать что подойдет", 12),
    ("сотрудников 50 а одновременно не больше 8 какой сервер взять", 8),
])
def test_question_word_ends_the_concurrent_clause(text, users):
    assert said(text).get("users") == users, said(text)


# ---------------------------------------------------------------- (j) "we run N <things>" is the business, not inference
@pytest.mark.parametrize("text", ["we run 3 dental offices, budget 20k", "we run two shops, what server for 10 people"])
def test_running_a_business_is_no_inference(text):
    assert "task" not in said(text), said(text)


@pytest.mark.parametrize("text", ["we want to run llama 70b", "run 2 h100s for qwen", "we run two shops and want to run llama 8b"])
def test_running_a_model_still_inference(text):
    assert said(text).get("task") == "inference", said(text)


# ---------------------------------------------------------------- (k) a count with an age word beside one compared card
# (asked back until a9cd346; each compared card's own count since: tests/assistant/test_compare_counts.py)
@pytest.mark.parametrize("text,counts", [("5090 or two used 3090s for llms", [1, 2]), ("h100 или четыре бушные 3090", [1, 4])])
def test_count_with_age_word_beside_one_compared_card_is_that_cards(text, counts):
    r = first(text)
    assert r.scenario.gpus and r.scenario.gpu_count is None and r.scenario.gpu_counts == counts and not r.unattached, \
        (r.scenario.said(), r.unattached)


# ---------------------------------------------------------------- (l) "или сразу <card>" without a verb is the other option
@pytest.mark.parametrize("text,owned", [
    ("у нас одна 3090 взять вторую или сразу 5090 что лучше", "rtx-3090"),
    ("у меня 4080 докупить вторую или сразу h100", "rtx-4080"),
])
def test_add_one_or_straight_away_another_card_is_upgrade(text, owned):
    r = first(text)
    assert r.intent == "upgrade" and r.scenario.gpu == owned and not r.scenario.gpus, (r.intent, r.scenario.said())


def test_straight_away_with_two_cards_compared_still_compare():
    r = first("сразу h100 или a100 что лучше")
    assert r.intent == "compare" and r.scenario.gpus


# ---------------------------------------------------------------- (m) the size said before the family (word order)
@pytest.mark.parametrize("text,model", [
    ("8b llama on one l4", "llama-3.1-8b"),
    ("70b llama in q4, how much vram", "llama-3.3-70b"),
    ("14b qwen on a 4090", "qwen3-14b"),
    ("8б ламу на 4090 потянет", "llama-3.1-8b"),
])
def test_size_before_family(text, model):
    s = said(text)
    assert s.get("model") == model and "params_b" not in s, s


@pytest.mark.parametrize("text,model", [("лама 8б", "llama-3.1-8b"), ("квен 14б на 70b не надо", "qwen3-14b")])
def test_size_after_family_still_wins(text, model):
    assert said(text).get("model") == model, said(text)


def test_size_with_no_family_after_still_params():
    assert said("нужна 70b модель типа llama").get("params_b") == 70


# ---------------------------------------------------------------- (n) slang verbs of carrying load
@pytest.mark.parametrize("text", ["сколько чатов одновременно вывезет 4090 с квеном 8б", "сколько вывезет пользователей h100"])
def test_slang_verbs_of_carrying_load_are_speed(text):
    assert first(text).intent == "speed"


# ---------------------------------------------------------------- (o) a value or a name denied, and the one meant
@pytest.mark.parametrize("text,slot,value", [
    ("лама 70б но не в q4 а в q8", "precision", "int8"),
    ("лама 70б в q8 а не в q4", "precision", "int8"),
    ("контекст не 8к а 32к", "context", 32768),
    ("одновременно не 10 а 20 человек", "users", 20),
])
def test_value_denied_and_the_one_meant(text, slot, value):
    s = said(text)
    assert s.get(slot) == value, s
    assert not dropped(read(text))


@pytest.mark.parametrize("text,gpu", [
    ("не 4090 а 5090 сколько жрет", "rtx-5090"),
    ("not the 3090 but a 4090, how much power", "rtx-4090"),
    ("5090, а не 4090 сколько жрет", "rtx-5090"),
])
def test_card_denied_and_the_one_meant(text, gpu):
    r = first(text)
    assert r.scenario.gpu == gpu and not r.scenario.gpus, r.scenario.said()
    assert not dropped(read(text))


def test_model_denied_and_the_one_meant():
    assert said("не лама а квен 32б на 4090").get("model") == "qwen3-32b"


@pytest.mark.parametrize("text", ["4090 или 5090 что лучше", "4090 вместо a6000 норм?", "2 или 3 карты a100"])
def test_alternatives_and_instead_still_not_a_denial(text):
    r = first(text)
    assert r.scenario.gpus or "gpu_count" in r.conflicts, (r.scenario.said(), r.conflicts)


# ---------------------------------------------------------------- (p) number words spelled as they sound
@pytest.mark.parametrize("text,slot,value", [
    ("ллама васемь б на 3090", "model", "llama-3.1-8b"),
    ("квен читырнадцать б", "model", "qwen3-14b"),
    ("сорак 3090 сколько жрут", "gpu_count", 40),
    ("двадцат пять человек одновременно", "users", 25),
])
def test_number_words_spelled_as_they_sound(text, slot, value):
    assert said(text).get(slot) == value, said(text)


def test_a_real_word_is_still_not_corrected():
    from assistant.reading.normalise import corrected

    assert corrected("восемь") is None and corrected("сорок") is None


# ---------------------------------------------------------------- (q) "мульт" is a million, as "лям" and "лимон" are
@pytest.mark.parametrize("text,slot,value", [
    ("сервак за полтора мульта окупится против облака по 200 р/час", "server_price", 1500000),
    ("бюджет два мульта", "budget", 2000000),
])
def test_mult_is_a_million(text, slot, value):
    assert said(text).get(slot) == value, said(text)


# ---------------------------------------------------------------- (r) "half" is half precision only as a precision
@pytest.mark.parametrize("text", ["team of 12, maybe half online at once", "about half of them use it daily, llama 8b"])
def test_half_of_people_is_no_precision(text):
    assert "precision" not in said(text), said(text)


@pytest.mark.parametrize("text", ["half precision inference of mixtral 8x7b", "run llama 8b in half"])
def test_half_precision_still_fp16(text):
    assert said(text).get("precision") == "fp16"
