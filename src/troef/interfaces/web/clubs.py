"""Clubs (clubs.md, "Clubs"): a signed-in player makes one and is its admin; others join with its invite
code; its members see it; its admins save house rules under a name of the club's own.

Who may do what is decided here and refused with the tables' kinds of errors: `NotAllowed` (403) for an
outsider or a member doing an admin's part, `NoSuchClub` (404), `Invalid` (400).
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
import time
from collections.abc import Callable
from typing import Any, Final

from ...core.errors import TroefError
from ...games import GAMES, load_game
from .club_rows import Club, ClubRows
from .seats import Invalid, NoSuchTable, NotAllowed, NotNow, TooMany, name_key, new_secret
from .text import TextRefused, clean_text

CLUB_NAME_LENGTH: Final = 64
PRESET_NAME_LENGTH: Final = 32
PRESETS_PER_CLUB: Final = 100
"""The most presets a club saves."""
SEASON_EVENTS: Final = 100
"""The most events a season's ``best`` N counts."""
SEATS: Final = 6
"""The most seats of a table of any game (the counting rule's M is at most this)."""
ADMIN: Final = "admin"
MEMBER: Final = "member"


class NoSuchClub(NoSuchTable):
    """A club that does not exist."""


def club_text(value: object, what: str, longest: int) -> str:
    """A name or text of a club's (`clean_text`), `Invalid` naming what is wrong."""
    try:
        return clean_text(value, what, longest)
    except TextRefused as error:
        raise Invalid(str(error)) from None


def _field(body: object, key: str) -> object:
    if not isinstance(body, dict):
        raise Invalid("the body is a JSON object")
    return body.get(key)


def saved_preset(body: object) -> dict[str, Any]:
    """The ``{"name", "game", "rules"}`` of a club preset, its rules checked by the game as
    ``POST /api/tables`` checks them; `Invalid` naming what is wrong."""
    name = club_text(_field(body, "name"), "a preset's name", PRESET_NAME_LENGTH)
    game = _field(body, "game")
    if not isinstance(game, str) or game not in GAMES:
        raise Invalid(f"game is one of {', '.join(GAMES)}")
    if name in {preset.name for preset in GAMES[game].presets}:
        raise Invalid(f"{name!r} is one of {game}'s own presets: a club's preset has a name of its own")
    rules = _field(body, "rules")
    try:
        load_game(game, rules)
    except TroefError as error:
        raise Invalid(f"rules: {error}") from None
    return {"name": name, "game": game, "rules": rules}


