"""The project's directories, in one place.

Lives in `tools/` because it is the bottom layer: every package may import it, and it imports
nothing. Environment overrides exist where a deployment moves a directory (catalog, data).
"""
from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CATALOG_DIR = Path(os.environ.get("GPU_SIZER_CATALOG_DIR", ROOT / "knowledge" / "catalog"))
DOCS_DIR = ROOT / "knowledge" / "docs"
EVAL_DIR = ROOT / "knowledge" / "eval"
DATA_DIR = ROOT / "data"
MODELS_DIR = ROOT / "models"
REPORTS_DIR = ROOT / "reports"
