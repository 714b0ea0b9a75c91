"""Sixty-fourth pass (issue 11): stop 58's fresh clone (a card and a model the catalog lacked, more people said inside a
longer follow-up), then general rules read off fresh98 and fresh99 after their first sight at a277795, each with a
counterpart that keeps its old reading."""
import pytest

from assistant.reading import read
from tests.assistant.test_reading_thirtyninth_pass import talk
from tools.catalog import get_gpu, get_model


# ---------------------------------------------------------------- the RTX 4070 line and Mistral Nemo, now in the catalog
@pytest.mark.parametrize("text,gpu", [
    ("прив у меня 4070 на двенадцать гиг и 32 оперативы мистраль немо в 4 бита пойдет", "rtx-4070"),
    ("4070 ti на 12 гигов потянет квен 14б?", "rtx-4070-ti"),
    ("i have a 4070 super 12gb, can it do qwen3 14b", "rtx-4070-super"),
    ("у меня 4070 ти супер, что докупить чтобы гонять квен 32б", "rtx-4070-ti-super"),  # the longest name still wins
])
def test_each_4070_is_its_own_card(text, gpu):
    r = read(text)
    assert r.scenario.gpu == gpu and not r.unknown_products and not r.unattached, text


@pytest.mark.parametrize("text", ["прив у меня 4070 на двенадцать гиг и 32 оперативы мистраль немо в 4 бита пойдет",
                                  "mistral nemo 12b на 4090 влезет?", "How much VRAM for Mistral-Nemo-Instruct-2407?"])
def test_mistral_nemo_is_the_catalogs_nemo(text):
    assert read(text).scenario.model == "mistral-nemo-12b", text


def test_the_new_entries_carry_their_sources():
    for gid, tdp in (("rtx-4070", 200), ("rtx-4070-super", 220), ("rtx-4070-ti", 285)):
        g = get_gpu(gid)
        assert g.vram_gib == 12 and g.bandwidth_gbs == 504 and g.tdp_w == tdp and "504 GB/s" in g.source
    m = get_model("mistral-nemo-12b")
    assert (m.n_layers, m.hidden_size, m.n_kv_heads, m.head_dim) == (40, 5120, 8, 128) and "config.json" in m.source


def test_the_mistral_line_still_missing_is_named_back():
    r = read("mistral large 123b на 4090 влезет?")
    assert r.scenario.model is None and r.unknown_products


# ---------------------------------------------------------------- more people said inside a longer follow-up
TEAM = "у нас в отделе 12 человек, есть сервак с двумя а6000, хотим туда квен 32б в 8 битах — хватит?"


def test_more_people_inside_a_longer_follow_up_are_added():
    scenario, intent = talk(TEAM, "а если докинем ещё 2 такие же карты и людей станет на 10 больше, скорость на человека какая будет?")
    assert (scenario.gpu_count, scenario.users, intent) == (4, 22, "speed")


def test_fewer_people_inside_a_longer_follow_up_are_taken_away():
    scenario, _ = talk(TEAM, "а если пользователей будет на 4 меньше, а карты те же, хватит памяти на всех?")
    assert scenario.users == 8 and scenario.gpu_count == 2


def test_people_said_as_a_total_are_not_added():
    scenario, _ = talk(TEAM, "а если докинем ещё 2 такие же карты и людей будет 20, что со скоростью?")
    assert (scenario.gpu_count, scenario.users) == (4, 20)


@pytest.mark.parametrize("text,gpu", [("у меня 4070ти 12гб", "rtx-4070-ti"), ("4070супер", "rtx-4070-super")])
def test_a_variant_glued_on_is_the_catalogs_variant(text, gpu):
    assert read(text).scenario.gpu == gpu


@pytest.mark.parametrize("text", ["у меня 3090ти", "4080 ti"])
def test_a_variant_the_catalog_lacks_is_still_named_back(text):
    r = read(text)
    assert r.scenario.gpu is None and r.unknown_products


# ---------------------------------------------------------------- general rules read off fresh98 and fresh99
def test_leave_to_ask_said_in_the_past_is_a_greeting():
    assert talk("прив) есть кто живой? хотел по железу проконсультироваться")[1] == "greeting"
    assert talk("хотел узнать сколько стоит 4090")[1] == "gpu_info"  # a question of its own


def test_a_sum_said_after_the_hardware_it_is_for_is_a_budget():
    assert read("собираю комп под квен 14б в q8, на видяху есть около 100к, чё посоветуете").scenario.budget == 100_000
    assert read("for the server we have about 40k, what fits llama 70b").scenario.budget == 40_000
    assert read("квен 14б, на карту есть 32к контекста?").scenario.context == 32_768  # the tokens a card holds


