"""Fifty-first pass (fresh50.yaml and fresh51.yaml's first sight at 78d80c5, issue 11): general rules, each with
wordings of its own and a known-good counterpart."""
import pytest

from assistant.reading import read
from tests.assistant.test_reading_thirtyninth_pass import said, talk


def test_spec_is_a_word_not_a_prefix():
    # "спек" had matched inside "спектрумы" and "конспекты": a question of what runs became a spec lookup
    assert read("коллекционирую спектрумы, а ещё есть сервер с двумя a5000. что на нём можно запустить?").intent == \
        "models_for_hardware"
    assert read("пишу конспекты лекций, у меня 4070 на 12 гигов. что на ней пойдёт из моделей?").intent == \
        "models_for_hardware"
    assert read("скиньте спеки на l40s").intent == "gpu_info"


@pytest.mark.parametrize("text, size", [("у меня мак мини, 32 гига объединённой памяти. какие модели пойдут?", 32),
                                        ("MacBook Pro with 48GB of unified memory, what models can I run?", 48)])
def test_a_macs_unified_memory_is_its_ram(text, size):
    got = said(text)
    assert got.get("ram_gb") == size and "card_vram_gb" not in got
    assert read(text).intent == "models_for_hardware"


def test_a_cards_memory_stays_the_cards():
    assert said("видеокарта с 24 гигами памяти, что на ней пойдёт?").get("card_vram_gb") == 24


@pytest.mark.parametrize("text", ["старый комп, видюха 1070 на 8 гигов. на нём хоть что-нибудь заведётся?",
                                  "ноут с 3050 на 4 гига, пойдёт на нём какая нейронка для текстов?"])
def test_what_runs_on_the_machine_described(text):
    assert read(text).intent == "models_for_hardware"


def test_off_the_cloud_is_a_wish_not_a_costing():
    assert read("I have a Mac Studio with 128GB of unified memory and want to keep everything off the cloud. What's "
                "the largest model it can run?").intent == "models_for_hardware"
    assert read("is renting in the cloud cheaper than buying our own server?").intent == "cost"


@pytest.mark.parametrize("first, then", [
    ("у меня 3060 на 12 гигов, квен 14б еле ползёт", "а если карту заменить, что взять тысяч за шестьдесят?"),
    ("дома rtx 4060 ti на 16, гоняю sdxl", "что поставить на замену, если бюджет 90 000?"),
])
def test_a_card_replaced_is_an_upgrade(first, then):
    assert talk(first, then)[1] == "upgrade"


def test_another_card_compared_is_still_a_comparison():
    assert read("что лучше взять, 4090 или 5090 для ламы 8б?").intent == "compare"


@pytest.mark.parametrize("then, budget", [("а если ещё тысяч двадцать накину?", 120000),
                                          ("а если ещё двадцать тысяч докину?", 120000),
                                          ("а если ещё двадцатку накину?", 120000),
                                          ("а если дотяну до ста пятидесяти?", 150000)])
def test_money_added_to_the_budget_held(then, budget):
    scenario, _ = talk("бюджет 100 тыс, что взять под флакс?", then)
    assert scenario.budget == budget


def test_a_scale_word_alone_is_no_thousand():
    # "тысяч тридцать" had been read as 1 000 (the scale word) added to the budget
    assert talk("бюджет 200 тыс на сборку под ламу 8б", "а если ещё тысяч тридцать добавлю?")[0].budget == 230000


def test_a_year_of_study_is_no_people():
    assert "users" not in said("студент 3 курса, купил 4070. какие модели на ней пойдут?")
    assert said("нас 12 студентов, будем пользоваться одновременно, квен 14б, что взять?").get("users") == 12


def test_athletes_training_is_no_model_training():
    assert said("спортивная школа, хотим разбирать видео тренировок футболистов, сервер с l40s").get("task") is None
    assert said("хотим тренировку ламы 8б на своих данных").get("task") == "full"


@pytest.mark.parametrize("text", ["что важнее для локальных моделей — процессор или видеокарта? у меня 3070",
                                  "правда что на амд картах нейронки хуже работают? у меня rx 7900",
                                  "what matters more for llms, vram or system ram? I have a 4080"])
def test_asked_in_general(text):
    assert read(text).intent == "knowledge"


def test_what_overclocking_adds_is_no_card_added():
    assert read("3090 в разгоне, квен 14б в q4 сколько токенов в секунду даст? и андервольт много отнимет, разгон "
                "добавит?").intent == "speed"
    assert read("у меня 3090 и квен 32б, что добавить чтобы влезло?").intent == "upgrade"


def test_the_psu_asked_about_in_english():
    assert read("my rig has a 4090 and a 1000W power supply, want to add a second 4090 for 70b. will the power supply "
                "handle it?").intent == "power"