class Clubs:
    """Making, joining and reading clubs, and saving their presets, over ``rows``; each call names the
    signed-in player who asks."""

    def __init__(self, rows: ClubRows, *, clock: Callable[[], float] = time.time) -> None:
        self.rows = rows
        self.clock = clock

    async def create(self, player: str, body: object) -> dict[str, str]:
        """A new club, ``player`` its admin: its id and invite code."""
        name = club_text(_field(body, "name"), "a club's name", CLUB_NAME_LENGTH)
        club = Club(secrets.token_urlsafe(12), name, new_secret())
        await asyncio.to_thread(self.rows.create, club, name_key(player), self.clock())
        return {"club": club.id, "invite": club.invite}

    async def join(self, player: str, club_id: str, body: object) -> dict[str, str]:
        """``player`` joins with the club's invite code: the club and the player's role in it."""
        club = await self.club(club_id)
        invite = _field(body, "invite")
        given = invite.encode("utf-8", "surrogatepass") if isinstance(invite, str) else b""
        if not hmac.compare_digest(given, club.invite.encode()):
            raise NotAllowed("that is not the club's invite code")
        role = await asyncio.to_thread(self.rows.join, club.id, name_key(player), self.clock())
        return {"club": club.id, "role": role}

    async def read(self, player: str, club_id: str) -> dict[str, Any]:
        """The club as its members see it (its admins see its invite code too)."""
        club = await self.club(club_id)
        role = await self.role(player, club, MEMBER, ADMIN)
        members, presets = await asyncio.gather(
            asyncio.to_thread(self.rows.members, club.id), asyncio.to_thread(self.rows.presets, club.id)
        )
        seen: dict[str, Any] = {"club": club.id, "name": club.name, "role": role, "members": members}
        seen.update(presets=presets, events=[])
        return {**seen, "invite": club.invite} if role == ADMIN else seen

    async def add_preset(self, player: str, club_id: str, body: object) -> dict[str, Any]:
        """An admin saves house rules under a name of the club's own."""
        club = await self.club(club_id)
        await self.role(player, club, ADMIN)
        preset = saved_preset(body)
        if len(await asyncio.to_thread(self.rows.presets, club.id)) >= PRESETS_PER_CLUB:
            raise TooMany(f"a club saves at most {PRESETS_PER_CLUB} presets")
        if not await asyncio.to_thread(self.rows.add_preset, club.id, preset, self.clock()):
            raise NotNow(f"the club has a preset {preset['name']!r} already")
        return preset

    async def mine(self, player: str) -> dict[str, Any]:
        """``GET /api/clubs``: the clubs ``player`` belongs to, with their role and the clubs' presets."""
        clubs = await asyncio.to_thread(self.rows.of_account, name_key(player))
        for club in clubs:
            club["presets"] = await asyncio.to_thread(self.rows.presets, club["club"])
        return {"clubs": clubs}

    async def set_season(self, player: str, club_id: str, body: object) -> dict[str, Any]:
        """An admin chooses how the season counts: ``best`` N events of each player (null: all of them),
        tables with ``at_least`` M members (BSG: three of four)."""
        club = await self.club(club_id)
        await self.role(player, club, ADMIN)
        best, at_least = _field(body, "best"), _field(body, "at_least")
        if best is not None and (type(best) is not int or not 1 <= best <= SEASON_EVENTS):
            raise Invalid(f"best is null (every event) or a whole number from 1 to {SEASON_EVENTS}")
        if type(at_least) is not int or not 0 <= at_least <= SEATS:
            raise Invalid(f"at_least is a whole number from 0 to {SEATS}")
        await asyncio.to_thread(self.rows.set_season, club.id, best, at_least)
        return {"best": best, "at_least": at_least}

    async def member_to_reset(self, player: str, club_id: str, body: object) -> str:
        """For an admin's ``{"name": member}``: the member's account key (to give them a link to set a new
        password); `Invalid` for a name of no member."""
        club = await self.club(club_id)
        await self.role(player, club, ADMIN)
        name = _field(body, "name")
        key = name_key(club_text(name, "a member's name", CLUB_NAME_LENGTH))
        if await asyncio.to_thread(self.rows.role, club.id, key) is None:
            raise Invalid(f"{str(name)[:40]!r} is not a member of the club")
        return key

    async def with_club_rules(self, account: str | None, body: object) -> object:
        """A table's body whose ``rules`` name a preset of a club of ``account``'s (a name's key), with
        that preset's rules in their place; any other body as it is. `Invalid` when the player's clubs
        have presets of that name with different rules."""
        if account is None or not isinstance(body, dict):
            return body
        game, rules = body.get("game"), body.get("rules")
        if not isinstance(game, str) or game not in GAMES or not isinstance(rules, str):
            return body
        if len(rules) > PRESET_NAME_LENGTH or rules in {preset.name for preset in GAMES[game].presets}:
            return body
        try:
            club_text(rules, "a preset's name", PRESET_NAME_LENGTH)
        except Invalid:
            return body  # no preset has such a name (and the game refuses it as rules)
        found = await asyncio.to_thread(self.rows.members_presets, account, game, rules)
        if not found:
            return body
        if any(other != found[0] for other in found[1:]):
            raise Invalid(f"your clubs have different presets named {rules!r}: give the rules themselves")
        return {**body, "rules": found[0]}

    async def club(self, club_id: str) -> Club:
        """The club, or `NoSuchClub` (404)."""
        club = await asyncio.to_thread(self.rows.club, club_id[:64])
        if club is None:
            raise NoSuchClub(f"there is no club {club_id[:40]!r}")
        return club

    async def role(self, player: str, club: Club, *allowed: str) -> str:
        """``player``'s role in the club when it is one of ``allowed``, else `NotAllowed` (403)."""
        role = await asyncio.to_thread(self.rows.role, club.id, name_key(player))
        if role not in allowed:
            raise NotAllowed(f"only the club's {' and '.join(f'{a}s' for a in allowed)} may do that")
        return str(role)
