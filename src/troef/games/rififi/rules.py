"""Rififi's options, presets and the `Rififi` game (``rififi.md``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ...core.cards import CODES, PACKS, bits, shuffled
from ...core.chance import DealStep, cards_of, round_robin, set_aside
from ...core.errors import GameError, RecordError
from ...core.game import Game, State, check_seed, deal_cards, deal_hands
from ...core.options import Option, Preset, _
from ...core.tricks import FOLLOW_RULES, rank_power, turn_tables, winner_keys
from .scoring import rififi_points, tricks_plus_10_points
from .state import RififiState

RANK_ORDERS: Final = {"german36": "ATKQJ9876", "french52": "AKQJT98765432"}

OPTIONS: Final = (
    Option(
        "pack",
        str,
        "german36",
        _("36 cards A 10 K Q J 9 8 7 6, or 52 cards A K Q J 10 … 2"),
        ("german36", "french52"),
        label=_("Pack"),
        choice_labels={"german36": _("36 cards"), "french52": _("52 cards")},
    ),
    Option(
        "must_trump",
        bool,
        True,
        _("void in the led suit: must trump if able"),
        label=_("Must trump"),
    ),
    Option(
        "scoring",
        str,
        "rififi",
        _(
            "an exact bid scores 10 + bid², else minus the difference; "
            "or a point per trick, +10 for an exact bid"
        ),
        ("rififi", "tricks-plus-10"),
        label=_("Scoring"),
        choice_labels={"rififi": _("10 + bid²"), "tricks-plus-10": _("a point per trick, +10")},
    ),
    Option(
        "schedule",
        str,
        "up-down",
        _("a match deals 1, 2 … m … 2, 1 cards, or every round the same number"),
        ("up-down", "fixed"),
        label=_("Cards per round"),
        choice_labels={"up-down": _("up and down"), "fixed": _("always the same")},
    ),
    Option(
        "tricks",
        int,
        0,
        _(
            "cards per hand when every round deals the same number, and for a single deal; "
            "0 = the most possible, m = pack size // players"
        ),
        minimum=0,
        maximum=17,
        label=_("Cards per hand"),
    ),
    Option(
        "hook",
        bool,
        False,
        _("the dealer may not bid so that the bids add up to the number of tricks"),
        label=_("Dealer's hook"),
    ),
)

PRESETS: Final = (
    Preset(
        "standaard",
        _("the Rififi rulebook: 36 cards, must trump, 10 + bid², up and down"),
        label=_("standard"),
    ),
    Preset(
        "oh-hell",
        _(
            "Oh Hell as OpenSpiel's oh_hell plays it: 52 cards, no duty to trump, "
            "a point per trick +10, fixed hand size, the dealer's hook"
        ),
        {
            "pack": "french52",
            "must_trump": False,
            "scoring": "tricks-plus-10",
            "schedule": "fixed",
            "hook": True,
        },
        label=_("Oh Hell"),
    ),
)


class Rififi(Game):
    """Rififi, an Oh-Hell game: bid exactly the number of tricks you will take."""

    name = "rififi"
    title = _("Rififi")
    options = OPTIONS
    presets = PRESETS
    min_players = 3
    max_players = 6
    default_players = 4

    def __init__(self, rules: object = None, players: object = None) -> None:
        super().__init__(rules, players)
        pack_name = str(self.rules["pack"])
        self.pack = PACKS[pack_name].mask
        self.pack_cards: tuple[int, ...] = tuple(bits(self.pack))
        self.power = rank_power(RANK_ORDERS[pack_name])
        # Looked up once, not at every deal: the turn tables and `winner_keys` per trump suit + 1.
        self.turns = turn_tables(self.players, tuple(range(self.players)))
        self.trump_keys = tuple(winner_keys(self.power, trump) for trump in range(-1, 4))
        self.follow = FOLLOW_RULES[
            "follow-else-must-trump" if self.rules["must_trump"] else "follow-else-any"
        ]
        self.squares = self.rules["scoring"] == "rififi"
        self.hook = bool(self.rules["hook"])
        self.max_hand = len(self.pack_cards) // self.players
        tricks = int(self.rules["tricks"])
        if tricks > self.max_hand:
            raise GameError(
                f"option 'tricks': {tricks} is too many for {self.players} players "
                f"with {len(self.pack_cards)} cards (at most {self.max_hand})"
            )
        self.hand_size = tricks or self.max_hand

    def points(self, bid: int, tricks: int) -> int:
        """A seat's score for its ``bid`` and the ``tricks`` it took, by the option ``scoring``."""
        return rififi_points(bid, tricks) if self.squares else tricks_plus_10_points(bid, tricks)

    def schedule(self) -> list[int]:
        """Cards per hand in each round of a match."""
        m = self.max_hand
        if self.rules["schedule"] == "up-down":
            return [*range(1, m + 1), *range(m - 1, 0, -1)]
        return [self.hand_size] * self.players

    def match_rounds(self) -> int:
        return len(self.schedule())

    def chance_pack(self) -> tuple[int, ...]:
        return self.pack_cards

    def deal_steps(self, dealer: int) -> tuple[DealStep, ...]:
        """`hand_size` cards one at a time from the dealer's left, then the turned card face up (with
        every card dealt, the dealer's last card is turned)."""
        steps = round_robin(self.seats_of(dealer), self.hand_size)
        if len(steps) < len(self.pack_cards):
            return (*steps, *set_aside("trump_card", 1, face_up=True))
        return (*steps[:-1], DealStep(steps[-1].seat, "hands", True))

    def chance_deal(self, dealer: int, cards: Sequence[int]) -> dict[str, Any]:
        """The turned card as one code: the card set aside, or with every card dealt the dealer's last."""
        deal = super().chance_deal(dealer, cards)
        deal["trump_card"] = deal["trump_card"][0] if "trump_card" in deal else CODES[cards[-1]]
        return deal

    def chance_cards(self, dealer: int, deal: Mapping[str, Any]) -> list[int]:
        """The turned card last (with every card dealt, as the dealer's last card)."""
        if "trump_card" not in deal:
            raise RecordError("deal.trump_card is missing (a card code, or null for no trump)")
        hands = deal_hands(deal, self.players)
        turned = deal_cards([deal["trump_card"]], "deal.trump_card")
        steps = self.deal_steps(dealer)
        if steps[-1].seat < 0:
            return cards_of(steps, hands, {"trump_card": turned})
        hands[dealer].remove(turned[0])  # every card dealt: the turned card is the dealer's last
        hands[dealer].append(turned[0])
        return cards_of(steps, hands, {})

    def card_power(self, trump: int) -> Sequence[int]:
        return self.power

    def deal(self, seed: object = None, dealer: object = 0, hand_size: object = None) -> RififiState:
        """Shuffle, deal ``hand_size`` cards one at a time from the left of the dealer, turn trump."""
        dealer = self.check_dealer(dealer)
        h = self.hand_size if hand_size is None else hand_size
        if type(h) is not int or not 1 <= h <= self.max_hand:
            raise GameError(f"hand size must be 1..{self.max_hand}, not {hand_size!r}")
        n = self.players
        dealt = n * h
        cards = shuffled(self.pack_cards, check_seed(seed), min(dealt + 1, len(self.pack_cards)))
        hands = [0] * n
        for k in range(n):  # one card at a time, clockwise from the left of the dealer
            hand = 0
            for i in range(h):  # compiled, a range with a step would be a Python iterator
                hand |= 1 << cards[k + i * n]
            hands[(dealer + 1 + k) % n] = hand
        trump_card = cards[dealt] if dealt < len(cards) else cards[dealt - 1]
        return RififiState().new_round(self, dealer, tuple(hands), h, trump_card)

    def max_rounds(self) -> int | None:
        return self.match_rounds() if self.rules["schedule"] == "up-down" else None

    def deal_round(
        self, seed: int | None, dealer: int, index: int, previous: State | None = None
    ) -> RififiState:
        if self.rules["schedule"] == "fixed":
            return self.deal(seed, dealer)
        schedule = self.schedule()
        if not 0 <= index < len(schedule):
            raise GameError(f"the up-down schedule has {len(schedule)} rounds, not {index + 1}")
        return self.deal(seed, dealer, schedule[index])

    def from_deal(self, deal: Mapping[str, Any], dealer: int) -> RififiState:
        hands = deal_hands(deal, self.players)
        if "trump_card" not in deal:
            raise RecordError("deal.trump_card is missing (a card code, or null for no trump)")
        trump_value = deal["trump_card"]
        trump_card = -1 if trump_value is None else deal_cards([_text(trump_value)], "deal.trump_card")[0]
        seen = 0
        for i, hand in enumerate(hands):
            for c in hand:
                if not self.pack >> c & 1:
                    raise RecordError(
                        f"{CODES[c]} in deal.hands[{i}] is not in the {self.rules['pack']} pack"
                    )
                if seen >> c & 1:
                    raise RecordError(f"{CODES[c]} is dealt twice")
                seen |= 1 << c
        sizes = {len(h) for h in hands}
        if len(sizes) != 1 or not 1 <= (h := sizes.pop()) <= self.max_hand:
            raise RecordError(f"every hand must hold the same number of cards, 1..{self.max_hand}")
        if self.rules["schedule"] == "fixed" and self.rules["tricks"] and h != self.rules["tricks"]:
            raise RecordError(f"the rules fix {self.rules['tricks']} cards per hand, the deal has {h}")
        all_dealt = self.players * h == len(self.pack_cards)
        masks = tuple(sum(1 << c for c in hand) for hand in hands)
        if trump_card >= 0:
            if not self.pack >> trump_card & 1:
                raise RecordError(f"trump_card {CODES[trump_card]} is not in the {self.rules['pack']} pack")
            if all_dealt and not masks[dealer] >> trump_card & 1:
                raise RecordError(
                    "all cards are dealt: trump_card must be the dealer's last card, in his hand"
                )
            if not all_dealt and seen >> trump_card & 1:
                raise RecordError(f"trump_card {CODES[trump_card]} is also dealt to a hand")
        return RififiState().new_round(self, dealer, masks, h, trump_card)


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise RecordError(f"trump_card must be a card code or null, not {value!r}")
    return value
