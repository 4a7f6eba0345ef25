"""Piken: the middle-card draws, the highest combination of the round and who is still in, the piles,
the hand in Piken's order, the legal plays grouped by combination, and the tournament sheet.

A middle card shows only to the seat that drew it, removed cards only as a count until the game is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..core.actions import Action
from ..core.game import Result
from ..core.match import Match, SheetRow
from ..games.piken.combos import NO_KEY, TYPE_NAMES, beats, classify, type_name
from ..games.piken.middle import SPECIAL
from ..games.piken.order import CODE, parse_mask
from .base import Presenter, Seen, View
from .i18n import Words
from .model import Choice, Entry, Group, Hand, HandGroup, Line, joined, line, phrase

DRAWING: Final = tuple(CODE[card] for card in SPECIAL)
"""7♦ and A♣: their holders take or may draw the middle cards (rule 2)."""
LISTED_PER_TYPE: Final = 5
"""Plays listed (and numbered) per combination, the weakest first; the others are typed as cards."""


def combination_names(w: Words) -> dict[str, str]:
    """The ten combinations by the rulebook's names."""
    names = (
        w._("single"),
        w._("pair"),
        w._("two pairs"),
        w._("three of a kind"),
        w._("straight"),
        w._("full house"),
        w._("flush"),
        w._("four of a kind"),
        w._("straight flush"),
        w._("royal flush"),
    )
    return dict(zip(TYPE_NAMES, names, strict=True))


def key_of(codes: Sequence[str]) -> int:
    return classify(parse_mask(codes))


def play_cards(action: str) -> list[str]:
    return action.split()[1:]


