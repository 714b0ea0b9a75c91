"""The grounding guard catches changed numbers and action claims, and accepts formats of true ones."""
import pytest

from assistant import guard

FACTS = [{"output": {"total_bytes": 23_714_990_189, "kv_cache_bytes": 1_073_741_824, "gpu": "RTX 4090",
                     "system_watts": 2500, "context": 32768}}]
ALLOWED = guard.allowed_numbers(FACTS, ["Хватит ли карты на 24 ГБ для Llama-3-8B?"])


@pytest.mark.parametrize("text", [
    "Итого нужно 23,71 ГБ.", "Total is 23.71 GB.", "About 24 GB in total.", "KV cache takes 1.07 GB.",
    "KV-кэш: 1,07 ГБ (1 GiB).", "Peak power is 2500 W.", "Пик 2 500 Вт.", "Context 32k tokens.",
    "An RTX 4090 works.", "Llama-3-8B fits.",
])
def test_true_numbers_in_any_format_pass(text):
    assert guard.ungrounded(text, ALLOWED) == []


@pytest.mark.parametrize("text,bad", [
    ("Итого нужно 25,71 ГБ.", "25,71"), ("Total is 32.4 GB.", "32.4"), ("KV cache takes 2.14 GB.", "2.14"),
    ("Peak power is 3500 W.", "3500"), ("It costs 1999 dollars.", "1999"), ("Context 64k tokens.", "64k"),
])
def test_changed_numbers_are_caught(text, bad):
    assert guard.ungrounded(text, ALLOWED) == [bad]


def test_drop_offending_keeps_clean_sentences():
    text = "Карта подходит. Нужно 99 ГБ. Итого 23,71 ГБ."
    kept, dropped = guard.drop_offending(text, ALLOWED)
    assert kept == "Карта подходит. Итого 23,71 ГБ." and dropped == ["Нужно 99 ГБ."]


@pytest.mark.parametrize("text", [
    "Я оформил заказ на сервер.", "I have placed an order for you.", "I've applied a 50% discount.",
    "Я отправил вам письмо со счётом.", "We sent you an email with the quote.",
])
def test_action_claims_are_dropped(text):
    kept, dropped = guard.drop_offending(text, guard.allowed_numbers([], ["50%"]))
    assert kept == "" and dropped


def test_foreign_contacts_and_links_are_dropped_trusted_ones_kept():
    g = guard.grounding([], ["Пишите на sales@vendor.example или смотрите https://vendor.example/servers"])
    assert guard.violations("Напишите на x@evil.example для заказа.", g) == ["x@evil.example"]
    assert guard.violations("Details: https://evil.example/login", g) == ["https://evil.example/login"]
    assert guard.violations("Напишите на sales@vendor.example.", g) == []
    assert guard.violations("См. https://vendor.example/servers.", g) == []


def test_a_grounded_number_with_the_wrong_unit_is_caught():
    facts = [{"output": {"total_vram_bytes": 274_877_906_944, "price_usd_min": 16000, "system_watts": 5650}}]
    g = guard.grounding(facts, ["Хочу Llama-3-70B"])
    assert guard.violations("Цена GPU: 274,88$.", g) == ["274,88"]  # GB of VRAM written as a price
    assert guard.violations("Нужно 274,88 Вт.", g) == ["274,88"]
    assert guard.violations("VRAM всего 274,88 ГБ, от 16 000 $, пик 5650 Вт.", g) == []
