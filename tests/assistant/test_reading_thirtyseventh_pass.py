"""Thirty-seventh pass, its first part (issue 11; general rules from fresh31, read after its first sight): Belarusian
and Ukrainian words inside Russian; a kW·h priced in a currency outside ₽ | $ | €; server nodes with a count each;
who writes, or for whom, is no request for a person."""
import pytest

from assistant.reading import read


@pytest.mark.parametrize("text, slot, value", [
    ("Одновременно будет чалавек трыццаць, модель думаем qwen3 32b", "users", 30),
    ("хопіць на сервер з чатырма l40s?", "gpu_count", 4),
    ("вісім карт 4090 для п'ятдесят осіб", "gpu_count", 8),
    ("вісім карт 4090 для п'ятдесят осіб", "users", 50),
    ("чи влізе llama 3 70b в q4 на дві 3090?", "gpu_count", 2),
])
def test_belarusian_and_ukrainian_words(text, slot, value):
    assert getattr(read(text).scenario, slot) == value


def test_belarusian_fits_verb_asks_memory():
    assert read("хопіць 4 l40s на qwen3 32b?").intent == "vram"


@pytest.mark.parametrize("text, price", [("в нас 4,32 грн за кВт", 4.32), ("electricity is 0.28 GBP per kWh", 0.28),
                                         ("электричество 25 тенге за квт", 25)])
def test_a_kwh_price_in_another_currency_keeps_its_number(text, price):
    s = read(text).scenario
    assert (s.electricity_price, s.currency) == (price, None)


def test_roubles_a_kwh_keep_their_currency():
    s = read("8 руб за квт").scenario
    assert (s.electricity_price, s.currency) == (8, "₽")


def test_nodes_of_cards_are_asked_not_guessed():
    r = read("deepseek v3.1 at fp8 on two nodes of 8x h200 — does it fit?")
    assert r.scenario.gpu_count is None and [s.text for s in r.unattached] == ["two", "8x"]
    assert read("four servers with 8 h100 each").scenario.gpu_count == 8  # "each": per server, said


@pytest.mark.parametrize("text, intent", [
    ("менеджер по продажам колокейшна, спрашиваю за клиента. у них будет сервер с 8 h200, хотят дипсик v3.2 в fp8, "
     "контекст 128к, 50 одновременных. влезет?", "vram"),
    ("по заявке №5512 от отдела продаж: сколько стоит сервер HUANANZHI DeepSeek с двумя rtx pro 6000?", "gpu_info"),
    ("I'm a sales manager asking on behalf of a client: does llama 3.3 70b fit on 2 h100?", "vram"),
])
def test_who_writes_is_no_request_for_a_person(text, intent):
    assert read(text).intent == intent


@pytest.mark.parametrize("text", ["я менеджер по продажам, свяжитесь со мной по поводу 8 h200",
                                  "хочу купить сервер с 4 h100, свяжитесь с отделом продаж"])
def test_a_request_for_a_person_stays_one(text):
    assert read(text).intent == "handoff"
