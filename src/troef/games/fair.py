"""Fair deals (server.md, "Fair deals"): commit-reveal with client seeds, and checking a match record.

Before a round is dealt the server draws a secret ``server_seed`` and shows its SHA-256, the
``commitment``; players may add client seeds; the round is dealt from
``HMAC-SHA256(server_seed, "{table}/{round}/{s0}/.../{sN}")`` read as a big-endian integer.  When the
round is over its record reveals the server seed (the ``fair`` object), and `verify` deals every round
of a match record again, exactly as the match did, and compares.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, TypedDict

from ..core.errors import GameError, MatchError, RecordError, ReplayError, TroefError
from ..core.game import RECORD_FORMAT, Game, Result, State
from ..core.match import MATCH_FORMAT, Match
from . import load_game
from .replay import replay_state, start_state

SERVER_SEED_BYTES: Final = 32
"""The server seed's length in bytes."""
CLIENT_SEED_DIGITS: Final = 64
"""The most hex digits a client seed may have."""
_HEX_DIGITS: Final = frozenset("0123456789abcdefABCDEF")


class SeedError(TroefError, ValueError):
    """A client seed that is not 1 to 64 hex digits, a server seed that is not 32 bytes, or a seed
    given for a seat that does not exist or a round already dealt."""


class FairRecord(TypedDict):
    """The ``fair`` object of a finished round's record."""

    table: str
    round: int
    commitment: str
    server_seed: str
    client_seeds: list[str]


def commitment(server_seed: bytes) -> str:
    """The commitment to a server seed: the lower-case hex SHA-256 of its bytes."""
    return hashlib.sha256(server_seed).hexdigest()


def client_seed(text: object) -> str:
    """A client seed as stored: 1 to 64 hex digits, either case, in lower case; a `SeedError` for
    anything else."""
    if (
        not isinstance(text, str)
        or not 1 <= len(text) <= CLIENT_SEED_DIGITS
        or not _HEX_DIGITS.issuperset(text)
    ):
        shown = repr(text) if len(repr(text)) <= 80 else repr(text)[:80] + "…"
        raise SeedError(f"a client seed is 1 to {CLIENT_SEED_DIGITS} hex digits, not {shown}")
    return text.lower()


def deal_seed(server_seed: bytes, table: str, index: int, client_seeds: Sequence[str]) -> int:
    """The seed round ``index`` of table ``table`` is dealt from: the HMAC-SHA256 keyed by the server
    seed of ``"{table}/{index}/{s0}/{s1}/.../{sN}"`` (``""`` for a seat without a client seed), as
    a big-endian integer."""
    message = "/".join([table, str(index), *client_seeds]).encode()
    return int.from_bytes(hmac.new(server_seed, message, hashlib.sha256).digest(), "big")


