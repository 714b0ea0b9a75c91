"""System facts as Markdown: power and PSU, build checks, a card's specifications, speed, own vs cloud."""
from __future__ import annotations

import re

from assistant.views.hardware import ceiling_note, words
from assistant.views.text import gu, num, psu_label
from tools.catalog import get_gpu, get_model
from tools.errors import SizingError
from tools.power import PSU_HEADROOM


def _psu(o: dict, t: dict, lang: str) -> str:
    """'6×3300 W (N+2, …)' with the watt in the customer's language (Вт)."""
    return re.sub(r"(\d) W\b", rf"\1 {t['w']}", psu_label(o, lang))


def gpu_spec(o: dict, t: dict, lang: str, inp: dict) -> list[str]:
    price = (f"~{num(o['price_usd_min'], lang, 0)}–{num(o['price_usd_max'], lang, 0)} $" if o["price_usd_min"]
             else t["on_request"])
    yes, no = ("да", "нет") if lang == "ru" else ("yes", "no")
    nvlink = f"{yes} ({num(o['nvlink_bandwidth_gbs'], lang, 0)} {t['gbs']})" if o["nvlink"] and o["nvlink_bandwidth_gbs"] else \
        (yes if o["nvlink"] else no)
    return [f"**{o['name']}** — {t['catalog']}", "",
            "| | |", "|---|---|",
            f"| VRAM | {num(o['vram_gib'], lang, 0)} {t['gib'] if lang == 'ru' else 'GB'} {o['memory_type']} "
            f"({gu(o['vram_bytes'], lang)}) |",
            f"| {t['tdp']} | {o['tdp_w']} {t['w']} |",
            f"| {t['bw']} | {num(o['bandwidth_gbs'], lang, 0)} {t['gbs']} |",
            f"| FP16 | {num(o['fp16_tflops'], lang, 1)} TFLOPS |",
            f"| NVLink | {nvlink} |", f"| ECC / MIG | {yes if o['ecc'] else no} / {yes if o['mig'] else no} |",
            f"| {t['price_one']} | {price} |"]


def build(o: dict, t: dict, lang: str, inp: dict) -> list[str]:
    out = []
    if not o["cooling_ok_as_is"]:
        out.append(f"- ⚠ {o['count']} × {o['gpu']}: {t['cooling_bad']}")
    if o["pcie_lanes_gpus"]:
        out.append(f"- PCIe: {o['count']} × x16 = {o['pcie_lanes_gpus']} {t['lanes']} "
                   f"({o['pcie_lanes_recommended']} {t['with_nvme']}); {t['platforms']}: "
                   + ", ".join(words(p, t) for p in o["platforms"]))
    elif o["count"]:
        out.append(f"- {t['sxm']}")
    return out


def power(o: dict, t: dict, lang: str, inp: dict) -> list[str]:
    lines = ["", f"**{t['power']}** — {o['count']} × {o['gpu']}", "",
             f"| | {t['w']} |", "|---|---:|", f"| {t['gpus_w']} | {o['gpu_watts']} |", f"| {t['cpu_w']} | {o['cpu_watts']} |",
             f"| {t['plat_w']} | {o['platform_watts']} |",
             f"| **{t['sys_w']}** | **{o['system_watts_min']}–{o['system_watts']}** |", "",
             f"{t['psu']}: **{_psu(o['psu'], t, lang)}**, {o['efficiency_class']}. {t['options']}: "
             + ", ".join(_psu(p, t, lang) for p in o["psu_options"])]
    if o.get("psu_w"):  # the customer's own PSU, checked against the same peak and headroom
        mark = {"enough": "✅", "tight": "⚠", "short": "❌"}[o["psu_verdict"]]
        lines.append(f"- {mark} " + t["your_psu"].format(
            psu=f"{num(o['psu_w'], lang, 0)} {t['w']}", verdict=t["psu_verdict"][o["psu_verdict"]],
            lo=num(o["system_watts_min"], lang, 0), hi=num(o["system_watts"], lang, 0),
            pct=round((PSU_HEADROOM - 1) * 100), need=num(o["psu_design_watts"], lang, 0), w=t["w"]))
    if o["three_phase_advisable"]:
        lines.append(f"- ⚠ {t['three']}")
    for conn, n in o["connectors"].items():
        lines.append(f"- {t['conn']}: {n} × {conn}" + (f" — {t['no_chain']}" if "12V" in conn else ""))
    return lines


