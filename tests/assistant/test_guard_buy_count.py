"""The count to buy said in the explanation against the upgrade's fact: "купить ещё одну" where the calculator says 3
(shown by the model on a hurried question at 0641978, "a esli dve 4090 u menya uzhe est skolko dokupit")."""
import pytest

from assistant.checks.counts import buy_count_off

FACTS = [{"tool": "upgrade", "input": {"gpu": "rtx-4090", "have": 2},
          "output": {"gpu": "rtx-4090", "have": 2, "need": 5, "add": 3}}]


@pytest.mark.parametrize("sentence", ["Если у вас уже есть две 4090, вам нужно купить ещё одну.",
                                      "You need to buy one more RTX 4090.", "Докупить нужно: докупить 2 карты."])
def test_a_wrong_count_to_buy_is_caught(sentence):
    assert buy_count_off(sentence, FACTS)


@pytest.mark.parametrize("sentence", ["Вам нужно докупить ещё три RTX 4090, чтобы всего было пять.",
                                      "You need to buy 3 more RTX 4090s.", "Покупать новые карты не нужно, не надо купить 1."])
def test_the_right_count_or_a_negation_passes(sentence):
    assert not buy_count_off(sentence, FACTS)


def test_no_upgrade_fact_no_judgement():
    assert not buy_count_off("вам нужно купить ещё одну", [])
