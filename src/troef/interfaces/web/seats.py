"""A table's seats: who sits where (a human, a bot or nobody yet), the secrets that prove a seat or an
invite (kept only as SHA-256 hashes, compared in constant time), and reading a `POST /api/tables` body."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

from ...core.errors import GameError, TroefError
from ...core.game import Game
from ...core.match import Match
from ...games import load_game
from ...players import LEVELS, bot_kinds
from .text import TextRefused, clean_text, repaired

SECRET_BYTES: Final = 16
"""Tokens and invite codes are 128-bit random values."""
NAME_LENGTH: Final = 40
"""The longest name a person may give."""
READY_LIMIT: Final = 30.0
"""Seconds a table waits for the humans' ``ready`` before it deals anyway (server.md, Fair deals)."""
AWAY_LIMIT: Final = 60.0
"""Seconds a human may be away on their turn before a stand-in bot plays for them."""
Absent = Literal["stand-in", "pause"]
ABSENT: Final[tuple[Absent, ...]] = ("stand-in", "pause")
"""What happens to a human who is away, as the table's creator chooses (``absent``): a stand-in bot plays
for them after the away limit (the default), or the table pauses until they are back."""
MAX_ROUNDS: Final = 100
"""The most scheduled rounds a table plays."""
BODY_KEYS: Final = frozenset(
    {
        "game",
        "rules",
        "players",
        "rounds",
        "seats",
        "ready_limit",
        "away_limit",
        "listed",
        "absent",
        "hints",
        "competitive",
        "rated",
    }
)

SeatKind = Literal["human", "bot", "open"]
SEAT_FIELDS: Final = {"human": {"kind", "name"}, "bot": {"kind", "bot"}, "open": {"kind"}}
"""The fields of each kind of seat in a `POST /api/tables` body."""


class TableError(TroefError):
    """A request the tables refuse, nothing changed; which kind it is decides its HTTP status
    (`troef.interfaces.web.app.STATUSES`)."""


class Invalid(TableError):
    """A request that is not what it should be: a bad body, field or value."""


class NotAllowed(TableError):
    """A token or invite that gives no right to what was asked."""


class NoSuchTable(TableError):
    """A table that does not exist (or has no such round)."""


class NotNow(TableError):
    """A request that the table's state does not allow now: a seat taken, a match not over."""


class TooMany(TableError):
    """A request over a limit of how many at once."""


class Unavailable(TableError):
    """A request the server cannot serve now: not started, or its bots' processes died."""


def new_secret() -> str:
    """A fresh token or invite code: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(SECRET_BYTES)


def digest(secret: str) -> str:
    """What is stored of a secret: its SHA-256 in hex."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def proves(secret: object, stored: str | None) -> bool:
    """Whether ``secret`` is the secret whose digest is ``stored`` (compared in constant time)."""
    if not isinstance(secret, str) or stored is None:
        return False
    return hmac.compare_digest(digest(secret), stored)


@dataclass(frozen=True)
class Seat:
    """One seat: a ``human`` (``name``; ``token`` the digest of its token; ``account`` the key of the
    account it belongs to, if a signed-in player took it), a ``bot`` of kind ``bot``, or ``open``."""

    kind: SeatKind
    name: str | None = None
    bot: str | None = None
    token: str | None = None
    account: str | None = None

    def settings(self) -> dict[str, Any]:
        """The seat as stored in the table's settings."""
        stored = {"kind": self.kind, "name": self.name, "bot": self.bot, "token": self.token}
        return stored if self.account is None else {**stored, "account": self.account}

    @classmethod
    def from_settings(cls, data: Mapping[str, Any]) -> Seat:
        name = data["name"]
        shown = None if name is None else repaired(name)
        return cls(data["kind"], shown, data["bot"], data["token"], data.get("account"))

    @property
    def shown_name(self) -> str | None:
        """The seat's name for the table: the person's, or the bot's kind; None while open."""
        return self.name if self.kind == "human" else f"{self.bot} bot" if self.kind == "bot" else None


def name_key(name: str) -> str:
    """What names compare by: the name case-folded (``Ann`` and ``ann`` are one account)."""
    return unicodedata.normalize("NFC", name.casefold())


def person_name(name: object) -> str:
    """A person's name: 1 to `NAME_LENGTH` characters of text (`clean_text`)."""
    try:
        return clean_text(name, "a name", NAME_LENGTH)
    except TextRefused as refused:
        raise Invalid(str(refused)) from None


