"""What every game's presentation shares: the seats around the table, the hand in display order, the
trick line, the auction, actions described, the score sheet and the standings.

A `Presenter` holds no state: each call gets the `Seen` context (the game, the words, the viewer) and
the viewer's view; what changed after an action is read from the view before and after it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

from ..core.actions import Action
from ..core.cards import CODES, RANKS, SUITS
from ..core.game import Game, Result
from ..core.match import Match, SheetRow
from .i18n import Words
from .model import (
    Choice,
    Column,
    Entry,
    Group,
    Hand,
    HandGroup,
    Line,
    Part,
    Played,
    ScoreRow,
    Seat,
    Sheet,
    Table,
    Trick,
    joined,
    line,
    phrase,
    text,
)
from .words import Cards, seat_labels, short_labels

View = Mapping[str, Any]
STAND_IN_MARK: Final = "*"
"""Marks a seat's cell on the score sheet in a round a stand-in bot played for it."""
DISPLAY_SUITS: Final = "SHCD"
"""Suits in display order, black and red alternating; the trump suit is rotated to the front."""


@dataclass
class Seen:
    """Who looks at the table, in which language; ``people`` (per seat a person's name or None) and
    ``bots`` (per seat a bot kind or None) label the seats by name (``Ann (you)``, ``bot 2 (easy)``)
    instead of by number (``seat 0 (you)``); ``hindsight`` when a finished round is told again (a
    replay), so that everything the players could not look at during it may be shown."""

    game: Game
    viewer: int | None
    lang: str = "en"
    people: Sequence[str | None] | None = None
    bots: Sequence[str | None] | None = None
    hindsight: bool = False
    w: Words = field(init=False)
    cards: Cards = field(init=False)
    labels: list[str] = field(init=False)
    short: list[str] = field(init=False)
    """Each seat's short name, for the score sheet's narrow columns."""

    def __post_init__(self) -> None:
        self.w = Words(self.lang)
        self.cards = Cards(self.w, german=self.game.rules.get("pack") == "german36")  # Ober and Unter
        self.labels = seat_labels(self.w, self.game.players, self.viewer, self.people, self.bots)
        self.short = short_labels(self.w, self.game.players, self.people, self.bots)

    def names(self, seats: Sequence[int]) -> str:
        """``seat 1 and seat 3``."""
        if len(seats) <= 1:
            return "".join(self.labels[s] for s in seats)
        return self.w._("{seats} and {seat}").format(
            seats=", ".join(self.labels[s] for s in seats[:-1]), seat=self.labels[seats[-1]]
        )


class CardOrder:
    """Sorts cards for display: by suit (trump first, colours alternating), strongest first."""

    def __init__(self, game: Game, trump: str | None) -> None:
        self.power = game.card_power(SUITS.index(trump) if trump else -1)
        start = DISPLAY_SUITS.index(trump) if trump else 0
        self.suits = DISPLAY_SUITS[start:] + DISPLAY_SUITS[:start]

    def key(self, code: str) -> tuple[int, int]:
        return self.suits.index(code[1]), -self.power[SUITS.index(code[1]) * 13 + RANKS.index(code[0])]

    def sort(self, codes: Sequence[str]) -> list[str]:
        return sorted(codes, key=self.key)


def signed(number: int) -> str:
    return format(number, "+d")


