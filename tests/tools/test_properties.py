"""Monotonicity and robustness of the calculators (hypothesis)."""
import math

import pytest
from hypothesis import given, settings, strategies as st

from tools.errors import SizingError
from tools.memory import MemoryRequest, estimate_memory
from tools.power import power_budget
from tools.cost import CostRequest, own_vs_cloud

MODELS = ["Llama-3-8B", "Llama-3.1-70B", "Qwen2.5-7B", "Mixtral-8x7B", "DeepSeek-V3", "Gemma-2-9B"]
settings.register_profile("fast", max_examples=60, deadline=None)
settings.load_profile("fast")


@given(st.sampled_from(MODELS), st.integers(1, 200_000), st.integers(1, 200_000), st.integers(1, 64))
def test_more_context_or_batch_never_needs_less(model, c1, c2, batch):
    lo, hi = sorted((c1, c2))
    a = estimate_memory(MemoryRequest(model=model, context=lo, batch=batch))
    b = estimate_memory(MemoryRequest(model=model, context=hi, batch=batch))
    c = estimate_memory(MemoryRequest(model=model, context=lo, batch=batch + 1))
    assert a.total_bytes <= b.total_bytes and a.kv_cache_bytes <= b.kv_cache_bytes
    assert a.total_bytes <= c.total_bytes


@given(st.sampled_from(MODELS), st.integers(1, 16), st.sampled_from(["inference", "lora", "qlora", "full"]))
def test_more_gpus_never_less_per_card_headroom(model, n, task):
    one = estimate_memory(MemoryRequest(model=model, gpus=n, task=task))
    more = estimate_memory(MemoryRequest(model=model, gpus=n + 1, task=task))
    assert more.per_gpu_bytes <= one.per_gpu_bytes
    assert more.total_bytes >= one.total_bytes  # overheads are paid on every card


@given(st.sampled_from(["int4", "int8", "fp16", "fp32"]))
def test_precision_orders_weights(prec):
    order = ["int4", "int8", "fp16", "fp32"]
    sizes = [estimate_memory(MemoryRequest(model="Llama-3-8B", precision=p)).weights_bytes for p in order]
    assert sizes == sorted(sizes)


@given(st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-10**30, 10**30)))
def test_absurd_parameter_counts_rejected_cleanly(x):
    try:
        b = estimate_memory(MemoryRequest(params_b=x))
    except SizingError as exc:
        assert str(exc)
    else:
        assert 0 < x <= 20_000 and math.isfinite(b.total_bytes)


@pytest.mark.parametrize("kwargs", [
    {"model": "Llama-3-8B", "context": 0}, {"model": "Llama-3-8B", "batch": -1},
    {"model": "Llama-3-8B", "gpus": 0}, {"params_b": float("nan")}, {"params_b": 1e30},
    {"model": "Llama-3-8B", "params_b": 8}, {}, {"model": "Llama-7-900B"},
    {"model": "Llama-3-8B", "precision": "int3.7"}, {"model": "Llama-3-8B", "gpu": "RTX 9090"},
])
def test_bad_memory_input_is_one_clear_error(kwargs):
    with pytest.raises(SizingError) as exc:
        estimate_memory(MemoryRequest(**kwargs))
    assert "\n" not in str(exc.value)


def test_unknown_gpu_suggests_close_names():
    with pytest.raises(SizingError, match="did you mean"):
        power_budget("RTX 4900", 2)


@given(st.integers(1, 16), st.integers(1, 16))
def test_power_grows_with_cards(a, b):
    lo, hi = sorted((a, b))
    assert power_budget("RTX 4090", lo).system_watts <= power_budget("RTX 4090", hi).system_watts


@given(st.floats(0, 1e7), st.floats(0.01, 1000), st.floats(1, 744))
def test_cost_break_even_consistent(price, hourly, hours):
    r = own_vs_cloud(CostRequest(server_price=price, cloud_hourly=hourly, hours_per_month=hours))
    assert r.break_even_months is not None
    assert r.break_even_months == pytest.approx(price / (hourly * hours), rel=0.01, abs=0.06)
