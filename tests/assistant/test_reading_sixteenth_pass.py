"""General rules of the reader's sixteenth pass (issue 11, after fresh11.yaml's first sight; aimed at generalisation:
causes, not sentences). Wordings of their own, not fresh11.yaml's; each rule has known-good inputs, near misses and
guards ("..._still_..." / "..._not_...")."""
from __future__ import annotations

import pytest

from assistant.reading import read
from bench.understanding import dropped
from reading_helpers import first


def said(text: str) -> dict:
    return read(text).scenario.said()


# ---------------------------------------------------------------- (a) a server line the catalog lacks is named back
@pytest.mark.parametrize("text,card", [
    ("почём DGX B200", "b200"),
    ("what does a dgx h200 cost", "h200"),
    ("нужен дгх b300 под обучение", "b300"),
])
def test_a_dgx_with_another_card_is_no_dgx_h100(text, card):
    r = read(text)
    assert r.scenario.server is None and r.scenario.gpu == card
    assert any("b" in p.lower() or "h" in p.lower() for p in r.unknown_products)  # named back


@pytest.mark.parametrize("text", ["сколько стоит DGX H100", "у вас есть DGX?", "what is inside a dgx"])
def test_dgx_alone_or_with_its_own_card_still_is_dgx_h100(text):
    assert read(text).scenario.server == "dgx-h100"


# ---------------------------------------------------------------- (b) clause boundaries without punctuation
@pytest.mark.parametrize("text,users", [
    ("штат 80 чел одновременно работают не больше 12 нужен сервер", 12),
    ("в отделе 40 человек одновременно сидят максимум 9 надо сервер под квен 14б", 9),
    ("we have 300 staff but only about 30 would be on it at the same time", 30),
    ("150 employees, maybe 20 using it at once", 20),
])
def test_the_same_time_figure_is_the_users_and_the_headcount_is_understood(text, users):
    r = read(text)
    assert r.scenario.users == users
    assert dropped(r) == []


@pytest.mark.parametrize("text,users", [
    ("штат 50 чел одновременно пользуются все", 50),  # no second number: the headcount is the users
    ("we have 40 people, all at once", 40),
])
def test_one_people_figure_still_is_the_users(text, users):
    assert read(text).scenario.users == users


# ---------------------------------------------------------------- days of a week said in words
@pytest.mark.parametrize("text,hours", [
    ("работаем по десять часов шесть дней в неделю", 260.0),
    ("по 8 часов 5 дней в неделю", 173.33),
    ("10 hours a day five days a week", 216.67),
])
def test_days_a_week_in_words_make_the_hours(text, hours):
    assert said(text)["hours_per_month"] == pytest.approx(hours, rel=0.01)


def test_hours_a_day_without_days_still_every_day():
    assert said("по восемь часов в день")["hours_per_month"] == pytest.approx(243.33, rel=0.01)


# ---------------------------------------------------------------- names and sizes said in words
@pytest.mark.parametrize("text,model", [
    ("лламу четыре скаут на двух h100", "llama-4-scout"),
    ("фи четыре на ноуте", "phi-4"),
    ("glm четыре и пять эйр", "glm-4.5-air"),
    ("glm четыре точка шесть", "glm-4.6"),
    ("квен ноль шесть б", "qwen3-0.6b"),
    ("qwen3 zero point six b please", "qwen3-0.6b"),
])
def test_a_name_with_its_version_said_in_words(text, model):
    assert said(text).get("model") == model


@pytest.mark.parametrize("text", ["квен три и гемма что лучше", "ноль шесть карт"])
def test_not_a_version_when_no_catalog_name_follows(text):
    assert said(text).get("model") not in ("qwen3-0.6b", "phi-4", "glm-4.6")


@pytest.mark.parametrize("text,precision", [
    ("мистраль 7б в кю восемь", "int8"),
    ("лламу 70б в кю4", "int4"),
])
def test_q_said_in_cyrillic(text, precision):
    assert said(text)["precision"] == precision


# ---------------------------------------------------------------- people nouns, "штук" of people
@pytest.mark.parametrize("text,users", [
    ("a chatbot for 25 kids", 25),
    ("на тридцать учеников", 30),
    ("для двенадцати врачей", 12),
    ("одновременно сессий будет штук двадцать", 20),
])
def test_people_counted(text, users):
    assert said(text)["users"] == users


