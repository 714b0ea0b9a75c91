"""The layers hold by test: tools -> knowledge -> assistant -> ui -> bench, never upward.

`ui.cli` is the entry point of everything (it also starts benchmarks), so it alone may import `bench`.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LAYERS = ["tools", "knowledge", "assistant", "ui", "bench"]
TOP = "ui.cli"  # the command line: an adapter over everything, benchmarks included


def allowed(module: str) -> set[str]:
    if module == TOP or module.startswith(TOP + "."):
        return set(LAYERS)
    layer = module.split(".")[0]
    return set(LAYERS[: LAYERS.index(layer) + 1])


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def upward_edges(root: Path = ROOT) -> list[str]:
    """Every import (top-level or inside a function) from a lower layer into a higher one."""
    edges = []
    for layer in LAYERS:
        for path in sorted((root / layer).rglob("*.py")):
            module = _module_name(path, root)
            ok = allowed(module)
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                         else [node.module] if isinstance(node, ast.ImportFrom) and node.module and not node.level
                         else [])
                for name in names:
                    target = name.split(".")[0]
                    if target in LAYERS and target not in ok:
                        edges.append(f"{module}:{node.lineno} imports {name}")
    return edges


def test_no_upward_imports():
    assert upward_edges() == []


def test_a_planted_upward_edge_is_caught(tmp_path):
    for layer in LAYERS:
        (tmp_path / layer).mkdir()
        (tmp_path / layer / "__init__.py").write_text("")
    (tmp_path / "tools" / "bad.py").write_text("def f():\n    from assistant.service import Assistant\n")
    (tmp_path / "knowledge" / "bad.py").write_text("import ui.app\n")
    (tmp_path / "ui" / "fine.py").write_text("from assistant import service\nfrom tools import catalog\n")
    (tmp_path / "ui" / "cli").mkdir()
    (tmp_path / "ui" / "cli" / "b.py").write_text("from bench.run import run_bench\n")
    (tmp_path / "ui" / "app.py").write_text("from bench.load import run\n")
    assert sorted(upward_edges(tmp_path)) == ["knowledge.bad:1 imports ui.app", "tools.bad:2 imports assistant.service",
                                      "ui.app:1 imports bench.load"]
