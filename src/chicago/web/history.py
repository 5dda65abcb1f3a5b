"""Looking back, in the browser: the history (`/history`), the replay viewer (`/history/{id}`,
and `/shared/{token}` read-only), the statistics (`/stats`) and their JSON under `/api`.

Pages are rendered in the request's language (the account's, else the `chicago_lang` cookie,
else `Accept-Language`) with `_()` in the
templates; the viewer's script gets its few words through `t()` from a catalog embedded in
the page. What a replay shows is decided by `HistoryService.position` (R9.1): never a
hidden card of a game still in play.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, Final

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from chicago.store import GameRow
from chicago.store.history import PeopleSeat
from chicago.table.coach.jobs import Reviews
from chicago.table.errors import ServiceError
from chicago.table.history.games import HistoryService, Seen, profile_title
from chicago.table.history.replay import Replay
from chicago.text.i18n import N_, _, catalog_for_browser, use_language
from chicago.text.level_words import LEVEL_WORDS, level_words
from chicago.text.numbers import moment
from chicago.web import pages
from chicago.web.auth import request_owner
from chicago.web.faces import faces
from chicago.web.language import request_language
from chicago.web.pages import page_language

router = APIRouter(dependencies=[Depends(page_language)])
templates: Final = pages.templates

def level_name(level: object) -> str:
    """An opponent's level in words (a person, or an unknown level, as it is)."""
    if not isinstance(level, str):
        return "?"
    return level_words(level)


templates.env.globals["level_name"] = level_name


def language(request: Request) -> str:
    """The request's language: the one choice of every page (the account's, else the
    `chicago_lang` cookie, else Accept-Language: `chicago.web.language`)."""
    return request_language(request)


def history_service(request: Request) -> HistoryService:
    service: HistoryService = request.app.state.history
    return service


def _page(request: Request, name: str, context: dict[str, object], status: int = 200) -> Response:
    """A look-back page, with the site's header and language switch (`pages._page`)."""
    return pages._page(request, name, context, status_code=status)


# JSON forms -----------------------------------------------------------------------------------


