"""FAQ: answered by the assistant, cached, regenerated when docs/catalog/model/questions change."""
from __future__ import annotations

import json
import shutil

import pytest
from support.fakes import FakeBackend, GuideBackend
from web_helpers import private_settings

from assistant.faq import FAQ, GUIDE_QUESTIONS, faq_items
from tools.paths import DOCS_DIR
from tools.paths import CATALOG_DIR


@pytest.fixture
def settings(kb_settings, tmp_path):
    return private_settings(kb_settings, tmp_path)


@pytest.fixture
def dirs(tmp_path):
    """Private copies of the docs and catalog, so a test can change them."""
    docs, cat = tmp_path / "docs", tmp_path / "catalog"
    shutil.copytree(DOCS_DIR, docs)
    shutil.copytree(CATALOG_DIR, cat)
    return docs, cat


def test_generated_by_the_assistant_with_sources(make_assistant, settings):
    assistant = make_assistant(backend=GuideBackend("Пояснение модели.", "The model's explanation."))
    data = FAQ(assistant, settings).get()
    questions = [i["question"] for i in data["items"]]
    assert questions == GUIDE_QUESTIONS["ru"] + GUIDE_QUESTIONS["en"]
    assert len(assistant.backend.calls) == 8 and data["with_model"] is True
    for item in data["items"]:
        assert item["sources"], item["question"]
        assert ("Пояснение модели." if item["language"] == "ru" else "The model's explanation.") in item["answer"]
        assert ("**Источники:**" if item["language"] == "ru" else "**Sources:**") in item["answer"]
        assert "назовите модель" not in item["answer"] and "name the model" not in item["answer"]
    cost = next(i for i in data["items"] if i["question"].startswith("Что выгоднее"))
    assert any("облак" in s["title"].lower() for s in cost["sources"])
    assert json.loads(settings.faq.cache_path.read_text())[data["fingerprint"]] == data


def test_second_call_is_served_from_the_cache(make_assistant, settings):
    FAQ(make_assistant(backend=GuideBackend("Первое пояснение.", "First.")), settings).get()
    again = make_assistant(backend=GuideBackend("Второе пояснение.", "Second."))  # a fresh process: new assistant, same cache file
    data = FAQ(again, settings).get()
    assert again.backend.calls == []
    assert "Первое пояснение." in data["items"][0]["answer"]
    assert faq_items("en", settings)[0]["question"] == GUIDE_QUESTIONS["en"][0]


@pytest.mark.parametrize("change", ["doc", "catalog", "model", "questions"])
def test_regenerated_when_the_fingerprint_changes(make_assistant, settings, dirs, change):
    docs, cat = dirs
    first = FAQ(make_assistant(backend=GuideBackend("Старое.", "Old.")), settings, docs, cat).get()
    if change == "doc":
        path = next(docs.rglob("*.md"))
        path.write_text(path.read_text(encoding="utf-8") + "\nНовый абзац.\n", encoding="utf-8")
    elif change == "catalog":
        with open(cat / "gpus.yaml", "a", encoding="utf-8") as fh:
            fh.write("\n# price list updated\n")
    elif change == "model":
        settings.llm.model_path = settings.llm.model_path.with_name("other-model.gguf")
    else:
        settings.faq.extra_questions = ["Какой блок питания нужен для 4 × RTX 4090?"]
    assistant = make_assistant(backend=GuideBackend("Новое.", "New."))
    data = FAQ(assistant, settings, docs, cat).get()
    assert data["fingerprint"] != first["fingerprint"]
    assert assistant.backend.calls and all(("Новое." if i["language"] == "ru" else "New.") in i["answer"]
                                           for i in data["items"])
    if change == "questions":
        extra = data["items"][-1]
        assert extra["language"] == "ru" and "Питание" in extra["computed"]
    assert first["fingerprint"] not in json.loads(settings.faq.cache_path.read_text())  # stale entry dropped


def test_no_llm_version_never_calls_the_model(make_assistant, settings):
    assistant = make_assistant(["не должно прозвучать"])
    data = FAQ(assistant, settings).get(use_llm=False)
    assert assistant.backend.calls == [] and data["with_model"] is False
    assert all(i["sources"] and "не должно" not in i["answer"] for i in data["items"])


def test_background_generation_serves_computed_answers_meanwhile(make_assistant, settings):
    assistant = make_assistant(backend=GuideBackend("Пояснение из фона.", "From the background.", delay=0.01))
    faq = FAQ(assistant, settings)
    now = faq.get(background=True)
    assert now["with_model"] is False
    faq._background.join(timeout=120)
    later = faq.get(background=True)
    assert later["with_model"] is True and "Пояснение из фона." in later["items"][0]["answer"]


def test_render_formats(make_assistant, settings):
    settings.faq.extra_questions = ["What is <script>alert(1)</script> VRAM for Llama-3-8B?"]
    faq = FAQ(make_assistant(["Explained."]), settings)
    md = faq.render("md", language="en")
    assert md.count("\n## ") + md.startswith("## ") == 5 and "Хватит ли" not in md
    html = faq.render("html")
    assert html.count('<section class="faq-item"') == 9 and "<script>" not in html and "&lt;script&gt;" in html
    assert "<table>" in html  # the computed memory table of the extra question
    data = json.loads(faq.render("json", language="ru"))
    assert [i["question"] for i in data["items"]] == GUIDE_QUESTIONS["ru"]
    with pytest.raises(ValueError, match="unknown FAQ format 'pdf'"):
        faq.render("pdf")


def test_damaged_cache_is_regenerated(make_assistant, settings):
    settings.faq.cache_path.write_text("[not a cache", encoding="utf-8")
    assistant = make_assistant(["Ок."])
    assert len(FAQ(assistant, settings).get()["items"]) == 8 and assistant.backend.calls


def test_cli_faq(settings, monkeypatch, tmp_path, capsys):
    from ui import cli
    from assistant import settings as settings_module

    monkeypatch.setenv("GPU_SIZER_RETRIEVAL__DATA_DIR", str(settings.retrieval.data_dir))
    monkeypatch.setenv("GPU_SIZER_FAQ__CACHE_PATH", str(tmp_path / "cli-faq.json"))
    monkeypatch.setenv("GPU_SIZER_RETRIEVAL__EMBED_THREADS", "1")
    settings_module.get_settings.cache_clear()
    try:
        out = tmp_path / "faq.html"
        assert cli.main(["faq", "--no-llm", "--format", "html", "--out", str(out)]) == 0
        assert out.read_text(encoding="utf-8").count("<h2>") == 8
        assert cli.main(["faq", "--no-llm", "--format", "md"]) == 0
        assert capsys.readouterr().out.startswith("## Хватит ли одной карты")
    finally:
        settings_module.get_settings.cache_clear()


def test_answers_without_the_model_are_not_cached_as_model_answers(make_assistant, settings):
    class Failing(FakeBackend):
        name, calls = "failing", []

        def stream(self, messages, max_tokens):
            self.calls.append(messages)
            raise RuntimeError("model server went away")
            yield  # pragma: no cover

    faq = FAQ(make_assistant(backend=Failing()), settings)
    data = faq.get()
    assert data["with_model"] is False  # stored as the computed-only version...
    assert faq.fingerprint(True) not in faq._load()  # ...so the model version is generated again later
