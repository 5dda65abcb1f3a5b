"""Owners, accounts, sessions and CSRF for the web server.

- A visitor gets a **guest** cookie (`chicago_guest`, a random token); the guest's games are
  owned by the sha256 of that token, so the database never holds a usable cookie.
- An **account** has an argon2id password hash (argon2-cffi). Signing in creates a session:
  a random token sent as the HttpOnly cookie `chicago_session` and stored as its sha256.
- **CSRF**: double submit. Every response carries the `chicago_csrf` cookie (readable by the
  page's script); every unsafe request (anything but GET, HEAD, OPTIONS) must send the same
  value in the `X-CSRF-Token` header, else 403 before any handler runs.
- **Sign-in rate limit**: failures are kept in the database (table `signin_failures`: the
  name tried, the client address, the time), so every worker on a shared database sees
  them. 5 failures for one name from one address, or 20 from one address whatever the
  names, within 5 minutes refuse further attempts from that address with 429 until the
  oldest expire. Failures are never counted per name alone: that would let anyone lock
  another player out. The address is the socket's peer; `X-Forwarded-For` counts only when
  the server is told to trust a proxy (`chicago serve --forwarded-allow-ips`).
- **Sign-up throttle**: 5 sign-up attempts per address per hour (table `signup_attempts`).
- Failures and sign-up attempts are deleted once their window has passed (`purge`, run on
  every sign-in and sign-up and every minute by the app).
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
import secrets
import time
import unicodedata
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Final

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from chicago.store import AccountRow, Owner, Store
from chicago.text.i18n import N_, _
from chicago.web.wire import error_body

_log = logging.getLogger("chicago.web")

GUEST_COOKIE: Final = "chicago_guest"
SESSION_COOKIE: Final = "chicago_session"
CSRF_COOKIE: Final = "chicago_csrf"
CSRF_HEADER: Final = "X-CSRF-Token"
SAFE_METHODS: Final = frozenset({"GET", "HEAD", "OPTIONS"})

SESSION_LIFETIME: Final = timedelta(days=30)
GUEST_LIFETIME: Final = timedelta(days=400)
FAILURE_WINDOW: Final = timedelta(minutes=5)
MAX_FAILURES: Final = 5
"""Failed sign-ins for one name from one address within FAILURE_WINDOW."""
MAX_ADDRESS_FAILURES: Final = 20
"""Failed sign-ins from one address, whatever the names, within FAILURE_WINDOW."""
SIGNUP_WINDOW: Final = timedelta(hours=1)
MAX_SIGNUPS: Final = 5
"""Sign-up attempts from one address within SIGNUP_WINDOW."""
USERNAME_PUNCTUATION: Final = "_.-"
"""Besides letters (any script: "åsa", "Øyvind") and digits, what an account name may hold."""
NAME_LENGTH: Final = (3, 32)
MIN_PASSWORD: Final = 8
MAX_PASSWORD: Final = 1024
_TOKEN: Final = re.compile(r"[A-Za-z0-9_-]{32,64}")
MAX_BODY: Final = 1 << 20
"""The largest request body accepted (a game file is a few tens of kilobytes)."""
_TOO_LARGE: Final = N_("The request is too large (at most {mb} MB)")


def new_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    """How a cookie token is stored and compared: sha256, hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


def password_hasher() -> PasswordHasher:
    """argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): about a tenth
    of a second per sign-in on a small server, where argon2-cffi's default (64 MiB, 3 passes,
    4 lanes) takes most of a second of both cores. Stored hashes carry their parameters, and
    a sign-in rehashes a password whose hash used other ones."""
    return PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)


