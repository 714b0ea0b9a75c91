"""Helpers of the web-layer security tests: private apps over the shared index, a scripted turn
(so the web layer is tested whatever the turn pipeline does), SSE parsing, and what a Markdown text
becomes in a renderer (markdown-it, as the FAQ page) and in a GFM autolinker (as Gradio's marked)."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

from markdown_it import MarkdownIt

VENDOR = "vendor.example"  # the allow-listed host of these tests
RIVAL = "rival-gpu.example"
# What a poisoned passage, a prompt-injected model or a customer can write (no digits: the grounding
# guard drops sentences with ungrounded numbers, and this must reach the layer under test).
HOSTILE = (f"Cooling kit: ![pixel](https://{RIVAL}/pixel.png) and ![ref image][img].\n\n"
           f"[img]: https://{RIVAL}/ref.png\n\n"
           f"Order [here](https://{RIVAL}/cooling) or <img src=x onerror=\"window.__pwned=true\"> "
           f"<a href=\"https://{RIVAL}/a\">there</a> <https://{RIVAL}/auto> https://{RIVAL}/bare "
           f"www.{RIVAL} sales@{RIVAL} [js](javascript:alert(document.domain)) "
           f"[nested [label]](https://{RIVAL}/nested) \\[esc\\](https://{RIVAL}/escaped). "
           f"Our shop: [vendor shop](https://shop.{VENDOR}/cooling).")


def settings_for(kb_settings, tmp_path: Path, **limits):
    s = kb_settings.model_copy(deep=True)
    s.leads.database_url = f"sqlite:///{tmp_path / 'leads.sqlite3'}"
    s.faq.cache_path = tmp_path / "faq.json"
    s.server.link_hosts = [VENDOR]
    for key, value in limits.items():
        setattr(s.limits, key, value)
    return s


def scripted_turn(text: str = HOSTILE, pieces: int = 7, language: str = "en"):
    """An Assistant.stream replacement: the hostile text as computed block, tokens (cut at awkward
    places), notice, sources and done."""
    from assistant.types import Event, Source, TurnResult

    def stream(conv, message: str, use_llm: bool = True, **opts) -> Iterator[Event]:
        size = max(1, len(text) // pieces)
        yield Event(type="computed", text="**Computed:** " + text)
        for i in range(0, len(text), size):
            yield Event(type="token", text=text[i:i + size])
        yield Event(type="notice", text="Note: " + text)
        source = Source(id="s1", title="Partner guide ![t](https://%s/title.png)" % RIVAL, text=text, trusted=False)
        yield Event(type="sources", text=source.title)
        yield Event(type="done", result=TurnResult(
            answer="**Computed:** " + text + "\n\n" + text, language=language, intent="knowledge",
            computed="**Computed:** " + text, explanation=text, sources=[source], notices=["Note: " + text]))

    return stream


def html_of(markdown: str) -> str:
    return MarkdownIt("commonmark", {"html": False}).enable("table").render(markdown)


_HREF = re.compile(r"<a\b[^>]*\bhref=\"([^\"]*)\"", re.I)
_AUTOLINK = re.compile(r"(?<!\\)\b(?:https?|ftp)://[^\s<>)\]]+|(?<![\\\w.])www\.[^\s<>)\]]+|"
                       r"(?<![\\\w.+-])[\w.+-]+@[\w-]+\.[\w.-]+", re.I)


def live_markup(markdown: str, hosts: tuple[str, ...] = (VENDOR,)) -> list[str]:
    """What would load or be clickable off the allow-list: images, raw HTML, foreign links (markdown-it),
    and bare URLs/www/e-mails a GFM autolinker (Gradio's marked) would turn into links."""
    html = html_of(markdown)
    found = re.findall(r"<(?:img|script|svg|iframe|object|embed)\b[^>]*>", html, re.I)
    for href in _HREF.findall(html):
        host = re.sub(r"^[a-z]+://([^/:]+).*$", r"\1", href.lower())
        if not (href.startswith("/") and not href.startswith("//")) and \
                not (href.lower().startswith(("http://", "https://")) and any(host == h or host.endswith("." + h)
                                                                              for h in hosts)):
            found.append(f"link {href}")
    prose = re.sub(r"`[^`\n]*`", " ", re.sub(r"(?ms)^```.*?^```", " ", markdown))  # code is never autolinked
    for bare in _AUTOLINK.findall(prose):
        if not any(h in bare.lower() for h in hosts):
            found.append(f"autolink {bare}")
    return found
