"""Charts for answers people would rather look at than read: the memory breakdown against
each candidate's VRAM, and the power draw against the PSU.

Built on matplotlib's object API (Figure + Agg canvas), never pyplot: pyplot keeps global
state that is not thread-safe, and Gradio runs handlers in worker threads.
"""
from __future__ import annotations

from typing import Any

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

# weights / KV cache / overheads / reserve, as the customer thinks of them; training state apart
GROUPS: list[tuple[str, tuple[str, ...], str]] = [
    ("weights", ("weights",), "#3b6fb6"),
    ("kv", ("kv_cache",), "#e08a2c"),
    ("train", ("gradients", "optimizer", "master_weights"), "#8c5bb0"),
    ("overhead", ("activations", "cuda_context", "framework"), "#7f8c8d"),
    ("reserve", ("reserve",), "#c9c9c9"),
]


def _by_language(terms: dict[str, tuple[str, str]]) -> dict[str, dict[str, str]]:
    """{term: (Russian, English)} -> {"ru": {term: ...}, "en": {term: ...}}: each term's two languages
    are written side by side, so neither can be forgotten."""
    return {lang: {k: pair[i] for k, pair in terms.items()} for i, lang in enumerate(("ru", "en"))}


_TERMS: dict[str, tuple[str, str]] = {
    "weights": ("Веса", "Weights"),
    "kv": ("KV-кэш", "KV cache"),
    "train": ("Обучение (градиенты, оптимизатор)", "Training (gradients, optimizer)"),
    "overhead": ("Накладные (буферы, CUDA, фреймворк)", "Overheads (buffers, CUDA, framework)"),
    "reserve": ("Запас", "Reserve"),
    "need": ("Нужно", "Needed"),
    "vram": ("VRAM конфигурации", "Configuration VRAM"),
    "gb": ("ГБ", "GB"),
    "need_cfg": ("Нужно на этой конфигурации", "Needed on this configuration"),
    "of": ("из", "of"),
    "mem_title": ("Память: нужно и доступно", "Memory: needed vs available"),
    "gpu": ("GPU", "GPUs"),
    "cpu": ("CPU", "CPUs"),
    "platform": ("Плата, ОЗУ, диски", "Board, RAM, disks"),
    "psu": ("Рекомендуемый БП", "Recommended PSU"),
    "own_psu": ("Ваш БП", "Your PSU"),
    "w": ("Вт", "W"),
    "power_title": ("Питание: пиковая нагрузка и БП", "Power: peak load vs PSU"),
    "load": ("Нагрузка", "Load"),
    "own": ("Свой сервер (покупка + расходы)", "Own server (purchase + running)"),
    "cloud": ("Облако", "Cloud"),
    "months": ("Месяцы", "Months"),
    "cost_title": ("Накопленные затраты", "Cumulative cost"),
    "be": ("окупаемость", "break-even"),
}
NAMES = _by_language(_TERMS)


def _figure(rows: int) -> Figure:
    fig = Figure(figsize=(7.5, 1.6 + 0.55 * rows), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)  # attach a raster canvas so the figure can be drawn without pyplot
    return fig


def candidates(charts: dict[str, Any]) -> list[dict[str, Any]]:
    """Configurations to compare against: the recommendation's, else the cards the customer named
    (each tool's chart data comes from its row in assistant/views/registry.py)."""
    return list(charts.get("candidates") or charts.get("fit") or [])


def memory_figure(charts: dict[str, Any], lang: str = "ru") -> Figure | None:
    """One stacked bar of what the scenario needs, then one bar per candidate: its need inside its VRAM."""
    mem = charts.get("memory")
    if not mem or not mem.get("parts"):
        return None
    n = NAMES.get(lang, NAMES["ru"])
    cands = candidates(charts)
    fig = _figure(1 + len(cands))
    ax = fig.add_subplot()
    labels = [f"{n['need']}" + (f" ({mem['gpus']} GPU)" if mem.get("gpus", 1) > 1 else "")]
    left = 0.0
    for key, parts, color in GROUPS:
        val = sum(mem["parts"].get(p, 0.0) for p in parts)
        if val > 0:
            ax.barh(0, val, left=left, color=color, label=n[key])
            left += val
    ax.text(left, 0, f"  {left:.1f}", va="center", fontsize=9)
    top = left
    for i, c in enumerate(cands, start=1):
        labels.append(c["label"])
        fits = c["need_gb"] <= c["vram_gb"]
        ax.barh(i, c["vram_gb"], color="none", edgecolor="#2e7d32" if fits else "#c62828", linewidth=1.5,
                label=n["vram"] if i == 1 else None)
        ax.barh(i, c["need_gb"], height=0.45, color="#8fb0dd" if fits else "#e58f8f", linewidth=0,
                label=n["need_cfg"] if i == 1 else None)
        ax.text(max(c["vram_gb"], c["need_gb"]), i, f"  {c['need_gb']:.0f} {n['of']} {c['vram_gb']:.0f}",
                va="center", fontsize=9)
        top = max(top, c["vram_gb"], c["need_gb"])
    ax.set_yticks(range(len(labels)), labels)
    ax.invert_yaxis()
    ax.set_xlim(0, top * 1.22)  # room for the value labels
    ax.set_xlabel(n["gb"])
    ax.set_title(n["mem_title"], fontsize=11, loc="left")
    fig.legend(loc="outside lower center", ncols=3, fontsize=8, frameon=False)  # never over the bars
    ax.spines[["top", "right"]].set_visible(False)
    return fig