@dataclass
class FairDeal:
    """The fair deal of round ``index`` of table ``table``: the secret server seed (drawn from
    `secrets` unless given), one client seed per seat (``""`` for none) and whether it is dealt."""

    table: str
    index: int
    client_seeds: list[str]
    server_seed: bytes = field(default_factory=lambda: secrets.token_bytes(SERVER_SEED_BYTES), repr=False)
    dealt: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.table, str):
            raise SeedError(f"a table id is a string, not {self.table!r}")
        if type(self.index) is not int or self.index < 0:
            raise SeedError(f"a round index is a number from 0, not {self.index!r}")
        if not isinstance(self.server_seed, bytes) or len(self.server_seed) != SERVER_SEED_BYTES:
            raise SeedError(f"a server seed is {SERVER_SEED_BYTES} bytes")
        self.client_seeds = ["" if s == "" else client_seed(s) for s in self.client_seeds]

    @classmethod
    def draw(cls, table: str, index: int, players: int) -> FairDeal:
        """A new fair deal with a fresh server seed and no client seeds yet."""
        return cls(table, index, [""] * players)

    @property
    def commitment(self) -> str:
        """What the table shows before the deal: the SHA-256 of the server seed."""
        return commitment(self.server_seed)

    @property
    def seed(self) -> int:
        """The seed this round is dealt from."""
        return deal_seed(self.server_seed, self.table, self.index, self.client_seeds)

    def add_client_seed(self, seat: int, text: object) -> None:
        """Seat ``seat``'s client seed (see `client_seed`); a `SeedError` once the round is dealt."""
        if type(seat) is not int or not 0 <= seat < len(self.client_seeds):
            raise SeedError(f"a client seed is for a seat 0..{len(self.client_seeds) - 1}, not {seat!r}")
        if self.dealt:
            raise SeedError(f"round {self.index + 1} is dealt: its seeds are fixed")
        self.client_seeds[seat] = client_seed(text)

    def seal(self, match: Match) -> int:
        """Fix the seeds and give the seed to deal the match's next round from (with
        ``match.next_round(seed)`` or ``Session.deal(seed)``); a `MatchError` unless that round is
        round ``index``, of as many players as there are client seeds, and not dealt yet."""
        if self.dealt:
            raise MatchError(f"round {self.index + 1} is dealt already")
        if match.is_over or match.dealt is not None:
            raise MatchError(
                "the match deals no round now: " + ("it is over" if match.is_over else "one is in play")
            )
        if len(match.sheet) != self.index:
            raise MatchError(
                f"this fair deal is for round {self.index + 1}, the match's next is {len(match.sheet) + 1}"
            )
        if len(self.client_seeds) != match.game.players:
            raise MatchError(f"{len(self.client_seeds)} client seeds for {match.game.players} players")
        self.dealt = True
        return self.seed

    def deal(self, match: Match) -> State:
        """Deal the match's next round from this deal's seed (see `seal`)."""
        return match.next_round(self.seal(match))

    def record(self) -> FairRecord:
        """The ``fair`` object of the round's record (it reveals the server seed)."""
        return {
            "table": self.table,
            "round": self.index,
            "commitment": self.commitment,
            "server_seed": self.server_seed.hex(),
            "client_seeds": list(self.client_seeds),
        }


def fair_match_record(match: Match, deals: Sequence[FairDeal]) -> dict[str, Any]:
    """The match record of the finished rounds, each with its ``fair`` object (``deals[k]`` dealt
    round k; a deal drawn for a round not finished yet is left out)."""
    record = match.record()
    rounds: list[dict[str, Any]] = record["rounds"]
    if len(deals) < len(rounds):
        raise MatchError(f"{len(rounds)} finished rounds but {len(deals)} fair deals")
    for k, rnd in enumerate(rounds):
        if deals[k].index != k or not deals[k].dealt:
            raise MatchError(
                f"round {k + 1} was not dealt by its fair deal (one for round {deals[k].index + 1})"
            )
        rounds[k] = {**rnd, "fair": deals[k].record()}
    return record


# --------------------------------------------------------------------------- verifying a record


@dataclass(frozen=True)
class RoundCheck:
    """Round ``index`` (from 0) of a match record: ``problem`` says why it does not verify (None: it does);
    its text counts rounds from 1, as people do."""

    index: int
    problem: str | None = None

    def __str__(self) -> str:
        return f"round {self.index + 1}: " + (
            "verifies" if self.problem is None else f"FAILS: {self.problem}"
        )


@dataclass(frozen=True)
class Verification:
    """What `verify` found, round by round (it stops after a round whose play cannot be replayed)."""

    rounds: tuple[RoundCheck, ...]

    @property
    def ok(self) -> bool:
        return all(check.problem is None for check in self.rounds)

    @property
    def failures(self) -> list[RoundCheck]:
        return [check for check in self.rounds if check.problem is not None]


