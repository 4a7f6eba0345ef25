"""Hoogjassen's RL kit.

- Observation: per seat in the auction (spoken, out, its last bid scaled), the bid, declarer, the
  lummel taken, ongedraaid, the lummel and the afleggers (as the seat sees them), the roem's cards
  and value, stuk, the target and each seat's points.  Points are divided by `POINTS` and capped at 1.
- Actions: a play per card of the 31-card pack, pass, the bids from the minimum (120 with four, 170
  with three) to the ``max_bid`` option's maximum (`MAX_BID`), the same bids declared last (option
  ``last_bid``), take-lummel, ongedraaid, 4 trumps, and every discard: each set of ``lummel size``
  cards of the pack (C(31,3) = 4,495 with 4 players, C(31,4) = 31,465 with 3).
- Rewards: a score ÷ 1000.
- Bounds: the declarer's result r = (points - contract) x factor, points in 0..250 (kapot 250), the
  contract ``bid - roem`` (no trick: the bid), factor 2 ongedraaid.  Roem counts from a hand of h
  cards: fours of different ranks are disjoint (at most h // 4, the jacks 200, the others 100), maximal
  runs are disjoint and hold 3 cards or more (at most h // 3, each 100 at most), one trump-king bonus
  (20) and stuk (20).  So r lies in [-2 max_bid, 2 (250 - min_bid + roem)]; the declarer scores
  r (n - 1), each other seat -r: zero-sum.
- The longest round: bids rise by 10 from the minimum to ``max_bid``, a pass each, the lummel choice,
  a pick per discarded card (OpenSpiel), trump and n h plays.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, Final

from ....core.actions import Action, make
from ....core.cards import CODES, bits
from ....games.hoogjassen.roem import FOURS, LONG_RUN, RUN_VALUES, STUK, TRUMP_KING_BONUS
from ....games.hoogjassen.rules import LUMMEL, MIN_BID, PACK_CARDS, Hoogjassen
from ....games.hoogjassen.scoring import KAPOT
from ....games.hoogjassen.state import auction_entry
from ..shared.kit import Blocks, RLKit, of_game
from ..shared.vector import Values, Vector, View
from .shared import plays, trumps

if TYPE_CHECKING:
    from ..encode import Encoder

MAX_BID: Final = 990
"""The ``max_bid`` option's maximum: the index holds every bid any rules allow."""
POINTS: Final = 200
"""A side's card points, roem and the target are divided by this and capped at 1."""


def actions(players: int) -> list[Action]:
    bids = range(MIN_BID[players], MAX_BID + 1, 10)
    return [
        *plays(PACK_CARDS),
        make("pass"),
        *(make("bid", str(b)) for b in bids),
        *(make("bid", str(b), last=True) for b in bids),
        make("take-lummel"),
        make("ongedraaid"),
        *trumps(),
        *(make("discard", cards=combo) for combo in itertools.combinations(PACK_CARDS, LUMMEL[players])),
    ]


def layout(players: int) -> Blocks:
    n = players
    return (
        ("auction", n * 3),
        ("bid", 2),
        ("declarer", n),
        ("lummel_taken", 1),
        ("ongedraaid", 1),
        ("lummel", 52),
        ("afleggers", 52),
        ("roem_cards", 52),
        ("roem", 1),
        ("stuk", 1),
        ("target", 2),
        ("points", n),
    )


def encode(enc: Encoder, out: Values, view: View) -> None:
    o, m, me, n = enc.offsets, out.m, out.me, enc.players
    low = MIN_BID[n]
    span = MAX_BID - low + 10

    def scaled(bid: int) -> float:  # the minimum bid -> 10 / span, the highest -> 1
        return min(1.0, max(0.0, (bid - low + 10) / span))

    gone: set[int] = set()  # the seats out of the auction: passed, or bid their last
    bids: dict[int, str] = {}  # per seat its last bid (a pass keeps it)
    for entry in view["auction"]:
        if entry["bid"] == "pass" or entry.get("last"):
            gone.add(entry["seat"])
        if entry["bid"] != "pass":
            bids[entry["seat"]] = entry["bid"]
    for seat in {entry["seat"] for entry in view["auction"]}:  # spoken, out, the bid scaled
        start = o["auction"] + 3 * ((seat - me) % n)
        m[start] = 1.0
        m[start + 1] = float(seat in gone)
        if seat in bids:
            m[start + 2] = scaled(int(bids[seat]))
    if view["bid"] is not None:
        m[o["bid"]] = 1.0
        m[o["bid"] + 1] = scaled(view["bid"])
    out.seat(o["declarer"], view["declarer"])
    m[o["lummel_taken"]] = float(view["lummel_taken"])
    m[o["ongedraaid"]] = float(view["ongedraaid"])
    out.cards(o["lummel"], view["lummel"])
    out.cards(o["afleggers"], view["afleggers"])
    out.cards(o["roem_cards"], (c for r in view["roem"] for c in r["cards"]))
    m[o["roem"]] = min(1.0, sum(r["value"] for r in view["roem"]) / POINTS)
    m[o["stuk"]] = float(view["stuk"])
    if view["target"] is not None:
        m[o["target"]] = 1.0
        m[o["target"] + 1] = min(1.0, max(0.0, view["target"] / POINTS))
    for side in view["sides"] or ():
        for s in side["seats"]:
            points = side["points"] or 0
            m[o["points"] + (s - me) % n] = min(1.0, points / POINTS)


def direct(enc: Encoder, state: Any, me: int) -> Vector:
    out = enc.trick_state(state, me)
    declarer = state.declarer
    lummel, afleggers = state.kept_cards(me)
    view = {
        "auction": [auction_entry(*call) for call in state.auction],
        "bid": state.bid or None,
        "declarer": declarer if declarer >= 0 else None,
        "lummel_taken": state.taken,
        "ongedraaid": state.ongedraaid,
        "lummel": [CODES[c] for c in bits(lummel)],
        "afleggers": [CODES[c] for c in bits(afleggers)],
        "roem": [{"cards": [CODES[c] for c in bits(r.cards)], "value": r.value} for r in state.roem],
        "stuk": state.stuk,
        "target": state.target(),
        "sides": state.sides(me),
    }
    encode(enc, out, view)
    return out.vector()


def bounds(game: Hoogjassen) -> tuple[float, float]:
    n = game.players
    high = 2 * (KAPOT - game.min_bid + max_roem(game.hand_size))
    low = -2 * game.max_bid
    return float(min(low * (n - 1), -high)), float(max(high * (n - 1), -low))


def max_roem(hand: int) -> int:
    """A bound on the roem of a hand of ``hand`` cards, stuk included."""
    fours = sorted((value for _, value in FOURS.values()), reverse=True)[: hand // 4]
    runs = max(*RUN_VALUES.values(), LONG_RUN) * (hand // 3)
    return sum(fours) + runs + TRUMP_KING_BONUS + STUK


def max_game_length(game: Hoogjassen) -> int:
    n = game.players
    bids = (game.max_bid - game.min_bid) // 10 + 1
    return bids + n + 1 + game.lummel_size + 1 + n * game.hand_size


KIT = RLKit(
    game="hoogjassen",
    phases=("bid", "lummel", "discard", "trump", "play", "over"),
    max_hand=lambda players: 13,
    actions=actions,
    layout=layout,
    encode=encode,
    direct=direct,
    reward_scale=lambda game: 1000.0,
    bounds=of_game(Hoogjassen, bounds),
    zero_sum=True,
    max_game_length=of_game(Hoogjassen, max_game_length),
)
