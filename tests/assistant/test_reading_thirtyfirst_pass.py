"""Thirty-first pass (fresh26.yaml's first sight, issue 11): the people counted after "их" ("менеджеры (их около
полусотни)"); a size said unit first ("карта гигабайт на шестнадцать"); near misses."""
import pytest

from assistant.reading import read


@pytest.mark.parametrize("text,users", [
    ("хотим чтобы менеджеры (их около полусотни) спрашивали у нейросети про заказы", 50),
    ("сотрудники, их 40, будут пользоваться", 40),
])
def test_the_people_counted_after_ikh(text, users):
    assert read(text).scenario.users == users


def test_things_counted_after_ikh_are_no_people():
    r = read("у нас 3 сервера, их тоже 2")
    assert r.scenario.users is None


@pytest.mark.parametrize("text,slot,value", [("карта гигабайт на шестнадцать, какие модели пойдут", "card_vram_gb", 16),
                                             ("карта гигов на 16", "card_vram_gb", 16),
                                             ("оперативы гигабайт на 64", "ram_gb", 64)])
def test_a_size_said_unit_first(text, slot, value):
    r = read(text)
    assert r.scenario.said()[slot] == value and r.unattached == []


def test_a_unit_taken_by_its_number_is_not_reused():
    assert read("24 гига на 3 карты").scenario.said() == {"card_vram_gb": 24, "gpu_count": 3}
