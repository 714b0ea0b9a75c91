"""Helpers shared by the reader's pass tests (tests/assistant/test_reading_*_pass.py): a conversation replayed turn by
turn, as bench/understanding.py replays the corpus."""
from __future__ import annotations

from assistant.reading import Reading, read
from assistant.reading.context import carry
from assistant.scenario import Scenario, merge


def talk(*texts: str, asked: bool = False) -> Scenario:
    """The scenario after the turns, each read, carried by the conversation and merged. `asked`: remember the slot a
    turn named back with its values, as framing does (`Scenario.asked`), so a later bare number can answer it."""
    s = None
    for t in texts:
        r = carry(read(t), s)
        s = merge(s, r.scenario, r.new_model, comparing=r.intent == "compare", instead_of=r.instead_of)
        if asked:
            from assistant.turn.framing import offered, compared_values

            s = s.model_copy(update={"asked": offered(r, compared_values(r))})
    assert s is not None
    return s


def first(text: str) -> Reading:
    """The first turn of a conversation, its intent settled as the pipeline settles it."""
    from assistant.turn.framing import settle_intent

    r = carry(read(text), None)
    r.intent = settle_intent(r, None)  # type: ignore[assignment]
    return r
