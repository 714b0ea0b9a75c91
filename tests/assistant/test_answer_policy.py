"""The answer policy (assistant.knowledge_answers): a question with nothing to compute gets the guide's
passage, not the small model's paraphrase of it (measured by gpu-sizer explain-eval); computed answers
and the FAQ's drafts still use the model."""
from assistant.service import Conversation

KNOWLEDGE = "Нужна ли NVLink для инференса на двух картах?"


def test_a_knowledge_question_gets_the_guides_passage_without_the_model(make_assistant):
    a = make_assistant(answers=["Да, NVLink нужна."])
    res = a.ask(Conversation(), KNOWLEDGE)
    assert a.backend.calls == []
    assert res.guide_by_policy and not res.explained_by_model and res.prose == ""
    assert res.explanation.startswith("> **") and "PCIe" in res.explanation
    assert not res.notices  # a choice, not a failure: no "model unavailable" notice


def test_a_computed_answer_still_gets_the_model(make_assistant):
    a = make_assistant(answers=["Да, модель помещается: нужно 23,71 ГБ."])
    res = a.ask(Conversation(), "Хватит ли одной карты на 24 ГБ для Llama-3-8B?")
    assert len(a.backend.calls) == 1 and res.explained_by_model and not res.guide_by_policy


def test_the_model_policy_and_the_faq_override_let_the_model_write(make_assistant):
    a = make_assistant(answers=["Для инференса PCIe обычно хватает."])
    res = a.ask(Conversation(), KNOWLEDGE, model_for_knowledge=True)
    assert len(a.backend.calls) == 1 and res.prose and not res.guide_by_policy
    b = make_assistant(answers=["Для инференса PCIe обычно хватает."])
    b.settings = b.settings.model_copy(update={"assistant": b.settings.assistant.model_copy(
        update={"knowledge_answers": "model"})})
    assert b.ask(Conversation(), KNOWLEDGE).explained_by_model and len(b.backend.calls) == 1
