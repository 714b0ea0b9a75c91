"""Issue 14: every row of the defect table, each failing on the code before the fix, plus the
HUANANZHI DeepSeek line (hybrid and CPU-only), runtimes and calibration."""
import json

import pytest

from tools.arch_files import read_hf_config
from tools.build import build_check
from tools.calibration import calibration_report
from tools.catalog import get_gpu, get_model, get_server, load_catalog
from tools.errors import SizingError
from tools.fit import max_context
from tools.kv import kv_cache_bytes
from tools.memory import MemoryRequest, estimate_memory, tensor_parallel_sizes
from tools.offload import OffloadRequest, estimate_offload
from tools.power import power_budget
from tools.precision import get_precision, weight_bytes
from tools.recommend import recommend
from tools.throughput import DoesNotFit, ThroughputRequest, estimate_throughput
from tools.units import GB


# ---------------------------------------------------------------- row 1: no speed for what does not fit
def test_speed_refused_when_deepseek_does_not_fit_a_4090():
    with pytest.raises(DoesNotFit, match="does not fit") as e:
        estimate_throughput(ThroughputRequest(model="deepseek-r1", gpu="RTX 4090", precision="Q4_K_M"))
    assert e.value.breakdown is not None and e.value.breakdown.weights_bytes > 400 * GB


# ---------------------------------------------------------------- row 2: MoE batch reads the union of experts
def test_moe_batch_reads_union_of_experts():
    t = estimate_throughput(ThroughputRequest(model="deepseek-r1", gpu="h200", gpus=8, precision="fp8", batch=64,
                                              runtime="vllm"))
    assert t.experts_touched_fraction == pytest.approx(0.87, abs=0.01)
    assert t.decode_tokens_per_s_total == pytest.approx(2850, rel=0.03)
    default = estimate_throughput(ThroughputRequest(model="deepseek-r1", gpu="h200", gpus=8, precision="fp8",
                                                    batch=64))
    assert default.decode_tokens_per_s_total < 2900  # was 31,041


# ---------------------------------------------------------------- row 3: decode capped by compute
def test_decode_capped_by_compute():
    t = estimate_throughput(ThroughputRequest(model="llama-3.1-8b", gpu="h100", batch=2048, context=64))
    card, m = get_gpu("h100"), get_model("llama-3.1-8b")
    cap = card.fp16_tflops * 1e12 * 0.5 / (2 * m.active_params)
    assert t.bound == "compute" and t.decode_tokens_per_s_total <= cap  # was 144,482
    assert t.decode_tokens_per_s_total == pytest.approx(cap, rel=0.01)


# ---------------------------------------------------------------- row 4: layer split vs tensor parallel
def test_llamacpp_layer_split_adds_memory_not_speed():
    two = estimate_throughput(ThroughputRequest(model="llama-3.1-70b", gpu="rtx-4090", gpus=2, precision="Q4_K_M"))
    one = estimate_throughput(ThroughputRequest(model="llama-3.1-70b", gpu="rtx-4090", gpus=1, precision="Q4_K_M",
                                                check_fit=False))
    assert two.parallel == "layer split" and two.runtime == "llama.cpp"
    assert two.decode_tokens_per_s_per_user == one.decode_tokens_per_s_per_user < 20  # was 31.7
    assert two.decode_ceiling_tokens_per_s_per_user >= 19.22  # measured (calibration row) stays under the ceiling
    tp = estimate_throughput(ThroughputRequest(model="llama-3.1-70b", gpu="h100", gpus=2, precision="fp8",
                                               runtime="vllm"))
    assert tp.parallel == "tensor parallel"


def test_tensor_parallel_sizes_divide_heads():
    assert tensor_parallel_sizes(get_model("llama-3.1-70b")) == [1, 2, 4, 8]
    b = estimate_memory(MemoryRequest(model="llama-3.1-70b", gpus=3, runtime="vllm", gpu="h100"))
    assert b.tensor_parallel_valid is False and any("pipeline" in a for a in b.assumptions)


