"""The customer-facing Gradio app: chat, calculators, FAQ. A thin layer over `Assistant`.

`build_ui(assistant, settings)` only builds the Blocks; `ui.app.create_app` mounts it. Every
number shown comes from the assistant's facts or from tools/ directly; this module formats.
"""
from __future__ import annotations

import logging
import math
import re
from typing import Any, Iterator

import gradio as gr
from gradio import ChatMessage

from assistant.llm.gate import with_context
from assistant.safe_markdown import safe_markdown
from assistant.service import Assistant, Conversation
from assistant.settings import Settings
from assistant.types import TurnResult
from ui import calculators as calc
from ui import scenario_editor
from ui.charts import memory_figure, power_figure
from ui.i18n import EXAMPLES, LANG_CHOICES, TASKS, status_line, tr
from ui.trace import sources_markdown, trace_markdown

log = logging.getLogger(__name__)
CHAT_CONCURRENCY = 4  # the local model serialises itself; calculators and retrieval may overlap
MAX_SHOWN_TURNS = 40  # the browser sends the history back each turn; older messages are dropped
_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")  # a conversation id, as the API checks it
MAX_TEXT = 20_000  # Gradio's max_length is checked in the browser only
# mount_gradio_app() owns css/theme; this is exported so ui.app can pass it (the UI works without it)
CSS = "#gs-status p {margin: 0} .gs-examples button {text-align: left}"


class Labels:
    """Components whose text depends on the UI language, and which property holds it."""

    def __init__(self) -> None:
        self.items: list[tuple[gr.components.Component | gr.blocks.BlockContext, str, str]] = []

    def add(self, comp: Any, key: str, prop: str = "label") -> Any:
        self.items.append((comp, key, prop))
        return comp

    def updates(self, lang: str) -> list[dict]:
        out = []
        for _, key, prop in self.items:
            if prop == "title":
                out.append(gr.update(value=f"## {tr(lang, 'title')}\n{tr(lang, 'subtitle')}"))
            elif key in ("task", "sc_task"):  # choices carry words too; the values stay the same
                out.append(gr.update(label=tr(lang, key), choices=TASKS[lang]))
            else:
                prop_value: dict[str, Any] = {prop: tr(lang, key)}  # "label", "placeholder", … by the caller's key
                out.append(gr.update(**prop_value))
        return out


def _answer_text(computed: str, explanation: str, notices: list[str], hosts: tuple[str, ...] = ()) -> str:
    """The whole answer under the safe-Markdown policy (it is re-rendered whole on every update, so
    a link is never judged half-streamed): a prompt-injected model, a poisoned passage or the
    customer's own text must not put a tracking pixel or a phishing link on screen."""
    parts = [computed.strip(), explanation.strip(), "\n".join(f"_{n}_" for n in notices)]
    return safe_markdown("\n\n".join(p for p in parts if p), hosts)


def _steps(result: TurnResult, hosts: tuple[str, ...] = ()) -> list[ChatMessage]:
    """The collapsible "how computed" trace and the sources of one answer."""
    lang = result.language
    steps = []
    if result.facts:
        steps.append(ChatMessage(role="assistant", content=trace_markdown(result.facts, lang, result.timings, hosts),
                                 metadata={"title": f"🧮 {tr(lang, 'trace')}", "status": "done"}))
    if result.sources:
        steps.append(ChatMessage(role="assistant",
                                 content=sources_markdown(result.sources, lang, tr(lang, "no_sources"), hosts),
                                 metadata={"title": f"📚 {tr(lang, 'sources')} ({len(result.sources)})",
                                           "status": "done"}))
    return steps


def _client(request: gr.Request | None, limits) -> str:
    """The client's address as the rate limiter sees it (trusted proxies applied)."""
    if request is None or limits is None:
        return "local"
    peer = request.client.host if request.client else None
    return limits.client(peer, ", ".join(request.headers.getlist("x-forwarded-for")) or None)


BUSY = {"ru": "Этот разговор ещё отвечает на предыдущее сообщение — дождитесь ответа.",
        "en": "This conversation is still answering the previous message; please wait for it to finish."}


