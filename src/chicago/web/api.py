"""The JSON API under /api (docs/api.md is the contract with the table page).

Every payload that describes a game is built from seat 0's view (R9.1): `view_to_json` of
`view(state, 0)` and `event_to_json(e, 0)` of the events, through `table_json`; the seed only
once the game is over. Errors are `{"error": "<one sentence>", "rule": "R6.1" | null}`.
"""

from __future__ import annotations

import json
from enum import Enum
from functools import lru_cache
from typing import Any, Final, cast

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, Response

from chicago.bots.base import Advice
from chicago.core.actions import (
    Action,
    Exchange,
    action_to_json,
)
from chicago.core.events import event_to_json
from chicago.core.hands import Category
from chicago.core.rules import CHOICES, PRESETS, RuleProfile, get_profile
from chicago.store import GameRow, Owner
from chicago.table.tables.service import BadRequest, Hint, Table, TableService, parse_profile
from chicago.text.core_errors import error_words
from chicago.text.i18n import LANGUAGES, _, catalog_for_browser, current_language, known
from chicago.text.knob_words import change_words, knob_label, preset_title, value_words
from chicago.text.narration import Narrator, tell, trick_cards_before
from chicago.text.rules_text import profile_title, rules_page
from chicago.text.told import Told
from chicago.web.action_body import parse_action
from chicago.web.auth import (
    SESSION_COOKIE,
    Accounts,
    client_address,
    error_body,
    hash_token,
    request_account,
    request_owner,
    set_session_cookie,
)
from chicago.web.body import JsonBody
from chicago.web.language import LANG_COOKIE, chosen, set_language_cookie
from chicago.web.log_json import view_json
from chicago.web.metrics import metrics_of

router = APIRouter(prefix="/api")

def _service(request: Request) -> TableService:
    service: TableService = request.app.state.service
    return service


def _accounts(request: Request) -> Accounts:
    accounts: Accounts = request.app.state.accounts
    return accounts


# JSON forms ----------------------------------------------------------------------------------


def _plain(value: object) -> object:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def knobs_json(profile: RuleProfile) -> dict[str, object]:
    return {k: _plain(v) for k, v in profile.knobs().items()}


def profile_json(profile: RuleProfile) -> dict[str, object]:
    """The profile for a client: id, title, version, base (null for a preset), the preset's
    title and a custom profile's changes in words (`preset_title`, `changes`), every knob."""
    return dict(_profile_json(profile, current_language()))


@lru_cache(maxsize=256)
def _profile_json(profile: RuleProfile, lang: str) -> dict[str, object]:
    """Made once per profile and language: every message of a live table holds it."""
    return {
        "id": profile.id,
        "title": profile_title(profile),
        "version": profile.version,
        "base": profile.base or None,
        "preset_title": preset_title(profile),
        "changes": list(change_words(profile)),
        **knobs_json(profile),
    }


def action_json(action: Action) -> dict[str, object]:
    """An action of seat 0 in the API's form: the game-file form without `seat`."""
    out = action_to_json(action)
    out.pop("seat", None)
    return out


TOLD: Final = Told()
"""The stories of the deals as last told to each seat of each table."""


def table_json(table: Table) -> dict[str, object]:
    """The `Table` of docs/api.md: seat 0's view, legal actions, prompt, events, history."""
    v = table.view
    profile = table.profile
    prompt: dict[str, object] | None = None
    if table.legal:
        prompt = {
            "decision": v.phase.value,
            "confirm_reset_needed": any(
                isinstance(a, Exchange) and a.confirm_reset for a in table.legal
            ),
            "chicago_stakes": {
                "win": profile.chicago_points,
                "lose": profile.chicago_penalty,
                "breaker": profile.broken_chicago_bonus,
            },
        }
    # redacted for the seat whose view this is (seat 0 for a game against bots)
    events = [j for j in (event_to_json(e, v.seat) for e in table.events) if j is not None]
    deal_scores = {h.deal: h.scores for h in table.history}
    narrator = Narrator(profile, table.seats, v.seat, list(v.scores), list(v.qualified),
                        list(v.eliminated), trick_cards_before(events, v))
    view_out = view_json(v)  # the deal's log: each event turned into JSON once
    log = cast(list[Any], view_out["log"])
    start = (profile, table.seats, v.seat, v.scores, v.qualified, v.eliminated)

    def teller() -> Narrator:
        return Narrator(profile, table.seats, v.seat, list(v.scores), list(v.qualified),
                        list(v.eliminated))
    return {
        "id": table.id,
        "version": table.version,
        "status": table.status,
        "winner": v.winner,
        "seats": table.seats,
        "levels": list(table.levels),
        "profile": profile_json(profile),
        "view": view_out,
        "legal": [action_json(a) for a in table.legal],
        "prompt": prompt,
        "events": events,
        "narration": tell(narrator, events, deal_scores),
        # the deal's story: told on from where this seat's was told last (text.told)
        "log_narration": TOLD.tell((table.id, v.seat), start, teller,
                                   [e for e in log if e is not None], deal_scores),
        "lang": current_language(),
        "history": [{"deal": h.deal, "scores": list(h.scores)} for h in table.history],
        "seed": table.seed,
        "imported": table.imported,
        "created": table.created.isoformat(),
        "updated": table.updated.isoformat(),
    }


