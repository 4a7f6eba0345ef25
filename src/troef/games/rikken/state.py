"""One Rikken round: bid, choose (all passed), trump, call, play, then scoring (``rikken.md``)."""

from __future__ import annotations

import random
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final

from ...core.actions import Action, make
from ...core.cards import BIT, CODES, HEARTS, SPADES, SUIT_MASKS, SUITS, bits, card_index
from ...core.game import Result
from ...core.rand import choice
from ...core.tricks import (
    FOLLOW_RULES,
    TrickState,
    blind_trick_winner,
    hand_codes,
    plays,
    turn_tables,
    winner_keys,
)
from ...core.views import Side
from .auction import Auction
from .calling import ACES, TRUMPS, call_reason, calls, trump_suits
from .contracts import CONTRACTS, EEN_OF_VIJF, MISERE, PIEK, SCHOPPEN_MIE, TROELA, Contract
from .scoring import Ledger, settle_een_of_vijf, settle_piek_misere, settle_schoppen_mie, settle_side
from .view import RikkenContract, RikkenView

if TYPE_CHECKING:
    from .rules import Rikken


class Phase(StrEnum):
    """The phases of a Rikken round, in order."""

    BID = "bid"
    CHOOSE = "choose"
    TRUMP = "trump"
    CALL = "call"
    PLAY = "play"
    OVER = "over"


# the members, as constants: compiled, they are read without looking up a name
BID: Final = Phase.BID
CHOOSE: Final = Phase.CHOOSE
TRUMP: Final = Phase.TRUMP
CALL: Final = Phase.CALL
PLAY: Final = Phase.PLAY
OVER: Final = Phase.OVER
QUEEN_OF_SPADES: Final = card_index(SPADES, "Q")
BLIND_PLAYS: Final = tuple(make("play", cards=(c,), blind=True) for c in range(52))
CHOICES: Final = {name: make("choose", name) for name in ("schoppen-mie", "een-of-vijf", "noodrik")}


