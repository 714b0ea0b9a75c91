"""Forty-second pass (three hurried questions at 32e1dec, then fresh37.yaml and fresh38.yaml's first sight, issue 11):
general rules, each with wordings of its own: "ярдов" for billions; a price said as rubles and kopecks, in words or
with "коп"; thousands words of Yakut and Kazakh; a counted noun (or a mileage, or a distance) beside a thousands
word is neither a context nor money; "штук 20 вариантов" is no card count; tuning set against RAG leaves the task
unset; a span of the clock with its parts of the day; "миллион двести пятьдесят тысяч"; "N of them at the same
time"; "одной б/у 3090"."""
import pytest

from assistant.reading import read
from tests.assistant.test_reading_thirtyninth_pass import said, talk


@pytest.mark.parametrize("text, model", [
    ("братан потянет ли мой ноут с 3080 на шестнацать гиг гемму 3 на двенадцать ярдов в восьми битах", "gemma-3-12b"),
    ("лама 70 ярдов влезет в 4090?", "llama-3.3-70b")])
def test_yards_are_billions(text, model):
    assert said(text)["model"] == model


def test_yards_give_a_size_without_a_name():
    assert said("квен на 32 ярда в q4 на двух 3090")["params_b"] == 32


@pytest.mark.parametrize("text, price", [
    ("скока жрет сервак на четырех а100 если молотит круглые сутки а свет по семь двадцать", 7.2),
    ("электричество по шесть пятьдесят", 6.5),
    ("электричество у нас шесть пятьдесят за киловатт", 6.5),
    ("тариф у нас 3 руб 10 коп за квт*ч, сколько в месяц круглосуточно?", 3.1),
    ("свет 5 рублей 40 копеек за киловатт, 4 карты 4090 круглосуточно", 5.4)])
def test_rubles_and_kopecks(text, price):
    s = said(text)
    assert s["electricity_price"] == price and s.get("budget") is None


def test_two_numbers_elsewhere_stay_two():
    assert said("нас семь двадцать лет работаем").get("electricity_price") is None


@pytest.mark.parametrize("text, context", [("а квен3 8б в восьми битах с контекстом 16 муң токен на нём влезет?", 16384),
                                           ("контекст 16 тыһыынча токен, квен3 14б", 16384),
                                           ("контекст 32 тысячи длинных токенов", 32768)])
def test_thousands_words_and_adjectives_in_a_context(text, context):
    assert said(text)["context"] == context


@pytest.mark.parametrize("text", ["пробег 84 тыс км, оценка 4.5, квен 2.5 32б на двух 4090",
                                  "сколько щас растаможить прадо 2019 года с пробегом 40 тыс?",
                                  "хотим лору поверх дипсик р1 дистилл квен 14б на 18 тыс размеченных заключений",
                                  "документов около 3 тыщ, мистраль смол 3.2 лорой"])
def test_counted_things_are_no_context_and_no_money(text):
    s = said(text)
    assert s.get("context") is None and s.get("budget") is None


@pytest.mark.parametrize("text, budget", [("денег около 600 тыщ, квен 32б", 600000), ("средств около 500 тыщ на сервер", 500000),
                                          ("бюджета около 400 тыщ", 400000)])
def test_money_said_after_its_noun_stays_money(text, budget):
    assert said(text)["budget"] == budget


@pytest.mark.parametrize("text", ["а скока секунд уходит на эскиз? клиенту за сеанс надо штук 20 вариантов показать",
                                  "нам бы штук 15 картинок за раз"])
def test_pieces_of_other_things_are_no_cards(text):
    assert said(text).get("gpu_count") is None


@pytest.mark.parametrize("text, count", [("на 4090 штук 4 карт хватит?", 4), ("нужно штук 8 h100", 8)])
def test_pieces_of_cards_still_count(text, count):
    assert said(text)["gpu_count"] == count


@pytest.mark.parametrize("text", ["объясните по-простому чем rag отличается от дообучения и что нам для рецептур лучше",
                                  "what's the difference between RAG and fine-tuning for our docs?"])
def test_tuning_set_against_rag_is_no_task(text):
    assert said(text).get("task") is None


@pytest.mark.parametrize("text, hours", [("облако по 320 ₽/ч? работаем с 3 ночи до 11 утра, каждый день.", 243.33),
                                         ("облако по 320 ₽/ч? работаем с 9 утра до 6 вечера каждый день", 273.75),
                                         ("облако 260 р в час. работать с восьми утра до десяти вечера каждый день", 425.83),
                                         ("облако 260 р в час, с 2 дня до 10 вечера каждый день", 243.33),
                                         ("облако 260 р в час, с десяти вечера до шести утра каждый день", 243.33),
                                         ("облако 260 р в час, с 9 до 18 по будням", 195.0)])
def test_a_span_of_the_clock_with_its_part_of_the_day(text, hours):
    assert said(text)["hours_per_month"] == hours


@pytest.mark.parametrize("text, field, value", [
    ("свой сервер нам насчитали в миллион двести пятьдесят тысяч, а облако по сто девяносто рублей в час", "server_price", 1250000),
    ("бюджет миллион триста тысяч рублей", "budget", 1300000), ("бюджет 2 млн 700 тыс", "budget", 2700000)])
def test_a_million_and_its_thousands_in_words(text, field, value):
    assert said(text)[field] == value


@pytest.mark.parametrize("text, users", [("maybe 25 of them using at the same time. Budget RM 80k only", 25),
                                         ("Reckon 6 of 'em on it at once, tops.", 6),
                                         ("peak harvest got 40 mandores online together, still can?", 40),
                                         ("maybe 10 folks chatting same time on big swell days", 10)])
