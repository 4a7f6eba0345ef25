"""Piken at the table: the middle-card draws, the highest combination of the round and who is still in,
the piles, the hand in Piken's order, the legal plays grouped by type, and the tournament sheet.

All of it comes from the person's view: a middle card shows only to the seat that drew it, removed
cards only as a count until the game is over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ..cards import CODES, CardError, parse_card
from ..core.actions import Action
from ..games.piken.combos import NO_KEY, TYPE_NAMES, beats, classify, type_name
from ..games.piken.order import parse_mask
from ..match import Match
from .table import GameTable, NotAChoice, Turn, card_text, joined

HELP = (
    "How to answer: lay a combination by typing its cards in any order (7h 7s, 'play 7H 7S', 10d jd qd kd "
    "ad) or the number of a listed play; laying one that does not beat the highest drops you out of the "
    "round. When you may take a middle card, type its position (1 or 2) or 'decline'. "
    "'help' shows this again, 'quit' leaves the table."
)
LISTED_PER_TYPE: Final = 5
"""Plays listed (and numbered) per combination type; the others are typed as cards."""
TYPE_WIDTH: Final = max(map(len, TYPE_NAMES)) + 2


def cards_text(codes: Sequence[str]) -> Text:
    return joined([card_text(c) for c in codes], " ")


def hand_text(codes: Sequence[str]) -> Text:
    """A hand in Piken's order, the cards of one rank together: ``7D 7S  8H  9D``."""
    groups: list[Text] = []
    for code in codes:
        if groups and code[0] == groups[-1].plain[0]:
            groups[-1] = groups[-1] + " " + card_text(code)
        else:
            groups.append(card_text(code))
    return joined(groups, "  ") if groups else Text("(no cards)")


def key_of(codes: Sequence[str]) -> int:
    return classify(parse_mask(codes))


def combination_text(lay: Mapping[str, Any]) -> Text:
    """``pair 9H 9C``."""
    return Text(f"{lay['combination']} ") + cards_text(lay["cards"])


def play_cards(action: str) -> list[str]:
    return action.split()[1:]


