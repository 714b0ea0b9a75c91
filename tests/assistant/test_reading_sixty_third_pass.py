"""Sixty-third pass (issue 11): faults of stop 57's hurried questions and its second review, then general rules read
off fresh96 and fresh97 after their first sight at 7e74f76, each with a counterpart that keeps its old reading."""
import pytest

from assistant.reading import read
from tests.assistant.test_reading_thirtyninth_pass import talk

OFFICE = "у нас в офисе стоят две 4090, хотим квен 14б чтоб человек 8 одновременно сидели — потянет?"


# ---------------------------------------------------------------- a model in place of another, on the cards kept
@pytest.mark.parametrize("follow_up", ["а если вместо квена гемму 3 27б взять?", "gemma 2 27b?",
                                       "а гемма 3 27б?", "ok and gemma 3 27b then?"])
def test_a_model_in_place_of_another_is_asked_on_the_cards_kept(follow_up):
    scenario, intent = talk(OFFICE, follow_up)
    assert intent == "vram" and scenario.gpu == "rtx-4090" and scenario.gpu_count == 2, follow_up


@pytest.mark.parametrize("follow_up", ["а под гемму 3 27б сколько карт нужно?", "а под гемму 3 27б что брать?",
                                       "what should we buy for gemma 3 27b?"])
def test_what_to_buy_for_the_new_model_stays_a_recommendation(follow_up):
    assert talk(OFFICE, follow_up)[1] == "recommend", follow_up


# ---------------------------------------------------------------- the rate asked with a card added
def test_a_rate_asked_with_a_card_added_is_the_speed():
    scenario, intent = talk(OFFICE, "а если вторую такую же докупить сколько токенов в сек будет на каждого")
    assert intent == "speed" and scenario.gpu == "rtx-4090"


def test_what_to_add_for_a_rate_stays_the_upgrade_and_how_fast_value_is_lost_stays_knowledge():
    assert read("у меня 3090, что докупить чтобы было 30 токенов в секунду на ламе 70б?").intent == "upgrade"
    assert read("How fast do cards like the A100 lose resale value? Is that sane collateral?").intent != "speed"


# ---------------------------------------------------------------- stop 57's second review, wrong in both readers
def test_a_card_sold_is_no_card_of_theirs():
    scenario, intent = talk("у меня 3090", "я продал свою 3090, под квен 14б что?")
    assert scenario.gpu is None and intent == "recommend"
    assert read("sold my 3090 last month, what should i get for qwen3 14b?").scenario.gpu is None
    r = read("продаю 3090 или докупить вторую?")  # a card still owned, weighed
    assert r.scenario.gpu == "rtx-3090" and r.intent == "upgrade"


@pytest.mark.parametrize("turns, price", [
    (("сервер на 8 h100, облако 300 руб в час", "если продавец уступит до 14 млн, окупится против облака?"), 14_000_000),
    (("облако 300 руб в час за h100", "if the vendor drops it to 300k, does owning pay off?"), 300_000)])
def test_a_sellers_price_brought_down_to_is_the_servers_price(turns, price):
    scenario, intent = talk(*turns)
    assert scenario.server_price == price and scenario.budget is None and intent == "cost"


def test_a_card_against_another_on_a_model_named_is_compared():
    scenario, intent = talk("думаю взять 4090 под ламу 70б в q4", "а против 5090 она сильно проигрывает в llama 70b?")
    assert intent == "compare" and scenario.gpus == ["rtx-4090", "rtx-5090"]


def test_this_psu_with_a_model_as_condition_is_power():
    scenario, intent = talk("у меня бп 1200 вт и 2 3090", "этот блок вытянет если запущу квен 72б?")
    assert intent == "power" and scenario.psu_w == 1200
    assert talk("у меня бп 1200 вт и 2 3090", "а квен 72б на них влезет?")[1] == "vram"  # the model asked, as before


def test_more_cards_and_more_users_are_both_added():
    scenario, _ = talk("we have 4 h100 and 50 users, llama 70b", "add 2 more cards and 20 more users")
    assert scenario.gpu_count == 6 and scenario.users == 70


