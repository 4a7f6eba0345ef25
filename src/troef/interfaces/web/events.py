"""Club events (clubs.md, "Events"): a club evening or championship of registered players, several
sessions, and in each session the players drawn to tables (`troef.interfaces.web.draw`) that play a fixed
number of rounds; standings as the tables' score sheets add up (`troef.interfaces.web.standings`).

An event is kept in the database (`EventRows`) and its tables are the server's tables, so that it
survives a restart and works across processes: every step is idempotent and may be taken by any process.
When a table of an event is over (`table_over`, or `recover` after a restart) its match is rated and,
once every table of the session is over, the next session is drawn; the `EVENT_SESSIONS` key lets one
process alone draw a session (another's tables, drawn in the same instant, are let go).

A seat's token is derived from the server's secret (``HMAC(secret, "event-seat/<table>/<seat>")``), so that
`GET /api/events/{event}/seat` gives it again to the player's devices without storing it.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import logging
import random
import secrets
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from ...core.errors import TroefError
from ...core.game import Game
from ...games import GAMES, load_game
from ...games.fair import SERVER_SEED_BYTES
from ...present import Words
from ...present.stats import added, seat_stats
from .accounts import account_name
from .club_rows import Club, ClubRows
from .clubs import ADMIN, CLUB_NAME_LENGTH, MEMBER, Clubs, club_text
from .draw import draw, meetings, table_sizes
from .event_rows import ClubEvent, DrawnTable, EventPlayer, EventRows
from .memo import Memo
from .ratings import Placed, RatingRows, shown
from .seats import (
    AWAY_LIMIT,
    MAX_ROUNDS,
    READY_LIMIT,
    Invalid,
    NoSuchTable,
    NotNow,
    bot_kind,
    limit,
    name_key,
)
from .standings import Played, event_scores, season, standings, standings_csv
from .store import Store
from .table import ID_BYTES, Seating, Table

if TYPE_CHECKING:
    from .server import TableServer

log = logging.getLogger("troef.web")

FORMATS: Final = ("draw", "duplicate")
MAX_SESSIONS: Final = 20
REPLICAS: Final = 2000
"""The most tables of events read here but run elsewhere that are kept replayed (the oldest read go)."""
SHOWN_AGE: Final = 1.0
"""Seconds an event's view is served again to the pages polling it (it is computed afresh at once when the
event goes on or its players change here; another process's change shows within this time)."""
SHOWN_EVENTS: Final = 256
"""The most events whose view is kept."""
MAX_PLAYERS: Final = 400
"""The most players an event registers."""
EVENT_KEYS: Final = frozenset(
    {"name", "game", "rules", "format", "sessions", "rounds", "players", "fill", "ready_limit", "away_limit"}
)


class NoSuchEvent(NoSuchTable):
    """An event that does not exist."""


@dataclass(frozen=True)
class _Shown:
    """An event as every member sees it (`Events.read` adds who asks and their role), with its players,
    sessions and tables."""

    view: dict[str, Any]
    players: list[EventPlayer]
    sessions: list[tuple[int, str]]
    drawn: list[DrawnTable]


