"""`gpu-sizer bench --markdown` renders the README's Measured section from one run: stamped with the
commit (dirty or not) and the date, every row present, a figure the run did not measure said so;
`--write-readme` replaces only what lies between the markers. No model: a quick run without one, and
a complete report of the full run's shape for the rows a quick run cannot fill."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from assistant.llm.settings import LLMSettings
from assistant.settings import Settings
from bench.markdown import END, START, render, replace_between_markers, rows, write_readme
from tools.paths import ROOT

NOT = "not measured in this run"


def _git(*args: str) -> str:
    return subprocess.run(["git", "--no-optional-locks", *args], capture_output=True, text=True, cwd=ROOT).stdout


def _table(block: str) -> dict[str, str]:
    out = {}
    for line in block.splitlines():
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        if len(cells) == 3 and cells[0] not in ("what", "---"):
            out[cells[0]] = cells[1]
    return out


def test_a_quick_run_without_a_model_renders_every_row_stamped(kb_settings, tmp_path):
    settings = Settings(retrieval=kb_settings.retrieval, llm=LLMSettings(mode="none"))
    from bench.run import run_bench

    report = run_bench(settings, quick=True, out_dir=tmp_path, sample=2, retrieval_items=4, explanation_items=2,
                       skip=("estimator",), with_parts=("fairness",))  # no model: fairness says why it did not run
    block = render(report)
    assert block.startswith(START + "\n## Measured (") and block.rstrip().endswith(END)
    head = block.splitlines()[1]
    assert f"commit {_git('rev-parse', '--short=10', 'HEAD').strip()}" in head
    assert ("dirty" in head) is bool(_git("status", "--porcelain").strip())
    assert re.search(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC", head) and "no model" in head
    assert "`gpu-sizer bench --quick --with fairness` (samples" in block  # which run made it, and what it added
    table = _table(block)
    assert list(table) == [r[0] for r in rows(report)]  # every row, in order
    measured = {k: v for k, v in table.items() if not v.startswith(NOT)}
    assert "100" in measured["computed path only (`--no-llm`: numbers + quoted guide passages)"] or \
        "%" in measured["computed path only (`--no-llm`: numbers + quoted guide passages)"]
    for row in ("reader: whole scenario / intent per split", "retrieval", "computed block after the question",
                "speed estimate vs published runs (measured ÷ predicted)"):
        assert row in measured, (row, table[row])
    assert "holdout (never tuned on)" in table["reader: whole scenario / intent per split"]
    assert "quoted passages (--no-llm)" in table[next(k for k in table if k.startswith("explanation alone: useful"))]
    assert table["KV-cache estimate vs llama.cpp"] == f"{NOT}: skipped by the caller"
    assert table["first model token: first turn / follow-up / raw llama.cpp"].startswith(f"{NOT}: needs the local")
    assert table["abuse suite"] == f"{NOT}: run by --full or --with security only"
    assert table["fairness: a polite customer beside a greedy one"] == f"{NOT}: needs a model (this run: --no-llm)"
    assert "no model" in table["answer accuracy, model + tools + retrieval"]
    assert (tmp_path / "measured.md").read_text(encoding="utf-8") == block


def _compare(load: dict) -> dict:
    """bench-load --compare's report: its four setups in bench.services.compare's order."""
    def setup(per_min: float, **config) -> dict:
        return {**load, "explained_per_min": per_min, "config": {**load["config"], **config}}

    return {"passed": True, "reports": {"one process (embedded model, 1 slot)": setup(0.97, model_parallel=1),
                                        "1 replica + shared model server, via HAProxy": setup(0.9, replicas=1),
                                        "2 replicas + shared model server, via HAProxy": setup(0.92, replicas=2),
                                        "one process (embedded model, 2 slots)": setup(1.5, model_parallel=2)}}


def _full_report() -> dict:
    """A report of the shape `run_bench(full=True)` writes, with made-up figures."""
    acc = {"n": 73, "accuracy": 0.973, "by_language": {"ru": 0.974, "en": 0.971}, "wrong_number_share": 0.0,
           "guard_interventions": 7}
    expl = {"n": 25, "useful": 0.6, "verdict_stated": 0.9, "verdict_contradicted": 0, "reason": 0.8, "next_step": 0.7,
            "echo": 0, "echo_of_sources": 0, "leak": 0, "injected": 0, "false_claims": 0, "other_language": 0,
            "empty": 0, "ungrounded_numbers": 0, "median_seconds": 12.0, "median_first_token_s": 1.4}
    load = {"config": {"clients": 50, "seconds": 30}, "requests": 1436, "explained_per_min": 0.97, "passed": True,
            "statuses": {"calculator 200": 1000, "chat 200": 400, "ask 503": 36}, "errors": {},
            "latency": {"calculator": {"p95_ms": 33.0}, "chat: numbers (computed event)": {"p95_ms": 40.0},
                        "rejected (429/503)": {"max_ms": 30.0}},
            "server": {"memory": {"idle_rss_bytes": 2.0e9, "after_load_rss_bytes": 2.2e9}}, "targets": {"x": True}}
    row = {"model": "m.gguf", "n_ctx": 2048, "batch": 1, "kv_est": 1, "kv_llama": 1}
    return {
        "mode": "full", "backend": "local", "commit": "0123456789", "dirty": False, "date": "2026-12-01 10:00 UTC",
        "machine": {"cpus": 2, "model": "m.gguf"}, "skipped": {}, "seconds": 7200.0, "out": "reports/x/report.json",
        "accuracy": {"no_llm": {**acc, "accuracy": 1.0}, "with_tools_detail": acc,
                     "baseline_detail": {**acc, "accuracy": 0.151, "wrong_number_share": 0.329}},
        "explanation": {"items": 25, "attacks": 3, "guard_vs_strict": 0,
                        "systems": {k: {"all": expl, "held": {**expl, "n": 8}} for k in ("full", "bare", "quotes")}},
        "understanding": {s: {"turns": 100, "whole_scenario_accuracy": 0.9, "intent_accuracy": 0.95,
                              "silently_dropped": 0} for s in ("tune", "dev", "holdout")},
        "computed_block": {"median_s": 0.001, "max_s": 0.005, "n": 73},
        "turn": {"first_token_s_first_turn": 1.4, "first_token_s_follow_up": 1.5, "raw_first_token_s": 3.0,
                 "repeats": 3, "overhead_ratio": 1.016, "decode_tokens_per_s": 35.0, "decode_share_of_raw": 0.995,
                 "raw_decode_tokens_per_s": 35.2, "split_s": {"retrieval": 0.025}},
        "estimator": {"rows": [row, {**row, "n_ctx": 32768, "batch": 8}], "kv_error_max": 0.0,
                      "total_error_max": 0.003, "compute_error_max": 0.023},
        "calibration": {"summary": "12 published runs: median 0.8"},
        "retrieval": {"overall": {"n": 90, "recall_at_3": 0.989, "mrr": 0.958}, "latency_ms_median": 11.0,
                      "latency_ms_p90": 21.0, "ingest_seconds": 40.0,
                      "by_language": {"ru": {"recall_at_3": 1.0}, "en": {"recall_at_3": 0.978}}},
        "memory": {"rss_model_loaded_bytes": 1.97e9, "rss_peak_bytes": 2.18e9},
        "load": load,
        "fairness": {"config": {"greedy_parallel": 8, "model_parallel": 2}, "targets": {"a": True},
                     "alone": {"first_token_p50_s": 0.55, "explained": 6, "turns": 6},
                     "with_greedy": {"first_token_p50_s": 0.57, "explained": 6, "turns": 6}},
        "compare": _compare(load),
        "replicas_tier": {"passed": 7, "total": 7, "failed": 0, "seconds": 264.0},
        "security": {"passed": 94, "total": 94, "failed": 0, "seconds": 49.4, "model_saw": 40, "keyword": 25,
                     "web": 29},
    }


def test_a_full_report_fills_every_row():
    block = render(_full_report())
    table = _table(block)
    assert len(table) == len(rows(_full_report()))
    assert not [k for k, v in table.items() if v.startswith(NOT)], block
    assert "commit 0123456789, 2026-12-01 10:00 UTC" in block and "dirty" not in block.splitlines()[1]
    assert "`gpu-sizer bench --full --markdown --write-readme` in 120 min 0 s" in block
    assert table["abuse suite"].startswith("94 of 94 cases pass; the model saw 40")
    assert table["first model token: first turn / follow-up / raw llama.cpp"].startswith("1.40 s (static prefix restored)")
    assert "50 clients, 30 s, one process" in table and "holdout (never tuned on) 90.0 %" in block
    dirty = render({**_full_report(), "dirty": True})
    assert "dirty: uncommitted changes" in dirty.splitlines()[1]
    broken = render({**_full_report(), "load": {"error": "bench-load exited 2", "config": {"clients": 50, "seconds": 30}}})
    assert _table(broken)["50 clients, 30 s, one process"].startswith(f"{NOT}: failed: bench-load exited 2")


def test_the_heading_names_the_vector_unit_and_the_first_token_row_the_items_median():
    """Prefill speed, so the first token, differs between machines by their vector unit; the one bench
    question's prompt is short, so the first token over the explanation items is shown beside it."""
    from bench.run import simd

    block = render({**_full_report(), "machine": {"cpus": 2, "simd": "AVX2", "model": "m.gguf"}})
    assert block.splitlines()[1].startswith("## Measured (2-core CPU (AVX2), m.gguf;")
    first = _table(block)["first model token: first turn / follow-up / raw llama.cpp"]
    assert first.endswith("; first turn over the 25 explanation items: median 1.40 s")
    assert "(AVX" not in render(_full_report()).splitlines()[1]  # an older report has no such field
    no_model = {**_full_report(), "explanation": {"systems": {"quotes": {"all": {"n": 25}}}}}
    assert "explanation items" not in _table(render(no_model))["first model token: first turn / follow-up / raw llama.cpp"]
    assert simd({"avx", "avx2", "avx512f"}) == "AVX-512" and simd({"avx", "avx2"}) == "AVX2" and simd(set()) == "no AVX"


