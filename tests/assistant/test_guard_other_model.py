"""A model set against the one sized, that neither the facts nor the customer brought in, is no ground for a
comparison (explain-eval ru-fresh3-bureau-context at a891c50: "… нужно больше памяти, чем для Gemma 2 27B" for a
question about Llama 3.1 8B alone). The guard's check and the bench's twin, written apart, agree."""
import pytest

from assistant.checks.others import other_model_compared
from bench.strict_claims import unsized_model_compared

FACTS = [{"tool": "vram", "input": {"model": "llama-3.1-8b", "context": 131072}, "output": {}}]
ASKED = ["почему для llama 3.1 8b контекст 128к такой прожорливый по памяти"]


@pytest.mark.parametrize("text, customer, bad", [
    ("Для Llama 3.1 8B контекст 128к нужно больше памяти, чем для Gemma 2 27B.", ASKED, True),
    ("Llama 3.1 8B needs more memory at 128k than Qwen3 14B does.", ASKED, True),
    ("Для Llama 3.1 8B контекст 128к нужно больше памяти, чем для Gemma 2 27B.", ["сравни llama 3.1 8b и gemma 2 27b"],
     False),  # the customer named it
    ("KV-кэш Llama 3.1 8B на 128к больше, чем её веса.", ASKED, False),  # no other model
    ("Gemma 2 27B больше, чем Qwen3 14B.", ASKED, False),  # the sized model is not in it: not this check's
])
def test_a_model_nobody_sized_or_named_set_against_the_sized_one(text, customer, bad):
    assert bool(other_model_compared(text, FACTS, customer)) is bad
    assert bool(unsized_model_compared(text, FACTS, customer)) is bad


def test_a_model_the_facts_sized_may_be_compared():
    facts = FACTS + [{"tool": "vram", "input": {"model": "gemma-2-27b"}, "output": {}}]
    text = "Для Llama 3.1 8B нужно меньше памяти, чем для Gemma 2 27B."
    assert other_model_compared(text, facts, ASKED) == [] and unsized_model_compared(text, facts, ASKED) == []


# the real model at the 43rd pass, asked "lora or qlora for llama 8b on 4090?": the few-shot example's model
@pytest.mark.parametrize("text, texts, bad", [
    ("LoRA on Qwen2.5 7B fits the training on one RTX 4090 card, using 23.71 GB of memory.", "", True),
    ("LoRA on Llama 3.1 8B needs 32.72 GB, more than one RTX 4090 holds.", "", False),  # the model sized
    ("Если нужна модель крупнее, посмотрите Qwen3 14B.", "Qwen3 14B: 29,54 ГБ", False),  # in the trusted texts
    ("For a bigger model, Gemma 2 27B works well.", "", True),
])
def test_a_model_nobody_sized_named_or_quoted_is_not_said(text, texts, bad):
    from assistant.checks.others import model_not_here
    assert bool(model_not_here(text, FACTS, ["lora or qlora for llama 3.1 8b on 4090?"], texts)) is bad


def test_a_model_the_customer_named_may_be_said():
    from assistant.checks.others import model_not_here
    assert not model_not_here("Gemma 2 27B в q4 тоже влезет.", FACTS, ["а gemma 2 27b влезет?"], "")
