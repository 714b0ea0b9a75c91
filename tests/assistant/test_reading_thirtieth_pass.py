"""Thirtieth pass (fresh25.yaml's first sight, issue 11): "half a dozen" is six; a currency that ends its sentence is
the sum's before it, never the number after ("тысяч пять долларов. полдюжины волонтеров"); a power connector's name
("12V-2x6", "12VHPWR", "8-pin") is no count of cards or card size."""
import pytest

from assistant.reading import read


@pytest.mark.parametrize("text,users", [("half a dozen volunteers need a chatbot", 6), ("a dozen users", 12)])
def test_half_a_dozen_is_six(text, users):
    assert read(text).scenario.users == users


def test_a_currency_ending_its_sentence_takes_no_number_after_it():
    s = read("некоммерческая организация, денег мало, тысяч пять долларов. полдюжины волонтеров, нужен чат-бот").scenario
    assert s.budget == 5000 and s.currency == "$" and s.users == 6


def test_a_currency_before_its_number_still_counts():
    assert read("бюджет $ 5000").scenario.budget == 5000


@pytest.mark.parametrize("text,connectors", [("what's the tdp of the rtx pro 6000 blackwell and does it need 12v-2x6?",
                                              ["12v-2x6"]),
                                             ("8-pin or 12VHPWR on the 4090?", ["8-pin", "12VHPWR"])])
def test_a_connectors_name_is_no_count(text, connectors):
    r = read(text)
    assert r.scenario.gpu_count is None and r.scenario.card_vram_gb is None and r.unattached == []
    assert [s.text for s in r.spans["connector"]] == connectors


def test_a_count_by_size_is_still_read():
    assert read("2x48GB cards").scenario.said() == {"gpu_count": 2, "card_vram_gb": 48}