def _table_response(table: Table, status_code: int = 200) -> JSONResponse:
    return JSONResponse(
        table_json(table),
        status_code=status_code,
        headers={"Server-Timing": f"bots;dur={table.bot_seconds * 1000:.2f}"},
    )


def summary_json(row: GameRow) -> dict[str, object]:
    s = row.summary
    return {
        "id": row.id,
        "created": row.created.isoformat(),
        "updated": row.updated.isoformat(),
        "seats": row.seats,
        "profile": row.profile_id,
        "status": s.status,
        "deal": s.deal,
        "scores": list(s.scores),
        "winner": s.winner,
        "levels": list(row.levels),
        "imported": row.imported,
    }


def _object(body: object, what: str) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise BadRequest(_("The request body must be a JSON object ({what})", what=what))
    return body


# Games ---------------------------------------------------------------------------------------
# Each endpoint is a coroutine that hands its blocking part (the database, the engine, the
# bots) to the thread pool once, and answers with a ready Response: no response model to
# validate, no second trip to the pool.

_CREATE_FIELDS = {"seats", "levels", "level", "profile", "seed"}


def _create_game(request: Request, body: object) -> Response:
    data = _object(body, _("Send seats, levels or level, profile and seed"))
    unknown = set(data) - _CREATE_FIELDS
    if unknown:
        raise BadRequest(_("Unknown field {field} for a new game",
                           field=repr(sorted(unknown)[0])))
    table = _service(request).create(
        request_owner(request),
        seats=data.get("seats", 4),
        levels=data.get("levels"),
        level=data.get("level"),
        profile=data.get("profile"),
        seed=data.get("seed"),
    )
    return _table_response(table, 201)


@router.post("/games", status_code=201)
async def create_game(request: Request, body: JsonBody) -> Response:
    return await run_in_threadpool(_create_game, request, body)


def _list_games(request: Request) -> Response:
    owner = request_owner(request)
    rows = _service(request).list(owner)
    people = set(request.app.state.tables.live.tables_of(owner, left=True))  # not games alone
    return JSONResponse({"games": [summary_json(r) for r in rows if r.id not in people]})


@router.get("/games")
async def list_games(request: Request) -> Response:
    return await run_in_threadpool(_list_games, request)


def _import_game(request: Request, body: object) -> Response:
    table = _service(request).import_file(request_owner(request), body)
    return _table_response(table, 201)


@router.post("/games/import", status_code=201)
async def import_game(request: Request, body: JsonBody) -> Response:
    return await run_in_threadpool(_import_game, request, body)


def _get_game(request: Request, game_id: str) -> Response:
    return _table_response(_service(request).get(request_owner(request), game_id))


@router.get("/games/{game_id}")
async def get_game(request: Request, game_id: str) -> Response:
    return await run_in_threadpool(_get_game, request, game_id)


def _act(request: Request, game_id: str, body: object) -> Response:
    data = _object(body, _("Send version and action"))
    unknown = set(data) - {"version", "action"}
    if unknown:
        raise BadRequest(_("Unknown field {field} (send version and action)",
                           field=repr(sorted(unknown)[0])))
    if "version" not in data or "action" not in data:
        raise BadRequest(_("Send the game's version and the action"))
    action = parse_action(data["action"])
    table = _service(request).act(request_owner(request), game_id, data["version"], action)
    return _table_response(table)


@router.post("/games/{game_id}/actions")
async def act(request: Request, game_id: str, body: JsonBody) -> Response:
    return await metrics_of(request).measured(
        "solo", body, lambda: run_in_threadpool(_act, request, game_id, body)
    )


