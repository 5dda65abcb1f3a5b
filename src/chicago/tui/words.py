"""The terminal game's key bindings in the player's language.

Textual reads a screen's bindings from class attributes, made once at import; their
descriptions are marked with `N_()` there and translated here when a screen is made, in the
language of the run (`chicago play --lang`)."""

from __future__ import annotations

import dataclasses
from typing import Any

from textual.dom import DOMNode

from chicago.text.i18n import _


def translate_bindings(node: DOMNode) -> None:
    """Replace each binding's description by its translation, on this node only."""
    table = node._bindings.key_to_bindings
    for key, bindings in table.items():
        table[key] = [
            dataclasses.replace(b, description=_(b.description)) if b.description else b
            for b in bindings
        ]


class TranslatedBindings:
    """A mixin for screens and the app: their bindings' descriptions in the run's language."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        assert isinstance(self, DOMNode)
        translate_bindings(self)
