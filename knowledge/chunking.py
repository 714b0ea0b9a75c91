"""Split documents into retrievable chunks that keep their headings.

Sections are split on markdown headings first (a section is the natural unit of an answer), then
capped in length. Chunk ids are content hashes: an unchanged chunk keeps its id across re-ingests,
which is what lets the index reuse its vector instead of embedding it again.
"""
from __future__ import annotations

import hashlib
import re

from langchain_text_splitters import MarkdownHeaderTextSplitter, RecursiveCharacterTextSplitter
from pydantic import BaseModel, Field

from knowledge.documents import Document

_HEADERS = [("#", "h1"), ("##", "h2"), ("###", "h3")]


class Chunk(BaseModel):
    id: str = Field(description="Hash of doc id, headings and text: stable while the content is.")
    doc_id: str
    title: str
    language: str
    topic: str
    source: str
    headings: list[str] = Field(default_factory=list, description="Heading path, outermost first.")
    text: str = Field(description="The chunk as shown to the reader (includes its heading line).")

    @property
    def heading_path(self) -> str:
        return " > ".join(self.headings)

    def embedding_text(self) -> str:
        """What gets embedded and BM25-indexed: title and parent headings give short chunks context.

        The chunk text already starts with its own heading, so only the parents are added.
        """
        parents = [h for h in self.headings[:-1] if h != self.title]
        return "\n".join([self.title, *parents, self.text])

    def metadata(self) -> dict[str, str]:
        return {"doc_id": self.doc_id, "title": self.title, "language": self.language, "topic": self.topic,
                "source": self.source, "headings": self.heading_path}


def _hash(*parts: str) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode("utf-8"))
        h.update(b"\x1f")
    return h.hexdigest()[:20]


def chunk_document(doc: Document, max_chars: int = 1200, overlap: int = 150) -> list[Chunk]:
    sections = MarkdownHeaderTextSplitter(_HEADERS, strip_headers=False).split_text(doc.text)
    cap = RecursiveCharacterTextSplitter(chunk_size=max_chars, chunk_overlap=min(overlap, max_chars // 2))
    chunks: list[Chunk] = []
    seen: set[str] = set()
    for section in sections:
        headings = [section.metadata[k] for _, k in _HEADERS if k in section.metadata]
        for piece in cap.split_text(section.page_content):
            piece = re.sub(r"[ \t]+\n", "\n", piece).strip()  # the splitter ends lines with "  "
            if not piece:
                continue
            cid = _hash(doc.id, doc.title, doc.language, doc.topic, doc.source, *headings, piece)
            if cid in seen:  # the same paragraph twice in one doc: one copy is enough
                continue
            seen.add(cid)
            chunks.append(Chunk(id=cid, doc_id=doc.id, title=doc.title, language=doc.language, topic=doc.topic,
                                source=doc.source, headings=headings, text=piece))
    return chunks


def chunk_documents(docs: list[Document], max_chars: int = 1200, overlap: int = 150) -> list[Chunk]:
    out: list[Chunk] = []
    ids: set[str] = set()
    for doc in docs:
        for c in chunk_document(doc, max_chars, overlap):
            if c.id not in ids:
                ids.add(c.id)
                out.append(c)
    return out
