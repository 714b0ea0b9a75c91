"""Forty-ninth pass (fresh46.yaml and fresh47.yaml's first sight at 8dfeadb, issue 11): general rules, each with
wordings of its own and a known-good counterpart."""
import pytest

from assistant.reading import read
from tests.assistant.test_reading_thirtyninth_pass import said, talk


def test_people_taught_are_no_model_trained():
    assert "task" not in said("центр дополнительного обучения взрослых, хотим ассистента для слушателей, одновременно 40, "
                              "модель qwen3 14b. какую карту брать?")
    assert said("хотим дообучить qwen3 8b на наших документах").get("task") == "full"


def test_rag_better_than_tuning_is_knowledge_with_no_task():
    r = read("Расскажите, что такое RAG и чем он лучше, чем дообучать модель на наших регламентах?")
    assert r.intent == "knowledge" and r.scenario.task is None


@pytest.mark.parametrize("text", ["у нас ветклиника. вопрос не про компы: вы случайно не продаёте УЗИ-аппараты? надо штуки 2",
                                  "We run a bakery. Not really an AI question, but do you sell dough mixers?"])
def test_not_about_computers_is_off_topic(text):
    scenario, intent = talk(text)
    assert intent == "out_of_scope" and scenario.is_empty()


@pytest.mark.parametrize("text", ["Добрый день! У нас логопедический центр. Можно вопрос не совсем про покупку?",
                                  "добрый вечер) держу кофейню у вокзала. можно глупый вопрос задать?"])
def test_leave_to_ask_about_something_else_is_a_greeting(text):
    assert read(text).intent == "greeting"


def test_consultations_at_once_are_users():
    assert said("в пике до 80 консультаций одновременно, модель qwen3 32b, сколько l40s?").get("users") == 80


def test_all_of_them_sitting_is_the_people_held():
    assert said("а qwen3 8b на одну 4090 влезет, если работать будут все девять?").get("users") == 9
    assert said("на все 4 карты влезет?").get("gpu_count") == 4  # all of the cards


def test_a_value_pointed_at_beside_a_new_model_keeps_it():
    scenario, _ = talk("нас 7 человек, бюджет 500 тысяч рублей, что посоветуете?",
                       "а qwen3 14b на две 4090 для этих 7 влезет?")
    assert scenario.users == 7 and scenario.model == "qwen3-14b"


def test_a_price_sent_by_mail_is_for_a_manager():
    assert read("посчитайте сервер на двадцать человек с двумя 4090 и пришлите цену на почту").intent == "handoff"
    assert read("Could someone send me a quote and lead time for one RTX PRO 6000?").intent == "handoff"
    assert read("скиньте цену на h200 и есть ли в наличии").intent == "gpu_info"  # the catalog's price


def test_what_the_model_is_to_explain_is_no_question():
    assert read("We want an assistant that explains our return policy to shoppers, about 30 at once, qwen3 14b. "
                "What hardware do we need?").intent == "recommend"
    assert read("can you explain what a kv cache is?").intent == "knowledge"


def test_a_food_diary_is_no_power():
    assert talk("я диетолог, хочу чтоб нейронка по дневнику питания писала рекомендации. ноут с 4060 на 8 гигов, "
                "оперативки 16. что на нём потянет?")[1] == "models_for_hardware"
    assert read("блок питания на 1200 хватит на две 4090?").intent == "power"


def test_adding_a_card_weighed_against_swapping_it_keeps_the_count():
    scenario, intent = talk("у меня 3060 на 12 и 32 гига оперативы. qwen3 32b в q4 пойдёт?",
                            "а что лучше: докупить ещё одну 3060 или поменять её на 3090?")
    assert intent == "upgrade" and scenario.gpu_count is None
    scenario, _ = talk("у меня 3060 на 12, qwen3 14b пойдёт?", "а если докупить ещё одну 3060?")
    assert scenario.gpu_count == 2


def test_things_counted_with_a_short_word_before_pieces():
    assert "gpu_count" not in said("веду банкротства, дел на мне сейчас штук тридцать. ноут с 4070, qwen3 8b влезет?")


def test_what_can_really_run_on_it():
    assert read("есть комп, видюха 3060 12гб, оперативки 16. что на нём реально запустить?").intent == \
        "models_for_hardware"


def test_what_is_missing_in_a_document_is_no_upgrade():
    assert read("нас 5 человек. хочу чтоб ии проверял договоры и писал, чего не хватает. что купить до 300 тысяч "
                "рублей?").intent == "recommend"
    assert read("подскажите, чего не хватает для 70b на моей 3090").intent == "upgrade"


def test_a_loans_payoffs_are_no_return():
    assert read("We want an assistant that flags missing payoffs in loan files. Team of 6, budget $12k. What would you "
                "build?").intent == "recommend"


def test_speed_asked_with_a_changed_card_count():
    scenario, intent = talk("клиентов одновременно до сотни, модель qwen3 30b a3b в fp8. сколько h200 брать?",
                            "а если тремя h100 обойтись — по скорости вытянет?")
    assert intent == "speed" and scenario.gpu_count == 3


def test_a_tender_count_of_graphics_accelerators():
    s = said("Просим направить КП на поставку сервера с 8 (восемью) графическими ускорителями NVIDIA H200.")
    assert (s.get("gpu"), s.get("gpu_count")) == ("h200", 8)


def test_reps_are_people():
    assert said("about 40 reps on it at peak, llama 3.3 70b, how many L40S?").get("users") == 40


@pytest.mark.parametrize("first,then,hours", [
    ("server $20k or cloud $2 an hour, we run weekdays 8am to 6pm", "and if we add Saturdays, same hours?",
     10 * 312 / 12),
    ("сервер с двумя 4090 крутится круглосуточно, свет 8 рублей за квт·ч, сколько в месяц?",
     "а если выключать его на ночь и гонять только с 9 до 21?", 12 * 365 / 12)])
def test_schedules_changed_in_a_follow_up(first, then, hours):
    scenario, _ = talk(first, then)
    assert scenario.hours_per_month == pytest.approx(hours, abs=0.5)


def test_a_partners_price_is_for_a_manager():
    assert read("а по какой цене вы отдадите такие серверы нам как партнёрам?").intent == "handoff"


def test_how_much_memory_a_card_pointed_at_has():
    assert read("They run it on an NVIDIA L20. What kind of card is that and how much memory does it have?").intent == \
        "gpu_info"
    assert read("how much memory does it need for llama 3.3 70b?").intent == "vram"
