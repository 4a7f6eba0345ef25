"""Hoogjassen worlds: the hidden cards of a view dealt at random, consistent with the lummel, the
afleggers, the declarer's roem and stuk, and the voids that play revealed."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...core.cards import BIT, PACKS, RANKS, SUITS, bits, card_index, mask_of
from ...core.tricks import hand_codes
from ...games.hoogjassen.roem import NATURAL, Roem, roem_of
from ...games.hoogjassen.state import FOLLOW, HoogjassenState
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
    from ...games.hoogjassen.rules import Hoogjassen


def sample_world(game: Hoogjassen, view: Mapping[str, Any], rng: random.Random) -> HoogjassenState:
    """A round consistent with ``view``: the other hands, the lummel and (for the other seats) the
    afleggers drawn at random.  The declarer's hand when he named trump holds exactly his roem (the
    roem cards he has not played stay in his hand, no card extends a run, and a deal with any other
    roem is drawn again), and stuk shows whether he held the trump king and queen."""
    n, seat, dealer = game.players, view["seat"], view["dealer"]
    size = game.lummel_size
    log, tricks, played = trick_log(view, n, n)
    own = codes_mask(view["hand"])
    lummel, afleggers = codes_mask(view["lummel"]), codes_mask(view["afleggers"])
    declarer = -1 if view["declarer"] is None else view["declarer"]
    taken = view["lummel_taken"]
    hides_afleggers = taken and seat != declarer and any(a.startswith("discard ") for _, a in log)
    pool = PACKS["hoogjas31"].mask & ~(own | sum(played) | afleggers)
    trump = -1 if view["trump"] is None else SUITS.index(view["trump"])
    exempt = BIT[card_index(trump, "J")] if trump >= 0 else 0
    forbidden = forbidden_by_plays(tricks, FOLLOW, trump, exempt, pool, n)
    roem = tuple(Roem(r["name"], codes_mask(r["cards"]), r["value"]) for r in view["roem"])
    need = 0  # cards the declarer must still hold
    if trump >= 0 and seat != declarer:
        need, ruled_out = _declared(roem, view["stuk"], trump, played[declarer])
        forbidden[declarer] |= ruled_out
    pool &= ~need
    others = [s for s in range(n) if s != seat]
    counts = [view["hand_counts"][s] - (need.bit_count() if s == declarer else 0) for s in others]
    places = [Place(c, pool & ~forbidden[s]) for s, c in zip(others, counts, strict=True)]
    if not taken or hides_afleggers:
        places.append(Place(size, pool))  # the lummel untouched, or the afleggers laid face down
    actions = [text for _, text in log]
    discard_at = next((i for i, a in enumerate(actions) if a.startswith("discard ")), -1)

    def attempt(rng: random.Random) -> HoogjassenState | None:
        hidden = deal_hidden(pool, places, rng)
        if hidden is None:
            return None
        hands = [own if s == seat else 0 for s in range(n)]
        for s, h in zip(others, hidden, strict=False):
            hands[s] = h
        if declarer >= 0:
            hands[declarer] |= need
        if trump >= 0 and seat != declarer and roem_of(hands[declarer] | played[declarer], trump) != roem:
            return None
        dealt = [hands[s] | played[s] for s in range(n)]
        if not taken:
            kept = hidden[-1]
        else:
            laid = hidden[-1] if hides_afleggers else afleggers
            dealt[declarer] |= laid
            kept = lummel if seat == declarer else _pick(dealt[declarer], size, rng)
            dealt[declarer] &= ~kept
            if hides_afleggers:
                actions[discard_at] = " ".join(["discard", *hand_codes(laid)])
        deal = {"hands": [hand_codes(h) for h in dealt], "lummel": hand_codes(kept)}
        world = replay(game, deal, dealer, actions)
        return world if isinstance(world, HoogjassenState) else None

    return draw_world(view, rng, attempt)


def _declared(roem: Sequence[Roem], stuk: bool, trump: int, played: int) -> tuple[int, int]:
    """What the declarer's roem and stuk tell about his hand when he named trump (he has ``played``
    some of it since): the cards it still holds, and the cards it cannot have held."""
    held = ruled_out = 0
    for r in roem:
        held |= r.cards  # a card may count in a four and in a run
        if r.name.startswith("run "):
            suit = (r.cards.bit_length() - 1) // 13
            places = [NATURAL.index(RANKS[c % 13]) for c in bits(r.cards)]
            ends = [p for p in (min(places) - 1, max(places) + 1) if 0 <= p < len(NATURAL)]
            ruled_out |= mask_of(card_index(suit, NATURAL[p]) for p in ends)
    pair = BIT[card_index(trump, "K")] | BIT[card_index(trump, "Q")]
    if stuk:
        held |= pair
    elif played & pair:
        ruled_out |= pair & ~played
    return held & ~played, ruled_out


def _pick(mask: int, count: int, rng: random.Random) -> int:
    """``count`` cards of ``mask`` at random."""
    return mask_of(rng.sample(list(bits(mask)), count))
