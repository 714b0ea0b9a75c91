"""Our speed bounds against published measurements: measured / predicted per row.

The rows live in knowledge/catalog/measured.yaml, each with its source. For every row the model,
cards, precision, runtime, batch and context are fed to tools.throughput -- so a vLLM row on several
cards is predicted by the tensor-parallel bound (bandwidths added) and a batched row by the batched
bound (union of MoE experts, every sequence's KV) -- and two ratios come back: measured over the
estimate at the default bandwidth efficiency, and measured over the 100 %-bandwidth ceiling (which no
real run can exceed). Rows are also summarised per group (runtime, dense or MoE), because the
shortfall differs a lot between them. The lead's `gpu-sizer bench` prints them; answers can quote
the typical shortfall ("real runs reach X-Y % of the ceiling").
"""
from __future__ import annotations

import statistics
from functools import lru_cache

import yaml
from pydantic import BaseModel, Field

from tools.catalog import get_model
from tools.errors import SizingError
from tools.paths import CATALOG_DIR
from tools.throughput import ThroughputRequest, estimate_throughput


class Measurement(BaseModel):
    id: str
    runtime: str
    model: str
    precision: str
    gpu: str
    gpus: int = 1
    context: int
    batch: int = 1
    measured_tokens_per_s: float = Field(description="Per-user decode, tokens/s, with `batch` sequences decoding "
                                                     "together (vLLM serving runs: 1000 / median TPOT).")
    source: str


class CalibrationRow(BaseModel):
    id: str
    measurement: Measurement
    predicted_tokens_per_s: float = Field(description="Our estimate at the default efficiency.")
    ceiling_tokens_per_s: float = Field(description="At 100 % of datasheet bandwidth.")
    ratio: float = Field(description="measured / predicted")
    ratio_to_ceiling: float = Field(description="measured / ceiling (must be <= 1)")
    parallel: str = Field("single card", description="How the bound split the cards: 'single card', "
                                                     "'layer split' or 'tensor parallel'.")
    group: str = Field("", description="runtime + dense/MoE, e.g. 'vllm MoE'.")


class CalibrationGroup(BaseModel):
    name: str
    n: int
    median_ratio: float
    min_ratio_to_ceiling: float
    max_ratio_to_ceiling: float


class CalibrationReport(BaseModel):
    rows: list[CalibrationRow]
    median_ratio: float
    min_ratio_to_ceiling: float
    max_ratio_to_ceiling: float
    groups: list[CalibrationGroup] = Field(default_factory=list)
    summary: str


@lru_cache(maxsize=2)
def load_measurements(path: str | None = None) -> tuple[Measurement, ...]:
    p = path or str(CATALOG_DIR / "measured.yaml")
    with open(p, encoding="utf-8") as fh:
        return tuple(Measurement.model_validate(x) for x in yaml.safe_load(fh))


def calibrate_row(m: Measurement) -> CalibrationRow:
    moe = bool(get_model(m.model).moe_experts)
    t = estimate_throughput(ThroughputRequest(model=m.model, gpu=m.gpu, gpus=m.gpus, precision=m.precision,
                                              context=m.context, batch=m.batch, runtime=m.runtime))
    pred, ceil = t.decode_tokens_per_s_per_user, t.decode_ceiling_tokens_per_s_per_user
    if ceil is None:  # estimate_throughput always reports the ceiling
        raise SizingError(f"{m.id}: no 100 %-bandwidth ceiling for {m.model} on {m.gpu}")
    return CalibrationRow(id=m.id, measurement=m, predicted_tokens_per_s=pred, ceiling_tokens_per_s=ceil,
                          ratio=round(m.measured_tokens_per_s / pred, 3),
                          ratio_to_ceiling=round(m.measured_tokens_per_s / ceil, 3), parallel=t.parallel,
                          group=f"{t.runtime} {'MoE' if moe else 'dense'}")


def calibration_report(measurements: list[Measurement] | None = None) -> CalibrationReport:
    rows = [calibrate_row(m) for m in (measurements or load_measurements())]
    med = statistics.median(r.ratio for r in rows)
    lo, hi = min(r.ratio_to_ceiling for r in rows), max(r.ratio_to_ceiling for r in rows)
    groups = [_group(name, [r for r in rows if r.group == name]) for name in dict.fromkeys(r.group for r in rows)]
    per_group = "; ".join(f"{g.name} ({g.n}): median {g.median_ratio:.2f}, "
                          f"{g.min_ratio_to_ceiling:.0%}-{g.max_ratio_to_ceiling:.0%} of the ceiling" for g in groups)
    summary = (f"{len(rows)} published runs: measured / our estimate median {med:.2f}; real runs reach "
               f"{lo:.0%}-{hi:.0%} of the 100 %-bandwidth ceiling. By group: {per_group}")
    return CalibrationReport(rows=rows, median_ratio=round(med, 3), min_ratio_to_ceiling=lo,
                             max_ratio_to_ceiling=hi, groups=groups, summary=summary)


@lru_cache(maxsize=1)
def ceiling_shares() -> dict[str, tuple[float, float]]:
    """Group ('llama.cpp dense', 'vllm MoE', ...) -> (lowest, highest) measured / 100 %-ceiling over the
    published runs: what an answer quotes as the typical shortfall of a real run."""
    return {g.name: (g.min_ratio_to_ceiling, g.max_ratio_to_ceiling) for g in calibration_report().groups}


def _group(name: str, rows: list[CalibrationRow]) -> CalibrationGroup:
    return CalibrationGroup(name=name, n=len(rows), median_ratio=round(statistics.median(r.ratio for r in rows), 3),
                            min_ratio_to_ceiling=min(r.ratio_to_ceiling for r in rows),
                            max_ratio_to_ceiling=max(r.ratio_to_ceiling for r in rows))
