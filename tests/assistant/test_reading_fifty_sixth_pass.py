"""Fifty-sixth pass (issue 11): leftovers of the sets before (fresh52, fresh59, fresh60) and fresh62.yaml and
fresh63.yaml's first sight; general rules, each with wordings of its own and a counterpart."""
import pytest

from assistant.reading import read
from tests.assistant.test_reading_thirtyninth_pass import said, talk


@pytest.mark.parametrize("first, then, hours", [
    ("купить сервер с 4090 за 300 тыщ или облако по 70 р/час? работать будет с 9 до 21 каждый день",
     "а если только по выходным?", 12 * 104 / 12),
    ("Buy a $6,000 box or rent a GPU at $1.40/hr? About 8 hours a day, every day.",
     "and if it's just weekends, same hours?", 8 * 104 / 12),
])
def test_weekends_only_keep_the_hours_a_day(first, then, hours):
    scenario, intent = talk(first, then)
    assert intent == "cost" and scenario.hours_per_month == pytest.approx(hours, abs=0.1)


def test_weekends_switched_off_are_weekdays_and_weekends_added_are_every_day():
    scenario, _ = talk("купить сервер за 300 тыщ или облако по 70 р/час, 10 часов каждый день?", "а если на выходные выключать?")
    assert scenario.hours_per_month == pytest.approx(10 * 260 / 12, abs=0.1)


@pytest.mark.parametrize("text, price", [("rent a gpu at a buck twenty an hour or buy a box for 4500?", 1.2),
                                         ("cloud is a buck thirty five per hour, or buy one for $5k?", 1.35),
                                         ("a buck fifty an hour in the cloud or a $4,000 box?", 1.5)])
def test_a_buck_and_cents_is_the_hourly_price(text, price):
    assert said(text).get("cloud_hourly") == pytest.approx(price)


def test_a_buck_alone_is_not_rewritten():
    assert said("i have a few bucks, like 2000 bucks, what can i run llama 3 8b on?").get("budget") == 2000


@pytest.mark.parametrize("text", ["если возьму восемь штук, какую цену дадите?",
                                  "what price would you give us for 10 of the L40S?",
                                  "а по какой цене отдадите четыре 4090?"])
def test_the_vendors_price_for_an_order_is_a_handoff(text):
    assert read(text).intent == "handoff"


@pytest.mark.parametrize("text", ["customer wants a box for llama 3.1 8b serving 100 concurrent chats at 8k context, "
                                  "what should I quote?",
                                  "клиенту нужна лама 70б на 30 человек, что ему предложить клиенту?"])
def test_a_resellers_own_quote_is_sizing(text):
    assert read(text).intent == "recommend"


def test_a_quote_asked_of_the_vendor_stays_a_handoff():
    assert read("can you send me a quote for a box with 4 L40S?").intent == "handoff"
    assert read("какая цена на 4090 сейчас?").intent == "gpu_info"


def test_weekends_with_new_hours_are_a_schedule_of_their_own():
    scenario, _ = talk("купить сервер за 300 тыщ или облако по 70 р/час, 10 часов каждый день?", "а если только по выходным, часов по шесть?")
    assert scenario.hours_per_month == pytest.approx(6 * 104 / 12, abs=0.1)


@pytest.mark.parametrize("text", ["ок, а скока тпс примерно будет на 4090 с квеном 14б?",
                                  "собрал риг: 3 x 3090 + 128 гб ddr4, бп 1600w. хочу погонять gpt-oss-120b, сколько т/с выжму?"])
def test_a_rate_asked_is_a_speed_question_beside_the_rigs_psu(text):
    assert read(text).intent == "speed"


def test_a_psu_doubted_beside_a_rate_stays_a_power_question():
    assert read("бп 1600w, 3 x 3090, хватит ли блока и сколько т/с будет?").intent == "power"


@pytest.mark.parametrize("text, context", [("лору на ламу 3.1 8б на 3060 12 гб, батч 4, seq len 2048, хватит?", 2048),
                                           ("qlora llama 3 8b, sequence length 4096, fits on a 4090?", 4096),
                                           ("seq_len=1024 для мистраля 7б, лора", 1024)])
def test_a_trainers_sequence_length_is_the_context(text, context):
    assert said(text).get("context") == context


def test_a_sequence_length_inside_an_error_is_not_the_context():
    assert "context" not in said("vllm on one L40S with qwen3 32b fails: The model's max seq len (40960) is larger than "
                                 "the KV cache. Will it fit?")