COMPARE = ("one process / 1 replica / 2 replicas behind HAProxy on one shared model server (one answer at a time) / "
           "one process with 2 model slots (`llm.parallel=2`)")


def test_the_compare_row_shows_what_two_model_slots_buy():
    figure = _table(render(_full_report()))[COMPARE]
    assert figure.startswith("50 clients, 30 s each; explained answers per min 0.97 / 0.9 / 0.92 / 1.5; ")
    assert "2 slots ÷ 1 slot: ×1.55 explained answers per min" in figure and figure.endswith("all targets met")
    none = _full_report()
    none["compare"]["reports"]["one process (embedded model, 1 slot)"]["explained_per_min"] = 0
    assert "no ratio (1 slot explained none)" in _table(render(none))[COMPARE]


def test_a_compare_report_from_before_the_two_slot_setup_still_renders():
    """Three setups, no model_parallel in their config: the 4th column says '–', nothing is invented."""
    old = _full_report()
    load = old["load"]
    old["compare"] = {"passed": False, "reports": {"one process (embedded model)": {**load, "passed": False},
                                                   "1 replica + shared model server, via HAProxy": load,
                                                   "2 replicas + shared model server, via HAProxy": load}}
    figure = _table(render(old))[COMPARE]
    assert "explained answers per min 0.97 / 0.97 / 0.97 / –; requests 1436 / 1436 / 1436 / –" in figure
    assert "2 slots not in this run" in figure and "×" not in figure
    assert figure.endswith("targets MISSED in: one process (embedded model)")


