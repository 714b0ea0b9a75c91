"""Two false claims the guard let through in the thirty-ninth stop's bench (report.json explanation.flagged): a fit
said beside a need larger than the card, and a least number of cards above the computed one."""
from assistant.checks.relations import fits_beyond_card, undersized
from tools.memory import MemoryRequest

ONE_4090 = [{"tool": "vram", "output": {"gpu_vram_bytes": 25769803776, "gpus": 1}}]
QWEN_32B_FP16 = MemoryRequest(model="qwen2.5-32b", precision="fp16", context=8192)  # 4 × RTX 4090 computed


def test_a_fit_said_beside_a_need_larger_than_the_card():
    said = ("Можно полностью дообучать модель на одной RTX 4090 только если использовать FP32-копию весов, тогда "
            "нужно 32,12 ГБ и она поместится, либо возьмите две такие карты.")
    assert fits_beyond_card(said, ONE_4090) == ["fit: 32,12 GB on 25.77 GB"]


def test_a_need_within_the_card_or_a_fit_denied_passes():
    assert fits_beyond_card("Нужно 20,1 ГБ, и модель поместится.", ONE_4090) == []
    assert fits_beyond_card("Нужно 146,49 ГБ, поэтому модель не поместится на одну карту.", ONE_4090) == []
    assert fits_beyond_card("It needs 40 GB and fits.", []) == []  # no card in the facts: nothing to hold it to


def test_a_least_number_of_cards_must_be_the_computed_one():
    said = "Потребуется минимум 5 карт RTX 4090, чтобы поместить модель Qwen2.5 32B в FP16 с контекстом 8 192."
    assert undersized(said, QWEN_32B_FP16) == ["config: at least 5 × RTX 4090, 4 computed"]
    assert undersized("Потребуется минимум 4 карты RTX 4090, чтобы поместить модель.", QWEN_32B_FP16) == []
    assert undersized("Возьмите 5 карт RTX 4090, чтобы поместить модель с запасом.", QWEN_32B_FP16) == []  # headroom
