"""The calculators tab: forms that call tools/ directly, with no language model — instant.

Each handler returns (Markdown, figure or None). The Markdown is rendered by the same
`assistant.views` the chat uses, so a number looks the same in both places. Bad input comes
back as one readable line, never a traceback.
"""
from __future__ import annotations

import logging
from typing import Any, Callable, overload

from matplotlib.figure import Figure
from pydantic import ValidationError

from assistant.messages import t
from assistant.views import chart_data, render
from assistant.scenario import Scenario
from assistant.turn.facts import fact, memory_request
from tools.build import build_check
from tools.catalog import load_catalog
from tools.cost import CostRequest, own_vs_cloud
from tools.errors import SizingError
from tools.memory import MemoryRequest, estimate_memory
from tools.power import power_budget
from tools.precision import PRECISIONS
from tools.recommend import recommend
from ui.charts import cost_figure, memory_figure, power_figure
from ui.i18n import tr

log = logging.getLogger(__name__)
Output = tuple[str, Figure | None]


def model_names() -> list[str]:
    return [m.name for m in load_catalog().models if m.kind == "llm"]


def gpu_names() -> list[str]:
    return [g.name for g in load_catalog().gpus]


def precision_names() -> list[str]:
    # catalog-facing spellings: fp16, int4, Q4_K_M...; sorted by size so the list reads top-down
    names = {p.name: p.bits_per_weight for p in PRECISIONS.values()}
    return sorted(names, key=lambda n: -names[n])


@overload
def _int(value: float | None, name: str, default: int) -> int: ...
@overload
def _int(value: float | None, name: str, default: None = None) -> int | None: ...
def _int(value: float | None, name: str, default: int | None = None) -> int | None:
    """gr.Number gives floats or None; a fractional card count is a typo, not a request."""
    if value is None:
        return default
    if float(value) != int(value):
        raise SizingError(f"{name} must be a whole number")
    return int(value)


def safe(lang_index: int) -> Callable:
    """Wrap a handler: input errors become one line in the UI language; anything else is logged."""
    def wrap(fn: Callable[..., Output]) -> Callable[..., Output]:
        def run(*args: Any) -> Output:
            lang = args[lang_index] if args[lang_index] in ("ru", "en") else "ru"
            try:
                return fn(*args)
            except (SizingError, ValueError, TypeError) as exc:
                msg = _validation_text(exc) if isinstance(exc, ValidationError) else str(exc)
                return f"⚠ {tr(lang, 'bad_input')}: {msg}", None
            except Exception:  # a calculator bug must not show a stack trace to a customer
                log.exception("calculator failed")
                return f"⚠ {tr(lang, 'error')}", None
        run.__name__ = fn.__name__
        return run
    return wrap


def _validation_text(exc: ValidationError) -> str:
    return "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())


def _memory_request(model: str | None, params_b: float | None, precision: str, context: float | None,
                    batch: float | None, task: str, lang: str, **extra: Any) -> MemoryRequest:
    model = (model or "").strip() or None
    if not model and not params_b:
        raise SizingError(tr(lang, "need_model"))
    s = Scenario(model=model, params_b=params_b, precision=precision or None, context=_int(context, "context"),
                 users=_int(batch, "batch"), task=task or None)  # type: ignore[arg-type]
    return memory_request(s, **extra)


@safe(lang_index=-1)
def memory(model: str | None, params_b: float | None, precision: str, context: float | None, batch: float | None,
           task: str, gpus: float | None, gpu: str | None, lang: str) -> Output:
    req = _memory_request(model, params_b, precision, context, batch, task, lang,
                          gpus=_int(gpus, "gpus", 1), gpu=(gpu or None))
    out = estimate_memory(req)
    facts = [fact("vram", req, out)]
    if req.gpu:
        facts.append(fact("fit", req, out))
    return render(facts, lang), memory_figure(chart_data(facts), lang)


@safe(lang_index=-1)
def configuration(model: str | None, params_b: float | None, precision: str, context: float | None,
                  batch: float | None, task: str, lang: str) -> Output:
    req = _memory_request(model, params_b, precision, context, batch, task, lang)
    facts = [fact("vram", req, estimate_memory(req)), fact("recommend", req, recommend(req, top=5))]
    return render(facts, lang), memory_figure(chart_data(facts), lang)


@safe(lang_index=-1)
def power(gpu: str | None, count: float | None, cpus: float | None, lang: str) -> Output:
    if not gpu:
        raise SizingError(t(lang, "missing_gpu"))
    n, c = _int(count, "count", 1), _int(cpus, "cpus", 1)
    facts = [fact("power", {"gpu": gpu, "count": n, "cpus": c}, power_budget(gpu, n, cpus=c)),
             fact("build", {"gpu": gpu, "count": n}, build_check(gpu, n))]
    return render(facts, lang), power_figure(chart_data(facts), lang)


@safe(lang_index=-1)
def cost(server_price: float | None, cloud_hourly: float | None, hours: float | None, power_kw: float | None,
         kwh_price: float | None, currency: str | None, lang: str) -> Output:
    req = CostRequest(server_price=server_price, cloud_hourly=cloud_hourly,
                      hours_per_month=730 if hours is None else hours, power_kw=power_kw or 0.0,
                      electricity_price=kwh_price or 0.0, currency=(currency or "").strip()[:8])
    out = own_vs_cloud(req)
    facts = [fact("cost", req, out)]
    return render(facts, lang), cost_figure(req.server_price, out.model_dump(), lang)
