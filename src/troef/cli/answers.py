"""Reading the answers a turn takes besides a listed choice: cards typed for a lay or a discard, a
middle-card position, a bid typed as its points. Only the parsing of typed text lives here."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..cards import CODES, CardError, parse_card
from ..present.i18n import Words


class NotAChoice(ValueError):
    """An answer that names no action, e.g. a number that is not on the list."""


def bid_points(answer: str) -> str | None:
    """A bid typed as its points (``150``): ``bid 150``, declared last (``150 last``): ``bid 150 last``;
    None for any other answer."""
    points, *last = answer.lower().split() or [""]
    if not points.isdecimal() or int(points) < 100 or last not in ([], ["last"]):
        return None
    return " ".join(["bid", points, *last])


def draw_text(answer: str) -> str | None:
    """A middle-card position typed as a number (``2``): ``draw 2``; None for any other answer."""
    text = answer.strip()
    return f"draw {text}" if text.isdecimal() else None


def codes(words: Sequence[str]) -> list[str]:
    try:
        return [CODES[parse_card(word)] for word in words]
    except CardError as e:
        raise NotAChoice(str(e)) from None


def lay_reader(w: Words) -> Callable[[str], str | None]:
    """Two or more cards typed (``7h 7s``, ``play 7H 7S``, ``7h,7s``): that ``play``; None for any other
    answer (a number, one card, a word), which the generic reading takes."""

    def read(answer: str) -> str | None:
        words = answer.replace(",", " ").split()
        named = bool(words) and words[0].lower() == "play"
        cards = words[1:] if named else words
        if not named and len(cards) < 2:
            return None
        if not cards:
            raise NotAChoice(w._("type the cards to lay after 'play', e.g. play 7H 7S"))
        return "play " + " ".join(codes(cards))

    return read


def discard_reader(cards: Sequence[str], w: Words) -> Callable[[str], str]:
    """The ``discard`` an answer means: card numbers in the numbered hand ``cards``, or card codes, with
    or without the word ``discard``."""

    def read(answer: str) -> str:
        words = answer.split()
        if words and words[0].lower() == "discard":
            words = words[1:]
        if not words:
            raise NotAChoice(w._("type the numbers of the cards to lay back, or the cards"))
        if all(word.isdecimal() for word in words):
            wrong = [word for word in words if not 1 <= int(word) <= len(cards)]
            if wrong:
                refusal = w._("there is no card {number}; type numbers from 1 to {count}")
                raise NotAChoice(refusal.format(number=wrong[0], count=len(cards)))
            return "discard " + " ".join(cards[int(word) - 1] for word in words)
        return "discard " + " ".join(codes(words))

    return read
