"""Sixty-second pass (issue 11): faults of stop 56's hurried questions and its second review, then general rules read
off fresh94 and fresh95 after their first sight at 9cc648a, each with a counterpart that keeps its old reading."""
import pytest

from assistant.reading import read
from tests.assistant.test_reading_thirtyninth_pass import talk


# ---------------------------------------------------------------- machines and people
@pytest.mark.parametrize("text, users", [("хотим ламу 3 8б на двадцати компах одновременно, что брать?", 20),
                                         ("на 15 пк одновременно квен 14б", 15),
                                         ("на 12 рабочих местах одновременно квен 14б", 12),
                                         ("20 laptops at the same time on llama 3 8b", 20)])
def test_computers_in_use_at_once_are_the_people_at_them(text, users):
    assert read(text).scenario.users == users


def test_computers_without_at_once_are_machines_named_back_in_words_as_in_digits():
    for text in ("ламу 3 8б на двадцати компах", "ламу 3 8б на 20 компах", "у меня 2 компа с 3090, что на них запустить?"):
        r = read(text)
        assert r.scenario.users is None and r.unattached, text


# ---------------------------------------------------------------- cards added to the ones owned
@pytest.mark.parametrize("turns, count", [
    (("хотим ламу 3 70б в q4", "а если ещё одну 4090 к двум что уже есть"), 3),
    (("ллама 3 70б в q4 влезет, если докупить ещё одну 4090 к двум что уже есть?",), 3),
    (("ллама 70б в q4", "what if I add another 4090 to my two"), 3),
    (("у меня две 4090, хочу добавить ещё одну, влезет ллама 70б в q4?",), 3),  # as before
    (("у меня 2 4090, ллама 70б в q4", "а если ещё одну?"), 3)])
def test_cards_added_to_the_ones_owned_are_summed(turns, count):
    assert talk(*turns)[0].gpu_count == count


def test_k_before_a_number_and_a_dative_noun_is_the_preposition():
    assert read("добавлю ещё одну к 2 картам").scenario.context is None  # "одну к" had been a context of 1024
    assert read("ллама 8б контекст 8 к, на 4090 хватит?").scenario.context == 8192


# ---------------------------------------------------------------- more of one slot and of another
@pytest.mark.parametrize("follow_up, users, count", [
    ("а если ещё двое?", 22, 2),  # people, said collectively
    ("ещё человек 15 подключим", 35, 2),  # the people's word first
    ("добавим ещё 2 h100 и 20 человек", 40, 4),  # "ещё" counts for both (had been swapped)
    ("а если ещё 20 юзеров и ещё одну карту?", 40, 3),  # as before
    ("а если ещё две?", 20, 4)])  # cards, as before
def test_more_people_and_more_cards_in_one_follow_up(follow_up, users, count):
    s = talk("у нас 2 h100, квен 32б на 20 человек", follow_up)[0]
    assert (s.users, s.gpu_count) == (users, count)


@pytest.mark.parametrize("follow_up, users, count", [("another 2 gpus and 10 more users", 30, 4),
                                                     ("we'll buy 2 more fans", 20, 2),
                                                     ("2 more gpus", 20, 4)])
def test_more_in_english(follow_up, users, count):
    s = talk("we have 2 h100, qwen3 32b for 20 users", follow_up)[0]
    assert (s.users, s.gpu_count) == (users, count)


def test_people_summed_in_one_message_are_not_added_again():
    s = read("в ростере пятеро плюс двое запасных и тренер, итого восемь разом максимум, 4080 супер").scenario
    assert s.users == 8


# ---------------------------------------------------------------- general rules read off fresh94 and fresh95
@pytest.mark.parametrize("text, count", [("клиент хочет поставить две в один корпус, сколько ватт жрёт rtx pro 6000 blackwell?", 2),
                                         ("skolko vatt zhret rtx pro 6000 blackwell? klient hochet postavit dve v odin korpus", 2),
                                         ("почём 5090, если возьму десяток?", 10)])  # as before
def test_a_count_in_words_after_a_verb_of_putting_is_the_cards(text, count):
    assert read(text).scenario.gpu_count == count


