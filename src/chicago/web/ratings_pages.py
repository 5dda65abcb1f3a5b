"""A person's public profile (`/players/{name}`) and the leaderboard (`/leaderboard`).

Both are drawn on the server, readable without script. A profile shows what anyone may know
of a person (chicago.table.ratings.people): the name, the rating with its deviation, a chart
of the rating game by game, the games played, the statistics and the latest rated games — no
table, no game to open, no way to write to them.
"""

from __future__ import annotations

import math

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, Response
from markupsafe import Markup

from chicago.store.ratings import RatingStep
from chicago.table.ratings.people import MAX_RD, MIN_GAMES, PeopleRatings, Profile
from chicago.table.statistics.report import percent
from chicago.text.i18n import _, use_language
from chicago.text.numbers import day
from chicago.web.auth import account_key
from chicago.web.charts import line_chart
from chicago.web.history import _page, language
from chicago.web.pages import not_found, page_language

router = APIRouter(dependencies=[Depends(page_language)])


def people_ratings(request: Request) -> PeopleRatings:
    found: PeopleRatings = request.app.state.people_ratings
    return found


def whole(x: float) -> str:
    """A rating as the pages show it: whole points, no grouping ("1527")."""
    return str(round(x))


def signed_whole(before: float, after: float) -> str:
    """The change between two shown ratings, with its sign ("+15", "−3", "±0")."""
    change = round(after) - round(before)
    return f"+{change}" if change > 0 else f"\u2212{-change}" if change < 0 else "\u00b10"


def rating_chart(history: tuple[RatingStep, ...], games: int) -> Markup | None:
    """The rating before the first game shown and after each game since, by game number."""
    if not history:
        return None
    values = [history[0].before[0]] + [s.after[0] for s in history]
    first = games - len(history)
    low = min(values)
    high = max(values)
    # whole hundreds around the line, so that the grid falls on round ratings
    y_min = max(0.0, math.floor((low - 25) / 100) * 100)
    y_max = math.ceil((high + 25) / 100) * 100
    return line_chart(
        _("Rating over the games"),
        _("The rating before the first rated game shown and after each rated game since."),
        [(_("rating"), values)], list(range(first, games + 1)), _("games"),
        y_min=y_min, y_max=y_max, y_format=whole, left=64,
    )


def _profile_data(profile: Profile) -> dict[str, object]:
    t = profile.totals
    r = profile.rating
    return {
        "page": "player",
        "name": profile.username,
        "rating": whole(r.rating) if r else None,
        "rd": whole(r.rd) if r else None,
        "rated_games": r.games if r else 0,
        "chart": rating_chart(profile.history, r.games) if r else None,
        "figures": [
            (_("Rated games"), str(r.games if r else 0)),
            (_("Finished games"), str(t.games)),
            (_("Won"), str(t.wins)),
            (_("Win rate"), percent(t.wins, t.games)),
            (_("Chicago calls won"), f"{t.calls_won} / {t.calls}"),
        ],
        "recent": [
            (day(s.at), whole(s.before[0]), whole(s.after[0]),
             signed_whole(s.before[0], s.after[0]))
            for s in profile.recent
        ],
    }


@router.get("/players/{name}", response_class=HTMLResponse)
def player_page(request: Request, name: str) -> Response:
    with use_language(language(request)):
        profile = people_ratings(request).profile(account_key(name))
        if profile is None:
            return not_found(request, _("There is no player of that name."),
                             (("/leaderboard", _("The leaderboard")),))
        data = _profile_data(profile)
    return _page(request, "player.html", data)


@router.get("/leaderboard", response_class=HTMLResponse)
def leaderboard_page(request: Request) -> Response:
    with use_language(language(request)):
        board = people_ratings(request).leaderboard()
        data: dict[str, object] = {
            "page": "leaderboard",
            "rule": _("The best ratings of people with at least {games} rated games and a "
                      "rating deviation of at most {rd}: a new player's rating is a guess "
                      "until then.", games=MIN_GAMES, rd=whole(MAX_RD)),
            "rows": [(i, p.username, whole(p.rating), whole(p.rd), p.games)
                     for i, p in enumerate(board, start=1)],
        }
    return _page(request, "leaderboard.html", data)
