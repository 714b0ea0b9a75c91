"""General rules of the reader's eighth pass (issue 11, fresh4.yaml's remaining misses: money, cards, follow-ups,
intents).

Each rule is stated with wordings of its own, not fresh4.yaml's sentences; each test fails without its rule, except
the guards (a rule must not reach too far: "..._is_no_...", "..._stay_...", "..._still_...", "..._without_a_card_..."),
which pass with or without it.
"""
from __future__ import annotations

import pytest

from assistant.reading import read


@pytest.mark.parametrize("text,hourly,hours", [
    ("арендуем 100 часов в месяц по 250 рублей, сервер 2 млн", 250, 100),  # "по" after the hours: each hour's price
    ("облако 30 часов в неделю по 180р, или свой за 900 тыщ", 180, 130),
    ("cloud 60 hours a month at $2, or a box for $30k", 2, 60),
])
def test_a_sum_after_the_hours_is_the_hourly_price(text, hourly, hours):
    s = read(text).scenario
    assert s.cloud_hourly == pytest.approx(hourly) and s.hours_per_month == pytest.approx(hours, rel=0.01)
    assert s.server_price and s.server_price >= 30_000


@pytest.mark.parametrize("text,price", [
    ("облако 300 руб в час, а сервер миллиона за три потянем?", 3_000_000),  # scale word, "за", the number
    ("аренда дорогая, свой сервак тысяч за 900 окупится?", 900_000),
    ("облако 300 руб в час, свой сервер миллиона 2", 2_000_000),  # a scale word that is no number word, said first
    ("облако 300 руб в час, свой сервер за миллион триста", 1_300_000),  # "миллион триста": 1.3 million
])
def test_a_scale_word_said_before_the_number(text, price):
    assert read(text).scenario.server_price == pytest.approx(price)


@pytest.mark.parametrize("text,hours", [
    ("работаем часов по шесть в день", 182.5),  # the hours word first, "по" before the number
    ("гоняем часов по 10 по будням", 216.7),
])
def test_hours_word_then_po_then_number(text, hours):
    s = read(text).scenario
    assert s.hours_per_month == pytest.approx(hours, rel=0.01) and s.cloud_hourly is None


@pytest.mark.parametrize("text,price", [
    ("свой сервак с восемью картами стоит 90к баксов", 90_000),  # a server word, a few words, "стоит"
    ("the box with four cards costs $60k", 60_000),
])
def test_a_server_that_costs_a_sum_is_its_price_not_a_budget(text, price):
    s = read(text).scenario
    assert s.server_price == pytest.approx(price) and s.budget is None


@pytest.mark.parametrize("text,currency,asked", [
    ("мы арендуем 4 a100 и платим в месяц около 6 тыщ евро", "€", "6"),
    ("the cloud invoice is $7k a month for two h100s", "$", "7k"),
])
def test_a_bills_currency_is_kept_while_its_sum_is_asked(text, currency, asked):
    r = read(text)
    assert r.scenario.currency == currency and r.scenario.cloud_hourly is None and r.scenario.budget is None
    assert any(s.text == asked for s in r.unattached), r.unattached


@pytest.mark.parametrize("text,budget", [
    ("а влезем в 450 тыщ?", 450_000),  # a verb of fitting, "в", a scaled sum: a ceiling
    ("впишемся в 900 тысяч?", 900_000),
])
def test_a_sum_to_fit_into_is_a_budget(text, budget):
    assert read(text).scenario.budget == pytest.approx(budget)


def test_fitting_a_context_is_no_budget():
    s = read("will qwen3 8b fit with a 8k context on a 4060").scenario
    assert s.budget is None and s.context == 8192
    assert read("влезет ли квен 14б в 32к?").scenario.budget is None  # a k-number in a context's range


@pytest.mark.parametrize("text,hours", [
    ("and what about 16 hours?", 486.7),  # a bare number of hours up to 24: hours a day
    ("а если 6 часов?", 182.5),
])
def test_a_bare_hours_figure_up_to_a_day_is_per_day(text, hours):
    assert read(text).scenario.hours_per_month == pytest.approx(hours, rel=0.01)


def test_hours_said_for_the_month_stay_as_said():
    assert read("нужно 20 часов в месяц").scenario.hours_per_month == 20
    assert read("we need 150 hours").scenario.hours_per_month == 150


@pytest.mark.parametrize("text,gpu", [
    ("сколько стоит ртх про 6000 блеквел", "rtx-pro-6000-blackwell"),  # the generation said in Cyrillic
    ("про 6000 блэквел потянет дипсик?", "rtx-pro-6000-blackwell"),
])
def test_blackwell_in_cyrillic(text, gpu):
    assert read(text).scenario.gpu == gpu


@pytest.mark.parametrize("text,vram", [
    ("есть 3080 ти на 12, что влезет", 12),  # a card the catalog lacks, "на" and a bare size
    ("a 4060 ti with 8, what runs", 8),
])
def test_a_bare_size_after_an_unknown_card_is_its_memory(text, vram):
    r = read(text)
    assert r.scenario.card_vram_gb == vram and not r.unattached


def test_a_bare_number_after_an_unknown_card_that_is_no_size_stays_asked():
    assert read("есть 3080 ти на 7, что влезет").scenario.card_vram_gb is None


