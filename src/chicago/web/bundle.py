"""A page's modules joined into one file at startup, so a phone asks for one script, not twenty.

Over HTTP/1.1 a browser opens six connections to a server, so a table of twenty modules
costs four round trips of 150 ms on a mobile network even when every module is named up
front. The modules are plain ES modules that share one scope when joined: each declares its
top-level names once, imports them as `import { a, b } from './x.js'` and exports them as
`export function|const|class`. Joined in the order ES modules evaluate (dependencies first),
an import of a joined module is dropped (its names are the same declarations) and an import
of a module outside the bundle is kept, pointed at its absolute URL. Anything outside that
subset (a name declared twice across the modules, `export default`, `import * as`, an alias,
a destructuring or a dynamic import) leaves the page unbundled, as it was: `bundle()` gives
None and the modules load one by one through the import map.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Final

_DECLARE: Final = frozenset({"function", "class", "const", "let", "var", "async"})
_REGEX_AFTER: Final = frozenset("(,=:[!&|?{};+-*%<>~^") | frozenset({
    "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case",
    "do", "else", "yield", "await", "=>",
})
_CONTINUES: Final = frozenset("=+-*/,(:?&|.[!<>")
_IMPORT: Final = re.compile(r"import\s*(?:\{([^}]*)\}\s*from\s*)?(['\"])([^'\"]+)\2\s*;?")
_NAME: Final = re.compile(r"[A-Za-z_$][\w$]*")


class Unsupported(ValueError):
    """A module uses what joining cannot keep (the page then loads its modules one by one)."""


@dataclass
class Import:
    start: int
    end: int
    names: tuple[str, ...]
    target: str


@dataclass
class Module:
    """What joining needs of one module: its top-level names and import statements."""

    source: str
    declared: list[str] = field(default_factory=list)
    imports: list[Import] = field(default_factory=list)


def _tokens(source: str) -> Iterable[tuple[int, str, int, bool]]:
    """(position, token, depth, newline before) for the tokens outside strings, comments,
    template literals and regular expressions, depth being the brackets open around them."""
    i, n, depth = 0, len(source), 0
    prev = ""
    newline = False
    templates: list[int] = []  # the depth at which each open template's ${ began
    while i < n:
        c = source[i]
        if c in " \t\r\n":
            newline = newline or c == "\n"
            i += 1
            continue
        if source.startswith("//", i):
            i = source.find("\n", i)
            i = n if i < 0 else i
            continue
        if source.startswith("/*", i):
            end = source.find("*/", i + 2)
            newline = newline or "\n" in source[i:end]
            i = n if end < 0 else end + 2
            continue
        if c in "'\"":
            i = _skip_string(source, i, c)
            prev, newline = "str", False
            continue
        if c == "`" or (c == "}" and templates and templates[-1] == depth - 1):
            if c == "}":
                depth = templates.pop()
            i = _skip_template(source, i + 1)
            if source[i - 2 : i] == "${" and source[i - 3 : i - 2] != "\\":
                templates.append(depth)
                depth += 1
            prev, newline = "str", False
            continue
        if c == "/" and (prev in _REGEX_AFTER or prev == ""):
            i = _skip_regex(source, i)
            prev, newline = "str", False
            continue
        match = _NAME.match(source, i)
        if match:
            word = match.group(0)
            yield i, word, depth, newline
            prev, newline = word, False
            i = match.end()
            continue
        if c.isdigit():
            j = i
            while j < n and (source[j].isalnum() or source[j] in "._"):
                j += 1
            prev, newline, i = "num", False, j
            continue
        if source.startswith("=>", i):
            prev, newline, i = "=>", False, i + 2
            continue
        if c in "([{":
            yield i, c, depth, newline
            depth += 1
        elif c in ")]}":
            depth -= 1
            yield i, c, depth, newline
        else:
            yield i, c, depth, newline
        prev, newline = c, False
        i += 1


def _skip_string(source: str, i: int, quote: str) -> int:
    j = i + 1
    while j < len(source) and source[j] != quote:
        if source[j] == "\\":
            j += 1
        elif source[j] == "\n":
            raise Unsupported("a string runs past its line")
        j += 1
    return j + 1


def _skip_template(source: str, j: int) -> int:
    """From inside a template literal to just after its closing backtick or its next `${`."""
    while j < len(source):
        if source[j] == "\\":
            j += 2
            continue
        if source[j] == "`":
            return j + 1
        if source.startswith("${", j):
            return j + 2
        j += 1
    raise Unsupported("a template literal does not end")


def _skip_regex(source: str, i: int) -> int:
    j, in_class = i + 1, False
    while j < len(source):
        c = source[j]
        if c == "\\":
            j += 2
            continue
        if c == "\n":
            raise Unsupported("a regular expression runs past its line")
        if c == "[":
            in_class = True
        elif c == "]":
            in_class = False
        elif c == "/" and not in_class:
            j += 1
            while j < len(source) and (source[j].isalpha()):
                j += 1
            return j
        j += 1
    raise Unsupported("a regular expression does not end")


def scan(source: str) -> Module:
    """The top-level names a module declares and its import statements (Unsupported if it
    uses what joining cannot keep)."""
    module = Module(source)
    tokens = list(_tokens(source))
    last = ""  # the previous top-level token
    in_declaration = False
    for k, (pos, token, depth, newline) in enumerate(tokens):
        nxt = tokens[k + 1][1] if k + 1 < len(tokens) else ""
        if depth > 0:
            continue
        starts = last in ("", ";", "}", "export") or (newline and last not in _CONTINUES)
        if token == ";" or (starts and token in _DECLARE | {"import", "export"}):
            in_declaration = False
        if token == "," and in_declaration:
            raise Unsupported("several names in one declaration")
        if starts and token == "import" and nxt not in ("(", "."):
            found = _IMPORT.match(source, pos)
            if not found:
                raise Unsupported("an import that is not `import { a, b } from './x.js'`")
            names = tuple(x.strip() for x in (found.group(1) or "").split(",") if x.strip())
            if any(not _NAME.fullmatch(x) for x in names):
                raise Unsupported("an import with an alias")
            module.imports.append(Import(pos, found.end(), names, found.group(3)))
        elif token == "import" and nxt == "(":
            raise Unsupported("a dynamic import")
        elif starts and token == "export" and nxt not in ("function", "async", "class",
                                                            "const", "let"):
            raise Unsupported(f"export {nxt}")
        elif starts and (token in ("function", "class") or (token, nxt) == ("async", "function")):
            after = [t for _, t, d, _ in tokens[k + 1 : k + 4] if d == 0 and _NAME.fullmatch(t)]
            after = [t for t in after if t not in ("function", "async")]
            if after:
                module.declared.append(after[0])
        elif starts and token in ("const", "let", "var"):
            if not _NAME.fullmatch(nxt):
                raise Unsupported("a top-level destructuring")
            module.declared.append(nxt)
            in_declaration = True
        last = token
    return module


def join(
    order: list[str],
    modules: dict[str, Module],
    resolve: Callable[[str, str], str],
    outside: Callable[[str], str | None],
) -> str:
    """The modules of `order` (dependencies first) as one module's text. `resolve(name,
    specifier)` names an import's module; `outside(name)` is the URL a module outside the
    bundle is imported from (None: the module is in it)."""
    declared: dict[str, str] = {}
    for name in order:
        for word in modules[name].declared:
            if word in declared:
                raise Unsupported(f"{word} is declared by {declared[word]} and {name}")
            declared[word] = name
    external: dict[str, list[str]] = {}
    imported_from: dict[str, str] = {}
    parts: list[str] = []
    for name in order:
        module = modules[name]
        text, cut = [], 0
        for imp in module.imports:
            target = resolve(name, imp.target)
            url = outside(target)
            if url is None:
                missing = [x for x in imp.names if declared.get(x) != target]
                if missing:
                    raise Unsupported(f"{name} imports {missing[0]} that {target} does not "
                                      "declare")
            else:
                for word in imp.names:
                    if word in declared or imported_from.get(word, url) != url:
                        raise Unsupported(f"{word} is imported twice or also declared")
                    imported_from[word] = url
                    if word not in external.setdefault(url, []):
                        external[url].append(word)
                external.setdefault(url, [])
            text.append(module.source[cut : imp.start])
            cut = imp.end
        text.append(module.source[cut:])
        parts.append(f"// {name}\n" + "".join(text).strip() + "\n")
    head = [
        f"import {{ {', '.join(words)} }} from '{url}';" if words else f"import '{url}';"
        for url, words in external.items()
    ]
    return "\n".join([*head, *parts])
