"""Forty-fourth pass (fresh40.yaml's first sight at 634490f, issue 11): general rules, each with wordings of its own."""
import pytest

from assistant.reading import read
from assistant.scenario import Scenario
from assistant.turn.framing import frame, settle_intent
from tests.assistant.test_reading_thirtyninth_pass import said


def follow_up(text: str, previous: Scenario, previous_intent: str):
    """The follow-up framed as the turn's pipeline frames it: the intent settled by the conversation, then the frame."""
    reading = read(text)
    reading.intent = settle_intent(reading, previous, previous_intent)  # type: ignore[assignment]
    return frame(reading, previous, previous_intent)


@pytest.mark.parametrize("text, model", [
    ("модель qwen3-14b, крутить будем через ollama. одной 4090 хватит?", "qwen3-14b"),
    ("mistral 7b поставим на олламу. одной 3060 хватит?", "mistral-7b-v0.3"),
    ("gemma 3 12b through ollama. one 4070 enough?", "gemma-3-12b")])
def test_a_runtime_name_is_no_model_family(text, model):
    # "ollama. одной" had read Llama 3.2 1B ("llama" by its letters, "одной" its size), and the two models cancelled out
    r = read(text)
    assert r.scenario.model == model and r.scenario.runtime == "llama.cpp"


@pytest.mark.parametrize("text, slot, value", [
    ("сервер нам посчитали в три миллиона двести, а облако 350 р/ч — что выгоднее?", "server_price", 3_200_000),
    ("сервак стоит 2 млн 400, окупится за год против облака по 300 р/ч?", "server_price", 2_400_000),
    ("бюджет лям шестьсот, что под квен 32б возьмём?", "budget", 1_600_000),
    ("бюджет 2 миллиона 300 тысяч", "budget", 2_300_000)])
def test_hundreds_after_millions_with_no_unit_are_thousands(text, slot, value):
    # "в два миллиона триста" had been 2 000 000 with "триста" lost without a word
    assert said(text)[slot] == value


@pytest.mark.parametrize("text, users", [("бюджет 2 млн 300 человек", 300), ("бюджет 2 млн, 300 человек", 300)])
def test_hundreds_with_a_unit_after_millions_stay_their_own(text, users):
    s = said(text)
    assert s["budget"] == 2_000_000 and s["users"] == users


@pytest.mark.parametrize("text, asked", [
    ("облако нам обходится в 90 тыщ ежемесячно, а свой сервер с двумя a6000 стоит 1,5 млн. когда окупится?", "90"),
    ("за аренду платим 200 тысяч каждый месяц, сервер на 4090 стоит 900 тысяч, окупится?", "200")])
def test_a_sum_paid_every_month_is_a_bill_asked_never_the_server_price(text, asked):
    r = read(text)
    assert r.scenario.server_price and r.scenario.server_price >= 900_000
    assert asked in [u.text for u in r.unattached] and not r.conflicts


@pytest.mark.parametrize("text", [
    "бочек за сезон штук триста, хотим бота для учёта, что взять?",
    "коров у нас штук восемьдесят, нужен помощник по кормам на ламе 8б",
    "плотов штук сорок за лето, модель под учёт какую?"])
def test_things_counted_before_pieces_are_no_cards(text):
    assert said(text).get("gpu_count") is None


@pytest.mark.parametrize("text, count", [("нужно 4090 штук восемь", 8), ("видюх штук шесть хотим под квен 72б", 6),
                                         ("нужно штук четыре l40s", 4)])
def test_cards_counted_in_pieces_stay_cards(text, count):
    assert said(text)["gpu_count"] == count


@pytest.mark.parametrize("text, price", [
    ("киловатт у нас на Урале 4 руб 80 коп, две 3090 круглосуточно, сколько выйдет?", 4.8),
    ("квт у нас в Твери 6 рублей, 2 4090 круглосуточно", 6.0),
    ("электричество в Казани 5 руб, сервер с 4 a6000 по 12 часов", 5.0)])