@pytest.mark.parametrize("text", ["у меня две 3090, под ламу 70б что докупить?",
                                  "I have one 4090 and 96 gb ram, want qwen3 235b a22b in q4. What I need to buy additionally?"])
def test_what_to_buy_for_cards_owned_is_an_upgrade(text):
    assert read(text).intent == "upgrade"


def test_the_same_time_said_before_the_number_marks_the_users():
    assert said("Our company have 60 employees, in same time will use maybe 25. We want llama 3.3 70b.")["users"] == 25


def test_what_a_setup_adds_to_the_bill_is_power():
    _, intent = talk("I have two 3090s running llama 3 8b", "and what would they add to my power bill running 6 hours a "
                                                                "day at 15 cents per kWh?")
    assert intent == "power"


@pytest.mark.parametrize("text", ["If I take 8 of them, can you do a better price?", "а цену получше за четыре штуки сделаете?"])
def test_a_better_price_asked_of_the_vendor_is_a_handoff(text):
    assert read(text).intent == "handoff"


@pytest.mark.parametrize("text, hours", [
    ("сидим по будням часа 3 и в выходные часов по 8, брать 4090 за 170 тыщ или облако по 40 р/час?", 3 * 260 / 12 + 8 * 104 / 12),
    ("weekdays about 2 hours, weekends 6 hours, buy a 4090 for 1800 or rent at 0.7/hr?", 2 * 260 / 12 + 6 * 104 / 12),
    ("по будням 4 часа, по выходным 10, 3090 за 80 тыщ или облако по 35 р/час?", 4 * 260 / 12 + 10 * 104 / 12),
])
def test_a_week_split_in_two_adds_its_parts(text, hours):
    s = said(text)
    assert s["hours_per_month"] == pytest.approx(hours, abs=0.05) and "gpu_count" not in s


@pytest.mark.parametrize("text, hours", [
    ("работаем по будням 9 часов, выходные отдыхаем. 4090 за 200 тыщ или облако по 50 р/час?", 9 * 260 / 12),
    ("weekdays 9 hours, closed on weekends. buy a 4090 for 1800 or rent at 0.7/hr?", 9 * 260 / 12),
    ("по будням и в выходные по 8 часов, облако по 50 р/час или 4090 за 200 тыщ?", 8 * 365 / 12),
    ("по 10 часов по выходным, облако по 50 р/час или 4090 за 200 тыщ?", 10 * 104 / 12),
])
def test_weekends_off_or_added_are_not_the_hours_days(text, hours):
    assert said(text)["hours_per_month"] == pytest.approx(hours, abs=0.05)


@pytest.mark.parametrize("first, then, intent", [
    ("will llama 3 8b in q4 with 16k context fit on my 4070?", "oops, meant the 70b llama, not the 8b. same q4, 16k context", "vram"),
    ("сколько т/с будет квен 14б в q4 на 4070?", "ой, я имел в виду квен 32б", "speed"),
])
def test_a_slip_corrected_keeps_the_question(first, then, intent):
    assert talk(first, then)[1] == intent


def test_a_new_model_without_a_slip_is_still_read_as_asked():
    assert talk("сколько т/с будет квен 14б в q4 на 4070?", "какой сервер нужен под ламу 70б на 30 человек?")[1] == "recommend"


@pytest.mark.parametrize("first, then", [("у меня 3060 на 12 гигов, что на ней пойдет?", "а если докупить вторую такую же — что тогда потянет?"),
                                         ("i have a 3090, what can i run?", "and if i add a second one, what could i run then?")])
def test_what_runs_once_cards_are_added(first, then):
    scenario, intent = talk(first, then)
    assert intent == "models_for_hardware" and scenario.gpu_count == 2


def test_what_to_add_for_a_model_stays_an_upgrade():
    assert read("у меня 3090, что тогда докупить под ламу 70б?").intent == "upgrade"


def test_two_precisions_weighed_for_the_model_on_the_table_are_sized():
    _, intent = talk("квен3 кодер 30б а3б на моей 3090 с 64 гигами оперативки пойдёт?", "а что лучше, q4 или q6, если контекст нужен 32к?")
    assert intent == "vram"


def test_which_is_better_on_another_measure_keeps_the_comparison():
    _, intent = talk("что взять, 5090 или две 3090?", "а по жору какая лучше? проводка старая")
    assert intent == "compare"


