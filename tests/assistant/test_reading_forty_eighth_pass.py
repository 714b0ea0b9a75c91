"""Forty-eighth pass (fresh44.yaml and fresh45.yaml's first sight at b1d3909, issue 11): general rules, each with
wordings of its own and a known-good counterpart."""
import pytest

from assistant.reading import cues as C
from assistant.reading import read
from tests.assistant.test_reading_thirtyninth_pass import said, talk


@pytest.mark.parametrize("text", ["автосервис снова. не по теме: где купить подъёмник подешевле? надо штуки 3",
                                  "кондитерская. вопрос не про нейросети: вы формы для тортов продаёте? штук 40 надо"])
def test_off_topic_said_after_an_introduction(text):
    # "лесопилка опять. не по теме, но … надо штук 50" had been a cost question for 50 cards
    scenario, intent = talk(text)
    assert intent == "out_of_scope" and scenario.is_empty()


def test_off_topic_words_with_a_sizing_question_are_still_sizing():
    assert read("не по теме, но всё же: хватит ли 4090 на qwen3 14b?").intent == "vram"


def test_lora_inside_another_word_is_no_domain_word():
    assert C.DOMAIN.search("ленточные пилы на пилораму") is None
    assert C.DOMAIN.search("хотим дообучить кулорой") and C.DOMAIN.search("дообучить лорой")


def test_things_counted_before_pieces_are_no_cards():
    assert "gpu_count" not in said("у нас погрузчиков 12 штук, на какой комп запустить бота тысяч за 150?")
    assert said("видеокарт 4 штуки, что на них запустить?").get("gpu_count") == 4


@pytest.mark.parametrize("text", ["доброе утро! опять пекарня, тверь. подскажете ещё кое-что?",
                                  "здравствуйте) у нас типография, печатаем визитки и буклеты. можно у вас спросить про "
                                  "сервер под нейросеть?",
                                  "добрый вечер, хотел спросить пару моментов, есть кто на связи?"])
def test_leave_to_ask_after_an_introduction_is_a_greeting(text):
    assert read(text).intent == "greeting"


@pytest.mark.parametrize("text", ["у нас 3 сервера с 4090. можно спросить?", "подскажете видеокарту под qwen3 14b?",
                                  "можно спросить про цену 4090?"])
def test_a_question_with_content_is_no_greeting(text):
    assert read(text).intent != "greeting"


def test_weekdays_only_with_the_same_hours_said():
    scenario, intent = talk("сервер за 600 тысяч или облако по 90 рублей в час? работать с 8 до 20 каждый день",
                            "а если только по будням, те же часы?")
    assert intent == "cost" and scenario.hours_per_month == pytest.approx(12 * 260 / 12, abs=0.2)


def test_something_forgotten_is_more_of_the_same_question():
    scenario, intent = talk("облако за 120 рублей в час или свой сервер за 700 тысяч? работаем с 9 до 21 каждый день",
                            "забыла сказать, сезон у нас месяцев пять в году")
    assert intent == "cost" and scenario.server_price == 700000


@pytest.mark.parametrize("text,users", [("операторов четверо, работают в системе одновременно. что брать?", 4),
                                        ("у нас двести пользователей, но одновременно будет человек двадцать", 20),
                                        ("менеджеров 90, онлайн одновременно примерно треть", 30),
                                        ("Количество одновременных сеансов — не менее 40 (сорока).", 40)])
def test_the_people_at_once(text, users):
    assert said(text).get("users") == users


def test_a_range_in_words_after_a_same_time_word_is_asked():
    r = read("инженеров у нас десяток, но разом сидят от силы семь-восемь. какую карту под gemma 3 27b?")
    assert "users" not in r.scenario.said() and len(r.conflicts.get("users", [])) >= 2


def test_own_computer_or_only_the_cloud_with_no_prices_is_knowledge():
    assert read("у меня ателье. это можно сделать на своём компьютере, чтоб данные не уходили, или только через "
                "облако?").intent == "knowledge"
    assert read("что выгоднее: свой сервер за 500 тысяч или облако по 100 рублей в час?").intent == "cost"


def test_a_sum_the_customer_is_ready_to_give():
    assert said("какую видеокарту взять? готовы отдать тысяч триста").get("budget") == 300000


def test_one_card_said_in_words_then_a_dash_then_the_card():
    assert said("модель qwen3 8b, видеокарта у нас одна — rtx 3090. влезет?").get("gpu_count") == 1


