"""Thirty-seventh pass, its first part (issue 11; general rules from fresh31, read after its first sight): Belarusian
and Ukrainian words inside Russian; a kW·h priced in a currency outside ₽ | $ | €; server nodes with a count each;
who writes, or for whom, is no request for a person."""
import pytest

from assistant.reading import read


@pytest.mark.parametrize("text, slot, value", [
    ("Одновременно будет чалавек трыццаць, модель думаем qwen3 32b", "users", 30),
    ("хопіць на сервер з чатырма l40s?", "gpu_count", 4),
    ("вісім карт 4090 для п'ятдесят осіб", "gpu_count", 8),
    ("вісім карт 4090 для п'ятдесят осіб", "users", 50),
    ("чи влізе llama 3 70b в q4 на дві 3090?", "gpu_count", 2),
])
def test_belarusian_and_ukrainian_words(text, slot, value):
    assert getattr(read(text).scenario, slot) == value


def test_belarusian_fits_verb_asks_memory():
    assert read("хопіць 4 l40s на qwen3 32b?").intent == "vram"


@pytest.mark.parametrize("text, price", [("в нас 4,32 грн за кВт", 4.32), ("electricity is 0.28 GBP per kWh", 0.28),
                                         ("электричество 25 тенге за квт", 25)])
def test_a_kwh_price_in_another_currency_keeps_its_number(text, price):
    s = read(text).scenario
    assert (s.electricity_price, s.currency) == (price, None)


def test_roubles_a_kwh_keep_their_currency():
    s = read("8 руб за квт").scenario
    assert (s.electricity_price, s.currency) == (8, "₽")


def test_nodes_of_cards_are_asked_not_guessed():
    r = read("deepseek v3.1 at fp8 on two nodes of 8x h200 — does it fit?")
    assert r.scenario.gpu_count is None and [s.text for s in r.unattached] == ["two", "8x"]
    assert read("four servers with 8 h100 each").scenario.gpu_count == 8  # "each": per server, said


@pytest.mark.parametrize("text, intent", [
    ("менеджер по продажам колокейшна, спрашиваю за клиента. у них будет сервер с 8 h200, хотят дипсик v3.2 в fp8, "
     "контекст 128к, 50 одновременных. влезет?", "vram"),
    ("по заявке №5512 от отдела продаж: сколько стоит сервер HUANANZHI DeepSeek с двумя rtx pro 6000?", "gpu_info"),
    ("I'm a sales manager asking on behalf of a client: does llama 3.3 70b fit on 2 h100?", "vram"),
])
def test_who_writes_is_no_request_for_a_person(text, intent):
    assert read(text).intent == intent


@pytest.mark.parametrize("text", ["я менеджер по продажам, свяжитесь со мной по поводу 8 h200",
                                  "хочу купить сервер с 4 h100, свяжитесь с отделом продаж"])
def test_a_request_for_a_person_stays_one(text):
    assert read(text).intent == "handoff"


# the pass on fresh32 (after its first sight, general rules only)

@pytest.mark.parametrize("text, slot, value", [
    ("ускорителей NVIDIA H200 в количестве 4 (четырёх) единиц", "gpu_count", 4),
    ("не менее 250 (двухсот пятидесяти) одновременных", "users", 250),
    ("Required quantity: 8 (eight) units of H100 NVL", "gpu_count", 8),
])
def test_a_number_written_again_in_words_is_one_quantity(text, slot, value):
    r = read(text)
    assert getattr(r.scenario, slot) == value and r.unattached == []


def test_words_in_brackets_that_say_another_number_are_not_blanked():
    assert read("4 (пять) карт h100").scenario.gpu_count is None


@pytest.mark.parametrize("text, gpu, count", [("сервак с восемью h100шками", "h100-sxm", 8),
                                              ("две 3090шки", "rtx-3090", 2), ("сколько 4090шек надо", "rtx-4090", None)])
def test_a_card_with_a_diminutive_glued_on(text, gpu, count):
    s = read(text).scenario
    assert (s.gpu, s.gpu_count) == (gpu, count)


def test_units_glued_to_numbers_stay_whole():
    assert read("на 8гб").scenario.card_vram_gb == 8
    assert read("llama 70б").scenario.model == "llama-3.3-70b"


@pytest.mark.parametrize("text, users", [("на пике полторы сотни звонков одновременно", 150),
                                         ("whisper + llama 3.1 8b + tts, 25 parallel calls at peak", 25)])
def test_concurrent_calls_are_users(text, users):
    assert read(text).scenario.users == users