def _number(body: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = body.get(key)
    if type(value) is not int or not low <= value <= high:
        raise Invalid(f"{key} is a whole number from {low} to {high}, not {str(value)[:20]!r}")
    return value


class Events:
    """The events of the clubs of ``server``'s store; each call names the signed-in player who asks."""

    def __init__(self, server: TableServer, clubs: Clubs, secret: Callable[[], bytes]) -> None:
        store: Store = server.store
        self.server = server
        self.clubs = clubs
        self.club_rows: ClubRows = clubs.rows
        self.rows = EventRows(store)
        self.ratings = RatingRows(store)
        self._secret = secret
        self._key: bytes | None = None
        self._replicas: OrderedDict[str, Table] = OrderedDict()
        """Tables of events read here but run elsewhere (or dropped once over): replayed from the store."""
        self._advancing: dict[str, asyncio.Lock] = {}
        self._unsealed: set[tuple[str, int]] = set()
        """The duplicate sessions known to be over."""
        self._shown: Memo[str, _Shown] = Memo(self._show, age=SHOWN_AGE, size=SHOWN_EVENTS)

    @property
    def clock(self) -> Callable[[], float]:
        return self.server.clock

    # ------------------------------------------------------------------------------- an admin's part

    async def create(self, player: str, club_id: str, body: object) -> dict[str, str]:
        """A new event of the club (its admins only), its players registered: its id."""
        club = await self.clubs.club(club_id)
        await self.clubs.role(player, club, ADMIN)
        if not isinstance(body, dict):
            raise Invalid("the body is a JSON object")
        unknown = sorted(str(key) for key in body if key not in EVENT_KEYS)
        if unknown:
            raise Invalid(f"unknown field {unknown[0][:40]!r}; fields: {', '.join(sorted(EVENT_KEYS))}")
        name = club_text(body.get("name"), "an event's name", CLUB_NAME_LENGTH)
        game_name = body.get("game")
        if not isinstance(game_name, str) or game_name not in GAMES:
            raise Invalid(f"game is one of {', '.join(GAMES)}")
        rules = await self.clubs.with_club_rules(
            name_key(player), {"game": game_name, "rules": body.get("rules")}
        )
        try:
            game = load_game(game_name, rules["rules"])  # type: ignore[index]
        except TroefError as error:
            raise Invalid(f"rules: {error}") from None
        form = body.get("format", "draw")
        if form not in FORMATS:
            raise Invalid(f"format is draw or duplicate, not {str(form)[:20]!r}")
        if form == "duplicate" and game.duplicate_refusal() is not None:
            raise Invalid(f"these rules cannot be played duplicate: {game.duplicate_refusal()}")
        sessions = _number(body, "sessions", 1, MAX_SESSIONS)
        rounds = _number(body, "rounds", 1, min(MAX_ROUNDS, game.max_rounds() or MAX_ROUNDS))
        fill = body.get("fill")
        if fill is not None:
            fill = bot_kind(game_name, fill)
        limits = limit(body, "ready_limit", READY_LIMIT), limit(body, "away_limit", AWAY_LIMIT)
        players = await self._members(club.id, body.get("players"))
        self._sizes(game, len(players), form == "duplicate", fill)
        event = ClubEvent(
            secrets.token_urlsafe(ID_BYTES),
            club.id,
            name,
            game_name,
            game.rules.notation(),
            form,
            sessions,
            rounds,
            fill,
            *limits,
            "registered",
            self.clock(),
        )
        await asyncio.to_thread(self.rows.create, event, players)
        return {"event": event.id}

    async def start(self, player: str, event_id: str) -> dict[str, Any]:
        """Start a registered event (its club's admins only): session 1 is drawn and its tables made."""
        event, _club, _role = await self._event(player, event_id, ADMIN)
        if not await asyncio.to_thread(self.rows.set_status, event.id, "registered", "playing"):
            raise NotNow("the event has started already")
        await self.advance(event.id)
        return await self.read(player, event.id)

    async def change_players(self, player: str, event_id: str, body: object) -> dict[str, Any]:
        """Add a late player (``{"add": name}``, a club member) or remove one (``{"remove": name}``), from
        the next session drawn on (its club's admins only; 409 once the event is over)."""
        event, _club, _role = await self._event(player, event_id, ADMIN)
        if event.status == "over":
            raise NotNow("the event is over")
        if not isinstance(body, dict) or len(body) != 1 or next(iter(body)) not in ("add", "remove"):
            raise Invalid('the body is {"add": name} or {"remove": name}')
        ((change, name),) = body.items()
        players = await asyncio.to_thread(self.rows.players, event.id)
        if change == "add":
            added_player = (await self._members(event.club, [name]))[0]
            if any(p.account == added_player.account and p.active for p in players):
                raise NotNow(f"{added_player.name} plays in this event already")
            active = sum(p.active for p in players) + 1
            self._sizes(load_game(event.game, event.rules), active, event.format == "duplicate", event.fill)
            await asyncio.to_thread(self.rows.set_player, event.id, added_player)
        else:
            key = name_key(name) if isinstance(name, str) else ""
            found = next((p for p in players if p.account == key and p.active), None)
            if found is None:
                raise Invalid(f"{str(name)[:40]!r} is not a player of this event")
            left = sum(p.active for p in players) - 1
            self._sizes(load_game(event.game, event.rules), left, event.format == "duplicate", event.fill)
            await asyncio.to_thread(
                self.rows.set_player, event.id, EventPlayer(found.account, found.name, False)
            )
        self._shown.forget(event.id)
        return await self.read(player, event.id)

    # ------------------------------------------------------------------------------- what members see

    async def read(self, player: str, event_id: str) -> dict[str, Any]:
        """The event as its club's members see it, standings included (clubs.md)."""
        event, _club, role = await self._event(player, event_id, MEMBER, ADMIN)
        shown = await self._shown.get(event.id)
        key = name_key(player)
        return {
            **shown.view,
            "role": role,
            "you": next((p.name for p in shown.players if p.account == key), None),
        }

    async def csv(self, player: str, event_id: str) -> str:
        """The standings as CSV (its club's members)."""
        seen = await self.read(player, event_id)
        return standings_csv(seen["standings"], duplicate=seen["format"] == "duplicate")

    async def seat(self, player: str, event_id: str) -> dict[str, Any]:
        """The player's seat in the session in play, with its token; `NoSuchTable` (404) when none."""
        event, _club, _role = await self._event(player, event_id, MEMBER, ADMIN)
        shown = await self._shown.get(event.id)
        playing = [number for number, status in shown.sessions if status == "playing"]
        key = name_key(player)
        for t in shown.drawn:
            if t.session in playing:
                for s in t.seats:
                    if s.get("account") == key:
                        token = await self._token(t.table, s["seat"])
                        return {"session": t.session, "table": t.table, "seat": s["seat"], "token": token}
        raise NoSuchTable("you have no seat in a session being played in this event")

    async def club_view(self, player: str, club_id: str) -> dict[str, Any]:
        """The club as `Clubs.read` has it, with its events, the viewer's role and its season's standings."""
        seen = await self.clubs.read(player, club_id)
        events = await asyncio.to_thread(self.rows.of_club, club_id)
        best, at_least = await asyncio.to_thread(self.club_rows.season, club_id)
        members = [m["name"] for m in seen["members"]]
        scores = []
        for event in events:
            if event.status == "over":
                players, drawn = await asyncio.gather(
                    asyncio.to_thread(self.rows.players, event.id),
                    asyncio.to_thread(self.rows.tables, event.id),
                )
                played = await self._played(drawn)
                scores.append(
                    event_scores(
                        [p.name for p in players],
                        played,
                        duplicate=event.format == "duplicate",
                        members=members,
                        at_least=at_least,
                    )
                )
        seen["events"] = [{"event": e.id, "name": e.name, "status": e.status} for e in events]
        seen["season"] = {"best": best, "at_least": at_least, "standings": season(scores, best=best)}
        return seen

    async def player(self, name: str, lang: str) -> dict[str, Any]:
        """``GET /api/players/{name}``: ratings, their history, events with ranks and statistics (its
        kinds' labels in ``lang``)."""
        try:
            key = name_key(account_name(name))
        except Invalid:
            raise NoSuchTable(f"there is no player {name[:40]!r}") from None
        found = await asyncio.to_thread(self.ratings.player, key)
        if found is None:
            raise NoSuchTable(f"there is no player {name[:40]!r}")
        events = []
        for event in found.pop("events"):
            rank = None
            if event["status"] != "registered":
                drawn = await asyncio.to_thread(self.rows.tables, event["id"])
                players = await asyncio.to_thread(self.rows.players, event["id"])
                rows = standings(
                    [p.name for p in players],
                    await self._played(drawn),
                    duplicate=event["format"] == "duplicate",
                )
                rank = next((r["rank"] for r in rows if name_key(r["name"]) == name_key(found["name"])), None)
            events.append(
                {"event": event["id"], "name": event["name"], "rank": rank, "status": event["status"]}
            )
        history = found.pop("history")
        by_game: dict[str, list[dict[str, Any]]] = {}
        for row in history:
            by_game.setdefault(row["game"], []).append(row["stats"])
        return {
            **found,
            "events": events,
            "history": [
                {
                    "game": row["game"],
                    "at": row["at"],
                    "table": row["table_id"],
                    "event": row["event"],
                    "rank": row["rank"],
                    **shown(row["mu"], row["sigma"]),
                }
                for row in history
            ],
            "stats": {game: added(game, stats, Words(lang)) for game, stats in by_game.items()},
        }

    async def sealed(self, table: Table) -> bool:
        """Whether the table is a duplicate session's whose session is not over: its deals are played at
        the session's other tables, so that only its own players watch it, and its rounds' records (which
        reveal the deals) wait for the session's end."""
        if not table.shared_seeds or table.event is None:
            return False
        key = (table.event["event"], table.event["session"])
        if key in self._unsealed:
            return False
        if dict(await asyncio.to_thread(self.rows.sessions, key[0])).get(key[1]) != "over":
            return True
        self._unsealed.add(key)
        return False

    # ------------------------------------------------------------------------------- the event going on

    async def table_over(self, table: Table) -> None:
        """A table is over: rate its match (an event's, or a casual one asked to be rated whose humans are
        all accounts), and let its event go on."""
        event_id = (table.event or {}).get("event")
        try:
            if table.rated:
                await self._rate(table, event_id)
            if event_id is not None:
                await self.advance(event_id)
        except Exception:  # (a task of its own: the next read of the event, or a restart, tries again)
            log.exception("table %s is over, but rating it or going on with its event failed", table.id)

    async def recover(self) -> None:
        """After a start: rate the finished tables of the events being played and draw the sessions due."""
        for event_id in await asyncio.to_thread(self.rows.playing):
            for t in await asyncio.to_thread(self.rows.tables, event_id):
                if t.finished:
                    table = await self._table(t.table)
                    if table is not None:
                        await self._rate(table, event_id)
            await self.advance(event_id)

    async def advance(self, event_id: str) -> None:
        """Draw the event's next session when every table of the last one is over, or end the event after
        its last session; nothing otherwise (idempotent)."""
        lock = self._advancing.setdefault(event_id, asyncio.Lock())
        try:
            async with lock:
                await self._advance(event_id)
        finally:
            self._shown.forget(event_id)

    async def _advance(self, event_id: str) -> None:
        event = await asyncio.to_thread(self.rows.event, event_id)
        if event is None or event.status != "playing":
            return
        sessions = await asyncio.to_thread(self.rows.sessions, event_id)
        if sessions:
            last, status = sessions[-1]
            if status == "playing":
                drawn = await asyncio.to_thread(self.rows.tables, event_id)
                if not all(t.finished for t in drawn if t.session == last):
                    return
                await asyncio.to_thread(self.rows.close_session, event_id, last)
            if last >= event.sessions:
                await asyncio.to_thread(self.rows.set_status, event_id, "playing", "over")
                return
        await self._draw(event, len(sessions) + 1)

    async def _draw(self, event: ClubEvent, number: int) -> None:
        """Draw session ``number`` and make its tables (let go again when another process drew it first)."""
        players = [p for p in await asyncio.to_thread(self.rows.players, event.id) if p.active]
        earlier = await asyncio.to_thread(self.rows.tables, event.id)
        met = meetings(
            [[s.get("account") for s in t.seats] for t in earlier if t.session == k] for k in range(1, number)
        )
        game = load_game(event.game, event.rules)
        duplicate = event.format == "duplicate"
        sizes, _bots = table_sizes(len(players), game.default_players, game.max_players, uniform=duplicate)
        names = {p.account: p.name for p in players}
        rng = random.Random(secrets.randbits(64))
        tables = draw([p.account for p in players], sizes, met, rng)
        first_dealer = rng.randrange(min(sizes))
        seeds = tuple(secrets.token_bytes(SERVER_SEED_BYTES).hex() for _ in range(event.rounds))
        made: list[Table] = []
        drawn: list[DrawnTable] = []
        for position, seated in enumerate(tables):
            table_id = secrets.token_urlsafe(ID_BYTES)
            seats: list[dict[str, Any]] = [
                {"seat": k, "bot": event.fill}
                if who is None
                else {"seat": k, "account": who, "name": names[who]}
                for k, who in enumerate(seated)
            ]
            body = {
                "game": event.game,
                "rules": event.rules,
                "players": len(seated),
                "rounds": event.rounds,
                "seats": [
                    {"kind": "bot", "bot": s["bot"]} if "bot" in s else {"kind": "human", "name": s["name"]}
                    for s in seats
                ],
                "competitive": True,
                "rated": True,
                "ready_limit": event.ready_limit,
                "away_limit": event.away_limit,
            }
            humans: list[int] = [s["seat"] for s in seats if "account" in s]
            seating = Seating(
                event={"event": event.id, "name": event.name, "session": number},
                accounts={k: seats[k]["account"] for k in humans},
                tokens={k: await self._token(table_id, k) for k in humans},
                first_dealer=first_dealer if duplicate else rng.randrange(len(seated)),
                deal_key=f"{event.id}/{number}" if duplicate else None,
                shared_seeds=seeds if duplicate else (),
            )
            made.append(Table.create(body, self.clock(), table_id=table_id, seating=seating).table)
            drawn.append(DrawnTable(table_id, number, position, seats, False))
        for table in made:
            await self.server.add_table(table)
        if not await asyncio.to_thread(self.rows.add_session, event.id, number, drawn, self.clock()):
            for table in made:  # another process drew this session first
                await self.server.drop(table.id, finished=True)

    # ------------------------------------------------------------------------------- inside

    async def _rate(self, table: Table, event_id: str | None) -> None:
        seats = table.seats
        if any(seat.kind == "human" and seat.account is None for seat in seats):
            return  # a guest played: the match is not rated
        humans = [k for k, seat in enumerate(seats) if seat.kind == "human"]
        match = table.session.match
        results = [row.result for row in match.sheet]
        placed = [
            Placed(str(seats[k].account), match.totals[k], seat_stats(table.game.name, results, k))
            for k in humans
        ]
        await asyncio.to_thread(self.ratings.rate, table.id, table.game.name, placed, self.clock(), event_id)

    async def _played(self, drawn: Sequence[DrawnTable]) -> list[Played]:
        """The tables' seats and finished rounds' scores, as their score sheets have them."""
        played = []
        for t in drawn:
            table = await self._table(t.table)
            if table is None:
                continue
            seats = tuple(s.get("name") for s in t.seats)
            played.append(
                Played(
                    t.session, t.table, seats, tuple(tuple(row.scores) for row in table.session.match.sheet)
                )
            )
        return played

    async def _table(self, table_id: str) -> Table | None:
        """The table as this process runs it, or as the store has it now."""
        live = self.server.tables.get(table_id)
        if live is not None:
            return live
        replica = self._replicas.get(table_id)
        store = self.server.store
        if replica is None:
            loaded = await asyncio.to_thread(store.load, table_id)
            if loaded is None:
                return None
            replica = self._replicas.setdefault(table_id, Table.replay(*loaded))
            while len(self._replicas) > REPLICAS:
                self._replicas.popitem(last=False)
        self._replicas.move_to_end(table_id)
        if replica.status != "over":
            newer = await asyncio.to_thread(store.events_after, table_id, replica.version)
            replica.apply([e for e in newer if e.version > replica.version])  # (read at once by another)
        return replica

    async def _token(self, table_id: str, seat: int) -> str:
        if self._key is None:
            self._key = await asyncio.to_thread(self._secret)
        mac = hmac.new(self._key, f"event-seat/{table_id}/{seat}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(mac[:16]).decode().rstrip("=")

    async def _members(self, club_id: str, names: object) -> list[EventPlayer]:
        """The club members named, each once; `Invalid` for anyone else."""
        if not isinstance(names, list) or not 1 <= len(names) <= MAX_PLAYERS:
            raise Invalid(f"players is a list of 1 to {MAX_PLAYERS} club members' names")
        members = {
            name_key(m["name"]): m["name"] for m in await asyncio.to_thread(self.club_rows.members, club_id)
        }
        found: dict[str, EventPlayer] = {}
        for name in names:
            key = name_key(name) if isinstance(name, str) else ""
            if key not in members:
                raise Invalid(f"{str(name)[:40]!r} is not a member of the club")
            if key in found:
                raise Invalid(f"{members[key]} is named twice")
            found[key] = EventPlayer(key, members[key], True)
        return list(found.values())

    @staticmethod
    def _sizes(game: Game, players: int, duplicate: bool, fill: str | None) -> None:
        """`Invalid` when the players leave seats that no bot is to fill."""
        if players < 1:
            raise Invalid("an event has at least one player")
        sizes, bots = table_sizes(players, game.default_players, game.max_players, uniform=duplicate)
        if bots and fill is None:
            raise Invalid(
                f"{players} players make {len(sizes)} tables of {sizes[-1]} with {bots} seat"
                f"{'s' if bots > 1 else ''} left: give fill, the bots' level that takes them"
            )

    async def _event(self, player: str, event_id: str, *allowed: str) -> tuple[ClubEvent, Club, str]:
        """The event, its club and ``player``'s role there, one of ``allowed`` (else `NotAllowed`)."""
        event = await self._stored(event_id)
        club = await self.clubs.club(event.club)
        return event, club, await self.clubs.role(player, club, *allowed)

    async def _show(self, event_id: str) -> _Shown:
        event = await self._stored(event_id)
        club = await self.clubs.club(event.club)
        players, (event, sessions, drawn) = await asyncio.gather(
            asyncio.to_thread(self.rows.players, event.id), self._going_on(event)
        )
        played = await self._played(drawn)
        view = {
            "event": event.id,
            "name": event.name,
            "club": club.id,
            "club_name": club.name,
            "game": event.game,
            "rules": event.rules,
            "format": event.format,
            "status": event.status,
            "sessions_planned": event.sessions,
            "rounds": event.rounds,
            "fill": event.fill,
            "players": [{"name": p.name, "active": p.active} for p in players],
            "sessions": [
                {
                    "session": number,
                    "status": status,
                    "tables": [
                        {"table": t.table, "seats": [_shown_seat(s) for s in t.seats], "over": t.finished}
                        for t in drawn
                        if t.session == number
                    ],
                }
                for number, status in sessions
            ],
            "standings": standings([p.name for p in players], played, duplicate=event.format == "duplicate"),
        }
        return _Shown(view, players, sessions, drawn)

    async def _going_on(self, event: ClubEvent) -> tuple[ClubEvent, list[tuple[int, str]], list[DrawnTable]]:
        """The event with its sessions and tables, once `advance` did what was due (a session left
        undrawn by a process that died goes on here); `advance` runs only when it has work."""
        sessions, drawn = await asyncio.gather(
            asyncio.to_thread(self.rows.sessions, event.id), asyncio.to_thread(self.rows.tables, event.id)
        )
        last = sessions[-1] if sessions else None
        due = event.status == "playing" and (
            last is None or last[1] == "over" or all(t.finished for t in drawn if t.session == last[0])
        )
        if not due:
            return event, sessions, drawn
        await self.advance(event.id)
        event = await self._stored(event.id)
        sessions, drawn = await asyncio.gather(
            asyncio.to_thread(self.rows.sessions, event.id), asyncio.to_thread(self.rows.tables, event.id)
        )
        return event, sessions, drawn

    async def _stored(self, event_id: str) -> ClubEvent:
        event = await asyncio.to_thread(self.rows.event, event_id[:64])
        if event is None:
            raise NoSuchEvent(f"there is no event {event_id[:40]!r}")
        return event


def _shown_seat(seat: Mapping[str, Any]) -> dict[str, Any]:
    return (
        {"seat": seat["seat"], "bot": seat["bot"]}
        if "bot" in seat
        else {"seat": seat["seat"], "name": seat["name"]}
    )
