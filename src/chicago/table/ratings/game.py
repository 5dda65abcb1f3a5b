"""Rating one finished game of 2 to 6 players from its final standing.

**The standing** (`places`). The winner (R8.1, R8.2, R8.4) is first. Then come the players
still in the game when it ended, by score, higher first, equal scores sharing a place. Last
come the eliminated players (R8.3), sharing the last place: an eliminated player reached the
target without qualifying and took no further part, so whoever was still playing when the
game ended did better, however few points they had; the final state does not say in which
order eliminated players went out, and their recorded scores (all at or over the target)
say nothing about it either.

**Abandoning** (`abandoned`). A person who left the table before the game ended (a bot
played their seat for good from then on) is placed behind everyone who stayed, sharing the
last place with anyone else who left, whatever the bot made of the seat: leaving a rated
game loses it against every player who stayed, or a player losing a game could leave to
keep the rating the loss would cost. The others' places among themselves do not change.
A seat handed to a bot for a while (away) and taken back, or never taken back without
leaving, is no such seat: its standing is its person's.

**The update** (`rate_game`). A game is a set of pairwise results by standing: against each
other player, a better place is a win (1), an equal place a draw (0.5), a worse place a
loss (0). Each player's pairwise results are one Glicko-2 rating period
(`chicago.table.ratings.glicko.rate`) against the others' ratings from before the game, each
result weighted 1/(n-1), so a game moves a rating about as much whatever the number of
players: the n-1 comparisons of one game come from the same cards and the same luck and are
not n-1 independent games, and without the weight a six-player game would count as five
games (a win at six seats would move a rating five times as far as a win at two).

What follows, and is tested (tests/test_ratings.py):
- the seat order does not matter: only the ratings and the places do;
- from equal ratings, a better place never gains less than a worse one;
- from equal ratings, RDs and volatilities, the changes add up to zero, up to the small
  differences the volatility step makes between players with different results
  (Glicko-2 is not zero-sum when ratings or RDs differ: the one less certain moves more);
- the RD of a player above the RD the per-game update settles to (`SETTLED_RD`) shrinks.

Bots have fixed ratings (`chicago.table.ratings.bots`): they are opponents like anyone, and
whatever this computes for them is thrown away by the caller.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from chicago.table.ratings.glicko import DEFAULT_TAU, Rating, Result, rate

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6
SETTLED_RD: Final = 60.0
"""About where a player's RD settles game after game (volatility 0.06): each game widens it
by the volatility and narrows it by what one game tells, and the two balance near here.
Below it a game may leave the RD a little larger."""


def places(
    scores: Sequence[int], eliminated: Sequence[bool], winner: int
) -> tuple[int, ...]:
    """Each seat's place in a finished game (1 the winner; equal places share a number,
    counted as in "1, 2, 2, 4"): the rule in this module's docstring."""
    n = len(scores)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
    if len(eliminated) != n:
        raise ValueError(f"{len(eliminated)} eliminated flags for {n} scores")
    if not 0 <= winner < n:
        raise ValueError(f"the winner {winner} is not a seat of a {n}-seat game")
    if eliminated[winner]:
        raise ValueError(f"the winner {winner} cannot be eliminated")

    def key(seat: int) -> tuple[int, int, int]:
        # (winner first, still in before eliminated, more points first)
        if seat == winner:
            return (0, 0, 0)
        if eliminated[seat]:
            return (2, 0, 0)
        return (1, 0, -scores[seat])

    keys = [key(s) for s in range(n)]
    return tuple(1 + sum(1 for other in keys if other < mine) for mine in keys)


def abandoned(placed: Sequence[int], left: Sequence[bool]) -> tuple[int, ...]:
    """The places of a game after the rule for players who left (this module's docstring):
    those who stayed keep their order among themselves (numbered again from 1), and those
    who left share the place after the last of them."""
    if len(left) != len(placed):
        raise ValueError(f"{len(left)} left flags for {len(placed)} places")
    stayed = [p for p, gone in zip(placed, left, strict=True) if not gone]
    last = len(stayed) + 1
    return tuple(
        last if gone else 1 + sum(1 for other in stayed if other < p)
        for p, gone in zip(placed, left, strict=True)
    )


def pairwise(mine: int, theirs: int) -> float:
    """A player's score against another from their places: 1 ahead, 0.5 level, 0 behind."""
    if mine < theirs:
        return 1.0
    return 0.5 if mine == theirs else 0.0


def rate_game(
    before: Sequence[Rating], placed: Sequence[int], tau: float = DEFAULT_TAU
) -> tuple[Rating, ...]:
    """Every player's rating after the game, from everyone's rating before it and their
    places (as `places` gives them), in the same order."""
    n = len(before)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
    if len(placed) != n:
        raise ValueError(f"{len(placed)} places for {n} players")
    if any(not 1 <= p <= n for p in placed):
        raise ValueError(f"places must be from 1 to {n}, not {list(placed)}")
    weight = 1.0 / (n - 1)
    return tuple(
        rate(
            before[i],
            [Result(before[j], pairwise(placed[i], placed[j]), weight)
             for j in range(n) if j != i],
            tau,
        )
        for i in range(n)
    )

