"""Load what the retriever searches: built-in markdown docs, a user's folder, the catalog.

Everything becomes a :class:`Document`; chunking and indexing never care where it came from.
Catalog passages are rendered from ``tools.catalog`` objects, so numbers live only in the YAML.
"""
from __future__ import annotations

import re
from functools import lru_cache
from collections.abc import Callable, Iterable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, Field

from tools.paths import DOCS_DIR
from tools.text import detect_language

USER_SUFFIXES = {".md", ".markdown", ".txt", ".html", ".htm", ".pdf"}

Language = Literal["ru", "en"]
LANGUAGE_SUFFIXES: tuple[tuple[Language, str], ...] = (("ru", ""), ("en", "-en"))  # catalog passage ids


class Document(BaseModel):
    id: str = Field(description="Stable id; chunks and eval items refer to it.")
    title: str
    language: Language
    topic: str = ""
    text: str = Field(description="Markdown or plain text body, front matter removed.")
    source: str = Field(description="File path, or 'catalog'.")


class LoadResult(BaseModel):
    documents: list[Document] = Field(default_factory=list)
    skipped: list[str] = Field(default_factory=list, description="One human-readable line per file not loaded.")


def _split_front_matter(raw: str) -> tuple[dict, str]:
    m = re.match(r"\A---\s*\n(.*?)\n---\s*\n?", raw, re.S)
    if not m:
        return {}, raw
    try:
        meta = yaml.safe_load(m.group(1)) or {}
    except yaml.YAMLError:
        return {}, raw
    return (meta if isinstance(meta, dict) else {}), raw[m.end():]


def _first_heading(text: str) -> str | None:
    m = re.search(r"^#{1,6}\s+(.+)$", text, re.M)
    return m.group(1).strip() if m else None


