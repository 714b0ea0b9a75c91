"""Fifty-ninth pass (issue 11): misreadings found after stop 53's freeze and by its reviews, each with wordings of its
own and a counterpart that must keep its old reading: a cloud price per card said with the hour first, a bare PSU
figure beside a second question, a quote's sum, people counted per group, a Monday-to-Saturday schedule, one more
card named in English."""
import pytest

from assistant.reading import read
from tests.assistant.test_reading_thirtyninth_pass import talk


# ---------------------------------------------------------------- a cloud price per card, the hour said first
@pytest.mark.parametrize("text, price", [
    ("сервак с четырмя л40с за пять лямов или облако по 400р в час за карту по будням 10 часов что выгоднее", 400),
    ("облако 2 usd an hour per gpu vs own 4x 4090 at 12k", 2),
    ("cloud at 1.5/hr per gpu or 8x a100 for 180k?", 1.5),
    ("аренда 250 руб в час на видеокарту, своя 4090 за 300 тыщ", 250),
])
def test_a_cloud_hour_said_before_per_card_is_per_card(text, price):
    s = read(text).scenario
    assert s.cloud_hourly == price and s.cloud_per_gpu


@pytest.mark.parametrize("text", ["облако 1200р в час за сервер с 4 картами, свой за 3 млн",
                                  "cloud is 10 usd an hour for the whole box of 8 h100, own one 250k"])
def test_a_cloud_hour_for_the_server_stays_per_server(text):
    s = read(text).scenario
    assert s.cloud_hourly and not s.cloud_per_gpu


# ---------------------------------------------------------------- a bare PSU figure, a second question after it
@pytest.mark.parametrize("text", ["у меня бп 850 и две 3060 по 12 хватит ли на лламу 8б фп16 и сколько жрать будет",
                                  "бп 850 и сколько жрёт 4090?",
                                  "psu 1000 and how much will two 3090 draw?"])
def test_a_bare_psu_figure_before_a_question_of_draw_is_the_psu(text):
    r = read(text)
    assert r.scenario.psu_w in (850, 1000) and not r.unattached


def test_a_draw_said_with_its_figure_is_still_no_psu():
    r = read("карта жрёт 450 и сколько нужно бп?")
    assert r.scenario.psu_w is None


# ---------------------------------------------------------------- a quote is a server's price
@pytest.mark.parametrize("text, price", [
    ("the quote for 8x A100 is 180k, is it worth it vs cloud at 1.5/hr per gpu?", 180_000),
    ("own vs cloud: 8x h100 at 250k vs 2.5/hr", 250_000),
    ("we were quoted 95k for a box with 4 l40s, cloud is 1.2/hr per gpu", 95_000),
])
def test_a_quoted_sum_is_the_servers_price_never_a_context(text, price):
    s = read(text).scenario
    assert s.server_price == price and s.context is None and s.budget is None


def test_a_budget_beside_a_quote_stays_the_budget():
    s = read("budget is 150k, what server for llama 70b?").scenario
    assert s.budget == 150_000 and s.server_price is None


# ---------------------------------------------------------------- people counted per group
@pytest.mark.parametrize("text, users", [
    ("3 команды по 10 человек, нужна llama 3 70b", 30),
    ("у каждой из 3 команд по 10 человек, нужна llama 3 70b", 30),
    ("три отдела по 15 человек будут пользоваться квен 32б", 45),
    ("2 офиса, в каждом по 20 сотрудников, qwen 14b", 40),
    ("3 teams of 10 people each, llama 70b", 30),
])
def test_people_per_group_are_multiplied_by_the_groups(text, users):
    r = read(text)
    assert r.scenario.users == users and not r.unattached


@pytest.mark.parametrize("text, users", [("команда 12 человек, квен 14б", 12), ("team of 12, llama 8b", 12),
                                         ("2 сервера, по 10 человек на каждый, квен 14б", 10),
                                         ("3 смены по 10 человек, квен 14б", 10)])  # one shift at a time
