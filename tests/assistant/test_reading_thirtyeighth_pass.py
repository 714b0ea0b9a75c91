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


@pytest.mark.parametrize("text", ["хотим дообучить мистраль смол 3.2 на 40к заявлениях, через QLoRA",
                                  "lora on 50k examples for llama 8b"])
def test_a_training_set_s_size_is_no_context(text):
    r = read(text)
    assert r.scenario.context is None and len(r.unattached) == 1
    assert read("контекст 32к токенов").scenario.context == 32768


def test_a_share_after_the_same_time_word_and_managers_served():
    r = read("внедряем битрикс24, клиенту нужен ИИ-помощник в CRM. менеджеров 150, онлайн одновременно примерно треть. "
             "модель гпт осс 20б. хватит одной l40s?")
    assert (r.intent, r.scenario.users) == ("vram", 50)
    assert read("позовите менеджеров").intent == "handoff"


def test_the_same_time_count_before_and_the_next_slot():
    s = read("а если одновременно двадцать и контекст 32к").scenario
    assert (s.users, s.context) == (20, 32768)


@pytest.mark.parametrize("text", ["верстальщик говорит что если модель квантовать она тупеет, правда?",
                                  "does quantizing make the model dumber?"])
def test_whether_quantising_dumbs_a_model_down_is_knowledge(text):
    assert read(text).intent == "knowledge"


@pytest.mark.parametrize("text, watts", [("бп хватит на три 4090 если у меня киловат с половиной", 1500),
                                         ("бп на два киловатта с половиной", 2500), ("бп на 2 квт", 2000)])
def test_a_kilowatt_and_a_half(text, watts):
    assert read(text).scenario.psu_w == watts  # (a review probe: "киловат с половиной" had been read as 1000 W)
