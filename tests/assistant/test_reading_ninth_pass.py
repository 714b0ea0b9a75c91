"""General rules of the reader's ninth pass (issue 11, after fresh5.yaml's first sight: people, same-time words, cards
typed with their maker's word, comparisons, follow-ups that change one value, intents of owners and hospitals).

Each rule is stated with wordings of its own, not fresh5.yaml's sentences; each test fails without its rule, except
the guards (a rule must not reach too far: "..._stays_...", "..._is_no_...", "..._still_..."), which pass with or
without it.
"""
from __future__ import annotations

import pytest

from assistant.reading import read
from assistant.reading.context import carry
from assistant.scenario import Scenario


def follow(text: str, previous: Scenario):
    return carry(read(text), previous)


@pytest.mark.parametrize("text,users", [
    ("нужен сервер для 7 копирайтеров", 7),  # a trade pymorphy3 does not know: the lexicon's people
    ("for 4 designers working at once", 4),  # English has no animacy: the lexicon's people
    ("9 nurses and a small model, what card", 9),
])
def test_people_named_by_their_trade_are_users(text, users):
    r = read(text)
    assert r.scenario.users == users and not r.unattached


@pytest.mark.parametrize("text,users", [
    ("юристов 8, какую карту брать", 8),  # the people noun said before its number
    ("сравни l40s и a6000, инженеров 14", 14),
])
def test_a_people_noun_said_before_its_number_counts_users(text, users):
    r = read(text)
    assert r.scenario.users == users and not r.unattached


def test_a_card_count_after_the_client_stays_a_count():
    s = read("у клиента 4 l40s, что на них запустить").scenario
    assert s.gpu_count == 4 and s.users is None


@pytest.mark.parametrize("text,users,headcount", [
    ("сотрудников 300 одновременно максимум 20", 20, "300"),  # the same-time word goes with the number after it
    ("сотрудников 300 одновременно не больше 20", 20, "300"),
    # the people word said before the number is inside the same-time word's reach
    ("одновременно с ботом будут работать человек 15, всего в штате 120 сотрудников", 15, "120"),
])
def test_a_same_time_word_belongs_to_the_number_it_introduces(text, users, headcount):
    r = read(text)
    assert r.scenario.users == users and not r.conflicts
    assert any(headcount in s.text for s in r.spans["headcount"])


def test_a_same_time_word_after_the_number_is_still_its_own():
    r = read("50 человек одновременно, работаем 8 часов в день")
    assert r.scenario.users == 50 and r.scenario.hours_per_month == pytest.approx(243.3, rel=0.01)


@pytest.mark.parametrize("text", [
    "персональные данные в облако нельзя, нужен сервер на 20 человек",
    "не в облаке, только у себя: что взять на 30 пользователей",
    "cloud is not an option, we need a server for 30 users",
])
def test_a_cloud_ruled_out_asks_nothing_about_renting(text):
    assert read(text).intent == "recommend"


def test_a_cloud_against_owning_is_still_cost():
    assert read("облако или свой сервер, что выгоднее на 3 года").intent == "cost"


@pytest.mark.parametrize("text,count", [
    ("влезет ли 70б в 2 ртх 4090", 2),  # the line's word typed in Cyrillic between the count and the card
    ("хватит ли 3 нвидиа l40s на квен 32б", 3),
])
def test_a_makers_word_between_the_count_and_the_card(text, count):
    r = read(text)
    assert r.scenario.gpu_count == count and not r.unattached


@pytest.mark.parametrize("text,counts", [
    ("4090 или три 3060 под нейронки", [1, 3]),  # a count said for one side of a comparison: that side's
    ("a 5090 or 2x 3090 for local llms", [1, 2]),  # (asked back until a9cd346)
])
def test_a_count_said_for_one_side_of_a_comparison_is_that_sides(text, counts):
    r = read(text)
    assert r.intent == "compare" and r.scenario.gpu_count is None and len(r.scenario.gpus or []) == 2
    assert r.scenario.gpu_counts == counts and not r.unattached


def test_a_count_for_the_whole_comparison_stays():
    s = read("l40s vs a6000 for a 4-gpu server").scenario
    assert s.gpu_count == 4 and len(s.gpus or []) == 2


