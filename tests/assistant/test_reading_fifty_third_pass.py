"""Fifty-third pass (fresh54.yaml and fresh55.yaml's first sight at b53b1e6, issue 11): general rules, each with
wordings of its own and a known-good counterpart."""
import pytest

from assistant.reading import read
from tests.assistant.reading_helpers import talk as conversation
from tests.assistant.test_reading_thirtyninth_pass import said, talk


@pytest.mark.parametrize("text", ["у меня 4070, а пишут что для 70b надо 96 гигов видеопамяти, серьёзно?",
                                  "my 3090 is fine? a forum says 70b needs 96GB of VRAM"])
def test_a_size_said_to_be_video_memory_is_never_ram(text):
    assert "ram_gb" not in said(text)


def test_a_large_size_beside_a_card_is_still_the_servers_ram():
    assert said("две 4090 и 512 ГБ, что пойдёт?").get("ram_gb") == 512


@pytest.mark.parametrize("text", ["хотим бота для записи в бассейн на тренировки, пишут человек пять",
                                  "веду секцию карате, бот чтоб отвечал родителям про тренировки"])
def test_a_sports_workout_is_no_training(text):
    assert "task" not in said(text)


def test_training_a_network_is_still_training():
    assert said("сервер для тренировки нейросетей на 4 человека").get("task") == "full"


@pytest.mark.parametrize("text, context", [("vllm serve qwen3 32b --max-model-len 16384, what card?", 16384),
                                           ("ollama с num_ctx 8192 на 3060, квен 8б влезет?", 8192),
                                           ("llama.cpp, n_ctx = 4096, mistral 7b on a 4060?", 4096)])
def test_a_launch_lines_context_key_is_the_context(text, context):
    got = said(text)
    assert got.get("context") == context and "budget" not in got


def test_max_of_a_named_thing_is_no_budget_but_max_money_is():
    assert "budget" not in said("error: max seq len (32768) exceeds the kv cache, qwen3 8b on 4060")
    assert said("бюджет максимум 400 тысяч, что взять под квен 14б?").get("budget") == 400000


@pytest.mark.parametrize("text", ["we have four RTX 4000 Ada. What's the best model these cards can run?",
                                  "есть две 3090, какие модели реально запустить на этих картах?"])
def test_which_models_the_hardware_runs(text):
    assert read(text).intent == "models_for_hardware"


def test_which_models_after_a_pasted_spec():
    assert talk("Spec: GPU 2x NVIDIA H100 NVL, RAM 1TB", "Which models could that configuration run for contracts?")[1] \
        == "models_for_hardware"


def test_which_models_are_best_in_general_stays_knowledge():
    assert read("какие модели лучше для кода?").intent == "knowledge"


@pytest.mark.parametrize("text", ["поняла, спасибо, перешлю директору", "thanks a lot, I'll forward this to my boss"])
def test_thanks_and_passing_it_on_is_a_goodbye(text):
    assert read(text).intent == "greeting"


def test_thanks_then_a_question_is_a_question():
    assert read("спасибо, передам, а сколько стоит a6000?").intent == "gpu_info"


def test_what_a_card_costs():
    assert read("my manager wants to know what an A100 costs right now").intent == "gpu_info"


@pytest.mark.parametrize("text", ["на серверную выделено 5 квт. какой сервер поставить под ламу 70б на 40 человек?",
                                  "у нас бп на 1000 ватт и менять не будем. какую карту туда ставить под квен 14б?"])
def test_a_power_limit_then_which_hardware_is_sizing(text):
    assert read(text).intent == "recommend"


def test_how_much_power_is_still_power():
    assert read("сколько ватт будет жрать сервер с четырьмя 4090?").intent == "power"


@pytest.mark.parametrize("text, price", [("предлагают сервер с четырьмя 4090 за 1,5 млн, под ламу 70б хватит?", 1_500_000),
                                         ("интегратор посчитал сервер на двух a6000 за 900 тысяч, нормально?", 900_000)])
