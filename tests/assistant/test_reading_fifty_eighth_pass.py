"""Fifty-eighth pass (issue 11): general rules for the kinds of message the sets fresh77-fresh79 were written about
(questions on the border between two intents, counts said every way, the shortest messages), each with wordings of its
own and a counterpart that must keep its old reading."""
import pytest

from assistant.reading import read
from tests.assistant.test_reading_thirtyninth_pass import talk


# ---------------------------------------------------------------- which question: the border between intents
@pytest.mark.parametrize("first, then", [
    ("у меня 3090, хочу квен3 32б в q8, что докупить?", "а если ещё одну 3090 поставить — влезет?"),
    ("we have one a6000, want llama 70b in fp8, what should we add?", "and with a second a6000, would it fit?"),
])
def test_a_fit_asked_after_an_upgrade_is_the_fit(first, then):
    assert talk(first, then)[1] == "vram"


def test_the_same_card_added_and_enough_stays_the_upgrade():  # fresh5's convention
    assert talk("у меня 4090, хочу ламу 70б в q4, что докупить?", "вторую 4090 взять хватит?")[1] == "upgrade"


def test_a_fit_in_memory_asked_after_a_rate_is_the_fit():
    _, intent = talk("сколько токенов в секунду даст квен3 32б на двух 4090 для 10 человек?",
                     "а с контекстом 64к это в память влезет?")
    assert intent == "vram"


def test_a_rate_asked_after_a_rate_stays_the_rate():
    assert talk("сколько токенов в секунду даст квен3 32б на двух 4090?", "а на трёх сколько выйдет?")[1] == "speed"


@pytest.mark.parametrize("then", ["а что бы вы сами посоветовали под эту задачу?", "ок, а вы бы что взяли?",
                                  "а если с нуля собирать — какие карты вы бы поставили?",
                                  "what would you recommend instead?", "ok, and if we start from scratch?"])
def test_the_vendors_own_pick_drops_the_cards_on_the_table(then):
    scenario, intent = talk("интегратор предлагает под квен3 32б на 40 человек сервер с четырьмя RTX 6000 Ada, "
                            "сколько он будет жрать?", then)
    assert intent == "recommend" and scenario.gpu is None and scenario.gpu_count is None
    assert scenario.model == "qwen3-32b" and scenario.users == 40


def test_the_power_of_the_vendors_pick_is_still_power():
    scenario, intent = talk("под квен3 32б на 40 человек сервер с четырьмя L40S — сколько он потребляет?",
                            "а что бы вы сами предложили — и сколько ватт потребляет ваш вариант?")
    assert intent == "power"


@pytest.mark.parametrize("text", ["бп у меня на 750 ватт, какую видеокарту под него взять для ламы 8б?",
                                  "блок питания у нас 1000 вт, какую карту поставить под квен 14б?"])
def test_an_owned_psu_and_which_card_to_take_is_a_recommendation(text):
    assert read(text).intent == "recommend"


def test_an_owned_psu_asked_about_a_card_stays_power():
    assert read("бп у меня на 750 ватт, потянет 4090?").intent == "power"


@pytest.mark.parametrize("text", ["почему для инференса так важна пропускная способность памяти?",
                                  "а почему скорость генерации упирается в пропускную способность, а не в терафлопсы?"])
def test_why_a_spec_matters_is_knowledge(text):
    assert read(text).intent == "knowledge"


@pytest.mark.parametrize("text", ["какая пропускная способность памяти у H200?", "почём у вас L40S и какой у неё TDP?",
                                  "what's the price of the H100 NVL and its TDP?"])
def test_a_cards_own_specs_and_price_are_a_spec_question(text):
    assert read(text).intent == "gpu_info"


def test_a_tdp_asked_alone_stays_power():
    assert read("какой TDP у L40S?").intent == "power"


@pytest.mark.parametrize("text", ["хотим сервер с 4 H100 в лизинг, работаете с лизинговыми компаниями?",
                                  "с лизинговыми компаниями сотрудничаете? нужен сервак на 8 h200",
                                  "can we lease a box with four L40S?", "Could you send your partner price list for H200 servers?"])
