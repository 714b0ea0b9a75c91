"""General rules of the reader's seventeenth pass (issue 11, after fresh12.yaml's first sight; aimed at generalisation:
causes, not sentences). Wordings of their own, not fresh12.yaml's; each rule has known-good inputs, near misses and
guards ("..._still_..." / "..._not_...")."""
from __future__ import annotations

import pytest

from assistant.reading import read
from bench.understanding import dropped


def said(text: str) -> dict:
    return read(text).scenario.said()


# ---------------------------------------------------------------- (a) a PSU's wattage in thousands said in words
@pytest.mark.parametrize("text,watts", [
    ("бп на две тыщи ватт хватит на четыре 3090", 2000),
    ("три блока по две тысячи ватт вытянут восемь 4090", 6000),
    ("блок питания два по тыщу шестьсот потянет шесть 3090", 3200),
    ("у меня бп два по 1200 хватит на четыре 3090", 2400),
    ("блок питания на киловатт двести хватит на 5090", 1200),
    ("блоки питания на киловатт восемьсот хватит на две 4090", 1800),
])
def test_psu_wattage_said_in_thousands_words(text, watts):
    s = said(text)
    assert s.get("psu_w") == watts, s
    assert "budget" not in s
    assert not dropped(read(text))


@pytest.mark.parametrize("text", ["бюджет две тысячи долларов на видеокарту", "блоки питания два по 2 карты"])
def test_a_thousands_figure_without_a_psu_is_still_no_psu(text):
    assert "psu_w" not in said(text)


# ---------------------------------------------------------------- (b) a price of electricity is never a budget or a count
@pytest.mark.parametrize("text", ["а киловатт у нас 7 рублей", "электричество тут 5.5 руб", "и квт у нас 8 рублей"])
def test_a_kwh_price_without_a_verb_is_its_price_not_a_budget(text):
    r = read(text)
    assert r.scenario.budget is None and r.scenario.server_price is None
    assert r.scenario.electricity_price in (7, 5.5, 8) and not r.unattached  # named back until a9cd346


def test_a_budget_is_still_a_budget():
    assert said("бюджет 500 тысяч рублей на сервер")["budget"] == 500000


@pytest.mark.parametrize("text", ["power here is 14 cents per kwh", "свет по 6 рублей за квт", "it's 9 cents a kwh"])
def test_a_followups_energy_price_is_not_carried_onto_a_count(text):
    from assistant.reading.context import carry
    from assistant.scenario import Scenario

    before = Scenario(gpu="rtx-3090", gpu_count=6, hours_per_month=730)
    r = carry(read(text), before)
    assert r.scenario.gpu_count is None and r.scenario.users is None and r.scenario.budget is None
    assert r.scenario.electricity_price in (0.14, 6, 0.09)  # named back until a9cd346


def test_a_followups_bare_count_is_still_carried():
    from assistant.reading.context import carry
    from assistant.scenario import Scenario

    r = carry(read("а если 8?"), Scenario(gpu="rtx-3090", gpu_count=6))
    assert r.scenario.gpu_count == 8


# ---------------------------------------------------------------- (c) buy-back and trade-in are the vendor's people's
@pytest.mark.parametrize("text", [
    "а вы выкупаете б/у видеокарты",
    "выкупите у нас четыре 3090 после майнинга?",
    "do you buy back used gpus",
    "we have 8 a100s, would you guys buy them back",
    "есть трейд-ин на видеокарты?",
    "можно сдать старую 3090 в зачёт при покупке 5090",
    "do you take trade-ins on old cards",
])
def test_a_buy_back_or_trade_in_is_a_handoff(text):
    assert read(text).intent == "handoff"


@pytest.mark.parametrize("text,intent", [("сколько стоит 3090 б/у", "gpu_info"), ("what can i run on 8 a100s", "models_for_hardware")])
def test_used_cards_without_a_buy_back_still_are_their_question(text, intent):
    assert read(text).intent == intent


# ---------------------------------------------------------------- (d) sell the card or add another of it: an upgrade
@pytest.mark.parametrize("text,count", [
    ("продать мою 4090 и взять 5090 или докупить вторую 4090", None),
    ("у меня две a6000 продавать их или добавить третью", 2),
    ("should we sell the l40s and get an h100 or add a second l40s", None),
    ("i have one 3090, sell it or buy another one?", 1),
    ("докупить вторую 3060 или продать её и взять 5060 ти", None),
])
def test_sell_or_add_another_is_an_upgrade_with_the_owned_count(text, count):
    r = read(text)
    assert r.intent == "upgrade", r.intent
    assert r.scenario.gpus is None and r.scenario.gpu is not None
    assert r.scenario.gpu_count == count


@pytest.mark.parametrize("text", ["что лучше 3090 или 4090", "4090 или 5090 что брать"])
def test_two_cards_against_each_other_still_are_a_compare(text):
    assert read(text).intent == "compare"


def test_an_ordinal_added_still_is_the_total_when_nothing_is_sold():
    from assistant.reading.context import carry
    from assistant.scenario import Scenario

    r = carry(read("а если докину третью"), Scenario(gpu="rtx-3090", gpu_count=2))
    assert ("gpu_count", 3.0) in [(c.slot, c.value) for c in r.relative]


def test_a_second_one_is_no_count_of_one():
    assert read("sell our two 4090s or add a third one").conflicts == {}


# ---------------------------------------------------------------- (e) a version letter apart and its number in words
@pytest.mark.parametrize("text,model", [
    ("сколько памяти надо под дипсик в три", "deepseek-v3"),
    ("дипсик в три в fp8 влезет на восемь h200", "deepseek-v3"),
    ("кими к два на чём запустить", "kimi-k2"),
    ("deepseek v three memory", "deepseek-v3"),
])
def test_a_version_said_in_words_after_its_letter(text, model):
    assert read(text).scenario.model == model