def _when(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def players_json(
    row: GameRow, seat: int, people: tuple[PeopleSeat, ...] | list[PeopleSeat]
) -> list[dict[str, object]]:
    """Who sat where, as the player at `seat` may read it: a person by the name they gave
    at the table, a bot by its level (never anyone's account or cookie), and each seat's
    face: its name and colour at the table."""
    players: list[dict[str, object]]
    if people:
        players = [
            {"seat": p.seat, "kind": "person" if p.kind == "person" else "bot",
             "name": p.name if p.kind == "person" else None,
             "level": None if p.kind == "person" else p.level, "you": p.seat == seat}
            for p in people
        ]
    else:
        players = [
            {"seat": k, "kind": "person" if k == seat else "bot", "name": None,
             "level": None if k == seat else level, "you": k == seat}
            for k, level in enumerate(row.levels)
        ]
    # the name and colour the seat had at the table (faces.py)
    for p, face in zip(players, faces(players, bool(people)), strict=True):
        p["face"] = face
    return players


def entry_json(
    row: GameRow, seat: int = 0, people: tuple[PeopleSeat, ...] | list[PeopleSeat] = ()
) -> dict[str, object]:
    """One finished game of the history, for the player at `seat`."""
    s = row.summary
    return {
        "id": row.id,
        "created": row.created.isoformat(),
        "finished": row.updated.isoformat(),
        "finished_words": moment(row.updated),
        "seats": row.seats,
        "profile": {"id": row.profile_id, "title": profile_title(row.profile_id)},
        "levels": list(row.levels),
        "seat": seat,
        "people": bool(people),
        "players": players_json(row, seat, people),
        "result": "won" if s.winner == seat else "lost",
        "winner": s.winner,
        "scores": list(s.scores),
        "deals": s.deal,
        "imported": row.imported,
    }


def replay_json(seen: Seen, replay: Replay) -> dict[str, object]:
    """The viewer's data: the game, its deals and its timeline in words, from the seat of
    whoever looks (all of it once they may see it open)."""
    row = seen.row
    open_ = seen.open(replay)
    players = players_json(row, seen.seat, seen.people)
    names = [face["name"] for face in faces(players, bool(seen.people))]
    return {
        "id": row.id,
        "finished": replay.finished,
        "open": open_,
        "seat": seen.seat,
        "people": bool(seen.people),
        "players": players,
        "seats": row.seats,
        "levels": list(row.levels),
        "profile": {"id": row.profile_id, "title": profile_title(row.profile_id)},
        "created": row.created.isoformat(),
        "played_words": moment(row.updated),
        "imported": row.imported,
        "winner": replay.final.winner,
        "scores": list(replay.final.scores),
        "positions": len(replay),
        "deals": replay.deal_starts(),
        "timeline": replay.timeline(open_, seen.seat, names, headings=True),
    }


# The history ----------------------------------------------------------------------------------


def _int(value: str | None, default: int) -> object:
    if value is None or value == "":
        return default
    try:
        return int(value)
    except ValueError:
        return value


def _history(request: Request, q: Mapping[str, str] | None = None) -> dict[str, Any]:
    q = request.query_params if q is None else q
    service = history_service(request)
    owner = request_owner(request)
    page = _int(q.get("page"), 1)
    rows, total = service.finished(
        owner, profile=q.get("profile") or None, result=q.get("result") or None, page=page
    )
    people = service.db.people_seats([r.id for r, _seat in rows])
    return {
        "games": [entry_json(r, seat, people.get(r.id, ())) for r, seat in rows],
        "total": total,
        "page": page,
        "page_size": 50,
        "profiles": [{"id": p, "title": profile_title(p)} for p in service.profiles(owner)],
    }


@router.get("/api/history")
def history_api(request: Request) -> Response:
    with use_language(language(request)):
        return JSONResponse(_history(request))


def _page_filters(request: Request) -> tuple[dict[str, str], list[str]]:
    """The history page's filters, and a note for each one it cannot use: a link or a
    hand-made address with a filter the history does not know still shows the games (all
    of them, for that filter), and says which part was left out and why."""
    q = dict(request.query_params)
    notes = []
    result = q.get("result") or ""
    if result and result not in ("won", "lost"):
        notes.append(_("The result “{value}” is not one the history knows (won or lost): "
                       "games of either result are shown.", value=result))
        q.pop("result")
    page = q.get("page") or ""
    if page and not (page.isascii() and page.isdigit() and int(page) >= 1):
        notes.append(_("The page “{value}” is not a page number: the first page is shown.",
                       value=page))
        q.pop("page")
    profile = q.get("profile") or ""
    if len(profile) > 200:
        notes.append(_("The rules filter is too long to be a rule profile: games under "
                       "every rule profile are shown."))
        q.pop("profile")
    return q, notes


@router.get("/history", response_class=HTMLResponse)
def history_page(request: Request) -> Response:
    with use_language(language(request)):
        q, notes = _page_filters(request)
        data = _history(request, q)
    return _page(request, "history.html", {
        "page": "history", "data": data, "profile": q.get("profile") or "",
        "result": q.get("result") or "", "notes": notes,
    })


# Replays --------------------------------------------------------------------------------------


def _owned_replay(request: Request, game_id: str) -> dict[str, object]:
    service = history_service(request)
    owner = request_owner(request)
    seen = service.seen(owner, game_id)
    data = replay_json(seen, service.replay(seen.row))
    if seen.row.owner == owner:
        created = service.db.share_created(seen.row.id)
        # a day's deal is shared by its text on the day's page, not by a link, until it closes
        data["share"] = {"can": not seen.sealed, "active": created is not None,
                         "created": _when(created)}
    else:  # a person at someone else's table: only its creator shares it
        data["share"] = {"can": False, "active": False, "created": None}
    return data


@router.get("/api/games/{game_id}/replay")
def replay_api(request: Request, game_id: str) -> Response:
    with use_language(language(request)):
        return JSONResponse(_owned_replay(request, game_id))


def _owned_position(request: Request, game_id: str, k: str) -> dict[str, object]:
    service = history_service(request)
    seen = service.seen(request_owner(request), game_id)
    return service.position(service.replay(seen.row), _int(k, -1), seen)


@router.get("/api/games/{game_id}/replay/{k}")
def position_api(request: Request, game_id: str, k: str) -> Response:
    return JSONResponse(_owned_position(request, game_id, k))


def _shared_replay(request: Request, token: str) -> dict[str, object]:
    service = history_service(request)
    seen = service.seen_shared(token)
    data = replay_json(seen, service.replay(seen.row))
    data["id"] = None  # the link is the only handle a visitor gets
    for p in data["players"]:  # type: ignore[attr-defined]
        p["you"] = False  # a visitor sat nowhere
    return data


@router.get("/api/shared/{token}")
def shared_api(request: Request, token: str) -> Response:
    with use_language(language(request)):
        return JSONResponse(_shared_replay(request, token))


def _shared_position(request: Request, token: str, k: str) -> dict[str, object]:
    service = history_service(request)
    seen = service.seen_shared(token)
    return service.position(service.replay(seen.row), _int(k, -1), seen)


@router.get("/api/shared/{token}/{k}")
def shared_position_api(request: Request, token: str, k: str) -> Response:
    return JSONResponse(_shared_position(request, token, k))


@router.post("/api/games/{game_id}/share", status_code=201)
def share_api(request: Request, game_id: str) -> Response:
    token = history_service(request).share(request_owner(request), game_id)
    return JSONResponse({"token": token, "url": f"/shared/{token}"}, status_code=201)


@router.delete("/api/games/{game_id}/share", status_code=204)
def revoke_api(request: Request, game_id: str) -> Response:
    history_service(request).revoke(request_owner(request), game_id)
    return Response(status_code=204)


def _reviews(request: Request) -> Reviews:
    reviews: Reviews = request.app.state.reviews
    return reviews


@router.post("/api/games/{game_id}/review", status_code=202)
def ask_review_api(request: Request, game_id: str) -> Response:
    """Queue the coach's review (once per game); its progress is polled with GET."""
    with use_language(language(request)):
        data = _reviews(request).request(request_owner(request), game_id)
        return JSONResponse(data, status_code=202)


@router.get("/api/games/{game_id}/review")
def review_api(request: Request, game_id: str) -> Response:
    with use_language(language(request)):
        return JSONResponse(_reviews(request).status(request_owner(request), game_id))


VIEWER_WORDS: Final = (
    "You", "Seat {seat}", "Seat {seat} ({level})", "dealer", "to act", "{n} cards",
    "Hidden until the game is over", "Stock (top first)", "Discards", "No stock left",
    "Step {k} of {n}", "Deal {deal}", "Offered {card}: kept", "Offered {card}: declined",
    "Exchange {n}: {discarded} → {drawn}", "Exchange {n}: {count} cards",
    "Exchange {n}: kept all five", "Trick", "Tricks this deal", "Chicago caller",
    "qualified", "eliminated", "winner", "The coach would: {action}", "Estimated cost: {cost}",
    "Reviewing… {done} of {total} decisions", "The coach found nothing to change.",
    "Ask the coach", "The coach's review", "Share link", "Create a share link",
    "Stop sharing", "Anyone with this link can watch this game (read-only):",
    "The link no longer works.", "Copy", "Copied.", "The review failed: {error}",
    "Marks: {n}", "Your move: {action}", "Jump to step {k}", "Nothing happens here yet.",
    "Face-up offer", *LEVEL_WORDS.values(), "You won", "In play", "Seat {seat} won",
    "Imported", "Only a finished game can be shared.", "A share link is active.",
    "The coach reviews a game once it is over.", "{name} (seat {seat})", "{name} won",
    "Played with people", "Only the table's creator can share this game.",
    "Hidden: only the players at the table see it",
    # the coach's review
    "Yours: {odds}", "The coach's: {odds}", "{points} points", "Order of the marks",
    "Costliest first", "In game order", "The costliest moments", "Every mark",
    "The coach marks this step", "Mark {n}: step {k}, {summary}",
)


def _first_replay(request: Request, mode: str, key: str) -> dict[str, object] | None:
    """What the viewer's script would ask for first — the game and its first position —
    read as the API reads it for this visitor (R9.1: a seat's own timeline before the end),
    or None when the API would refuse: the script then asks and says why."""
    service = history_service(request)
    try:
        if mode == "owner":
            game = _owned_replay(request, key)
            seen = service.seen(request_owner(request), key)
        else:
            game = _shared_replay(request, key)
            seen = service.seen_shared(key)
        first = service.position(service.replay(seen.row), 0, seen)
    except ServiceError:
        return None
    return {"game": game, "position": first}


NO_REPLAY: Final = {
    "owner": N_("There is no game in your history at this address: it may have been deleted, "
                "or the link may be mistyped."),
    "shared": N_("This share link does not work: the game's owner may have stopped sharing "
                 "it, or the link may be mistyped."),
}


def _viewer(request: Request, mode: str, key: str) -> Response:
    lang = language(request)
    catalog = catalog_for_browser(lang)
    words = {w: catalog[w] for w in VIEWER_WORDS if w in catalog}
    with use_language(lang):
        first = _first_replay(request, mode, key)
        if first is None:
            return pages.not_found(request, _(NO_REPLAY[mode]),
                                   ((("/history", _("Your games")),) if mode == "owner" else ()))
    return _page(request, "replay.html", {
        "page": "history", "mode": mode, "key": key, "words": words, "first_replay": first,
    })


@router.get("/history/{game_id}", response_class=HTMLResponse)
def viewer_page(request: Request, game_id: str) -> Response:
    """The viewer, with the game's first step in the page (its script asks for the rest at
    `/api/games/{id}/replay`)."""
    return _viewer(request, "owner", game_id)


@router.get("/shared/{token}", response_class=HTMLResponse)
def shared_page(request: Request, token: str) -> Response:
    """A shared game, read-only, its first step in the page; the rest from `/api/shared/`."""
    return _viewer(request, "shared", token)
