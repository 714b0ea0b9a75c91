"""General rules of the reader's fifteenth pass (issue 11, robustness to realistic variation: bench/perturb.py). Wordings
of their own; each rule has known-good inputs, near misses and guards ("..._still_..." / "..._not_..."), and a floor
holds the perturbation check's figures."""
from __future__ import annotations

import pytest

from assistant.reading import read
from assistant.reading.normalise import corrected, normalise
from assistant.scenario import Scenario
from assistant.reading.context import carry
from bench.understanding import dropped
from reading_helpers import first, talk


# ---------------------------------------------------------------- fillers taken out before reading
@pytest.mark.parametrize("text,clean", [
    ("ну привет", "привет"),
    ("короче, а если контекст 64к?", "а если контекст 64к?"),
    ("слушайте, сколько стоит h200", "сколько стоит h200"),
    ("а на типа двух?", "а на двух?"),
    ("сколько стоит одна типа h200", "сколько стоит одна h200"),
    ("so and with two of them?", "and with two of them?"),
    ("we have 8x like a100 40gb", "we have 8x a100 40gb"),
    ("price for 2 h100 please", "price for 2 h100"),
    ("типа здарова", "здарова"),
])
def test_filler_words_are_taken_out(text, clean):
    assert normalise(text)[0] == clean


@pytest.mark.parametrize("text", [
    "какого типа память нужна",  # the noun after a pronoun
    "два типа памяти",  # the noun agreeing with its numeral
    "I would like to run llama 8b",  # the verb
    "models like llama 70b",  # such as
    "something like 50 users",  # about
    "so far so good",
    "ну",  # nothing after it: left alone
])
def test_words_that_only_look_like_fillers_stay(text):
    assert normalise(text)[0] == text


@pytest.mark.parametrize("text,slot,value", [
    ("короче, нужно типа четыре карты 4090 под ламу 70б", "gpu_count", 4),
    ("ну на двадцать пользователей одновременно", "users", 20),
    ("like we need 64k context for qwen 32b", "context", 65536),
])
def test_a_filler_leaves_the_values(text, slot, value):
    r = read(text)
    assert getattr(r.scenario, slot) == value and dropped(r) == []


def test_spans_are_on_the_customers_own_text():
    text = "короче, на двух типа H100 ламу 70б влезет?"
    r = read(text)
    assert r.text == text and r.scenario.gpu_count == 2
    for group in r.spans.values():
        for s in group:
            assert text[s.start:s.end] == s.text  # mapped back through the cut
    assert [s.text for s in r.spans["gpu"]] == ["H100"]


def test_a_follow_up_is_carried_on_the_cleaned_words():
    s = talk("квен 32б на 4 карты 4090", "ну а на двух")
    assert s.gpu_count == 2 and s.users is None
    r = read("ну а на двух")
    r2 = carry(r, Scenario(model="qwen3-32b", gpu="rtx-4090", gpu_count=4))
    assert r2 is r and r.text == "ну а на двух"  # settled in place, the customer's words kept


# ---------------------------------------------------------------- a typo of a known word put right
@pytest.mark.parametrize("typo,word", [
    ("скольео", "сколько"),  # a key next to the one meant
    ("контекс", "контекст"),  # a letter left out
    ("контеккст", "контекст"),  # a letter doubled
    ("пользоватлей", "пользователей"),
    ("powrr", "power"),
    ("compsre", "compare"),
])
def test_a_typo_of_a_known_word_is_put_right(typo, word):
    assert corrected(typo) == word


@pytest.mark.parametrize("word", [
    "gain",  # "again": a slip keeps the first letter
    "till",  # "still"
    "plan",  # "plain": an English word of 4 letters is left alone (no dictionary says it is no word)
    "колабе",  # not "колбе": an extra letter must double one beside it or be a key next to it
    "олламе",  # the reader's own name for a runtime
    "контакт",  # a dictionary word
    "4090",  # never a number
    "видюха",  # slang of the lexicon
    "ламы",  # short words are left alone
])
def test_words_that_are_no_typos_stay(word):
    assert corrected(word.lower()) is None


@pytest.mark.parametrize("text,slot,value", [
    ("сколько памяти надо под ламу 70б с контекстм 32к", "context", 32768),
    ("на 20 пользоватлей одновременно квен 32б", "users", 20),
    ("how much vram for qwen 32b with 16k contxt", "context", 16384),
])
def test_a_typo_in_a_cue_word_keeps_its_value(text, slot, value):
    r = read(text)
    assert getattr(r.scenario, slot) == value and dropped(r) == []
    assert r.text == text


@pytest.mark.parametrize("text,intent", [
    ("скольео стоит h100", "gpu_info"),
    ("what's the idle powrr of an rtx a6000", "power"),
])
def test_a_typo_in_a_question_word_keeps_the_intent(text, intent):
    assert first(text).intent == intent


