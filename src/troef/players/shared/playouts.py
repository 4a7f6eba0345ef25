"""Fast play-outs for the search bots: a greedy card player for the trick games, on the full state.

Inside determinized search every card of a world is known, so a play-out policy may look at every
hand (or, given the cards a seat cannot see, play as if it could not).  `greedy_card` plays the
current trick for a seat that wants to win it (``aim`` `WIN`), to lose it (`LOSE`) or does not mind
(`ANY`):

- wanting it, it leaves a trick to an ally that nobody against them can still beat (throwing its
  most valuable card by ``feed`` when the game counts card points), else
  takes it with its cheapest card that nobody against it can still beat, else gives its cheapest;
- not wanting it, it ducks with its dearest card that loses, else plays its dearest card that a
  later player can still beat, else its cheapest;
- leading, it leads its cheapest card that nobody against it can beat (wanting the trick) or its
  dearest card that somebody can beat (not wanting it), else its cheapest.

Each game says what a seat wants and what its cards cost (`Policy` in ``players/<game>/playout.py``).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...core.actions import Action
from ...core.cards import bits, highest
from ...core.game import State
from ...core.tricks import PLAYS, TrickState

WIN, ANY, LOSE = 1, 0, -1
Policy = Callable[[State, random.Random], Action | str]
"""Picks the action of the current player of a (not finished) world: an `Action` or its text."""


def greedy_card(
    state: TrickState,
    aim: int,
    cost: Sequence[int],
    feed: Sequence[int] | None = None,
    hidden: int | None = None,
) -> int:
    """The card the current player plays (see the module docstring); ``state`` is in play.  With
    ``hidden`` (a mask: the cards the player cannot see) it does not read the other hands: every
    later player against it might hold any of those cards."""
    seat = state.actor
    legal = list(bits(state.playable(seat)))
    if len(legal) == 1:
        return legal[0]
    cheapest = min(legal, key=cost.__getitem__)
    if aim == ANY:
        return cheapest
    hands, trick, follow, trump, exempt = state.hands, state.trick, state.follow, state.trump, state.exempt
    allies = state.allies(seat)
    order = state.order[state.leader]
    if not trick:
        enemies = [p for p in order[1:] if not allies >> p & 1]
        threat = {}  # per suit led: the strongest card an enemy can play to it
        chosen = []
        for c in legal:
            led = c // 13
            strength = state.keys[led]
            if led not in threat:
                held = [hands[p] for p in enemies] if hidden is None else [hidden] if enemies else []
                tops = [highest(follow(h, led, trump, exempt), strength) for h in held]
                threat[led] = max(tops, default=0)
            if (threat[led] > strength[c]) == (aim == LOSE):
                chosen.append(c)
        if not chosen:
            return cheapest
        return min(chosen, key=cost.__getitem__) if aim == WIN else max(chosen, key=cost.__getitem__)
    led = state.led_suit()
    strength = state.keys[led]
    best_i = max(range(len(trick)), key=lambda i: strength[trick[i]])
    best = strength[trick[best_i]]
    enemy = later = 0
    unseen = highest(follow(hidden, led, trump, exempt), strength) if hidden is not None else 0
    for p in order[len(trick) + 1 :]:
        t = highest(follow(hands[p], led, trump, exempt), strength) if hidden is None else unseen
        later = max(later, t)
        if not allies >> p & 1:
            enemy = max(enemy, t)
    if aim == WIN:
        if allies >> order[best_i] & 1 and best > enemy:
            return max(legal, key=feed.__getitem__) if feed is not None else cheapest
        safe = [c for c in legal if strength[c] > best and strength[c] > enemy]
        return min(safe, key=cost.__getitem__) if safe else cheapest
    losing = [c for c in legal if strength[c] < best] or [c for c in legal if strength[c] < later]
    return max(losing, key=cost.__getitem__) if losing else cheapest


Chooser = Callable[[Mapping[str, Any]], str]
"""A bot's ``act``: from a seat's view to an action's text."""


def trick_policy(before_play: Sequence[Chooser], card: Callable[[Any], int]) -> Policy:
    """A play-out policy for a trick game: before play each seat's ``before_play`` decides from its
    view (bids, calls, exchanges are few); in play ``card(state)`` picks the card."""

    def choose(state: State, rng: random.Random) -> Action | str:
        seat = state.actor
        if isinstance(state, TrickState) and state.in_play:
            return PLAYS[card(state)]
        return before_play[seat](state.view(seat))

    return choose


@functools.cache
def trump_costs(power: tuple[int, ...], trump: int) -> tuple[int, ...]:
    """Cards from cheapest to dearest: by strength in their suit, trumps above every other suit."""
    return tuple(power[c] + (100 if c // 13 == trump else 0) for c in range(52))