def _delete_game(request: Request, game_id: str) -> Response:
    _service(request).delete(request_owner(request), game_id)
    return Response(status_code=204)


@router.delete("/games/{game_id}", status_code=204)
async def delete_game(request: Request, game_id: str) -> Response:
    return await run_in_threadpool(_delete_game, request, game_id)


def advice_json(a: Advice | None) -> dict[str, Any] | None:
    """A hint's numbers for the table (docs/api.md): chances as fractions 0..1."""
    if a is None or a.samples == 0:
        return None
    out: dict[str, Any] = {"kind": a.kind, "samples": a.samples, "estimate": True}
    if a.kind == "exchange":
        out |= {
            "kept": [c.text for c in a.kept],
            "by_exchange": a.by_exchange,
            "at_least": {Category(i).words: round(p, 4) for i, p in enumerate(a.at_least)},
            "best_next_scoring": round(a.best, 4),
            "resets": a.resets,
            "chicago_hope": round(a.chicago_hope, 4),
        }
    elif a.kind == "chicago":
        out |= {
            "all_five": round(a.all_five, 4),
            "call_worth": round(a.call_worth, 1),
            "needs_qualification": a.needs_call,
            "urgent": a.urgent,
        }
    elif a.kind == "play":
        out |= {"why": a.why, "last_trick": round(a.last_trick, 4),
                "all_five": round(a.all_five, 4)}
    return out


def hint_json(hint: Hint) -> dict[str, Any]:
    """A hint at any table: the action, the coach's words with the odds, their numbers."""
    return {"action": action_json(hint.action), "reason": hint.text,
            "advice": advice_json(hint.advice)}


def _hint(request: Request, game_id: str) -> Response:
    return JSONResponse(hint_json(_service(request).hint(request_owner(request), game_id)))


@router.get("/games/{game_id}/hint")
async def hint(request: Request, game_id: str) -> Response:
    return await run_in_threadpool(_hint, request, game_id)


def _export(request: Request, game_id: str) -> Response:
    data = _service(request).export(request_owner(request), game_id)
    return Response(
        json.dumps(data, ensure_ascii=False, indent=1) + "\n",
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="chicago-{game_id}.json"'},
    )


@router.get("/games/{game_id}/export")
async def export(request: Request, game_id: str) -> Response:
    return await run_in_threadpool(_export, request, game_id)


# Accounts ------------------------------------------------------------------------------------


def _credentials(body: object, claim: bool) -> tuple[object, object, bool]:
    """(username, password, claim_guest): `claim` is claim_guest's default."""
    data = _object(body, _("Send username and password"))
    unknown = set(data) - {"username", "password", "claim_guest"}
    if unknown:
        raise BadRequest(_("Unknown field {field} (send username and password)",
                           field=repr(sorted(unknown)[0])))
    claim_guest = data.get("claim_guest", claim)
    if not isinstance(claim_guest, bool):
        raise BadRequest(_("Claim_guest must be true or false"))
    return data.get("username"), data.get("password"), claim_guest


def _claim(request: Request, account_id: int, claim: bool) -> int:
    """With `claim`, this browser's guest (its own cookie, never another's) gives its games
    and seats to the account: the games moved."""
    if not claim:
        return 0
    guest = Owner("guest", hash_token(request.state.guest_token))
    return _accounts(request).store.claim(guest, Owner("account", str(account_id)))


def _signup(request: Request, body: object) -> Response:
    username, password, claim = _credentials(body, True)
    accounts = _accounts(request)
    account, token = accounts.signup(username, password, client_address(request))
    lang = chosen(request.cookies.get(LANG_COOKIE))
    if lang is not None:  # the choice made as a guest goes with the new account
        accounts.store.set_account_language(account.id, lang)
    claimed = _claim(request, account.id, claim)
    response = JSONResponse(
        {"username": account.username, "claimed_games": claimed}, status_code=201
    )
    set_session_cookie(response, request, token)
    return response


@router.post("/auth/signup", status_code=201)
async def signup(request: Request, body: JsonBody) -> Response:
    return await run_in_threadpool(_signup, request, body)


def _signin(request: Request, body: object) -> Response:
    username, password, claim = _credentials(body, False)
    account, token = _accounts(request).signin(username, password, client_address(request))
    claimed = _claim(request, account.id, claim)
    response = JSONResponse({"username": account.username, "claimed_games": claimed})
    set_session_cookie(response, request, token)
    if known(account.language):  # the account's language comes to this browser
        set_language_cookie(response, request, str(account.language))
    return response


