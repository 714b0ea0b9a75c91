"""Sixtieth pass (issue 11): faults shown by hurried questions after stop 54's freeze, each with a counterpart that
keeps its old reading: a card bought more of ("он возьмёт ещё две") added to the cards owned; an own-or-cloud question
with the model but no server price sized before the price is asked for, and only the price not said is asked for;
what was read of a message nothing could be computed for named back."""
import pytest

from assistant.reading import read
from assistant.service import Assistant, Conversation
from tests.assistant.test_reading_thirtyninth_pass import talk


# ---------------------------------------------------------------- buying more is adding cards
@pytest.mark.parametrize("text, count", [
    ("у клиента 2 l40s, он возьмёт ещё две", 4),
    ("у нас 4 а100, купим ещё 2 — хватит на 70б?", 6),
    ("стоят три 3090, закажем ещё одну, что запустим?", 4),
])
def test_cards_bought_more_of_are_added(text, count):
    assert talk(text)[0].gpu_count == count


@pytest.mark.parametrize("turns, count", [
    (["у клиента 2 l40s, что на них запустить?", "а если возьмёт ещё две?"], 4),
    (["у меня две 3090", "а если куплю ещё одну?"], 3),
])
def test_a_follow_up_buying_more_adds_cards(turns, count):
    assert talk(*turns)[0].gpu_count == count


@pytest.mark.parametrize("text, count", [
    ("у клиента 2 l40s, он возьмёт их за 2 млн?", 2),  # the cards taken, not more of them
    ("возьму 2 rtx 4090 под llama 3 8b", 2),
])
def test_taking_cards_without_more_keeps_the_count(text, count):
    assert talk(text)[0].gpu_count == count


# ---------------------------------------------------------------- own or cloud: sized, then only the missing price
@pytest.fixture(scope="module")
def bare(kb_settings, kb_retriever):
    return Assistant(kb_settings, backend=None, retriever=kb_retriever)


def test_own_or_cloud_without_a_server_price_sizes_the_setup_and_asks_for_that_price(bare):
    res = bare.ask(Conversation(), "3 отдела по 8 человек, гемма 3 27б в 8 бит, свой сервак или облако по 250р в "
                                   "час за карту, пн-пт с 9 до 6")
    assert res.computed.startswith("**Считаю для:**") and "польз. 24" in res.computed
    assert "Подходящие конфигурации" in res.computed  # the setup sized, not only a request for prices
    assert "назовите ещё цену сервера" in res.computed and "цена облака в час, например" not in res.computed


def test_own_or_cloud_with_a_server_price_only_asks_for_the_cloud_price(bare):
    res = bare.ask(Conversation(), "сервер за 3 млн или облако, что выгоднее для llama 3 70b?")
    assert "назовите ещё цену облака в час" in res.computed


def test_own_or_cloud_with_no_price_asks_for_both(bare):
    res = bare.ask(Conversation(), "что выгоднее, свой сервер или облако?")
    assert "нужны цена сервера и цена облака в час" in res.computed


# ---------------------------------------------------------------- nothing computed: what was read is named back
@pytest.mark.parametrize("text, head, said", [
    ("15 юристов, хотим локальную модель для работы с договорами, бюджет тыщ 800", "**Понял из сообщения:**",
     ["польз. 15", "бюджет 800 000"]),
    ("we are 20 people, budget 30k dollars, what server?", "**From your message:**", ["users 20", "budget 30,000 $"]),
])
def test_what_was_read_is_named_back_when_a_model_is_missing(bare, text, head, said):
    res = bare.ask(Conversation(), text)
    first = res.computed.splitlines()[0]
    assert first.startswith(head) and all(x in first for x in said)


def test_nothing_read_names_nothing_back(bare):
    res = bare.ask(Conversation(), "какой сервер посоветуете?")
    assert "Понял из сообщения" not in res.computed


