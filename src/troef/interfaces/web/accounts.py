"""Accounts and their sessions (clubs.md, "Accounts and sessions"): names, passwords hashed with Argon2id,
sessions in a cookie the server signs and stores only as a hash (so that signing out ends a session on
every device), and the sign-in limit.

A session cookie is ``<token>.<signature>``: a 256-bit random token and its HMAC-SHA256 under the
database's secret (`AccountRows.secret`). A forged or mangled cookie is refused before the database is
asked; a signed one still needs its session row, which `Accounts.sign_out` deletes. Hashing a password
costs 64 MiB and a tenth of a second, so at most `HASHING_AT_ONCE` run at once, in threads.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import re
import secrets
import time
import unicodedata
from collections.abc import Callable
from typing import Any, Final

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from .account_rows import Account, AccountRows
from .limits import Window
from .seats import Invalid, NotAllowed, NotNow, TableError, TooMany, name_key

NAME: Final = re.compile(r"[^\W]|[ ._-]")
"""A character a name may have: a letter, a digit, ``_``, a space, ``-`` or ``.``."""
NAME_LENGTH: Final = 24
PASSWORD_LENGTHS: Final = (8, 1024)
"""The shortest and the longest password (a longer one would only cost hashing time)."""
SESSION_SECONDS: Final = 30 * 24 * 3600.0
"""How long a session lasts after signing in."""
SESSIONS_KEPT: Final = 20
"""The most sessions an account has at once: signing in once more ends the oldest."""
FAILURES: Final = 10
"""Failed sign-ins of one name, or from one address, within `FAILURE_WINDOW` seconds, before the next
attempt is refused (429) until the oldest of them is a window old."""
FAILURE_WINDOW: Final = 60.0
HASHING_AT_ONCE: Final = 2
"""Password hashes computed at once (each takes 64 MiB)."""
RESET_SECONDS: Final = 24 * 3600.0
"""How long a link to set a new password works (once)."""
COOKIE: Final = "troef_session"
"""The session cookie's name."""


class NotSignedIn(TableError):
    """A request that needs an account, from someone not signed in (or with a wrong name or password)."""


def account_name(value: object) -> str:
    """The name a body gives (NFC), or `Invalid` saying what a name is."""
    name = unicodedata.normalize("NFC", value) if isinstance(value, str) else None
    if name is None or not 0 < len(name) <= NAME_LENGTH or not all(NAME.fullmatch(c) for c in name):
        raise Invalid(f"a name is 1 to {NAME_LENGTH} letters, digits, spaces, '-', '_' or '.'")
    return name


def password(value: object) -> str:
    """The password a body gives, or `Invalid` saying how long one is."""
    shortest, longest = PASSWORD_LENGTHS
    if not isinstance(value, str) or not shortest <= len(value) <= longest or not _unicode(value):
        raise Invalid(f"a password has {shortest} to {longest} characters")
    return value


def _unicode(text: str) -> bool:
    """Whether ``text`` is valid Unicode (JSON may carry a lone surrogate, which no encoding takes)."""
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True


def credentials(body: object) -> tuple[str, str]:
    """The name and password of a ``{"name", "password"}`` body."""
    if not isinstance(body, dict):
        raise Invalid('the body is an object: {"name": ..., "password": ...}')
    return account_name(body.get("name")), password(body.get("password"))