def test_a_server_with_its_cards_for_a_sum_is_the_servers_price(text, price):
    assert said(text).get("server_price") == price


def test_a_card_for_a_sum_is_still_the_cards_price_asked():
    got = said("б/у 3090 за 60к, брать?")
    assert "server_price" not in got and "budget" not in got


@pytest.mark.parametrize("text, budget", [("что взять под мистраль тыщ до ста пятидесяти?", 150_000),
                                          ("собрать комп под нейронки тысяч до 200", 200_000)])
def test_a_scale_word_then_a_ceiling(text, budget):
    assert said(text).get("budget") == budget


def test_the_offered_sums_keep_their_scale_and_the_reply_takes_it():
    s = conversation("хотим бота под квен 14б, бюджет то ли 200 то ли 250 тыщ, пишут человек пять", "директор сказал 250", asked=True)
    assert s.budget == 250_000 and s.users == 5


def test_a_reply_picking_the_people_offered_is_not_a_card_count():
    s = conversation("сидеть будут человек тридцать-тридцать пять, квен 32б", "считайте на тридцать пять. а сколько 4090 надо?",
                     asked=True)
    assert s.users == 35 and s.gpu_count is None


def test_a_reply_with_a_new_count_still_sets_it():
    assert conversation("сидеть будут человек 30-35, квен 32б", "считайте на 35, и карт возьмём 2", asked=True).gpu_count == 2


def test_a_bare_size_no_card_has_is_no_card():
    got = said("баннеров 3х6 у нас штук двадцать, хотим бота под ламу 8б")
    assert "card_vram_gb" not in got
    assert said("сервер 4x24 под ламу 70б").get("card_vram_gb") == 24


@pytest.mark.parametrize("then", ["а какой из них меньше электричества жрёт?", "and which one of them runs cooler?"])
def test_the_two_compared_weighed_on_another_measure(then):
    assert talk("что лучше под ламу 70б: две 3090 или одна 5090?", then)[1] == "compare"


def test_a_power_question_after_a_comparison_of_one_card_stays_power():
    assert talk("что лучше под ламу 70б: две 3090 или одна 5090?", "а бп какой нужен на две 3090?")[1] == "power"


@pytest.mark.parametrize("then", ["а сильно гудят такие серверы? в офисе тихо должно быть", "how loud are these boxes?"])
def test_how_loud_is_the_guides(then):
    assert talk("какой сервер под квен 14б на 10 человек?", then)[1] == "knowledge"


def test_the_bill_burnt_after_a_costing_is_power():
    assert talk("что выгоднее: свой комп за 150 тысяч или облако по 40 р/час круглосуточно?",
                    "а по свету сколько он нажжёт? киловатт 6 рублей")[1] == "power"


@pytest.mark.parametrize("text, context", [
    ("в карточке модели написано «context window: 131,072 tokens», а нам контекст 8к хватит, мистраль 7б на 3060 пойдёт?", 8192),
    ('the card says "supports 128k context" but we only need 32k for qwen3 14b, fits on a 4090?', 32768)])
def test_a_value_pasted_in_quotes_gives_way_to_the_customers_own(text, context):
    assert said(text).get("context") == context


def test_two_values_of_the_customers_own_are_still_asked():
    assert "context" not in said("контекст 32к или 16к, не знаю, мистраль 7б на 3060")


@pytest.mark.parametrize("text, budget", [("my son asked me to find out what to buy for about $1,800 to run llama 8b", 1800),
                                          ("что купить за 300 тысяч под квен 14б?", 300_000)])
def test_what_to_buy_for_a_sum_is_a_budget(text, budget):
    got = said(text)
    assert got.get("budget") == budget and "server_price" not in got


def test_a_server_bought_for_a_sum_against_the_cloud_is_its_price():
    assert said("свой сервер купить за 2 млн или облако по 300 р/час?").get("server_price") == 2_000_000


