"""Russian agreement check: broken adjective-noun pairs are caught, the guide's Russian never is."""
import os
from pathlib import Path

import pytest

from assistant import guard
from assistant.checks.agreement import disagreements
from tools.text import split_sentences

ROOT = Path(__file__).resolve().parents[2]
GUIDE = Path(os.environ.get("GPU_SIZER_GUIDE", "/work/shared/guide/vendor-guide.ru.txt"))


@pytest.mark.parametrize("text, pair", [
    ("Для регулярной работы лучше собственный сервер: он более надежен, предсказуемый производительность "
     "и конфиденциальность данных.", "предсказуемый производительность"),  # the published FAQ, seen
    ("Это возможно благодаря высокому производительности GPU.", "высокому производительности"),
    ("Например, P4000 может быть подходящими вариантом.", "подходящими вариантом"),
    ("Видеокарта имеет быстрый память.", "быстрый память"),
    ("Больше памяти, чем одна оператора может использовать.", "одна оператора"),  # explain-eval at 91a40c6
])
def test_broken_pairs_are_caught(text, pair):
    assert disagreements(text) == [f"grammar: {pair}"]


@pytest.mark.parametrize("text", [
    "Предсказуемая производительность без шумных соседей.",
    "Для двух больших серверов нужно три свободных слота.",
    "Два больших сервера и две новые видеокарты.",  # after 2-4: plural adjective, genitive noun
    "Одна карта RTX 4090 с полной памятью.",
    "Хватит одной карты.", "Возьмите одну карту.", "Одни сутки работы.", "Один сервер и одно ядро.",
    "На одном сервере с одной картой для одного пользователя.",
    "Новые данные не покидают инфраструктуру компании.",  # "данные" may be an adjective: not judged
    "что такое квантизация и сильно ли она портит ответы",  # pronoun "такое" is not a modifier here
    "Модель не помещается в видеопамять одной карты.",
])
def test_good_russian_is_left_alone(text):
    assert disagreements(text) == []


def test_known_good_russian_raises_nothing():
    """Our documents, the worked turns of the prompt and (where this machine has it) the vendor's guide."""
    texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "knowledge" / "docs").rglob("*.md"))]
    texts.append((ROOT / "assistant" / "prompt.py").read_text(encoding="utf-8"))
    if GUIDE.exists():
        texts.append(GUIDE.read_text(encoding="utf-8"))
    sentences = [s for t in texts for s in split_sentences(t)]
    assert len(sentences) > 300
    assert [s for s in sentences if disagreements(s)] == []


def test_the_guard_drops_a_broken_sentence():
    g = guard.grounding([], ["Собственный сервер выгоднее при постоянной работе."], lang="ru")
    assert "grammar: предсказуемый производительность" in guard.violations(
        "Собственный сервер даёт предсказуемый производительность.", g)
    assert guard.violations("Собственный сервер выгоднее при постоянной работе.", g) == []


def test_the_correction_note_names_the_new_reasons():
    from assistant.prompt import correction_note
    note = correction_note(["grammar: предсказуемый производительность", "users: всех пользователей"])
    assert "do not agree" in note and "several users" in note and "contact" not in note


def test_every_kind_of_violation_has_its_own_hint():
    """A kind without a hint fell through to "added a contact or link", a wrong correction for the model."""
    import re
    from pathlib import Path

    from assistant.prompt import correction_note
    checks = Path(__file__).parents[2] / "assistant" / "checks"
    kinds = {k for f in checks.glob("*.py") for k in re.findall(r'f"([a-z ]+): ', f.read_text(encoding="utf-8"))}
    assert {"psu", "moe", "card"} <= kinds
    for k in kinds:
        assert "contact" not in correction_note([f"{k}: x"]), k


@pytest.mark.parametrize("sentence", ["ваш БП не хватает для пяти карт.", "Одна карта не хватит для этой модели.",
                                      "Ваша видеокарта не хватает."])
def test_what_falls_short_in_the_nominative_is_broken_russian(sentence):
    assert disagreements(sentence)


@pytest.mark.parametrize("sentence", ["Вашего БП не хватит для пяти карт.", "Мощности БП не хватит.",
                                      "Вам не хватит памяти.", "Если не хватает памяти, квантуйте.", "Одной 4090 не хватит.",
                                      "У вас не хватает слотов.", "Видеопамяти RTX 4090 не хватает.",
                                      "Памяти одной карты не хватит."])
def test_what_falls_short_in_the_genitive_passes(sentence):
    assert not disagreements(sentence)


@pytest.mark.parametrize("sentence,bad", [("Чтобы было быстрее, нужно карта с большей пропускной способностью.", True),
                                          ("Нужна карта побольше.", False), ("Нужно время.", False),
                                          ("Нужно карту купить.", False), ("Нужно 2 карты.", False)])
def test_the_short_form_of_needed_agrees_with_its_nominative_noun(sentence, bad):
    assert bool(disagreements(sentence)) is bad
