"""Retrieval benchmark over knowledge/eval/retrieval.yaml: recall@3, MRR, warm query latency.

A hit is a returned passage whose doc_id is in the item's ``relevant`` list. A catalog entry is one
unit in both languages: ``gpu-rtx-4090-en`` counts for ``gpu-rtx-4090``.
"""
from __future__ import annotations

import statistics
import time
from pathlib import Path

import yaml
from pydantic import BaseModel, Field

from assistant.settings import Settings
from knowledge.ingest import ingest
from knowledge.retrieval import Passage, Retriever
from tools.errors import SizingError
from tools.paths import EVAL_DIR

EVAL_FILE = EVAL_DIR / "retrieval.yaml"
TARGET_RECALL = 0.9
TARGET_LATENCY_MS = 50.0


class EvalItem(BaseModel):
    q: str
    lang: str
    relevant: list[str]


class Scores(BaseModel):
    n: int
    recall_at_3: float
    mrr: float


class EvalReport(BaseModel):
    overall: Scores
    by_language: dict[str, Scores]
    latency_ms_median: float = Field(description="Warm process: embedding + both searches + fusion.")
    latency_ms_p90: float
    ingest_seconds: float = Field(description="Full build from scratch in a temporary data dir.")
    misses: list[str] = Field(default_factory=list, description="Queries with no relevant passage in the top 3.")

    @property
    def passed(self) -> bool:
        return self.overall.recall_at_3 >= TARGET_RECALL and self.latency_ms_median <= TARGET_LATENCY_MS


def load_items(path: Path = EVAL_FILE) -> list[EvalItem]:
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    except (OSError, yaml.YAMLError) as exc:
        raise SizingError(f"cannot read eval set {path}: {exc}") from exc
    return [EvalItem.model_validate(x) for x in raw]


def is_hit(p: Passage, relevant: list[str]) -> bool:
    return p.doc_id in relevant or (p.source == "catalog" and p.doc_id.removesuffix("-en") in relevant)


def _scores(rows: list[int | None]) -> Scores:
    n = len(rows)
    return Scores(n=n, recall_at_3=round(sum(1 for r in rows if r is not None and r <= 3) / max(n, 1), 3),
                  mrr=round(sum(1 / r for r in rows if r is not None) / max(n, 1), 3))


def evaluate(settings: Settings, items: list[EvalItem] | None = None, measure_ingest: bool = True,
             depth: int = 10) -> EvalReport:
    items = items if items is not None else load_items()
    if not items:
        raise SizingError("the eval set is empty")
    ingest_s = 0.0
    if measure_ingest:  # a cold full build, aside, so the serving index is not touched
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            tmp_settings = settings.model_copy(deep=True)
            tmp_settings.retrieval.data_dir = Path(tmp)
            tmp_settings.retrieval.chroma_url = None
            ingest_s = ingest(None, tmp_settings, progress=False).seconds
    retriever = Retriever(settings)
    retriever.warm_up()
    ranks: dict[str, list[int | None]] = {}
    latencies: list[float] = []
    misses: list[str] = []
    for item in items:
        t0 = time.perf_counter()
        hits = retriever.search(item.q, k=depth, language=item.lang)
        latencies.append((time.perf_counter() - t0) * 1000)
        rank = next((i for i, p in enumerate(hits, start=1) if is_hit(p, item.relevant)), None)
        ranks.setdefault(item.lang, []).append(rank)
        if rank is None or rank > 3:
            misses.append(f"[{item.lang}] {item.q} -> {[p.doc_id for p in hits[:3]]}")
    all_ranks = [r for rows in ranks.values() for r in rows]
    lat = sorted(latencies)
    return EvalReport(overall=_scores(all_ranks), by_language={k: _scores(v) for k, v in sorted(ranks.items())},
                      latency_ms_median=round(statistics.median(lat), 1),
                      latency_ms_p90=round(lat[int(0.9 * (len(lat) - 1))], 1),
                      ingest_seconds=round(ingest_s, 1), misses=misses)


def format_report(r: EvalReport) -> str:
    lines = [f"retrieval benchmark ({r.overall.n} queries)",
             f"  overall: recall@3 {r.overall.recall_at_3:.3f}  MRR {r.overall.mrr:.3f}"]
    for lang, s in r.by_language.items():
        lines.append(f"  {lang} ({s.n}): recall@3 {s.recall_at_3:.3f}  MRR {s.mrr:.3f}")
    lines += [f"  query latency: median {r.latency_ms_median} ms, p90 {r.latency_ms_p90} ms (warm)",
              f"  ingest from scratch: {r.ingest_seconds} s",
              f"  targets: recall@3 >= {TARGET_RECALL}, median <= {TARGET_LATENCY_MS:g} ms -> "
              + ("met" if r.passed else "NOT met")]
    if r.misses:
        lines.append("  misses:")
        lines += [f"    {m}" for m in r.misses]
    return "\n".join(lines)


__all__ = ["evaluate", "format_report", "EvalReport", "load_items", "is_hit"]
