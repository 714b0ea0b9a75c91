"""The guide's FAQ, answered by the assistant itself (computed block + cited passages + the
model's explanation), cached as JSON in the data dir.

The FAQ is published content. The model's text of each answer is a draft until it passes the
chat answer's checks (assistant/checks/publish.py: the guard, the computed verdict, the domain
rules and the catalog, the language, echo) with every paragraph ended at its last whole sentence,
and opens with the guide's verdict on the question (GUIDE_VERDICTS, for the guide's own questions);
a draft that fails is kept aside (`draft` in the item) and the question shows its guide-grounded
answer (computed block + the guide's passage, no model text). Where an operator view exists, a
draft that passed still waits for an operator's approval (`published`).

The cache is keyed by a fingerprint of everything an answer depends on: the knowledge docs, the
catalog YAML, the model (or its absence), the question list and the checks' code. Change any and
the answers are regenerated; otherwise serving the FAQ never touches the model.
"""
from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import threading
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Literal

from assistant.checks.publish import problems, whole_sentences
from assistant.messages import TEXT
from assistant.safe_markdown import safe_markdown
from assistant.service import Assistant, Conversation
from assistant.settings import Settings
from knowledge.documents import DOCS_DIR
from tools.paths import CATALOG_DIR

log = logging.getLogger(__name__)
Format = Literal["md", "json", "html"]

GUIDE_QUESTIONS = {
    "ru": [
        "Хватит ли одной карты с 24 ГБ VRAM для локального запуска LLM?",
        "Обязательно ли нужен NVLink для дообучения модели?",
        "Чем LoRA и QLoRA отличаются от полного дообучения по требованиям к железу?",
        "Что выгоднее для регулярной работы: свой GPU-сервер или аренда в облаке?",
    ],
    "en": [
        "Is one card with 24 GB of VRAM enough to run an LLM locally?",
        "Is NVLink required to fine-tune a model?",
        "How do LoRA and QLoRA differ from full fine-tuning in hardware requirements?",
        "What pays off better for regular work: your own GPU server or renting in the cloud?",
    ],
}
# The guide's verdict on each of its four questions (knowledge/docs/{ru,en}/faq-*.md: up to 13B yes, 70B
# no; NVLink not required; LoRA/QLoRA need far less memory; regular work: your own server), as the
# words that state it. A model-written answer states it in its first sentence, or it stays a draft.
GUIDE_VERDICTS = [
    r"\b13\s?[BБ]\b",
    r"\bне\s+(?:является\s+)?(?:обязател|нужен|нужна|нужно|требуется|необходим)\w*|(?:\bnot|n't)\s+(?:strictly\s+|formally\s+)?"
    r"(?:required|needed|necessary|mandatory)|\bdo(?:es)?\s*(?:not|n't)\s+(?:need|require)|\bwithout\s+NVLink|\bбез\s+NVLink",
    r"\bменьше\b|\bless\b|\bfewer\b|\breduc\w*|\bсниж\w*|\bэконом\w*|\bsaves?\b|\bcuts?\b",
    r"\b(?:сво\w*|собственн\w*)\s+(?:GPU[-\s])?сервер|\bown(?:ing)?\s+(?:a\s+|your\s+)?(?:own\s+)?(?:GPU\s+)?"
    r"(?:server|hardware)|\bon[-\s]prem",
]
_VERDICT = {q: re.compile(v, re.I) for lang in GUIDE_QUESTIONS for q, v in zip(GUIDE_QUESTIONS[lang], GUIDE_VERDICTS)}
# A FAQ page is not a dialogue: the assistant's "name a model" prompts make no sense there.
_PROMPTS = {TEXT[lang][k] for lang in TEXT for k in TEXT[lang] if k.startswith("missing_")}
_ASSISTANT_DIR = Path(__file__).resolve().parent
# the code that decides what may be published: a change to it re-checks (regenerates) the FAQ
_CHECKS_CODE = ("guard.py", "checks/*.py", "faq.py")
_QUOTE_HEAD = re.compile(r"(>\s*\*\*[^*\n]+\*\*\s*)(.*)\Z", re.S)


def whole_paragraphs(text: str) -> str:
    """Each paragraph of `text` ended at its last whole sentence; a paragraph with none left is
    dropped. A quoted passage ("> **Title.** text", cut to a length by the pipeline) keeps its title."""
    out = []
    for para in text.split("\n\n"):
        m = _QUOTE_HEAD.match(para.strip())
        head, body = (m.group(1), m.group(2)) if m else ("", para)
        body = whole_sentences(body)
        if body:
            out.append(head + body)
    return "\n\n".join(out)


def verdict_first(text: str, question: str) -> list[str]:
    """[] when `text` opens with the guide's verdict on `question` (or the guide gives none for it)."""
    from assistant.guard import sentences

    pattern = _VERDICT.get(question)
    first = next((x for x in sentences(text) if x.strip()), "")
    return [] if pattern is None or pattern.search(first) else [f"the guide's verdict is not first: {first[:120]}"]


