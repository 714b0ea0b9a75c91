"""A one-page proposal the customer takes away (PDF, in their language): the scenario and its
assumptions, the recommended configurations with memory, power and PSU, the vendor's server line,
the sources, the date and the catalog version. The same page is attached to the lead.

Built with reportlab and Debian's DejaVu fonts (Cyrillic); every figure comes from the computed
facts, never from the model's prose.
"""
from __future__ import annotations

import hashlib
import io
from datetime import date
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import KeepInFrame, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle
from xml.sax.saxutils import escape

from assistant.views.memory import vendor_line
from assistant.views.text import warning

FONT_DIRS = [Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu")]
TEXT = {
    "ru": {"title": "Предложение по GPU-серверу", "scenario": "Задача", "assumed": "по умолчанию",
           "least": "наименьшее, что вмещает",
           "configs": "Рекомендуемые конфигурации", "gpu": "Конфигурация", "vram": "Память GPU, ГБ",
           "power": "Пиковая мощность, Вт", "psu": "Блок питания", "price": "Цена карт, $", "server": "Линейка",
           "need": "Нужно памяти: {gb} ГБ (модель, KV-кэш, буферы, резерв)", "sources": "Источники",
           "footer": "Дата: {d} · версия каталога: {v} · цифры посчитаны калькуляторами, ГБ = 10⁹ байт",
           "none": "Конфигурация ещё не посчитана: назовите модель и задачу в чате.", "notes": "Замечания"},
    "en": {"title": "GPU server proposal", "scenario": "Scenario", "assumed": "default",
           "least": "the least that fits",
           "configs": "Recommended configurations", "gpu": "Configuration", "vram": "GPU memory, GB",
           "power": "Peak power, W", "psu": "Power supply", "price": "GPU price, $", "server": "Server line",
           "need": "Memory needed: {gb} GB (model, KV cache, buffers, reserve)", "sources": "Sources",
           "footer": "Date: {d} · catalog version: {v} · figures computed by the calculators, GB = 10⁹ bytes",
           "none": "No configuration computed yet: name the model and the task in the chat.", "notes": "Notes"},
}


class ProposalUnavailable(ValueError):
    """Nothing to propose yet (no computed configuration)."""


def catalog_version() -> str:
    """A short fingerprint of the catalog files: the proposal says which prices it used."""
    from tools.paths import CATALOG_DIR

    h = hashlib.sha256()
    for path in sorted(Path(CATALOG_DIR).glob("*.yaml")):
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:12]


def _fonts() -> tuple[str, str]:
    if "DejaVuSans" in pdfmetrics.getRegisteredFontNames():
        return "DejaVuSans", "DejaVuSans-Bold"
    for d in FONT_DIRS:
        if (d / "DejaVuSans.ttf").is_file():
            pdfmetrics.registerFont(TTFont("DejaVuSans", str(d / "DejaVuSans.ttf")))
            pdfmetrics.registerFont(TTFont("DejaVuSans-Bold", str(d / "DejaVuSans-Bold.ttf")))
            return "DejaVuSans", "DejaVuSans-Bold"
    raise RuntimeError("DejaVu fonts are missing (Cyrillic would not render); apt-get install fonts-dejavu-core")


def from_turn(result, scenario=None) -> dict[str, Any]:
    """The proposal's content from a turn (`TurnResult`), sizing the scenario when the turn itself
    recommended nothing (e.g. the customer named one card)."""
    from assistant.storage.leads import summarize_configurations

    facts = [f.model_dump() for f in result.facts]
    configs = summarize_configurations(facts)
    if not configs and scenario is not None:
        configs = _recommend(scenario)
    need = next((f["output"].get("total_bytes") for f in facts if f.get("tool") == "vram"), None)
    return {"language": result.language, "items": list(result.scenario_items), "configurations": configs,
            "need_bytes": need, "sources": [s.title for s in result.sources if s.trusted]}


def from_lead(lead: dict[str, Any]) -> dict[str, Any]:
    """The proposal attached to a stored lead: its scenario and configurations as the manager got them."""
    items = [{"slot": k, "value": v, "text": f"{k}: {v}", "default": False} for k, v in (lead.get("scenario") or {}).items()]
    return {"language": lead.get("language") or "ru", "items": items,
            "configurations": lead.get("configurations") or [], "need_bytes": None, "sources": []}


