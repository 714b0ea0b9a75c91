"""Deterministic scenario extraction from Russian and English customer messages.

The small chat model invents values when asked to fill a JSON schema (Llama-3-70B became
"params_b: 32"), so the numbers path never depends on it: names come from the catalog's
alias index, quantities from patterns below. Follow-up messages ("а с контекстом 32k?")
only carry the fields they mention; `merge` folds them into the conversation's scenario.
"""
from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel

from tools import catalog
from tools.catalog import _norm

Intent = Literal["vram", "recommend", "power", "cost", "speed", "knowledge", "handoff", "greeting", "out_of_scope",
                 "followup", "gpu_info"]

NUM_WORDS = {
    "один": 1, "одна": 1, "одну": 1, "одной": 1, "одном": 1, "one": 1, "single": 1, "a": 1,
    "два": 2, "две": 2, "двух": 2, "двумя": 2, "пару": 2, "пара": 2, "two": 2, "pair": 2, "dual": 2,
    "три": 3, "трёх": 3, "трех": 3, "three": 3, "четыре": 4, "четырёх": 4, "четырех": 4, "four": 4, "quad": 4,
    "пять": 5, "five": 5, "шесть": 6, "six": 6, "восемь": 8, "восьми": 8, "eight": 8, "десять": 10, "ten": 10,
}
_TOKEN = re.compile(r"[\w.:+×\-/]+", re.UNICODE)


class Scenario(BaseModel):
    model: str | None = None  # catalog id
    params_b: float | None = None
    precision: str | None = None
    context: int | None = None
    users: int | None = None
    gpu: str | None = None  # catalog id
    gpu_count: int | None = None
    card_vram_gb: float | None = None  # "карта на 24 ГБ" without a model name
    task: Literal["inference", "lora", "qlora", "full"] | None = None
    server_price: float | None = None
    cloud_hourly: float | None = None
    hours_per_month: float | None = None
    currency: str | None = None

    def is_empty(self) -> bool:
        return not any(v is not None for v in self.model_dump().values())


class Extraction(BaseModel):
    scenario: Scenario
    intent: Intent
    language: Literal["ru", "en"]
    new_model: bool = False


def detect_language(text: str) -> Literal["ru", "en"]:
    letters = [c for c in text if c.isalpha()]
    cyr = sum("а" <= c.lower() <= "я" or c.lower() == "ё" for c in letters)
    return "ru" if cyr >= 2 else "en"  # Latin model/GPU names are common in Russian questions


def _index(items) -> dict[str, str]:
    idx: dict[str, str] = {}
    for it in items:
        for n in (it.id, it.name, *it.aliases):
            idx.setdefault(_norm(n), it.id)
    return idx


def _find_names(tokens: list[str], index: dict[str, str], max_len: int = 5) -> list[tuple[int, int, str]]:
    """Longest token windows whose normalised text is a catalog name: (start, end, id)."""
    found, i = [], 0
    while i < len(tokens):
        for j in range(min(len(tokens), i + max_len), i, -1):
            key = _norm(" ".join(tokens[i:j]))
            if key in index and (not key.isdigit() or len(key) >= 4):  # '8' alone is no name
                found.append((i, j, index[key]))
                i = j - 1
                break
        i += 1
    return found


_SIZE = re.compile(r"(?<![\w.])(\d+(?:[.,]\d+)?)\s*(?:b\b|b-|млрд|миллиард|billion|bn\b)", re.I)
_FAMILIES = {"llama": "llama", "лама": "llama", "ллама": "llama", "qwen": "qwen", "квен": "qwen",
             "mistral": "mistral", "gemma": "gemma", "phi": "phi", "deepseek": "deepseek", "дипсик": "deepseek"}


def _model(text: str, tokens: list[str]) -> tuple[str | None, float | None, list[tuple[int, int]]]:
    models = catalog.load_catalog().models
    hits = _find_names(tokens, _index(models))
    if hits:
        i, j, mid = hits[-1]  # the last model mentioned is the one asked about
        return mid, None, [(i, j)]
    m = _SIZE.search(text)
    if not m:
        return None, None, []
    size = float(m.group(1).replace(",", "."))
    low = text.lower()
    fam = next((f for k, f in _FAMILIES.items() if k in low), None)
    if fam:  # "Llama 70B": the newest catalog model of that family and size
        cands = [x for x in models if x.family.lower().startswith(fam) and abs(x.params_b - size) / size < 0.15]
        if cands:
            return cands[-1].id, None, []
    return None, size, []