def _hash_tree(h: "hashlib._Hash", root: Path, pattern: str) -> None:
    for path in sorted(root.rglob(pattern)):
        if path.is_file():
            h.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")


def questions(settings: Settings) -> list[tuple[str, str]]:
    """(language, question) pairs: the guide's four in Russian, then in English, then the extras."""
    from tools.text import detect_language

    out = [(lang, q) for lang in ("ru", "en") for q in GUIDE_QUESTIONS[lang]]
    return out + [(detect_language(q), q) for q in settings.faq.extra_questions if q.strip()]


def fingerprint(settings: Settings, use_llm: bool, docs_dir: Path = DOCS_DIR, catalog_dir: Path = CATALOG_DIR) -> str:
    """Everything an answer depends on; the model counts only when it writes the explanation."""
    h = hashlib.sha256()
    _hash_tree(h, Path(docs_dir), "*")
    _hash_tree(h, Path(catalog_dir), "*.yaml")
    model = f"{settings.llm.mode}:{settings.llm.model_path}:{settings.llm.model_name}"
    h.update((model if use_llm else "no-llm").encode() + b"\0")
    h.update(json.dumps(questions(settings), ensure_ascii=False).encode())
    for pattern in _CHECKS_CODE:
        for path in sorted(_ASSISTANT_DIR.glob(pattern)):
            h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def cache_path(settings: Settings) -> Path:
    return Path(settings.faq.cache_path or Path(settings.retrieval.data_dir) / "faq.json")


def _read_cache(path: Path) -> dict[str, dict]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}  # a damaged cache is regenerated, not fatal


