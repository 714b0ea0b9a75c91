"""Conversations, leads and failures through HAProxy in front of two real replicas (see conftest).

Every request has a timeout and every wait a deadline; turns that are not about the model ask with
`no_llm` (numbers and passages only), so the tier stays within minutes on two cores.
"""
from __future__ import annotations

import json
import threading
import time

import httpx
import pytest

pytestmark = pytest.mark.replicas

TURN_TIMEOUT_S = 30  # a no_llm turn takes well under a second; this is the hang detector
MODEL_TURN_TIMEOUT_S = 240  # a model turn waits behind the other replica's turn on one shared model server


def ask(stack, message: str, conv: str | None = None, who: str = "10.9.0.1", no_llm: bool = True,
        url: str | None = None) -> tuple[dict, str]:
    """One /api/ask turn; (the turn, the replica that answered it)."""
    body = {"message": message, "no_llm": no_llm, **({"conversation_id": conv} if conv else {})}
    r = httpx.post(f"{url or stack.url}/api/ask", json=body, headers={"X-Forwarded-For": who},
                   timeout=TURN_TIMEOUT_S if no_llm else MODEL_TURN_TIMEOUT_S)
    assert r.status_code == 200, r.text
    return r.json(), r.headers.get("x-replica", "")


def chat(stack, message: str, conv: str | None = None, who: str = "10.9.0.2") -> tuple[dict, str, list[str]]:
    """One streamed /api/chat turn with the model; (the done event's turn, replica, event names)."""
    body = {"message": message, **({"conversation_id": conv} if conv else {})}
    events, done, tokens = [], None, []
    with httpx.stream("POST", f"{stack.url}/api/chat", json=body, headers={"X-Forwarded-For": who},
                      timeout=MODEL_TURN_TIMEOUT_S) as r:
        assert r.status_code == 200, r.read()
        replica = r.headers.get("x-replica", "")
        event = None
        for line in r.iter_lines():
            if line.startswith("event: "):
                event = line.removeprefix("event: ")
                events.append(event)
            elif line.startswith("data: ") and event == "done":
                done = json.loads(line.removeprefix("data: "))
            elif line.startswith("data: ") and event == "token":
                tokens.append(json.loads(line.removeprefix("data: "))["text"])
    assert done is not None, f"stream ended without done: {events}"
    done["streamed"] = "".join(tokens)
    return done, replica, events


def has(scenario: dict, **want) -> bool:
    return all(scenario.get(k) == v for k, v in want.items())


def steer_next_away_from(stack, replica: str, tries: int = 4) -> None:
    """Round-robin over two replicas: after a request served by `replica`, the next goes to the other.
    The other conversations' turns in between may have moved the rotation; /healthz requests put it
    back, so this conversation's next turn is due to the replica its previous turn did not see."""
    for _ in range(tries):
        if httpx.get(f"{stack.url}/healthz", timeout=5).headers.get("x-replica") == replica:
            return
    raise AssertionError(f"the load balancer never sent a request to {replica}")


SEVENTY_B_ON_4_H100 = {"model": "llama-3-70b", "gpu": "h100-sxm", "gpu_count": 4}


def test_follow_ups_alternate_replicas_and_keep_their_scenario(stack):
    """Three customers' conversations interleaved: each follow-up lands on the other replica than the
    turn before it in that conversation, and still knows what was said there."""
    script = [
        ("10.9.1.1", ["Llama-3-70B на 4 H100", "а с контекстом 32k?", "а если 8 карт?"],
         [SEVENTY_B_ON_4_H100, {**SEVENTY_B_ON_4_H100, "context": 32768},
          {**SEVENTY_B_ON_4_H100, "context": 32768, "gpu_count": 8}]),
        ("10.9.1.2", ["Is one RTX 4090 enough for Llama-3-8B?", "and with 32k context?", "what about int4?"],
         [{"model": "llama-3-8b", "gpu": "rtx-4090"}, {"model": "llama-3-8b", "gpu": "rtx-4090", "context": 32768},
          {"model": "llama-3-8b", "gpu": "rtx-4090", "context": 32768, "precision": "int4"}]),
    ]
    convs: dict[str, str | None] = {who: None for who, _, _ in script}
    served: dict[str, list[str]] = {who: [] for who, _, _ in script}
    for step in range(3):
        for who, turns, wants in script:
            if served[who]:
                steer_next_away_from(stack, served[who][-1])
            turn, replica = ask(stack, turns[step], convs[who], who)
            assert turn["computed"], turn
            assert has(turn["scenario"], **wants[step]), (who, step, turn["scenario"])
            assert not any("не найден" in n or "not found" in n for n in turn["notices"]), turn["notices"]
            if convs[who]:
                assert turn["conversation_id"] == convs[who]
            convs[who] = turn["conversation_id"]
            served[who].append(replica)
    for who, replicas in served.items():
        assert set(replicas) == {"r0", "r1"}, served
        assert all(a != b for a, b in zip(replicas, replicas[1:])), f"{who}: turns did not alternate: {replicas}"