_PREC = [
    (r"\bq[2-8]_k(?:_[sml])?\b|\biq4_(?:xs|nl)\b|\bq[458]_[01]\b", None),
    (r"\bfp32\b|\bfloat32\b", "fp32"), (r"\bbf16\b", "bf16"), (r"\bfp16\b|\bfloat16\b|\bf16\b|16[- ]?бит|16[- ]?bit", "fp16"),
    (r"\bfp8\b", "fp8"), (r"\bnf4\b", "nf4"), (r"\bint8\b|8[- ]?бит|8[- ]?bit", "int8"),
    (r"\bint4\b|4[- ]?бит|4[- ]?bit|\bawq\b|\bgptq\b|в 4 бита", "int4"),
]


def _precision(low: str) -> str | None:
    for pat, name in _PREC:
        m = re.search(pat, low)
        if m:
            return name or m.group(0).upper()
    return None


_K = r"(?:k|к|тыс\.?|тысяч\w*|thousand)"


def _context(low: str) -> int | None:
    m = re.search(rf"(\d+(?:[.,]\d+)?)\s*{_K}(?=[\s,.!?)]|$)(?!\s*(?:₽|руб|\$|usd|eur|€|долл))", low)
    if m:
        return int(round(float(m.group(1).replace(",", ".")) * 1024))
    m = re.search(r"(?:контекст\w*|context|ctx|окно\w*)\D{0,12}(\d{3,7})\b|\b(\d{3,7})\s*(?:токен\w*|tokens?)", low)
    if m:
        return int(m.group(1) or m.group(2))
    return None


_USERS = re.compile(r"(\d+)\s*(?:одновременн\w*\s*)?(?:пользовател\w*|сотрудник\w*|человек\w*|юзер\w*|клиент\w*|"
                    r"users?|people|employees|concurrent|seats|sessions?|запрос\w* одновременно|параллельн\w*)")


def _users(low: str) -> int | None:
    m = _USERS.search(low)
    if m:
        return int(m.group(1))
    m = re.search(r"(?:batch|батч\w*)\s*(\d+)", low)
    return int(m.group(1)) if m else None


def _count_before(tokens: list[str], i: int) -> int | None:
    for k in (i - 1, i - 2):
        if k < 0:
            return None
        t = tokens[k].lower()
        m = re.fullmatch(r"(\d+)[x×х]?", t)
        if m and 0 < int(m.group(1)) <= 1024:
            return int(m.group(1))
        if t in NUM_WORDS and t != "a":
            return NUM_WORDS[t]
        if t not in ("x", "×", "х", "карты", "карт", "gpu", "cards", "card", "видеокарты", "шт", "nvidia", "rtx"):
            return None
    return None


def _gpus(text: str, skip: list[tuple[int, int]], tokens: list[str]) -> tuple[str | None, int | None]:
    masked = [("" if any(a <= n < b for a, b in skip) else t) for n, t in enumerate(tokens)]
    # "4x4090", "4×H100" -> "4x", "4090"
    split: list[str] = []
    for t in masked:
        m = re.fullmatch(r"(\d{1,3})[x×х](\w.*)", t)
        split += [m.group(1) + "x", m.group(2)] if m else [t]
    split = [re.sub(r"-(?:я|й|х|ми|ю|ой|ые|ых)$", "", t) for t in split]  # "4090-я" -> "4090"
    hits = _find_names(split, _index(catalog.load_catalog().gpus), max_len=4)
    if not hits:
        return None, None
    i, _j, gid = hits[-1]
    count = _count_before(split, i)
    if count is None:
        m = re.search(r"(?:x|×)\s*(\d{1,2})\b", " ".join(split[_j:_j + 2]).lower())
        count = int(m.group(1)) if m else None
    return gid, count


