"""Issue 14: a Russian question gets a Russian computed block. Product names (cards, models, servers,
platform vendors), units written the international way (TFLOPS, PCIe x16), precisions and command
lines stay as they are; any other Latin word (W, GB, GiB, 'dual', 'one socket', 'RAM bandwidth',
'redundant' ...) is an English leftover. Computed block only, no model, no retrieval."""
from __future__ import annotations

import re

import pytest

from assistant.service import Assistant, Conversation
from assistant.settings import RetrievalSettings, Settings
from tools.catalog import load_catalog

QUESTIONS_RU = [
    "бп под восемь h100",
    "какой блок питания нужен для четырёх RTX 5090?",
    "питание для 4 карт A6000",
    "Сервер HUANANZHI DeepSeek с двумя 4090 и 512 ГБ — пойдёт ли DeepSeek R1 в Q4, если экспертов держать в "
    "оперативке, и с какой скоростью?",
    "DeepSeek R1 только на процессоре, 512 ГБ оперативки, без видеокарт — какая скорость?",
    "qwen3-30b-a3b на 3060 12 гб, эксперты в оперативке 64 гб",
    "соберу сервер на 4 rtx 4090, какая платформа и сколько линий pcie",
    "что посоветуешь под llama 3.1 70b в fp16 на 10 пользователей?",
    "какую конфигурацию взять для DeepSeek R1 в Q4?",
    "сколько токенов в секунду даст llama 3.1 8b на 4090 в q4?",
    "llama 3.1 70b в fp8 на двух h100 через vllm, скорость",
    "DeepSeek R1 на восьми H200 через vllm в fp8, какая скорость на 64 пользователя?",
    "сравни 4090 и 5090",
    "что запустится на двух 3090?",
    "характеристики H100",
    "хватит ли 24 гб для gemma 3 27b с контекстом 32к",
    "есть две 4090, сколько докупить для llama 3 70b fp16",
    "сколько памяти для полного дообучения llama 3.1 8b",
]

# international abbreviations and vendor words a Russian engineer writes in Latin letters
ALLOWED = {
    "gpu", "cpu", "vram", "pcie", "nvme", "nvlink", "nvswitch", "sxm", "hgx", "dgx", "numa", "kv", "cuda", "moe",
    "tflops", "tdp", "ecc", "mig", "eps", "pin", "plus", "titanium", "geforce", "lora", "qlora", "adam",
    "xeon", "epyc", "threadripper", "pro", "wx", "scalable", "huananzhi", "deepseek", "llama", "vllm", "sglang",
}
# compound product / standard names and command lines, removed before the words are looked at
KEPT = [r"\(llama\.cpp[^)]*\)", r"llama\.cpp", r"12VHPWR", r"12V-2x6", r"\d+-pin", r"x16", r"W-3400", r"E5 v3/v4",
        r"X99", r"C612", r"AM5", r"LGA1700", r"DDR[45]", r"GDDR\d\w*", r"HBM\d\w*", r"N\+\d", r"\b\d+(?:[.,]\d+)?B\b",
        r"\b(?:INT|FP|Q)\d\w*", r"\bEXL2\w*", r"\b(?:AWQ|GPTQ|NF4|MXFP4|NVFP4)\b", r"\d+0\d\dWX"]


def _names() -> list[str]:
    c = load_catalog()
    names = {n for x in [*c.gpus, *c.models] for n in [x.name, *x.aliases]} | {s.name for s in c.servers}
    return sorted((n for n in names if re.search(r"[A-Za-z]", n)), key=len, reverse=True)


NAMES = _names()


def english_words(text: str) -> list[str]:
    for name in NAMES:
        text = re.sub(re.escape(name), " ", text, flags=re.IGNORECASE)
    for pattern in KEPT:
        text = re.sub(pattern, " ", text)
    return sorted({w for w in re.findall(r"[A-Za-z]+", text) if w.lower() not in ALLOWED})


class _NoRetrieval:
    def search(self, text: str, k: int = 6, language: str | None = None) -> list:
        return []


@pytest.fixture(scope="module")
def assistant(tmp_path_factory):
    settings = Settings(retrieval=RetrievalSettings(data_dir=tmp_path_factory.mktemp("kb")))
    return Assistant(settings, backend=None, retriever=_NoRetrieval())


@pytest.mark.parametrize("question", QUESTIONS_RU)
def test_russian_computed_block_has_no_english_words(assistant, question):
    res = assistant.ask(Conversation(), question, use_llm=False)
    assert res.language == "ru" and res.computed
    assert english_words(res.computed) == [], res.computed


def test_the_check_finds_english_in_an_english_answer(assistant):
    res = assistant.ask(Conversation(), "PSU for eight H100", use_llm=False)
    found = english_words(res.computed)
    assert {"W", "redundant", "Recommended"} <= set(found)


def test_psu_platforms_and_bottleneck_read_in_russian(assistant):
    power = assistant.ask(Conversation(), "бп под восемь h100", use_llm=False).computed
    assert "6×3300 Вт (N+2, с резервом)" in power and " W" not in power
    build = assistant.ask(Conversation(), "питание для 4 карт A6000", use_llm=False).computed
    assert "2 × EPYC 9004" in build and "Xeon W-3400 (один сокет)" in build and "4-го поколения" in build
    hybrid = assistant.ask(Conversation(), QUESTIONS_RU[3], use_llm=False).computed
    assert "2 × Xeon E5 v3/v4 (X99 / C612)" in hybrid and "CPU (пропускная способность ОЗУ)" in hybrid
    assert "ОЗУ 512 ГБ" in hybrid and "354,57 ГБ" in hybrid and "512 ГБ DDR4" in hybrid


def test_speed_note_quotes_the_calibrated_shortfall_for_the_runtime(assistant):
    from tools.calibration import ceiling_shares

    lo, hi = ceiling_shares()["vllm MoE"]
    moe = assistant.ask(Conversation(), QUESTIONS_RU[11], use_llm=False).computed
    assert f"vllm (MoE-модели) реальные прогоны дают {round(lo * 100)}–{round(hi * 100)} % потолка" in moe
    dense = assistant.ask(Conversation(), QUESTIONS_RU[9], use_llm=False).computed
    assert "llama.cpp (плотные модели) реальные прогоны дают" in dense


def test_russian_server_passages_have_no_english_prose():
    """The catalog's server passages are what a Russian customer reads under the sources: form factor,
    CPUs, RAM, interconnect and price come from the server's `ru` fields, not the English ones."""
    from knowledge.documents import catalog_documents

    ru = [d for d in catalog_documents().documents if d.id.startswith("server-") and not d.id.endswith("-en")]
    assert len(ru) == len(load_catalog().servers)
    for doc in ru:
        text = re.sub(r"также: [^;]*;", " ", doc.text)  # the aliases are names customers type, in any script
        text = re.sub(r"\b\d+U\b|\bRTX\b|\bIntel\b|LGA\d+-\d|ECC/REG|Platinum|\b\d{4}CL?\b|ConnectX-\d|\bML\b", " ", text)  # rack units, series, vendor, standards
        assert english_words(text) == [], (doc.id, english_words(text))
