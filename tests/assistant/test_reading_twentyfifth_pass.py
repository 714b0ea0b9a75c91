"""Twenty-fifth pass (fresh20.yaml's first sight, issue 11): "без выходных" is every day, not the weekends only;
wordings of its own and near misses."""
import pytest

from assistant.reading import read


@pytest.mark.parametrize("text,hours", [
    ("облако по 90 руб в час по 12 часов без выходных", 365.0),
    ("работает по 8 часов и в выходные тоже", 243.33),
    ("8 hours a day including weekends", 243.33),
    ("по 6 часов даже в выходные", 182.5),
])
def test_no_days_off_is_every_day(text, hours):
    assert read(text).scenario.hours_per_month == hours


@pytest.mark.parametrize("text,hours", [("по 10 часов по выходным", 86.67), ("12 hours a day, weekends only", 104.0)])
def test_the_weekends_alone_are_still_two_days_a_week(text, hours):
    assert read(text).scenario.hours_per_month == hours