def test_pieces_of_cards_still_count_cards():
    assert said("4090 штук восемь") == {"gpu": "rtx-4090", "gpu_count": 8}
    assert said("карт будет штук шесть")["gpu_count"] == 6


# ---------------------------------------------------------------- intent cues
@pytest.mark.parametrize("text", ["только у себя никакого облака, сервер под ламу 70б на 30 человек",
                                  "ни в какое облако нельзя, нужен сервер под квен 32б"])
def test_a_cloud_ruled_out_is_no_cost_question(text):
    assert first(text).intent == "recommend"


def test_cloud_against_own_still_cost():
    assert first("облако или свой сервер что выгоднее для квен 32б").intent == "cost"


@pytest.mark.parametrize("text", ["сколько в месяц за свет будет на трёх 3090", "а за свет сколько платить с двумя l40s"])
def test_the_price_of_light_is_power(text):
    assert first(text).intent == "power"


# ---------------------------------------------------------------- (c) a bare number answering the question asked
def _after_range(reply: str):
    from assistant.reading.context import carry
    from reading_helpers import talk

    s = talk("нужен сервер под мистраль смол на двенадцать или двадцать человек", asked=True)
    assert s.asked == {"users": [12.0, 20.0]}  # a range said in words is asked and remembered, as in digits
    return carry(read(reply), s)


@pytest.mark.parametrize("reply,users", [("ну давайте шестнадцать", 16), ("пусть 20", 20)])
def test_a_reply_within_the_values_asked_settles_them(reply, users):
    assert _after_range(reply).scenario.users == users


@pytest.mark.parametrize("reply,named", [("ну пусть будет пятьдесят", "пятьдесят"), ("ну пусть будет 50", "50")])
def test_a_reply_outside_the_values_asked_is_named_back_in_the_question(reply, named):
    r = _after_range(reply)
    assert r.scenario.users is None and [s.text for s in r.unattached] == [named]
    assert r.intent == "followup"  # the conversation's question, never out of scope


def test_the_same_reply_with_nothing_asked_is_not_an_answer():
    from assistant.reading.context import carry

    r = carry(read("ну пусть будет пятьдесят"), None)
    assert r.scenario.users is None


# ---------------------------------------------------------------- words that looked like cues or counts
def test_security_as_a_department_is_no_knowledge_question():
    assert first("я из отдела информационной безопасности, нужен сервер под квен 32б").intent == "recommend"
    assert first("безопасно ли держать модель у себя").intent == "knowledge"  # the question still is


@pytest.mark.parametrize("text,width", [("на райзерах х1 упадёт скорость?", "х1"), ("pcie x16 or x8 for two 3090s", "x8"),
                                        ("карты стоят в слотах x4", "x4"), ("risers at x1, is that ok", "x1")])
def test_a_pcie_width_is_no_count_of_cards(text, width):
    r = read(text)
    assert r.scenario.gpu_count in (None, 2) and width in [s.text for s in r.unattached]


@pytest.mark.parametrize("text,count", [("сервер 8x h100", 8), ("x4 a100 под обучение", 4), ("4090 x2 на pcie", 2)])
def test_a_count_with_x_still_counts_cards(text, count):
    assert said(text)["gpu_count"] == count


@pytest.mark.parametrize("text,budget", [("бюджет миллиона полтора рублей", 1_500_000), ("денег миллиона два", 2_000_000),
                                         ("бюджет полтора миллиона", 1_500_000)])
def test_the_scale_said_before_one_and_a_half(text, budget):
    assert said(text)["budget"] == budget


@pytest.mark.parametrize("text,model", [("хочу гонять лламу семьдесят", "llama-3.3-70b"),
                                        ("квен тридцать два на 4090", "qwen3-32b")])
def test_a_size_in_words_right_after_the_family(text, model):
    assert said(text)["model"] == model


@pytest.mark.parametrize("text", ["лама три", "лламу семьдесят человек"])
def test_a_version_or_a_people_count_is_no_size(text):
    assert said(text).get("model") is None


# ---------------------------------------------------------------- units no slot takes, said in words: named back
@pytest.mark.parametrize("text,named", [("розетка на шестнадцать ампер, хватит на две 4090?", "шестнадцать"),
                                        ("we only have twenty amps on that circuit", "twenty")])
