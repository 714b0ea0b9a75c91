"""Forty-seventh pass (fresh43.yaml's first sight at 5366ae8, issue 11): general rules, each with wordings of its own."""
import pytest

from assistant.reading import read
from tests.assistant.test_reading_thirtyninth_pass import said


@pytest.mark.parametrize("text", ["мы ИТ дилерского центра грузовиков, хотим ассистента по мануалам на 8 механиков, что предложите?",
                                  "we are IT at a dealership, want a manuals assistant for 6 mechanics, what would you build?"])
def test_a_dealership_by_trade_is_no_request_for_dealer_terms(text):
    # "ИТ дилерского центра сельхозтехники … что предложите?" had been handed to a manager ("центра" began with "цен")
    assert read(text).intent != "handoff"


@pytest.mark.parametrize("text", ["работаю в столовой общественного питания, хотим бота на ламе 8б для 5 поваров",
                                  "комбинат детского питания, модель квен3 14б, сколько памяти на 10 технологов?"])
def test_catering_is_food_not_power(text):
    # "1сник на комбинате школьного питания … модель квен3 8б" had been a power question
    assert read(text).intent != "power"


def test_a_power_supply_is_still_power():
    assert read("блок питания на 1000 ватт потянет 4090?").intent == "power"


@pytest.mark.parametrize("text", ["сколько юристов одновременно потянет одна l40s с квеном 14б?",
                                  "а сколько операторов разом выдержит наша 4090?"])
def test_how_many_of_anyone_at_once_a_setup_holds_is_speed(text):
    # "сколько врачей одновременно она потянет?" had been a memory question
    assert read(text).intent == "speed"


@pytest.mark.parametrize("text", ["а в другом облаке поминутная оплата, 2 рубля в минуту, как выйдет?",
                                  "тут почасовая оплата 120 р в час, что выгоднее — это или свой сервер за 900 тыщ?"])
def test_a_clouds_billing_is_no_request_to_pay_us(text):
    # "а у другого облачника почасовая оплата, 90 рублей в час" had been handed to a manager
    assert read(text).intent != "handoff"


def test_dictated_orders_are_the_customers_trade():
    # "замерщики надиктовывают заявки голосом … такое можно сделать на своём сервере" had gone to a manager
    assert read("курьеры надиктовывают заказы голосом, хотим чтобы модель их расшифровывала, это реально на своём сервере?").intent \
        != "handoff"


@pytest.mark.parametrize("text", ["I write training plans for horses with a local model, qwen3 14b on a 3090. How fast will it be?",
                                  "We make staff training videos; which model fits on an RTX 4090?"])
def test_training_of_people_or_animals_is_no_fine_tuning(text):
    # "training plans for my clients' dogs" had been read as a full fine-tune
    assert said(text).get("task") in (None, "inference")


def test_training_a_model_is_still_fine_tuning():
    assert said("training llama 8b on two 4090s, enough memory?")["task"] == "full"


def test_a_trainer_is_a_person_not_a_fine_tune():
    # "Freelance dog trainer here … How many tokens a second" had been read as a full fine-tune
    assert said("Horse trainer here, I run qwen3 14b on a 3090, how fast is it?").get("task") in (None, "inference")


@pytest.mark.parametrize("text", ["And if it only runs four days a week, same hours?", "а если работать пять дней в неделю, часы те же?"])
def test_days_a_week_in_a_follow_up_are_named_back_never_hours(text):
    # "What if he only uses it three days a week, same hours?" had become 3 hours a month
    from assistant.reading.context import carry
    from assistant.scenario import Scenario
    previous = Scenario(server_price=4500, cloud_hourly=1.1, hours_per_month=130.0, currency="$")
    r = carry(read(text), previous)
    assert r.scenario.hours_per_month is None and r.unattached
