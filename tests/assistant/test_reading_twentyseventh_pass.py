"""Twenty-seventh pass (fresh22.yaml's first sight, issue 11): "which models run and how many users it holds" on owned
cards is what runs on them (its table gives each model's users); how many users one model holds stays a rate."""
import pytest

from assistant.reading import read


@pytest.mark.parametrize("text", [
    "есть старый сервак с двумя a40. какие модели на нем пойдут и сколько юзеров выдержит",
    "what models can run on two l40s and how many users can it handle",
    "у нас 4 штуки 3090, что на них запустить и сколько человек потянет",
])
def test_which_models_and_how_many_users_on_owned_cards_is_what_runs_on_them(text):
    assert read(text).intent == "models_for_hardware"


@pytest.mark.parametrize("text", ["сколько пользователей потянет сервер с двумя l40s на ламе 70б в четырех битах",
                                  "how many users can two l40s handle with llama 3.3 70b",
                                  "какие модели пойдут на двух a40"])
def test_one_model_is_still_a_rate_and_no_users_asked_is_still_the_list(text):
    assert read(text).intent == ("models_for_hardware" if text.startswith("какие") else "speed")
