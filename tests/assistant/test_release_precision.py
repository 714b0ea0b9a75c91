"""A model released in FP8 or MXFP4 is sized as released when the customer names no precision:
'gpt-oss-120b на одной H100?' had been computed in FP16 (300 GB, "does not fit"), although the
model ships in MXFP4 and fits one 80 GB card; 'дипсик р1 полный' had been 1.7 TB in FP16 instead of
its FP8 release. A precision the customer named, training, and 16-bit releases keep their defaults."""
from __future__ import annotations

import pytest

from assistant.scenario import Scenario
from assistant.turn.calculate import compute
from assistant.turn.facts import default_precision
from assistant.views.scenario import scenario_items
from tools.catalog import get_model
from tools.precision import PRECISIONS


@pytest.mark.parametrize("model,task,expected", [
    ("gpt-oss-120b", "inference", "mxfp4"), ("gpt-oss-20b", "inference", "mxfp4"),
    ("deepseek-r1", "inference", "fp8"), ("deepseek-v3", "inference", "fp8"), ("kimi-k2", "inference", "fp8"),
    ("llama-3-70b", "inference", "fp16"), ("qwen3-235b-a22b", "inference", "fp16"),
    ("gpt-oss-20b", "lora", "fp16"), ("deepseek-r1", "full", "fp16"), ("llama-3-8b", "qlora", "nf4"),
    (None, "inference", "fp16"), ("no-such-model", "inference", "fp16"),
])
def test_default_precision(model: str | None, task: str, expected: str) -> None:
    assert default_precision(model, task) == expected


def _vram(s: Scenario) -> tuple[dict, list]:
    c = compute(s, "vram")
    fit = next(f for f in c.facts if f.tool == "fit")
    return fit.output, c.assumptions


def test_gpt_oss_120b_fits_one_h100_as_released() -> None:
    out, assumed = _vram(Scenario(model="gpt-oss-120b", gpu="h100-sxm", gpu_count=1))
    assert out["fits"] is True
    assert {a.slot: a.value for a in assumed}["precision"] == "mxfp4"


def test_a_named_precision_wins() -> None:
    out, assumed = _vram(Scenario(model="gpt-oss-120b", gpu="h100-sxm", gpu_count=1, precision="fp16"))
    assert out["fits"] is False
    assert "precision" not in {a.slot for a in assumed}


def test_scenario_line_says_why() -> None:
    s = Scenario(model="deepseek-r1")
    ru = scenario_items(s, {"precision": "fp8"}, "ru")
    en = scenario_items(s, {"precision": "fp8"}, "en")
    assert [i.text for i in ru if i.slot == "precision"] == ["FP8, как выпущена"]
    assert [i.text for i in en if i.slot == "precision"] == ["FP8, as released"]
    # a 16-bit default for a 16-bit release carries no such words
    plain = scenario_items(Scenario(model="llama-3-70b"), {"precision": "fp16"}, "ru")
    assert [i.text for i in plain if i.slot == "precision"] == ["FP16"]


def test_every_release_precision_is_sourced() -> None:
    from tools.catalog import load_catalog
    released = [m for m in load_catalog().models if m.release_precision]
    assert {m.id for m in released} >= {"deepseek-r1", "gpt-oss-120b"}
    for m in released:
        assert m.release_precision in PRECISIONS
        assert f"release_precision {m.release_precision}" in get_model(m.id).source