def test_explanations_from_one_shared_model_server_arrive_whole(stack):
    """Two customers at once, one per replica, both with the model: one model server answers both in
    turn and neither explanation is cut off by the other (llama_cpp.server --interrupt_requests False)."""
    out: dict[str, tuple] = {}

    def customer(who: str, question: str) -> None:
        try:
            out[who] = chat(stack, question, who=who)
        except Exception as exc:  # noqa: BLE001 - reported by the assertion below
            out[who] = (exc,)

    threads = [threading.Thread(target=customer, args=("10.9.2.1", "Хватит ли одной RTX 4090 для Llama-3-8B в fp16?")),
               threading.Thread(target=customer, args=("10.9.2.2", "Is one RTX 4090 enough for Llama-3-8B at int4?"))]
    for t in threads:
        t.start()
        time.sleep(0.3)
    for t in threads:
        t.join(MODEL_TURN_TIMEOUT_S + 10)
    assert not any(t.is_alive() for t in threads), "a model turn hung"
    assert all(len(v) == 3 for v in out.values()), out
    assert {v[1] for v in out.values()} == {"r0", "r1"}, "both replicas should have answered one"
    for who, (turn, replica, events) in out.items():
        assert events[0] in ("computed", "notice") and "token" in events and "busy" not in events, (who, events)
        assert turn["explained_by_model"], (who, replica, turn["notices"])
        assert turn["explanation"].strip() and turn["streamed"].strip(), (who, turn)
    # the follow-up of the first one, on the other replica, keeps the scenario with the model too
    turn, replica, _ = out["10.9.2.1"]
    again, replica2, _ = chat(stack, "а с контекстом 32k?", turn["conversation_id"], who="10.9.2.1")
    assert has(again["scenario"], model="llama-3-8b", gpu="rtx-4090", context=32768), again["scenario"]
    assert again["explained_by_model"], again["notices"]


def _leads_named(stack, name: str) -> list[tuple]:
    from sqlalchemy import create_engine, text

    engine = create_engine(stack.pg.url)
    try:
        with engine.connect() as c:
            return list(c.execute(text("SELECT id, scenario, conversation_id FROM leads WHERE name = :n"),
                                  {"n": name}))
    finally:
        engine.dispose()


