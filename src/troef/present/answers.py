"""Typed answers: the one reading of what a player types on his turn, for the terminal and the browser.

`read_answer` reads text against the table the seat sees (its choices as shown, in its language), in
this order: cards (``5h``, ``10h``, ``7h 7s``: exactly the cards of one legal action, never a blind
one); the turn's own entry (a bid as its points ``150``, ``150 last``; card numbers in a numbered hand;
a middle-card position); a word or phrase shown for a choice (``pas``, ``misère``, ``schoppen``,
``AS blind``) or the action's notation (``bid rik``, ``trump S``, or its argument alone: ``rik``,
``s``); last, the number of a listed choice.  What it cannot read raises `NotAChoice`, whose message is
in the seat's language and lists the choices as shown.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Final

from ..core.actions import Action, parse_action
from ..core.cards import CODES, CardError, parse_card
from ..core.errors import TroefError
from .i18n import Words
from .model import Choice, Group, Table, plain

ECHO: Final = 40
"""The most characters of an answer that a refusal repeats."""
DIGITS: Final = 4
"""The most digits of a number typed (a bid's points, a choice, a card's or position's number)."""
KINDS: Final = frozenset({"play", "call", "discard"})
"""The actions written as their kind and cards."""

Reading = Callable[[list[str], Table, Sequence[str]], str | None]


class NotAChoice(TroefError, ValueError):
    """Typed text that names none of the seat's legal actions: why, in the seat's language, and the
    choices as shown."""


def read_answer(text: str, table: Table, legal: Sequence[str]) -> str:
    """The legal action (one of ``legal``) that ``text``, typed at ``table``, means; `NotAChoice` if none."""
    words = typed(text)
    if words:
        for reading in READINGS:
            found = reading(words, table, legal)
            if found is not None:
                return found
    raise NotAChoice(refusal(text, words, table, legal))


def typed(text: str) -> list[str]:
    """The words of ``text`` in lower case without accents (``Misère`` -> ``misere``), commas as spaces."""
    decomposed = unicodedata.normalize("NFKD", text.replace(",", " "))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower().split()


def card(word: str) -> str | None:
    """The card code ``word`` names in the forgiving notation (``10h`` -> ``TH``), or None."""
    try:
        return CODES[parse_card(word)]
    except CardError:
        return None


def number(word: str) -> int | None:
    """The number ``word`` is (at most `DIGITS` digits), or None."""
    return int(word) if word.isascii() and word.isdigit() and len(word) <= DIGITS else None


def only(found: Iterable[str]) -> str | None:
    """The one item of ``found`` (duplicates count once), or None for none or several."""
    distinct = set(found)
    return distinct.pop() if len(distinct) == 1 else None


def action_cards(action: Action) -> list[str]:
    return sorted(CODES[c] for c in action.cards)


# ------------------------------------------------------------------ the readings, in order


def by_cards(words: list[str], table: Table, legal: Sequence[str]) -> str | None:
    """Card codes naming exactly the cards of one legal action that is not blind."""
    codes = [card(word) for word in words]
    if None in codes:
        return None
    wanted = sorted(c for c in codes if c is not None)
    named = ((a, parse_action(a)) for a in legal)
    return only(
        a for a, action in named if action.cards and not action.blind and action_cards(action) == wanted
    )


def by_entry(words: list[str], table: Table, legal: Sequence[str]) -> str | None:
    """The turn's own entry: a bid's points (at least 100, ``last`` after it), card numbers in the
    numbered hand (``discard`` before them or not), a middle-card position."""
    entry, first = table["entry"], number(words[0])
    if entry == "points" and first is not None and first >= 100 and words[1:] in ([], ["last"]):
        return notation(" ".join(["bid", str(first), *words[1:]]), legal)
    if entry == "draw" and first is not None and len(words) == 1:
        return notation(f"draw {first}", legal)
    if entry == "discard":
        hand = table["hand"]["codes"]
        numbers = [number(word) for word in (words[1:] if words[0] == "discard" else words)]
        if numbers and all(n is not None and 1 <= n <= len(hand) for n in numbers):
            return by_cards([hand[n - 1] for n in numbers if n is not None], table, legal)
    return None


def by_words(words: list[str], table: Table, legal: Sequence[str]) -> str | None:
    """A word or phrase shown for one choice: its text, one word of it that is not a card, or, for a
    choice of one card or suit, its name (``ace of spades``, ``schoppen``)."""
    said = tuple(token(word) for word in words)
    return only(c["action"] for c in choices(table) if c["action"] in legal and said in phrases(c))


def by_notation(words: list[str], table: Table, legal: Sequence[str]) -> str | None:
    """The action's notation (``bid rik``, ``call AD``, ``play 10h``), or its argument alone (``rik``,
    ``s`` for ``trump S``, ``ad blind``) where one legal action has it."""
    text = " ".join(words)
    found = notation(text, legal)
    if found is not None:
        return found
    kinds = dict.fromkeys(a.split()[0] for a in legal)
    return only(a for kind in kinds if (a := notation(f"{kind} {text}", legal)) is not None)


def by_number(words: list[str], table: Table, legal: Sequence[str]) -> str | None:
    """The number of a listed choice of a numbered group."""
    n = number(words[0]) if len(words) == 1 else None
    return next(
        (c["action"] for group, shown in listed(table) if group["numbered"] for k, c in shown if k == n), None
    )


READINGS: Final[tuple[Reading, ...]] = (by_cards, by_entry, by_words, by_notation, by_number)


def notation(text: str, legal: Sequence[str]) -> str | None:
    """The legal action ``text`` is in the notation, or None."""
    try:
        action = parse_action(text).text
    except TroefError:
        return None
    return action if action in legal else None


def token(word: str) -> str:
    """A typed or shown word as compared: a card as its code, any other word as it is."""
    return card(word) or word


def phrases(choice: Choice) -> set[tuple[str, ...]]:
    """What may be typed for ``choice``: what it shows, each of its words that is not a card and, for a
    choice of one card or suit, its name."""
    shown = tuple(token(word) for word in typed(plain(choice["parts"])))
    found = {shown, *((word,) for word in shown if word not in CODES)}
    parts = choice["parts"]
    if len(parts) == 1 and parts[0]["name"]:
        found.add(tuple(typed(parts[0]["name"])))
    return found


def choices(table: Table) -> Iterator[Choice]:
    """Every choice of the table's groups, listed or not."""
    for group in table["actions"]:
        yield from group["actions"]


def listed(table: Table) -> list[tuple[Group, list[tuple[int, Choice]]]]:
    """Each group with its listed choices and the numbers the table shows them with (counted over every
    group's listed choices)."""
    groups: list[tuple[Group, list[tuple[int, Choice]]]] = []
    n = 0
    for group in table["actions"]:
        shown = group["actions"][: group["listed"]]
        groups.append((group, list(enumerate(shown, n + 1))))
        n += len(shown)
    return groups


# ------------------------------------------------------------------ refusals


def refusal(text: str, words: list[str], table: Table, legal: Sequence[str]) -> str:
    """Why ``text`` names no choice, in the table's language, and the choices as shown."""
    w = Words(table["lang"])
    return f"{reason(w, text, words, table, legal)}; {shown_choices(table)}"


def reason(w: Words, text: str, words: list[str], table: Table, legal: Sequence[str]) -> str:
    """The most precise of: nothing typed, a card number or a choice number not shown, cards not in the
    hand, or no such choice."""
    if not words:
        return w._("type a choice")
    entry, hand = table["entry"], table["hand"]["codes"]
    numbers = [number(word) for word in (words[1:] if words[0] == "discard" else words)]
    if entry == "discard" and numbers and None not in numbers:
        wrong = next((n for n in numbers if n is not None and not 1 <= n <= len(hand)), None)
        if wrong is not None:
            refused = w._("there is no card {number}; type numbers from 1 to {count}")
            return refused.format(number=wrong, count=len(hand))
    n = number(words[0]) if len(words) == 1 else None
    entry_number = entry in ("discard", "draw") or (entry == "points" and n is not None and n >= 100)
    if n is not None and not entry_number and any(group["numbered"] for group, _ in listed(table)):
        return w._("there is no choice {number}").format(number=n)
    codes = [card(word) for word in (words[1:] if words[0] in KINDS else words)]
    held = [code for a in legal for code in action_cards(parse_action(a))]
    if codes and None not in codes and held and set(held) <= set(hand):
        missing = [code for code in codes if code is not None and code not in hand]
        if missing:
            return w._("not in your hand: {cards}").format(cards=" ".join(missing))
    answer = " ".join(text.split())
    answer = answer if len(answer) <= ECHO else answer[: ECHO - 1] + "…"
    return w._("'{answer}' is not one of your choices").format(answer=answer)


def shown_choices(table: Table) -> str:
    """The choices as the table lists them: each group's heading and label, its listed choices (with
    their numbers where the group is numbered) and what it says of the others."""
    lines = []
    for group, shown in listed(table):
        items = [f"{n}) {plain(c['parts'])}" if group["numbered"] else plain(c["parts"]) for n, c in shown]
        body = ("  " if group["numbered"] else ", ").join(items)
        said = [group["heading"] or "", group["label"].strip(), body, (group["more"] or "").strip()]
        lines.append(" ".join(part for part in said if part))
    return " · ".join(line for line in lines if line)
