"""The understanding corpus stays well formed: known slots, catalog ids and the label conventions
check_corpus.py enforces. It had gone stale once (two new slots) because nothing ran it."""
import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).parents[2] / "knowledge/eval/understanding/check_corpus.py"


def _check_corpus():
    spec = importlib.util.spec_from_file_location("check_corpus", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_split_passes_the_corpus_check(capsys):
    rc = _check_corpus().main()
    out = capsys.readouterr().out
    assert rc == 0, "\n".join(line for line in out.splitlines() if line.startswith("ERROR"))
    assert out.rstrip().endswith("OK")


def test_an_unknown_slot_is_an_error(tmp_path, monkeypatch, capsys):
    module = _check_corpus()
    (tmp_path / "tune.yaml").write_text(
        '- id: ru-student-1\n  persona: student\n  lang: ru\n  turns:\n'
        '    - text: "2 4090 или 4 3090"\n      intent: compare\n'
        '      scenario: {gpus: [rtx-4090, rtx-3090], gpu_counts: [2], watts_a_month: 5}\n', encoding="utf-8")
    monkeypatch.setattr(module, "HERE", tmp_path)
    assert module.main(("tune",)) == 1
    errors = [line for line in capsys.readouterr().out.splitlines() if line.startswith("ERROR")]
    assert any("unknown slot watts_a_month" in e for e in errors)
    assert any("gpu_counts [2]" in e for e in errors)
