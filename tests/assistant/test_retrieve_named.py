"""The retrieval stage keeps the catalog entries the question named and drops other cards' and models' entries."""
from types import SimpleNamespace

from assistant.turn.retrieve import retrieve


class _Retriever:
    def __init__(self, ids):
        self.ids = ids

    def search(self, text, k, language):
        return [SimpleNamespace(id=i, doc_id=i, title=i, text="…", score=1.0, source="catalog") for i in self.ids]


def test_other_cards_and_models_are_dropped_when_the_question_names_its_own():
    r = _Retriever(["gpu-rtx-4060-ti-16gb", "gpu-rtx-5060-ti-16gb", "gpu-rtx-3060-12gb-en", "model-qwen3-14b",
                    "model-qwen3-32b", "guide-kv-cache", "server-huananzhi"])
    got, _ = retrieve(r, "чем 4060 ti лучше 3060?", "ru", 10, gpus={"rtx-4060-ti-16gb", "rtx-3060-12gb"},
                      models={"qwen3-14b"})
    assert [s.doc_id for s in got] == ["gpu-rtx-4060-ti-16gb", "gpu-rtx-3060-12gb-en", "model-qwen3-14b",
                                       "guide-kv-cache", "server-huananzhi"]


def test_nothing_named_keeps_every_entry():
    r = _Retriever(["gpu-rtx-4090", "model-qwen3-14b", "guide-kv-cache"])
    got, _ = retrieve(r, "какую карту взять?", "ru", 10)
    assert len(got) == 3
