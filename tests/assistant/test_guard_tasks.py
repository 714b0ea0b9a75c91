"""A GB figure bound to a training task the turn did not size (assistant/checks/tasks.py)."""
import pytest

from assistant.checks.tasks import task_not_sized

LORA_VS_QLORA = [{"tool": "vram", "input": {"model": "llama-3.1-8b"}, "output": {}},
                 {"tool": "variants", "input": {"model": "llama-3.1-8b", "vary": "task", "values": ["lora", "qlora"]},
                  "output": {}}]
LORA_VS_FULL = [{"tool": "variants", "input": {"model": "llama-3.1-8b", "vary": "task", "values": ["lora", "full"]},
                 "output": {}}]


@pytest.mark.parametrize("sentence, facts, bad", [
    # the real model at the 43rd pass: 16,09 is LoRA's weights; full fine-tuning was never computed
    ("Потому что при LoRA основная модель заморожена: градиенты нужны только для адаптеров — 0,03 ГБ против 16,09 ГБ "
     "при полном дообучении.", LORA_VS_QLORA, True),
    ("Gradients take 0.03 GB with LoRA against 16.09 GB with full fine-tuning.", LORA_VS_QLORA, True),
    ("Gradients take 0.03 GB with LoRA against 16.09 GB with full fine-tuning.", LORA_VS_FULL, False),  # sized
    ("QLoRA требует 21,32 ГБ против 32,72 ГБ при LoRA.", LORA_VS_QLORA, False),
    ("LoRA needs 32.72 GB, far less than full fine-tuning would.", LORA_VS_QLORA, False),  # LoRA's figure
    ("QLoRA needs 21.32 GB.", LORA_VS_FULL, True),  # QLoRA not sized in this turn
])
def test_a_figure_for_a_task_not_sized(sentence, facts, bad):
    assert bool(task_not_sized(sentence, facts)) is bad


def test_no_facts_no_check():
    assert task_not_sized("LoRA needs 16 GB.", []) == []
