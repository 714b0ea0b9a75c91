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


@pytest.mark.parametrize("text, expected", [
    ("llama 3 8b в fp16 или q4 сколько памяти", ["fp16", "int4"]),
    ("хватит ли 4090 для qwen 14b в q8 или q4?", ["int8", "int4"]),
    ("llama 3 8b: q4 vs q8, what changes?", ["int4", "int8"]),
    ("чем q4 отличается от q8 для llama 3 8b", ["int4", "int8"]),
])
def test_two_precisions_offered_as_alternatives_are_both_sized(text, expected):
    fr = frame(read(text), None, None)
    assert fr.variants == {"precision": expected}
    assert fr.scenario.precision == expected[-1]  # the table under it is for the last, as for a context
    assert not any("точность" in q or "precision" in q for q in fr.questions)


def test_precisions_without_an_or_between_them_and_counts_with_one_are_still_asked():
    fr = frame(read("llama 3 8b fp16, а потом q4 на 4090"), None, None)
    assert "precision" not in fr.variants
    fr = frame(read("llama 3 8b 2 или 3 карты 4090?"), None, None)
    assert fr.variants == {} and any("«2», «3 карты»" in q for q in fr.questions)


def test_precisions_compared_with_no_model_are_the_subject_not_a_choice_to_ask_about():
    for text in ("чем q4 отличается от q8", "fp16 and bf16 whats the difference"):
        fr = frame(read(text), None, None)
        assert fr.questions == [] and fr.variants == {}, text


@pytest.mark.parametrize("text", ["сравни llama 3.1 8b и qwen3 14b по памяти",
                                  "compare llama 3.1 8b vs qwen3 14b memory at 32k context"])
def test_two_models_named_for_memory_are_sized_side_by_side(text):
    # (a review of the thirty-sixth stop: these had answered "назовите модель" with two models named)
    fr = frame(read(text), None, None)
    assert fr.variants == {"model": ["llama-3.1-8b", "qwen3-14b"]}
    assert (fr.intent, fr.scenario.model) == ("vram", "qwen3-14b")
    v = compare_values(MemoryRequest(model="qwen3-14b"), "model", fr.variants["model"])
    assert v.breakdowns[0].weights_bytes < v.breakdowns[1].weights_bytes  # 8B against 14.8B parameters


def test_two_models_asked_which_is_better_stay_a_knowledge_question():
    fr = frame(read("phi 4 или qwen3 14b что лучше для кода?"), None, None)
    assert "model" not in fr.variants and fr.intent == "knowledge"


def test_the_side_by_side_of_two_models_is_headed_by_their_names():
    from assistant.service import Assistant, Conversation

    answer = Assistant(backend=None).ask(Conversation(), "сравни llama 3.1 8b и qwen3 14b по памяти", use_llm=False).answer
    assert "| Часть | Llama 3.1 8B | Qwen3 14B |" in answer and "назовите модель" not in answer


def test_a_follow_up_after_the_side_by_side_sizes_both_models_again():
    # noticed at the thirty-ninth stop: "а в q4?" after the side-by-side had sized the last model only
    first = frame(read("сравни llama 3.1 8b и qwen3 14b по памяти"), None, None)
    then = frame(read("а в q4?"), first.scenario, first.intent)
    assert then.variants == {"model": ["llama-3.1-8b", "qwen3-14b"]} and then.scenario.precision == "int4"
    other = frame(read("а мистраль 7б?"), then.scenario, then.intent)  # another model named: one model again
    assert "model" not in other.variants and other.scenario.sized_models is None
    assert "sized_models" not in then.scenario.said()  # conversation memory, never a slot shown


def test_the_scenario_line_of_a_side_by_side_names_every_model_sized():
    # noticed at the fortieth stop: the "Считаю для" line had named only the last of the two models compared
    from assistant.service import Assistant, Conversation

    a, c = Assistant(backend=None), Conversation()
    first = a.ask(c, "сравни llama 3.1 8b и qwen3 14b по памяти", use_llm=False).answer.splitlines()[0]
    assert "Считаю для:** Llama 3.1 8B / Qwen3 14B" in first
    then = a.ask(c, "а в q4?", use_llm=False).answer.splitlines()[0]
    assert "Llama 3.1 8B / Qwen3 14B" in then and "INT4" in then
    one = a.ask(c, "а мистраль 7б?", use_llm=False).answer.splitlines()[0]
    assert "/" not in one.split("·")[0]


@pytest.mark.parametrize("again", ["сравните их между собой", "compare them"])
def test_compare_them_after_two_models_sized_compares_the_models(again):
    # "сравните их между собой" after two models had sized only the last model, under a card table
    first = frame(read("сколько памяти надо для llama 3.1 8b и qwen3 14b в q4?"), None, None)
    then = frame(read(again), first.scenario, first.intent)
    assert then.intent == "vram" and then.variants == {"model": ["llama-3.1-8b", "qwen3-14b"]}


def test_compare_them_after_cards_still_compares_the_cards():
    first = frame(read("сравни 4090 и a6000"), None, None)
    then = frame(read("сравните их между собой по скорости"), first.scenario, first.intent)
    assert then.intent == "compare" and "model" not in then.variants
