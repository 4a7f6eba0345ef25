"""The WebSocket frames of server.md: what a client sends, read and checked (`read_frame`), and what the
server sends (`StateFrame`, `ErrorFrame`), with the score sheet as every receiver may see it; and troef's
additions (docs/server.md): typed answers, the chat (`ChatFrame`, `ChatLogFrame`) and hints (`HintFrame`)."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, NotRequired, TypedDict

from ...core.errors import TroefError
from ...core.match import SheetRow
from ...present import LANGUAGES, PRESENTERS
from ...present import model as present

FRAME_BYTES: Final = 4096
"""The largest client frame."""
CHAT_LENGTH: Final = 200
"""The most characters of a chat message's text (after trimming)."""
CHAT_PRESETS: Final = ("hello", "well-played", "one-moment", "thanks", "sorry", "good-game", "bye")
"""The preset chat messages, by id (each page says them in its own language)."""

ErrorCode = Literal[
    "bad-message", "bad-token", "too-many", "not-seated", "stale", "not-your-turn", "illegal", "not-allowed"
]
Talk = Literal["free", "presets", "read"]
"""What a receiver may say in the chat now: ``free`` text and presets, ``presets`` only (the rules close
table talk), or nothing (``read``: a spectator)."""


class SheetRound(TypedDict):
    """One finished round on the sheet; ``stand_in``: the seats a stand-in bot played in it."""

    index: int
    dealer: int
    closing: bool
    scores: list[int]
    totals: list[int]
    facts: dict[str, Any]
    stand_in: list[int]


class Sheet(TypedDict):
    """The match's score sheet so far; ``winners`` once the match is over, else empty.  Games that
    play for money add each player's ``money`` in cents, the pot included, and what the
    ``pot`` holds in cents."""

    rounds: list[SheetRound]
    totals: list[int]
    winners: list[int]
    money: NotRequired[list[int]]
    pot: NotRequired[int]


class RoundInfo(TypedDict):
    """The round in play, or between rounds the next one to be dealt (its commitment shown)."""

    index: int
    dealt: bool
    commitment: str
    ready: list[int]


class Timer(TypedDict):
    """A timer the table runs for people: the ``deal`` of the next round (its ready limit), or a
    ``stand-in`` about to play for the away human at ``seat``; ``at`` is when it runs out (the server's
    Unix time: a state frame's ``now`` says the server's time when it was sent)."""

    timer: Literal["deal", "stand-in"]
    seat: int | None
    at: float


class SeatInfo(TypedDict):
    seat: int
    kind: str
    name: str | None
    bot: str | None
    connected: bool
    stand_in: bool


class Rematch(TypedDict):
    """The table of the rematch once one was asked for (its invite went to the asking seat alone)."""

    table: str


class TableInfo(TypedDict):
    """The public table info (``GET /api/tables/{id}`` and every state frame's ``table``): what happens to
    an ``absent`` human (a stand-in bot plays for them, or the table pauses), the ``timers`` running and,
    while the table is paused, the human seats it waits for (``paused``; any one of them, coming back,
    resumes it when every human was away, else all of them)."""

    id: str
    game: str
    rules: str | dict[str, Any]
    players: int
    rounds: int
    seats: list[SeatInfo]
    status: Literal["waiting", "playing", "over"]
    version: int
    sheet: Sheet
    round: RoundInfo | None
    ready_limit: float
    away_limit: float
    absent: Literal["stand-in", "pause"]
    timers: list[Timer]
    paused: list[int]
    hints: bool
    competitive: bool
    rated: bool
    """Whether the match is rated once it is over (clubs.md, Ratings)."""
    expired: bool
    """Whether the table expired waiting for players (its status is ``over``, and it never played)."""
    rematch: NotRequired[Rematch]
    event: NotRequired[dict[str, Any]]
    """The event the table belongs to: ``{"event", "name", "session"}`` (clubs.md, Events)."""


class Model(TypedDict):
    """The table as the presentation layer shows it to one receiver in ``lang`` (the ``model`` of the
    state frames of a connection that gave a lang): everything from its own view and the public sheet."""

    lang: str
    title: str
    table: present.Table | None
    log: list[present.Line]
    result: list[present.Line] | None
    scores: list[present.ScoreRow] | None
    sheet: present.Sheet
    standings: list[present.Line] | None


class StateFrame(TypedDict):
    """A state frame; ``now``: the server's time when it was sent (the table's timers count to theirs)."""

    type: Literal["state"]
    version: int
    seat: int | None
    table: TableInfo
    view: Mapping[str, Any] | None
    legal_actions: list[str]
    sheet: Sheet
    talk: Talk
    model: NotRequired[Model]
    now: NotRequired[float]


class ErrorFrame(TypedDict):
    type: Literal["error"]
    code: ErrorCode
    message: str
    version: int


class ChatFrame(TypedDict):
    """A chat message, to everyone at the table: ``text`` as a person wrote it, or the id of a ``preset``
    (the other is None); ``at``: the server's time."""

    type: Literal["chat"]
    seat: int
    name: str | None
    text: str | None
    preset: str | None
    at: float


class ChatLogFrame(TypedDict):
    """The table's last chat messages, oldest first, sent after every ``hello``."""

    type: Literal["chat-log"]
    messages: list[ChatFrame]


