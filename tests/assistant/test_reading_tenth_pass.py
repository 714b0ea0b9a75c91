"""General rules of the reader's tenth pass (issue 11, after fresh6.yaml's first sight: a batch written from the issue's
original five personas; scale words said before their number, sums said in parts, working days, clock spans in English,
RAM named first or implied by no cards, and the intents those personas ask with).

Each rule is stated with wordings of its own, not fresh6.yaml's sentences; each test fails without its rule, except
the guards (a rule must not reach too far: "..._stays_...", "..._is_no_...", "..._still_..."), which pass with or
without it.
"""
from __future__ import annotations

import pytest

from assistant.reading import read


@pytest.mark.parametrize("text,context,words", [
    ("контекст тыщ 16 для ламы 8б", 16384, "тыщ 16"),  # the scale word said first reads as "16 тыщ"
    ("нужно окно тысяч 32 на квен 14б", 32768, "тысяч 32"),
    ("тысяч 64 токенов контекста хватит?", 65536, "тысяч 64 токенов"),
    ("контекст тысяч восемь", 8192, "тысяч восемь"),
])
def test_a_context_scale_word_said_before_its_number(text, context, words):
    r = read(text)
    assert r.scenario.context == context and not r.unattached
    assert [s.text for s in r.spans["context"]] == [words]


def test_a_scale_word_after_a_number_is_still_that_numbers():
    assert read("контекст 16 тыщ").scenario.context == 16384  # guard: the order customers write most
    assert read("бюджет тысяч 300").scenario.budget == 300000  # guard: money said so is money's


@pytest.mark.parametrize("text,slot,value", [
    ("бюджет 1 млн 500 тыс руб на сервер", "budget", 1_500_000),  # a sum said in parts is one sum
    ("за сервер просят 3 млн 200 тысяч, облако 400 р/час", "server_price", 3_200_000),
    ("we can spend 1 million 250 thousand", "budget", 1_250_000),
])
def test_a_sum_said_in_millions_and_thousands_is_one_sum(text, slot, value):
    r = read(text)
    assert getattr(r.scenario, slot) == value and not r.unattached and not r.conflicts


@pytest.mark.parametrize("text,slot,value", [
    ("the quote for the server is about 40 grand", "server_price", 40_000),  # "grand" is money's word only
    ("we have maybe 15 grand for a card", "budget", 15_000),
])
def test_a_scale_word_only_money_has_makes_money(text, slot, value):
    r = read(text)
    assert getattr(r.scenario, slot) == value and not r.unattached


@pytest.mark.parametrize("text,price", [
    ("сервак стоит примерно 900 косарей", 900_000),  # a word of estimate between the server's verb and its sum
    ("the box would be around $30k", 30_000),
])
def test_a_server_priced_about_a_sum(text, price):
    assert read(text).scenario.server_price == price


@pytest.mark.parametrize("text,price", [
    ("на колабе 800 р в месяц выходит, а свой 3090 тысяч 90, что выгоднее", 90_000),  # owning against a rented Colab
    ("kaggle is free but a 4090 box is like 3 grand, worth it?", 3_000),
])
def test_a_scaled_sum_against_a_rented_service_is_the_price_of_owning(text, price):
    r = read(text)
    assert r.scenario.server_price == price


@pytest.mark.parametrize("text,hours", [
    ("работаем 20 дней в месяц по 10 часов", 200),  # working days of a month times the hours
    ("used 6 hours a day, 21 working days a month", 126),
    ("у нас пятидневка, по 8 часов", 173.33),  # a five-day week is weekdays
    ("office runs 9 to 5 weekdays", 173.33),  # an English span of the clock: 9 am to 5 pm
    ("8 till 6 every day", 304.17),
])
def test_working_days_and_spans(text, hours):
    r = read(text)
    assert r.scenario.hours_per_month == pytest.approx(hours, rel=0.01) and not r.unattached


def test_days_of_a_month_are_no_users():
    r = read("20 working days a month, 6 hours each, 12 users")
    assert r.scenario.users == 12 and r.scenario.hours_per_month == 120


@pytest.mark.parametrize("text,ram", [
    ("а если оперативки 128 поставить", 128),  # the RAM word said first, a bare size after it
    ("озу 512 и две a6000", 512),
    ("ram 64 and a 3090", 64),
])
def test_a_ram_word_before_a_bare_size(text, ram):
    r = read(text)
    assert r.scenario.ram_gb == ram and not r.unattached


def test_a_bare_number_after_a_ram_word_that_is_no_size_stays_asked():
    r = read("оперативки 3 планки")  # guard: 3 is no size of RAM
    assert r.scenario.ram_gb is None


@pytest.mark.parametrize("text", [
    "сервер с 256 гб памяти без видеокарт, что пойдёт",  # no card at all: the memory is the RAM
    "cpu only box, 256gb memory, which models",
])
def test_memory_with_no_cards_is_ram(text):
    r = read(text)
    assert r.scenario.ram_gb == 256 and r.scenario.card_vram_gb is None


