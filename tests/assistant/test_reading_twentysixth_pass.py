"""Twenty-sixth pass (fresh21.yaml's first sight, issue 11): phone numbers, a count before "теслы", a line name said
alone, a batch the customer holds, cards already owned after "what hardware?"; wordings of their own and near misses."""
import pytest

from assistant.reading import read
from assistant.scenario import Scenario
from assistant.turn.framing import settle_intent


@pytest.mark.parametrize("text,phone", [
    ("соедините с менеджером, тел 8 916 123 45 67", "8 916 123 45 67"),
    ("перезвоните +7 (912) 345-67-89 после обеда", "+7 (912) 345-67-89"),
    ("call me at +44 207 946 00 18", "+44 207 946 00 18"),
])
def test_a_phone_number_is_contact_details_never_a_quantity(text, phone):
    r = read(text)
    assert r.scenario.said() == {}
    assert [s.text for s in r.spans["contact"]] == [phone]
    assert r.unattached == []


@pytest.mark.parametrize("text,slot,value", [("контекст 32 000 токенов", "context", 32000),
                                             ("бюджет 1 200 000 руб", "budget", 1200000),
                                             ("8 192 токена контекста", "context", 8192)])
def test_spaced_thousands_that_are_no_phone_stay_numbers(text, slot, value):
    assert read(text).scenario.said()[slot] == value


@pytest.mark.parametrize("text,count", [("в серваке две теслы а100 по 80, llama 4 scout влезет?", 2),
                                        ("три теслы h100 под дипсик", 3), ("2 teslas a100 for llama 70b", 2)])
def test_the_datacentre_line_between_count_and_card_keeps_the_count(text, count):
    assert read(text).scenario.gpu_count == count


@pytest.mark.parametrize("text", ["а маверик?", "what about maverick", "а maverick влезет?"])
def test_a_line_name_of_one_catalog_model_said_alone_is_that_model(text):
    assert read(text).scenario.model == "llama-4-maverick"


def test_a_line_name_shared_or_an_everyday_word_is_no_model():
    assert read("а кодер?").scenario.model is None  # Qwen's coders are several
    assert read("we scout for a server").scenario.model is None


@pytest.mark.parametrize("text,intent", [("перекуп, есть партия rtx a5000, что за карта, сколько памяти и тдп", "gpu_info"),
                                         ("у меня партия 3090, что за карта и сколько у нее памяти", "gpu_info"),
                                         ("нужна партия 4090, 20 штук", "handoff"),
                                         ("какая цена на партию h100", "handoff")])
def test_a_batch_held_is_no_order(text, intent):
    assert read(text).intent == intent


@pytest.mark.parametrize("text,intent", [("we already have two L40S, enough?", "vram"),
                                         ("у нас уже есть две a6000, хватит?", "vram"),
                                         ("а если на h100", "followup"),  # other cards to buy: the same question
                                         ("would a single 5090 do it", "followup")])
def test_cards_owned_after_what_hardware_ask_whether_it_runs_on_them(text, intent):
    previous = Scenario(model="qwen2.5-32b", users=15)
    assert settle_intent(read(text), previous, "recommend") == intent
