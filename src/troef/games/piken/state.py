"""One game of Piken: the middle-card draws (rule 2), then rounds of laying combinations (rule 4),
then the result (rule 5).  Hands, piles and the table are masks of Piken indices (``order.py``)."""

from __future__ import annotations

import functools
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from ...core.actions import Action, make
from ...core.game import Result, State
from .combos import NO_KEY, beats, classify, combinations, play_action, type_name
from .middle import POSITIONS, first_leader, opening
from .order import CODE, codes, mask_of
from .scoring import outcome
from .view import LayView, PikenView

if TYPE_CHECKING:
    from .rules import Piken


class Phase(StrEnum):
    """The phases of a Piken game, in order."""

    DRAW = "draw"
    PLAY = "play"
    OVER = "over"


# the members, as constants: compiled, they are read without looking up a name
DRAW: Final = Phase.DRAW
PLAY: Final = Phase.PLAY
OVER: Final = Phase.OVER
DECLINE: Final = make("decline")
DRAWS: Final = {n: make("draw", str(n)) for n in POSITIONS}
PLAYERS: Final = 3


class Lay(NamedTuple):
    """One turn of a round: the seat, the cards it laid (0: it had none and dropped out without an
    action), their key and whether it stays in."""

    seat: int
    mask: int
    key: int
    stays_in: bool


class Round(NamedTuple):
    """A finished round: its leader, its turns and the seat that took its cards."""

    leader: int
    lays: tuple[Lay, ...]
    taker: int


