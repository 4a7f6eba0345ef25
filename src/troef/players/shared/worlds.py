"""Worlds: full rounds consistent with everything a seat's view shows, for bots that search.

A seat sees its own cards, what was played and the actions as it saw them (``view["actions"]``,
hidden cards written ``??``).  A *world* deals the cards it cannot see at random among the places
they may be (other hands, cards set aside, the undealt rest), respecting what play revealed (a seat that
did not follow suit is void in it), and replays the actions on that deal: the replay checks every
rule, so a world that breaks one is drawn again.  Each game's `Game.sample_world` builds on this.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from ...core.cards import BIT, HIDDEN, bits, mask_of, parse_card
from ...core.errors import GameError, IllegalAction, RecordError
from ...core.game import Game, State
from ...core.rand import shuffle
from ...core.tricks import FollowRule

S = TypeVar("S", bound=State)
ATTEMPTS = 200
"""How often a world is drawn before giving up (a view no deal fits is a bug, not bad luck)."""


@dataclass(frozen=True, slots=True)
class Place:
    """Where hidden cards may lie: ``count`` of them, only cards of ``allowed``."""

    count: int
    allowed: int


def logged(view: Mapping[str, Any]) -> list[tuple[int, str]]:
    """The view's actions as (seat, text)."""
    out = []
    for entry in view["actions"]:
        seat, text = entry.split(":", 1)
        out.append((int(seat), text))
    return out


def cards_of(text: str) -> list[int | None]:
    """The cards an action names, None for a hidden ``??``."""
    return [None if w == HIDDEN else parse_card(w) for w in text.split()[1:] if w != "blind"]


def codes_mask(codes: Sequence[str]) -> int:
    """The mask of a view's list of card codes (``??`` skipped)."""
    return mask_of(parse_card(c) for c in codes if c != HIDDEN)


def deal_hidden(pool: int, places: Sequence[Place], rng: random.Random) -> list[int] | None:
    """Deal the cards of ``pool`` over ``places`` (their counts add up to the pool's size), each card
    to a place that allows it; None if no such deal exists.  Each card goes to an allowing place
    with probability proportional to its room, so without constraints this is a uniform deal; the
    most constrained cards go first, and when that gets stuck a slower draw checks every step."""
    cards = list(bits(pool))
    options = {c: [i for i, p in enumerate(places) if p.allowed >> c & 1] for c in cards}
    for _ in range(QUICK_TRIES):
        shuffle(rng, cards)
        cards.sort(key=lambda c: len(options[c]))
        got = _deal_greedy(cards, options, [p.count for p in places], rng, None)
        if got is not None:
            return got
    shuffle(rng, cards)
    return _deal_greedy(cards, options, [p.count for p in places], rng, _Hall(options, places))


QUICK_TRIES = 8


def _deal_greedy(
    cards: Sequence[int],
    options: Mapping[int, list[int]],
    room: list[int],
    rng: random.Random,
    hall: _Hall | None,
) -> list[int] | None:
    got = [0] * len(room)
    if hall is not None and not hall.feasible(room):
        return None
    for c in cards:
        open_ = [i for i in options[c] if room[i]]
        if hall is not None:
            hall.take(c)
            open_ = [i for i in open_ if hall.feasible(room, i)]
        if not open_:
            return None
        pick = rng.choices(open_, [room[i] for i in open_])[0] if len(open_) > 1 else open_[0]
        room[pick] -= 1
        got[pick] |= BIT[c]
    return got


class _Hall:
    """Whether the cards still to deal fit the room left (Hall's condition over sets of places)."""

    def __init__(self, options: Mapping[int, list[int]], places: Sequence[Place]) -> None:
        self.places = len(places)
        self.signature = {c: sum(1 << i for i in opts) for c, opts in options.items()}
        self.left: dict[int, int] = {}
        for sig in self.signature.values():
            self.left[sig] = self.left.get(sig, 0) + 1

    def take(self, card: int) -> None:
        self.left[self.signature[card]] -= 1

    def feasible(self, room: Sequence[int], minus: int = -1) -> bool:
        """Every set of places has room for the cards that may only go there (one less room at
        place ``minus``)."""
        for subset in range(1, 1 << self.places):
            need = sum(k for sig, k in self.left.items() if sig & ~subset == 0)
            have = sum(room[i] for i in range(self.places) if subset >> i & 1) - (
                subset >> minus & 1 if minus >= 0 else 0
            )
            if need > have:
                return False
        return True


