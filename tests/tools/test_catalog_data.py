"""Checks on the catalog *data* (knowledge/catalog/*.yaml), not on the loader code.

The vendor guide's GPU table is transcribed below; when the guide itself is on disk
(GPU_SIZER_GUIDE, or the shared checkout path) its table is also parsed and compared.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tools.catalog import _norm, get_gpu, get_model, get_server, load_catalog

CAT = load_catalog()
GPUS = {g.id: g for g in CAT.gpus}
MODELS = {m.id: m for m in CAT.models}
SERVERS = {s.id: s for s in CAT.servers}

GUIDE_PATH = Path(os.environ.get("GPU_SIZER_GUIDE", "/work/shared/guide/vendor-guide.ru.txt"))

# The guide's table "Потребительские против профессиональных GPU", row by row:
# row name -> (catalog id, VRAM GB, memory type, TDP max W, TDP min W or None, GB/s, price min, price max)
GUIDE_TABLE = {
    "RTX 4090": ("rtx-4090", 24, "GDDR6X", 450, None, 1008, 1600, 2000),
    "RTX 5090": ("rtx-5090", 32, "GDDR7", 575, None, 1792, 2000, 2500),
    "RTX A6000": ("rtx-a6000", 48, "GDDR6", 300, None, 768, 4500, 5000),
    "RTX 6000 Ada": ("rtx-6000-ada", 48, "GDDR6", 300, None, 960, 6800, 8000),
    "A100 80GB": ("a100-sxm-80gb", 80, "HBM2e", 400, None, 2039, 10000, 15000),
    "H100 80GB": ("h100-sxm", 80, "HBM3", 700, 350, 3350, 25000, 30000),
}

GEFORCE = {"rtx-3090", "rtx-3060-12gb", "rtx-4060-ti-16gb", "rtx-5060-ti-16gb", "rtx-4070", "rtx-4070-super", "rtx-4070-ti", "rtx-4070-ti-super", "rtx-4080", "rtx-4080-super", "rtx-4090", "rtx-5080", "rtx-5090"}

# LLMs whose config.json sets head_dim so that n_heads * head_dim != hidden_size.
HEADS_WIDER_THAN_HIDDEN = {
    "qwen3-0.6b", "qwen3-4b", "qwen3-32b", "qwen3-30b-a3b", "qwen3-235b-a22b",
    "gemma-2-9b", "gemma-3-12b", "deepseek-v3", "deepseek-r1",
    "gpt-oss-20b", "gpt-oss-120b", "qwen3-next-80b-a3b", "qwen3-coder-30b-a3b", "qwen3-coder-480b-a35b",
    "deepseek-v3.1", "deepseek-v3.2", "kimi-k2", "glm-4.5", "glm-4.5-air", "glm-4.6",
}
HEADS_NARROWER_THAN_HIDDEN = {"gemma-2-27b", "gemma-3-4b", "gemma-3-27b", "mistral-small-3.2", "mistral-nemo-12b"}


# ----------------------------------------------------------------------------- loading

def test_catalog_loads_with_expected_sizes():
    assert len(CAT.gpus) >= 20
    assert len(CAT.models) >= 40
    assert len(CAT.servers) == 3


@pytest.mark.parametrize("kind", ["gpus", "models", "servers"])
def test_ids_unique_lowercase_slugs(kind):
    ids = [it.id for it in getattr(CAT, kind)]
    assert len(ids) == len(set(ids))
    for i in ids:
        assert re.fullmatch(r"[a-z0-9][a-z0-9.\-]*", i), i


@pytest.mark.parametrize("kind", ["gpus", "models", "servers"])
def test_no_normalised_alias_maps_to_two_entries(kind):
    seen: dict[str, str] = {}
    clashes = []
    for it in getattr(CAT, kind):
        for n in (it.id, it.name, *it.aliases):
            key = _norm(n)
            if key in seen and seen[key] != it.id:
                clashes.append((n, seen[key], it.id))
            seen.setdefault(key, it.id)
    assert not clashes


# ----------------------------------------------------------------------------- vendor guide table

@pytest.mark.parametrize("row", sorted(GUIDE_TABLE))
def test_guide_gpu_table_reproduced(row):
    gid, vram, mem, tdp, tdp_min, bw, pmin, pmax = GUIDE_TABLE[row]
    g = get_gpu(row)
    assert g.id == gid
    assert g.vram_gib == vram
    assert g.memory_type == mem
    assert g.tdp_w == tdp
    assert g.tdp_w_min == tdp_min
    assert g.bandwidth_gbs == bw
    assert (g.price_usd_min, g.price_usd_max) == (pmin, pmax)


def _parse_guide_table(text: str) -> dict[str, tuple]:
    rows = {}
    for line in text.splitlines():
        m = re.match(
            r"\|\s*([^|]+?)\s*\|\s*(\d+)\s*ГБ\s+(\S+)\s*\|\s*(?:(\d+)-)?(\d+)\s*Вт\s*\|"
            r"\s*~?(\d+)\s*ГБ/с\s*\|\s*~?(\d+)-(\d+)\s*\$\s*\|", line)
        if m:
            name, vram, mem, tmin, tmax, bw, pmin, pmax = m.groups()
            rows[name] = (int(vram), mem, int(tmax), int(tmin) if tmin else None, int(bw), int(pmin), int(pmax))
    return rows


@pytest.mark.skipif(not GUIDE_PATH.is_file(), reason="vendor guide not on disk")
def test_transcription_matches_guide_file():
    rows = _parse_guide_table(GUIDE_PATH.read_text(encoding="utf-8"))
    assert set(rows) == set(GUIDE_TABLE)
    for name, vals in rows.items():
        assert GUIDE_TABLE[name][1:] == vals, name


# ----------------------------------------------------------------------------- GPU consistency

def test_geforce_flags():
    for g in CAT.gpus:
        is_geforce = g.id in GEFORCE
        assert g.datacenter_restricted == is_geforce, g.id
        assert (g.gpu_class == "consumer") == is_geforce, g.id
        if is_geforce:
            assert not g.ecc and not g.mig, g.id


def test_gpu_field_consistency():
    for g in CAT.gpus:
        assert (g.interface == "sxm") == (g.cooling == "sxm") == (g.power_connector == "SXM board"), g.id
        assert g.nvlink == (g.nvlink_bandwidth_gbs is not None), g.id
        assert (g.price_usd_min is None) == (g.price_usd_max is None), g.id
        if g.price_usd_min is not None:
            assert g.price_usd_min <= g.price_usd_max, g.id
        if g.tdp_w_min is not None:
            assert g.tdp_w_min < g.tdp_w, g.id
        if g.mig:  # RTX PRO 6000 Blackwell is the first workstation card with MIG (up to 4)
            assert g.gpu_class == "datacenter" or g.id == "rtx-pro-6000-blackwell", g.id
        assert g.source.strip(), g.id


@pytest.mark.parametrize("gid,tflops,bw,vram,nvlink_bw", [
    ("h100-sxm", 989.4, 3350, 80, 900),
    ("a100-sxm-80gb", 312, 2039, 80, 600),
    ("a100-pcie-80gb", 312, 1935, 80, 600),
    ("h100-pcie", 756.5, 2000, 80, 600),
    ("h100-nvl", 835.5, 3938, 94, 600),
    ("h200", 989.4, 4800, 141, 900),
    ("rtx-4090", 165.2, 1008, 24, None),
    ("rtx-a6000", 154.8, 768, 48, 112.5),
    ("l40s", 362.05, 864, 48, None),
])
def test_key_datasheet_figures(gid, tflops, bw, vram, nvlink_bw):
    g = GPUS[gid]
    assert (g.fp16_tflops, g.bandwidth_gbs, g.vram_gib, g.nvlink_bandwidth_gbs) == (tflops, bw, vram, nvlink_bw)


def test_power_connectors():
    for gid in ("rtx-4090", "rtx-4080", "rtx-4080-super", "rtx-6000-ada", "l40s", "h100-pcie"):
        assert "12VHPWR" in GPUS[gid].power_connector, gid
    for gid in ("rtx-5090", "rtx-5080"):
        assert GPUS[gid].power_connector == "12V-2x6"
    for gid in ("rtx-a6000", "a100-pcie-80gb", "a100-pcie-40gb", "a40", "a10"):
        assert "8-pin EPS" in GPUS[gid].power_connector, gid


# ----------------------------------------------------------------------------- servers

def test_guide_servers():
    farm, ds, dgx = SERVERS["farm-4u4"], SERVERS["deepseek"], SERVERS["dgx-h100"]
    assert (farm.nodes, farm.gpus_per_node_max, farm.pooled) == (4, 1, False)
    assert "4U" in farm.form_factor
    assert all(GPUS[g].gpu_class == "consumer" and re.search(r"rtx-[45]0", g) for g in farm.gpu_ids)
    assert ds.pooled and ds.gpus_per_node_max is None and ds.nodes == 1
    assert "E5 v3/v4" in ds.cpus and "128-512 GB DDR4 ECC/REG" == ds.ram
    assert all(GPUS[g].interface == "pcie" for g in ds.gpu_ids)
    assert {"a100-pcie-80gb", "h100-pcie"} <= set(ds.gpu_ids)
    assert dgx.gpu_ids == ["h100-sxm"] and dgx.gpus_per_node_max == 8 and dgx.pooled
    assert "8480C" in dgx.cpus and "2 TB DDR5" == dgx.ram and "NVLink" in dgx.interconnect


def test_server_gpu_ids_exist_and_texts_present():
    for s in CAT.servers:
        assert s.gpu_ids and all(g in GPUS for g in s.gpu_ids), s.id
        assert re.search(r"[а-яё]", s.use_cases_ru, re.I), s.id
        assert not re.search(r"[а-яё]", s.use_cases_en, re.I), s.id


@pytest.mark.skipif(not GUIDE_PATH.is_file(), reason="vendor guide not on disk")
def test_server_use_cases_not_copied_from_guide():
    guide = re.sub(r"\s+", " ", GUIDE_PATH.read_text(encoding="utf-8")).lower()
    for s in CAT.servers:
        words = re.sub(r"\s+", " ", s.use_cases_ru).lower().split(" ")
        for i in range(len(words) - 5):
            assert " ".join(words[i:i + 6]) not in guide, (s.id, words[i:i + 6])


# ----------------------------------------------------------------------------- lookups

@pytest.mark.parametrize("spelling,gid", [
    ("4090", "rtx-4090"), ("RTX4090", "rtx-4090"), ("rtx 4090", "rtx-4090"), ("4090-я", "rtx-4090"),
    ("RTX 5090", "rtx-5090"), ("A6000", "rtx-a6000"), ("RTX 6000 Ada", "rtx-6000-ada"),
    ("H100", "h100-sxm"), ("H100 80GB", "h100-sxm"), ("H100 SXM", "h100-sxm"), ("H100 SXM5", "h100-sxm"),
    ("H100 PCIe", "h100-pcie"), ("H100 NVL", "h100-nvl"),
    ("A100", "a100-sxm-80gb"), ("A100 80GB", "a100-sxm-80gb"), ("A100 PCIe 80GB", "a100-pcie-80gb"),
    ("A100 40GB", "a100-sxm-40gb"), ("L40S", "l40s"), ("h200", "h200"), ("B200", "b200"),
    ("4080 Super", "rtx-4080-super"), ("4080", "rtx-4080"),
])
def test_gpu_spellings(spelling, gid):
    assert get_gpu(spelling).id == gid


@pytest.mark.parametrize("spelling,mid", [
    ("Llama-3.1-70B-Instruct", "llama-3.1-70b"), ("llama3 70b", "llama-3-70b"), ("лама 3 70B", "llama-3-70b"),
    ("Meta-Llama-3-8B-Instruct", "llama-3-8b"), ("llama3:70b", "llama-3-70b"), ("Llama 3.3 70B", "llama-3.3-70b"),
    ("qwen 2.5 7b", "qwen2.5-7b"), ("Qwen2.5-7B-Instruct", "qwen2.5-7b"), ("квен 2.5 14b", "qwen2.5-14b"),
    ("Qwen2.5-Coder-1.5B-Instruct", "qwen2.5-coder-1.5b"), ("Qwen3-30B-A3B", "qwen3-30b-a3b"),
    ("deepseek r1", "deepseek-r1"), ("DeepSeek-V3", "deepseek-v3"), ("дипсик", "deepseek-r1"),
    ("DeepSeek-R1-Distill-Qwen-32B", "deepseek-r1-distill-qwen-32b"), ("deepseek-r1:7b", "deepseek-r1-distill-qwen-7b"),
    ("Mistral-7B-Instruct-v0.3", "mistral-7b-v0.3"), ("мистраль 7b", "mistral-7b-v0.3"),
    ("Mixtral-8x7B-Instruct-v0.1", "mixtral-8x7b"), ("gemma-2-9b-it", "gemma-2-9b"), ("Gemma 3 27B", "gemma-3-27b"),
    ("Phi-3-mini-4k-instruct", "phi-3-mini"), ("phi4", "phi-4"), ("SDXL", "sdxl"), ("FLUX.1-dev", "flux.1-dev"),
])
def test_model_spellings(spelling, mid):
    assert get_model(spelling).id == mid


@pytest.mark.parametrize("spelling,sid", [
    ("HN-PC-FARM4U4", "farm-4u4"), ("HUANANZHI DeepSeek", "deepseek"), ("DGX H100", "dgx-h100"),
])
def test_server_spellings(spelling, sid):
    assert get_server(spelling).id == sid


# ----------------------------------------------------------------------------- model architecture

def _llms():
    return [m for m in CAT.models if m.kind == "llm"]


def test_head_dim_times_heads_vs_hidden():
    for m in _llms():
        width = m.n_heads * m.head_dim
        if m.id in HEADS_WIDER_THAN_HIDDEN:
            assert width > m.hidden_size, m.id
        elif m.id in HEADS_NARROWER_THAN_HIDDEN:
            assert width < m.hidden_size, m.id
        else:
            assert width == m.hidden_size, m.id


def test_attention_kind_matches_heads():
    for m in _llms():
        assert m.attention is not None, m.id
        if m.attention == "mla":
            continue
        assert m.n_heads % m.n_kv_heads == 0, m.id
        expected = "mha" if m.n_kv_heads == m.n_heads else "mqa" if m.n_kv_heads == 1 else "gqa"
        assert m.attention == expected, m.id


def test_moe_fields():
    for m in CAT.models:
        moe = [m.active_params_b, m.moe_experts, m.moe_active_experts]
        if any(v is not None for v in moe):
            assert all(v is not None for v in moe), m.id
            assert 0 < m.active_params_b < m.params_b, m.id
            assert 0 < m.moe_active_experts < m.moe_experts, m.id
    assert {m.id for m in CAT.models if m.moe_experts} == {
        "mixtral-8x7b", "mixtral-8x22b", "qwen3-30b-a3b", "qwen3-235b-a22b", "deepseek-v3", "deepseek-r1",
        "gpt-oss-20b", "gpt-oss-120b", "llama-4-scout", "llama-4-maverick", "qwen3-next-80b-a3b",
        "qwen3-coder-30b-a3b", "qwen3-coder-480b-a35b", "deepseek-v3.1", "deepseek-v3.2", "kimi-k2",
        "glm-4.5", "glm-4.5-air", "glm-4.6"}
    for m in CAT.models:  # the routed experts summed from the architecture stay inside the total
        if m.moe_experts:
            assert 0.8 * m.params < m.routed_expert_params < m.params, m.id


def test_sliding_window_fields():
    for m in _llms():
        assert (m.sliding_window is None) == (m.sliding_layers is None), m.id
        if m.sliding_layers is not None:
            assert 0 < m.sliding_layers < m.n_layers, m.id
            assert m.sliding_window < m.max_context, m.id
    assert MODELS["gemma-2-9b"].sliding_layers * 2 == MODELS["gemma-2-9b"].n_layers
    assert (MODELS["gemma-3-27b"].sliding_window, MODELS["gemma-3-27b"].sliding_layers) == (1024, 52)


def test_every_llm_has_vocab_and_context():
    for m in _llms():
        assert m.vocab_size and m.max_context and m.intermediate_size, m.id


def test_own_chat_model_architecture():
    m = get_model("Qwen2.5-Coder-1.5B-Instruct")
    assert (m.n_layers, m.hidden_size, m.n_heads, m.n_kv_heads, m.head_dim, m.vocab_size, m.intermediate_size,
            m.params_b) == (28, 1536, 12, 2, 128, 151936, 8960, 1.54)


def test_guide_kv_example_llama3_8b():
    # Guide: 2 x 32 x 8 x 128 x 8192 x 2 bytes ~= 1.07 GB for Llama-3-8B at 8K, batch 1, FP16.
    m = get_model("Llama-3-8B")
    kv = 2 * m.n_layers * m.n_kv_heads * m.head_dim * 8192 * 2
    assert kv == 1_073_741_824


def test_deepseek_mla_and_size():
    for mid in ("deepseek-v3", "deepseek-r1"):
        m = MODELS[mid]
        assert (m.attention, m.kv_lora_rank, m.qk_rope_head_dim) == ("mla", 512, 64)
        assert (m.params_b, m.active_params_b, m.n_layers, m.hidden_size, m.vocab_size, m.max_context) == (
            671, 37, 61, 7168, 129280, 163840)
        assert (m.moe_experts, m.moe_active_experts) == (256, 8)
        assert (m.n_heads, m.n_kv_heads, m.head_dim) == (128, 128, 128)


def test_distills_share_base_architecture():
    arch = ("n_layers", "hidden_size", "intermediate_size", "n_heads", "n_kv_heads", "head_dim")
    pairs = [("deepseek-r1-distill-qwen-1.5b", "qwen2.5-1.5b"), ("deepseek-r1-distill-qwen-7b", "qwen2.5-7b"),
             ("deepseek-r1-distill-qwen-14b", "qwen2.5-14b"), ("deepseek-r1-distill-qwen-32b", "qwen2.5-32b"),
             ("deepseek-r1-distill-llama-8b", "llama-3.1-8b"), ("deepseek-r1-distill-llama-70b", "llama-3.3-70b")]
    for distill, base in pairs:
        assert [getattr(MODELS[distill], f) for f in arch] == [getattr(MODELS[base], f) for f in arch], distill


def test_image_models():
    imgs = {m.id: m for m in CAT.models if m.kind == "image"}
    assert set(imgs) == {"sdxl", "flux.1-dev"}
    assert imgs["flux.1-dev"].params_b == 12 and "T5" in imgs["flux.1-dev"].source
    assert 3 < imgs["sdxl"].params_b < 4
