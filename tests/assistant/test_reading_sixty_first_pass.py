"""Sixty-first pass (issue 11): general rules read off fresh90 and fresh91 after their first sight at 69c2b86, and
faults left by stop 55's review, each with a counterpart that keeps its old reading."""
import pytest

from assistant.reading import read
from tests.assistant.test_reading_thirtyninth_pass import talk


# ---------------------------------------------------------------- intents
@pytest.mark.parametrize("text, intent", [
    # leave to ask, in any words: a greeting, no question yet
    ("добрый вечер всем, подскажете по железу под нейросети если спрошу?", "greeting"),
    ("можно нубские вопросы про видюхи тут позадавать?", "greeting"),
    ("mind if I ask a couple of things about gpus?", "greeting"),
    ("можно спросить, сколько стоит 4090?", "gpu_info"),  # the question is there already
    ("can I ask how much vram llama 3 70b needs?", "vram"),
    # how something works, said around its place
    ("как в vllm работает paged attention и сильно ли экономит видеопамять?", "knowledge"),
    ("как у ollama устроен кэш?", "knowledge"),
    # delivery is no token speed
    ("почём нынче l40s и как быстро привезёте?", "gpu_info"),
    ("почём RTX PRO 6000 Blackwell и сколько ждать, если под заказ?", "gpu_info"),
    ("как быстро llama 3 8b работает на 4090?", "speed"),
    ("сколько ждать ответа от 70b на двух 3090?", "speed"),
    # power at peak and the room's supply
    ("узел на 4 x H100 NVL — сколько он берёт в пике?", "power"),
    ("потянет ли линия в щитовой сервер на 8 h100?", "power"),
    # explain a concept
    ("Could someone explain the difference between prefill and decode, and why throughput looks so different?",
     "knowledge"),
    # a card's specs, power draw among them
    ("what's the H20's memory size and power draw?", "gpu_info"),
    ("what's the power draw of 4 H20 in total?", "power"),
    # a rate per user
    ("what per-user token rate would llama 3 8b give on a 4090?", "speed"),
    # a reseller's own quote is sizing; a quote asked of the vendor is a hand-off
    ("Client wants gemma 3 12b for 25 staff. What box should I quote them under $15k?", "recommend"),
    ("please send me a quote for 2 servers with 8 h100", "handoff"),
    ("we're not buying wholesale, just one 4090 for llama 3 8b, enough?", "vram"),
    ("we want to buy wholesale", "handoff"),
])
def test_intents(text, intent):
    assert read(text).intent == intent


@pytest.mark.parametrize("turns, intent", [
    (["kakaya skorost budet u qwen3 30b a3b v q4 na 3090?", "a esli kontekst 32k vystavit, v pamyat voobshe vlezet?"], "vram"),
    (["сервер под qwen3 32b на 20 человек", "а если собрать на двух L20, по памяти пролезет?"], "vram"),
    (["что брать под ии: 5060 ти или 3090?", "ладно спс. не подскажешь, где щас пиццу дешевле всего заказать?"],
     "out_of_scope"),
    (["свой сервер на 2 l40s за 2,6 млн или облако по 345 ₽ в час?", "а если облако подешевле найдём?"], "cost"),
    (["llama 3 8b на 4090 сколько токенов?", "а если ещё одну карту, сколько будет?"], "speed"),
])
def test_follow_up_intents(turns, intent):
    assert talk(*turns)[1] == intent


# ---------------------------------------------------------------- quantities
def test_a_workday_said_in_the_singular_is_weekdays():
    s = read("сервер 7 900 000 руб. или облако по 780 ₽ в час, по 10 часов в каждый рабочий день").scenario
    assert s.hours_per_month == pytest.approx(216.67, abs=0.01)
    assert read("облако по 780 ₽ в час, по 10 часов в день").scenario.hours_per_month == pytest.approx(304.17, abs=0.01)


def test_cpus_after_plus_are_no_cards():
    s = read("машина на четыре RTX 6000 Ada плюс два Xeon, какое потребление?").scenario
    assert (s.gpu_count, s.cpus) == (4, 2)
    assert talk("у меня две 3090", "а если плюс две?")[0].gpu_count == 4  # bare "плюс две" in a follow-up: cards


