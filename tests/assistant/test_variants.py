"""Two values of one input set against each other ("при 32k, чем при 8k", "LoRA vs full") are both
meant: sized side by side. Without a comparing word two values still contradict and are asked."""
import pytest

from assistant.reading import read
from assistant.turn.framing import compared_values, frame
from tools.fit import compare_values
from tools.memory import MemoryRequest


def test_the_tool_sizes_each_value_and_only_the_kv_cache_grows_with_context():
    v = compare_values(MemoryRequest(model="llama-3-8b"), "context", [8192, 32768])
    a, b = v.breakdowns
    assert a.weights_bytes == b.weights_bytes and b.kv_cache_bytes == 4 * a.kv_cache_bytes


def test_lora_against_full_fine_tuning():
    fr = frame(read("Why does LoRA need less memory than full fine-tuning of Llama-3-8B?"), None, None)
    assert fr.variants == {"task": ["lora", "full"]}


@pytest.mark.parametrize("text, expected", [
    ("Why does Llama-3-8B need more memory at 32k context than at 8k?", {"context": [8192, 32768]}),
    ("llama 3 8b: сколько памяти при контексте 8 192, и сколько при 32 768 по сравнению?", {"context": [8192, 32768]}),
])
def test_two_contexts_against_each_other_are_both_sized(text, expected):
    fr = frame(read(text), None, None)
    assert fr.variants == expected and not any("context" in q or "контекст" in q for q in fr.questions)


def test_two_contexts_without_a_comparing_word_are_still_asked():
    r = read("llama 3 8b контекст 8к или 16к")
    assert compared_values(r) == {}
