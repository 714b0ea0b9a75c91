"""The first reader's cases, kept as regressions of the new one: many phrasings, Russian and English,
and carry-over between turns."""
import pytest

from assistant.reading import read
from assistant.scenario import Scenario
from tools.text import detect_language


def merge(previous, reading):
    from assistant.scenario import merge as fold

    return fold(previous, reading.scenario, reading.new_model)


@pytest.mark.parametrize("text,expected", [
    ("Хватит ли одной карты на 24 ГБ для Llama-3-8B?", {"model": "llama-3-8b", "card_vram_gb": 24, "gpu_count": 1}),
    ("Хочу запустить Llama-3-70B для 20 сотрудников с контекстом 16k", {"model": "llama-3-70b", "users": 20, "context": 16384, "task": "inference"}),
    ("лама 3 70B в 4 бита на двух 3090", {"model": "llama-3-70b", "precision": "int4", "gpu": "rtx-3090", "gpu_count": 2}),
    ("qwen 2.5 7b Q4_K_M", {"model": "qwen2.5-7b", "precision": "Q4_K_M"}),
    ("Llama-3.1-70B-Instruct fp8 32 тыс. токенов", {"model": "llama-3.1-70b", "precision": "fp8", "context": 32768}),
    ("llama3 70b on 4x A100, context 8192", {"model": "llama-3-70b", "gpu": "a100-sxm-80gb", "gpu_count": 4, "context": 8192}),
    ("какой БП на 4×4090?", {"gpu": "rtx-4090", "gpu_count": 4}),
    ("четыре 4090-х", {"gpu": "rtx-4090", "gpu_count": 4}),
    # "смал" (small, typed in Russian) was read as Mistral 7B, silently (closing review, never in a corpus)
    ("хватит ли моей 3090 для мистраля смал в кью4 контекст тридцать две тыщи",
     {"model": "mistral-small-3.2", "precision": "int4", "gpu": "rtx-3090", "context": 32768}),
    ("две H100", {"gpu": "h100-sxm", "gpu_count": 2}),
    ("8 H100 SXM для DeepSeek-R1", {"model": "deepseek-r1", "gpu": "h100-sxm", "gpu_count": 8}),
    ("Mixtral 8x7B на 2x A100", {"model": "mixtral-8x7b", "gpu_count": 2}),
    ("дообучить 70B через LoRA", {"params_b": 70, "task": "lora"}),
    ("QLoRA for llama3 8b on a 24GB card", {"model": "llama-3-8b", "task": "qlora", "card_vram_gb": 24}),
    ("полное обучение Qwen2.5-14B", {"model": "qwen2.5-14b", "task": "full"}),
    ("fine-tune a 13B model", {"params_b": 13, "task": "full"}),
    ("70 млрд параметров в INT8", {"params_b": 70, "precision": "int8"}),
    ("Gemma 2 9B in bf16 with 8k context for 10 users", {"model": "gemma-2-9b", "precision": "bf16", "context": 8192, "users": 10}),
    ("сервер 2 млн ₽, облако 300 ₽/час, 400 часов в месяц", {"server_price": 2e6, "cloud_hourly": 300, "hours_per_month": 400, "currency": "₽"}),
    ("server $60k vs cloud $8 per hour", {"server_price": 60000, "cloud_hourly": 8, "currency": "$"}),
    ("RTX 5090 x2 for Llama 3 8B", {"model": "llama-3-8b", "gpu": "rtx-5090", "gpu_count": 2}),
])
def test_extracts_scenario(text, expected):
    s = read(text).scenario.model_dump()
    for k, v in expected.items():
        assert s[k] == v, (k, s)


