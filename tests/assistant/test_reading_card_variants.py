"""A card the catalog holds in one memory size, named with another it was also sold in (catalog: other_vram_gib):
the customer has that other board, so its memory is what is computed for, never the stored card's, never a
conflict to ask about. Any other size said of the card still contradicts the catalog and is asked."""
import pytest

from assistant.reading import read
from tools.catalog import get_gpu


@pytest.mark.parametrize("text", [
    "влезет ли гемма двенадцать б в мою 4060ти на восемь гигов",
    "влезет ли гемма 12б в мою 4060 ti на 8 гб",
    "a 4060 ti with 8, what runs",
    "3060 8gb gemma 12b",
    "есть 5060 ти на 8, что влезет",
])
def test_a_size_the_card_was_also_sold_in_is_the_customers_card(text):
    r = read(text)
    assert r.scenario.card_vram_gb == 8 and r.scenario.gpu is None
    assert not r.unattached and not r.conflicts


def test_two_boards_of_the_other_size_keep_their_count():
    s = read("две 3060 по 8 гб под квен 14б").scenario
    assert (s.card_vram_gb, s.gpu_count, s.gpu) == (8, 2, None)


@pytest.mark.parametrize("text,gpu", [
    ("у меня 4060 ти 16гб, пойдёт квен 14б?", "rtx-4060-ti-16gb"),
    ("3060 на 12 гигов мистраль", "rtx-3060-12gb"),
])
def test_the_stored_size_is_the_stored_card(text, gpu):
    s = read(text).scenario
    assert s.gpu == gpu and s.card_vram_gb is None


@pytest.mark.parametrize("text", ["4060 ti на 48 гигов, влезет квен 32б?", "у меня 3060 на 24 гб"])
def test_a_size_never_sold_is_still_asked(text):
    r = read(text)
    assert r.scenario.card_vram_gb is None and "card_vram_gb" in r.conflicts


def test_a_bare_number_after_the_card_with_another_unit_is_not_its_memory():
    s = read("есть 3060 на 8 часов в день").scenario
    assert s.gpu == "rtx-3060-12gb" and s.card_vram_gb is None and s.hours_per_month


def test_the_catalog_records_the_other_boards_with_a_source():
    for gid in ("rtx-3060-12gb", "rtx-4060-ti-16gb", "rtx-5060-ti-16gb"):
        g = get_gpu(gid)
        assert g.other_vram_gib == [8] and "8 GB" in g.source


# a family's line the catalog lacks, its name word between family and size: named back, never the family's default
@pytest.mark.parametrize("text,product", [
    ("How many RTX 5080 cards do I need for Mistral Large 123B in FP16?", "Mistral Large 123B"),
    ("mistral large 123b на 4090 влезет?", "mistral large 123b"),
])
def test_an_unknown_line_between_family_and_size_is_an_unknown_product(text, product):
    r = read(text)
    assert r.scenario.model is None and r.unknown_products == [product]


@pytest.mark.parametrize("text,model", [
    ("mistral small 24b на 4090", "mistral-small-3.2"),
    ("на олламе квен 14б на 3060 пойдёт?", "qwen3-14b"),
    ("mistral 7b на 3060", "mistral-7b-v0.3"),
])
def test_known_lines_and_runtimes_keep_their_model(text, model):
    assert read(text).scenario.model == model