def test_one_group_servers_or_shifts_multiply_nothing(text, users):
    assert read(text).scenario.users == users


# ---------------------------------------------------------------- a Monday-to-Saturday schedule
@pytest.mark.parametrize("text, hours", [
    ("пн-пт с 10 до 19, облако 300р в час или свой сервер за 700к", 195.0),
    ("пн-пт и суббота с 10 до 19, облако 300р в час или свой сервер за 700к", 234.0),
    ("пн-сб с 10 до 19, облако 300р в час или свой сервер за 700к", 234.0),
])
def test_day_abbreviations_give_the_hours(text, hours):
    r = read(text)
    assert r.scenario.hours_per_month == hours and not r.unattached


# ---------------------------------------------------------------- one more card, named in English
def test_one_more_card_named_adds_a_card_even_with_users_asked():
    scenario, _ = talk("70b on 4 a100, how many users?", "one more a100 — then how many users?")
    assert scenario.gpu_count == 5


def test_more_users_still_add_users():
    scenario, _ = talk("70b on 4 a100 for 10 users", "two more users?")
    assert scenario.users == 12 and scenario.gpu_count == 4


# ---------------------------------------------------------------- a review of the pass: what it had broken
@pytest.mark.parametrize("text, budget", [("сделайте кп на 2 млн, что можно взять под лламу 70б?", 2_000_000),
                                          ("отправьте кп на 1.5 млн под квен 32б", 1_500_000),
                                          ("can you quote us a box for around 80k", 80_000),
                                          ("quote us 8x h100 for at most 250k", 250_000),
                                          ("please send a quote for 4x h100, we have up to 150k", 150_000)])
def test_a_quote_asked_for_names_the_customers_budget(text, budget):
    s = read(text).scenario
    assert s.budget == budget and s.server_price is None and s.context is None


def test_a_limit_by_the_estimate_stays_a_budget():
    assert read("лимит по смете три миллиона двести тысяч рублей что можно купить под обучение").scenario.budget == 3_200_000


@pytest.mark.parametrize("text, hours", [("пн-пт с 10 до 7, облако 300р в час", 195.0),
                                         ("mon-sat from 10 to 7, cloud 2 usd/hr", 234.0),
                                         ("по будням с 10 до 7, облако 300р в час", 195.0)])
def test_a_span_ending_before_it_starts_ends_in_the_evening(text, hours):
    assert read(text).scenario.hours_per_month == hours


def test_a_night_span_stays_overnight():
    assert read("с 22 до 6 гоняем, облако 300р в час").scenario.hours_per_month == 243.33


@pytest.mark.parametrize("text", ["2 отдела по 10 человек работают в разные смены",
                                  "2 команды по 10 человек, одна днём, другая ночью",
                                  "3 отдела по 10 человек, работают посменно"])
def test_groups_at_different_times_are_not_added(text):
    r = read(text)
    assert r.scenario.users == 10 and [s.text for s in r.unattached] in (["2"], ["3"])


@pytest.mark.parametrize("text", ["3 команды по 10 часов в день, лама 8б", "3 команды, каждая по 50 запросов в час, лама 8б",
                                  "у нас 4 команды, в одной по 10 человек, лама 8б"])
def test_groups_multiply_only_each_groups_people(text):
    r = read(text)
    assert r.scenario.users not in (30, 150, 40) and r.unattached  # the group count named back, never multiplied


def test_one_more_card_user_adds_a_user():
    scenario, _ = talk("llama 8b on one 4090 for 10 users", "one more 4090 user?")
    assert scenario.users == 11 and scenario.gpu_count == 1


def test_one_more_server_of_cards_is_no_single_card():
    scenario, _ = talk("70b on 4 a100", "one more a100 server?")
    assert scenario.gpu_count != 5


