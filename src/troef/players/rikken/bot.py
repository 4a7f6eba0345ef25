"""A heuristic Rikken bot: bid from hand evaluation, call the partner well, play with the partner in mind.

It sees only a seat's view.  From the cards it has seen (its hand, open hands,
every card played) and the voids the play has shown it estimates, for each
other seat, the chance of holding given cards (hypergeometric over the unseen
cards), and how likely each seat is an opponent (the called ace's holder is
hidden until it falls; a seat that shows out of the called suit is not him).

- Bidding: every legal bid gets an expected score: the chance of making it (a
  normal curve around the hand's playing tricks, plus a partner's share in rik;
  the misère risk of its low cards for piek and misère) times the preset's
  amounts; it bids the best, or passes when nothing beats 0.
- Trump: the suit the evaluation likes best.  Call: the ace of the suit where it
  is shortest (to ruff it later) and holds low cards.
- Play: its side wins tricks with the cheapest card likely to hold, does not
  overtake a partner who is winning, cashes sure winners and lets the rikker
  look for his partner in the called suit (the partner returns trump); piek and
  misère players duck, their opponents lead low to force tricks on them; pass
  games avoid the queen of spades and the last trick, or aim at 1 or 5 tricks.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from math import comb, erf, sqrt
from typing import Any, Final, TypeVar

from ...core.cards import CODES, FULL_MASK, SPADES, SUIT_MASKS, SUITS, bits, card_index, parse_card
from ...games.rikken.contracts import CONTRACTS, EEN_OF_VIJF, MISERE, PIEK, SCHOPPEN_MIE, TROELA, Contract
from ...games.rikken.rules import Rikken
from ..shared.worlds import codes_mask, logged, off_suit, played_masks, tricks_of
from .evaluate import misere_chance, misere_risk, piek_chance, playing_tricks, ranks

_T = TypeVar("_T")

PARTNER_TRICKS: Final = 3.5
"""Tricks a called partner adds to the rikker's own (his ace and a little more)."""
TROELA_TRICKS: Final = 3.5
"""Tricks troela's partner adds (the fourth ace, and he names trump)."""
SPREAD: Final = 1.4
"""Standard deviation of a side's tricks around the estimate."""
OPEN_RISK: Final = (1.0, 0.7, 0.5)
"""Chance factor of making piek/misère plain, open, open with praatje."""
SAFE: Final = 0.75
"""A trick this likely to be kept counts as won."""
HOPEFUL: Final = 0.4
"""Below this chance the side does not spend a good card on a trick."""
QUEEN: Final = card_index(SPADES, "Q")


def _phi(x: float) -> float:
    return 0.5 * (1.0 + erf(x / sqrt(2.0)))


def _none(draws: int, pool: int, k: int) -> float:
    """Chance that ``draws`` cards taken from ``pool`` unseen cards include none of ``k`` given ones."""
    if k <= 0 or draws <= 0:
        return 1.0
    if draws > pool - k:
        return 0.0
    return comb(pool - k, draws) / comb(pool, draws)


_GAMES: dict[tuple[str, int], Rikken] = {}


def _game(rules: object, players: int) -> Rikken:
    key = (rules if isinstance(rules, str) else json.dumps(rules, sort_keys=True), players)
    if key not in _GAMES:
        _GAMES[key] = Rikken(rules, players)
    return _GAMES[key]


