"""The FAQ is published content: every generated answer passes the chat answer's checks (the guard,
the computed verdict, the domain rules), opens with the guide's verdict and never ends mid-sentence
before it is shown. A draft that fails is not published (nor offered to the operator); its question
shows the guide-grounded answer."""
from __future__ import annotations

import json
import re

import pytest
from support.fakes import BilingualBackend, GuideBackend
from web_helpers import private_settings

from assistant.faq import FAQ, GUIDE_QUESTIONS
from assistant.storage.operator import OperatorStore

END = re.compile(r"[.!?…»)\"]\s*$")
CUT_RU, CUT_EN = "Всё зависит от размера модели, кв", "It depends on the size of the model, qu"
STUB = re.compile(r"модели, кв(?!\w)|model, qu(?!\w)")  # the guide's own "модели, квантования" is whole


@pytest.fixture
def settings(kb_settings, tmp_path):
    s = private_settings(kb_settings, tmp_path)
    s.operator.database_url = f"sqlite:///{tmp_path / 'operator.sqlite3'}"
    s.operator.admin_token = None  # no operator view: the FAQ is published as generated
    return s


def _paragraphs(item: dict) -> list[str]:
    return [p for p in item["explanation"].split("\n\n") if p.strip()]


def test_every_paragraph_of_every_published_answer_ends_with_a_whole_sentence(make_assistant, settings):
    backend = GuideBackend(CUT_RU, CUT_EN)  # the guide's verdict, then a stub the token limit cut
    faq = FAQ(make_assistant(backend=backend), settings)
    for use_llm in (True, False):  # the model's version and the guide-grounded one
        for item in json.loads(faq.render("json", use_llm=use_llm))["items"]:
            assert _paragraphs(item), item["question"]
            for p in _paragraphs(item):
                assert END.search(p), (item["question"], p[-60:])  # e.g. a quoted passage cut "в мульти-GP"
            assert not STUB.search(item["answer"])
    ru = json.loads(faq.render("json", language="ru"))["items"][1]
    assert ru["explained_by_model"] and ru["explanation"].startswith(GuideBackend.VERDICTS["ru"][1])


@pytest.mark.parametrize("ru,en", [
    (CUT_RU, CUT_EN),  # nothing whole left: a stub is not an answer
    ("Да, NVLink обязателен для дообучения модели.", "Yes, NVLink is required to fine-tune a model."),
    # true, guide's own words, but not the guide's verdict on any of its questions: not first, not published
    ("Облако оправдано, когда нагрузка эпизодическая.", "The cloud is justified when the load is occasional."),
])
def test_a_draft_that_fails_the_checks_is_not_published(make_assistant, settings, ru, en):
    faq = FAQ(make_assistant(backend=BilingualBackend(ru, en)), settings)
    guide = {i["question"]: i["answer"] for i in faq.get(use_llm=False)["items"]}
    data = faq.get()
    assert data["with_model"] is True  # the model answered: this version is kept, not regenerated per request
    for item in data["items"]:
        assert item["answer"] == guide[item["question"]], item["question"]  # the guide-grounded answer
        assert item["explained_by_model"] is False and item["draft"]["passed"] is False
        assert item["draft"]["problems"]
    page = faq.render("md")
    assert "NVLink обязателен" not in page and "NVLink is required" not in page and not STUB.search(page)
    calls = len(faq.assistant.backend.calls)
    faq.get()
    assert len(faq.assistant.backend.calls) == calls  # served from the cache


def test_with_an_operator_view_only_checked_drafts_wait_for_approval(make_assistant, settings):
    settings.operator.admin_token = "faq-publish-token"
    faq = FAQ(make_assistant(backend=GuideBackend(CUT_RU, "See the guide below.", with_verdict=("en",))), settings)
    data = json.loads(faq.render("json"))
    assert data["operator_review"] is True
    pending = OperatorStore(settings).drafts("pending")
    assert sorted(d["question"] for d in pending) == sorted(GUIDE_QUESTIONS["en"])  # the Russian stubs: not drafts
    assert all(END.search(d["draft"].split("\n\n")[-1]) or "**Sources:**" in d["draft"] for d in pending)