# ---------------------------------------------------------------- a price of each thing is no budget, nor a context
@pytest.mark.parametrize("text, said", [
    ("нужно 4 4090, блоки питания стоят по 25 тысяч, какой бп брать?", "25"),  # had been a context of 25 600
    ("карты стоят по 300 тысяч, сколько возьмём на 2 млн под llama 70b?", "300"),
])
def test_a_price_of_each_is_asked_about(text, said):
    r = read(text)
    assert r.scenario.context is None and r.scenario.budget != float(said) * 1000
    assert said in [u.text for u in r.unattached]


def test_a_price_of_each_in_an_own_or_cloud_question_stays_the_servers():
    s = read("серверы стоят по 2 млн, облако 300 р в час").scenario
    assert s.server_price == 2_000_000 and s.cloud_hourly == 300


def test_the_budget_beside_a_price_of_each_is_kept():
    assert read("карты стоят по 300 тысяч, сколько возьмём на 2 млн под llama 70b?").scenario.budget == 2_000_000


# ---------------------------------------------------------------- a share of the people said before them
@pytest.mark.parametrize("text, users", [
    ("a quarter of our 80 staff at once will use llama 3 70b", 20),  # had been 80
    ("треть из 60 человек работает одновременно, квен 32б", 20),  # had been 60
    ("a third of the 90 engineers at a time, qwen3 32b", 30),
    ("половина из 40 сотрудников будет сидеть одновременно, llama 3 8b", 20),  # halved once, not twice
])
def test_a_share_said_before_the_people_at_once_takes_that_share(text, users):
    assert talk(text)[0].users == users


@pytest.mark.parametrize("text, users", [
    ("нас 80 человек, одновременно примерно четверть, llama 3 70b", 20),  # the share said after: as before
    ("a quarter of the budget goes on 2 cards, 40 users, llama 3 8b", 40),  # a share of something else
    ("district tech here. we've got a spare box with two a4000s in it, what models could teachers use on it? maybe "
     "15 at once", 15),
])
def test_other_shares_keep_their_reading(text, users):
    assert talk(text)[0].users == users


# ---------------------------------------------------------------- fresh84 and fresh85: general rules after first sight
@pytest.mark.parametrize("text, intent", [
    ("здарова всем) по видюхам тут консультируете?", "greeting"),
    ("здарова) можно пару вопросов по видюхам?", "greeting"),
    ("добрый день, консультируете по видеокартам?", "greeting"),
    ("по видюхам консультируете? 3060 потянет ламу 8б?", "vram"),  # the question itself said: answered
    ("whats the biggest model my rtx a4000 can handle?", "models_for_hardware"),
    ("какую самую большую модель потянет моя 3090?", "models_for_hardware"),
    ("DeepSeek V3 in FP8, 250 users at once. What B200 count would you put in the proposal?", "recommend"),
    ("And what's an L40S going for at the moment?", "gpu_info"),
    ("Can someone on your sales side ring me about it this week?", "handoff"),
    ("клиенту нужно восемь штук h20, какую цену по опту сделаете?", "handoff"),
])
def test_fresh84_85_intents(text, intent):
    assert read(text).intent == intent


def test_wholesale_customers_are_no_wholesale_price():
    assert read("кофейня, хотим бота для оптовых клиентов, собрали комп с двумя 3090, хватит бп на 1000 ватт?").intent != \
        "handoff"


@pytest.mark.parametrize("text, gpu", [("хватит ли одной эль четыре на гемму три двенадцать б", "l4"),
                                       ("две аш сто под ламу семьдесят б хватит", "h100-sxm"),
                                       ("эль двадцать или эл сорок эс", None)])
def test_cards_said_aloud(text, gpu):
    s = read(text).scenario
    assert s.gpu == gpu if gpu else set(s.gpus or []) == {"l20", "l40s"}


def test_a_psu_said_by_its_figure_alone_in_a_follow_up():
    s, intent = talk("бп 650 ватт и 5080, потянет?", "ок, а если поставить на 850, хватит с запасом?")
    assert s.psu_w == 850 and intent == "power"
    s, _ = talk("бп 650 ватт и 5080, потянет?", "а если на 850?")
    assert s.psu_w == 850


