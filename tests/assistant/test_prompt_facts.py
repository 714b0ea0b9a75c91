"""What the model reads of the computed block (assistant.prompt.compact): the verdict and its main
parts, no customer-facing hints or markup. The old cut kept the first and last lines, so the model
read the hint to the customer and lost the weights, the KV cache and the power peak."""
from assistant.prompt import MAX_FACT_LINES, compact
from assistant.scenario import Scenario
from assistant.turn.calculate import compute
from assistant.views import render

FIT = """**Считаю для:** Llama 3 8B · инференс _(по умолчанию)_ · FP16 _(по умолчанию)_ · контекст 8 192 _(по умолчанию)_ · польз. 1 _(по умолчанию)_ · карт 1 · память карты 24 ГБ · движок llama.cpp _(по умолчанию)_
Поменять любое значение можно словами («а если 4 штуки?», «а в Q4?») или кнопками под ответом.

**Расчёт памяти** — Llama 3 8B, FP16, инференс, контекст 8192 токенов, 1 польз. (ГБ = 10⁹ байт)

| Часть | ГБ |
|---|---:|
| Веса модели | 16,06 |
| KV-кэш | 1,07 |
| Активации и буферы | 1,20 |
| CUDA-контекст | 0,45 |
| Фреймворк | 1,50 |
| Запас | 3,43 |
| **Итого** | **23,71** |

Карта «24 ГБ» (= 24 ГиБ = 25,77 ГБ): нужно 23,71 ГБ — ✅ помещается, свободно 2,05 ГБ"""

POWER = """**Computed for:** RTX 4090 · cards 4

**Power** — 4 × RTX 4090

| | W |
|---|---:|
| GPUs | 1800 |
| CPUs (max) | 350 |
| Board, RAM, disks, fans | 350 |
| **System (peak)** | **2300–2500** |

Recommended PSU: **1×3000 W**, 80 PLUS Titanium. Options: 1×3000 W, 2×1600 W (shared load), 1×3300 W
- Power connectors: 4 × 12VHPWR — one 600 W cable per card, no daisy-chain
- PCIe: 4 × x16 = 64 lanes (96 with NVMe and network)"""

# the comparison as the view renders it today (its table and its "who leads" line)
COMPARE = "**Считаю для:** инференс · RTX A6000 / RTX 4090\n" + render(
    compute(Scenario(gpus=["rtx-a6000", "rtx-4090"]), "compare").facts, "ru")

RECOMMEND = """**Подходящие конфигурации**

| Конфигурация | VRAM всего | на карту | Цена GPU, $ |
|---|---:|---:|---:|
| 8 × RTX 5090 | 274,88 | 33,18 | 16 000–20 000 |
| 3 × A100 80GB | 257,70 | 85,23 | 30 000–45 000 |"""


def test_fit_keeps_verdict_and_main_parts_without_hint_or_markup():
    text = compact(FIT)
    lines = text.splitlines()
    assert lines[0] == "Считаю для: Llama 3 8B · инференс · FP16 · контекст 8 192 · память карты 24 ГБ"
    assert "Веса модели: 16,06" in lines and "KV-кэш: 1,07" in lines and "Итого: 23,71" in lines
    assert lines[-1] == "Карта «24 ГБ» (25,77 ГБ): нужно 23,71 ГБ — помещается, свободно 2,05 ГБ"
    assert not any(x in text for x in ("Поменять", "по умолчанию", "**", "|", "✅", "Расчёт памяти"))
    assert len(lines) <= MAX_FACT_LINES


def test_power_keeps_peak_and_psu_not_connectors_or_options():
    text = compact(POWER)
    assert "System (peak): 2300–2500" in text and "Recommended PSU: 1×3000 W, 80 PLUS Titanium." in text
    assert "GPUs: 1800" in text
    assert not any(x in text for x in ("Options", "connectors", "PCIe", ": W "))


def test_a_comparison_gives_who_leads_and_its_verdict_rows():
    text = compact(COMPARE)
    # the model read "больше … (768 vs 1 008)" off the raw rows; the leaders line states each direction
    assert "выше пропускная способность памяти — RTX 4090 (1 008 против 768 ГБ/с)" in text
    assert "Лицензия: RTX A6000 для серверов; RTX 4090 GeForce: не для дата-центра" in text
    assert "Разъёмы" not in text and "Цена карты, $:" not in text


def test_a_configuration_table_gives_its_top_row_labelled():
    text = compact(RECOMMEND)
    assert "8 × RTX 5090: VRAM всего 274,88; на карту 33,18; Цена GPU, $ 16 000–20 000" in text
    assert "A100" not in text