# the customer's own PSU by the table's verdict: covers peak and headroom / the peak only / not the peak
_VERDICT_COLOR = {"enough": "#2e7d32", "tight": "#f9a825", "short": "#c62828"}


def power_figure(charts: dict[str, Any], lang: str = "ru") -> Figure | None:
    """Peak draw stacked by consumer, next to the recommended PSU capacity and, when the customer named one, their
    own PSU coloured by the table's verdict on it."""
    p = charts.get("power")
    if not p:
        return None
    n = NAMES.get(lang, NAMES["ru"])
    own = p.get("own_psu_w")
    fig = _figure(3 if own else 2)
    ax = fig.add_subplot()
    left = 0
    for key, color in (("gpu_w", "#3b6fb6"), ("cpu_w", "#e08a2c"), ("platform_w", "#7f8c8d")):
        ax.barh(0, p[key], left=left, color=color, label=n[key.removesuffix("_w")])
        left += p[key]
    ax.text(left, 0, f"  {p['system_w']} {n['w']}", va="center", fontsize=9)
    ok = p["psu_w"] >= p["system_w"]
    ax.barh(1, p["psu_w"], color="#2e7d32" if ok else "#c62828", alpha=0.7, label=n["psu"])
    ax.text(p["psu_w"], 1, f"  {p['psu_w']} {n['w']}", va="center", fontsize=9)
    rows = [n["load"], n["psu"]]
    if own:
        ax.barh(2, own, color=_VERDICT_COLOR.get(p.get("own_psu_verdict") or "", "#7f8c8d"), alpha=0.7, label=n["own_psu"])
        ax.text(own, 2, f"  {own} {n['w']}", va="center", fontsize=9)
        rows.append(n["own_psu"])
    ax.set_yticks(range(len(rows)), rows)
    ax.invert_yaxis()
    ax.set_xlim(0, max(p["psu_w"], left, own or 0) * 1.25)
    ax.set_xlabel(n["w"])
    ax.set_title(n["power_title"], fontsize=11, loc="left")
    fig.legend(loc="outside lower center", ncols=4, fontsize=8, frameon=False)
    ax.spines[["top", "right"]].set_visible(False)
    return fig


def cost_figure(server_price: float, cost: dict[str, Any], lang: str = "ru") -> Figure | None:
    """Cumulative spend of both options over time; where the lines cross, buying has paid off."""
    n = NAMES.get(lang, NAMES["ru"])
    be = cost.get("break_even_months")
    horizon = max(12, min(120, int((be or 36) * 1.5) + 1))
    months = list(range(horizon + 1))
    fig = _figure(4)
    ax = fig.add_subplot()
    ax.plot(months, [server_price + cost["own_monthly"] * m for m in months], color="#3b6fb6", label=n["own"])
    ax.plot(months, [cost["cloud_monthly"] * m for m in months], color="#e08a2c", label=n["cloud"])
    if be is not None and be <= horizon:
        ax.axvline(be, color="#2e7d32", linestyle="--", linewidth=1)
        ax.text(be, ax.get_ylim()[1] * 0.95, f" {n['be']}: {be:g}", color="#2e7d32", fontsize=9, va="top")
    ax.set_xlabel(n["months"])
    ax.set_ylabel(cost.get("currency") or "")
    ax.set_title(n["cost_title"], fontsize=11, loc="left")
    ax.legend(loc="upper left", fontsize=8, frameon=False)
    ax.spines[["top", "right"]].set_visible(False)
    return fig
