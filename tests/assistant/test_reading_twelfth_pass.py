"""General rules of the reader's twelfth pass (issue 11, after fresh8.yaml's first sight; the classifier was retrained
with fresh7, tested in tests/assistant/test_reading_classifier.py). Wordings of their own, not fresh8.yaml's
sentences; each test fails without its rule, except the guards ("..._still_...")."""
from __future__ import annotations

import pytest

from assistant.reading import read
from assistant.reading.context import carry
from assistant.scenario import Scenario, merge
from bench.understanding import dropped
from reading_helpers import talk


def test_a_new_model_keeps_the_money_and_the_setup():
    s = merge(Scenario(model="llama-3-70b", budget=80000, currency="₽", users=5), Scenario(params_b=8), True)
    assert s.budget == 80000 and s.currency == "₽" and s.params_b == 8 and s.model is None
    assert s.users == 5  # seventy-second pass: the same people ask about another model (had been dropped)


def test_the_first_model_named_keeps_everything_said_before():
    # seventy-first pass: "для 80 сотрудников" .. "модель скорее всего qwen3 32b" (the old convention had dropped them)
    s = merge(Scenario(budget=80000, currency="₽", users=5), Scenario(params_b=8), True)
    assert (s.budget, s.users, s.params_b) == (80000, 5, 8)


def test_a_new_model_takes_the_place_of_the_old_one_in_the_same_setup():
    s = merge(Scenario(model="qwen3-32b", precision="int4", context=8192, server_price=2e6, sized_models=["qwen3-32b"]),
              Scenario(model="qwen3-14b"), True)
    assert (s.model, s.params_b, s.precision, s.context, s.server_price, s.sized_models) == \
        ("qwen3-14b", None, "int4", 8192, 2e6, None)  # seventy-second pass: "а qwen3 14b?" in the same q4, same context


def test_cards_compared_replace_the_one_card_asked_about():
    s = merge(Scenario(gpu="rtx-4080", gpu_count=2), Scenario(gpus=["rtx-5090", "rtx-4090"]), False, comparing=True)
    assert s.gpus == ["rtx-5090", "rtx-4090"] and s.gpu is None and s.gpu_count is None


@pytest.mark.parametrize("text", [
    "переключите меня на живого специалиста",
    "соедините, пожалуйста, с вашим отделом продаж",
    "could you connect me to someone who sells these",
    "put me through to your team",
    "i want to speak with a real person",
    "let me chat with a sales engineer",
    "пусть кто-нибудь из ваших инженеров мне напишет",
    "хотим время для созвона с вами",
])
def test_a_person_asked_for_is_a_handoff(text):
    assert read(text).intent == "handoff"


def test_people_in_a_sizing_question_are_still_users():
    r = carry(read("what model would real people use for 8 users"), None)  # guard: no person asked for
    assert r.intent != "handoff" and r.scenario.users == 8


@pytest.mark.parametrize("text", ["привки", "приветствую, коллеги!", "morning", "good morning everyone", "hi team"])
def test_more_hellos_are_greetings(text):
    assert read(text).intent == "greeting"


@pytest.mark.parametrize("text", [
    "поддерживает ли vllm модель gemma 3 27b",
    "does sglang support qwen3 32b yet",
    "ollama или vllm что лучше для офиса",
    "is tgi better than vllm for mistral 7b on an l40s",
    "совместим ли llama.cpp с картами amd",
])
def test_a_question_about_serving_engines_is_knowledge(text):
    assert carry(read(text), None).intent == "knowledge"


def test_a_sizing_question_with_an_engine_is_still_a_sizing():
    r = carry(read("сколько токенов в секунду даст vllm на 4090 с квен 32б"), None)  # guard: one engine, a rate asked
    assert r.intent == "speed" and r.scenario.runtime == "vllm"


