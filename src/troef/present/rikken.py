"""Rikken: the auction, contract, trump, called card and (once known) partner, open hands, a blind lead
as ``??``, tricks per side, the result and the score sheet.

The partner shows only once the view's ``sides`` name him; a card led blind only once its trick is done.
"""

from __future__ import annotations

from ..core.actions import Action
from ..core.game import Result
from ..core.match import SheetRow
from ..games.rikken.contracts import CONTRACTS, EEN_OF_VIJF, MISERE, PIEK, SCHOPPEN_MIE
from .base import Presenter, Seen, View, signed
from .i18n import Words
from .model import Group, Line, joined, line, phrase


def shown(name: str) -> str:
    """A contract's name as the rulebooks write it: ``misère``, ``open-misère`` (the notation: ``misere``)."""
    return name.replace("misere", "misère")


def goal(seen: Seen, name: str) -> str:
    """What the contract's players must do."""
    w, contract = seen.w, CONTRACTS[name]
    goals = {
        PIEK: w._("to take exactly 1 trick"),
        MISERE: w._("to take no trick"),
        SCHOPPEN_MIE: w._("avoid QS and the last trick"),
        EEN_OF_VIJF: w._("take exactly 1 or 5 tricks"),
    }
    return goals.get(contract.family) or w._("needs {n} tricks").format(n=contract.target)


