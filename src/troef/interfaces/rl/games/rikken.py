"""Rikken's RL kit.

- Observation: per seat its last call in the auction (spoken, then pass or the contract), the blind
  rond, the contract, declarer, the contract's players, partner, the called card (and whether called
  blind), who sits out, a face-down lead, the hands laid open and who took the queen of spades.
- Actions: 52 plays, 52 blind plays, the 8 calls (aces, or kings when holding four aces), the 4 blind
  calls (aces), 4 trumps, the 3 choices after everybody passed, pass, and every contract on the
  ladders.  A bid's or choice's per-action feature is its contract (``contracts.py``'s order).
- Rewards: a score ÷ 100.
- Bounds: every score is a sum of payments between two of the four seats that play (the ledger), so
  it is zero-sum.  A trick contract's amount A is paid by each opponent to each member of a side of
  one or two, or by the declarer alone to the (at most three) opponents: a seat moves at most 3A.  In
  a piek or misère each player settles ``single`` with each of the 3 others, and up to 3 other players
  settle with him: 6S.  B's joint settlement: each loser pays each winner (or the others), at most 3
  of them: 3J.  Schoppen-mie: each taker pays the 3 others; one seat may be both takers (unless the
  table pays once): 6 (or 3) x mie.  Een-of-vijf: at most 3 payers or payees: 3E.  The bound is the
  largest of these, with A the largest amount of any contract for 0..13 tricks.
- The longest round: a pass is final (at most 4), each bid either ranks above the highest (at most R
  raises, R the contracts the rules allow) or joins it (at most 3 per highest bid), then a choice, a
  trump, a call and 52 plays.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from ....core.actions import Action, make
from ....games.rikken.calling import ACES, KINGS
from ....games.rikken.contracts import CONTRACTS
from ....games.rikken.rules import Rikken
from ....games.rikken.scoring import ScoreTable
from ..shared.kit import Blocks, RLKit, of_game
from ..shared.vector import CARD, Values, Vector, View
from .shared import plays, trumps

if TYPE_CHECKING:
    from ..encode import Encoder

CONTRACT_NAMES: Final = tuple(CONTRACTS)
CHOICES: Final = ("schoppen-mie", "een-of-vijf", "noodrik")
"""The choices after everybody passed."""
BIDS: Final = tuple(name for name, c in CONTRACTS.items() if not c.is_pass_game)
"""Every contract a seat may bid."""


def actions(players: int) -> list[Action]:
    return [
        *plays(range(52)),
        *plays(range(52), blind=True),
        *(make("call", cards=(c,)) for c in (*ACES, *KINGS)),
        *(make("call", cards=(c,), blind=True) for c in ACES),
        *trumps(),
        *(make("choose", name) for name in CHOICES),
        make("pass"),
        *(make("bid", name) for name in BIDS),
    ]


def action_features(action: Action) -> Mapping[str, int]:
    """A bid's or choice's contract."""
    return {"contract": CONTRACT_NAMES.index(action.word)} if action.word in CONTRACTS else {}


def layout(players: int) -> Blocks:
    n = players
    return (
        ("auction", n * (len(BIDS) + 2)),
        ("blind_rond", 1),
        ("contract", len(CONTRACT_NAMES)),
        ("declarer", n),
        ("contract_players", n),
        ("partner", n),
        ("called", 52),
        ("called_blind", 1),
        ("sitting_out", n),
        ("blind_lead", 1),
        ("open_hands", n * 52),
        ("queen_of_spades", n),
    )


def encode(enc: Encoder, out: Values, view: View) -> None:
    o, me, n = enc.offsets, out.me, enc.players
    width = len(BIDS) + 2
    last = {entry["seat"]: entry["bid"] for entry in view["auction"]}  # each seat's last call
    for seat, bid in last.items():  # spoken, then pass or the contract
        start = o["auction"] + width * ((seat - me) % n)
        out.m[start] = 1.0
        out.m[start + 1 + (0 if bid == "pass" else 1 + BIDS.index(bid))] = 1.0
    out.m[o["blind_rond"]] = float(view["blind_rond"])
    if view["contract"]:
        out.m[o["contract"] + CONTRACT_NAMES.index(view["contract"])] = 1.0
    out.seat(o["declarer"], view["declarer"])
    out.seats(o["contract_players"], view["contract_players"])
    out.seat(o["partner"], view["partner"])
    if view["called"]:
        out.m[o["called"] + CARD[view["called"]]] = 1.0
    out.m[o["called_blind"]] = float(view["called_blind"])
    out.seat(o["sitting_out"], view["sitting_out"])
    out.m[o["blind_lead"]] = float(view["blind_lead"])
    for s, hand in enumerate(view["open_hands"]):
        if hand is not None:
            out.cards(o["open_hands"] + 52 * ((s - me) % n), hand)
    out.seat(o["queen_of_spades"], view["queen_of_spades"])


def direct(enc: Encoder, state: Any, me: int) -> Vector:
    if state.blind_lead:  # a card lies face down, hidden from all but the declarer: the view says how
        return enc.encode(state.view(me))
    out = enc.trick_state(state, me)
    view = {
        "auction": [{"seat": s, "bid": b} for s, b in state.auction.log],
        "blind_rond": state.auction.blind,
        **state.contract_view(),
        "blind_lead": False,
        "open_hands": state.open_hands(),
        "queen_of_spades": state.queen_of_spades(),
    }
    encode(enc, out, view)
    return out.vector()


def bounds(game: Rikken) -> tuple[float, float]:
    top = float(bound(game.table))
    return -top, top


def bound(table: ScoreTable) -> int:
    """The most a seat can win or lose in a round scored by ``table``."""
    tricks = max(
        scale.amount(CONTRACTS[name].target, t) for name, scale in table.tricks.items() for t in range(14)
    )
    joint = max(table.joint.values()) if table.joint else 0
    mie = table.mie * (1 if table.mie_once else 2)
    return max(3 * tricks, 6 * max(table.single.values()), 3 * joint, 3 * mie, 3 * table.een_of_vijf)


def max_game_length(game: Rikken) -> int:
    return 4 + 4 * len(game.bid_rules.rank) + 3 + 52


KIT = RLKit(
    game="rikken",
    phases=("bid", "choose", "trump", "call", "play", "over"),
    max_hand=lambda players: 13,
    actions=actions,
    layout=layout,
    encode=encode,
    direct=direct,
    reward_scale=lambda game: 100.0,
    bounds=of_game(Rikken, bounds),
    zero_sum=True,
    max_game_length=of_game(Rikken, max_game_length),
    action_blocks=(("contract", len(CONTRACT_NAMES)),),
    action_features=action_features,
)