@pytest.mark.parametrize("text", ["гоняю через llama cpp", "в лм студио запускаю", "running it in lm studio"])
def test_an_engine_said_in_two_words(text):
    r = read(text)
    assert r.scenario.runtime == "llama.cpp" and dropped(r) == []


def test_a_knowledge_question_said_in_words_is_no_fallback(monkeypatch):
    from assistant.reading import classifier as C
    monkeypatch.setattr(C, "probabilities", lambda text: {i: 0.7 if i == "compare" else 0.3 / 12 for i in C.INTENTS})
    assert C.combine("knowledge", "sglang или vllm, что выбрать") == "knowledge"
    assert C.combine("knowledge", "ну такое вот") == "compare"  # a bare fallback is still overruled at 0.5


@pytest.mark.parametrize("text,words", [
    ("одновременно будут работать 20-30 человек", ["20", "30 человек"]),
    ("at the same time maybe 5 to 8 people", ["5", "8 people"]),
])
def test_both_ends_of_a_range_at_the_same_time_are_asked(text, words):
    # a range is asked about, as the corpora label it; a same-time word before it covers both ends (the second end was a
    # headcount, the first one taken as the users)
    r = read(text)
    assert r.scenario.users is None and [s.text for s in r.conflicts["users"]] == words


@pytest.mark.parametrize("text", ["нужна карта за сотку", "уложиться до сотки", "бюджет сотка, что посоветуете"])
def test_a_sotka_in_money_talk_is_a_hundred_thousand(text):
    r = read(text)
    assert r.scenario.budget == 100_000 and dropped(r) == []


def test_a_sotka_of_something_else_is_still_a_hundred():
    assert read("сотка гигов видеопамяти хватит?").scenario.card_vram_gb == 100  # guard: no money word before it


@pytest.mark.parametrize("text,budget", [("бюджет лимон двести", 1_200_000), ("есть пара лимонов на сервер", 2_000_000),
                                         ("денег лимона три", 3_000_000)])
def test_a_lemon_is_a_million(text, budget):
    assert read(text).scenario.budget == budget


@pytest.mark.parametrize("text", ["а при батче 24", "с батчем 24 влезет?", "размер батча 24"])
def test_a_batch_in_any_case_is_the_users(text):
    r = carry(read(text), Scenario(model="qwen3-32b", gpu="h100-sxm", gpu_count=2))
    assert r.scenario.users == 24 and r.scenario.gpu_count is None


@pytest.mark.parametrize("text,model", [
    ("дипсик дистилл лама 70б на двух a6000", "deepseek-r1-distill-llama-70b"),  # the base's family after "distill"
    ("квен дистилл семь б пойдет на 3060?", "deepseek-r1-distill-qwen-7b"),  # a base family with "distill": a deepseek
    ("нужна модель дистилл квен 14б", "deepseek-r1-distill-qwen-14b"),  # "distill" said before the base
    ("хотим дипсик, точнее дистилл квен 32б, на 10 человек", "deepseek-r1-distill-qwen-32b"),  # the family word alone
])
def test_a_distill_is_named_by_its_base(text, model):
    assert read(text).scenario.model == model


def test_two_families_are_still_compared():
    assert read("дипсик или квен 32б что лучше").scenario.model is None  # guard: different families, no model set


@pytest.mark.parametrize("text,model", [
    ("гпт осс двадцать б влезет в 16 гигов", "gpt-oss-20b"),
    ("gpt oss one hundred twenty b on two h100", "gpt-oss-120b"),
    ("квен два с половиной тридцать два б", "qwen2.5-32b"),  # a version said as a fraction
])
def test_a_name_said_in_number_words(text, model):
    r = read(text)
    assert r.scenario.model == model and dropped(r) == [] and not r.unattached


@pytest.mark.parametrize("text,gpu,count", [
    ("на двух а шесть тысяч пойдет?", "rtx-a6000", 2),
    ("есть три а сто, что на них запустить", "a100-sxm-80gb", 3),
])
def test_a_card_letter_said_after_a_count(text, gpu, count):
    r = read(text)
    assert (r.scenario.gpu, r.scenario.gpu_count) == (gpu, count) and r.scenario.budget is None


