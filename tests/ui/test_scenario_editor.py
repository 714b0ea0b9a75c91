"""The Gradio scenario form without a browser: which fields a power answer shows, and a number sent on Enter
and again on leaving the field adds one block, not two."""
from __future__ import annotations

from assistant.scenario import Scenario
from assistant.service import Conversation
from assistant.turn.recompute import recompute
from ui import scenario_editor as ed


class Store:
    """The shared store's surface the editor uses, in memory."""

    def __init__(self, conv: Conversation):
        self.conv = conv

    def get(self, cid):
        return self.conv if cid == self.conv.id else None

    def claim(self, cid):
        return True

    def release(self, cid, conv):
        self.conv = conv


class Counting:
    """recompute without a model, counted."""

    def __init__(self):
        self.calls = 0

    def recompute(self, conv, changes, lang="ru"):
        self.calls += 1
        return recompute(conv, changes, lang)


def _answered(scenario: Scenario, intent: str) -> Conversation:
    conv = Conversation(scenario=scenario, intent=intent)
    recompute(conv, {}, "ru")  # fills last_result as a turn would
    return conv


def _shown(conv: Conversation) -> dict[str, bool]:
    box, *fields = ed.values(conv)
    return {"box": box["visible"]} | {s: u["visible"] for s, u in zip(ed.SLOTS, fields)}


PSU = 1 + ed.SLOTS.index("psu_w")
CPUS = 1 + ed.SLOTS.index("cpus")


def test_a_power_answer_shows_the_card_the_count_the_psu_and_the_cpus():
    shown = _shown(_answered(Scenario(gpu="rtx-5090", gpu_count=3, psu_w=1500), "power"))
    assert shown == {"box": True, "model": False, "precision": False, "context": False, "users": False, "gpu": True,
                     "gpus": False, "gpu_count": True, "task": False, "psu_w": True, "cpus": True}
    assert ed.values(_answered(Scenario(gpu="rtx-5090", gpu_count=3, psu_w=1500), "power"))[PSU]["value"] == 1500
    # a power answer without a PSU of the customer's: the field is there, empty, to add one
    no_psu = ed.values(_answered(Scenario(gpu="rtx-3090", gpu_count=2), "power"))
    assert no_psu[PSU] == {"__type__": "update", "value": None, "visible": True}
    # the CPU sockets the power sum counted: the default (one up to four cards, two past), or the customer's own
    assert no_psu[CPUS]["value"] == 1
    assert ed.values(_answered(Scenario(gpu="rtx-4090", gpu_count=5), "power"))[CPUS]["value"] == 2
    assert ed.values(_answered(Scenario(gpu="rtx-4090", gpu_count=5, cpus=1), "power"))[CPUS]["value"] == 1


def test_an_edited_cpu_count_recomputes_the_power_sum(monkeypatch):
    monkeypatch.setattr("ui.gradio_app.conversation_id", lambda cid: cid)
    conv = _answered(Scenario(gpu="rtx-4090", gpu_count=5), "power")
    store, assistant = Store(conv), Counting()
    edit = ed.on_edit(assistant, "cpus", (), store)
    history, _ = edit(1, [], conv.id, "ru")
    assert store.conv.scenario.cpus == 1 and "процессоров 1" in history[-1].content
    history, _ = edit(12, history, conv.id, "ru")
    assert "нужно целое число от 1 до 8" in history[-1].content and store.conv.scenario.cpus == 1


def test_a_model_answer_keeps_its_form_without_a_psu_field():
    shown = _shown(_answered(Scenario(model="llama-3-8b", gpu="rtx-4090"), "vram"))
    assert shown["box"] and shown["model"] and shown["precision"] and shown["gpu"] and not shown["psu_w"]
    assert _shown(Conversation()) == dict.fromkeys(["box", *ed.SLOTS], False)


def test_enter_then_leaving_the_field_adds_one_block(monkeypatch):
    monkeypatch.setattr("ui.gradio_app.conversation_id", lambda cid: cid)
    conv = _answered(Scenario(gpu="rtx-5090", gpu_count=3, psu_w=1500), "power")
    store, assistant, sent = Store(conv), Counting(), {}
    enter = ed.on_edit(assistant, "psu_w", (), store, sent=sent)
    leave = ed.on_edit(assistant, "psu_w", (), store, quiet_busy=True, sent=sent)
    history, _ = enter(3000, [], conv.id, "ru")
    assert "Ваш БП 3 000 Вт: хватает" in history[-1].content
    history, _ = leave(3000, history, conv.id, "ru")
    assert len(history) == 1 and assistant.calls == 1  # the same value: nothing again
    history, _ = enter(50, history, conv.id, "ru")
    assert "нужно целое число от 100 до 100 000" in history[-1].content and "Traceback" not in history[-1].content
    history, _ = leave(50, history, conv.id, "ru")
    assert len(history) == 2 and assistant.calls == 2  # refused once, not twice
    assert store.conv.scenario.psu_w == 3000  # the refused value changed nothing
    history, _ = leave(None, history, conv.id, "en")  # emptied: back to no PSU of their own
    assert "Your PSU" not in history[-1].content and store.conv.scenario.psu_w is None


def test_a_comparison_shows_its_cards_and_a_changed_pair_recomputes(monkeypatch):
    """"сравни 4090 и 3090 под квен 14б": the one "Карта" field stayed empty; the compared cards show instead."""
    monkeypatch.setattr("ui.gradio_app.conversation_id", lambda cid: cid)
    conv = _answered(Scenario(model="qwen3-14b", gpus=["rtx-4090", "rtx-3090"]), "compare")
    shown = _shown(conv)
    assert shown["gpus"] and shown["model"] and not shown["gpu"] and not shown["gpu_count"]
    cards = ed.values(conv)[1 + ed.SLOTS.index("gpus")]["value"]
    assert cards == ["RTX 4090", "RTX 3090"]
    store, assistant = Store(conv), Counting()
    edit = ed.on_edit(assistant, "gpus", (), store)
    history, _ = edit(["RTX 4090"], [], conv.id, "ru")  # one taken out before the next is picked: nothing yet
    assert history == [] and assistant.calls == 0
    history, _ = edit(["RTX 4090", "RTX A6000"], history, conv.id, "ru")
    assert assistant.calls == 1 and "RTX A6000" in history[-1].content and "RTX 3090" not in history[-1].content
    assert store.conv.scenario.gpus == ["rtx-4090", "rtx-a6000"]


def test_compared_cards_typed_or_too_few_get_one_line():
    from assistant.turn.recompute import parse
    from tools.errors import SizingError

    assert parse("gpus", "RTX 4090, a6000", "en") == ["rtx-4090", "rtx-a6000"]
    for value, lang, said in ((["RTX 4090", "RTX 4090"], "ru", "хотя бы две разные карты"),
                              ("RTX 4090", "en", "at least two different cards")):
        try:
            parse("gpus", value, lang)
        except SizingError as exc:
            assert said in str(exc)
        else:
            raise AssertionError("one card is no comparison")