def test_a_lead_is_stored_once_whichever_replica_gets_it(stack):
    turn, _ = ask(stack, "Llama-3-70B на 4 H100", who="10.9.3.1")
    lead = {"name": "Ирина Replicas", "phone": "+7 900 123-45-67", "message": "Позвоните после обеда",
            "conversation_id": turn["conversation_id"]}
    # a double click: the second copy goes to the other replica
    first = httpx.post(f"{stack.url}/api/leads", json=lead, headers={"X-Forwarded-For": "10.9.3.1"}, timeout=30)
    second = httpx.post(f"{stack.url}/api/leads", json=lead, headers={"X-Forwarded-For": "10.9.3.1"}, timeout=30)
    assert (first.status_code, second.status_code) == (201, 200), (first.text, second.text)
    assert first.headers["x-replica"] != second.headers["x-replica"]
    assert second.json()["status"] == "duplicate" and second.json()["id"] == first.json()["id"]
    rows = _leads_named(stack, lead["name"])
    assert len(rows) == 1 and rows[0][0] == first.json()["id"]
    scenario = rows[0][1] if isinstance(rows[0][1], dict) else json.loads(rows[0][1])
    assert has(scenario, **SEVENTY_B_ON_4_H100), scenario  # read from the shared conversation store

    # a form retried by a flaky network: four copies at the same moment, on both replicas
    lead2 = {**lead, "name": "Пётр Replicas", "message": "Нужен счёт"}
    answers: list[httpx.Response] = []
    barrier = threading.Barrier(4)

    def send() -> None:
        barrier.wait(10)
        answers.append(httpx.post(f"{stack.url}/api/leads", json=lead2, headers={"X-Forwarded-For": "10.9.3.2"},
                                  timeout=30))

    threads = [threading.Thread(target=send) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(40)
    assert len(answers) == 4, "a lead request hung"
    assert sorted(a.status_code for a in answers) == [200, 200, 200, 201], [a.text for a in answers]
    assert {a.headers["x-replica"] for a in answers} == {"r0", "r1"}
    assert len({a.json()["id"] for a in answers}) == 1
    assert len(_leads_named(stack, lead2["name"])) == 1


def test_database_restart_mid_conversation(stack):
    """PostgreSQL goes down between turns: a turn still gets its numbers (for what that message says),
    with a notice that the context is unavailable; once it is back, the conversation continues from
    where it was before the outage."""
    turn, _ = ask(stack, "Llama-3-70B на 4 H100", who="10.9.4.1")
    conv = turn["conversation_id"]
    stack.pg.stop("fast")
    try:
        during, _ = ask(stack, "а Qwen2.5-32B на 2 RTX 4090 влезет?", conv, who="10.9.4.1")
        assert during["computed"] and during["facts"], during
        assert has(during["scenario"], model="qwen2.5-32b", gpu="rtx-4090", gpu_count=2), during["scenario"]
        assert any("недоступен" in n for n in during["notices"]), during["notices"]
        # the id to continue with is still the conversation's own (a widget keeps what it is given)
        assert during["conversation_id"] == conv
        again, _ = ask(stack, "Llama-3-8B на одной RTX 4090", who="10.9.4.2")  # a new customer, other replica
        assert again["computed"] and has(again["scenario"], model="llama-3-8b", gpu="rtx-4090")
    finally:
        stack.pg.start()
    after = None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # both replicas' pools reconnect (pre-ping) on their next turn
        after, _ = ask(stack, "а с контекстом 32k?", conv, who="10.9.4.1")
        if not any("недоступен" in n for n in after["notices"]):
            break
        time.sleep(1)
    assert after is not None and not any("недоступен" in n or "не найден" in n for n in after["notices"]), after
    assert has(after["scenario"], **SEVENTY_B_ON_4_H100, context=32768), after["scenario"]
    last, _ = ask(stack, "а если 8 карт?", conv, who="10.9.4.1")  # the other replica after the restart
    assert has(last["scenario"], model="llama-3-70b", gpu="h100-sxm", gpu_count=8, context=32768), last["scenario"]


def test_rate_limits_apply_to_each_customer_behind_the_load_balancer(stack):
    """HAProxy adds its own X-Forwarded-For line: the replicas must still key their limits on the
    customer, so one customer over its chat budget does not refuse everyone behind the proxy."""
    refused = None
    for i in range(80):  # 20 chat requests a minute per replica, two replicas
        r = httpx.post(f"{stack.url}/api/ask", json={"message": "Llama-3-8B на RTX 4090", "no_llm": True},
                       headers={"X-Forwarded-For": "10.9.6.1"}, timeout=TURN_TIMEOUT_S)
        if r.status_code == 429:
            refused = i
            assert "retry-after" in r.headers
            break
        assert r.status_code == 200, r.text
    assert refused is not None and refused >= 20, f"refused after {refused} requests"
    other, _ = ask(stack, "Llama-3-8B на RTX 4090", who="10.9.6.2")
    assert other["computed"]


def test_kill_9_a_replica_mid_conversation(stack):
    """A replica dies between two turns of a conversation: the next turn, whichever replica it was
    due to, is answered by the survivor with the whole scenario; so is every turn after it."""
    turn, first = ask(stack, "Llama-3-70B на 4 H100", who="10.9.5.1")
    conv = turn["conversation_id"]
    turn, second = ask(stack, "а с контекстом 32k?", conv, who="10.9.5.1")
    assert first != second
    victim = next(r for r in stack.replicas if r.name == first)  # the one the next turn is due to
    survivor = next(r for r in stack.replicas if r.name == second)
    victim.kill()
    assert not victim.alive
    t0 = time.monotonic()
    turn, replica = ask(stack, "а если 8 карт?", conv, who="10.9.5.1")
    assert replica == survivor.name and time.monotonic() - t0 < 10
    assert has(turn["scenario"], **{**SEVENTY_B_ON_4_H100, "gpu_count": 8, "context": 32768}), turn["scenario"]
    for message, want in (("а в int4?", {"precision": "int4"}), ("а для 10 пользователей?", {"users": 10})):
        turn, replica = ask(stack, message, conv, who="10.9.5.1")
        assert replica == survivor.name
        assert has(turn["scenario"], model="llama-3-70b", gpu="h100-sxm", gpu_count=8, context=32768, **want), \
            turn["scenario"]
    # the survivor carried on without an error in its log
    assert "Traceback" not in survivor.tail(200)
