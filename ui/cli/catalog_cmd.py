"""`gpu-sizer catalog import FILE.csv|yaml`: new prices and cards without a release.

- CSV (one section, `--kind`, GPUs by default): each row updates the entry with its `id` (only the
  columns given; an empty cell clears an optional field) or adds a new one. Lists (aliases,
  gpu_ids) are separated by ";".
- YAML: either a mapping {gpus: [...], servers: [...], ...} or a list for `--kind`; each section
  given replaces that section whole (so entries can be removed).

Everything is validated against the catalog schema (`tools.catalog`) before anything is written:
bad rows are rejected with one line each and nothing is applied. Then the diff (prices, new
entries, removed ones), then each file is replaced atomically. Running servers pick it up by
themselves (they watch the files), and the knowledge index is rebuilt from the new catalog.
"""
from __future__ import annotations

import csv
import io
import os
import sys
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

SECTIONS = ("gpus", "models", "servers", "platforms")
LIST_FIELDS = {"aliases", "gpu_ids", "ram_gb_options"}
PRICE_FIELDS = ("price_usd_min", "price_usd_max", "price")
SOURCE = "__source__"  # where a row came from, for the error line; never written


def _models() -> dict[str, type[BaseModel]]:
    from tools.catalog import GPU, Model, Platform, Server

    return {"gpus": GPU, "models": Model, "servers": Server, "platforms": Platform}


class ImportRejected(Exception):
    def __init__(self, lines: list[str]):
        super().__init__("\n".join(lines))
        self.lines = lines


def read_current(directory: Path) -> dict[str, list[dict]]:
    out = {}
    for key in SECTIONS:
        path = directory / f"{key}.yaml"
        out[key] = (yaml.safe_load(path.read_text(encoding="utf-8")) or []) if path.is_file() else []
    return out


def _cell(field: str, value: str, model: type[BaseModel]) -> Any:
    value = value.strip()
    if value == "":
        return None
    if field in LIST_FIELDS:
        items = [v.strip() for v in value.split(";") if v.strip()]
        return [int(i) for i in items] if field == "ram_gb_options" else items
    if field not in model.model_fields:
        return value  # reported as an unknown column by validation
    return yaml.safe_load(value) if value.lower() in ("true", "false", "null") else value


def parse(path: Path, kind: str | None, current: dict[str, list[dict]]) -> dict[str, list[dict]]:
    """The new content of each section the file touches (rows not yet validated)."""
    text = path.read_text(encoding="utf-8-sig")
    suffix = path.suffix.lower()
    if suffix == ".csv":
        kind = kind or "gpus"
        model = _models()[kind]
        rows = list(csv.DictReader(io.StringIO(text)))
        if not rows or "id" not in (rows[0].keys() if rows else ()):
            raise ImportRejected([f"{path.name}: a CSV needs a header row with an 'id' column and at least one row"])
        merged = [dict(e) for e in current[kind]]
        by_id = {e["id"]: e for e in merged}
        for line, row in enumerate(rows, 2):  # line 1 is the header
            values = {k.strip(): _cell(k.strip(), v or "", model) for k, v in row.items() if k is not None}
            if values.get("id") in by_id:
                by_id[values["id"]].update(values)
                by_id[values["id"]][SOURCE] = f"{path.name} line {line}"
            else:
                merged.append({k: v for k, v in values.items() if v is not None} | {SOURCE: f"{path.name} line {line}"})
                if values.get("id"):
                    by_id[values["id"]] = merged[-1]
        return {kind: merged}
    if suffix in (".yaml", ".yml"):
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            raise ImportRejected([f"{path.name}: not valid YAML ({str(exc).splitlines()[0]})"]) from None
        if isinstance(data, list):
            return {kind or "gpus": data}
        if isinstance(data, dict) and data and set(data) <= set(SECTIONS):
            return {k: v or [] for k, v in data.items()}
        raise ImportRejected([f"{path.name}: expected a list of entries or a mapping with keys "
                              f"{', '.join(SECTIONS)}"])
    raise ImportRejected([f"{path.name}: unknown file type {suffix or '(none)'!r}; use .csv, .yaml or .yml"])


