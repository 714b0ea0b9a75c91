"""The shared conversation store, on SQLite and on a real loopback PostgreSQL: the same contract."""
from __future__ import annotations

import threading
from pathlib import Path

import pytest

from assistant.scenario import Scenario
from assistant.service import Conversation
from assistant.storage.conversations import DetachedConversation, SqlConversationStore
from bench.services import Postgres


@pytest.fixture(scope="module")
def pg():
    if not list(Path("/usr/lib/postgresql").glob("*/bin/initdb")):  # the replicas tier installs it
        pytest.fail("PostgreSQL is not installed: `make test` installs it (apt-get install -y postgresql)")
    with Postgres() as server:
        yield server


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'conv.sqlite3'}"
    server = request.getfixturevalue("pg")
    from sqlalchemy import create_engine, text

    eng = create_engine(server.url)
    with eng.begin() as c:
        c.execute(text("DROP TABLE IF EXISTS conversations"))
    eng.dispose()
    return server.url


def test_state_survives_a_new_process_view(url):
    a = SqlConversationStore(url)
    conv, found = a.get_or_create(None, owner="1.2.3.4")
    assert not found
    assert a.claim(conv.id)
    conv.scenario, conv.intent = Scenario(model="llama-3-8b", gpu_count=4), "vram"
    conv.user_texts = ["Llama-3-8B на 4 карты?"]
    a.release(conv.id, conv)
    b = SqlConversationStore(url)  # another replica
    again, found = b.get_or_create(conv.id, owner="5.6.7.8")
    assert found and again.scenario.model == "llama-3-8b" and again.scenario.gpu_count == 4
    assert again.user_texts == ["Llama-3-8B на 4 карты?"] and again.intent == "vram"


def test_one_turn_at_a_time_across_replicas_and_a_lease(url):
    now = [1000.0]
    a = SqlConversationStore(url, lease_s=60, clock=lambda: now[0])
    b = SqlConversationStore(url, lease_s=60, clock=lambda: now[0])
    conv, _ = a.get_or_create(None)
    assert a.claim(conv.id) and not b.claim(conv.id)
    now[0] += 61  # the replica holding it died: the lease runs out
    assert b.claim(conv.id)
    b.release(conv.id)
    assert a.claim(conv.id)


def test_concurrent_claims_one_winner(url):
    stores = [SqlConversationStore(url) for _ in range(4)]
    conv, _ = stores[0].get_or_create(None)
    wins = []
    barrier = threading.Barrier(8)

    def go(s):
        barrier.wait()
        wins.append(s.claim(conv.id))

    threads = [threading.Thread(target=go, args=(stores[i % 4],)) for i in range(8)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert wins.count(True) == 1


def test_bounded_fairly_and_expired(url):
    now = [0.0]

    def tick():
        now[0] += 1
        return now[0]

    s = SqlConversationStore(url, max_items=4, ttl_s=100, per_owner=3, clock=lambda: now[0])
    quiet = s.get_or_create(None, owner="quiet")[0]
    tick()
    flood = []
    for _ in range(6):
        flood.append(s.get_or_create(None, owner="flood")[0])
        tick()
    assert s.get(quiet.id) is not None, "a flood pushed out a quiet customer's conversation"
    assert [s.get(c.id) is not None for c in flood] == [False, False, False, True, True, True]
    assert len(s) == 4
    now[0] += 200
    assert s.get(quiet.id) is None and len(s) == 0


def test_unknown_id_is_never_adopted(url):
    s = SqlConversationStore(url)
    conv, found = s.get_or_create("attacker-chosen-id")
    assert not found and conv.id != "attacker-chosen-id"


def test_store_down_gives_a_detached_conversation_not_an_error(tmp_path):
    dead = SqlConversationStore("postgresql+psycopg://postgres@127.0.0.1:9/none", connect_timeout_s=1)
    conv, found = dead.get_or_create("abc", owner="x")
    assert isinstance(conv, DetachedConversation) and not found
    assert dead.claim(conv.id) and not dead.claim(conv.id)
    dead.release(conv.id, conv)
    assert dead.claim(conv.id)
    assert dead.get("abc") is None and len(dead) == 0 and not dead.healthy()


def test_database_restart_is_survived(pg):
    s = SqlConversationStore(pg.url)
    conv, _ = s.get_or_create(None)
    conv.user_texts = ["before"]
    assert s.claim(conv.id)
    s.release(conv.id, conv)
    pg.stop()
    try:
        detached = s.get_or_create(conv.id)[0]
        assert isinstance(detached, DetachedConversation) and detached.id == conv.id  # the id to continue with
        assert s.claim(detached.id)
        s.release(detached.id, detached)  # saves nothing
    finally:
        pg.start()
    again, found = s.get_or_create(conv.id)
    assert found and again.user_texts == ["before"]


def test_detached_is_a_conversation():
    assert isinstance(DetachedConversation(), Conversation)


def test_replicas_starting_at_once_create_the_schema_once(pg):
    """Every replica makes its tables at start-up; on a fresh database they race to create them."""
    from sqlalchemy import create_engine, text

    from assistant.settings import Settings
    from assistant.storage.leads import LeadStore
    from assistant.storage.operator import OperatorStore

    settings = Settings()
    for attempt in range(5):  # the race is a window of milliseconds: give it several chances to show
        eng = create_engine(pg.url)
        with eng.begin() as c:
            c.execute(text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
        eng.dispose()
        start, errors = threading.Barrier(6), []

        def replica():
            start.wait()
            try:
                SqlConversationStore(pg.url)._ensure_schema() or errors.append("conversations not ready")
                LeadStore(settings, pg.url)
                OperatorStore(settings, pg.url)
            except Exception as exc:  # noqa: BLE001 - the failure is what is counted
                errors.append(repr(exc)[:200])

        threads = [threading.Thread(target=replica) for _ in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == [], f"attempt {attempt}: {errors}"
