"""Accounts, their sessions and the sign-in throttle's records: the part of the store that
knows people by name and password hash, never their games (`repo.Store` adds those)."""

from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from chicago.store.models import Account, SigninFailure, SignupAttempt
from chicago.store.models import Session as SessionRow


@dataclass(frozen=True, slots=True)
class AccountRow:
    id: int
    username: str
    password_hash: str
    language: str | None = None
    """The site's language the player chose, or None (the browser's)."""


GONE_KEY: Final = "\x01gone:"
"""The start of a deleted account's key: a control character no name may hold (not NUL, which
PostgreSQL refuses in text), so no sign-in or sign-up ever meets it
(`repo.Store.delete_account`)."""


def _account_row(a: Account) -> AccountRow:
    return AccountRow(a.id, a.username, a.password_hash, a.language)


class AccountRecords:
    """The account half of `Store`; the store gives it its transactions."""

    def _read(self) -> AbstractContextManager[Session]:
        raise NotImplementedError

    def _write(self) -> AbstractContextManager[Session]:
        raise NotImplementedError

    # Accounts and sessions ----------------------------------------------------------------

    def create_account(
        self, username: str, key: str, password_hash: str, now: datetime
    ) -> AccountRow | None:
        """A new account, or None when the name is taken."""
        try:
            with self._write() as s:
                account = Account(
                    username=username, username_key=key, password_hash=password_hash, created=now
                )
                s.add(account)
                s.flush()
                return _account_row(account)
        except IntegrityError:
            return None

    def account_by_key(self, key: str) -> AccountRow | None:
        with self._read() as s:
            a = s.scalar(select(Account).where(Account.username_key == key))
            return None if a is None else _account_row(a)

    def set_password_hash(self, account_id: int, password_hash: str) -> None:
        with self._write() as s:
            s.execute(
                update(Account)
                .where(Account.id == account_id)
                .values(password_hash=password_hash)
                .execution_options(synchronize_session=False)
            )

    def set_account_language(self, account_id: int, language: str | None) -> None:
        """Remember the account's language (None: follow the browser)."""
        with self._write() as s:
            s.execute(
                update(Account)
                .where(Account.id == account_id)
                .values(language=language)
                .execution_options(synchronize_session=False)
            )

    def create_session(
        self, token_hash: str, account_id: int, now: datetime, expires: datetime
    ) -> None:
        with self._write() as s:
            s.execute(delete(SessionRow).where(SessionRow.expires <= now))
            s.add(
                SessionRow(
                    token_hash=token_hash, account_id=account_id, created=now, expires=expires
                )
            )

    def session_account(self, token_hash: str, now: datetime) -> AccountRow | None:
        """The account of a live session, or None."""
        with self._read() as s:
            a = s.scalar(
                select(Account)
                .join(SessionRow, SessionRow.account_id == Account.id)
                .where(SessionRow.token_hash == token_hash, SessionRow.expires > now)
            )
            return None if a is None else _account_row(a)

    def delete_session(self, token_hash: str) -> None:
        with self._write() as s:
            s.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash))

    def session_hashes(self) -> list[str]:
        """Every stored session token hash (for tests and administration)."""
        with self._read() as s:
            return list(s.scalars(select(SessionRow.token_hash)).all())

    # Sign-in failures (rate limiting) -------------------------------------------------------

    def count_failures(self, key: str, client: str, since: datetime) -> tuple[int, int]:
        """Failures since `since`: (for this username from this client, from this client)."""
        with self._read() as s:
            by_name = s.scalar(
                select(func.count())
                .select_from(SigninFailure)
                .where(
                    SigninFailure.username_key == key[:64],
                    SigninFailure.client == client[:64],
                    SigninFailure.at >= since,
                )
            )
            by_client = s.scalar(
                select(func.count())
                .select_from(SigninFailure)
                .where(SigninFailure.client == client[:64], SigninFailure.at >= since)
            )
        return int(by_name or 0), int(by_client or 0)

    def record_failure(self, key: str, client: str, now: datetime) -> None:
        """Record a failed sign-in (purge_expired forgets it)."""
        with self._write() as s:
            s.add(SigninFailure(username_key=key[:64], client=client[:64], at=now))

    def count_signups(self, client: str, since: datetime) -> int:
        """Sign-up attempts from this client since `since`."""
        with self._read() as s:
            n = s.scalar(
                select(func.count())
                .select_from(SignupAttempt)
                .where(SignupAttempt.client == client[:64], SignupAttempt.at >= since)
            )
        return int(n or 0)

    def record_signup(self, client: str, now: datetime) -> None:
        with self._write() as s:
            s.add(SignupAttempt(client=client[:64], at=now))

    def purge_expired(
        self, now: datetime, failures_before: datetime, signups_before: datetime
    ) -> int:
        """Delete sign-in failures and sign-up attempts older than their windows, and
        expired sessions: the rows deleted."""
        with self._write() as s:
            gone = 0
            for statement in (
                delete(SigninFailure).where(SigninFailure.at < failures_before),
                delete(SignupAttempt).where(SignupAttempt.at < signups_before),
                delete(SessionRow).where(SessionRow.expires <= now),
            ):
                gone += int(getattr(s.execute(statement), "rowcount", 0) or 0)
        return gone

    def throttle_rows(self) -> tuple[int, int]:
        """(sign-in failures, sign-up attempts) stored now: for tests and administration."""
        with self._read() as s:
            failures = s.scalar(select(func.count()).select_from(SigninFailure))
            signups = s.scalar(select(func.count()).select_from(SignupAttempt))
        return int(failures or 0), int(signups or 0)
