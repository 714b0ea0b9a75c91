"""Every figure of the vendor guide, reproduced by the calculators."""
import pytest

from tools.kv import kv_cache_bytes
from tools.catalog import get_model
from tools.memory import MemoryRequest, estimate_memory
from tools.power import power_budget
from tools.units import GB, GIB


def test_llama3_8b_fp16_weights_about_16_gb():
    b = estimate_memory(MemoryRequest(model="Llama-3-8B", precision="fp16"))
    assert b.weights_bytes / GB == pytest.approx(16.0, abs=0.1)


def test_llama3_8b_int4_weights_about_4_7_gb():
    b = estimate_memory(MemoryRequest(model="Llama-3-8B", precision="int4"))
    assert b.weights_bytes / GB == pytest.approx(4.7, abs=0.05)


def test_kv_cache_worked_example_is_exactly_2_pow_30():
    # 2 x 32 layers x 8 KV heads x 128 x 8192 tokens x 2 bytes = 1.07 GB
    m = get_model("Llama-3-8B")
    assert kv_cache_bytes(m, 8192, 1, "fp16") == 2 * 32 * 8 * 128 * 8192 * 2 == GIB
    assert round(GIB / GB, 2) == 1.07


def test_kv_cache_at_32k_about_4_3_gb():
    assert kv_cache_bytes(get_model("Llama-3-8B"), 32768) / GB == pytest.approx(4.3, abs=0.05)


def test_gqa_saves_4x_against_mha_for_llama3_8b():
    m = get_model("Llama-3-8B")
    mha = m.model_copy(update={"n_kv_heads": m.n_heads, "attention": "mha"})
    assert kv_cache_bytes(mha, 8192) / kv_cache_bytes(m, 8192) == 4


def test_rule_of_thumb_2_gb_per_billion_at_16_bit():
    for name in ("Llama-3-8B", "Qwen2.5-14B", "Llama-3-70B"):
        b = estimate_memory(MemoryRequest(model=name, precision="bf16"))
        assert b.weights_bytes / b.params == 2


def test_practical_rule_weights_kv_plus_20_percent():
    b = estimate_memory(MemoryRequest(model="Llama-3-8B", reserve_fraction=None))
    assert b.reserve_bytes == round(0.2 * (b.weights_bytes + b.kv_cache_bytes))


def test_overheads_inside_guide_ranges():
    b = estimate_memory(MemoryRequest(model="Llama-3-8B"))
    assert 300e6 <= b.cuda_context_bytes <= 600e6
    assert 1e9 <= b.framework_bytes <= 2e9
    assert 0.05 <= b.activations_bytes / b.weights_bytes <= 0.10


def test_full_finetune_8b_inside_80_to_120_gb():
    # the guide's 80-120 GB is 12 bytes/parameter: the named option without an fp32 master copy
    b = estimate_memory(MemoryRequest(model="Llama-3-8B", task="full", master_weights=False))
    assert 80 <= b.total_bytes / GB <= 120, b.total_bytes / GB
    no_ckpt = estimate_memory(MemoryRequest(model="Llama-3-8B", task="full", grad_checkpointing=False,
                                            master_weights=False))
    assert no_ckpt.activations_bytes > 3 * b.activations_bytes


def test_lora_8b_inside_16_to_24_gb():
    b = estimate_memory(MemoryRequest(model="Llama-3-8B", task="lora"))
    assert 16 <= b.total_bytes / GB <= 24, b.total_bytes / GB


def test_training_is_4_to_6_times_inference():
    inf = estimate_memory(MemoryRequest(model="Llama-3-8B"))
    full = estimate_memory(MemoryRequest(model="Llama-3-8B", task="full", master_weights=False))  # guide's 12 B/param
    assert 4 <= full.total_bytes / inf.total_bytes <= 6


def test_qlora_needs_less_than_lora():
    lora = estimate_memory(MemoryRequest(model="Llama-3-8B", task="lora"))
    qlora = estimate_memory(MemoryRequest(model="Llama-3-8B", task="qlora"))
    assert qlora.total_bytes < lora.total_bytes / 1.8


def test_power_4x_rtx4090():
    p = power_budget("RTX 4090", 4, cpus=1)
    assert p.gpu_watts == 1800
    assert (p.system_watts_min, p.system_watts) == (2300, 2500)
    labels = [o.label for o in p.psu_options]
    assert any(o.units == 2 and o.unit_w == 1600 for o in p.psu_options), labels
    assert any(o.units == 1 and o.unit_w == 3000 for o in p.psu_options), labels
    assert p.psu.unit_w * p.psu.units >= p.system_watts
    assert p.connectors["12VHPWR"] == 4
    assert not p.three_phase_advisable


def test_power_8x_h100_sxm():
    # the guide counts GPUs and CPUs only: the named 'guide' platform option (the default adds the HGX board)
    p = power_budget("H100 SXM", 8, cpus=2, platform="guide")
    assert p.gpu_watts == 5600
    assert p.gpu_plus_cpu_watts == 6300
    assert (p.psu.units, p.psu.unit_w, p.psu.redundancy) == (4, 3000, "N+1")
    assert p.three_phase_advisable


# The guide's size -> VRAM thresholds
def _fits(model, precision, gpu, n=1):
    return estimate_memory(MemoryRequest(model=model, precision=precision, gpu=gpu, gpus=n)).fits


@pytest.mark.parametrize("model", ["Mistral-7B", "Llama-3-8B", "Qwen2.5-14B"])
def test_7_to_13b_quantised_fits_one_16_to_24_gb_card(model):
    assert _fits(model, "Q4_K_M", "RTX 4090")


def test_30_34b_from_24_gb_aggressive_to_48_gb_higher_precision():
    assert _fits("Qwen2.5-32B", "Q3_K_M", "RTX 4090")  # aggressive quantisation, 24 GB
    assert not _fits("Qwen2.5-32B", "fp8", "RTX 4090")
    assert _fits("Qwen2.5-32B", "fp8", "RTX A6000")  # 8-bit on 48 GB


def test_70b_never_on_one_card_at_16_bit_but_on_several_80_gb():
    for gpu in ("RTX 4090", "RTX A6000", "A100 80GB", "H100"):
        assert not _fits("Llama-3-70B", "fp16", gpu)
    assert _fits("Llama-3-70B", "fp16", "H100", n=3)


def test_deepseek_class_moe_needs_a_multi_gpu_server():
    assert not _fits("DeepSeek-R1", "fp8", "H100", n=4)
    assert _fits("DeepSeek-R1", "fp8", "H200", n=8)
