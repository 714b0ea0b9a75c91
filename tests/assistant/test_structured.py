"""Structured explanations (llm.structured): three fields under a grammar, shown as three sentences."""
import json

import pytest

from assistant.llm.settings import LLMSettings
from assistant.llm.structured import GBNF, FieldText, as_json
from assistant.prompt import FEW_SHOT, static_messages
from assistant.service import Conversation
from tools.text import SENTENCE_BOUNDARY

OBJ = ('{"verdict": "Нет, не помещается: нужно 41,55 ГБ", "reason": "Веса в FP16 занимают 29,54 ГБ.", '
       '"next_step": "Квантуйте модель до Q4"}')


def _stream(text: str, size: int) -> str:
    f = FieldText()
    return "".join(f.feed(text[i:i + size]) for i in range(0, len(text), size))


@pytest.mark.parametrize("size", [1, 3, 7, 1000])
def test_fields_stream_as_sentences_whatever_the_chunking(size):
    assert _stream(OBJ, size) == ("Нет, не помещается: нужно 41,55 ГБ. Веса в FP16 занимают 29,54 ГБ. "
                                  "Квантуйте модель до Q4.")


def test_keys_and_escapes_never_reach_the_prose():
    out = _stream('{"verdict": "Да\\nпомещается", "reason": "a \\"b\\"", "next_step": "c!"}', 2)
    assert out == 'Да помещается. a "b". c!'
    assert "verdict" not in out and "{" not in out


def test_every_worked_answer_has_the_three_fields():
    for _, answer, _, _ in FEW_SHOT:
        fields = json.loads(as_json(answer, SENTENCE_BOUNDARY.split))
        assert list(fields) == ["verdict", "reason", "next_step"] and all(fields.values())
    assert static_messages(True)[2]["content"].startswith('{"verdict": ')
    assert not static_messages(False)[2]["content"].startswith("{")


def test_a_worked_answer_of_two_sentences_is_refused():
    with pytest.raises(ValueError, match="3 sentences"):
        as_json("Да. Хватит.", SENTENCE_BOUNDARY.split)


def test_the_pipeline_shows_the_fields_as_prose_and_keeps_the_raw_turn(make_assistant):
    answer = ('{"verdict": "Да, модель помещается: нужно 23,71 ГБ, свободно 2,05 ГБ.", '
              '"reason": "Больше всего занимают веса в FP16.", "next_step": "Квантуйте модель до Q8."}')
    a = make_assistant(answers=[answer])
    # a copy: the shared session settings must stay unstructured for every other test
    a.settings = a.settings.model_copy(update={"llm": LLMSettings(mode="none", structured=True)})
    conv = Conversation()
    res = a.ask(conv, "Хватит ли одной карты на 24 ГБ для Llama-3-8B?")
    assert res.prose == ("Да, модель помещается: нужно 23,71 ГБ, свободно 2,05 ГБ. Больше всего занимают веса "
                         "в FP16. Квантуйте модель до Q8.")
    assert conv.messages[-1]["content"].strip() == answer  # history as generated, for the KV cache's prefix
    assert a.backend.calls[0][0]["content"].endswith("next_step (sentence 3).")


@pytest.mark.model
def test_the_grammar_makes_the_real_model_fill_three_fields():
    from llama_cpp import Llama, LlamaGrammar

    llm = Llama(model_path=str(LLMSettings().model_path), n_ctx=4096, n_threads=2, verbose=False)
    msgs = [*static_messages(True), {"role": "user", "content": "QUESTION: Хватит ли 16 ГБ для Qwen2.5 7B в Q4?\n\n"
                                     "FACTS:\nИтого: 7,10\nКарта «16 ГБ» (17,18 ГБ): нужно 7,10 ГБ — помещается, "
                                     "свободно 10,08 ГБ\n\nОтветь по-русски, 2–3 предложения."}]
    out = llm.create_chat_completion(messages=msgs, max_tokens=400, temperature=0,
                                     grammar=LlamaGrammar.from_string(GBNF, verbose=False))
    fields = json.loads(out["choices"][0]["message"]["content"])
    assert list(fields) == ["verdict", "reason", "next_step"] and all(v.strip() for v in fields.values())