def memory_store():
    """A one-process store for a UI built on its own (tests, scripts); `create_app` passes the app's shared one."""
    from ui.conversations import ConversationStore

    return ConversationStore()


def context_notices(store, conv_id: str | None, conv: Conversation, found: bool, lang: str) -> list[str]:
    """What the API says when a follow-up's conversation is gone: the store is down (the numbers are
    still computed, from this message alone) or the conversation expired / was never here."""
    if not conv_id or found:
        return []
    from assistant.storage.conversations import LOST, DetachedConversation
    from ui.api import RESTARTED

    return [(LOST if isinstance(conv, DetachedConversation) else RESTARTED)[lang if lang in LOST else "ru"]]


def conversation_id(value: Any) -> str | None:
    """The id the browser sent back, when it looks like one (the API's rule); anything else starts anew."""
    return value if isinstance(value, str) and _ID.fullmatch(value) else None


def chat_handler(assistant: Assistant, limits=None, hosts: tuple[str, ...] = (), store=None):
    """A streaming handler: the computed block first, then the explanation as it arrives. Each turn
    is charged to the client's chat budget (the same as /api/chat), whichever Gradio route carried
    it, and its model time to the client's share of the gate.

    The browser's state holds only the conversation's id: each turn loads the conversation from
    `store` (the app's shared ConversationStore, as the API's turns do), claims it, and saves it on
    release, so a follow-up served by another replica, or after a restart, keeps its scenario."""
    store = store if store is not None else memory_store()

    def respond(text: str, history: list, conv_id: str | None, use_llm: bool,
                ui_lang: str, request: gr.Request | None = None) -> Iterator[tuple]:
        history = list(history or [])[-2 * MAX_SHOWN_TURNS:]
        conv_id = conversation_id(conv_id)
        same = gr.update()
        if not (text or "").strip():
            yield same, same, history, conv_id, same, same
            return
        text = "".join(ch for ch in text[:MAX_TEXT] if not "\ud800" <= ch <= "\udfff")  # the assistant cuts further
        client = _client(request, limits)
        if limits is not None and (wait := limits.chat.take(client)):
            history += [ChatMessage(role="user", content=safe_markdown(text, hosts)),
                        ChatMessage(role="assistant", content=tr(ui_lang, "rate_limited").format(s=math.ceil(wait)))]
            yield gr.update(value=""), same, history, conv_id, same, same
            return
        from tools.text import detect_language

        conv, found = store.get_or_create(conv_id, owner=client)
        if not store.claim(conv.id):
            history += [ChatMessage(role="user", content=safe_markdown(text, hosts)),
                        ChatMessage(role="assistant", content=BUSY.get(ui_lang, BUSY["ru"]))]
            yield gr.update(value=""), same, history, conv_id, same, same
            return
        try:
            yield from _turn(conv, context_notices(store, conv_id, conv, found, detect_language(text)),
                             text, history, bool(use_llm), ui_lang, client)
        finally:  # also when the browser went away mid-answer (the generator is closed)
            store.release(conv.id, conv)

    def _turn(conv: Conversation, first: list[str], text: str, history: list, use_llm: bool, ui_lang: str,
              client: str) -> Iterator[tuple]:
        same = gr.update()
        answer = ChatMessage(role="assistant", content="…")
        history += [ChatMessage(role="user", content=safe_markdown(text, hosts)), answer]
        # locked until the turn is over: a second message would interleave with this conversation
        locked = gr.update(interactive=False)
        yield gr.update(value="", interactive=False), locked, history, conv.id, same, same
        computed, tokens, notices, result = "", [], list(first), None
        try:
            for ev in with_context(assistant.stream(conv, text, use_llm=use_llm), client_key=client):
                if ev.type == "computed":
                    computed = ev.text
                elif ev.type == "token":
                    tokens.append(ev.text)
                elif ev.type == "notice":
                    notices.append(ev.text)
                elif ev.type == "done":
                    result = ev.result
                    continue
                else:
                    continue  # sources arrive whole in the done event
                answer.content = _answer_text(computed, "".join(tokens), notices, hosts) or "…"
                yield same, same, history, conv.id, same, same
        except Exception:  # the customer gets a sentence, the log gets the stack
            log.exception("chat turn failed")
            answer.content = tr(ui_lang, "error")
            yield same, same, history, conv.id, same, same
            return
        if result is None:
            return
        answer.content = _answer_text(computed, result.explanation, [*first, *result.notices], hosts)
        history += _steps(result, hosts)
        mem = memory_figure(result.charts, result.language)
        pw = power_figure(result.charts, result.language)
        yield (same, same, history, conv.id, gr.update(value=mem, visible=mem is not None),
               gr.update(value=pw, visible=pw is not None))

    return respond