# ---------------------------------------------------------------- follow-ups of fresh75 and fresh76
def test_cards_named_with_a_load_verb_after_a_recommendation_is_the_fit():
    assert talk("gpt-oss 120b на 40 человек, контекст 16к, какой сервер?",
                "А две RTX PRO 6000 такую нагрузку вытянут?")[1] == "vram"


def test_a_card_enough_after_a_why_is_the_fit_but_a_why_stays_knowledge():
    first, why = "лора квен3 32б bf16 на двух h100, батч 8", "почему лора столько памяти ест?"
    assert talk(first, why, "А одной H200 при тех же настройках хватит?")[1] == "vram"
    assert talk(first, why, "а почему одной H200 не хватит?")[1] == "knowledge"


def test_the_server_rooms_power_left_is_no_psu():
    r = read("В серверной у нас под новое железо осталось не больше 3 кВт. Сервер с четырьмя L40S по питанию в это укладывается?")
    assert r.scenario.psu_w is None and r.unattached
    assert read("осталось шесть 3090 и два блока питания по 1600вт, квен 235б в q4 влезет?").scenario.psu_w == 3200


# ---------------------------------------------------------------- fresh80 and fresh81: values easy to miss
@pytest.mark.parametrize("text, batch", [("Последовательности по 4096 токенов, в батч кладём по 8 штук, квен3 8б", 8),
                                         ("а если кулорой? батч тогда поставлю 4", 4),
                                         ("fully fine-tune Qwen3 4B, 8192-token sequences, four of them per batch", 4),
                                         ("по 8 примеров в батче на 2 картах, лама 8б", 8)])
def test_a_batch_said_around_its_number_is_the_batch_never_cards(text, batch):
    s = read(text).scenario
    assert s.users == batch and s.gpu_count in (None, 2)


def test_each_of_n_users_is_the_users_and_each_dev_with_a_card_is_not():
    assert read("what speed would each of 20 simultaneous users get?").scenario.users == 20
    assert read("each of 6 devs gets his own 4090, llama 8b").scenario.users is None


@pytest.mark.parametrize("text, count", [("какую партнёрскую цену дадите на rtx pro 6000, если клиент заберёт десяток?", 10),
                                         ("What per-card price could you do on the L40S if the client's order is a dozen?", 12)])
def test_cards_ordered_are_counted_not_people(text, count):
    s = read(text).scenario
    assert s.gpu_count == count and s.users is None


def test_people_beside_an_order_verb_stay_people():
    assert read("если возьмём 4090 на 20 человек, хватит?").scenario.users == 20


@pytest.mark.parametrize("text, watts", [("блоков питания там будет два, по 3200 вт. с запасом выходит?", 6400),
                                         ("How much headroom does a 1600W PSU leave with my two RTX A6000s?", 1600)])
def test_psus_said_with_words_between(text, watts):
    assert read(text).scenario.psu_w == watts


@pytest.mark.parametrize("text, gpu, count", [("a box with a quartet of H100 NVLs", "h100-nvl", 4),
                                              ("a trio of 3090s", "rtx-3090", 3), ("a box with four H100 NVLs", "h100-nvl", 4)])
def test_a_trio_or_quartet_counts_and_nvls_is_the_nvl(text, gpu, count):
    s = read(text).scenario
    assert s.gpu == gpu and s.gpu_count == count


def test_a_quarter_is_not_a_quartet():
    assert read("40 adjusters, maybe a quarter on it at the same time, llama 70b").scenario.users == 10


@pytest.mark.parametrize("text, hours", [("с четырьмя L40S он будет молотить только ночью, с 22 до 6", 243.33),
                                         ("модель молотит каждую ночь с 23 до 7, облако 2 usd в час", 243.33),
                                         ("What if the window shrinks to midnight–6am? cloud 2 usd/hr", 182.5),
                                         ("we run it from 6pm to midnight, cloud 2 usd/hr", 182.5)])
def test_night_windows_give_the_hours(text, hours):
    assert read(text).scenario.hours_per_month == hours


