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
from ui.i18n import tr

log = logging.getLogger(__name__)
SLOTS = ("model", "precision", "context", "users", "gpu", "gpu_count", "task")
TASK_CHOICES = ["inference", "lora", "qlora", "full"]


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
                "gpu_count": gr.Number(label=tr("ru", "sc_gpu_count"), precision=0, minimum=1, elem_id="gs-sc-gpu-count"),
                "task": gr.Dropdown(TASK_CHOICES, label=tr("ru", "sc_task"), elem_id="gs-sc-task"),
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
    except SizingError:
        return value
    return value


def values(conv: Conversation | None) -> list[Any]:
    """The box's visibility and each field's value from the conversation's last answer."""
    result = conv.last_result if conv else None
    items = {i["slot"]: i["value"] for i in (result.scenario_items if result else [])}
    shown = bool(items) and "model" in items
    return [gr.update(visible=shown)] + [gr.update(value=_display(s, items[s]) if s in items else None)
                                         for s in SLOTS]


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


def on_edit(assistant: Assistant, slot: str, hosts: tuple[str, ...], store: Any):
    """Each edit loads the conversation from the shared store, claims it, recomputes and saves it."""
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
        if conv.scenario is None:
            return history, conv_id
        if not store.claim(conv.id):
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
        return history, conv_id
    return edit


def wire(form: dict[str, Any], assistant: Assistant, chatbot: Any, conv: Any, ui_lang: Any,
         hosts: tuple[str, ...], store: Any) -> None:
    """`.input` fires on the customer's own edits only, never when an answer fills the form."""
    for slot in SLOTS:
        form[slot].input(on_edit(assistant, slot, hosts, store), [form[slot], chatbot, conv, ui_lang], [chatbot, conv],
                         api_name=False, queue=False)


def outputs(form: dict[str, Any]) -> list[Any]:
    return [form["box"]] + [form[s] for s in SLOTS]
