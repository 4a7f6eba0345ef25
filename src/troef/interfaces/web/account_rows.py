"""Accounts and sessions in the table server's database (migration 0005), beside the tables' event log.

Blocking calls, like `Store`'s: the server runs them in a thread.
"""

from __future__ import annotations

import secrets
from typing import Final, NamedTuple

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from .schema import ACCOUNTS, META, RESETS, SESSIONS
from .store import Store

SECRET_KEY: Final = "session_secret"
"""The `META` row of the key that signs session cookies, shared by the processes using the database."""


class Account(NamedTuple):
    """An account as stored: its name's key, its name, its password hash."""

    key: str
    name: str
    password: str


class AccountRows:
    """The accounts and sessions stored in ``store``'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def add(self, account: Account, now: float) -> bool:
        """Store a new account; False when its key is taken."""
        try:
            with self.store.writing() as connection:
                connection.execute(insert(ACCOUNTS).values(**account._asdict(), created=now))
        except IntegrityError:
            return False
        return True

    def find(self, key: str) -> Account | None:
        """The account of a name's key."""
        query = select(ACCOUNTS.c.key, ACCOUNTS.c.name, ACCOUNTS.c.password).where(ACCOUNTS.c.key == key)
        with self.store.reading() as connection:
            row = connection.execute(query).one_or_none()
        return None if row is None else Account(*row)

    def open_session(self, session: str, key: str, now: float, *, kept: int, since: float) -> None:
        """Store a session (its token's hash) of the account ``key``, keeping the account's ``kept``
        newest sessions begun after ``since`` and ending the others."""
        with self.store.writing() as connection:
            connection.execute(insert(SESSIONS).values(id=session, account=key, created=now))
            newest = (
                select(SESSIONS.c.id)
                .where(SESSIONS.c.account == key, SESSIONS.c.created > since)
                .order_by(SESSIONS.c.created.desc(), SESSIONS.c.id)
                .limit(kept)
            )
            ended = delete(SESSIONS).where(SESSIONS.c.account == key, SESSIONS.c.id.not_in(newest))
            connection.execute(ended)

    def session(self, session: str) -> tuple[str, float] | None:
        """The name signed in by a session (its token's hash), and when it began; None for no session."""
        query = (
            select(ACCOUNTS.c.name, SESSIONS.c.created)
            .join(ACCOUNTS, ACCOUNTS.c.key == SESSIONS.c.account)
            .where(SESSIONS.c.id == session)
        )
        with self.store.reading() as connection:
            row = connection.execute(query).one_or_none()
        return None if row is None else (str(row[0]), float(row[1]))

    def close_session(self, session: str) -> None:
        """End a session, wherever its cookie is."""
        with self.store.writing() as connection:
            connection.execute(delete(SESSIONS).where(SESSIONS.c.id == session))

    def add_reset(self, code: str, key: str, now: float) -> None:
        """Store a one-time link (its code's hash) to set the account's password; the account's earlier
        links end."""
        with self.store.writing() as connection:
            connection.execute(delete(RESETS).where(RESETS.c.account == key))
            connection.execute(insert(RESETS).values(code=code, account=key, created=now))

    def use_reset(self, code: str, password: str, since: float) -> str | None:
        """Set the password of the account of a link made after ``since`` (its code's hash), end the link
        and every session of the account: the account's key, or None for no such link."""
        with self.store.writing() as connection:
            found = connection.execute(
                delete(RESETS).where(RESETS.c.code == code).returning(RESETS.c.account, RESETS.c.created)
            ).one_or_none()
            if found is None or found.created <= since:
                return None
            key = str(found.account)
            connection.execute(update(ACCOUNTS).where(ACCOUNTS.c.key == key).values(password=password))
            connection.execute(delete(SESSIONS).where(SESSIONS.c.account == key))
        return key

    def secret(self) -> bytes:
        """The key that signs session cookies: made once, at its first use, for every process."""
        query = select(META.c.value).where(META.c.key == SECRET_KEY)
        with self.store.reading() as connection:
            found = connection.scalar(query)
        if found is None:
            try:
                with self.store.writing() as connection:
                    connection.execute(insert(META).values(key=SECRET_KEY, value=secrets.token_hex(32)))
            except IntegrityError:  # another process made it first
                pass
            with self.store.reading() as connection:
                found = connection.scalar(query)
        return bytes.fromhex(str(found))