def test_a_conjunction_before_people_is_still_a_conjunction():
    r = read("нас пять, а сто человек будет")  # guard
    assert r.scenario.gpu is None and r.scenario.users == 100


@pytest.mark.parametrize("text", ["контекст нужен большой тысяч 32", "контекст где-то около тысяч 32, модель 14б",
                                  "контекст хотелось бы тысяч 32"])
def test_a_context_word_a_few_words_before_its_scale_first_number(text):
    r = read(text)
    assert r.scenario.context == 32768 and r.scenario.budget is None and not r.unattached


@pytest.mark.parametrize("text", ["штат сорок человек но активно работать будут человек десять",
                                  "team of 40 but about 10 active users"])
def test_active_people_of_a_headcount_are_the_users(text):
    r = read(text)
    assert r.scenario.users == 10 and not r.conflicts


@pytest.mark.parametrize("text,words", [
    ("ставим два сервера по четыре l40s, сколько ватт", ["два", "четыре"]),
    ("у них пять серверов по восемь h200", ["пять", "восемь"]),
])
def test_servers_counted_in_words_with_po_ask_per_server_or_in_all(text, words):
    r = read(text)
    assert r.scenario.gpu_count is None and [s.text for s in r.unattached] == words


def test_one_server_in_words_is_still_its_cards():
    assert read("один сервер по восемь h100").scenario.gpu_count == 8  # guard: one server, no question


def test_a_follow_up_with_nothing_before_it_asks_what_its_words_ask(monkeypatch):
    from assistant.reading import classifier as C
    monkeypatch.setattr(C, "probabilities", lambda text: {i: 0.6 if i == "upgrade" else 0.4 / 12 for i in C.INTENTS})
    r = read("докину вторую 3060")
    assert r.intent == "followup"  # the rules saw a change of a value
    assert carry(r, None).intent == "upgrade"
    assert carry(read("докину вторую 3060"), Scenario(model="qwen3-14b", gpu="rtx-3060-12gb")).intent == "followup"


@pytest.mark.parametrize("text,price", [("сервер стоит семнадцать миллионов, окупится против облака?", 17e6),
                                        ("свой сервер за девятнадцать миллионов или аренда", 19e6),
                                        ("сервак за пятьсот тысяч или облако", 5e5)])
def test_more_number_words_are_numbers(text, price):
    assert read(text).scenario.server_price == price


@pytest.mark.parametrize("text", ["аренда h100 по 300 рублей в час, работать будет двадцать четыре на семь",
                                  "cloud at 2 an hour, running twenty four seven"])
def test_twenty_four_seven_in_words_is_all_month(text):
    assert read(text).scenario.hours_per_month == 730


@pytest.mark.parametrize("text", ["пришлите расчёт на ivanov@firma.ru", "my email is jo.smith@corp.io, send details"])
def test_an_email_address_written_out_is_a_handoff(text):
    assert read(text).intent == "handoff"


@pytest.mark.parametrize("text,hours", [("облако по 200 рублей в час, работаем с девяти до шести по будням", 195),
                                        ("аренда 3 доллара в час, сидим с восьми до восьми вечера каждый день", 365)])
def test_a_span_of_the_clock_in_words(text, hours):
    assert read(text).scenario.hours_per_month == pytest.approx(hours, rel=0.01)


def test_cards_from_two_to_three_are_no_hours():
    assert read("по будням нужно с двух до трёх карт").scenario.hours_per_month is None  # guard


@pytest.mark.parametrize("text", ["rent at $3 an hour, we only use it during business hours",
                                  "облако по 200 в час, пользуемся в рабочее время"])
def test_office_hours_are_eight_hours_on_weekdays_assumed(text):
    r = read(text)
    assert r.scenario.hours_per_month == pytest.approx(173.3, rel=0.01) and "hours_per_month" in r.assumed


