"""The `gpu-sizer` calculator commands: JSON contracts, readable tables, one-line errors."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent / "gpu-sizer"


def run(*args):
    return subprocess.run([str(BIN), *args], capture_output=True, text=True, timeout=120)


def test_vram_json_contract():
    p = run("vram", "--model", "Llama-3-8B", "--context", "8192", "--json")
    out = json.loads(p.stdout)
    assert p.returncode == 0
    assert out["kv_cache_bytes"] == 2**30 and out["weights_bytes"] == 16_060_000_000
    assert out["total_bytes"] == out["weights_bytes"] + out["kv_cache_bytes"] + out["overhead_bytes"] + out["reserve_bytes"]


def test_power_json_contract():
    out = json.loads(run("power", "--gpu", "RTX 4090", "--count", "4", "--json").stdout)
    assert out["gpu_watts"] == 1800 and out["system_watts"] == 2500 and out["psu"]["total_w"] == 3000


def test_gpus_json_contract():
    rows = json.loads(run("gpus", "--json").stdout)
    r = next(r for r in rows if r["name"] == "RTX 4090")
    assert (r["vram_gb"], r["tdp_w"], r["bandwidth_gbs"], r["price_usd_min"], r["price_usd_max"]) == (24, 450, 1008, 1600, 2000)


def test_recommend_and_cost_json():
    rec = json.loads(run("recommend", "--model", "llama3 70b", "--precision", "Q4_K_M", "--json").stdout)
    assert rec["configurations"]
    cost = json.loads(run("cost", "--server-price", "60000", "--cloud-hourly", "8", "--json").stdout)
    assert cost["break_even_months"] == pytest.approx(10.3, abs=0.05)


def test_human_output_is_a_table():
    p = run("vram", "--model", "Llama-3-8B", "--gpu", "RTX 4090")
    assert "TOTAL" in p.stdout and "23.71 GB" in p.stdout and "fits" in p.stdout


@pytest.mark.parametrize("args,needle", [
    (["vram", "--model", "Llama-7-900B"], "unknown model"),
    (["vram", "--params-b", "nan"], "finite"),
    (["vram", "--params-b", "-5"], "greater than zero"),
    (["vram", "--params-b", "1e30"], "at most"),
    (["vram", "--model", "Llama-3-8B", "--context", "0"], "context"),
    (["vram", "--model", "Llama-3-8B", "--params-b", "8"], "not allowed with"),
    (["vram", "--model", "Llama-3-8B", "--task", "pretrain"], "invalid choice"),
    (["power", "--gpu", "RTX 9090", "--count", "2"], "did you mean"),
    (["power", "--gpu", "RTX 4090", "--count", "-1"], "count"),
    (["cost", "--server-price", "inf", "--cloud-hourly", "1"], "finite"),
    (["vram", "--model-file", "/etc/hostname"], "not a GGUF"),
])
def test_bad_input_is_one_line_no_traceback(args, needle):
    p = run(*args)
    assert p.returncode == 2
    assert needle in p.stderr and "Traceback" not in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1