def test_the_same_days_a_week_kept_with_new_hours():
    scenario, _ = talk("купить сервер за 400 тыщ или облако по 90 р/час? работаем по 8 часов шесть дней в неделю",
                       "а если смену удлинят до 12 часов, те же шесть дней?")
    assert scenario.hours_per_month == pytest.approx(12 * 6 * 52 / 12, abs=0.1)


def test_a_generators_kilowatts_make_a_power_question_and_an_image_generator_does_not():
    _, intent = talk("а лама 3.1 8б в q4 на ноуте скока слов в секунду выдаст?",
                     "а если привезут комп с 4060 на 8 гигов, генератор на 3 квт его вытянет?")
    assert intent == "power"
    assert read("генератор картинок на 3060 вытянет 4 картинки в минуту?").intent == "speed"


@pytest.mark.parametrize("text, model", [("а квенчик 14б в q4 на 4060 ти влезет?", "qwen3-14b"),
                                         ("ламочку 3.1 8б потянет 3060?", "llama-3.1-8b"),
                                         ("мистральку 7б на 8 гигов запущу?", "mistral-7b-v0.3")])
def test_a_familys_diminutive_is_the_family(text, model):
    assert said(text).get("model") == model


@pytest.mark.parametrize("text, count", [("what can i run on 2x 3060... wait no its one 3060 12gb", 1),
                                         ("у меня две 3090, а не, три 3090. что пойдёт?", 3)])
def test_a_count_taken_back_in_the_message_gives_way_to_the_one_meant(text, count):
    assert said(text).get("gpu_count") == count


def test_two_counts_weighed_are_still_asked():
    assert "gpu_count" in read("две 3090 или три 3090, что лучше?").conflicts


@pytest.mark.parametrize("then, count", [("а если ещё одну докуплю, будет четыре", 4), ("and if i add one more, making it three?", 3),
                                         ("а если ещё одну?", 4)])
def test_a_total_said_beside_an_addition_is_the_count(then, count):
    assert talk("у меня три 3090, что на них пойдёт?" if count != 3 else "i have two 3090s, what runs?", then)[0].gpu_count == count


@pytest.mark.parametrize("text, users", [("одновременно будет не 25, а 40 человек — отдел продаж тоже подключают", 40),
                                         ("одновременно будет 40 человек, а не 25", 40),
                                         ("not 25 but 40 people at once, llama 3 8b", 40)])
def test_a_number_denied_gives_way_to_the_one_meant(text, users):
    r = read(text)
    assert r.scenario.users == users and not r.unattached and r.spans.get("corrected")


def test_a_count_after_not_with_its_own_unit_is_still_read():
    assert said("8 cards, not 4.")["gpu_count"] == 8


@pytest.mark.parametrize("text, price", [("гонять будем круглосуточно, киловатт-час по договору 7 руб. 15 коп. во сколько обойдётся?", 7.15),
                                         ("квт по тарифу 6 руб 20 коп, сколько в месяц за 4090?", 6.2)])
def test_the_kwh_word_before_a_contracts_price_makes_it_the_electricity_price(text, price):
    s = said(text)
    assert s.get("electricity_price") == price and "budget" not in s


def test_which_of_the_two_is_no_count():
    scenario, intent = talk("заказчику нужен сервер под llama 3.3 70b на 60 пользователей: 8 × L40S или 4 × H100?",
                            "а по потреблению какой из двух прожорливее?")
    assert intent == "compare" and scenario.users == 60


def test_a_quote_for_two_servers_counts_no_cards():
    scenario, intent = talk("сколько H200 закладывать под deepseek v3.1 в fp8 на 120 сессий?",
                            "ок, выставьте КП на два таких узла, реквизиты пришлю отдельно.")
    assert intent == "handoff" and scenario.gpu_count is None


@pytest.mark.parametrize("text, intent", [("данные при такой схеме точно не уходят наружу?", "knowledge"),
                                          ("does any data leave the building if we run llama locally?", "knowledge"),
                                          ("Please send a formal quote for that configuration, the PO will follow.", "handoff"),
                                          ("how much do u guys sell a 3090 for tbh", "gpu_info"),
                                          ("what do you charge for an H100?", "gpu_info")])
def test_data_privacy_a_formal_quote_and_a_price_asked(text, intent):
    assert read(text).intent == intent


def test_cards_that_would_do_it_for_the_model_are_a_fit_question():
    _, intent = talk("what should we buy for qwen3 32b for 40 people?", "would 2 rtx pro 6000s do it?")
    assert intent == "vram"