def test_a_wattage_in_a_follow_up_is_no_count_of_people():
    scenario, _ = talk("glm 4.5 air fp8 на 120 человек, контекст 32к, сколько l40s?",
                       "And the draw at full load? Their rack feed is 12 kW.")
    assert scenario.users == 120


@pytest.mark.parametrize("first, then, count", [
    ("у клиента 4x3090 и 128 гб, что на этом запустить?", "what changes if he puts in another two 3090s?", 6),
    ("we have 2 a100", "and if we buy another 2 a100?", 4)])
def test_another_n_cards_are_added(first, then, count):
    assert talk(first, then)[0].gpu_count == count


@pytest.mark.parametrize("text, count", [
    ("в корпусе сейчас две 3090 и бп на 1200 ватт. присмотрел с рук третью — блок вытянет, если её поставить?", 3),
    ("к уже стоящей в сервере H100 NVL хотим добавить вторую. нужен им nvlink-мост?", 2)])
def test_an_ordinal_got_in_a_longer_message_is_the_count(text, count):
    assert talk(text)[0].gpu_count == count


def test_an_ordinal_server_is_no_card_count():
    scenario, _ = talk("Прошлым летом, когда в серверную поставили второй стоечный сервер, выбило автомат. Сервер с 4 L40S "
                       "потянет линия?")
    assert scenario.gpu_count == 4


@pytest.mark.parametrize("text", ["хотим научить квен3 32б отвечать нашим тоном", "teach our model our house style, llama 8b",
                                  "научить модель на 14б писать отчёты в нашем формате",
                                  "I'd like to teach a model my writing voice. Mistral 7B on my 3090?"])
def test_teaching_a_model_a_style_is_training(text):
    assert read(text).scenario.task == "full"


@pytest.mark.parametrize("text", ["научить сотрудников работать с моделью в нашем формате",
                                  "teach our staff to use the model in our format"])
def test_teaching_people_is_no_training(text):
    assert read(text).scenario.task is None


@pytest.mark.parametrize("text, users", [("а по скорости что будет, если сидеть будем втроём?", 3),
                                         ("пользователей будет около ста, лама 8б", 100),
                                         ("users will be around 100, llama 8b", 100)])
def test_people_said_together_or_with_a_verb_between(text, users):
    assert read(text).scenario.users == users


@pytest.mark.parametrize("text, price", [("конкурент предлагает клиенту за 1 720 000 руб. ваш же сервер DeepSeek?", 1_720_000),
                                         ("Клиенту другой дистрибьютор предлагает её за 780 тысяч рублей", 780_000)])
def test_a_price_another_seller_names_is_a_server_price(text, price):
    s = read(text).scenario
    assert s.server_price == price and s.budget is None


def test_going_to_cut_it_asks_the_fit():
    assert talk("lora of llama 3.1 8b, ctx 4096, batch 4 — what card?", "Is one RTX 4090 going to cut it?")[1] == "vram"


def test_a_shift_dropped_halves_two_shifts():
    scenario, _ = talk("2 l40s за 2,65 млн или облако 345р в час, работаем в две смены по 8 часов, без выходных",
                       "А если вторую смену уберём?")
    assert scenario.hours_per_month == 243.34


def test_saturdays_taken_in_a_longer_follow_up_with_the_same_hours():
    scenario, intent = talk("2 a100 за 3,95 млн или облако 520р в час, по будням с 9 до 18",
                            "А если на время квартального отчёта прихватим и субботы, те же часы?")
    assert scenario.hours_per_month == 234.0 and intent == "cost"


@pytest.mark.parametrize("first, then, slot, value", [
    ("У лаборатории квартет A100 по 80 гигов. Что можно на этом поднять в bf16?",
     "А если по гранту докупим ещё столько же карт?", "gpu_count", 8),
    ("llama 70b на 10 человек", "а если людей будет ещё столько же?", "users", 20)])
def test_as_many_again_doubles(first, then, slot, value):
    assert getattr(talk(first, then)[0], slot) == value


