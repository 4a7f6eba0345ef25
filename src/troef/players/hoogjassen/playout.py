"""Hoogjassen's play-out policy for the search bots: the heuristic's bidding, lummel, discard and
trump (read straight from the world), then greedy play for points: win tricks cheaply, spek a
partner's safe trick.  And the actions worth searching."""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from typing import Any, Final

from ...core.actions import PASS, Action, make
from ...core.cards import mask_of, parse_card
from ...core.game import Game, State
from ...core.tricks import PLAYS
from ...games.hoogjassen.ranks import trump_power
from ...games.hoogjassen.scoring import card_points
from ...games.hoogjassen.state import (
    BID,
    BIDS,
    DISCARD,
    LUMMEL,
    ONGEDRAAID,
    TAKE_LUMMEL,
    TRUMPS,
    HoogjassenState,
)
from ..shared.playouts import WIN, Policy, greedy_card
from .bot import best_trump, bid_limit, discards_by_value, plays_ongedraaid

BIDS_SEARCHED: Final = 4
"""A search weighs passing against this many of the lowest legal bids (jumps are never needed)."""
DISCARDS_SEARCHED: Final = 6
"""A search weighs this many of the discards the heuristic values most."""
DECLARER_EDGE: Final = 10
"""Points of result that a declarer makes at the table beyond what the play-outs give him: the search
bots play better than the greedy play-outs, the declarer the most (measured, ``docs/bots.md``)."""


@functools.cache
def costs(trump: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """With ``trump`` named: each card's cost (points first, then strength, trumps dearer) and its
    worth when thrown on a partner's trick (points; trumps are kept)."""
    points, power = card_points(trump), trump_power(trump)
    cost = tuple(points[c] * 100 + power[c] + (50 if c // 13 == trump else 0) for c in range(52))
    feed = tuple(points[c] if c // 13 != trump else -1 for c in range(52))
    return cost, feed


def before_play(state: HoogjassenState) -> Action:
    """The heuristic's choice before play, from the hand in the world."""
    seat = state.actor
    hand, n, game = state.hands[seat], state.n, state.game
    if state.phase == BID:
        low = max(game.min_bid, state.bid + 10)
        return BIDS[low] if low <= min(game.max_bid, bid_limit(hand, n)) else PASS
    if state.phase == LUMMEL:
        return ONGEDRAAID if plays_ongedraaid(hand, n, state.bid) else TAKE_LUMMEL
    if state.phase == DISCARD:
        return make("discard", cards=discards_by_value(hand, n, game.lummel_size)[0])
    return TRUMPS[best_trump(hand, n)]


def policy(game: Game, seed: int) -> Policy:
    """Before play as the heuristic; in play every seat goes for the trick's points, the declarer
    and his opponents alike."""

    def choose(state: State, rng: random.Random) -> Action:
        assert isinstance(state, HoogjassenState)
        if not state.in_play:
            return before_play(state)
        return PLAYS[greedy_card(state, WIN, *costs(state.trump))]

    return choose


def appraise(state: State) -> list[float]:
    """The scores, with `DECLARER_EDGE` added to a declarer's result (each opponent pays it): what a
    play-out of the bidding is worth, so that a search does not bid too little."""
    assert isinstance(state, HoogjassenState)
    scores = state.final_scores()
    declarer = state.bidder
    if declarer < 0:
        return scores
    return [
        s + (DECLARER_EDGE * (state.n - 1) if seat == declarer else -DECLARER_EDGE)
        for seat, s in enumerate(scores)
    ]


def candidates(view: Mapping[str, Any]) -> list[str]:
    """The actions worth searching: passing and the lowest bids; the best discards by value."""
    legal: list[str] = view["legal_actions"]
    if view["phase"] == "bid":
        return legal[: 1 + BIDS_SEARCHED]
    if view["phase"] == "discard":
        hand = mask_of(parse_card(c) for c in view["hand"])
        best = discards_by_value(hand, view["players"], len(view["lummel"]))
        return [make("discard", cards=combo).text for combo in best[:DISCARDS_SEARCHED]]
    return legal