def test_upkeep_and_quality_questions_are_knowledge():
    assert talk("Насколько сложно поддерживать локальную модель без отдельного специалиста? Как часто её нужно обновлять?")[1] == "knowledge"
    assert talk("we want to fine-tune qwen2.5 32b, lora or full?", "How close does LoRA actually get to a full fine-tune in quality?")[1] == "knowledge"


def test_peak_power_asked_with_a_paper_for_ones_own_people_is_power_not_a_handoff():
    text = "Какую пиковую мощность возьмёт узел с шестью RTX PRO 6000 Blackwell? Готовим заявку главному энергетику."
    assert read(text).intent == "power"
    assert read("Пришлите заявку на КП по двум H100, пожалуйста.").intent == "handoff"


@pytest.mark.parametrize("text", ["скиньте даташит на l4: память, потребление, форм-фактор",
                                  "Что по B200: объём памяти, потребление и каковы сроки поставки?"])
def test_a_cards_figures_asked_as_a_list_are_its_specs(text):
    assert read(text).intent == "gpu_info"


def test_a_specification_quoted_is_no_specs_question():
    assert read("в спецификации 4 h100, а nvidia-smi показывает 2. какие модели на них пойдут?").intent == "models_for_hardware"


def test_a_possessive_after_a_card_name_keeps_the_name():
    r = read("will qwen3 14b in q6 fit in my 4070 ti super's vram with like 16k context?")
    assert r.scenario.gpu == "rtx-4070-ti-super" and r.scenario.context == 16_384
    assert read("whats the h100's memory bandwidth").scenario.gpu == "h100-sxm"


@pytest.mark.parametrize("text,hours", [("we expect roughly 120 hours of use per week", 520.0),
                                        ("about 40 hours a week", 173.33),
                                        ("running it 12 hours a day, weekends included", 365.0),
                                        ("по 10 часов по выходным", 86.67)])
def test_hours_a_week_and_weekends_included(text, hours):
    assert read(text).scenario.hours_per_month == pytest.approx(hours, abs=0.01)


def test_hours_changed_after_own_vs_cloud_stay_that_comparison():
    first = "Own H100 PCIe box at $41,000 vs cloud at $2.60/hour, 8 hours a day on weekdays — which is cheaper?"
    scenario, intent = talk(first, "How does that change if we end up running it 12 hours a day, weekends included?")
    assert intent == "cost" and scenario.hours_per_month == 365.0


def test_a_second_such_card_with_a_model_is_two_cards():
    scenario, intent = talk("у меня 3090.", "а если докуплю вторую такую, квен 32б на двух влезет?")
    assert (scenario.gpu, scenario.gpu_count, intent) == ("rtx-3090", 2, "vram")


@pytest.mark.parametrize("follow_up", ["would a used 3090 cut it or is that too tight", "Would an 8x B200 server hold all of that?"])
def test_whether_the_cards_named_hold_the_model_is_a_fit(follow_up):
    assert talk("qwen3 32b in q4 with 16k context for 10 people, what do we need?", follow_up)[1] == "vram"


def test_a_psu_with_its_watts_after_a_comparison_is_power_for_the_card_chosen():
    scenario, intent = talk("что лучше под небольшие ллмки — l4 или a10?", "а если в сервак поставить четыре l4, блока на 800 вт хватит?")
    assert intent == "power" and (scenario.gpu, scenario.gpu_count, scenario.psu_w) == ("l4", 4, 800)


# ---------------------------------------------------------------- stop 58's reviews, wrong in both readers then
def test_a_card_against_the_one_on_the_table_is_a_comparison_on_the_model():
    scenario, intent = talk("у меня rtx 5090, влезет гемма 3 27б в q8?", "а 4090 против неё в гемме 27б?")
    assert intent == "compare" and scenario.gpus == ["rtx-5090", "rtx-4090"] and scenario.model == "gemma-3-27b"
    scenario, intent = talk("we have an rtx pro 6000, can it run llama 70b in q4?", "how does it stack up against an h100 on llama 70b")
    assert intent == "compare" and scenario.gpus == ["rtx-pro-6000-blackwell", "h100-sxm"]


def test_not_against_it_is_no_comparison():
    assert talk("у меня rtx 5090, влезет гемма 3 27б в q8?", "а 4090 потянет гемму 27б?")[1] != "compare"


def test_the_psu_asked_of_with_a_model_as_its_condition_is_power():
    scenario, intent = talk("у меня 2 3090 и бп на 1200 вт", "will my psu handle it if I run qwen 32b all day?")
    assert intent == "power" and scenario.psu_w == 1200 and scenario.gpu_count == 2


@pytest.mark.parametrize("follow_up,count", [("я продал одну из двух 3090, теперь влезет?", 1),
                                             ("продал две из четырёх, на оставшихся влезет?", 2)])
