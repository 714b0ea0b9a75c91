"""Fit, throughput, cost, recommendation and architecture-from-file behaviour."""
import json
import struct

import pytest

from tools.arch_files import read_gguf, read_hf_config
from tools.catalog import get_model
from tools.cost import CostRequest, own_vs_cloud
from tools.errors import SizingError
from tools.fit import max_context, max_users, min_gpus
from tools.kv import kv_cache_bytes
from tools.memory import MemoryRequest, estimate_memory, lora_adapter_params
from tools.recommend import recommend
from tools.throughput import speed_ratio
from tools.build import build_check


def test_24gb_card_runs_llama3_8b_fp16_at_8k():
    b = estimate_memory(MemoryRequest(model="Llama-3-8B", gpu="RTX 4090"))
    assert b.fits and b.per_gpu_bytes < b.gpu_vram_bytes


def test_70b_fp16_needs_several_80gb_cards():
    fit = min_gpus(MemoryRequest(model="Llama-3-70B"), "H100 SXM")
    assert fit.gpus is not None and fit.gpus >= 2
    smaller = estimate_memory(MemoryRequest(model="Llama-3-70B", gpus=fit.gpus - 1, gpu="H100 SXM"))
    assert not smaller.fits


def test_max_context_and_users_are_tight():
    req = MemoryRequest(model="Llama-3.1-8B", gpu="RTX 4090", context=8192)  # 128k max: not capped
    ctx = max_context(req)
    assert estimate_memory(req.model_copy(update={"context": ctx})).fits
    assert not estimate_memory(req.model_copy(update={"context": ctx + 1})).fits
    users = max_users(req)
    assert estimate_memory(req.model_copy(update={"batch": users})).fits
    assert not estimate_memory(req.model_copy(update={"batch": users + 1})).fits


def test_mla_kv_is_latent_sized():
    m = get_model("DeepSeek-V3")
    assert kv_cache_bytes(m, 1000) == m.n_layers * (m.kv_lora_rank + m.qk_rope_head_dim) * 1000 * 2


def test_sliding_window_caps_local_layers():
    m = get_model("Gemma-2-9B")
    assert m.sliding_layers and m.sliding_window
    long = kv_cache_bytes(m, 8 * m.sliding_window)
    full = kv_cache_bytes(m.model_copy(update={"sliding_layers": None}), 8 * m.sliding_window)
    assert long < full


def test_moe_all_experts_resident_active_for_speed():
    m = get_model("Mixtral-8x7B")
    b = estimate_memory(MemoryRequest(model="Mixtral-8x7B", precision="fp16"))
    assert b.weights_bytes == 2 * m.params and m.active_params < m.params / 2


def test_h100_faster_than_4090_per_token():
    assert speed_ratio("Llama-3-8B", "H100 SXM", "RTX 4090") > 3


def test_lora_adapter_count_llama3_8b_rank16_attention():
    # q,o: 16*(4096+4096); k,v: 16*(4096+1024); 32 layers
    assert lora_adapter_params(get_model("Llama-3-8B"), 16, ["q", "k", "v", "o"]) == 32 * 16 * (2 * 8192 + 2 * 5120)


def test_cost_never_pays_off_when_owning_costs_more():
    r = own_vs_cloud(CostRequest(server_price=10000, cloud_hourly=0.1, hours_per_month=100,
                                 power_kw=2, electricity_price=1))
    assert r.break_even_months is None


def test_cost_break_even_with_electricity():
    r = own_vs_cloud(CostRequest(server_price=20000, cloud_hourly=4, hours_per_month=500,
                                 power_kw=2, electricity_price=0.1, pue=1.5))
    assert r.cloud_monthly == 2000 and r.own_monthly == 150
    assert r.break_even_months == pytest.approx(20000 / 1850, abs=0.05)


def test_recommend_70b_20_users_ranks_fitting_configs():
    r = recommend(MemoryRequest(model="Llama-3-70B", precision="Q4_K_M", context=16384, batch=20))
    assert r.configurations
    for c in r.configurations:
        assert c.per_gpu_need_bytes <= c.total_vram_bytes // c.count
    prices = [c.price_usd_min for c in r.configurations if c.price_usd_min is not None]
    assert prices == sorted(prices)


