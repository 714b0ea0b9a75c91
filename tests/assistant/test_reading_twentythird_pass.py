"""General rules of the reader's twenty-third pass (issue 11, after fresh18.yaml's first sight; aimed at generalisation:
mechanisms, not sentences). Wordings of their own, not fresh18.yaml's; each rule has known-good inputs, near misses and
guards ("..._still_..." / "..._not_...")."""
from __future__ import annotations

import pytest

from assistant.reading import read


def said(text: str) -> dict:
    return read(text).scenario.said()


# ---------------------------------------------------------------- (a) a model's size after a preposition
@pytest.mark.parametrize("text,model", [
    ("потянет ли дипсик дистилл на 14б пара 3090", "deepseek-r1-distill-qwen-14b"),
    ("запустим deepseek r1 distill for 32b on one a6000?", "deepseek-r1-distill-qwen-32b"),
    ("квен на 32б в восьми битах сколько памяти", "qwen3-32b"),
    ("гемму размером 27б в q4 на 3090", "gemma-3-27b"),
])
def test_a_size_after_a_preposition_is_the_models_size(text, model):
    assert said(text).get("model") == model, said(text)


@pytest.mark.parametrize("text,gpu", [("лама на 4090 пойдет", "rtx-4090"), ("квен на 5090 в 4 бита", "rtx-5090")])
def test_a_card_after_the_preposition_is_still_a_card(text, gpu):
    s = said(text)
    assert s.get("gpu") == gpu and "params_b" not in s, s


def test_bits_after_in_are_still_a_precision():
    s = said("квен 14б в 4 бита")
    assert s.get("model") == "qwen3-14b" and s.get("precision") == "int4", s


# ---------------------------------------------------------------- (b) "десяток", "дюжина", "полдюжины" count
@pytest.mark.parametrize("text,count", [
    ("есть десяток a100 что на них крутить", 10),
    ("какой блок питания на полдюжины 4090", 6),
    ("сервер с десятком l40s сколько жрёт", 10),
    ("дюжины h100 хватит под дипсик?", 12),
])
def test_collective_number_words_count_cards(text, count):
    assert said(text).get("gpu_count") == count, said(text)


def test_a_dozen_people_are_users():
    assert said("нас человек десяток, лама 8б").get("users") == 10


def test_a_word_without_a_card_or_people_sets_nothing():
    assert said("десяток вопросов про видеокарты") == {}


# ---------------------------------------------------------------- (c) shifts multiply the hours of a day
@pytest.mark.parametrize("text,hours", [
    ("работаем в три смены по 8 часов", 730.0),
    ("две смены по 10 часов каждый день, сколько в месяц за свет", 608.33),
    ("two shifts of 6 hours a day", 365.0),
    ("2 смены по 8 часов по будням", 346.67),
])
def test_shifts_multiply_the_hours(text, hours):
    assert said(text).get("hours_per_month") == pytest.approx(hours, abs=0.01), said(text)


@pytest.mark.parametrize("text,hours", [("смена по 12 часов", 365.0), ("по 8 часов в день", 243.33),
                                        ("12 hours a day, one shift", 365.0)])
def test_one_shift_or_no_count_of_shifts_keeps_the_hours(text, hours):
    assert said(text).get("hours_per_month") == pytest.approx(hours, abs=0.01), said(text)


# ---------------------------------------------------------------- (d) contact details are a hand-off
@pytest.mark.parametrize("text", [
    "мой номер 8 999 123 45 67, наберите вечером",
    "наша почта: zakupki@example.ru",
    "my cell is +44 20 7946 0958",
    "my email is ops@example.com, send the specs",
    "пишите на телеграм, звоните после шести",
])
def test_contact_details_are_a_handoff(text):
    assert read(text).intent == "handoff", read(text).intent


@pytest.mark.parametrize("text", [
    "мой ноутбук с 4070 потянет ламу 8б",
    "наш номер модели не помню, 4090 вроде",
    "my phone runs llama 3.2 1b, what about a 3060",
])
def test_my_device_or_a_number_word_is_not_a_handoff(text):
    assert read(text).intent != "handoff", read(text).intent


# ---------------------------------------------------------------- (e) the CPU sockets the customer named
@pytest.mark.parametrize("text,cpus", [
    ("бп под пять 4090 и threadripper", 1),
    ("сервер на 4 a6000 и 2 ксеона, какой блок питания", 2),
    ("psu for eight l40s with two epycs", 2),
    ("какой бп на 3090 и райзен 9", 1),
])
def test_the_cpu_sockets_said_are_read(text, cpus):
    assert said(text).get("cpus") == cpus, said(text)


@pytest.mark.parametrize("text", ["сервер на xeon с 8 h100 какой бп", "two h100 pcie plus an epyc, what psu",
                                  "на эпиках с 512 гб озу дипсик пойдет?"])
def test_an_epyc_or_xeon_without_a_count_is_not_guessed(text):
    assert "cpus" not in said(text), said(text)


def test_a_cpus_model_number_is_still_named_back_and_its_count_is_not():
    r = read("2 xeon e5 и 512 гигов озу, дипсик пойдёт?")
    assert r.scenario.cpus == 2
    assert [s.text for s in r.unattached] == ["e5"]


def _power(text: str, lang: str = "ru"):
    from assistant.turn.calculate import compute
    from assistant.turn.framing import frame
    from assistant.views.scenario import scenario_items, scenario_line

    fr = frame(read(text), None, None)
    comp = compute(fr.scenario, fr.intent)
    power = next(f for f in comp.facts if f.tool == "power")
    defaults = {a.slot: a.value for a in comp.assumptions}
    line = scenario_line(scenario_items(fr.scenario, defaults, lang), lang, "Считаю для", "по умолчанию")
    return power, line


def test_the_power_sum_counts_the_sockets_named_and_shows_them():
    power, line = _power("какой бп под пять 4090 и threadripper")
    assert power.input["cpus"] == 1 and power.output["cpu_watts"] == 350
    assert "процессоров 1" in line and "процессоров 1 _(по умолчанию)_" not in line
    power, line = _power("блок питания на 2400 вт, в сервере 4 карты а6000 и 2 ксеона, хватит?")
    assert power.input["cpus"] == 2 and power.output["cpu_watts"] == 700  # the default was one socket for 4 cards


def test_the_power_sums_default_sockets_are_shown_as_assumed():
    power, line = _power("какой бп под пять 4090")
    assert power.input["cpus"] == 2
    assert "процессоров 2 _(по умолчанию)_" in line
