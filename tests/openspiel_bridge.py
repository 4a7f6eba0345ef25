"""Translation between troef's Rififi ``oh-hell`` preset and OpenSpiel's ``oh_hell``.

troef numbers a card ``suit * 13 + rank`` with suits S H D C and rank 0 the two;
OpenSpiel numbers it ``rank * 4 + suit`` with suits C D S H (same ranks).  A bid
of N tricks is OpenSpiel action ``52 + N``.  OpenSpiel's chance nodes come first:
the number of tricks, the dealer (action = seat), the deal (the i-th card dealt goes
to player ``i % players``) and the trump card.

This module does not import ``pyspiel`` itself: callers pass OpenSpiel objects in,
so a test can skip cleanly when open_spiel is not installed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from troef.core.cards import CODES, parse_card

NUM_CARDS: Final = 52
BID_BASE: Final = 52
OPENSPIEL_SUITS: Final = "CDSH"
TROEF_SUITS: Final = "SHDC"
# troef suit index (S H D C) -> OpenSpiel suit index (C D S H)
_TO_OS_SUIT: Final = tuple(OPENSPIEL_SUITS.index(s) for s in TROEF_SUITS)


def game_string(players: int, tricks: int) -> str:
    """The OpenSpiel game string of a fixed-size Oh Hell round."""
    return f"oh_hell(players={players},num_suits=4,num_cards_per_suit=13,num_tricks_fixed={tricks})"


def max_tricks(players: int) -> int:
    """The largest hand OpenSpiel can deal: it always needs one more card to turn for trump."""
    return (NUM_CARDS - 1) // players


def to_openspiel_card(card: int) -> int:
    """OpenSpiel's action id of troef card index ``card``."""
    suit, rank = divmod(card, 13)
    return rank * 4 + _TO_OS_SUIT[suit]


def from_openspiel_card(action: int) -> int:
    """troef's card index of OpenSpiel card action ``action``."""
    rank, os_suit = divmod(action, 4)
    return TROEF_SUITS.index(OPENSPIEL_SUITS[os_suit]) * 13 + rank


def openspiel_action_text(action: int) -> str:
    """An OpenSpiel player action in troef's notation: ``play XX`` or ``bid N``."""
    if 0 <= action < NUM_CARDS:
        return "play " + CODES[from_openspiel_card(action)]
    if action >= BID_BASE:
        return f"bid {action - BID_BASE}"
    raise ValueError(f"not an OpenSpiel oh_hell player action: {action}")


def openspiel_action(text: str) -> int:
    """The OpenSpiel action id of a troef ``play XX`` or ``bid N`` action text."""
    kind, _, arg = text.partition(" ")
    if kind == "play":
        return to_openspiel_card(parse_card(arg))
    if kind == "bid":
        return BID_BASE + int(arg)
    raise ValueError(f"no OpenSpiel oh_hell action for {text!r}")


def chance_actions(deal: Mapping[str, Any], dealer: int, tricks: int) -> list[int]:
    """OpenSpiel's chance actions that reproduce a troef record's ``deal`` object.

    The i-th card dealt goes to player ``i % players``: card j of every hand is
    dealt in round j.  Trump is the record's ``trump_card`` (never null here).
    """
    hands: Sequence[Sequence[str]] = deal["hands"]
    players = len(hands)
    if any(len(h) != tricks for h in hands):
        raise ValueError(f"every hand must hold {tricks} cards: {hands}")
    trump = deal["trump_card"]
    if trump is None:
        raise ValueError("OpenSpiel's oh_hell always turns a trump card")
    cards = [to_openspiel_card(parse_card(hands[i % players][i // players])) for i in range(players * tricks)]
    return [tricks, dealer, *cards, to_openspiel_card(parse_card(trump))]


def tricks_won(state: Any) -> list[int]:
    """Tricks taken per player, read from OpenSpiel's state text (``Tricks Won:`` line)."""
    for line in str(state).splitlines():
        if line.startswith("Tricks Won:"):
            return [int(x) for x in line.split(":", 1)[1].split()]
    raise ValueError(f"no 'Tricks Won:' line in OpenSpiel's state:\n{state}")


def dealt_hands(state: Any, players: int) -> list[list[str]]:
    """Each player's hand as troef card codes (sorted), read from OpenSpiel's state text.

    The text lists, under ``Player: p``, one line per suit (``C: J4``, ranks high to low).
    """
    lines = str(state).splitlines()
    hands: list[list[str]] = []
    for p in range(players):
        start = lines.index(f"Player: {p}") + 1
        codes: list[str] = []
        for line in lines[start : start + 4]:
            suit, _, ranks = line.strip().partition(":")
            if suit not in OPENSPIEL_SUITS:
                raise ValueError(f"unexpected line {line!r} in OpenSpiel's state:\n{state}")
            codes.extend(rank + suit for rank in ranks.strip())
        hands.append(sorted(codes))
    return hands
