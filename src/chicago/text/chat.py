"""The table chat's quick phrases: sent as an id, read in each reader's own language.

A quick phrase travels as its id (`{"phrase": "good_luck"}`), so that the Swedish player
reads "Lycka till!" where the English sender pressed "Good luck!"; free text travels as it
was typed.
"""

from __future__ import annotations

from typing import Final

from chicago.text.i18n import N_, _

PHRASES: Final = {
    "hello": N_("Hello!"),
    "good_luck": N_("Good luck!"),
    "well_played": N_("Well played!"),
    "nice_hand": N_("Nice hand!"),
    "oops": N_("Oops!"),
    "thanks": N_("Thanks for the game!"),
}
"""Every quick phrase by id, in the order the chat offers them."""


def phrase_words(phrase: str) -> str:
    """A quick phrase in the current language."""
    return _(PHRASES[phrase]) if phrase in PHRASES else phrase