# ---------------------------------------------------------------- row 5: config.json MoE parameters
def _write(tmp_path, name, cfg):
    d = tmp_path / name
    d.mkdir()
    (d / "config.json").write_text(json.dumps(cfg))
    return d / "config.json"


DEEPSEEK_V3 = {"model_type": "deepseek_v3", "vocab_size": 129280, "hidden_size": 7168, "intermediate_size": 18432,
               "moe_intermediate_size": 2048, "num_hidden_layers": 61, "num_attention_heads": 128,
               "num_key_value_heads": 128, "n_shared_experts": 1, "n_routed_experts": 256,
               "num_experts_per_tok": 8, "first_k_dense_replace": 3, "kv_lora_rank": 512, "q_lora_rank": 1536,
               "qk_nope_head_dim": 128, "qk_rope_head_dim": 64, "v_head_dim": 128,
               "max_position_embeddings": 163840, "tie_word_embeddings": False}
QWEN3_30B = {"model_type": "qwen3_moe", "vocab_size": 151936, "hidden_size": 2048, "intermediate_size": 6144,
             "moe_intermediate_size": 768, "num_hidden_layers": 48, "num_attention_heads": 32,
             "num_key_value_heads": 4, "head_dim": 128, "num_experts": 128, "num_experts_per_tok": 8,
             "decoder_sparse_step": 1, "mlp_only_layers": [], "tie_word_embeddings": False}
GEMMA3_27B = {"model_type": "gemma3", "text_config": {
    "model_type": "gemma3_text", "hidden_size": 5376, "intermediate_size": 21504, "num_hidden_layers": 62,
    "num_attention_heads": 32, "num_key_value_heads": 16, "head_dim": 128, "sliding_window": 1024,
    "vocab_size": 262208, "max_position_embeddings": 131072}}


def test_config_json_moe_parameter_counts(tmp_path):
    ds = read_hf_config(_write(tmp_path, "ds", DEEPSEEK_V3))
    assert ds.params_b == pytest.approx(671, rel=0.005)  # was 6,204
    assert ds.active_params_b == pytest.approx(37.5, rel=0.02)
    qw = read_hf_config(_write(tmp_path, "qw", QWEN3_30B))
    assert qw.params_b == pytest.approx(30.5, rel=0.005)  # was 233.5
    assert qw.routed_expert_params == pytest.approx(29.0e9, rel=0.01)


# ---------------------------------------------------------------- row 6 and 13: sliding windows
def test_gemma3_config_keeps_sliding_layers(tmp_path):
    g = read_hf_config(_write(tmp_path, "g3", GEMMA3_27B))
    assert (g.sliding_layers, g.sliding_window) == (52, 1024)
    assert kv_cache_bytes(g, 32768) / GB == pytest.approx(3.3, abs=0.15)  # was 16.6


def test_gemma3_kv_as_llamacpp_allocates_it():
    b = estimate_memory(MemoryRequest(model="gemma-3-27b", context=8192))
    assert b.kv_cache_bytes / GB == pytest.approx(1.325, abs=0.001)  # was 1.107: window + n_ubatch, pad 256
    assert b.kv_cache_bytes == (10 * 8192 + 52 * 1536) * 2 * 16 * 128 * 2
    paged = estimate_memory(MemoryRequest(model="gemma-3-27b", context=8192, runtime="vllm"))
    assert paged.kv_cache_bytes == (10 * 8192 + 52 * 1040) * 2 * 16 * 128 * 2


# ---------------------------------------------------------------- rows 7-9: power
def test_power_8x_h100_counts_the_hgx_platform():
    p = power_budget("h100", 8, cpus=2)
    assert p.system_watts == pytest.approx(10_200, abs=100)  # was 6,100-6,300
    assert (p.psu.units, p.psu.unit_w, p.psu.redundancy) == (6, 3300, "N+2")  # DGX H100: 6 x 3.3 kW, 4+2
    assert load_catalog() and "10.2 kW" in get_server("dgx-h100").source