def test_how_many_of_a_card_by_name_drops_the_count_held():
    scenario, intent = talk("we run qwen3 32b on 2x H100 for 30 people", "how many H100s would we need for 90 people?")
    assert intent == "recommend" and scenario.gpu_count is None


@pytest.mark.parametrize("text", ["and would mistral small 24b fit in that budget?", "а квен 32б в этот бюджет влезет?"])
def test_a_model_fitted_into_the_budget_is_what_to_buy(text):
    assert read(text).intent == "recommend"


def test_a_model_on_the_card_owned_is_still_a_fit():
    assert read("у меня 4090, квен 32б в q4 влезет?").intent == "vram"


@pytest.mark.parametrize("text, code", [("КП: сервер арт. SR-4410 с двумя a6000, под ламу 70б хватит?", "4410"),
                                        ("Tender #TX-2031: quote a server for llama 3.1 8b, 20 users", "2031")])
def test_an_articles_number_is_named_back_never_a_quantity(text, code):
    r = read(text)
    assert not any(code in str(v) for v in r.scenario.model_dump().values() if v is not None)
    assert any(sp.text == code for sp in r.unattached)


def test_a_count_after_a_lot_number_is_still_read():
    assert said("лот 2: сервер с 4 картами a6000").get("gpu_count") == 4


@pytest.mark.parametrize("text, slot, value", [("заявка на 20 пользователей, квен 14б, что нужно?", "users", 20),
                                               ("RFQ for 30 users, llama 3.1 8b", "users", 30)])
def test_a_number_a_code_word_is_for_is_still_read(text, slot, value):
    assert said(text).get(slot) == value


@pytest.mark.parametrize("text, card", [("5090 по деньгам не вариант, значит беру 4080. мистраль 24б пойдёт?", "rtx-4080"),
                                        ("the 5090 won't fit my case, so I'll take a 4080. will qwen 14b run?", "rtx-4080")])
def test_a_card_ruled_out_then_another_taken(text, card):
    r = read(text)
    assert r.scenario.gpu == card and "gpu" not in r.conflicts


def test_two_cards_owned_are_still_asked():
    assert "gpu" in read("у меня 3090 и 4090, пойдёт 70b?").conflicts


@pytest.mark.parametrize("text", ["а если две a6000 поставить — по питанию в наши 2 квт уложимся?",
                                  "три 3090 в 1600 ватт уложатся?"])
def test_cards_within_a_power_limit_is_power(text):
    assert read(text).intent == "power"


def test_a_job_within_the_cards_is_still_a_fit():
    assert read("а лорой на восьми h200 уложимся?").intent == "vram"


@pytest.mark.parametrize("text", [
    "коллега прислал: «torch.OutOfMemoryError: CUDA out of memory» — у нас одна 4090, квен 32б в q8. не хватает?",
    "vLLM throws OOM at 30 users: one A100 80GB, llama 3.3 70b fp8. Is this setup too small?"])
def test_a_pasted_out_of_memory_beside_the_setup_is_a_fit(text):
    assert read(text).intent == "vram"


def test_what_cuda_is_stays_knowledge():
    assert read("что такое cuda и зачем она нужна?").intent == "knowledge"


@pytest.mark.parametrize("text", ["how much does an A6000 go for these days?", "how much would a 4090 set me back?"])
def test_what_a_card_goes_for_is_its_price(text):
    assert read(text).intent == "gpu_info"


@pytest.mark.parametrize("text", ["хватит ли 4060 ти на шестнадцать гигов для мистраля лардж в q4", "mistral large on two h100?"])
def test_a_line_the_catalog_lacks_is_named_back_not_the_familys_default(text):
    r = read(text)
    assert r.scenario.model is None and r.unknown_products


@pytest.mark.parametrize("text, model", [("мистраль на 3060 влезет?", "mistral-7b-v0.3"),
                                         ("mistral small 24b на 4090?", "mistral-small-3.2")])
def test_the_family_alone_and_a_line_it_has_still_name_the_model(text, model):
    assert read(text).scenario.model == model
