"""The security report: one row per attack case, written at the end of the session.

Tests fill a `CaseRecord` (id, OWASP category, what it checks, evidence); the conftest's hooks
add the outcome. `write()` produces reports/security.md (for people) and reports/security.json
(for tools). A case whose test never reached its checks is still listed, as failed or errored.
"""
from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

REPORTS = Path(__file__).resolve().parents[2] / "reports"
OWASP = {
    "LLM01": "Prompt injection", "LLM02": "Sensitive information disclosure", "LLM04": "Data and model poisoning",
    "LLM05": "Improper output handling", "LLM06": "Excessive agency", "LLM07": "System prompt leakage",
    "LLM08": "Vector and embedding weaknesses", "LLM09": "Misinformation", "LLM10": "Unbounded consumption",
}
EVIDENCE_CHARS = 300


@dataclass
class CaseRecord:
    nodeid: str
    id: str = ""
    category: str = ""
    checks: str = ""
    evidence: str = ""
    model_called: bool | None = None
    lang: str = ""
    seconds: float = 0.0
    outcome: str = "not run"
    failure: str = ""

    def set(self, id: str, category: str, checks: str) -> "CaseRecord":
        self.id, self.category, self.checks = id, category, checks
        return self

    def evidence_of(self, text: str) -> None:
        one_line = " ".join(str(text).split())
        self.evidence = one_line[:EVIDENCE_CHARS] + ("…" if len(one_line) > EVIDENCE_CHARS else "")


@dataclass
class Report:
    cases: dict[str, CaseRecord] = field(default_factory=dict)
    started: float = field(default_factory=time.time)

    def case(self, nodeid: str) -> CaseRecord:
        return self.cases.setdefault(nodeid, CaseRecord(nodeid=nodeid))

    def outcome(self, nodeid: str, outcome: str, failure: str = "", seconds: float = 0.0) -> None:
        rec = self.case(nodeid)
        if rec.outcome in ("failed", "error") and outcome == "passed":
            return  # a passing teardown does not undo a failed call
        rec.outcome, rec.seconds = outcome, round(rec.seconds + seconds, 2)
        if failure:
            rec.failure = " ".join(failure.split())[-400:]

    def write(self, folder: Path = REPORTS) -> tuple[Path, Path]:
        folder.mkdir(parents=True, exist_ok=True)
        for r in _earlier(folder / "security.json"):  # a targeted run updates its rows, keeps the others
            if r.nodeid not in self.cases:
                r.checks = r.checks if r.checks.endswith("(earlier run)") else f"{r.checks} (earlier run)"
                self.cases[r.nodeid] = r
        rows = sorted(self.cases.values(), key=lambda r: (r.category or "~", r.id or r.nodeid))
        for r in rows:
            r.id = r.id or r.nodeid.rsplit("::", 1)[-1]
        totals = {o: sum(r.outcome == o for r in rows)
                  for o in ("passed", "failed", "error", "skipped", "not run")}
        runtime = round(time.time() - self.started, 1)
        data = {"generated": time.strftime("%Y-%m-%d %H:%M:%S"), "runtime_s": runtime, "totals": totals,
                "categories": OWASP, "cases": [asdict(r) for r in rows]}
        js = folder / "security.json"
        js.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
        md = folder / "security.md"
        md.write_text(_markdown(rows, totals, runtime), encoding="utf-8")
        return md, js


def _earlier(path: Path) -> list[CaseRecord]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return [CaseRecord(**{k: v for k, v in c.items() if k in CaseRecord.__dataclass_fields__})
                for c in data.get("cases", [])]
    except (OSError, ValueError, TypeError):
        return []


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


ROUTES = {True: "model saw it", False: "keyword routing alone", None: "web layer / scripted"}
LANGS = ("ru", "en", "mixed", "—")


def _summary(rows: list[CaseRecord]) -> list[str]:
    """Cases per OWASP category: by language, and by what answered them."""
    out = ["| Category | cases | " + " | ".join(LANGS) + " | " + " | ".join(ROUTES.values()) + " |",
           "|---|---:|" + "---:|" * (len(LANGS) + len(ROUTES))]
    for cat in sorted({r.category for r in rows}):
        mine = [r for r in rows if r.category == cat]
        langs = [sum((r.lang or "—") == lang for r in mine) for lang in LANGS]
        routes = [sum(r.model_called is key for r in mine) for key in ROUTES]
        out.append(f"| {cat} {OWASP.get(cat, '')} | {len(mine)} | " + " | ".join(map(str, langs + routes)) + " |")
    langs = [sum((r.lang or "—") == lang for r in rows) for lang in LANGS]
    routes = [sum(r.model_called is key for r in rows) for key in ROUTES]
    out.append(f"| **all** | **{len(rows)}** | " + " | ".join(map(str, langs + routes)) + " |")
    return out


def _markdown(rows: list[CaseRecord], totals: dict[str, int], runtime: float) -> str:
    out = ["# Security test report (OWASP Top 10 for LLM applications)", "",
           f"Generated {time.strftime('%Y-%m-%d %H:%M')} by `tests/security` in {runtime} s. "
           + ", ".join(f"{v} {k}" for k, v in totals.items() if v) + ".", "",
           "Answered by: *model saw it* — the case reached the language model (the real default GGUF); "
           "*keyword routing alone* — the real assistant answered it deterministically, before any model; "
           "*web layer / scripted* — the web layer, stores and pages, driven by a scripted turn or none. "
           "Language: *—* for cases without customer text (limits, stores).", "",
           *_summary(rows), "",
           "| Result | Case | Category | Lang | What it checks | Answered by | Evidence |",
           "|---|---|---|---|---|---|---|"]
    for r in rows:
        mark = {"passed": "PASS", "failed": "**FAIL**", "error": "**ERROR**"}.get(r.outcome, r.outcome)
        cat = f"{r.category} {OWASP.get(r.category, '')}".strip()
        evidence = r.evidence + (f" — failure: {r.failure}"
                                 if r.failure else "")
        out.append(f"| {mark} | `{_cell(r.id)}` | {_cell(cat)} | {r.lang or '—'} | {_cell(r.checks)} | "
                   f"{ROUTES[r.model_called]} | {_cell(evidence)} |")
    return "\n".join(out) + "\n"