class PikenPresenter(Presenter):
    plays_tricks = False
    sheet_details = ("first_leader", "piles", "spades", "winner")

    def took_on(self, result: Result, seat: int) -> tuple[str, bool] | None:
        """Every round, won when the seat won it."""
        return "rounds", result["details"].get("winner") == seat

    def kind_label(self, w: Words, kind: str) -> str:
        return w._("rounds (made: won)")

    def about(self, seen: Seen) -> str:
        return seen.w._("The middle and the piles")

    def help(self, seen: Seen) -> str:
        return seen.w._(
            "How to answer: lay a combination by typing its cards in any order (7h 7s, 'play 7H 7S', 10d "
            "jd qd kd ad) or the number of a listed play; laying one that does not beat the highest "
            "drops you out of the round. When you may take a middle card, type its position (1 or 2) or "
            "'decline'. 'help' shows this again, 'quit' leaves the table."
        )

    # ------------------------------------------------------------------ the deal

    def round_start(self, seen: Seen, view: View) -> list[Line]:
        w = seen.w
        facts = [
            w._("10 cards each"),
            w._("2 face down in the middle"),
            w._("dealer {seat}").format(seat=seen.labels[view["dealer"]]),
            w._("a point per card you take"),
        ]
        lines = [line(" · ".join(facts)), self.middle(seen, view)]
        if view["phase"] == "play":
            lines.append(self.first_leader(seen, view))
        return lines

    def middle(self, seen: Seen, view: View) -> Line:
        """What the deal says about 7♦ and A♣: who takes, who may draw, what is removed."""
        w, entitled = seen.w, view["entitled"]
        seven, ace = (seen.cards.named(code) for code in DRAWING)
        if not entitled:
            return phrase(
                w._("{seven} and {ace} both lie in the middle: both middle cards leave the game, face down"),
                seven=seven,
                ace=ace,
            )
        if len(entitled) == 1 and view["taken"][entitled[0]] == 2 and view["phase"] == "play":
            who = seen.labels[entitled[0]]
            if view["drawn"]:
                return phrase(
                    w._("{seat} holds both {seven} and {ace} and takes both middle cards: {cards}"),
                    seat=who,
                    cards=seen.cards.cards(view["drawn"]),
                    seven=seven,
                    ace=ace,
                )
            return phrase(
                w._("{seat} holds both {seven} and {ace} and takes both middle cards"),
                seat=who,
                seven=seven,
                ace=ace,
            )
        if len(entitled) == 2:
            return phrase(
                w._("{seats} hold {seven} and {ace}: each may take a middle card blind"),
                seats=seen.names(entitled),
                seven=seven,
                ace=ace,
            )
        return phrase(
            w._("{seat} holds {seven} or {ace}: he may take a middle card blind"),
            seat=seen.labels[entitled[0]],
            seven=seven,
            ace=ace,
        )

    def first_leader(self, seen: Seen, view: View) -> Line:
        w, removed = seen.w, view["removed"]
        text = w._("{seat} leads the first round").format(seat=seen.labels[view["first_leader"]])
        if removed:
            text += " · " + w.ngettext(
                "{n} middle card left the game face down", "{n} middle cards left the game face down", removed
            ).format(n=removed)
        return line(text)

    # ------------------------------------------------------------------ the viewer's turn

    def combination(self, seen: Seen, lay: View) -> Line:
        """``pair 9H 9C``."""
        return line(combination_names(seen.w)[lay["combination"]] + " ", seen.cards.cards(lay["cards"]))

    def lines(self, seen: Seen, view: View) -> list[Line]:
        if view["phase"] == "draw":
            positions = " " + seen.w._("and") + " "
            return [
                line(
                    seen.w._("middle cards face down at position {positions}").format(
                        positions=positions.join(map(str, view["middle"]))
                    )
                )
            ]
        return [*self.round_lines(seen, view), *self.piles(seen, view)]

    def round_lines(self, seen: Seen, view: View) -> list[Line]:
        """``highest: pair 9H 9C (seat 2) · still in: seat 0 (you), seat 2``, and the table."""
        w, highest = seen.w, view["highest"]
        still_in = ", ".join(seen.labels[s] for s in view["still_in"])
        if highest is None:
            return [line(w._("you lead the round · in: {seats}").format(seats=still_in))]
        laid = [
            line(seen.labels[lay["seat"]] + " ", self.lay_summary(seen, lay)["parts"])
            for lay in view["table"]
        ]
        return [
            line(
                w._("highest: "),
                self.combination(seen, highest)["parts"],
                " ("
                + seen.labels[highest["seat"]]
                + ") · "
                + w._("still in: {seats}").format(seats=still_in),
            ),
            line(w._("on the table: "), joined(laid, " · ")),
        ]

    def lay_summary(self, seen: Seen, lay: View) -> Line:
        if not lay["cards"]:
            return line(seen.w._("no cards: out"))
        return line(self.combination(seen, lay)["parts"], "" if lay["stays_in"] else " " + seen.w._("(out)"))

    def piles(self, seen: Seen, view: View) -> list[Line]:
        """Cards in each pile and hand, and the removed ones (face down)."""
        w = seen.w
        piles = " · ".join(f"{label} {n}" for label, n in zip(seen.labels, view["piles"], strict=True))
        hands = " · ".join(f"{label} {n}" for label, n in zip(seen.labels, view["hand_counts"], strict=True))
        removed = " · " + w._("removed: {n} face down").format(n=view["removed"]) if view["removed"] else ""
        return [line(w._("piles: ") + piles + removed), line(w._("cards in hand: ") + hands)]

    def hand(self, seen: Seen, view: View) -> Hand:
        """The hand in Piken's order (as the view gives it), the cards of one rank together."""
        groups: list[HandGroup] = []
        for code in view["hand"]:
            if groups and groups[-1]["cards"][-1]["code"][0] == code[0]:
                groups[-1]["cards"].append(seen.cards.card(code))
            else:
                groups.append(HandGroup(suit=None, cards=[seen.cards.card(code)]))
        return Hand(codes=list(view["hand"]), groups=groups, numbered=False)

    def entry(self, view: View) -> Entry:
        return "draw" if view["phase"] == "draw" else "cards"

    def prompt(self, seen: Seen, view: View) -> str:
        if view["phase"] == "draw":
            positions = ", ".join(map(str, view["middle"]))
            return seen.w._("your choice ({positions} or decline): ").format(positions=positions)
        return seen.w._("your play (a number, or the cards like 7h 7s): ")

    def actions(self, seen: Seen, view: View) -> list[Group]:
        """The plays grouped by combination: first those that beat the highest, then the singles that
        drop out, then the other lower combinations (typed as cards)."""
        w = seen.w
        if view["phase"] == "draw":
            positions = (" " + w._("or") + " ").join(map(str, view["middle"]))
            label = w._("take one blind: type {positions}, or decline").format(positions=positions)
            draws = [self.choice(seen, a) for a in view["legal_actions"]]
            return [
                Group(
                    heading=None, label=label, row=False, actions=draws, listed=0, numbered=False, more=None
                )
            ]
        highest = view["highest"]
        bar = key_of(highest["cards"]) if highest else NO_KEY
        plays = sorted(view["legal_actions"], key=lambda a: (key_of(play_cards(a)), a))
        beating = [a for a in plays if beats(key_of(play_cards(a)), bar)]
        dropping = [a for a in plays if not beats(key_of(play_cards(a)), bar)]
        singles = [a for a in dropping if len(play_cards(a)) == 1]
        lower = [a for a in dropping if len(play_cards(a)) > 1]
        groups = self.grouped(
            seen,
            beating,
            w._("you may lay:") if highest is None else w._("beat it and stay in:"),
            LISTED_PER_TYPE,
        )
        groups += self.grouped(
            seen, singles, w._("or drop out (your cards stay in the round):"), len(singles)
        )
        if lower:
            more = w.ngettext(
                "  or any of {n} lower combination: type the cards",
                "  or any of {n} lower combinations: type the cards",
                len(lower),
            ).format(n=len(lower))
            groups.append(
                Group(
                    heading=None,
                    label="",
                    row=False,
                    actions=[self.choice(seen, a) for a in lower],
                    listed=0,
                    numbered=False,
                    more=more,
                )
            )
        return groups

    def grouped(self, seen: Seen, plays: Sequence[str], heading: str, limit: int) -> list[Group]:
        """One row per combination under ``heading``: ``pair  3) TD TH  4) AD AS  (+2 more)``."""
        names = combination_names(seen.w)
        groups: list[Group] = []
        for kind in TYPE_NAMES:
            of_kind = [a for a in plays if type_name(key_of(play_cards(a))) == kind]
            if of_kind:
                extra = len(of_kind) - limit
                groups.append(
                    Group(
                        heading=None if groups else heading,
                        label=names[kind],
                        row=True,
                        actions=[Choice(action=a, parts=seen.cards.cards(play_cards(a))) for a in of_kind],
                        listed=min(limit, len(of_kind)),
                        numbered=True,
                        more=seen.w._("(+{n} more)").format(n=extra) if extra > 0 else None,
                    )
                )
        return groups

    # ------------------------------------------------------------------ as it happens

    def after(self, seen: Seen, before: View, seat: int, action: Action, view: View) -> list[Line]:
        w, history = seen.w, view["history"]
        finished = history[len(before["history"]) :]
        lays = [*(finished[-1]["lays"] if finished else []), *view["table"]]
        said = self.described(seen, seat, action, view)
        lines = [said]
        if action.kind == "play":
            codes = [c["code"] for c in self.codes(seen, action) if c["kind"] == "card"]
            at = next(i for i, lay in enumerate(lays) if lay["cards"] == codes)
            stays = w._(": stays in") if lays[at]["stays_in"] else w._(": drops out")
            lines[0] = line(said["parts"], stays)
            lines += [
                line(w._("{seat} has no cards left: drops out").format(seat=seen.labels[lay["seat"]]))
                for lay in lays[at + 1 :]
                if not lay["cards"]
            ]
        elif view["phase"] == "play" and not history and not view["table"]:
            lines.append(self.first_leader(seen, view))
        lines += [self.round_taken(seen, rnd, view) for rnd in finished]
        return lines

    def described(self, seen: Seen, seat: int, action: Action, view: View) -> Line:
        w, label = seen.w, seen.labels[seat]
        if action.kind == "draw":
            said = w._("{seat} takes the middle card at position {n}").format(seat=label, n=action.word)
            return line(said, ": ", seen.cards.cards(view["drawn"])) if seat == seen.viewer else line(said)
        if action.kind == "decline":
            return line(w._("{seat} declines the middle card").format(seat=label))
        codes = self.codes(seen, action)
        kind = combination_names(w)[type_name(key_of([c["code"] for c in codes if c["kind"] == "card"]))]
        return phrase(w._("{seat} lays {combination} {cards}"), seat=label, combination=kind, cards=codes)

    def round_taken(self, seen: Seen, rnd: View, view: View) -> Line:
        """``seat 2 takes the round: 7 cards (pile 12)``."""
        w, taker = seen.w, rnd["taker"]
        count = sum(len(lay["cards"]) for lay in rnd["lays"])
        said = w.ngettext("{seat} takes the round: {n} card", "{seat} takes the round: {n} cards", count)
        pile = " " + w._("(pile {n})").format(n=view["piles"][taker]) if view["phase"] != "over" else ""
        return line(said.format(seat=seen.labels[taker], n=count) + pile, bold=True)

    # ------------------------------------------------------------------ the end of a game

    def result(self, seen: Seen, view: View) -> list[Line]:
        """Who kept cards, what was removed, the piles with their spades, and the winner."""
        w, d = seen.w, view["result"]["details"]
        lines = [line(w._("the game is over"), bold=True)]
        for seat, kept in enumerate(d["kept"]):
            if kept:
                label = seen.labels[seat]
                lines.append(
                    phrase(
                        w._("{seat} still holds {cards}: they go to {seat}'s pile"),
                        seat=label,
                        cards=seen.cards.cards(kept),
                    )
                )
        if d["removed"]:
            lines.append(line(w._("removed from the game: "), seen.cards.cards(d["removed"])))
        for seat, label in enumerate(seen.labels):
            piled, spades = d["piles"][seat], d["spades"][seat]
            said = w._("{seat}: {cards}, {spades}").format(
                seat=label,
                cards=w.ngettext("{n} card", "{n} cards", piled).format(n=piled),
                spades=w.ngettext("{n} spade", "{n} spades", spades).format(n=spades),
            )
            top = d["highest_spade"][seat]
            lines.append(
                line(said, phrase(w._(", highest {card}"), card=seen.cards.card(top))["parts"] if top else "")
            )
        lines.append(line(self.verdict(seen, d), bold=True))
        return lines

    def verdict(self, seen: Seen, d: View) -> str:
        """The winner and which tie-break decided (piken.md 5.1)."""
        w = seen.w
        winner, piles, spades = d["winner"], d["piles"], d["spades"]
        if winner is None:
            return w._("no winner: a tie on cards, and the tied players have no spade")
        tied = [s for s in range(len(piles)) if piles[s] == piles[winner]]
        why = w._("most cards")
        if len(tied) > 1:
            most = [s for s in tied if spades[s] == spades[winner]]
            why = (
                w._("a tie on cards: most spades")
                if len(most) == 1
                else w._("a tie on cards and spades: highest spade")
            )
        return w._("winner: {seat} · {why}").format(seat=seen.labels[winner], why=why)

    def badges(self, seen: Seen, view: View, seat: int) -> list[str]:
        """The cards the seat has piled."""
        won: int = view["piles"][seat]
        return [seen.w.ngettext("{n} card won", "{n} cards won", won).format(n=won)]

    def bid_and_taken(self, seen: Seen, row: SheetRow, seat: int) -> tuple[str | None, str | None]:
        return None, str(row.details["piles"][seat])

    def sheet_columns(self, seen: Seen) -> list[str]:
        return [seen.w._("game"), seen.w._("dealer"), seen.w._("leads")]

    def sheet_facts(self, seen: Seen, row: SheetRow) -> list[list[Line]]:
        return [[line(seen.short[row.dealer])], [line(seen.short[row.details["first_leader"]])]]

    def sheet_caption(self, seen: Seen, match: Match) -> str:
        return seen.w._("a point per card: cards = total")

    def sheet_cells(self, seen: Seen, row: SheetRow) -> list[list[Line]]:
        return [[line(f"{s} = {t}")] for s, t in zip(row.scores, row.totals, strict=True)]