@pytest.mark.parametrize("text, count, users", [
    ("почём l40s? клиенту нужна одна", 1, None),  # a card is feminine, a person "один"
    ("на 4090 одна сотрудница будет работать", None, 1),
])
def test_one_in_the_feminine_counts_the_card(text, count, users):
    s = read(text).scenario
    assert (s.gpu_count, s.users) == (count, users)


@pytest.mark.parametrize("turns, count, users", [
    (["у нас 2 4090 на 10 человек, llama 3 8b", "а если ещё одну, на 30 хватит?"], 3, 30),
    (["у нас 2 4090 на 10 человек, llama 3 8b", "а если ещё 20 юзеров и ещё одну карту?"], 3, 30),
    (["у нас 2 4090 на 10 человек, llama 3 8b", "а если ещё две карты?"], 4, 10),
    (["у нас 2 4090 на 10 человек, llama 3 8b", "а если одну карту?"], 1, 10),  # no "ещё": the count itself
    (["у меня 2 3090 на llama 3 70b", "а если возьму ещё две, сколько токенов?"], 4, None),
])
def test_cards_added_in_a_follow_up(turns, count, users):
    s = talk(*turns)[0]
    assert (s.gpu_count, s.users) == (count, users)


def test_a_bare_number_beside_cards_added_is_asked_without_people_on_the_table():
    r = read("а если ещё одну, на 30 хватит?")
    assert [u.text for u in r.unattached] == ["30"]
    assert talk("у нас 2 4090, llama 3 8b", "а если ещё одну, на 30 хватит?")[0].gpu_count == 3


def test_risers_bought_are_no_cards():
    assert talk("у меня 2 3090 на llama 3 70b", "купим ещё 2 райзера")[0].gpu_count == 2


@pytest.mark.parametrize("text", ["закажем 8 карт по полмиллиона", "по 250 тысяч за 4090 это норм цена?"])
def test_a_price_of_each_is_no_budget_nor_context(text):
    s = read(text).scenario
    assert s.budget is None and s.context is None


def test_a_budget_beside_a_price_of_each_is_kept():
    s = read("закажем 8 карт по полмиллиона, бюджет 5 млн").scenario
    assert (s.gpu_count, s.budget) == (8, 5_000_000)
    assert read("по 250 тысяч токенов контекст на llama 3 8b").scenario.context is not None


# ---------------------------------------------------------------- a PSU and a model asked together
@pytest.fixture(scope="module")
def bare(kb_settings, kb_retriever):
    from assistant.service import Assistant
    return Assistant(kb_settings, backend=None, retriever=kb_retriever)


def test_a_psu_question_naming_a_model_shows_the_fit_and_the_power(bare):
    # stop 55's hurried question: only the power half had been answered
    from assistant.service import Conversation
    res = bare.ask(Conversation(), "у меня 4090 и бп 1000, бюджет 300 тысяч, llama 3 8b на 5 человек потянет или что докупить?")
    assert "Расчёт памяти" in res.computed and "не помещается" in res.computed and "Минимум карт RTX 4090: **2**" in res.computed
    assert "Ваш БП 1 000 Вт: не хватает" in res.computed
    no_model = bare.ask(Conversation(), "у меня 4090 и бп 1000, хватит?")
    assert "Расчёт памяти" not in no_model.computed and "Ваш БП 1 000 Вт" in no_model.computed


# ---------------------------------------------------------------- hurried questions tried before the freeze
def test_people_in_slang_are_users():
    assert read("скок врам надо под квен 2.5 72б в ку4 на 20 рыл с контекстом 16к").scenario.users == 20
    assert talk("квен 2.5 72б в ку4 на 20 рыл", "а если на 5 рыл?")[0].users == 5


