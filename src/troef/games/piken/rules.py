"""Piken's preset `standaard` and the `Piken` game (``piken.md``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ...core.cards import CODES, PACKS, bits, shuffled
from ...core.chance import DealStep, round_robin, set_aside
from ...core.errors import RecordError
from ...core.game import Game, check_seed, deal_cards, deal_hands
from ...core.options import Option, Preset, _
from .order import index_of
from .state import PLAYERS, PikenState

PACK_CARDS: Final = tuple(bits(PACKS["piquet32"].mask))
HAND: Final = 10
MIDDLE: Final = 2
OPTIONS: Final[tuple[Option, ...]] = ()
PRESETS: Final = (
    Preset(
        "standaard",
        _("the German rulebook: 3 players, 32 cards, the 7♦ / A♣ middle draws"),
        label=_("standard"),
    ),
)
POWER: Final = tuple(index_of(card) + 1 for card in range(52))
"""Each card's place in Piken's order, 1 (7D) to 32 (AC); 0 for cards outside the pack."""


class Piken(Game):
    """Piken: lay poker combinations, beat the highest or drop out, take the round's cards."""

    name = "piken"
    title = _("Piken")
    options = OPTIONS
    presets = PRESETS
    min_players = PLAYERS
    max_players = PLAYERS
    default_players = PLAYERS

    def chance_pack(self) -> tuple[int, ...]:
        return PACK_CARDS

    def deal_steps(self, dealer: int) -> tuple[DealStep, ...]:
        """Ten cards to each player one at a time from the dealer's left, then the two middle cards
        (positions 1 and 2)."""
        return (*round_robin(self.seats_of(dealer), HAND), *set_aside("middle", MIDDLE))

    def card_power(self, trump: int) -> Sequence[int]:
        return POWER

    def deal(self, seed: object = None, dealer: object = 0) -> PikenState:
        """Shuffle; ten cards to each player from the dealer's left, the last two face down in the
        middle (positions 1 and 2)."""
        dealer = self.check_dealer(dealer)
        cards = [index_of(c) for c in shuffled(PACK_CARDS, check_seed(seed), len(PACK_CARDS) - 1)]
        hands = [0] * PLAYERS
        for k in range(PLAYERS):
            hands[(dealer + 1 + k) % PLAYERS] = sum(1 << p for p in cards[k * HAND : (k + 1) * HAND])
        middle = cards[PLAYERS * HAND :]
        return PikenState().new_round(self, dealer, tuple(hands), (middle[0], middle[1]))

    def from_deal(self, deal: Mapping[str, Any], dealer: int) -> PikenState:
        piles = [*deal_hands(deal, PLAYERS), deal_cards(deal.get("middle"), "deal.middle")]
        seen = 0
        for i, cards in enumerate(piles):
            where = f"deal.hands[{i}]" if i < PLAYERS else "deal.middle"
            size = HAND if i < PLAYERS else MIDDLE
            if len(cards) != size:
                raise RecordError(f"{where} must hold {size} cards, not {len(cards)}")
            for card in cards:
                p = index_of(card)
                if p < 0:
                    raise RecordError(f"{CODES[card]} in {where} is not in the 32-card Piken pack")
                if seen >> p & 1:
                    raise RecordError(f"{CODES[card]} is dealt twice")
                seen |= 1 << p
        masks = tuple(sum(1 << index_of(c) for c in cards) for cards in piles)
        middle = [index_of(c) for c in piles[PLAYERS]]
        return PikenState().new_round(self, dealer, masks[:PLAYERS], (middle[0], middle[1]))
