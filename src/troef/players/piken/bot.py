"""A heuristic Piken bot: it keeps its strong combinations for pots worth capturing, drops out with
its least useful card, and counts the cards that have been laid.

It sees only a seat's view.  The cards nobody has laid and it does not hold are *unseen*; the
strongest combination that they (limited to the most cards an opponent still in holds) could form
is the threat.  A play stronger than the threat is *safe*: it wins the round.  Every turn it weighs,
in cards, laying each play that beats the highest against dropping out:

- beating with a play wins the round with a chance (1 if safe), bringing the others' cards on the
  table plus about one card from every opponent still in; losing it gives away the bot's cards on
  the table and the play itself; winning costs the play's *usefulness* (cards in pairs, threes,
  straights, flushes are worth keeping for later pots);
- dropping out gives away its cards on the table and its least useful single card.

Leading is the same weighing with an empty table.  The middle cards are always drawn: a card more.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ...core.cards import bits
from ...games.piken.combos import (
    MAX_CARDS,
    NO_KEY,
    Combination,
    beats,
    classify,
    combinations,
    play_action,
    strongest,
)
from ...games.piken.order import FULL, parse_mask

UNSAFE_WIN: Final = 0.6
"""The chance that a play which unseen cards could beat still wins the round."""
KEEP: Final = 0.1
"""Usefulness of a card per step of the best combination type it is part of (pair 1 … royal flush 9)."""
RANK_WORTH: Final = 0.05
"""Usefulness of a card per rank above the seven."""


class PikenBot:
    """Heuristic Piken player."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Mapping[str, Any]) -> str:
        legal: list[str] = view["legal_actions"]
        if view["phase"] == "draw":
            return self.rng.choice([a for a in legal if a != "decline"])
        return play_action(Turn.from_view(view).choose().mask).text


@dataclass(frozen=True)
class Turn:
    """One decision in play: the hand, the threat (the strongest combination the others may still
    lay), the cards on the table that are the bot's and the others', how many opponents are still in
    and the key of the highest combination (`NO_KEY`: the bot leads)."""

    hand: int
    threat: int
    mine: int
    theirs: int
    opponents: int
    highest: int

    @property
    def options(self) -> tuple[tuple[Combination, float], ...]:
        """Every combination of the hand with its worth."""
        return options(self.hand)

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> Turn:
        """From a seat's view: the threat is the strongest combination of the unseen cards, of at most
        as many cards as an opponent still in holds."""
        seat: int = view["seat"]
        hand = parse_mask(view["hand"])
        table: list[Mapping[str, Any]] = view["table"]
        laid = [lay for r in view["history"] for lay in r["lays"]] + table
        unseen = FULL & ~hand & ~parse_mask(c for lay in laid for c in lay["cards"])
        others = [s for s in view["still_in"] if s != seat]
        counts: Sequence[int] = view["hand_counts"]
        threat = strongest(unseen, min(MAX_CARDS, max((counts[s] for s in others), default=0)))
        highest = view["highest"]
        return cls(
            hand,
            threat,
            sum(len(lay["cards"]) for lay in table if lay["seat"] == seat),
            sum(len(lay["cards"]) for lay in table if lay["seat"] != seat),
            len(others),
            classify(parse_mask(highest["cards"])) if highest else NO_KEY,
        )

    def value(self, combo: Combination, worth: float) -> float:
        """Expected cards gained by laying ``combo`` (its cards' usefulness ``worth``), against
        keeping the hand as it is."""
        lost = self.mine + combo.mask.bit_count() + worth
        if not beats(combo.key, self.highest):
            return -lost  # dropping out
        win = 1.0 if beats(combo.key, self.threat) else UNSAFE_WIN
        return win * (self.theirs + self.opponents - worth) - (1 - win) * lost

    def choose(self) -> Combination:
        return max(self.options, key=lambda option: self.value(*option))[0]


@functools.lru_cache(maxsize=4096)
def options(hand: int) -> tuple[tuple[Combination, float], ...]:
    """Every combination of ``hand`` with its worth: the usefulness of its cards."""
    plays = combinations(hand)
    useful = usefulness(plays)
    return tuple((combo, sum(useful[p] for p in bits(combo.mask))) for combo in plays)


def usefulness(plays: Sequence[Combination]) -> list[float]:
    """Per card: what keeping it is worth for later pots, from its rank and the best combination type
    it is part of."""
    best_type = [0] * 32
    for combo in plays:
        kind = combo.kind
        for p in bits(combo.mask):
            best_type[p] = max(best_type[p], kind)
    return [RANK_WORTH * (p >> 2) + KEEP * best_type[p] for p in range(32)]
