"""Our speed bounds against published measurements: measured / predicted per row.

The rows live in knowledge/catalog/measured.yaml, each with its source. For every row the model,
cards, precision and runtime are fed to tools.throughput and two ratios come back: measured over
the estimate at the default bandwidth efficiency, and measured over the 100 %-bandwidth ceiling
(which no real run can exceed). The lead's `gpu-sizer bench` prints them; answers can quote the
typical shortfall ("real runs reach X-Y % of the ceiling").
"""
from __future__ import annotations

import statistics
from functools import lru_cache

import yaml
from pydantic import BaseModel, Field

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
    measured_tokens_per_s: float = Field(description="Per user (batch 1) decode, tokens/s.")
    source: str


class CalibrationRow(BaseModel):
    id: str
    measurement: Measurement
    predicted_tokens_per_s: float = Field(description="Our estimate at the default efficiency.")
    ceiling_tokens_per_s: float = Field(description="At 100 % of datasheet bandwidth.")
    ratio: float = Field(description="measured / predicted")
    ratio_to_ceiling: float = Field(description="measured / ceiling (must be <= 1)")


class CalibrationReport(BaseModel):
    rows: list[CalibrationRow]
    median_ratio: float
    min_ratio_to_ceiling: float
    max_ratio_to_ceiling: float
    summary: str


@lru_cache(maxsize=2)
def load_measurements(path: str | None = None) -> tuple[Measurement, ...]:
    p = path or str(CATALOG_DIR / "measured.yaml")
    with open(p, encoding="utf-8") as fh:
        return tuple(Measurement.model_validate(x) for x in yaml.safe_load(fh))


def calibrate_row(m: Measurement) -> CalibrationRow:
    t = estimate_throughput(ThroughputRequest(model=m.model, gpu=m.gpu, gpus=m.gpus, precision=m.precision,
                                              context=m.context, batch=m.batch, runtime=m.runtime))
    pred, ceil = t.decode_tokens_per_s_per_user, t.decode_ceiling_tokens_per_s_per_user
    if ceil is None:  # estimate_throughput always reports the ceiling
        raise SizingError(f"{m.id}: no 100 %-bandwidth ceiling for {m.model} on {m.gpu}")
    return CalibrationRow(id=m.id, measurement=m, predicted_tokens_per_s=pred, ceiling_tokens_per_s=ceil,
                          ratio=round(m.measured_tokens_per_s / pred, 3),
                          ratio_to_ceiling=round(m.measured_tokens_per_s / ceil, 3))


def calibration_report(measurements: list[Measurement] | None = None) -> CalibrationReport:
    rows = [calibrate_row(m) for m in (measurements or load_measurements())]
    med = statistics.median(r.ratio for r in rows)
    lo, hi = min(r.ratio_to_ceiling for r in rows), max(r.ratio_to_ceiling for r in rows)
    summary = (f"{len(rows)} published runs: measured / our estimate median {med:.2f}; real runs reach "
               f"{lo:.0%}-{hi:.0%} of the 100 %-bandwidth ceiling")
    return CalibrationReport(rows=rows, median_ratio=round(med, 3), min_ratio_to_ceiling=lo,
                             max_ratio_to_ceiling=hi, summary=summary)
