"""The scorekeeper's JSON API under /api/keep, for the pad page (keep.js).

A pad in JSON (`pad_json`) carries everything the page shows, in the request's language:
the players with their scores and standing, the question now asked and its choices, the
entries with what each caused, the score sheet by deal. Bodies are read by the games API's
rules (`web.body`: 415 for a body not sent as JSON, NaN and deep nesting refused). Errors
are `{"error": sentence}`; a correction that would drop later entries answers 409 with
`"drop": n` until confirmed.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from chicago.core.events import ChicagoCalled, DealEnded, HandAnnounced, NoHandScored, QuadsChosen
from chicago.core.keep import CATEGORIES, Ask, most_tied, two_counts
from chicago.core.keepfile import entry_to_json
from chicago.core.rules import PRESETS, QuadsRule
from chicago.store.pads import StoredPad
from chicago.table.scorekeeper import Dropping, KeepService, Kept
from chicago.table.tables.service import BadRequest
from chicago.text import keep as words
from chicago.text.i18n import _, catalog_for_browser, negotiate, use_language
from chicago.text.rules_text import profile_title
from chicago.web.auth import request_owner
from chicago.web.body import JsonBody
from chicago.web.language import request_language
from chicago.web.wire import error_body

router = APIRouter(prefix="/api/keep")
RESTATED = (HandAnnounced, NoHandScored, QuadsChosen, ChicagoCalled)
"""Events that only say again what their entry says (left out of the entry's notes)."""


def _service(request: Request) -> KeepService:
    service: KeepService = request.app.state.keep
    return service


def language(request: Request) -> str:
    """The page's language: `?lang=`, else the site's choice for this request (the
    language cookie, else the browser's Accept-Language: `chicago.web.language`)."""
    asked = request.query_params.get("lang")
    return negotiate(asked) if asked else request_language(request)


def _ask_json(ask: Ask, kept: Kept) -> dict[str, object]:
    pad = kept.pad
    names = pad.setup.players
    profile = pad.setup.profile
    return {
        "kind": ask.kind,
        "deal": ask.deal,
        "number": ask.number,
        "seats": list(ask.seats),
        "caller": ask.caller,
        "text": words.question(ask, names, profile),
        "rank_needed": profile.quads is QuadsRule.CHOICE,
        "two_counts": two_counts(profile, ask.caller),
    }


def pad_json(kept: Kept) -> dict[str, object]:
    pad = kept.pad
    s = pad.state
    names = pad.setup.players
    profile = pad.setup.profile
    restricted = words.restrictions(pad)
    players = [
        {
            "seat": x,
            "name": names[x],
            "score": s.scores[x],
            "qualified": s.qualified[x],
            "out": s.eliminated[x],
            "winner": s.winner == x,
            "dealer": s.dealer == x and not s.finished,
            "standing": words.standing(pad, x),
            "close": words.is_close(pad, x),
            "restriction": restricted.get(x),
        }
        for x in range(s.seats)
    ]
    lines = []
    for i, line in enumerate(pad.lines):
        notes = [t for t in (words.event_line(e, names, profile) for e in line.events
                             if not isinstance(e, RESTATED)) if t]
        lines.append({
            "index": i,
            "deal": line.entry.deal,
            "text": words.entry_text(line.entry, names, profile),
            "notes": notes,
            "entry": entry_to_json(line.entry),
            "ask": _ask_json(line.ask, kept),
        })
    sheet: list[dict[str, object]] = []
    for line in pad.lines:
        sheet.extend({"deal": e.deal, "scores": list(line.scores)}
                     for e in line.events if isinstance(e, DealEnded))
    if s.finished and (not sheet or sheet[-1]["deal"] != s.deal):
        sheet.append({"deal": s.deal, "scores": list(s.scores)})
    now = [t for t in (words.event_line(e, names, profile) for e in pad.deal_events()) if t]
    winner = _("{name} wins the game!", name=names[s.winner]) if s.winner is not None else None
    next_dealer = s.clockwise_from(s.dealer)[0] if not s.finished else None
    return {
        "id": kept.id if not kept.read_only else None,
        "version": kept.version,
        "read_only": kept.read_only,
        "shared": kept.shared,
        "share_token": kept.share_token,
        "status": "finished" if s.finished else "in_progress",
        "deal": s.deal,
        "dealer": s.dealer,
        "next_dealer": next_dealer,
        "target": profile.target,
        "profile": {"id": profile.id, "title": profile_title(profile)},
        "players": players,
        "ask": _ask_json(pad.ask, kept),
        "categories": [{"id": c, "label": words.category(c), "ties": most_tied(c),
                        "prompt": words.who_had_it(c)} for c in CATEGORIES],
        "lines": lines,
        "now": now,
        "sheet": sheet,
        "winner": winner,
        "dropped": [entry_to_json(e) for e in kept.dropped],
        "dropped_reason": kept.dropped_reason,
    }


def summary_json(row: StoredPad) -> dict[str, object]:
    return {
        "id": row.id,
        "players": row.setup.get("players", []),
        "status": row.summary.status,
        "deal": row.summary.deal,
        "scores": list(row.summary.scores),
        "winner": row.summary.winner,
        "updated": row.updated.isoformat(),
    }


def _body(body: object) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise BadRequest(_("The request must be a JSON object."))
    return body


@router.get("/catalog")
def catalog(request: Request) -> JSONResponse:
    """The page's words in its language, for `t()` in keep.js."""
    lang = language(request)
    return JSONResponse({"lang": lang, "messages": catalog_for_browser(lang)})


@router.get("/presets")
def presets(request: Request) -> JSONResponse:
    with use_language(language(request)):
        return JSONResponse([{"id": p.id, "title": profile_title(p), "target": p.target}
                             for p in PRESETS.values()])


@router.get("")
def owned(request: Request) -> JSONResponse:
    rows = _service(request).owned(request_owner(request))
    return JSONResponse([summary_json(r) for r in rows])


@router.post("")
def create(request: Request, body: JsonBody) -> JSONResponse:
    with use_language(language(request)):
        kept = _service(request).create(request_owner(request), body)
        return JSONResponse(pad_json(kept), status_code=201)


@router.post("/import")
def import_file(request: Request, body: JsonBody) -> JSONResponse:
    with use_language(language(request)):
        kept = _service(request).import_file(request_owner(request), body)
        return JSONResponse(pad_json(kept), status_code=201)


@router.get("/shared/{token}")
def shared(request: Request, token: str) -> JSONResponse:
    with use_language(language(request)):
        return JSONResponse(pad_json(_service(request).shared(token)))


@router.get("/{pad_id}")
def get(request: Request, pad_id: str) -> JSONResponse:
    with use_language(language(request)):
        return JSONResponse(pad_json(_service(request).get(request_owner(request), pad_id)))


@router.post("/{pad_id}/entries")
def add(request: Request, pad_id: str, body: JsonBody) -> JSONResponse:
    data = _body(body)
    with use_language(language(request)):
        kept = _service(request).add(request_owner(request), pad_id, data.get("version"),
                                     data.get("entry"))
        return JSONResponse(pad_json(kept))


@router.post("/{pad_id}/undo")
def undo(request: Request, pad_id: str, body: JsonBody) -> JSONResponse:
    data = _body(body)
    with use_language(language(request)):
        kept = _service(request).undo(request_owner(request), pad_id, data.get("version"))
        return JSONResponse(pad_json(kept))


@router.post("/{pad_id}/correct")
def correct(request: Request, pad_id: str, body: JsonBody) -> JSONResponse:
    data = _body(body)
    with use_language(language(request)):
        try:
            kept = _service(request).correct(
                request_owner(request), pad_id, data.get("version"), data.get("index"),
                data.get("entry"), data.get("drop") is True,
            )
        except Dropping as asked:
            pad = _service(request).get(request_owner(request), pad_id).pad
            names, profile = pad.setup.players, pad.setup.profile
            dropping = [words.entry_text(e, names, profile) for e in asked.entries]
            return JSONResponse({**error_body(asked.message), "drop": asked.count,
                                 "dropping": dropping}, status_code=409)
        return JSONResponse(pad_json(kept))


@router.get("/{pad_id}/export")
def export(request: Request, pad_id: str) -> JSONResponse:
    data = _service(request).export(request_owner(request), pad_id)
    return JSONResponse(data, headers={
        "Content-Disposition": f'attachment; filename="chicago-scorepad-{pad_id}.json"'})


@router.post("/{pad_id}/share")
def share(request: Request, pad_id: str) -> JSONResponse:
    with use_language(language(request)):
        return JSONResponse(pad_json(_service(request).share(request_owner(request), pad_id)))


@router.delete("/{pad_id}/share")
def unshare(request: Request, pad_id: str) -> JSONResponse:
    with use_language(language(request)):
        return JSONResponse(pad_json(_service(request).unshare(request_owner(request), pad_id)))
