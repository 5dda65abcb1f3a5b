"""What a table page is to its reader, said in one place: the address of its API and of
its socket, the reader's seat (None for a spectator) and what the table offers. The
template turns it into the page's data attributes and its optional boxes; the page's script
reads those and never asks which kind of page it is (a single player's game, a seat at a
table with people, a watch link): it asks whether it has a seat, a socket, a chat."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote

SEATING = "seating"
"""The seats box before the start, one's own seat (away, leave), the watch link's box and
play again: a seat at a table with people."""
CHAT = "chat"
"""The table chat, for the people seated."""
TURN_ALERT = "turn-alert"
"""The setting that says "your turn" in another tab (the others may take their time)."""
EXPORT = "export"
"""The backup download: it holds every hand once the game is over, so a player's only."""
REPLAY = "replay"
"""The link to the game's replay and review in the reader's history."""
DAILY = "daily"
"""The link to the day's board and the share text: a game on the day's deal."""


@dataclass(frozen=True)
class TablePage:
    """The data a table page is drawn from besides the table itself."""

    game_id: str
    """The game's id ('' for a spectator, who is never told it)."""
    api: str
    """Where the page asks for the table, sends moves and asks for hints."""
    socket: str | None
    """The socket that pushes every change (None: each move's answer brings the bots')."""
    seat: int | None
    """The seat the reader plays (None: a spectator, no hand and no decisions)."""
    features: frozenset[str]

    def has(self, feature: str) -> bool:
        return feature in self.features

    @property
    def feature_list(self) -> str:
        """The features as the page's `data-features` attribute: names and spaces."""
        return " ".join(sorted(self.features))


def _part(text: str) -> str:
    return quote(text, safe="")


def single_player(game_id: str, *, daily: bool = False, sealed: bool = False) -> TablePage:
    """One person (seat 0) and bots: request and response, no socket. A game on the day's
    deal links to its board; while the day is open it has no backup (it holds every hand)."""
    features = {REPLAY} | ({DAILY} if daily else set()) | (set() if sealed else {EXPORT})
    return TablePage(
        game_id=game_id,
        api=f"/api/games/{_part(game_id)}",
        socket=None,
        seat=0,
        features=frozenset(features),
    )


def seat_at_table(game_id: str, seat: int) -> TablePage:
    """A person's seat at a table with people: every change pushed on the socket."""
    api = f"/api/tables/{_part(game_id)}"
    return TablePage(
        game_id=game_id,
        api=api,
        socket=f"{api}/live",
        seat=seat,
        features=frozenset({SEATING, CHAT, TURN_ALERT, EXPORT, REPLAY}),
    )


def spectator(token: str) -> TablePage:
    """A watch link: what an eliminated player sees (R9.1), pushed on its own socket."""
    api = f"/api/watch/{_part(token)}"
    return TablePage(game_id="", api=api, socket=f"{api}/live", seat=None,
                     features=frozenset())
