"""The statistics page (`/stats`), its JSON (`/api/stats`) and CSV (`/api/stats.csv`).

The page is drawn on the server: the figures in sections (the same as `chicago stats`)
and three inline SVG charts — the scores over the deals of one game (the latest, or the
one chosen), the win rate over time, and points by source.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from markupsafe import Markup
from sqlalchemy.orm import configure_mappers

from chicago.store import Owner
from chicago.table.history.games import profile_title
from chicago.table.statistics.figures import Totals
from chicago.table.statistics.report import report
from chicago.table.statistics.store import Statistics
from chicago.table.tables.service import NotFound
from chicago.text.i18n import _, use_language
from chicago.text.numbers import day
from chicago.web.auth import request_owner
from chicago.web.charts import bar_chart, line_chart
from chicago.web.faces import faces
from chicago.web.history import _page, history_service, language, players_json, templates
from chicago.web.pages import page_language

router = APIRouter(dependencies=[Depends(page_language)])


def statistics(request: Request) -> Statistics:
    found: Statistics = request.app.state.statistics
    return found


def totals_json(t: Totals) -> dict[str, Any]:
    return {
        "games": t.games, "wins": t.wins, "win_rate": round(t.win_rate, 4),
        "wins_by_reason": dict(t.by_reason),
        "by_profile": {k: {"games": n, "wins": w} for k, (n, w) in t.by_profile.items()},
        "by_seats": {str(k): {"games": n, "wins": w} for k, (n, w) in t.by_seats.items()},
        "by_opponents": {k: {"games": n, "wins": w} for k, (n, w) in t.by_level.items()},
        "chicago": {"calls": t.calls, "won": t.calls_won, "broken": t.calls_broken,
                    "points_won": t.chicago_won_points, "points_lost": t.chicago_lost_points},
        "qualified_rate": round(t.rate(t.qualified), 4),
        "eliminated_rate": round(t.rate(t.eliminated), 4),
        "resets_45": t.resets_45,
        "best_hands": dict(t.best_hands), "best": t.best[1] if t.best else None,
        "deals": t.deals, "points": t.points,
        "points_per_deal": round(t.points_per_deal, 4),
        "last_tricks": t.last_tricks, "last_tricks_two": t.last_tricks_two,
        "points_by_source": dict(t.sources),
        "win_rate_over_time": [[n, round(r, 4)] for n, r in t.win_rate_over_time()],
    }


def _stats(request: Request) -> dict[str, Any]:
    return totals_json(statistics(request).totals(request_owner(request)))


@router.get("/api/stats")
def stats_api(request: Request) -> Response:
    return JSONResponse(_stats(request))


@router.get("/api/stats.csv")
def stats_csv(request: Request) -> Response:
    with use_language(language(request)):
        text = statistics(request).csv(request_owner(request))
    return Response(
        "\ufeff" + text, media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": 'attachment; filename="chicago-statistics.csv"'},
    )


def _faces(request: Request, owner: Owner, game_id: str) -> list[dict[str, str]] | None:
    """The seats of a stored game as they were at the table (faces.py), or None."""
    try:
        seen = history_service(request).seen(owner, game_id)
    except NotFound:
        return None
    return faces(players_json(seen.row, seen.seat, seen.people), bool(seen.people))


def _game_chart(request: Request, stats: Statistics, owner: Owner,
                chosen: str | None) -> tuple[Markup | None, list[Any], str]:
    recent = stats.recent(owner)
    pick = stats.game(owner, chosen) if chosen else None
    pick = pick or (recent[0] if recent else None)
    if pick is None:
        return None, recent, ""
    history = pick.figures["history"]
    seats = len(pick.figures["scores"])
    seen = _faces(request, owner, pick.game_id)
    if seen is None or len(seen) != seats:
        names = [_("You") if s == pick.seat else _("Seat {seat}", seat=s) for s in range(seats)]
        colours = None
    else:
        names = [_("You") if s == pick.seat else f["name"] for s, f in enumerate(seen)]
        colours = [f["colour"] for f in seen]
    series = [(names[s], [0] + [h[s] for h in history]) for s in range(seats)]
    target = pick.figures.get("target")
    chart = line_chart(
        _("Scores over the deals"),
        _("The scores of every seat at the end of each deal of the game of {date}.",
          date=day(pick.played)),
        series, list(range(len(history) + 1)), _("deal"),
        marker=float(target) if isinstance(target, int) else None, colours=colours,
    )
    return chart, recent, pick.game_id


def _page_data(request: Request) -> dict[str, Any]:
    stats = statistics(request)
    owner = request_owner(request)
    with use_language(language(request)):
        t = stats.totals(owner)
        game_chart, recent, picked = _game_chart(request, stats, owner,
                                                   request.query_params.get("game"))
        over_time = t.win_rate_over_time()
        win_chart = line_chart(
            _("Win rate over time"),
            _("Your win rate after each game, from the first game to the last."),
            [(_("win rate"), [r for _n, r in over_time])], [n for n, _r in over_time],
            _("games"), y_max=1.0, percent=True,
        ) if over_time else None
        sources = bar_chart(
            _("Points by source"),
            _("Points you won from hand awards, last tricks and Chicago (broken calls count "
              "against)."),
            [(_("Hand awards"), t.sources.get("hand", 0)),
             (_("Last tricks"), t.sources.get("last_trick", 0)),
             (_("Chicago"), t.sources.get("chicago", 0))],
        ) if t.games else None
        return {
            "page": "stats", "totals": t, "sections": report(t), "game_chart": game_chart,
            "win_chart": win_chart, "source_chart": sources, "picked": picked,
            "recent": [(r.game_id, day(r.played), profile_title(
                r.figures["profile"]), _("won") if r.figures["won"] else _("lost"))
                for r in recent],
        }


def prepare() -> None:
    """What every process does once before its first look-back page, done at startup
    instead of in a player's request: the ORM's mappers configured and the pages'
    templates compiled (about 50 ms of a restarted server's first /stats)."""
    configure_mappers()
    for name in ("stats.html", "history.html", "replay.html"):
        templates.env.get_template(name)


@router.get("/stats", response_class=HTMLResponse)
def stats_page(request: Request) -> Response:
    data = _page_data(request)
    return _page(request, "stats.html", data)