@router.post("/auth/signin")
async def signin(request: Request, body: JsonBody) -> Response:
    return await run_in_threadpool(_signin, request, body)


def _signout(request: Request) -> Response:
    _accounts(request).signout(request.cookies.get(SESSION_COOKIE))
    response = Response(status_code=204)
    set_session_cookie(response, request, None)
    return response


@router.post("/auth/signout", status_code=204)
async def signout(request: Request) -> Response:
    return await run_in_threadpool(_signout, request)


def _delete_account(request: Request, body: object) -> Response:
    data = _object(body, _("Send password"))
    unknown = set(data) - {"password"}
    if unknown:
        raise BadRequest(_("Unknown field {field!r} (send password)", field=sorted(unknown)[0]))
    deleted = _accounts(request).delete_account(
        request_account(request), data.get("password"), client_address(request)
    )
    response = JSONResponse({"deleted_games": deleted})
    set_session_cookie(response, request, None)
    return response


@router.delete("/auth/account")
async def delete_account(request: Request, body: JsonBody) -> Response:
    """Delete the signed-in account with all its games; the password confirms it."""
    return await run_in_threadpool(_delete_account, request, body)


def _me(request: Request) -> Response:
    account = request_account(request)
    return JSONResponse({"username": account.username if account else None})


@router.get("/auth/me")
async def me(request: Request) -> Response:
    if SESSION_COOKIE not in request.cookies:  # a guest: nothing to look up
        return JSONResponse({"username": None})
    return await run_in_threadpool(_me, request)


# Language ------------------------------------------------------------------------------------


def _set_language(request: Request, body: object) -> Response:
    data = _object(body, _("Send lang"))
    lang = chosen(data.get("lang") if isinstance(data.get("lang"), str) else None)
    if lang is None or set(data) != {"lang"}:
        raise BadRequest(_("Send {form} with one of: {languages}", form='{"lang": …}',
                           languages=", ".join(LANGUAGES)))
    account = request_account(request)
    if account is not None:
        _accounts(request).store.set_account_language(account.id, lang)
    response = JSONResponse({"lang": lang, "saved_on_account": account is not None})
    set_language_cookie(response, request, lang)
    return response


@router.post("/language")
async def set_language(request: Request, body: JsonBody) -> Response:
    """Choose the site's language: a cookie, and the account's setting when signed in."""
    return await run_in_threadpool(_set_language, request, body)


@router.get("/catalog/{lang}")
async def catalog(lang: str) -> Response:
    """Every translated message of a language, for the browser's `t()`: msgid → text (a
    list of forms for a plural message, keyed by its singular msgid)."""
    if not known(lang):
        return JSONResponse(error_body(_("No such language: {lang} (known: {known})",
                                         lang=lang, known=", ".join(LANGUAGES))),
                            status_code=404)
    return JSONResponse(catalog_for_browser(lang),
                        headers={"Cache-Control": "public, max-age=3600"})


# Rules and profiles (no blocking work) -------------------------------------------------------


@router.get("/profiles")
async def profiles() -> Response:
    return JSONResponse(
        {
            "presets": [
                {"id": p.id, "title": profile_title(p), "version": p.version,
                 "knobs": knobs_json(p)}
                for p in PRESETS.values()
            ],
            "choices": {name: [_plain(v) for v in values] for name, values in CHOICES.items()},
            "words": {
                name: {"label": knob_label(name), "values": [value_words(name, v) for v in values]}
                for name, values in CHOICES.items()
            },
        }
    )


def _rules_json(profile: RuleProfile) -> dict[str, object]:
    return {
        "profile": profile_json(profile),
        "sections": [
            {
                "title": s.title,
                "paragraphs": list(s.paragraphs),
                "table": [list(row) for row in s.table],
            }
            for s in rules_page(profile)
        ],
    }


@router.get("/rules")
async def rules(profile: str = "chicago-gamewide-0.2") -> Response:
    try:
        chosen = get_profile(profile)
    except ValueError as e:
        return JSONResponse(error_body(error_words(e)), status_code=404)
    return JSONResponse(_rules_json(chosen))


@router.post("/rules")
async def custom_rules(body: JsonBody) -> Response:
    raw = body.get("profile") if isinstance(body, dict) and "profile" in body else body
    return JSONResponse(_rules_json(parse_profile(raw)))


__all__ = ["router", "table_json"]
