"""Thirty-second pass (fresh27.yaml's first sight, issue 11; the first set written by someone other than the reader's
author): tax ids and rooms; "полтора десятка" and counts of tens; a budget one fits into; a sum added to the budget;
hours that last rather than recur; PSUs "по N вт" counted; cards counted after "их"; a set of cards sold for another;
a software version; intents. Each with near misses."""
import pytest

from assistant.reading import read
from assistant.reading.context import carry
from assistant.reading.relative import apply
from assistant.scenario import Scenario
from assistant.turn.framing import settle_intent


def test_a_tax_id_and_a_room_are_no_price_and_nothing_to_ask():
    r = read("выставьте счет на ооо пожалуйста, инн 7701234567, и доставку в бц в кабинет 305 можно организовать?")
    assert r.scenario.said() == {} and r.unattached == [] and r.intent == "handoff"
    assert read("ИНН 770123456789, счет на 2 h100").scenario.said() == {"gpu": "h100-sxm", "gpu_count": 2}


@pytest.mark.parametrize("text,users", [
    ("квен 14б, пользователей два десятка", 20),
    ("квен 14б, пользователей пара десятков", 20),
    ("квен 14б, три дюжины человек", 36),
    ("квен 14б одновременно максимум полторы сотни", 150),
    ("операторов у нас двести с лишним но на линии одновременно максимум полтора десятка модель думаем квен 14б", 15),
])
def test_counts_of_tens_and_dozens(text, users):
    r = read(text)
    assert r.scenario.users == users and r.unattached == []


def test_a_ten_alone_still_counts_cards():
    assert read("скидку дадите если возьмем десяток 4090").scenario.gpu_count == 10


@pytest.mark.parametrize("text", ["в 300 тыс уложиться можно? какую железку и модель брать",
                                  "в 300 тыс впишемся с двумя 4090?"])
def test_a_sum_one_fits_into_is_a_budget(text):
    assert read(text).scenario.budget == 300_000


def test_a_context_one_fits_into_stays_a_context():
    assert read("влезет ли в 32к контекста llama 8b").scenario.said() == {"model": "llama-3.1-8b", "context": 32768}


PREV = Scenario(budget=60000, currency="$", model="deepseek-v3", users=9)


@pytest.mark.parametrize("text,budget", [("and if the partners chip in another $8k?", 68_000),
                                         ("а если добавим еще 200 тыс?", 260_000),
                                         ("budget goes up by 10k", 70_000),
                                         ("бюджет увеличим на 100 тыс", 160_000),
                                         ("увеличим бюджет до 100 тыс", 100_000),  # the new budget itself
                                         ("raise it to $80k", 80_000)])
def test_a_sum_added_to_the_budget(text, budget):
    r = carry(read(text), PREV)
    s = apply(PREV.model_copy(update={k: v for k, v in r.scenario.said().items()}), r.relative)
    assert s.budget == budget and s.context is None


def test_a_sum_added_with_no_budget_yet_is_the_budget():
    r = carry(read("and if the partners chip in another $8k?"), Scenario(model="deepseek-v3"))
    assert r.scenario.budget == 8000 and not r.relative


def test_hours_that_last_are_asked_and_hours_a_month_are_read():
    r = read("на кластере дают 2 x H100 на 48 часов. хочу full finetune llama 3.1 8b, по памяти влезет?")
    assert r.scenario.hours_per_month is None and [s.text for s in r.unattached] == ["48"]
    assert read("облако по 250 руб в час на 200 часов в месяц").scenario.hours_per_month == 200
    assert read("аренда по 250 руб/час, 10 часов в день").scenario.hours_per_month == round(10 * 365 / 12, 2)


@pytest.mark.parametrize("text,watts", [("шесть 3090 и два блока питания по 1600вт", 3200),
                                        ("4 блока по 3000 вт на 8 h100", 12000),
                                        ("два бп по 1600 вт на шесть 3090 хватит?", 3200),
                                        ("блок питания 1600вт на шесть 3090", 1600)])