# ---------------------------------------------------------------- the grader: an item asked about is found as a word
def test_the_grader_finds_an_asked_item_as_a_word_of_its_own():
    from bench.understanding import _asked

    text = "у клиента риг на 3090, карт то ли 3, то ли 4. qwen2.5 72b в q4 влезет?"
    assert _asked(read(text), text, ["3", "4"])  # the "3" asked, not the one in "3090"
    quiet = "у клиента риг на 3090, карт 3. qwen2.5 72b в q4 влезет?"
    assert not _asked(read(quiet), quiet, ["3"])  # a count read into its slot was not asked about


# ---------------------------------------------------------------- general rules read off fresh96 and fresh97
def test_leave_to_write_with_questions_is_a_greeting():
    assert read("всем ку) подскажите, сюда можно писать с вопросами по видюхам под нейронки?").intent == "greeting"
    assert read("можно писать с вопросами про скидки на 4090?").intent != "greeting"  # a question of its own


@pytest.mark.parametrize("text", ["есть 150к на видюху, хочу qwen3 14b в q8 гонять без тормозов, чё брать?",
                                  "есть 150 тыс на видюху, хочу qwen3 14b"])
def test_a_sum_to_spend_on_hardware_is_a_budget_not_a_context(text):
    s = read(text).scenario
    assert s.budget == 150_000 and s.context is None


def test_a_sum_for_the_server_beside_a_clouds_price_stays_the_servers_price():
    s = read("IT отдел просит 1,5 млн на сервер, а в облаке говорят 280 ₽ в час.").scenario
    assert s.server_price == 1_500_000 and s.budget is None
    assert read("контекст 32к на карту влезет?").scenario.context == 32768


@pytest.mark.parametrize("text", ["it could be 10, could be 15 people on it at once, qwen3 14b on one l40s?",
                                  "может 10, может 15 человек, квен 14б на 4090"])
def test_a_count_hedged_twice_is_asked_about(text):
    r = read(text)
    assert r.scenario.users is None and "users" in r.conflicts
    assert read("it could be 15 people").scenario.users == 15  # one value, hedged once


def test_how_large_a_model_fits_is_what_runs_on_the_cards():
    assert read("single RTX 6000 Ada and 128GB RAM — how large a model would fit there at fp8?").intent == \
        "models_for_hardware"
    assert read("would llama 3 70b fit on a single RTX 6000 Ada?").intent == "vram"


def test_speed_as_a_condition_of_what_runs():
    assert read("just picked up a 5060 ti 16gb, what local llms can it handle without being painfully slow?").intent \
        == "models_for_hardware"


def test_how_many_cards_are_missing_is_the_upgrade():
    r = read("заказчик хочет на своих четырёх H100 NVL поднять qwen3 coder 480b a35b в fp8. сколько карт не хватает?")
    assert r.intent == "upgrade" and r.scenario.gpu_count == 4


def test_memory_and_tdp_of_a_card_put_into_servers_are_its_specs():
    assert read("какая память и тдп у L20? клиент присматривает их в серверы").intent == "gpu_info"


def test_the_team_quoting_servers_holds_no_people():
    s = read("Fine, have your sales team quote two 8x B300 servers, please.").scenario
    assert s.users is None and s.gpu_count == 8
    assert read("our team of 12 wants llama 8b").scenario.users == 12


def test_power_drawn_from_the_mains_at_peak_is_power():
    _, intent = talk("На кафедре простаивает узел: шесть RTX A5000, 384 ГБ ОЗУ. Какие модели туда можно развернуть в int8?",
                     "Какую мощность этот узел возьмёт из сети на пике? Нужно согласовать с энергетиками.")
    assert intent == "power"


def test_the_same_choice_asked_again_keeps_the_comparison():
    scenario, intent = talk("Для обучения с нуля моделей до 3 млрд параметров, что эффективнее — A100 80GB или H100 SXM?",
                            "А если речь о LoRA-дообучении моделей до 14 млрд — выбор тот же?")
    assert intent == "compare" and scenario.gpus == ["a100-sxm-80gb", "h100-sxm"] and scenario.params_b == 14


