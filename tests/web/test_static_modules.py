"""The browser's ES modules (no build step): small, one job each, and linked correctly.

Every module stays under ~400 lines, every relative import names a module that
exists and a name that module exports, so a broken link shows here without a browser; and
every sentence of the table's scripts goes through t() (no bare English in messages).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "src" / "chicago" / "web" / "static"
MODULES = sorted(STATIC.rglob("*.js"))
IMPORT = re.compile(r"import\s*\{([^}]*)\}\s*from\s*'(\.[^']+)'")
EXPORT = re.compile(r"export\s+(?:async\s+)?(?:function|const|let|class)\s+([\w$]+)")


def test_there_are_modules() -> None:
    names = {p.relative_to(STATIC).as_posix() for p in MODULES}
    assert {"table.js", "i18n.js", "table/pacing.js", "table/client.js"} <= names


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(STATIC).as_posix())
def test_a_module_is_small_and_its_imports_resolve(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert len(source.splitlines()) <= 400, "split this module by job"
    for names, target in IMPORT.findall(source):
        other = (path.parent / target).resolve()
        assert other.is_file(), f"{target} does not exist"
        exported = set(EXPORT.findall(other.read_text(encoding="utf-8")))
        for name in (n.strip() for n in names.split(",")):
            if name:
                assert name in exported, f"{target} does not export {name}"


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node to check the syntax")
@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(STATIC).as_posix())
def test_a_module_parses(path: Path) -> None:
    done = subprocess.run(
        ["node", "--input-type=module", "--check"],
        input=path.read_text(encoding="utf-8"),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_the_tables_messages_go_through_t() -> None:
    """Text handed to the page (textContent, el() children, announce) is never a bare
    English literal in the table's modules: it comes from t(), tn() or words.js."""
    bare = re.compile(r"(?:textContent\s*=|announce\(|el\('[a-z0-9]+',\s*\{[^}]*\},)\s*'[A-Z][a-z]")
    found = [
        f"{p.relative_to(STATIC)}:{i}"
        for p in [STATIC / "table.js", *sorted((STATIC / "table").glob("*.js"))]
        for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if bare.search(line)
    ]
    assert not found, found