def test_the_psu_said_as_a_block_in_a_follow_up_is_power():
    for follow_up in ("а если потом вторую карту докуплю, этот блок уже точно не вытянет?",
                      "a esli potom vtoruyu kartu dokuplyu, etot blok uzhe tochno ne vytyanet?"):
        s, intent = talk("у меня 4080 супер и бп 650, хватит?", follow_up)
        assert (intent, s.gpu_count, s.psu_w) == ("power", 2, 650), follow_up
    assert talk("у меня 4080 супер, влезет квен 14б?", "а если вторую докуплю, квен 32б влезет?")[1] == "vram"


def test_the_spelt_text_is_kept_on_the_reading():
    assert read("etot blok uzhe ne vytyanet").spelt.startswith("етот блок")
    assert read("этот блок не вытянет").spelt == "этот блок не вытянет"


def test_an_office_of_around_so_many_is_the_users():
    assert read("What LLMs could four L4s host for our office of around 50?").scenario.users == 50
    assert read("What LLMs could four L4s host for our office of 50?").scenario.users == 50  # as before


def test_bandwidth_and_tdp_of_a_card_named_with_its_memory_are_its_specs():
    assert read("Could you tell me the memory bandwidth and TDP of the A100 PCIe 40GB?").intent == "gpu_info"
    assert read("What's the TDP and memory on the A40?").intent == "gpu_info"  # as before
    assert read("what do 4 x 48gb cards draw in total?").intent == "power"


def test_a_seller_giving_the_server_for_a_sum_is_its_price():
    s = talk("сервер на 8 h100 стоит 29 млн руб, облако 2400 руб в час, 300 часов в месяц, что выгоднее?",
             "А если поставщик уступит и отдаст сервер за 26,5 млн?")[0]
    assert (s.server_price, s.budget) == (26_500_000, None)
    assert read("бюджет 2 млн, что можно взять под ламу 70б?").scenario.budget == 2_000_000


def test_against_another_card_losing_is_a_comparison():
    s, intent = talk("нужны характеристики rtx a5000 — память и потребление",
                     "а против rtx 6000 ada под ллмки она сильно проигрывает?")
    assert (intent, s.gpus) == ("compare", ["rtx-a5000", "rtx-6000-ada"])
    assert talk("нужны характеристики rtx a5000", "а rtx 6000 ada сколько стоит?")[1] == "gpu_info"


def test_a_decode_rate_is_speed_and_covering_it_is_a_fit():
    assert talk("So would two H100 NVL hold Llama 3.1 70B at fp8 plus a 32k context?",
                "And what decode rate would a single user see on that pair?")[1] == "speed"
    assert talk("~12 staff want Gemma 3 27B in fp8. Budget is around $15k. What box do I pitch them?",
                "Would a single RTX 5090 cover that on its own?")[1] == "vram"


@pytest.mark.parametrize("text", ["client wants to know if these local models keep working fully offline once installed?",
                                  "будут ли модели работать без интернета после установки?"])
def test_working_offline_is_asked_of_the_guide(text):
    assert talk(text)[1] == "knowledge"


# ---------------------------------------------------------------- what the pass's review found
@pytest.mark.parametrize("turns, expect", [
    (("llama 70b q4 на 4090", "а если поставить две в один корпус?"), {"gpu_count": 2}),  # a follow-up's count
    (("llama 8b на 4090", "ещё человек 15"), {"users": 15}),  # no people before: those 15
    (("llama 8b on a 4090", "another 2 gpus and 10 more users"), {"users": 10, "gpu_count": 3}),
    (("llama 8b для 10 человек на h100", "ещё 2 h100 и 20 часов в день"), {"users": 10, "gpu_count": 3}),  # hours set
    (("deepseek 33b на двух 3090", "ещё двое 3090 докупим"), {"gpu_count": 4}),  # "двое" of cards
    (("llama 8b для 10 человек", "ещё двое суток подумаем"), {"users": 10}),  # of days
    (("llama 8b for 10 users", "two more days to decide"), {"users": 10}),
    (("2x 4090 box for deepseek r1 distill 32b", "we want to buy 64 more GB of RAM, does it help?"), {"gpu_count": 2, "ram_gb": 64}),
    (("llama 70b q4 на двух 4090", "а ещё одну к двум?"), {"gpu_count": 3}),
    (("2 more h100 to our existing 4 for llama 70b?",), {"gpu_count": 6})])
