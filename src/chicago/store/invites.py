"""Invitations to a table with people (`table_invites`, migration 0009): each is looked up by
the sha256 of its token or by its code, keeps its token only while it works, and says why it
stopped ("renewed", "revoked", "started"). The base of `chicago.store.live.LiveStore`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Final, cast

from sqlalchemy import Table, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from chicago.store.models import TableInvite
from chicago.store.repo import Store

_INVITES: Final = cast(Table, TableInvite.__table__)


@dataclass(frozen=True, slots=True)
class Invite:
    """An invitation: the token (None once it is not kept) and the table code."""

    token: str | None
    code: str



class InviteStore:
    """The invitations of one Store."""

    store: Store
    engine: Engine

    @staticmethod
    def _add_invite(s: Session, game_id: str, invite: tuple[str, Invite], now: datetime) -> None:
        digest, inv = invite
        s.execute(insert(_INVITES).values(
            token_hash=digest, game_id=game_id, token=inv.token, code=inv.code,
            state="active", created=now,
        ))

    def find_invite(
        self, *, digest: str | None = None, code: str | None = None
    ) -> tuple[str, str] | None:
        """(table id, state) of the invitation with this token hash, or of the newest with
        this code (a working one first); None when there never was one."""
        with self.engine.connect() as conn:
            if digest is not None:
                found = conn.execute(
                    select(_INVITES.c.game_id, _INVITES.c.state)
                    .where(_INVITES.c.token_hash == digest)
                ).first()
            else:
                found = conn.execute(
                    select(_INVITES.c.game_id, _INVITES.c.state)
                    .where(_INVITES.c.code == code)
                    .order_by((_INVITES.c.state == "active").desc(), _INVITES.c.created.desc())
                    .limit(1)
                ).first()
        return None if found is None else (str(found.game_id), str(found.state))

    def renew_invite(
        self, game_id: str, invite: tuple[str, Invite] | None, now: datetime
    ) -> bool:
        """The working invitation ends ("renewed" when `invite` replaces it, "revoked" when
        None), in one transaction with the new one; False (nothing changed) when the new
        code is already a working invitation's."""
        try:
            with self.store._write() as s:
                s.execute(
                    update(_INVITES)
                    .where(_INVITES.c.game_id == game_id, _INVITES.c.state == "active")
                    .values(state="renewed" if invite else "revoked", token=None)
                    .execution_options(synchronize_session=False)
                )
                if invite is not None:
                    self._add_invite(s, game_id, invite, now)
        except IntegrityError:
            return False
        return True

