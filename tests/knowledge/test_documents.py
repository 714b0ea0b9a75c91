"""Loading docs, folders and catalog passages; chunking with headings and stable ids."""
from __future__ import annotations

from pathlib import Path

import pytest

from knowledge.chunking import chunk_document
from knowledge.documents import Document, catalog_documents, html_to_text, load_builtin_docs, load_folder
from tools.catalog import load_catalog
from tools.errors import SizingError


def test_builtin_docs_have_front_matter_ids_and_languages():
    res = load_builtin_docs()
    assert not res.skipped
    ids = {d.id for d in res.documents}
    assert "ru-power-supply" in ids and "en-power-supply" in ids
    for d in res.documents:
        assert d.language == Path(d.source).parent.name
        assert d.title and not d.text.startswith("---")


def test_catalog_passages_ids_languages_and_numbers_come_from_the_catalog():
    cat = load_catalog()
    docs = {d.id: d for d in catalog_documents(cat).documents}
    assert len(docs) == 2 * (len(cat.gpus) + len(cat.models) + len(cat.servers))
    for needed in ("server-farm-4u4", "server-deepseek", "server-dgx-h100", "gpu-rtx-4090", "gpu-h100-sxm",
                   "gpu-a100-sxm-80gb"):
        assert docs[needed].language == "ru" and docs[needed + "-en"].language == "en"
        assert docs[needed].source == "catalog"
    g = next(g for g in cat.gpus if g.id == "rtx-4090")
    vram = f"{g.vram_gib:g}"
    assert f"{vram} ГБ" in docs["gpu-rtx-4090"].text and f"{vram} GB" in docs["gpu-rtx-4090-en"].text
    assert f"{g.tdp_w}" in docs["gpu-rtx-4090"].text


def test_catalog_rendering_follows_edits(monkeypatch):
    cat = load_catalog().model_copy(deep=True)
    cat.gpus[0].vram_gib = 123.0
    text = next(d.text for d in catalog_documents(cat).documents if d.id == f"gpu-{cat.gpus[0].id}")
    assert "123 ГБ" in text


def test_user_folder_loads_text_html_and_skips_bad_files(tmp_path):
    (tmp_path / "notes.md").write_text("---\ntitle: Заметки\n---\n# Охлаждение\nСтойка греется.", encoding="utf-8")
    (tmp_path / "plain.txt").write_text("Power budget for eight GPUs.", encoding="utf-8")
    (tmp_path / "page.html").write_text(
        "<html><head><title>Page</title><script>var x=1;</script></head>"
        "<body><h2>Cooling</h2><p>Blower cards &amp; airflow.</p></body></html>", encoding="utf-8")
    (tmp_path / "image.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    (tmp_path / "fake.md").write_bytes(b"\x00\x01\x02binary pretending to be markdown")
    (tmp_path / "empty.txt").write_text("   \n", encoding="utf-8")
    res = load_folder(tmp_path)
    by_name = {Path(d.source).name: d for d in res.documents}
    assert set(by_name) == {"notes.md", "plain.txt", "page.html"}
    assert by_name["notes.md"].title == "Заметки" and by_name["notes.md"].language == "ru"
    assert by_name["plain.txt"].language == "en"
    assert "## Cooling" in by_name["page.html"].text and "Blower cards & airflow." in by_name["page.html"].text
    assert "var x" not in by_name["page.html"].text and by_name["page.html"].title == "Page"
    reasons = "\n".join(res.skipped)
    assert "image.png: skipped (unsupported type" in reasons
    assert "fake.md: skipped (binary file)" in reasons
    assert "empty.txt: skipped (empty file)" in reasons


def test_cp1251_text_is_decoded(tmp_path):
    (tmp_path / "old.txt").write_bytes("Блок питания на 1600 Вт".encode("cp1251"))
    [doc] = load_folder(tmp_path).documents
    assert "Блок питания" in doc.text


def test_missing_folder_is_a_clear_error(tmp_path):
    with pytest.raises(SizingError, match="no such file or folder"):
        load_folder(tmp_path / "nope")


def test_html_to_text_keeps_headings():
    title, text = html_to_text("<title>T</title><h1>A</h1><p>x</p><h3>B</h3><p>y</p>")
    assert title == "T" and text.splitlines()[0] == "# A" and "### B" in text


def _doc(text: str) -> Document:
    return Document(id="d", title="Doc", language="en", topic="t", text=text, source="x.md")


def test_chunks_keep_heading_path_and_ids_are_stable():
    text = "# Top\n\nintro\n\n## Power\n\nTwo PSUs.\n\n### Cables\n\nOne 12VHPWR per card.\n\n## Cooling\n\nAirflow."
    a = chunk_document(_doc(text))
    b = chunk_document(_doc(text))
    assert [c.id for c in a] == [c.id for c in b]
    cables = next(c for c in a if "12VHPWR" in c.text)
    assert cables.headings == ["Top", "Power", "Cables"]
    assert cables.text.startswith("### Cables")
    assert "Top" in cables.embedding_text() and "Power" in cables.embedding_text()
    # editing one section changes that chunk's id only
    c = chunk_document(_doc(text.replace("Airflow.", "Airflow matters.")))
    assert len(set(x.id for x in a) & set(x.id for x in c)) == len(a) - 1


def test_long_sections_are_capped():
    body = "\n\n".join(f"Paragraph {i} " + "word " * 60 for i in range(20))
    chunks = chunk_document(_doc("## Long\n\n" + body), max_chars=500, overlap=50)
    assert len(chunks) > 5 and all(len(c.text) <= 500 for c in chunks)
    assert all(c.headings == ["Long"] for c in chunks)


def test_pdf_needs_pypdf_or_is_read(tmp_path):
    (tmp_path / "spec.pdf").write_bytes(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n")
    res = load_folder(tmp_path)
    try:
        import pypdf  # noqa: F401
    except ImportError:
        assert res.documents == [] and "spec.pdf: skipped (PDF support needs pypdf" in res.skipped[0]
    else:  # a broken PDF: skipped with a reason, never a traceback
        assert res.documents == [] and "spec.pdf: skipped" in res.skipped[0]


def test_broken_catalog_is_reported_not_fatal(monkeypatch):
    import tools.catalog

    def boom(*a, **k):
        raise ValueError("gpus.yaml: line 3\nmore detail")

    monkeypatch.setattr(tools.catalog, "load_catalog", boom)
    res = catalog_documents()
    assert res.documents == [] and res.skipped == ["catalog: skipped (ValueError: gpus.yaml: line 3)"]