def test_a_count_in_a_psu_follow_up_stays_a_count():
    s, _ = talk("бп 650 ватт и 5080, потянет?", "а если их будет 2?")
    assert s.psu_w == 650 and s.gpu_count == 2


def test_cards_set_against_each_other_with_their_counts():
    s, intent = talk("A client can't decide between the RTX 5090 and the RTX PRO 6000 for running Qwen2.5 72B locally.",
                     "What if it's two 5090s against a single PRO 6000?")
    assert intent == "compare" and s.gpu_counts == [2, 1]


# ---------------------------------------------------------------- short follow-ups about the setup just sized
SIZED = "llama 3 70b in q4 on two 3090, fits?"


@pytest.mark.parametrize("text", ["can't we get away with just one?", "would a single one do?", "and with just one?"])
def test_just_one_card_in_words_is_one_card(text):
    s, intent = talk("llama 3 70b in fp8 for 20 users, how many h100?", text)
    assert s.gpu_count == 1 and intent != "out_of_scope"


@pytest.mark.parametrize("text", ["is that realistic?", "хм, а это точно?", "and is it loud?", "would it be faster on a mac?",
                                  "ok what would you do in my place?"])
def test_a_short_question_about_the_setup_is_no_out_of_scope_refusal(text):
    assert talk(SIZED, text)[1] == "knowledge"


@pytest.mark.parametrize("text", ["what is the weather in moscow?", "can you write my cover letter?", "расскажи анекдот?"])
def test_a_new_subject_after_a_sizing_stays_out_of_scope(text):
    assert talk(SIZED, text)[1] == "out_of_scope"


def test_after_an_aside_a_question_about_the_setup_is_answered_again():
    assert talk(SIZED, "what is the weather in moscow?", "and is it loud?")[1] == "knowledge"


# ---------------------------------------------------------------- fresh86 and fresh87: general rules after first sight
@pytest.mark.parametrize("text, intent", [
    ("ку всем, а тут можно спросить про железо под нейронки?", "greeting"),
    ("приветик) а тут можно про видюхи поспрашивать?", "greeting"),
    ("а тут можно спросить, влезет ли лама 70б в 3090?", "vram"),  # the question said with it
    ("What's the TDP and memory on the A40? Client is asking", "gpu_info"),
    ("какой бп на 4 a40, у них тдп 300 и памяти 48?", "power"),  # the PSU asked, the specs given
    ("skolko tokenov v sek vydast gpt oss 20b na moei 5060 ti?", "speed"),
    ("Подскажите, что даёт FlashAttention на длинных контекстах и на каких GPU он вообще поддерживается?", "knowledge"),
])
def test_fresh86_87_intents(text, intent):
    assert read(text).intent == intent


@pytest.mark.parametrize("turns, intent", [
    (["skolko tokenov v sek vydast gpt oss 20b na moei 5060 ti?", "а с контекстом 32к сильно просядет?"], "speed"),
    (["У лаборатории есть узел: четыре H200 и 768 ГБ оперативной памяти. Что из открытых моделей на нём реально поднять "
      "в fp8?", "А для полного дообучения в bf16 что туда поместится?"], "models_for_hardware"),
    (["что даёт FlashAttention на длинных контекстах?", "У нас четыре A100 — на них его можно включить?"], "knowledge"),
    (["клиенту нужно 12 h200", "и какое у H200 тдп и сколько памяти? клиент считает охлаждение"], "gpu_info"),
])
def test_fresh86_87_follow_ups(turns, intent):
    assert talk(*turns)[1] == intent