def _above(card: int) -> int:
    """The cards of ``card``'s suit that rank above it."""
    return SUIT_MASKS[card // 13] & ~((2 << card) - 1)


def _best_trump(hand: int, suits: Sequence[int]) -> tuple[int, float]:
    return max(((s, playing_tricks(hand, s)) for s in suits), key=lambda st: (st[1], -st[0]))


class _Table:
    """One decision's picture of the round during play, from a seat's view."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.seat = seat = int(view["seat"])
        n, dealer = int(view["players"]), int(view["dealer"])
        self.seats = [(dealer + k) % n for k in range(1, 5)]
        self.contract: Contract = CONTRACTS[view["contract"]]
        self.trump = -1 if view["trump"] is None else SUITS.index(view["trump"])
        self.hand = codes_mask(view["hand"])
        self.called = -1 if view["called"] is None else parse_card(view["called"])
        self.won: list[int] = view["tricks"]
        self.history: list[dict[str, Any]] = view["history"]
        self.players: list[int] = view["contract_players"]
        self.declarer = -1 if view["declarer"] is None else int(view["declarer"])
        self.leader = int(view["leader"])
        trick: list[str] = view["trick"]
        self.blind = bool(view["blind_lead"])
        self.led = -1
        if trick:
            self.led = self.called // 13 if self.blind else parse_card(trick[0]) // 13
        self.trick = [
            (self._after(self.leader, i), -1 if c == "??" else parse_card(c)) for i, c in enumerate(trick)
        ]
        tricks = tricks_of(logged(view), 4)
        self.played = played = sum(played_masks(tricks, n))
        self.void = void = [0] * n
        for j, _, led in off_suit(tricks, self.called // 13):
            void[j] |= 1 << led
        known = [0] * n
        for j, shown in enumerate(view["open_hands"]):
            if shown is not None and j != seat:
                known[j] = codes_mask(shown)
        self.unseen = FULL_MASK & ~self.hand & ~played
        hidden = self.unseen & ~sum(known)
        self.pool = [
            known[j] or hidden & ~sum(SUIT_MASKS[s] for s in range(4) if void[j] >> s & 1) for j in range(n)
        ]
        self.draws: list[int] = list(view["hand_counts"])
        self.enemy = self._enemies(view, void)

    def _after(self, leader: int, k: int) -> int:
        return self.seats[(self.seats.index(leader) + k) % 4]

    def _enemies(self, view: Mapping[str, Any], void: list[int]) -> list[float]:
        """Per seat the chance it plays against this seat (0 for itself)."""
        seat, contract, n = self.seat, self.contract, len(void)
        enemy = [0.0] * n
        others = [j for j in self.seats if j != seat]
        if contract.every_man:
            for j in others:
                enemy[j] = 1.0
            return enemy
        declarer = self.declarer
        partner = view["partner"]
        if partner is None and self.called >= 0:
            if self.hand >> self.called & 1:
                partner = seat
            else:
                cands = [j for j in others if j != declarer and not void[j] >> (self.called // 13) & 1]
                if len(cands) == 1:
                    partner = cands[0]
        side = {declarer, *([int(partner)] if partner is not None else [])}
        mine = seat in side
        for j in others:
            if partner is not None or not contract.calls_partner or self.called < 0 or j == declarer:
                enemy[j] = float((j in side) != mine)
            else:  # the holder of the called card is one of the seats not yet ruled out
                cands = [k for k in others if k != declarer and not void[k] >> (self.called // 13) & 1]
                share = 1.0 / max(1, len(cands)) if j in cands else 0.0
                enemy[j] = 1.0 - share if mine else share
        return enemy

    def holds_none(self, j: int, cards: int, without: int = -1) -> float:
        pool = self.pool[j] & ~(SUIT_MASKS[without] if without >= 0 else 0)
        return _none(self.draws[j], pool.bit_count(), (cards & pool).bit_count())

    def beats(self, j: int, card: int, led: int) -> float:
        """Chance that seat ``j`` can beat ``card``, the best card of a trick led in ``led``."""
        trump = self.trump
        if card // 13 == trump:
            higher = _above(card)
            if led == trump:
                return 1.0 - self.holds_none(j, higher)
            return self.holds_none(j, SUIT_MASKS[led]) * (1.0 - self.holds_none(j, higher, led))
        p = 1.0 - self.holds_none(j, _above(card))
        if trump >= 0:
            p += self.holds_none(j, SUIT_MASKS[led]) * (1.0 - self.holds_none(j, SUIT_MASKS[trump], led))
        return min(1.0, p)

    def later(self) -> list[int]:
        """The seats still to play to the trick after this one."""
        done = len(self.trick) + 1
        return [self._after(self.leader, k) for k in range(done, 4)]

    def keeps(self, card: int, led: int, seats: Sequence[int], weight: Sequence[float]) -> float:
        """Chance that ``card``, best so far, is not beaten by ``seats`` (each counted by ``weight``)."""
        p = 1.0
        for j in seats:
            p *= 1.0 - weight[j] * self.beats(j, card, led)
        return p

    def best(self) -> tuple[int, int]:
        """The seat winning the trick on the table and its card (-1, -1 before a card counts)."""
        top, who, key = -1, -1, -1
        for i, (j, c) in enumerate(self.trick):
            if (i == 0 and self.blind) or c < 0:
                continue
            k = self.strength(c)
            if k > key:
                top, who, key = c, j, k
        return who, top

    def strength(self, card: int) -> int:
        if card // 13 == self.trump:
            return 200 + card % 13
        return 100 + card % 13 if card // 13 == self.led else 0

    def wins(self, card: int) -> bool:
        return self.strength(card) > max((self.strength(c) for c in self._counting()), default=-1)

    def _counting(self) -> list[int]:
        return [c for i, (_, c) in enumerate(self.trick) if c >= 0 and not (i == 0 and self.blind)]

    def cost(self, card: int) -> int:
        """Cheapest first: rank, trumps above every other suit."""
        return card % 13 + (13 if card // 13 == self.trump else 0)

    def top(self, card: int) -> bool:
        """No card still out ranks above ``card`` in its suit."""
        return not _above(card) & self.unseen


class RikkenBot:
    """Bids what its hand is worth, plays for its side, ducks in piek and misère."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Mapping[str, Any]) -> str:
        legal: list[str] = view["legal_actions"]
        if len(legal) == 1:
            return legal[0]
        hand = sum(1 << parse_card(c) for c in view["hand"])
        phase = view["phase"]
        if phase == "bid":
            return self._bid(view, hand, legal)
        if phase == "choose":
            return self._choose(view, hand, legal)
        if phase == "trump":
            return "trump " + SUITS[_best_trump(hand, [SUITS.index(a[6:]) for a in legal])[0]]
        if phase == "call":
            return self._call(hand, legal)
        return self._play(_Table(view), legal)

    # ------------------------------------------------------------------ before play

    def _bid(self, view: Mapping[str, Any], hand: int, legal: list[str]) -> str:
        game = _game(view["rules"], int(view["players"]))
        plain = _best_trump(hand, [s for s in range(4) if s != 1])[1]
        hearts = playing_tricks(hand, 1)
        chances = (misere_chance(hand), piek_chance(hand))

        def value(action: str) -> float:
            if action == "pass":
                return 0.0
            contract = CONTRACTS[action[4:]]
            if contract.family in (PIEK, MISERE):
                amount = game.table.single[contract.name]
                factor = OPEN_RISK[contract.open + contract.praatje]
                p = chances[contract.family == PIEK] * factor
                return 3 * amount * (2 * p - 1)
            tricks = hearts if contract.beter else plain
            opponents = 3
            if contract.calls_partner:
                tricks, opponents = tricks + PARTNER_TRICKS, 2
            elif contract.family == TROELA:
                tricks, opponents = max(plain, hearts) + TROELA_TRICKS, 2
            elif contract.names_trump is False and not contract.beter:
                tricks = playing_tricks(hand, -1)
            scale = game.table.tricks[contract.name]
            p = _phi((tricks - contract.target + 0.5) / SPREAD)
            made = scale.amount(contract.target, min(13, max(contract.target, round(tricks))))
            failed = scale.amount(contract.target, contract.target - 1)
            return opponents * (p * made - (1 - p) * failed)

        return self._best(legal, value)

    def _choose(self, view: Mapping[str, Any], hand: int, legal: list[str]) -> str:
        """Noodrik with a rik hand, een-of-vijf with a dangerous spade holding, else schoppen-mie."""
        if "choose noodrik" in legal:
            tricks = _best_trump(hand, range(4))[1] + PARTNER_TRICKS
            return "choose noodrik" if _phi((tricks - 6.5) / SPREAD) > 0.5 else "choose schoppen-mie"
        spades = ranks(hand, SPADES)
        exposed = any(r >= 10 for r in spades) and len(spades) <= 3
        return "choose een-of-vijf" if exposed else "choose schoppen-mie"

    def _call(self, hand: int, legal: list[str]) -> str:
        """The suit where it is shortest and lowest: the partner's ace takes the first round, it ruffs."""

        def value(action: str) -> float:
            suit = parse_card(action.split()[1]) // 13
            held = ranks(hand, suit)
            return -len(held) - (max(held) / 13 if held else 0.0)

        return self._best(legal, value)

    # ------------------------------------------------------------------ play

    def _play(self, t: _Table, legal: list[str]) -> str:
        blind = [a for a in legal if a.endswith("blind")]
        cards = [parse_card(a[5:7]) for a in legal if not a.endswith("blind")]
        family = t.contract.family
        if blind and len(t.history) < 6:  # fetch the blind-called ace with a worthless card
            card = min(cards, key=lambda c: (t.top(c), t.cost(c)))
            if not t.top(card):
                return f"play {CODES[card]} blind"
        if family in (PIEK, MISERE):
            if t.seat in t.players:
                target = 1 if family == PIEK else 0
                card = self._low(t, cards, want=t.won[t.seat] < target)
            else:
                card = self._force(t, cards)
        elif family == SCHOPPEN_MIE:
            card = self._mie(t, cards)
        elif family == EEN_OF_VIJF:
            goal = 5 if playing_tricks(t.hand, -1) + t.won[t.seat] >= 4.5 else 1
            card = self._low(t, cards, want=t.won[t.seat] < goal)
        else:
            card = self._side(t, cards)
        return "play " + CODES[card]

    def _side(self, t: _Table, cards: list[int]) -> int:
        """Trick contracts: win tricks for the side, partner-aware."""
        if not t.trick:
            return self._lead(t, cards)
        who, top = t.best()
        later = t.later()
        friend_wins = who >= 0 and t.enemy[who] < 0.5 and t.keeps(top, t.led, later, t.enemy) >= SAFE
        winners = [c for c in cards if t.wins(c)]
        if winners and not friend_wins:
            odds = {c: t.keeps(c, t.led, later, t.enemy) for c in winners}
            chance = max(odds.values())
            if chance >= HOPEFUL:
                return min((c for c in winners if odds[c] >= chance - 0.1), key=t.cost)
        return self._shed(t, cards, friend_wins)

    def _shed(self, t: _Table, cards: list[int], high: bool) -> int:
        """A card for a trick the side does not take: the cheapest, or (``high``: on the partner's trick)
        the most expensive that is no winner of its own; never a trump when avoidable."""
        spare = [c for c in cards if not t.top(c) and c // 13 != t.trump] or cards
        if high:
            return max(spare, key=lambda c: (not t.wins(c), t.cost(c)))
        return min(spare, key=lambda c: (t.cost(c), len(ranks(t.hand, c // 13))))

    def _lead(self, t: _Table, cards: list[int]) -> int:
        """Rikker: look for the partner in the called suit, then draw trumps with the top trump; partner:
        return trump; everyone: cash sure winners, else a low card of a short suit."""
        others = [j for j in t.seats if j != t.seat]
        trump = t.trump
        mine = sorted((c for c in cards if c // 13 == trump), reverse=True)
        declaring = t.seat == t.declarer
        enemies_trump = trump >= 0 and any(
            t.enemy[j] > 0 and t.holds_none(j, SUIT_MASKS[trump]) < 1.0 for j in others
        )
        if declaring and t.called >= 0 and not t.played >> t.called & 1:
            fetch = [c for c in cards if c // 13 == t.called // 13]
            if fetch:
                return min(fetch)
        if mine and enemies_trump and (declaring or t.enemy[t.declarer] == 0.0):
            if t.top(mine[0]):
                return mine[0]
            if not declaring or len(mine) >= 4:
                return mine[-1]
        odds = {c: t.keeps(c, c // 13, others, t.enemy) for c in cards}
        sure = [c for c in cards if odds[c] >= SAFE and c // 13 != trump]
        if sure:
            return min(sure, key=t.cost)
        plain = [c for c in cards if c // 13 != trump] or cards

        def appeal(c: int) -> float:
            """Low cards of short suits (a ruff later), not from under an honour, not into an enemy's void."""
            length = len(ranks(t.hand, c // 13))
            guarded = any(t.top(h) or h % 13 >= 10 for h in bits(t.hand & SUIT_MASKS[c // 13]) if h != c)
            ruffed = sum(t.enemy[j] for j in others if t.void[j] >> (c // 13) & 1 and trump >= 0)
            return odds[c] - 0.1 * length - 0.5 * guarded - ruffed - c % 13 / 30

        return self._best(plain, appeal)

    def _low(self, t: _Table, cards: list[int], want: bool) -> int:
        """Every man for himself: take a trick only while ``want`` (cheaply and safely), else duck."""
        others = [j for j in t.seats if j != t.seat]
        if not t.trick:
            odds = {c: t.keeps(c, c // 13, others, t.enemy) for c in cards}
            if want:
                chance = max(odds.values())
                if chance >= SAFE:
                    return max((c for c in cards if odds[c] >= chance - 0.05), key=t.cost)
            return min(cards, key=lambda c: (round(odds[c], 2), -t.cost(c)))
        later = t.later()
        losers = [c for c in cards if not t.wins(c)]
        if want:
            odds = {c: t.keeps(c, t.led, later, t.enemy) for c in cards if t.wins(c)}
            if odds and max(odds.values()) >= SAFE:
                return max((c for c in odds if odds[c] >= SAFE), key=t.cost)
        if losers:  # the highest card that still loses; void: the most dangerous card
            return max(losers, key=lambda c: (c // 13 == t.led, self._danger(t, c)))
        return max(cards, key=t.cost)

    @staticmethod
    def _danger(t: _Table, card: int) -> float:
        """How likely ``card`` is to take a trick later: higher cards with few low cards beside them."""
        return card % 13 - 0.5 * len(ranks(t.hand, card // 13)) + 4 * misere_risk(1 << card)

    def _force(self, t: _Table, cards: list[int]) -> int:
        """Against piek and misère: lead low, let the player win, keep low cards for later."""
        if not t.trick:
            return min(cards, key=lambda c: (c % 13, -len(ranks(t.hand, c // 13))))
        if t.best()[0] in t.players:
            under = [c for c in cards if not t.wins(c)]
            if under:
                return max(under, key=lambda c: (c // 13 == t.led, c % 13))
        if any(j in t.players for j in t.later()):
            return min(cards, key=lambda c: (c // 13 != t.led, c % 13))
        return max(cards, key=lambda c: c % 13)

    def _mie(self, t: _Table, cards: list[int]) -> int:
        """Schoppen-mie: shed high cards on harmless tricks, never take the queen, keep low cards."""
        queen_out = bool(t.unseen >> QUEEN & 1)
        if not t.trick:
            spades = [c for c in cards if c // 13 == SPADES and c % 13 < 10]
            if queen_out and spades and not t.hand >> QUEEN & 1:
                return max(spades)  # flush the queen out
            safe = [c for c in cards if c != QUEEN and not (c // 13 == SPADES and c % 13 > 10 and queen_out)]
            return min(safe or cards, key=lambda c: (c % 13, len(ranks(t.hand, c // 13))))
        losers = [c for c in cards if not t.wins(c)]
        if QUEEN in cards and (not t.wins(QUEEN) or len(losers) == len(cards)):
            return QUEEN
        queen_here = any(c == QUEEN for _, c in t.trick)
        late = len(t.history) >= 9
        if not queen_here and not late and not (t.led == SPADES and queen_out and t.later()):
            return max(cards, key=lambda c: (c // 13 == t.led, c % 13))
        if losers:
            return max(losers, key=lambda c: (c // 13 == t.led, c % 13))
        return max(cards, key=lambda c: c % 13)

    def _best(self, options: Sequence[_T], score: Callable[[_T], float]) -> _T:
        """The option with the highest score; ties broken by the bot's random source."""
        values = [score(o) for o in options]
        top = max(values)
        return self.rng.choice([o for o, v in zip(options, values, strict=True) if v >= top - 1e-9])
