"""Rikken worlds: the hidden cards of a view dealt at random among the playing seats, consistent with
the auction, the call and the play so far (``rikken.md``).

Dealt directly: what play revealed (a seat that did not follow is void in the led suit; a trick led
blind counts as led in the called suit), the hands laid open, the card laid face down (one more
hidden card of the rikker's), the called card never the rikker's (after a blind call, none of its
suit), nor of a seat that played another card to a trick of the called suit, all four aces the
rikker's when he called a king and the non-trump aces his when he could call nobody, exactly three
aces for a troela bidder (troela's partner the fourth, not of the trump suit), and in schoppen-mie
no queen of spades with a seat that did not follow after trick 3.  Left to the replay: that the
rikker holds a card of the suit he called openly (none to call openly, when calling blind), a
four-ace rikker who could call nobody, and schoppen-mie's all-spades exceptions.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import reduce
from operator import or_
from typing import TYPE_CHECKING, Any

from ...core.cards import BIT, CODES, FULL_MASK, HIDDEN, SUIT_MASKS, SUITS, bits, mask_of, parse_card
from ...core.tricks import FOLLOW_RULES, hand_codes
from ...games.rikken.calling import ACES, KINGS
from ...games.rikken.contracts import CONTRACTS, SCHOPPEN_MIE, TROELA
from ...games.rikken.state import OVER, PLAY, QUEEN_OF_SPADES, RikkenState
from ..shared.worlds import (
    Place,
    Play,
    codes_mask,
    deal_hidden,
    draw_world,
    forbidden_by_plays,
    replay,
    trick_log,
)

if TYPE_CHECKING:
    from ...games.rikken.rules import Rikken

ALL_ACES = mask_of(ACES)
BLIND_HIDDEN = f"play {HIDDEN} blind"
"""The card the rikker laid face down, as the others see it while its trick is on the table."""

Split = tuple[list[int], list[int]]
"""Per seat, the hidden cards it must hold and those it cannot hold."""


def sample_world(game: Rikken, view: Mapping[str, Any], rng: random.Random) -> RikkenState:
    """A round consistent with ``view``: the cards it hides dealt at random among the playing seats,
    each seat's share respecting what the auction, the call and the play revealed."""
    n, seat, dealer = game.players, view["seat"], view["dealer"]
    log, tricks, played = trick_log(view, 4, n)
    known = [0] * n  # the cards seen in hands now: the seat's own and the open ones
    if seat is not None:
        known[seat] = codes_mask(view["hand"])
    for s, hand in enumerate(view["open_hands"]):
        if hand is not None:
            known[s] = codes_mask(hand)
    pool = FULL_MASK & ~reduce(or_, known + played)
    contract = CONTRACTS[view["contract"]] if view["contract"] else None
    trump = -1 if view["trump"] is None else SUITS.index(view["trump"])
    called = -1 if view["called"] is None else parse_card(view["called"])
    declarer = -1 if view["declarer"] is None else view["declarer"]
    blind_led = called // 13 if called >= 0 else -1
    forbidden = forbidden_by_plays(tricks, FOLLOW_RULES["follow-else-any"], trump, 0, pool, n, blind_led)
    fixed = [0] * n
    if called >= 0:
        _call(
            (fixed, forbidden), tricks, played[declarer], pool, declarer, called, view["called_blind"], trump
        )
    elif contract is not None and contract.calls_partner and view["phase"] in (PLAY, OVER):
        # he could call nobody (4.3): he holds the ace of every non-trump suit
        fixed[declarer] |= ALL_ACES & pool & ~(SUIT_MASKS[trump] if trump >= 0 else 0)
    if contract is not None and contract.family == SCHOPPEN_MIE and game.rules["queen_must_go"]:
        _queen_must_go(forbidden, tricks)
    partner = view["partner"] if contract is not None and contract.family == TROELA else None
    splits = _troela(log, known, played, pool, (fixed, forbidden), partner, trump)
    others = [s for s in game.seats_of(dealer) if s != seat]
    actions = [text for _, text in log]
    blind_at = actions.index(BLIND_HIDDEN) if BLIND_HIDDEN in actions else -1
    laid = [int(s == declarer and blind_at >= 0) for s in range(n)]  # the card laid face down
    counts = [view["hand_counts"][s] + laid[s] - known[s].bit_count() for s in others]

    def attempt(rng: random.Random) -> RikkenState | None:
        must, cannot = rng.choice(splits)
        rest = pool & ~reduce(or_, must)
        room = [c - must[s].bit_count() for s, c in zip(others, counts, strict=True)]
        if min(room, default=0) < 0:  # a view no deal fits
            return None
        places = [Place(r, rest & ~cannot[s]) for s, r in zip(others, room, strict=True)]
        hidden = deal_hidden(rest, places, rng)
        if hidden is None:
            return None
        hands = [known[s] | played[s] | must[s] for s in range(n)]
        for s, h in zip(others, hidden, strict=True):
            hands[s] |= h
        replayed = actions
        if blind_at >= 0:  # the card he laid face down: any of his hidden cards
            replayed = actions[:]
            replayed[blind_at] = f"play {CODES[rng.choice(list(bits(hands[declarer] & pool)))]} blind"
        deal: dict[str, Any] = {"hands": [hand_codes(h) for h in hands]}
        if view["blind_rond"]:
            deal["blind_rond"] = True
        world = replay(game, deal, dealer, replayed)
        return world if isinstance(world, RikkenState) else None

    return draw_world(view, rng, attempt)


