"""docs/operating.md lists every environment variable the code and the scripts read: a
new `os.environ.get("X")` (or a `${X:-…}` in a script) without its line there fails here."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
READ = re.compile(r"""(?:environ\.get|environ\[|getenv)\(?\s*(["']?)([A-Za-z_][A-Za-z0-9_]*)\1""")
CONSTANT = r"""^{name}\s*(?::\s*Final)?\s*=\s*["']([A-Z][A-Z0-9_]+)["']"""
SHELL_DEFAULT = re.compile(r"\$\{([A-Z][A-Z0-9_]+):-")


def read_names() -> dict[str, str]:
    """Every variable read, with a file that reads it."""
    found: dict[str, str] = {}
    for path in sorted([*ROOT.joinpath("src").rglob("*.py"), *ROOT.joinpath("scripts").glob("*")]):
        if not path.is_file():
            continue
        text = path.read_text(errors="replace")
        for quote, name in READ.findall(text):
            if not quote:  # a constant: its value, in the same module
                value = re.search(CONSTANT.format(name=re.escape(name)), text, re.MULTILINE)
                if value is None:
                    continue  # not a name given by the environment (a loop variable)
                name = value.group(1)
            found.setdefault(name, str(path.relative_to(ROOT)))
        for name in SHELL_DEFAULT.findall(text):
            found.setdefault(name, str(path.relative_to(ROOT)))
    return found


def test_every_variable_read_is_in_the_operators_guide() -> None:
    names = read_names()
    # the ones read through a constant, so the search above must find them
    assert {"CHICAGO_DATABASE_URL", "CHICAGO_SQLITE_SYNCHRONOUS", "CHICAGO_TUI_PACE",
            "CHICAGO_PSEUDO_LOCALE", "FORWARDED_ALLOW_IPS", "CI", "PYTHON"} <= set(names)
    guide = (ROOT / "docs" / "operating.md").read_text()
    missing = {n: where for n, where in names.items() if f"`{n}`" not in guide}
    assert not missing, f"not in docs/operating.md: {missing}"
