"""Rikken at the table: the auction, contract, trump, called card and (once known) partner, open hands,
a blind lead as ``??``, tricks per side, the result and the score sheet.

All of it comes from the person's view: the partner shows only once the view names him (or the
person holds the called card), a card led blind only once its trick is complete.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ..cards import CODES
from ..core.actions import Action
from ..core.game import Game
from ..games.rikken.contracts import CONTRACTS, EEN_OF_VIJF, MISERE, PIEK, SCHOPPEN_MIE, Contract
from ..match import Match
from .table import (
    CardOrder,
    GameTable,
    Turn,
    card_text,
    hand_text,
    joined,
    numbered,
    play_turn,
    suit_symbol,
    suit_text,
)

HELP = (
    "How to answer: type the number of your choice in the list (1, 2, ...) or the action itself: "
    "'bid rik' (or just 'rik'), 'pass', 'trump S', 'call AD', 'choose schoppen-mie', a card to play "
    "(AS, 10h, 'play TH') or 'play 7S blind'. 'help' shows this again, 'quit' leaves the table."
)
GOALS: Final = {
    PIEK: "to take exactly 1 trick",
    MISERE: "to take no trick",
    SCHOPPEN_MIE: "avoid QS and the last trick",
    EEN_OF_VIJF: "take exactly 1 or 5 tricks",
}
PROMPTS: Final = {
    "bid": "your bid (its number, or e.g. 'rik', 'pass'): ",
    "choose": "the game (its number, or its name): ",
    "trump": "trump (its number, or a suit like S): ",
    "call": "your call (its number, or a card like AD): ",
}


def contract_of(view: Mapping[str, Any]) -> Contract | None:
    name: str | None = view["contract"]
    return None if name is None else CONTRACTS[name]


def seats_in_play(view: Mapping[str, Any]) -> list[int]:
    """The seats dealt in, clockwise (with five, the dealer sits out)."""
    return [s for s in range(view["players"]) if s != view["sitting_out"]]


def from_seat(view: Mapping[str, Any], first: int) -> list[int]:
    """The seats in play, clockwise from ``first``."""
    seats = seats_in_play(view)
    i = seats.index(first)
    return seats[i:] + seats[:i]


def action_text(action: str) -> Text:
    """A choice as listed: ``rik``, ``pass``, ``♠ spades``, ``AD blind``."""
    kind, *rest = action.split()
    if kind == "trump":
        return suit_text(rest[0])
    if rest and kind in ("play", "call"):
        return joined([card_text(rest[0]), *rest[1:]], " ")
    return Text(" ".join(rest) if rest else kind)


class RikkenTable(GameTable):
    """Rikken, 4 or 5 at the table; follows the round to announce the contract, partner and open hands."""

    help = HELP

    def __init__(self, game: Game, labels: Sequence[str], human: int, width: int) -> None:
        super().__init__(game, labels, human, width)
        self.phase = "bid"
        self.partner: int | None = None
        self.open_seats: list[int] = []

    def facts(self, view: Mapping[str, Any]) -> RenderableType:
        self.phase, self.partner, self.open_seats = "bid", None, []
        parts = [f"{len(view['hand']) or 13} cards each", f"dealer {self.labels[view['dealer']]}"]
        if view["sitting_out"] is not None:
            out = view["sitting_out"]
            parts.append("you sit out this round" if out == self.human else f"{self.labels[out]} sits out")
        if view["blind_rond"]:
            first = (view["dealer"] + 1) % view["players"]
            parts.append(f"blind rond: {self.labels[first]} must bid rik or misère, the others only misère")
        return joined(parts, " · ")

    # ------------------------------------------------------------------ what is known

    def names(self, seats: Sequence[int]) -> str:
        return " and ".join(self.labels[s] for s in seats)

    def partner_seen(self, view: Mapping[str, Any]) -> int | None:
        """The partner as the person knows him: named in the view, or the person, holding the called card."""
        partner: int | None = view["partner"]
        if partner is None and view["called"] is not None and view["called"] in view["hand"]:
            return self.human
        return partner

    def contract_text(self, view: Mapping[str, Any]) -> Text:
        """``contract rik by seat 2 · 8 tricks · trump ♠ spades · called AD · partner unknown``."""
        contract = contract_of(view)
        if contract is None:
            return Text("no contract yet")
        parts = [Text("contract ") + Text(contract.name, style="bold")]
        declarer: int | None = view["declarer"]
        if declarer is not None:
            parts.append(Text(f"by {self.labels[declarer]}"))
        elif contract.joinable:
            parts.append(Text(f"played by {self.names(view['contract_players'])}"))
        parts.append(Text(GOALS.get(contract.family, f"needs {contract.target} tricks")))
        if view["phase"] == "trump":
            parts.append(Text("trump not named yet"))
        else:
            parts.append(Text("trump ") + suit_text(view["trump"]) if view["trump"] else Text("no trump"))
        called: str | None = view["called"]
        if called is not None:
            parts.append(Text("called ") + card_text(called) + (" blind" if view["called_blind"] else ""))
        partner = self.partner_seen(view)
        if partner == self.human and view["partner"] is None:
            parts.append(Text("partner: you (you hold ") + card_text(called or "") + ")")
        elif partner is not None:
            parts.append(Text(f"partner {self.labels[partner]}"))
        elif called is not None:
            parts.append(Text("partner unknown"))
        elif contract.calls_partner and view["phase"] in ("play", "over"):
            parts.append(Text("no partner"))
        return joined(parts, " · ")

    def side(self, view: Mapping[str, Any]) -> list[int] | None:
        """The contract's side in a trick contract, when the person knows it."""
        declarer: int | None = view["declarer"]
        if declarer is None:
            return None
        partner = self.partner_seen(view)
        if partner is None and view["called"] is not None:
            return None
        return [declarer, *([partner] if partner is not None else [])]

    def tricks_text(self, view: Mapping[str, Any]) -> Text:
        """Tricks per seat and, when the sides are known, per side."""
        seats = seats_in_play(view)
        parts = [f"{self.labels[s]} {view['tricks'][s]}" for s in seats]
        text = Text("tricks: ") + joined(parts, " · ")
        side = self.side(view)
        if side is not None:
            won = sum(view["tricks"][s] for s in side)
            others = sum(view["tricks"][s] for s in seats if s not in side)
            target = CONTRACTS[view["contract"]].target
            text += Text(f"\nsides: {self.names(side)} {won} (needs {target}) · the others {others}")
        elif view["declarer"] is not None:
            text += Text("\nsides: not known until the partner shows")
        return text

    def trick_text(self, view: Mapping[str, Any]) -> Text:
        """``trick 3: seat 2 ?? · seat 3 5D``; a card led blind shows as ``??``."""
        leader: int = view["leader"]
        played = [
            Text(f"{self.labels[s]} ") + card_text(code)
            for s, code in zip(from_seat(view, leader), view["trick"], strict=False)
        ]
        body = joined(played, " · ") if played else Text(f"{self.labels[leader]} leads")
        return Text(f"trick {len(view['history']) + 1}: ") + body

    def open_text(self, view: Mapping[str, Any], order: CardOrder) -> list[RenderableType]:
        """Every other seat's open hand."""
        return [
            Text(f"{self.labels[s]} open: ") + hand_text(hand, order)
            for s, hand in enumerate(view["open_hands"])
            if hand is not None and s != self.human
        ]

    # ------------------------------------------------------------------ the person's turn

    def turn(self, view: Mapping[str, Any]) -> Turn:
        legal: list[str] = view["legal_actions"]
        phase: str = view["phase"]
        order = CardOrder(self.game, view["trump"])
        hand = Text("your hand: ") + hand_text(view["hand"], order)
        if phase == "play":
            choices = sorted(legal, key=lambda a: (order.key(a.split()[1]), a.endswith(" blind")))
            lines: list[RenderableType] = [
                self.contract_text(view),
                *self.open_text(view, order),
                self.trick_text(view),
                self.tricks_text(view),
                hand,
            ]
            return play_turn(lines, choices, action_text)
        if phase == "bid":
            heading = self.auction_text(view)
        elif phase == "choose":
            heading = Text("everybody passed: choose the game")
        else:
            heading = self.contract_text(view)
        lines = [heading, hand, Text("you may: ") + numbered([action_text(a) for a in legal])]
        return Turn(lines, legal, Text(PROMPTS[phase], style="bold"))

    # ------------------------------------------------------------------ as it happens

    def described(self, seat: int, action: Action, view: Mapping[str, Any]) -> Text:
        label = self.labels[seat]
        if action.kind == "pass":
            return Text(f"{label} passes")
        if action.kind == "choose":
            return Text(f"{label} chooses {action.word}")
        if action.kind == "trump":
            return Text(f"{label} names trump ") + suit_text(action.word)
        if action.kind == "call":
            return (
                Text(f"{label} calls ") + card_text(CODES[action.card]) + (" blind" if action.blind else "")
            )
        if action.blind and seat != self.human:
            return Text(f"{label} leads a card face down (blind)")
        if action.blind:
            return Text(f"{label} plays ") + card_text(CODES[action.card]) + " blind"
        return super().described(seat, action, view)

    def after(self, seat: int, action: Action, view: Mapping[str, Any]) -> list[RenderableType]:
        lines = super().after(seat, action, view)
        phase: str = view["phase"]
        contract = contract_of(view)
        if self.phase == "bid" and phase != "bid":
            if contract is None:
                lines.append(
                    Text(f"everybody passed: {self.labels[view['current_player']]} chooses the game")
                )
            else:
                lines.append(
                    Text(f"the auction is over: {contract.name} for {self.names(view['contract_players'])}")
                )
        partner: int | None = view["partner"]
        if partner is not None and self.partner is None:
            why = "the fourth ace" if view["called"] is None else f"{view['called']} is out"
            known = f"{why}: {self.labels[partner]} is {self.labels[view['declarer']]}'s partner"
            lines.append(Text(known, style="bold"))
        shown_next = view["current_player"] == self.human  # the person's turn shows the whole table
        if phase == "play" and self.phase != "play" and not shown_next:
            lines.append(self.contract_text(view))
        open_seats = [s for s, hand in enumerate(view["open_hands"]) if hand is not None]
        if open_seats != self.open_seats and phase == "play" and not shown_next:
            lines.extend(self.open_text(view, CardOrder(self.game, view["trump"])))
        self.phase, self.partner, self.open_seats = phase, partner, open_seats
        return lines

    def trick_taken(self, trick: Mapping[str, Any], view: Mapping[str, Any]) -> RenderableType:
        winner: int = trick["winner"]
        card = trick["cards"][from_seat(view, trick["leader"]).index(winner)]
        text = Text.assemble((f"{self.labels[winner]} takes the trick with ", "bold"), card_text(card))
        if trick.get("blind"):
            text += Text(" (led blind: ") + card_text(trick["cards"][0]) + ")"
        return text

    # ------------------------------------------------------------------ the end of a round

    def round_end(self, match: Match, view: Mapping[str, Any]) -> list[RenderableType]:
        return [self.result_text(view), Text(), self.score_sheet(match)]

    def result_text(self, view: Mapping[str, Any]) -> Text:
        """Whether the contract was made (per player where each plays for himself) and the points."""
        result: Mapping[str, Any] = view["result"]
        contract = contract_of(view)
        assert contract is not None
        made: list[bool | None] = result["details"]["made"]
        side = [s for s, m in enumerate(made) if m is not None]
        verdict = {True: "made", False: "failed"}
        if view["declarer"] is not None:
            won = sum(view["tricks"][s] for s in side)
            outcome = f"{self.names(side)} took {won} of {contract.target}: {verdict[bool(made[side[0]])]}"
        elif contract.family == SCHOPPEN_MIE:
            queen = next(t["winner"] for t in view["history"] if "QS" in t["cards"])
            outcome = (
                f"{self.labels[queen]} took QS, {self.labels[view['history'][-1]['winner']]} the last trick"
            )
        else:
            outcome = "; ".join(
                f"{self.labels[s]} {view['tricks'][s]} ({verdict[bool(made[s])]})" for s in side
            )
        scores = [
            f"{self.labels[s]} {'out' if s == view['sitting_out'] else format(p, '+d')}"
            for s, p in enumerate(result["scores"])
        ]
        return Text.assemble(
            ("result: ", "bold"), f"{contract.name}: {outcome}\n", "points: ", " · ".join(scores)
        )

    def score_sheet(self, match: Match) -> Table:
        """Per round the dealer, the contract (with trump and call) and who played it; per player the
        points and the running total."""
        sheet = Table(
            title="score sheet",
            caption="per player: points = total",
            show_edge=False,
            pad_edge=False,
            padding=(0, 1) if self.width >= 100 else (0, 0),
        )
        sheet.add_column("round", justify="right")
        sheet.add_column("dealer", justify="right")
        sheet.add_column("contract", overflow="fold")
        sheet.add_column("by")
        for label in self.labels:
            sheet.add_column(label, justify="right")
        joiner = " " if 40 + 12 * len(self.labels) <= self.width else "\n"
        for row in match.sheet:
            d = row.details
            contract = (
                Text(d["contract"]) + " " + suit_symbol(d["trump"]) if d["trump"] else Text(d["contract"])
            )
            if d["called"]:
                contract += Text(" ") + card_text(d["called"]) + (" blind" if d["called_blind"] else "")
            if d["declarer"] is not None:
                by = "+".join(str(s) for s in (d["declarer"], d["partner"]) if s is not None)
            else:
                by = ", ".join(map(str, d["players"])) if CONTRACTS[d["contract"]].joinable else "all"
            cells = [
                f"{'out' if s == d['sitting_out'] else format(p, '+d')}{joiner}= {t}"
                for s, (p, t) in enumerate(zip(row.scores, row.totals, strict=True))
            ]
            sheet.add_row(str(row.index + 1), str(row.dealer), contract, by, *cells)
        return sheet
