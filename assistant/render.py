"""Facts -> the computed block the customer reads first (Markdown, Russian or English).

Deterministic: every figure printed here is formatted from a tool output, so the grounding
guard can treat this text as ground truth.
"""
from __future__ import annotations

from typing import Any

from assistant.types import Fact
from tools.units import GB

T = {
    "ru": {"mem": "Расчёт памяти", "ctx": "контекст", "tok": "токенов", "users": "польз.", "unit": "ГБ = 10⁹ байт",
           "weights": "Веса модели", "kv": "KV-кэш", "acts": "Активации и буферы", "grads": "Градиенты",
           "optim": "Состояния оптимизатора (Adam)", "master": "FP32-копия весов", "cuda": "CUDA-контекст",
           "fw": "Фреймворк", "reserve": "Запас", "total": "Итого", "part": "Часть", "per_card": "на карту",
           "fits": "помещается", "nofit": "не помещается", "free": "свободно", "short": "не хватает",
           "card": "Карта", "min": "Минимум карт", "none_fit": "не помещается даже на {n} картах",
           "rec": "Подходящие конфигурации", "cfg": "Конфигурация", "vram_total": "VRAM всего",
           "price": "Цена GPU, $", "watts": "Пиковая мощность, Вт", "line": "Линейка", "on_request": "по запросу",
           "power": "Питание", "gpus_w": "GPU", "cpu_w": "CPU (макс.)", "plat_w": "Плата, ОЗУ, диски, вентиляторы",
           "sys_w": "Система (пик)", "psu": "Рекомендуемый БП", "options": "Варианты", "three": "нужен трёхфазный ввод",
           "speed": "Скорость (оценка сверху)", "decode": "генерация, ток/с на пользователя", "prefill": "обработка промпта, ток/с",
           "cost": "Свой сервер или облако", "cloud_m": "Облако в месяц", "own_m": "Свой сервер в месяц (электричество и пр.)",
           "break_even": "Окупаемость", "months": "мес.", "never": "не окупается при такой загрузке",
           "lora": "LoRA", "qlora": "QLoRA", "full": "полное дообучение", "inference": "инференс", "vendor_none": "—",
           "need": "нужно", "w": "Вт", "catalog": "данные каталога", "tdp": "Мощность (TDP)",
           "bw": "Пропускная способность памяти", "price_one": "Цена карты", "conn": "Разъёмы питания", "no_chain": "отдельный кабель 600 Вт на каждую карту, без разветвителей",
           "cooling_bad": "открытые 3-слотовые карты: встают максимум две; нужны турбинные версии или водяное охлаждение "
                          "(2 л/мин на GPU, радиатор 480 мм на каждые 2 GPU)",
           "lanes": "линий", "with_nvme": "с учётом NVMe и сети", "platforms": "подходящие платформы",
           "sxm": "SXM-модули ставятся только на плату HGX с NVSwitch (серверы класса DGX/HGX)"},
    "en": {"mem": "Memory estimate", "ctx": "context", "tok": "tokens", "users": "users", "unit": "GB = 10⁹ bytes",
           "weights": "Model weights", "kv": "KV cache", "acts": "Activations and buffers", "grads": "Gradients",
           "optim": "Optimizer states (Adam)", "master": "FP32 master weights", "cuda": "CUDA context",
           "fw": "Framework", "reserve": "Reserve", "total": "Total", "part": "Part", "per_card": "per card",
           "fits": "fits", "nofit": "does not fit", "free": "free", "short": "short by",
           "card": "Card", "min": "Minimum cards", "none_fit": "does not fit even on {n} cards",
           "rec": "Configurations that fit", "cfg": "Configuration", "vram_total": "Total VRAM",
           "price": "GPU price, $", "watts": "Peak power, W", "line": "Vendor line", "on_request": "on request",
           "power": "Power", "gpus_w": "GPUs", "cpu_w": "CPUs (max)", "plat_w": "Board, RAM, disks, fans",
           "sys_w": "System (peak)", "psu": "Recommended PSU", "options": "Options", "three": "three-phase feed advisable",
           "speed": "Speed (upper bound)", "decode": "generation, tok/s per user", "prefill": "prompt processing, tok/s",
           "cost": "Own server vs cloud", "cloud_m": "Cloud per month", "own_m": "Own server per month (power etc.)",
           "break_even": "Break-even", "months": "months", "never": "never pays off at this usage",
           "lora": "LoRA", "qlora": "QLoRA", "full": "full fine-tune", "inference": "inference", "vendor_none": "—",
           "need": "needs", "w": "W", "catalog": "catalog data", "tdp": "Board power (TDP)",
           "bw": "Memory bandwidth", "price_one": "Card price", "conn": "Power connectors", "no_chain": "one 600 W cable per card, no daisy-chain",
           "cooling_bad": "3-slot open-air cards: at most two fit; use blower versions or water cooling "
                          "(2 L/min per GPU, one 480 mm radiator per 2 GPUs)",
           "lanes": "lanes", "with_nvme": "with NVMe and network", "platforms": "platforms that provide them",
           "sxm": "SXM modules need an HGX baseboard with NVSwitch (DGX/HGX-class servers)"},
}