def test_a_kwh_priced_with_its_place_between(text, price):
    # "киловатт у нас на Пинеге 5 руб 60 коп" had been two budgets in conflict
    assert said(text)["electricity_price"] == price


def test_cards_counted_after_a_power_word_are_no_price():
    s = said("бп на киловатт 5 штук 4090 потянет?")
    assert s.get("electricity_price") is None and s["gpu_count"] == 5


def test_a_currency_word_taken_by_the_sum_before_is_not_the_next_numbers():
    r = read("свет 6 рублей 2 4090 круглосуточно, сколько в месяц?")  # "рублей 2" had been a budget of 2 ₽
    assert r.scenario.budget is None and r.scenario.electricity_price == 6.0


@pytest.mark.parametrize("text, vram, ram", [
    ("в ноуте 4070 на 8 гиг и оперативки 32, какую модель поставить?", 8, 32),
    ("3060 двенадцатигиговая и оперативы 64 гб, что пойдёт?", 12, 64),
    ("видюха 16 гб а оперативки 64, что запустить?", 16, 64)])
def test_a_ram_word_with_a_number_of_its_own_is_the_next_sizes(text, vram, ram):
    # "4060 восьмигиговая и оперативки 16" had made both sizes RAM, in conflict
    s = said(text)
    assert s.get("card_vram_gb", vram) == vram and s["ram_gb"] == ram


def test_a_ram_word_right_after_its_size_stays_its_own():
    assert said("128 гигов оперативки и 4090, что пойдёт?")["ram_gb"] == 128


@pytest.mark.parametrize("text", ["писем в архиве больше тысячи, какую модель под поиск взять на 4090?",
                                  "их у нас уже более тысячи, нужна лама 8б чтобы по ним отвечала"])
def test_more_than_a_thousand_of_something_is_no_budget(text):
    # "их найдено уже больше тысячи" had been a budget of 1000
    assert said(text).get("budget") is None


@pytest.mark.parametrize("text, budget", [("больше миллиона не дадут, что под ламу 70б?", 1_000_000),
                                          ("бюджет не больше тысячи долларов, что взять?", 1000)])
def test_not_more_than_is_still_the_ceiling(text, budget):
    assert said(text)["budget"] == budget


@pytest.mark.parametrize("text", ["We'd run qwen 2.5 72b in fp8 on H200s. How many?", "квен 72б в q8 на h100, сколько?",
                                  "llama 3 70b in fp16 on a100s, how many?"])
def test_how_many_closing_the_message_after_the_card_sizes_the_cards(text):
    assert read(text).intent == "recommend"  # had been a fit question on one card


def test_how_much_of_something_said_is_not_how_many_cards():
    assert read("H20 у неё память сколько? 96 или 141?").intent != "recommend"


@pytest.mark.parametrize("follow, intent", [("а одной хватит?", "vram"), ("would a single one do?", "vram"),
                                            ("and at int4, would a single one do?", "vram"),
                                            ("and on a single one?", "recommend")])  # no fit asked: the same question
def test_one_in_the_cards_gender_or_single_counts_cards_not_people(follow, intent):
    # after two cards for 12 people, "would a single one do?" had kept the two cards, a silent misuse
    fr = follow_up(follow, Scenario(model="qwen3-32b", precision="fp8", users=12, gpu="l40s", gpu_count=2), "recommend")
    assert fr.scenario.gpu_count == 1 and fr.scenario.users == 12 and fr.intent == intent


def test_one_person_stays_people():
    fr = follow_up("а для одного?", Scenario(model="qwen3-32b", precision="fp8", users=12, gpu="l40s", gpu_count=2), "vram")
    assert fr.scenario.users == 1 and fr.scenario.gpu_count == 2


@pytest.mark.parametrize("text, hourly", [
    ("а если облако обойдётся в 280 р, остальное так же?", 280.0),
    ("свой сервер 3 млн, облако по 300 р, 10 часов в день, что выгоднее?", 300.0),
    ("cloud is $3.2, our own box $55k, 300 hours a month", 3.2)])
