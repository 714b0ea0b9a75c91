"""Forty-third pass (items noticed at 4fefede, then fresh39.yaml's first sight, issue 11): general rules, each with
wordings of its own."""
import pytest

from tests.assistant.test_reading_thirtyninth_pass import said


@pytest.mark.parametrize("text, gpu, count", [
    ("4090 одна есть, потянет ли ламу 3 8б в fp16?", "rtx-4090", 1),
    ("3090 две валяются без дела, на них qwen 32b запустить можно?", "rtx-3090", 2),
    ("a100 одна имеется, llama 70b в q4 влезет?", "a100-sxm-80gb", 1)])
def test_a_count_after_the_card_before_a_word_of_having(text, gpu, count):
    s = said(text)
    assert s["gpu"] == gpu and s["gpu_count"] == count


def test_a_number_word_after_a_card_inside_a_sentence_is_still_no_count():
    assert said("4090 одна из лучших карт, потянет ли ламу 3 8б?").get("gpu_count") is None
