"""The JSON API under /api: games against bots, accounts, the language, the rules
(docs/api.md is the contract with the table page).

Every answer's JSON is made by `chicago.web.wire` (a game's `Table` from seat 0's view,
R9.1; a refusal `{"error": "<one sentence>", "rule": "R6.1" | null}`). Endpoints that touch
the database, the engine or the bots are plain functions, which FastAPI runs in its thread
pool; each answers with a ready Response (no response model to validate).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from chicago.core.rules import get_profile
from chicago.store import Owner
from chicago.table.tables.service import BadRequest, parse_profile
from chicago.text.core_errors import error_words
from chicago.text.i18n import LANGUAGES, _, catalog_for_browser, known
from chicago.web.auth import (
    SESSION_COOKIE,
    Accounts,
    client_address,
    hash_token,
    request_account,
    set_session_cookie,
)
from chicago.web.body import JsonBody
from chicago.web.language import LANG_COOKIE, chosen, set_language_cookie
from chicago.web.wire import (
    error_body,
    profiles_json,
    rules_json,
)

router = APIRouter(prefix="/api")


def _accounts(request: Request) -> Accounts:
    accounts: Accounts = request.app.state.accounts
    return accounts


def _object(body: object, what: str) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise BadRequest(_("The request body must be a JSON object ({what})", what=what))
    return body


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


@router.post("/auth/signup", status_code=201)
def signup(request: Request, body: JsonBody) -> Response:
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


@router.post("/auth/signin")
def signin(request: Request, body: JsonBody) -> Response:
    username, password, claim = _credentials(body, False)
    account, token = _accounts(request).signin(username, password, client_address(request))
    claimed = _claim(request, account.id, claim)
    response = JSONResponse({"username": account.username, "claimed_games": claimed})
    set_session_cookie(response, request, token)
    if known(account.language):  # the account's language comes to this browser
        set_language_cookie(response, request, str(account.language))
    return response


@router.post("/auth/signout", status_code=204)
def signout(request: Request) -> Response:
    _accounts(request).signout(request.cookies.get(SESSION_COOKIE))
    response = Response(status_code=204)
    set_session_cookie(response, request, None)
    return response


@router.delete("/auth/account")
def delete_account(request: Request, body: JsonBody) -> Response:
    """Delete the signed-in account with all its games; the password confirms it."""
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


@router.get("/auth/me")
def me(request: Request) -> Response:
    account = request_account(request)
    return JSONResponse({"username": account.username if account else None})


# Language ------------------------------------------------------------------------------------


@router.post("/language")
def set_language(request: Request, body: JsonBody) -> Response:
    """Choose the site's language: a cookie, and the account's setting when signed in."""
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
    return JSONResponse(profiles_json())


@router.get("/rules")
async def rules(profile: str = "chicago-gamewide-0.2") -> Response:
    try:
        chosen = get_profile(profile)
    except ValueError as e:
        return JSONResponse(error_body(error_words(e)), status_code=404)
    return JSONResponse(rules_json(chosen))


@router.post("/rules")
async def custom_rules(body: JsonBody) -> Response:
    raw = body.get("profile") if isinstance(body, dict) and "profile" in body else body
    return JSONResponse(rules_json(parse_profile(raw)))


__all__ = ["router"]