def test_leasing_and_a_price_list_asked_of_the_vendor_are_handoffs(text):
    assert read(text).intent == "handoff"


def test_a_lessor_writing_about_its_own_trade_is_no_handoff():
    assert read("мы лизинговая компания, клиенты просят в лизинг сервер с 8 h100, что по цене?").intent != "handoff"


@pytest.mark.parametrize("text", ["got a 3090 in my rig. want llama 70b at q4 — what should i pick up?",
                                  "got one 4090 in my pc, want qwen3 32b at q8, what should i grab to make it work?"])
def test_an_owned_card_and_what_to_pick_up_is_an_upgrade(text):
    assert read(text).intent == "upgrade"


@pytest.mark.parametrize("text", ["good evening! just looking around for now", "hi, just browsing",
                                  "добрый день, пока просто присматриваюсь",
                                  "Thanks, that's exactly what we needed for the board meeting.",
                                  "thanks — that's what I needed for my budget planning"])
def test_browsing_and_a_closing_thanks_are_greetings(text):
    assert read(text).intent == "greeting"


def test_a_thanks_with_a_question_after_it_is_no_closing():
    assert read("thanks, that's what I needed — and what about the psu for it?").intent != "greeting"


@pytest.mark.parametrize("then", ["Or is it smarter to swap the H100s for H200s — how many would that take?",
                                  "или лучше заменить их на H200 — сколько их понадобится?"])
def test_cards_swapped_and_how_many_is_the_count(then):
    scenario, intent = talk("Client runs 8x H100 and wants deepseek v3.1 in fp8 for 100 users. What do they need to add?",
                            then)
    assert intent == "recommend" and scenario.gpu == "h200"


def test_two_cards_weighed_with_or_inside_stay_a_comparison():
    assert read("Or is the H100 better than the H200 for this, or the same?").intent == "compare"


# ---------------------------------------------------------------- how many: counts said every way
@pytest.mark.parametrize("text, count", [("сервер с восьмёркой H100 под кими к2", 8), ("шестёрка 3090 потянет ламу 70б?", 6),
                                         ("возьмём четвёркой L40S, хватит под квен 32б?", 4)])
def test_a_count_said_as_a_group_word(text, count):
    assert read(text).scenario.gpu_count == count


@pytest.mark.parametrize("text, count", [("a 4-way L40S box for mistral small 3.2", 4),
                                         ("an 8-way gpu server for llama 70b", 8)])
def test_an_n_way_box_is_its_count(text, count):
    assert read(text).scenario.gpu_count == count


def test_n_way_of_something_else_is_no_count():
    assert read("4 way split of the budget").scenario.gpu_count is None


@pytest.mark.parametrize("text", ["риг 4 по 24 гига, какие модели влезут в q8?", "у нас 2 по 48 гб, что запустить?"])
def test_n_cards_of_m_gigabytes(text):
    s = read(text).scenario
    assert s.gpu_count in (4, 2) and s.card_vram_gb in (24, 48) and s.users is None


def test_n_people_by_m_hours_stays_people():
    assert read("4 по 8 часов в день будут сидеть с квен 14б").scenario.gpu_count is None


@pytest.mark.parametrize("text", ["Quick one — H100 price and availability?", "quick one: what's the L40S TDP?"])
def test_a_quick_one_is_no_count(text):
    assert read(text).scenario.gpu_count is None


def test_one_card_asked_after_a_quick_one_is_still_one():
    assert read("quick one: is one h100 enough for llama 70b in q4?").scenario.gpu_count == 1


def test_half_a_dozen_is_six_cards_not_half_precision():
    s = read("client's looking at half a dozen h200. any better price for that?")
    assert s.scenario.gpu_count == 6 and s.scenario.precision is None and s.intent == "handoff"


@pytest.mark.parametrize("text", ["3 сервера, в каждом A100 80GB ×8. Что можно развернуть на одном таком сервере?",
                                  "two nodes, each with 8x H100. will kimi k2 in fp8 fit on just one of them?"])
def test_one_of_the_servers_is_no_count_of_cards(text):
    assert read(text).scenario.gpu_count == 8