@pytest.mark.parametrize("text, budget, named_back", [
    ("нужен сервак под обучение лоры на мистрале 7б, датасет 50к примеров, бюджет лям", 1_000_000, "50к"),
    ("dataset of 20k samples, budget $15k", 15_000, "20k"),
])
def test_examples_counted_in_thousands_are_no_money(text, budget, named_back):
    r = read(text)
    assert r.scenario.budget == budget and not r.conflicts
    assert [u.text for u in r.unattached] == [named_back]  # named back, never dropped


# ---------------------------------------------------------------- the first model named joins the scenario
@pytest.mark.parametrize("turns, kept", [
    (["Руководство хочет внедрить ИИ для 80 сотрудников. Сколько будет стоить железо?", "модель скорее всего qwen3 32b"],
     {"users": 80}),
    (["у меня 4090", "а квен 14б в q4 влезет?"], {"gpu": "rtx-4090"}),
    (["есть 2 3090 и 64 гига оперативы", "а llama 3 70b в q4 на них пойдёт?"], {"gpu": "rtx-3090", "gpu_count": 2, "ram_gb": 64}),
])
def test_the_first_model_named_joins_what_was_said_before(turns, kept):
    s = talk(*turns)[0]
    assert {k: getattr(s, k) for k in kept} == kept and s.model


def test_a_model_in_place_of_another_is_asked_about_the_same_setup():
    # seventy-second pass: the convention that a model in place of another started anew but for the money is gone
    s = talk("llama 3 8b на 10 человек, бюджет 300 тысяч", "а qwen3 14b?")[0]
    assert (s.model, s.users, s.budget) == ("qwen3-14b", 10, 300_000)
    s = talk("у меня 2 4090", "квен 32б влезет?", "а квен 72б?")[0]
    assert (s.model, s.gpu, s.gpu_count) == ("qwen2.5-72b", "rtx-4090", 2)
    s = talk("у меня 2 4090, квен 32б влезет?", "а какую карту купить под квен 72б?")[0]
    assert (s.model, s.gpu, s.gpu_count) == ("qwen2.5-72b", None, None)  # the cards it will not run on


def test_the_pipeline_sizes_the_first_model_for_the_people_said_before(kb_settings, kb_retriever):
    from assistant.service import Assistant, Conversation
    a, conv = Assistant(kb_settings, backend=None, retriever=kb_retriever), Conversation()
    a.ask(conv, "Руководство хочет внедрить ИИ для 80 сотрудников. Сколько будет стоить железо?", use_llm=False)
    res = a.ask(conv, "модель скорее всего qwen3 32b", use_llm=False)
    assert "польз. 80" in res.computed and "польз. 1 _(по умолчанию)_" not in res.computed


# ---------------------------------------------------------------- what the pass's review found, and its neighbours
@pytest.mark.parametrize("text, intent", [
    ("можно спросить, есть ли скидки?", "handoff"),  # leave to ask never hides a sales act
    ("can I ask for a discount?", "handoff"),
    ("сколько человек тянет в пике 4090?", "speed"),  # the load at peak is no power
    ("сервер поставим в щитовую, какой сервер нужен под llama 70b на 30 человек?", "recommend"),
    ("memory and power draw for 8 H100 combined?", "power"),  # a total of several cards
    ("Could you give me the TDP and memory bandwidth of the RTX 6000 Ada? Putting together a proposal", "gpu_info"),
    ("как в компании работает бухгалтерия?", "out_of_scope"),
    ("как быстро привезёте 4090?", "handoff"),  # delivery is the vendor's people's to answer
    ("how fast can you ship two h100s?", "handoff"),
    ("почём нынче l40s и как быстро привезёте?", "gpu_info"),  # the price asked; the delivery named as a manager's
    ("как быстро пришлёт ответ нейросеть на 4090?", "speed"),
    ("прив, а можно у вас тупой вопрос про комп под нейронки задать?", "greeting"),
    ("а тут можно спросить про погоду?", "out_of_scope"),
    ("И нужен ли для него отдельный кондиционер в серверной, или обычной вентиляции хватит?", "knowledge"),
    ("сколько BTU кондиционер нужен для 4 4090?", "power"),
    ("Can you send me the A40 datasheet — memory, cooling, form factor?", "gpu_info"),
])
def test_review_intents(text, intent):
    assert read(text).intent == intent