def replay(game: Game, deal: Mapping[str, Any], dealer: int, actions: Sequence[str]) -> State | None:
    """The round of ``deal`` after ``actions``; None if the deal does not allow them."""
    try:
        state = game.from_deal(deal, dealer)
        for text in actions:
            state.apply(text)
    except (IllegalAction, RecordError):
        return None
    return state


def draw_world(
    view: Mapping[str, Any], rng: random.Random, attempt: Callable[[random.Random], S | None]
) -> S:
    """Call ``attempt(rng)`` until it gives a world (see `ATTEMPTS`) in the view's phase with the
    view's player to act (the actions alone may not show that, e.g. a rikker who can call nobody)."""
    for _ in range(ATTEMPTS):
        world = attempt(rng)
        if (
            world is not None
            and world.phase == view["phase"]
            and world.current_player == view["current_player"]
        ):
            return world
    raise GameError(f"no deal fits the view of seat {view['seat']} after {view['actions']}")


Play = tuple[int, int | None, bool]
"""A logged play: (seat, card or None when face down, whether it was led blind)."""


def tricks_of(log: Sequence[tuple[int, str]], size: int) -> list[list[Play]]:
    """The plays of a trick game's log, grouped into tricks of ``size`` (the last may be short)."""
    plays = [
        (seat, cards_of(text)[0], text.endswith(" blind")) for seat, text in log if text.startswith("play ")
    ]
    return [plays[i : i + size] for i in range(0, len(plays), size)]


def trick_log(
    view: Mapping[str, Any], size: int, players: int
) -> tuple[list[tuple[int, str]], list[list[Play]], list[int]]:
    """A trick game's view read once: its actions as (seat, text), the plays grouped into tricks of
    ``size`` and, per seat, the cards it has been seen to play."""
    log = logged(view)
    tricks = tricks_of(log, size)
    return log, tricks, played_masks(tricks, players)


def played_masks(tricks: Sequence[Sequence[Play]], players: int) -> list[int]:
    """Per seat, the cards it has been seen to play."""
    out = [0] * players
    for trick in tricks:
        for seat, card, _ in trick:
            if card is not None:
                out[seat] |= BIT[card]
    return out


def forbidden_by_plays(
    tricks: Sequence[Sequence[Play]],
    follow: FollowRule,
    trump: int,
    exempt: int,
    pool: int,
    players: int,
    blind_led: int = -1,
) -> list[int]:
    """Per seat, the cards of ``pool`` it cannot hold given how it followed: a card it played would
    not have been legal had it held that card as well.  A trick led blind counts as led in suit
    ``blind_led``.  Hands only shrink during play, so what held at a trick still holds."""
    out = [0] * players
    for seat, card, led in off_suit(tricks, blind_led):  # following suit reveals nothing
        bit = BIT[card]
        for x in bits(pool & ~out[seat]):
            if not follow(bit | BIT[x], led, trump, exempt) & bit:
                out[seat] |= BIT[x]
    return out


def off_suit(tricks: Sequence[Sequence[Play]], blind_led: int = -1) -> Iterator[tuple[int, int, int]]:
    """Every card seen played to a trick led in another suit, as (seat, card, suit led); a trick led
    blind counts as led in suit ``blind_led``."""
    for trick in tricks:
        _, lead, blind = trick[0]
        led = blind_led if blind or lead is None else lead // 13  # only a card led blind is hidden
        for seat, card, _ in trick[1:]:
            if card is not None and card // 13 != led:
                yield seat, card, led
