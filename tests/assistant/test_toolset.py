"""Tool schemas come from the calculators' models; a model's tool call never overrides the numbers path."""
from assistant.reading import read
from assistant.toolset import BY_NAME, openai_schemas, reconcile


def test_schemas_are_generated_from_the_calculators():
    schemas = {s["function"]["name"]: s["function"] for s in openai_schemas()}
    assert {"estimate_memory", "recommend", "power_budget", "own_vs_cloud"} <= set(schemas)
    props = schemas["estimate_memory"]["parameters"]["properties"]
    assert {"model", "precision", "context", "batch", "task"} <= set(props)
    assert BY_NAME["power_budget"].invoke({"gpu": "RTX 4090", "count": 4})["gpu_watts"] == 1800


def test_hallucinated_values_are_rejected():
    text = "Хочу запустить Llama-3-70B для 20 сотрудников"
    s = read(text).scenario
    s2, notes = reconcile(s, "estimate_memory", {"params_b": 32, "context": 32000, "task": "full"}, text)
    assert s2.model == "llama-3-70b" and s2.params_b is None  # the catalog model stays
    assert s2.context is None and any("32000" in n for n in notes)


def test_values_from_the_question_are_accepted():
    text = "модель Llama-3-8B, окно 6000 токенов примерно"
    s = read(text).scenario.model_copy(update={"context": None})
    s2, _ = reconcile(s, "estimate_memory", {"model": "llama-3-8b", "context": 6000}, text)
    assert s2.context == 6000


def test_unknown_tool_and_bad_arguments():
    s = read("Llama-3-8B").scenario
    assert reconcile(s, "rm_rf", {}, "x")[1]
    s2, notes = reconcile(s, "power_budget", {"gpu": "RTX 4090", "count": "many"}, "x")
    assert s2 == s and "invalid" in notes[0]