class HintFrame(TypedDict):
    """The ``normal`` bot's choice for the receiver's seat at ``version``, to that seat alone."""

    type: Literal["hint"]
    version: int
    action: str


Frame = StateFrame | ErrorFrame | ChatFrame | ChatLogFrame | HintFrame


def sheet_round(game: str, row: SheetRow, closing: bool, stand_in: Sequence[int]) -> SheetRound:
    """A finished round as the sheet shows it to everyone: scores, totals and the details its game's
    presenter allows (`Presenter.sheet_details`)."""
    allowed = PRESENTERS[game].sheet_details
    return {
        "index": row.index,
        "dealer": row.dealer,
        "closing": closing,
        "scores": list(row.scores),
        "totals": list(row.totals),
        "facts": {key: row.details[key] for key in allowed if key in row.details},
        "stand_in": sorted(set(stand_in)),
    }


# --------------------------------------------------------------------------- client frames


class BadMessage(TroefError):
    """A client frame that is not one of server.md's (the error ``bad-message``)."""


@dataclass(frozen=True)
class Hello:
    token: str | None
    lang: str | None = None


@dataclass(frozen=True)
class Act:
    action: str
    version: int


@dataclass(frozen=True)
class Answer:
    """What a player typed, made on ``version``, for the server to read as the page shows the table."""

    text: str
    version: int


@dataclass(frozen=True)
class Ready:
    seed: str | None


@dataclass(frozen=True)
class Sync:
    lang: str | None = None


@dataclass(frozen=True)
class Chat:
    """A chat message: free ``text`` (checked: `chat_text`) or a ``preset``'s id, never both."""

    text: str | None
    preset: str | None


@dataclass(frozen=True)
class Hint:
    """A request for the ``normal`` bot's choice for this seat at ``version``."""

    version: int


ClientFrame = Hello | Act | Answer | Ready | Sync | Chat | Hint

_FIELDS: Final = {
    "hello": {"token", "lang"},
    "act": {"action", "version"},
    "answer": {"text", "version"},
    "ready": {"seed"},
    "sync": {"lang"},
    "chat": {"text", "preset"},
    "hint": {"version"},
}


def read_frame(text: str | bytes) -> ClientFrame:
    """A client frame from its text; `BadMessage` for one over `FRAME_BYTES`, not JSON, of an unknown
    type, or with a missing, unknown or wrongly typed field."""
    size = len(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text)
    if len(text) > FRAME_BYTES or size > FRAME_BYTES:
        raise BadMessage(f"a frame is at most {FRAME_BYTES} bytes")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise BadMessage("a frame is a JSON object") from None
    if not isinstance(data, dict):
        raise BadMessage("a frame is a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise BadMessage(f"unknown frame type; types: {', '.join(_FIELDS)}")
    extra = sorted(key for key in data if key != "type" and key not in _FIELDS[kind])
    if extra:
        raise BadMessage(f"a {kind} frame has no field {extra[0][:40]!r}")
    if kind == "hello":
        return Hello(_optional_text(data, "token"), _lang(data))
    if kind == "act":
        version = data.get("version")
        if type(version) is not int:
            raise BadMessage("an act frame's version is the integer version it was made on")
        action = data.get("action")
        if not isinstance(action, str):
            raise BadMessage("an act frame's action is a string in troef's notation")
        return Act(action, version)
    if kind == "answer":
        version = data.get("version")
        typed = data.get("text")
        if type(version) is not int or not isinstance(typed, str):
            raise BadMessage("an answer frame has the text typed and the integer version it was made on")
        return Answer(typed, version)
    if kind == "ready":
        return Ready(_optional_text(data, "seed"))
    if kind == "chat":
        return _chat(data)
    if kind == "hint":
        version = data.get("version")
        if type(version) is not int:
            raise BadMessage("a hint frame's version is the integer version of the turn")
        return Hint(version)
    return Sync(_lang(data))


def chat_text(text: str) -> str:
    """A chat message's text: NFC, trimmed, 1 to `CHAT_LENGTH` characters, valid Unicode without control
    characters or line breaks; `BadMessage` otherwise."""
    if any(unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp") for c in text):
        raise BadMessage("a chat message is text without control characters")
    text = unicodedata.normalize("NFC", text).strip()
    if not 1 <= len(text) <= CHAT_LENGTH:
        raise BadMessage(f"a chat message is 1 to {CHAT_LENGTH} characters")
    return text


def _chat(data: Mapping[str, Any]) -> Chat:
    text, preset = data.get("text"), data.get("preset")
    if (text is None) == (preset is None):
        raise BadMessage("a chat frame has a text or a preset")
    if preset is not None:
        if preset not in CHAT_PRESETS:
            raise BadMessage(f"a chat preset is one of {', '.join(CHAT_PRESETS)}")
        return Chat(None, preset)
    if not isinstance(text, str):
        raise BadMessage("a chat frame's text is a string")
    return Chat(chat_text(text), None)


def _lang(data: Mapping[str, Any]) -> str | None:
    """A frame's optional ``lang``: one of the languages troef speaks."""
    lang = data.get("lang")
    if lang is not None and lang not in LANGUAGES:
        shown = repr(lang) if len(repr(lang)) <= 20 else repr(lang)[:20] + "…"
        raise BadMessage(f"lang is one of {', '.join(LANGUAGES)}, not {shown}")
    return lang


def _optional_text(data: Mapping[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise BadMessage(f"{key} is a string")
    return value