@pytest.mark.parametrize("text,slot,value", [
    ("дипсик в три карты влезет", "gpu_count", 3),
    ("дипсик в четыре бита сколько памяти", "precision", "int4"),
])
def test_a_number_with_its_own_unit_after_the_letter_still_is_that_unit(text, slot, value):
    s = said(text)
    assert s.get(slot) == value and s.get("model") != "deepseek-v3"


# ---------------------------------------------------------------- (f) a server CPU named: kept as words, never money or cards
# (since the twenty-third pass its count of sockets is the `cpus` slot: test_reading_twentythird_pass.py)
@pytest.mark.parametrize("text,cpu,named_back", [
    ("two h100 pcie plus an epyc, what psu", "epyc", []),
    ("сервер на xeon 8480 и четыре l40s сколько жрёт", "xeon 8480", ["8480"]),
    ("бп на 2 4090 и epyc 9654 хватит 1600 вт?", "epyc 9654", ["9654"]),
    ("две 4090 и два эпика какой бп нужен", "два эпика", []),
    ("will a 1300w psu handle two 3090s and a threadripper 7980x", "threadripper 7980x", ["7980x"]),
])
def test_a_server_cpu_is_read_as_a_cpu(text, cpu, named_back):
    r = read(text)
    assert [s.text for s in r.spans.get("cpu", [])] == [cpu]
    s = r.scenario.said()
    assert "budget" not in s and "server_price" not in s
    assert not dropped(r)
    assert [u.text for u in r.unattached] == named_back  # its model number: no slot, named back


def test_the_cpu_does_not_take_the_cards_count():
    s = said("две 4090 и два эпика какой бп нужен")
    assert s["gpu_count"] == 2 and s["gpu"] == "rtx-4090"


@pytest.mark.parametrize("text", ["какой бп нужен на две 4090", "эпичный сервер на 8 h100"])
def test_no_cpu_named_still_has_no_cpu_span(text):
    assert "cpu" not in read(text).spans


def test_a_memory_size_after_the_cpu_still_is_ram():
    s = said("epyc 9654 512 gb ram, what can i run")
    assert s["ram_gb"] == 512


# ---------------------------------------------------------------- (g) a card's age or use between the count and the card
@pytest.mark.parametrize("text,count", [
    ("есть две старые a100 что на них запустить", 2),
    ("got four used 3090s what can i run", 4),
    ("у нас три новые l40s, какие модели влезут", 3),
    ("two old a6000s, what fits", 2),
])
def test_a_count_before_an_age_word_and_the_card(text, count):
    assert said(text).get("gpu_count") == count


def test_an_age_word_with_no_count_still_gives_no_count():
    assert "gpu_count" not in said("старые a100 ещё актуальны?")


# ---------------------------------------------------------------- (h) "юристов у нас двадцать пять": the people, then "у нас", then how many
@pytest.mark.parametrize("text,users", [
    ("хотим локальную модель, юристов у нас двадцать пять", 25),
    ("сотрудников у нас 40 какой сервер нужен", 40),
    ("бухгалтеров у меня двенадцать, что поставить", 12),
])
def test_people_then_u_nas_then_a_number_are_the_users(text, users):
    assert said(text).get("users") == users


def test_a_concurrent_figure_still_wins_over_the_staff():
    assert said("врачей у нас сорок, одновременно человек десять")["users"] == 10


def test_things_then_u_nas_then_a_number_are_no_users():
    assert "users" not in said("серверов у нас 3 и все заняты")


# ---------------------------------------------------------------- (i) a hello to the people there
@pytest.mark.parametrize("text", ["hey there", "hi there!", "hello guys", "привет ребята", "здравствуйте народ"])
def test_a_hello_with_its_addressee_is_a_greeting(text):
    assert read(text).intent == "greeting"


@pytest.mark.parametrize("text", ["there", "hey there, what psu for two 4090s"])
def test_there_alone_or_with_a_question_is_no_greeting(text):
    assert read(text).intent != "greeting"


# ---------------------------------------------------------------- (j) what quantization does: the method asked about
@pytest.mark.parametrize("text", ["what does quantization actually do", "что даёт квантизация модели",
                                  "what would quantization change for a 70b"])
def test_what_quantization_does_is_no_precision_chosen(text):
    assert read(text).scenario.precision is None


def test_a_quantized_model_wanted_still_is_int4():
    assert said("хочу квантованную ламу 70б на 3090").get("precision") == "int4"


# ---------------------------------------------------------------- (k) contracts as the documents worked on are no hand-off
@pytest.mark.parametrize("text", ["договоры у нас длинные, нужен контекст 64к", "our contracts are long, we need 128k context"])
def test_contracts_worked_on_are_no_handoff(text):
    assert read(text).intent != "handoff"


@pytest.mark.parametrize("text", ["пришлите договор на почту", "у вас можно договор поставки с отсрочкой",
                                  "can you send us the contract", "хотим заключить договор на сервер"])
def test_a_contract_to_make_or_send_still_is_a_handoff(text):
    assert read(text).intent == "handoff"


# ---------------------------------------------------------------- (l) how many people the hardware serves: a speed question
@pytest.mark.parametrize("text", [
    "how many concurrent users can a single l40s handle with qwen 14b",
    "how many requests could two a100s serve running llama 70b",
    "сколько человек одновременно потянет 4090 на квен 14б",
    "сколько операторов выдержит сервер с двумя l40s на ламе 8б",
])
def test_how_many_people_the_cards_serve_is_speed(text):
    assert read(text).intent == "speed"


def test_a_fit_question_with_a_card_still_is_vram():
    assert read("will llama 8b fit on one l40s").intent == "vram"