def test_the_header_names_the_mode_and_the_parts_added_with_with():
    """A quick run with --with: the added parts show their figures, the others their reason, and the
    header names both the command and the full-only parts it left out."""
    report = {**_full_report(), "mode": "quick", "quick": True, "with": ["fairness", "compare"],
              "skipped": {"replicas_tier": "run by --full or --with replicas_tier only",
                          "security": "run by --full or --with security only"}}
    del report["replicas_tier"], report["security"]
    block = render(report)
    assert ("Generated by `gpu-sizer bench --quick --with fairness,compare` (samples: a quick check, not the full "
            "measurement; without --full: replicas tier, abuse suite not run)") in block
    table = _table(block)
    assert table[COMPARE].startswith("50 clients") and table["fairness: a polite customer beside a greedy one"]
    assert table["abuse suite"] == f"{NOT}: run by --full or --with security only"
    assert table["replicas tier (PostgreSQL, model server, Chroma, 2 replicas, HAProxy)"].startswith(NOT)
    every = render({**_full_report(), "mode": "default", "with": ["fairness", "compare", "replicas_tier", "security"]})
    assert "Generated by `gpu-sizer bench --with fairness,compare,replicas_tier,security` in" in every
    assert "`gpu-sizer bench` (without --full: fairness, one process vs replicas, replicas tier, abuse suite not run)" \
        in render({**_full_report(), "mode": "default"})