def _call(
    split: Split,
    tricks: Sequence[Sequence[Play]],
    his: int,
    pool: int,
    declarer: int,
    called: int,
    blind: bool,
    trump: int,
) -> None:
    """What the call shows (section 4): the rikker, who played ``his``, does not hold the called card;
    he holds all four aces when he called a king; called blind, he is void in its suit and, in every
    other non-trump suit, void or holding its ace.  The holder of the called card plays it to a
    trick of its suit that another seat leads (4.4, 4.5)."""
    must, cannot = split
    suit = called // 13
    if called in KINGS:
        must[declarer] |= ALL_ACES & pool
    if not blind:
        cannot[declarer] |= BIT[called]
    else:
        cannot[declarer] |= SUIT_MASKS[suit]
        for other in range(4):
            ace = BIT[ACES[other]]
            if other in (suit, trump):
                continue
            if ace & pool and his & SUIT_MASKS[other]:  # not void in it: the ace is his
                must[declarer] |= ace
            elif not ace & (pool | his):  # the ace is another's: he was void in it
                cannot[declarer] |= SUIT_MASKS[other]
    for trick in tricks:
        _, lead, face_down = trick[0]
        if face_down or (lead is not None and lead // 13 == suit):
            for s, _, _ in trick[1:]:
                cannot[s] |= BIT[called]


def _queen_must_go(forbidden: list[int], tricks: Sequence[Sequence[Play]]) -> None:
    """Schoppen-mie: from trick 4 on, the holder of the queen of spades plays it when he cannot
    follow suit (5.6)."""
    for trick in tricks[3:]:
        lead = trick[0][1]
        assert lead is not None  # nothing is played blind in schoppen-mie
        led = lead // 13
        for s, card, _ in trick[1:]:
            if card is not None and card // 13 != led:
                forbidden[s] |= BIT[QUEEN_OF_SPADES]


def _troela(
    log: Sequence[tuple[int, str]],
    known: Sequence[int],
    played: Sequence[int],
    pool: int,
    split: Split,
    partner: int | None,
    trump: int,
) -> list[Split]:
    """The ways to give a troela bidder exactly three aces (3.4), one per hidden ace he may lack (a
    world picks one, each equally likely): that one troela's ``partner``'s when he is known, and not
    of the trump suit; just ``split`` without a troela bid."""
    bidder = next((s for s, text in log if text == "bid troela"), None)
    if bidder is None:
        return [split]
    must, cannot = split
    hidden = ALL_ACES & pool
    if ALL_ACES & ~pool & ~(known[bidder] | played[bidder]):  # the fourth ace is seen elsewhere
        return [([m | hidden if s == bidder else m for s, m in enumerate(must)], cannot)]
    out = []
    for ace in bits(hidden):
        his = hidden & ~BIT[ace]
        if his & cannot[bidder] or (partner is not None and ace // 13 == trump):
            continue
        if partner is None:
            out.append(
                (
                    [m | his if s == bidder else m for s, m in enumerate(must)],
                    [c | BIT[ace] if s == bidder else c for s, c in enumerate(cannot)],
                )
            )
        elif not cannot[partner] >> ace & 1:
            gets = {bidder: his, partner: BIT[ace]}
            out.append(([m | gets.get(s, 0) for s, m in enumerate(must)], cannot))
    return out or [split]