def test_one_card_of_a_server_is_still_read():  # a count of cards, asked against the eight (not dropped)
    r = read("сервер на 8 h100, а на одной карте квен 32б влезет?")
    assert [s.text for s in r.conflicts["gpu_count"]] == ["8", "одной карте"]


@pytest.mark.parametrize("text", ["вместо них 4-5 H200 — это с запасом или впритык?",
                                  "а шесть l40s под это — впритык или с запасом?"])
def test_roomy_or_tight_is_the_fit(text):
    assert read(text).intent == "vram"


def test_a_clarified_count_keeps_the_question():
    _, intent = talk("У нас два узла по 8 H100. Влезет ли кими к2 в fp8 с контекстом 64к?",
                     "Уточню: на оба узла вместе 16 карт, считайте на все сразу.")
    assert intent == "vram"


# ---------------------------------------------------------------- the shortest messages
@pytest.mark.parametrize("text, slot, value", [("бп850 на 3090 норм?", "psu_w", 850), ("батч4, лора квен 14б", "users", 4),
                                               ("ламу3 70 на 2х3090 q4 влезет", "model", "llama-3-70b")])
def test_a_word_glued_to_its_number_is_read_apart(text, slot, value):
    assert getattr(read(text).scenario, slot) == value


@pytest.mark.parametrize("text, model", [("дипсик р1 на 8 h100", "deepseek-r1"), ("квен3 32б на 4090", "qwen3-32b")])
def test_a_one_letter_prefix_and_a_name_stay_whole(text, model):
    assert read(text).scenario.model == model


@pytest.mark.parametrize("text", ["qlora llama 3.1 70b, batch 2, seq 4096?", "лора квен 14б, seq 8192"])
def test_seq_before_a_length_is_the_context(text):
    assert read(text).scenario.context in (4096, 8192)


@pytest.mark.parametrize("text", ["4070 ти супер скок щас", "5090 сколько сейчас?"])
def test_a_card_and_how_much_now_is_its_price(text):
    assert read(text).intent == "gpu_info"


def test_a_rate_asked_now_stays_the_rate():
    assert read("а ток/с сколько щас").intent == "speed"


def test_how_much_for_an_order_is_a_handoff_and_the_price_now_a_spec():
    assert read("h20 10шт под клиента, почём отдадите").intent == "handoff"
    assert read("Почём сейчас отдаёте RTX PRO 6000?").intent == "gpu_info"  # fresh76's convention


def test_a_task_and_a_count_in_a_few_words_change_the_question():
    _, intent = talk("qlora llama 3.1 70b, one h100 nvl, batch 2, seq 4096?", "full ft on 8 of them?")
    assert intent == "vram"


def test_the_quieter_one_weighs_the_two():
    assert talk("client: 4090 or 5090 for 32b models", "quieter one?")[1] == "compare"


def test_a_task_after_a_why_goes_back_to_the_memory():
    _, intent = talk("полное обучение mistral 7b bf16 — сколько памяти", "а почему так много", "ок а лора?")
    assert intent == "vram"


def test_a_why_after_a_why_stays_knowledge():
    assert talk("полное обучение mistral 7b bf16 — сколько памяти", "а почему так много", "а что такое лора?")[1] == "knowledge"


# ---------------------------------------------------------------- counterparts a review helper found (541 messages)
def test_one_of_the_cards_of_one_server_is_asked_not_all_of_them():
    r = read("we have a server with 4 A100 40GB, is one of them enough for llama 70b fp8?")
    assert r.scenario.gpu_count is None and [s.text for s in r.conflicts["gpu_count"]] == ["4", "one"]


def test_two_n_way_options_are_asked():
    assert [s.text for s in read("a 4-way or 8-way L40S node for llama 70b").conflicts["gpu_count"]] == ["4-way", "8-way"]


@pytest.mark.parametrize("text", ["а если с нуля — что бы вы взяли на 100 человек?", "с нуля собрать пк под нейронки до 200к",
                                  "я с нуля, хочу поставить ламу на свою 3060"])
def test_from_scratch_without_training_is_no_full_training(text):
    assert read(text).scenario.task is None