def _faq(assistant: Assistant, settings: Settings | None):
    """The FAQ service when assistant.faq exists (another team's module); None hides the tab."""
    try:
        from assistant.faq import FAQ
    except ImportError:
        return None
    return FAQ(assistant, settings)


def _faq_markdown(faq: Any, lang: str) -> str:  # FAQ.render applies the safe-Markdown policy
    """Computed-only answers at once; the model-written ones replace them once generated."""
    if faq is None:
        return ""
    try:
        # questions one level down: "##" would shout louder than the page title
        return re.sub(r"(?m)^## ", "### ", faq.render("md", language=lang, background=True))
    except Exception:
        log.exception("FAQ unavailable")
        return tr(lang, "error")


def build_ui(assistant: Assistant, settings: Settings | None = None, limits=None, conversations=None,
             faq: Any = None) -> gr.Blocks:
    """`limits` (ui.limits.ClientLimits) charges chat turns to the clients' budgets; None: unlimited (tests).
    `conversations`: the app's shared ConversationStore (the API's); the browser keeps only the id.
    None: a store of this process alone (a UI built on its own). `faq`: the app's FAQ service."""
    labels = Labels()
    hosts = tuple(settings.server.link_hosts) if settings else ()
    faq = faq if faq is not None else _faq(assistant, settings)
    store = conversations if conversations is not None else memory_store()
    with gr.Blocks(title=tr("ru", "title"), analytics_enabled=False) as demo:
        with gr.Row(equal_height=True):
            labels.add(gr.Markdown(f"## {tr('ru', 'title')}\n{tr('ru', 'subtitle')}"), "title", "title")
            ui_lang = gr.Radio(LANG_CHOICES, value="ru", label=tr("ru", "lang"), scale=0, min_width=220,
                               elem_id="gs-lang")
            labels.add(ui_lang, "lang")
        status = gr.Markdown(status_line("ru", assistant.model_status()), elem_id="gs-status")
        timer = gr.Timer(2.0)
        # the conversation's id only, kept by the browser (a gr.State would live in this process's session
        # memory): each event brings it back to whichever replica serves it; the conversation is in the store
        conv = gr.Textbox(None, visible=False, elem_id="gs-conv-id", max_lines=1)

        with gr.Tabs():
            with gr.Tab(tr("ru", "tab_chat"), id="chat") as tab_chat:
                labels.add(tab_chat, "tab_chat")
                chatbot = labels.add(gr.Chatbot(label=tr("ru", "chat"), show_label=False, height=560, elem_id="gs-chat",
                                                buttons=["copy"], feedback_options=None,
                                                group_consecutive_messages=True), "chat")
                with gr.Row():
                    box = labels.add(gr.Textbox(placeholder=tr("ru", "placeholder"), show_label=False, scale=5,
                                                max_length=settings.assistant.max_input_chars if settings else 2000,
                                                elem_id="gs-input", autofocus=True), "placeholder", "placeholder")
                    send = labels.add(gr.Button(tr("ru", "send"), variant="primary", scale=1, elem_id="gs-send"),
                                      "send", "value")
                with gr.Row():
                    use_llm = labels.add(gr.Checkbox(value=True, label=tr("ru", "use_llm")), "use_llm")
                    clear = labels.add(gr.Button(tr("ru", "clear"), size="sm", elem_id="gs-clear"), "clear", "value")
                examples = labels.add(gr.Dataset(components=[box], samples=[[q] for q in EXAMPLES["ru"]],
                                                 label=tr("ru", "examples"), elem_id="gs-examples",
                                                 elem_classes="gs-examples"), "examples")
                form = scenario_editor.build(labels)
                with gr.Accordion(tr("ru", "charts"), open=True) as charts_box:
                    labels.add(charts_box, "charts")
                    mem_plot = gr.Plot(visible=False, show_label=False, elem_id="gs-mem-plot")
                    power_plot = gr.Plot(visible=False, show_label=False, elem_id="gs-power-plot")

            with gr.Tab(tr("ru", "tab_calc"), id="calc") as tab_calc:
                labels.add(tab_calc, "tab_calc")
                labels.add(gr.Markdown(tr("ru", "calc_note")), "calc_note", "value")
                _calculators(labels, ui_lang)

            with gr.Tab(tr("ru", "tab_faq"), id="faq", visible=faq is not None) as tab_faq:
                labels.add(tab_faq, "tab_faq")
                faq_md = gr.Markdown(elem_id="gs-faq")  # filled when opened: answering takes a few seconds
        tab_faq.select(lambda lang: _faq_markdown(faq, lang), ui_lang, faq_md, api_name="faq")

        respond = chat_handler(assistant, limits, hosts, store)
        chat_io = dict(fn=respond, inputs=[box, chatbot, conv, use_llm, ui_lang],
                       outputs=[box, send, chatbot, conv, mem_plot, power_plot])
        # unlocking is its own step so it runs even when the turn failed or was cancelled
        unlock = dict(fn=lambda: (gr.update(interactive=True), gr.update(interactive=True)), inputs=None,
                      outputs=[box, send], api_name=False, queue=False)
        fill = dict(fn=scenario_editor.loader(store), inputs=conv, outputs=scenario_editor.outputs(form), api_name=False,
                    queue=False)
        gr.on([box.submit, send.click], **chat_io, api_name="chat", concurrency_limit=CHAT_CONCURRENCY,
              concurrency_id="chat").then(**unlock).then(**fill)
        scenario_editor.wire(form, assistant, chatbot, conv, ui_lang, hosts, store)
        # an example fills the box and is asked at once: one click, like a customer would expect
        examples.click(lambda s: s[0] if isinstance(s, list) else s, examples, box, api_name="example",
                       queue=False).then(**chat_io, api_name="chat_example", concurrency_id="chat").then(**unlock).then(**fill)
        clear.click(lambda: ([], None, gr.update(visible=False), gr.update(visible=False)), None,
                    [chatbot, conv, mem_plot, power_plot], api_name="new_conversation", queue=False)

        def refresh_status(lang: str):
            s = assistant.model_status()
            return status_line(lang, s), gr.Timer(active=s.state == "loading")  # stop polling once settled

        # Gradio 6 still takes api_name=False (a private endpoint) though its annotation says str | None
        timer.tick(refresh_status, ui_lang, [status, timer], api_name=False,  # type: ignore[arg-type]
                   queue=False, show_progress="hidden")
        demo.load(refresh_status, ui_lang, [status, timer], api_name=False, queue=False)

        def switch(lang: str):
            return [*labels.updates(lang), status_line(lang, assistant.model_status()),
                    gr.update(samples=[[q] for q in EXAMPLES[lang]])]

        ui_lang.change(switch, ui_lang, [c for c, _, _ in labels.items] + [status, examples],
                       api_name="switch_language", queue=False).then(
            lambda lang, shown: _faq_markdown(faq, lang) if shown else "", [ui_lang, faq_md], faq_md,
            api_name=False)  # an FAQ already on screen follows the language; an unopened one stays unloaded
    # a bounded queue: one event more is refused at once (Gradio's default holds any number)
    demo.queue(max_size=settings.limits.ui_queue_size if settings else 32)
    return demo


