"""What the model reads of the computed block (assistant.prompt.compact): the verdict and its main
parts, no customer-facing hints or markup. The old cut kept the first and last lines, so the model
read the hint to the customer and lost the weights, the KV cache and the power peak."""
import pytest

from assistant.prompt import (ANSWER_IN, CASES, FEW_SHOT, MAX_FACT_LINES, THIRD, case_of, compact, static_messages,
                              user_message)
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
    # the card size and the total are in the fit line: said once, fewer tokens to prefill
    # inference is what a scenario without a task sizes: said by no word (a word of the first wait)
    assert lines[0] == "Считаю для: Llama 3 8B · FP16 · контекст 8 192"
    assert "Веса модели: 16,06" in lines and "KV-кэш: 1,07" in lines and "Итого: 23,71" not in lines
    # the card named by its size alone is its size: the name only repeats the question
    assert lines[-1] == "Карта 25,77 ГБ: нужно 23,71 ГБ — помещается, свободно 2,05 ГБ"
    assert not any(x in text for x in ("Поменять", "по умолчанию", "**", "|", "✅", "Расчёт памяти"))
    assert len(lines) <= MAX_FACT_LINES
    assert "Активации и буферы: 1,20" not in lines  # 5 % of the need: no reason, the need includes it


def test_the_longest_context_is_left_out_when_it_is_the_one_asked_for():
    longest = "\n\nСамый длинный контекст на этих картах (FP16): {} токенов (максимум модели)\n\nПользователей одновременно при этом контексте: до 2"
    assert "Самый длинный" not in compact(FIT + longest.format("8 192"))  # nothing longer to offer
    assert "Самый длинный контекст (FP16): 16 384 токенов" in compact(FIT + longest.format("16 384"))
    assert "Пользователей одновременно: до 2" in compact(FIT + longest.format("8 192"))


def test_power_keeps_peak_and_psu_not_connectors_or_options():
    text = compact(POWER)
    assert "System (peak): 2300–2500" in text and "Recommended PSU: 1×3000 W, 80 PLUS Titanium." in text
    assert "GPUs: 1800" in text
    assert not any(x in text for x in ("Options", "connectors", "PCIe", ": W "))


def test_a_comparison_gives_each_cards_merits_and_its_verdict_rows():
    text = compact(COMPARE)
    # the model read "больше … (768 vs 1 008)" off the raw rows; the merit lines state each direction, card by card
    assert "Плюсы RTX 4090: выше пропускная способность памяти (1 008 против 768 ГБ/с)" in text
    assert "Лицензия: RTX A6000 для серверов; RTX 4090 GeForce: не для дата-центра" in text
    assert "Разъёмы" not in text and "Цена карты, $:" not in text


def test_a_configuration_table_gives_its_top_row_labelled():
    text = compact(RECOMMEND)
    assert "8 × RTX 5090: VRAM всего 274,88; на карту 33,18; Цена GPU, $ 16 000–20 000" in text
    assert "A100" not in text


def test_the_start_asks_for_the_next_step_the_verdict_allows_and_the_turn_ends_short():
    # with one "what to do next" the model copied "quantise it" under answers that fit
    short = "Карта: 1 × RTX 4090 (25,77 ГБ на карту) — нужно 41,55 ГБ на карту: не помещается, не хватает 15,78 ГБ"
    assert case_of(compact(FIT)) == "fits" and case_of(short) == "short"
    assert case_of("Card «24 GB» (25.77 GB): needs 30.10 GB — does not fit, short by 4.33 GB") == "short"
    for case in ("fits", "short"):
        system = static_messages(False, "ru", case)[0]["content"]
        assert THIRD[case] in system and THIRD["fits" if case == "short" else "short"] not in system
    assert "Sentence 3: one practical next step" in static_messages(False, "en", "power")[0]["content"]
    # the language first, with the question's label: the saved start holds it, so it costs the first word nothing
    assert user_message("Хватит ли 24 ГБ?", FIT, [], "ru").startswith(ANSWER_IN["ru"] + "\nQUESTION: Хватит ли 24 ГБ?")
    # a second try ends with the language again, after the note in English ("Конечно, вот правильный ответ:" without)
    retry = user_message("Хватит ли 24 ГБ?", FIT, [], "ru", correction="Your previous answer mixed languages.")
    assert retry.endswith("Your previous answer mixed languages.\n\n" + ANSWER_IN["ru"])


def test_side_by_side_replaces_the_single_scenario_rows_and_drops_rows_that_do_not_change():
    block = ("**Считаю для:** Llama 3 8B · инференс · FP16 · контекст 32 768\n\n"
             "| Часть | ГБ |\n|---|---:|\n| Веса модели | 16,06 |\n| KV-кэш | 4,29 |\n| **Итого** | **27,58** |\n\n"
             "**Что меняется, ГБ** — Llama 3 8B\n\n| Часть | контекст 8 192 | контекст 32 768 |\n|---|---:|---:|\n"
             "| Веса модели | 16,06 | 16,06 |\n| KV-кэш | 1,07 | 4,29 |\n| Активации и буферы | 1,20 | 1,20 |\n"
             "| **Итого** | **23,71** | **27,58** |")
    lines = compact(block).splitlines()
    assert lines == ["Считаю для: Llama 3 8B · FP16 · контекст 32 768",
                     "Веса модели: контекст 8 192 16,06; контекст 32 768 16,06",  # unchanged, but the reason
                     "KV-кэш: контекст 8 192 1,07; контекст 32 768 4,29",
                     "Итого: контекст 8 192 23,71; контекст 32 768 27,58"]