@pytest.mark.parametrize("text", ["хотим обучить модель 7б с нуля", "train a 1b model from scratch on 8 h100"])
def test_training_from_scratch_is_still_full(text):
    assert read(text).scenario.task == "full"


@pytest.mark.parametrize("then", ["what would you suggest to speed it up?", "что бы вы посоветовали почитать про квантизацию?",
                                  "what would you suggest for power supply?", "я с нуля в этом, объясните, что такое квантизация?"])
def test_the_vendors_advice_on_something_else_keeps_the_cards(then):
    scenario, _ = talk("у нас 2 A100 80GB, qwen 72b", then)
    assert scenario.gpu == "a100-sxm-80gb" and scenario.gpu_count == 2


def test_a_psu_with_headroom_or_tight_is_power():
    assert read("бп 850 на 4090 с запасом или впритык?").intent == "power"


def test_a_clarification_that_asks_what_something_is_is_knowledge():
    assert talk("у нас 2 A6000, qwen 72b влезет?", "Уточню: а что такое kv-кэш, о котором вы пишете?")[1] == "knowledge"


def test_a_task_after_a_how_question_is_how_it_works():
    assert talk("как работает квантизация на примере llama 70b?", "ок а лора?")[1] == "knowledge"


@pytest.mark.parametrize("text", ["is there any better price-performance card than the 3090 for llms?",
                                  "for the price list, what's the cheapest card that runs llama 70b?"])
def test_price_words_that_ask_no_deal_are_no_handoff(text):
    assert read(text).intent != "handoff"


@pytest.mark.parametrize("then, count", [("а если добавить ещё одну A100 — хватит?", 3), ("what about two more A100s, enough?", 4)])
def test_a_bare_card_name_after_its_variant_is_that_variant(then, count):
    scenario, _ = talk("у нас 2x A100 40GB, хотим llama 70b fp8, что докупить?", then)
    assert scenario.gpu == "a100-sxm-40gb" and scenario.gpu_count == count


def test_another_variant_said_is_that_variant():
    assert talk("у нас 2 A100 40GB под llama 70b", "а на A100 80GB?")[0].gpu == "a100-sxm-80gb"


@pytest.mark.parametrize("text, slot, value", [("one more question: is 2 H100 enough for qwen 72b?", "gpu_count", 2),
                                               ("One more: how many L40S for llama 70b for 40 users?", "users", 40)])
def test_one_more_question_adds_nothing(text, slot, value):
    assert getattr(talk(text)[0], slot) == value


def test_one_more_card_still_adds_one():
    assert talk("у нас 2 3090, ллама 70б в q4 влезет?", "and if i add one more 3090?")[0].gpu_count == 3


def test_half_a_dozen_people_are_six():
    assert talk("half a dozen people will use it, qwen 14b on a 4090")[0].users == 6
    assert talk("qwen 14b for 20 users", "and for half the users?")[0].users == 10


def test_a_price_said_further_back_is_the_price_not_a_context():
    s = read("the partner price for an H100 is 30k, is own cheaper than cloud at 2.5$/h?").scenario
    assert s.server_price == 30000 and s.context is None


@pytest.mark.parametrize("text, hours", [("работаем по будням и по субботам с 9 до 18", 234.0),
                                         ("по будням с 9 до 18 и по субботам с 10 до 14", 195.0)])
def test_hours_said_after_weekdays_and_saturdays_are_shared(text, hours):  # a hurried question after stop 52's freeze
    assert read(text).scenario.hours_per_month == hours


@pytest.mark.parametrize("text, intent", [("my psu is 750w, which gpu should i get for local llms?", "recommend"),
                                          ("бп у меня на 650, какую видюху взять, чтоб квен 14б шёл?", "recommend"),
                                          ("сколько стоит H100 и какое у неё энергопотребление?", "gpu_info"),
                                          ("Спасибо, это ровно то, что нужно было для совещания по бюджету.", "greeting"),
                                          ("бп на 650 хватит под 4090?", "power")])
def test_the_reviews_missed_wordings(text, intent):
    assert read(text).intent == intent


