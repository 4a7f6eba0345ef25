"""Words shared by every game: card and suit names, seat labels."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..core.cards import HIDDEN, RANKS, SUIT_SYMBOLS, SUITS
from ..core.options import _
from .i18n import Words
from .model import Part


def rank_names(w: Words, german: bool) -> tuple[str, ...]:
    """The ranks 2 .. A by name; ``german``: the German-ranked pack's (Unter for J, Ober for Q)."""
    return (
        w._("two"),
        w._("three"),
        w._("four"),
        w._("five"),
        w._("six"),
        w._("seven"),
        w._("eight"),
        w._("nine"),
        w._("ten"),
        w._("unter") if german else w._("jack"),
        w._("ober") if german else w._("queen"),
        w._("king"),
        w._("ace"),
    )


def suit_names(w: Words) -> tuple[str, ...]:
    """The suits S H D C by name."""
    return w._("spades"), w._("hearts"), w._("diamonds"), w._("clubs")


class Cards:
    """Cards and suits as line parts, named in one language."""

    def __init__(self, w: Words, german: bool = False) -> None:
        self.w = w
        self.ranks = rank_names(w, german)
        self.suits = suit_names(w)

    def name(self, code: str) -> str:
        """``ace of spades``, ``schoppen aas``, ``Pik-As``; ``a card face down`` for ``??``."""
        if code == HIDDEN:
            return self.w._("a card face down")
        template = self.w._("{rank} of {suit}")
        return template.format(rank=self.ranks[RANKS.index(code[0])], suit=self.suits[SUITS.index(code[1])])

    def card(self, code: str) -> Part:
        return Part(kind="card", text=code, code=code, name=self.name(code))

    def named(self, code: str) -> list[Part]:
        """A card the rules name, not one of the deal (e.g. one whose holder leads): ``7♦``, its rank and its
        suit's part (coloured, named for screen readers), so that it is no card part (that shows a dealt
        card)."""
        rank = "10" if code[0] == "T" else code[0]
        return [Part(kind="text", text=rank, code="", name=""), self.suit(code[1], named=False)]

    def cards(self, codes: Sequence[str]) -> list[Part]:
        """``AS 9S``: the cards with a space between them."""
        parts: list[Part] = []
        for i, code in enumerate(codes):
            if i:
                parts.append(Part(kind="text", text=" ", code="", name=""))
            parts.append(self.card(code))
        return parts

    def suit(self, suit: str | None, named: bool = True) -> Part:
        """``♥ hearts`` (``named``) or ``♥``; ``no trump`` for none."""
        if suit is None:
            return Part(kind="text", text=self.w._("no trump"), code="", name="")
        i = SUITS.index(suit)
        shown = f"{SUIT_SYMBOLS[i]} {self.suits[i]}" if named else SUIT_SYMBOLS[i]
        return Part(kind="suit", text=shown, code=suit, name=self.suits[i])


def seat_labels(
    w: Words,
    players: int,
    viewer: int | None,
    people: Sequence[str | None] | None = None,
    bots: Sequence[str | None] | None = None,
) -> list[str]:
    """``seat 2``, and ``seat 0 (you)`` for the viewer; with ``people`` (per seat a person's name or
    None) and ``bots`` (per seat a bot kind or None): ``Ann``, ``Ann (you)``, ``bot 2 (easy)``, and
    ``seat 2`` for a seat nobody holds yet."""
    labels = []
    for s in range(players):
        name = people[s] if people is not None else None
        bot = bots[s] if bots is not None else None
        if bot is not None:
            labels.append(w._("bot {n} ({level})").format(n=s, level=bot_word(w, bot)))
        elif name is not None:
            labels.append(w._("{name} (you)").format(name=name) if s == viewer else name)
        else:
            labels.append(w._("seat {n} (you)").format(n=s) if s == viewer else w._("seat {n}").format(n=s))
    return labels


BOT_WORDS: Final = (_("easy"), _("normal"), _("strong"), _("random"), _("heuristic"), _("learned"))
"""The bot levels and kinds that have a word of their own: each is its English word."""


def bot_word(w: Words, kind: str) -> str:
    """A bot's kind or level as a player reads it: ``easy``, ``makkelijk``; a kind without a word of its
    own (``pimc``) as it is."""
    return w._(kind) if kind in BOT_WORDS else kind


def short_labels(
    w: Words,
    players: int,
    people: Sequence[str | None] | None = None,
    bots: Sequence[str | None] | None = None,
) -> list[str]:
    """Each seat as a score sheet's narrow column names it: a person's initials (``Jan de Vries``:
    ``JdV``) or a short name as it is (``Ann``), ``bot 2`` for a bot, the seat number for nobody yet."""
    out = []
    for s in range(players):
        name = people[s] if people is not None else None
        if bots is not None and bots[s] is not None:
            out.append(w._("bot {n}").format(n=s))
        elif name is not None:
            words = name.split()
            out.append(
                name if len(name) <= 5 else "".join(word[0] for word in words) if len(words) > 1 else name[:4]
            )
        else:
            out.append(str(s))
    return out
