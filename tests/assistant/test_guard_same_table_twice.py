""""vram" and "fit" of one scenario give the same memory table twice: it is one table, so "the weights take the most"
is judged against it (a review probe: Qwen3 32B in INT8 for 50 users, KV cache 107 GB against 35 GB of weights,
passed both the guard and the grader as "several tables"). Two different tables stay unjudged."""
from assistant.checks.relations import wrong_largest
from bench.strict_claims import largest_misnamed

TABLE = {"weights_bytes": 34_848_450_000, "kv_cache_bytes": 107_374_182_400, "activations_bytes": 2_613_633_750,
         "cuda_context_bytes": 450_000_000, "framework_bytes": 1_500_000_000, "total_bytes": 175_230_792_630}
SAME = [{"tool": "vram", "output": dict(TABLE)},
        {"tool": "fit", "output": {**TABLE, "gpu_vram_bytes": 25_769_803_776, "usable_vram_bytes": 25_769_803_776}}]
BAD, GOOD = "Больше всего занимают веса в INT8 — 34,85 ГБ.", "Больше всего занимает KV-кэш — 107,37 ГБ."


def test_one_table_said_twice_is_judged():
    assert wrong_largest(BAD, SAME) and largest_misnamed(BAD, SAME)
    assert not wrong_largest(GOOD, SAME) and not largest_misnamed(GOOD, SAME)


def test_two_different_tables_are_not():
    other = [SAME[0], {"tool": "fit", "output": {**TABLE, "kv_cache_bytes": 1_000_000_000}}]
    assert not wrong_largest(BAD, other) and not largest_misnamed(BAD, other)