class Presenter:
    """How one game is shown. The shared parts are here; a game overrides what it shows its own way."""

    text_columns: ClassVar[frozenset[int]] = frozenset()
    """The score sheet's columns (before the seats') that hold words, aligned left; numbers align right."""
    plays_tricks: ClassVar[bool] = True
    """Whether the game is played in tricks."""
    sheet_details: ClassVar[tuple[str, ...]]
    """The keys of a round's result details that the score sheet shows everyone: public once the round
    is over and naming no card that was not (an allow-list: a key added to a game's result is not served
    until it is listed here)."""

    def took_on(self, result: Result, seat: int) -> tuple[str, bool] | None:
        """What ``seat`` took on in a finished round (the kind of contract or bid, as its players count it)
        and whether it made it, for the player page's statistics (`troef.present.stats`); None for a round
        where it took nothing on (the default: a game with no contracts)."""
        return None

    def kind_label(self, w: Words, kind: str) -> str:
        """A kind of `took_on` as the player page names it, in ``w``'s language."""
        return kind

    def help(self, seen: Seen) -> str:
        """How to answer, shown at the start and on ``help``."""
        raise NotImplementedError

    # ------------------------------------------------------------------ the table on a turn

    def table(self, seen: Seen, view: View, totals: Sequence[int] | None = None) -> Table:
        """The table as ``view``'s seat sees it; ``totals``: the match totals before this round."""
        turn = seen.viewer is not None and view["current_player"] == seen.viewer
        return Table(
            game=seen.game.name,
            lang=seen.w.lang,
            viewer=seen.viewer,
            phase=str(view["phase"]),
            seats=self.seats(seen, view, totals),
            contract=self.contract_line(seen, view),
            auction=self.auction_line(seen, view),
            lines=self.lines(seen, view),
            about=self.about(seen),
            tricks=self.plays_tricks,
            trick=self.trick(seen, view),
            last_trick=self.last_trick(seen, view),
            hand=self.hand(seen, view),
            actions=self.actions(seen, view) if turn else [],
            prompt=self.prompt(seen, view) if turn else "",
            entry=self.entry(view),
        )

    def about(self, seen: Seen) -> str:
        """The heading of the table in words (`lines`)."""
        return seen.w._("Contract and auction")

    def round_start(self, seen: Seen, view: View) -> list[Line]:
        """The round's facts, when the cards are dealt."""
        raise NotImplementedError

    def lines(self, seen: Seen, view: View) -> list[Line]:
        """The table in words, top to bottom, above the hand."""
        raise NotImplementedError

    def contract_line(self, seen: Seen, view: View) -> Line | None:
        """What is being played, once it is known (None where the game has no contract)."""
        return None

    def auction_line(self, seen: Seen, view: View) -> Line | None:
        """What was bid so far (None where the game has no auction)."""
        return self.auction(seen, view) if "auction" in view else None

    def actions(self, seen: Seen, view: View) -> list[Group]:
        """The legal actions, grouped and described."""
        raise NotImplementedError

    def prompt(self, seen: Seen, view: View) -> str:
        raise NotImplementedError

    def entry(self, view: View) -> Entry:
        """How a typed answer is read besides the listed choices."""
        return "choice"

    def seats(self, seen: Seen, view: View, totals: Sequence[int] | None = None) -> list[Seat]:
        """Every seat, clockwise from the viewer (the spectator sees seat 0 first)."""
        n = len(view["hand_counts"])
        first = seen.viewer or 0
        order: list[int] = view["order"]
        return [
            Seat(
                seat=s,
                label=seen.labels[s],
                you=s == seen.viewer,
                dealer=s == view["dealer"],
                in_play=s in order,
                to_act=s == view["current_player"],
                cards=view["hand_counts"][s],
                badges=self.badges(seen, view, s) if s in order else [],
                total=None if totals is None else totals[s],
            )
            for s in [(first + i) % n for i in range(n)]
        ]

    def badges(self, seen: Seen, view: View, seat: int) -> list[str]:
        """What ``seat``'s badge shows besides its name: in a trick game the tricks it took (a game adds
        bids and roles)."""
        if "tricks" not in view or view["phase"] not in ("play", "over"):
            return []
        won: int = view["tricks"][seat]
        return [seen.w.ngettext("{n} trick", "{n} tricks", won).format(n=won)]

    def order(self, seen: Seen, view: View) -> CardOrder:
        return CardOrder(seen.game, view.get("trump"))

    def hand(self, seen: Seen, view: View) -> Hand:
        """The viewer's hand grouped by suit, trump first, strongest first."""
        order = self.order(seen, view)
        groups = [
            HandGroup(
                suit=suit,
                cards=[seen.cards.card(c) for c in order.sort([c for c in view["hand"] if c[1] == suit])],
            )
            for suit in order.suits
        ]
        groups = [g for g in groups if g["cards"]]
        return Hand(codes=[c["code"] for g in groups for c in g["cards"]], groups=groups, numbered=False)

    # ------------------------------------------------------------------ tricks

    def played(self, seen: Seen, seats: Sequence[int], codes: Sequence[str]) -> list[Played]:
        return [Played(seat=s, card=seen.cards.card(c)) for s, c in zip(seats, codes, strict=True)]

    def trick(self, seen: Seen, view: View) -> Trick | None:
        """The trick on the table: ``trick 3: seat 2 AS · seat 3 7S``."""
        if "trick_seats" not in view or view["phase"] != "play":
            return None
        played = self.played(seen, view["trick_seats"], view["trick"])
        shown = [line(seen.labels[p["seat"]] + " ", p["card"]) for p in played]
        body = (
            joined(shown, " · ")
            if shown
            else line(seen.w._("{seat} leads").format(seat=seen.labels[view["leader"]]))["parts"]
        )
        heading = self.trick_heading(seen, view)
        return Trick(leader=view["leader"], cards=played, winner=None, line=line(heading, ": ", body))

    def trick_heading(self, seen: Seen, view: View) -> list[Part]:
        """``trick 3`` (a game adds the trump or the number of tricks)."""
        return line(seen.w._("trick {n}").format(n=len(view["history"]) + 1))["parts"]

    def out_of_sight(self, seen: Seen, view: View) -> int:
        """How many of the round's finished tricks, the first ones, the viewer may no longer look at:
        they leave the table and the log (`kept`).  By default none."""
        return 0

    def last_trick(self, seen: Seen, view: View) -> Trick | None:
        """The last finished trick while the viewer may look at it."""
        last = view.get("last_trick")
        if not last or self.out_of_sight(seen, view) >= len(view["history"]):
            return None
        return self.finished(seen, last, view)

    def kept(self, seen: Seen, before: View, seat: int, action: Action, view: View) -> list[Line]:
        """What the log keeps of a card played once its trick is out of sight: who took each trick
        the card completed, without its cards."""
        w = seen.w
        return [
            line(w._("trick {n}: {seat} took it").format(n=n, seat=seen.labels[t["winner"]]))
            for n, t in enumerate(view["history"][len(before["history"]) :], len(before["history"]) + 1)
        ]

    def finished(self, seen: Seen, trick: View, view: View) -> Trick:
        """A finished trick, with the line saying who took it."""
        return Trick(
            leader=trick["leader"],
            cards=self.played(seen, trick["seats"], trick["cards"]),
            winner=trick["winner"],
            line=self.trick_taken(seen, trick, view),
        )

    def trick_taken(self, seen: Seen, trick: View, view: View) -> Line:
        """``seat 2 takes the trick with AS``."""
        winner: int = trick["winner"]
        card = trick["cards"][trick["seats"].index(winner)]
        return line(
            text(seen.w._("{seat} takes the trick with ").format(seat=seen.labels[winner])),
            seen.cards.card(card),
            bold=True,
        )

    # ------------------------------------------------------------------ as it happens

    def after(self, seen: Seen, before: View, seat: int, action: Action, view: View) -> list[Line]:
        """What to show after ``seat`` acted: the action, and each trick it completed."""
        lines = [self.described(seen, seat, action, view)]
        lines += [self.trick_taken(seen, t, view) for t in view["history"][len(before["history"]) :]]
        return lines

    def described(self, seen: Seen, seat: int, action: Action, view: View) -> Line:
        """``seat 1 bids 2``, ``seat 3 plays AS``."""
        w, label = seen.w, seen.labels[seat]
        if action.kind == "bid":
            return phrase(w._("{seat} bids {bid}"), seat=label, bid=self.bid_word(seen, action.word))
        if action.kind == "pass":
            return phrase(w._("{seat} passes"), seat=label)
        if action.kind == "trump":
            return phrase(w._("{seat} names trump {suit}"), seat=label, suit=seen.cards.suit(action.word))
        if action.kind == "play":
            return phrase(w._("{seat} plays {cards}"), seat=label, cards=self.codes(seen, action))
        return line(f"{label}: {action}")

    def codes(self, seen: Seen, action: Action) -> list[Part]:
        return seen.cards.cards([CODES[c] for c in action.cards])

    def auction(self, seen: Seen, view: View) -> Line:
        """``auction: seat 2 rik · seat 3 pass``."""
        last = seen.w._(" (last bid)")
        said = [
            line(f"{seen.labels[e['seat']]} {self.bid_word(seen, e['bid'])}{last if e.get('last') else ''}")
            for e in view["auction"]
        ]
        return line(seen.w._("auction: "), joined(said, " · ") if said else seen.w._("you speak first"))

    def word(self, seen: Seen, kind: str) -> str:
        """An action without argument, as listed: ``pass``, ``decline``; a game adds its own."""
        words = {"pass": seen.w._("pass"), "decline": seen.w._("decline")}
        return words.get(kind, kind)

    def bid_word(self, seen: Seen, bid: str) -> str:
        return seen.w._("pass") if bid == "pass" else bid

    def choice(self, seen: Seen, action: str) -> Choice:
        """A legal action as listed: ``rik``, ``pass``, ``♠ spades``, ``AS``, ``AD blind``."""
        kind, *rest = action.split()
        if kind == "trump":
            parts = [seen.cards.suit(rest[0])]
        elif kind in ("play", "call") and len(rest) == 1:
            parts = [seen.cards.card(rest[0])]
        elif kind in ("play", "call"):
            parts = line(seen.cards.card(rest[0]), " ", seen.w._("blind"))["parts"]
        else:
            parts = [text(self.bid_word(seen, rest[0]) if rest else self.word(seen, kind))]
        return Choice(action=action, parts=parts)

    def listed(self, seen: Seen, label: str, actions: Sequence[str], numbered: bool = True) -> Group:
        """One group of every action in ``actions``."""
        return Group(
            heading=None,
            label=label,
            row=False,
            actions=[self.choice(seen, a) for a in actions],
            listed=len(actions),
            numbered=numbered,
            more=None,
        )

    def play_group(self, seen: Seen, view: View) -> list[Group]:
        """The cards that may be played, in hand order."""
        order = self.order(seen, view)
        legal = sorted(view["legal_actions"], key=lambda a: (order.key(a.split()[1]), a.endswith(" blind")))
        return [self.listed(seen, seen.w._("you may play: "), legal)]

    def card_prompt(self, seen: Seen, view: View) -> str:
        count = len(view["legal_actions"])
        return seen.w._("your card (its number {numbers}, or a card like AS, 10h): ").format(
            numbers=f"1-{count}" if count > 1 else "1"
        )

    # ------------------------------------------------------------------ the end of a round

    def result(self, seen: Seen, view: View) -> list[Line]:
        """The round's result, from the view of the finished round."""
        raise NotImplementedError

    def round_result(self, seen: Seen, match: Match, view: View) -> list[Line]:
        """The result of the round just entered on ``match``'s sheet."""
        return self.result(seen, view)

    def score_rows(self, seen: Seen, row: SheetRow, view: View) -> list[ScoreRow]:
        """Every seat in the sheet's ``row`` (``view``: the round at its end), clockwise from the viewer:
        its points for the round, its total and, where the game shows them, what it bid and took."""
        out: list[ScoreRow] = []
        for seat in self.seats(seen, view):
            s = seat["seat"]
            bid, taken = self.bid_and_taken(seen, row, s)
            out.append(
                ScoreRow(
                    seat=s,
                    label=seat["label"],
                    bid=bid,
                    taken=taken,
                    points=row.scores[s],
                    total=row.totals[s],
                )
            )
        return out

    def bid_and_taken(self, seen: Seen, row: SheetRow, seat: int) -> tuple[str | None, str | None]:
        """What ``seat`` bid in the round of ``row`` and what it took against it (None where the game or
        the seat has neither); by default the tricks it took."""
        tricks = row.result.get("tricks")
        return None, None if tricks is None else str(tricks[seat])

    def sheet(self, seen: Seen, match: Match, stand_ins: Sequence[Collection[int]] = ()) -> Sheet:
        """The score sheet of the finished rounds; ``stand_ins``: per round the seats a stand-in bot
        played for (their cells marked, the caption saying what the mark means)."""
        facts = self.sheet_columns(seen)
        names = [*facts, *seen.labels]
        shorts = [*facts, *seen.short]
        footers = self.sheet_footers(seen, match)
        columns = [
            Column(
                label=name,
                short=shorts[i],
                right=i not in self.text_columns,
                footer=footers[i] if footers else "",
            )
            for i, name in enumerate(names)
        ]
        rows = [
            [[line(str(row.index + 1))], *self.sheet_facts(seen, row), *self.sheet_cells(seen, row)]
            for row in match.sheet
        ]
        caption = self.sheet_caption(seen, match)
        if any(stand_ins):
            caption = stand_in_marks(seen, rows, stand_ins, caption)
        return Sheet(
            title=seen.w._("score sheet"),
            caption=caption,
            columns=columns,
            rows=rows,
            footer=footers is not None,
            cells_fit=self.cells_fit(seen),
            facts=len(facts),
        )

    def sheet_footers(self, seen: Seen, match: Match) -> list[str] | None:
        """A footer for every column of the sheet, or None for none."""
        return None

    def sheet_columns(self, seen: Seen) -> list[str]:
        """The columns before the seats'."""
        raise NotImplementedError

    def sheet_facts(self, seen: Seen, row: SheetRow) -> list[list[Line]]:
        raise NotImplementedError

    def sheet_caption(self, seen: Seen, match: Match) -> str:
        return seen.w._("per player: points = total")

    def sheet_cells(self, seen: Seen, row: SheetRow) -> list[list[Line]]:
        """Per seat: ``+5`` and ``= 12``."""
        return [[line(signed(p)), line(f"= {t}")] for p, t in zip(row.scores, row.totals, strict=True)]

    def cells_fit(self, seen: Seen) -> int:
        return 40 + 12 * seen.game.players


