"""The public FAQ where an operator view exists: a model-written answer is a draft until an operator
approves it; until then the question shows its guide-grounded answer (computed block + the guide's
passage). Without an operator token, the model-written answers are shown as before."""
from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from support.fakes import GuideBackend
from web_helpers import private_settings

from assistant.faq import FAQ, GUIDE_QUESTIONS
from assistant.storage.operator import OperatorStore, draft_key

DRAFT = "Черновик модели, который никто не одобрял."
EN_DRAFT = "A draft of the model's that nobody approved."
TOKEN = "faq-review-token"


@pytest.fixture
def settings(kb_settings, tmp_path):
    s = private_settings(kb_settings, tmp_path)
    s.operator.database_url = f"sqlite:///{tmp_path / 'operator.sqlite3'}"
    return s


def test_without_an_operator_view_the_model_answers_are_shown(make_assistant, settings):
    settings.operator.admin_token = None
    faq = FAQ(make_assistant(backend=GuideBackend(DRAFT, EN_DRAFT)), settings)
    for fmt in ("md", "html", "json"):
        assert DRAFT in faq.render(fmt), fmt
    assert faq.reviewer() is None


def test_with_an_operator_view_drafts_wait_for_approval(make_assistant, settings):
    settings.operator.admin_token = TOKEN
    faq = FAQ(make_assistant(backend=GuideBackend(DRAFT, EN_DRAFT)), settings)
    guide = {(i["language"], i["question"]): i["answer"] for i in faq.get(use_llm=False)["items"]}
    for fmt in ("md", "html", "json"):
        assert DRAFT not in faq.render(fmt), fmt  # never an unapproved model draft, in any format
    data = json.loads(faq.render("json"))
    assert [i["answer"] for i in data["items"]] == list(guide.values())  # the guide-grounded answers
    assert all(i["sources"] for i in data["items"]) and data["operator_review"] is True
    store = OperatorStore(settings)
    pending = store.drafts("pending")
    # waiting on the admin page, every one (a draft that fails the checks is not offered: test_faq_publish)
    assert len(pending) == 8 and all(DRAFT in d["draft"] for d in pending if d["language"] == "ru")
    assert all(EN_DRAFT in d["draft"] for d in pending if d["language"] == "en")

    question = GUIDE_QUESTIONS["ru"][1]
    assert store.decide(draft_key("ru", question), "edit", "Нет, для LoRA на одной карте NVLink не нужен.")
    store.decide(draft_key("en", GUIDE_QUESTIONS["en"][0]), "reject")
    items = {i["question"]: i for i in json.loads(faq.render("json"))["items"]}
    assert items[question]["answer"] == "Нет, для LoRA на одной карте NVLink не нужен." and items[question]["reviewed"]
    assert items[GUIDE_QUESTIONS["en"][0]]["answer"] == guide[("en", GUIDE_QUESTIONS["en"][0])]
    md = faq.render("md", language="ru")
    assert "NVLink не нужен." in md and DRAFT not in md


def test_api_faq_follows_the_admin_pages_approval(kb_settings, tmp_path, make_assistant):
    from ui.app import create_app

    s = private_settings(kb_settings, tmp_path)
    s.operator.database_url = f"sqlite:///{tmp_path / 'operator.sqlite3'}"
    s.operator.admin_token = TOKEN
    s.conversations.database_url = f"sqlite:///{tmp_path / 'conv.sqlite3'}"
    app = create_app(s, make_assistant(backend=GuideBackend(DRAFT, EN_DRAFT)), mount_ui=False)
    assert app.state.services.faq.reviewer() is app.state.operator
    with TestClient(app) as c:
        first = c.get("/api/faq").json()  # the model's version is written in the background meanwhile
        app.state.services.faq._background.join(timeout=300)
        assert DRAFT not in json.dumps(first, ensure_ascii=False)
        assert DRAFT not in c.get("/api/faq?format=html").text and DRAFT not in c.get("/api/faq?format=md").text
        auth = {"Authorization": f"Bearer {TOKEN}"}
        assert DRAFT in c.get("/admin", headers=auth).text  # the drafts are on the admin page
        key = draft_key("ru", GUIDE_QUESTIONS["ru"][0])
        r = c.post(f"/admin/faq/{key}", data={"action": "approve"}, headers=auth, follow_redirects=False)
        assert r.status_code == 303
        after = {i["question"]: i["answer"] for i in c.get("/api/faq?lang=ru").json()["items"]}
    assert DRAFT in after[GUIDE_QUESTIONS["ru"][0]]  # approved: now published
    assert all(DRAFT not in a for q, a in after.items() if q != GUIDE_QUESTIONS["ru"][0])
