"""Memory facts as Markdown: the breakdown table, fit lines, minimum cards, recommendations."""
from __future__ import annotations

import re
from typing import Any

from assistant.views.text import g, gu, num, warning
from tools.catalog import get_model
from tools.errors import SizingError


def memory(out: dict[str, Any], t: dict, lang: str, inp: dict) -> list[str]:
    head = (f"**{t['mem']}** — {out['model']}, {out['precision'].upper()}, {t[out['task']]}, {t['ctx']} "
            f"{out['context']} {t['tok']}, {out['batch']} {t['users']}" + (f", {out['gpus']} GPU" if out["gpus"] > 1 else "")
            + f" ({t['unit']})")
    rows = [("weights", out["weights_bytes"]), ("kv", out["kv_cache_bytes"]), ("acts", out["activations_bytes"]),
            ("grads", out["gradients_bytes"]), ("optim", out["optimizer_bytes"]), ("master", out["master_weights_bytes"]),
            ("cuda", out["cuda_context_bytes"]), ("fw", out["framework_bytes"]), ("reserve", out["reserve_bytes"])]
    lines = [head, "", f"| {t['part']} | {t['unit'].split(' ')[0]} |", "|---|---:|"]
    lines += [f"| {t[k]} | {g(v, lang)} |" for k, v in rows if v]
    lines.append(f"| **{t['total']}** | **{g(out['total_bytes'], lang)}** |")
    if out["gpus"] > 1:
        lines.append(f"| {t['per_card']} | {g(out['per_gpu_bytes'], lang)} |")
    return lines + _moe(inp, t, lang)


def _moe(inp: dict, t: dict, lang: str) -> list[str]:
    """Why a mixture of experts needs the memory of all its parameters (the model said "activations" for
    Mixtral): the catalog's expert counts, from the model's config.json."""
    try:
        m = get_model(str(inp.get("model") or ""))
    except (SizingError, KeyError, ValueError):
        return []
    if not (m.moe_experts and m.moe_active_experts and m.active_params_b):
        return []
    return ["", t["moe_note"].format(experts=m.moe_experts, active_e=m.moe_active_experts, total=num(m.params_b, lang, 1),
                                active=num(m.active_params_b, lang, 1))]


def _fit_line(out: dict, t: dict, lang: str) -> str:
    free = out["gpu_vram_bytes"] - out["per_gpu_bytes"]
    verdict = (f"✅ {t['fits']}, {t['free']} {gu(free, lang)}" if out["fits"]
               else f"❌ {t['nofit']}, {t['short']} {gu(-free, lang)}")
    return (f"{t['card']}: {out['gpus']} × {out['gpu']} ({gu(out['gpu_vram_bytes'], lang)} {t['per_card']}) — "
            f"{t['need']} {gu(out['per_gpu_bytes'], lang)} {t['per_card']}: {verdict}")


def fit(o: dict, t: dict, lang: str, inp: dict) -> list[str]:
    return ["", _fit_line(o, t, lang)]


def fit_card(o: dict, t: dict, lang: str, inp: dict) -> list[str]:
    free = o["free_bytes"]
    verdict = f"✅ {t['fits']}, {t['free']} {gu(free, lang)}" if o["fits"] else \
        f"❌ {t['nofit']}, {t['short']} {gu(-free, lang)}"
    size = num(inp["card_vram_gb"], lang, 0)
    return ["", f"{t['card']} «{size} {t['gb']}» (= {size} {t['gib']} = {gu(o['card_vram_bytes'], lang)}): "
                f"{t['need']} {gu(o['per_gpu_bytes'], lang)} — {verdict}"]


def min_gpus(o: dict, t: dict, lang: str, inp: dict) -> list[str]:
    n = o["gpus"]
    return ["", f"{t['min']} {o['gpu']}: **{n}**" if n else f"{o['gpu']}: " + t["none_fit"].format(n=64)]


