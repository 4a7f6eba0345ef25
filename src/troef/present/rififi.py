"""Rififi: bids in tricks, the turned trump card, bid/taken per seat, the "Spielbogen"."""

from __future__ import annotations

from ..core.game import Result
from ..core.match import Match, SheetRow
from .base import Presenter, Seen, View, signed
from .i18n import Words
from .model import Group, Line, Part, joined, line, phrase


class RififiPresenter(Presenter):
    sheet_details = ("hand_size", "trump", "bids", "tricks")

    def took_on(self, result: Result, seat: int) -> tuple[str, bool] | None:
        """The seat's bid, made with as many tricks as bid."""
        bid = result["details"]["bids"][seat]
        return str(bid), bid == result["details"]["tricks"][seat]

    def kind_label(self, w: Words, kind: str) -> str:
        return w._("bid {n}").format(n=kind)

    def about(self, seen: Seen) -> str:
        return seen.w._("Trump and bids")

    def help(self, seen: Seen) -> str:
        return seen.w._(
            "How to answer: while bidding, type the number of tricks you bid (2, or 'bid 2'); "
            "while playing, type the card's number in the list (1, 2, ...) or the card itself "
            "(AS, 10h, 'play TH'). 'help' shows this again, 'quit' leaves the table."
        )

    def round_start(self, seen: Seen, view: View) -> list[Line]:
        """``3 cards each · dealer seat 2 · trump ♥ hearts (turned card 9H)``."""
        w, size = seen.w, view["hand_size"]
        facts = [
            line(w.ngettext("{n} card each", "{n} cards each", size).format(n=size)),
            line(w._("dealer {seat}").format(seat=seen.labels[view["dealer"]])),
            self.trump(seen, view),
        ]
        return [line(joined(facts, " · "))]

    def auction_line(self, seen: Seen, view: View) -> Line | None:
        return self.bids(seen, view)

    def contract_line(self, seen: Seen, view: View) -> Line | None:
        return self.trump(seen, view)

    def trump(self, seen: Seen, view: View) -> Line:
        if view["trump"] is None:
            return line(seen.w._("no trump"))
        return phrase(
            seen.w._("trump {suit} (turned card {card})"),
            suit=seen.cards.suit(view["trump"]),
            card=seen.cards.card(view["trump_card"]),
        )

    def lines(self, seen: Seen, view: View) -> list[Line]:
        if view["phase"] == "bid":
            return [self.bids(seen, view)]
        trick = self.trick(seen, view)
        return [*([trick["line"]] if trick else []), self.taken(seen, view)]

    def bids(self, seen: Seen, view: View) -> Line:
        """Every seat's bid so far, in bidding order."""
        bids = [
            line(f"{seen.labels[s]} {'-' if view['bids'][s] is None else view['bids'][s]}")
            for s in view["order"]
        ]
        return line(seen.w._("bids: "), joined(bids, " · "))

    def taken(self, seen: Seen, view: View) -> Line:
        """Each seat's bid and the tricks it has taken so far."""
        parts = [
            line(f"{label} {bid}/{won}")
            for label, bid, won in zip(seen.labels, view["bids"], view["tricks"], strict=True)
        ]
        return line(seen.w._("bid/taken: "), joined(parts, " · "))

    def trick_heading(self, seen: Seen, view: View) -> list[Part]:
        heading = seen.w._("trick {n} of {tricks}, trump ").format(
            n=len(view["history"]) + 1, tricks=view["hand_size"]
        )
        return line(heading, seen.cards.suit(view["trump"], named=False))["parts"]

    def actions(self, seen: Seen, view: View) -> list[Group]:
        if view["phase"] == "bid":
            return [self.listed(seen, seen.w._("you may bid: "), view["legal_actions"], numbered=False)]
        return self.play_group(seen, view)

    def prompt(self, seen: Seen, view: View) -> str:
        if view["phase"] == "bid":
            bids = view["bid_range"]
            return seen.w._("your bid (the number of tricks, {low}-{high}): ").format(
                low=bids["low"], high=bids["high"]
            )
        return self.card_prompt(seen, view)

    def result(self, seen: Seen, view: View) -> list[Line]:
        """Who made their bid (each seat's bid, tricks and points are on the sheet and the result rows)."""
        w = seen.w
        made = [s for s in view["order"] if view["bids"][s] == view["tricks"][s]]
        verdict = (
            w._("made their bid: {seats}").format(seats=seen.names(made))
            if made
            else w._("nobody made their bid")
        )
        return [line(w._("result: "), verdict, bold=True)]

    def badges(self, seen: Seen, view: View, seat: int) -> list[str]:
        """The seat's bid once made, and the tricks it took."""
        bid = view["bids"][seat]
        said = [] if bid is None else [seen.w._("bid {n}").format(n=bid)]
        return said + super().badges(seen, view, seat)

    def bid_and_taken(self, seen: Seen, row: SheetRow, seat: int) -> tuple[str | None, str | None]:
        d = row.details
        return str(d["bids"][seat]), str(d["tricks"][seat])

    def sheet_columns(self, seen: Seen) -> list[str]:
        return [seen.w._("round"), seen.w._("cards")]

    def sheet_facts(self, seen: Seen, row: SheetRow) -> list[list[Line]]:
        return [[line(str(row.details["hand_size"]))]]

    def sheet_caption(self, seen: Seen, match: Match) -> str:
        return seen.w._("per player: bid/taken, points = total")

    def sheet_cells(self, seen: Seen, row: SheetRow) -> list[list[Line]]:
        d = row.details
        return [
            [line(f"{bid}/{won} {signed(points)}"), line(f"= {total}")]
            for bid, won, points, total in zip(d["bids"], d["tricks"], row.scores, row.totals, strict=True)
        ]

    def cells_fit(self, seen: Seen) -> int:
        return 16 + 15 * seen.game.players
