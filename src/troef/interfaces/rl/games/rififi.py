"""Rififi's RL kit.

- Observation: the turned card, the hand size (÷ the most cards a hand holds, ``52 // players``) and
  per seat its bid (spoken, then the bid one-hot 0 .. ``52 // players``).
- Actions: 52 plays, then the bids 0 .. ``52 // players`` (the most cards a hand can hold).
- Rewards: a score ÷ the most an exact bid can score (10 + h² with the rififi scoring, h + 10 with
  tricks-plus-10, h the hand size): rewards lie in [-1, 1].
- Bounds: a score is ``points(bid, tricks)`` with bid and tricks in 0..h, so its extremes over that
  square are the bounds (the rififi scoring: 10 + h² and -h; tricks-plus-10: h + 10 and 0); not
  zero-sum.
- The longest round: n bids and n h plays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....core.actions import Action, make
from ....games.rififi.rules import Rififi
from ..shared.kit import Blocks, RLKit, of_game
from ..shared.vector import CARD, Values, Vector, View
from .shared import plays

if TYPE_CHECKING:
    from ..encode import Encoder


def max_hand(players: int) -> int:
    return 52 // players


def actions(players: int) -> list[Action]:
    return [*plays(range(52)), *(make("bid", str(n)) for n in range(max_hand(players) + 1))]


def layout(players: int) -> Blocks:
    return (("hand_size", 1), ("bids", players * (max_hand(players) + 2)))


def encode(enc: Encoder, out: Values, view: View) -> None:
    o = enc.offsets
    if view["trump_card"]:
        out.m[o["turned_card"] + CARD[view["trump_card"]]] = 1.0
    out.m[o["hand_size"]] = view["hand_size"] / enc.max_hand
    width = enc.max_hand + 2
    me, n = out.me, enc.players
    for s, bid in enumerate(view["bids"]):
        if bid is not None:
            start = o["bids"] + width * ((s - me) % n)
            out.m[start] = 1.0
            out.m[start + 1 + bid] = 1.0


def direct(enc: Encoder, state: Any, me: int) -> Vector:
    out = enc.trick_state(state, me)
    o, m = enc.offsets, out.m
    if state.trump_card >= 0:
        m[o["turned_card"] + state.trump_card] = 1.0
    m[o["hand_size"]] = state.hand_size / enc.max_hand
    width = enc.max_hand + 2
    for s, bid in enumerate(state.bids):
        if bid >= 0:
            start = o["bids"] + width * ((s - me) % enc.players)
            m[start] = 1.0
            m[start + 1 + bid] = 1.0
    return out.vector()


def reward_scale(game: Rififi) -> float:
    h = game.hand_size
    return float(10 + h * h if game.rules["scoring"] == "rififi" else h + 10)


def bounds(game: Rififi) -> tuple[float, float]:
    h = game.hand_size
    points = [game.points(b, t) for b in range(h + 1) for t in range(h + 1)]
    return float(min(points)), float(max(points))


def max_game_length(game: Rififi) -> int:
    return game.players * (1 + game.hand_size)


KIT = RLKit(
    game="rififi",
    phases=("bid", "play", "over"),
    max_hand=max_hand,
    actions=actions,
    layout=layout,
    encode=encode,
    direct=direct,
    reward_scale=of_game(Rififi, reward_scale),
    bounds=of_game(Rififi, bounds),
    zero_sum=False,
    max_game_length=of_game(Rififi, max_game_length),
)
