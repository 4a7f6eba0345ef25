"""One table of the server, sans I/O: commands in, events and frames out (server.md).

A table is event-sourced: its `TableRow` (game, rules, seats, limits, round 0's server seed) and its
events replayed in order rebuild it exactly (`Table.replay`), which is how a killed server resumes.  A
command (`join`, `act`, `ready`, `deal`, `bot_act`) changes nothing: it answers an `Outcome` whose
``events`` the caller stores durably and then hands to `Table.apply`, after which it sends every
receiver its own `Table.frame`; or a ``reply`` (an error, or the sender's state) for the sender alone.
Handle one command of a table at a time, its events stored and applied before the next.  Presence is
not stored: `hello` and `disconnect` count a seat's connections, and `stand_in` lets a bot play for an
absent human (clients say hello again after a restart).  The table has no clock (times are passed in),
no threads and no I/O: the caller's timers ask `deal_due` and `stand_in_due`, and its process pool
answers `bot_turn`.

Events (``data`` always has ``at``, the time passed in):

- ``seat`` ``{seat, name, token}``: a person took an open seat (``token``: its token's SHA-256);
- ``ready`` ``{seat, round, seed}``: a seat is ready for round ``round``, with its client seed or ``""``;
- ``deal`` ``{round}``: round ``round`` was dealt from its fair seed;
- ``act`` ``{seat, action, who, next_seed?}``: an action taken for a seat by ``who`` (human, bot,
  stand-in); the action that ends a round carries the next round's secret server seed (unused when the
  match is over);
- ``rematch`` ``{table, invite}``: once the match is over, a seat asked for a rematch: the new table
  and its invite link (shown in the table info from then on).

A receiver that gave a ``lang`` gets the presentation layer's ``model`` in its state frames
(`troef.web.model`).
"""

from __future__ import annotations

import json
import secrets
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any, Final, Literal, TypedDict

from ..core.actions import parse_action
from ..core.errors import IllegalAction, RecordError, TroefError
from ..core.game import State
from ..fair import SERVER_SEED_BYTES, FairDeal, SeedError, client_seed, fair_match_record, verify
from ..games import load_game
from ..match import Match
from ..players import make_bot
from ..present import Seen, Step, replay_steps, round_title
from ..session import BotTurn, Session, Who
from .frames import (
    Act,
    ErrorCode,
    ErrorFrame,
    Frame,
    Model,
    Ready,
    Rematch,
    RoundInfo,
    SeatInfo,
    Sheet,
    StateFrame,
    Sync,
    TableInfo,
    sheet_round,
)
from .model import Names, TableModels, seat_names
from .seats import Seat, TableError, digest, engine_bot_kind, new_secret, person_name, proves, read_body
from .store import Event, TableRow

ID_BYTES: Final = 9
"""A table id is this many random bytes, URL-safe (12 characters)."""
STAND_IN_KIND: Final = "heuristic"
"""The bot that plays an absent human's seat."""
REPLAYS_KEPT: Final = 8
"""The replays of finished rounds a table keeps (per round and language), the oldest dropped first."""
SHOWN_BEFORE_DEAL: Final = 1.0
"""Seconds a commitment is shown at least before its round is dealt."""


class Verified(TypedDict):
    """`troef verify`'s check of one round: whether it verifies, and what it says."""

    ok: bool
    message: str


class RoundReplay(TypedDict):
    """``GET /api/tables/{id}/rounds/{k}``."""

    round: int
    title: str
    verify: Verified
    steps: list[Step]


@dataclass(frozen=True)
class Outcome:
    """What a command gave: ``events`` to store durably, then `Table.apply`, then send every receiver
    its `Table.frame`; ``reply`` for the sender alone (an error, or its state when nothing changed)."""

    events: tuple[Event, ...] = ()
    reply: Frame | None = None


