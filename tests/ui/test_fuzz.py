"""Fuzzing the API: schemathesis against the app's own OpenAPI schema, and hypothesis throwing absurd
values at the calculators. Whatever comes in, the answer is a JSON error or a result: never a 500, a
traceback, or a reply that echoes a huge input back. Example counts are bounded to keep this fast."""
from __future__ import annotations

import json

import pytest
import schemathesis
from schemathesis import GenerationMode
from fastapi.testclient import TestClient
from support.fakes import ScriptedBackend
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from web_helpers import private_settings

from assistant.service import Assistant
from ui.api import CostIn, PowerIn, RecommendIn, VramIn
from ui.app import create_app

MAX_ERROR_BYTES = 2000  # an error names the problem; it does not replay a 60 KB input


def _fuzz_app(kb_settings, kb_retriever, tmp_path):
    s = private_settings(kb_settings, tmp_path)
    s.limits.chat_per_minute = s.limits.calc_per_minute = 1_000_000  # fuzzing is not abuse
    return create_app(s, Assistant(s, backend=ScriptedBackend(["Одной карты хватает."]), retriever=kb_retriever),
                      mount_ui=False)


@pytest.fixture(scope="module")
def api_schema(kb_settings, kb_retriever, tmp_path_factory):
    app = _fuzz_app(kb_settings, kb_retriever, tmp_path_factory.mktemp("fuzz"))
    return schemathesis.openapi.from_asgi("/openapi.json", app)


@schemathesis.check
def errors_are_short_json(ctx, response, case) -> bool | None:
    if response.status_code < 400:
        return None
    body = response.json()  # raises (a failure) when an error is not JSON
    assert set(body) == {"error"} and isinstance(body["error"], str), body
    assert "Traceback" not in body["error"] and len(response.content) <= MAX_ERROR_BYTES
    return True


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_api_schema_never_fails_on_generated_requests(api_schema, mode):
    """Each operation of /openapi.json in turn, with valid (positive) and schema-violating (negative)
    data: per operation, so the cheap endpoints do not crowd out the ones with deep validation."""
    operations = [result.ok() for result in api_schema.get_all_operations()]
    assert len(operations) >= 9, [op.label for op in operations]
    for operation in operations:
        @settings(max_examples=50, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        @given(case=operation.as_strategy(generation_mode=mode))
        def run(case) -> None:
            case.call_and_validate(checks=[not_a_server_error, errors_are_short_json])

        try:
            run()
        except Unsatisfiable:  # an operation without parameters has no invalid form (GET /api/gpus)
            assert mode is GenerationMode.NEGATIVE, operation.label


# ---- absurd values on the calculators ----

# 10**10**10 has ten billion digits: it is sent the ways a client could write it
HUGE = st.sampled_from(["10**10**10", "1" + "0" * 10_000, "1e10000000000", "-1e10000000000", "1e30", "NaN",
                        "Infinity", "-0", "0x10", "", " ", "٣", "x" * 60_000, "Llama-3-8B" * 5000])
ABSURD = st.one_of(
    HUGE, st.integers(min_value=-10**40, max_value=10**40), st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=40), st.none(),
    st.booleans(), st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)
ENDPOINTS = {
    "/api/vram": (VramIn, {"model": "Llama-3-8B"}),
    "/api/recommend": (RecommendIn, {"model": "Llama-3-8B", "top": 2}),
    "/api/power": (PowerIn, {"gpu": "RTX 4090", "count": 2}),
    "/api/cost": (CostIn, {"server_price": 60000, "cloud_hourly": 10}),
}


@pytest.fixture(scope="module")
def calc_client(kb_settings, kb_retriever, tmp_path_factory):
    with TestClient(_fuzz_app(kb_settings, kb_retriever, tmp_path_factory.mktemp("calc")),
                    raise_server_exceptions=False) as client:
        yield client


def _check(r) -> None:
    assert r.status_code in (200, 400, 413, 422), (r.status_code, r.text[:300])
    if r.status_code != 200:
        body = r.json()
        assert set(body) == {"error"} and "Traceback" not in body["error"]
        assert len(r.content) <= MAX_ERROR_BYTES, f"{len(r.content)} bytes of error"


@pytest.mark.parametrize("path", list(ENDPOINTS))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture],
          database=None)
@given(data=st.data())
def test_calculators_survive_absurd_values(calc_client, path, data):
    model, base = ENDPOINTS[path]
    fields = data.draw(st.dictionaries(st.sampled_from(sorted(model.model_fields)), ABSURD, min_size=1, max_size=3))
    _check(calc_client.post(path, json={**base, **fields}))


@pytest.mark.parametrize("path", list(ENDPOINTS))
@pytest.mark.parametrize("literal", [b"1" * 5000, b"1e10000000000", b"-1e400", b"NaN", b"[" * 3000 + b"]" * 3000])
def test_calculators_survive_absurd_json_literals(calc_client, path, literal):
    """Numbers no JSON library agrees on, written raw into the body (json= could not produce them)."""
    model, base = ENDPOINTS[path]
    for field in ("count", "params_b", "server_price", "context"):
        if field in model.model_fields:
            body = json.dumps(base).encode()[:-1] + b', "' + field.encode() + b'": ' + literal + b"}"
            _check(calc_client.post(path, content=body, headers={"content-type": "application/json"}))
