"""The bench keeps the rows a must-be-0 explanation figure counted, so a run's 1 can be traced."""
from bench.run import bench_explanation


def test_an_emptied_explanation_is_kept_with_its_id_and_a_clean_one_is_not(make_assistant):
    bad = bench_explanation(make_assistant(["Нужно ровно 999 ГБ видеопамяти. Needs exactly 999 GB of VRAM."]), limit=2)
    emptied = bad["systems"]["full"]["all"]["empty"]  # both attempts dropped by the guard: nothing shown
    assert emptied >= 1 and [f["empty"] for f in bad["flagged"]] == [True] * emptied
    assert all(f["id"] and f["dropped"] for f in bad["flagged"])  # what the guard took out, to trace

    good = bench_explanation(make_assistant(["Подробности — в расчёте выше. The details are in the table above."]),
                             limit=2)
    assert good["systems"]["full"]["all"]["empty"] == 0 and good["flagged"] == []