def test_enough_by_memory_in_slang_is_a_fit():
    assert talk("агентство на 25 человек, просят сервер под gemma 3 12b. бюджет 900 тыс руб, во что уложимся?",
                "а одной rtx a6000 им по памяти норм будет?")[1] == "vram"


def test_a_card_said_too_small_while_another_is_asked_for_is_ruled_out():
    r = read("а если мне прям нужна llama 3.3 70b, какую видюху под неё брать? в 5090 она ж не влезет")
    assert r.scenario.gpu is None and r.intent == "recommend"
    assert read("какую карту брать под ламу 70б, 4090 хватит?").scenario.gpu == "rtx-4090"  # a card offered, asked of


def test_knowledge_of_the_bus_and_of_integration():
    assert read("Насколько сильно проседает скорость при тензорном параллелизме через PCIe без NVLink?").intent == "knowledge"
    assert read("Подскажите, можно ли связать локальную модель с нашим Битриксом?").intent == "knowledge"
    assert read("can you connect me with a human please").intent == "handoff"
    assert read("две 4090 без nvlink, по pcie: сколько токенов на ламе 70б в q4?").intent != "knowledge"  # theirs, sized


def test_a_coursework_to_order_is_out_of_scope_in_a_sizing_chat():
    assert talk("у меня 4060 на 8 гиг, что из ллм потянет?",
                "понял спс. кстати не подскажешь где курсач по матану заказать подешевле?")[1] == "out_of_scope"


def test_a_subject_outside_the_trade_asked_to_be_explained_is_out_of_scope():
    assert read("can someone explain eigenvectors to me, exam is tomorrow").intent == "out_of_scope"
    for text in ("объясни что такое эмбеддинги", "explain RAG to me", "explain kv cache",
                 "explain the difference between prefill and decode"):
        assert read(text).intent == "knowledge", text


# ---------------------------------------------------------------- the first review of this pass (575 conversations)
@pytest.mark.parametrize("text, gpu", [("нам продали 2 h100, лама 70б влезет?", "h100-sxm"),
                                       ("we were sold 2 a6000 by an integrator, will qwen 72b q4 fit?", "rtx-a6000"),
                                       ("мне продали 3090 за 50к, квен 32б q4 пойдет?", "rtx-3090")])
def test_a_card_sold_to_the_customer_is_theirs(text, gpu):
    assert read(text).scenario.gpu == gpu


@pytest.mark.parametrize("text, gpu", [("у меня 3090, в неё не влезает лама 70б, какую видюху докупить?", "rtx-3090"),
                                       ("какую карту брать под квен 72б? a6000 не хватит?", "rtx-a6000")])
def test_a_card_owned_or_asked_of_is_not_ruled_out(text, gpu):
    assert read(text).scenario.gpu == gpu


@pytest.mark.parametrize("follow_up", ["а под гемму 27б что закажем?", "what gpu for gemma 27b?",
                                       "what would you advise for gemma 27b?", "and for gemma 27b what's the best option?"])
def test_what_to_buy_for_a_new_model_in_other_words_stays_a_recommendation(follow_up):
    assert talk("у нас две 4090, квен 14б потянет?", follow_up)[1] == "recommend", follow_up


@pytest.mark.parametrize("text", ["квен 14б, 32к на карту влезет?", "квен 32б, 32к на карту, 2 4090"])
def test_a_context_size_per_card_stays_a_context(text):
    s = read(text).scenario
    assert s.context == 32768 and s.budget is None


@pytest.mark.parametrize("text", ["can we connect with your sales team?", "can I connect with someone from sales about a quote?"])
def test_connect_with_sales_is_a_hand_off(text):
    assert read(text).intent == "handoff"


def test_a_seller_coming_down_without_a_cloud_is_money_to_spend():
    s = read("продавец уступит до 2,5 млн, что он нам соберёт?").scenario
    assert s.budget == 2_500_000 and s.server_price is None
    scenario, intent = talk("the box is quoted at 350k, cloud is $20/hour",
                            "if the vendor drops it to 300k, how long to break even?")
    assert scenario.server_price == 300_000 and scenario.budget is None and intent == "cost"