def test_the_reviews_counts(turns, expect):
    s = talk(*turns)[0]
    assert {k: getattr(s, k) for k in expect} == expect


@pytest.mark.parametrize("text, users", [
    ("одновременно 3 компа будут обучать модель, а 10 человек общаться с ней", 10),  # the people, not the machines
    ("на 20 компах одновременно будет работать llama 3 8b", 20),  # the model's digits are no other count
    ("office of around 50 km from the datacenter, latency ok for llama 8b?", None)])  # a distance, named back
def test_the_reviews_people(text, users):
    assert read(text).scenario.users == users


def test_the_reviews_others():
    assert read("берём две в следующем году, сейчас одну 4090, llama 8b").scenario.gpu_count == 1
    assert talk("бп 1000 вт, 2 3090, llama 70b", "этот блок памяти хватит под контекст 32к?")[1] == "vram"
    assert read("поставщик отдаст всё что влезет в 5 млн, что взять под llama 70b?").scenario.budget == 5_000_000


# ---------------------------------------------------------------- a model named in place of another: the same setup
@pytest.mark.parametrize("turns, expect", [
    (("у меня 2 3090, квен 32б влезет?", "а квен 72б?"), {"gpu": "rtx-3090", "gpu_count": 2}),
    (("у меня 2 3090, квен 32б влезет?", "а под квен 72б на них же?"), {"gpu": "rtx-3090", "gpu_count": 2}),
    (("we have 2 3090s, does qwen 32b fit?", "and qwen 72b?"), {"gpu": "rtx-3090", "gpu_count": 2}),
    (("4 x RTX 3090, qwen 72b", "А если вместо неё взять Llama 3.3 70B?"), {"gpu": "rtx-3090", "gpu_count": 4}),
    (("у нас 2 4090, квен 14б на 10 человек", "коллеги хотят ещё гемму 27б, потянет?"), {"users": 10, "gpu_count": 2}),
    # hardware to choose, another person or place, the cloud: the cards stay behind, and their quantisation
    (("у меня 2 3090, квен 32б влезет?", "а под дипсик р1 что брать?"), {"gpu": None, "gpu_count": None}),
    (("у меня 2 3090, квен 32б влезет?", "какой сервер нужен под квен 235б?"), {"gpu": None}),
    (("на работе 2 h100, лама 70б", "а дома под квен 14б что взять?"), {"gpu": None}),
    (("у меня 2 3090, квен 32б влезет?", "а в облаке квен 235б сколько будет стоить гонять?"), {"gpu": None}),
    (("ллама 70б в q4 на 2 a6000", "новый сервер под дипсик р1, какую карту купить?"), {"gpu": None, "precision": None}),
    (("we have 2 3090s, does qwen 32b fit?", "what hardware for llama 405b?"), {"gpu": None}),
    (("we have 2 3090s, does qwen 32b fit?", "for a client: qwen 72b, what do we need?"), {"gpu": None}),
    # a fine-tune said for the old model is not carried into running the new one
    (("у меня 2 3090, лора для квен 14б", "а потом гонять квен 72б в fp8 на них же?"), {"task": None, "gpu_count": 2}),
    (("у меня 2 3090, лора для квен 14б", "а для квен 32б?"), {"task": "lora", "gpu_count": 2}),
    # before the first model, what is needed is asked of the card owned
    (("у меня 4090", "что нужно чтобы запустить квен 14б?"), {"gpu": "rtx-4090"})])
def test_a_model_in_place_of_another_keeps_the_setup_unless_it_will_not_run_there(turns, expect):
    s = talk(*turns)[0]
    assert {k: getattr(s, k) for k in expect} == expect


def test_the_same_one_typed_together_is_a_second_card():
    # a hurried question at dcf2906: "вторую такуюже докупить" had kept one card
    s = talk("ллама 3.1 8б на одной 4060ти 16 гиг", "а если вторую такуюже докупить сколько токенов будет?")[0]
    assert s.gpu_count == 2
