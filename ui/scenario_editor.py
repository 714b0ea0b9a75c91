"""The scenario line as a small form under the Gradio chat: after each answer it shows what was computed
for (defaults included); changing a value recomputes the block at once, without the model."""
from __future__ import annotations

import logging
from typing import Any

import gradio as gr
from gradio import ChatMessage

from assistant.safe_markdown import safe_markdown
from assistant.service import Assistant, Conversation
from tools import catalog
from tools.errors import SizingError
from ui import calculators as calc
from ui.i18n import TASKS, tr

log = logging.getLogger(__name__)
SLOTS = ("model", "precision", "context", "users", "gpu", "gpus", "gpu_count", "task", "psu_w", "cpus")
MODEL_SLOTS = ("model", "precision", "context", "users", "task")  # shown when the answer sized a model
NUMBERS = ("context", "users", "gpu_count", "psu_w", "cpus")


def build(labels: Any) -> dict[str, Any]:
    """The form's components by slot (hidden until an answer has a scenario)."""
    with gr.Accordion(tr("ru", "scenario_edit"), open=True, visible=False, elem_id="gs-scenario") as box:
        labels.add(box, "scenario_edit")
        with gr.Row():
            fields = {
                "model": gr.Dropdown(calc.model_names(), label=tr("ru", "sc_model"), allow_custom_value=True, elem_id="gs-sc-model"),
                "precision": gr.Dropdown(calc.precision_names(), label=tr("ru", "sc_precision"), elem_id="gs-sc-precision"),
                "context": gr.Number(label=tr("ru", "sc_context"), precision=0, minimum=1, elem_id="gs-sc-context"),
                "users": gr.Number(label=tr("ru", "sc_users"), precision=0, minimum=1, elem_id="gs-sc-users"),
            }
        with gr.Row():
            fields |= {
                "gpu": gr.Dropdown([""] + calc.gpu_names(), label=tr("ru", "sc_gpu"), elem_id="gs-sc-gpu"),
                # a comparison's cards: one "Карта" field would stay empty for "сравни 4090 и 3090"
                "gpus": gr.Dropdown(calc.gpu_names(), multiselect=True, label=tr("ru", "sc_gpus"), elem_id="gs-sc-gpus"),
                "gpu_count": gr.Number(label=tr("ru", "sc_gpu_count"), precision=0, minimum=1, elem_id="gs-sc-gpu-count"),
                # the words in the customer's language, the values the calculators take (as the calculators tab)
                "task": gr.Dropdown(TASKS["ru"], label=tr("ru", "sc_task"), elem_id="gs-sc-task"),
                # no `minimum`: Gradio would refuse 50 W in English before recompute says it in the customer's words
                "psu_w": gr.Number(label=tr("ru", "sc_psu_w"), precision=0, elem_id="gs-sc-psu-w"),
                "cpus": gr.Number(label=tr("ru", "sc_cpus"), precision=0, elem_id="gs-sc-cpus"),
            }
    for slot, comp in fields.items():
        labels.add(comp, f"sc_{slot}")
    return {"box": box, **fields}


def _display(slot: str, value: Any) -> Any:
    try:
        if slot == "model":
            return catalog.get_model(value).name
        if slot == "gpu":
            return catalog.get_gpu(value).name
        if slot == "gpus":
            return [catalog.get_gpu(g).name for g in value]
    except SizingError:
        return value
    return value


def _shown(items: dict[str, Any], intent: str | None) -> dict[str, bool]:
    """A model's answer shows the whole form (a card can be added); a power answer shows the card, the count
    and the customer's PSU, empty when none was said, so one can be added and checked. A comparison shows its
    cards in place of the one card and the count."""
    sized = "model" in items
    power = intent == "power" or "psu_w" in items
    compared = "gpus" in items
    one_card = (sized or power) and not compared
    return {s: sized for s in MODEL_SLOTS} | {"gpu": one_card, "gpus": compared, "gpu_count": one_card, "psu_w": power,
                                              "cpus": power}


def values(conv: Conversation | None) -> list[Any]:
    """The box's visibility and each field's value (and visibility) from the conversation's last answer."""
    result = conv.last_result if conv else None
    items = {i["slot"]: i["value"] for i in (result.scenario_items if result else [])}
    shown = _shown(items, result.intent if result else None) if items else dict.fromkeys(SLOTS, False)
    return [gr.update(visible=any(shown.values()))] + [
        gr.update(value=_display(s, items[s]) if s in items else None, visible=shown[s]) for s in SLOTS]