def test_a_small_sum_a_few_words_after_the_cloud_is_its_hourly_price(text, hourly):
    # "облако обойдётся в 260 р" had been the server's price of 260 ₽ (in a follow-up: silently)
    assert said(text)["cloud_hourly"] == hourly


def test_a_ceiling_or_a_big_sum_after_the_cloud_is_no_hourly_price():
    assert said("облако нельзя, бюджет 3000 $").get("cloud_hourly") is None
    assert said("облако выходит 120 тыщ, а сервер 2 млн").get("cloud_hourly") is None


@pytest.mark.parametrize("reply, users", [("давайте считать на 170, а модель берём квен 32б", 170),
                                          ("ну пусть будет 190, и модель возьмём гемму 3 27б", 190)])
def test_the_asked_range_answered_in_a_first_clause_before_more(reply, users):
    # "давайте считать на 180, а модель берём …" after "человек 150-200" was asked had left 180 unread
    from assistant.reading.context import carry

    r = carry(read(reply), Scenario(asked={"users": [150.0, 200.0]}))
    assert r.scenario.users == users and not r.unattached


@pytest.mark.parametrize("text", ["дома комп с rtx 3060 12gb, бп 550 ватт. что на нём запустится?",
                                  "есть сервак с двумя a5000, бп 1200 вт, что на нём заведётся?"])
def test_what_starts_on_the_rig_described_with_its_psu_is_what_runs(text):
    assert read(text).intent == "models_for_hardware"  # had been a PSU question


@pytest.mark.parametrize("follow, intent, count", [
    ("а если докупить к ней ещё одну 3060, бп на 750 хватит на обе?", "power", 2),
    ("а если докупить ещё одну?", "models_for_hardware", 2),
    ("and if we add two more, will the psu handle it?", "power", 3)])
def test_a_card_added_to_the_one_said_with_no_count_makes_two(follow, intent, count):
    # the card had been said with no count (one), and "ещё одну" had kept one card; the PSU asked after it is power
    fr = follow_up(follow, Scenario(gpu="rtx-3060-12gb", ram_gb=32, psu_w=750), "models_for_hardware")
    assert fr.scenario.gpu_count == count and fr.intent == intent


@pytest.mark.parametrize("text", ["чем gptq отличается от gguf и что из них лучше для моей 4090?",
                                  "how does awq differ from gguf, which is better on my 3090?",
                                  "чем q4 отличается от q8 и что из них лучше для нашей 3060"])
def test_formats_told_apart_for_one_card_are_a_knowledge_question(text):
    assert read(text).intent == "knowledge"  # "что из них лучше" had compared the one card with nothing


def test_cards_told_apart_stay_a_comparison():
    assert read("чем 4090 отличается от 3090?").intent == "compare"


@pytest.mark.parametrize("text", ["добрый день! это снова бухгалтер из детсада, есть кто на связи?", "это опять я, вы тут?",
                                  "тут снова тренер из бассейна"])
def test_an_introduction_as_before_is_a_greeting(text):
    assert read(text).intent == "greeting"


def test_clothes_by_size_in_a_sizing_chat_are_other_goods_and_their_sum_is_not_the_budget():
    from assistant.reading.context import carry

    r = carry(read("спасибо! а где куртку взять, 54 размер, тысяч за 15?"), Scenario(card_vram_gb=8, ram_gb=16))
    assert r.intent == "out_of_scope" and r.scenario.budget is None  # the jacket's 15 000 had become the GPU budget


def test_an_introduction_with_a_card_is_no_greeting():
    assert read("это опять 4090 на 24 гига?").intent != "greeting"


def test_a_card_sold_in_addition_or_as_a_replacement_is_an_upgrade_question():
    r = read("у парня одна 3060, хочет мистраль 7б гонять. что ему взять — в довесок или на замену?")
    assert r.intent == "upgrade"  # had been a fit question