def _card_count(low: str) -> int | None:
    m = re.search(r"(\d+|" + "|".join(NUM_WORDS) + r")\s*(?:видео)?(?:карт\w*|gpu\w*|гпу|видюх\w*|cards?|ускорител\w*)", low)
    if not m:
        return None
    w = m.group(1)
    return int(w) if w.isdigit() else NUM_WORDS.get(w)


def _card_vram(low: str) -> float | None:
    m = re.search(r"(?:карт\w*|gpu|видюх\w*|card)\s*(?:на|с|with|of)?\s*(\d{1,3})\s*(?:гб|gb|гиг\w*)", low) or \
        re.search(r"(\d{1,3})\s*(?:гб|gb|гиг\w*)\s*(?:карт\w*|gpu|видюх\w*|card|vram|видеопам\w*)", low)
    return float(m.group(1)) if m else None


def _task(low: str) -> str | None:
    if re.search(r"q-?lora|кулора|ку-лора", low):
        return "qlora"
    if re.search(r"\blora\b|\bлор\w*", low):
        return "lora"
    if re.search(r"полно\w* (?:до)?обуч\w*|full[- ]fine|full[- ]finetun|с нуля|from scratch|full training", low):
        return "full"
    if re.search(r"дообуч\w*|обуч\w*|fine-?tun\w*|файнтюн\w*|тренир\w*|\btrain\w*", low):
        return "full"
    if re.search(r"инференс|запуст\w*|запуск\w*|\brun\b|inference|serve|serving|чат-?бот", low):
        return "inference"
    return None


_MONEY = r"(\d[\d\s]*(?:[.,]\d+)?)\s*(?:(k|к|тыс\.?|млн|m)\s*)?(₽|руб\w*|\$|usd|долл\w*|€|eur\w*)"


_MONEY_PREFIX = r"(\$|€|₽)\s?(\d[\d,]*(?:\.\d+)?)\s*(k|m)?\b"
_SCALE = {"k": 1e3, "к": 1e3, "тыс": 1e3, "тыс.": 1e3, "млн": 1e6, "m": 1e6}


def _money(text: str, s: Scenario) -> None:
    low = text.lower()
    found = [(m.start(), m.end(), m.group(1), m.group(2), m.group(3)) for m in re.finditer(_MONEY, low)]
    found += [(m.start(), m.end(), m.group(2).replace(",", ""), m.group(3), m.group(1))
              for m in re.finditer(_MONEY_PREFIX, low)]  # "$60k", "€2.5/h"
    for _start, end, amount, scale, cur in sorted(found):
        value = float(amount.replace(" ", "").replace(",", ".")) * _SCALE.get(scale or "", 1)
        s.currency = "₽" if cur.startswith(("₽", "руб")) else ("€" if cur.startswith(("€", "eur")) else "$")
        tail = low[end:end + 14]
        if re.match(r"\s*(?:/|в|за|per|an|a)\s*(?:час|ч\b|hour|hr|h\b)", tail):
            s.cloud_hourly = value
        else:
            s.server_price = value
    m = re.search(r"(\d+)\s*(?:час\w*|hours?|h)\s*(?:в|per|a|/)\s*(?:месяц|month|мес)", low)
    if m:
        s.hours_per_month = float(m.group(1))


