"""Forty-sixth pass (fresh42.yaml's first sight at 001c496, issue 11): general rules, each with wordings of its own."""
import pytest

from assistant.reading import read
from tests.assistant.test_reading_thirtyninth_pass import said


@pytest.mark.parametrize("text", ["открыты с 9 до 21, киловатт-час у нас 6 руб", "смена с 8 до 20, кВт·ч по 5,5 рубля"])
def test_a_comma_parts_a_number_from_the_kilowatt_word_after_it(text):
    # "работаем по будням с 10 до 19, киловатт у нас 9 руб 50 коп" had given a 19 kW power supply
    assert said(text).get("psu_w") is None


@pytest.mark.parametrize("text, psu", [("бп 1200 ватт, хватит на 4090?", 1200), ("у меня блок на 2 киловатта", 2000)])
def test_a_wattage_said_with_its_unit_is_still_a_psu(text, psu):
    assert said(text)["psu_w"] == psu


@pytest.mark.parametrize("text", ["ответ нужен в течение 5 рабочих дней", "поставка за 10 рабочих дней, оплата по факту"])
def test_working_days_are_no_workers(text):
    # "оплата в течение 7 рабочих дней" had been 7 users
    assert said(text).get("users") is None


def test_workers_counted_are_still_users():
    assert said("на 15 рабочих склада нужен чат-бот")["users"] == 15


@pytest.mark.parametrize("text, users", [("Число одновременных пользователей — до 40 (сорока).", 40),
                                         ("Количество одновременных сессий: до 12", 12)])
def test_a_labelled_ceiling_in_tender_language_counts_users(text, users):
    # "Количество одновременных обращений — до 25 (двадцати пяти)" had been no users at all
    assert said(text)["users"] == users


@pytest.mark.parametrize("text, budget", [("надо уложиться тысяч в 200 рублей", 200_000), ("миллиона в три уложимся?", 3_000_000)])
def test_a_scale_word_before_a_ceiling_multiplies_it(text, budget):
    # "чтобы уложиться тысяч в 150 рублей" had lost the sum and kept only the currency
    assert said(text)["budget"] == budget


@pytest.mark.parametrize("text", ["добрый вечер, это опять садовод, можно вопрос задать?", "можно вам вопрос задать?"])
def test_asking_leave_to_ask_in_either_order_is_a_greeting(text):
    assert read(text).intent == "greeting"


@pytest.mark.parametrize("text", ["не по теме: посоветуйте ноутбук для учёбы тысяч до 70", "off-topic, any cheap laptop for school?"])
def test_a_laptop_for_study_is_goods_the_vendor_does_not_sell(text):
    assert read(text).intent == "out_of_scope"


def test_a_laptop_with_a_model_is_still_a_sizing_question():
    assert read("потянет ли ноутбук с 4090 на 16 гигов ламу 8б?").intent != "out_of_scope"


@pytest.mark.parametrize("text", ["а оптовые цены на 4090 у вас есть?", "do you have dealer pricing on the RTX 5090?",
                                  "какие у вас дилерские условия на l40s?"])
def test_a_resellers_own_terms_go_to_a_manager(text):
    # "а дилерские цены у вас есть?" had been a catalog lookup
    assert read(text).intent == "handoff"


def test_a_dealer_by_trade_is_no_request():
    assert read("мы дилер стройматериалов, нужен бот на квене 14б на 6 менеджеров").intent != "handoff"


@pytest.mark.parametrize("text, gpu, count", [("one server with 8 nos. NVIDIA H100 SXM please", "h100-sxm", 8),
                                              ("1 сервер с 2 шт. RTX 4090", "rtx-4090", 2)])
def test_cards_in_one_server_are_counted_outright(text, gpu, count):
    # "1 server with 4 nos. NVIDIA L40S" had asked whether four was per server or in all: with one server it is both
    s = said(text)
    assert s["gpu"] == gpu and s["gpu_count"] == count


def test_cards_in_several_servers_are_still_asked():
    assert said("2 servers with 4 L40S").get("gpu_count") is None


@pytest.mark.parametrize("text, users", [("is one L40S enough for all 60?", 60), ("а одной a6000 хватит на всех 25?", 25)])
def test_for_all_n_counts_the_people(text, users):
    # "would a single H100 be enough for all 150?" had left 150 unattached
    assert said(text)["users"] == users


def test_for_all_n_cards_counts_cards():
    assert said("на всех 8 карт").get("users") is None


@pytest.mark.parametrize("text", ["в кп нам предложили сервер на l40s. это что за карта, сколько у неё памяти?",
                                  "в коммерческом предложении прислали rtx a5000 — она серверная или игровая?"])
def test_a_card_someones_quote_offered_is_asked_about_not_a_request(text):
    # "директору в кп предложили сервер на rtx a4000. это что за карта вообще" had been handed to a manager
    assert read(text).intent != "handoff"


def test_asking_for_a_quote_is_still_a_request():
    assert read("пришлите кп на сервер с двумя l40s").intent == "handoff"


def test_a_card_by_its_memory_will_it_do_after_a_model_asks_the_fit():
    from tests.assistant.test_reading_thirtyninth_pass import talk
    scenario, intent = talk("что взять под gemma 3 12b на 4 человек?", "а 5060 на 8 гигов подойдёт?")
    assert intent == "vram" and scenario.card_vram_gb == 8 and scenario.model == "gemma-3-12b"


@pytest.mark.parametrize("text, hours", [("We're open 8am to 6pm, Monday to Friday.", 216.67),
                                         ("open 6am till 10pm mon-fri", 346.67),
                                         ("работаем с понедельника по пятницу с 9 до 18", 195.0)])
def test_opening_hours_with_am_pm_and_named_weekdays(text, hours):
    # "We're open 7am to 7pm, Monday to Friday" had been no hours at all
    assert said(text)["hours_per_month"] == pytest.approx(hours, abs=0.01)


@pytest.mark.parametrize("text", [
    "We're a roofing company. We want a tool the office can use to look up supplier contracts and warranty terms, "
    "2 people at once, budget about $6,000. What should we get?",
    "we'd like an assistant answering questions about our delivery terms for 5 dispatchers, what hardware?"])
def test_documents_the_model_is_to_search_are_no_request_to_the_vendor(text):
    # "an assistant the front office can use to look up equipment manuals and warranty terms" had gone to a manager
    assert read(text).intent == "recommend"


def test_asking_our_warranty_terms_is_still_a_request():
    assert read("what are your warranty terms on the l40s server?").intent == "handoff"


@pytest.mark.parametrize("text, gpus, counts", [
    ("три 4090 потянут? или лучше две l40s?", ["rtx-4090", "l40s"], [3, 2]),
    ("will two A6000 cope? or one H100?", ["rtx-a6000", "h100-sxm"], [2, 1])])
def test_an_alternative_asked_on_after_a_question_mark_is_one_comparison(text, gpus, counts):
    # "а две rtx a5000 потянут? или лучше одна a6000?" had kept only the last card and asked about "две"
    s = said(text)
    assert s["gpus"] == gpus and s["gpu_counts"] == counts