# ---------------------------------------------------------------- a second review (413 messages against 136266a)
@pytest.mark.parametrize("text, users", [("у нас 10 человек на одной 4090, а если будет 15, потянет?", 10),
                                         ("сейчас на 4090 сидят 6 человек, а если будет 10 — вытянет?", 6)])
def test_if_there_were_n_after_people_is_no_card_count(text, users):
    s = read(text).scenario
    assert s.gpu_count in (None, 1) and s.users == users


def test_each_of_n_people_with_m_requests_keeps_the_people_in_question():
    r = read("на каждого из 30 пользователей по 2 запроса в минуту, квен 32б на двух l40s потянет?")
    assert r.scenario.users != 2 and "users" in r.conflicts


@pytest.mark.parametrize("text", ["оперативка 2 по 16 гиг, видюха 3060", "4 по 16 гб ddr4 и 3060"])
def test_ram_sticks_are_no_cards(text):
    assert read(text).scenario.gpu_count is None


@pytest.mark.parametrize("first, then", [("у меня две 3090 и 128 гб озу", "что бы вы посоветовали запустить?"),
                                         ("we have 4 3090s", "what would you recommend running on them?")])
def test_the_vendors_advice_on_what_to_run_keeps_the_cards(first, then):
    assert talk(first, then)[0].gpu == "rtx-3090"


def test_a_card_swapped_to_bare_is_the_catalogs_card():
    assert talk("a100 40gb x2, qwen 72b int4", "what if we swap to a100?")[0].gpu == "a100-sxm-80gb"


@pytest.mark.parametrize("text", ["can one H100 machine handle 50 users for llama 8b?", "i have one 4090 box at home, llama 8b?"])
def test_one_card_of_a_machine_is_one(text):
    assert read(text).scenario.gpu_count == 1


def test_a_card_after_a_psu_word_is_no_psu():
    assert read("какой бп на 3090 нужен?").scenario.psu_w is None


# ---------------------------------------------------------------- pasted logs (fresh74)
def test_an_oom_messages_memory_is_no_ram():
    s = read("лора ламы 3.1 8б на 3060 12гб падает:\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. "
             "GPU 0 has a total capacity of 11.63 GiB of which 402.19 MiB is free. Including non-PyTorch memory, this "
             "process has 11.22 GiB memory in use.\nс кулорой влезет?").scenario
    assert s.ram_gb is None and s.gpu == "rtx-3060-12gb"


def test_the_setup_said_in_an_oom_line_is_kept():
    s = read("> vllm crashes with torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB. setup: 2x L40S, "
             "llama 3.1 70b awq\nIs this setup too small?").scenario
    assert s.gpu_count == 2 and s.ram_gb is None


def test_an_ollama_ps_row_counts_no_cards():
    s = read("ollama ps:\nNAME          ID              SIZE     PROCESSOR          UNTIL\ngemma3:27b    a418f5838eaf    "
             "21 GB    29%/71% CPU/GPU    4 minutes from now\nкарта 5060 ти 16гб, сколько токенов ждать?").scenario
    assert s.gpu_count is None


def test_a_cloud_bills_total_is_no_server_price():
    s = read("строка из счёта: gpu-h100-1x | 318 ч | 1 090,00 ₽/ч | 346 620,00 ₽. Если купить сервер с одной H100 — "
             "когда окупится?").scenario
    assert s.server_price is None and s.cloud_hourly == 1090 and s.hours_per_month == 318


def test_a_server_price_beside_a_cloud_price_stays():
    s = read("сервер с H100 за 4 млн руб. или облако по 1090 руб/час, 318 часов в месяц").scenario
    assert s.server_price == 4_000_000


def test_nvidia_smi_rows_count_the_cards():
    s = read("nvidia-smi:\n|   0  NVIDIA RTX A6000               Off |   00000000:3B:00.0 Off |\n"
             "|   1  NVIDIA RTX A6000               Off |   00000000:AF:00.0 Off |\nквен3 32б в fp16, что докупить на 40 человек?").scenario
    assert s.gpu == "rtx-a6000" and s.gpu_count == 2
