"""The protocol every game implements: a `Game` (rules + factory) and its `State`s."""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final, NamedTuple, Self

from .actions import Action, ActionError, Shape, as_action
from .cards import CardError, parse_card
from .chance import DealStep, cards_of, deal_of, round_robin
from .errors import GameError, IllegalAction, RecordError, RoundOverError
from .native import mypyc_attr
from .options import Option, Preset, Rules, resolve_rules
from .rand import choice
from .views import BidRange, Header, Side

RECORD_FORMAT = "troef-record/1"
FULL_PACK: Final = tuple(range(52))
Result = dict[str, Any]


class Money(NamedTuple):
    """A match's money in cents: each player's (``players``), what the pot holds now (``pot``) and
    what was left in it and shared among the players when the match ended (``shared``)."""

    players: tuple[int, ...]
    pot: int
    shared: int


@mypyc_attr(allow_interpreted_subclasses=True)  # a game may be added in Python (docs/adding-a-game.md)
class Game:
    """A game with resolved rules and a number of players; it deals new states."""

    name: ClassVar[str]
    title: ClassVar[str]
    options: ClassVar[tuple[Option, ...]]
    presets: ClassVar[tuple[Preset, ...]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    action_kinds: ClassVar[Mapping[str, Shape]] = {}
    """The game's own action keywords beyond the shared ones (`SHARED_KINDS`), with their shapes; the
    registry of games lets `parse_action` read them (`register_kinds`)."""

    def __init__(self, rules: object = None, players: object = None) -> None:
        self.rules: Rules = resolve_rules(self.name, self.options, self.presets, rules)
        n = self.default_players if players is None else players
        if type(n) is not int or not self.min_players <= n <= self.max_players:
            raise GameError(f"{self.name} is played by {self.player_range()} players, not {players!r}")
        self.players: int = n

    @classmethod
    def player_range(cls) -> str:
        """``3 to 6``; just ``3`` for a game of one number of players."""
        low, high = cls.min_players, cls.max_players
        return str(low) if low == high else f"{low} to {high}"

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        """A game is a value that never changes: copies of states share it."""
        return self

    def __repr__(self) -> str:
        return f"load_game({self.name!r}, rules={self.rules.notation()!r}, players={self.players})"

    @abstractmethod
    def deal(self, seed: object = None, dealer: object = 0) -> State:
        """A new round with a random deal, reproducible from ``seed`` (an integer, or None for a fresh
        one); a `GameError` for a seed or dealer that is not one."""

    @abstractmethod
    def from_deal(self, deal: Mapping[str, Any], dealer: int) -> State:
        """A new round from a record's ``deal`` object; raises `RecordError` if it is not valid."""

    def from_record(self, record: Mapping[str, Any]) -> State:
        """The deal of a round record, before its actions."""
        if not isinstance(record, Mapping):
            raise RecordError("a round record is a JSON object")
        if record.get("game") != self.name:
            raise RecordError(f"record is for game {record.get('game')!r}, not {self.name!r}")
        if record.get("players", self.players) != self.players:
            raise RecordError(f"record has {record.get('players')!r} players, this game {self.players}")
        try:
            rules = resolve_rules(self.name, self.options, self.presets, record.get("rules"))
        except GameError as e:
            raise RecordError(str(e)) from None
        if dict(rules) != dict(self.rules):
            raise RecordError(f"record has rules {rules.notation()!r}, this game {self.rules.notation()!r}")
        dealer = record.get("dealer", 0)
        if type(dealer) is not int or not 0 <= dealer < self.players:
            raise RecordError(f"dealer must be a seat 0..{self.players - 1}, not {dealer!r}")
        deal = record.get("deal")
        if not isinstance(deal, Mapping):
            raise RecordError("record has no 'deal' object")
        return self.from_deal(deal, dealer)

    def match_rounds(self) -> int:
        """Rounds in a match: by default every player deals once."""
        return self.players

    def max_rounds(self) -> int | None:
        """The most rounds a match can have (a schedule's length), or None for no limit."""
        return None

    def deal_round(self, seed: int | None, dealer: int, index: int, previous: State | None = None) -> State:
        """The deal of round ``index`` of a match, ``previous`` the round dealt before it (games with
        a schedule, or that gather the previous round's cards, override this)."""
        return self.deal(seed, dealer)

    def duplicate_refusal(self) -> str | None:
        """Why these rules cannot be played duplicate (every table of a session dealt the same rounds by
        the same dealers from the same seeds), or None when they can: by default a round's deal depends
        on its seed, dealer and index alone and the deal passes clockwise."""
        return None

    def next_dealer(self, dealer: int, result: Result) -> int:
        """Who deals after a round dealt by ``dealer`` ended with ``result``: by default the next
        player clockwise (a game may pass the deal otherwise, e.g. to the declarer)."""
        return (dealer + 1) % self.players

    def money(self, points: int) -> float | None:
        """The money value of ``points`` on a match sheet, in cents; None when the rules play for
        points only (the default)."""
        return None

    def match_money(self, results: Sequence[Result], first_dealer: int, over: bool) -> Money | None:
        """Each player's money in cents after a match's rounds (``results``, in order; the first dealt
        by ``first_dealer``), what is settled when it is ``over`` included; None when the rules play
        for points only (the default)."""
        return None

    def closing_dealer(self, dealer: int, closing: Sequence[Result]) -> int | None:
        """After a match's scheduled rounds: the dealer of one more (closing) round, or None when the
        match is over.  ``dealer`` is the next in rotation after the scheduled rounds, ``closing`` the
        results of the closing rounds so far.  By default a match has no closing rounds."""
        return None

    def deal_closing_round(
        self, seed: int | None, dealer: int, index: int, previous: State | None = None
    ) -> State:
        """The deal of closing round ``index`` of a match (see `closing_dealer`); by default as any
        round."""
        return self.deal_round(seed, dealer, index, previous)

    def seats_of(self, dealer: int) -> tuple[int, ...]:
        """The seats that play a round dealt by ``dealer``, clockwise from the dealer's left: by
        default every seat (a game may seat the dealer out: never acting and scoring 0)."""
        n = self.players
        return tuple((dealer + k) % n for k in range(1, n + 1))

    def chance_pack(self) -> tuple[int, ...]:
        """The cards a deal draws from, in card order: by default the 52-card pack."""
        return FULL_PACK

    def deal_steps(self, dealer: int) -> tuple[DealStep, ...]:
        """A round dealt by ``dealer`` as chance steps, one card each (`troef.core.chance`): by default
        the whole `chance_pack`, one card at a time to each seat of `seats_of` in turn."""
        seats = self.seats_of(dealer)
        return tuple(round_robin(seats, len(self.chance_pack()) // len(seats)))

    def chance_deal(self, dealer: int, cards: Sequence[int]) -> dict[str, Any]:
        """The ``deal`` object of ``cards`` drawn in the order of `deal_steps` (`from_deal` takes it)."""
        return deal_of(self.deal_steps(dealer), self.players, cards)

    def chance_cards(self, dealer: int, deal: Mapping[str, Any]) -> list[int]:
        """The cards of a ``deal`` object in the order of `deal_steps`: the inverse of `chance_deal`."""
        steps = self.deal_steps(dealer)
        piles = {s.pile: deal_cards(deal.get(s.pile), f"deal.{s.pile}") for s in steps if s.seat < 0}
        return cards_of(steps, deal_hands(deal, self.players), piles)

    def card_power(self, trump: int) -> Sequence[int]:
        """Each card's strength within its suit with suit ``trump`` as trump (-1: none); by default the
        order of the card indices (2 low, A high)."""
        return range(52)

    def check_dealer(self, dealer: object) -> int:
        """``dealer`` if it is a seat; a `GameError` otherwise."""
        if type(dealer) is not int or not 0 <= dealer < self.players:
            raise GameError(f"dealer must be a seat 0..{self.players - 1}, not {dealer!r}")
        return dealer


@mypyc_attr(allow_interpreted_subclasses=True)
class State:
    """One round in progress.  Mutable: `apply` changes it in place; `clone` copies it.

    ``current_player`` is the seat to act, or None once ``is_over``; they and ``phase`` (its name,
    e.g. ``bid`` or ``play``) are plain attributes that every action keeps up to date.  ``actions``
    are the actions taken so far and ``actors`` the seat that took each.
    """

    __slots__ = ("actions", "actors", "current_player", "dealer", "is_over", "phase")

    dealer: int
    actions: list[Action]
    actors: list[int]
    current_player: int | None
    is_over: bool
    phase: str

    @property
    def game(self) -> Game:
        """The game (its rules and players) this round is played by; each game's state narrows it to
        its own `Game` class (a property, as a compiled class may not narrow an attribute's type)."""
        raise NotImplementedError(f"{type(self).__name__} has no game")

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The actions the current player may take."""

    @abstractmethod
    def _apply(self, action: Action) -> bool:
        """Carry out ``action`` if legal and return True; return False (state unchanged) if not,
        also when the round is over."""

    def random_action(self, rng: random.Random) -> Action:
        """``choice(rng, self.legal_actions())``: a uniformly random legal action (a random play-out's
        step).  A game may draw it faster, but must draw the same action from the same ``rng``."""
        return choice(rng, self.legal_actions())

    def illegal_reason(self, action: Action) -> str:
        """Why ``action`` is refused, in words (may be empty)."""
        return ""

    @property
    def actor(self) -> int:
        """The seat to act; a `RoundOverError` once the round is over."""
        seat = self.current_player
        if seat is None:
            raise RoundOverError("the round is over: nobody is to act")
        return seat

    def apply(self, action: object) -> None:
        """Take an action: an `Action` (one equal to a legal action will do, e.g. a copy) or its text;
        raises `IllegalAction` and changes nothing if it is not legal (anything else included)."""
        seat = self.current_player
        try:
            known = as_action(action)
        except ActionError as e:
            raise IllegalAction(seat, _shown(action), self.legal_actions(), str(e)) from None
        if not self._apply(known):
            raise IllegalAction(seat, known.text, self.legal_actions(), self.illegal_reason(known))
        assert seat is not None  # an action was legal: a seat was to act
        self.actions.append(known)
        self.actors.append(seat)

    def seen_action(self, index: int, seat: int | None) -> str:
        """The text of action ``index`` as ``seat`` saw it: cards it may not see written ``??``."""
        return self.actions[index].text

    def may_talk(self, seat: int) -> bool:
        """Whether the rules let ``seat`` talk freely about the game now (table talk); True unless a
        game's rules close it during a round."""
        return True

    @abstractmethod
    def result(self) -> Result:
        """The result dict of ``notation.md`` (a partial one while the round is not over)."""

    def final_scores(self) -> list[float]:
        """Every seat's score of the round that is over: ``result()["scores"]``, which a game may give
        without building the rest of the result (the search's play-outs ask it at every end)."""
        scores: list[float] = self.result()["scores"]
        return scores

    @abstractmethod
    def view(self, seat: object) -> Mapping[str, Any]:
        """What ``seat`` may know, JSON-serialisable; ``None`` gives a spectator's view.  Each game
        returns its own `TypedDict` (``games/<game>/view.py``, documented in ``docs/views.md``)."""

    def check_seat(self, seat: object) -> int | None:
        """``seat`` if it is a seat of this round or ``None`` (a spectator); a `GameError` otherwise."""
        n = self.game.players
        if seat is not None and (type(seat) is not int or not 0 <= seat < n):
            raise GameError(f"seat must be 0..{n - 1} or None (a spectator), not {seat!r}")
        return seat

    def view_header(self, seat: int | None) -> Header:
        """What every view holds: the table, the seat, who plays in which order, the phase, who acts,
        the legal actions and numeric bids of the seat (only when it is to act), the actions so far as
        the seat saw them (``"2:play QS"``), the sides as the seat knows them and, once the round is
        over, the result."""
        current = self.current_player
        to_act = seat is not None and seat == current
        header: Header = {
            "game": self.game.name,
            "rules": self.game.rules.notation(),
            "players": self.game.players,
            "seat": seat,
            "dealer": self.dealer,
            "order": list(self.game.seats_of(self.dealer)),
            "phase": self.phase,
            "current_player": current,
            "legal_actions": [a.text for a in self.legal_actions()] if to_act else [],
            "bid_range": self.bid_range() if to_act else None,
            "actions": [f"{s}:{self.seen_action(i, seat)}" for i, s in enumerate(self.actors)],
            "sides": self.sides(seat),
        }
        if current is None:
            header["result"] = self.result()
        return header

    @abstractmethod
    def deal_record(self) -> dict[str, Any]:
        """The ``deal`` object of this round's record."""

    def bid_range(self) -> BidRange | None:
        """The numeric bids the current player may make now, or None (the default: no numeric
        auction, or it is over)."""
        return None

    def sides(self, seat: int | None) -> list[Side] | None:
        """The sides as ``seat`` knows them, the declaring side first; None while it does not know
        them, or when everyone plays alone (the default)."""
        return None

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy."""

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        """``copy.deepcopy`` gives `clone`'s copy, which shares only what never changes."""
        return self.clone()

    def shallow_copy(self) -> Self:
        """A copy sharing every field with this state (`clone` then copies the mutable ones)."""
        cls: type[Self] = type(self)
        new = cls()  # a blank state: a compiled class makes its instances through __init__
        for name in _slot_names(cls):
            setattr(new, name, getattr(self, name))
        return new

    def record(self) -> dict[str, Any]:
        """The round record so far; with its result once the round is over."""
        rec: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.game.name,
            "rules": self.game.rules.notation(),
            "players": self.game.players,
            "dealer": self.dealer,
            "deal": self.deal_record(),
            "actions": [a.text for a in self.actions],
        }
        if self.is_over:
            rec["result"] = self.result()
        return rec

    def pending(self) -> Result:
        """The result of a round that is not over: who acts and what is legal."""
        return {
            "over": False,
            "current_player": self.current_player,
            "legal_actions": sorted(a.text for a in self.legal_actions()),
        }


def _shown(action: object) -> str:
    """How a refused action is named in an error: its text, or what it is."""
    if not isinstance(action, Action):
        return str(action)
    text = getattr(action, "text", None)
    return text if isinstance(text, str) else object.__repr__(action)


_SLOT_NAMES: Final[dict[type, tuple[str, ...]]] = {}


def _slot_names(cls: type) -> tuple[str, ...]:
    """The fields of ``cls``'s instances: its slots, or, compiled by mypyc, its native attributes
    (a native class has no ``__slots__``; mypyc lists them)."""
    names = _SLOT_NAMES.get(cls)
    if names is None:
        native: tuple[str, ...] = getattr(cls, "__mypyc_attrs__", ())
        slots = [name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ())]
        names = _SLOT_NAMES[cls] = tuple(
            n for n in dict.fromkeys([*native, *slots]) if not n.startswith("__")
        )
    return names


def check_seed(seed: object) -> int | None:
    """``seed`` if it is a deal's seed, an integer or None; a `GameError` otherwise."""
    if seed is not None and type(seed) is not int:
        raise GameError(f"a seed is an integer or None, not {seed!r}")
    return seed


def deal_hands(deal: Mapping[str, Any], players: int) -> list[list[int]]:
    """A record's ``deal.hands``: one list of card codes per seat, as card indices; a `RecordError`
    if it is not that."""
    hands = deal.get("hands")
    if not isinstance(hands, list) or len(hands) != players:
        raise RecordError(f"deal.hands must list {players} hands")
    return [deal_cards(hand, f"deal.hands[{i}]") for i, hand in enumerate(hands)]


def deal_cards(value: object, what: str) -> list[int]:
    """A record's list of card codes (``what`` names it), as card indices; a `RecordError` if it is
    not that."""
    if (
        not isinstance(value, Sequence)
        or isinstance(value, str)
        or not all(isinstance(c, str) for c in value)
    ):
        raise RecordError(f"{what} must be a list of card codes")
    try:
        return [parse_card(c) for c in value]
    except CardError as e:
        raise RecordError(str(e)) from None