def _recommend(scenario) -> list[dict]:
    from assistant.storage.leads import summarize_configurations
    from assistant.turn.facts import memory_request
    from tools.errors import SizingError
    from tools.recommend import recommend

    if not (getattr(scenario, "model", None) or getattr(scenario, "params_b", None)):
        return []
    try:
        rec = recommend(memory_request(scenario), top=4)
    except SizingError:
        return []
    return summarize_configurations([{"tool": "recommend", "output": rec.model_dump()}])


def render(content: dict[str, Any], vendor: str = "", today: date | None = None) -> bytes:
    if not content.get("configurations"):
        lang = content.get("language", "ru")
        raise ProposalUnavailable(TEXT.get(lang, TEXT["en"])["none"])
    lang = content["language"] if content.get("language") in TEXT else "en"
    t = TEXT[lang]
    regular, bold = _fonts()
    body = ParagraphStyle("body", fontName=regular, fontSize=9, leading=11.5)
    small = ParagraphStyle("small", parent=body, fontSize=7.5, leading=9.5, textColor=colors.HexColor("#444444"))
    h1 = ParagraphStyle("h1", parent=body, fontName=bold, fontSize=16, leading=20, spaceAfter=4)
    h2 = ParagraphStyle("h2", parent=body, fontName=bold, fontSize=11, leading=14, spaceBefore=8, spaceAfter=3)
    cell = ParagraphStyle("cell", parent=body, fontSize=8, leading=10)

    def p(text: str, style=body) -> Paragraph:
        return Paragraph(escape(str(text)), style)

    story: list = [p(t["title"] + (f" — {vendor}" if vendor else ""), h1)]
    story.append(p(t["scenario"], h2))
    items = [f"{i['text']}" + (f" ({t['assumed']})" if i.get("default") else f" ({t['least']})" if i.get("least") else "")
             for i in content.get("items", [])]
    story.append(p(" · ".join(items) or "—"))
    if content.get("need_bytes"):
        story.append(p(t["need"].format(gb=f"{content['need_bytes'] / 1e9:,.1f}".replace(",", " "))))
    story.append(p(t["configs"], h2))
    rows = [[p(x, cell) for x in (t["gpu"], t["vram"], t["power"], t["psu"], t["price"], t["server"])]]
    notes: list[str] = []
    for c in content["configurations"][:6]:
        price = "—"
        if c.get("price_usd_min"):
            lo, hi = c["price_usd_min"], c.get("price_usd_max") or c["price_usd_min"]
            price = f"{lo:,.0f}–{hi:,.0f}".replace(",", " ")
        rows.append([p(f"{c.get('count')} × {c.get('gpu')}", cell),
                     p(f"{(c.get('total_vram_bytes') or 0) / 1e9:,.1f}".replace(",", " "), cell),
                     p(f"{c.get('system_watts') or '—'}", cell), p(c.get("psu") or "—", cell), p(price, cell),
                     p(", ".join(vendor_line(x, lang) for x in c.get("servers") or []) or "—", cell)])
        notes += [f"{c.get('count')} × {c.get('gpu')}: {warning(w, lang)}" for w in (c.get("warnings") or [])]
    table = Table(rows, colWidths=[34 * mm, 22 * mm, 24 * mm, 36 * mm, 26 * mm, 38 * mm], repeatRows=1)
    table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#999999")),
                               ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8eef7")),
                               ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    story.append(table)
    if notes:
        story.append(p(t["notes"], h2))
        story += [p("• " + n, small) for n in notes[:8]]
    if content.get("sources"):
        story.append(p(t["sources"], h2))
        story += [p("• " + s, small) for s in content["sources"][:6]]
    story += [Spacer(1, 6 * mm), p(t["footer"].format(d=(today or date.today()).isoformat(), v=catalog_version()),
                                   small)]
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=A4, leftMargin=15 * mm, rightMargin=15 * mm, topMargin=15 * mm,
                            bottomMargin=15 * mm, title=t["title"], author=vendor or "gpu-sizer", lang=lang)
    # one page, whatever the content: shrink to fit rather than spill onto a second
    doc.build([KeepInFrame(doc.width, doc.height, story, mode="shrink")])
    return buf.getvalue()