def test_the_power_of_a_card_wanted_is_no_power_question():
    assert read("какую мощность видюхи надо под квен 32б?").intent != "power"


@pytest.mark.parametrize("follow_up, model", [("а вместо ламы 70б квен 72б?", "qwen2.5-72b"),
                                              ("а квен 72б вместо ламы 70б?", "qwen2.5-72b"),
                                              ("а если вместо дипсика ламу 405б?", "llama-3.1-405b")])
def test_the_model_taken_out_is_not_sized(follow_up, model):
    scenario, intent = talk("у нас две 4090, лама 70б в q4 влезет?", follow_up)
    assert scenario.model == model and scenario.gpu_count == 2 and intent == "vram"


# ---------------------------------------------------------------- the second review of this pass (450 conversations)
@pytest.mark.parametrize("turns", [("у заказчика сервак 4 а100 80, квен 72б фп16 влезет?", "а под ламу 405б что ему предложить?"),
                                   ("2 h100 pcie, llama 3.3 70b fp8 for 30 devs?", "best gpu for mixtral 8x22b?"),
                                   ("бро у мя 3060 12 гиг квен 7б норм", "а под квен 32б чо брать")])
def test_what_to_buy_in_yet_more_words_stays_a_recommendation(turns):
    assert talk(*turns)[1] == "recommend"


def test_slang_what_to_take_drops_the_card_owned():
    assert talk("бро у мя 3060 12 гиг квен 7б норм", "а под квен 32б чо брать")[0].gpu is None


@pytest.mark.parametrize("text", ["can you explain backpropagation to me", "explain how speculative decoding works",
                                  "explain pue", "explain tco"])
def test_trade_topics_asked_to_be_explained_stay_knowledge(text):
    assert read(text).intent == "knowledge"


@pytest.mark.parametrize("follow_up", ["gemma 27b for my cousin?", "gemma 27b for my parents?"])
def test_a_model_for_another_person_or_place_leaves_the_cards(follow_up):
    scenario, intent = talk("у нас две 4090, квен 14б потянет?", follow_up)
    assert scenario.gpu is None and intent == "recommend"


def test_the_same_choice_does_not_override_a_question_of_its_own():
    assert talk("какую карту брать под ламу 70б для 10 человек?",
                "а если нужен не сервер, а облако, выбор тот же?")[1] == "cost"


def test_a_card_paired_with_is_kept():
    assert read("which card should I pair with the 3090, it can't fit llama 70b alone").scenario.gpu == "rtx-3090"


def test_not_minding_is_no_comparison_and_payments_no_integration():
    assert read("я не против если она будет чуть хуже 4090, квен 32б на ней пойдёт?").intent != "compare"
    assert read("как подключить безналичную оплату?").intent == "handoff"


@pytest.mark.parametrize("turns, price", [
    (("облако 300 руб в час, сервер 11 млн, окупится?", "а если поставщик уступит до 9 млн?"), 9_000_000),
    (("the box is quoted at 350k, cloud is $20/hour", "what if the vendor knocks it down to 150k?"), 150_000)])
def test_a_seller_coming_down_in_a_follow_up_is_the_servers_price(turns, price):
    scenario, intent = talk(*turns)
    assert scenario.server_price == price and scenario.budget is None and intent == "cost"


@pytest.mark.parametrize("text, budget", [("есть 64 тыс на видеокарту, что взять под квен 14б?", 64_000),
                                          ("have 10k for an upgrade, currently 2 3090s, what to add?", 10_000)])
def test_money_for_a_card_or_an_upgrade_is_a_budget(text, budget):
    s = read(text).scenario
    assert s.budget == budget and s.context is None


# ---------------------------------------------------------------- numbers in words: named back, and counted by the metric
@pytest.mark.parametrize("text, word", [("Ок, выставьте КП на два таких узла", "два"),
                                        ("нужна спеццена на два сервера, в каждом по восемь b200", "два"),
                                        ("хотим выдать каждому из шести разработчиков по 4090 под квен 14б", "шести")])
