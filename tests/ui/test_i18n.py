"""The interface strings (ui/labels.yaml) are complete in both languages."""
from ui.i18n import EXAMPLES, LABELS, TASKS, tr


def test_every_label_and_task_is_in_both_languages():
    assert set(LABELS["ru"]) == set(LABELS["en"])
    assert all(v.strip() for lang in LABELS.values() for v in lang.values())
    assert [v for _, v in TASKS["ru"]] == [v for _, v in TASKS["en"]] == ["inference", "lora", "qlora", "full"]
    assert EXAMPLES["ru"] and EXAMPLES["en"]


def test_an_unknown_language_falls_back_to_russian():
    assert tr("de", "send") == LABELS["ru"]["send"] == "Спросить" and tr("en", "send") == "Ask"
