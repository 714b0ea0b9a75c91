"""Thirty-fifth pass (fresh30.yaml's first sight, issue 11; a helper's set of mostly single messages): roubles and
kopecks; sizes said as adjectives; chipsets, years, versions and "№" as names; "пяток"; risers' lanes; a Ti the
catalog lacks; payback said "отобьётся"; goods the vendor does not sell; a PSU beside a power limit; a UPS's minutes;
bits set against bits; the price of owning in a payback chat; two counts of servers, not cards; phone formats."""
import pytest

from assistant.reading import read
from assistant.reading.context import carry
from assistant.scenario import Scenario


def test_roubles_and_kopecks_are_one_price():
    s = read("работать будет с 8 до 20 без выходных, квт у нас 7 руб 20 коп. сколько в месяц за свет выйдет").scenario
    assert (s.electricity_price, s.currency, s.budget) == (7.2, "₽", None)
    assert read("квт у нас 7 руб").scenario.electricity_price == 7.0  # no kopecks said: as before


@pytest.mark.parametrize("text,model", [("нужна семидесяти миллиардная лама в четыре бита", "llama-3.3-70b"),
                                        ("а если взять восьмимиллиардную лламу 3.1 и полный файнтюн", "llama-3.1-8b"),
                                        ("тридцатидвухмиллиардный квен в 4 бита", "qwen3-32b"),
                                        ("70-миллиардная лама", "llama-3.3-70b")])
def test_a_size_said_as_an_adjective(text, model):
    r = read(text)
    assert r.scenario.model == model and r.unattached == []


@pytest.mark.parametrize("text", ["сервер дипсик на x99: сколько туда видеокарт", "майнил эфир до 2022 года, есть 4 карты",
                                  "серверная в корпусе №3, восемь h200", "is PCIe 5.0 sufficient for two h100"])
def test_names_and_dates_are_no_quantities(text):
    r = read(text)
    assert r.scenario.budget is None and r.unattached == []
    assert r.scenario.gpu_count in (None, 2, 4, 8)


def test_a_small_x_count_is_still_a_count():
    assert read("h100 x4").scenario.gpu_count == 4  # not a chipset: x99 is, x4 is not


def test_five_as_a_word_and_risers_lanes():
    assert read("с фермы остался пяток 3090").scenario.gpu_count == 5
    r = read("got 10x 3060 12gb on x1 risers")
    assert r.scenario.gpu_count == 10 and [u.text for u in r.unattached] == ["x1"]  # the lanes named back


def test_a_ti_the_catalog_lacks_is_another_card():
    r = read("у меня 3090ти на 24 гига, пойдет гемма 3 27б?")
    assert r.scenario.gpu is None and r.scenario.card_vram_gb == 24 and r.unknown_products == ["3090ти"]
    assert read("у меня 4060 ти на 16").scenario.gpu == "rtx-4060-ti-16gb"  # one it has: kept
    assert read("у меня 3090 на 24").scenario.gpu == "rtx-3090"


def test_payback_said_otobyotsya_is_the_price_of_the_server():
    assert read("свой сервер предлагают за 3,1 млн. через сколько отобьется?").scenario.server_price == 3_100_000
    assert read("есть 3 млн, что взять?").scenario.server_price is None


@pytest.mark.parametrize("text", ["а игровую мышку не посоветуете? до пяти тыщ",
                                  "can you also recommend a good office chair under 300 dollars?"])
def test_goods_the_vendor_does_not_sell(text):
    r = carry(read(text), Scenario(model="qwen3-32b"))
    assert r.intent == "out_of_scope" and r.scenario.budget is None


def test_a_psu_beside_a_power_limit():
    r = read("is an 850w psu enough for a 5090 if i power limit it to 450w?")
    assert r.scenario.psu_w == 850 and [u.text for u in r.unattached] == ["450w"]
    assert read("хватит ли бп 850w на 5090 если ограничить её до 400 вт").scenario.psu_w == 850
    assert read("хватит ли бп 1200 вт на две 4090").scenario.psu_w == 1200


def test_a_ups_runtime_in_words_is_named_back():
    r = read("какой ибп брать под сервер с восемью h200 чтоб минут пятнадцать продержался")
    assert [u.text for u in r.unattached] == ["пятнадцать"] and r.scenario.gpu_count == 8


def test_bits_set_against_bits():
    r = read("правда что модели в 4 бита заметно хуже чем в 16?")
    assert r.intent == "knowledge" and r.unattached == []
    assert read("квен 32б в 4 бита или 8 карт").scenario.gpu_count == 8  # a count after "или": not bits


def test_the_price_of_owning_in_a_payback_chat():
    prev = Scenario(gpu="h100-sxm", gpu_count=4, cloud_hourly=2.1, currency="$", hours_per_month=730)
    s = carry(read("ok take it as roughly $140k"), prev).scenario
    assert s.server_price == 140_000 and s.budget is None
    assert carry(read("budget is $140k max"), prev).scenario.budget == 140_000


def test_servers_counted_and_phones():
    r = read("Please do the needful and share quotation for 2 nos of your deepseek server with 4x rtx 5090 each. "
             "Whatsapp on +91 98765 43210")
    assert r.intent == "handoff" and r.scenario.gpu_count == 4 and [u.text for u in r.unattached] == ["2"]
    assert read("need 2 nos A100").scenario.gpu_count == 2
    assert read("call me +1 415 555 0100 about 2 h100").scenario.gpu_count == 2


def test_the_rig_with_its_psus_asked_what_runs():
    r = read("осталось двенадцать 3070 по 8 гиг и три бп по 1600 ватт. что из нейронок можно запустить")
    assert r.intent == "models_for_hardware" and r.scenario.psu_w == 4800
    assert read("у меня 2 3090 и бп 1200, хватит?").intent == "power"
