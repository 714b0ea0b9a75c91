"""A mixture of experts needs the memory of all its experts: the memory table says so from the
catalog's config figures, and the facts the model reads keep the line (the model had explained
Mixtral 8x7B's size by "extra activations and buffers": explain-eval ru-fresh2-mixtral-moe)."""
import pytest

from assistant.prompt import compact
from assistant.service import Assistant, Conversation
from assistant.settings import get_settings


def _computed(q: str) -> str:
    return Assistant(get_settings(), backend=None).ask(Conversation(), q, use_llm=False).computed


@pytest.mark.parametrize("q, line", [
    ("сколько памяти нужно mixtral 8x7b", "MoE: в памяти все эксперты (8) — 46,7 млрд параметров; на каждый токен работают 2"),
    ("how much vram for qwen3 30b a3b", "MoE: all 128 experts sit in memory, 30.5 B parameters; each token uses 8 of them (3.3 B)"),
])
def test_a_moe_models_table_says_all_experts_are_in_memory(q, line):
    assert line in _computed(q)


def test_a_dense_model_has_no_such_line():
    assert "MoE:" not in _computed("сколько памяти нужно llama 3 8b")


def test_the_model_reads_it_as_a_reason():
    assert "MoE: в памяти все эксперты (8)" in compact(
        _computed("почему mixtral 8x7b занимает столько видеопамяти если активных параметров там всего около 13b"))