def test_every_pcie_card_gets_its_power_cables():
    for g in load_catalog().gpus:
        p = power_budget(g.id, 4)
        gpu_cables = {k: v for k, v in p.connectors.items() if "(CPU)" not in k}
        if g.interface == "sxm" or g.power_connector.startswith("none"):
            assert not gpu_cables, g.id
        else:
            assert sum(gpu_cables.values()) >= 4, g.id  # was: 11 of 22 cards got none
    assert power_budget("a6000", 4).connectors["8-pin EPS"] == 4


def test_psu_for_4x5090_is_not_three_3kw_modules():
    p = power_budget("RTX 5090", 4)
    assert p.psu.label != "3×3000 W (N+1 redundant)"
    assert (p.psu.units, p.psu.unit_w) in ((4, 1600), (2, 3000))


# ---------------------------------------------------------------- row 10: full fine-tune 16 B/param
def test_full_finetune_default_keeps_fp32_master():
    b = estimate_memory(MemoryRequest(model="llama-3.1-8b", task="full"))
    params = get_model("llama-3.1-8b").params
    assert b.weights_bytes + b.gradients_bytes + b.optimizer_bytes + b.master_weights_bytes == 16 * params
    guide = estimate_memory(MemoryRequest(model="llama-3.1-8b", task="full", master_weights=False))
    assert guide.master_weights_bytes == 0 and any("guide" in a for a in guide.assumptions)


def test_data_parallel_does_not_divide_activations():
    one = estimate_memory(MemoryRequest(model="llama-3.1-8b", task="full", gpus=1))
    four = estimate_memory(MemoryRequest(model="llama-3.1-8b", task="full", gpus=4))
    assert four.activations_bytes == 4 * one.activations_bytes
    per_card_states = (one.weights_bytes + one.gradients_bytes + one.optimizer_bytes + one.master_weights_bytes) / 4
    assert four.per_gpu_bytes > per_card_states + one.activations_bytes


# ---------------------------------------------------------------- row 11: AWQ/GPTQ/FP8/NF4 keep 16-bit embeddings
@pytest.mark.parametrize("prec,lo,hi", [("awq", 5.6, 5.8), ("gptq", 5.6, 5.8), ("nf4", 5.6, 5.8),
                                        ("fp8", 9.0, 9.2)])
def test_weight_only_formats_keep_embeddings_16_bit(prec, lo, hi):
    b = estimate_memory(MemoryRequest(model="llama-3.1-8b", precision=prec))
    assert lo <= b.weights_bytes / GB <= hi, b.weights_bytes / GB  # was 4.66 for all four


def test_new_precisions():
    oss = get_model("gpt-oss-120b")
    assert weight_bytes(oss, get_precision("mxfp4")) / GB == pytest.approx(65.3, abs=0.5)  # ~65 GB checkpoint
    assert weight_bytes(get_model("gpt-oss-20b"), get_precision("mxfp4")) / GB == pytest.approx(13.8, abs=0.3)
    assert get_precision("nvfp4").bits_per_weight == 4.5
    assert get_precision("fp8_e4m3").name == "fp8"
    e = get_precision("exl2-4.65")
    assert e.bits_per_weight == 4.65 and e.head_bits == 6
    with pytest.raises(SizingError):
        get_precision("exl2-12")


# ---------------------------------------------------------------- row 12: FLUX is a pipeline of images
def test_flux_pipeline_resident_and_no_tokens():
    b = estimate_memory(MemoryRequest(model="flux", gpu="RTX 5090"))
    assert b.weights_bytes / GB == pytest.approx(33.9, abs=0.2) and not b.fits  # was 32.55 GB, "fits"
    with pytest.raises(SizingError, match="images"):
        estimate_throughput(ThroughputRequest(model="flux", gpu="RTX 5090"))


