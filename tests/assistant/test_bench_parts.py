"""`gpu-sizer bench --with PART` runs the named full-only parts in a quick or default run, and
`bench-load --compare` adds one process with two model slots. Fakes only: no server, no model,
no 50-client load."""
from __future__ import annotations

import pytest

import bench.load
import bench.run
import bench.services
from assistant.llm.settings import LLMSettings
from assistant.settings import Settings
from bench.run import FULL_ONLY, full_only_parts, run_full_only
from tools.errors import SizingError


def test_full_only_parts_are_all_with_full_else_those_named():
    assert full_only_parts(True) == FULL_ONLY
    assert full_only_parts(False) == ()
    assert full_only_parts(False, ["security", "compare"]) == ("compare", "security")  # FULL_ONLY's order
    with pytest.raises(SizingError, match="unknown part"):
        full_only_parts(False, ["load"])


@pytest.fixture
def fake_parts(monkeypatch):
    """Each full-only part records its call instead of running; PostgreSQL and HAProxy 'present'."""
    called: list = []
    monkeypatch.setattr(bench.run, "bench_fairness", lambda s: called.append("fairness") or {"alone": {}})
    monkeypatch.setattr(bench.run, "bench_compare",
                        lambda s, clients, seconds: called.append(("compare", clients, seconds)) or {"reports": {}})
    monkeypatch.setattr(bench.run, "run_pytest", lambda args, timeout: called.append(("pytest", *args)) or {})
    monkeypatch.setattr(bench.run, "bench_security", lambda: called.append("security") or {})
    monkeypatch.setattr(bench.run, "replicas_missing", lambda: None)
    return called


def test_run_full_only_runs_the_named_parts_at_the_runs_size(fake_parts, tmp_path):
    settings = Settings(llm=LLMSettings(mode="local"))
    report: dict = {"skipped": {"replicas_tier": "run by --full or --with replicas_tier only"}}
    run_full_only(report, settings, ("fairness", "compare"), clients=10, seconds=10, models=[tmp_path / "m.gguf"])
    assert fake_parts == ["fairness", ("compare", 10, 10)]
    assert set(report) == {"skipped", "fairness", "compare"}


def test_run_full_only_says_why_a_named_part_could_not_run(fake_parts, monkeypatch):
    monkeypatch.setattr(bench.run, "replicas_missing", lambda: "needs postgresql (make system-deps)")
    report: dict = {"skipped": {"security": "skipped by the caller"}}
    run_full_only(report, Settings(llm=LLMSettings(mode="none")), FULL_ONLY, clients=10, seconds=10, models=[])
    assert fake_parts == []
    assert report["skipped"] == {"fairness": "needs a model (this run: --no-llm)",
                                 "compare": "needs postgresql (make system-deps)",
                                 "replicas_tier": "needs postgresql (make system-deps)",
                                 "security": "skipped by the caller"}


def _load_report(per_min: float, **config) -> dict:
    return {"config": {"clients": 4, "seconds": 5, **config}, "requests": 20, "explained_answers": 1,
            "explained_per_min": per_min, "latency": {"calculator": {"p95_ms": 9.0}}, "statuses": {}, "errors": {},
            "targets": {"zero hangs (request timeouts)": True}, "passed": True}


def test_compare_adds_one_process_with_two_model_slots_last(monkeypatch):
    calls: list = []
    monkeypatch.setattr(bench.load, "run", lambda **kw: calls.append(("process", kw["parallel"], kw["clients"]))
                        or _load_report(1.0 * kw["parallel"], model_parallel=kw["parallel"]))
    monkeypatch.setattr(bench.services, "run_load", lambda n, clients, seconds, **kw: calls.append(("replicas", n))
                        or _load_report(0.5, replicas=n))
    report = bench.services.compare(clients=4, seconds=5, seed=3)
    assert calls == [("process", 1, 4), ("replicas", 1), ("replicas", 2), ("process", 2, 4)]
    assert list(report["reports"]) == ["one process (embedded model, 1 slot)",
                                       "1 replica + shared model server, via HAProxy",
                                       "2 replicas + shared model server, via HAProxy",
                                       "one process (embedded model, 2 slots)"]
    assert report["passed"] is True
    text = bench.services.render_compare(report)
    assert len([line for line in text.splitlines() if line.endswith("all targets met")]) == 4
    assert text.splitlines()[-1] == ("parallel slots: 2 answers at once in one process gave 2.0 explained "
                                     "answers/min against 1.0 with 1 (x2.0)")


def test_slots_gain_needs_both_one_process_runs():
    one, two = _load_report(0.0, model_parallel=1), _load_report(1.2, model_parallel=2)
    assert bench.load.slots_gain({"a": one, "b": two}) == (one, two, None)  # no ratio against zero
    assert bench.load.slots_gain({"a": _load_report(1.0), "b": two}) is None  # an older report: no slots recorded
    assert bench.load.slots_gain({"a": _load_report(1.0, model_parallel=1, replicas=1), "b": two}) is None


def test_run_records_the_model_slots_it_was_started_with(monkeypatch):
    started: list = []

    class FakeServer:
        def __init__(self, no_llm, fake_llm_delay, log_path, parallel=None):
            started.append(parallel)
            self.pid, self.url = 0, "http://127.0.0.1:9"

        def start(self) -> dict:
            return {"model": "fake", "index": "ready"}

        def stop(self) -> None:
            pass

    async def drive(*args):
        return bench.load.Results(), 1.0

    monkeypatch.setattr(bench.load, "Server", FakeServer)
    monkeypatch.setattr(bench.load, "drive", drive)
    monkeypatch.setattr(bench.load, "server_memory", lambda pid: {})
    monkeypatch.setattr(bench.load.httpx, "get", lambda *a, **kw: type("R", (), {"json": lambda self: {}})())
    assert bench.load.run(clients=1, seconds=1, parallel=2)["config"]["model_parallel"] == 2
    assert "model_parallel" not in bench.load.run(clients=1, seconds=1)["config"]  # the configured value
    assert started == [2, None]


def test_compare_refuses_a_fake_or_no_model(capsys):
    """The replicas share a real llama_cpp.server: a fake model for one process only would mislead."""
    from ui import cli

    assert cli.main(["bench-load", "--compare", "--fake-llm-delay", "0.05"]) == 2
    assert cli.main(["bench-load", "--replicas", "2", "--no-llm"]) == 2
    assert "measure the real model" in capsys.readouterr().err


def test_the_with_choices_are_the_full_only_parts():
    from ui import cli

    for part in FULL_ONLY:
        assert cli.build_parser().parse_args(["bench", "--quick", "--with", part]).with_parts == [part]