@dataclass(frozen=True)
class Created:
    """A new table, its row to store, and ``answer``, the `POST /api/tables` answer (tokens, invite)."""

    table: Table
    row: TableRow
    answer: dict[str, Any]


@dataclass(frozen=True)
class Joined:
    """A seat taken by `Table.join`: its number, its token (shown once) and the event to store."""

    seat: int
    token: str
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Seated:
    """The answer to `Table.hello`: the seat (None: a spectator) and the frame for the sender, its state
    or the error ``bad-token``."""

    seat: int | None
    reply: Frame

    @property
    def ok(self) -> bool:
        return self.reply["type"] == "state"


class Table:
    """A table rebuilt from its row; `apply` its events to bring it to their version."""

    def __init__(self, row: TableRow) -> None:
        settings = row.settings
        self.row = row
        self.id = row.id
        self.game = load_game(row.game, row.rules, row.players)
        self.seats = [Seat.from_settings(seat) for seat in settings["seats"]]
        self.ready_limit: float = settings["ready_limit"]
        self.away_limit: float = settings["away_limit"]
        names = [seat.shown_name or f"seat {k}" for k, seat in enumerate(self.seats)]
        match = Match(
            self.game, names, seed=0, first_dealer=settings["first_dealer"], rounds=settings["rounds"]
        )
        bots = {
            k: make_bot(self.game.name, engine_bot_kind(seat.bot), settings["bot_seed"] + k)
            for k, seat in enumerate(self.seats)
            if seat.kind == "bot" and seat.bot is not None
        }
        self.session = Session(match, bots)
        self.version = 0
        n = self.game.players
        self.fairs = [FairDeal(self.id, 0, [""] * n, bytes.fromhex(settings["server_seed"]))]
        """The fair deal of every round dealt, and of the next round to deal."""
        self.ready_seats: set[int] = set()
        """The seats ready for the last round of `fairs`."""
        self.changed_at = row.created
        """When the last event happened (a turn to act began then)."""
        self.shown_at = row.created
        """When the last commitment was shown."""
        self.full_at = row.created
        """When the last open seat was taken."""
        self.applied: dict[tuple[int, int], str] = {}
        """(seat, version it was made on) -> the action applied: what makes a resent act harmless."""
        self.stand_in_moves: list[list[tuple[int, int]]] = []
        """Per round dealt: (action index, seat) of each move a stand-in bot made."""
        self.connections: Counter[int] = Counter()
        """Open connections per seat (not stored: clients say hello again after a restart)."""
        self.elsewhere: Counter[int] = Counter()
        """Open connections per seat to the other server processes at this table (`troef.web.bus`)."""
        self.left_at: dict[int, float] = {}
        """When each seat's last connection closed."""
        self._info: tuple[tuple[object, ...], TableInfo] | None = None
        self.listed: bool = settings.get("listed", False)
        """Whether the table is listed in the lobby (`GET /api/tables`), its invite shown there."""
        self.rematch: Rematch | None = None
        """The rematch's table and invite, once a seat asked for one."""
        self.models = TableModels(self.game, self.session)
        self._verified: tuple[int, dict[int, Verified] | str] | None = None
        self._replays: dict[tuple[int, str], RoundReplay] = {}

    # ------------------------------------------------------------------------------- making one

    @classmethod
    def create(cls, body: object, now: float) -> Created:
        """A new table from a `POST /api/tables` body (a `TableError` 400 naming what is wrong): fresh
        tokens for its human seats and an invite code, stored as hashes only; round 0's server seed."""
        spec = read_body(body)
        table_id = secrets.token_urlsafe(ID_BYTES)
        tokens = {k: new_secret() for k, seat in enumerate(spec.seats) if seat.kind == "human"}
        seats = [
            replace(seat, token=digest(tokens[k])) if k in tokens else seat
            for k, seat in enumerate(spec.seats)
        ]
        invite = new_secret()
        settings = {
            "rounds": spec.rounds,
            "seats": [seat.settings() for seat in seats],
            "invite": digest(invite),
            "ready_limit": spec.ready_limit,
            "away_limit": spec.away_limit,
            "first_dealer": secrets.randbelow(spec.game.players),
            "bot_seed": secrets.randbits(32),
            "server_seed": secrets.token_bytes(SERVER_SEED_BYTES).hex(),
            "listed": spec.listed,
        }
        if spec.listed:
            settings["invite_code"] = invite  # a listed table's invite is public: anyone may join
        game = spec.game
        row = TableRow(table_id, game.name, game.rules.notation(), game.players, settings, now)
        answer = {
            "table": table_id,
            "seats": [{"seat": k, "token": token} for k, token in tokens.items()],
            "invite": f"/join/{table_id}/{invite}",
            "watch": f"/tables/{table_id}",
        }
        return Created(cls(row), row, answer)

    @classmethod
    def replay(cls, row: TableRow, events: Iterable[Event]) -> Table:
        """The table as its stored row and events leave it."""
        table = cls(row)
        table.apply(events)
        return table

    # ------------------------------------------------------------------------------- the table now

    @property
    def open_seats(self) -> list[int]:
        return [k for k, seat in enumerate(self.seats) if seat.kind == "open"]

    @property
    def status(self) -> Literal["waiting", "playing", "over"]:
        """``waiting`` (a seat is open), ``playing`` or ``over``."""
        return "over" if self.session.is_over else "waiting" if self.open_seats else "playing"

    def connected(self, seat: int) -> bool:
        """Whether ``seat`` is present: a bot, or a human with a connection."""
        return self.seats[seat].kind == "bot" or self.connections[seat] + self.elsewhere[seat] > 0

    def present_elsewhere(self, connections: Counter[int], stand_ins: set[int], *, now: float) -> bool:
        """The other server processes' connections per seat (``connections``) and the seats their
        leader lets a stand-in play (``stand_ins``) are now these; a seat left when its last connection
        anywhere closed, and no stand-in plays for a seat connected anywhere. Answers whether anything
        shown changed."""
        was = [self.connected(k) for k in range(len(self.seats))]
        standing = set(self.session.stand_ins)
        self.elsewhere = connections
        for seat, then in enumerate(was):
            if then and not self.connected(seat):
                self.left_at[seat] = now
            if self._human(seat) and (seat in stand_ins) != (seat in self.session.stand_ins):
                self.stand_in(seat, seat in stand_ins and not self.connected(seat))
            elif seat in self.session.stand_ins and self.connected(seat):
                self.stand_in(seat, False)
        now_connected = [self.connected(k) for k in range(len(self.seats))]
        return now_connected != was or set(self.session.stand_ins) != standing

    def info(self) -> TableInfo:
        """The public table info (``GET /api/tables/{id}``); the same object until the version, a
        connected flag or a stand-in changes (every receiver's frame shares it: do not change it)."""
        presence = tuple(self.connected(k) for k in range(len(self.seats)))
        key = (self.version, presence, tuple(sorted(self.session.stand_ins)))
        if self._info is None or self._info[0] != key:
            self._info = key, self._new_info()
        return self._info[1]

    def _new_info(self) -> TableInfo:
        seats: list[SeatInfo] = [
            {
                "seat": k,
                "kind": seat.kind,
                "name": seat.shown_name,
                "bot": seat.bot,
                "connected": self.connected(k),
                "stand_in": k in self.session.stand_ins,
            }
            for k, seat in enumerate(self.seats)
        ]
        return {
            "id": self.id,
            "game": self.game.name,
            "rules": self.game.rules.notation(),
            "players": self.game.players,
            "rounds": self.session.match.rounds,
            "seats": seats,
            "status": self.status,
            "version": self.version,
            "sheet": self.sheet(),
            "round": self.round_info(),
            "ready_limit": self.ready_limit,
            "away_limit": self.away_limit,
            **({"rematch": self.rematch} if self.rematch is not None else {}),  # type: ignore[typeddict-item]
        }

    def round_info(self) -> RoundInfo | None:
        """The round in play, or the next round to deal; None once the match is over."""
        if self.session.is_over:
            return None
        fair = self.fairs[-1]
        return {
            "index": fair.index,
            "dealt": fair.dealt,
            "commitment": fair.commitment,
            "ready": sorted(self.ready_seats),
        }

    def sheet(self) -> Sheet:
        """The score sheet of the finished rounds, as everyone may see it."""
        match = self.session.match
        sheet: Sheet = {
            "rounds": [
                sheet_round(
                    self.game.name,
                    row,
                    row.index >= match.rounds,
                    [seat for _, seat in self.stand_in_moves[row.index]],
                )
                for row in match.sheet
            ],
            "totals": list(match.totals),
            "winners": match.leaders() if match.is_over else [],
        }
        money = match.money()
        if money is not None:
            sheet["money"], sheet["pot"] = list(money.players), money.pot
        return sheet

    def frame(self, seat: int | None, lang: str | None = None) -> StateFrame:
        """The state frame for ``seat`` (None: a spectator): its own view only, and the public `info`;
        with ``lang`` also the presentation layer's `model` in that language."""
        view = self.session.view(seat)
        info = self.info()
        frame: StateFrame = {
            "type": "state",
            "version": self.version,
            "seat": seat,
            "table": info,
            "view": view,
            "legal_actions": list(view["legal_actions"]) if view is not None else [],
            "sheet": info["sheet"],
        }
        if lang is not None:
            frame["model"] = self.model(seat, lang)
        return frame

    def model(self, seat: int | None, lang: str) -> Model:
        """What ``seat`` (None: a spectator) sees, as the presentation layer shows it in ``lang``: built
        once per version (do not change it)."""
        return self.models.model(seat, lang, self.version, self.names())

    def names(self) -> Names:
        """Per seat the person's name and the bot kind (None where there is none)."""
        return seat_names([(seat.kind, seat.name, seat.bot) for seat in self.seats])

    def listing(self) -> dict[str, Any]:
        """The table as the lobby lists it (`GET /api/tables`), with its invite link."""
        info = self.info()
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "rules": info["rules"],
            "players": info["players"],
            "rounds": info["rounds"],
            "status": info["status"],
            "seats": info["seats"],
            "open": len(self.open_seats),
            "invite": f"/join/{self.id}/{self.row.settings.get('invite_code', '')}",
            "watch": f"/tables/{self.id}",
        }

    def round_replay(self, index: int, lang: str) -> RoundReplay:
        """``GET /api/tables/{id}/rounds/{k}``: finished round ``index`` step by step, every hand face up
        (its deal is public now), told in ``lang``, with `troef verify`'s check of it; a `TableError` 404
        for a round not finished."""
        match = self.session.match
        if not 0 <= index < len(match.sheet):
            raise TableError(404, f"round {index} of table {self.id} is not finished")
        found = self._replays.get((index, lang))
        if found is None:
            found = self._replays[index, lang] = self._round_replay(index, lang)
            while len(self._replays) > REPLAYS_KEPT:
                del self._replays[next(iter(self._replays))]
        return found

    def _round_replay(self, index: int, lang: str) -> RoundReplay:
        match = self.session.match
        record = match.records[index]
        seen = Seen(self.game, None, lang, *self.names())
        start = self.game.from_record(record)
        return {
            "round": index,
            "title": round_title(seen.w, index, match.rounds),
            "verify": self.verified(index),
            "steps": replay_steps(self.models.presenter, seen, start, record["actions"]),
        }

    def verified(self, index: int) -> Verified:
        """`troef verify`'s check of finished round ``index`` (`troef.fair.verify` of the table's record,
        checked once per finished round)."""
        finished = len(self.session.match.sheet)
        if self._verified is None or self._verified[0] != finished:
            record = json.loads(json.dumps(self.record()))
            try:
                checks: dict[int, Verified] | str = {
                    check.index: {"ok": check.problem is None, "message": str(check)}
                    for check in verify(record).rounds
                }
            except RecordError as e:
                checks = f"the record does not verify: {e}"
            self._verified = finished, checks
        checks = self._verified[1]
        if isinstance(checks, str):
            return {"ok": False, "message": checks}
        return checks.get(index) or {
            "ok": False,
            "message": f"round {index}: not checked (an earlier round's play does not replay)",
        }

    def error(self, code: ErrorCode, message: str) -> ErrorFrame:
        """An error frame for the sender alone, at the current version."""
        return {"type": "error", "code": code, "message": message, "version": self.version}

    def record(self) -> dict[str, Any] | None:
        """The ``troef-match/1`` record of the finished rounds, each with its ``fair`` object and, where a
        stand-in bot played, ``stand_in`` (the indices of its actions); None while no round is finished."""
        match = self.session.match
        if not match.sheet:
            return None
        record = fair_match_record(match, self.fairs)
        for k, rnd in enumerate(record["rounds"]):
            moves = [index for index, _ in self.stand_in_moves[k]]
            if moves:
                rnd["stand_in"] = moves
        return record

    # ------------------------------------------------------------------------------- people

    def join(self, name: object, invite: object, seat: object = None, *, now: float) -> Joined:
        """Take an open seat (``seat``, else the first open one) with the table's invite code; a
        `TableError`: 400 for a bad name or no such seat, 403 for a wrong invite, 409 when the seat is
        taken or none is open."""
        name = person_name(name)
        if not isinstance(invite, str):
            raise TableError(400, "invite is the table's invite code, a string")
        n = self.game.players
        if seat is not None and (type(seat) is not int or not 0 <= seat < n):
            raise TableError(400, f"there is no seat {str(seat)[:20]!r}: seats are 0 to {n - 1}")
        if not proves(invite, self.row.settings["invite"]):
            raise TableError(403, "that is not this table's invite code")
        open_seats = self.open_seats
        if not open_seats:
            raise TableError(409, "no seat is open at this table")
        if seat is None:
            seat = open_seats[0]
        elif seat not in open_seats:
            raise TableError(409, f"seat {seat} is taken")
        token = new_secret()
        data = {"seat": seat, "name": name, "token": digest(token), "at": now}
        return Joined(seat, token, (Event(self.version + 1, "seat", data),))

    def hello(self, token: str | None, lang: str | None = None) -> Seated:
        """A connection sits as the seat whose token this is (None: it watches as a spectator) and counts
        as that seat's until `disconnect` (the caller then sends everyone their frame again: the seat is
        connected); ``bad-token`` for a token of no seat here, and nothing changes."""
        if token is None:
            return Seated(None, self.frame(None, lang))
        matches = [k for k, seat in enumerate(self.seats) if proves(token, seat.token)]
        if not matches:
            return Seated(None, self.error("bad-token", "no seat of this table has that token"))
        seat = matches[0]
        self.connections[seat] += 1
        self.session.stand_in(seat, None)  # back: no stand-in plays for them any more
        return Seated(seat, self.frame(seat, lang))

    def disconnect(self, seat: int | None, *, now: float) -> None:
        """A connection of ``seat`` (None: a spectator's) closed at ``now``."""
        if seat is not None and self.connections[seat] > 0:
            self.connections[seat] -= 1
            if not self.connections[seat]:
                self.left_at[seat] = now

    def receive(
        self, seat: int | None, frame: Act | Ready | Sync, *, now: float, lang: str | None = None
    ) -> Outcome:
        """A client frame after its connection's `hello` (see `troef.web.frames.read_frame`) from ``seat``
        (None: a spectator) whose connection speaks ``lang`` (None: it gets no model)."""
        if isinstance(frame, Act):
            return self.act(seat, frame.action, frame.version, now=now, lang=lang)
        if isinstance(frame, Ready):
            return self.ready(seat, frame.seed, now=now, lang=lang)
        return Outcome(reply=self.frame(seat, lang))

    def act(
        self, seat: int | None, action: str, version: int, *, now: float, lang: str | None = None
    ) -> Outcome:
        """``seat`` takes ``action``, made on ``version``: checked in server.md's order (``not-seated``
        for a spectator or a seat no person holds;
        a resend of an applied act answers the current state; ``stale``; ``not-your-turn``;
        ``illegal``, saying why and what is legal)."""
        if seat is None or not self._human(seat):
            return Outcome(reply=self.error("not-seated", f"{_who(seat)} cannot act"))
        applied = self.applied.get((seat, version))
        if applied is not None and applied == _canonical(action):
            return Outcome(reply=self.frame(seat, lang))
        if version != self.version:
            return Outcome(
                reply=self.error("stale", f"the table is at version {self.version}, not {version}")
            )
        state = self.session.match.dealt
        if state is None:
            waits = "the match is over" if self.session.is_over else "no round is in play"
            return Outcome(reply=self.error("not-your-turn", f"{waits}: nobody is to act"))
        if state.current_player != seat:
            message = f"it is seat {state.current_player}'s turn, not seat {seat}'s"
            return Outcome(reply=self.error("not-your-turn", message))
        return self._proposed_act(state, seat, action, Who.HUMAN, now)

    def ready(self, seat: int | None, seed: str | None, *, now: float, lang: str | None = None) -> Outcome:
        """``seat`` is ready for the next round to be dealt, with its client seed (1 to 64 hex digits) or
        none; a second ``ready`` for the round changes nothing."""
        if seat is None or not self._human(seat):
            return Outcome(reply=self.error("not-seated", f"{_who(seat)} sends no ready"))
        if self.session.is_over:
            return Outcome(reply=self.error("bad-message", "the match is over: no round is to be dealt"))
        fair = self.fairs[-1]
        if fair.dealt:
            message = f"round {fair.index} is dealt already: ready counts before a round is dealt"
            return Outcome(reply=self.error("bad-message", message))
        try:
            stored = "" if seed is None else client_seed(seed)
        except SeedError as e:
            return Outcome(reply=self.error("bad-message", str(e)))
        if seat in self.ready_seats:
            return Outcome(reply=self.frame(seat, lang))
        data = {"seat": seat, "round": fair.index, "seed": stored, "at": now}
        return Outcome((Event(self.version + 1, "ready", data),))

    # ------------------------------------------------------------------------------- a rematch

    def rematch_body(self, token: object) -> tuple[int, dict[str, Any]]:
        """For the seat whose token this is, the `POST /api/tables` body of the rematch: the same game,
        rules, players, rounds, bots, limits and listing, that seat a human of its name, the other humans'
        seats open; a `TableError` 403 for a token of no seat here, 409 before the match is over."""
        seats = [k for k, seat in enumerate(self.seats) if proves(token, seat.token)]
        if not seats:
            raise TableError(403, "no seat of this table has that token")
        if self.status != "over":
            raise TableError(409, "a rematch is asked for once the match is over")
        caller = seats[0]
        new_seats: list[dict[str, Any]] = [
            {"kind": "human", "name": seat.name}
            if k == caller
            else {"kind": "bot", "bot": seat.bot}
            if seat.kind == "bot"
            else {"kind": "open"}
            for k, seat in enumerate(self.seats)
        ]
        body = {
            "game": self.game.name,
            "rules": self.game.rules.notation(),
            "players": self.game.players,
            "rounds": self.session.match.rounds,
            "seats": new_seats,
            "ready_limit": self.ready_limit,
            "away_limit": self.away_limit,
            "listed": self.listed,
        }
        return caller, body

    def rematch_made(self, table: str, invite: str, *, now: float) -> tuple[Event, ...]:
        """The event that tells this table's rematch (a new table ``table`` with invite link ``invite``)."""
        return (Event(self.version + 1, "rematch", {"table": table, "invite": invite, "at": now}),)

    # ------------------------------------------------------------------------------- the caller's timers

    def deal_due(self, now: float) -> bool:
        """Whether the next round is to be dealt at ``now``: every seat taken, and either every connected
        human ready with the commitment shown for `SHOWN_BEFORE_DEAL`, or the ready limit run out (from
        when the commitment was shown and the last seat taken)."""
        if self.session.in_play or self.session.is_over or self.open_seats:
            return False
        if now - max(self.shown_at, self.full_at) >= self.ready_limit:
            return True
        waiting = [
            k
            for k, seat in enumerate(self.seats)
            if seat.kind == "human" and self.connected(k) and k not in self.ready_seats
        ]
        return not waiting and now - self.shown_at >= SHOWN_BEFORE_DEAL

    def deal(self, *, now: float) -> Outcome:
        """Deal the next round from its fair seed (when `deal_due` says so); a `TableError` (409) while a
        seat is open, a round is in play or the match is over."""
        if self.session.is_over:
            raise TableError(409, "the match is over")
        if self.session.in_play:
            raise TableError(409, "a round is in play")
        if self.open_seats:
            raise TableError(409, "a seat is open: the table waits for players")
        return Outcome((Event(self.version + 1, "deal", {"round": self.fairs[-1].index, "at": now}),))

    def bot_turn(self) -> BotTurn | None:
        """The turn of the bot (or stand-in) to act now, for the caller to compute off its event loop
        (``turn.bot.act(turn.view)``: the seat's own view only) and hand to `bot_act`; None when none is."""
        return self.session.bot_turn()

    def bot_act(self, turn: BotTurn, action: str, *, now: float) -> Outcome:
        """The bot's answer to ``turn``; ``stale`` when the table has moved on since, ``illegal`` when it
        is not legal."""
        current = self.session.bot_turn()
        state = self.session.match.dealt
        if current is None or state is None or _moment(current) != _moment(turn):
            return Outcome(reply=self.error("stale", f"seat {turn.seat}'s bot answered a turn that is past"))
        return self._proposed_act(state, turn.seat, action, turn.who, now)

    def stand_in_due(self, now: float) -> int | None:
        """The human seat to act that is away (no connection) since its turn began, or since it left,
        for `away_limit` at ``now`` and has no stand-in yet; None when there is none."""
        seat = self.session.turn
        if seat is None or not self._human(seat) or self.connected(seat) or seat in self.session.stand_ins:
            return None
        away = max(self.changed_at, self.left_at.get(seat, self.changed_at))
        return seat if now - away >= self.away_limit else None

    def stand_in(self, seat: int, on: bool) -> None:
        """Let a stand-in bot play the human seat ``seat`` (its moves marked on the sheet and in the record)
        until the human says hello again or this is called with ``on`` False.  The caller decides when
        (`stand_in_due`), lets it move through `bot_turn`, and sends everyone their frame again."""
        if not self._human(seat):
            raise TableError(400, f"seat {seat} is not a human's seat: it takes no stand-in")
        bot = make_bot(self.game.name, STAND_IN_KIND, self.row.settings["bot_seed"] + seat) if on else None
        self.session.stand_in(seat, bot)

    # ------------------------------------------------------------------------------- events

    def apply(self, events: Iterable[Event]) -> None:
        """Bring the table to the version of ``events`` (stored ones, in order, from the next version on);
        a `TableError` (409) for an event that does not follow."""
        for event in events:
            if event.version != self.version + 1:
                raise TableError(409, f"event {event.version} does not follow version {self.version}")
            apply = self._appliers.get(event.kind)
            if apply is None:
                raise TableError(409, f"unknown event kind {event.kind!r}")
            apply(self, event)
            self.version = event.version
            self.changed_at = event.data["at"]

    def _seat_taken(self, event: Event) -> None:
        data = event.data
        seat: int = data["seat"]
        self.seats[seat] = Seat("human", name=data["name"], token=data["token"])
        self.session.match.names[seat] = data["name"]
        if not self.open_seats:
            self.full_at = data["at"]

    def _ready(self, event: Event) -> None:
        data = event.data
        fair = self.fairs[-1]
        if data["round"] != fair.index:
            raise TableError(409, f"a ready for round {data['round']}, but round {fair.index} is next")
        if data["seed"]:
            fair.add_client_seed(data["seat"], data["seed"])
        self.ready_seats.add(data["seat"])

    def _dealt(self, event: Event) -> None:
        fair = self.fairs[-1]
        if event.data["round"] != fair.index:
            raise TableError(409, f"a deal of round {event.data['round']}, but round {fair.index} is next")
        self.session.deal(fair.seal(self.session.match))
        self.stand_in_moves.append([])

    def _acted(self, event: Event) -> None:
        data = event.data
        seat: int = data["seat"]
        action: str = data["action"]
        who = Who(data["who"])
        state = self.session.match.dealt
        if state is None:
            raise TableError(409, f"an action at version {event.version}, but no round is in play")
        index = len(state.actions)
        if who is Who.BOT:
            turn = self.session.bot_turn()
            if turn is None or turn.seat != seat:
                raise TableError(409, f"a bot's action at version {event.version}, but no bot is to act")
            self.session.bot_act(turn, action)
        else:
            self.session.act(seat, action)
        if who is Who.STAND_IN:
            self.stand_in_moves[-1].append((index, seat))
        self.applied[(seat, event.version - 1)] = action
        if not self.session.in_play:
            self.shown_at = data["at"]
            if not self.session.is_over:
                n = self.game.players
                index = len(self.session.match.sheet)
                self.fairs.append(FairDeal(self.id, index, [""] * n, bytes.fromhex(data["next_seed"])))
                self.ready_seats = set()

    def _rematched(self, event: Event) -> None:
        if self.rematch is not None:
            raise TableError(409, f"a second rematch at version {event.version}")
        self.rematch = {"table": event.data["table"], "invite": event.data["invite"]}

    _appliers: Final = {
        "seat": _seat_taken,
        "ready": _ready,
        "deal": _dealt,
        "act": _acted,
        "rematch": _rematched,
    }

    # ------------------------------------------------------------------------------- inside

    def _human(self, seat: int) -> bool:
        """Whether ``seat`` is a seat a person holds."""
        return 0 <= seat < len(self.seats) and self.seats[seat].kind == "human"

    def _proposed_act(self, state: State, seat: int, action: str, who: Who, now: float) -> Outcome:
        """The event of ``seat`` taking ``action`` in ``state`` (tried on a copy), or ``illegal``."""
        trial = state.clone()
        try:
            trial.apply(action)
        except IllegalAction as e:
            return Outcome(reply=self.error("illegal", str(e)))
        data: dict[str, Any] = {"seat": seat, "action": trial.actions[-1].text, "who": who.value, "at": now}
        if trial.is_over:
            data["next_seed"] = secrets.token_bytes(SERVER_SEED_BYTES).hex()
        return Outcome((Event(self.version + 1, "act", data),))


def _moment(turn: BotTurn) -> tuple[int, int, int, Who]:
    """Which turn a bot's turn is: its seat, round, step and who plays it."""
    return turn.seat, turn.round, turn.step, turn.who


def _who(seat: int | None) -> str:
    return "a spectator" if seat is None else f"seat {seat}, not a person's seat,"


def _canonical(action: str) -> str | None:
    """An action's canonical text, or None for text that is not an action."""
    try:
        return parse_action(action).text
    except TroefError:
        return None