def test_cards_sold_of_those_owned_leave_the_rest(follow_up, count):
    scenario, _ = talk("у меня четыре 3090, квен 32б влезет?" if "четыр" in follow_up else "у меня две 3090, квен 32б влезет?", follow_up)
    assert scenario.gpu_count == count and scenario.gpu == "rtx-3090"


# ---------------------------------------------------------------- the first review of this pass (606 conversations)
@pytest.mark.parametrize("text,gpu", [("4070ти супер хватит для qwen 14b?", "rtx-4070-ti-super"), ("4070ti s хватит?", "rtx-4070-ti-super"),
                                      ("4070s хватит для llama 3 8b?", "rtx-4070-super"), ("4070 тишка потянет llama 8b?", "rtx-4070-ti")])
def test_every_variant_word_said_picks_the_card_that_has_them_all(text, gpu):
    assert read(text).scenario.gpu == gpu, text


@pytest.mark.parametrize("text", ["4070 mobile в ноутбуке — llama 8b пойдет?", "4090 d"])
def test_a_laptops_card_and_chinas_cut_down_card_are_other_cards(text):
    r = read(text)
    assert r.scenario.gpu is None and r.unknown_products, text


def test_a_plural_s_is_no_super():
    r = read("I had two 4090s but sold one, will qwen 32b fit?")
    assert r.scenario.gpu == "rtx-4090" and not r.unknown_products
    assert read("two 4070s or one 4090?").scenario.gpus == ["rtx-4070", "rtx-4090"]


@pytest.mark.parametrize("text", ["у меня 4090, не буду докупать вторую такую, влезет ли qwen 32b q4 на одну?",
                                  "у меня 3090, вторую такую докупать не планирую. llama 70b q4 влезет?",
                                  "у меня 4090, докуплю вторую такую через месяц, а пока влезет ли qwen 32b q4 на одну?"])
def test_a_second_such_card_not_bought_is_no_second_card(text):
    scenario, _ = talk(text)
    assert scenario.gpu_count in (None, 1), text


@pytest.mark.parametrize("text", ["в даташите h100 указано 700 вт, а у вас в расчёте 1000 — почему?",
                                  "по даташиту у 4090 450 вт, блок 850 хватит?"])
def test_a_datasheet_quoted_is_no_specs_request(text):
    assert read(text).intent != "gpu_info", text


@pytest.mark.parametrize("text,count", [("было 2 4090, одну продал. квен 32б влезет?", 1),
                                        ("I had two 4090s but sold one, will qwen 32b fit?", 1)])
def test_one_sold_of_the_cards_said_leaves_one_fewer(text, count):
    assert talk(text)[0].gpu_count == count


GROUP = "у нас 20 человек, квен 32б на двух 4090"


@pytest.mark.parametrize("follow_up,users", [("а если людей станет больше на 10, потянет?", 30),
                                             ("а если на 10 человек больше, а карты те же?", 30),
                                             ("the team will grow by 10 next year, still fine?", 30),
                                             ("what if we lose 5 users?", 15), ("5 fewer users, one card enough?", 15)])
def test_people_more_or_fewer_in_other_words(follow_up, users):
    assert talk(GROUP, follow_up)[0].users == users


def test_fewer_people_and_a_bare_count_of_cards():
    scenario, _ = talk(GROUP, "а если станет на 4 человека меньше, хватит одной?")
    assert (scenario.users, scenario.gpu_count) == (16, 1)


def test_no_count_falls_below_one():
    scenario, _ = talk("у нас 3 человека, квен 32б на двух 4090", "а если станет на 4 человека меньше?")
    assert scenario.users == 3


@pytest.mark.parametrize("text,budget", [("на карту у меня 70к и всё", 70_000), ("на видяху около 100к, на остальное 50", 100_000),
                                         ("for gpus alone maybe 25k", 25_000)])
def test_more_sums_after_the_hardware_they_are_for(text, budget):
    assert read(text).scenario.budget == budget


@pytest.mark.parametrize("text,hours", [("12 hours a day, weekends off", 260.0), ("12 hours a day incl. weekends", 365.0)])
def test_weekends_off_and_included(text, hours):
    assert read(text).scenario.hours_per_month == hours


def test_more_review_wordings():
    assert read("какая мощность блока нужна под 2 4090?").intent == "power"
    assert talk("у меня h100, влезет лама 70б в fp8?", "а против a100 как?")[1] == "compare"
    assert read("немо 12б на 3060 влезет?").scenario.model == "mistral-nemo-12b"
    assert read("Hi, I wanted to ask about some hardware").intent == "greeting"
    assert read("хотел спросить про погоду").intent != "greeting"


