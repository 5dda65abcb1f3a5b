"""The browser's ES modules form no import cycle: state flows down to drawing,
decisions flow up through one dispatcher (static/table/dispatch.js), so no module that
draws imports the code that talks to the server. The check reads the `import` statements
of static/**/*.js (static, re-exports and dynamic `import('…')`), needs no npm, and is
itself tested on a planted cycle.
"""

from __future__ import annotations

import re
from pathlib import Path

from test_layers import _cycles

STATIC = Path(__file__).resolve().parents[2] / "src" / "chicago" / "web" / "static"
# import {a} from './x.js'; import './x.js'; export {a} from './x.js'; import('./x.js')
IMPORTS = re.compile(
    r"""(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"](\.{1,2}/[^'"]+)['"]"""
    r"""|(?:^|[\s;])import\s*['"](\.{1,2}/[^'"]+)['"]"""
    r"""|import\(\s*['"](\.{1,2}/[^'"]+)['"]\s*\)""",
    re.MULTILINE,
)
COMMENT = re.compile(r"/\*.*?\*/|^\s*//.*?$", re.DOTALL | re.MULTILINE)


def module_graph(root: Path) -> dict[str, set[str]]:
    """Each module under `root` (a posix path relative to it) and the modules it imports."""
    graph: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.js")):
        source = COMMENT.sub("", path.read_text(encoding="utf-8"))
        targets = set()
        for groups in IMPORTS.findall(source):
            target = next(g for g in groups if g).split("?")[0]
            resolved = (path.parent / target).resolve()
            targets.add(resolved.relative_to(root.resolve()).as_posix())
        graph[path.relative_to(root).as_posix()] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every group of modules that import each other round a cycle (the layers test's
    finder), and every module that imports itself, each as its sorted module names."""
    return _cycles(graph) + [[m] for m in sorted(graph) if m in graph[m]]


def test_the_modules_form_no_cycle() -> None:
    graph = module_graph(STATIC)
    assert "table/dispatch.js" in graph["table/board.js"]
    assert cycles(graph) == []


def test_the_drawing_modules_do_not_import_the_server_side() -> None:
    """Drawing (board, panel, log, result, draw) never reaches client.js or pacing.js."""
    graph = module_graph(STATIC)
    for drawing in ("table/board.js", "table/panel.js", "table/log.js", "table/result.js"):
        assert not graph[drawing] & {"table/client.js", "table/pacing.js"}, drawing


def test_the_check_finds_a_planted_cycle(tmp_path: Path) -> None:
    (tmp_path / "table").mkdir()
    (tmp_path / "a.js").write_text("import { b } from './table/b.js';\nexport const a = 1;\n")
    (tmp_path / "table" / "b.js").write_text(
        "// import { a } from '../a.js';  (a comment is no import)\n"
        "export { c } from './c.js';\nexport const b = 2;\n"
    )
    (tmp_path / "table" / "c.js").write_text("export const c = 3;\n")
    (tmp_path / "d.js").write_text("import './d.js';\n")
    assert cycles(module_graph(tmp_path)) == [["d.js"]]
    (tmp_path / "table" / "c.js").write_text(
        "const later = () => import('../a.js?v=1');\nexport const c = 3;\n"
    )
    assert cycles(module_graph(tmp_path)) == [["a.js", "table/b.js", "table/c.js"], ["d.js"]]