WARNINGS_RU = [  # tools/ speaks English; customers reading Russian get these
    ("GeForce licence", "лицензия GeForce не разрешает установку в дата-центре"),
    ("no NVLink", "без NVLink обучение на нескольких картах по PCIe масштабируется плохо"),
    ("PCIe only", "только PCIe: для инференса нормально, тензорный параллелизм медленнее"),
    ("at most", "открытые 3-слотовые карты: физически встают максимум две — нужны турбинные версии или водоблоки"),
]
REDUNDANCY = {"ru": {"single": "", "N": " (нагрузка делится)", "N+1": " (N+1, с резервом)"},
              "en": {"single": "", "N": " (shared load)", "N+1": " (N+1 redundant)"}}


def warning(text: str, lang: str) -> str:
    if lang == "ru":
        for key, ru in WARNINGS_RU:
            if key in text:
                return ru
    return text


def psu_label(o: dict, lang: str) -> str:
    return f"{o['units']}×{o['unit_w']} W" + REDUNDANCY[lang][o["redundancy"]]


def num(x: float, lang: str, digits: int = 2) -> str:
    s = f"{x:,.{digits}f}".replace(",", " ")
    return s.replace(".", ",") if lang == "ru" else s.replace(" ", ",")


def g(n_bytes: float, lang: str) -> str:
    return num(n_bytes / GB, lang)


def gu(n_bytes: float, lang: str) -> str:
    return f"{g(n_bytes, lang)} {'ГБ' if lang == 'ru' else 'GB'}"


def _memory(out: dict[str, Any], t: dict, lang: str) -> list[str]:
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
    return lines


def _fit_line(out: dict, t: dict, lang: str) -> str:
    free = out["gpu_vram_bytes"] - out["per_gpu_bytes"]
    verdict = (f"✅ {t['fits']}, {t['free']} {gu(free, lang)}" if out["fits"]
               else f"❌ {t['nofit']}, {t['short']} {gu(-free, lang)}")
    return (f"{t['card']}: {out['gpus']} × {out['gpu']} ({gu(out['gpu_vram_bytes'], lang)} {t['per_card']}) — "
            f"{t['need']} {gu(out['per_gpu_bytes'], lang)} {t['per_card']}: {verdict}")


def _gpu_spec(o: dict, t: dict, lang: str) -> list[str]:
    price = (f"~{num(o['price_usd_min'], lang, 0)}–{num(o['price_usd_max'], lang, 0)} $" if o["price_usd_min"]
             else t["on_request"])
    yes, no = ("да", "нет") if lang == "ru" else ("yes", "no")
    nvlink = f"{yes} ({num(o['nvlink_bandwidth_gbs'], lang, 0)} GB/s)" if o["nvlink"] and o["nvlink_bandwidth_gbs"] else \
        (yes if o["nvlink"] else no)
    return [f"**{o['name']}** — {t['catalog']}", "",
            f"| | |", "|---|---|",
            f"| VRAM | {num(o['vram_gib'], lang, 0)} GB {o['memory_type']} ({gu(o['vram_bytes'], lang)}) |",
            f"| {t['tdp']} | {o['tdp_w']} {t['w']} |",
            f"| {t['bw']} | {num(o['bandwidth_gbs'], lang, 0)} GB/s |",
            f"| FP16 | {num(o['fp16_tflops'], lang, 1)} TFLOPS |",
            f"| NVLink | {nvlink} |", f"| ECC / MIG | {yes if o['ecc'] else no} / {yes if o['mig'] else no} |",
            f"| {t['price_one']} | {price} |"]


def _build(o: dict, t: dict, lang: str) -> list[str]:
    out = []
    if not o["cooling_ok_as_is"]:
        out.append(f"- ⚠ {o['count']} × {o['gpu']}: {t['cooling_bad']}")
    if o["pcie_lanes_gpus"]:
        out.append(f"- PCIe: {o['count']} × x16 = {o['pcie_lanes_gpus']} {t['lanes']} "
                   f"({o['pcie_lanes_recommended']} {t['with_nvme']}); {t['platforms']}: {', '.join(o['platforms'])}")
    elif o["count"]:
        out.append(f"- {t['sxm']}")
    return out