@pytest.mark.parametrize("text, price", [("Тариф у нас 6 руб. 40 коп. за кВт·ч, сколько в месяц за 4090?", 6.4),
                                         ("риг работает часов 5 в день, а кВт·ч стоит 5 руб. 90 коп.?", 5.9)])
def test_kopecks_after_a_dotted_rouble_stay_with_it(text, price):
    s = said(text)
    assert s.get("electricity_price") == price and "budget" not in s


def test_a_number_word_denied_gives_way_to_the_one_meant():
    scenario, _ = talk("у заказчика четыре a6000, что докупить под ламу 70б?", "поправка от заказчика: карт у них не четыре, а шесть.")
    assert scenario.gpu_count == 6


def test_what_a_card_sells_for_is_its_price():
    assert read("And what does an A6000 sell for these days?").intent == "gpu_info"


def test_another_card_after_a_rate_asks_the_same_rate():
    _, intent = talk("квен3 14б в q4 на 4070 ti super, сколько токенов в секунду будет?", "а на б/у 3090 сколько выйдет?")
    assert intent == "speed"


# A review of 41044af (a helper tried ordinary messages against every new rule): each case below had been read wrong.
@pytest.mark.parametrize("then", ["а если ещё одну докуплю, будет 72 гига?", "and if i add one more, making it 72 gb total?"])
def test_a_total_with_a_unit_is_no_card_count(then):
    assert talk("у меня две 3090, лама 70б в q4 влезет?", then)[0].gpu_count == 3


@pytest.mark.parametrize("first, then", [
    ("4090 за 200 тыс или облако по 50 р/час? работаем по будням по 8 часов", "а если только по выходным?"),
    ("Buy a $6,000 box or rent at $1.40/hr? 8 hours a day, 5 days a week.", "what if only weekends?")])
def test_weekends_only_after_weekdays_keep_the_weekdays_hours_a_day(first, then):
    assert talk(first, then)[0].hours_per_month == pytest.approx(8 * 104 / 12, abs=0.05)


@pytest.mark.parametrize("text", ["контекст 32к, а не, как обычно, 8к — квен 14б на 4090 влезет?",
                                  "контекст 8к на чат, сорян что сумбурно, и 32к на RAG, квен 14б на 4090"])
def test_a_filler_or_a_denial_after_is_no_correction(text):
    r = read(text)
    assert r.scenario.context != 8192 or "context" in r.conflicts
    assert "context" in r.conflicts or r.scenario.context == 32768


def test_a_filler_oops_takes_no_count_back():
    assert said("i have 2 3090s, oops forgot to mention, also 1 3060 — what runs?").get("gpu_count") != 1


def test_people_on_weekends_are_no_hours():
    s = said("по будням 20 человек по 8 часов, по выходным 5, квен 32б, облако по 60 р/час или сервер за 500 тыс?")
    assert s["hours_per_month"] == pytest.approx(8 * 260 / 12, abs=0.05)


def test_a_saturday_alone_is_no_weekend():
    assert said("по будням 8 часов, в субботу 4 часа, облако по 60 р/час или сервер за 500 тыс?").get("hours_per_month") != 208


@pytest.mark.parametrize("first, then, intent", [
    ("влезет ли квен 14б в q4 на 4070?", "а какой сервер нужен под ламу 70б, точнее на 30 человек?", "recommend"),
    ("сколько т/с будет квен 14б в q4 на 4070?", "i mean, what server would you recommend for llama 70b for 30 users?", "recommend"),
    ("will llama 3 8b fit on my 4070?", "oops, meant qwen3 32b for our team of 20, what should we buy?", "recommend"),
    ("5090 или две 3090 под ламу 70б?", "which is better, vllm or ollama?", "knowledge"),
    ("what server for llama 70b for 30 users?", "too pricey. what could we run then for $10k?", "recommend"),
    ("квен 14б в q4 на 4070, сколько т/с?", "а в чём разница между q4 и q8 вообще, если контекст 8к?", "knowledge"),
])
def test_a_new_question_after_a_slip_or_a_comparison_is_its_own(first, then, intent):
    assert talk(first, then)[1] == intent


