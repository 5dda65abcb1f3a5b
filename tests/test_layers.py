"""The house's layers (docs/design.md "Layers"): the import contracts hold, nothing imports in a
circle, the rules core needs only the standard library, and modules stay small."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "chicago"
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def _lint(config: Path, pythonpath: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    return subprocess.run(
        [str(LINT_IMPORTS), "--config", str(config), "--no-cache"],
        capture_output=True, text=True, env=env, cwd=config.parent, check=False,
    )


def test_import_contracts_are_kept() -> None:
    result = _lint(ROOT / "pyproject.toml")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "3 kept, 0 broken" in result.stdout


def test_a_core_module_importing_a_front_end_breaks_the_layers(tmp_path: Path) -> None:
    """A temporary module that makes the core depend on the web fails the run, naming both."""
    copy = tmp_path / "chicago"
    shutil.copytree(SRC, copy, ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "core" / "rogue.py").write_text("import chicago.web.app\n", encoding="utf-8")
    config = tmp_path / "pyproject.toml"
    config.write_text((ROOT / "pyproject.toml").read_text(encoding="utf-8"), encoding="utf-8")
    result = _lint(config, pythonpath=tmp_path)
    assert result.returncode != 0
    assert "BROKEN" in result.stdout
    assert "chicago.core.rogue -> chicago.web.app" in result.stdout
    assert "Layers: cli > front-ends > table > store > text > bots > core" in result.stdout


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("chicago", include_external_packages=True)


def test_core_imports_only_the_standard_library(graph: grimp.ImportGraph) -> None:
    """docs/design.md principle 1: the pure rules core stands on the standard library alone."""
    outside = set()
    for module in graph.find_children("chicago.core") | {"chicago.core"}:
        for imported in graph.find_modules_directly_imported_by(module):
            top = imported.split(".")[0]
            if top != "chicago" and top not in sys.stdlib_module_names:
                outside.add(f"{module} -> {imported}")
    assert not outside, sorted(outside)


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in edges:
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(edges) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_imports_in_a_circle(graph: grimp.ImportGraph) -> None:
    """No import cycles anywhere in src/ (the deal's course steps through course.py)."""
    modules = {m for m in graph.modules if m == "chicago" or m.startswith("chicago.")}
    edges = {
        m: {x for x in graph.find_modules_directly_imported_by(m) if x in modules}
        for m in modules
    }
    # A package's __init__ re-exporting its own modules is not a cycle of concepts.
    for m in modules:
        edges[m] = {x for x in edges[m] if not m.startswith(x + ".")}
    assert _cycles(edges) == []


def test_modules_stay_small() -> None:
    """docs/design.md: no Python module beyond ~600 lines; split by concept before then."""
    too_long = {
        str(p.relative_to(SRC)): n
        for p in SRC.rglob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > 600
    }
    assert not too_long, too_long