@pytest.mark.parametrize("text,intent", [
    ("Хватит ли одной карты на 24 ГБ для Llama-3-8B?", "vram"),
    ("какой сервер для дообучения 70B через LoRA?", "recommend"),
    ("какой БП на 4×4090?", "power"),
    ("Which PSU for 8x H100?", "power"),
    ("свой сервер или облако — что выгоднее?", "cost"),  # the corpus labels own-vs-cloud as cost, numbers or not
    ("сервер 2 млн ₽, облако 300 ₽/час — что выгоднее?", "cost"),
    ("How fast will Llama 3 8B run on an L4?", "speed"),
    ("что такое MIG?", "knowledge"),
    ("Do I need NVLink for fine-tuning?", "knowledge"),
    ("оформить заявку", "handoff"),
    ("please have a manager contact me", "handoff"),
    ("какая погода в Москве?", "out_of_scope"),
    ("write me a poem about cats", "out_of_scope"),
    ("Привет", "greeting"),
    ("а с контекстом 32k?", "followup"),
    ("and for 10 users?", "followup"),
    ("а если на RTX 5090?", "followup"),
])
def test_intent(text, intent):
    assert read(text).intent == intent


def test_language():
    assert detect_language("Mixtral 8x7B на 2x A100") == "ru"
    assert detect_language("Will Qwen 2.5 7B fit on an RTX 4080?") == "en"


def test_follow_ups_carry_the_scenario():
    s = merge(None, read("Llama-3-70B для 20 сотрудников с контекстом 16k на 4 H100"))
    s = merge(s, read("а с контекстом 32k?"))
    assert (s.model, s.users, s.context, s.gpu, s.gpu_count) == ("llama-3-70b", 20, 32768, "h100-sxm", 4)
    s = merge(s, read("and for 10 users?"))
    assert (s.users, s.context) == (10, 32768)
    s = merge(s, read("а если на RTX 5090?"))
    assert s.gpu == "rtx-5090" and s.gpu_count is None and s.model == "llama-3-70b"


def test_new_model_keeps_the_setup():
    # seventy-second pass: a model in place of another is asked about the same people and context (had started anew)
    s = merge(None, read("Llama-3-70B для 20 сотрудников с контекстом 16k"))
    s = merge(s, read("а Qwen2.5-7B?"))
    assert s == Scenario(model="qwen2.5-7b", users=20, context=16384)


def test_unknown_names_are_not_guessed():
    s = read("Llama-7-900B на RTX 9090").scenario
    assert s.model is None and s.gpu is None


@pytest.mark.parametrize("text,expected", [
    ("QLoRA for llama3 8b on a 24GB card", {"card_vram_gb": 24, "gpu_count": None}),  # a card size is never a count
    ("Хочу запустить Llama-3-70B для 20 сотрудников", {"task": "inference"}),
    ("serve qwen3 32b to 40 people", {"task": "inference", "users": 40}),
    ("что за сервер HUANANZHI DeepSeek", {"server": "deepseek"}),
    ("сколько потребляет DGX H100", {"server": "dgx-h100", "gpu": None}),
    ("нужно 10 штук ферма 4U", {"server": "farm-4u4", "gpu_count": None}),
    ("две видеокарты по двадцать четыре гигабайта", {"gpu_count": 2, "card_vram_gb": 24}),
    ("квен тридцать два б", {"model": "qwen3-32b"}),
    ("128 гигов ddr4 и одна a4000", {"ram_gb": 128, "gpu": "rtx-a4000", "gpu_count": 1}),
    ("box has 256GB DDR5 and two 3090s", {"ram_gb": 256, "gpu_count": 2}),
    ("buy a box for 60k or rent at 6 bucks an hour", {"server_price": 60000, "cloud_hourly": 6, "context": None}),
    ("сервер предлагают за полтора миллиона, облако 250 р/час", {"server_price": 1.5e6, "cloud_hourly": 250}),
])
def test_second_pass(text, expected):
    s = read(text).scenario.model_dump()
    for k, v in expected.items():
        assert s[k] == v, (k, s)


@pytest.mark.parametrize("first,then,slot,value", [
    ("у меня шесть 3090, что можно завести", "а если ещё две добавлю", "gpu_count", 8),
    ("llama 3.3 70b на 30 юзеров", "а если пользователей будет вдвое больше", "users", 60),
    ("server $120k, cloud $9/hr, 200 hours per month", "what if usage doubles?", "hours_per_month", 400),
])
def test_relative_follow_ups(first, then, slot, value):
    from assistant.reading.relative import apply

    s = merge(None, read(first))
    r = read(then)
    assert r.intent == "followup" and r.relative
    assert getattr(apply(merge(s, r), r.relative), slot) == value