@pytest.mark.parametrize("first,then", [
    ("у меня одна 4090 и 64 гига оперативы, хочу qwen3 235b в Q2_K с выгрузкой, потянет?",
     "а что выгоднее докупить — вторую 4090 или ещё оперативки?"),
    ("на сервере одна rtx a5000, модель еле шевелится", "что лучше: докинуть вторую a5000 или вытащить её и поставить a6000?")])
def test_a_second_card_weighed_against_another_upgrade_keeps_the_count_held(first, then):
    # "докупить вторую 3090 или ещё оперативки" had made it two cards, as if bought
    scenario, intent = talk(first, then)
    assert intent == "upgrade" and scenario.gpu_count == 1


def test_the_biggest_model_at_a_decent_speed_is_which_models():
    assert read("got a 3090 and 64GB RAM, what's the biggest model I can run at a usable speed?").intent == \
        "models_for_hardware"
    assert read("у меня 4090, какую самую большую модель можно гонять с приличной скоростью?").intent == \
        "models_for_hardware"
    assert read("qwen3 32b на 3090 с нормальной скоростью пойдёт?").intent == "speed"  # one model: its speed


def test_quantising_asked_about_sets_no_width():
    assert "precision" not in said("Our manager keeps hearing about quantization. What is it, and would a quantized "
                                   "model make more mistakes?")
    scenario, _ = talk("qwen3 14b на 4090 влезет?", "а квантованная?")
    assert scenario.precision == "int4"


def test_a_greenhouse_is_no_heat():
    assert read("у нас тепличное хозяйство, какую видеокарту взять под qwen3 14b?").intent == "recommend"
    assert read("сколько тепла выделяет сервер с четырьмя 4090?").intent == "power"


def test_which_one_is_cheaper_of_a_server_quote_and_a_cloud_hour():
    assert read("One supplier quotes a server at $15,000, another offers cloud at $1.20 per hour, 12 hours a day. "
                "Which one is cheaper for us?").intent == "cost"


def test_the_fit_asked_last_with_model_and_card_named_stays_a_fit():
    scenario, intent = talk("программист 1С на мебельной фабрике. хотим, чтобы менеджеры прямо из 1С спрашивали модель "
                            "про остатки. одновременно человек десять. модель qwen3 14b через vllm. на одной rtx 4090 "
                            "поместится?")
    assert intent == "vram" and scenario.gpu_count == 1


@pytest.mark.parametrize("first,then,hours", [
    ("сервер за 900 тысяч или облако по 150 рублей в час? работаем в две смены по 10 часов каждый день",
     "а если оставить одну смену?", 10 * 365 / 12),
    ("server is $20k or cloud at $2 an hour, we run one shift of 8 hours on weekdays", "and with three shifts?",
     24 * 260 / 12)])
def test_shifts_a_day_in_a_follow_up_scale_the_hours(first, then, hours):
    scenario, intent = talk(first, then)
    assert intent == "cost" and scenario.hours_per_month == pytest.approx(hours, abs=0.2)
    assert scenario.cloud_hourly in (150, 2)  # "one" is the shift's count, never the hour's price


def test_shifts_are_not_remembered_past_hours_said_again():
    scenario, _ = talk("сервер за 900 тысяч или облако по 150 рублей в час? работаем в две смены по 10 часов каждый день",
                       "а если круглосуточно?", "а если одну смену?")
    assert scenario.hours_per_month == pytest.approx(730, abs=0.5)  # no shifts known for round the clock: unchanged


@pytest.mark.parametrize("text,model", [("дистиллят дипсика на лламе 8б через ollama на ноуте пойдёт?", "deepseek-r1-distill-llama-8b"),
                                        ("дипсик дистилл на квене 14б влезет в 4090?", "deepseek-r1-distill-qwen-14b"),
                                        ("deepseek distill on qwen 32b, fits a 5090?", "deepseek-r1-distill-qwen-32b")])
def test_a_distill_named_from_its_maker_on_its_base(text, model):
    r = read(text)
    assert r.scenario.model == model and r.models == [] and r.intent == "vram"


def test_a_card_size_then_ram_typed_as_one_run():
    s = said("у дочки комп с 3070 на 8 гигов оперативки 32 квен3 8б на нём пойдёт")
    assert (s.get("card_vram_gb"), s.get("ram_gb")) == (8, 32)
    assert "ram_gb" not in said("на 32 гигов оперативки 64")  # no card before: two sizes of one thing, asked