def test_a_dedicated_server_rented_is_no_money_granted():
    got = said("сравниваем: купить свой сервер за 1,8 млн или выделенный в аренду за 95 тыс в месяц")
    assert got.get("server_price") == 1800000 and "budget" not in got
    assert said("нам выделили 2 млн рублей на сервер").get("budget") == 2000000


def test_a_servers_price_quoted():
    assert said("A new server would run $22,000. When does it pay for itself?").get("server_price") == 22000
    assert said("за сервер с четырьмя 4090 нам насчитали 1,6 млн").get("server_price") == 1600000


def test_a_grant_application_is_no_order():
    assert read("пишем заявку на грант, на оборудование до 3 млн, хотим дообучать квен 8б лорой. что взять?").intent \
        == "recommend"
    assert read("оформите заявку на сервер с двумя l40s").intent == "handoff"


def test_a_sum_pointed_back_at_is_the_budget():
    assert said("цель сбора 700 тысяч. если наберём — какой сервер на эти деньги взять?").get("budget") == 700000
    r = read("сотрудников у нас 1200, а одновременно спрашивают человек 15. что можно взять на эти деньги?")
    assert "budget" not in r.scenario.said()  # a bare number: no scale, no currency


def test_a_payment_a_month_is_asked_never_a_context():
    r = read("платёж по лизингу 80 тыс в месяц, а купить сразу 2 млн, что выгоднее?")
    assert r.scenario.context is None and any(s.text == "80" for s in r.unattached)  # had been 81 920 tokens


def test_a_memory_size_with_its_unit_first():
    assert said("оперативки в сервер хотим гигов 128, бюджет 700к").get("ram_gb") == 128
    assert said("видюха гигов 16, что на ней пойдёт?").get("card_vram_gb") == 16
    assert read("оперативки в сервер хотим гигов 128, бюджет 700к, квен 14б, что брать?").intent == "recommend"


def test_hours_switched_off_leave_the_rest_running():
    scenario, _ = talk("сервер с 4090 работает круглосуточно, свет 5 руб. сколько выйдет в месяц?",
                       "а если отключать его с 22 до 8?")
    assert scenario.hours_per_month == pytest.approx(14 * 365 / 12, abs=0.05)
    scenario, _ = talk("сервер с 4090 работает круглосуточно, свет 5 руб. сколько выйдет в месяц?",
                       "а если выключать на ночь и гонять с 9 до 21?")
    assert scenario.hours_per_month == pytest.approx(12 * 365 / 12, abs=0.05)


def test_the_customers_own_delivery_asks_no_delivery():
    assert talk("сервер с двумя 3090 работает круглосуточно, свет 6 руб. сколько в месяц?",
                "а если выключать его с 1 до 10, пока наша доставка не работает?")[1] == "power"
    assert read("а доставка в Казань сколько займёт?").intent == "handoff"


def test_shares_are_off_topic():
    assert read("а акции nvidia сейчас покупать уже поздно?").intent == "out_of_scope"
    assert read("Is NVDA stock still worth buying?").intent == "out_of_scope"


@pytest.mark.parametrize("text", ["пишу диплом про стоимость ии-сервера. из чего складывается цена кроме железа?",
                                  "how quickly do H100s depreciate?"])
def test_what_a_cost_is_made_of_is_asked_in_general(text):
    assert read(text).intent == "knowledge"


def test_a_sum_refused_then_the_one_gone_to():
    got = said("лям не потянем конечно, а вот тыщ 500 можно. что возьмём под квен 14б?")
    assert got.get("budget") == 500000
    assert "budget" in read("бюджет 2 млн или 3 млн, что возьмём?").conflicts


def test_a_neural_net_named_keeps_a_business_question_in_scope():
    assert read("салон красоты на три кресла, хочу нейронку для записи клиентов, бюджет тыщ 300. что взять?").intent \
        == "recommend"
    assert read("посоветуйте удобное кресло для работы").intent == "out_of_scope"


def test_leave_to_ask_a_question_not_quite_technical():
    assert read("добрый день! можно вопрос не совсем технический?").intent == "greeting"


def test_people_counted_before_a_number_are_no_money():
    # "клиентов у нас 1500, какой сервер взять?" had been a budget of 1 500 (the server word after read as a price)
    got = said("клиентов у нас 1500, какой сервер взять?")
    assert "budget" not in got and got.get("users") == 1500
    assert said("человек 10, бюджет 1500 долларов").get("budget") == 1500


def test_renting_against_buying_cards_is_a_cost_question():
    assert read("is it cheaper to rent in the cloud or buy two 4090s?").intent == "cost"
    assert read("is it better or the a40?").intent != "cost"