def stood_in(seen: Seen, told: Line, mark: str | None = None) -> Line:
    """``told``, a line of a move a stand-in bot made for an away player (or a cell of a round it played
    in), marked so: with ``mark``, else with words."""
    said = seen.w._(" (stand-in bot)") if mark is None else mark
    return Line(parts=[*told["parts"], text(said)], bold=told["bold"], stand_in=True)


def stand_in_marks(
    seen: Seen, rows: list[list[list[Line]]], stand_ins: Sequence[Collection[int]], caption: str
) -> str:
    """Mark the score sheet's cells (``rows``, the seats' cells last) of the seats a stand-in bot played
    for (``stand_ins``, per round); the caption, saying what the mark means."""
    for cells, seats in zip(rows, stand_ins, strict=False):
        for seat in seats:
            cell = cells[len(cells) - len(seen.labels) + seat]
            cell[0] = stood_in(seen, cell[0], STAND_IN_MARK)
    return f"{caption} · {STAND_IN_MARK} {seen.w._('a stand-in bot played for this player')}"


def standings(seen: Seen, match: Match) -> list[Line]:
    """Final totals, highest first, and the winner (or the winners of a tie)."""
    w, labels, totals = seen.w, seen.labels, match.totals
    ranked = sorted(range(len(labels)), key=lambda s: -totals[s])
    lines = [line(w._("Final standings"), bold=True)]
    lines += [line(f"{1 + sum(t > totals[s] for t in totals)}. {labels[s]}: {totals[s]}") for s in ranked]
    leaders = match.leaders()
    best = totals[leaders[0]]
    if len(leaders) == 1:
        verdict = w._("Winner: {seat} with {points} points").format(seat=labels[leaders[0]], points=best)
    else:
        verdict = w._("Tie for first with {points} points: {seats}").format(
            points=best, seats=", ".join(labels[s] for s in leaders)
        )
    return [*lines, line(verdict, bold=True)]


def round_title(w: Words, index: int, planned: int) -> str:
    """``Round 2 of 4`` for the round of ``index`` 1 (counted from 0); past the planned rounds
    ``Closing round 1``."""
    if index < planned:
        return w._("Round {n} of {rounds}").format(n=index + 1, rounds=planned)
    return w._("Closing round {n}").format(n=index + 1 - planned)