class FAQ:
    """`operator`: the operator store (assistant.storage.operator) whose approvals the public page
    follows; with an admin token configured and none given, the FAQ opens the configured one itself.
    No token: no operator view, and the page shows the model-written answers as before."""

    def __init__(self, assistant: Assistant, settings: Settings | None = None,
                 docs_dir: Path = DOCS_DIR, catalog_dir: Path = CATALOG_DIR, operator: Any = None):
        self.assistant = assistant
        self.settings = settings or assistant.settings
        self.operator = operator
        self.docs_dir, self.catalog_dir = Path(docs_dir), Path(catalog_dir)
        self.cache_path = cache_path(self.settings)
        self._lock = threading.Lock()
        self._operator_lock = threading.Lock()
        self._background: threading.Thread | None = None

    def questions(self) -> list[tuple[str, str]]:
        return questions(self.settings)

    def fingerprint(self, use_llm: bool) -> str:
        return fingerprint(self.settings, use_llm, self.docs_dir, self.catalog_dir)

    def get(self, use_llm: bool = True, background: bool = False) -> dict[str, Any]:
        """The FAQ. With `background`, a missing model-written version is generated in a thread and
        the computed-only version is served meanwhile (the web page must not wait minutes)."""
        if use_llm and (cached := self._load().get(self.fingerprint(True))):
            return cached  # still valid while the model is (re)loading: same model path
        ready = use_llm and self.assistant.model_status().ready
        if ready and background:
            self._generate_in_background()
            ready = False
        fp = self.fingerprint(ready)
        with self._lock:
            if cached := self._load().get(fp):  # another request may have just made it
                return cached
            return self._generate(fp, ready)

    def reviewer(self) -> Any:
        """The operator store approvals come from, or None where no operator view exists (no token)."""
        if self.operator is None and self.settings.operator.admin_token:
            from assistant.storage.operator import OperatorStore

            with self._operator_lock:  # not self._lock: a background generation holds that one for minutes
                if self.operator is None:
                    self.operator = OperatorStore(self.settings)
        return self.operator

    def published(self, use_llm: bool = True, background: bool = False) -> dict[str, Any]:
        """The FAQ as the public page shows it. Where an operator view exists, a model-written answer
        is a draft (offered to the admin page) until an operator approves it; meanwhile the question
        shows its guide-grounded answer (the computed block and the guide's passage, no model text)."""
        data = self.get(use_llm=use_llm, background=background)
        store = self.reviewer()
        if store is None:
            return data
        guide = self.get(use_llm=False) if data.get("with_model") else data
        try:
            if data.get("with_model"):
                store.offer_drafts(data["items"])  # the admin page lists them for approval
            items = store.published(guide["items"])
        except Exception as exc:  # the operator database is down: the guide's answers, never the drafts
            log.warning("FAQ approvals not read (%s); serving the guide-grounded answers", exc)
            items = [{**i, "reviewed": False} for i in guide["items"]]
        return {**guide, "items": items, "operator_review": True}

    def render(self, format: Format = "md", use_llm: bool = True, language: str | None = None,
               background: bool = False) -> str:
        data = self.published(use_llm=use_llm, background=background)
        hosts = self.settings.server.link_hosts
        items = [_safe_item(i, hosts) for i in data["items"] if language in (None, i["language"])]
        if format == "json":
            return json.dumps({**data, "items": items}, ensure_ascii=False, indent=2)
        if format == "md":
            return "\n\n".join(f"## {i['question']}\n\n{i['answer']}" for i in items) + "\n"
        if format == "html":
            from markdown_it import MarkdownIt

            md = MarkdownIt("commonmark", {"html": False}).enable("table")  # raw HTML in docs is escaped
            return "\n".join(f'<section class="faq-item" lang="{"en" if i["language"] == "en" else "ru"}">\n'
                             f"<h2>{md.renderInline(i['question'])}</h2>\n{md.render(i['answer'])}</section>"
                             for i in items) + "\n"
        raise ValueError(f"unknown FAQ format {format!r}; known: md, json, html")

    def _answer(self, lang: str, question: str, use_llm: bool) -> dict[str, Any]:
        """One question's answer. With the model, its text is a draft checked as a chat answer is;
        a draft that fails leaves the question its guide-grounded answer (`draft` says why)."""

        # the model drafts even a knowledge answer here: an operator approves it before it is published
        res = self.assistant.ask(Conversation(), question, use_llm=use_llm, model_for_knowledge=True)
        computed = "\n\n".join(p for p in res.computed.split("\n\n") if p.strip() not in _PROMPTS)
        sources = [{"title": s.title, "doc_id": s.doc_id} for s in res.sources]
        facts = [f.model_dump() for f in res.facts]
        explanation, draft = whole_paragraphs(res.explanation), None
        if use_llm and res.explained_by_model:
            own = res.prose  # the model's sentences alone, not the guide's passage the pipeline adds
            text = whole_paragraphs(own)
            trusted = [res.computed, *(f"{s.title} {s.text}" for s in res.sources if s.trusted)]
            found = problems(text, res.language, trusted, facts, question) if text else ["no whole sentence"]
            found += verdict_first(text, question) if text else []
            draft = {"text": own, "passed": not found, "problems": found}
            if found:
                log.warning("FAQ draft not published (%s): %s", question, "; ".join(found))
                return {**self._answer(lang, question, use_llm=False), "draft": draft}
        label = TEXT[res.language]["sources"]
        body = "\n\n".join(x for x in (computed, explanation) if x.strip())
        if sources:
            body += f"\n\n**{label}:** " + "; ".join(s["title"] for s in sources)
        return {"question": question, "language": lang, "answer": body, "computed": computed,
                "explanation": explanation, "sources": sources, "facts": facts,
                "explained_by_model": draft is not None, "draft": draft}

    def _generate(self, fp: str, use_llm: bool) -> dict[str, Any]:
        log.info("generating the FAQ (%s)", "with the model" if use_llm else "computed only")
        items = [self._answer(lang, q, use_llm) for lang, q in self.questions()]
        if use_llm and not all(i["draft"] is not None for i in items):
            # the model was busy or failed for some answer: keep this as the computed-only version,
            # so the model version is generated again later instead of caching quotes under its name
            use_llm, fp = False, self.fingerprint(False)
        data = {"fingerprint": fp, "generated_at": datetime.now(timezone.utc).isoformat(), "with_model": use_llm,
                "items": items}
        self._save(fp, data)
        return data

    def _generate_in_background(self) -> None:
        with self._lock:
            if self._background and self._background.is_alive():
                return

            def run() -> None:
                with self._lock:
                    fp = self.fingerprint(True)
                    if fp not in self._load():
                        self._generate(fp, True)

            self._background = threading.Thread(target=run, name="faq-generate", daemon=True)
            self._background.start()

    def _load(self) -> dict[str, dict]:
        return _read_cache(self.cache_path)

    def _save(self, fp: str, data: dict) -> None:
        """Keep the computed-only and the model-written versions of the current inputs; drop stale ones."""
        current = {self.fingerprint(True), self.fingerprint(False)}
        entries = {k: v for k, v in self._load().items() if k in current} | {fp: data}
        self.cache_path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.cache_path.with_suffix(f".tmp-{os.getpid()}-{threading.get_ident()}")
        tmp.write_text(json.dumps(entries, ensure_ascii=False, indent=1), encoding="utf-8")
        os.replace(tmp, self.cache_path)  # readers see the old cache or the new one, never half


def _safe_item(item: dict[str, Any], hosts: list[str]) -> dict[str, Any]:
    """An FAQ entry under the safe-Markdown policy: answers quote indexed documents, and the cache
    may predate the policy, so it is applied when serving, in every format."""
    out = {**{k: v for k, v in item.items() if k != "draft"},  # a draft's text is never published
           **{k: safe_markdown(item.get(k, ""), hosts) for k in ("question", "answer", "computed", "explanation")}}
    out["sources"] = [{**s, "title": safe_markdown(s.get("title", ""), hosts)} for s in item.get("sources", [])]
    return out


def faq_items(language: str, settings: Settings | None = None) -> list[dict[str, Any]]:
    """Cached, still valid FAQ entries of one language, without generating anything (pages are
    built fast); the model-written version when there is one. [] until the FAQ was generated."""
    from assistant.settings import get_settings

    settings = settings or get_settings()
    entries = _read_cache(cache_path(settings))
    for use_llm in (True, False):
        if entry := entries.get(fingerprint(settings, use_llm)):
            return [_safe_item(i, settings.server.link_hosts) for i in entry.get("items", [])
                    if i.get("language") == language]
    return []
