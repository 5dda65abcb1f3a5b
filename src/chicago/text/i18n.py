"""The player's language: gettext catalogs for Swedish and English, chosen per request or run.

Catalogs are `.po` files in `chicago/text/locale/<lang>/LC_MESSAGES/` (one per part of the
game: `chicago.po`, `rules.po`, …, merged into one catalog per language), kept in the
repository and compiled in memory the first time a language is used (Babel), so the
README's set-up commands are all the set-up there is. The language in force is a context
variable: a web request, a WebSocket connection or a terminal run sets it once
(`use_language`), and `_()` / `ngettext()` read it, so words never travel through every
function's arguments and concurrent requests in other languages do not disturb each other.

Messages are English sentences with named placeholders (`_("Seat {seat} wins.", seat=2)`);
a missing translation falls back to the English text.
"""

from __future__ import annotations

import contextlib
import gettext
import io
import os
from collections.abc import Iterator
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Final

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LANGUAGES: Final = ("en", "sv")
"""The languages the game speaks; the first is the fallback."""
DEFAULT_LANGUAGE: Final = "en"
DOMAIN: Final = "chicago"
LOCALE_DIR: Final = Path(__file__).parent / "locale"

PSEUDO: Final = "xx"
"""A test-only language: every message visibly transformed ("[Ţĥé ţåƀļé]"), so that a test
sees any text that bypasses the catalogs (tests/pseudo_locale.py). Never offered to
players; it exists only while `PSEUDO_ENV` names the folder of its generated catalog."""
PSEUDO_ENV: Final = "CHICAGO_PSEUDO_LOCALE"


def pseudo_dir() -> Path | None:
    """The generated catalog's folder of the pseudo-language, when a test set one up."""
    folder = os.environ.get(PSEUDO_ENV)
    return Path(folder) if folder else None


def known(code: str | None) -> bool:
    """Whether the game speaks this language (the pseudo-language only under test)."""
    return code in LANGUAGES or (code == PSEUDO and pseudo_dir() is not None)


def spoken() -> tuple[str, ...]:
    """Every language the game speaks now: LANGUAGES, and the pseudo-language under test."""
    return (*LANGUAGES, PSEUDO) if known(PSEUDO) else LANGUAGES


_current: ContextVar[str] = ContextVar("chicago_language", default=DEFAULT_LANGUAGE)


def po_files(lang: str) -> list[Path]:
    """The .po files of one language, in name order."""
    folder = pseudo_dir() if lang == PSEUDO else LOCALE_DIR / lang / "LC_MESSAGES"
    return sorted(folder.glob("*.po")) if folder is not None else []


@cache
def catalog(lang: str) -> Catalog:
    """Every message of one language, merged from its .po files (the first file's header)."""
    locale = lang if lang in LANGUAGES else None  # Babel knows no locale "xx"
    merged = Catalog(locale=locale, domain=DOMAIN)
    for i, path in enumerate(po_files(lang) if known(lang) else []):
        with path.open("rb") as f:
            part = read_po(f, locale=locale, domain=DOMAIN)
        if i == 0:
            merged = part
            continue
        for message in part:
            if message.id and message.id not in merged:
                merged[message.id] = message
    return merged


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalog of one language, compiled in memory once per process."""
    if not known(lang) or not po_files(lang):
        return gettext.NullTranslations()
    buffer = io.BytesIO()
    write_mo(buffer, catalog(lang), use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def normalize(lang: str | None) -> str:
    """A supported language code for a tag like `sv_SE.UTF-8`, `sv-SE` or `EN`; else English."""
    if not lang:
        return DEFAULT_LANGUAGE
    code = lang.strip().split(".")[0].replace("_", "-").split("-")[0].lower()
    return code if known(code) else DEFAULT_LANGUAGE


def current_language() -> str:
    return _current.get()


def set_language(lang: str | None) -> str:
    """Use this language from here on in this context (a request, a thread, a run)."""
    code = normalize(lang)
    _current.set(code)
    return code


@contextlib.contextmanager
def use_language(lang: str | None) -> Iterator[str]:
    """Use a language inside a `with` block, and the previous one after it."""
    token = _current.set(normalize(lang))
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def _(message: str, /, **params: object) -> str:
    """The message in the current language, its `{placeholders}` filled from `params`."""
    text = translations(_current.get()).gettext(message)
    return text.format(**params) if params else text


def ngettext(singular: str, plural: str, n: int, /, **params: object) -> str:
    """A message that depends on a count (`1 kort` / `3 kort`); `{n}` is filled too."""
    text = translations(_current.get()).ngettext(singular, plural, n)
    return text.format(n=n, **params)


def N_(message: str, /) -> str:
    """Mark a message for the catalog where it is defined; translate it with `_()` where used."""
    return message


def negotiate(accept_language: str | None) -> str:
    """The best supported language of an HTTP `Accept-Language` header (English if none)."""
    if not accept_language:
        return DEFAULT_LANGUAGE
    choices: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept_language.split(",")):
        tag, _sep, rest = part.strip().partition(";")
        quality = 1.0
        if rest.strip().startswith("q="):
            try:
                quality = float(rest.strip()[2:])
            except ValueError:
                quality = 0.0
        code = tag.strip().replace("_", "-").split("-")[0].lower()
        if known(code) and quality > 0:
            choices.append((quality, -i, code))
    return max(choices)[2] if choices else DEFAULT_LANGUAGE


def from_environment(env: dict[str, str]) -> str:
    """The terminal's language from the locale variables, in gettext's order of precedence."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value and value not in ("C", "POSIX"):
            return normalize(value.split(":")[0])
    return DEFAULT_LANGUAGE


def catalog_for_browser(lang: str) -> dict[str, str | list[str]]:
    """Every translated message of a language, for the browser's `t()`: msgid → text (a list
    of plural forms for plural messages)."""
    lang = normalize(lang)
    out: dict[str, str | list[str]] = {}
    for message in catalog(lang):
        if not message.id or message.fuzzy or not message.string:
            continue
        if isinstance(message.id, tuple | list):
            forms = [str(x) for x in message.string]
            if all(forms):
                out[str(message.id[0])] = forms
        else:
            out[str(message.id)] = str(message.string)
    return out


def sentence(text: str) -> str:
    """`text` as a sentence starts: its first letter a capital (a message that may stand
    first, such as an error's reason from a lower layer, read on its own). A message that
    starts with a name from code or a file (`chicago_points`, `deals[2]`, `/tables/…`) is
    left as it is: that name is spelt as the code spells it."""
    stripped = text.lstrip()
    word = stripped.split(" ", 1)[0].rstrip(":,")
    if not word or not word[0].islower() or not word.isalpha():
        return text
    lead = len(text) - len(stripped)
    return text[:lead] + stripped[0].upper() + stripped[1:]
