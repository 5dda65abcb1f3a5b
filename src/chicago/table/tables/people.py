"""What a person types at a table with people: a display name, a chat message; and how an
invitation token is kept (its sha256 only)."""

from __future__ import annotations

import hashlib
import unicodedata
from typing import Final

from chicago.table.errors import BadRequest
from chicago.text.chat import PHRASES
from chicago.text.i18n import _

NAME_LIMIT: Final = 24
CHAT_LIMIT: Final = 200


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def clean_name(raw: object) -> str:
    """A display name: 1–24 printable characters, spaces collapsed."""
    if not isinstance(raw, str):
        raise BadRequest(_("Name must be text"))
    name = " ".join(raw.split())
    if not name or len(name) > NAME_LIMIT:
        raise BadRequest(_("A name has 1 to {n} characters", n=NAME_LIMIT))
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise BadRequest(_("A name has no control characters"))
    return name


def name_key(name: str) -> str:
    """What makes two names the same at a table: compatibility forms (NFKC), case and
    spacing ignored ("BO", "bo" and "Ｂｏ" are one name)."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def clean_phrase(raw: object) -> str:
    """A quick phrase's id, one of `chicago.text.chat.PHRASES`."""
    if not isinstance(raw, str) or raw not in PHRASES:
        raise BadRequest(_("Unknown quick phrase {phrase}: one of {ids}.", phrase=repr(raw),
                           ids=", ".join(PHRASES)))
    return raw


def clean_chat(raw: object) -> str:
    """A chat message: plain text, 1–200 characters, on one line."""
    if not isinstance(raw, str):
        raise BadRequest(_("Text must be a string"))
    text = " ".join(raw.split())
    if not text:
        raise BadRequest(_("A message cannot be empty"))
    if len(text) > CHAT_LIMIT:
        raise BadRequest(_("A message has at most {n} characters", n=CHAT_LIMIT))
    if any(unicodedata.category(c) in ("Cc", "Cs", "Co", "Cn") for c in text):
        raise BadRequest(_("A message has no control characters"))
    return text