class PikenTable(GameTable):
    """Piken, three at the table: lay combinations, beat the highest or drop out, take the round."""

    help = HELP

    # ------------------------------------------------------------------ the deal

    def facts(self, view: Mapping[str, Any]) -> RenderableType:
        lines = [
            joined(
                [
                    "10 cards each",
                    "2 face down in the middle",
                    f"dealer {self.labels[view['dealer']]}",
                    "a point per card you take",
                ],
                " · ",
            ),
            self.middle_text(view),
        ]
        if view["phase"] == "play":
            lines.append(self.first_leader_text(view))
        return Text("\n").join(lines)

    def middle_text(self, view: Mapping[str, Any]) -> Text:
        """What the deal says about 7D and AC: who takes, who may draw, what is removed."""
        entitled: list[int] = view["entitled"]
        if not entitled:
            return Text("7D and AC both lie in the middle: both middle cards leave the game, face down")
        if len(entitled) == 1 and view["taken"][entitled[0]] == 2 and view["phase"] == "play":
            who = self.labels[entitled[0]]
            text = Text(f"{who} holds both 7D and AC and takes both middle cards")
            return text + Text(": ") + cards_text(view["drawn"]) if view["drawn"] else text
        names = " and ".join(self.labels[s] for s in entitled)
        holds = "hold 7D and AC" if len(entitled) == 2 else "holds 7D or AC"
        return Text(f"{names} {holds}: {'each' if len(entitled) == 2 else 'he'} may take a middle card blind")

    def first_leader_text(self, view: Mapping[str, Any]) -> Text:
        removed = view["removed"]
        gone = (
            f" · {removed} middle card{'s' if removed != 1 else ''} left the game face down"
            if removed
            else ""
        )
        return Text(f"{self.labels[view['first_leader']]} leads the first round{gone}")

    # ------------------------------------------------------------------ the person's turn

    def turn(self, view: Mapping[str, Any]) -> Turn:
        if view["phase"] == "draw":
            return self.draw_turn(view)
        lines: list[RenderableType] = [
            self.round_text(view),
            self.piles_text(view),
            Text("your hand: ") + hand_text(view["hand"]),
        ]
        listing, choices = self.play_listing(view)
        lines.extend(listing)
        prompt = Text("your play (a number, or the cards like 7h 7s): ", style="bold")
        return Turn(lines, choices, prompt, read=lay_text)

    def draw_turn(self, view: Mapping[str, Any]) -> Turn:
        positions = [str(n) for n in view["middle"]]
        lines: list[RenderableType] = [
            Text(f"middle cards face down at position {' and '.join(positions)}"),
            Text("your hand: ") + hand_text(view["hand"]),
            Text(f"take one blind: type {' or '.join(positions)}, or decline"),
        ]
        prompt = Text(f"your choice ({', '.join(positions)} or decline): ", style="bold")
        return Turn(lines, list(view["legal_actions"]), prompt, read=draw_text)

    def round_text(self, view: Mapping[str, Any]) -> Text:
        """``highest: pair 9H 9C (seat 2) · still in: seat 0 (you), seat 2``, and the table."""
        highest = view["highest"]
        still_in = ", ".join(self.labels[s] for s in view["still_in"])
        if highest is None:
            return Text(f"you lead the round · in: {still_in}")
        head = Text("highest: ") + combination_text(highest) + f" ({self.labels[highest['seat']]})"
        laid = [Text(f"{self.labels[lay['seat']]} ") + self.lay_summary(lay) for lay in view["table"]]
        return head + f" · still in: {still_in}\non the table: " + joined(laid, " · ")

    def lay_summary(self, lay: Mapping[str, Any]) -> Text:
        if not lay["cards"]:
            return Text("no cards: out")
        return combination_text(lay) + ("" if lay["stays_in"] else " (out)")

    def piles_text(self, view: Mapping[str, Any]) -> Text:
        """Cards in each pile and hand, and the removed ones (face down)."""
        piles = " · ".join(f"{label} {n}" for label, n in zip(self.labels, view["piles"], strict=True))
        hands = " · ".join(f"{label} {n}" for label, n in zip(self.labels, view["hand_counts"], strict=True))
        removed = f" · removed: {view['removed']} face down" if view["removed"] else ""
        return Text(f"piles: {piles}{removed}\ncards in hand: {hands}")

    def play_listing(self, view: Mapping[str, Any]) -> tuple[list[RenderableType], list[str]]:
        """The legal plays grouped by type: first those that beat the highest, then the singles that drop
        out; at most `LISTED_PER_TYPE` of a type are numbered (the weakest)."""
        highest = view["highest"]
        bar = key_of(highest["cards"]) if highest else NO_KEY
        plays = sorted(view["legal_actions"], key=lambda a: (key_of(play_cards(a)), a))
        beating = [a for a in plays if beats(key_of(play_cards(a)), bar)]
        dropping = [a for a in plays if not beats(key_of(play_cards(a)), bar)]
        choices: list[str] = []
        lines: list[RenderableType] = []
        if beating:
            lines.append(Text("you may lay:" if highest is None else "beat it and stay in:"))
            lines.extend(self.grouped(beating, choices))
        if dropping:
            singles = [a for a in dropping if len(play_cards(a)) == 1]
            lines.append(Text("or drop out (your cards stay in the round):"))
            lines.extend(self.grouped(singles, choices, len(singles)))
            others = len(dropping) - len(singles)
            if others:
                lines.append(
                    Text(f"  or any of {others} lower combination{'s' if others > 1 else ''}: type the cards")
                )
        return lines, choices

    def grouped(self, plays: Sequence[str], choices: list[str], limit: int = LISTED_PER_TYPE) -> list[Text]:
        """One line per type: ``  pair       3) TD TH  4) AD AS  (+2 more)``; numbers continue ``choices``."""
        lines: list[Text] = []
        for kind in TYPE_NAMES:
            of_kind = [a for a in plays if type_name(key_of(play_cards(a))) == kind]
            if not of_kind:
                continue
            shown = []
            for action in of_kind[:limit]:
                choices.append(action)
                shown.append(Text(f"{len(choices)}) ") + cards_text(play_cards(action)))
            line = Text(f"  {kind:<{TYPE_WIDTH}}") + joined(shown, "  ")
            if len(of_kind) > limit:
                line += f"  (+{len(of_kind) - limit} more)"
            lines.append(line)
        return lines

    # ------------------------------------------------------------------ as it happens

    def after(self, seat: int, action: Action, view: Mapping[str, Any]) -> list[RenderableType]:
        history: list[Mapping[str, Any]] = view["history"]
        lays = [*(history[-1]["lays"] if len(history) > self.tricks_seen else []), *view["table"]]
        text = self.described(seat, action, view)
        lines: list[RenderableType] = [text]
        if action.kind == "play":
            codes = [CODES[c] for c in action.cards]
            at = next(i for i, lay in enumerate(lays) if lay["cards"] == codes)
            lines[0] = text + (": stays in" if lays[at]["stays_in"] else ": drops out")
            lines.extend(
                Text(f"{self.labels[lay['seat']]} has no cards left: drops out")
                for lay in lays[at + 1 :]
                if not lay["cards"]
            )
        elif view["phase"] == "play" and not history and not view["table"]:
            lines.append(self.first_leader_text(view))
        for rnd in history[self.tricks_seen :]:
            lines.append(self.round_taken(rnd, view))
        self.tricks_seen = len(history)
        return lines

    def described(self, seat: int, action: Action, view: Mapping[str, Any]) -> Text:
        label = self.labels[seat]
        if action.kind == "draw":
            text = Text(f"{label} takes the middle card at position {action.word}")
            if seat == self.human:
                text += Text(": ") + cards_text(view["drawn"])
            return text
        if action.kind == "decline":
            return Text(f"{label} declines the middle card")
        codes = [CODES[c] for c in action.cards]
        return Text(f"{label} lays {type_name(key_of(codes))} ") + cards_text(codes)

    def round_taken(self, rnd: Mapping[str, Any], view: Mapping[str, Any]) -> Text:
        """``seat 2 takes the round: 7 cards (pile 12)``."""
        taker = rnd["taker"]
        count = sum(len(lay["cards"]) for lay in rnd["lays"])
        pile = f" (pile {view['piles'][taker]})" if view["phase"] != "over" else ""
        return Text(
            f"{self.labels[taker]} takes the round: {count} card{'s' if count != 1 else ''}{pile}",
            style="bold",
        )

    # ------------------------------------------------------------------ the end of a game

    def round_end(self, match: Match, view: Mapping[str, Any]) -> list[RenderableType]:
        return [self.result_text(view), Text(), self.score_sheet(match)]

    def result_text(self, view: Mapping[str, Any]) -> Text:
        """Who kept cards, what was removed, the piles with their spades, and the winner."""
        details: Mapping[str, Any] = view["result"]["details"]
        lines = [Text("the game is over", style="bold")]
        for seat, kept in enumerate(details["kept"]):
            if kept:
                label = self.labels[seat]
                lines.append(
                    Text(f"{label} still holds ") + cards_text(kept) + f": they go to {label}'s pile"
                )
        if details["removed"]:
            lines.append(Text("removed from the game: ") + cards_text(details["removed"]))
        for seat, label in enumerate(self.labels):
            top = details["highest_spade"][seat]
            spades = f"{details['spades'][seat]} spade{'s' if details['spades'][seat] != 1 else ''}"
            lines.append(Text(f"{label}: {details['piles'][seat]} cards, {spades}") + self.top_spade(top))
        lines.append(Text(self.verdict(details), style="bold"))
        return Text("\n").join(lines)

    def top_spade(self, code: str | None) -> Text:
        return Text(", highest ") + card_text(code) if code else Text()

    def verdict(self, details: Mapping[str, Any]) -> str:
        """The winner and which tie-break decided (piken.md 5.1)."""
        winner, piles, spades = details["winner"], details["piles"], details["spades"]
        if winner is None:
            return "no winner: a tie on cards, and the tied players have no spade"
        tied = [s for s in range(len(piles)) if piles[s] == piles[winner]]
        why = "most cards"
        if len(tied) > 1:
            most = [s for s in tied if spades[s] == spades[winner]]
            why = (
                "a tie on cards: most spades"
                if len(most) == 1
                else "a tie on cards and spades: highest spade"
            )
        return f"winner: {self.labels[winner]} · {why}"

    def score_sheet(self, match: Match) -> Table:
        """The tournament sheet: per game the dealer and first leader, per player cards = total."""
        sheet = Table(
            title="score sheet", caption="a point per card: cards = total", show_edge=False, pad_edge=False
        )
        for name in ("game", "dealer", "leads"):
            sheet.add_column(name, justify="right")
        for label in self.labels:
            sheet.add_column(label, justify="right")
        for row in match.sheet:
            d = row.details
            cells = [f"{s} = {t}" for s, t in zip(row.scores, row.totals, strict=True)]
            sheet.add_row(str(row.index + 1), str(row.dealer), str(d["first_leader"]), *cells)
        return sheet


def draw_text(answer: str) -> str | None:
    """A middle-card position typed as a number (``2``): ``draw 2``; None for any other answer."""
    text = answer.strip()
    return f"draw {text}" if text.isdecimal() else None


def lay_text(answer: str) -> str | None:
    """Two or more cards typed (``7h 7s``, ``play 7H 7S``, ``7h,7s``): that ``play``; None for any other
    answer (a number, one card, a word), which the table's generic reading takes."""
    words = answer.replace(",", " ").split()
    named = bool(words) and words[0].lower() == "play"
    cards = words[1:] if named else words
    if not named and len(cards) < 2:
        return None
    if not cards:
        raise NotAChoice("type the cards to lay after 'play', e.g. play 7H 7S")
    try:
        return "play " + " ".join(CODES[parse_card(c)] for c in cards)
    except CardError as e:
        raise NotAChoice(str(e)) from None