def test_several_psus_of_one_wattage_are_summed(text, watts):
    assert read(text).scenario.psu_w == watts


def test_a_rig_with_its_psus_asked_whether_a_model_runs_is_a_fit_question():
    r = read("осталось шесть 3090 и два блока питания по 1600вт. квен 235б в q4 на этом заведется?")
    assert r.intent == "vram"
    assert read("бп 1200 и 4090 под ламу 8б норм?").intent == "power"  # the PSU asked about
    assert read("бп 1200 и 4090, лама 8б пойдет и хватит ли бп?").intent == "power"


def test_cards_counted_after_ikh_against_another_count_are_asked():
    r = read("что можно завести на трёх l40s? хотя по инвентаризации их две числится, не пойму")
    assert r.scenario.gpu_count is None and [s.text for s in r.conflicts["gpu_count"]] == ["трёх", "две"]
    assert read("есть 4090, их 2 штуки").scenario.gpu_count == 2
    assert read("cloud is $0.90 an hour per l4, we need 6 of them 16 hours a day").scenario.gpu_count == 6


@pytest.mark.parametrize("text", ["thinking of selling my two 3090s and getting one 5090 instead, worth it for local llms?",
                                  "продать две 3090 и взять одну 5090, стоит ли?"])
def test_a_set_of_cards_sold_for_another_is_the_two_options_compared(text):
    r = read(text)
    assert r.intent == "compare" and r.scenario.gpus == ["rtx-3090", "rtx-5090"] and r.scenario.gpu_counts == [2, 1]


def test_selling_or_adding_is_still_an_upgrade():
    r = read("should i sell my 3090 and get a 5090 or just add a second 3090")
    assert r.intent == "upgrade" and r.scenario.gpu == "rtx-3090"


def test_a_software_version_is_part_of_its_name():
    r = read("клиент хочет чтоб ии по базе 1С 8.3 отвечал менеджерам, пользователей 40, бюджет лимон двести. че предложите")
    assert r.unattached == [] and r.intent == "recommend"
    assert r.scenario.said() == {"users": 40, "budget": 1_200_000}


def test_where_the_data_goes_is_a_knowledge_question():
    assert read("if we run ollama on a fully air-gapped box, does anything phone home?").intent == "knowledge"
    assert read("is the data ever sent outside when the model runs locally with vllm").intent == "knowledge"
    assert read("ollama, llama 3 8b, 20 users, what box do we need?").intent == "recommend"


def test_a_batch_bought_and_a_model_question_is_no_order():
    r = read("перекуп с авито, взял партию тесл p40 по 24 гига, 10 шт. под какие модели их можно продавать")
    assert r.intent == "models_for_hardware"
    assert read("хотим заказать партию h100, 20 штук").intent == "handoff"
    assert read("можно связаться с вашими менеджерами?").intent == "handoff"


def test_people_and_no_card_with_a_price_is_what_to_buy():
    r = read("стоматология, пишут одновременно человек 5 от силы. что по железу и почем")
    assert r.intent == "recommend"
    assert read("сколько стоит h100 и что по характеристикам").intent == "gpu_info"


def test_follow_ups_keep_the_conversation_s_question():
    owned = Scenario(gpu="rtx-3060-12gb", ram_gb=32)
    r = read("а если разом будут заходить человек двадцать учеников, какую модель тогда ставить")
    assert settle_intent(r, owned, "models_for_hardware") == "models_for_hardware"
    r = read("описаний надо штук 500 в день")
    assert settle_intent(r, Scenario(budget=300000), "recommend") == "recommend"
    assert [s.text for s in r.unattached] == ["500"] and r.scenario.budget is None


def test_a_rate_per_operator_is_per_user():
    r = carry(read("и скока токенов в сек на одного оператора получится"), Scenario(model="qwen3-14b", users=15))
    assert r.per_user and r.scenario.users is None


def test_a_context_said_scale_first_wins_over_the_noun_after():
    assert read("контекст нужен тыщ на восемь диалоги длинные").scenario.said() == {"context": 8192}