def _calculators(labels: Labels, ui_lang: gr.Radio) -> None:
    """Four forms over tools/; each button runs its calculator directly (no queue, no model)."""
    L = lambda comp, key, prop="label": labels.add(comp, key, prop)  # noqa: E731 — keeps the forms readable
    precisions, models, gpus = calc.precision_names(), calc.model_names(), calc.gpu_names()

    def model_fields(prefix: str) -> list[Any]:
        with gr.Row():
            m = L(gr.Dropdown(models, value="Llama 3 8B", label=tr("ru", "model_name"), allow_custom_value=True,
                              elem_id=f"{prefix}-model"), "model_name")
            p = L(gr.Number(None, label=tr("ru", "params_b"), minimum=0), "params_b")
            pr = L(gr.Dropdown(precisions, value="fp16", label=tr("ru", "precision")), "precision")
        with gr.Row():
            ctx = L(gr.Number(8192, label=tr("ru", "context"), precision=0, minimum=1), "context")
            b = L(gr.Number(1, label=tr("ru", "batch"), precision=0, minimum=1), "batch")
            task = L(gr.Radio(TASKS["ru"], value="inference", label=tr("ru", "task")), "task")
        return [m, p, pr, ctx, b, task]

    def result_area(prefix: str) -> tuple[gr.Markdown, gr.Plot]:
        return gr.Markdown(elem_id=f"{prefix}-out"), gr.Plot(show_label=False, elem_id=f"{prefix}-plot", visible=False)

    def shown(fn):
        """An empty chart frame under an error message looks broken: hide the plot when there is none."""
        def run(*args):
            text, fig = fn(*args)
            return text, gr.update(value=fig, visible=fig is not None)
        run.__name__ = fn.__name__
        return run

    with gr.Tab(tr("ru", "calc_mem")) as t:
        L(t, "calc_mem")
        fields = model_fields("mem")
        with gr.Row():
            n = L(gr.Number(1, label=tr("ru", "gpus"), precision=0, minimum=1), "gpus")
            g = L(gr.Dropdown([""] + gpus, value="", label=tr("ru", "gpu")), "gpu")
        btn = L(gr.Button(tr("ru", "compute"), variant="primary", elem_id="mem-go"), "compute", "value")
        out, plot = result_area("mem")
        btn.click(shown(calc.memory), [*fields, n, g, ui_lang], [out, plot], api_name="calc_memory", queue=False)

    with gr.Tab(tr("ru", "calc_rec")) as t:
        L(t, "calc_rec")
        fields = model_fields("rec")
        btn = L(gr.Button(tr("ru", "compute"), variant="primary", elem_id="rec-go"), "compute", "value")
        out, plot = result_area("rec")
        btn.click(shown(calc.configuration), [*fields, ui_lang], [out, plot], api_name="calc_recommend", queue=False)

    with gr.Tab(tr("ru", "calc_power")) as t:
        L(t, "calc_power")
        with gr.Row():
            g = L(gr.Dropdown(gpus, value="RTX 4090", label=tr("ru", "gpu")), "gpu")
            n = L(gr.Number(4, label=tr("ru", "gpus"), precision=0, minimum=1), "gpus")
            c = L(gr.Number(1, label=tr("ru", "cpus"), precision=0, minimum=0), "cpus")
        btn = L(gr.Button(tr("ru", "compute"), variant="primary", elem_id="pow-go"), "compute", "value")
        out, plot = result_area("pow")
        btn.click(shown(calc.power), [g, n, c, ui_lang], [out, plot], api_name="calc_power", queue=False)

    with gr.Tab(tr("ru", "calc_cost")) as t:
        L(t, "calc_cost")
        with gr.Row():
            price = L(gr.Number(60000, label=tr("ru", "server_price"), minimum=0), "server_price")
            hourly = L(gr.Number(8, label=tr("ru", "cloud_hourly"), minimum=0), "cloud_hourly")
            hours = L(gr.Number(400, label=tr("ru", "hours"), minimum=0), "hours")
        with gr.Row():
            kw = L(gr.Number(2.5, label=tr("ru", "power_kw"), minimum=0), "power_kw")
            kwh = L(gr.Number(0.15, label=tr("ru", "kwh_price"), minimum=0), "kwh_price")
            cur = L(gr.Textbox("$", label=tr("ru", "currency"), max_lines=1, max_length=8), "currency")
        btn = L(gr.Button(tr("ru", "compute"), variant="primary", elem_id="cost-go"), "compute", "value")
        out, plot = result_area("cost")
        btn.click(shown(calc.cost), [price, hourly, hours, kw, kwh, cur, ui_lang], [out, plot], api_name="calc_cost",
                  queue=False)