@pytest.mark.parametrize("text, ram", [("квартет A100 по 80 гигов и терабайт оперативки, что поднять в bf16?", 1024),
                                       ("один терабайт оперативки и 4 a100", 1024), ("2 терабайт оперативки и 4 a100", 2048)])
def test_a_terabyte_of_ram_said_without_a_number_is_one(text, ram):
    assert read(text).scenario.ram_gb == ram


def test_a_terabyte_of_something_else_is_no_ram():
    assert read("терабайт данных").scenario.ram_gb is None


def test_an_important_point_added_keeps_the_question():
    _, intent = talk("нужен сервер под gemma 3 27b, чтобы отдел продаж из восемнадцати человек мог работать",
                     "Важный момент: договоры у нас длинные, страниц по 40, и загружать их нужно целиком.")
    assert intent == "recommend"


def test_a_per_card_price_asked_of_the_vendor_is_a_hand_off():
    _, intent = talk("What per-card price could you do on the L40S if the client's order is a dozen?")
    assert intent == "handoff"


# ---------------------------------------------------------------- a second review: what the fresh80/81 rules broke
@pytest.mark.parametrize("text, count", [("клиент возьмёт 64 гб оперативки и 2 карты 4090", 2),
                                         ("закупят 30 ноутбуков и один сервер с 4090", None),
                                         ("he orders 3 weeks of cloud time on H100", None),
                                         ("клиент возьмёт 4 штуки h100 за сколько?", 4)])
def test_an_order_counts_cards_only_when_nothing_else_is_counted(text, count):
    assert read(text).scenario.gpu_count == count


def test_seats_bought_are_people():
    assert read("клиент купит 40 мест в облаке, модель лама 70б на H100").scenario.users == 40


@pytest.mark.parametrize("text", ["from midnight to 6am it is idle, the rest of the day 40 users, llama 8b",
                                  "ночью с 2 до 4 бэкап, днём 30 человек", "ночью с 0 до 6 нагрузки нет, лама 8б"])
def test_a_night_window_idle_or_off_is_no_use(text):
    r = read(text)
    assert r.scenario.hours_per_month is None and r.unattached  # named back, never the hours of use


def test_a_window_to_midnight_starts_in_the_evening():
    assert read("from 6 to midnight, 15 users, cloud 2 usd/hr").scenario.hours_per_month == 182.5


@pytest.mark.parametrize("text, count", [("у нас сервер с 8 A100, купим второй — как их связать?", 8),
                                         ("We have a server with 4 H100s and plan to buy a second. Will 10 kW be enough?", 4)])
def test_a_second_server_keeps_the_cards_of_one(text, count):
    assert talk(text)[0].gpu_count == count


@pytest.mark.parametrize("text", ["научить модель нашему тону без дообучения, только промптом — хватит 4090?",
                                  "teach the model our format with few-shot examples",
                                  "How do I teach llama our tone with just RAG?"])
def test_teaching_by_prompt_or_rag_is_no_training(text):
    assert read(text).scenario.task != "full"


@pytest.mark.parametrize("text, users", [("карты работают вдвоём в паре через nvlink, 2 3090", None),
                                         ("работаем вдвоём, но пользователей будет 50, лама 8б", 50)])
def test_together_is_people_only_after_a_verb_of_using(text, users):
    assert read(text).scenario.users == users


@pytest.mark.parametrize("text", ["клиенты будут около 3 минут ждать ответа? лама 8б", "батчами гоняем 3 раза в день, лама 8б",
                                  "batch processing of 200 docs per hour, llama 8b"])
def test_a_number_with_a_unit_of_its_own_is_no_people_and_no_batch(text):
    r = read(text)
    assert r.scenario.users is None and r.unattached


def test_a_competitor_named_beside_a_budget_leaves_the_budget():
    s = read("клиент ушёл к конкуренту, нам нужно уложиться в 4 млн").scenario
    assert s.budget == 4_000_000 and s.server_price is None