@pytest.mark.parametrize("text, intent", [
    ("а есть карты, у которых цены пониже, чем у H100, но чтобы лама 70б влезла?", "vram"),
    ("can you offer a better deal than 2 H100 for llama 70b, like L40S?", "compare"),
    ("how much would you want for 2 A100 to run llama 70b for 20 users?", "vram"),
    ("бп 1000w, 2x3090, лама 70б q4, сколько т/с и сколько будет жрать из розетки?", "power"),
    ("PSU 850W, one 4090, how many tok/s on llama 8b and what's the power draw?", "power"),
])
def test_cheaper_hardware_sizing_and_a_psu_with_its_draw_asked_are_read_as_before(text, intent):
    assert read(text).intent == intent


@pytest.mark.parametrize("text, users", [
    ("Одновременно будут работать человек 20, нет, скорее 25, контекст 8к, gemma 3 27b. Сколько L40S?", 25),
    ("Llama 3.3 70B, maybe 15 concurrent users — scratch that, 20 — at 16k context. What box?", 20)])
def test_a_bare_number_after_a_correction_replaces_the_value(text, users):
    r = read(text)
    assert r.scenario.users == users and not r.unattached and r.spans.get("corrected")


def test_a_bare_number_after_no_with_a_unit_of_its_own_is_its_own():
    assert said("20 карт, нет, 30 человек") == {"gpu_count": 20, "users": 30}


@pytest.mark.parametrize("text, users", [("I run a small accountancy practice in Bristol, 12 of us. What would you recommend?", 12),
                                         ("Llama 3.3 70B in FP8 for 5 colleagues. What must we buy additionally?", 5)])
def test_people_said_as_of_us_or_colleagues(text, users):
    assert said(text)["users"] == users


def test_glued_cents_a_kwh_and_budgets_apostrophe():
    assert said("one 4090 running 24/7 at 35c a kWh, what's the power bill?")["electricity_price"] == 0.35
    assert said("Llama 3.3 70B at 16k context. Budget's roughly 60 grand. What box?")["budget"] == 60000


@pytest.mark.parametrize("text, intent", [("awesome, thanks a bunch", "greeting"),
                                          ("If we took half a dozen PRO 6000s, what could you do on price?", "handoff")])
def test_thanks_and_a_price_for_an_order(text, intent):
    assert read(text).intent == intent


def test_a_pro_6000_said_without_rtx_is_the_card():
    assert said("half a dozen PRO 6000 cards for llama 70b?") == {"model": "llama-3.3-70b", "gpu": "rtx-pro-6000-blackwell",
                                                                 "gpu_count": 6}


@pytest.mark.parametrize("then", ["Could a pair of RTX PRO 6000s carry that at fp8?", "Reckon a single H200 would cope?"])
def test_cards_that_would_carry_or_cope_are_a_fit_question(then):
    assert talk("what box for Llama 3.3 70B for 20 concurrent users at 16k context?", then)[1] == "vram"


# A review of 72b0c33 (a helper tried ordinary messages against the rules of fresh67's pass): each had been read wrong.
@pytest.mark.parametrize("text, budget", [("I have a MacBook Pro, 6000 dollars budget, what can I run?", 6000),
                                          ("Mac Pro 6000$ vs a 4090 box for Qwen 32B?", 6000)])
def test_another_products_pro_is_no_card(text, budget):
    s = said(text)
    assert s.get("budget") == budget and s.get("gpu") != "rtx-pro-6000-blackwell"


def test_a_threadripper_pro_and_chatgpt_pro_are_no_cards():
    assert said("Our Threadripper Pro 6000 series box has 256GB RAM, add 2 4090s?")["gpu"] == "rtx-4090"
    assert said("ChatGPT Pro 6000 users — how many H100 to replace it?")["users"] == 6000


@pytest.mark.parametrize("text", ["One of us will set it up. Qwen 32B, what GPU do we need?",
                                  "2 of us are remote. Llama 70B, what server?"])
def test_part_of_the_team_is_no_headcount(text):
    assert "users" not in said(text)


@pytest.mark.parametrize("text", ["человек 20, нет, скорее 25% из них одновременно, квен 32б",
                                  "20 users — scratch that, 25 percent of them concurrent, llama 70b",
                                  "человек 40, нет, скорее 30 тысяч рублей в месяц на облако"])
def test_a_number_with_another_unit_after_a_no_replaces_nothing(text):
    assert said(text)["users"] in (20, 40)


@pytest.mark.parametrize("text", ["Our colleagues in 3 countries will use Llama 70B", "colleagues in 2 offices, llama 70b"])
def test_places_counted_are_no_people(text):
    assert "users" not in said(text)