def verify(record: object) -> Verification:
    """Check every round of a ``troef-match/1`` record: its ``fair`` object's commitment is the SHA-256
    of its server seed, and its seed deals exactly the recorded deal when round k is dealt as the
    match dealt it (the dealer the match's rotation gives, scheduled or closing round, the previous
    round as replayed from the record).

    Raises `RecordError` for input that is not a match record, a malformed ``fair`` object included.
    """
    match, game, rounds, scheduled = _match_parts(record)
    n = game.players
    checks: list[RoundCheck] = []
    previous: State | None = None
    closing: list[Result] = []
    first_dealer = 0
    table: str | None = None
    for k, rnd in enumerate(rounds):
        merged = _round_record(match, rnd, k, n)
        try:
            recorded = start_state(merged)
        except RecordError as e:
            raise RecordError(f"round {k + 1}: {e}") from None
        fair = _fair_object(rnd, k, n)
        if k == 0:
            first_dealer = recorded.dealer
        if table is None and fair is not None:
            table = fair["table"]
        if previous is not None and not previous.is_over:
            raise RecordError(f"round {k} is not over, yet round {k + 1} follows it")
        dealer = _dealer(game, k, scheduled, first_dealer, previous, closing)
        problem = _check_round(game, k, scheduled, dealer, recorded, fair, table, previous)
        try:
            state = replay_state(merged, f"round {k + 1}: ")
        except ReplayError as e:
            stop = " (the check stops here: its play does not replay)" if k + 1 < len(rounds) else ""
            checks.append(RoundCheck(k, f"{problem}{stop}" if problem else f"its play does not replay: {e}"))
            break
        checks.append(RoundCheck(k, problem))
        if k >= scheduled and state.is_over:
            closing.append(state.result())
        previous = state
    return Verification(tuple(checks))


def _match_parts(record: object) -> tuple[Mapping[str, Any], Game, list[Any], int]:
    """A match record, its game, its rounds and its number of scheduled rounds."""
    if not isinstance(record, Mapping):
        raise RecordError("a record is a JSON object")
    fmt = record.get("format")
    if fmt == RECORD_FORMAT:
        raise RecordError(
            f"troef verify checks a match record ({MATCH_FORMAT!r}): a round's deal may depend on the rounds"
            " before it, which a round record lacks"
        )
    if fmt != MATCH_FORMAT:
        raise RecordError(f"unknown format {fmt!r}; expected {MATCH_FORMAT!r}")
    names = record.get("players")
    if not isinstance(names, list):
        raise RecordError("a match record has a list 'players' of names")
    try:
        game = load_game(record.get("game"), record.get("rules"), len(names))  # type: ignore[arg-type]
    except GameError as e:
        raise RecordError(str(e)) from None
    rounds = record.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise RecordError("a match record has a non-empty list 'rounds'")
    scheduled = record.get("scheduled_rounds", game.match_rounds())
    if type(scheduled) is not int or scheduled < 1:
        raise RecordError(f"scheduled_rounds must be a number of rounds from 1, not {scheduled!r}")
    limit = game.max_rounds()
    if limit is not None and scheduled > limit:
        raise RecordError(f"a {game.name} match of these rules has at most {limit} rounds, not {scheduled}")
    return record, game, rounds, scheduled


def _round_record(record: Mapping[str, Any], rnd: object, k: int, players: int) -> dict[str, Any]:
    """Round k of a match record as a round record of its own."""
    if not isinstance(rnd, Mapping):
        raise RecordError(f"round {k + 1} is not an object")
    for key in ("game", "rules"):
        if key in rnd and rnd[key] != record.get(key):
            raise RecordError(f"round {k + 1} has {key} {rnd[key]!r}, the match {record.get(key)!r}")
    if rnd.get("players", players) != players:
        raise RecordError(f"round {k + 1} has {rnd.get('players')!r} players, the match has {players}")
    return {
        **rnd,
        "format": RECORD_FORMAT,
        "game": record.get("game"),
        "rules": record.get("rules"),
        "players": players,
    }