def _unchanged(conv: Conversation, slot: str, value: Any) -> bool:
    """A number is sent on Enter and on leaving the field: leaving it after Enter, or without typing,
    must not add the same block again."""
    items = {i["slot"]: i["value"] for i in (conv.last_result.scenario_items if conv.last_result else [])}
    if value in (None, ""):
        return slot not in items
    try:
        return slot in items and float(value) == float(items[slot])
    except (TypeError, ValueError):
        return False


def loader(store: Any):
    """`values` for the conversation id the browser holds, read from the shared store."""
    def fill(conv_id: str | None) -> list[Any]:
        from ui.gradio_app import conversation_id

        cid = conversation_id(conv_id)
        return values(store.get(cid) if cid else None)
    return fill


def _unavailable(store: Any, lang: str) -> str:
    """The conversation cannot be read: the store is down (the API's "context unavailable" notice),
    or the conversation expired (the API's "not found")."""
    from assistant.storage.conversations import LOST
    from ui.api import RESTARTED

    healthy = getattr(store, "healthy", None)
    down = healthy is not None and not healthy()
    return (LOST if down else RESTARTED).get(lang, LOST["ru"] if down else RESTARTED["ru"])


def on_edit(assistant: Assistant, slot: str, hosts: tuple[str, ...], store: Any, quiet_busy: bool = False,
            sent: dict[str, tuple] | None = None):
    """Each edit loads the conversation from the shared store, claims it, recomputes and saves it.
    `quiet_busy`: leaving a number's field right after Enter finds that edit still running: no "busy" line.
    `sent` (shared by a number's Enter and leaving it): conversation -> (value, chat length) after the last
    edit, so a refused value is not refused twice in a row."""
    def edit(value: Any, history: list, conv_id: str | None, lang: str) -> tuple:
        from ui.gradio_app import conversation_id

        history = list(history or [])
        conv_id = conversation_id(conv_id)
        if conv_id is None:
            return history, None
        conv = store.get(conv_id)
        if conv is None:
            history.append(ChatMessage(role="assistant", content=safe_markdown(f"_{_unavailable(store, lang)}_", hosts)))
            return history, conv_id
        if conv.scenario is None or (slot in NUMBERS and _unchanged(conv, slot, value)):
            return history, conv_id
        if slot == "gpus" and len(value or []) < 2:  # one card taken out before the next is picked: wait for it
            return history, conv_id
        if sent is not None and sent.get(conv_id) == (value, len(history)):
            return history, conv_id
        if not store.claim(conv.id):
            if quiet_busy:
                return history, conv_id
            from ui.gradio_app import BUSY

            history.append(ChatMessage(role="assistant", content=BUSY.get(lang, BUSY["ru"])))
            return history, conv_id
        try:
            res = assistant.recompute(conv, {slot: value}, lang)
            text = res.computed
        except SizingError as exc:
            text = f"⚠ {tr(lang, 'bad_input')}: {exc}"
        except Exception:  # a bug must not show a stack trace to a customer
            log.exception("recompute failed")
            text = tr(lang, "error")
        finally:
            store.release(conv.id, conv)
        history.append(ChatMessage(role="assistant", content=safe_markdown(text, hosts)))
        if sent is not None:
            if len(sent) > 10_000:  # a process's memory, not a store: forgetting costs one repeated line at most
                sent.clear()
            sent[conv_id] = (value, len(history))
        return history, conv_id
    return edit


def wire(form: dict[str, Any], assistant: Assistant, chatbot: Any, conv: Any, ui_lang: Any,
         hosts: tuple[str, ...], store: Any) -> None:
    """Customer's own edits only, never an answer filling the form: a list's `.input`; a number's Enter or
    leaving the field (its `.input` fires on every keystroke: "1", "15", "150", "1500" would be four blocks)."""
    for slot in SLOTS:
        io = dict(inputs=[form[slot], chatbot, conv, ui_lang], outputs=[chatbot, conv], api_name=False, queue=False)
        if slot in NUMBERS:
            sent: dict[str, tuple] = {}
            form[slot].submit(on_edit(assistant, slot, hosts, store, sent=sent), **io)
            form[slot].blur(on_edit(assistant, slot, hosts, store, quiet_busy=True, sent=sent), **io)
        else:
            form[slot].input(on_edit(assistant, slot, hosts, store), **io)


def outputs(form: dict[str, Any]) -> list[Any]:
    return [form["box"]] + [form[s] for s in SLOTS]