def recommend(o: dict, t: dict, lang: str, inp: dict) -> list[str]:
    cfgs = o["configurations"]
    if not cfgs:
        return []
    lines = ["", f"**{t['rec']}**", "",
             f"| {t['cfg']} | {t['vram_total']} | {t['per_card']} | {t['price']} | {t['watts']} | {t['line']} |",
             "|---|---:|---:|---:|---:|---|"]
    for c in cfgs:
        price = (f"{num(c['price_usd_min'], lang, 0)}–{num(c['price_usd_max'], lang, 0)}"
                 if c["price_usd_min"] else t["on_request"])
        lines.append(f"| {c['count']} × {c['gpu']} | {g(c['total_vram_bytes'], lang)} | "
                     f"{g(c['per_gpu_need_bytes'], lang)} | {price} | {c['system_watts']} | "
                     f"{', '.join(vendor_line(x, lang) for x in c['servers']) or t['vendor_none']} |")
    warns = sorted({warning(w, lang) for c in cfgs for w in c["warnings"]})
    return lines + [f"- ⚠ {w}" for w in warns]


def vendor_line(server: str, lang: str) -> str:
    """A vendor line as tools/ names it (English), in the customer's language."""
    if lang != "ru":
        return server
    server = re.sub(r"experts of (\d+)/(\d+) MoE layers in RAM", r"эксперты \1 из \2 MoE-слоёв в ОЗУ", server)
    return re.sub(r"(\d) GB\b", r"\1 ГБ", server).replace(" GPUs: ", " GPU: ").replace("replicas of", "реплики по")


def fit_options(o: dict, t: dict, lang: str, inp: dict) -> list[str]:
    """The computed next step: a smaller format that fits the same cards, or how long a context fits."""
    if o["fits"]:
        if o["max_context"] is None:
            return []
        at_max = o["max_context"] >= (o.get("model_max_context") or 10**9)
        lines = ["", f"{t['opt_ctx']} ({o['precision'].upper()}): {num(o['max_context'], lang, 0)} {t['tok']}"
                 + (f" ({t['opt_model_max']})" if at_max else "")]
        if o.get("max_users"):
            lines += ["", t["opt_users"].format(n=o["max_users"])]
        return lines
    tried = [f"{f['precision']} — {t['need']} {gu(f['per_gpu_bytes'], lang)} {t['per_card']}: "
             f"{t['fits'] if f['fits'] else t['nofit']}" for f in o["formats"]]
    lines = ["", f"{t['opt_quant']}: " + "; ".join(tried)] if tried else []
    if o["max_context"]:
        lines += ["", f"{t['opt_short_ctx']} ({o['precision'].upper()}): {num(o['max_context'], lang, 0)} {t['tok']}"]
    return lines


_PARTS = [("weights", "weights_bytes"), ("kv", "kv_cache_bytes"), ("acts", "activations_bytes"),
          ("grads", "gradients_bytes"), ("optim", "optimizer_bytes"), ("master", "master_weights_bytes"),
          ("cuda", "cuda_context_bytes"), ("fw", "framework_bytes"), ("reserve", "reserve_bytes")]


def variants(o: dict, t: dict, lang: str, inp: dict) -> list[str]:
    """One model, two or more values of one input, side by side: the part that changes shows itself."""
    field, bs = o["field"], o["breakdowns"]

    def head(v) -> str:
        if field == "context":
            return f"{t['ctx']} {num(v, lang, 0)}"
        if field == "batch":
            return f"{v} {t['users']}"
        if field == "model":  # the model's catalog name, as its own table names it
            return next(b["model"] for b, value in zip(bs, o["values"]) if value == v)
        return t.get(str(v), str(v).upper())

    title = " / ".join(b["model"] for b in bs) if field == "model" else bs[0]["model"]
    lines = ["", f"**{t['variants']}** — {title}", "",
             f"| {t['part']} | " + " | ".join(head(v) for v in o["values"]) + " |", "|---|" + "---:|" * len(bs)]
    for key, part in _PARTS:
        if any(b[part] for b in bs):
            lines.append(f"| {t[key]} | " + " | ".join(g(b[part], lang) for b in bs) + " |")
    lines.append(f"| **{t['total']}** | " + " | ".join(f"**{g(b['total_bytes'], lang)}**" for b in bs) + " |")
    return lines