@pytest.mark.parametrize("text", ["бп на 2к ватт поменять", "2k watt psu"])
def test_thousands_glued_before_watts_are_a_psu(text):
    s = read(text).scenario
    assert (s.psu_w, s.context) == (2000, None)


def test_a_2k_context_is_still_a_context():
    assert read("контекст 2к").scenario.context == 2048


@pytest.mark.parametrize("text, budget", [("в пределах НМЦК 18 500 000,00 руб. (с НДС 20%)", 18_500_000),
                                          ("бюджет $15,000.00", 15_000), ("Budget's about £12,000", 12_000)])
def test_sums_with_kopecks_or_cents_and_budget_s(text, budget):
    r = read(text)
    assert r.scenario.budget == budget and r.unattached == []


def test_a_rate_with_a_comma_is_still_a_rate():
    assert read("облако 2,49 в час").scenario.cloud_hourly == 2.49


@pytest.mark.parametrize("text, kind", [("по 223-ФЗ", "law"), ("с НДС 20%", "tax"),
                                        ("Срок действия цены — не менее 30 календарных дней.", "term"),
                                        ("Request for Information ref. RFI-2025-117.", "reference")])
def test_tender_numbers_are_no_quantities(text, kind):
    r = read(text)
    assert kind in r.spans and r.unattached == []


def test_working_days_stay_part_of_the_hours():
    assert read("по будням 8 часов, 20 рабочих дней в месяц").scenario.hours_per_month == 160


@pytest.mark.parametrize("text, intent", [
    ("прошу предоставить ценовую информацию на поставку графических ускорителей NVIDIA H200 в количестве 4 единиц",
     "handoff"),
    ("Request for Information. Please state the unit price and TDP of the NVIDIA H100 NVL.", "handoff"),
    ("лизинговая компания, клиенты просят в лизинг гпу серверы. сравните rtx pro 6000 и h100 nvl по тдп", "compare"),
    ("хотим взять 4 h100 в лизинг, свяжитесь", "handoff"),
])
def test_formal_requests_for_prices_and_a_lessor_s_questions(text, intent):
    assert read(text).intent == intent


@pytest.mark.parametrize("text", ["Уточнение к запросу: количество одновременных обращений — не менее 250.",
                                  "users: at least 250", "количество пользователей: не менее 250"])
def test_a_form_s_label_then_a_bound_then_the_people(text):
    assert read(text).scenario.users == 250


def test_a_label_before_a_count_of_cards_stays_the_cards():
    s = read("заказчик: 2 карты A6000").scenario
    assert (s.users, s.gpu_count) == (None, 2)


def test_two_values_offered_in_a_follow_up_take_the_held_one_back():
    from assistant.reading.context import carry
    from assistant.scenario import Scenario, merge

    before = Scenario(users=6, hours_per_month=730, cloud_hourly=180, currency="₽")
    r = carry(read("хотя в смене то 6 то 9 бывает, от дня зависит"), before)
    assert [s.text for s in r.conflicts["users"]] == ["6", "9"] and r.intent == "followup"
    assert merge(before, r.scenario, r.new_model, withdrawn=r.withdrawn).users is None
    kept = carry(read("то 6 то 9 часов"), Scenario(users=20))  # no value held among them: nothing taken back
    assert "users" not in kept.conflicts


@pytest.mark.parametrize("text, asked", [("3090 б/у за 65к или новую 5060 ти на 16 за 50к?", ["65к", "50к"]),
                                         ("3090 за 250 тысяч", ["250"])])
def test_a_card_s_own_price_is_asked_never_a_budget_or_a_context(text, asked):
    r = read(text)
    assert (r.scenario.budget, r.scenario.context) == (None, None)
    assert [s.text for s in r.unattached] == asked


def test_owning_against_renting_keeps_the_card_s_price_as_the_server_s():
    s = read("облако по 150 руб в час 9 часов по будням или своя 5090 за 350 тыщ").scenario
    assert s.server_price == 350_000


def test_sizes_listed_before_a_ram_word():
    s = read("He has an old GTX 1080 with 8GB and 16GB of RAM.").scenario
    assert (s.card_vram_gb, s.ram_gb) == (8, 16)
    assert read("32 гб оперативки и 12 гб видеопамяти").scenario.card_vram_gb == 12


@pytest.mark.parametrize("text, kind", [("КП пришлите, мой номер +998 90 123 45 67, Алишер", "contact"),
                                        ("Writing this for my granddad (he's 81, retired engineer).", "age"),
                                        ("деду 78 лет, у него 3060", "age")])
def test_a_phone_and_an_age_are_no_quantities(text, kind):
    r = read(text)
    assert kind in r.spans and r.unattached == []


