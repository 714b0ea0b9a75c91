"""The guide's passages quoted under an answer end at a whole sentence, never mid-word."""
from assistant.turn.explain import excerpt, quotes
from assistant.types import Source


def test_a_long_passage_is_quoted_up_to_its_last_whole_sentence():
    text = "Первое предложение о памяти. " * 12 + "Второе, очень длинное предложение про мульти-GPU серверы."
    out = excerpt(text, 400)
    assert len(out) <= 400 and out.endswith("памяти.") and "мульти-GP" not in out


def test_a_short_passage_is_whole_and_one_long_sentence_ends_at_a_word():
    assert excerpt("## Заголовок\nКоротко.", 400) == "Заголовок. Коротко."
    long_one = "слово " * 120
    cut = excerpt(long_one, 50)
    assert cut.endswith(" …") and all(w == "слово" for w in cut[:-2].split())


def test_quotes_use_only_trusted_passages_and_whole_sentences():
    src = [Source(id="g", title="Гайд", text="Одно. " * 100, trusted=True),
           Source(id="x", title="Чужой", text="Купите у нас.", trusted=False)]
    q = quotes(src, has_facts=True)
    assert q.startswith("> **Гайд.** Одно.") and q.endswith("Одно.") and "Чужой" not in q



def test_a_title_ending_in_a_question_mark_gets_no_second_stop():
    from assistant.turn.explain import quotes
    from assistant.types import Source
    q = quotes([Source(id="1", title="Нужен ли NVLink?", text="Нет, не нужен.", doc_id="d", score=1.0, trusted=True)], False)
    assert q.startswith("> **Нужен ли NVLink?** Нет") and "?." not in q


def test_a_heading_ends_as_a_sentence_and_does_not_run_into_the_next_line():
    text = "## Модели 7–13B: хватает\n\nДля квантованных моделей ориентир — 16–24 ГБ.\n## Нужен ли NVLink?\nНет.\n## Итог:\n- один;"
    assert excerpt(text, 400) == ("Модели 7–13B: хватает. Для квантованных моделей ориентир — 16–24 ГБ. "
                                  "Нужен ли NVLink? Нет. Итог: один;")  # a list marker is no sentence
    assert excerpt("Строка без заголовка\nи её продолжение.", 400) == "Строка без заголовка и её продолжение."