def test_the_readme_writer_replaces_only_between_the_markers(tmp_path):
    block = render(_full_report())
    before, after = "# Title\n\nintro\n\n", "\n\n## Next section\n\ntext\n"
    path = tmp_path / "README.md"
    path.write_text(before + f"{START}\nold figures\n{END}" + after, encoding="utf-8")
    write_readme(path, block)
    text = path.read_text(encoding="utf-8")
    assert text.startswith(before) and text.endswith(after) and "old figures" not in text
    assert text == before + block.rstrip("\n") + after
    write_readme(path, block)  # again: the same text, nothing doubled
    assert path.read_text(encoding="utf-8") == text
    for bad in ("no markers here", f"{END}\n{START}", f"{START}\n{END}\n{START}\n{END}"):
        with pytest.raises(ValueError):
            replace_between_markers(bad, block)
    with pytest.raises(ValueError):
        replace_between_markers(f"{START}\n{END}", "no markers")


def test_the_project_readme_has_one_measured_section_between_markers():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert text.count(START) == 1 and text.count(END) == 1
    new = replace_between_markers(text, render(_full_report()))
    assert new.split(START)[0] == text.split(START)[0] and new.split(END)[1] == text.split(END)[1]


def test_cli_flags(monkeypatch, tmp_path):
    """--write-readme into the project README needs --full (or --allow-partial); other paths take any run."""
    from ui import cli
    import bench.run

    calls = []
    monkeypatch.setattr(bench.run, "run_bench", lambda settings, **kw: calls.append(kw) or _full_report())
    monkeypatch.setattr(bench.run, "write_report", lambda *a: None)
    assert cli.main(["bench", "--quick", "--write-readme"]) == 2 and calls == []
    target = tmp_path / "R.md"
    target.write_text(f"a\n{START}\n{END}\nb\n", encoding="utf-8")
    assert cli.main(["bench", "--quick", "--markdown", "--no-llm", "--out", str(tmp_path / "o"),
                     "--write-readme", str(target)]) == 0
    assert calls[-1]["quick"] is True and calls[-1]["full"] is False
    assert "commit 0123456789" in target.read_text(encoding="utf-8")
    assert calls[-1]["with_parts"] == []
    assert cli.main(["bench", "--quick", "--with", "compare,fairness,compare", "--markdown", "--out",
                     str(tmp_path / "o")]) == 0
    assert calls[-1]["with_parts"] == ["compare", "fairness"]  # each once
    n = len(calls)
    assert cli.main(["bench", "--full", "--with", "compare", "--out", str(tmp_path / "o")]) == 2 and len(calls) == n
    # the README takes a --with run only labelled as partial, like any run short of --full
    assert cli.main(["bench", "--quick", "--with", "compare", "--write-readme"]) == 2 and len(calls) == n
    for bad in ("bogus", "compare,load", ","):
        with pytest.raises(SystemExit):
            cli.build_parser().parse_args(["bench", "--with", bad])
    with pytest.raises(SystemExit):  # one size or the other
        cli.build_parser().parse_args(["bench", "--full", "--quick"])
    assert Path(cli.build_parser().parse_args(["bench", "--full", "--write-readme"]).write_readme) == ROOT / "README.md"