class RikkenState(TrickState):
    """A Rikken round.  ``players`` are the contract's players (piek/misère: in bid order; rik: the
    rikker); ``partner`` is the holder of the called card (hidden until ``revealed``) or troela's
    partner; ``blind_lead`` is set while a trick led face down is on the table.  A ``blind`` round is
    a round of B's "blind rond" (the auction's restrictions)."""

    __slots__ = (
        "_game",
        "auction",
        "blind_lead",
        "blind_tricks",
        "called",
        "called_blind",
        "contract",
        "dealt",
        "declarer",
        "partner",
        "players",
        "revealed",
        "seats",
        "second_leader",
    )

    _game: Rikken

    @property
    def game(self) -> Rikken:
        return self._game

    def __init__(self) -> None:
        """A blank state: `new_round` deals it (`shallow_copy` fills in a copy)."""

    def new_round(
        self, game: Rikken, dealer: int, hands: tuple[int, ...], blind: bool = False
    ) -> RikkenState:
        """This state as a new round of ``game``, dealt by ``dealer``; returns it."""
        self._game = game
        self.dealer = dealer
        self.seats = game.seats_of(dealer)
        self.n = len(self.seats)
        self.seat_after, self.order = turn_tables(game.players, self.seats)
        self.dealt = hands
        self.hands = list(hands)
        self.trump = -1
        self.keys = winner_keys(game.power, -1)
        self.follow = FOLLOW_RULES["follow-else-any"]
        self.exempt = 0
        self.auction = Auction(game.bid_rules, self.seats, game.players, blind)
        self.phase = BID
        self.contract: Contract | None = None
        self.declarer = -1
        self.players: tuple[int, ...] = ()
        self.partner = -1
        self.called = -1
        self.called_blind = False
        self.revealed = False
        self.blind_lead = False
        self.blind_tricks: tuple[int, ...] = ()
        self.second_leader = -1
        self.current_player = self.seats[0]
        self.is_over = False
        self.actions = []
        self.actors = []
        self.start_play(self.seats[0])
        return self

    def clone(self) -> RikkenState:
        new = RikkenState()
        self.copy_into(new)
        new._game = self._game
        new.auction = self.auction.copy()
        new.blind_lead = self.blind_lead
        new.blind_tricks = self.blind_tricks
        new.called = self.called
        new.called_blind = self.called_blind
        new.contract = self.contract
        new.dealt = self.dealt
        new.declarer = self.declarer
        new.partner = self.partner
        new.players = self.players
        new.revealed = self.revealed
        new.seats = self.seats
        new.second_leader = self.second_leader
        return new

    # ------------------------------------------------------------------ before play

    def pre_play_actions(self) -> list[Action]:
        seat = self.current_player
        if seat is None:
            return []
        if self.phase == BID:
            return self.auction.legal(seat, self.aces(seat))
        if self.phase == CHOOSE:
            return [CHOICES[c.name] for c in self._game.pass_games]
        if self.phase == TRUMP:
            return [TRUMPS[s] for s in self.trump_choices()]
        return calls(self.hands[seat], self.trump)

    def aces(self, seat: int) -> int:
        return sum(self.hands[seat] >> a & 1 for a in ACES)

    def trump_choices(self) -> list[int]:
        contract = self.contract
        assert contract is not None
        excluded = self.troela_ace() // 13 if contract.family == TROELA else -1
        return trump_suits(contract, bool(self._game.rules["plain_may_be_hearts"]), excluded)

    def troela_ace(self) -> int:
        """Troela: the ace the bidder lacks (his partner holds it)."""
        return next(a for a in ACES if not self.dealt[self.declarer] >> a & 1)

    def apply_pre_play(self, action: Action) -> bool:
        if action not in self.pre_play_actions():
            return False
        seat = self.actor
        if self.phase == BID:
            self.auction.apply(seat, action)
            if not self.auction.over():
                self.current_player = self.auction.next_bidder(seat)
            elif self.auction.top:
                self.set_contract(CONTRACTS[self.auction.top], tuple(self.auction.holders))
            else:
                self.phase = CHOOSE
                chooser = self._game.rules["all_pass_chooser"]
                self.current_player = self.seats[0] if chooser == "left" else self.seats[-1]
        elif self.phase == CHOOSE:
            self.set_contract(CONTRACTS[action.word], (seat,))
        elif self.phase == TRUMP:
            self.trump = SUITS.index(action.word)
            self.after_trump()
        else:
            self.called, self.called_blind = action.card, action.blind
            self.partner = next(s for s in self.seats if self.hands[s] >> action.card & 1)
            self.begin_play()
        return True

    def set_contract(self, contract: Contract, players: tuple[int, ...]) -> None:
        self.contract = contract
        self.players = players
        if contract.every_man:
            self.players = players if contract.joinable else self.seats
            self.begin_play()
            return
        self.declarer = players[0]
        if contract.family == TROELA:
            self.partner = next(s for s in self.seats if self.hands[s] >> self.troela_ace() & 1)
            self.phase, self.current_player = TRUMP, self.partner
        elif contract.names_trump:
            self.phase, self.current_player = TRUMP, self.declarer
        else:
            self.trump = HEARTS if contract.beter else -1
            self.after_trump()

    def after_trump(self) -> None:
        contract = self.contract
        assert contract is not None
        if contract.calls_partner and calls(self.hands[self.declarer], self.trump):
            self.phase, self.current_player = CALL, self.declarer
        else:
            self.begin_play()

    def begin_play(self) -> None:
        contract = self.contract
        assert contract is not None
        self.keys = winner_keys(self._game.power, self.trump)
        if contract.family == TROELA:
            leader = self.partner
        elif contract.name in self._game.bidder_leads:
            leader = self.players[0]
            if contract.joinable and len(self.players) > 1:
                self.second_leader = self.players[1]
        else:
            leader = self.seats[0]
        self.phase, self.in_play = PLAY, True
        self.leader = self.current_player = leader

    # ------------------------------------------------------------------ play

    def legal_actions(self) -> list[Action]:
        if not self.in_play:
            return self.pre_play_actions()
        seat = self.current_player
        assert seat is not None  # in play: a seat is to act
        actions = plays(self.playable(seat))
        if self.may_go_blind(seat):
            actions += [BLIND_PLAYS[c] for c in bits(self.hands[seat])]
        return actions

    def random_action(self, rng: random.Random) -> Action:
        seat = self.current_player
        if self.in_play and seat is not None and self.may_go_blind(seat):
            return choice(rng, self.legal_actions())  # the blind leads too
        return super().random_action(rng)

    def led_suit(self) -> int:
        return self.called // 13 if self.blind_lead else self.trick[0] // 13

    def playable(self, seat: int) -> int:
        """The cards ``seat`` may play: follow else any, then troela's lead, the called-card
        obligations and schoppen-mie's spade rules."""
        hand = self.hands[seat]
        contract = self.contract
        assert contract is not None
        if not self.trick:
            if contract.family == TROELA and not self.history:
                return BIT[self.troela_ace()]
            mask = hand
        else:
            led = self.led_suit()
            mask = hand & SUIT_MASKS[led] or hand
            called = self.called
            if called >= 0 and hand >> called & 1:
                if led == called // 13:
                    return BIT[called]
                if mask == hand and hand != BIT[called] and self._game.rules["called_card_kept"]:
                    mask &= ~BIT[called]
        if contract.family == SCHOPPEN_MIE:
            if len(self.history) < 3:
                mask = mask & ~SUIT_MASKS[SPADES] or mask
            elif (
                self.trick
                and hand >> QUEEN_OF_SPADES & 1
                and not hand & SUIT_MASKS[self.led_suit()]
                and self._game.rules["queen_must_go"]
            ):
                mask = BIT[QUEEN_OF_SPADES]
        return mask

    def may_go_blind(self, seat: int) -> bool:
        """The rikker leads while his blind-called ace is still out (4.5)."""
        return self.called_blind and not self.revealed and not self.trick and seat == self.declarer

    def play(self, action: Action) -> int:
        """The trick engine's play; the called card, once played, reveals the partner."""
        seat = super().play(action)
        if seat >= 0 and action.card == self.called:
            self.revealed = True
        return seat

    def other_play(self, seat: int, action: Action) -> bool:
        """A card led face down: only by the rikker while his blind-called ace is out (4.5)."""
        card = action.card
        if action is not BLIND_PLAYS[card] or not (self.may_go_blind(seat) and self.hands[seat] >> card & 1):
            return False
        self.blind_lead = True
        return True

    def complete_trick(self, index: int) -> None:
        """The engine's, but a trick led face down is won by the best card after it, as if the called
        suit was led (4.5; it is remembered); then the second piek or misère player leads the second
        trick, and the round may be over."""
        if self.blind_lead:
            self.blind_lead = False
            self.blind_tricks += (len(self.history),)
            index = blind_trick_winner(self.trick, self.keys, self.called // 13)
        super().complete_trick(index)
        if self.is_over:
            self.phase = OVER
        elif len(self.history) == 1 and self.second_leader >= 0:
            self.leader = self.current_player = self.second_leader

    def trick_done(self) -> bool:
        """All cards are out, or (piek and misère) every player's result is certain (5.4)."""
        if not self.hands[self.leader]:
            return True
        contract = self.contract
        assert contract is not None
        if contract.family == PIEK:
            return all(self.won[p] >= 2 for p in self.players)
        if contract.family == MISERE:
            return all(self.won[p] >= 1 for p in self.players)
        return False

    # ------------------------------------------------------------------ why not

    def illegal_reason(self, action: Action) -> str:
        seat = self.current_player
        if seat is None:
            return "the round is over"
        phase = self.phase
        if phase == BID:
            if action.kind in ("bid", "pass"):
                return self.auction.reason(seat, action.word or action.kind, self.aces(seat))
            return "it is time to bid or pass"
        if phase == CHOOSE:
            games = " or ".join(c.name for c in self._game.pass_games)
            return f"everybody passed: choose {games}"
        if phase == TRUMP:
            if action.kind != "trump":
                return "it is time to name trump"
            return self.trump_reason(SUITS.index(action.word))
        if phase == CALL:
            if action.kind != "call":
                return "it is time to call your partner"
            return call_reason(self.hands[seat], self.trump, action)
        if action.kind != "play" or len(action.cards) != 1:
            return "it is time to play a card"
        return self.play_reason_of(seat, action)

    def trump_reason(self, suit: int) -> str:
        contract = self.contract
        assert contract is not None
        if contract.family == TROELA:
            return "troela: trump may not be the suit of the partner's ace"
        return f"hearts are trump only in {contract.name}-beter" if suit == HEARTS else ""

    def play_reason_of(self, seat: int, action: Action) -> str:
        card = action.card
        hand = self.hands[seat]
        if not hand >> card & 1:
            return f"{CODES[card]} is not in seat {seat}'s hand"
        if action.blind:
            return "only the rikker, leading while his blind-called ace is out, may play a card blind"
        contract = self.contract
        assert contract is not None
        called = self.called
        if not self.trick:
            if contract.family == TROELA and not self.history:
                return f"troela: the partner leads his ace {CODES[self.troela_ace()]}"
            return "no spades in the first three tricks (unless you hold only spades)"
        led = self.led_suit()
        if called >= 0 and hand >> called & 1 and led == called // 13:
            return f"you hold the called card {CODES[called]} and must play it"
        if hand & SUIT_MASKS[led] and card // 13 != led:
            return f"you must follow {SUITS[led]}"
        if card == called:
            return f"you may not discard the called card {CODES[called]} while you hold other cards"
        if len(self.history) >= 3:
            return "you cannot follow suit and must play the queen of spades (schoppen-mie)"
        return "no spades in the first three tricks (unless you hold only spades)"

    # ------------------------------------------------------------------ result and views

    def result(self) -> Result:
        tricks = self.won[:]
        if not self.is_over:
            return {**self.pending(), "tricks": tricks}
        made = self.made()
        return {
            "over": True,
            "scores": self.scores(made),
            "tricks": tricks,
            "details": {**self.public(), "made": made, "tricks": tricks},
        }

    def final_scores(self) -> list[float]:
        return list(self.scores(self.made()))

    def side(self) -> list[int]:
        """The contract's side in a trick contract: the declarer, and his partner if any."""
        return [self.declarer, *([self.partner] if self.partner >= 0 else [])]

    def allies(self, seat: int) -> int:
        """The contract's side, or everyone playing against it; in piek and misère each of its
        players alone and the others together; in a pass game everyone alone."""
        contract = self.contract
        if contract is not None and contract.every_man:
            if contract.joinable and seat not in self.players:
                return sum(1 << s for s in self.seats if s not in self.players)
            return 1 << seat
        side = sum(1 << s for s in self.side() if s >= 0)
        return side if side >> seat & 1 else sum(1 << s for s in self.seats) & ~side

    def made(self) -> list[bool | None]:
        """Per seat whether he made his contract (None: not a player of it)."""
        contract = self.contract
        assert contract is not None
        won = self.won
        out: list[bool | None] = [None] * self._game.players
        family = contract.family
        if family in (PIEK, MISERE):
            for p in self.players:
                out[p] = won[p] == contract.target
        elif family == SCHOPPEN_MIE:
            for s in self.seats:
                out[s] = s not in (self.queen_taker(), self.history[-1][2])
        elif family == EEN_OF_VIJF:
            for s in self.seats:
                out[s] = won[s] in (1, 5)
        else:
            side = self.side()
            ok = sum(won[s] for s in side) >= contract.target
            for s in side:
                out[s] = ok
        return out

    def queen_taker(self) -> int:
        taker = self.queen_of_spades()
        assert taker is not None, "nobody took the queen of spades"
        return taker

    def queen_of_spades(self) -> int | None:
        """Who took the queen of spades in a trick so far (None: nobody yet)."""
        return next((w for _, cards, w in self.history if QUEEN_OF_SPADES in cards), None)

    def scores(self, made: list[bool | None]) -> list[int]:
        contract = self.contract
        assert contract is not None
        table = self._game.table
        ledger = Ledger(self._game.players)
        family = contract.family
        if family in (PIEK, MISERE):
            made_by = {p: bool(made[p]) for p in self.players}
            settle_piek_misere(ledger, table, contract.name, self.players, made_by, self.seats)
        elif family == SCHOPPEN_MIE:
            settle_schoppen_mie(ledger, table, self.queen_taker(), self.history[-1][2], self.seats)
        elif family == EEN_OF_VIJF:
            settle_een_of_vijf(ledger, table, [s for s in self.seats if made[s]], self.seats)
        else:
            side = self.side()
            tricks = sum(self.won[s] for s in side)
            opponents = [s for s in self.seats if s not in side]
            amount = table.tricks[contract.name].amount(contract.target, tricks)
            settle_side(ledger, side, opponents, bool(made[self.declarer]), amount)
        return ledger.scores

    def public(self) -> dict[str, Any]:
        """What everybody knows about the contract, as a result's details write it."""
        seen = self.contract_view()
        return {
            "contract": seen["contract"],
            "declarer": seen["declarer"],
            "players": seen["contract_players"],
            "partner": seen["partner"],
            "trump": seen["trump"],
            "called": seen["called"],
            "called_blind": seen["called_blind"],
            "sitting_out": seen["sitting_out"],
            "blind_rond": self.auction.blind,
        }

    def contract_view(self) -> RikkenContract:
        """What everybody knows about the contract."""
        contract = self.contract
        return {
            "contract": contract.name if contract else None,
            "declarer": self.declarer if self.declarer >= 0 else None,
            "contract_players": list(self.players),
            "partner": self.partner if self.partner_shown() and self.partner >= 0 else None,
            "trump": SUITS[self.trump] if self.trump >= 0 else None,
            "called": CODES[self.called] if self.called >= 0 else None,
            "called_blind": self.called_blind,
            "sitting_out": self.dealer if self._game.players > len(self.seats) else None,
        }

    def partner_shown(self) -> bool:
        """Whether the rules have shown everybody the partner: troela's from the bid, a called
        partner by playing the called card, any once the round is over."""
        contract = self.contract
        return self.revealed or (contract is not None and contract.family == TROELA) or self.is_over

    def sides(self, seat: int | None) -> list[Side] | None:
        """A trick contract's side (the declarer, then his partner if any) and the others, once
        ``seat`` knows the partner: the partner himself from the start of play (he holds the called
        card), everybody once it is shown.  None in piek, misère and the pass games (no two sides)."""
        contract = self.contract
        if contract is None or contract.every_man:
            return None
        if contract.calls_partner and self.phase in (TRUMP, CALL):
            return None  # whether there is a partner, and who, is not settled yet
        if self.partner >= 0 and not self.partner_shown() and (seat is None or seat != self.partner):
            return None
        side = self.side()
        others = sorted(s for s in self.seats if s not in side)
        won = self.won
        return [
            {"seats": side, "tricks": sum(won[s] for s in side), "points": None},
            {"seats": others, "tricks": sum(won[s] for s in others), "points": None},
        ]

    def open_hands(self) -> list[list[str] | None]:
        """Hands laid open (5.5): every hand from the start in praatje with ``praatje_all_open``;
        else the open players' after ``open_after_trick`` tricks (two or more open piekers:
        ``open_after_trick_two``)."""
        contract = self.contract
        out: list[list[str] | None] = [None] * self._game.players
        if contract is None or not contract.open or self.phase not in (PLAY, OVER):
            return out
        rules = self._game.rules
        if contract.praatje and rules["praatje_all_open"]:
            shown: tuple[int, ...] = self.seats
        else:
            two = contract.family == PIEK and len(self.players) > 1
            if len(self.history) < int(rules["open_after_trick_two" if two else "open_after_trick"]):
                return out
            shown = self.players
        for s in shown:
            out[s] = hand_codes(self.hands[s])
        return out

    def may_talk(self, seat: int) -> bool:
        """Table talk (seed 000 §10, §12): free with ``table_talk`` and once the round is over; else only
        a praatje's contract players, once their own hands lie open."""
        contract = self.contract
        if self._game.rules["table_talk"] or self.is_over:
            return True
        return (
            contract is not None
            and contract.praatje
            and seat in self.players
            and self.open_hands()[seat] is not None
        )

    def seen_action(self, index: int, seat: int | None) -> str:
        action = self.actions[index]
        if (
            action.blind
            and self.blind_lead
            and seat != self.declarer
            and index >= len(self.actions) - len(self.trick)
        ):
            return "play ?? blind"  # face down until its trick is done
        return action.text

    def view(self, seat: object) -> RikkenView:
        seat = self.check_seat(seat)
        return {
            **self.view_header(seat),
            **self.hand_view(seat),
            "auction": [{"seat": s, "bid": b} for s, b in self.auction.log],
            "blind_rond": self.auction.blind,
            **self.contract_view(),
            "blind_lead": self.blind_lead,
            "open_hands": self.open_hands(),
            "queen_of_spades": self.queen_of_spades(),
            **self.trick_view(self.blind_lead and seat != self.declarer, self.blind_tricks),
        }

    def deal_record(self) -> dict[str, Any]:
        deal: dict[str, Any] = {"hands": [hand_codes(h) for h in self.dealt]}
        if self.auction.blind:
            deal["blind_rond"] = True
        return deal
