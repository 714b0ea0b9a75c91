"""Twenty-fourth pass (fresh19.yaml's first sight, issue 11): general rules, each with wordings of its own and a near
miss, not the corpus's sentences."""
import pytest

from assistant.reading import read
from assistant.reading.context import carry
from assistant.scenario import Scenario
from assistant.turn.framing import settle_intent


@pytest.mark.parametrize("text", ["бп на четыре ада 6000", "ada 6000 x2 для инференса", "l40s или ада 6000"])
def test_the_generation_said_before_the_number_names_the_card(text):
    s = read(text).scenario
    assert "rtx-6000-ada" in ([s.gpu] + (s.gpus or []))


@pytest.mark.parametrize("text,model", [("а гемма 4б влезет?", "gemma-3-4b"), ("gemma 4b on a 3060", "gemma-3-4b"),
                                        ("gemma 3n e4b на телефон", "gemma-3n-e4b"), ("мистраль семь б", "mistral-7b-v0.3"),
                                        ("квен 30б", "qwen3-30b-a3b")])
def test_a_line_with_a_letter_in_its_name_is_taken_only_when_said(text, model):
    assert read(text).scenario.model == model


@pytest.mark.parametrize("text,price", [("свой сервер за 900 тыр окупится?", 900_000), ("сервак за 650 тыров", 650_000)])
def test_thousands_of_roubles_in_slang_are_a_price_in_roubles(text, price):
    s = read(text).scenario
    assert (s.server_price or s.budget) == price and s.currency == "₽"


@pytest.mark.parametrize("text", ["договоры по 50 страниц, ну и контекст побольше", "docs are about 300 pages each",
                                  "а у нас отчёты по 20 листов"])
def test_a_count_of_things_no_slot_holds_is_named_back_not_carried(text):
    previous = Scenario(model="qwen3-32b", users=25, gpu="rtx-4090", gpu_count=2)
    r = carry(read(text), previous)
    assert r.scenario.users is None and r.scenario.gpu_count is None and r.unattached


def test_a_bare_number_still_follows_the_conversation():
    r = carry(read("а если 40?"), Scenario(model="qwen3-32b", users=25))
    assert r.scenario.users == 40


@pytest.mark.parametrize("text", ["контекст нужен подлиннее, документы большие, где-то тысяч 40 токенов",
                                  "и квантовать бы в четыре бита, если можно, а то памяти мало у нас"])
def test_a_context_or_precision_alone_in_a_long_sentence_follows_the_question(text):
    assert read(text).intent == "followup"


def test_a_count_alone_in_a_long_sentence_is_still_a_sizing_question():
    assert read("нас будет человек сорок в пике, это надо учесть обязательно").intent == "recommend"


@pytest.mark.parametrize("text", ["ex miner, got 6 3090s. can they run anything useful",
                                  "есть две 3090 можно на них запустить что-нибудь полезное",
                                  "у меня 3090, что-нибудь потянет?"])
def test_running_anything_on_owned_cards_is_what_runs_on_them(text):
    assert read(text).intent == "models_for_hardware"


def test_running_a_named_model_is_still_a_fit_question():
    assert read("can a 4090 run llama 3 8b").intent == "vram"


def test_a_model_asked_after_what_runs_is_a_fit_question():
    previous = Scenario(gpu="rtx-3060-12gb", ram_gb=16)
    assert settle_intent(read("а гемма 4б пойдет?"), previous, "models_for_hardware") == "vram"
    assert settle_intent(read("а гемма 4б пойдет?"), Scenario(model="qwen3-8b"), "vram") == "followup"