# ---------------------------------------------------------------- the second review (849 conversations), fresh100/101
@pytest.mark.parametrize("text,gpu", [("two 4070 supers for qwen 32b q4", "rtx-4070-super"), ("4070ти супера две штуки", "rtx-4070-ti-super"),
                                      ("4070 TiS vs 4080S", None), ("у меня тишка 4070, влезет ли гемма 12б", "rtx-4070-ti"),
                                      ("у меня тишка 4070 супер", "rtx-4070-ti-super")])
def test_plural_and_slang_variant_words(text, gpu):
    r = read(text)
    assert (r.scenario.gpu == gpu) if gpu else r.scenario.gpus == ["rtx-4070-ti-super", "rtx-4080-super"], text


@pytest.mark.parametrize("text", ["у меня 4090, хочу вторую такую, но не сейчас. Сейчас qwen 32b влезет?",
                                  "у меня 3090, вторую такую на авито видел, но пока не брал. qwen 32b влезет?",
                                  "у меня 3090 и 64гб, вторую такую планку памяти докуплю, квен 32б влезет?"])
def test_a_second_such_thing_not_bought_or_not_a_card(text):
    assert talk(text)[0].gpu_count in (None, 1), text


def test_a_datasheet_figure_in_a_psu_question_is_power():
    assert read("datasheet says the 4090 is 450W, can my 850W psu handle two?").intent == "power"


def test_two_models_wanted_at_once_are_a_recommendation():
    assert talk("нужна карта для немо 12б и ламы 8б одновременно")[1] == "recommend"
    assert talk("что лучше qwen 14b или llama 8b?")[1] == "knowledge"


def test_a_share_of_the_money_for_another_part_is_named_back_not_a_context():
    r = read("на карту у меня 70к, на проц 30к")
    assert r.scenario.budget == 70_000 and r.scenario.context is None and [s.text for s in r.unattached] == ["30к"]
    assert read("на оперативку 32к контекста?").scenario.context == 32_768


def test_fresh100_and_fresh101_rules():
    assert read("a cloud instance is $2.90 per hour. Expected usage is about 8 hours every working day.").scenario.hours_per_month == \
        pytest.approx(173.33, abs=0.01)
    assert talk("добрый вечер! я правильно попал, тут подсказывают по железу под нейросети?")[1] == "greeting"
    assert talk("Если поставить модель у себя, данные сотрудников точно никуда наружу не уходят?")[1] == "knowledge"
    assert talk("Хотим qwen3 14b у себя, чтобы данные не уходили наружу. Какой сервер нужен?")[1] == "recommend"
    assert talk("QLoRA on Llama 3.1 70B with 4k sequences, batch size 2: what memory footprint should we plan for?")[1] == "vram"
    scenario, intent = talk("у меня 4070 супер и 32 гига, квен 14б в q4 влезет?",
                            "а если докину оперативки до 64 гб, квен 32б в q4 с частичной выгрузкой на цп потянет?")
    assert scenario.gpu == "rtx-4070-super" and scenario.runtime is None and intent == "vram"
    assert read("квен 14б на проце пойдёт?").scenario.runtime == "cpu"


def test_how_many_of_the_card_named_is_a_recommendation():
    assert talk("llama 70b in fp8 for a client", "They went with the L40S. How many do they need for 50 concurrent users at 8k?")[1] == "recommend"
    assert talk("QLoRA on Llama 3.1 70B, what memory footprint?", "Could one RTX PRO 6000 Blackwell do it by itself?")[1] == "vram"


# ---------------------------------------------------------------- the third review (775 conversations)
@pytest.mark.parametrize("text,budget,named_back", [("на оперативку 20к, на карту 60к", 60_000, ["20к"]),
                                                    ("на проц 30к, на видеокарту 150к, что возьмем?", 150_000, ["30к"]),
                                                    ("на видяху есть 100к, на проц 30к, на память 20к", 100_000, ["30к", "20к"])])
def test_the_cards_share_beside_another_parts_share_is_the_budget(text, budget, named_back):
    r = read(text)
    assert r.scenario.budget == budget and r.scenario.context is None and r.scenario.runtime is None
    assert [s.text for s in r.unattached] == named_back


def test_a_cards_share_alone_stays_as_it_was_read():
    assert read("на карту 32к?").scenario.context == 32_768  # a context or money: nothing else said to tell
    assert read("квен 14б на проце пойдёт?").scenario.runtime == "cpu"


@pytest.mark.parametrize("text,hours", [("10 часов в день, выходные включены", 304.17), ("по выходным не работаем, 12 часов в день", 260.0)])
def test_russian_weekends_included_or_off(text, hours):
    assert read(text).scenario.hours_per_month == pytest.approx(hours, abs=0.01)