def validate(new: dict[str, list[dict]], current: dict[str, list[dict]]) -> list[str]:
    """One line per bad row; [] when the whole catalog is valid."""
    from tools.catalog import Catalog

    errors: list[str] = []
    models = _models()
    for kind, rows in new.items():
        if not isinstance(rows, list):
            errors.append(f"{kind}: expected a list of entries")
            continue
        seen: set[str] = set()
        for n, row in enumerate(rows, 1):
            if not isinstance(row, dict):
                errors.append(f"{kind} entry {n}: expected a mapping of fields")
                continue
            where_from = row.pop(SOURCE, None) or f"{kind} entry {n}"
            label = where_from + (f" ({row.get('id')})" if row.get("id") else "")
            unknown = sorted(set(row) - set(models[kind].model_fields))
            if unknown:
                errors.append(f"{label}: unknown field(s) {', '.join(unknown)}")
                continue
            try:  # stored with the schema's types ("1700" from a CSV is written as 1700.0)
                rows[n - 1] = models[kind].model_validate(row).model_dump(mode="json", exclude_unset=True)
            except ValidationError as exc:
                e = exc.errors()[0]
                where = ".".join(str(x) for x in e["loc"]) or "row"
                errors.append(f"{label}: {where}: {e['msg'].removeprefix('Value error, ')}")
                continue
            if row["id"] in seen:
                errors.append(f"{label}: duplicate id {row['id']!r}")
            seen.add(row["id"])
    if errors:
        return errors
    merged = {**current, **new}
    gpu_ids = {g["id"] for g in merged["gpus"]}
    for s in merged["servers"]:
        for gid in s.get("gpu_ids", []):
            if gid not in gpu_ids:
                errors.append(f"servers ({s.get('id')}): offers GPU {gid!r} that is not in the catalog")
    if not errors:
        try:
            Catalog.model_validate({k: v for k, v in merged.items() if k != "platforms" or v})
        except ValidationError as exc:
            errors.append(f"catalog: {exc.errors()[0]['msg']}")
    return errors


def diff(new: dict[str, list[dict]], current: dict[str, list[dict]]) -> list[str]:
    lines = []
    for kind, rows in new.items():
        old = {e["id"]: e for e in current.get(kind, [])}
        now = {e["id"]: e for e in rows}
        for i in now.keys() - old.keys():
            price = "".join(f" {k}={now[i][k]}" for k in PRICE_FIELDS if now[i].get(k) is not None)
            lines.append(f"+ {kind} {i}: new ({now[i].get('name', '')}){price}")
        for i in old.keys() - now.keys():
            lines.append(f"- {kind} {i}: removed ({old[i].get('name', '')})")
        for i in sorted(now.keys() & old.keys()):
            for field in sorted(set(now[i]) | set(old[i])):
                a, b = old[i].get(field), now[i].get(field)
                if a != b:
                    lines.append(f"~ {kind} {i}: {field} {a!r} -> {b!r}")
    return sorted(lines, key=lambda s: (s[2:].split(":")[0], s[0]))


def _header(path: Path) -> str:
    """The file's leading comment block (its conventions), kept above the new entries."""
    if not path.is_file():
        return ""
    head = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            head.append(line)
        else:
            break
    return "\n".join(head).rstrip() + "\n\n" if head else ""


def write(new: dict[str, list[dict]], directory: Path) -> None:
    """Each section's file replaced atomically; all new files are on disk before the first replace."""
    staged = []
    for kind, rows in new.items():
        path = directory / f"{kind}.yaml"
        tmp = path.with_name(f".{path.name}.import-{os.getpid()}")
        tmp.write_text(_header(path) + yaml.safe_dump(rows, allow_unicode=True, sort_keys=False, width=120),
                       encoding="utf-8")
        with open(tmp, "rb") as fh:
            os.fsync(fh.fileno())
        staged.append((tmp, path))
    for tmp, path in staged:
        os.replace(tmp, path)


def cmd_import(args) -> int:
    from tools.paths import CATALOG_DIR

    directory = Path(args.catalog_dir or CATALOG_DIR)
    path = Path(args.file)
    if not path.is_file():
        print(f"gpu-sizer: error: no such file: {path}", file=sys.stderr)
        return 2
    current = read_current(directory)
    try:
        new = parse(path, args.kind, current)
        errors = validate(new, current)
    except ImportRejected as exc:
        errors = exc.lines
    except (UnicodeDecodeError, csv.Error, ValueError) as exc:
        errors = [f"{path.name}: cannot be read ({exc})"]
    if errors:
        for line in errors:
            print(f"rejected: {line}", file=sys.stderr)
        print(f"gpu-sizer: nothing imported ({len(errors)} bad row(s))", file=sys.stderr)
        return 2
    changes = diff(new, current)
    print("\n".join(changes) if changes else "no changes")
    if not changes or args.dry_run:
        return 0
    write(new, directory)
    print(f"written: {', '.join(f'{k}.yaml' for k in new)} in {directory}")
    if not args.no_index:
        from assistant.settings import get_settings
        from knowledge.ingest import ingest

        report = ingest(None, get_settings(), progress=False)
        print(f"knowledge index: {report.embedded} chunk(s) re-embedded, {report.reused} reused")
    return 0


def register(sub) -> None:
    p = sub.add_parser("catalog", help="the vendor's catalog: import prices and cards without a release")
    cs = p.add_subparsers(dest="catalog_command", required=True)
    i = cs.add_parser("import", help="validate FILE.csv|yaml, print the diff, write the catalog atomically")
    i.add_argument("file", help="a .csv (one section) or .yaml file")
    i.add_argument("--kind", choices=SECTIONS, help="section of a CSV or of a YAML list (default: gpus)")
    i.add_argument("--dry-run", action="store_true", help="validate and print the diff, write nothing")
    i.add_argument("--no-index", action="store_true", help="do not rebuild the knowledge index afterwards")
    i.add_argument("--catalog-dir", help="catalog folder (default: GPU_SIZER_CATALOG_DIR or knowledge/catalog)")
    i.set_defaults(func=cmd_import)
