"""Rififi worlds: the hidden cards of a view dealt at random, consistent with the play so far."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core.cards import BIT, parse_card
from ...core.tricks import hand_codes
from ...games.rififi.state import RififiState
from ..shared.worlds import (
    Place,
    codes_mask,
    deal_hidden,
    draw_world,
    forbidden_by_plays,
    replay,
    trick_log,
)

if TYPE_CHECKING:
    from ...games.rififi.rules import Rififi


def sample_world(game: Rififi, view: Mapping[str, Any], rng: random.Random) -> RififiState:
    """A round consistent with ``view``: the other hands and the undealt rest drawn at random, no
    seat holding a card its earlier plays rule out."""
    n, seat, dealer = game.players, view["seat"], view["dealer"]
    log, tricks, played = trick_log(view, n, n)
    own = codes_mask(view["hand"])
    trump_card = -1 if view["trump_card"] is None else parse_card(view["trump_card"])
    trump = trump_card // 13 if trump_card >= 0 else -1
    # when every card is dealt the turned card is the dealer's, until he plays it
    dealers_card = BIT[trump_card] if view["hand_size"] * n == len(game.pack_cards) else 0
    held_trump = dealers_card & ~played[dealer]
    known = own | sum(played) | (BIT[trump_card] if trump_card >= 0 else 0)
    pool = game.pack & ~known
    forbidden = forbidden_by_plays(tricks, game.follow, trump, 0, pool, n)
    others = [s for s in range(n) if s != seat]
    counts = [view["hand_counts"][s] - (1 if s == dealer and held_trump else 0) for s in others]
    places = [Place(c, pool & ~forbidden[s]) for s, c in zip(others, counts, strict=True)]
    places.append(Place(pool.bit_count() - sum(counts), pool))  # the undealt rest
    actions = [text for _, text in log]

    def attempt(rng: random.Random) -> RififiState | None:
        hidden = deal_hidden(pool, places, rng)
        if hidden is None:
            return None
        hands = [0] * n
        for s, h in zip(others, hidden, strict=False):
            hands[s] = h
        if seat is not None:
            hands[seat] = own
        hands[dealer] |= held_trump
        deal = {
            "hands": [hand_codes(hands[s] | played[s]) for s in range(n)],
            "trump_card": view["trump_card"],
        }
        world = replay(game, deal, dealer, actions)
        return world if isinstance(world, RififiState) else None

    return draw_world(view, rng, attempt)
