"""`gpu-sizer bench` produces a well-formed report (small configuration; no timing verdicts)."""
import json

from bench.run import run_bench
from assistant.settings import LLMSettings, Settings


def test_bench_report_is_complete_and_well_formed(kb_settings, tmp_path):
    settings = Settings(retrieval=kb_settings.retrieval, llm=LLMSettings(max_tokens=32))
    report = run_bench(settings, quick=True, out_dir=tmp_path, sample=2, points=[(1024, 1), (1024, 2)],
                       retrieval_items=6, skip=("explanation",))  # the explanation: tests/assistant/test_bench_markdown.py
    assert 0 <= report["accuracy"]["with_tools"] <= 1 and 0 <= report["accuracy"]["baseline_no_tools"] <= 1
    assert report["turn"]["overhead_ratio"] > 0 and report["turn"]["decode_share_of_raw"] > 0
    assert report["estimator"]["kv_error_max"] == 0.0  # KV matches llama.cpp exactly
    assert report["estimator"]["total_error_max"] < 0.10
    assert report["retrieval"]["overall"]["n"] == 6
    saved = json.loads((tmp_path / "report.json").read_text())
    assert saved["turn"]["overhead_ratio"] == report["turn"]["overhead_ratio"]
    md = (tmp_path / "report.md").read_text()
    assert "## Answer accuracy" in md and "## Estimator vs llama.cpp" in md
    assert (tmp_path / "estimator.png").stat().st_size > 1000 and (tmp_path / "accuracy.png").stat().st_size > 1000
