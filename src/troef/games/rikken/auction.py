"""Rikken's auction (``rikken.md`` section 3): who bids, which bids are legal and why, when it ends."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from ...core.actions import PASS, Action, make
from .contracts import ALLEEN, CONTRACTS, MISERE, RIK, STEP_REQUIREMENTS, TROELA

BIDS: Final = {name: make("bid", name) for name in CONTRACTS}


@dataclass(frozen=True)
class BidRules:
    """The options the auction needs, resolved once per game, and a memo of legal bids."""

    rank: dict[str, int]
    """every contract that may be bid, with its rank on the ladder"""
    step_rule: bool
    forced_fourth: bool
    forced_after_pass: bool
    """the forced fourth joins also when he has passed (3.6)"""
    legal_memo: dict[tuple[object, ...], tuple[Action, ...]] = field(default_factory=dict, compare=False)
    """legal bids by everything they depend on (see `Auction.legal`)"""


class Auction:
    """The bidding so far: who passed, the highest contract and who holds it (joiners in bid order),
    every contract bid, and who has made a bid.  In a ``blind`` round (B "blind rond") the first seat
    must bid rik or misère and the others may only bid misère."""

    __slots__ = ("bid", "blind", "holders", "log", "out", "rules", "seats", "spoken", "top")

    def __init__(self, rules: BidRules, seats: tuple[int, ...], players: int, blind: bool = False) -> None:
        self.rules = rules
        self.seats = seats
        self.blind = blind
        self.out = [False] * players
        self.spoken = [False] * players
        self.top = ""
        self.holders: list[int] = []
        self.bid: set[str] = set()
        self.log: list[tuple[int, str]] = []

    def copy(self) -> Auction:
        new = Auction(self.rules, self.seats, 0, self.blind)  # (compiled, only __init__ makes an Auction)
        new.top = self.top
        new.out, new.spoken, new.holders = self.out[:], self.spoken[:], self.holders[:]
        new.bid, new.log = set(self.bid), self.log[:]
        return new

    def forced(self, seat: int) -> bool:
        """B: three players hold the same piek/misère contract (or misère in a blind round), so
        ``seat`` must join it, also after passing unless the rules say otherwise (3.6)."""
        return (
            (self.rules.forced_fourth or self.blind)
            and len(self.holders) == 3
            and seat not in self.holders
            and CONTRACTS[self.top].joinable
            and (self.rules.forced_after_pass or not self.out[seat])
        )

    def legal(self, seat: int, aces: int) -> list[Action]:
        """The legal bids of ``seat`` (who holds ``aces`` aces), and pass unless forced or opening a
        blind round."""
        top = self.top
        if self.forced(seat):
            return [BIDS[top]]
        # Everything `reason` looks at, so equal keys have equal legal bids.
        key = (
            top,
            seat in self.holders,
            self.blind,
            self.blind_opening(seat),
            self.spoken[seat],
            aces == 3,
            frozenset(self.bid) if self.rules.step_rule else None,
        )
        memo = self.rules.legal_memo
        found = memo.get(key)
        if found is None:
            floor = (
                self.rules.rank[top] if top else -1
            )  # at or below the top bid only joining it can be legal
            candidates = [name for name, r in self.rules.rank.items() if r > floor or name == top]
            bids = [BIDS[name] for name in candidates if not self.reason(seat, name, aces)]
            found = memo[key] = tuple(bids) if self.blind_opening(seat) else (PASS, *bids)
        return list(found)

    def blind_opening(self, seat: int) -> bool:
        """``seat`` opens a blind round: he must bid rik or misère."""
        return self.blind and seat == self.seats[0] and not self.spoken[seat]

    def reason(self, seat: int, name: str, aces: int) -> str:
        """Why ``seat`` may not bid ``name`` now; empty when he may."""
        rank = self.rules.rank
        if self.forced(seat) and name != self.top:
            return f"three players play {self.top}: the fourth must join it"
        if self.blind_opening(seat):
            if name not in (RIK, MISERE):
                return "blind rond: the first player must bid rik or misère"
        elif self.blind and name not in ("pass", MISERE):
            return "blind rond: only misère may be bid"
        if name == "pass":
            return ""
        if name not in rank:
            known = name in CONTRACTS and not CONTRACTS[name].is_pass_game
            return f"{name} is not played by these rules" if known else f"there is no contract {name!r}"
        top = self.top
        if name == top and CONTRACTS[name].joinable and seat not in self.holders:
            return ""
        if top and rank[name] <= rank[top]:
            return f"a bid must rank above {top}"
        if CONTRACTS[name].family == ALLEEN and not top:
            return f"{name} is never an opening bid"
        needs = STEP_REQUIREMENTS.get(name, ())
        if self.rules.step_rule and needs and self.bid.isdisjoint(needs):
            return f"{name} needs {' or '.join(needs)} bid first (step rule)"
        if name == TROELA:
            if self.spoken[seat]:
                return "troela may only be a player's first bid"
            if aces != 3:
                return "troela needs exactly three aces"
        return ""

    def apply(self, seat: int, action: Action) -> None:
        """Record a legal bid or pass of ``seat``."""
        self.log.append((seat, action.word or action.kind))
        if action is PASS:
            self.out[seat] = True
            return
        name = action.word
        self.spoken[seat] = True
        self.bid.add(name)
        if name == self.top:
            self.holders.append(seat)
        else:
            self.top, self.holders = name, [seat]

    def over(self) -> bool:
        """Everybody passed, or everyone left holds the highest contract, and nobody must join it."""
        return all((self.out[s] or s in self.holders) and not self.forced(s) for s in self.seats)

    def next_bidder(self, seat: int) -> int:
        """A seat that must join (3.6) at once; else the next seat clockwise after ``seat`` that has
        not passed."""
        seats = self.seats
        for s in seats:
            if self.forced(s):
                return s
        i = seats.index(seat)
        for k in range(1, len(seats) + 1):
            s = seats[(i + k) % len(seats)]
            if not self.out[s]:
                return s
        return seat
