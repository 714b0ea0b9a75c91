"""Hardware facts as Markdown: cards side by side, what runs on given cards, what to add."""
from __future__ import annotations

from assistant.views.text import g, num
from tools.calibration import ceiling_shares

SHOWN_MODELS = 12  # the largest that fit; the rest are counted, not listed


def words(text: str, t: dict) -> str:
    """English words tools/ and the catalog use (platform names, bottlenecks) in the customer's language."""
    for en, local in t["words"]:
        text = text.replace(en, local)
    return text


def ceiling_note(t: dict, runtime: str, moe: bool, hybrid: bool = False) -> str:
    """The bound is a ceiling; how far below it published runs of this runtime and kind landed (tools/calibration)."""
    shares = ceiling_shares()
    group = f"{runtime} {'MoE' if moe else 'dense'}"
    if hybrid or group not in shares:
        group = next((k for k in shares if k.startswith(runtime + " ")), "llama.cpp dense")
        runtime, moe = group.split(" ")[0], group.endswith("MoE")
    lo, hi = shares[group]
    key = "ceiling_note_hybrid" if hybrid else "ceiling_note"
    return t[key].format(runtime=runtime, kind=t["moe" if moe else "dense"], lo=round(lo * 100), hi=round(hi * 100))


def compare(o: dict, t: dict, lang: str, inp: dict) -> list[str]:
    cards = o["cards"]
    head = "| | " + " | ".join(c["name"] for c in cards) + " |"
    rows = [(f"VRAM, {t['gib']}", lambda c: num(c["vram_gib"], lang, 0)),
            (f"{t['bw']}, {t['gbs']}", lambda c: num(c["bandwidth_gbs"], lang, 0)),
            ("FP16, TFLOPS", lambda c: num(c["fp16_tflops"], lang, 1)),
            (f"{t['tdp']}, {t['w']}", lambda c: str(c["tdp_w"])),
            (t["conn"], lambda c: c["power_connector"]),
            ("NVLink", lambda c: t["yes"] if c["nvlink"] else t["no"]),
            (t["licence"], lambda c: t["dc_no"] if c["datacenter_restricted"] else t["dc_ok"]),
            (t["price_one"] + ", $", lambda c: f"{num(c['price_usd_min'], lang, 0)}–{num(c['price_usd_max'], lang, 0)}"
             if c["price_usd_min"] else t["on_request"])]
    if any(c["fits"] is not None for c in cards):
        rows += [(t["fits_one"], lambda c: t["yes"] if c["fits"] else t["no"]),
                 (t["cards_needed"], lambda c: str(c["min_cards"]) if c["min_cards"] else "—")]
    lines = ["", f"**{t['cmp']}**", "", head, "|---|" + "---:|" * len(cards)]
    lines += [f"| {label} | " + " | ".join(cell(c) for c in cards) + " |" for label, cell in rows]
    if any(c.get("fits_count") is not None for c in cards):  # "2 × 4090 или 4 × 3090": the customer's own options,
        # one verdict line as the fit line words it (the model misread a table row of "2 × — нет")
        lines += ["", "- " + "; ".join(
            f"{c['count']} × {c['name']}: " + (t["fits_yours"] if c["fits_count"] else t["short_yours"].format(
                need=c["min_cards"]) if c["min_cards"] else t["short_any"]) for c in cards if c.get("count"))]
    return lines + [x for line in leaders(cards, t, lang) for x in ("", line)]  # a paragraph each in Markdown


# (wording key, field, digits, unit key, +1: more is better / -1: less is better)
_LEADS = [("lead_vram", "vram_gib", 0, "gib", 1), ("lead_bw", "bandwidth_gbs", 0, "gbs", 1),
          ("lead_fp16", "fp16_tflops", 1, "", 1), ("lead_tdp", "tdp_w", 0, "w", -1),
          ("lead_price", "price_usd_min", 0, "", -1)]


def leaders(cards: list[dict], t: dict, lang: str) -> list[str]:
    """Each card's merits, one line per card, each figure with its value against the next best: the
    comparison in words, its direction computed. Grouped by card because the small model copied the
    worked turn's split of merits ("A: memory and power; B: bandwidth and price") onto cards where the
    split differs (explain-eval ru-fresh2-5060-vs-3090: the 5060 Ti got the 3090's bandwidth)."""
    merits: dict[str, list[str]] = {c["name"]: [] for c in cards}
    for key, field, digits, unit, better in _LEADS:
        have = [c for c in cards if c[field] is not None]
        if len(have) < 2:
            continue
        best, second = sorted(have, key=lambda c: -better * c[field])[:2]
        if best[field] == second[field]:
            continue
        tail = f" {t[unit]}" if unit else (" TFLOPS" if field == "fp16_tflops" else " $")
        merits[best["name"]].append(f"{t[key]} ({num(best[field], lang, digits)} {t['vs']} "
                                    f"{num(second[field], lang, digits)}{tail})")
    for flag, key in (("nvlink", "lead_nvlink"), ("datacenter_restricted", "lead_dc")):
        owners = [c for c in cards if bool(c[flag]) == (flag == "nvlink")]
        if owners and len(owners) < len(cards):  # a merit only where some card lacks it
            for c in owners:
                merits[c["name"]].append(t[key])
    ranked = sorted((n for n in merits if merits[n]), key=lambda n: -len(merits[n]))  # the stronger card first
    return [t["lead"].format(name=n) + ": " + "; ".join(merits[n]) for n in ranked]