class AuthError(Exception):
    """A refused sign-up or sign-in: the HTTP status and one clear sentence."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def account_name(raw: object) -> str | None:
    """An account name as typed, NFKC-normalised (so that "ﬁ" and "fi", or a composed and a
    decomposed "å", are one name), if it is 3 to 32 letters of any script, digits, dots,
    dashes or underscores; else None."""
    if not isinstance(raw, str):
        return None
    name = unicodedata.normalize("NFKC", raw.strip())
    low, high = NAME_LENGTH
    if not low <= len(name) <= high:
        return None
    for c in name:
        kind = unicodedata.category(c)
        if not (kind.startswith(("L", "M")) or kind == "Nd" or c in USERNAME_PUNCTUATION):
            return None
    return name


def account_key(name: str) -> str:
    """What makes two account names the same one: case folded ("Åsa", "åsa", "ÅSA")."""
    return unicodedata.normalize("NFKC", name).casefold()


class Accounts:
    """Sign-up, sign-in (rate limited), sessions."""

    def __init__(
        self,
        store: Store,
        hasher: PasswordHasher | None = None,
        clock: Callable[[], datetime] = _now,
    ) -> None:
        self.store = store
        self.hasher = hasher or password_hasher()
        self.clock = clock
        self._dummy_hash: str | None = None
        self.max_failures = MAX_FAILURES
        self.max_address_failures = MAX_ADDRESS_FAILURES
        self.max_signups = MAX_SIGNUPS
        """The limits, per instance: a test or a closed deployment may loosen them."""

    @property
    def _dummy(self) -> str:
        """A hash to verify against when the username is unknown, so that the answer takes
        as long as for a wrong password (no user enumeration by timing)."""
        if self._dummy_hash is None:
            self._dummy_hash = self.hasher.hash(new_token())
        return self._dummy_hash

    @staticmethod
    def _check(username: object, password: object) -> tuple[str, str]:
        name = account_name(username)
        if name is None:
            raise AuthError(400, _("An account name has 3 to 32 letters, digits, dots, dashes "
                                   "or underscores."))
        if not isinstance(password, str) or len(password) < MIN_PASSWORD:
            raise AuthError(400, _("A password has at least {n} characters.", n=MIN_PASSWORD))
        if len(password) > MAX_PASSWORD:
            raise AuthError(400, _("A password has at most {n} characters.", n=MAX_PASSWORD))
        if not password.strip():
            raise AuthError(400, _("A password must hold something other than spaces."))
        return name, password

    def _session(self, account: AccountRow) -> str:
        token = new_token()
        now = self.clock()
        self.store.create_session(hash_token(token), account.id, now, now + SESSION_LIFETIME)
        return token

    def purge(self) -> int:
        """Forget sign-in failures and sign-up attempts older than their windows, and
        expired sessions (the privacy page promises it): the rows deleted."""
        now = self.clock()
        return self.store.purge_expired(now, now - FAILURE_WINDOW, now - SIGNUP_WINDOW)

    def signup(
        self, username: object, password: object, client: str = "unknown"
    ) -> tuple[AccountRow, str]:
        """A new account, signed in: (the account, the session token); 429 when this
        address has tried MAX_SIGNUPS sign-ups within SIGNUP_WINDOW."""
        name, secret = self._check(username, password)
        self.purge()
        now = self.clock()
        if self.store.count_signups(client, now - SIGNUP_WINDOW) >= self.max_signups:
            raise AuthError(
                429, _("Too many sign-ups from your address: wait an hour before trying again.")
            )
        self.store.record_signup(client, now)
        account = self.store.create_account(name, account_key(name), self.hasher.hash(secret),
                                            now)
        if account is None:
            raise AuthError(409, _("The account name “{name}” is taken.", name=name))
        return account, self._session(account)

    def _verify(self, account: AccountRow | None, password: str) -> bool:
        try:
            return self.hasher.verify(
                account.password_hash if account else self._dummy, password[:MAX_PASSWORD]
            )
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    def _check_limit(self, key: str, client: str) -> None:
        now = self.clock()
        by_name, by_client = self.store.count_failures(key, client, now - FAILURE_WINDOW)
        if by_name >= self.max_failures or by_client >= self.max_address_failures:
            raise AuthError(
                429, _("Too many failed sign-ins: wait five minutes before trying again.")
            )

    def signin(self, username: object, password: object, client: str) -> tuple[AccountRow, str]:
        """Check a password: (the account, a new session token); 401 wrong, 429 too many."""
        if not isinstance(username, str) or not isinstance(password, str):
            raise AuthError(400, _("Sign in with an account name and a password."))
        name = account_name(username)
        key = account_key(name if name is not None else username)[:64]
        self.purge()
        self._check_limit(key, client)
        account = self.store.account_by_key(key) if name is not None else None
        ok = self._verify(account, password)
        if account is None or not ok:
            self.store.record_failure(key, client, self.clock())
            raise AuthError(401, _("Wrong account name or password."))
        if self.hasher.check_needs_rehash(account.password_hash):
            self.store.set_password_hash(account.id, self.hasher.hash(password))
        return account, self._session(account)

    def delete_account(self, account: AccountRow | None, password: object, client: str) -> int:
        """Delete a signed-in player's account, its games and sessions once the password is
        confirmed (a wrong one counts as a failed sign-in): the games deleted."""
        if account is None:
            raise AuthError(401, _("Sign in to delete your account."))
        if not isinstance(password, str) or not password:
            raise AuthError(400, _("Type your password to confirm that the account goes."))
        key = account_key(account.username)
        self.purge()
        self._check_limit(key, client)
        if not self._verify(account, password):
            self.store.record_failure(key, client, self.clock())
            raise AuthError(401, _("Wrong password: your account was not deleted."))
        return self.store.delete_account(account.id)

    def signout(self, token: str | None) -> None:
        if token:
            self.store.delete_session(hash_token(token))

    def account_for(self, token: str | None) -> AccountRow | None:
        if not token or not _TOKEN.fullmatch(token):
            return None
        return self.store.session_account(hash_token(token), self.clock())


def request_account(request: Request) -> AccountRow | None:
    """The signed-in account of a request (looked up once per request)."""
    state = request.state
    if not hasattr(state, "account_checked"):
        accounts: Accounts = request.app.state.accounts
        state.account = accounts.account_for(request.cookies.get(SESSION_COOKIE))
        state.account_checked = True
    account: AccountRow | None = state.account
    return account


def request_owner(request: Request) -> Owner:
    """Who owns what this request creates and may see: the account, else the guest."""
    account = request_account(request)
    if account is not None:
        return Owner("account", str(account.id))
    token: str = request.state.guest_token
    return Owner("guest", hash_token(token))


def _proxied_tls(request: Request) -> bool:
    """A proxy says its client spoke HTTPS (the header's first hop)."""
    said = request.headers.get("x-forwarded-proto", "")
    return said.split(",")[0].strip().lower() == "https"


def client_address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def cookie_header(
    name: str, value: str, *, max_age: int, httponly: bool, secure: bool
) -> str:
    """A Set-Cookie header value: path /, SameSite=Lax."""
    response = Response()
    response.set_cookie(
        name, value, max_age=max_age, httponly=httponly, secure=secure, samesite="lax"
    )
    return response.headers["set-cookie"]


def set_session_cookie(response: Response, request: Request, token: str | None) -> None:
    """Send (or, with None, clear) the session cookie, and a fresh CSRF token with it."""
    secure = request.url.scheme == "https"
    if token is None:
        response.delete_cookie(SESSION_COOKIE, httponly=True, secure=secure, samesite="lax")
    else:
        response.set_cookie(
            SESSION_COOKIE,
            token,
            max_age=int(SESSION_LIFETIME.total_seconds()),
            httponly=True,
            secure=secure,
            samesite="lax",
        )
    response.set_cookie(
        CSRF_COOKIE,
        new_token(),
        max_age=int(GUEST_LIFETIME.total_seconds()),
        httponly=False,
        secure=secure,
        samesite="lax",
    )


class OwnerCookies:
    """ASGI middleware: guest and CSRF cookies on every response, the CSRF check on every
    unsafe request, `Cache-Control: private, no-cache` on the API's reads (`no-store` on its
    changes) and `Server-Timing: app;dur=<ms>` (the time
    spent in the application) on the API, and a bound on request bodies."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.told_untrusted = False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        cookies = request.cookies
        secure = scope.get("scheme") == "https"
        if not secure and not self.told_untrusted and _proxied_tls(request):
            self.told_untrusted = True
            _log.warning(
                "a request came through a TLS proxy at %s that this server does not trust "
                "(X-Forwarded-Proto: https): its cookies go without Secure and its clients "
                "share the proxy's address; start chicago serve with --forwarded-allow-ips "
                "(or FORWARDED_ALLOW_IPS) naming the proxy",
                client_address(request),
            )
        headers_out: list[str] = []

        guest = cookies.get(GUEST_COOKIE, "")
        if not _TOKEN.fullmatch(guest):
            guest = new_token()
            headers_out.append(
                cookie_header(
                    GUEST_COOKIE,
                    guest,
                    max_age=int(GUEST_LIFETIME.total_seconds()),
                    httponly=True,
                    secure=secure,
                )
            )
        scope.setdefault("state", {})["guest_token"] = guest

        csrf = cookies.get(CSRF_COOKIE, "")
        csrf_ok = bool(_TOKEN.fullmatch(csrf))
        if not csrf_ok:
            headers_out.append(
                cookie_header(
                    CSRF_COOKIE,
                    new_token(),
                    max_age=int(GUEST_LIFETIME.total_seconds()),
                    httponly=False,
                    secure=secure,
                )
            )
        api = scope["path"].startswith("/api/")
        read = scope["method"] in ("GET", "HEAD")

        refusal: Response | None = None
        if scope["method"] not in SAFE_METHODS:
            header = request.headers.get(CSRF_HEADER, "")
            if not (csrf_ok and header and hmac.compare_digest(header.encode(), csrf.encode())):
                refusal = JSONResponse(
                    error_body(
                        _("Missing or wrong CSRF token: send the chicago_csrf cookie's value "
                          "in the X-CSRF-Token header")
                    ),
                    status_code=403,
                )
        if refusal is None:
            length = request.headers.get("content-length", "0")
            if not length.isdigit() or int(length) > MAX_BODY:
                refusal = JSONResponse(error_body(_(_TOO_LARGE, mb=MAX_BODY >> 20)),
                                       status_code=413)

        started = time.perf_counter()

        async def send_with_cookies(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                if api:
                    spent = (time.perf_counter() - started) * 1000
                    headers.append("server-timing", f"app;dur={spent:.2f}")
                for value in headers_out:
                    headers.append("set-cookie", value)
                if api and "cache-control" not in headers:
                    # A read is revalidated (ETag, chicago.web.transfer); a change never kept.
                    headers["Cache-Control"] = "private, no-cache" if read else "no-store"
            await send(message)

        if refusal is not None:
            await refusal(scope, receive, send_with_cookies)
            return
        received = 0

        async def bounded_receive() -> Message:
            # A body sent without a Content-Length (chunked) is counted as it arrives.
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > MAX_BODY:
                    raise HTTPException(413, _(_TOO_LARGE, mb=MAX_BODY >> 20))
            return message

        await self.app(scope, bounded_receive, send_with_cookies)