def test_a_span_of_years_is_no_age():
    assert "age" not in read("на 30 лет вперёд").spans


def test_uzbek_thousand_and_plural_ada():
    assert read("а если контекст 32 минг токенов сделать?").scenario.context == 32768
    s = read("two RTX 6000 Adas").scenario
    assert (s.gpu, s.gpu_count) == ("rtx-6000-ada", 2)


def test_a_tax_in_brackets_after_a_sum_is_no_request_for_an_invoice():
    r = read("возможно ли в пределах НМЦК 18 500 000,00 руб. (с НДС 20%) обеспечить поставку оборудования для "
             "Llama 3.1 405B в FP8 на 200 одновременных обращений?")
    assert r.intent == "recommend"
    assert read("выставьте счёт с ндс на 4 h100").intent == "handoff"


def test_words_per_second_ask_speed():
    assert read("а гемму 12б потянет? и сколько слов в секунду будет выдавать").intent == "speed"


def test_the_customer_s_own_estimate_is_another_value():
    from assistant.reading.context import carry
    from assistant.scenario import Scenario

    r = read("60 users, but realistically 40")
    assert r.scenario.users is None and [s.text for s in r.conflicts["users"]] == ["60 users", "40"]
    held = Scenario(users=40, model="deepseek-r1-distill-qwen-32b")
    r = carry(read("хм, в заявке на финансирование у нас написано 60 одновременных, а по моим прикидкам 40"), held)
    assert r.withdrawn == ["users"] and r.intent == "followup"
    kept = carry(read("одновременно будут сидеть 10-15 человек"), Scenario(users=50))
    assert kept.withdrawn == []  # the held value is not among those offered: kept, the range asked


def test_in_same_time_is_at_the_same_time():
    s = read("about 300 engineers, maximum 70 developers use in same time").scenario
    assert s.users == 70


def test_a_reason_for_a_preference_is_not_the_question():
    assert read("Please suggest server and how many GPU for qwen3 coder 30b, we prefer RTX 5090 because price more "
                "cheap.").intent == "recommend"
    assert read("берём 4090 потому что дешевле, llama 70b влезет?").intent == "vram"
    assert read("what is cheaper, cloud or own, because we run 24/7").intent == "cost"


def test_a_value_pointed_at_is_the_held_one_or_asked():
    from assistant.reading.context import carry
    from assistant.scenario import Scenario

    held = Scenario(users=5, budget=12000)
    r = carry(read("And would a single RTX 5090 be enough for those 5?"), held)
    assert (r.scenario.gpu_count, r.unattached, "users" in r.spans) == (1, [], True)
    r = carry(read("and for those 7?"), held)
    assert (r.scenario.budget, r.scenario.gpu_count, [s.text for s in r.unattached]) == (None, None, ["7"])
    assert carry(read("and for 8?"), Scenario(budget=12000)).scenario.budget == 8000  # a sum's scale kept, as before


@pytest.mark.parametrize("text", ["45 concurrent users out of 600 licensed", "45 одновременно из 600 сотрудников"])
def test_n_at_once_out_of_a_headcount(text):
    r = read(text)
    assert r.scenario.users == 45 and "headcount" in r.spans and r.unattached == []


def test_an_erp_consultant_asking_for_hardware():
    r = read("SAP S/4HANA consultant. Client wants a private LLM on their SAP docs, ~45 concurrent users out of 600 "
             "licensed. Thinking Llama 3.3 70B in FP8. Kindly advise hardware and approx cost.")
    assert (r.intent, r.scenario.users, r.unattached) == ("recommend", 45, [])
    assert read("is the llama license ok for commercial use").intent == "knowledge"


@pytest.mark.parametrize("text, intent", [("сколько стоит сервер чтоб нейросеть сама отвечала клиентам", "recommend"),
                                          ("сколько стоит сервер под нейросеть", "recommend"),
                                          ("сколько стоит ваш сервер", "gpu_info"),
                                          ("сколько стоит сервер HUANANZHI DeepSeek", "gpu_info")])
def test_a_server_priced_for_a_use_is_sizing(text, intent):
    assert read(text).intent == intent


@pytest.mark.parametrize("text, asked", [("max 2000 words per page", ["2000"]), ("до 300 страниц в договоре", ["300"])])
def test_a_count_of_things_is_never_money(text, asked):
    r = read(text)
    assert r.scenario.budget is None and [s.text for s in r.unattached] == asked


def test_a_ceiling_in_money_is_still_a_budget():
    assert read("budget max 2000").scenario.budget == 2000
    assert read("max 2000 dollars").scenario.budget == 2000
