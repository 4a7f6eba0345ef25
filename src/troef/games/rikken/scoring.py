"""Rikken's two score tables as data and the settlement of a round (``rikken.md`` section 6).

Amounts are per opponent: every member of the winning side receives the amount
from every member of the losing side, so each round adds up to 0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Final


@dataclass(frozen=True)
class TrickScale:
    """The amount of a contract measured in tricks against its target."""

    made: int
    over: int
    """more per trick over the target"""
    failed: int
    under: int
    """more per trick below target - 1"""
    all13: int | None = None
    """the amount for all 13 tricks, when the table fixes one"""
    made_from: int | None = None
    """the tricks a made contract's amount is measured from (None: its target)"""

    def amount(self, target: int, tricks: int) -> int:
        if tricks >= target:
            if tricks == 13 and self.all13 is not None:
                return self.all13
            base = target if self.made_from is None else self.made_from
            return self.made + self.over * (tricks - base)
        return self.failed + self.under * (target - 1 - tricks)


@dataclass(frozen=True)
class ScoreTable:
    """One rule set's amounts."""

    tricks: Mapping[str, TrickScale]
    """per trick contract (rik, alleen, troela, kapot, slim, noodrik)"""
    single: Mapping[str, int]
    """piek and misère forms: the amount each player of the contract settles with each other player"""
    joint: Mapping[str, int] | None
    """B: the amount when several play the same piek/misère (sides settle); None: each settles alone"""
    mie: int
    """schoppen-mie: the taker of QS, and the taker of the last trick, pays this to each other player"""
    mie_once: bool
    """schoppen-mie: one player taking both pays once"""
    een_of_vijf: int
    alleen_from_target: Mapping[str, TrickScale] = field(default_factory=dict)
    """the N-alleen amounts measured from each contract's own target, where they differ (option
    ``alleen_as_rik`` off)"""

    def scaled(self, alleen_as_rik: bool) -> ScoreTable:
        """This table, or with ``alleen_as_rik`` off its alleen amounts measured from their targets."""
        return self if alleen_as_rik else replace(self, tricks={**self.tricks, **self.alleen_from_target})


def _alleen(scale: TrickScale, n: int) -> dict[str, TrickScale]:
    return {f"{n}-alleen": scale, f"{n}-alleen-beter": scale}


_K_BETER = TrickScale(30, 15, 10, 5)
_K_13 = TrickScale(210, 0, 70, 5)
_PIEK_MISERE = ("piek", "misere", "open-piek", "open-misere", "open-piek-praatje", "open-misere-praatje")

KAMPIOENSCHAP: Final = ScoreTable(
    tricks={
        "rik": TrickScale(10, 5, 10, 5, all13=70),
        "rik-beter": _K_BETER,
        **_alleen(_K_BETER, 8),
        **_alleen(TrickScale(60, 15, 25, 0), 9),
        **_alleen(TrickScale(90, 15, 40, 0), 10),
        **_alleen(TrickScale(120, 15, 50, 0), 11),
        **_alleen(TrickScale(150, 15, 55, 0), 12),
        **_alleen(_K_13, 13),
        # Decisions, for contracts K does not play (only reachable through options):
        # troela and noodrik score as rik; open kapot and slim as 13-alleen.
        "troela": TrickScale(10, 5, 10, 5, all13=70),
        "noodrik": TrickScale(10, 5, 10, 5),
        "13-open-kapot": _K_13,
        "13-open-kapot-beter": _K_13,
        "slim": _K_13,
    },
    single=dict(zip(_PIEK_MISERE, (15, 25, 40, 50, 55, 60), strict=True)),
    joint=None,
    mie=5,
    mie_once=False,
    een_of_vijf=10,
)


def _bsg_scale(target: int, made_from: int | None = None) -> TrickScale:
    """B: 5 in or out, 5 per trick over (from ``made_from``, by default the target) or under; 13
    tricks pays twice the 12-trick amount."""
    base = target if made_from is None else made_from
    twelve = 5 + 5 * (12 - base)
    return TrickScale(5, 5, 5, 5, all13=2 * twelve if base <= 12 else None, made_from=made_from)