def render(facts: list[Fact], lang: str) -> str:
    t = T[lang]
    lines: list[str] = []
    for f in facts:
        o = f.output
        if f.tool == "vram":
            lines += _memory(o, t, lang)
        elif f.tool == "fit":
            lines += ["", _fit_line(o, t, lang)]
        elif f.tool == "fit_card":
            free = o["free_bytes"]
            verdict = f"✅ {t['fits']}, {t['free']} {gu(free, lang)}" if o["fits"] else \
                f"❌ {t['nofit']}, {t['short']} {gu(-free, lang)}"
            lines += ["", f"{t['card']} «{num(f.input['card_vram_gb'], lang, 0)} GB» (= {num(f.input['card_vram_gb'], lang, 0)} GiB"
                          f" = {gu(o['card_vram_bytes'], lang)}): {t['need']} {gu(o['per_gpu_bytes'], lang)} — {verdict}"]
        elif f.tool == "min_gpus":
            n = o["gpus"]
            lines += ["", f"{t['min']} {o['gpu']}: **{n}**" if n else f"{o['gpu']}: " + t["none_fit"].format(n=64)]
        elif f.tool == "recommend":
            cfgs = o["configurations"]
            if cfgs:
                lines += ["", f"**{t['rec']}**", "",
                          f"| {t['cfg']} | {t['vram_total']} | {t['per_card']} | {t['price']} | {t['watts']} | {t['line']} |",
                          "|---|---:|---:|---:|---:|---|"]
                for c in cfgs:
                    price = (f"{num(c['price_usd_min'], lang, 0)}–{num(c['price_usd_max'], lang, 0)}"
                             if c["price_usd_min"] else t["on_request"])
                    lines.append(f"| {c['count']} × {c['gpu']} | {g(c['total_vram_bytes'], lang)} | "
                                 f"{g(c['per_gpu_need_bytes'], lang)} | {price} | {c['system_watts']} | "
                                 f"{', '.join(c['servers']) or t['vendor_none']} |")
                warns = sorted({warning(w, lang) for c in cfgs for w in c["warnings"]})
                lines += [f"- ⚠ {w}" for w in warns]
        elif f.tool == "power":
            lines += ["", f"**{t['power']}** — {o['count']} × {o['gpu']}", "",
                      f"| | {t['w']} |", "|---|---:|", f"| {t['gpus_w']} | {o['gpu_watts']} |", f"| {t['cpu_w']} | {o['cpu_watts']} |",
                      f"| {t['plat_w']} | {o['platform_watts']} |",
                      f"| **{t['sys_w']}** | **{o['system_watts_min']}–{o['system_watts']}** |", "",
                      f"{t['psu']}: **{psu_label(o['psu'], lang)}**, {o['efficiency_class']}. {t['options']}: "
                      + ", ".join(psu_label(p, lang) for p in o["psu_options"])]
            if o["three_phase_advisable"]:
                lines.append(f"- ⚠ {t['three']}")
            for conn, n in o["connectors"].items():
                lines.append(f"- {t['conn']}: {n} × {conn}" + (f" — {t['no_chain']}" if "12V" in conn else ""))
        elif f.tool == "build":
            lines += _build(o, t, lang)
        elif f.tool == "gpu_spec":
            lines += _gpu_spec(o, t, lang)
        elif f.tool == "speed":
            lines += ["", f"**{t['speed']}** — {o['gpus']} × {o['gpu']}: {t['decode']} ≈ "
                          f"{num(o['decode_tokens_per_s_per_user'], lang, 0)}, {t['prefill']} ≈ {num(o['prefill_tokens_per_s'], lang, 0)}"]
        elif f.tool == "cost":
            cur = o["currency"] or ""
            be = (f"{num(o['break_even_months'], lang, 1)} {t['months']}" if o["break_even_months"] is not None
                  else t["never"])
            lines += ["", f"**{t['cost']}**", f"- {t['cloud_m']}: {num(o['cloud_monthly'], lang, 0)} {cur}",
                      f"- {t['own_m']}: {num(o['own_monthly'], lang, 0)} {cur}", f"- {t['break_even']}: **{be}**"]
    return "\n".join(lines).strip()


def chart_data(facts: list[Fact]) -> dict[str, Any]:
    """Numbers for the UI's charts, in decimal GB / watts, taken from the same facts."""
    charts: dict[str, Any] = {}
    for f in facts:
        o = f.output
        if f.tool == "vram":
            charts["memory"] = {"parts": {k: o[f"{k}_bytes"] / GB for k in
                                          ("weights", "kv_cache", "activations", "gradients", "optimizer",
                                           "master_weights", "cuda_context", "framework", "reserve") if o[f"{k}_bytes"]},
                                "per_gpu_gb": o["per_gpu_bytes"] / GB, "gpus": o["gpus"]}
        elif f.tool == "recommend":
            charts["candidates"] = [{"label": f"{c['count']}×{c['gpu']}", "vram_gb": c["total_vram_bytes"] / GB,
                                     "need_gb": c["per_gpu_need_bytes"] * c["count"] / GB} for c in o["configurations"]]
        elif f.tool == "power":
            charts["power"] = {"system_w": o["system_watts"], "psu_w": o["psu"]["total_w"], "gpu_w": o["gpu_watts"],
                               "cpu_w": o["cpu_watts"], "platform_w": o["platform_watts"]}
    return charts