@pytest.mark.parametrize("text,budget", [
    ("денег тысяч двести есть, что взять", 200_000),  # the scale word first, the number in words after it
    ("деньги есть, тысяч триста", 300_000),
])
def test_a_scale_word_before_a_number_word(text, budget):
    assert read(text).scenario.budget == pytest.approx(budget)


@pytest.mark.parametrize("text", ["какой жор у 4090 под нагрузкой", "а у 5090 жор большой?"])
def test_zhor_is_a_word_of_power_draw(text):
    assert read(text).intent == "power"


def test_a_kilowatt_the_customer_has_installed_is_their_psu():
    assert read("у нас на сервере стоит киловатт").scenario.psu_w == 1000


def test_the_price_of_a_kilowatt_is_no_psu():
    assert read("сколько стоит киловатт у нас").scenario.psu_w is None


@pytest.mark.parametrize("text", ["на двух 4090 потянет?", "would a single a6000 handle it"])
def test_a_card_with_a_fit_verb_asks_whether_it_fits(text):
    assert read(text).intent == "vram"


@pytest.mark.parametrize("text", ["что влезет в мою 4090", "what fits on a 4090"])
def test_what_fits_on_a_card_is_still_what_runs_on_it(text):
    assert read(text).intent == "models_for_hardware"


def test_a_model_asked_after_the_cards_on_the_table_is_a_fit_question():
    r = follow("а гемма 27б в q8 на 5 человек", Scenario(gpu="rtx-3090", gpu_count=2))
    assert r.intent == "vram"


def test_a_card_asked_for_a_model_after_the_cards_stays_a_recommendation():
    r = follow("а под гемму 27б какую карту взять", Scenario(gpu="rtx-3090", gpu_count=2))
    assert r.intent == "recommend"


@pytest.mark.parametrize("text", [
    "сдаём 8 a100 в аренду, какие модели на них можно запустить",
    "у нас 16 h200 под аренду, что на них можно развернуть",
    "we rent out 8 h100s, what models can we run on them",
])
def test_cards_let_to_others_are_no_question_of_renting(text):
    assert read(text).intent == "models_for_hardware"


def test_renting_against_owning_is_still_cost():
    assert read("что выгоднее: аренда или свой сервер").intent == "cost"


def test_dokinut_is_adding_cards():
    assert read("у нас 2 h100, хотим квен 235б в fp8, сколько карт докинуть").intent == "upgrade"


def test_a_number_word_beside_another_changed_value_is_carried():
    r = follow("а в fp8 на двух", Scenario(model="qwen3-32b", gpu="l40s", gpu_count=4))
    assert r.scenario.gpu_count == 2 and r.scenario.precision == "fp8"


def test_a_what_if_with_a_buying_word_that_changes_a_value_is_a_follow_up():
    r = follow("а если оперативки докупить до ста двадцати восьми", Scenario(card_vram_gb=16, ram_gb=32))
    assert r.scenario.ram_gb == 128 and r.intent == "followup"


@pytest.mark.parametrize("text,model", [
    ("gemma3:27b на 3090 пойдёт?", "gemma-3-27b"),  # a model as ollama names it says the runtime
    ("how fast is qwen2.5:7b on a 4090", "qwen2.5-7b"),
])
def test_an_ollama_tag_says_the_runtime(text, model):
    s = read(text).scenario
    assert s.model == model and s.runtime == "llama.cpp"


def test_a_clock_time_is_no_ollama_tag():
    assert read("созвон в 10:30 по поводу 4090").scenario.runtime is None


@pytest.mark.parametrize("text,previous,slot,value", [
    ("а если уложиться в два с половиной", Scenario(budget=4_000_000), "budget", 2_500_000),
    ("what if we fit within 25", Scenario(budget=40_000, currency="$"), "budget", 25_000),
    ("а за семь?", Scenario(server_price=9_000_000, cloud_hourly=1500), "server_price", 7_000_000),
])
def test_a_sum_without_its_scale_keeps_the_scale_of_the_money_it_corrects(text, previous, slot, value):
    r = follow(text, previous)
    assert getattr(r.scenario, slot) == pytest.approx(value) and not r.unattached


def test_a_small_number_far_from_the_money_is_not_scaled():
    r = follow("а за 2?", Scenario(budget=40_000_000))  # 2 million is not near 40 million: asked
    assert r.scenario.budget is None
