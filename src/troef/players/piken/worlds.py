"""Piken worlds: the hidden cards of a view dealt at random, consistent with the middle-card draws.

Piken's cards are its own indices (``order.py``), so masks here are Piken masks.  Laying a
combination reveals nothing about the rest of a hand; what a view hides is the other hands, the
middle cards (drawn blind, seen only by their drawer; those nobody took are removed face down) and
where 7D and AC were dealt, which the view shows only through who was entitled to draw.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ...core.cards import bits
from ...games.piken.middle import POSITIONS, SPECIAL, opening
from ...games.piken.order import ACE_OF_SPADES, CODE, FULL, codes, parse_mask
from ...games.piken.state import PLAYERS, PikenState
from ..shared.worlds import Place, deal_hidden, draw_world, logged, replay

if TYPE_CHECKING:
    from ...games.piken.rules import Piken

SPECIALS = sum(1 << card for card in SPECIAL)


class Middle(NamedTuple):
    """Where 7D and AC were dealt (a seat, or ``PLAYERS + i`` for middle card ``i``) and who took
    each middle card (-1: nobody; it is removed, or still lies there)."""

    spots: tuple[int, ...]
    takers: tuple[int, ...]


def sample_world(game: Piken, view: Mapping[str, Any], rng: random.Random) -> PikenState:
    """A game consistent with ``view``: a placing of 7D and AC that gives the same entitled seats and
    draws, the other hands and the middle cards nobody took drawn at random, and as the card each
    other seat drew one of the plain cards it has held.  When nobody drew, AS lies with the first
    leader (or removed, when he is the dealer's left)."""
    seat, dealer = view["seat"], view["dealer"]
    log = logged(view)
    shown = [0] * PLAYERS  # the cards each seat is known to have held: laid, kept at the end, own
    for s, text in log:
        if text.startswith("play "):
            shown[s] |= parse_mask(text.split()[1:])
    for s, kept in enumerate(view.get("result", {}).get("details", {}).get("kept", [])):
        shown[s] |= parse_mask(kept)
    if seat is not None:
        shown[seat] |= parse_mask(view["hand"])
    drawn = parse_mask(view["drawn"])
    pool = FULL & ~sum(shown)
    middles = _middles(view, [(s, text) for s, text in log if not text.startswith("play ")], shown, drawn)
    others = [s for s in range(PLAYERS) if s != seat]
    leader = view["first_leader"]
    ace = 1 << ACE_OF_SPADES if leader is not None and not any(view["taken"]) else 0
    ace_out = ace if leader != (dealer + 1) % PLAYERS else 0  # AS removed: the dealer's left leads
    actions = [text for _, text in log]

    def attempt(rng: random.Random) -> PikenState | None:
        if not middles:
            return None
        spots, takers = rng.choice(middles)
        forced = [0] * PLAYERS
        for card, spot in zip(SPECIAL, spots, strict=True):
            final = spot if spot < PLAYERS else takers[spot - PLAYERS]
            if final >= 0 and pool >> card & 1:
                forced[final] |= 1 << card
        rest = pool & ~SPECIALS
        specials_out = sum(1 for spot in spots if spot >= PLAYERS and takers[spot - PLAYERS] < 0)
        places = [
            Place(view["hand_counts"][s] - forced[s].bit_count(), rest & ~(ace if s != leader else 0))
            for s in others
        ]
        places.append(Place(takers.count(-1) - specials_out, rest & ~ace_out))
        hidden = deal_hidden(rest, places, rng)
        if hidden is None:
            return None
        held = shown[:]
        for s, h in zip(others, hidden, strict=False):
            held[s] |= h | forced[s]
        middle = _middle_cards(spots, takers, held, drawn, seat, hidden[-1], rng)
        dealt = [
            held[s] & ~sum(1 << c for c, t in zip(middle, takers, strict=True) if t == s)
            for s in range(PLAYERS)
        ]
        deal = {"hands": [codes(h) for h in dealt], "middle": [CODE[c] for c in middle]}
        world = replay(game, deal, dealer, actions)
        return world if isinstance(world, PikenState) else None

    return draw_world(view, rng, attempt)


def _middles(
    view: Mapping[str, Any], draws: Sequence[tuple[int, str]], shown: Sequence[int], drawn: int
) -> list[Middle]:
    """Every placing of 7D and AC that gives the view's entitled seats and taken counts and puts
    each of them where the seat saw it (or, hidden, not with the seat)."""
    seat, entitled = view["seat"], set(view["entitled"])
    out = []
    for spots in itertools.product(range(PLAYERS + len(POSITIONS)), repeat=len(SPECIAL)):
        if spots[0] == spots[1] >= PLAYERS or {s for s in spots if s < PLAYERS} != entitled:
            continue  # (`opening` orders the entitled seats as the view does)
        hands, middle = [0] * PLAYERS, [-1] * len(POSITIONS)
        for card, spot in zip(SPECIAL, spots, strict=True):
            if spot < PLAYERS:
                hands[spot] |= 1 << card
            else:
                middle[spot - PLAYERS] = card
        start = opening(hands, middle, view["dealer"])
        takers = [start.takes_both] * len(POSITIONS)
        for s, text in draws:
            p = int(text.split()[1]) if text.startswith("draw ") else 0
            if p in POSITIONS and takers[p - 1] < 0:
                both = start.special_in_middle >= 0 and middle[p - 1] == start.special_in_middle
                for q in POSITIONS:
                    if q == p or (both and takers[q - 1] < 0):
                        takers[q - 1] = s
        if [takers.count(s) for s in range(PLAYERS)] != view["taken"]:
            continue
        if all(
            _seen_right(card, spot, spot if spot < PLAYERS else takers[spot - PLAYERS], shown, drawn, seat)
            for card, spot in zip(SPECIAL, spots, strict=True)
        ):
            out.append(Middle(spots, tuple(takers)))
    return out


def _seen_right(card: int, spot: int, final: int, shown: Sequence[int], drawn: int, seat: int | None) -> bool:
    """Whether 7D or AC dealt to ``spot``, ending with seat ``final`` (-1: nobody), fits what the seat
    saw: with the seat that showed it, else not with the seat itself, and drawn exactly when the
    seat saw itself draw it."""
    known = next((s for s in range(PLAYERS) if shown[s] >> card & 1), -1)
    if final != known and (known >= 0 or final == seat):
        return False
    return final != seat or bool(drawn >> card & 1) == (spot >= PLAYERS)


def _middle_cards(
    spots: Sequence[int],
    takers: Sequence[int],
    held: Sequence[int],
    drawn: int,
    seat: int | None,
    outside: int,
    rng: random.Random,
) -> list[int]:
    """The two middle cards: 7D or AC where they were dealt; the others the seat's own drawn cards,
    a plain card another taker has held, or for nobody's the ``outside`` cards."""
    middle = [-1] * len(POSITIONS)
    for card, spot in zip(SPECIAL, spots, strict=True):
        if spot >= PLAYERS:
            middle[spot - PLAYERS] = card
    for taker in dict.fromkeys(takers):
        at = [i for i, t in enumerate(takers) if t == taker and middle[i] < 0]
        source = outside if taker < 0 else drawn if taker == seat else held[taker]
        for i, card in zip(at, rng.sample(list(bits(source & ~SPECIALS)), len(at)), strict=True):
            middle[i] = card
    return middle
