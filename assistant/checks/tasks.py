"""A figure given for a training task the facts did not size.

The few-shot example sets LoRA against full fine-tuning, and the small model copies its shape into turns that sized
LoRA against QLoRA only: "градиенты и состояния оптимизатора нужны только для адаптеров — 0,03 ГБ против 16,09 ГБ
при полном дообучении" (the real model at the 43rd pass; 16,09 is LoRA's weights, full fine-tuning was never
computed). A GB figure bound to a task's name must come from a turn that sized that task."""
from __future__ import annotations

import re

from assistant.checks import numbers as nums

_TASKS = [("full", re.compile(r"\bполн\w*\s+(?:дообучени|обучени|fine-?tun)\w*|\bfull\s+(?:fine-?tun\w*|training|"
                              r"finetun\w*)", re.I)),
          ("qlora", re.compile(r"\bq-?lora\b|\bкулор\w*|\b(?:q|кью)-?лор\w*", re.I)),
          ("lora", re.compile(r"(?<![\w-])(?<!q)lora\b|(?<![\w-])лор[аеуыо]\w*", re.I)),
          # inference named too, so a figure beside it binds to it ("Для инференса нужно 16,09 ГБ, а LoRA …")
          ("inference", re.compile(r"\bинференс\w*|\binference\b|\bзапуск\w*", re.I))]
_NEAR = 40  # characters between the figure and the task's name, within the clause


def _sized(facts: list[dict]) -> set[str]:
    out = set()
    for f in facts:
        i = f.get("input") or {}
        if f.get("tool") in ("vram", "fit", "variants") or i.get("model"):
            out.add(str(i.get("task") or "inference"))
        if i.get("vary") == "task":
            out |= {str(v) for v in i.get("values") or []}
    return out


def task_not_sized(sentence: str, facts: list[dict]) -> list[str]:
    """GB figures whose nearest task name in their clause (either side) names a task no fact sized."""
    sized = _sized(facts)
    if not sized:
        return []
    names = [(m.start(), m.end(), task) for task, pat in _TASKS for m in pat.finditer(sentence)]
    out = []
    for n in nums.parse(sentence):
        if n.kind != "gb":
            continue
        near = [(a - n.end if a >= n.end else n.start - b, task) for a, b, task in names
                if (a >= n.end and a - n.end <= _NEAR and not _CUT.search(sentence[n.end:a])) or
                (b <= n.start and n.start - b <= _NEAR and not _CUT.search(sentence[b:n.start]))]
        if near and (task := min(near)[1]) not in sized:
            out.append(f"task: {task} {n[0]}")
    return out


# a clause's end between the figure and the name, or a contrast after a comma (", а LoRA …", ", so LoRA …")
_CUT = re.compile(r"[;—–]|\.\s|,\s*(?:а|но|зато|поэтому|так что|but|so|while|whereas)\b", re.I)


# the few-shot's closing advice, copied where it is false: "Берите LoRA, чтобы дообучение уместилось на одной карте"
# with LoRA's 32,72 ГБ against a 3090's 25,77 (the real model at the 43rd pass)
_FITS = re.compile(r"\b(?:уместил\w*|уместит\w*|помест\w*|влез\w*|fits?|fitting)\b", re.I)
# the fit said negated, asked, wished or on a condition ("doesn't fit", "не сможет уместиться", "влезет ли",
# "чтобы LoRA поместилась, нужна карта на 48 ГБ"): no claim that it fits
_NOT_SAID = re.compile(r"\bне\b|\bнет\b|\bnot\b|n't\b|\bcannot\b|\bnever\b|\bесли\b|\bif\b|\bwhether\b", re.I)
# a purpose with the task inside it is a wish ("чтобы LoRA поместилась, нужна …"); "берите LoRA, чтобы дообучение
# уместилось" still says LoRA fits
_PURPOSE = re.compile(r"\bчтоб\w*|\bso that\b|\bto make\b", re.I)


def task_fit_contradicted(sentence: str, facts: list[dict]) -> list[str]:
    """A task said to fit on the card when the turn's own table of tasks gives it more than the card holds."""
    card = max([(f.get("output") or {}).get("gpu_vram_bytes") or 0 for f in facts if f.get("tool") == "fit"] or [0])
    need = {str(b.get("task")): b.get("per_gpu_bytes") or 0 for f in facts if f.get("tool") == "variants"
            for b in (f.get("output") or {}).get("breakdowns") or []}
    if not card or not need:
        return []
    names = [(m.start(), m.end(), task) for task, pat in _TASKS for m in pat.finditer(sentence)]
    out = []
    for fit in _FITS.finditer(sentence):
        clause_start = max([m.end() for m in _CUT.finditer(sentence[:fit.start()])] or [0])
        before = sentence[max(clause_start, fit.start() - 30):fit.start()]
        purpose = list(_PURPOSE.finditer(sentence[:fit.start()]))
        wished = bool(purpose) and any(purpose[-1].end() <= a < fit.start() for a, _, _ in names)
        if _NOT_SAID.search(before) or wished or re.match(r"\s+ли\b", sentence[fit.end():]) or \
                sentence.rstrip().endswith("?"):
            continue
        near = [(a - fit.end() if a >= fit.end() else fit.start() - b, task) for a, b, task in names
                if not _CUT.search(sentence[min(b, fit.end()):max(a, fit.start())])]
        if near and (task := min(near)[1]) in need and need[task] > card:
            out.append(f"task fit: {task}")
    return out
