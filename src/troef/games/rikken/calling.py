"""Naming trump and calling the partner (``rikken.md`` 3.7 and section 4)."""

from __future__ import annotations

from typing import Final

from ...core.actions import Action, make
from ...core.cards import HEARTS, SUIT_MASKS, SUITS, card_index
from .contracts import Contract

TRUMPS: Final = tuple(make("trump", s) for s in SUITS)
ACES: Final = tuple(card_index(s, "A") for s in range(4))
KINGS: Final = tuple(card_index(s, "K") for s in range(4))


def trump_suits(contract: Contract, plain_may_be_hearts: bool, excluded: int = -1) -> list[int]:
    """The suits that may be named trump: not hearts for a plain form that has a ``-beter`` form
    (unless the option allows it), never ``excluded`` (troela: the suit of the partner's ace)."""
    no_hearts = contract.has_beter_form and not plain_may_be_hearts
    return [s for s in range(4) if s != excluded and not (no_hearts and s == HEARTS)]


def calls(hand: int, trump: int) -> list[Action]:
    """The legal partner calls: an ace of a non-trump suit he does not hold but holds a card of; a
    king instead when he holds all four aces; blind, an ace of a non-trump suit he is void in, only
    when neither is possible; none at all when not even that is (he plays without a partner)."""
    suits = [s for s in range(4) if s != trump]
    called = KINGS if all(hand >> a & 1 for a in ACES) else ACES
    open_calls = [
        make("call", cards=(called[s],)) for s in suits if not hand >> called[s] & 1 and hand & SUIT_MASKS[s]
    ]
    if open_calls:
        return open_calls
    return [make("call", cards=(ACES[s],), blind=True) for s in suits if not hand & SUIT_MASKS[s]]


def call_reason(hand: int, trump: int, action: Action) -> str:
    """Why a call is not legal, in words."""
    card = action.card
    suit = card // 13
    if card not in ACES and card not in KINGS:
        return "the partner is called by an ace (a king when holding all four aces)"
    if suit == trump:
        return "the called card must be of a non-trump suit"
    if hand >> card & 1:
        return "you may not call a card you hold"
    four_aces = all(hand >> a & 1 for a in ACES)
    if card in KINGS and not four_aces:
        return "a king may only be called when holding all four aces"
    if card in ACES and four_aces:
        return "holding all four aces you call a king"
    if action.blind:
        if hand & SUIT_MASKS[suit]:
            return f"a blind call is for a suit you are void in; you hold {SUITS[suit]}"
        return "a blind call is only allowed when no ace can be called openly"
    return f"you must hold a card of the called suit ({SUITS[suit]}); call it blind if you may"