# ---------------------------------------------------------------- row 14: PCIe lanes
def test_xeon_scalable_one_socket_has_80_lanes():
    lanes = dict((p.name, p.pcie_lanes) for p in load_catalog().platforms)
    assert lanes["Xeon Scalable 4th gen, one socket"] == 80  # was 112
    assert lanes["dual Xeon E5 v3/v4 (X99 / C612)"] == 80  # 40 per E5 v3/v4 socket
    assert "dual EPYC 9004" in build_check("RTX 4090", 4).platforms


# ---------------------------------------------------------------- row 15: DGX mapping
def test_three_h100_not_mapped_to_a_dgx():
    r = recommend(MemoryRequest(model="llama-3.1-70b", precision="fp16"), top=30, gpus=["h100-sxm"])
    three = [c for c in r.configurations if c.mode == "gpu" and c.count == 3]
    assert three and not any("DGX" in s for s in three[0].servers)
    v = recommend(MemoryRequest(model="llama-3.1-70b", precision="fp16", runtime="vllm"), top=30, gpus=["h100-sxm"])
    gpu = [c for c in v.configurations if c.mode == "gpu"][0]
    assert gpu.count == 4 and any("DGX" in s and "2 replicas" in s for s in gpu.servers)


# ---------------------------------------------------------------- the HUANANZHI DeepSeek line
def test_deepseek_line_two_4090_512gb_runs_r1_q4_hybrid():
    r = estimate_offload(OffloadRequest(model="deepseek-r1", precision="Q4_K_M", gpu="RTX 4090", gpus=2,
                                        ram_gb=512, context=4096))
    assert r.fits and r.fits_gpu and r.fits_ram
    assert r.gpu_bytes_per_card <= get_gpu("rtx-4090").vram_bytes
    assert 300 * GB < r.ram_weights_bytes < 400 * GB
    assert r.slower_path.startswith("CPU")
    assert 3 < r.decode_tokens_per_s_per_user < r.decode_ceiling_tokens_per_s_per_user < 15
    assert r.decode_tokens_per_s_one_socket < r.decode_tokens_per_s_per_user
    assert r.ram_bandwidth_gbs == 153.6 and r.ram_bandwidth_gbs_one_socket == 76.8
    assert r.pcie_lanes == 80 and "QPI" in r.numa_note
    assert r.prefill_tokens_per_s > 0 and r.time_to_first_token_s > 4096 / r.prefill_tokens_per_s
    assert any("--n-cpu-moe" in p or "exps=CPU" in p for p in r.placement)


def test_deepseek_line_refuses_when_ram_is_short_and_sizes_cpu_only():
    short = estimate_offload(OffloadRequest(model="deepseek-r1", precision="Q4_K_M", gpu="RTX 4090", gpus=2,
                                            ram_gb=256))
    assert not short.fits and short.decode_tokens_per_s_per_user is None and "RAM" in short.refusal
    cpu = estimate_offload(OffloadRequest(model="deepseek-r1", precision="Q4_K_M", ram_gb=512))
    assert cpu.fits and cpu.mode == "cpu" and cpu.gpu is None
    assert cpu.decode_tokens_per_s_per_user < 153.6e9 / (get_model("deepseek-r1").active_params * 0.6)


def test_all_experts_in_ram_mode():
    r = estimate_offload(OffloadRequest(model="qwen3-30b-a3b", precision="Q4_K_M", gpu="rtx-3060-12gb",
                                        mode="experts", ram_gb=64, platform="am5"))
    assert r.n_cpu_moe == r.moe_layers == 48 and r.fits


def test_recommend_offers_the_deepseek_line_for_r1():
    r = recommend(MemoryRequest(model="deepseek-r1", precision="Q4_K_M", context=4096), top=10)
    first = r.configurations[0]
    assert first.mode == "hybrid" and "HUANANZHI DeepSeek" in first.servers[0]
    assert first.ram_gb in (128, 256, 512) and first.decode_tokens_per_s_per_user