@pytest.mark.parametrize("text", [
    "если возьмём 6 штук, скидку дадите?",  # a discount is a price only a person gives
    "what's the best price you can do on four h200",
    "берёте оборудование на реализацию?",  # consignment
    "сможете приехать к нам и установить сервер?",  # a visit to set it up
    "do you offer on-site installation",
])
def test_discounts_consignment_and_visits_are_handoffs(text):
    assert read(text).intent == "handoff"


@pytest.mark.parametrize("text", [
    "is buying my own card even worth it vs paying for colab",
    "сидим на колабе, есть смысл брать свою 4090?",  # Colab is a rented GPU
    "колаб про или своя 3060, что лучше студенту",
])
def test_buying_against_a_rented_service_is_cost(text):
    assert read(text).intent == "cost"


@pytest.mark.parametrize("text", [
    "сильно ли теряется качество в q3",  # quality lost to quantization
    "насколько хуже будет отвечать в q2",
    "how much worse does the model get at q3",
])
def test_quality_lost_to_quantization_is_knowledge(text):
    assert read(text).intent == "knowledge"


def test_what_can_they_run_on_their_cards():
    assert read("the customer has three l40s, what can they run").intent == "models_for_hardware"


@pytest.mark.parametrize("text", [
    "what does the farm 4u server come with",  # what a server line comes with: its specs
    "how much would a server with four h100 cost",
    "сервер дипсик в какой комплектации идёт",
])
def test_what_a_thing_comes_with_and_what_it_would_cost_is_gpu_info(text):
    assert read(text).intent == "gpu_info"


def test_what_running_in_the_cloud_would_cost_is_still_cost():
    assert read("how much would it cost to rent this in the cloud, 4 hours a day").intent == "cost"  # guard


@pytest.mark.parametrize("text", [
    "сколько будет стоить электричество для сервера с двумя l40s",  # the price of the power is a power question
    "electricity price for a server with four l40s",
])
def test_the_price_of_electricity_is_power(text):
    assert read(text).intent == "power"


@pytest.mark.parametrize("text", [
    "почему нельзя ставить 5090 в стойку, ведь дешевле",  # a reason asked, beside a cost word
    "why not just buy gaming cards, they're cheaper",
])
def test_a_why_question_is_knowledge(text):
    assert read(text).intent == "knowledge"


def test_a_why_question_with_sums_to_weigh_is_still_cost():
    assert read("why is renting at $3/hour cheaper than a $40k box").intent == "cost"  # guard


@pytest.mark.parametrize("text", [
    "the server you quoted is about 30 grand",  # a server's price alone: weighed against renting
    "сервер нам обойдётся в 2 млн",
])
def test_a_servers_price_alone_is_cost(text):
    assert read(text).intent == "cost"


@pytest.mark.parametrize("text", [
    "докуплю вторую 4090 к своей, тогда квен 72б в q4 влезет?",  # the addition named, will the model then fit
    "i'll add a second 3090 to mine, would llama 70b at q4 fit then?",
])
def test_a_named_addition_asked_whether_it_fits_is_vram(text):
    assert read(text).intent == "vram"


def test_asking_what_to_add_is_still_an_upgrade():
    assert read("у меня одна 4090, что докупить чтобы квен 72б влез?").intent == "upgrade"  # guard


@pytest.mark.parametrize("text", [
    "нас 30 человек, с чего начать по железу?",  # where to start with hardware: what to buy
    "с чего начать, какое железо брать под ассистента на 20 сотрудников",
])
def test_where_to_start_with_hardware_is_a_recommendation(text):
    assert read(text).intent == "recommend"


def test_where_to_start_alone_is_still_knowledge():
    assert read("у нас ноль опыта, с чего начать?").intent == "knowledge"  # guard


def test_what_about_a_measure_goes_on_comparing():
    from assistant.reading.context import carry
    from assistant.scenario import Scenario

    compared = Scenario(gpus=["l40s", "rtx-6000-ada"])
    assert carry(read("what about the noise?"), compared).intent == "compare"
    assert carry(read("а что по энергопотреблению"), compared).intent == "compare"
    assert carry(read("what about power draw"), Scenario(gpu="l40s")).intent == "power"  # guard: one card, no comparison


@pytest.mark.parametrize("text,gpus", [
    ("h100 pcie vs sxm, что брать в сервер", {"h100-pcie", "h100-sxm"}),  # one card, two of its forms side by side
    ("чем отличаются sxm и pcie версии a100 на 80", {"a100-sxm-80gb", "a100-pcie-80gb"}),
    ("h100 nvl or sxm for inference", {"h100-nvl", "h100-sxm"}),
])
def test_two_forms_of_one_card_are_compared(text, gpus):
    r = read(text)
    assert set(r.scenario.gpus or []) == gpus and r.scenario.gpu is None and r.intent == "compare"


def test_one_form_named_stays_one_card():
    assert read("h100 pcie в стойку, сколько потребляет").scenario.gpu == "h100-pcie"  # guard