@pytest.mark.parametrize("text", ["What would you do about the price difference between 4090 and 5090 — is the 5090 worth it?",
                                  "what could you do on price-performance for Llama 70B, 20 users?",
                                  "What can you do with the price of one H100? Like, what would you build for that money?"])
def test_price_talk_that_asks_no_discount_is_no_handoff(text):
    assert read(text).intent != "handoff"


@pytest.mark.parametrize("then", ["Do you carry it? 2 H200s, delivery to Berlin",
                                  "Our old 2 A6000 box can't cope anymore; how much for 2 H100?"])
def test_carrying_stock_and_a_box_that_cannot_cope_ask_no_fit(then):
    assert talk("what box for Llama 3.3 70B for 20 concurrent users?", then)[1] != "vram"


# fresh69 (the newest models and cards; first sight 0.917 at 94d3f82)
def test_whether_a_model_can_be_started_at_all_is_a_fit_question():
    assert read("а гпт осс 120 вообще можно завести? там же активных всего 5 миллиардов, если экспертов скинуть в оперативку").intent == "vram"


@pytest.mark.parametrize("text", ["how much quality do I actually lose running a model in FP4 instead of FP8 on the new Blackwell cards?",
                                  "насколько качество падает в q4 по сравнению с q8?"])
def test_the_quality_lost_is_knowledge(text):
    assert read(text).intent == "knowledge"


def test_thanks_that_closes_the_chat_is_a_goodbye():
    assert read("Great, thanks — that's what I needed.").intent == "greeting"
    assert read("Great, thanks — and what about 4 cards?").intent != "greeting"


def test_a_difference_between_them_keeps_the_comparison():
    _, intent = talk("что брать под квен3 32б: одну 5090 или две 3090?", "а по электричеству между ними большая разница?")
    assert intent == "compare"


@pytest.mark.parametrize("text, card", [
    ("I read online that a 70b model needs 140GB of VRAM, is that for real? I only have a 24GB card at home", 24),
    ("нужно 48 гб vram под квен 32б, что взять?", 48)])
def test_what_a_model_needs_is_no_memory_owned(text, card):
    r = read(text)
    assert r.scenario.card_vram_gb == card and "card_vram_gb" not in r.conflicts


def test_all_of_the_cards_held_is_no_people_count():
    scenario, _ = talk("у нас 4 a6000, лору на квен 32б для 8 человек потянем?", "а полным файнтюном в bf16 на всех четырёх?")
    assert scenario.users == 8 and scenario.gpu_count == 4
    scenario, _ = talk("у нас 4 a6000, квен 32б для 8 человек потянем?", "а на всех 150?")
    assert scenario.users == 150


@pytest.mark.parametrize("first, then", [
    ("у меня 3060 на 12, лама 3.1 8б в q4, сколько токенов в секунду?", "а если взять 5060 ти на 16, на сколько она будет шустрее моей?"),
    ("i have a 3090, llama 3.1 8b q4, how many tok/s?", "if i get a 5090, how much faster than mine?")])
def test_a_card_set_against_the_one_held_is_a_comparison(first, then):
    scenario, intent = talk(first, then)
    assert intent == "compare" and len(scenario.gpus or []) == 2 and scenario.gpu is None


def test_a_card_alone_after_a_rate_is_still_the_rate():
    assert talk("i have a 3090, llama 3.1 8b q4, how many tok/s?", "and on a 5090?")[1] == "speed"


def test_hours_said_first_before_a_card_after_a_comma_are_no_cards():
    """A question tried after the bench at bcda22e had been read as ten RTX 4090s."""
    s = said("по будням часа 4 и в выходные часов по 10, 4090 за 250 тыщ или облако по 45 р/час, что выгоднее?")
    assert "gpu_count" not in s and s["hours_per_month"] == pytest.approx(4 * 260 / 12 + 10 * 104 / 12, abs=0.05)


@pytest.mark.parametrize("text, expected", [("my card has 24gig, llama 3 8b?", {"card_vram_gb": 24.0}),
                                            ("rtx 3060 12gigs", {"gpu": "rtx-3060-12gb"})])
def test_a_size_glued_to_gig_is_read(text, expected):
    """"rtx 3060 12gig" (a hurried question tried at 6adacc9) had been named back as not understood."""
    r = read(text)
    assert expected.items() <= r.scenario.said().items() and not r.unattached