@pytest.mark.parametrize("turns, gpus", [
    (["L20 у вас сейчас в наличии? почём отдаёте?", "а чем она клиенту под инференс лучше L40S?"], ["l20", "l40s"]),
    (["llama 3 8b on a 4090, fits?", "is it faster than a 3090?"], ["rtx-4090", "rtx-3090"]),
])
def test_the_card_discussed_set_against_the_card_named(turns, gpus):
    s, intent = talk(*turns)
    assert intent == "compare" and s.gpus == gpus


def test_another_card_without_a_comparison_replaces_the_card():
    s, _ = talk("llama 3 8b on a 4090, fits?", "and on a 3090?")
    assert s.gpu == "rtx-3090" and not s.gpus


def test_weekdays_only_in_english_keeps_the_hours_a_day():
    s, _ = talk("rent an A100 in the cloud at $1.60 an hour or buy a server for $19,000? about 6 hours a day",
                "What if we only ran it on weekdays?")
    assert s.hours_per_month == pytest.approx(130, abs=0.1)


# ---------------------------------------------------------------- two reviews of this pass: what it must not change
@pytest.mark.parametrize("turns, count, ram", [
    (["у меня 3090, возьму ещё 32 гига оперативы, 70b пойдёт?"], None, 32),
    (["у нас 4 4090", "возьмём ещё 64 гига оперативы, поможет?"], 4, 64),
    (["у нас 4 4090", "купим ещё два блока питания по 1200"], 4, None),
    (["у нас 2 3090", "возьмём ещё две недели на тест и решим"], 2, None),
    (["нам надо 4 карты, возьмём две сейчас и ещё две потом, под qwen 32b на 20 человек"], 4, None),
    (["2x 4090 box for deepseek r1 distill 32b", "we want to buy 64 more GB of RAM, does it help?"], 2, 64),
    (["our server has 2 H100, llama 70b", "what if we buy 2 more years of support, does anything change?"], 2, None),
    (["2x L40S for llama 70b", "our buyer needs 2 more quotes"], 2, None),
])
def test_buying_something_else_adds_no_cards(turns, count, ram):
    s = talk(*turns)[0]
    assert s.gpu_count == count and s.ram_gb == ram


@pytest.mark.parametrize("turns, gpu, count", [
    (["у нас 4 4090", "а если взять ещё две 3090?"], "rtx-3090", 2),  # another card: its own count, not one plus two
    (["у нас 8 h100", "возьмем ещё 8 и будем обучать 405b"], "h100-sxm", 16),  # kept beside the new model
    (["у нас 4 4090", "закажем ещё две, хватит на 70b?"], "rtx-4090", 6),
])
def test_cards_bought_more_of_beside_another_card_or_a_new_model(turns, gpu, count):
    s = talk(*turns)[0]
    assert s.gpu == gpu and s.gpu_count == count


@pytest.mark.parametrize("text, count, vram", [
    ("в каждом сервере стоят по 2 a100, сколько серверов под 405b", 2, None),  # cards placed, not priced
    ("у нас стоят по две 3090 в трёх компах, что запустим", 2, None),
    ("карты стоят по 24 гига, сколько их надо под 70b", None, 24),
])
def test_standing_is_no_price(text, count, vram):
    s = read(text).scenario
    assert s.gpu_count == count and s.card_vram_gb == vram


def test_a_price_of_each_in_words_is_named_back_and_the_budget_kept():
    r = read("карты стоят по двести пятьдесят тысяч, нам нужно четыре, бюджет миллион")
    assert r.scenario.budget == 1_000_000 and "двести пятьдесят" in [u.text for u in r.unattached]


@pytest.mark.parametrize("turns, users, psu", [
    (["у нас 4 4090 и бп 2000 на 100 человек", "а на 300?"], 300, 2000),  # people counted before: people
    (["у меня 4090 и бп 850, llama 8b на 10 человек", "а на 500?"], 500, 850),
])
def test_a_bare_figure_after_people_stays_people(turns, users, psu):
    s = talk(*turns)[0]
    assert s.users == users and s.psu_w == psu


