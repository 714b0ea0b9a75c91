"""Checks for published generated text (the FAQ page): the same checks as a chat answer, plus
"never cut mid-sentence". A generated answer with any problem stays a draft; the page shows the
guide's passage instead (assistant/faq.py decides; this module only judges)."""
from __future__ import annotations

import re
from typing import Any, Iterable

_END = re.compile(r"[.!?…»)\"]\s*$")


def whole_sentences(text: str) -> str:
    """`text` up to its last complete sentence ("…зависит от размера модели, кв" loses the stub)."""
    text = text.strip()
    if not text or _END.search(text):
        return text
    cut = max(text.rfind(". "), text.rfind("! "), text.rfind("? "), text.rfind(".\n"))
    return text[:cut + 1].strip() if cut > 0 else ""


def problems(text: str, lang: str, trusted: Iterable[str], facts: Any = (), question: str = "") -> list[str]:
    """Why `text` may not be published (empty: it may): cut off, or a sentence the guard drops —
    an ungrounded number, a false claim against the rules or the catalog, another language, an echo."""
    from assistant import guard

    out = []
    if text.strip() and not _END.search(text.strip()):
        out.append("cut mid-sentence")
    g = guard.grounding(list(facts) if facts else [], list(trusted), customer=[question] if question else [],
                        lang=lang)
    for s in guard.sentences(text):
        bad = guard.violations(s, g)
        if bad:
            out.append(f"{', '.join(bad)}: {s.strip()[:120]}")
    return out
