"""The static system prompt is evaluated once and restored for each new conversation: the restored
state must give the same verdict as prefilling the same prefix anew (the floats are not bit-exact), and
must actually be used."""
import pytest

from assistant.llm.local import REPEAT_PENALTY, LocalLlama
from assistant.llm.settings import LLMSettings
from assistant.prompt import static_messages

pytestmark = pytest.mark.model


@pytest.fixture(scope="module")
def backend():
    b = LocalLlama(LLMSettings(max_tokens=24))
    assert b.status().ready and b._prefix is not None and b._prefix.tokens
    return b


def test_restored_prefix_gives_the_same_verdict_as_a_fresh_prefill(backend):
    llm = backend.llama
    msgs = [*static_messages(), {"role": "user", "content": "Хватит ли карты на 24 ГБ для Llama-3-8B?"}]
    # cold, with the same batching as a restore: the static prefix evaluated on its own first (prefilling
    # prefix and question in one batch gives slightly different floats, and greedy output may diverge)
    llm.reset()
    llm.eval(list(backend._prefix.tokens))
    cold = llm.create_chat_completion(messages=msgs, max_tokens=16, temperature=0, seed=0, repeat_penalty=REPEAT_PENALTY)["choices"][0]["message"]["content"]
    llm.reset()
    assert backend._prefix.restore_if_lost(msgs)  # the cache had lost it: restored
    assert backend._prefix.cached() and not backend._prefix.restore_if_lost(msgs)  # in place: nothing to do
    llm.reset()
    warm = "".join(backend.stream(msgs, 16))
    # measured: the restored state is not bit-exact (greedy wording may differ after a few tokens), so
    # the verdict is what must agree, not every word
    verdict = lambda text: text.strip().split(",")[0].split()[0].lower()  # noqa: E731
    assert warm.strip() and verdict(warm) == verdict(cold), (warm, cold)


def test_the_saved_start_ends_with_the_words_every_turn_opens_with(backend):
    """The turn's message opens with TURN_LEAD, so the saved start holds those tokens too and a first
    turn prefills only what follows them (each token is ~11 ms of the first word on 2 cores)."""
    from assistant.prompt import TURN_LEAD, user_message

    llm = backend.llama
    saved = backend._prefix.tokens
    assert llm.detokenize(saved[-4:]).decode().endswith(TURN_LEAD)
    msgs = [*static_messages(), {"role": "user", "content": user_message("Хватит ли карты на 24 ГБ для Llama-3-8B?", "", [], "ru")}]
    llm.reset()
    assert backend._prefix.restore_if_lost(msgs)
    assert "".join(backend.stream(msgs, 4)).strip()
    assert list(llm.input_ids[: len(saved)]) == saved  # the turn's tokens continue the saved ones
    assert backend._prefix.cached(msgs)


def test_each_answer_language_gets_its_own_saved_start(backend):
    """The Russian and the English worked turns are separate starts: an English turn after a
    Russian one restores the English start instead of prefilling it."""
    ru = [*static_messages(lang="ru"), {"role": "user", "content": "Хватит ли карты на 24 ГБ для Llama-3-8B?"}]
    en = [*static_messages(lang="en"), {"role": "user", "content": "Is a 24 GB card enough for Llama 3 8B?"}]
    assert static_messages(lang="ru")[1:] != static_messages(lang="en")[1:]
    backend.llama.reset()
    assert backend._prefix.restore_if_lost(ru) and backend._prefix.cached(ru) and not backend._prefix.cached(en)
    assert backend._prefix.restore_if_lost(en) and backend._prefix.cached(en) and not backend._prefix.cached(ru)
    assert "".join(backend.stream(en, 8)).strip()


def test_another_system_prompt_is_not_given_the_saved_state(backend):
    backend.llama.reset()
    assert not backend._prefix.restore_if_lost([{"role": "system", "content": "You are a different assistant."},
                                                {"role": "user", "content": "hi"}])


def test_two_contexts_answer_two_customers_at_once():
    """llm.parallel=2: a second answer starts while the first is still being written (each context
    has its own KV cache and saved prefix), and both are real text."""
    import threading
    import time

    b = LocalLlama(LLMSettings(max_tokens=16, parallel=2))
    assert b.status().ready and b._free.qsize() == 2
    msgs = [*static_messages(), {"role": "user", "content": "Хватит ли карты на 24 ГБ для Llama-3-8B?"}]
    first, events = b.stream(msgs, 12), []
    events.append(("first", time.monotonic(), next(first)))  # the first context is now busy
    out: dict[str, str] = {}
    t = threading.Thread(target=lambda: out.setdefault("second", "".join(b.stream(msgs, 12))))
    t.start()
    t.join(timeout=120)
    assert not t.is_alive(), "the second answer waited for the first: only one context"
    rest = "".join(first)
    assert out["second"].strip() and (events[0][2] + rest).strip()
    assert b._free.qsize() == 2  # both contexts back in the pool
    (one, p1), (two, p2) = list(b._free.queue)
    assert one is not two and p1.llm is one and p2.llm is two
    assert p1.saved is p2.saved  # the second context got the first one's states, not a second warm-up


def test_saved_starts_are_kept_on_disk_and_loaded_by_the_next_start(backend, tmp_path):
    """A restart loads the evaluated starts instead of prefilling them again (minutes on 2 cores);
    a damaged or foreign file is evaluated anew, never put into the cache as it is."""
    from assistant.llm.prefix import PrefixStore, StaticPrefix

    llm, settings = backend.llama, backend.settings
    store = PrefixStore(tmp_path, settings.model_path, settings.n_ctx)
    static = static_messages(lang="en", case="power")  # the shortest start: one evaluation here
    assert store.path(static) != PrefixStore(tmp_path, settings.model_path, settings.n_ctx // 2).path(static)
    assert store.path(static) != store.path(static_messages(lang="ru", case="power"))

    first = StaticPrefix(llm, static, store=store)
    assert first.loaded == 0 and store.path(static).exists()
    second = StaticPrefix(llm, static, store=store)
    assert second.loaded == 1
    assert second.saved[0].tokens == first.saved[0].tokens and second.saved[0].state == first.saved[0].state
    msgs = [*static, {"role": "user", "content": "PSU for four RTX 4090?"}]
    llm.reset()
    assert second.restore_if_lost(msgs) and second.cached(msgs)
    assert "".join(backend.stream(msgs, 8)).strip()

    path = store.path(static)
    path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])  # cut short (a crash mid-copy)
    third = StaticPrefix(llm, static, store=store)
    assert third.loaded == 0 and third.saved[0].tokens == first.saved[0].tokens
    assert StaticPrefix(llm, static, store=store).loaded == 1  # evaluated again and written whole
    path.write_bytes(b"not a saved state")
    assert store.load(static) is None and StaticPrefix(llm, static, store=store).loaded == 0