class PikenState(State):
    """A Piken game.  ``middle`` holds the two middle cards (positions 1, 2), ``left`` the positions
    still there, ``deciders`` the seats still to choose a draw, ``drawn[s]`` the middle cards seat s
    took; in play ``still_in`` is a mask of seats, ``laid`` the turns of the round so far and
    ``highest`` the key of its highest combination."""

    __slots__ = (
        "_game",
        "dealt",
        "deciders",
        "drawn",
        "entitled",
        "first",
        "hands",
        "highest",
        "history",
        "kept",
        "laid",
        "leader",
        "left",
        "middle",
        "piles",
        "removed",
        "special_in_middle",
        "still_in",
        "table",
    )

    _game: Piken

    @property
    def game(self) -> Piken:
        return self._game

    def __init__(self) -> None:
        """A blank state: `new_round` deals it (`shallow_copy` fills in a copy)."""

    def new_round(
        self, game: Piken, dealer: int, hands: tuple[int, ...], middle: tuple[int, int]
    ) -> PikenState:
        """This state as a new round of ``game``, dealt by ``dealer``; returns it."""
        self._game = game
        self.dealer = dealer
        self.dealt = hands
        self.middle = middle
        self.hands = list(hands)
        self.drawn = [0] * PLAYERS
        self.piles = [0] * PLAYERS
        self.kept = [0] * PLAYERS
        self.removed = 0
        self.left: tuple[int, ...] = POSITIONS
        self.first = -1
        self.leader = -1
        self.still_in = 0
        self.table = 0
        self.highest = NO_KEY
        self.laid: list[Lay] = []
        self.history: list[Round] = []
        self.actions = []
        self.actors = []
        self.is_over = False
        start = opening(hands, middle, dealer)
        self.entitled = start.entitled
        self.deciders = () if start.takes_both >= 0 else start.entitled
        self.special_in_middle = start.special_in_middle
        if start.takes_both >= 0:
            self.take(start.takes_both, POSITIONS)
        if self.deciders:
            self.phase, self.current_player = DRAW, self.deciders[0]
        else:
            self.start_play()
        return self

    def clone(self) -> PikenState:
        new = self.shallow_copy()
        new.hands = self.hands[:]
        new.drawn = self.drawn[:]
        new.piles = self.piles[:]
        new.kept = self.kept[:]
        new.laid = self.laid[:]
        new.history = self.history[:]
        new.actions = self.actions[:]
        new.actors = self.actors[:]
        return new

    # ------------------------------------------------------------------ rule 2: the middle cards

    def take(self, seat: int, positions: tuple[int, ...]) -> None:
        cards = sum(1 << self.middle[n - 1] for n in positions)
        self.hands[seat] |= cards
        self.drawn[seat] |= cards
        self.left = tuple(n for n in self.left if n not in positions)

    def draw(self, seat: int, action: Action) -> bool:
        """``draw N`` or ``decline`` (2.2, 2.3); after the last decider the rest is removed (2.5)."""
        if action is DRAWS.get(action.number) and action.number in self.left:
            n = action.number
            if self.middle[n - 1] == self.special_in_middle:
                self.take(seat, self.left)  # the special card brings the other one along (2.3)
            else:  # a plain card; a special card left in the middle goes out of the game (2.3)
                self.take(seat, (n,))
        elif action is not DECLINE:
            return False
        self.deciders = self.deciders[1:]
        if self.deciders:
            self.current_player = self.deciders[0]
        else:
            self.start_play()
        return True

    def start_play(self) -> None:
        """Whatever is still in the middle leaves the game (2.4, 2.5); the exception leads (2.6)."""
        self.removed |= sum(1 << self.middle[n - 1] for n in self.left)
        self.left = ()
        self.first = first_leader([d.bit_count() for d in self.drawn], self.hands, self.dealer)
        self.phase = PLAY
        self.start_round(self.first)

    # ------------------------------------------------------------------ rule 4: rounds

    def start_round(self, leader: int) -> None:
        self.leader = self.current_player = leader
        self.still_in = sum(1 << seat for seat, hand in enumerate(self.hands) if hand)
        self.table = 0
        self.highest = NO_KEY
        self.laid = []

    def lay(self, seat: int, action: Action) -> bool:
        """Lay a combination: it beats the highest and stays in, or drops out (4.2)."""
        if action.kind != "play" or action.blind:
            return False
        mask = mask_of(action.cards)
        hand = self.hands[seat]
        if mask <= 0 or mask & hand != mask:
            return False
        combo = classify(mask)
        if combo == NO_KEY:
            return False
        self.hands[seat] = hand ^ mask
        self.table |= mask
        stays = beats(combo, self.highest)
        if stays:
            self.highest = combo
        else:
            self.still_in &= ~(1 << seat)
        self.laid.append(Lay(seat, mask, combo, stays))
        self.next_turn(seat)
        return True

    def next_turn(self, seat: int) -> None:
        """The next seat still in clockwise; one without cards drops out (4.2); the last one in takes
        the round (4.3)."""
        while self.still_in.bit_count() > 1:
            seat = (seat + 1) % PLAYERS
            if not self.still_in >> seat & 1:
                continue
            if self.hands[seat]:
                self.current_player = seat
                return
            self.still_in &= ~(1 << seat)
            self.laid.append(Lay(seat, 0, NO_KEY, False))
        self.finish_round(self.still_in.bit_length() - 1)

    def finish_round(self, taker: int) -> None:
        """The taker piles the round's cards and leads, or the next with cards (4.3); the game ends
        when at most one player holds cards, who piles them (4.4)."""
        self.piles[taker] |= self.table
        self.history.append(Round(self.leader, tuple(self.laid), taker))
        holding = [seat for seat in range(PLAYERS) if self.hands[seat]]
        if len(holding) > 1:
            self.start_round(next(s for k in range(PLAYERS) if (s := (taker + k) % PLAYERS) in holding))
            return
        for seat in holding:
            self.kept[seat] = self.hands[seat]
            self.piles[seat] |= self.hands[seat]
            self.hands[seat] = 0
        self.still_in, self.table, self.laid = 0, 0, []
        self.phase, self.current_player, self.is_over = OVER, None, True

    # ------------------------------------------------------------------ the State protocol

    def legal_actions(self) -> list[Action]:
        seat = self.current_player
        if seat is None:
            return []
        if self.phase == DRAW:
            return [*(DRAWS[n] for n in self.left), DECLINE]
        return list(legal_plays(self.hands[seat]))

    def _apply(self, action: Action) -> bool:
        seat = self.current_player
        if seat is None:
            return False
        return self.draw(seat, action) if self.phase == DRAW else self.lay(seat, action)

    def illegal_reason(self, action: Action) -> str:
        seat = self.current_player
        if seat is None:
            return "the round is over"
        if self.phase == DRAW:
            if action.kind == "draw":
                return f"there is no middle card at position {action.number}"
            return f"seat {seat} may take a middle card blind (draw N) or decline"
        if action.kind != "play" or action.blind:
            return "it is time to lay a combination (play C1 C2 …)"
        mask = mask_of(action.cards)
        if mask < 0:
            return "Piken is played with 7 8 9 T J Q K A only"
        missing = mask & ~self.hands[seat]
        if missing:
            verb = "is" if missing.bit_count() == 1 else "are"
            return f"{' '.join(codes(missing))} {verb} not in seat {seat}'s hand"
        return f"{' '.join(codes(mask))} is none of the ten combinations"

    def result(self) -> Result:
        if not self.is_over:
            return {**self.pending(), "piles": self.pile_counts()}
        won = outcome(self.piles)
        return {
            "over": True,
            "scores": self.pile_counts(),
            "details": {
                "piles": self.pile_counts(),
                "spades": list(won.spades),
                "highest_spade": [CODE[c] if c >= 0 else None for c in won.highest_spade],
                "winner": won.winner,
                "removed": codes(self.removed),
                "first_leader": self.first,
                "kept": [codes(k) for k in self.kept],
            },
        }

    def pile_counts(self) -> list[int]:
        return [pile.bit_count() for pile in self.piles]

    def view(self, seat: object) -> PikenView:
        seat = self.check_seat(seat)
        header = self.view_header(seat)
        return {
            **header,
            "hand": codes(self.hands[seat]) if seat is not None else [],
            "hand_counts": [hand.bit_count() for hand in self.hands],
            "middle": list(self.left),
            "entitled": list(self.entitled),
            "taken": [d.bit_count() for d in self.drawn],
            "drawn": codes(self.drawn[seat]) if seat is not None else [],
            "removed": self.removed.bit_count(),
            "first_leader": self.first if self.first >= 0 else None,
            "leader": self.leader if self.phase == PLAY else None,
            "still_in": [s for s in range(PLAYERS) if self.still_in >> s & 1],
            "highest": self.highest_view(),
            "table": [lay_view(lay) for lay in self.laid],
            "history": [
                {"leader": r.leader, "lays": [lay_view(lay) for lay in r.lays], "taker": r.taker}
                for r in self.history
            ],
            "piles": self.pile_counts(),
        }

    def highest_lay(self) -> Lay | None:
        """The lay on the table holding the highest combination (None: none stays in)."""
        return next((lay for lay in reversed(self.laid) if lay.stays_in), None)

    def highest_view(self) -> LayView | None:
        best = self.highest_lay()
        return None if best is None else lay_view(best)

    def deal_record(self) -> dict[str, Any]:
        return {"hands": [codes(h) for h in self.dealt], "middle": [CODE[c] for c in self.middle]}


def lay_view(lay: Lay) -> LayView:
    return {
        "seat": lay.seat,
        "cards": codes(lay.mask),
        "combination": type_name(lay.key) if lay.key != NO_KEY else None,
        "stays_in": lay.stays_in,
    }


@functools.lru_cache(maxsize=4096)
def legal_plays(hand: int) -> tuple[Action, ...]:
    """The ``play`` actions of ``hand``: every combination in it, weakest first."""
    return tuple(play_action(c.mask) for c in combinations(hand))