@pytest.mark.parametrize("text,budget", [
    ("есть 3060 и ещё тридцать тыщ, что докупить", 30_000),  # "тыща": money, not a context
    ("накопил 45 тыщ, какую видюху взять", 45_000),
])
def test_thousands_in_slang_are_money(text, budget):
    s = read(text).scenario
    assert s.budget == budget and s.context is None


def test_thousands_in_slang_beside_a_context_word_stay_a_context():
    assert read("лама 8б с контекстом шестьдесят четыре тыщи").scenario.context == 65536


@pytest.mark.parametrize("text,count", [
    ("we run 8 by h100 in one node", 8),  # "N by CARD"
    ("our a6000 pair, is it enough for 70b", 2),  # a pair after the card
    ("my 3090 pair can run what", 2),
])
def test_counts_said_around_the_card(text, count):
    assert read(text).scenario.gpu_count == count


@pytest.mark.parametrize("text,count", [
    ("l40s в облаке 1.5 евро в час, а сервер с 8 такими стоит 90к евро", 8),  # a count of the card named before
    ("h200 хорошая, а стойка с восемью такими потянет дипсик?", 8),
])
def test_n_such_cards_is_a_count(text, count):
    assert read(text).scenario.gpu_count == count


def test_n_such_without_a_card_is_asked():
    r = read("сервер с 6 такими сколько стоит")
    assert r.scenario.gpu_count is None and any(s.text == "6" for s in r.unattached)


def _after(first: str, then: str):
    from assistant.reading.context import carry

    return carry(read(then), read(first).scenario)


@pytest.mark.parametrize("first,then,gpu", [
    ("почём h100 sxm сейчас", "а pcie вариант?", "h100-pcie"),  # the same card in the form factor named
    ("what does an a100 pcie 40gb cost", "and the sxm one?", "a100-sxm-40gb"),
    ("сколько стоит a100 80gb", "а с 40?", "a100-sxm-40gb"),  # a memory size the card comes in
    ("сколько стоит a100 pcie 80gb", "а на 40 гигов?", "a100-pcie-40gb"),  # the form kept, the size changed
])
def test_a_variant_follow_up_picks_the_cards_sibling(first, then, gpu):
    r = _after(first, then)
    assert r.scenario.gpu == gpu and r.intent != "out_of_scope" and not r.unattached


def test_a_size_the_card_already_has_is_no_variant():
    r = _after("сколько стоит h100", "а на 80?")
    assert r.scenario.gpu is None and any(s.text == "80" for s in r.unattached)


def test_a_number_another_slot_takes_is_no_variant():
    r = _after("qwen 32b на a100 40gb для 40 человек", "а на 80?")
    assert r.scenario.gpu is None and r.scenario.users == 80


@pytest.mark.parametrize("text,count", [
    ("а если воткну вторую", 2),  # verbs of putting a card in make the ordinal the count
    ("а если подкину четвёртую", 4),
])
def test_an_ordinal_with_a_verb_of_putting_in(text, count):
    r = read(text)
    assert [(c.slot, c.op, c.value) for c in r.relative] == [("gpu_count", "set", count)]


@pytest.mark.parametrize("text", [
    "best gpu under 450 euros for local models",  # the best card within a sum: which to buy
    "лучшая видеокарта до 60 тыщ под нейронки",
])
def test_the_best_card_for_a_sum_is_a_recommendation(text):
    assert read(text).intent == "recommend"


def test_what_can_we_take_beside_a_budget_and_a_card_is_a_recommendation():
    assert read("выделили полтора миллиона, что нам можно взять, смотрели на две 5090").intent == "recommend"


@pytest.mark.parametrize("text", [
    "в наличии 24 a100, сколько серверов из них выйдет под дипсик в3",  # how many servers: sizing, not the card's info
    "we have 12 h100 in stock, how many nodes would serve llama 405b",
])
def test_how_many_servers_is_sizing(text):
    assert read(text).intent == "recommend"


@pytest.mark.parametrize("text,gpus", [
    ("думаю поменять 4090 на 5090, что это даст на квен 14б", ["rtx-4090", "rtx-5090"]),  # what a swap changes
    ("replace the a6000 with an l40s, what do we gain for llama 70b", ["l40s", "rtx-a6000"]),
])
def test_a_replacement_asked_by_what_it_changes_is_a_comparison(text, gpus):
    r = read(text)
    assert r.intent == "compare" and sorted(r.scenario.gpus or []) == gpus and not r.instead_of


def test_a_plain_replacement_still_takes_the_card_out():
    r = read("давай 5090 вместо 4090")
    assert r.scenario.gpu == "rtx-5090" and r.instead_of == ["rtx-4090"]


@pytest.mark.parametrize("text,users", [
    ("сервер под квен 14б на 12 юристов", 12),  # an animate noun after the number: people
    ("хватит ли одной 4090 для 15 врачей", 15),
    ("does one l40s serve qwen 14b for 30 lawyers", 30),
])
def test_people_named_by_their_trade_are_users(text, users):
    assert read(text).scenario.users == users


def test_a_thing_the_dictionary_also_reads_as_a_person_is_no_user():
    assert read("сервак на двух эпиках с 1 тб озу").scenario.users is None