@pytest.mark.parametrize("text, intent", [
    ("большую модель на 70b потянет 4090?", "vram"),  # a size named: that model's fit
    ("а здесь можно узнать про сроки доставки?", "handoff"),  # leave to ask about something else
    ("а тут можно спросить про погоду?", "out_of_scope"),
    ("сколько токенов в секунду поддерживается на h100", "speed"),
    ("какие модели поддерживаются на 3060?", "models_for_hardware"),
    ("у l40s тдп 350 вт и 48 гб памяти, сколько таких в сервер на 3 квт", "power"),
    ("our customers phone us all day, 30 call agents, llama 8b, what gpu?", "recommend"),
    ("I work on the sales side, we'd use llama 8b for 15 reps, what card?", "recommend"),
    ("what's a used 3090 going for?", "gpu_info"),
])
def test_review_intents(text, intent):
    assert read(text).intent == intent


@pytest.mark.parametrize("turns, intent", [
    (["сколько токенов в секунду на 4090 с llama 8b", "а если карта упадёт, данные потеряются?"], "knowledge"),
    (["нужен сервер под llama 3 70b на 30 человек", "а там погода хорошая?"], "out_of_scope"),
    (["нужен сервер под llama 3 70b на 30 человек", "а у вас там есть вакансии?"], "out_of_scope"),
    (["нужен сервер под llama 3 70b на 30 человек", "а шумно будет?"], "knowledge"),
    (["llama 70b 20 users", "is it going to rain tomorrow?"], "out_of_scope"),
    (["llama 70b 20 users", "can you write me a poem about it?"], "out_of_scope"),
    (["2x 4090 for llama 70b q4", "is anybody there?"], "greeting"),
    (["4090 for llama 8b", "would it be cheaper to rent an H100?"], "cost"),
])
def test_review_follow_ups(turns, intent):
    assert talk(*turns)[1] == intent


@pytest.mark.parametrize("text", ["only one person uses it at a time", "just one at a time"])
def test_one_person_is_no_one_card(text):
    assert talk("2x 4090 for qwen 14b", text)[0].gpu_count == 2


def test_a_spoken_card_never_before_a_sum():
    s = read("аш сто тысяч рублей в месяц за облако это норм?").scenario
    assert s.gpu is None


@pytest.mark.parametrize("text, users", [
    ("из 300 сотрудников одновременно будет треть, llama 70b", 100),
    ("у нас штат 80 человек, половина будет одновременно сидеть в чате, llama 8b", 40),  # halved once
    ("менеджеров 150, онлайн одновременно примерно треть, qwen 32b", 50),
])
def test_a_share_after_the_people_at_once(text, users):
    assert talk(text)[0].users == users


def test_cards_bought_then_users_asked():
    s = talk("2 x L40S for mistral small, 20 users", "buy 2 more, how many users then?")[0]
    assert s.gpu_count == 4 and s.users == 20
    s = talk("llama 8b on 2 l40s for 20 users", "and 5 more users?")[0]
    assert s.gpu_count == 2 and s.users == 25


@pytest.mark.parametrize("text, psu, budget", [
    ("у меня 4090 и бп 1000, бюджет 300 тысяч", 1000, 300_000),  # the PSU's 1000 had been a second budget
    ("у меня 2 3090 бп 1200, 70b на 20 человек", 1200, None),  # had been named back
])
def test_a_bare_psu_figure_before_a_comma(text, psu, budget):
    s = read(text).scenario
    assert s.psu_w == psu and s.budget == budget


@pytest.mark.parametrize("text, intent", [
    ("our policy is against the cloud, llama 70b for 50 users, what server?", "recommend"),
    ("what 4090 count do I need for 20 users?", "recommend"),
    ("can I phone you?", "handoff"),
    ("can i buy from you with installment?", "handoff"),
])
def test_second_review_intents(text, intent):
    assert read(text).intent == intent