def _fair_object(rnd: Mapping[str, Any], k: int, players: int) -> FairRecord | None:
    """Round k's ``fair`` object, checked for shape (None when it has none)."""
    fair = rnd.get("fair")
    if fair is None:
        return None
    where = f"round {k + 1}: fair"
    if not isinstance(fair, Mapping):
        raise RecordError(f"{where} must be an object")
    table, index, commit, server, clients = (
        fair.get(key) for key in ("table", "round", "commitment", "server_seed", "client_seeds")
    )
    if not isinstance(table, str):
        raise RecordError(f"{where}.table must be the table id, a string, not {table!r}")
    if type(index) is not int:
        raise RecordError(f"{where}.round must be a round number, not {index!r}")
    if not isinstance(commit, str):
        raise RecordError(f"{where}.commitment must be a hex string, not {commit!r}")
    if (
        not isinstance(server, str)
        or len(server) != 2 * SERVER_SEED_BYTES
        or not _HEX_DIGITS.issuperset(server)
    ):
        raise RecordError(f"{where}.server_seed must be {2 * SERVER_SEED_BYTES} hex digits, not {server!r}")
    if not isinstance(clients, list) or len(clients) != players:
        raise RecordError(f"{where}.client_seeds must list one string per seat ({players})")
    try:
        seeds = [s if s == "" else client_seed(s) for s in clients]
    except SeedError as e:
        raise RecordError(f"{where}.client_seeds: {e}") from None
    return {
        "table": table,
        "round": index,
        "commitment": commit,
        "server_seed": server,
        "client_seeds": seeds,
    }


def _dealer(
    game: Game, k: int, scheduled: int, first: int, previous: State | None, closing: Sequence[Result]
) -> int | None:
    """The dealer of round k as a match deals it (round 0: the recorded one); None when the match is
    over before round k."""
    if previous is None:
        return first
    if k < scheduled:
        return game.next_dealer(previous.dealer, previous.result())
    return game.closing_dealer((first + scheduled) % game.players, closing)


def _check_round(
    game: Game,
    k: int,
    scheduled: int,
    dealer: int | None,
    recorded: State,
    fair: FairRecord | None,
    table: str | None,
    previous: State | None,
) -> str | None:
    """Why round k does not verify, or None."""
    if fair is None:
        return "it has no fair object"
    if fair["round"] != k:
        return f"its fair object is for round {fair['round'] + 1}, but it is round {k + 1} of the record"
    if fair["table"] != table:
        return f"its fair object is for table {fair['table']!r}, the rounds before it for table {table!r}"
    server_seed = bytes.fromhex(fair["server_seed"])
    if commitment(server_seed) != fair["commitment"]:
        return (
            f"commitment mismatch: the server seed's SHA-256 is {commitment(server_seed)},"
            f" the commitment {fair['commitment']}"
        )
    if dealer is None:
        return "the match was over before this round"
    if dealer != recorded.dealer:
        return f"dealer differs: the record says seat {recorded.dealer}, the match deals from seat {dealer}"
    seed = deal_seed(server_seed, fair["table"], k, fair["client_seeds"])
    deal = game.deal_round if k < scheduled else game.deal_closing_round
    return _deal_difference(deal(seed, dealer, k, previous), recorded)


def _deal_difference(dealt: State, recorded: State) -> str | None:
    """The first seat or pile where two deals differ, or None when they are the same."""
    again, have = dealt.deal_record(), recorded.deal_record()
    for key in dict.fromkeys([*again, *have]):
        want, got = again.get(key), have.get(key)
        if want == got:
            continue
        if key == "hands" and isinstance(want, list) and isinstance(got, list):
            for seat, (mine, theirs) in enumerate(zip(want, got, strict=True)):
                if mine != theirs:
                    only = " ".join(c for c in mine if c not in theirs) or " ".join(mine)
                    instead = " ".join(c for c in theirs if c not in mine) or " ".join(theirs)
                    return (
                        f"deal differs at seat {seat}'s hand: the seed deals {only}, the record has {instead}"
                    )
        return f"deal differs at {key}: the seed deals {want!r}, the record has {got!r}"
    return None
