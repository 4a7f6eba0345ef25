"""Minitrick's presentation: no auction, no contract; the tricks each seat took."""

from __future__ import annotations

from troef.core.match import SheetRow
from troef.present import Presenter, Seen
from troef.present.base import View
from troef.present.model import Group, Line, joined, line


class MinitrickPresenter(Presenter):
    sheet_details = ("tricks",)

    def about(self, seen: Seen) -> str:
        return seen.w._("Tricks")

    def help(self, seen: Seen) -> str:
        return seen.w._(
            "How to answer: type the card's number in the list (1, 2, ...) or the card itself "
            "(AS, 'play KH'). 'help' shows this again, 'quit' leaves the table."
        )

    def round_start(self, seen: Seen, view: View) -> list[Line]:
        """``4 cards each · dealer seat 2 · no trump``."""
        w, size = seen.w, max(view["hand_counts"])
        facts = [
            line(w.ngettext("{n} card each", "{n} cards each", size).format(n=size)),
            line(w._("dealer {seat}").format(seat=seen.labels[view["dealer"]])),
            line(w._("no trump")),
        ]
        return [line(joined(facts, " · "))]

    def lines(self, seen: Seen, view: View) -> list[Line]:
        trick = self.trick(seen, view)
        taken = [line(f"{label} {won}") for label, won in zip(seen.labels, view["tricks"], strict=True)]
        return [*([trick["line"]] if trick else []), line(seen.w._("tricks: "), joined(taken, " · "))]

    def actions(self, seen: Seen, view: View) -> list[Group]:
        return self.play_group(seen, view)

    def prompt(self, seen: Seen, view: View) -> str:
        return self.card_prompt(seen, view)

    def result(self, seen: Seen, view: View) -> list[Line]:
        """Who took the most tricks."""
        most = max(view["tricks"])
        best = [s for s in view["order"] if view["tricks"][s] == most]
        return [line(seen.w._("result: "), seen.w._("most tricks: {seats}").format(seats=seen.names(best)))]

    def sheet_columns(self, seen: Seen) -> list[str]:
        return [seen.w._("round")]

    def sheet_facts(self, seen: Seen, row: SheetRow) -> list[list[Line]]:
        return []
