"""Fifty-fourth pass (fresh58.yaml and fresh59.yaml's first sight at 32b7cc7, issue 11): names said aloud or typed in a
hurry, models and cards named loosely; general rules, each with wordings of its own and a known-good counterpart."""
import pytest

from assistant.reading import read
from bench.understanding import dropped
from tests.assistant.test_reading_thirtyninth_pass import said, talk


@pytest.mark.parametrize("text, gpu", [("у меня эр тэ икс сорок восемьдесят, мистраль 7б влезет?", "rtx-4080"),
                                       ("сколько надо эл сорок эс под ламу 70б на 30 человек", "l40s"),
                                       ("would one l forty s run qwen 32b", "l40s"),
                                       ("how many a one hundreds for llama 70b", "a100-sxm-80gb"),
                                       ("is an h two hundred enough for qwen 72b", "h200"),
                                       ("price of the rtx pro six thousand?", "rtx-pro-6000-blackwell")])
def test_a_cards_letters_and_digits_said_aloud_name_the_card(text, gpu):
    assert said(text).get("gpu") == gpu


def test_a_hundred_said_with_a_unit_stays_a_number():
    got = said("a one hundred dollar budget for a used card, what can I run?")
    assert "gpu" not in got


def test_tens_said_as_cardinals_are_a_card_only_after_rtx():
    assert said("rtx тридцать девяносто хватит под ламу 8б?").get("gpu") == "rtx-3090"
    assert "gpu" not in said("нас тридцать, девяносто процентов вопросов простые")


def test_plural_spoken_cards_keep_their_count():
    got = said("we have three forty nineties, what psu")
    assert got.get("gpu") == "rtx-4090" and got.get("gpu_count") == 3


@pytest.mark.parametrize("text, model", [("третья лама на 70б влезет в две 3090?", "llama-3-70b"),
                                         ("вторую гемму 9б на 3060 запущу?", "gemma-2-9b"),
                                         ("лама три восемь б в fp16 на 4080", "llama-3-8b")])
def test_a_version_said_as_an_ordinal_or_in_words_is_that_version(text, model):
    assert said(text).get("model") == model


def test_a_minor_version_said_is_kept_and_an_ordinal_of_another_thing_is_no_version():
    assert said("лама три точка три семьдесят б на двух 4090").get("model") == "llama-3.3-70b"
    assert said("вторая карта 4090 и лама 8б").get("model") == "llama-3.1-8b"


@pytest.mark.parametrize("text, model", [("гемма на 12 на 3060 влезет?", "gemma-3-12b"),
                                         ("gpt oss на 120 на двух 5090?", "gpt-oss-120b"),
                                         ("кодер от квена на 30 на 4090 пойдёт?", "qwen3-coder-30b-a3b")])
def test_a_size_after_na_is_the_models_size(text, model):
    assert said(text).get("model") == model
    assert dropped(read(text)) == []  # the size's digits are in the name's span


def test_a_count_or_people_after_na_are_not_a_size():
    got = said("дипсик v3 на 8 H200 в fp8 какая скорость")
    assert got.get("model") == "deepseek-v3" and got.get("gpu_count") == 8
    assert said("квен на 32 пользователя, что брать").get("users") == 32
    assert said("квен на 30 на 4090 пойдёт?").get("model") == "qwen3-30b-a3b"  # no "coder" said
    assert "model" not in said("gpt oss на 16 гигов")


def test_a_family_glued_to_its_size():
    assert said("квен32б на 4090 в q4 влезет?").get("model") == "qwen3-32b"


def test_a_geforce_variant_the_catalog_lacks_is_no_base_card():
    got = said("взял 4090 D на 24 гига, мистраль 7б влезет?")
    assert "gpu" not in got and got.get("card_vram_gb") == 24
    assert said("взял 4090 на 24 гига, мистраль 7б влезет?").get("gpu") == "rtx-4090"


def test_a6000_ada_is_the_ada_card_and_a6000_the_ampere_one():
    assert said("две a6000 ada под квен 72б").get("gpu") == "rtx-6000-ada"
    assert said("две a6000 под квен 72б").get("gpu") == "rtx-a6000"


def test_money_and_watts_said_in_english_words():
    assert said("my psu is a thousand watt, is it enough for two 3090s").get("psu_w") == 1000
    got = said("buy a box for 4 grand or rent at a buck fifty an hour, 8 hours a day")
    assert got.get("cloud_hourly") == 1.5


def test_an_opening_filler_after_another_is_a_filler_too():
    _, intent = talk("что лучше для нейронок: 3090 б/у или 4070 ти супер?", "ну вот а по шуму какая")
    assert intent == "compare"


def test_a_kwh_price_at_someone_elses_site():
    got = said("киловатт у арендатора шесть рублей, сколько в месяц за две 4090 круглосуточно")
    assert got.get("electricity_price") == 6 and "budget" not in got


def test_thousands_said_first_then_having_is_a_budget():
    assert said("что взять под квен 14б, тысяч двести есть").get("budget") == 200000


def test_cheaper_after_a_model_is_a_cheaper_build_and_cheaper_to_rent_is_a_cost():
    _, intent = talk("что взять под гемму 27б на 10 человек, бюджет 600 тысяч?", "а если квен 14б, получится дешевле?")
    assert intent == "recommend"
    assert read("можно дешевле арендовать 4090 в облаке чем купить?").intent == "cost"


@pytest.mark.parametrize("text", ["а что значит Q4_K_M?", "what does A3B mean in the name?"])
def test_what_a_word_means_is_a_knowledge_question(text):
    assert read(text).intent == "knowledge"


def test_a_card_the_catalog_lacks_replaces_the_card_before():
    s, _ = talk("will llama 3.1 8b fit on an RTX A5000?", "and what about a 3080 Ti 12GB instead?")
    assert s.gpu is None and s.card_vram_gb == 12
    s, _ = talk("will llama 3.1 8b fit on an RTX A5000?", "and what about an RTX A6000 instead?")
    assert s.gpu == "rtx-a6000"


def test_her_size_after_the_ram_is_the_rams_and_after_a_card_the_cards():
    assert said("а qwen3 32b с выгрузкой в оперативку? её у меня 64 гига").get("ram_gb") == 64
    got = said("оперативка старая, а карта 3060, её у меня 12 гигов, квен 8б влезет?")
    assert "ram_gb" not in got