def test_a_number_word_with_a_unit_no_slot_takes_is_named_back(text, named):
    assert named in [s.text for s in read(text).unattached]


def test_a_price_per_kwh_in_words_is_its_slot():  # named back until a9cd346, when a kW·h had no slot
    assert said("свет по шесть за квт, сколько в месяц две 3090")["electricity_price"] == 6


def test_a_number_word_with_hours_still_read():
    assert said("на двух 4090 шестнадцать часов в день")["hours_per_month"] == pytest.approx(486.67, rel=0.01)


# ---------------------------------------------------------------- a version the catalog lacks
@pytest.mark.parametrize("text,version", [("сервер под дипсик в4", "в4"), ("deepseek v5 on 8 h200", "v5")])
def test_a_version_the_catalog_lacks_takes_no_default(text, version):
    r = read(text)
    assert r.scenario.model is None and version in [s.text for s in r.unattached] and r.unknown_products


@pytest.mark.parametrize("text,model", [("дипсик в3 на 8 h200", "deepseek-v3"), ("deepseek v3.1", "deepseek-v3.1"),
                                        ("дипсик в2.5? не, р1 на процессоре", "deepseek-r1")])
def test_a_version_the_catalog_has_still_read(text, model):
    assert said(text)["model"] == model


# ---------------------------------------------------------------- intents: another model asked about, a tax, the bus
@pytest.mark.parametrize("text", ["ok what about glm 4.5 air", "а что насчёт дипсик р1 дистилл квен 32б"])
def test_what_about_another_model_is_the_same_question(text):
    assert read(text).intent == "followup"


def test_what_about_with_a_question_of_its_own_still_is_that_question():
    assert read("what about qwen3 14b for our team of forty people in the office").intent == "recommend"


@pytest.mark.parametrize("text", ["лимит три миллиона рублей с ндс, что купить под квен 32б",
                                  "budget 50k incl. vat, what should we buy for llama 70b"])
def test_a_tax_said_of_a_sum_is_no_request_for_a_bill(text):
    assert first(text).intent == "recommend"


@pytest.mark.parametrize("text", ["выставьте счёт с ндс", "цена h100 с ндс?"])
def test_a_tax_asked_still_goes_to_a_person(text):
    assert first(text).intent == "handoff"


@pytest.mark.parametrize("text", ["на райзерах x1 скорость упадёт?", "do pcie x1 risers kill speed"])
def test_risers_and_lanes_are_knowledge(text):
    assert first(text).intent == "knowledge"


def test_a_speed_asked_for_a_model_still_is_speed():
    assert first("сколько токенов в секунду даст квен 32б на двух 3090").intent == "speed"


def test_power_on_risers_still_is_power():
    assert first("3 штуки 3090 на райзерах и бп 1000 ватт, потянет?").intent == "power"


# ---------------------------------------------------------------- (b) the next slot's word opens the next clause
@pytest.mark.parametrize("text,want", [
    ("250 пользователей одновременно до 25 контекст 16к", {"users": 25, "context": 16384}),
    ("сотрудников 120 из них одновременно 30 бюджет 5 млн", {"users": 30, "budget": 5_000_000}),
    ("штат 60 чел одновременно будет работать не больше 12 модель gpt-oss 20b", {"users": 12, "model": "gpt-oss-20b"}),
    ("300 заявок в день но одновременно максимум 6 ламы 8б хватит", {"users": 6, "model": "llama-3.1-8b"}),
])
def test_a_same_time_figure_before_the_next_slots_word(text, want):
    got = said(text)
    assert {k: got.get(k) for k in want} == want


@pytest.mark.parametrize("text,want", [
    ("контекст 32к бюджет 2 млн", {"context": 32768, "budget": 2_000_000}),  # no people: nothing to take
    ("одновременно 20 человек контекст 8к", {"users": 20, "context": 8192}),
])
def test_near_misses_of_the_next_clause(text, want):
    got = said(text)
    assert {k: got.get(k) for k in want} == want


def test_the_same_time_word_reaches_a_number_a_few_words_on():
    got = said("на 250 пользователей одновременно к боту будут обращаться человек 35 бюджет до 4 млн")
    assert got.get("users") == 35 and got.get("budget") == 4_000_000