def test_each_worked_turn_is_the_case_its_facts_give_and_every_case_has_a_start_in_both_languages():
    for question, _answer, lang, case in FEW_SHOT:
        facts = question.split("FACTS:\n")[1].split("\n\nSOURCES")[0]
        asked = question.split("\n\n")[0].removeprefix("QUESTION: ")  # "how many cards" is a case of the question
        assert case_of("" if facts.startswith("(no calculation") else facts, asked) == case, question
    for lang in ("ru", "en"):
        for case in CASES:
            turns = [m["content"] for m in static_messages(False, lang, case)[1:] if m["role"] == "user"]
            assert turns and all(t.startswith(ANSWER_IN[lang] + "\nQUESTION: ") and "Считаю для:" not in t for t in turns), (lang, case)


def test_an_answer_that_fits_is_shown_the_fitting_turn_only():
    # the small model copies the nearest worked turn: "quantise it" under an answer that fits came from there
    assert case_of(compact(FIT)) == "fits" and case_of(compact(POWER)) == "power"
    assert case_of(compact(RECOMMEND)) == "config" and case_of(compact(COMPARE)) == "compare"
    start = "\n".join(m["content"] for m in static_messages(False, "ru", "fits"))
    assert "Gemma 2 9B" in start and "RTX 3060" not in start and "Llama-3-70B" not in start


def test_memory_parts_are_given_largest_first():
    """For 30 users the KV cache outweighs the weights; the model names the first part "the largest"."""
    from assistant.prompt import compact
    computed = ("**Расчёт памяти** — Qwen2.5 14B\n\n| Часть | ГБ |\n|---|---:|\n| Веса модели | 29,54 |\n"
                "| KV-кэш | 48,32 |\n| Активации и буферы | 2,22 |\n| **Итого** | **97,60** |\n")
    lines = compact(computed).splitlines()
    assert lines.index("KV-кэш: 48,32") < lines.index("Веса модели: 29,54") < lines.index("Активации и буферы: 2,22")
    assert lines[-1] == "Итого: 97,60"  # the total keeps its place


def test_a_cards_price_is_kept_in_its_spec_facts():
    """A card's entry has more rows than the model reads; the price was the last and was cut, so "Сколько
    стоит H100?" was explained as "Стоит H100 80GB: 989,4 TFLOPS" (the guard dropped it: no price left)."""
    spec = render(compute(Scenario(gpu="h100-sxm"), "gpu_info").facts, "ru")
    text = compact("**Считаю для:** H100 80GB\n\n" + spec)
    assert len(text.splitlines()) <= MAX_FACT_LINES
    assert "Цена карты: ~25 000–30 000 $" in text
    assert "VRAM: 80 ГиБ HBM3 (85,90 ГБ)" in text


def test_the_models_sources_do_not_run_a_heading_into_the_next_line():
    from assistant.prompt import user_message
    from assistant.types import Source
    src = Source(id="guide#1", title="Гайд", text="## Модели 7–13B: хватает\nДля них подойдёт одна карта.", trusted=True)
    msg = user_message("вопрос", "", [src], "ru", passage_chars=400)
    assert "хватает. Для них" in msg and "хватает Для" not in msg


SHORT_OF_FIVE = ("Считаю для: Qwen2.5 72B · инференс · INT8 · контекст 8 192\nВеса модели: 77,35\nКарта: RTX 4090 "
                 "(25,77 ГБ) — нужно 103,79 ГБ: не помещается, не хватает 78,02 ГБ\nМинимум карт: 5")


@pytest.mark.parametrize("question", ["сколько карт 4090 нужно под квен 72б в int8?", "сколько нужно видеокарт",
                                      "сколько 4090 нужно под 72b", "How many 4090s do I need?",
                                      "how many RTX 4090 cards for qwen 72b"])
def test_how_many_cards_is_answered_with_the_count(question):
    assert case_of(SHORT_OF_FIVE, question) == "count"


@pytest.mark.parametrize("question", ["влезет ли квен 72б на 4090?", "сколько стоит 4090", "сколько памяти нужно",
                                      "how much memory does it need"])
def test_other_questions_keep_the_fit_case(question):
    assert case_of(SHORT_OF_FIVE, question) == "short"


def test_one_card_enough_is_no_count_case():
    assert case_of(SHORT_OF_FIVE.replace("Минимум карт: 5", "Минимум карт: 1"), "сколько карт нужно") == "short"