def _bsg_alleen(made_from: int | None) -> dict[str, TrickScale]:
    """Every N-alleen(-beter) of B's table, made measured from ``made_from`` (None: from N)."""
    return {name: scale for n in range(8, 14) for name, scale in _alleen(_bsg_scale(n, made_from), n).items()}


_B_100 = TrickScale(100, 0, 100, 0)

BSG: Final = ScoreTable(
    tricks={
        "rik": _bsg_scale(8),
        "rik-beter": _bsg_scale(8),
        "troela": _bsg_scale(8),
        "noodrik": _bsg_scale(7),
        # Decision: a made N-alleen pays as a rik with the same tricks (B gives no figure)
        **_bsg_alleen(8),
        "13-open-kapot": _B_100,
        "13-open-kapot-beter": _B_100,
        "slim": _B_100,  # Decision: slim is not in B's table; it scores as open kapot
    },
    single=dict(zip(_PIEK_MISERE, (15, 25, 30, 50, 45, 75), strict=True)),
    joint=dict(zip(_PIEK_MISERE, (30, 50, 60, 100, 90, 150), strict=True)),
    mie=25,
    mie_once=True,
    een_of_vijf=10,  # Decision: B does not play een-of-vijf; K's amount
    alleen_from_target=_bsg_alleen(None),
)

TABLES: Final = {"kampioenschap": KAMPIOENSCHAP, "bsg": BSG}


class Ledger:
    """Scores of one round, changed only by payments between two seats (so they add up to 0)."""

    def __init__(self, players: int) -> None:
        self.scores = [0] * players

    def pay(self, payer: int, payee: int, amount: int) -> None:
        self.scores[payer] -= amount
        self.scores[payee] += amount

    def each_pays_each(self, payers: Sequence[int], payees: Sequence[int], amount: int) -> None:
        for payer in payers:
            for payee in payees:
                self.pay(payer, payee, amount)


def settle_side(
    ledger: Ledger, side: Sequence[int], opponents: Sequence[int], made: bool, amount: int
) -> None:
    """A trick contract: made, the side receives from the opponents; failed, its first player (the
    rikker or bidder) pays alone, the partner neither pays nor receives."""
    if made:
        ledger.each_pays_each(opponents, side, amount)
    else:
        ledger.each_pays_each(side[:1], opponents, amount)


def settle_piek_misere(
    ledger: Ledger,
    table: ScoreTable,
    name: str,
    players: Sequence[int],
    made: Mapping[int, bool],
    active: Sequence[int],
) -> None:
    """Piek and misère forms: alone, or (K) each player for himself, with each other player; with
    several players under B's table, as sides (all made, all failed, or the failed pay the made)."""
    others = [s for s in active if s not in players]
    if table.joint is None or len(players) == 1:
        amount = table.single[name]
        for p in players:
            rest = [q for q in active if q != p]
            if made[p]:
                ledger.each_pays_each(rest, [p], amount)
            else:
                ledger.each_pays_each([p], rest, amount)
        return
    amount = table.joint[name]
    winners = [p for p in players if made[p]]
    losers = [p for p in players if not made[p]]
    if not losers:
        ledger.each_pays_each(others, winners, amount)
    elif not winners:
        ledger.each_pays_each(losers, others, amount)
    else:
        ledger.each_pays_each(losers, winners, amount)


def settle_schoppen_mie(
    ledger: Ledger, table: ScoreTable, queen: int, last: int, active: Sequence[int]
) -> None:
    """The taker of QS and the taker of the last trick each pay every other player."""
    takers = [queen] if queen == last and table.mie_once else [queen, last]
    for taker in takers:
        ledger.each_pays_each([taker], [s for s in active if s != taker], table.mie)


def settle_een_of_vijf(
    ledger: Ledger, table: ScoreTable, winners: Sequence[int], active: Sequence[int]
) -> None:
    """Every player with exactly 1 or 5 tricks receives from every player with neither."""
    losers = [s for s in active if s not in winners]
    ledger.each_pays_each(losers, winners, table.een_of_vijf)