def test_servers_and_people_counted_in_words_are_named_back(text, word):
    assert word in [s.text for s in read(text).unattached]


def test_the_dropped_metric_counts_numbers_in_words_before_a_thing_counted():
    from bench.understanding import dropped

    class Blind:  # a reading that covered nothing: what the metric must find
        def __init__(self, text):
            self.text, self.spans, self.conflicts, self.unattached = text, {}, {}, []

    assert dropped(Blind("КП на два таких узла")) == ["два"]
    assert dropped(Blind("хотим ламу 3 8б на двадцати компах")) == ["3", "8б", "двадцати"]
    assert dropped(Blind("серверная летом под сорок. сервер с ними")) == []  # across a sentence: no count
    assert dropped(Blind("два варианта, три года")) == []  # nothing of ours counted
    assert dropped(read("КП на два таких узла")) == []  # named back by the reader


@pytest.mark.parametrize("follow_up, cards, users", [("докупим 2 карты", 6, 40), ("add 2 cards, will it fit in fp16?", 6, 40),
                                                     ("докинем 2 карты и 20 человек", 6, 60),
                                                     ("add 2 cards and 20 users", 6, 60)])
def test_a_verb_of_adding_adds_to_the_cards_held(follow_up, cards, users):
    scenario, _ = talk("у нас 4 h100 и 40 человек, лама 70б", follow_up)
    assert scenario.gpu_count == cards and scenario.users == users


def test_a_total_said_beside_the_cards_added_is_not_summed():
    scenario, _ = talk("у нас 4 h100 и 40 человек, лама 70б", "докупим 2 карты, всего будет 6")
    assert scenario.gpu_count in (2, 6)  # never 4 + 2 + 6
    assert "6" in [s.text for s in read("докупим 2 карты, всего будет 6").unattached]  # the total named back


# ---------------------------------------------------------------- the third review of this pass (702 conversations)
def test_servers_taken_are_named_back_never_cards():
    scenario, _ = talk("у нас 8 h100, лама 405б в fp8", "а если взять два таких сервера?")
    assert scenario.gpu_count == 8
    assert "два" in [s.text for s in read("а если взять два таких сервера?").unattached]


@pytest.mark.parametrize("follow_up", ["поставщик уступать не будет, бюджет 9 млн",
                                       "поставщик уступит, но у нас бюджет всего 9 млн",
                                       "the vendor won't drop the price, our budget is 200k"])
def test_a_budget_beside_a_seller_who_does_not_come_down_stays_a_budget(follow_up):
    scenario, _ = talk("облако 300 руб/ч, сервер 11 млн, окупится?", follow_up)
    assert scenario.server_price == 11_000_000 and scenario.budget is not None


@pytest.mark.parametrize("turns", [("у меня 2 3090, квен 32б", "а чо брать под llama 70b, если эти оставить"),
                                   ("у меня 2 3090, квен 32б", "а для друзей на моих картах лама 8б пойдёт?"),
                                   ("i have 2 3090s at home, qwen 32b?", "what about llama 70b at home?")])
def test_cards_said_to_be_kept_or_used_stay(turns):
    assert talk(*turns)[0].gpu_count == 2


@pytest.mark.parametrize("follow_up, cards", [("докупить 4 карты и продать старые", 4), ("докупим 2 бп", None),
                                              ("добавим 8 карт сколько токенов будет?", 12),
                                              ("добавим 2 карты, какая будет скорость", 6)])
def test_adding_only_cards_and_only_where_none_are_taken_away(follow_up, cards):
    scenario, _ = talk("у нас 4 h100 и 40 человек, лама 70б", follow_up)
    if cards is None:
        assert scenario.gpu_count != 6  # power supplies are no cards added
    else:
        assert scenario.gpu_count == cards


@pytest.mark.parametrize("follow_up, users", [("а если людей станет на 30 больше?", 70), ("добавим 20 человек", 60)])
def test_people_added_are_added_to_the_people_held_never_cards(follow_up, users):
    scenario, _ = talk("у нас 4 h100 и 40 человек, лама 70б", follow_up)
    assert scenario.users == users and scenario.gpu_count == 4
