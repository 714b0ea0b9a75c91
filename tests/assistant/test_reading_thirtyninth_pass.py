"""Thirty-ninth pass (fresh34.yaml's first sight, issue 11; an eighth helper's set): general rules read off it after
its first measurement, each with wordings of its own: a count of things after a thousands word is no context; "не 30,
а все 80"; "сразу" and what goes on at once count the users; "10-odd"; a kW·h price after "обходится в"; a dollar of
another country and a rand; "3н", "е4б"; "про 6000"; a card's seller's price with "по"; two counts of one card seen
in two places; "какая потянет" after the hardware; a quotation requested; an inverter; "только по будням"."""
import pytest

from assistant.reading import read
from assistant.reading.context import carry
from assistant.scenario import merge
from assistant.turn.framing import settle_intent
from assistant.reading.relative import apply as apply_relative


def said(text: str) -> dict:
    return read(text).scenario.said()


def talk(*texts: str):
    """Scenario and intent after each text, folded as the pipeline (and bench.understanding) folds them."""
    scenario, intent = None, None
    for text in texts:
        r = carry(read(text), scenario)
        r.intent = settle_intent(r, scenario, intent)
        intent = intent if r.intent == "followup" and intent else r.intent
        scenario = apply_relative(merge(scenario, r.scenario, r.new_model, comparing=intent == "compare",
                                        instead_of=r.instead_of, per_user=r.per_user, withdrawn=r.withdrawn), r.relative)
    return scenario, intent


@pytest.mark.parametrize("text", ["у нас 11 тысяч оленей, пользоваться будут человек 6, бюджет 2 млн руб",
                                  "в архиве 20 тысяч договоров, нужна лама 8б", "40 тысяч клиентов в базе, квен 14б"])
def test_a_count_of_things_after_a_thousands_word_is_no_context(text):
    r = read(text)
    assert r.scenario.context is None and r.unattached  # named back, never a context
    assert read("контекст 11 тысяч").scenario.context == 11264
    assert read("нужно 32 тысячи токенов").scenario.context == 32768


@pytest.mark.parametrize("text, users", [("одновременно будет не 30, а все 80", 80), ("users not 30 but all 80", 80),
                                         ("одновременных не 20, а целых 45", 45)])
def test_the_number_meant_after_a_denied_one_with_a_word_between(text, users):
    assert said(text)["users"] == users


@pytest.mark.parametrize("text, users", [
    ("инженеров 60 человек, но сразу сидят не больше 12. модель квен3 32б", 12),
    ("сотрудников 200, разом работают максимум 25, лама 70б", 25),
    ("5 залов, параллельно идут максимум 3 совещания, квен 7б", 3),
    ("up to 6 meetings at the same time, qwen 2.5 7b", 6),
    ("for 40 attorneys, 10-odd concurrent, qwen3 32b", 10),
])
def test_users_at_once(text, users):
    assert said(text)["users"] == users


def test_taking_two_cards_at_once_is_no_users():
    s = said("сразу 2 карты возьмём под ламу 70б")
    assert s.get("gpu_count") == 2 and s.get("users") is None


@pytest.mark.parametrize("text, price", [("свет нам обходится в 8 рублей 40 копеек за киловатт-час", 8.4),
                                         ("электричество выходит в 6 рублей за квт*ч", 6.0)])
def test_a_kwh_price_after_a_verb_and_v(text, price):
    assert said(text)["electricity_price"] == price


@pytest.mark.parametrize("text, budget", [("Budget S$45k only, qwen3 32b", 45000), ("under R450k for qwen3 32b", 450000),
                                          ("NZ$ 68,000 for a server for llama 8b", 68000),
                                          ("A$20k budget, llama 3 8b", 20000)])
def test_a_dollar_of_another_country_or_a_rand_keeps_the_sum_not_the_currency(text, budget):
    r = read(text)
    assert r.scenario.budget == budget and r.scenario.currency is None and not r.unattached
    assert read("budget US$15k for llama 8b").scenario.currency == "$"


def test_names_said_in_cyrillic_letters():
    assert read("джемма 3н е4б на 5060 ти 16 гигов пойдёт?").scenario.model == "gemma-3n-e4b"
    assert read("квен3 30б а3б на 3090").scenario.model == "qwen3-30b-a3b"
    assert read("а если две 5090 против одной про 6000?").scenario.gpus == ["rtx-5090", "rtx-pro-6000-blackwell"]


@pytest.mark.parametrize("text", ["5090 у нас по 310 тыщ, про 6000 по 890", "4090 сейчас по 260 тысяч, а 5090?"])
def test_a_card_s_own_price_with_po_is_asked_not_a_budget(text):
    r = read(text)
    assert r.scenario.budget is None and r.unattached
    assert read("бюджет по 300 тыщ на сервер").scenario.budget == 300000


@pytest.mark.parametrize("text", ["в паспорте две a5000, а в диспетчере устройств видно три",
                                  "по накладной 4 карты, а nvidia-smi показывает 3",
                                  "the invoice says 4 gpus but nvidia-smi shows 3"])
def test_two_counts_of_one_card_seen_in_two_places_are_asked(text):
    r = read(text)
    assert r.scenario.gpu_count is None and len(r.conflicts["gpu_count"]) == 2


@pytest.mark.parametrize("text", ["ноут с 4070 на 8 гигов и 32 оперативки, какая потянет?",
                                  "у меня 3090 на 24 гига, какие пойдут?"])
def test_which_runs_asked_after_the_hardware(text):
    assert read(text).intent == "models_for_hardware"


@pytest.mark.parametrize("text", ["We request a quotation for 2 servers, each with 8x H200.",
                                  "We would like a formal quote for four L40S servers, tender ref. 2025/0417."])
def test_a_quotation_requested_is_a_hand_off(text):
    r = read(text)
    assert r.intent == "handoff" and not any(s.text in ("2025", "0417") for s in r.unattached)


@pytest.mark.parametrize("text", ["so it'll sit on a 5 kVA inverter. Will that hold it?",
                                  "а инвертор на 3 ква потянет такой сервер?"])
def test_an_inverter_is_a_power_question(text):
    assert read(text).intent == "power"


def test_only_on_weekdays_changes_the_hours_of_the_cost_question():
    s, intent = talk("сервер за 1,9 млн руб или облако по 240 руб в час, работать 11 часов в день",
                     "а если только по будням?")
    assert intent == "cost" and s.hours_per_month == pytest.approx(11 * 260 / 12, abs=0.05)
    s, intent = talk("own server for $40k or cloud at $5/h, 10 hours a day", "what if only on weekdays?")
    assert intent == "cost" and s.hours_per_month == pytest.approx(10 * 260 / 12, abs=0.05)


def test_on_the_same_card_is_whether_it_fits():
    _, intent = talk("джемма 3 12б на 3060 12гб пойдёт?", "а дообучить её лорой на этой же карте выйдет?")
    assert intent == "vram"
    _, intent = talk("will llama 3.1 8b fit on a 4090?", "and a qlora fine-tune on the same card?")
    assert intent == "vram"