# ---------------------------------------------------------------- a third review
@pytest.mark.parametrize("text", ["а если взять аш сто за три миллиона?", "возьмём H200 за пять миллионов под дипсик",
                                  "эль четыре за двести тысяч хватит на ламу восемь б?"])
def test_a_cards_own_price_in_words_is_named_back_whole(text):
    r = read(text)
    assert r.scenario.budget is None and r.unattached  # "миллиона" alone had been a budget of 1 000 000


@pytest.mark.parametrize("turns, count", [
    (["2 4090 for llama 70b", "we won't buy 2 more, what can we do with these?"], 2),
    (["2 4090 под llama 70b", "мы ещё 2 юнита в стойке возьмём, норм?"], 2),
    (["2 4090 for llama 70b", "what if we buy 2 more switches for networking?"], 2),
    (["2 4090 for llama 70b", "buy 2 more of the 1200w psus"], 2),
    (["2 4090 for llama 70b", "buy 2 more for the other office"], 2),
    (["4 rtx 4090, llama 70b", "возьму ещё 32 гига оперативы"], 4),
    (["2 4090 для llama 70b", "закажем ещё 2 к концу года"], 2),
    (["4 A100, qwen 72b", "закажем ещё одну, хватит на 30 человек?"], 5),
    (["у меня 4090 бп 850", "а если ещё одну 4090 на тот же бп"], 2),
])
def test_third_review_counts(turns, count):
    assert talk(*turns)[0].gpu_count == count


def test_the_people_of_the_next_clause_are_not_added_to():
    assert talk("4 A100, qwen 72b", "закажем ещё одну, хватит на 30 человек?")[0].users == 30


@pytest.mark.parametrize("text", ["закажем ещё 2 к концу года", "ещё 2 возьмём по 250 тысяч",
                                  "а блоки питания сколько стоят? у вас по 25 тысяч?"])
def test_no_context_read_from_a_preposition_or_a_price(text):
    assert read(text).scenario.context is None


def test_thirty_two_k_said_in_words_stays_a_context():
    assert read("видюха на 24 гига квен 32 б в четыре бита с контекстом тридцать два к потянет").scenario.context == 32768


@pytest.mark.parametrize("text, intent", [
    ("the vendor will phone us tomorrow, meanwhile which gpu for llama 70b with 30 users?", "recommend"),
    ("we can't take calls, don't ring me, just answer: what psu for 2 4090?", "power"),
    ("мы не по опту, для себя, одна 4090 хватит на llama 8b?", "vram"),
    ("we resell gpus, what's a 4090 going for wholesale?", "handoff"),
    ("L4 TDP and memory, and power for 8 of them?", "power"),
])
def test_third_review_intents(text, intent):
    assert read(text).intent == intent


@pytest.mark.parametrize("turns, intent", [
    (["llama 70b 20 users", "are you human?"], "out_of_scope"),
    (["skolko tokenov v sek vydast gpt oss 20b na moei 5060 ti?", "а почему медленнее чем в облаке?"], "knowledge"),
])
def test_third_review_follow_ups(turns, intent):
    assert talk(*turns)[1] == intent


@pytest.mark.parametrize("text", ["only one request at a time, enough?", "only one customer at a time"])
def test_one_of_something_at_a_time_is_no_card(text):
    assert talk("4 a100 for llama 70b", text)[0].gpu_count == 4


def test_a_psu_made_bigger_by_so_much_is_asked():
    s = talk("2 4090 бп 1200", "а если на 400 больше?")[0]
    assert s.psu_w == 1200


