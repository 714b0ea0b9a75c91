"""The customer's own PSU (issue 11, fourth pass): read into `psu_w`, carried by follow-ups, checked by the power
answer and shown in the scenario line; a wattage that is no PSU stays asked. Also the follow-ups the fourth
pass fixed: "which one is faster" after a card was replaced, "вторую такую же", contradictory counts."""
from __future__ import annotations

import pytest

from assistant.reading import read
from assistant.scenario import Scenario
from assistant.turn.framing import frame


@pytest.mark.parametrize("text,watts", [
    ("бп на три штуки 5090 хватит киловатта полтора", 1500),
    ("хватит ли 1600w на две 4090", 1600),
    ("блок на 2 кВт, можно ли поставить 4 штуки 4090", 2000),
    ("у меня бп 1200, потянет две 3090?", 1200),
    ("хватит ли бп на 850 ватт для 4090", 850),
    ("у меня бп киловатт, на 4090 хватит?", 1000),
    ("хватит ли киловаттника на одну 5090", 1000),
    ("полтора киловатта хватит на 4090 и 3090?", 1500),
    ("блок питания 3 квт, хватит на четыре a6000", 3000),
    ("на сервер с 8 h100 стоят 4 блока по 3000 вт, хватит?", 12000),
    ("8 h100 server, we have four 3000w psus, is that enough", 12000),
    ("will a 750 watt psu handle a 4080 super", 750),
    ("I have a 1300 watt power supply, is it enough for 2x 3090?", 1300),
    ("is a 2kw psu enough for 4x rtx a6000", 2000),
])
def test_the_customers_psu_is_read(text, watts):
    r = read(text)
    assert r.scenario.psu_w == watts, r.scenario.said()
    assert r.intent == "power" and not r.unattached
    assert r.scenario.budget is None and r.scenario.context is None  # "1200 ватт" is no money, "2 кВт" no count


@pytest.mark.parametrize("text,asked", [
    ("our rack has 10kw available, how many 8x h100 servers fit", "10kw"),  # a rack's limit, not a PSU
    ("карта жрёт 450 ватт, сколько нужно на две", "450"),  # a card's draw
    ("стойка на 10 квт, сколько серверов с 4090 влезет", "10"),
])
def test_a_wattage_that_is_no_psu_is_asked(text, asked):
    r = read(text)
    assert r.scenario.psu_w is None and asked in [s.text for s in r.unattached]


def test_how_many_kilowatts_is_a_question_not_a_value():
    assert read("сколько киловатт будет тратить сервер с четырьмя H100").scenario.psu_w is None


def _talk(*turns: str) -> tuple[Scenario, str]:
    scenario, intent = None, None
    for text in turns:
        fr = frame(read(text), scenario, intent)
        scenario, intent = fr.scenario, fr.intent
    return scenario, intent


def test_the_psu_is_carried_by_follow_ups():
    s, intent = _talk("бп на три штуки 5090 хватит киловатта полтора", "а если 2 штуки?")
    assert (s.psu_w, s.gpu_count, intent) == (1500, 2, "power")
    s, intent = _talk("какой бп нужен под 2 штуки rtx 3090", "у меня сейчас стоит на 1000 ватт")
    assert (s.psu_w, s.gpu_count, intent) == (1000, 2, "power")


def test_the_power_answer_checks_the_customers_psu():
    from assistant.turn.calculate import compute
    from assistant.views import render

    facts = compute(Scenario(gpu="rtx-5090", gpu_count=3, psu_w=1500), "power").facts
    ru, en = render(facts, "ru"), render(facts, "en")
    assert "Ваш БП 1 500 Вт: не хватает — пик 2 225–2 425 Вт" in ru and "нужно от 2 910 Вт" in ru
    assert "Your PSU 1,500 W: not enough — peak 2,225–2,425 W" in en and "2,910 W or more" in en
    assert "Ваш БП 1 600 Вт: хватает" in render(compute(Scenario(gpu="rtx-4090", gpu_count=1, psu_w=1600), "power").facts,
                                               "ru")  # peak 1150 W, 1380 W with headroom
    assert "впритык" in render(compute(Scenario(gpu="rtx-5090", gpu_count=3, psu_w=2500), "power").facts, "ru")


def test_the_customers_psu_is_a_typed_watt_figure_and_in_the_scenario_line():
    from assistant.checks.kinds import typed_facts
    from assistant.turn.calculate import compute
    from assistant.views.scenario import scenario_items, scenario_line

    s = Scenario(gpu="rtx-5090", gpu_count=3, psu_w=1500)
    assert ("watt", 1500.0) in set(typed_facts(compute(s, "power").facts))
    assert "ваш БП 1 500 Вт" in scenario_line(scenario_items(s, {}, "ru"), "ru", "Считаю для", "по умолчанию")
    assert "your PSU 1,500 W" in scenario_line(scenario_items(s, {}, "en"), "en", "Computed for", "default")


@pytest.mark.parametrize("turns,cards", [
    (("скок стоит 5090 щас", "а 4090 б/у?", "какая из них быстрее в нейронках"), {"rtx-5090", "rtx-4090"}),
    (("how fast would mistral small 3.2 be on my 4090 in q4", "and on a 3090?", "which one is faster"),
     {"rtx-4090", "rtx-3090"}),
    (("client wants deepseek r1 in fp8 on h200s for 30 users, how many cards", "and on b200?", "which one is faster"),
     {"h200", "b200"}),
])
def test_which_one_is_faster_after_a_card_was_replaced_compares_both(turns, cards):
    s, intent = _talk(*turns)
    assert intent == "compare" and set(s.gpus or []) == cards and s.gpu is None
    assert "asked_gpus" not in s.said()  # conversation memory, never a slot


def test_which_one_is_not_a_count():
    s, _ = _talk("client wants deepseek r1 in fp8 on h200s for 30 users", "and on b200?", "which one is faster")
    assert s.users == 30


def test_a_second_card_of_the_same_kind():
    s, intent = _talk("у меня одна 3060 на 12 гигов чо на ней можно запустить из ллм", "а если возьму вторую такую же")
    assert (s.gpu, s.gpu_count, intent) == ("rtx-3060-12gb", 2, "models_for_hardware")
    assert read("tokens per second for one user?").relative == []  # "per second" is no second card


def test_more_cards_said_in_the_same_message_add_to_its_count():
    r = read("в стойке сервак с четырьмя a6000, блок питания 3 квт, хватит если поставить ещё две")
    s, intent = _talk(r.text)
    assert (s.gpu_count, s.psu_w, intent) == (6, 3000, "power")


@pytest.mark.parametrize("text", [
    "в сервере 2 карты l40s, а в счёте 4 карты l40s, gpt-oss 120b влезет?",
    "the quote lists 2 h100 cards but the spec sheet says 4 h100 cards, does llama 3.3 70b in fp16 fit",
])
def test_contradictory_counts_are_asked_not_guessed(text):
    r = read(text)
    assert r.scenario.gpu_count is None and [s.text[0] for s in r.conflicts["gpu_count"]] == ["2", "4"]
    assert r.intent == "vram"