def models_for_hardware(o: dict, t: dict, lang: str, inp: dict) -> list[str]:
    card = o["gpu"] or f"{num(o['vram_per_gpu_bytes'] / 2**30, lang, 0)} {t['gib']}"
    lines = ["", f"**{t['hw']}** {t['hw_on']} {o['count']} × {card}", ""]
    if not o["fits"]:
        return lines + [t["hw_none"]]
    lines += [f"| {t['hw_model']} | {t['hw_prec']} | {t['hw_need']} | {t['hw_ctx']} | {t['hw_users']} |",
              "|---|---|---:|---:|---:|"]
    for f in o["fits"][:SHOWN_MODELS]:
        lines.append(f"| {f['name']} | {f['precision'].upper()} | {g(f['per_gpu_bytes'], lang)} | "
                     f"{f['max_context']} | {f['max_users']} |")
    if len(o["fits"]) > SHOWN_MODELS:
        lines.append(t["hw_more"].format(n=len(o["fits"]) - SHOWN_MODELS))
    return lines


def upgrade(o: dict, t: dict, lang: str, inp: dict) -> list[str]:
    head = f"**{t['upg']}** — {o['gpu']}: {t['upg_have']} {o['have']}"
    if o["need"] is None:
        return ["", head + ", " + t["upg_never"].format(n=64)]
    tail = t["upg_enough"] if o["add"] == 0 else f"{t['upg_add']} **{o['add']}**"
    return ["", f"{head}, {t['upg_need']} {o['need']} — {tail}"]


def offload(o: dict, t: dict, lang: str, inp: dict) -> list[str]:
    head = t["offload"] if o.get("gpu") else t["cpu_only"]
    where = f"{o['gpus']} × {o['gpu']} + " if o.get("gpu") else ""
    lines = ["", f"**{head}** — {o['model']}, {o['precision'].upper()}: {where}{words(o['platform'], t)}", ""]
    if o.get("gpu"):
        n = o.get("n_cpu_moe") or 0
        lines += [f"- {t['placement']}: " + t["place_gpu"].format(on_gpu=o["moe_layers"] - n, layers=o["moe_layers"]),
                  f"- {t['placement']}: " + t["place_ram"].format(in_ram=n)]
    else:
        lines.append(f"- {t['placement']}: {t['place_cpu']}")
    ram = (f"- {t['ram_need']}: {g(o['ram_bytes_needed'], lang)} {t['gb']}, {t['ram_have']} {g(o['ram_bytes'], lang)} "
           f"{t['gb']}")
    lines.append(ram + ("" if o["fits_ram"] else f" — ❌ {t['offload_nofit']}"))
    if o.get("gpu"):
        fit = "✅" if o["fits_gpu"] else f"❌ {t['offload_nofit']}"
        lines.append(f"- VRAM {t['gpu_per_card']}: {g(o['gpu_bytes_per_card'], lang)} / "
                     f"{g(o['gpu_vram_bytes'], lang)} {t['gb']} {fit}")
    if o["fits"] and o.get("decode_tokens_per_s_per_user") is not None:
        lines.append(f"- {t['decode_numa']} ≈ {num(o['decode_tokens_per_s_per_user'], lang, 1)}; {t['decode_one']} ≈ "
                     f"{num(o['decode_tokens_per_s_one_socket'], lang, 1)}; {t['ceiling']} "
                     f"{num(o['decode_ceiling_tokens_per_s_per_user'], lang, 1)}; {t['slower']}: {words(o['slower_path'], t)}")
        lines.append(f"- {t['prefill_hybrid']} ≈ {num(o['prefill_tokens_per_s'], lang, 0)}, {t['ttft']} ≈ "
                     f"{num(o['time_to_first_token_s'], lang, 0)} {t['sec']} ({inp.get('context', 4096)})")
    numa = t["numa"].format(both=num(o["ram_bandwidth_gbs"], lang, 1), link=num(o["socket_link_gbs"], lang, 1),
                            one=num(o["ram_bandwidth_gbs_one_socket"], lang, 1))
    lines += [f"- NUMA: {numa}", f"- {t['pcie']}: " + t["pcie_lanes"].format(lanes=o["pcie_lanes"], gen=o["pcie_gen"]),
              f"- {ceiling_note(t, 'llama.cpp', False, hybrid=True)}"]
    return lines
