"""`gpu-sizer ingest | search | bench-retrieval` contracts, run as real subprocesses."""
from __future__ import annotations

import json

from kb_helpers import cli_env, run_cli


def test_search_json_contract(built):
    settings, _ = built
    res = run_cli(["search", "--json", "-k", "3", "какой БП на 4 видюхи 4090"], cli_env(settings.retrieval.data_dir))
    assert res.returncode == 0, res.stderr
    rows = json.loads(res.stdout)
    assert len(rows) == 3
    assert {"id", "doc_id", "title", "text", "score"} <= set(rows[0])
    assert [r["score"] for r in rows] == sorted((r["score"] for r in rows), reverse=True)
    assert "ru-power-supply" in [r["doc_id"] for r in rows]


def test_search_text_output(built):
    settings, _ = built
    res = run_cli(["search", "-k", "1", "--lang", "en", "NVLink", "for", "LoRA"], cli_env(settings.retrieval.data_dir))
    assert res.returncode == 0, res.stderr
    assert res.stdout.startswith("1. [en-") and "score" in res.stdout


def test_bad_input_is_one_line_exit_2(built):
    env = cli_env(built[0].retrieval.data_dir)
    for args, message in ((["search", "  "], "empty query"), (["search", "-k", "0", "x"], "-k must be"),
                          (["ingest", "/no/such/dir"], "no such file or folder")):
        res = run_cli(args, env)
        assert res.returncode == 2, (args, res.stderr)
        assert res.stderr.strip().splitlines() == [f"gpu-sizer: error: {res.stderr.split('error: ', 1)[1].strip()}"]
        assert message in res.stderr and "Traceback" not in res.stderr


def test_ingest_summary_and_skipped_files(index_copy, tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "a.txt").write_text("Стойка на 42U и охлаждение горячего коридора.", encoding="utf-8")
    (folder / "blob.md").write_bytes(b"\x00\xff\x00\xfe" * 100)
    res = run_cli(["ingest", str(folder)], cli_env(index_copy.retrieval.data_dir))
    assert res.returncode == 0, res.stderr
    assert "1 embedded" in res.stdout and "new index" in res.stdout
    assert "blob.md: skipped (binary file)" in res.stderr
    again = run_cli(["ingest", "--quiet", str(folder)], cli_env(index_copy.retrieval.data_dir))
    assert "0 embedded" in again.stdout and "unchanged" in again.stdout


def test_search_auto_ingests_when_no_index(built):
    settings, first = built  # the session index was built by this very search on an empty data dir
    assert json.loads(first.stdout)[0]["doc_id"].startswith("en-")
    assert (settings.retrieval.data_dir / "current.json").exists()


def test_bench_retrieval_json(built):
    res = run_cli(["bench-retrieval", "--json", "--no-ingest-timing"], cli_env(built[0].retrieval.data_dir))
    assert res.returncode == 0, res.stderr
    report = json.loads(res.stdout)
    assert report["overall"]["n"] >= 10 and 0 <= report["overall"]["recall_at_3"] <= 1
    assert set(report["by_language"]) == {"ru", "en"} and report["latency_ms_median"] > 0