# ---------------------------------------------------------------- fresh88 and fresh89: general rules after first sight
@pytest.mark.parametrize("text, intent", [
    ("всем прив) вы тут подсказываете по видюхам под ии или только продаёте?", "greeting"),
    ("хай всем) норм если я тут про видюху под нейронки поспрашиваю?", "greeting"),
    ("почём сейчас L4 и сколько ждать поставку? клиенту под видеоаналитику", "gpu_info"),  # a delivery wait is no speed
    ("tight budget here (~$450). which card gets phi 4 running at q4 with ok speed?", "recommend"),
    ("клиенту нужно шесть таких, выставите счёт?", "handoff"),
    ("а как работает выгрузка слоёв в оперу в llama.cpp? сильно от этого скорость падает?", "knowledge"),
    ("Планируем собрать сервер на двух RTX 6000 Ada. Нужен ли им NVLink, чтобы модель работала сразу на обеих картах?",
     "knowledge"),
    ("как работает llama 70b на двух 3090, быстро?", "speed"),  # a model's run: its rate
    ("первокурсник, хочу разобраться как работает ллм. на ноуте 16 гб оперативы и без видеокарты, какая модель пойдёт?",
     "models_for_hardware"),
])
def test_fresh88_89_intents(text, intent):
    assert read(text).intent == intent


# ---------------------------------------------------------------- a fourth review
@pytest.mark.parametrize("turns, count", [
    (["у нас 4 4090", "купим ещё 2 в следующем году"], 6),  # a time or a place after the count: still cards
    (["we have 6 h100", "we'll buy 2 more next month"], 8),
    (["у нас 5 3090", "поставим ещё 2 в сервер"], 7),
    (["у нас 3 3090", "возьмём ещё 2 годные б/у 3090"], 5),
    (["we have 4 l40s", "we'll buy 2 more with warranty"], 6),
    (["у нас 2 4090", "не будем мелочиться, возьмём ещё 2"], 4),  # no refusal
    (["2 4090 for llama 70b", "we don't want to buy 2 more, can we quantize instead?"], 2),
])
def test_fourth_review_counts(turns, count):
    assert talk(*turns)[0].gpu_count == count


@pytest.mark.parametrize("text, context", [
    ("стоит ли брать 4090, если по 16 тысяч на запрос?", 16384),  # so much for each request: a context
    ("возьмём qwen 32b, по 32 тысячи на пользователя, 10 человек", 32768),
])
def test_so_much_for_each_request_stays_a_context(text, context):
    assert read(text).scenario.context == context


@pytest.mark.parametrize("text, users", [("30 юзеров одновременно, треть с контекстом 32 к", 30),
                                         ("60 человек одновременно, из них треть пишут код", 60)])
def test_a_share_in_the_next_clause_is_of_something_else(text, users):
    assert talk(text)[0].users == users


def test_more_than_needed_is_a_psu_said():
    assert talk("у нас бп на 850", "а на 1000 больше чем надо?")[0].psu_w == 1000


def test_more_than_enough_is_no_count():
    s = read("is a psu with 1000 more than enough for a 4090?").scenario
    assert s.gpu_count is None  # had been 1001 cards


def test_nothing_against_the_cloud_is_a_cost_question():
    assert read("we have nothing against cloud, just compare 8 h100 at 250k vs cloud 2$/h").intent == "cost"


def test_l4_cards_said_aloud():
    assert read("эль четыре видеокарты хватит для llama 8b?").scenario.gpu == "l4"


@pytest.mark.parametrize("turns, slot, value", [
    (["бюджет 500 тысяч, llama 70b", "а на 100 больше?"], "budget", 600_000),  # had been a budget of 100
    (["llama 8b у нас 20 человек", "а на 10 больше?"], "users", 30),  # had been 10 people
    (["4 4090 llama 70b", "а на 2 больше?"], "gpu_count", 6),  # had been 2 cards
    (["llama 8b у нас 20 человек", "а на 5 меньше?"], "users", 15),
])
def test_so_much_more_or_less_than_the_value_held(turns, slot, value):
    assert getattr(talk(*turns)[0], slot) == value


def test_so_much_more_in_thousands():
    assert talk("llama 8b контекст 8к", "а на 4к больше?")[0].context == 12288
    s = talk("бюджет 500 тысяч, llama 70b", "а на 100 тысяч больше?")[0]
    assert s.budget == 600_000 and s.context is None  # "на 100 тысяч" had been a context of 102 400
