"""Actions and their notation (``notation.md``): one line of keywords and card codes.

An `Action` is interned and immutable: parsing the same canonical text twice gives
the same object, and so do ``Action(text)``, copying and unpickling, so actions are
cheap to create, hash and compare.  ``str(action)`` is the canonical text, and an
action compares equal to that text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from .cards import CODES, SUITS, CardError, listing_key, parse_card, suit_of
from .errors import TroefError

Shape = tuple[int, int]
"""An action keyword's shape: the words it takes (0 or 1) and how many cards at most (0: none)."""

SHARED_KINDS: Final[Mapping[str, Shape]] = {
    "pass": (0, 0),
    "decline": (0, 0),
    "bid": (1, 0),
    "choose": (1, 0),
    "draw": (1, 0),
    "trump": (1, 0),
    "play": (0, 5),
    "call": (0, 1),
    "discard": (0, 4),
}
"""The keywords of notation.md that any game may use, with their shapes; a game declares its own
(`Game.action_kinds`), which `register_kinds` adds."""
_KINDS: Final[dict[str, Shape]] = dict(SHARED_KINDS)
_BLIND_KINDS: Final = ("play", "call")
_LAST_KINDS: Final = ("bid",)


class ActionError(TroefError, ValueError):
    """Text that is not an action in troef's notation."""


def register_kinds(kinds: Mapping[str, Shape]) -> None:
    """Let `parse_action` read a game's own action keywords (``kinds``, with their shapes); an
    `ActionError` for a keyword already known with another shape."""
    for kind, shape in kinds.items():
        known = _KINDS.get(kind)
        if known is not None and known != shape:
            raise ActionError(f"action {kind!r} is known with shape {known}, not {shape}")
        _KINDS[kind] = shape


def _listed_kinds() -> str:
    """The known keywords, as an unknown action's error lists them: the bare ones, then those that
    take a word, then those that take cards."""
    return ", ".join(sorted(_KINDS, key=_listing_rank))


def _listing_rank(kind: str) -> int:
    words, cards = _KINDS[kind]
    return 2 if cards else words


class Action:
    """One action: ``kind`` (the keyword), ``word`` (its argument, if any), ``cards``, ``blind`` and
    ``last`` (a bid declared to be the bidder's last, ``bid 150 last``).

    ``number`` is ``int(word)`` for numeric arguments (bids in tricks or points,
    ``draw N``), else -1; ``card`` is the first card or -1.  ``Action(text)`` is
    `parse_action`; equality and hashing go by the canonical text.  Compiled, it is a native class:
    the engine reads its fields directly, which the hot paths do at every card played.
    """

    __slots__ = ("blind", "card", "cards", "kind", "last", "number", "text", "word")

    kind: str
    word: str
    cards: tuple[int, ...]
    blind: bool
    last: bool
    text: str
    number: int
    card: int

    def __new__(cls, text: str, fields: Mapping[str, object] | None = None) -> Action:
        """`parse_action`: the interned action ``text`` names.  With ``fields`` (`make`'s), a new action
        with those fields, which only `make` interns."""
        if fields is None:
            return parse_action(text)
        action = super().__new__(cls)  # compiled, only a native class's own __new__ may make one
        for name, value in fields.items():
            object.__setattr__(action, name, value)
        return action

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("an action cannot be changed")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("an action cannot be changed")

    def __reduce__(self) -> tuple[Callable[[str], Action], tuple[str]]:
        return parse_action, (self.text,)  # copies and unpickled actions are the interned one

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return other.text == self.text
        return isinstance(other, str) and other == self.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __lt__(self, other: Action) -> bool:
        return self.text < other.text


_INTERNED: dict[str, Action] = {}


def make(
    kind: str, word: str = "", cards: tuple[int, ...] = (), blind: bool = False, last: bool = False
) -> Action:
    """The interned action with these parts (cards are put in canonical order)."""
    if len(cards) > 1:
        cards = tuple(sorted(cards, key=listing_key))
    parts = [kind]
    if word:
        parts.append(word)
    parts.extend(CODES[c] for c in cards)
    if blind:
        parts.append("blind")
    if last:
        parts.append("last")
    text = " ".join(parts)
    action = _INTERNED.get(text)
    if action is None:
        fields = {
            "kind": kind,
            "word": word,
            "cards": cards,
            "blind": blind,
            "last": last,
            "text": text,
            "number": int(word) if word.isdecimal() else -1,
            "card": cards[0] if cards else -1,
        }
        action = _INTERNED[text] = Action(text, fields)
    return action


def as_action(action: object) -> Action:
    """The interned action equal to ``action``: an `Action` (itself when interned, as every action
    troef makes is) or its text (`parse_action`); an `ActionError` for anything else."""
    if not isinstance(action, Action):
        return parse_action(action)
    try:
        found = _INTERNED.get(action.text)
    except (AttributeError, TypeError):  # an Action object forged without text, or not text
        found = None
    if found is None:
        raise ActionError(f"not an action troef knows: {object.__repr__(action)}")
    return found


def parse_action(text: object) -> Action:
    """The action that ``text`` names; forgiving about case, spacing and card spelling (anything but
    text is an `ActionError`)."""
    if not isinstance(text, str):
        raise ActionError(f"an action is text, not {text!r}")
    found = _INTERNED.get(text)
    if found is not None:
        return found
    tokens = text.split()
    if not tokens:
        raise ActionError("empty action")
    kind = tokens[0].lower()
    shape = _KINDS.get(kind)
    if shape is None:
        raise ActionError(f"unknown action {tokens[0]!r} in {text!r}; actions: {_listed_kinds()}")
    n_words, max_cards = shape
    rest = tokens[1:]
    blind = kind in _BLIND_KINDS and bool(rest) and rest[-1].lower() == "blind"
    if blind:
        rest = rest[:-1]
    last = kind in _LAST_KINDS and len(rest) > 1 and rest[-1].lower() == "last"
    if last:
        rest = rest[:-1]
        if not (rest[0].isascii() and rest[0].isdecimal()):
            raise ActionError(f"only a bid of points may be declared last: {text!r}")
    word = ""
    if n_words:
        if len(rest) != 1:
            raise ActionError(f"{kind!r} takes one argument: {text!r}")
        word = _word(kind, rest[0])
        rest = []
    if not max_cards and rest:
        raise ActionError(f"{kind!r} takes nothing more: {text!r}")
    try:
        cards = tuple(parse_card(t) for t in rest)
    except CardError as e:
        raise ActionError(f"{e} in action {text!r}") from None
    if max_cards and not 1 <= len(cards) <= max_cards:
        raise ActionError(f"{kind!r} takes 1 to {max_cards} cards: {text!r}")
    if len(set(cards)) != len(cards):
        raise ActionError(f"a card is named twice in {text!r}")
    return make(kind, word, cards, blind, last)


def _word(kind: str, token: str) -> str:
    if kind == "trump":
        try:
            return SUITS[suit_of(token)]
        except CardError as e:
            raise ActionError(str(e)) from None
    if token.isdecimal():
        if not token.isascii():  # "bid \u0661" is no "bid 1": actions are written in ASCII (notation.md)
            raise ActionError(f"{kind!r} takes a number in the digits 0-9, not {token[:12]!a}")
        if len(token) > 9:
            raise ActionError(f"{kind!r} takes a number of at most 9 digits, not {token[:12]!r}…")
        return str(int(token))
    if kind == "draw":
        raise ActionError(f"'draw' takes a position number, not {token!r}")
    return token.lower()


PASS: Final = make("pass")
