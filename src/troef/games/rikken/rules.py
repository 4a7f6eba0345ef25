"""Rikken's options, the presets `kampioenschap`, `kampioenschap-online` and `bsg`, and the `Rikken` game
(``rikken.md``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ...core.cards import BIT, CODES, bits, mask_of, shuffled
from ...core.errors import GameError, RecordError
from ...core.game import Game, Result, State, check_seed, deal_hands
from ...core.options import Option, Preset, _
from ...core.tricks import rank_power
from .auction import BidRules
from .contracts import CONTRACTS, LADDERS, MISERE, RIK, ranks
from .scoring import TABLES
from .state import RikkenState

PACK: Final = tuple(range(52))
POWER: Final = rank_power("AKQJT98765432")

CLUBS: Final = {"kampioenschap": _("championship"), "bsg": _("the BSG club")}
"""The labels of the two rule sets, as ladders, score tables and presets."""

OPTIONS: Final = (
    Option(
        "ladder",
        str,
        "kampioenschap",
        _("the bidding ladder (rank of every contract)"),
        tuple(LADDERS),
        label=_("Bidding ladder"),
        choice_labels=CLUBS,
    ),
    Option(
        "step_rule",
        bool,
        True,
        _(
            "each overbid by one step: 8-alleen after rik, N-alleen after (N-1)-alleen, open after "
            "piek/misère, praatje after open"
        ),
        label=_("Step rule"),
    ),
    Option(
        "troela",
        bool,
        False,
        _("troela may be bid (first bid only, with exactly three aces)"),
        label=_("Troela"),
    ),
    Option(
        "open_contracts",
        bool,
        True,
        _("open piek and open misère, with or without praatje, may be bid"),
        label=_("Open piek and open misère"),
    ),
    Option(
        "open_kapot",
        bool,
        False,
        _("13-open-kapot(-beter) may be bid, at any moment of the auction"),
        label=_("Open kapot"),
    ),
    Option(
        "slim",
        bool,
        False,
        _("slim may be bid: 13 tricks without trump, the bidder leads"),
        label=_("Slim"),
    ),
    Option(
        "forced_fourth",
        bool,
        False,
        _("when three play the same piek or misère, the fourth must join"),
        label=_("Forced fourth"),
    ),
    Option(
        "forced_fourth_after_pass",
        bool,
        True,
        _("the forced fourth must join also when he has passed: he takes the next turn at once"),
        label=_("Forced fourth after a pass"),
    ),
    Option(
        "plain_may_be_hearts",
        bool,
        False,
        _("plain rik, alleen and open kapot may name hearts trump"),
        label=_("Hearts as plain trump"),
    ),
    Option(
        "open_after_trick",
        int,
        5,
        _("an open player's hand is shown after this many completed tricks"),
        minimum=0,
        maximum=13,
        label=_("Open hand shown after trick"),
    ),
    Option(
        "open_after_trick_two",
        int,
        9,
        _("with two or more open piekers, their hands are shown after this many completed tricks"),
        minimum=0,
        maximum=13,
        label=_("Two open piekers: shown after trick"),
    ),
    Option(
        "open_misere_bidder_leads",
        bool,
        False,
        _("open misère: its (first) bidder leads trick 1; otherwise the player left of the dealer"),
        label=_("Open misère: the bidder leads"),
    ),
    Option(
        "praatje_all_open",
        bool,
        False,
        _(
            "praatje: every hand is open from the start of play; otherwise the open form's hands, "
            "laid open as in the open form"
        ),
        label=_("Praatje: every hand open"),
    ),
    Option(
        "table_talk",
        bool,
        False,
        _(
            "the players may talk about the game during a round; otherwise only a praatje's players, "
            "once their hands lie open"
        ),
        label=_("Table talk"),
    ),
    Option(
        "called_card_kept",
        bool,
        True,
        _(
            "the holder of the called card may not discard it when void in the led suit, "
            "unless it is his last card"
        ),
        label=_("Called card kept"),
    ),
    Option(
        "queen_must_go",
        bool,
        True,
        _("schoppen-mie: after trick 3 the holder of Q♠ must play it the first time he cannot follow suit"),
        label=_("Schoppen-mie must go"),
    ),
    Option(
        "pass_game",
        str,
        "een-of-vijf",
        _("all passed: the choice is schoppen-mie or this game"),
        ("een-of-vijf", "noodrik"),
        label=_("Game when all pass"),
        choice_labels={"een-of-vijf": _("een-of-vijf"), "noodrik": _("noodrik")},
    ),
    Option(
        "all_pass_chooser",
        str,
        "dealer",
        _(
            "all passed: who chooses the pass game: the dealer (with five: the last bidder), "
            "or the player left of the dealer"
        ),
        ("dealer", "left"),
        label=_("Who chooses when all pass"),
        choice_labels={"dealer": _("the dealer"), "left": _("left of the dealer")},
    ),
    Option(
        "scoring",
        str,
        "kampioenschap",
        _("the score table"),
        tuple(TABLES),
        label=_("Score table"),
        choice_labels=CLUBS,
    ),
    Option(
        "alleen_as_rik",
        bool,
        True,
        _(
            "with the BSG club's score table: a made N-alleen pays as a rik with the same tricks; "
            "otherwise from its own target"
        ),
        label=_("Alleen pays as rik"),
    ),
    Option(
        "deal",
        str,
        "random",
        _(
            "a shuffled pack, or the traditional deal: the previous round's tricks gathered, cut once, "
            "dealt 6 then 7"
        ),
        ("random", "traditional"),
        label=_("Dealing"),
        choice_labels={"random": _("shuffled"), "traditional": _("traditional")},
    ),
    Option(
        "blind_rond",
        bool,
        False,
        _(
            "B: a match ends with blind rounds: left of the dealer must bid rik or misère, the others "
            "only misère; the same player opens until he has rikked, until every player has rikked once"
        ),
        label=_("Blind rond at the end"),
    ),
)

PRESETS: Final = (
    Preset("kampioenschap", _("the Stichting Rikken championship rules (K)"), label=CLUBS["kampioenschap"]),
    Preset(
        "kampioenschap-online",
        _("the championship rules of online championships and hybrid finals: no open piek or open misère"),
        {"open_contracts": False},
        label=_("online championship"),
    ),
    Preset(
        "bsg",
        _("the BSG club rules (B): troela, open kapot, noodrik, no step rule"),
        {
            "ladder": "bsg",
            "step_rule": False,
            "troela": True,
            "open_kapot": True,
            "forced_fourth": True,
            "open_after_trick_two": 5,
            "open_misere_bidder_leads": True,
            "praatje_all_open": True,
            "table_talk": True,
            "pass_game": "noodrik",
            "all_pass_chooser": "left",
            "scoring": "bsg",
        },
        label=CLUBS["bsg"],
    ),
)

_SWITCHED: Final = {
    "open_contracts": ("open-piek", "open-misere", "open-piek-praatje", "open-misere-praatje"),
    "troela": ("troela",),
    "open_kapot": ("13-open-kapot", "13-open-kapot-beter"),
    "slim": ("slim",),
}
"""The options that turn contracts on."""


class Rikken(Game):
    """Rikken: bid a contract, call a partner by an ace, take your tricks (or none)."""

    name = "rikken"
    title = _("Rikken")
    options = OPTIONS
    presets = PRESETS
    min_players = 4
    max_players = 5
    default_players = 4

    def __init__(self, rules: object = None, players: object = None) -> None:
        super().__init__(rules, players)
        r = self.rules
        off = {name for option, names in _SWITCHED.items() if not r[option] for name in names}
        self.bid_rules = BidRules(
            {name: i for name, i in ranks(str(r["ladder"])).items() if name not in off},
            bool(r["step_rule"]),
            bool(r["forced_fourth"]),
            bool(r["forced_fourth_after_pass"]),
        )
        self.table = TABLES[str(r["scoring"])].scaled(bool(r["alleen_as_rik"]))
        self.pass_games = (CONTRACTS["schoppen-mie"], CONTRACTS[str(r["pass_game"])])
        self.bidder_leads = frozenset(
            name
            for name, c in CONTRACTS.items()
            if c.bidder_leads and (c.family != MISERE or r["open_misere_bidder_leads"])
        )
        """The contracts whose (first) bidder leads trick 1 (section 2)."""
        self.power = POWER

    def seats_of(self, dealer: int) -> tuple[int, ...]:
        """The four seats that play a round, clockwise from the dealer's left (with five, the
        dealer sits out)."""
        n = self.players
        return tuple((dealer + k) % n for k in range(1, 5))

    def card_power(self, trump: int) -> Sequence[int]:
        return self.power

    def deal(self, seed: object = None, dealer: object = 0, blind: object = False) -> RikkenState:
        """A uniformly shuffled pack, 13 cards to each of the four players (``blind``: a round of
        the blind rond)."""
        dealer = self.check_dealer(dealer)
        if type(blind) is not bool:
            raise GameError(f"blind must be true or false, not {blind!r}")
        cards = shuffled(PACK, check_seed(seed), 51)
        return self._dealt(dealer, cards, (13,), blind)

    def deal_round(
        self, seed: int | None, dealer: int, index: int, previous: State | None = None, blind: bool = False
    ) -> RikkenState:
        """With ``deal: traditional``, the cards of ``previous`` gathered trick by trick in play
        order (cards left in hands after, seat by seat), cut once and dealt in packets of 6 then 7;
        otherwise (and for the first round) a random deal."""
        if self.rules["deal"] != "traditional" or not isinstance(previous, RikkenState):
            return self.deal(seed, dealer, blind)
        self.check_dealer(dealer)
        pile = [c for _seat, trick, _winner in previous.history for c in trick] + previous.trick
        pile += [c for hand in previous.hands for c in bits(hand)]
        cut = shuffled(PACK, seed, 1)[0]
        return self._dealt(dealer, pile[cut:] + pile[:cut], (6, 7), blind)

    def duplicate_refusal(self) -> str | None:
        if self.rules["deal"] == "traditional":
            return "a traditional deal gathers the cards of the round before, which differ at each table"
        if self.rules["blind_rond"]:
            return "the blind rond's closing rounds depend on the play at each table"
        return None

    def closing_dealer(self, dealer: int, closing: Sequence[Result]) -> int | None:
        """B's blind rond: the deal moves on only after a rik (the opener rikked: others may only
        bid misère), until every player has rikked once."""
        if not self.rules["blind_rond"]:
            return None
        riks = sum(r["details"]["contract"] == RIK for r in closing)
        return None if riks == self.players else (dealer + riks) % self.players

    def deal_closing_round(
        self, seed: int | None, dealer: int, index: int, previous: State | None = None
    ) -> RikkenState:
        """A round of the blind rond."""
        return self.deal_round(seed, dealer, index, previous, blind=True)

    def _dealt(self, dealer: int, cards: list[int], packets: tuple[int, ...], blind: bool) -> RikkenState:
        hands = [0] * self.players
        seats = self.seats_of(dealer)
        top = 0
        for size in packets:
            for seat in seats:
                hands[seat] |= mask_of(cards[top : top + size])
                top += size
        return RikkenState().new_round(self, dealer, tuple(hands), blind)

    def from_deal(self, deal: Mapping[str, Any], dealer: int) -> RikkenState:
        hands = deal_hands(deal, self.players)
        blind = deal.get("blind_rond", False)
        if type(blind) is not bool:
            raise RecordError(f"deal.blind_rond must be true or false, not {blind!r}")
        if blind and not self.rules["blind_rond"]:
            raise RecordError("deal.blind_rond: a blind round needs the option blind_rond")
        playing = self.seats_of(dealer)
        seen = 0
        for seat, hand in enumerate(hands):
            size = 13 if seat in playing else 0
            if len(hand) != size:
                what = "13 cards" if size else "no cards (the dealer sits out)"
                raise RecordError(f"deal.hands[{seat}] must hold {what}, not {len(hand)}")
            for c in hand:
                if seen >> c & 1:
                    raise RecordError(f"{CODES[c]} is dealt twice")
                seen |= BIT[c]
        return RikkenState().new_round(self, dealer, tuple(mask_of(h) for h in hands), blind)
