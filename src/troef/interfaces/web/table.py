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
answers `bot_turn`.  The info shows those timers (`timers`) and whether the table is `paused`, waiting
for people to come back (its creator's choice ``absent``, or every human away for a whole round).

Events (``data`` always has ``at``, the time passed in):

- ``seat`` ``{seat, name, token}``: a person took an open seat (``token``: its token's SHA-256);
- ``ready`` ``{seat, round, seed}``: a seat is ready for round ``round``, with its client seed or ``""``;
- ``deal`` ``{round}``: round ``round`` was dealt from its fair seed;
- ``act`` ``{seat, action, who, forced?, next_seed?}``: an action taken for a seat by ``who`` (human,
  bot, stand-in; ``forced``: a human seat's only legal action, played for it by the server); the action
  that ends a round carries the next round's secret server seed (unused when the match is over);
- ``rematch`` ``{table}``: once the match is over, a seat asked for a rematch: the new table (shown in
  the table info from then on; its invite went to the asking seat alone, and is not stored here);
- ``expire`` ``{}``: the table waited too long for its open seats (`Table.expire_due`): it is over.

A receiver that gave a ``lang`` gets the presentation layer's ``model`` in its state frames
(`troef.interfaces.web.model`).

Besides the events, two things a table does are never stored: its chat (`chat`, told to everyone as an
Outcome's ``told``; the last messages kept in `Table.talk`), and hints (`hint`: the ``normal`` bot's
choice for a seat from its own view, which the caller computes off its event loop from the Outcome's
``think`` and hands to `hinted`).
"""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any, Final, Literal

from ...core.actions import parse_action
from ...core.errors import IllegalAction, TroefError
from ...core.game import State
from ...core.match import Match
from ...games import load_game
from ...games.fair import SERVER_SEED_BYTES, FairDeal, SeedError, client_seed
from ...players import make_bot
from ...present import LANGUAGES
from ...present.answers import NotAChoice, read_answer
from ...session import BotTurn, Session, Who
from .frames import (
    Act,
    Answer,
    Chat,
    ChatFrame,
    ErrorCode,
    ErrorFrame,
    Frame,
    Hint,
    HintFrame,
    Ready,
    Rematch,
    Sync,
    Talk,
    Timer,
)
from .model import TableModels
from .pace import PACED, Bucket
from .reads import ReadsKept, TableReads
from .seats import (
    Absent,
    Invalid,
    NotAllowed,
    NotNow,
    Seat,
    digest,
    engine_bot_kind,
    name_key,
    new_secret,
    person_name,
    proves,
    read_body,
)
from .store import Event, TableRow
from .talk import RATE, WINDOW, TableTalk
from .text import repaired

ID_BYTES: Final = 9
"""A table id is this many random bytes, URL-safe (12 characters)."""
STAND_IN_KIND: Final = "heuristic"
"""The bot that plays an absent human's seat."""
SHOWN_BEFORE_DEAL: Final = 1.0
"""Seconds a commitment is shown at least before its round is dealt."""
SEALED: Final = "a duplicate session's tables are watched by their own players until the session is over"
"""Why a sealed table (`troef.interfaces.web.events.Events.sealed`) refuses a spectator."""
HINT_LEVEL: Final = "normal"
"""The bot level whose choice a hint shows."""


@dataclass(frozen=True)
class Outcome:
    """What a command gave: ``events`` to store durably, then `Table.apply`, then send every receiver
    its `Table.frame`; ``reply`` for the sender alone (an error, or its state when nothing changed)."""

    events: tuple[Event, ...] = ()
    reply: Frame | None = None
    told: ChatFrame | None = None
    """A chat message for every receiver at the table (kept in `Table.talk` already, never stored)."""
    think: Thinking | None = None
    """A hint to compute off the event loop (the sender's seat's own view), answered by `Table.hinted`."""


@dataclass(frozen=True)
class Thinking:
    """A hint asked for: the seat, the version of its turn, its own view and the bot's seed there."""

    seat: int
    version: int
    view: dict[str, Any]
    seed: int


@dataclass(frozen=True)
class Created:
    """A new table, its row to store, the token of each human seat and the invite code: shown once, to
    its creator alone (stored as hashes only)."""

    table: Table
    row: TableRow
    tokens: dict[int, str]
    invite: str


@dataclass(frozen=True)
class Seating:
    """How an event seats a table of one of its sessions (`troef.interfaces.web.events`): the seats'
    accounts and tokens (the event derives them), the first dealer, and for a duplicate session the
    server seed of every round, shared by its tables (dealt under the session's ``deal_key``, without
    client seeds: clubs.md, Events)."""

    event: dict[str, Any]
    """``{"event", "name", "session"}``, shown in the table's info."""
    accounts: dict[int, str]
    tokens: dict[int, str]
    first_dealer: int
    deal_key: str | None = None
    shared_seeds: tuple[str, ...] = ()


@dataclass(frozen=True)
class Joined:
    """A seat taken by `Table.join`: its number, its token (shown once) and the event to store."""

    seat: int
    token: str
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Seated:
    """The answer to `Table.hello`: the seat (None: a spectator) and the frame for the sender, its state
    or the error ``bad-token`` or ``too-many``."""

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
        self.absent: Absent = settings.get("absent", "stand-in")
        """What happens to an away human: a stand-in bot plays for them, or the table pauses."""
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
        self.deal_key: str = settings.get("deal_key", self.id)
        """What the fair deals' seeds name in the table id's place (a duplicate session's: shared deals)."""
        self.shared_seeds: list[str] = settings.get("shared_seeds", [])
        """The server seed of every round, where the deals are shared (then no client seed is taken)."""
        self.event: dict[str, Any] | None = settings.get("event")
        """The event this table belongs to: ``{"event", "name", "session"}``, or None."""
        self.fairs = [FairDeal(self.deal_key, 0, [""] * n, bytes.fromhex(settings["server_seed"]))]
        """The fair deal of every round dealt, and of the next round to deal."""
        self.ready_seats: set[int] = set()
        """The seats ready for the last round of `fairs`."""
        self.changed_at = row.created
        """When the last event happened (a turn to act began then)."""
        self.shown_at = row.created
        """When the last commitment was shown."""
        self.full_at = row.created
        """When the last open seat was taken."""
        self.resumed_at = row.created
        """When the table last came back from a pause (the ready limit counts from then too)."""
        self.human_moved = True
        """Whether a human made a move of their own (not a forced one) in the round in play or, between
        rounds, the last one (True before the first deal)."""
        self._acts: list[str | None] = [None]
        """Per version, the action its event applied (None: no action), what makes a resent act harmless:
        the engine's own text, shared by every act of that action (a table keeps one slot a version)."""
        self._actors = bytearray(b"\xff")
        """Per version, the seat whose action its event applied (255: none)."""
        self.stand_in_moves: list[list[tuple[int, int]]] = []
        """Per round dealt: (action index, seat) of each move a stand-in bot made."""
        self.connections: Counter[int] = Counter()
        """Open connections per seat (not stored: clients say hello again after a restart)."""
        self.elsewhere: Counter[int] = Counter()
        """Open connections per seat to the other server processes at this table
        (`troef.interfaces.web.bus`)."""
        self.left_at: dict[int, float] = {}
        """When each seat's last connection closed."""
        self.listed: bool = settings.get("listed", False)
        """Whether the table is listed in the lobby (`GET /api/tables`), its invite shown there."""
        self.rematch: Rematch | None = None
        """The rematch's table, once a seat asked for one."""
        self.expired = False
        """Whether the table expired waiting for players (`expire_due`): it is over, and never played."""
        self.hints: bool = settings.get("hints", False)
        """Whether a seat may ask for the ``normal`` bot's choice (`hint`)."""
        self.competitive: bool = settings.get("competitive", False)
        """A competitive table (never with hints)."""
        self.rated: bool = settings.get("rated", False)
        """Whether its creator asked for the match to be rated (clubs.md, Ratings)."""
        self.hint_asked: dict[int, tuple[int, str | None]] = {}
        """Per seat, the version of its last hint and the hint (None while it is computed)."""
        self.table_talk = TableTalk()
        """The chat's last messages and each seat's pace (not stored)."""
        self.paces: dict[int, Bucket] = {}
        """Each seat's pace of frames over all its connections (`pace`)."""
        self._kept = ReadsKept(TableModels(self.game, self.session, self.stand_in_moves))
        """What the table's reads keep (`reads`)."""

    @property
    def reads(self) -> TableReads:
        """What everyone may see of the table (its read model)."""
        return TableReads(self, self._kept)

    # ------------------------------------------------------------------------------- making one

    @classmethod
    def create(
        cls,
        body: object,
        now: float,
        account: str | None = None,
        *,
        table_id: str | None = None,
        seating: Seating | None = None,
    ) -> Created:
        """A new table from a `POST /api/tables` body (a `TableError` 400 naming what is wrong): fresh
        tokens for its human seats and an invite code, stored as hashes only; round 0's server seed.
        The creator's ``account`` (a name's key, if signed in) owns the first human seat of its name;
        an event's table is seated as its ``seating`` says."""
        spec = read_body(body)
        table_id = table_id or secrets.token_urlsafe(ID_BYTES)
        tokens = {k: new_secret() for k, seat in enumerate(spec.seats) if seat.kind == "human"}
        if seating is not None:
            tokens = {k: seating.tokens[k] for k in tokens}
        seats = [
            replace(seat, token=digest(tokens[k])) if k in tokens else seat
            for k, seat in enumerate(spec.seats)
        ]
        mine = next((k for k in tokens if name_key(seats[k].name or "") == account), None)
        if mine is not None:
            seats[mine] = replace(seats[mine], account=account)
        for k, owner in (seating.accounts if seating is not None else {}).items():
            seats[k] = replace(seats[k], account=owner)
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
            "absent": spec.absent,
            "hints": spec.hints,
            "competitive": spec.competitive,
            "rated": spec.rated,
        }
        if spec.listed:
            settings["invite_code"] = invite  # a listed table's invite is public: anyone may join
        if seating is not None:
            settings.update(event=seating.event, first_dealer=seating.first_dealer)
            if seating.deal_key is not None:
                settings.update(deal_key=seating.deal_key, shared_seeds=list(seating.shared_seeds))
                settings["server_seed"] = seating.shared_seeds[0]
        game = spec.game
        row = TableRow(table_id, game.name, game.rules.notation(), game.players, settings, now)
        return Created(cls(row), row, tokens, invite)

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
        """``waiting`` (a seat is open), ``playing`` or ``over`` (its match, or it `expired`)."""
        if self.session.is_over or self.expired:
            return "over"
        return "waiting" if self.open_seats else "playing"

    @property
    def bots_only(self) -> bool:
        """Whether bots alone play here: no seat is a person's, or open for one."""
        return all(seat.kind == "bot" for seat in self.seats)

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
        paused = self.paused()
        self.elsewhere = connections
        for seat, then in enumerate(was):
            if then and not self.connected(seat):
                self.left_at[seat] = now
            if self._human(seat) and (seat in stand_ins) != (seat in self.session.stand_ins):
                self.stand_in(seat, seat in stand_ins and not self.connected(seat))
            elif seat in self.session.stand_ins and self.connected(seat):
                self.stand_in(seat, False)
        self._resumed(paused, now)
        now_connected = [self.connected(k) for k in range(len(self.seats))]
        return now_connected != was or set(self.session.stand_ins) != standing

    def paused(self) -> list[int]:
        """The human seats the table waits for (empty while it runs): where its creator chose a pause, the
        away human to act, or between rounds every away human; otherwise, between rounds, every human seat
        once none is connected and none made a move of their own in the last round."""
        if self.event is not None or (
            self.absent == "stand-in" and (self.session.in_play or self.human_moved)
        ):
            return []  # (an event's table never pauses: its session must end)
        if self.session.is_over or self.open_seats:
            return []
        humans = [k for k in range(len(self.seats)) if self._human(k)]
        away = [k for k in humans if not self.connected(k)]
        if self.absent == "pause":
            return [k for k in away if k == self.session.turn] if self.session.in_play else away
        return humans if len(away) == len(humans) else []

    def timers(self, paused: list[int] | None = None) -> list[Timer]:
        """The timers running (none while `paused`, which the caller may pass): the next deal's ready
        limit, or a stand-in about to play for the away human to act."""
        seat = self.session.turn
        if self.session.in_play:  # first, and in this order: the ticker asks every table ten times a second
            if self.absent != "stand-in" or seat is None or self.connected(seat) or not self._human(seat):
                return []  # (a table that pauses for the away seat to act runs no timer)
            if seat in self.session.stand_ins:
                return []
        elif (self.paused() if paused is None else paused) or self.session.is_over or self.open_seats:
            return []
        else:
            return [{"timer": "deal", "seat": None, "at": self._ready_from() + self.ready_limit}]
        away = max(self.changed_at, self.left_at.get(seat, self.changed_at))
        return [{"timer": "stand-in", "seat": seat, "at": away + self.away_limit}]

    def error(self, code: ErrorCode, message: str) -> ErrorFrame:
        """An error frame for the sender alone, at the current version."""
        return {"type": "error", "code": code, "message": message, "version": self.version}

    # ------------------------------------------------------------------------------- people

    def join(
        self, name: object, invite: object, seat: object = None, *, now: float, account: str | None = None
    ) -> Joined:
        """Take an open seat (``seat``, else the first open one) with the table's invite code, for the
        ``account`` signed in if any; a `TableError`: 400 for a bad name or no such seat, 403 for a wrong
        invite, 409 when the seat is taken or none is open."""
        name = person_name(name)
        if not isinstance(invite, str):
            raise Invalid("invite is the table's invite code, a string")
        n = self.game.players
        if seat is not None and (type(seat) is not int or not 0 <= seat < n):
            raise Invalid(f"there is no seat {str(seat)[:20]!r}: seats are 0 to {n - 1}")
        if not proves(invite, self.row.settings["invite"]):
            raise NotAllowed("that is not this table's invite code")
        return self.seat_person(name, seat, now=now, account=account)

    def seat_person(self, name: str, seat: int | None, *, now: float, account: str | None = None) -> Joined:
        """Seat ``name`` (checked) at ``seat`` (else the first open seat): `join` once the invite is
        proved, or a player of the match this table is the rematch of, who proves their old seat's token
        there (`rematch_body`); a `TableError` 409 when the seat is taken or none is open."""
        if self.expired:
            raise NotNow("this table expired: nobody took its open seats in time")
        open_seats = self.open_seats
        if seat is None:
            if not open_seats:
                raise NotNow("no seat is open at this table")
            seat = open_seats[0]
        elif seat not in open_seats:
            raise NotNow(f"seat {seat} is taken")
        token = new_secret()
        data = {"seat": seat, "name": name, "token": digest(token), "at": now}
        if account is not None:
            data["account"] = account
        return Joined(seat, token, (Event(self.version + 1, "seat", data),))

    def pace(self, seat: int) -> Bucket:
        """The pace of ``seat``'s frames over all its connections (not stored)."""
        return self.paces.setdefault(seat, Bucket())

    def hello(
        self, token: str | None, lang: str | None = None, *, now: float, account: str | None = None
    ) -> Seated:
        """A connection sits at ``now`` as the seat whose token this is (None: the seat of the signed-in
        ``account``, else it watches as a spectator) and counts as that seat's until `disconnect` (the
        caller then sends everyone their frame again: the seat is connected, and plays itself again at
        once; a pause it ends lets the ready limit count from now); ``bad-token`` for a token of no seat
        here, ``too-many`` past the seat's pace (its hellos count on all its sockets together), and
        nothing changes."""
        if token is None:
            seat = next((k for k, s in enumerate(self.seats) if account and s.account == account), None)
            if seat is None:
                return Seated(None, self.reads.frame(None, lang))
        else:
            seat = next((k for k, s in enumerate(self.seats) if proves(token, s.token)), None)
        if seat is None:
            return Seated(None, self.error("bad-token", "no seat of this table has that token"))
        if not self.pace(seat).take(now):
            return Seated(None, self.error("too-many", PACED))
        paused = self.paused()
        self.connections[seat] += 1
        self.session.stand_in(seat, None)  # back: no stand-in plays for them any more
        self._resumed(paused, now)
        return Seated(seat, self.reads.frame(seat, lang))

    def disconnect(self, seat: int | None, *, now: float) -> None:
        """A connection of ``seat`` (None: a spectator's) closed at ``now``."""
        if seat is not None and self.connections[seat] > 0:
            self.connections[seat] -= 1
            if not self.connections[seat]:
                self.left_at[seat] = now

    def receive(
        self,
        seat: int | None,
        frame: Act | Answer | Ready | Sync | Chat | Hint,
        *,
        now: float,
        lang: str | None = None,
    ) -> Outcome:
        """A client frame after its connection's `hello` (see `troef.interfaces.web.frames.read_frame`) from
        ``seat`` (None: a spectator) whose connection speaks ``lang`` (None: it gets no model)."""
        if isinstance(frame, Act):
            return self.act(seat, frame.action, frame.version, now=now, lang=lang)
        if isinstance(frame, Answer):
            return self.answer(seat, frame.text, frame.version, now=now, lang=lang)
        if isinstance(frame, Ready):
            return self.ready(seat, frame.seed, now=now, lang=lang)
        if isinstance(frame, Chat):
            return self.chat(seat, frame, now=now)
        if isinstance(frame, Hint):
            return self.hint(seat, frame.version)
        return Outcome(reply=self.reads.frame(seat, lang))

    def act(
        self,
        seat: int | None,
        action: str,
        version: int,
        *,
        now: float,
        lang: str | None = None,
        forced: bool = False,
    ) -> Outcome:
        """``seat`` takes ``action``, made on ``version``: checked in server.md's order (``not-seated``
        for a spectator or a seat no person holds;
        a resend of an applied act answers the current state; ``stale``; ``not-your-turn``;
        ``illegal``, saying why and what is legal).  ``forced``: the server plays the seat's only legal
        action for it (stored as such: it is no sign that the human is there)."""
        if seat is None or not self._human(seat):
            return Outcome(reply=self.error("not-seated", f"{_who(seat)} cannot act"))
        applied = self._applied(seat, version)
        if applied is not None and applied == _canonical(action):
            return Outcome(reply=self.reads.frame(seat, lang))
        refused = self._not_to_act(seat, version)
        if refused is not None:
            return Outcome(reply=refused)
        state = self.session.match.dealt
        assert state is not None  # a round is in play: it is the seat's turn
        return self._proposed_act(state, seat, action, Who.HUMAN, now, forced=forced)

    def answer(
        self, seat: int | None, text: str, version: int, *, now: float, lang: str | None = None
    ) -> Outcome:
        """``seat`` typed ``text`` on ``version``: checked as `act` checks an action (a resend of any
        answer once the seat acted on ``version`` answers the current state), then read as the seat's
        table shows it in ``lang`` (English without; `troef.present.answers.read_answer`) and taken, or
        refused as ``illegal`` in that language, listing the choices as shown."""
        if seat is None or not self._human(seat):
            return Outcome(reply=self.error("not-seated", f"{_who(seat)} cannot act"))
        if self._applied(seat, version) is not None:
            return Outcome(reply=self.reads.frame(seat, lang))
        refused = self._not_to_act(seat, version)
        if refused is not None:
            return Outcome(reply=refused)
        state = self.session.match.dealt
        table = self.reads.model(seat, lang or LANGUAGES[0])["table"]
        assert state is not None and table is not None  # a round is in play: it is the seat's turn
        try:
            action = read_answer(text, table, [a.text for a in state.legal_actions()])
        except NotAChoice as e:
            return Outcome(reply=self.error("illegal", str(e)))
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
        if self.shared_seeds:
            stored = ""  # a shared deal takes no client seed (clubs.md, Events)
        if seat in self.ready_seats:
            return Outcome(reply=self.reads.frame(seat, lang))
        data = {"seat": seat, "round": fair.index, "seed": stored, "at": now}
        return Outcome((Event(self.version + 1, "ready", data),))

    # ------------------------------------------------------------------------------- talk and hints

    def talk(self, seat: int | None) -> Talk:
        """What ``seat`` may say in the chat now: a spectator nothing; a seat its preset messages, and free
        text unless the game's rules close table talk for it during the round (`State.may_talk`)."""
        if seat is None:
            return "read"
        state = self.session.match.dealt
        return "free" if state is None or state.may_talk(seat) else "presets"

    def chat(self, seat: int | None, said: Chat, *, now: float) -> Outcome:
        """``seat`` says something at the table (kept in `table_talk`, told to everyone as ``told``):
        ``not-seated`` for a spectator, ``not-allowed`` for free text the rules close now, ``too-many``
        over the seat's pace (`troef.interfaces.web.talk.RATE`)."""
        if seat is None or not self._human(seat):
            return Outcome(reply=self.error("not-seated", f"{_who(seat)} reads the chat but does not write"))
        if said.text is not None and self.talk(seat) != "free":
            message = "the rules allow no table talk now: preset messages only"
            return Outcome(reply=self.error("not-allowed", message))
        if not self.table_talk.allow(seat, now):
            return Outcome(reply=self.error("too-many", f"at most {RATE} chat messages in {WINDOW:g} s"))
        told: ChatFrame = {
            "type": "chat",
            "seat": seat,
            "name": self.seats[seat].name,
            "text": said.text,
            "preset": said.preset,
            "at": now,
        }
        self.table_talk.heard(told)
        return Outcome(told=told)

    def hint(self, seat: int | None, version: int) -> Outcome:
        """``seat`` asks for the ``normal`` bot's choice on its turn at ``version``: ``not-seated``,
        ``not-allowed`` at a table without hints, then as `act` (``stale``, ``not-your-turn``); once per
        turn (the hint again when it is known, ``too-many`` while it is computed); else ``think``."""
        if seat is None or not self._human(seat):
            return Outcome(reply=self.error("not-seated", f"{_who(seat)} gets no hints"))
        if not self.hints:
            return Outcome(reply=self.error("not-allowed", "this table offers no hints"))
        refused = self._not_to_act(seat, version)
        if refused is not None:
            return Outcome(reply=refused)
        asked, action = self.hint_asked.get(seat, (-1, None))
        if asked == version:
            if action is None:
                return Outcome(reply=self.error("too-many", "the hint for this turn is on its way"))
            return Outcome(reply={"type": "hint", "version": version, "action": action})
        self.hint_asked[seat] = (version, None)
        view = self.reads.view(seat)
        assert view is not None  # a round is in play: it is the seat's turn
        seed = self.row.settings["bot_seed"] + 1_000_003 * version + seat
        return Outcome(think=Thinking(seat, version, dict(view), seed))

    def hinted(self, asked: Thinking, action: str | None) -> HintFrame | None:
        """The hint frame of the bot's ``action`` for ``asked``, or None once the table has moved on
        (or the bot failed, ``action`` None: the seat may ask again)."""
        if self.hint_asked.get(asked.seat) != (asked.version, None):
            return None
        if action is None:
            del self.hint_asked[asked.seat]
            return None
        self.hint_asked[asked.seat] = (asked.version, action)
        if self.version != asked.version:
            return None
        return {"type": "hint", "version": asked.version, "action": action}

    # ------------------------------------------------------------------------------- a rematch

    def rematch_body(self, token: object) -> tuple[int, dict[str, Any]]:
        """For the seat whose token this is, the `POST /api/tables` body of the rematch: the same game,
        rules, players, rounds, bots, limits, listing, choice for absent humans, hints and competition, that
        seat a human of its name, the other humans' seats open; a `TableError` 403 for a token of no seat
        here, 409 before the match is over."""
        seats = [k for k, seat in enumerate(self.seats) if proves(token, seat.token)]
        if not seats:
            raise NotAllowed("no seat of this table has that token")
        if self.status != "over":
            raise NotNow("a rematch is asked for once the match is over")
        if self.event is not None:
            raise NotNow("an event's table has no rematch: the event draws its next session")
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
            "absent": self.absent,
            "hints": self.hints,
            "competitive": self.competitive,
            "rated": self.rated,
        }
        return caller, body

    def rematch_made(self, table: str, *, now: float) -> tuple[Event, ...]:
        """The event that tells this table's rematch: a new table ``table`` (its invite is not stored)."""
        return (Event(self.version + 1, "rematch", {"table": table, "at": now}),)

    # ------------------------------------------------------------------------------- the caller's timers

    def deal_due(self, now: float) -> bool:
        """Whether the next round is to be dealt at ``now``: every seat taken, the table not `paused`, and
        either every connected human ready with the commitment shown for `SHOWN_BEFORE_DEAL`, or the ready
        limit run out (from when the commitment was shown, the last seat taken and the last pause ended)."""
        if self.session.in_play or self.session.is_over or self.open_seats or self.paused():
            return False
        if now - self._ready_from() >= self.ready_limit:
            return True
        waiting = [
            k
            for k, seat in enumerate(self.seats)
            if seat.kind == "human" and self.connected(k) and k not in self.ready_seats
        ]
        return not waiting and now - self.shown_at >= SHOWN_BEFORE_DEAL

    def expire_due(self, now: float, after: float) -> bool:
        """Whether the table has waited ``after`` seconds since it was made with a seat still open (nobody
        joined): it is to expire, so that it costs nothing any more."""
        return now - self.row.created >= after and self.status == "waiting"

    def expire(self, *, now: float) -> Outcome:
        """End a table that waited too long for players (`expire_due`)."""
        return Outcome((Event(self.version + 1, "expire", {"at": now}),))

    def deal(self, *, now: float) -> Outcome:
        """Deal the next round from its fair seed (when `deal_due` says so); a `TableError` (409) while a
        seat is open, a round is in play or the match is over."""
        if self.session.is_over:
            raise NotNow("the match is over")
        if self.session.in_play:
            raise NotNow("a round is in play")
        if self.open_seats:
            raise NotNow("a seat is open: the table waits for players")
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
        for `away_limit` at ``now`` and has no stand-in yet, at a table that lets stand-ins play; None
        when there is none."""
        due = [t["seat"] for t in self.timers() if t["timer"] == "stand-in" and now >= t["at"]]
        return due[0] if due else None

    def stand_in(self, seat: int, on: bool) -> None:
        """Let a stand-in bot play the human seat ``seat`` (its moves marked on the sheet and in the record)
        until the human says hello again or this is called with ``on`` False.  The caller decides when
        (`stand_in_due`), lets it move through `bot_turn`, and sends everyone their frame again."""
        if not self._human(seat):
            raise Invalid(f"seat {seat} is not a human's seat: it takes no stand-in")
        bot = make_bot(self.game.name, STAND_IN_KIND, self.row.settings["bot_seed"] + seat) if on else None
        self.session.stand_in(seat, bot)

    # ------------------------------------------------------------------------------- events

    def apply(self, events: Iterable[Event]) -> None:
        """Bring the table to the version of ``events`` (stored ones, in order, from the next version on);
        a `TableError` (409) for an event that does not follow."""
        for event in events:
            if event.version != self.version + 1:
                raise NotNow(f"event {event.version} does not follow version {self.version}")
            apply = self._appliers.get(event.kind)
            if apply is None:
                raise NotNow(f"unknown event kind {event.kind!r}")
            apply(self, event)
            self.version = event.version
            self.changed_at = event.data["at"]

    def _seat_taken(self, event: Event) -> None:
        data = event.data
        seat: int = data["seat"]
        name = repaired(data["name"])  # stored before names were checked: it still loads
        self.seats[seat] = Seat("human", name=name, token=data["token"], account=data.get("account"))
        self.session.match.names[seat] = name
        if not self.open_seats:
            self.full_at = data["at"]

    def _ready(self, event: Event) -> None:
        data = event.data
        fair = self.fairs[-1]
        if data["round"] != fair.index:
            raise NotNow(f"a ready for round {data['round']}, but round {fair.index} is next")
        if data["seed"]:
            fair.add_client_seed(data["seat"], data["seed"])
        self.ready_seats.add(data["seat"])

    def _dealt(self, event: Event) -> None:
        fair = self.fairs[-1]
        if event.data["round"] != fair.index:
            raise NotNow(f"a deal of round {event.data['round']}, but round {fair.index} is next")
        self.session.deal(fair.seal(self.session.match))
        self.stand_in_moves.append([])
        self.human_moved = False

    def _acted(self, event: Event) -> None:
        data = event.data
        seat: int = data["seat"]
        action: str = data["action"]
        who = Who(data["who"])
        state = self.session.match.dealt
        if state is None:
            raise NotNow(f"an action at version {event.version}, but no round is in play")
        index = len(state.actions)
        if who is Who.BOT:
            turn = self.session.bot_turn()
            if turn is None or turn.seat != seat:
                raise NotNow(f"a bot's action at version {event.version}, but no bot is to act")
            self.session.bot_act(turn, action)
        else:
            self.session.act(seat, action)
        if who is Who.STAND_IN:
            self.stand_in_moves[-1].append((index, seat))
        elif who is Who.HUMAN and not data.get("forced"):
            self.human_moved = True
        missing = event.version + 1 - len(self._acts)
        self._acts += [None] * missing
        self._actors += b"\xff" * missing
        self._acts[event.version], self._actors[event.version] = state.actions[-1].text, seat
        if not self.session.in_play:
            self.shown_at = data["at"]
            if not self.session.is_over:
                n = self.game.players
                index = len(self.session.match.sheet)
                seed = self.shared_seeds[index] if index < len(self.shared_seeds) else data["next_seed"]
                self.fairs.append(FairDeal(self.deal_key, index, [""] * n, bytes.fromhex(seed)))
                self.ready_seats = set()

    def _expired(self, event: Event) -> None:
        if self.status != "waiting":
            raise NotNow(f"a table that waits for no one cannot expire (version {event.version})")
        self.expired = True

    def _rematched(self, event: Event) -> None:
        if self.rematch is not None:
            raise NotNow(f"a second rematch at version {event.version}")
        self.rematch = {"table": event.data["table"]}

    _appliers: Final = {
        "seat": _seat_taken,
        "ready": _ready,
        "deal": _dealt,
        "act": _acted,
        "rematch": _rematched,
        "expire": _expired,
    }

    # ------------------------------------------------------------------------------- inside

    def _human(self, seat: int) -> bool:
        """Whether ``seat`` is a seat a person holds."""
        return 0 <= seat < len(self.seats) and self.seats[seat].kind == "human"

    def _ready_from(self) -> float:
        """When the ready limit of the next deal began: the commitment shown, the last seat taken and the
        last pause ended."""
        return max(self.shown_at, self.full_at, self.resumed_at)

    def _resumed(self, paused: list[int], now: float) -> None:
        """The table was `paused` so before a seat connected at ``now``: if that ended the pause, the
        ready limit counts from now."""
        if paused and not self.paused():
            self.resumed_at = now

    def _applied(self, seat: int, version: int) -> str | None:
        """The action ``seat`` made on ``version`` (applied as the event of the next version), or None."""
        at = version + 1
        return self._acts[at] if 0 < at < len(self._acts) and self._actors[at] == seat else None

    def _not_to_act(self, seat: int, version: int) -> ErrorFrame | None:
        """Why ``seat`` may not act on ``version`` (``stale``, ``not-your-turn``), or None."""
        if version != self.version:
            return self.error("stale", f"the table is at version {self.version}, not {version}")
        state = self.session.match.dealt
        if state is None:
            waits = "the match is over" if self.session.is_over else "no round is in play"
            return self.error("not-your-turn", f"{waits}: nobody is to act")
        if state.current_player != seat:
            return self.error("not-your-turn", f"it is seat {state.current_player}'s turn, not seat {seat}'s")
        return None

    def _proposed_act(
        self, state: State, seat: int, action: str, who: Who, now: float, *, forced: bool = False
    ) -> Outcome:
        """The event of ``seat`` taking ``action`` in ``state`` (tried on a copy), or ``illegal``."""
        trial = state.clone()
        try:
            trial.apply(action)
        except IllegalAction as e:
            return Outcome(reply=self.error("illegal", str(e)))
        data: dict[str, Any] = {"seat": seat, "action": trial.actions[-1].text, "who": who.value, "at": now}
        if forced:
            data["forced"] = True
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