def test_recommend_ranks_by_users_speed():
    r = recommend(MemoryRequest(model="deepseek-r1", precision="Q4_K_M", context=4096), top=10,
                  min_tokens_per_s=20)
    meets = [c.meets_speed for c in r.configurations]
    assert meets[0] is True and meets == sorted(meets, reverse=True)
    assert all(c.mode == "gpu" for c in r.configurations if c.meets_speed)


# ---------------------------------------------------------------- runtimes
def test_vllm_claims_gpu_memory_utilization():
    b = estimate_memory(MemoryRequest(model="llama-3.1-8b", gpu="rtx-4090", runtime="vllm"))
    assert b.usable_vram_bytes == int(get_gpu("rtx-4090").vram_bytes * 0.9) and b.reserve_bytes == 0
    assert b.kv_capacity_tokens and b.kv_capacity_tokens > 8192
    assert estimate_memory(MemoryRequest(model="llama-3.1-8b", runtime="gpu")).runtime == "llama.cpp"
    with pytest.raises(Exception):
        MemoryRequest(model="llama-3.1-8b", runtime="tensorrt")


def test_speed_reports_ttft_and_per_user_total():
    t = estimate_throughput(ThroughputRequest(model="llama-3.1-8b", gpu="rtx-4090", precision="Q4_K_M",
                                              batch=4, context=8192))
    assert t.decode_tokens_per_s_total == pytest.approx(4 * t.decode_tokens_per_s_per_user, rel=0.01)
    assert t.time_to_first_token_s > 8192 / t.prefill_tokens_per_s
    assert any("runtime: llama.cpp" in a for a in t.assumptions)


def test_max_context_for_new_models():
    assert max_context(MemoryRequest(model="qwen3-next-80b-a3b", precision="Q4_K_M", gpu="rtx-pro-6000-blackwell")) \
        > 100_000  # only 12 of 48 layers keep KV


# ---------------------------------------------------------------- catalog additions
NEW_MODELS = ["gpt-oss-20b", "gpt-oss-120b", "llama-4-scout", "llama-4-maverick", "qwen3-next-80b-a3b",
              "qwen3-coder-30b-a3b", "qwen3-coder-480b-a35b", "deepseek-v3.1", "deepseek-v3.2", "kimi-k2",
              "glm-4.5", "glm-4.5-air", "glm-4.6", "mistral-small-3.2", "gemma-3n-e4b"]
NEW_GPUS = ["rtx-pro-6000-blackwell", "rtx-4060-ti-16gb", "rtx-5060-ti-16gb", "rtx-3060-12gb", "rtx-a4000", "rtx-a5000", "l20", "h20",
            "b300"]


@pytest.mark.parametrize("mid", NEW_MODELS)
def test_new_models_present_with_sources(mid):
    m = get_model(mid)
    assert m.id == mid and "config.json" in m.source


@pytest.mark.parametrize("gid", NEW_GPUS)
def test_new_gpus_present_with_sources(gid):
    g = get_gpu(gid)
    assert g.id == gid and len(g.source) > 60


def test_new_gpu_key_figures():
    assert (get_gpu("rtx-pro-6000-blackwell").vram_gib, get_gpu("rtx-pro-6000-blackwell").bandwidth_gbs) == (96, 1792)
    assert (get_gpu("h20").vram_gib, get_gpu("h20").bandwidth_gbs) == (96, 4000)
    assert get_gpu("rtx-3060").vram_gib == 12 and get_gpu("5060 Ti").bandwidth_gbs == 448


# ---------------------------------------------------------------- calibration
def test_calibration_ratios_stay_under_the_ceiling():
    r = calibration_report()
    assert len(r.rows) >= 8 and all(row.measurement.source for row in r.rows)
    assert all(row.ratio_to_ceiling <= 1.0 for row in r.rows)
    # llama.cpp runs land at 50-100 % of the ceiling; vLLM MoE rows fall much lower (tests/tools/test_calibration_vllm.py)
    assert all(0.5 < row.ratio_to_ceiling for row in r.rows if row.measurement.runtime == "llama.cpp")
    assert "ceiling" in r.summary
