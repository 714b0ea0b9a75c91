"""The estimate against what llama.cpp really allocates for the default GGUF (CPU, real load)."""
import pytest

from bench.measure import llama_report
from assistant.settings import get_settings
from tools.memory import MemoryRequest, estimate_memory

MODEL = get_settings().llm.model_path


@pytest.mark.parametrize("n_ctx", [2048, 16384])
def test_estimate_matches_llama_cpp(n_ctx):
    assert MODEL.is_file(), "run `make setup` to assemble the default model"
    got = llama_report(MODEL, n_ctx)
    est = estimate_memory(MemoryRequest(model_file=str(MODEL), context=n_ctx, runtime="cpu", reserve_fraction=0))
    assert est.kv_cache_bytes == got["kv"]  # KV exactly
    allocated = got["model"] + got["repack"] + got["kv"] + got["compute"] + got["output"]
    assert est.total_bytes == pytest.approx(allocated, rel=0.10)
    assert est.activations_bytes == pytest.approx(got["compute"], rel=0.10)