# ---------------------------------------------------------------- leftovers of the fourteenth pass
@pytest.mark.parametrize("text,model", [
    ("лламу три два три б на 4090 запустить", "llama-3.2-3b"),
    ("квен два пять семь б", "qwen2.5-7b"),
    ("лама три один восемь б", "llama-3.1-8b"),
])
def test_a_version_said_as_two_words_before_a_size(text, model):
    assert read(text).scenario.model == model


@pytest.mark.parametrize("text,model", [
    # 3.8 is no llama version: 3, then the size; Llama 3 8B as "лама 3 8б" is (fifty-fourth pass; fresh52's and
    # fresh58's labels; the sixth pass had read it as 3.1, the family's default)
    ("лама три восемь б", "llama-3-8b"),
    ("квен три четыре б", "qwen3-4b"),  # 3.4 is no qwen version
])
def test_two_number_words_that_are_no_version_stay_version_and_size(text, model):
    assert read(text).scenario.model == model


@pytest.mark.parametrize("text,model", [
    ("гемма три четыре б на 3060 пойдёт?", "gemma-3-4b"),
    ("гемма три 4б", "gemma-3-4b"),
    ("gemma 3 4b", "gemma-3-4b"),
])
def test_a_plain_version_keeps_to_its_own_line(text, model):
    assert read(text).scenario.model == model


def test_a_name_word_said_still_chooses_the_line():
    assert read("квен три кодер тридцать б а3б").scenario.model == "qwen3-coder-30b-a3b"  # guard


def test_enough_on_the_customers_own_card_is_whether_it_fits():
    s = talk("хочу зафайнтюнить квен три четыре б лорой")
    r = carry(read("на моей 3060 хватит?"), s)
    assert r.intent == "vram" and s.model == "qwen3-4b" and s.task == "lora"


def test_enough_without_the_customers_card_is_still_a_follow_up():
    s = talk("квен 32б на 50 пользователей")
    assert carry(read("а четырёх a100 хватит?"), s).intent != "vram"  # a proposal, the question on the table goes on


@pytest.mark.parametrize("text,budget", [
    ("к лету будет тысяч шестьдесят", 60000),
    ("денег появится тысяч двести", 200000),
])
def test_a_sum_said_scale_first_after_a_verb_of_having_is_a_budget(text, budget):
    assert read(text).scenario.budget == budget


def test_a_context_said_scale_first_is_still_a_context():
    s = read("контекст будет тысяч тридцать два").scenario  # guard: the context word
    assert s.budget is None and s.context == 32768


@pytest.mark.parametrize("text", ["какое охлаждение нужно для dgx h100", "is the dgx h100 liquid cooled?"])
def test_cooling_of_a_named_server_is_knowledge(text):
    assert first(text).intent == "knowledge"


def test_a_named_server_asked_about_otherwise_is_still_gpu_info():
    assert first("что за сервер dgx h100").intent == "gpu_info"  # guard


# ---------------------------------------------------------------- the perturbation check's floor
# Fifteenth pass, tune .. fresh10, changed turns, whole (intent): before the pass nopunct 0.984 (0.996), lower 1.000,
# yo 1.000, typo 0.871 (0.919), filler 0.940 (0.973), numwords 1.000, swap 0.975 (0.985); after it nopunct 0.986 (0.997),
# typo 0.983 (0.989), filler 0.986 (0.994), the rest unchanged. The floor leaves 0.01 of slack; 0 silently dropped.
# Sixteenth pass (still tune .. fresh10): nopunct 0.990 (0.997), filler 0.988 (0.994), the rest unchanged.
PERTURB_FLOOR = {"nopunct": (0.98, 0.987), "lower": (0.99, 0.99), "yo": (0.99, 0.99), "typo": (0.973, 0.979),
                 "filler": (0.976, 0.984), "numwords": (0.99, 0.99), "swap": (0.965, 0.975)}


@pytest.fixture(scope="module")
def perturbed():
    from bench.perturb import check

    return check()


@pytest.mark.parametrize("kind", list(PERTURB_FLOOR))
def test_perturbation_floor(perturbed, kind):
    whole, intent = PERTURB_FLOOR[kind]
    r = perturbed[kind]
    assert r["turns"] > 0 and r["silently_dropped"] == 0
    assert r["whole"] >= whole and r["intent"] >= intent, (kind, r["whole"], r["intent"], r["failures"][:5])


def test_the_holdout_is_never_perturbed():
    from bench.perturb import TUNED, check

    assert "holdout" not in TUNED and check(["holdout"], kinds=["lower"])["lower"]["turns"] == 0
