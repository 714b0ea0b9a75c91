"""Fifty-second pass (fresh52.yaml and fresh53.yaml's first sight at 93a2080, issue 11): general rules, each with
wordings of its own and a known-good counterpart."""
import pytest

from assistant.reading import read
from assistant.reading.normalise import normalise
from tests.assistant.test_reading_thirtyninth_pass import said, talk


@pytest.mark.parametrize("first, then", [
    ("у нас 3 h100, лама 70б в fp8 на 30 человек пойдёт?", "а если человек 90 будет, сколько таких карт надо?"),
    ("we have two L40S, qwen3 32b for 20 people, ok?", "and for 60 people, how many cards then?"),
])
def test_how_many_cards_again_drops_the_count_held(first, then):
    scenario, intent = talk(first, then)
    assert intent == "recommend" and scenario.gpu_count is None


def test_a_count_changed_is_kept():
    assert talk("у нас 3 h100, лама 70б в fp8 на 30 человек пойдёт?", "а на четырёх?")[0].gpu_count == 4


def test_how_many_of_them_after_a_card_named():
    assert read("а если вместо l40s брать h100, сколько их выйдет?").intent == "recommend"


@pytest.mark.parametrize("text", ["ученик, 8 класс, у меня 4060, какие модели пойдут?",
                                  "школьник 10 класса, комп с 3060 на 12. что на нём запустить?"])
def test_a_school_grade_is_no_people(text):
    assert "users" not in said(text)


def test_people_in_a_class_still_count():
    assert said("в классе 25 учеников, будут спрашивать бота одновременно, квен 8б, что взять?").get("users") == 25


def test_a_generators_rating_is_no_psu():
    r = read("на даче генератор на 3 квт, комп с 4070 от него потянет?")
    assert r.scenario.psu_w is None
    assert read("бп на 1000 ватт потянет две 3090?").scenario.psu_w == 1000


@pytest.mark.parametrize("text", ["поняла, спасибо вам!", "Great, thanks so much!", "понял, спасибо, всё ясно"])
def test_thanks_after_a_word_of_understanding(text):
    assert read(text).intent == "greeting"


def test_thanks_then_a_question_is_a_question():
    assert read("понял, спасибо. а можно счёт на сервер с двумя l40s?").intent == "handoff"


@pytest.mark.parametrize("text", ["перезвоните мне, Ольга, 8 916 123-45-67, по серверу с двумя l40s",
                                  "call me back at 312-555-0142 about the quote for two H100 servers"])
def test_a_phone_number_is_no_quantity(text):
    r = read(text)
    got = r.scenario.said()
    assert not {"budget", "server_price", "users", "context"} & set(got) and "contact" in r.spans


def test_a_price_beside_a_phone_number_is_still_read():
    assert said("сервер за 900 тысяч, телефон 8 916 123-45-67").get("server_price") == 900000


@pytest.mark.parametrize("then", ["would that do it?", "а две такие потянут?"])
def test_would_that_do_it_asks_about_the_cards_named(then):
    first = "какое железо под qwen3 32b на 10 человек?"
    second = "what about two RTX 5090s, would that do it?" if then.startswith("would") else "а две 4090 потянут?"
    assert talk(first, second)[1] == "vram"


def test_the_power_bill_asked_after_a_costing():
    assert talk("own server for $9k or rent at $1.5 an hour, 12 hours a day?",
                "and how much would the server add to our power bill a month? electricity is 14 cents a kWh")[1] == "power"
    assert talk("own server for $9k or rent at $1.5 an hour, 12 hours a day?",
                "electricity is 14 cents a kWh, does that change it?")[1] == "cost"


def test_what_the_model_is_asked_about_is_no_handoff():
    assert read("хотим, чтобы кладовщики спрашивали модель про накладные и сертификаты. человек 15, квен 14б, что "
                "брать?").intent == "recommend"
    assert read("а сертификаты соответствия на сервер у вас есть?").intent == "handoff"


def test_the_customers_managers_and_wholesale_trade_are_no_handoff():
    assert read("мы оптовая компания, менеджеров у нас 40, хотим бота на квен 32б. что из железа брать?").intent == \
        "recommend"
    assert read("дайте контакт менеджера").intent == "handoff"


@pytest.mark.parametrize("text, gpu", [("i got a thirty ninety and 32 gigs of ram, what can i run", "rtx-3090"),
                                       ("сервер с двумя а 5000, что на нём запустить?", "rtx-a5000")])
def test_cards_said_aloud(text, gpu):
    got = said(text)
    assert got.get("gpu") == gpu and "budget" not in got


def test_forty_fifty_people_is_no_card():
    assert "gpu" not in said("forty fifty people at once")


@pytest.mark.parametrize("text, word", [("skolko stoit server pod llama 70b?", "сколько"),
                                        ("podskazhite kakuyu kartu vzyat dlya qwen 14b", "карту"),
                                        ("nado li dokupat operativku esli est 4090?", "надо")])
def test_russian_in_latin_letters_is_read_in_cyrillic(text, word):
    assert word in normalise(text)[0]


@pytest.mark.parametrize("text", ["I have a 4090 and want to run llama 70b on it",
                                  "budget is like 12 grand tops lol", "and power draw wise?"])
def test_english_is_never_transliterated(text):
    assert normalise(text)[0] == text


def test_transliterated_questions_are_understood():
    assert read("skolko nuzhno videopamyati dlya llama 8b v fp16?").intent == "vram"
    assert said("kakoi server vzyat do 500 tysyach rublei pod qwen 32b?").get("budget") == 500000


def test_only_weeknights_keeps_the_hours_a_night():
    scenario, _ = talk("rent a gpu at $1.5 an hour or buy a box for $5000? it would run 8 hours a night every night",
                       "and if its only weeknights?")
    assert scenario.hours_per_month == pytest.approx(8 * 260 / 12, abs=0.05)


@pytest.mark.parametrize("text", ["в пике будет человек 50 70", "пользователей 20 30 одновременно"])
def test_a_range_voice_typed_without_its_dash_is_asked(text):
    r = read(text)
    assert r.scenario.users is None and "users" in r.conflicts


def test_people_and_a_size_in_a_row_are_two_slots():
    got = said("человек 20 и карта на 48 гигов")
    assert got.get("users") == 20 and got.get("card_vram_gb") == 48


def test_going_back_to_a_count_in_a_longer_message():
    scenario, _ = talk("у меня 4060 ти на 16, лама 8б пойдёт?", "а если вторую такую поставить?",
                       "нет, вторую не возьму, вернёмся к одной. бп на 550 ватт ей хватит?")
    assert scenario.gpu_count == 1


def test_a_hobby_against_the_clock_asks_no_speed():
    assert read("решаю судоку на скорость, хочу бота-тренера. у меня 3060, что на ней запустить?").intent == \
        "models_for_hardware"
    assert read("у меня 3060, квен 8б на какой скорости пойдёт?").intent == "speed"