def test_recommend_maps_vendor_lines():
    # vLLM: 3 cards would hold it, but TP must divide 64 heads -> 4, two replicas in a DGX H100
    r = recommend(MemoryRequest(model="Llama-3-70B", precision="fp16", runtime="vllm"), top=30, gpus=["H100 SXM"])
    assert any("DGX" in s for c in r.configurations for s in c.servers)
    small = recommend(MemoryRequest(model="Llama-3-8B", precision="Q4_K_M"), top=30, gpus=["RTX 4090"])
    assert any("FARM4U4" in s.upper() for s in small.configurations[0].servers)


def test_consumer_card_warns_about_licence_and_pcie_training():
    r = recommend(MemoryRequest(model="Llama-3-8B", task="full"), top=30, gpus=["RTX 4090"])
    w = " ".join(r.configurations[0].warnings)
    assert "licence" in w and "PCIe" in w


def test_build_check_four_open_air_4090():
    b = build_check("RTX 4090", 4)
    assert not b.cooling_ok_as_is and b.pcie_lanes_gpus == 64
    assert "dual EPYC 9004" in b.platforms


def test_reads_default_gguf_header():
    from assistant.settings import get_settings

    info = read_gguf(get_settings().llm.model_path)
    m = info.model
    assert (m.n_layers, m.hidden_size, m.n_heads, m.n_kv_heads, m.head_dim) == (28, 1536, 12, 2, 128)
    # 1.54B + an untied 151936 x 1536 output matrix in this file
    assert m.vocab_size == 151936 and m.params_b == pytest.approx(1.777, abs=0.001)


def test_not_a_gguf_and_truncated(tmp_path):
    bad = tmp_path / "x.gguf"
    bad.write_bytes(b"NOPE" + b"\0" * 100)
    with pytest.raises(SizingError, match="not a GGUF"):
        read_gguf(bad)
    bad.write_bytes(b"GGUF" + struct.pack("<I", 3) + struct.pack("<Q", 5))
    with pytest.raises(SizingError, match="truncated"):
        read_gguf(bad)


def test_hf_config_round_trip(tmp_path):
    cfg = {"num_hidden_layers": 32, "hidden_size": 4096, "num_attention_heads": 32, "num_key_value_heads": 8,
           "intermediate_size": 14336, "vocab_size": 128256, "max_position_embeddings": 8192,
           "tie_word_embeddings": False, "model_type": "llama"}
    (tmp_path / "config.json").write_text(json.dumps(cfg))
    m = read_hf_config(tmp_path / "config.json")
    assert m.params_b == pytest.approx(8.03, abs=0.01)
    assert kv_cache_bytes(m, 8192) == kv_cache_bytes(get_model("Llama-3-8B"), 8192)


# ---------------------------------------------------------------- power: the customer's own PSU
def test_customers_psu_is_checked_against_the_peak_and_the_headroom():
    from tools.power import power_budget

    p = power_budget("rtx-5090", 3, psu_w=1500)  # 3 x 575 + 350 + 350: peak 2225-2425 W, 2910 W with headroom
    assert (p.system_watts_min, p.system_watts, p.psu_design_watts) == (2225, 2425, 2910)
    assert p.psu_w == 1500 and p.psu_verdict == "short"
    assert power_budget("rtx-5090", 3, psu_w=2500).psu_verdict == "tight"  # the peak, not the 20 % headroom
    assert power_budget("rtx-5090", 3, psu_w=3000).psu_verdict == "enough"
    assert power_budget("rtx-5090", 3, psu_w=2910).psu_verdict == "enough"  # exactly the design figure
    assert power_budget("rtx-5090", 3).psu_w is None and power_budget("rtx-5090", 3).psu_verdict is None
    assert any("customer's PSU 1500 W: short" in n for n in p.notes)


@pytest.mark.parametrize("bad", [0, 50, -1500, float("nan"), 1e9])
def test_customers_psu_out_of_range_is_one_clear_error(bad):
    from tools.power import power_budget

    with pytest.raises(SizingError, match="psu_w"):
        power_budget("rtx-4090", 2, psu_w=bad)


def test_customers_psu_is_typed_in_watts():
    from typing import get_args

    from tools.power import PowerResult
    from tools.units import Unit

    assert Unit.WATT in get_args(PowerResult.model_fields["psu_w"].annotation) or \
        Unit.WATT in PowerResult.model_fields["psu_w"].metadata