class _HTMLText(HTMLParser):
    """Visible text of an HTML page; headings become markdown headings so chunking keeps them."""

    _SKIP = {"script", "style", "noscript", "template"}
    _BLOCK = {"p", "div", "li", "tr", "br", "section", "article", "table", "ul", "ol", "pre", "blockquote"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.title = ""
        self._skip = 0
        self._in_title = False

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag in self._SKIP:
            self._skip += 1
        elif tag == "title":
            self._in_title = True
        elif re.fullmatch(r"h[1-6]", tag):
            self.parts.append("\n\n" + "#" * int(tag[1]) + " ")
        elif tag in self._BLOCK:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self._SKIP:
            self._skip = max(0, self._skip - 1)
        elif tag == "title":
            self._in_title = False
        elif re.fullmatch(r"h[1-6]", tag) or tag in self._BLOCK:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        elif not self._skip:
            self.parts.append(data)

    def text(self) -> str:
        out = "".join(self.parts)
        out = re.sub(r"[ \t\r\f\v]+", " ", out)
        return re.sub(r"\n\s*\n+", "\n\n", out).strip()


def html_to_text(html: str) -> tuple[str, str]:
    """Return (title, text) of an HTML document using only the stdlib parser."""
    p = _HTMLText()
    p.feed(html)
    p.close()
    return p.title.strip(), p.text()


_ODD_CHARS = re.compile(r"[^\w\s.,;:!?()«»\"'\-–—/%№+*=<>#\[\]{}|`~@$&^]")


def _read_text(path: Path) -> str:
    """Decode a text file or raise ValueError saying why it is not one."""
    data = path.read_bytes()
    if b"\x00" in data[:8192]:
        raise ValueError("binary file")
    for enc in ("utf-8-sig", "cp1251") if data else ("utf-8",):
        try:
            text = data.decode(enc)
        except UnicodeDecodeError:
            continue
        # cp1251 decodes almost any bytes; accept it only when the result looks like prose.
        if enc == "cp1251" and len(_ODD_CHARS.findall(text)) > len(text) * 0.05:
            break
        return text
    raise ValueError("not UTF-8 or Windows-1251 text")


def _read_pdf(path: Path) -> str:
    try:
        from pypdf import PdfReader  # optional: only when the user's environment already has it
    except ImportError as exc:
        raise ValueError("PDF support needs pypdf, which is not installed") from exc
    try:
        return "\n\n".join((page.extract_text() or "") for page in PdfReader(str(path)).pages)
    except Exception as exc:  # pypdf raises many types on damaged files
        raise ValueError(f"unreadable PDF ({exc.__class__.__name__})") from exc


def load_file(path: Path, doc_id: str, default_language: Language | None = None) -> Document:
    """One file -> one Document. Raises ValueError with a short reason for files we cannot read."""
    suffix = path.suffix.lower()
    meta: dict = {}
    if suffix == ".pdf":
        text, title = _read_pdf(path), ""
    else:
        raw = _read_text(path)
        if suffix in (".html", ".htm"):
            title, text = html_to_text(raw)
        else:
            meta, text = _split_front_matter(raw)
            title = ""
    text = text.strip()
    if not text:
        raise ValueError("empty file")
    title = str(meta.get("title") or title or _first_heading(text) or path.stem)
    lang = meta.get("language") or default_language or detect_language(text)
    return Document(
        id=str(meta.get("id") or doc_id),
        title=title.strip(),
        language="ru" if str(lang).lower().startswith("ru") else "en",
        topic=str(meta.get("topic") or ""),
        text=text,
        source=str(path),
    )


def load_builtin_docs(docs_dir: Path = DOCS_DIR) -> LoadResult:
    """knowledge/docs/{ru,en}/*.md; the folder decides the language when front matter omits it."""
    result = LoadResult()
    for lang in ("ru", "en"):
        for path in sorted((docs_dir / lang).glob("*.md")):
            try:
                result.documents.append(load_file(path, f"{lang}-{path.stem}", lang))
            except (OSError, ValueError) as exc:
                result.skipped.append(f"{path}: skipped ({exc})")
    return result


def load_folder(folder: Path) -> LoadResult:
    """A user's folder (recursively): .md/.txt/.html, and .pdf when pypdf is installed."""
    if not folder.exists():
        from tools.errors import SizingError

        raise SizingError(f"no such file or folder: {folder}")
    files = [folder] if folder.is_file() else sorted(p for p in folder.rglob("*") if p.is_file())
    result = LoadResult()
    base = folder.parent if folder.is_file() else folder
    for path in files:
        rel = path.relative_to(base).as_posix()
        if path.name.startswith("."):
            continue
        if path.suffix.lower() not in USER_SUFFIXES:
            result.skipped.append(f"{path}: skipped (unsupported type '{path.suffix or 'no extension'}')")
            continue
        try:
            result.documents.append(load_file(path, f"{folder.name}/{rel}"))
        except (OSError, ValueError) as exc:
            result.skipped.append(f"{path}: skipped ({exc})")
    return result


# --- catalog -> passages -------------------------------------------------------------------

def _num(x: float) -> str:
    return f"{x:g}"


def _price(lo: float | None, hi: float | None) -> str | None:
    if lo is not None and hi is not None and lo != hi:
        return f"${_num(lo)}–{_num(hi)}"
    one = lo if lo is not None else hi
    return None if one is None else f"${_num(one)}"


@lru_cache(maxsize=1)
def _templates() -> dict[str, Any]:
    with open(Path(__file__).with_name("catalog_passages.yaml"), encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def _fill(kind: str, values: dict[str, Any], lang: Language) -> str:
    """The passage of one catalog entry: the language's template lines, each kept when its field is set."""
    lines = [line["text"].format(**values) for line in _templates()[lang][kind]
             if not line.get("when") or values.get(line["when"])]
    return "\n".join(lines)


def _part(lang: Language, key: str, value: Any, **fields: Any) -> str:
    return _templates()[lang]["parts"][key].format(**fields) if value else ""


def _gpu_text(g: Any, lang: Language) -> str:
    tpl = _templates()[lang]
    yn = lambda v: tpl["yes_word"] if v else tpl["no_word"]  # noqa: E731
    nvl = yn(g.nvlink) + (f" ({_num(g.nvlink_bandwidth_gbs)} GB/s)" if g.nvlink and g.nvlink_bandwidth_gbs else "")
    aliases = ", ".join(g.aliases)
    return _fill("gpu", {**g.model_dump(), "aliases_part": _part(lang, "aliases", aliases, aliases=aliases),
                         "vram": _num(g.vram_gib), "bandwidth": _num(g.bandwidth_gbs), "tflops": _num(g.fp16_tflops),
                         "tdp": f"{g.tdp_w_min}–{g.tdp_w}" if g.tdp_w_min else f"{g.tdp_w}",
                         "cooling": tpl["cooling"][g.cooling], "interface": g.interface.upper(), "nvlink": nvl,
                         "ecc": yn(g.ecc), "mig": yn(g.mig), "gpu_class": tpl["class"][g.gpu_class],
                         "licence_part": _part(lang, "licence", g.datacenter_restricted),
                         "price": _price(g.price_usd_min, g.price_usd_max)}, lang)


def _model_text(m: Any, lang: Language) -> str:
    tpl = _templates()[lang]
    aliases = ", ".join(m.aliases)
    active = f"{_num(m.active_params_b)}B" if m.active_params_b else None
    return _fill("model", {**m.model_dump(), "kind": tpl["kind"][m.kind],
                           "aliases_part": _part(lang, "aliases", aliases, aliases=aliases),
                           "params": _num(m.params_b), "active_part": _part(lang, "active", active, active=active),
                           "moe": f"{m.moe_experts}/{m.moe_active_experts}" if m.moe_experts else None,
                           "attention_part": _part(lang, "attention", m.attention,
                                                   attention=(m.attention or "").upper()),
                           "ctx": f"{m.max_context:,}".replace(",", " ") if m.max_context else None}, lang)


def _server_text(s: Any, gpu_names: dict[str, str], lang: Language) -> str:
    aliases = ", ".join(s.aliases)
    words = s.ru.model_dump() if lang == "ru" else {}  # form factor, CPUs, RAM, interconnect, price
    return _fill("server", {**s.model_dump(), **words, "aliases_part": _part(lang, "server_aliases", aliases, aliases=aliases),
                            "per_node_part": _part(lang, "per_node", s.gpus_per_node_max, per_node=s.gpus_per_node_max),
                            "gpus": ", ".join(gpu_names.get(g, g) for g in s.gpu_ids),
                            "pooled": _templates()[lang]["pooled"][bool(s.pooled)],
                            "use_cases": s.use_cases_ru if lang == "ru" else s.use_cases_en}, lang)


def catalog_documents(catalog=None) -> LoadResult:
    """One passage per catalog entry and language: ``gpu-<id>`` (ru) and ``gpu-<id>-en``."""
    result = LoadResult()
    if catalog is None:
        from tools.catalog import load_catalog

        try:
            catalog = load_catalog()
        except Exception as exc:  # the YAML is edited by hand; a broken file must not stop ingest
            result.skipped.append(f"catalog: skipped ({exc.__class__.__name__}: {str(exc).splitlines()[0][:200]})")
            return result
    gpu_names = {g.id: g.name for g in catalog.gpus}
    entries: Iterable[tuple[str, str, str, Callable[[Language], str]]] = [
        *((f"gpu-{g.id}", g.name, "gpu", lambda lang, g=g: _gpu_text(g, lang)) for g in catalog.gpus),
        *((f"model-{m.id}", m.name, "model", lambda lang, m=m: _model_text(m, lang)) for m in catalog.models),
        *((f"server-{s.id}", s.name, "server", lambda lang, s=s: _server_text(s, gpu_names, lang))
          for s in catalog.servers),
    ]
    for doc_id, name, topic, render in entries:
        for lang, suffix in LANGUAGE_SUFFIXES:
            result.documents.append(Document(id=doc_id + suffix, title=name, language=lang,
                                             topic=f"catalog-{topic}", text=render(lang), source="catalog"))
    return result