@pytest.mark.parametrize("turns, intent", [
    (["llama 3 8b: свой сервер за 500 тысяч или облако по 100 ₽ в час?", "а для ресторана что выгоднее?"], "cost"),
    (["llama 3 8b на 4090 сколько токенов", "а в дверь сервер пролезет?"], "knowledge"),
    (["у меня 2 3090 на llama 3 70b", "ещё две, сколько токенов будет?"], "speed"),
])
def test_review_follow_up_intents(turns, intent):
    assert talk(*turns)[1] == intent


@pytest.mark.parametrize("turns, want", [
    (["у нас 2 4090 на 10 человек, llama 3 8b", "а если ещё 20, хватит?"], {"gpu_count": 2, "users": 10}),  # 20 asked
    (["у нас 2 4090 на 10 человек, llama 3 8b", "ещё одну, и человек будет 40"], {"gpu_count": 3, "users": 40}),
    (["у меня 2 3090 на llama 3 70b", "а если возьму ещё две сколько пользователей потянет?"], {"gpu_count": 4, "users": None}),
    (["у нас 2 4090 на 10 человек, llama 3 8b", "а если 4 server gpus?"], {"gpu_count": 4}),
    (["лаборатория, хотим дообучить ламу 8б полностью, батч 8. сколько видеопамяти надо?"], {"users": 8}),
])
def test_review_counts(turns, want):
    s = talk(*turns)[0]
    assert {k: getattr(s, k) for k in want} == want


@pytest.mark.parametrize("text, hours", [
    ("рабочий день по 8 часов без выходных, облако 300 ₽ в час", 243.33),
    ("облако 300 ₽ в час, в рабочий день и в выходные по 8 часов", 243.33),
    ("облако 300 ₽ в час, по 8 часов в рабочий день", 173.33),
])
def test_review_workdays(text, hours):
    assert read(text).scenario.hours_per_month == pytest.approx(hours, abs=0.01)


def test_review_a_budget_beside_by_each():
    assert read("по 500 тысяч бюджет на отдел, закажем сервер").scenario.budget == 500_000


# ---------------------------------------------------------------- the second review: hardware the model will not run on
@pytest.mark.parametrize("turns", [
    ["у меня 4090", "какую карту купить для квен 72б?"],
    ["I have a 4090", "what gpu should I buy for qwen 72b?"],
    ["у меня 3060 12гб", "для qwen 32b будем брать новое железо"],
    ["у меня 3060", "забудь про мою карту, что нужно для qwen 72b на 10 человек?"],
    ["у меня 2 4090", "старые продам, под llama 70b возьму новый сервер"],
    ["у меня дома 3060", "а на работу нужен сервер на 50 человек под qwen 32b"],
    ["у меня 4090", "а другу под qwen 32b что посоветуешь?"],
])
def test_the_first_model_leaves_out_hardware_it_will_not_run_on(turns):
    s = talk(*turns)[0]
    assert s.model and s.gpu is None and s.gpu_count is None


@pytest.mark.parametrize("turns, gpu, count", [
    (["у меня 2 4090", "что докупить под llama 70b?"], "rtx-4090", 2),  # what to add keeps what is owned
    (["у меня 2 4090", "старые продам, возьму h100 под llama 70b"], "h100-sxm", None),  # the new card said
])
def test_owned_cards_kept_or_replaced_as_said(turns, gpu, count):
    s = talk(*turns)[0]
    assert (s.gpu, s.gpu_count) == (gpu, count)


@pytest.mark.parametrize("turns", [["llama 3 70b на 4 h100", "а если ещё 20?"], ["llama 3 70b на 4 h100 на 10 человек", "а если ещё 20?"]])
def test_so_many_more_of_nothing_said_is_asked(turns):
    s = talk(*turns)[0]
    assert s.gpu_count == 4 and s.users in (None, 10)
    assert [u.text for u in read(turns[-1]).unattached] == ["20"] or not read(turns[-1]).relative


def test_two_more_bare_still_adds_cards():
    assert talk("llama 3 70b на 4 h100", "а если ещё две?")[0].gpu_count == 6