@pytest.mark.parametrize("text", ["ноут с 8 гигами и 32 оперативки", "у меня 64 озу и 3090"])
def test_a_bare_size_before_the_ram_word_is_the_ram(text):
    r = read(text)
    assert r.scenario.ram_gb in (32, 64) and not r.unattached


@pytest.mark.parametrize("first,then,cards", [
    ("сколько стоит 4080 супер", "а что лучше она или 3090", ["rtx-4080-super", "rtx-3090"]),
    ("how much memory does the a40 have", "is it better or the l40s", ["a40", "l40s"]),
])
def test_the_card_discussed_against_one_more(first, then, cards):
    assert talk(first, then).gpus == cards


def test_a_card_and_a_model_or_is_still_no_comparison():
    assert read("она потянет квен 32б или лучше 14б").intent != "compare"  # guard: no card named


def test_a_range_said_in_english_at_once_is_asked():
    r = read("honestly 6 to 9 people at once")  # the first end is attached last: still a range, both at the same time
    assert r.scenario.users is None and [s.text for s in r.conflicts["users"]] == ["6", "9 people"]


def test_only_values_to_ask_about_go_on_with_the_question():
    r = carry(read("maybe 6 or 9 people"), Scenario(users=40))
    assert r.intent == "followup"  # not out of scope: the answer asks which, on the question already asked


@pytest.mark.parametrize("text", ["нас 30 человек, хотим свою нейросеть, с чего начать?",
                                  "we are 40 people and want a private chatbot, where do we start"])
def test_where_to_start_for_a_number_of_people_is_what_to_buy(text):
    assert carry(read(text), None).intent == "recommend"


def test_where_to_start_alone_is_still_knowledge():
    assert read("с чего начать изучение нейросетей").intent == "knowledge"  # guard: nobody to size for


@pytest.mark.parametrize("text,gpu", [("две h100 нвл", "h100-nvl"), ("а100 пцие на 40", "a100-pcie-40gb")])
def test_card_forms_said_in_cyrillic(text, gpu):
    assert read(text).scenario.gpu == gpu


@pytest.mark.parametrize("text,prev,intent", [
    ("and how many it/s would that give", Scenario(model="sdxl", gpu="rtx-4090"), "speed"),
    ("что поместится на две 3090", None, "models_for_hardware"),
    ("на каких картах это лучше гонять", Scenario(model="qwen3-32b"), "recommend"),
    ("with a100s how many would we need", Scenario(model="qwen2.5-72b"), "recommend"),
])
def test_more_wordings_of_known_questions(text, prev, intent):
    assert carry(read(text), prev).intent == intent


@pytest.mark.parametrize("text,gpu", [("на моей четыре тысячи восьмидесятой пойдет?", "rtx-4080"),
                                      ("пять тысяч девяностая хватит", "rtx-5090")])
def test_a_card_said_with_its_thousands_in_full(text, gpu):
    r = read(text)
    assert r.scenario.gpu == gpu and r.scenario.context is None and r.scenario.budget is None


def test_thousands_of_roubles_are_still_money():
    assert read("четыре тысячи рублей в месяц за облако").scenario.gpu is None  # guard: no ordinal after the thousands


def test_a_calculation_is_no_invoice():
    assert read("нужен расчёт на квен 32б для 15 человек").intent == "recommend"  # "расчёт на" held "счёт на"
    assert read("выставьте счёт на нашу фирму").intent == "handoff"  # guard


@pytest.mark.parametrize("text,size", [("чтоб двадцать б модели шли", 20), ("models around 30 b, what card", 30)])
def test_a_size_letter_said_apart(text, size):
    r = read(text)
    assert r.scenario.params_b == size and dropped(r) == []


def test_used_is_no_size():
    assert read("3090 б/у за 60 тыщ").scenario.params_b is None  # guard: "б/у"
