"""Hoogjassen at the table: the auction, the lummel, trump, roem and the contract, stuk, running card
points per side, the settlement with money and the pot, and the score sheet.

All of it comes from the person's view: the lummel cards and the afleggers show only to the declarer,
the running points come from the tricks, which are public.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ..cards import CODES, SUITS, CardError, parse_card
from ..core.actions import Action
from ..core.game import Game
from ..games.hoogjassen.rules import Hoogjassen
from ..games.hoogjassen.scoring import LAST_TRICK, card_points
from ..match import Match
from .table import (
    CardOrder,
    GameTable,
    NotAChoice,
    Turn,
    card_text,
    hand_text,
    joined,
    numbered,
    play_turn,
    suit_symbol,
    suit_text,
    trick_taken_text,
)

HELP = (
    "How to answer: type the number of your choice in the list (1, 2, ...) or the action itself: "
    "a bid as its points (150, 'bid 150'), 'pass', 'take-lummel', 'ongedraaid', 'trump S' (or just 's'), "
    "a card to play (AS, 10h, 'play TH'). To lay back cards after taking the lummel, type their numbers "
    "in your numbered hand (1 4 6) or the cards ('discard 7H 8S TD', or just 7h 8s td). "
    "'help' shows this again, 'quit' leaves the table."
)
PROMPTS = {
    "bid": "your bid (its number in the list, the points like 150, or 'pass'): ",
    "lummel": "take the lummel or play ongedraaid (1 or 2): ",
    "trump": "trump (its number, or a suit like S): ",
}


def signed(number: int) -> str:
    return format(number, "+d")


def money_text(cents: float | None) -> str:
    """``+€0.15``; ``-`` where the game has no money value."""
    if cents is None:
        return "-"
    return f"{'-' if cents < 0 else '+'}€{abs(cents) / 100:.2f}"


def roem_text(roem: Sequence[Mapping[str, Any]]) -> Text:
    """``run of 3 in S (7S 8S 9S) 20 · four aces (AS AH AC AD) 100``, or ``no roem``."""
    parts = [
        Text(f"{r['name']} (") + joined([card_text(c) for c in r["cards"]], " ") + f") {r['value']}"
        for r in roem
    ]
    return joined(parts, " · ") if parts else Text("no roem")


def choice_text(action: str) -> Text:
    """A choice as listed: ``pass``, ``150``, ``take-lummel``, ``♠ spades``, ``AS``."""
    kind, *rest = action.split()
    if kind == "trump":
        return suit_text(rest[0])
    if kind == "play":
        return card_text(rest[0])
    return Text(rest[0] if rest else kind)


class HoogjassenTable(GameTable):
    """Hoogjassen, 3 or 4 at the table: one declarer against the others."""

    help = HELP

    def __init__(self, game: Game, labels: Sequence[str], human: int, width: int) -> None:
        super().__init__(game, labels, human, width)
        assert isinstance(game, Hoogjassen)
        self.rules = game
        self.phase = "bid"
        self.stuk = False

    def facts(self, view: Mapping[str, Any]) -> RenderableType:
        self.phase, self.stuk = "bid", False
        lummel = self.rules.lummel_size
        return joined(
            [
                f"{len(view['hand'])} cards each",
                f"the lummel: {lummel} cards face down",
                f"dealer {self.labels[view['dealer']]}",
                f"bids from {self.rules.min_bid} to {self.rules.max_bid} in tens",
            ],
            " · ",
        )

    # ------------------------------------------------------------------ what is known

    def contract_text(self, view: Mapping[str, Any]) -> Text:
        """``seat 2 bid 150 · trump ♠ spades · roem 40 · contract 110`` (``ongedraaid: doubled``)."""
        declarer = view["declarer"]
        parts = [Text(f"{self.labels[declarer]} bid {view['bid']}")]
        if view["ongedraaid"]:
            parts.append(Text("ongedraaid: the round counts double"))
        if view["trump"] is not None:
            parts.append(Text("trump ") + suit_text(view["trump"]))
            roem = sum(r["value"] for r in view["roem"]) + (20 if view["stuk"] else 0)
            parts.append(Text(f"roem {roem} · contract {view['target']}", style="bold"))
        return joined(parts, " · ")

    def running_points(self, view: Mapping[str, Any]) -> Text:
        """The card points each side has taken in tricks so far (the last trick's 5 included)."""
        points = card_points(SUITS.index(view["trump"]))
        declarer = view["declarer"]
        sides = [0, 0]
        history = view["history"]
        for trick in history:
            sides[trick["winner"] != declarer] += sum(points[parse_card(c)] for c in trick["cards"])
        if history and not view["hand_counts"][declarer] and not view["trick"]:
            sides[history[-1]["winner"] != declarer] += LAST_TRICK
        text = Text(f"card points in tricks: {self.labels[declarer]} {sides[0]} · the others {sides[1]}")
        if view["afleggers"]:
            text += f" (+ your afleggers {sum(points[parse_card(c)] for c in view['afleggers'])})"
        return text

    def trick_text(self, view: Mapping[str, Any]) -> Text:
        """``trick 3: seat 2 AS · seat 3 7S``."""
        n = view["players"]
        leader: int = view["leader"]
        played = [
            Text(f"{self.labels[(leader + i) % n]} ") + card_text(code)
            for i, code in enumerate(view["trick"])
        ]
        body = joined(played, " · ") if played else Text(f"{self.labels[leader]} leads")
        return Text(f"trick {len(view['history']) + 1}, trump ") + suit_symbol(view["trump"]) + ": " + body

    # ------------------------------------------------------------------ the person's turn

    def turn(self, view: Mapping[str, Any]) -> Turn:
        legal: list[str] = view["legal_actions"]
        phase: str = view["phase"]
        order = CardOrder(self.game, view["trump"])
        hand = Text("your hand: ") + hand_text(view["hand"], order)
        if phase == "discard":
            return self.discard_turn(view, order)
        if phase == "play":
            choices = sorted(legal, key=lambda a: order.key(a.split()[1]))
            lines: list[RenderableType] = [
                self.contract_text(view),
                self.trick_text(view),
                self.running_points(view),
                hand,
            ]
            return play_turn(lines, choices, choice_text)
        heading = self.auction_text(view) if phase == "bid" else self.contract_text(view)
        lines = [heading, hand, Text("you may: ") + numbered([choice_text(a) for a in legal])]
        return Turn(lines, legal, Text(PROMPTS[phase], style="bold"), read=bid_points)

    def discard_turn(self, view: Mapping[str, Any], order: CardOrder) -> Turn:
        """The hand numbered, to lay back cards by number or by code."""
        cards = order.sort(view["hand"])
        count = self.rules.lummel_size
        lines: list[RenderableType] = [
            self.contract_text(view),
            Text("from the lummel: ") + joined([card_text(c) for c in view["lummel"]], " "),
            Text("your hand: ") + numbered([card_text(c) for c in cards]),
            Text(f"lay back {count} cards: their numbers (e.g. 1 4 6) or the cards (e.g. 7h 8s td)"),
        ]
        prompt = Text(f"your {count} afleggers: ", style="bold")
        return Turn(lines, [], prompt, read=lambda answer: discard_text(answer, cards))

    # ------------------------------------------------------------------ as it happens

    def described(self, seat: int, action: Action, view: Mapping[str, Any]) -> Text:
        label = self.labels[seat]
        if action.kind == "pass":
            return Text(f"{label} passes")
        if action.kind == "take-lummel":
            if seat != self.human:
                return Text(f"{label} takes the lummel")
            return Text(f"{label} takes the lummel: ") + joined([card_text(c) for c in view["lummel"]], " ")
        if action.kind == "ongedraaid":
            return Text(f"{label} plays ongedraaid: the lummel stays untouched, the round counts double")
        if action.kind == "discard":
            if seat != self.human:
                return Text(f"{label} lays back {len(action.cards)} cards")
            return Text(f"{label} lays back ") + joined([card_text(CODES[c]) for c in action.cards], " ")
        if action.kind == "trump":
            return Text(f"{label} names trump ") + suit_text(action.word)
        return super().described(seat, action, view)

    def after(self, seat: int, action: Action, view: Mapping[str, Any]) -> list[RenderableType]:
        lines = super().after(seat, action, view)
        phase: str = view["phase"]
        if self.phase == "bid" and phase != "bid":
            if view["declarer"] is None:
                lines.append(Text("everybody passed: the cards are dealt again"))
            else:
                lines.append(Text(f"{self.labels[view['declarer']]} is the declarer with {view['bid']}"))
        if action.kind == "trump":
            lines.append(Text("roem: ") + roem_text(view["roem"]))
            if view["current_player"] != self.human:
                lines.append(self.contract_text(view))
        if view["stuk"] and not self.stuk:
            lines.append(Text(f"stuk! 20 roem more: contract {view['target']}", style="bold"))
        if action.kind == "play" and not view["trick"] and view["current_player"] not in (None, self.human):
            lines.append(self.running_points(view))
        self.phase, self.stuk = phase, view["stuk"]
        return lines

    def trick_taken(self, trick: Mapping[str, Any], view: Mapping[str, Any]) -> RenderableType:
        points = card_points(SUITS.index(view["trump"]))
        text = trick_taken_text(trick, view["players"], self.labels)
        worth = sum(points[parse_card(c)] for c in trick["cards"])
        return text + f" ({worth} point{'' if worth == 1 else 's'})"

    # ------------------------------------------------------------------ the end of a round

    def round_end(self, match: Match, view: Mapping[str, Any]) -> list[RenderableType]:
        return [self.result_text(match, view), Text(), self.score_sheet(match)]

    def result_text(self, match: Match, view: Mapping[str, Any]) -> Text:
        """The settlement: points raw and rounded, the result r, each seat's points and money, the pot."""
        result: Mapping[str, Any] = view["result"]
        d: Mapping[str, Any] = result["details"]
        if d.get("redeal"):
            return Text("result: everybody passed, nobody plays: a redeal", style="bold")
        declarer = self.labels[d["declarer"]]
        raw, rounded, r, scores = d["raw_points"], d["points"], d["result"], result["scores"]
        if d["kapot"]:
            verdict = f"kapot! {declarer} took every trick"
        elif r == 0:
            verdict = "bedankt: nobody pays"
        elif r > 0:
            verdict = f"{declarer} wins {r} from each"
        else:
            verdict = f"erin: {declarer} pays {-r} to each"
        lines = [
            Text.assemble(
                ("result: ", "bold"),
                f"{declarer} bid {d['bid']}, roem {d['bid'] - d['contract']}, contract {d['contract']}"
                + (", ongedraaid (doubled)" if d["ongedraaid"] else ""),
            ),
            Text(f"card points: {declarer} {raw[0]} · the others {raw[1]}"),
            Text(f"rounded: {declarer} {rounded[0]} · the others {rounded[1]}"),
            Text(f"r = {r}: {verdict}", style="bold"),
            Text(
                "points: " + " · ".join(f"{a} {signed(p)}" for a, p in zip(self.labels, scores, strict=True)),
            ),
            Text(
                "money: "
                + " · ".join(
                    f"{lbl} {money_text(self.game.money(p))}"
                    for lbl, p in zip(self.labels, scores, strict=True)
                )
            ),
        ]
        if self.game.rules["pot"]:
            lines.append(Text(f"pot: {signed(d['pot'])} · {self.pot_text(match)}"))
        return Text("\n").join(lines)

    def pot_text(self, match: Match) -> str:
        """The pot now, in stakes: one from each player at the start, and the rounds' changes."""
        players = self.game.players
        return f"the pot holds {players + match.pot()} stakes ({players} at the start {signed(match.pot())})"

    def score_sheet(self, match: Match) -> Table:
        """Per round the dealer, declarer, bid, roem, contract and trump; per player the points and the
        running total; at the foot each player's money and the pot."""
        pot = f" · {self.pot_text(match)}" if self.game.rules["pot"] else ""
        sheet = Table(
            title="score sheet",
            caption=f"per player: points = total{pot}",
            show_edge=False,
            pad_edge=False,
            show_footer=True,
            padding=(0, 1) if self.width >= 100 else (0, 0),
        )
        for name in ("round", "dealer", "declarer", "bid", "roem", "contract"):
            sheet.add_column(name, justify="right")
        sheet.add_column("trump", footer="money")
        for seat, label in enumerate(self.labels):
            sheet.add_column(label, justify="right", footer=money_text(self.game.money(match.totals[seat])))
        joiner = " " if 60 + 12 * len(self.labels) <= self.width else "\n"
        for row in match.sheet:
            d = row.details
            cells = [f"{signed(p)}{joiner}= {t}" for p, t in zip(row.scores, row.totals, strict=True)]
            if d.get("redeal"):
                facts: list[str | Text] = ["-", "redeal", "-", "-", "-"]
            else:
                roem = d["bid"] - d["contract"]
                bid = f"{d['bid']}{' x2' if d['ongedraaid'] else ''}"
                facts = [str(d["declarer"]), bid, str(roem), str(d["contract"]), suit_symbol(d["trump"])]
            sheet.add_row(str(row.index + 1), str(row.dealer), *facts, *cells)
        return sheet


def bid_points(answer: str) -> str | None:
    """A bid typed as its points (``150``): ``bid 150``; None for any other answer."""
    text = answer.strip()
    return f"bid {text}" if text.isdecimal() and int(text) >= 100 else None


def discard_text(answer: str, cards: Sequence[str]) -> str:
    """The ``discard`` an answer means: card numbers in the numbered hand ``cards``, or card codes, with
    or without the word ``discard``."""
    words = answer.split()
    if words and words[0].lower() == "discard":
        words = words[1:]
    if not words:
        raise NotAChoice("type the numbers of the cards to lay back, or the cards")
    if all(w.isdecimal() for w in words):
        wrong = [w for w in words if not 1 <= int(w) <= len(cards)]
        if wrong:
            raise NotAChoice(f"there is no card {wrong[0]}; type numbers from 1 to {len(cards)}")
        return "discard " + " ".join(cards[int(w) - 1] for w in words)
    try:
        return "discard " + " ".join(CODES[parse_card(w)] for w in words)
    except CardError as e:
        raise NotAChoice(str(e)) from None
