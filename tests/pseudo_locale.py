"""The pseudo-locale check: a test-only language `xx` whose catalog is generated from the
code's English msgids by a visible transformation ("Keep all five" → "[Ķééþ åļļ ƒîṽé]"), and a
checker that fails on any visible text that is not transformed — a string that bypassed the
catalogs — naming the string and where it was seen.

The catalog is made at test time (never committed) from the same extraction as
`scripts/messages` (catalog_messages.extracted: Python, templates, scripts); placeholders
(`{name}`, `{n!r}`, `%(x)s`), HTML tags and entities stay as they are. A transformed text has
no two ASCII letters in a row, so the check is simple: every run of two or more ASCII
letters is a leak, unless it is an allowed word (a player's name, the brand "Chicago", the
languages' own names). Numbers, card faces (10♥, K♦: one letter), rule numbers (R2.4) and
typed names (a profile's id, `<code>` and `<kbd>`: what the player types) pass.

To check another front-end, take its visible text and accessible names in the pseudo-locale
and call `check(items)` with (text, where) pairs — e.g. for a Playwright page,
`check(page_texts(page, "the friends table"))`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Final

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from catalog_messages import extracted
from chicago.text import i18n
from chicago.text.seat_names import BOT_NAMES

PSEUDO = i18n.PSEUDO
_LETTERS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
_KEEP = re.compile(r"\{[^{}]*\}|%\([a-z_]+\)[sd]|%[sd]|<[^<>]*>|&[a-z]+;|&#\d+;")
"""What a translation must keep as it is: placeholders, HTML tags and entities."""
WORD = re.compile(r"[A-Za-z]{2,}")
IDENTIFIER = re.compile(
    r"\b[a-z]+(-[a-z0-9.]+)*\+[\w=.,+-]+|\b[a-z]+(-[a-z0-9.]+)+|(?<![\w])\.[a-z]{2,4}\b"
    r"|\b[a-z][a-z_]*=[\w.-]+")
"""Names that are typed, not read, and the same in every language: a rule profile's id
(`chicago-gamewide-0.2`, a custom one's `basic+target=50`), a file's extension (`.json`), a
custom profile's change as it is typed (`target=50`: the knob's id, as `chicago rules` and
the terminal's form take it)."""
MONTHS: Final = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Sep", "Oct",
                 "Nov", "Dec")
ALLOWED: frozenset[str] = frozenset({"Chicago", "English", "Svenska", "EN", "SV", *MONTHS,
                                     *BOT_NAMES})
"""Words that are the same in every language: the brand and each language's own name; the
bots' names at the table (Astrid, Bengt, …: names, as a person's is); and
the months of dates, which come from Babel's locale data (`chicago.text.numbers`), not from
the catalogs — the pseudo-language writes dates as English does."""


def pseudo(text: str) -> str:
    """The visible transformation of one English message, its placeholders kept."""
    out: list[str] = []
    at = 0
    for m in _KEEP.finditer(text):
        out.append(text[at:m.start()].translate(_LETTERS))
        out.append(m.group(0))
        at = m.end()
    out.append(text[at:].translate(_LETTERS))
    return "[" + "".join(out) + "]"


def build(folder: Path) -> int:
    """Write the pseudo-language's catalog into `folder` (one .po file): the messages."""
    catalog = Catalog(locale=None, domain=i18n.DOMAIN)
    for msgid, _where in extracted():
        if isinstance(msgid, tuple):
            catalog.add(msgid, (pseudo(msgid[0]), pseudo(msgid[1])))
        else:
            catalog.add(msgid, pseudo(msgid))
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / "pseudo.po").open("wb") as f:
        write_po(f, catalog, width=0)
    return len(catalog)


@contextmanager
def enabled(folder: Path) -> Iterator[Path]:
    """The pseudo-language spoken while the block runs (in this process, and in the
    processes it starts: the environment names the catalog)."""
    if not (folder / "pseudo.po").exists():
        build(folder)
    before = os.environ.get(i18n.PSEUDO_ENV)
    os.environ[i18n.PSEUDO_ENV] = str(folder)
    i18n.catalog.cache_clear()
    i18n.translations.cache_clear()
    try:
        yield folder
    finally:
        if before is None:
            os.environ.pop(i18n.PSEUDO_ENV, None)
        else:
            os.environ[i18n.PSEUDO_ENV] = before
        i18n.catalog.cache_clear()
        i18n.translations.cache_clear()


def leaks(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The words of `text` that are not pseudo-localized."""
    ok = ALLOWED | set(allowed)
    return [w for w in WORD.findall(IDENTIFIER.sub(" ", text)) if w not in ok]


def check(items: Iterable[tuple[str, str]], allowed: Iterable[str] = ()) -> int:
    """Fail on any (text, where) whose text holds a word not pseudo-localized, naming every
    such string and where it was seen; else the number of texts checked."""
    allowed = set(allowed)
    bad: list[str] = []
    seen: set[tuple[str, str]] = set()
    n = 0
    for text, where in items:
        n += 1
        found = leaks(text, allowed)
        if found and (text, where) not in seen:
            seen.add((text, where))
            bad.append(f"{where}: {text.strip()[:200]!r} (not localized: {', '.join(found)})")
    assert not bad, "text that bypasses the catalogs:\n" + "\n".join(bad)
    return n


def lines_of(text: str, where: str) -> list[tuple[str, str]]:
    """A terminal's or a file's output as (line, where) items."""
    return [(line, where) for line in text.splitlines() if line.strip()]


_PAGE_TEXTS = """() => {
  const out = [];
  const visible = (el) => {
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      if (e.hidden || e.getAttribute('aria-hidden') === 'true') return false;
      const s = getComputedStyle(e);
      if (s.display === 'none' || s.visibility === 'hidden') return false;
    }
    return true;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const p = n.parentElement;
    if (!p || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'CODE', 'KBD'].includes(p.tagName)) continue;
    if (!n.textContent.trim() || !visible(p)) continue;
    out.push([n.textContent, p.tagName.toLowerCase() + (p.id ? '#' + p.id : '')
      + (p.className && typeof p.className === 'string' ? '.' + p.className.split(' ')[0] : '')]);
  }
  const named = '[aria-label], [title], [placeholder], [alt], [aria-description]';
  for (const e of document.querySelectorAll(named)) {
    if (!visible(e)) continue;
    for (const a of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description']) {
      const v = e.getAttribute(a);
      if (v && v.trim()) out.push([v, e.tagName.toLowerCase() + '[' + a + ']']);
    }
  }
  out.push([document.title, 'title']);
  return out;
}"""


def page_texts(page: object, where: str) -> list[tuple[str, str]]:
    """Every visible text node and accessible name (aria-label, title, placeholder, alt) of
    a Playwright page, and its title, as (text, "where: element") items."""
    found = page.evaluate(_PAGE_TEXTS)  # type: ignore[attr-defined]
    return [(text, f"{where}: {element}") for text, element in found]
