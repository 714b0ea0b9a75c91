"""Thirty-eighth pass (fresh33.yaml's first sight, issue 11; a seventh helper's set): general rules read off it after
its first measurement: a temperature is the weather, "утепленный" no heat; a coded contract number with a slash; a
year of the 1900s; "lora-tune"; a gym's "тренировки" are no training; the same time said in brackets."""
import pytest

from assistant.reading import read


def test_the_weather_and_an_insulated_room_ask_nothing_of_power():
    r = read("зимой у нас минус пятьдесят, серверная в утепленном контейнере. хотим поставить две l40s под квен 32б. "
             "влезет?")
    assert r.intent == "vram" and r.unattached == []
    assert read("какие плюсы и минусы у 4090").intent == "knowledge"
    assert read("сколько тепла выделяет 4 h100").intent == "power"


@pytest.mark.parametrize("text, kind", [("цена какая и срок поставка сколько? контракт ХМ-2024/118", "reference"),
                                        ("хотим ей архив с 1931 года прогнать", "year")])
def test_a_contract_number_and_an_old_year_are_no_quantities(text, kind):
    r = read(text)
    assert kind in r.spans and r.unattached == []


def test_a_sum_is_not_taken_for_an_old_year():
    assert read("бюджет 1931 рубль").scenario.budget == 1931


def test_lora_tune():
    assert read("what's the best setup to lora-tune llama 3.1 8b?").scenario.task == "lora"


def test_a_gym_s_workouts_are_no_training():
    assert read("у меня сеть фитнес клубов. хочу чат бот для записи на тренировки").scenario.task is None
    assert read("хочу натренировать модель").scenario.task == "full"


def test_the_same_time_said_in_brackets():
    r = read("800 seats total but only QA will use the AI, like 60 agents sabay-sabay (at the same time). qwen3 32b fp8")
    assert r.scenario.users == 60
