"""Hoogjassen: the auction, the lummel, trump, roem and stuk, the target, card points per side, the
settlement with money and the pot, and the score sheet.

The lummel cards and the afleggers show only to the declarer; the points per side come from the view.
Rule 5a: during a round the last trick shows only until the next card is played, no earlier trick
and no running card points, unless the option ``memory_aids`` is on (`aids`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.actions import Action
from ..core.cards import SUITS, parse_card
from ..core.game import Money, Result
from ..core.match import Match, SheetRow
from ..games.hoogjassen.rules import Hoogjassen
from ..games.hoogjassen.scoring import card_points
from .base import Presenter, Seen, View, signed
from .i18n import Words
from .model import Choice, Entry, Group, Hand, Line, Part, joined, line, phrase


def rules_of(seen: Seen) -> Hoogjassen:
    assert isinstance(seen.game, Hoogjassen)
    return seen.game


def money(w: Words, cents: float | None, sign: bool = True) -> str:
    """``+€0.15`` (Dutch ``+€ 0,15``, German ``+0,15 €``), without ``sign`` ``€0.15``; ``-`` where the
    game has no money value."""
    if cents is None:
        return "-"
    whole = round(abs(cents))
    return w._("{sign}€{euros}.{cents}").format(
        sign="" if not sign else "-" if cents < 0 else "+", euros=whole // 100, cents=f"{whole % 100:02d}"
    )


def match_money(match: Match) -> Money:
    """The money of a Hoogjassen match (every rule set plays for money)."""
    purse = match.money()
    assert purse is not None
    return purse


def aids(seen: Seen, view: View) -> bool:
    """Whether the finished tricks and the card points taken may be shown: with ``memory_aids``, once
    the round is over, and in hindsight (rule 5a)."""
    return bool(seen.game.rules["memory_aids"]) or seen.hindsight or view["phase"] == "over"


def worth(codes: Sequence[str], trump: str) -> int:
    """The card points of ``codes`` with ``trump``."""
    points = card_points(SUITS.index(trump))
    return sum(points[parse_card(c)] for c in codes)


class HoogjassenPresenter(Presenter):
    text_columns = frozenset({2})
    sheet_details = (
        "redeal",
        "declarer",
        "bid",
        "contract",
        "ongedraaid",
        "trump",
        "stuk",
        "points",
        "kapot",
        "result",
        "pot",
    )

    def took_on(self, result: Result, seat: int) -> tuple[str, bool] | None:
        """A game the seat declared, made when it did not lose."""
        return ("declared", result["scores"][seat] > 0) if result["details"].get("declarer") == seat else None

    def kind_label(self, w: Words, kind: str) -> str:
        return w._("games declared")

    def help(self, seen: Seen) -> str:
        w = seen.w
        text_ = w._(
            "How to answer: type the number of your choice in the list (1, 2, ...) or the action itself: "
            "a bid as its points (150, 'bid 150'), 'pass', 'take-lummel', 'ongedraaid', 'trump S' (or "
            "just 's'), a card to play (AS, 10h, 'play TH'). To lay back cards after taking the lummel, "
            "type their numbers in your numbered hand (1 4 6) or the cards ('discard 7H 8S TD', or just "
            "7h 8s td). 'help' shows this again, 'quit' leaves the table."
        )
        if rules_of(seen).last_bid:
            text_ += " " + w._("To declare a bid your last (één keer twintig), add 'last' (150 last).")
        return text_

    def round_start(self, seen: Seen, view: View) -> list[Line]:
        w, rules = seen.w, rules_of(seen)
        facts = [
            w._("{n} cards each").format(n=len(view["hand"])),
            w._("the lummel: {n} cards face down").format(n=rules.lummel_size),
            w._("dealer {seat}").format(seat=seen.labels[view["dealer"]]),
            w._("bids from {low} to {high} in tens").format(low=rules.min_bid, high=rules.max_bid),
        ]
        return [line(" · ".join(facts))]

    # ------------------------------------------------------------------ what is known

    def roem_total(self, view: View) -> int:
        return int(view["bid"]) - int(view["target"])

    def contract_line(self, seen: Seen, view: View) -> Line | None:
        return None if view["declarer"] is None else self.contract(seen, view)

    def contract(self, seen: Seen, view: View) -> Line:
        """``seat 2 bid 150 · trump ♠ spades · roem 40 · contract 110`` (``ongedraaid: doubled``)."""
        w = seen.w
        parts = [line(w._("{seat} bid {bid}").format(seat=seen.labels[view["declarer"]], bid=view["bid"]))]
        if view["ongedraaid"]:
            parts.append(line(w._("ongedraaid: the round counts double")))
        if view["trump"] is not None:
            parts.append(line(w._("trump "), seen.cards.suit(view["trump"])))
            target = w._("roem {roem} · contract {target}").format(
                roem=self.roem_total(view), target=view["target"]
            )
            parts.append(line(target))
        return line(joined(parts, " · "))

    def roem(self, seen: Seen, view: View) -> Line:
        """``roem: run of 3 in S (7S 8S 9S) 20 · four aces (AS AH AC AD) 100``, or ``no roem``."""
        w = seen.w
        shown = [
            line(f"{self.roem_name(seen, r['name'])} (", seen.cards.cards(r["cards"]), f") {r['value']}")
            for r in view["roem"]
        ]
        return line(w._("roem: "), joined(shown, " · ") if shown else w._("no roem"))

    def roem_name(self, seen: Seen, name: str) -> str:
        """A roem's name: ``four aces``, ``run of 3 in ♠``, ``trump king in the run``."""
        w = seen.w
        names = {
            "four jacks": w._("four jacks"),
            "four aces": w._("four aces"),
            "four kings": w._("four kings"),
            "four queens": w._("four queens"),
            "trump king in the run": w._("trump king in the run"),
        }
        if name in names:
            return names[name]
        _, _, length, _, suit = name.split()
        return w._("run of {n} in {suit}").format(n=length, suit=seen.cards.suit(suit, named=False)["text"])

    def out_of_sight(self, seen: Seen, view: View) -> int:
        """Rule 5a: every finished trick once the next card is played, all but the last before."""
        if aids(seen, view):
            return 0
        finished = len(view["history"])
        return finished if view["trick"] else max(finished - 1, 0)

    def points(self, seen: Seen, view: View) -> Line:
        """The card points each side has taken in tricks so far (the view's ``sides``; memory aids)."""
        w, sides = seen.w, view["sides"]
        text_ = w._("card points in tricks: {seat} {points} · the others {others}").format(
            seat=seen.labels[view["declarer"]], points=sides[0]["points"], others=sides[1]["points"]
        )
        if view["afleggers"]:
            text_ += w._(" (+ your afleggers {points})").format(
                points=worth(view["afleggers"], view["trump"])
            )
        return line(text_)

    def trick_heading(self, seen: Seen, view: View) -> list[Part]:
        heading = seen.w._("trick {n}, trump ").format(n=len(view["history"]) + 1)
        return line(heading, seen.cards.suit(view["trump"], named=False))["parts"]

    # ------------------------------------------------------------------ the viewer's turn

    def lines(self, seen: Seen, view: View) -> list[Line]:
        phase = view["phase"]
        if phase == "bid" or view["declarer"] is None:  # bidding, or everybody passed: a redeal
            return [self.auction(seen, view)]
        if phase == "play":
            trick = self.trick(seen, view)
            points = [self.points(seen, view)] if aids(seen, view) else []
            return [self.contract(seen, view), *([trick["line"]] if trick else []), *points]
        lines = [self.contract(seen, view)]
        if phase == "discard":
            lines.append(line(seen.w._("from the lummel: "), seen.cards.cards(view["lummel"])))
        return lines

    def hand(self, seen: Seen, view: View) -> Hand:
        hand = super().hand(seen, view)
        return Hand(codes=hand["codes"], groups=hand["groups"], numbered=view["phase"] == "discard")

    def entry(self, view: View) -> Entry:
        phase = view["phase"]
        return "points" if phase == "bid" else "discard" if phase == "discard" else "choice"

    def actions(self, seen: Seen, view: View) -> list[Group]:
        w, phase = seen.w, view["phase"]
        if phase == "play":
            return self.play_group(seen, view)
        if phase == "bid":
            return self.bid_groups(seen, view)
        if phase == "discard":
            count = rules_of(seen).lummel_size
            label = w._("lay back {n} cards: their numbers (e.g. 1 4 6) or the cards (e.g. 7h 8s td)").format(
                n=count
            )
            discards = [
                Choice(action=a, parts=seen.cards.cards(a.split()[1:])) for a in view["legal_actions"]
            ]
            return [
                Group(
                    heading=None,
                    label=label,
                    row=False,
                    actions=discards,
                    listed=0,
                    numbered=False,
                    more=None,
                )
            ]
        return [self.listed(seen, w._("you may: "), view["legal_actions"])]

    def bid_groups(self, seen: Seen, view: View) -> list[Group]:
        """Pass and the bids; with the option ``last_bid`` the bids declared last in a second group."""
        w, legal = seen.w, view["legal_actions"]
        last = [a for a in legal if a.endswith(" last")]
        groups = [self.listed(seen, w._("you may: "), [a for a in legal if not a.endswith(" last")])]
        if last:
            groups.append(self.listed(seen, w._("your last bid (één keer twintig): "), last))
        return groups

    def prompt(self, seen: Seen, view: View) -> str:
        w, phase = seen.w, view["phase"]
        if phase == "bid" and rules_of(seen).last_bid:
            return w._("your bid (its number in the list, the points like 150 or 150 last, or 'pass'): ")
        if phase == "play":
            return self.card_prompt(seen, view)
        if phase == "discard":
            return w._("your {n} afleggers: ").format(n=rules_of(seen).lummel_size)
        prompts = {
            "bid": w._("your bid (its number in the list, the points like 150, or 'pass'): "),
            "lummel": w._("take the lummel or play ongedraaid (1 or 2): "),
            "trump": w._("trump (its number, or a suit like S): "),
        }
        return prompts.get(phase, "")

    def word(self, seen: Seen, kind: str) -> str:
        """Also ``take-lummel`` and ``ongedraaid``."""
        words = {"take-lummel": seen.w._("take-lummel"), "ongedraaid": seen.w._("ongedraaid")}
        return words.get(kind) or super().word(seen, kind)

    # ------------------------------------------------------------------ as it happens

    def described(self, seen: Seen, seat: int, action: Action, view: View) -> Line:
        w, label, mine = seen.w, seen.labels[seat], seat == seen.viewer
        if action.kind == "take-lummel":
            if not mine:
                return line(w._("{seat} takes the lummel").format(seat=label))
            return phrase(
                w._("{seat} takes the lummel: {cards}"), seat=label, cards=seen.cards.cards(view["lummel"])
            )
        if action.kind == "ongedraaid":
            return line(
                w._("{seat} plays ongedraaid: the lummel stays untouched, the round counts double").format(
                    seat=label
                )
            )
        if action.kind == "discard":
            if not mine:
                return line(w._("{seat} lays back {n} cards").format(seat=label, n=len(action.cards)))
            return phrase(w._("{seat} lays back {cards}"), seat=label, cards=self.codes(seen, action))
        if action.last:
            return phrase(w._("{seat} bids {bid} as a last bid"), seat=label, bid=action.word)
        return super().described(seen, seat, action, view)

    def after(self, seen: Seen, before: View, seat: int, action: Action, view: View) -> list[Line]:
        w = seen.w
        lines = super().after(seen, before, seat, action, view)
        if before["phase"] == "bid" and view["phase"] != "bid":
            if view["declarer"] is None:
                lines.append(line(w._("everybody passed: the cards are dealt again")))
            else:
                lines.append(
                    line(
                        w._("{seat} is the declarer with {bid}").format(
                            seat=seen.labels[view["declarer"]], bid=view["bid"]
                        )
                    )
                )
        if action.kind == "trump":
            lines.append(self.roem(seen, view))
            if view["current_player"] != seen.viewer:
                lines.append(self.contract(seen, view))
        lines += self.stuk(seen, before, view)
        if (
            action.kind == "play"
            and not view["trick"]
            and view["current_player"] not in (None, seen.viewer)
            and aids(seen, view)
        ):
            lines.append(self.points(seen, view))
        return lines

    def stuk(self, seen: Seen, before: View, view: View) -> list[Line]:
        """``stuk! 20 roem more``, when the declarer has just shown it."""
        if not view["stuk"] or before["stuk"]:
            return []
        return [
            line(seen.w._("stuk! 20 roem more: contract {target}").format(target=view["target"]), bold=True)
        ]

    def kept(self, seen: Seen, before: View, seat: int, action: Action, view: View) -> list[Line]:
        return [*super().kept(seen, before, seat, action, view), *self.stuk(seen, before, view)]

    def trick_taken(self, seen: Seen, trick: View, view: View) -> Line:
        """``seat 2 takes the trick with AS (21 points)``; the points only with memory aids."""
        taken = super().trick_taken(seen, trick, view)
        if not aids(seen, view):
            return taken
        points = worth(trick["cards"], view["trump"])
        return line(
            taken["parts"],
            " " + seen.w.ngettext("({n} point)", "({n} points)", points).format(n=points),
            bold=True,
        )

    # ------------------------------------------------------------------ the end of a round

    def result(self, seen: Seen, view: View) -> list[Line]:
        """The settlement: points raw and rounded, the result r, each seat's points and money, the pot."""
        w, labels, game = seen.w, seen.labels, rules_of(seen)
        d: View = view["result"]["details"]
        if d.get("redeal"):
            return [line(w._("result: everybody passed, nobody plays: a redeal"), bold=True)]
        declarer = labels[d["declarer"]]
        raw, rounded, r, scores = d["raw_points"], d["points"], d["result"], view["result"]["scores"]
        if d["kapot"]:
            verdict = w._("kapot! {seat} took every trick").format(seat=declarer)
        elif r == 0:
            verdict = w._("bedankt: nobody pays")
        elif r > 0:
            verdict = w._("{seat} wins {r} from each").format(seat=declarer, r=r)
        else:
            verdict = w._("erin: {seat} pays {r} to each").format(seat=declarer, r=-r)
        settled = w._("{seat} bid {bid}, roem {roem}, contract {target}").format(
            seat=declarer, bid=d["bid"], roem=d["bid"] - d["contract"], target=d["contract"]
        )
        lines = [
            line(
                w._("result: "),
                settled + (w._(", ongedraaid (doubled)") if d["ongedraaid"] else ""),
                bold=True,
            ),
            line(
                w._("card points: {seat} {points} · the others {others}").format(
                    seat=declarer, points=raw[0], others=raw[1]
                )
            ),
            line(
                w._("rounded: {seat} {points} · the others {others}").format(
                    seat=declarer, points=rounded[0], others=rounded[1]
                )
            ),
            line(f"r = {r}: {verdict}", bold=True),
            line(
                w._("points: ") + " · ".join(f"{a} {signed(p)}" for a, p in zip(labels, scores, strict=True))
            ),
            line(
                w._("money: ")
                + " · ".join(f"{a} {money(w, game.money(p))}" for a, p in zip(labels, scores, strict=True))
            ),
        ]
        return lines

    def pot(self, seen: Seen, match: Match) -> str:
        """The pot now (rule 6.5): what it holds, or what was shared when the match ended."""
        w, purse = seen.w, match_money(match)
        if purse.shared:
            return w._("the {cents} left in the pot was shared at the end").format(
                cents=money(w, purse.shared, sign=False)
            )
        return w._("the pot holds {cents}").format(cents=money(w, purse.pot, sign=False))

    def round_result(self, seen: Seen, match: Match, view: View) -> list[Line]:
        lines = self.result(seen, view)
        d: View = view["result"]["details"]
        if seen.game.rules["pot"] and not d.get("redeal"):
            change = seen.w.ngettext("{change} stake", "{change} stakes", abs(d["pot"]))
            pot = seen.w._("pot: {change} · {pot}").format(
                change=change.format(change=signed(d["pot"])), pot=self.pot(seen, match)
            )
            lines.append(line(pot))
        return lines

    def sheet_footers(self, seen: Seen, match: Match) -> list[str]:
        """Under the seats their money, the pot included; under the trump column the word."""
        players = match_money(match).players
        return ["", "", seen.w._("money"), *(money(seen.w, cents) for cents in players)]

    def sheet_caption(self, seen: Seen, match: Match) -> str:
        w = seen.w
        caption = w._("per player: points = total")
        if not seen.game.rules["pot"]:
            return caption
        stake = money(w, int(seen.game.rules["pot_stake_cents"]), sign=False)
        return " · ".join(
            [caption, w._("money with the pot (stake {cents})").format(cents=stake), self.pot(seen, match)]
        )

    def badges(self, seen: Seen, view: View, seat: int) -> list[str]:
        """The declarer and his bid, and the tricks each seat took: never card points (rule 5a)."""
        if seat != view["declarer"]:
            return super().badges(seen, view, seat)
        w = seen.w
        return [w._("declarer"), w._("bid {n}").format(n=view["bid"]), *super().badges(seen, view, seat)]

    def bid_and_taken(self, seen: Seen, row: SheetRow, seat: int) -> tuple[str | None, str | None]:
        """The declarer's bid and his points (rounded); nothing for the others."""
        d = row.details
        if d.get("redeal") or seat != d["declarer"]:
            return None, None
        return str(d["bid"]), str(d["points"][0])

    def sheet_columns(self, seen: Seen) -> list[str]:
        return [seen.w._("round"), seen.w._("dealer"), seen.w._("contract")]

    def sheet_facts(self, seen: Seen, row: SheetRow) -> list[list[Line]]:
        """The dealer; the declarer, his bid (x2 ongedraaid) and trump, then his roem and contract."""
        d, w = row.details, seen.w
        dealer = [line(seen.short[row.dealer])]
        if d.get("redeal"):
            return [dealer, [line(w._("redeal"))]]
        bid = f"{d['bid']}{' x2' if d['ongedraaid'] else ''}"
        declared = line(f"{seen.short[d['declarer']]} {bid} ", seen.cards.suit(d["trump"], named=False))
        contract = line(
            w._("roem {roem} · {target}").format(roem=d["bid"] - d["contract"], target=d["contract"])
        )
        return [dealer, [declared, contract]]

    def cells_fit(self, seen: Seen) -> int:
        return 60 + 12 * seen.game.players
