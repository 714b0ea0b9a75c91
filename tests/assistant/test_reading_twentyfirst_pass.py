"""General rules of the reader's twenty-first pass (issue 11, after fresh16.yaml's first sight; aimed at generalisation:
mechanisms, not sentences). Wordings of their own, not fresh16.yaml's; each rule has known-good inputs, near misses and
guards ("..._still_..." / "..._not_...")."""
from __future__ import annotations

import pytest

from assistant.reading import read
from assistant.reading.relative import apply as apply_relative
from assistant.scenario import merge
from tests.assistant.reading_helpers import first


def said(text: str) -> dict:
    return first(text).scenario.said()


def after(text: str) -> dict:
    """The scenario of a first message as the bench keeps it: merged, its relative changes applied."""
    r = first(text)
    return apply_relative(merge(None, r.scenario, r.new_model, comparing=r.intent == "compare",
                                instead_of=r.instead_of, per_user=r.per_user), r.relative).said()


# ---------------------------------------------------------------- (a) "за" before a sum with its scale word is a price
@pytest.mark.parametrize("text,value", [
    ("какую видеокарту взять тысяч за двести", 200_000),  # the scale said first (fresh15 and fresh16 both had it)
    ("что посоветуете тысяч за 150", 150_000),
    ("какой сервер можно собрать за 400 тысяч", 400_000),  # the scale after the number
    ("нужна видюха за сто пятьдесят тысяч для нейронок", 150_000),
])
def test_za_before_a_scaled_sum_is_money(text, value):
    assert said(text).get("budget") == value, said(text)


@pytest.mark.parametrize("text", [
    "хочу купить б/у 4090 за 120к, норм вариант или лучше новую 5080?",  # the price of the card named: asked
    "контекст тысяч на 32 хватит для ламы восемь б",  # "на" before the number: how long, not a price
])
def test_za_rule_not_for_a_cards_own_price_or_na(text):
    s = said(text)
    assert "budget" not in s and "server_price" not in s, s


def test_za_in_an_owning_against_renting_message_is_the_server_price():
    assert said("сервер за 800 тысяч против облака по 200 в час").get("server_price") == 800_000


# ---------------------------------------------------------------- (b) adding a card to the one owned, said by pronoun
@pytest.mark.parametrize("text,gpu", [
    ("у меня была 3080 ти, сейчас 4090, хочу к ней докупить вторую такую же, есть смысл", "rtx-4090"),
    ("играл на 5090 теперь думаю к ней добавить 4090 норм", "rtx-5090"),
    ("got an a6000 from work, thinking of adding a second one to it, worth it", "rtx-a6000"),
])
def test_adding_to_the_card_said_by_a_pronoun_is_an_upgrade(text, gpu):
    r = first(text)
    assert r.intent == "upgrade", (r.intent, said(text))
    assert said(text).get("gpu") == gpu, said(text)


@pytest.mark.parametrize("text", [
    "а если докину вторую такую же",  # a what-if follow-up, the conversation's question changed
    "what if i add a second one to it",
    "у меня 3090 какие модели к ней подойдут",  # a pronoun with no verb of adding
])
def test_adding_by_pronoun_with_a_question_of_its_own_is_not_an_upgrade(text):
    assert first(text).intent != "upgrade"


@pytest.mark.parametrize("text,count", [
    ("we have one l4, thinking of adding a second one, worth it?", 1),  # the count owned said: the question's count
    ("у нас одна a5000 хотим докупить вторую стоит ли", 1),
    ("поставлю вторую 3060 к своей будет ли быстрее", 2),  # none said: the ordinal is the count (fresh8's label)
])
def test_the_count_owned_said_outlives_the_ordinal_of_an_upgrade(text, count):
    assert after(text).get("gpu_count") == count, after(text)


def test_the_ordinal_still_sets_the_count_in_a_follow_up():
    r = read("а если возьму вторую такую же")
    assert [c.value for c in r.relative if c.slot == "gpu_count" and c.op == "set"] == [2.0]