class RikkenPresenter(Presenter):
    text_columns = frozenset({2, 3})
    sheet_details = (
        "contract",
        "declarer",
        "partner",
        "players",
        "trump",
        "called",
        "called_blind",
        "sitting_out",
        "blind_rond",
        "made",
        "tricks",
    )

    def took_on(self, result: Result, seat: int) -> tuple[str, bool] | None:
        """The contract the seat bid (as declarer, or as one of a piek's or misère's players)."""
        details = result["details"]
        declarer = details["declarer"]
        mine = seat == declarer if declarer is not None else seat in details["players"]
        return (str(details["contract"]), bool(details["made"][seat])) if mine else None

    def kind_label(self, w: Words, kind: str) -> str:
        return shown(kind)

    def bid_word(self, seen: Seen, bid: str) -> str:
        return shown(super().bid_word(seen, bid))

    def help(self, seen: Seen) -> str:
        return seen.w._(
            "How to answer: type the number of your choice in the list (1, 2, ...) or the action itself: "
            "'bid rik' (or just 'rik'), 'pass', 'trump S', 'call AD', 'choose schoppen-mie', a card to play "
            "(AS, 10h, 'play TH') or 'play 7S blind'. 'help' shows this again, 'quit' leaves the table."
        )

    def round_start(self, seen: Seen, view: View) -> list[Line]:
        w = seen.w
        parts = [
            w._("{n} cards each").format(n=len(view["hand"]) or 13),
            w._("dealer {seat}").format(seat=seen.labels[view["dealer"]]),
        ]
        out = view["sitting_out"]
        if out is not None:
            parts.append(
                w._("you sit out this round")
                if out == seen.viewer
                else w._("{seat} sits out").format(seat=seen.labels[out])
            )
        if view["blind_rond"]:
            first = seen.labels[view["order"][0]]
            parts.append(
                w._("blind rond: {seat} must bid rik or misère, the others only misère").format(seat=first)
            )
        return [line(" · ".join(parts))]

    # ------------------------------------------------------------------ what is known

    def badges(self, seen: Seen, view: View, seat: int) -> list[str]:
        """The seat's part in the contract (its rikker or bidder, the partner once the viewer knows him,
        each player of a piek or misère), and the tricks it took."""
        contract = view["contract"]
        role: list[str] = []
        if contract is not None and seat == view["declarer"]:
            role = [seen.w._("declarer")]
        elif contract is not None and seat == self.partner(view):
            role = [seen.w._("partner")]
        elif contract is not None and seat in view["contract_players"] and view["declarer"] is None:
            role = [shown(contract)]
        return role + super().badges(seen, view, seat)

    def bid_and_taken(self, seen: Seen, row: SheetRow, seat: int) -> tuple[str | None, str | None]:
        """The contract for each of its players (the rikker, or each piek or misère player)."""
        d = row.details
        played = seat in d["players"] or seat == d["declarer"]
        return (shown(d["contract"]) if played else None), str(d["tricks"][seat])

    def partner(self, view: View) -> int | None:
        """The partner as the viewer knows him (the viewer himself when he holds the called card)."""
        sides = view["sides"]
        if not sides or view["declarer"] is None:
            return None
        return next((s for s in sides[0]["seats"] if s != view["declarer"]), None)

    def contract_line(self, seen: Seen, view: View) -> Line | None:
        return self.contract(seen, view)

    def contract(self, seen: Seen, view: View) -> Line:
        """``contract rik · by seat 2 · needs 8 tricks · trump ♠ spades · called AD · partner unknown``."""
        w, name = seen.w, view["contract"]
        if name is None:
            return line(w._("no contract yet"))
        contract = CONTRACTS[name]
        parts = [line(w._("contract "), shown(name), bold=True)]
        declarer: int | None = view["declarer"]
        if declarer is not None:
            parts.append(line(w._("by {seat}").format(seat=seen.labels[declarer])))
        elif contract.joinable:
            parts.append(line(w._("played by {seats}").format(seats=seen.names(view["contract_players"]))))
        parts.append(line(goal(seen, name)))
        if view["phase"] == "trump":
            parts.append(line(w._("trump not named yet")))
        else:
            parts.append(
                line(w._("trump "), seen.cards.suit(view["trump"]))
                if view["trump"]
                else line(w._("no trump"))
            )
        called: str | None = view["called"]
        if called is not None:
            parts.append(
                line(
                    w._("called "),
                    seen.cards.card(called),
                    " " + w._("blind") if view["called_blind"] else "",
                )
            )
        partner = self.partner(view)
        if partner is not None and partner == seen.viewer and view["partner"] is None:
            parts.append(phrase(w._("partner: you (you hold {card})"), card=seen.cards.card(called or "")))
        elif partner is not None:
            parts.append(line(w._("partner {seat}").format(seat=seen.labels[partner])))
        elif called is not None:
            parts.append(line(w._("partner unknown")))
        elif contract.calls_partner and view["phase"] in ("play", "over"):
            parts.append(line(w._("no partner")))
        return line(joined(parts, " · "))

    def tricks(self, seen: Seen, view: View) -> list[Line]:
        """Tricks per seat and, when the sides are known, per side."""
        w = seen.w
        per_seat = [line(f"{seen.labels[s]} {view['tricks'][s]}") for s in view["order"]]
        lines = [line(w._("tricks: "), joined(per_seat, " · "))]
        sides = view["sides"]
        if sides and view["declarer"] is not None:
            lines.append(
                line(
                    w._("sides: {side} {won} (needs {target}) · the others {others}").format(
                        side=seen.names(sides[0]["seats"]),
                        won=sides[0]["tricks"],
                        target=CONTRACTS[view["contract"]].target,
                        others=sum(s["tricks"] for s in sides[1:]),
                    )
                )
            )
        elif view["declarer"] is not None:
            lines.append(line(w._("sides: not known until the partner shows")))
        return lines

    def open_hands(self, seen: Seen, view: View) -> list[Line]:
        """Every other seat's open hand."""
        order = self.order(seen, view)
        lines = []
        for s, hand in enumerate(view["open_hands"]):
            if hand is not None and s != seen.viewer:
                groups = [
                    line(
                        seen.cards.suit(suit, named=False),
                        " ",
                        seen.cards.cards(order.sort([c for c in hand if c[1] == suit])),
                    )
                    for suit in order.suits
                    if any(c[1] == suit for c in hand)
                ]
                lines.append(
                    line(seen.w._("{seat} open: ").format(seat=seen.labels[s]), joined(groups, "   "))
                )
        return lines

    # ------------------------------------------------------------------ the viewer's turn

    def lines(self, seen: Seen, view: View) -> list[Line]:
        phase = view["phase"]
        if phase == "play":
            trick = self.trick(seen, view)
            return [
                self.contract(seen, view),
                *self.open_hands(seen, view),
                *([trick["line"]] if trick else []),
                *self.tricks(seen, view),
            ]
        if phase == "bid":
            return [self.auction(seen, view)]
        if phase == "choose":
            return [line(seen.w._("everybody passed: choose the game"))]
        return [self.contract(seen, view)]

    def actions(self, seen: Seen, view: View) -> list[Group]:
        if view["phase"] == "play":
            return self.play_group(seen, view)
        return [self.listed(seen, seen.w._("you may: "), view["legal_actions"])]

    def prompt(self, seen: Seen, view: View) -> str:
        if view["phase"] == "play":
            return self.card_prompt(seen, view)
        w = seen.w
        prompts = {
            "bid": w._("your bid (its number, or e.g. 'rik', 'pass'): "),
            "choose": w._("the game (its number, or its name): "),
            "trump": w._("trump (its number, or a suit like S): "),
            "call": w._("your call (its number, or a card like AD): "),
        }
        return prompts.get(view["phase"], "")

    # ------------------------------------------------------------------ as it happens

    def described(self, seen: Seen, seat: int, action: Action, view: View) -> Line:
        w, label = seen.w, seen.labels[seat]
        if action.kind == "choose":
            return line(w._("{seat} chooses {game}").format(seat=label, game=shown(action.word)))
        if action.kind == "call":
            blind = " " + w._("blind") if action.blind else ""
            return line(
                phrase(w._("{seat} calls {card}"), seat=label, card=seen.cards.card(action.text.split()[1]))[
                    "parts"
                ],
                blind,
            )
        if action.kind == "play" and action.blind and seat != seen.viewer:
            return line(w._("{seat} leads a card face down (blind)").format(seat=label))
        if action.kind == "play" and action.blind:
            return line(
                phrase(w._("{seat} plays {cards}"), seat=label, cards=self.codes(seen, action))["parts"],
                " " + w._("blind"),
            )
        return super().described(seen, seat, action, view)

    def after(self, seen: Seen, before: View, seat: int, action: Action, view: View) -> list[Line]:
        w = seen.w
        lines = super().after(seen, before, seat, action, view)
        phase, was = view["phase"], before["phase"]
        if was == "bid" and phase != "bid":
            if view["contract"] is None:
                lines.append(
                    line(
                        w._("everybody passed: {seat} chooses the game").format(
                            seat=seen.labels[view["current_player"]]
                        )
                    )
                )
            else:
                lines.append(
                    line(
                        w._("the auction is over: {contract} for {seats}").format(
                            contract=shown(view["contract"]), seats=seen.names(view["contract_players"])
                        )
                    )
                )
        if view["partner"] is not None and before["partner"] is None:
            partner, declarer = seen.labels[view["partner"]], seen.labels[view["declarer"]]
            if view["called"] is None:
                known = w._("the fourth ace: {partner} is {declarer}'s partner")
            else:
                known = w._("{card} is out: {partner} is {declarer}'s partner")
            lines.append(
                phrase(
                    known,
                    bold=True,
                    card=seen.cards.card(view["called"] or "??"),
                    partner=partner,
                    declarer=declarer,
                )
            )
        shown_next = view["current_player"] == seen.viewer  # the viewer's turn shows the whole table
        if phase == "play" and was != "play" and not shown_next:
            lines.append(self.contract(seen, view))
        opened = [s for s, hand in enumerate(view["open_hands"]) if hand is not None]
        if (
            opened != [s for s, hand in enumerate(before["open_hands"]) if hand is not None]
            and phase == "play"
            and not shown_next
        ):
            lines.extend(self.open_hands(seen, view))
        return lines

    def trick_taken(self, seen: Seen, trick: View, view: View) -> Line:
        taken = super().trick_taken(seen, trick, view)
        if trick.get("blind"):
            return line(
                taken["parts"],
                phrase(seen.w._(" (led blind: {card})"), card=seen.cards.card(trick["cards"][0]))["parts"],
                bold=True,
            )
        return taken

    # ------------------------------------------------------------------ the end of a round

    def result(self, seen: Seen, view: View) -> list[Line]:
        """Whether the contract was made (per player where each plays alone) and the points."""
        w, labels = seen.w, seen.labels
        result: View = view["result"]
        name: str = view["contract"]
        made: list[bool | None] = result["details"]["made"]
        side = [s for s, m in enumerate(made) if m is not None]
        verdict = {True: w._("made"), False: w._("failed")}
        if view["declarer"] is not None:
            won = sum(view["tricks"][s] for s in side)
            outcome = w._("{seats} took {won} of {target}: {verdict}").format(
                seats=seen.names(side),
                won=won,
                target=CONTRACTS[name].target,
                verdict=verdict[bool(made[side[0]])],
            )
        elif CONTRACTS[name].family == SCHOPPEN_MIE:
            outcome = w._("{seat} took QS, {last} the last trick").format(
                seat=labels[view["queen_of_spades"]], last=labels[view["last_trick"]["winner"]]
            )
        else:
            outcome = "; ".join(f"{labels[s]} {view['tricks'][s]} ({verdict[bool(made[s])]})" for s in side)
        scores = [
            f"{labels[s]} {w._('out') if s == view['sitting_out'] else signed(p)}"
            for s, p in enumerate(result["scores"])
        ]
        return [
            line(w._("result: "), f"{shown(name)}: {outcome}", bold=True),
            line(w._("points: ") + " · ".join(scores)),
        ]

    def sheet_columns(self, seen: Seen) -> list[str]:
        return [seen.w._("round"), seen.w._("dealer"), seen.w._("contract"), seen.w._("by")]

    def sheet_facts(self, seen: Seen, row: SheetRow) -> list[list[Line]]:
        d = row.details
        contract = line(shown(d["contract"]))
        if d["trump"]:
            contract = line(contract["parts"], " ", seen.cards.suit(d["trump"], named=False))
        if d["called"]:
            contract = line(
                contract["parts"],
                " ",
                seen.cards.card(d["called"]),
                " " + seen.w._("blind") if d["called_blind"] else "",
            )
        short = seen.short
        if d["declarer"] is not None:
            by = "+".join(short[s] for s in (d["declarer"], d["partner"]) if s is not None)
        else:
            joined_by = ", ".join(short[s] for s in d["players"])
            by = joined_by if CONTRACTS[d["contract"]].joinable else seen.w._("all")
        return [[line(short[row.dealer])], [contract], [line(by)]]

    def sheet_cells(self, seen: Seen, row: SheetRow) -> list[list[Line]]:
        out = row.details["sitting_out"]
        return [
            [line(seen.w._("out") if s == out else signed(p)), line(f"= {t}")]
            for s, (p, t) in enumerate(zip(row.scores, row.totals, strict=True))
        ]
