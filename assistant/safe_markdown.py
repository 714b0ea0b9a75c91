"""The one safe-Markdown policy for everything a customer sees: the chat (Gradio and widget), the
sources and trace steps, the FAQ in every format and the API's text fields.

Text written by the model, quoted from an indexed document or typed by a customer is data. After
`safe_markdown`:
- no raw HTML and no <autolinks>: every "<" becomes "&lt;";
- no images: `![alt](url)` keeps only its alt text, reference definitions are inert;
- no links except to the vendor's allow-listed hosts (settings.server.link_hosts) and paths on the
  serving site ("/demo"): other `[label](url)` keep only the label, bare URLs, www. and e-mail
  addresses are escaped so no GFM renderer turns them into links;
- code spans and fenced code blocks stay verbatim (renderers show them as text).

The output is Markdown for CommonMark/GFM renderers (Gradio, markdown-it, the widget's own subset);
apply the policy once per text: its escapes are not idempotent.
"""
from __future__ import annotations

import re
from typing import Iterable
from urllib.parse import urlsplit

# fenced blocks (backtick fences carry no backtick in their info string) and one-line code spans;
# a multi-line span is treated as text, which only shows a few escapes, never a live link
_FENCE = re.compile(r"(?ms)^ {0,3}(?:(`{3,})[^`\n]*|(~{3,})[^\n]*)\n.*?(?:^ {0,3}(?:\1|\2)[`~]*[ \t]*$|\Z)")
_SPAN = re.compile(r"(`+)(?!`)[^\n]*?(?<!`)\1(?!`)")
_LINK = re.compile(r"(!?)\[((?:[^\[\]\\\n]|\\.){0,300})\]\(\s*(<[^<>\n]*>|[^\s()<>]*(?:\([^\s()<>]*\)[^\s()<>]*)*)"
                   r"(?:\s+(?:\"[^\"\n]*\"|'[^'\n]*'|\([^()\n]*\)))?\s*\)")
_BARE_URL = re.compile(r"(?i)\b(?:https?|ftp)(?=://)|\bwww(?=\.)|(?<![\w.+-])[\w.+-]+(?=@[\w-]+\.)")
_URL_CHARS = re.compile(r"^[A-Za-z0-9\-._~:/?#@!$&'*+,;=%]*$")
_ESCAPE = str.maketrans({"\\": "\\\\", "[": "\\[", "]": "\\]", "<": "&lt;"})
_PLACEHOLDER = re.compile("\x00(\\d+)\x00")


def link_allowed(url: str, hosts: Iterable[str]) -> bool:
    """http(s) to an allow-listed host (or its subdomain), or a path on the serving site."""
    url = url.strip()
    if not url or not _URL_CHARS.match(url):
        return False
    if url.startswith("/") and not url.startswith("//"):
        return True
    try:
        parts = urlsplit(url)
        host = (parts.hostname or "").lower().rstrip(".")
    except ValueError:
        return False
    if parts.scheme.lower() not in ("http", "https") or not host or parts.username or parts.password:
        return False
    return any(host == h or host.endswith("." + h) for h in (x.lower().strip(".") for x in hosts) if h)


def _text(segment: str, hosts: tuple[str, ...], links: list[str]) -> str:
    def replace(m: re.Match) -> str:
        image, label, url = m.group(1), m.group(2), m.group(3).strip("<>")
        label = _LINK.sub(lambda inner: inner.group(2), label)  # nested links keep their words only
        shown = label.translate(_ESCAPE)
        if image or not link_allowed(url, hosts):
            return shown
        links.append(f"[{shown}]({url})")
        return f"\x00{len(links) - 1}\x00"

    segment = _LINK.sub(replace, segment.replace("\x00", ""))
    # every other bracket is escaped: reference links, reference images and definitions go inert
    segment = segment.translate(_ESCAPE)

    def neutral(m: re.Match) -> str:
        tail = segment[m.end():m.end() + 260]
        if m.group(0).lower() in ("http", "https", "ftp"):
            if link_allowed(m.group(0) + re.split(r"[\s)]", tail, maxsplit=1)[0], hosts):
                return m.group(0)
            return m.group(0) + "\\"  # "https\://": no autolink
        return m.group(0) + "\\"  # "www\." and "name\@host": no autolink

    segment = _BARE_URL.sub(neutral, segment)
    return _PLACEHOLDER.sub(lambda m: links[int(m.group(1))], segment)


def safe_markdown(text: str | None, hosts: Iterable[str] = ()) -> str:
    """`text` under the policy; `hosts` are the vendor's allow-listed link hosts."""
    if not text:
        return ""
    links: list[str] = []
    out: list[str] = []
    allowed, pos = tuple(hosts), 0
    text = str(text)
    for fence in _FENCE.finditer(text):
        out.append(_inline(text[pos:fence.start()], allowed, links))
        out.append(fence.group(0))
        pos = fence.end()
    out.append(_inline(text[pos:], allowed, links))
    return "".join(out)


def _inline(chunk: str, hosts: tuple[str, ...], links: list[str]) -> str:
    out, pos = [], 0
    for span in _SPAN.finditer(chunk):
        out.append(_text(chunk[pos:span.start()], hosts, links))
        out.append(span.group(0))
        pos = span.end()
    out.append(_text(chunk[pos:], hosts, links))
    return "".join(out)



class SafeStream:
    """Streamed Markdown pieces in, policy-safe pieces out. Text is held back to a word boundary
    where every bracket and backtick it opened is closed, so a link or a code span is never judged
    half-written; a piece that starts mid-line is judged as mid-line (no fence can open there)."""

    HOLD_MAX = 4000  # a bracket never closed must not hold the answer back for ever

    def __init__(self, hosts: Iterable[str] = ()):
        self.hosts, self.buf, self.line_start = tuple(hosts), "", True

    def feed(self, piece: str) -> str:
        self.buf += piece or ""
        return self._emit(self._cut())

    def flush(self) -> str:
        return self._emit(len(self.buf))

    def _emit(self, cut: int) -> str:
        if cut <= 0:
            return ""
        chunk, self.buf = self.buf[:cut], self.buf[cut:]
        # mid-line: judged after a stand-in word, so no fence opens and word boundaries stay as they are
        out = safe_markdown(chunk if self.line_start else "x " + chunk, self.hosts)
        out = out if self.line_start else out[2:]
        self.line_start = chunk.endswith("\n")
        return out

    def _cut(self) -> int:
        square = paren = ticks = cut = 0
        for i, ch in enumerate(self.buf):
            if ch == "[":
                square += 1
            elif ch == "]":
                square = max(0, square - 1)
            elif ch == "(":
                paren += 1
            elif ch == ")":
                paren = max(0, paren - 1)
            elif ch == "`":
                ticks ^= 1
            elif ch.isspace() and not (square or paren or ticks):
                cut = i + 1
        return len(self.buf) if len(self.buf) > self.HOLD_MAX else cut