# ---------------------------------------------------------------- (c) a RAM word after a number said in several words
@pytest.mark.parametrize("text,ram", [
    ("у меня 3090 и шестьдесят четыре оперативки что запустится", 64),
    ("видеопамяти двадцать четыре гига и двести пятьдесят шесть оперативы", 256),
    ("4080 и тридцать два оперативы", 32),  # one word, as before
])
def test_ram_word_after_number_words_is_the_ram(text, ram):
    assert said(text).get("ram_gb") == ram, said(text)


def test_ram_word_after_number_words_not_an_odd_size():
    assert "ram_gb" not in said("сто двадцать оперативы")  # no RAM comes in 120: not guessed


# ---------------------------------------------------------------- (d) English people by their trade, counted
@pytest.mark.parametrize("text,users", [
    ("about 35 dispatchers will use it, llama 8b, what server", 35),
    ("twelve translators on it daily, qwen3 14b, what do we need", 12),
    ("60 underwriters, maybe a third on it at the same time, what hardware", 20),  # a share said with a phrase
    ("we have 40 lawyers, maybe a quarter use it at the same time", 10),
])
def test_agent_nouns_counted_are_people(text, users):
    assert said(text).get("users") == users, said(text)


@pytest.mark.parametrize("text", [
    "we run 4 servers with 8 routers, what can we host",  # things of the trade
    "a model with 80 layers on 2 monitors",
])
def test_agent_noun_rule_not_for_things(text):
    assert "users" not in said(text), said(text)


# ---------------------------------------------------------------- (e) what the vendor owes after the sale: a hand-off
@pytest.mark.parametrize("text", [
    "какая гарантия на сервер с двумя l40s",
    "выезд вашего инженера на объект возможен",
    "сертификаты на оборудование вы предоставите",
    "what warranty do you give on the h200 box",
])
def test_warranty_visits_and_papers_are_a_handoff(text):
    assert first(text).intent == "handoff", first(text).intent


@pytest.mark.parametrize("text", [
    "нужна модель для анализа документов на одной 4090",  # the documents the model works on
    "гарантированно влезет ли квен 32б в 24 гига",  # an adverb, not a warranty
])
def test_documents_and_guarantees_not_a_handoff(text):
    assert first(text).intent != "handoff", first(text).intent


# ---------------------------------------------------------------- (f) two tasks set side by side are compared, not chosen
@pytest.mark.parametrize("text", [
    "чем лора отличается от полного дообучения",
    "qlora vs full fine-tuning, what's the catch",
    "лору делать или полный файнтюн, в чем разница",
])
def test_two_tasks_side_by_side_set_no_task(text):
    r = first(text)
    assert "task" not in r.scenario.said(), r.scenario.said()
    assert r.spans.get("compared"), r.spans


def test_two_tasks_side_by_side_with_a_memory_question_stay_a_memory_question():
    r = first("lora or full finetune for mistral 7b, how much vram")
    assert r.intent == "vram" and "task" not in r.scenario.said()


@pytest.mark.parametrize("text,task", [
    ("дообучить ламу 8б лорой на 3090 хватит", "lora"),  # one task named
    ("full fine-tune of llama 8b, then lora adapters on top, memory?", "full"),  # no versus word between them
])
def test_one_task_or_no_versus_still_sets_the_task(text, task):
    got = said(text).get("task")
    assert got is not None and (got == task or task == "full" and got in ("full", "lora")), said(text)


# ---------------------------------------------------------------- (g) one card's form told from the other
@pytest.mark.parametrize("text,gpus", [
    ("чем a100 sxm отличается от pcie", {"a100-sxm-80gb", "a100-pcie-80gb"}),
    ("how does the h100 pcie differ from sxm for training", {"h100-pcie", "h100-sxm"}),
    ("h100 sxm compared to pcie, is it worth the price", {"h100-sxm", "h100-pcie"}),
])
def test_one_form_told_from_the_other_is_a_comparison(text, gpus):
    s = said(text)
    assert set(s.get("gpus") or []) == gpus, s


def test_one_form_alone_is_still_one_card():
    s = said("сколько стоит h100 pcie от вас с доставкой")
    assert s.get("gpu") == "h100-pcie" and "gpus" not in s, s
