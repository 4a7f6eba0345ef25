"""Minitrick's players: a heuristic bot, the world sampler and the search's play-outs, as a `PlayerKit`."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from troef.core.cards import CODES, parse_card
from troef.core.game import Game
from troef.core.tricks import FOLLOW_ELSE_ANY, hand_codes
from troef.players.shared.kit import PlayerKit, sampler
from troef.players.shared.playouts import WIN, Policy, greedy_card, trick_policy
from troef.players.shared.worlds import (
    Place,
    codes_mask,
    deal_hidden,
    draw_world,
    forbidden_by_plays,
    replay,
    trick_log,
)

from .rules import PACK_MASK, Minitrick, MinitrickState

POWER = tuple(range(52))
"""A card's cost to the play-outs: its strength (Q < K < A)."""


class MinitrickBot:
    """Takes the trick with its cheapest winning card, else throws its cheapest card; leads its highest."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        """``seed`` is unused: the bot is deterministic (a `BotFactory` takes one)."""

    def act(self, view: Mapping[str, Any]) -> str:
        cards = [parse_card(a.removeprefix("play ")) for a in view["legal_actions"]]
        if not view["trick"]:
            return "play " + CODES[max(cards)]
        led = parse_card(view["trick"][0]) // 13
        best = max(c for c in map(parse_card, view["trick"]) if c // 13 == led)
        winners = [c for c in cards if c // 13 == led and c > best]
        return "play " + CODES[min(winners or cards)]


def sample_world(game: Minitrick, view: Mapping[str, Any], rng: random.Random) -> MinitrickState:
    """A round consistent with ``view``: the other hands drawn at random, no seat holding a card of a
    suit it showed void in."""
    seat, dealer = view["seat"], view["dealer"]
    log, tricks, played = trick_log(view, 3, 3)
    own = codes_mask(view["hand"])
    pool = PACK_MASK & ~own & ~sum(played)
    forbidden = forbidden_by_plays(tricks, FOLLOW_ELSE_ANY, -1, 0, pool, 3)
    others = [s for s in range(3) if s != seat]
    places = [Place(view["hand_counts"][s], pool & ~forbidden[s]) for s in others]
    actions = [text for _, text in log]

    def attempt(rng: random.Random) -> MinitrickState | None:
        hidden = deal_hidden(pool, places, rng)
        if hidden is None:
            return None
        hands = [own if s == seat else 0 for s in range(3)]
        for s, hand in zip(others, hidden, strict=True):
            hands[s] = hand
        deal = {"hands": [hand_codes(hands[s] | played[s]) for s in range(3)]}
        world = replay(game, deal, dealer, actions)
        return world if isinstance(world, MinitrickState) else None

    return draw_world(view, rng, attempt)


def playout(game: Game, seed: int) -> Policy:
    """Every seat tries to take every trick, reading only its own hand."""

    def card(state: MinitrickState) -> int:
        hidden = sum(state.hands) & ~state.hands[state.actor]
        return greedy_card(state, WIN, POWER, hidden=hidden)

    return trick_policy((), card)


KIT = PlayerKit(
    game="minitrick",
    heuristic=MinitrickBot,
    sample_world=sampler(Minitrick, sample_world),
    playout=playout,
    normal_worlds=16,
    alone=True,
)