_INTENTS: list[tuple[Intent, str]] = [
    ("handoff", r"заявк|менеджер|свяжитесь|связаться|перезвон|позвоните|коммерческ\w* предложени|счёт на|"
                r"\bquote\b|contact me|call me|sales|talk to (?:a|your) manager|place an order|оформить заказ"),
    ("cost", r"облак|cloud|аренд|\brent|окуп|break-?even|pay off|выгодн|дешевле|cheaper|стоимость владения"),
    ("gpu_info", r"сколько стоит|\bцен[аеуы]\b|стоимость карт|стоимость видеокарт|\bprice\b|\bpriced\b|"
                 r"how much (?:does|is|are|do) [^?]{0,40}cost|\bcost of\b|характеристик|\bspecs?\b|\btdp\b|пропускн"),
    ("power", r"\bбп\b|блок\w* питани|\bpsu\b|power supply|питани|ватт|watt|мощност\w* (?:сервер|систем|бп)|"
              r"электропит|розетк|фаз|12vhpwr|\bpower\b"),
    ("speed", r"скорост|токенов в секунду|ток/с|tok/s|tokens? per second|how fast|насколько быстр|throughput"),
    ("recommend", r"какой сервер|какую карт|какие карт|какую видеокарт|что взять|что выбрать|посоветуй|подбер|"
                  r"recommend|which (?:gpu|server|card)|what (?:gpu|server|hardware)|what do i need|"
                  r"какое железо|какая конфигурац|сколько карт|how many (?:gpu|card)"),
    ("vram", r"хватит|поместит|влез|сколько (?:нужно )?(?:видео)?памят|сколько vram|how much (?:vram|memory)|"
             r"\benough\b|\bfit\b|fits|потянет|пойдёт ли|пойдет ли|запустится"),
]
_DOMAIN = re.compile(r"gpu|гпу|видеокарт|видюх|карт[аыуе]|vram|видеопам|памят|сервер|server|nvlink|нвлинк|cuda|"
                     r"lora|лора|llm|модел|model|нейросет|inference|инференс|обучен|train|kv|контекст|context|"
                     r"rtx|h100|a100|4090|5090|mig|охлажд|cooling|стойк|rack|pcie|nvme|озу|ram|драйвер|driver|"
                     r"vllm|ollama|tensorrt|docker|квантиз|quantiz|бп|psu|ватт|watt|облак|cloud|токен|token", re.I)
_GREETING = re.compile(r"^\s*(привет|здравствуй\w*|добрый (?:день|вечер)|hi|hello|hey)\W*$", re.I)


def _changes_parameter(s: Scenario) -> bool:
    return any(v is not None for k, v in s.model_dump().items() if k not in ("task", "currency"))


def extract(text: str) -> Extraction:
    low = text.lower()
    tokens = _TOKEN.findall(text)
    lang = detect_language(text)
    model, params_b, model_spans = _model(text, tokens)
    gpu, count = _gpus(text, model_spans, tokens)
    s = Scenario(model=model, params_b=params_b, precision=_precision(low), context=_context(low),
                 users=_users(low), gpu=gpu, gpu_count=count or (_card_count(low) if gpu or _card_vram(low) else None),
                 card_vram_gb=None if gpu else _card_vram(low), task=_task(low))
    _money(text, s)
    intent: Intent | None = next((name for name, pat in _INTENTS if re.search(pat, low)), None)
    if intent is None:
        if _GREETING.match(text):
            intent = "greeting"
        elif (s.model or s.params_b) and (s.gpu or s.card_vram_gb):
            intent = "vram"  # a model and a card: does it fit?
        elif s.model or s.params_b:
            intent = "recommend"
        elif _changes_parameter(s) and not re.search(
                r"что такое|what is|зачем|почему|why|как |how |нужен ли|нужно ли|обязательн|do i need|should i", low):
            intent = "followup"  # "а с контекстом 32k?": same question, changed parameter
        elif _DOMAIN.search(low) or not s.is_empty():
            intent = "knowledge"
        else:
            intent = "out_of_scope"
    if intent == "gpu_info" and not (s.gpu or s.model or s.params_b):
        intent = "knowledge"  # "сколько стоит сервер?": the guide answers, no card to look up
    if intent == "cost" and not (s.server_price and s.cloud_hourly):
        intent = "knowledge" if not (s.model or s.params_b) else intent
    return Extraction(scenario=s, intent=intent, language=lang, new_model=bool(s.model or s.params_b))


def merge(previous: Scenario | None, new: Extraction) -> Scenario:
    """Carry the conversation's scenario over; a new model name starts a new scenario."""
    if previous is None or (new.new_model and (new.scenario.model, new.scenario.params_b)
                            != (previous.model, previous.params_b)):
        return new.scenario
    fields = {k: v for k, v in new.scenario.model_dump().items() if v is not None}
    if "gpu" in fields and "gpu_count" not in fields:
        fields["gpu_count"] = None  # "а если на RTX 5090?": count is recomputed for the new card
    if "gpu" in fields:
        fields["card_vram_gb"] = None
    return previous.model_copy(update=fields)
