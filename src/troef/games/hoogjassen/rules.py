"""Hoogjassen's options, the preset `standaard` and the `Hoogjassen` game (``hoogjassen.md``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ...core.cards import BIT, CODES, PACKS, bits, mask_of, shuffled
from ...core.chance import DealStep, round_robin, set_aside
from ...core.errors import RecordError
from ...core.game import Game, Money, Result, check_seed, deal_cards, deal_hands
from ...core.options import Option, Preset, _
from .pot import match_money
from .ranks import trump_power
from .state import HoogjassenState

PACK: Final = PACKS["hoogjas31"].mask
PACK_CARDS: Final = tuple(bits(PACK))
MIN_BID: Final = {4: 120, 3: 170}
LUMMEL: Final = {4: 3, 3: 4}
PACKETS: Final = {
    4: (("lummel", 3), ("hands", 3), ("hands", 4)),
    3: (("lummel", 2), ("hands", 3), ("lummel", 2), ("hands", 3), ("hands", 3)),
}
"""The order of dealing (rule 1.2; with three players the rulebook's chapter 10)."""

OPTIONS: Final = (
    Option(
        "dealer_rule",
        str,
        "declarer",
        _("who deals the next round: the declarer of the round just played, or the next player clockwise"),
        ("declarer", "rotate"),
        label=_("Next dealer"),
        choice_labels={"declarer": _("the declarer"), "rotate": _("the next player clockwise")},
    ),
    Option("max_bid", int, 500, _("the highest bid"), minimum=170, maximum=990, label=_("Highest bid")),
    Option(
        "pot",
        bool,
        True,
        _("play with a pot: erin puts a stake in, kapot takes one out (doubled ongedraaid)"),
        label=_("Pot"),
    ),
    Option(
        "pot_stake_cents",
        int,
        100,
        _("the pot's stake in cents: what every player puts in at the start, erin pays and kapot takes"),
        minimum=1,
        maximum=100_000,
        label=_("Pot stake in cents"),
    ),
    Option(
        "cents_per_ten",
        int,
        5,
        _("the money value of ten points on the match sheet, in cents"),
        minimum=0,
        maximum=10_000,
        label=_("Cents per ten points"),
    ),
    Option(
        "last_bid",
        bool,
        False,
        _("a bid may be declared the bidder's last (één keer twintig)"),
        label=_("Last bid"),
    ),
    Option(
        "memory_aids",
        bool,
        False,
        _("for learners: the finished tricks and the card points taken stay in sight during the round"),
        label=_("Memory aids"),
    ),
)

PRESETS: Final = (
    Preset("standaard", _("the Brabant rulebook; 3 players: its chapter 10"), label=_("standard")),
)


ACTION_KINDS: Final = {"take-lummel": (0, 0), "ongedraaid": (0, 0)}
"""The declarer's choice after the auction: take the lummel, or play without it (notation.md)."""


class Hoogjassen(Game):
    """Hoogjassen: bid points, take the lummel, name trump, lower the contract by roem."""

    name = "hoogjassen"
    title = _("Hoogjassen")
    action_kinds = ACTION_KINDS
    options = OPTIONS
    presets = PRESETS
    min_players = 3
    max_players = 4
    default_players = 4

    def __init__(self, rules: object = None, players: object = None) -> None:
        super().__init__(rules, players)
        self.min_bid = MIN_BID[self.players]
        self.max_bid = int(self.rules["max_bid"])
        self.last_bid = bool(self.rules["last_bid"])
        self.lummel_size = LUMMEL[self.players]
        self.hand_size = (len(PACK_CARDS) - self.lummel_size) // self.players

    def card_power(self, trump: int) -> Sequence[int]:
        return trump_power(trump)

    def chance_pack(self) -> tuple[int, ...]:
        return PACK_CARDS

    def deal_steps(self, dealer: int) -> tuple[DealStep, ...]:
        """The hands one card at a time from the dealer's left (not in the rulebook's packets: the same
        hands for the same cards drawn), then the lummel."""
        steps = round_robin(self.seats_of(dealer), self.hand_size)
        return (*steps, *set_aside("lummel", self.lummel_size))

    def deal(self, seed: object = None, dealer: object = 0) -> HoogjassenState:
        """Shuffle; the lummel and the hands in the rulebook's packets, from the dealer's left."""
        dealer = self.check_dealer(dealer)
        cards = shuffled(PACK_CARDS, check_seed(seed), len(PACK_CARDS) - 1)
        n = self.players
        hands = [0] * n
        lummel = 0
        top = 0
        for pile, size in PACKETS[n]:
            if pile == "lummel":
                lummel |= mask_of(cards[top : top + size])
                top += size
                continue
            for k in range(1, n + 1):
                hands[(dealer + k) % n] |= mask_of(cards[top : top + size])
                top += size
        return HoogjassenState().new_round(self, dealer, tuple(hands), lummel)

    def duplicate_refusal(self) -> str | None:
        return "after a redeal the deal passes to the dealer's right, which differs from table to table"

    def next_dealer(self, dealer: int, result: Result) -> int:
        """Rule 1.3: after a redeal the player to the dealer's right; else the declarer (or, with
        ``dealer_rule: rotate``, the next player clockwise)."""
        details = result.get("details", {})
        if details.get("redeal"):
            return (dealer - 1) % self.players
        if self.rules["dealer_rule"] == "declarer":
            declarer: int = details["declarer"]
            return declarer
        return (dealer + 1) % self.players

    def money(self, points: int) -> float | None:
        """Cents for ``points`` at the rules' ``cents_per_ten`` (rule 6.5)."""
        return points * int(self.rules["cents_per_ten"]) / 10

    def match_money(self, results: Sequence[Result], first_dealer: int, over: bool) -> Money:
        """Rule 6.5: the points' money, the stakes, the pot's payments and, at the end, its share."""
        stake = int(self.rules["pot_stake_cents"]) if self.rules["pot"] else 0
        cents = int(self.rules["cents_per_ten"])
        return match_money(results, first_dealer, over, self.players, cents, stake)

    def from_deal(self, deal: Mapping[str, Any], dealer: int) -> HoogjassenState:
        hands = deal_hands(deal, self.players)
        lummel = deal_cards(deal.get("lummel"), "deal.lummel")
        if len(lummel) != self.lummel_size:
            raise RecordError(f"deal.lummel must hold {self.lummel_size} cards, not {len(lummel)}")
        seen = 0
        for i, hand in enumerate([*hands, lummel]):
            where = f"deal.hands[{i}]" if i < len(hands) else "deal.lummel"
            if i < len(hands) and len(hand) != self.hand_size:
                raise RecordError(f"{where} must hold {self.hand_size} cards, not {len(hand)}")
            for c in hand:
                if not PACK >> c & 1:
                    raise RecordError(f"{CODES[c]} in {where} is not in the 31-card hoogjas pack")
                if seen >> c & 1:
                    raise RecordError(f"{CODES[c]} is dealt twice")
                seen |= BIT[c]
        return HoogjassenState().new_round(self, dealer, tuple(mask_of(h) for h in hands), mask_of(lummel))