def bot_kind(game: str, kind: object) -> str:
    """A bot kind that plays ``game``: a level (``easy``, ``normal``, ``strong``) or a kind of
    `troef.players.bot_kinds`."""
    kinds = list(dict.fromkeys([*LEVELS, *bot_kinds(game)]))
    if not isinstance(kind, str) or kind not in kinds:
        raise Invalid(f"unknown bot kind {_shown(kind)}; bots: {', '.join(kinds)}")
    return kind


def engine_bot_kind(kind: str) -> str:
    """The `troef.players.make_bot` kind of a seat's bot kind (a level names its kind)."""
    return LEVELS.get(kind, kind)


@dataclass(frozen=True)
class TableSpec:
    """A `POST /api/tables` body, checked: the game, the match length, the seats, the limits, what
    happens to an absent human (`ABSENT`), whether a seat may ask for the ``normal`` bot's choice
    (``hints``) and whether the table is ``competitive`` (never with hints)."""

    game: Game
    rounds: int
    seats: tuple[Seat, ...]
    ready_limit: float
    away_limit: float
    listed: bool = False
    absent: Absent = "stand-in"
    hints: bool = False
    competitive: bool = False
    rated: bool = False
    """Whether the match is rated once it is over, when every human seat is an account's (clubs.md)."""


def read_body(body: object) -> TableSpec:
    """Check a `POST /api/tables` body (seats' tokens not drawn yet); a `TableError` (400) naming what is
    wrong: an unknown game, preset or option, players out of range, a wrong number of seats, an unknown
    seat or bot kind, a bad name, limit or number of rounds."""
    if not isinstance(body, Mapping):
        raise Invalid("the body is a JSON object")
    unknown = sorted(str(key) for key in body if key not in BODY_KEYS)
    if unknown:
        raise Invalid(f"unknown field {_shown(unknown[0])}; fields: {', '.join(sorted(BODY_KEYS))}")
    seats = body.get("seats")
    if not isinstance(seats, list) or not seats:
        raise Invalid("seats is a list of seats, one per player")
    players = body.get("players", len(seats))
    try:
        game = load_game(body.get("game"), body.get("rules"), players)  # type: ignore[arg-type]
        rounds = Match(game, first_dealer=0, rounds=body.get("rounds")).rounds
    except GameError as e:
        raise Invalid(str(e)) from None
    if rounds > MAX_ROUNDS:
        raise Invalid(f"a table plays at most {MAX_ROUNDS} rounds, not {rounds}")
    if len(seats) != game.players:
        raise Invalid(f"{game.players} players need {game.players} seats, not {len(seats)}")
    listed, hints, competitive, rated = (
        _flag(body, key) for key in ("listed", "hints", "competitive", "rated")
    )
    if hints and competitive:
        raise Invalid("a competitive table offers no hints")
    absent = next((a for a in ABSENT if a == body.get("absent", "stand-in")), None)
    if absent is None:
        raise Invalid(f"absent is {' or '.join(ABSENT)}, not {_shown(body['absent'])}")
    return TableSpec(
        game,
        rounds,
        tuple(_seat(game.name, k, seat) for k, seat in enumerate(seats)),
        limit(body, "ready_limit", READY_LIMIT),
        limit(body, "away_limit", AWAY_LIMIT),
        listed,
        absent,
        hints,
        competitive,
        rated,
    )


def _seat(game: str, index: int, seat: object) -> Seat:
    if not isinstance(seat, Mapping):
        raise Invalid(f"seat {index} is an object with a kind: human, bot or open")
    kind = seat.get("kind")
    if kind not in SEAT_FIELDS:
        raise Invalid(f"seat {index} has kind {_shown(kind)}; kinds: human, bot, open")
    extra = sorted(str(key) for key in seat if key not in SEAT_FIELDS[kind])
    if extra:
        raise Invalid(f"a {kind} seat has no field {_shown(extra[0])}")
    if kind == "human":
        return Seat("human", name=person_name(seat.get("name")))
    if kind == "bot":
        return Seat("bot", bot=bot_kind(game, seat.get("bot")))
    return Seat("open")


def _flag(body: Mapping[str, Any], key: str) -> bool:
    value = body.get(key, False)
    if type(value) is not bool:
        raise Invalid(f"{key} is true or false, not {_shown(value)}")
    return value


def limit(body: Mapping[str, Any], key: str, default: float) -> float:
    """A body's limit ``key`` in seconds (1 to 3600; ``default`` when it gives none), or `Invalid`."""
    value = body.get(key, default)
    if type(value) not in (int, float) or not 1 <= value <= 3600:
        raise Invalid(f"{key} is a number of seconds from 1 to 3600, not {_shown(value)}")
    return float(value)


def _shown(value: object) -> str:
    """A value as an error message names it, cut short."""
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "…"
