"""Forty-fifth pass (fresh41.yaml's first sight at fd16828, issue 11): general rules, each with wordings of its own."""
import pytest

from assistant.reading import read
from tests.assistant.test_reading_thirtyninth_pass import said, talk


@pytest.mark.parametrize("text, budget", [
    ("на сервер у нас 800 миңһн рублей, что посоветуете?", 800_000),  # Kalmyk
    ("бюджет 300 тӱжем рублей, что взять под ламу 8б?", 300_000)])  # Mari
def test_thousand_in_the_languages_of_the_republics_is_a_multiplier(text, budget):
    # "600 миңһн рублей" had been no budget at all: 600 was left unattached
    assert said(text)["budget"] == budget


@pytest.mark.parametrize("text", ["день добрый! бухгалтер снова, есть кто на линии?", "вечер добрый, есть кто живой на месте?",
                                  "доброе утро, пасечник опять"])
def test_a_hello_with_who_is_there_is_a_greeting(text):
    assert read(text).intent == "greeting"


def test_a_hello_with_a_question_is_no_greeting():
    assert read("вечер добрый! сколько памяти надо ламе 8б в q4?").intent != "greeting"


@pytest.mark.parametrize("text", ["не по теме: какой джойстик посоветуете для авиасимулятора до 15 тыщ?",
                                  "а педали с рулём для гонок не подскажете, тысяч до 30?",
                                  "off-topic: which yoke would you get for a flight sim under $300?"])
def test_sim_gear_is_goods_the_vendor_does_not_sell(text):
    from assistant.reading.intent import OTHER_GOODS
    assert OTHER_GOODS.search(text)


@pytest.mark.parametrize("text", ["How is QLoRA different from a full fine-tune, memory-wise?",
                                  "how is lora different from the full finetune?"])
def test_two_tasks_set_against_each_other_are_knowledge(text):
    # "how is LoRA different from a full fine-tune in memory?" had sized LoRA as the customer's task
    r = read(text)
    assert r.intent == "knowledge" and r.scenario.task is None


def test_one_task_with_a_model_is_still_sized():
    assert read("how much memory for a LoRA of llama 8b?").scenario.task == "lora"


@pytest.mark.parametrize("text, gpus", [
    ("my cousin swears by the A5000 — how does it stack up against an L40S?", ["rtx-a5000", "l40s"]),
    ("how does a 4080 measure up to a 3090 for local LLMs?", ["rtx-4080", "rtx-3090"])])
def test_stack_up_and_measure_up_compare_two_cards(text, gpus):
    # "how does it stack up against a 4090" had been a knowledge question with neither card kept
    r = read(text)
    assert r.intent == "compare" and sorted(r.scenario.gpus or []) == sorted(gpus)


@pytest.mark.parametrize("text", [
    "пасека на 300 ульев, хочу чтоб нейросеть считала привесы и скорости медосбора. карта 3060 на 12, какую модель ставить?",
    "we want a bot that calculates speeds of our delivery vans. we have an RTX 4080, which model should we run?"])
def test_speeds_the_model_is_to_compute_are_the_customers_work(text):
    # "чтоб нейронка … считала скорости по соревнованиям … какую модель поставить?" had been a speed question
    assert read(text).intent == "models_for_hardware"


@pytest.mark.parametrize("text", ["посчитайте скорость генерации квена 14б на 3090", "рассчитай скорость ламы 8б на 4090"])
def test_asking_us_to_compute_a_speed_is_still_a_speed_question(text):
    assert read(text).intent == "speed"


@pytest.mark.parametrize("text, gpu, count", [
    ("а l40s сколько стоит, если возьмём пяток?", "l40s", 5),
    ("the a6000 looks right, what if we take three?", "rtx-a6000", 3)])
def test_a_bare_count_after_taking_one_card_counts_that_card(text, gpu, count):
    # "а почём у вас 5090, если десяток возьму под сборки?" had kept one card with the ten lost
    s = said(text)
    assert s["gpu"] == gpu and s["gpu_count"] == count


def test_a_count_taken_instead_of_another_is_still_asked():
    r = read("вместо двух 4090 возьмём четыре")
    assert r.scenario.gpu_count != 4


@pytest.mark.parametrize("text", ["нужна нейронка, чтоб обрабатывала заказы с маркетплейса, 8 операторов, какой сервер?",
                                  "хотим бота, который принимает заявки на доставку, бюджет 500 тыщ, что взять?"])
def test_orders_the_model_is_to_take_are_no_request_to_the_vendor(text):
    # "хотим бота, чтобы принимал заявки от оптовиков … что можно взять?" had been handed to a manager
    assert read(text).intent == "recommend"


def test_a_request_to_the_vendor_stays_one():
    assert read("примите заявку на два сервера с 4090").intent == "handoff"


@pytest.mark.parametrize("text", ["how many visitors browsing at once could one L40S serve with llama 8b?",
                                  "how many employees at once can two 4090s handle with qwen3 14b?"])
def test_how_many_people_a_setup_serves_is_a_speed_question(text):
    # "how many guests chatting at once could it serve?" had been a recommendation
    assert read(text).intent == "speed"


@pytest.mark.parametrize("text", [
    "держим конноспортивный клуб. хотим ии-консультанта для записи на тренировки. это вообще реально без облака?",
    "we run a small ferry line and want a voice assistant for bookings. is such a thing even possible on our own box?"])
def test_can_it_be_done_at_all_with_nothing_to_size_is_knowledge(text):
    # "такое вообще реально на своём железе, без чатгпт?" had been sized as a recommendation with nothing to size
    assert talk(text)[1] == "knowledge"  # as the pipeline settles it: the classifier may overrule a fallback


def test_at_all_with_a_model_and_a_card_is_still_sized():
    assert read("а ламу 70б вообще реально на одной 4090 запустить?").intent == "vram"


@pytest.mark.parametrize("text", ["а по электричеству кто из них больше ест?", "and which of those draws less power?",
                                  "какая из этих двух прожорливее?"])
def test_which_of_the_cards_held_draws_more_is_a_comparison(text):
    # "а по ваттам что из этого больше жрёт?" after two configurations had been a power question about neither
    assert read(text).intent == "compare"


def test_a_cards_draw_asked_alone_is_power():
    assert read("сколько жрёт 5090 под нагрузкой?").intent == "power"
