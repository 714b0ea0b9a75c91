"""The static system prompt is evaluated once and restored for each new conversation: the restored
state must give the same greedy answer as a cold prefill, and must actually be used."""
import pytest

from assistant.llm.local import LocalLlama
from assistant.llm.settings import LLMSettings
from assistant.prompt import static_messages

pytestmark = pytest.mark.model


@pytest.fixture(scope="module")
def backend():
    b = LocalLlama(LLMSettings(max_tokens=24))
    assert b.status().ready and b._prefix is not None and b._prefix.tokens
    return b


def test_restored_prefix_answers_exactly_like_a_cold_prefill(backend):
    llm = backend.llama
    msgs = [*static_messages(), {"role": "user", "content": "Хватит ли карты на 24 ГБ для Llama-3-8B?"}]
    llm.reset()  # cold: the whole prompt is prefilled
    cold = llm.create_chat_completion(messages=msgs, max_tokens=16, temperature=0, seed=0)["choices"][0]["message"]["content"]
    llm.reset()
    assert backend._prefix.restore_if_lost(msgs)  # the cache had lost it: restored
    assert backend._prefix.cached() and not backend._prefix.restore_if_lost(msgs)  # in place: nothing to do
    llm.reset()
    warm = "".join(backend.stream(msgs, 16))
    assert warm == cold


def test_another_system_prompt_is_not_given_the_saved_state(backend):
    backend.llama.reset()
    assert not backend._prefix.restore_if_lost([{"role": "system", "content": "You are a different assistant."},
                                                {"role": "user", "content": "hi"}])