def test_the_count_case_has_its_worked_turns_and_third_sentence():
    for lang in ("ru", "en"):
        msgs = static_messages(False, lang, "count")
        assert len(msgs) == 3 and THIRD["count"] in msgs[0]["content"]
        assert msgs[2]["content"].startswith(("Нужно минимум", "You need at least"))


def test_the_minimum_keeps_its_cards_name_beside_a_configuration_of_another_card():
    # a review at dd472e8: "сколько 3090 нужно под лламу 70б" with "Минимум карт: 3" beside "3 × RTX 4090: …" in the
    # facts was answered "Нужно минимум 3 карты RTX 4090"
    computed = ("**Считаю для:** Llama 3.3 70B · инференс · INT4 · контекст 32 768 · RTX 3090\n\n"
                "Карта: 1 × RTX 3090 (25,77 ГБ на карту) — нужно 67,01 ГБ на карту: ❌ не помещается, не хватает 41,24 ГБ\n\n"
                "Минимум карт RTX 3090: **3**")
    assert "Минимум карт RTX 3090: 3" in compact(computed)


SPEED_FACTS = ("Считаю для: Llama 3.1 8B · инференс · INT4 · контекст 8 192\nКарта: RTX 3060 12GB (12,88 ГБ) — нужно "
               "9,18 ГБ: помещается, свободно 3,71 ГБ\nСкорость (оценка сверху) — 1 × RTX 3060 12GB, движок llama.cpp: "
               "генерация, ток/с на пользователя ≈ 44")


def test_a_speed_line_makes_the_speed_case_and_is_never_cut():
    assert case_of(SPEED_FACTS, "скорость ламы 8б в q4 на 3060") == "speed"
    crowded = ("**Считаю для:** x\n\nИтого: 39,06\n\nКарта: 2 × RTX 3090 (25,77 ГБ на карту) — нужно 20,51 ГБ на карту: "
               "помещается, свободно 5,26 ГБ\n\nМинимум карт RTX 3090: 2\n\nСамый длинный контекст (INT4): 14 885 токенов\n\n"
               "Пользователей одновременно: до 9\n\nЕсли квантовать: Q2_K — нужно 15 ГБ: помещается\n\n"
               "**Скорость (оценка сверху)** — 2 × RTX 3090, движок llama.cpp: генерация, ток/с на пользователя ≈ 22")
    assert "Скорость (оценка сверху)" in compact(crowded)
    msgs = static_messages(False, "ru", "speed")
    assert THIRD["speed"] in msgs[0]["content"] and msgs[2]["content"].startswith("Генерация")


# a probe at 4ff1afb ("бп хватит 1200 на 4080 супер и райзен"): the model said the customer's 1200 W "хватит" where
# the table says "впритык". Its verdict line is kept first and the answer gets the own-PSU worked turn; the line's
# wording lost ", запаса нет)" to a YAML flow mapping's comma.
@pytest.mark.parametrize("lang,psu,verdict", [("ru", 1200, "впритык (пик покрывает, запаса нет)"),
                                              ("en", 1600, "tight (covers the peak, no headroom)")])
def test_the_customers_psu_verdict_is_kept_and_chooses_its_own_worked_turn(lang, psu, verdict):
    gpu, count = ("rtx-4080-super", 1) if lang == "ru" else ("rtx-3090", 2)
    block = render(compute(Scenario(gpu=gpu, gpu_count=count, psu_w=psu), "power").facts, lang)
    assert verdict in block
    text = compact(block)
    assert len(text.splitlines()) <= MAX_FACT_LINES and verdict in text
    assert case_of(text) == "own_psu"
    assert case_of(compact(render(compute(Scenario(gpu=gpu, gpu_count=count), "power").facts, lang))) == "power"


@pytest.mark.parametrize("question", ["скок карт 4090 надо под ламу 70б", "сколько 4090 надо под ламу 70б",
                                      "how many 4090s for llama 70b"])
def test_slang_how_many_is_a_count_question(question):
    facts = "Минимум карт RTX 4090: 8"
    assert case_of(facts, question) == "count"


def test_a_comparison_with_a_model_is_the_compare_turn_not_one_model_at_two_values():
    # "Карт для модели: RTX 4090 3; RTX 3090 3" has the shape of a side-by-side of one model (a probe at 47d20ec)
    facts = ("Лицензия: RTX 4090 GeForce: не для дата-центра; RTX 3090 GeForce: не для дата-центра\n"
             "Модель на одной карте: RTX 4090 нет; RTX 3090 нет\nКарт для модели: RTX 4090 3; RTX 3090 3\n"
             "- 2 × RTX 4090: не помещается, нужно от 3; 4 × RTX 3090: помещается\n"
             "Плюсы RTX 4090: выше FP16 (165,2 против 71,0 TFLOPS)\nПлюсы RTX 3090: ниже потребление (350 против 450 Вт)")
    assert case_of(facts) == "compare"
    assert case_of("Веса модели: FP16 16,06; INT4 4,66\nИтого: FP16 23,71; INT4 9,18") == "values"