def test_storage_beside_a_card_count_is_no_ram():
    r = read("нужно 100 тб хранилища и 4 h100")
    assert r.scenario.ram_gb is None and r.scenario.gpu_count == 4 and r.unattached
    assert read("RAM 64 GB SSD 2TB, 4 h100").scenario.ram_gb == 64


def test_an_ordinal_bought_where_is_the_count():
    assert talk("у нас уже две 4090, взяли третью на авито")[0].gpu_count == 3


def test_a_card_wattage_in_a_follow_up_is_named_back():
    scenario, _ = talk("llama 70b on two 4090", "each card is 450 W right?")
    assert scenario.users is None and scenario.gpu_count == 2


def test_two_n_hour_shifts_are_both_shifts():
    assert read("two 8-hour shifts on weekdays, cloud 2 usd/hr").scenario.hours_per_month == 346.67
    assert read("8-hour shifts on weekdays, cloud 2 usd/hr").scenario.hours_per_month == 173.33


def test_a_pair_of_cards_compared_counts_two():
    s = read("one RTX PRO 6000 or a pair of 5090s, which is cheaper?").scenario
    assert s.gpus == ["rtx-pro-6000-blackwell", "rtx-5090"] and s.gpu_counts == [1, 2]


# ---------------------------------------------------------------- fresh82 and fresh83: the original corpus's mix again
def test_n_of_them_after_people_are_people_not_cards():
    r = read("We're an insurance broker with 70 staff; about 20 of them would be on an internal assistant at once, llama 70b")
    assert r.scenario.users == 20 and r.scenario.gpu_count is None
    assert read("our 30 engineers, 10 of them use it daily, llama 8b").scenario.gpu_count is None  # asked, never cards


def test_ram_slang_with_a_size():
    assert read("досталась 4080 супер, оперы 48 гигов. что из ллмок пойдёт?").scenario.ram_gb == 48


def test_psus_counted_in_it():
    assert read("блоков питания в нём четыре по 2700 вт, этого с запасом хватит?").scenario.psu_w == 10800


def test_a_client_who_would_take_cards_orders_them():
    assert read("My client would take sixteen B200 if the price is right.").scenario.gpu_count == 16


def test_how_much_then_in_slang_keeps_the_rate():
    assert talk("how fast is gemma 3 27b q4 on a 4090?", "а на 5090 скок выйдет?")[1] == "speed"


@pytest.mark.parametrize("text", ["хай) можно вопрос по железу?", "привет) можно вопрос по железу?"])
def test_leave_to_ask_about_hardware_is_a_greeting(text):
    assert read(text).intent == "greeting"


@pytest.mark.parametrize("text", ["Client needs DeepSeek R1 in FP8 for 80 concurrent users. How many H200s should we quote?",
                                  "сколько карт закладывать в КП под дипсик р1 на 80 человек?"])
def test_how_many_to_put_in_a_quote_is_a_count_asked(text):
    assert read(text).intent == "recommend"
    assert read("please send a quote for 4x h100").intent == "handoff"


@pytest.mark.parametrize("text, users", [("our engineers have 8 gpus, 6 of them 4090 and 2 3090", None),
                                         ("we have 30 devs and 8 cards, 6 of them are 4090s", 30),
                                         ("we have 12 staff and 10 nodes, 4 of them idle, llama 70b", 12)])
def test_them_after_cards_or_nodes_are_no_people(text, users):  # a review of the fresh82/83 rules
    assert read(text).scenario.users == users


@pytest.mark.parametrize("text", ["How many H200s should we quote, and can you send the quote by friday?",
                                  "сколько карт закладывать в КП? и пришлите КП на почту, лама 70б 20 человек",
                                  "мне нужно КП, сколько карт писать в КП решите сами, лама 70б"])
def test_a_quote_requested_beside_the_count_stays_a_hand_off(text):
    assert read(text).intent == "handoff"