def test_people_at_the_same_time_in_other_words(text, users):
    s = said(text)
    assert s["users"] == users and s.get("gpu_count") is None


def test_of_them_after_a_card_still_counts_cards():
    assert said("we want 4 of them, h100s")["gpu_count"] == 4


def test_one_used_card():
    assert said("а на одной б/у 3090 лама 3.1 8б на тридцать человек влезет?")["gpu_count"] == 1


@pytest.mark.parametrize("text, precision", [("а если вместо awq в восьми битах, влезет?", "int8"),
                                             ("а если в восьми битах вместо awq?", "int8"),
                                             ("а если вместо fp16 взять q4?", "int4"), ("q4 instead of fp16?", "int4")])
def test_the_format_taken_out_is_no_choice(text, precision):
    assert said(text)["precision"] == precision


def test_two_formats_offered_are_still_asked():
    assert said("в fp16 или q4?").get("precision") is None


@pytest.mark.parametrize("text, budget", [
    ("Начальная цена контракта 1 850 000 (один миллион восемьсот пятьдесят тысяч) рублей 00 копеек.", 1850000),
    ("бюджет 500 000 (пятьсот тысяч) руб", 500000)])
def test_a_sum_spelled_out_in_brackets_as_a_contract_writes_it(text, budget):
    s = said(text)
    assert s["budget"] == budget and s["currency"] == "₽"


def test_a_count_spelled_out_in_brackets():
    s = said("Одновременно гидом будут пользоваться не более 15 (пятнадцати) посетителей, 4 (четыре) карты H100")
    assert s["users"] == 15 and s["gpu_count"] == 4


@pytest.mark.parametrize("first, second, slot, value", [
    ("G'day mate, reckon 6 of 'em on it at once, tops. Got about 15 grand AUD", "Actually make it 8, the office wants a go too",
     "users", 8),
    ("llama 3.1 8b на двух 4090", "сделаем 4", "gpu_count", 4),
    ("llama 3.1 8b на 4090 для 10 человек", "пусть будет 15", "users", 15)])
def test_make_it_n_sets_the_one_count_held(first, second, slot, value):
    scenario, _ = talk(first, second)
    assert getattr(scenario, slot) == value


def test_make_it_n_with_two_counts_held_is_asked():
    scenario, _ = talk("llama 3.1 8b на двух 4090 для 10 человек", "сделаем 4")
    assert scenario.users == 10 and scenario.gpu_count == 2
    assert read("сделаем 4").unattached


@pytest.mark.parametrize("text", ["работать с восьми утра до десяти вечера каждый день, но сезон у нас месяцев пять",
                                  "аренда на три месяца, сервер за миллион"])
def test_months_said_in_words_are_named_back(text):
    assert [sp.text for sp in read(text).unattached] in (["пять"], ["три"])


def test_off_topic_after_thanks_keeps_other_goods_out_of_the_conversation():
    scenario, intent = talk("у нас бюджет 400 тыщ, квен 2.5 14б для магазина",
                            "спасибо! и не по теме: вы медогонки случаем не продаёте? штуки 3 нужны")
    assert intent == "out_of_scope" and scenario.gpu_count is None and scenario.budget == 400000


@pytest.mark.parametrize("text", ["добрый вечер! есть кто живой?", "hello, anyone there?", "есть кто-нибудь?"])
def test_is_anyone_there_is_a_greeting(text):
    assert read(text).intent == "greeting"


@pytest.mark.parametrize("text", ["под другой проект нужно 16 штук h200, дадите спеццену и сроки поставки?",
                                  "дадите спеццену на 8 штук 4090?", "any volume discount on 8 h100?"])
def test_a_special_price_is_a_managers(text):
    assert read(text).intent == "handoff"


@pytest.mark.parametrize("second", ["а вместо двух 4090 возьмём четыре?", "а возьмём четыре?"])
def test_cards_taken_in_a_follow_up(second):
    scenario, _ = talk("llama 3.1 8b на двух 4090 для 10 человек", second)
    assert scenario.gpu_count == 4 and scenario.users == 10


@pytest.mark.parametrize("text", ["вместо двух 4090 возьмём четыре", "возьмём четыре, хватит?"])
def test_a_count_in_words_after_a_verb_of_taking_is_named_back(text):
    assert "четыре" in [sp.text for sp in read(text).unattached]


def test_taking_with_no_cards_held_is_no_count_of_people():
    scenario, _ = talk("llama 3.1 8b для 10 человек", "а возьмём четыре?")
    assert scenario.users == 10 and scenario.gpu_count is None


@pytest.mark.parametrize("text, ram", [("внук собрал мне комп: 4060 ти на 16 гигов и 32 гига памяти. какую модель туда поставить?", 32),
                                       ("4060 ti 16gb и 64 гб памяти", 64)])
def test_a_second_size_with_the_plain_word_for_memory_is_ram(text, ram):
    s = said(text)
    assert s["ram_gb"] == ram and s.get("card_vram_gb") is None


def test_one_size_of_memory_is_still_the_cards():
    assert said("карта на 24 гига памяти")["card_vram_gb"] == 24


def test_a_context_revised_in_slang_thousands():
    scenario, _ = talk("лама 3.3 70б в восьми битах, контекст 64к, 15 человек",
                       "хотя нет, говорят и тридцати двух тыщ хватит. тогда сравните h100 и h200 под это дело")
    assert scenario.context == 32768 and scenario.budget is None


def test_a_budget_said_as_one_stays_a_budget():
    scenario, _ = talk("лама 3.3 70б в восьми битах, контекст 64к, 15 человек", "а если бюджет 32 тыщи?")
    assert scenario.context == 65536 and scenario.budget == 32000