def energy(o: dict, t: dict, lang: str, inp: dict) -> list[str]:
    """One line under the power table: the month's kW·h at full load, and their price when one was given."""
    line = t["energy"].format(hours=num(o["hours_per_month"], lang, 0), lo=num(o["kwh_min"], lang, 0),
                              hi=num(o["kwh_max"], lang, 0))
    if o.get("cost_max") is not None:
        money = 0 if o["cost_min"] >= 100 else 2
        line += "; " + t["energy_cost"].format(lo=num(o["cost_min"], lang, money), hi=num(o["cost_max"], lang, money),
                                               price=num(o["price_per_kwh"], lang, 2), cur=o.get("currency") or "")
        line = re.sub(r" {2,}", " ", line).replace(" ;", ";")  # no currency given: no gap where it would be
    return [f"- ⚡ {line} ({t['energy_idle']})"]


def speed(o: dict, t: dict, lang: str, inp: dict) -> list[str]:
    per, total = o["decode_tokens_per_s_per_user"], o.get("decode_tokens_per_s_total") or 0
    lines = ["", f"**{t['speed']}** — {o['gpus']} × {o['gpu']}, {t['runtime']} {o.get('runtime', 'llama.cpp')}: "
                 f"{t['decode']} ≈ {num(per, lang, 0)}"
             + (f", {t['decode_total']} ≈ {num(total, lang, 0)}" if total and total != per else "")
             + f", {t['prefill']} ≈ {num(o['prefill_tokens_per_s'], lang, 0)}"]
    if o.get("time_to_first_token_s") is not None:
        lines[-1] += f", {t['ttft']} ≈ {num(o['time_to_first_token_s'], lang, 1)} {t['sec']}"
    if o.get("decode_ceiling_tokens_per_s_per_user"):
        note = ceiling_note(t, o.get("runtime") or "llama.cpp", o.get("experts_touched_fraction") is not None)
        lines.append(f"- {t['ceiling']}: {num(o['decode_ceiling_tokens_per_s_per_user'], lang, 0)}; {note}")
    return lines


def no_speed(o: dict, t: dict, lang: str, inp: dict) -> list[str]:
    return ["", "❌ " + t["no_speed"].format(model=_name(get_model, o["model"]), gpus=o["gpus"],
                                             gpu=_name(get_gpu, o["gpu"]), runtime=o["runtime"])]


def _name(get, ident: str) -> str:
    try:
        return str(get(ident).name)
    except SizingError:
        return ident


def cost(o: dict, t: dict, lang: str, inp: dict) -> list[str]:
    cur = o["currency"] or ""
    be = (f"{num(o['break_even_months'], lang, 1)} {t['months']}" if o["break_even_months"] is not None
          else t["never"])
    if not o["own_monthly"]:  # no running cost was given: not counted, never shown as "0 ₽" of ours
        return ["", f"**{t['cost']}**", f"- {t['cloud_m']}: {num(o['cloud_monthly'], lang, 0)} {cur}",
                f"- {t['own_m_none']}", f"- {t['break_even']}: **{be}** ({t['without_own']})"]
    return ["", f"**{t['cost']}**", f"- {t['cloud_m']}: {num(o['cloud_monthly'], lang, 0)} {cur}",
            f"- {t['own_m']}: {num(o['own_monthly'], lang, 0)} {cur}", f"- {t['break_even']}: **{be}**"]


def budget(o: dict, t: dict, lang: str, inp: dict) -> list[str]:
    amount = num(o["budget"], lang, 0)
    if not o["compared"]:
        key = "budget_not_compared" if o["currency"] else "budget_no_currency"
        return ["", t[key].format(budget=amount, cur=o["currency"])]
    lines = ["", f"**{t['budget']}: {amount} $** — {t['budget_note']}", ""]
    for c in o["configurations"]:
        price = (f"{num(c['price_usd_min'], lang, 0)}–{num(c['price_usd_max'], lang, 0)} $" if c["price_usd_min"]
                 else "—")
        mark = {"within": "✅", "partly": "⚠", "over": "❌", "unknown": "?"}[c["verdict"]]
        lines.append(f"- {mark} {c['label']}: {price}, {t['budget_verdict'][c['verdict']]}")
    lines.append("")
    lines.append(t["budget_best"].format(label=f"**{o['best_within']}**") if o["best_within"] else t["budget_none"])
    return lines