def token_hash(token: str) -> str:
    """What the database keeps of a session token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class Accounts:
    """Sign up, sign in, who is signed in, sign out, over ``rows``; ``clock`` for sessions' ages."""

    def __init__(
        self,
        rows: AccountRows,
        *,
        clock: Callable[[], float] = time.time,
        hasher: PasswordHasher | None = None,
        failures: Window | None = None,
    ) -> None:
        self.rows = rows
        self.clock = clock
        self.hasher = PasswordHasher() if hasher is None else hasher
        self.failures = Window(FAILURES, FAILURE_WINDOW) if failures is None else failures
        self._hashing = asyncio.Semaphore(HASHING_AT_ONCE)
        self._secret: bytes | None = None
        self._dummy: str | None = None

    async def sign_up(self, body: object) -> tuple[str, str]:
        """A new account's name and its first session's cookie; `NotNow` (409) for a name taken."""
        name, secret = credentials(body)
        taken = NotNow(f"the name {name!r} is taken")
        if await asyncio.to_thread(self.rows.find, name_key(name)) is not None:
            raise taken  # before the hashing's cost
        account = Account(name_key(name), name, await self._hash(secret))
        if not await asyncio.to_thread(self.rows.add, account, self.clock()):
            raise taken
        return name, await self._open(account.key)

    async def sign_in(self, body: object, address: str) -> tuple[str, str]:
        """The account's name and a new session's cookie; `NotSignedIn` (401) for a wrong name or
        password alike, `TooMany` (429) once the name or the address failed too often."""
        name, secret = credentials(body)
        keys = (f"name:{name_key(name)}", f"address:{address}")
        if self.failures.full(*keys):
            raise TooMany(f"at most {FAILURES} failed sign-ins a minute for a name or from an address")
        account = await asyncio.to_thread(self.rows.find, name_key(name))
        verified = await self._verify(account.password if account else None, secret)
        if account is None or not verified:
            self.failures.add(*keys)
            raise NotSignedIn("wrong name or password")
        return account.name, await self._open(account.key)

    async def signed_in(self, cookie: str | None) -> str | None:
        """The name a session cookie signs in, or None (none, forged, ended or too old)."""
        token = await self._token(cookie)
        if token is None:
            return None
        found = await asyncio.to_thread(self.rows.session, token_hash(token))
        if found is None or found[1] + SESSION_SECONDS < self.clock():
            return None
        return found[0]

    async def sign_out(self, cookie: str | None) -> None:
        """End the cookie's session everywhere (nothing for no session)."""
        token = await self._token(cookie)
        if token is not None:
            await asyncio.to_thread(self.rows.close_session, token_hash(token))

    async def reset_link(self, key: str) -> str:
        """A new one-time code that sets the password of the account ``key`` (a club admin's to pass on:
        there is no mail), working for `RESET_SECONDS`; the account's earlier codes end."""
        code = secrets.token_urlsafe(24)
        await asyncio.to_thread(self.rows.add_reset, token_hash(code), key, self.clock())
        return code

    async def reset(self, body: object) -> tuple[str, str]:
        """``{"code", "password"}``: set the password of the code's account (every session of it ends) and
        sign in: the name and the new session's cookie; `NotAllowed` (403) for a code used, too old or
        never made."""
        if (
            not isinstance(body, dict)
            or set(body) != {"code", "password"}
            or not isinstance(body["code"], str)
        ):
            raise Invalid('the body is {"code": ..., "password": ...}')
        secret = password(body["password"])
        hashed = await self._hash(secret)
        since = self.clock() - RESET_SECONDS
        key = await asyncio.to_thread(self.rows.use_reset, token_hash(body["code"][:64]), hashed, since)
        if key is None:
            raise NotAllowed("that link to set a password is used, too old or not one")
        account = await asyncio.to_thread(self.rows.find, key)
        assert account is not None  # the link's account (a deleted account's links are deleted with it)
        return account.name, await self._open(key)

    async def _open(self, key: str) -> str:
        token = secrets.token_urlsafe(32)
        now = self.clock()
        since = now - SESSION_SECONDS
        await asyncio.to_thread(
            self.rows.open_session, token_hash(token), key, now, kept=SESSIONS_KEPT, since=since
        )
        return f"{token}.{await self._signature(token)}"

    async def _token(self, cookie: str | None) -> str | None:
        """The token of a cookie whose signature holds."""
        token, _, signature = (cookie or "").partition(".")
        if not token or len(cookie or "") > 256:
            return None
        expected = await self._signature(token)
        return token if hmac.compare_digest(signature.encode(), expected.encode()) else None

    async def _signature(self, token: str) -> str:
        if self._secret is None:
            self._secret = await asyncio.to_thread(self.rows.secret)
        digest = hmac.new(self._secret, token.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    async def _hash(self, secret: str) -> str:
        async with self._hashing:
            return await asyncio.to_thread(self.hasher.hash, secret)

    async def _verify(self, hashed: str | None, secret: str) -> bool:
        """Whether ``secret`` is the password of ``hashed``; as slow for no account (``None``), so that
        the time taken does not tell whether a name exists."""
        if hashed is None:
            self._dummy = self._dummy or await self._hash(secrets.token_urlsafe(16))
        async with self._hashing:
            try:
                return await asyncio.to_thread(self.hasher.verify, hashed or self._dummy or "", secret)
            except (VerificationError, InvalidHashError):
                return False


def cookie_settings(secure: bool) -> dict[str, Any]:
    """The session cookie's attributes: HttpOnly, SameSite=Lax, for the whole site, `SESSION_SECONDS`
    long; Secure when the server is reached over HTTPS."""
    return {
        "max_age": int(SESSION_SECONDS),
        "path": "/",
        "httponly": True,
        "samesite": "lax",
        "secure": secure,
    }
