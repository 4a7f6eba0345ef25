"""A heuristic Rififi bot: bid the tricks the hand is likely to take, then play to take exactly that.

It sees only a seat's view.  From the cards it has seen (its hand, the turned
card, every card played) and the voids the play has shown, it estimates for
each opponent the chance of holding given cards (hypergeometric over the unseen
cards), and from that the chance that a card wins a trick.

- Bidding: each card gets a probability of taking a trick (top cards by rank,
  lower ones protected by length, side suits discounted for ruffs, spare trumps
  credited with ruffs in short suits); the trick count is taken as their
  Poisson-binomial sum, and the bot bids the legal number with the best expected
  score under the rule set's scoring.
- Play: while it needs tricks it wins a trick with the cheapest card that is
  about as safe as its safest winner, and leads its likeliest winners; once it
  has enough it plays the highest card that still loses, discards its most
  dangerous cards and leads the card least likely to win.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from math import comb, exp
from operator import mul
from typing import Any, Final, TypeVar

from ...core.cards import CODES, SUIT_MASKS, bits, parse_card
from ...core.tricks import trick_winner, winner_keys
from ...games.rififi.rules import Rififi
from ..shared.worlds import codes_mask, logged, off_suit, played_masks, tricks_of

_T = TypeVar("_T")

TRUMP_BONUS: Final = 100
"""Added to a trump's rank strength to order cards from cheapest to most expensive."""
RUFF_HOLDS: Final = 0.5
"""Chance that a ruffing chance in a short suit turns into a trick (it is led to us, not overtrumped)."""
SAFE_MARGIN: Final = 0.1
"""A winner this much less safe than the safest one is still taken when it is cheaper."""
HOPELESS: Final = 0.3
"""Below this chance of winning, the bot does not spend a card on a trick it wants (nor lead it)."""
TIE: Final = 0.02
"""Chances closer than this count as equal."""
BID_SPREAD: Final = 1.5
"""`bid_chance`: a bid worth this many points less than another (in expected score) is e times rarer."""
MEMO: Final = 1 << 16
"""`_bid_values` keeps the values of this many hands' bids (inference and the play-outs of the bids ask
again for the hands their worlds share)."""
_BID_VALUES: dict[tuple[object, ...], dict[str, float]] = {}


class _Pack:
    """What the bot needs to know of a rule set, computed once per (rules, players)."""

    def __init__(self, game: Rififi) -> None:
        self.power = game.power
        self.must_trump = bool(game.rules["must_trump"])
        self.points: Callable[[int, int], int] = game.points
        counts = range(game.max_hand + 1)
        self.score = tuple(tuple(game.points(b, k) for k in counts) for b in counts)
        """``score[bid][tricks]``: `points` as a table."""
        self.size = len(game.pack_cards)
        self.suits = tuple(m & game.pack for m in SUIT_MASKS)
        self.above = tuple(
            sum(1 << d for d in bits(self.suits[c // 13]) if game.power[d] > game.power[c]) for c in range(52)
        )


_PACKS: dict[tuple[str, int], _Pack] = {}


def _pack(rules: object, players: int) -> _Pack:
    key = (rules if isinstance(rules, str) else json.dumps(rules, sort_keys=True), players)
    found = _PACKS.get(key)
    if found is None:
        found = _PACKS[key] = _Pack(Rififi(rules, players))
    return found


def _none(draws: int, pool: int, k: int) -> float:
    """Chance that ``draws`` cards taken from ``pool`` unseen cards include none of ``k`` given ones."""
    if k <= 0 or draws <= 0:
        return 1.0
    if draws > pool - k:
        return 0.0
    return comb(pool - k, draws) / comb(pool, draws)


_HYPER: dict[tuple[int, int, int, int], float] = {}
"""`_hyper`'s answers, kept (a few thousand: the arguments are counts of cards in one pack)."""


def _hyper(pool: int, k: int, draws: int, j: int) -> float:
    """Chance that ``draws`` cards from ``pool`` include exactly ``j`` of ``k`` given ones."""
    key = (pool, k, draws, j)
    found = _HYPER.get(key)
    if found is None:
        if not 0 <= j <= k or draws - j > pool - k or draws < j:
            found = 0.0
        else:
            found = comb(k, j) * comb(pool - k, draws - j) / comb(pool, draws)
        _HYPER[key] = found
    return found


class _Table:
    """One decision's picture of the round, from a seat's view."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.n = n = int(view["players"])
        self.pack = pack = _pack(view["rules"], n)
        self.seat = seat = int(view["seat"])
        self.power = pack.power
        self.trump = -1 if view["trump"] is None else "SHDC".index(view["trump"])
        self.hand = codes_mask(view["hand"])
        self.trick = [parse_card(c) for c in view["trick"]]
        self.leader = int(view["leader"])
        self.bid: int = view["bids"][seat] if view["bids"][seat] is not None else -1
        self.won: Sequence[int] = view["tricks"]
        self.hand_size = int(view["hand_size"])
        counts: list[int] = list(view["hand_counts"])
        tricks = tricks_of(logged(view), n)
        played = sum(played_masks(tricks, n))
        void = [0] * n
        for p, c, led in off_suit(tricks):
            void[p] |= 1 << led
            if pack.must_trump and self.trump >= 0 and c // 13 != self.trump:
                void[p] |= 1 << self.trump
        self.known = [0] * n
        turned = -1 if view["trump_card"] is None else parse_card(view["trump_card"])
        unseen = sum(pack.suits) & ~self.hand & ~played
        if turned >= 0:
            unseen &= ~(1 << turned)
            dealer = int(view["dealer"])
            if n * self.hand_size == pack.size and dealer != seat and not played >> turned & 1:
                self.known[dealer] = 1 << turned
                counts[dealer] -= 1
        self.unseen = unseen
        self.draws = counts
        self.pool = [unseen & ~sum(pack.suits[s] for s in range(4) if v >> s & 1) for v in void]
        self.known_all = sum(self.known)

    def key(self, card: int) -> int:
        """Cheapest first: rank strength, trumps above every other suit."""
        return self.power[card] + (TRUMP_BONUS if card // 13 == self.trump else 0)

    def holds_none(self, j: int, cards: int, without_suit: int = -1) -> float:
        """Chance that seat ``j`` holds none of ``cards`` (given that it is void in ``without_suit``)."""
        if self.known[j] & cards:
            return 0.0
        pool = self.pool[j]
        if without_suit >= 0:
            pool &= ~self.pack.suits[without_suit]
        return _none(self.draws[j], pool.bit_count(), (cards & pool).bit_count())

    def beats(self, j: int, card: int, led: int) -> float:
        """Chance that seat ``j``, still to play, can beat ``card``, the best card so far of a trick led
        in suit ``led`` (a void seat with a trump is taken to ruff)."""
        trump = self.trump
        higher = self.pack.above[card]
        if card // 13 == trump:
            if led == trump:
                return 1.0 - self.holds_none(j, higher)
            return self.holds_none(j, self.pack.suits[led]) * (1.0 - self.holds_none(j, higher, led))
        p = 1.0 - self.holds_none(j, higher)
        if trump >= 0:
            void = self.holds_none(j, self.pack.suits[led])
            p += void * (1.0 - self.holds_none(j, self.pack.suits[trump], led))
        return p

    def survives(self, card: int, led: int, seats: Sequence[int]) -> float:
        """Chance that ``card``, now the best of the trick, is not beaten by ``seats``."""
        p = 1.0
        for j in seats:
            p *= 1.0 - self.beats(j, card, led)
        return p

    def guaranteed(self) -> int:
        """Own trumps that no card outside the hand can beat: each will take a trick."""
        if self.trump < 0:
            return 0
        outside = self.unseen | self.known_all
        return sum(
            1 for c in bits(self.hand & self.pack.suits[self.trump]) if not self.pack.above[c] & outside
        )

    def others(self, start: int, count: int) -> list[int]:
        """``count`` seats clockwise from ``start``."""
        return [(start + i) % self.n for i in range(count)]


def _trick_chances(t: _Table) -> dict[int, float]:
    """Each card's chance of taking a trick, for bidding."""
    others = [j for j in range(t.n) if j != t.seat]
    trump = t.trump
    suits = t.pack.suits
    if t.hand_size == 1:
        card = t.hand.bit_length() - 1
        s = card // 13
        higher = t.pack.above[card]
        if s == trump:
            return {card: t.survives(card, s, others)}
        danger = higher | (suits[trump] if trump >= 0 else 0)
        chance = 1.0
        for j in others:
            if j == t.leader:  # another seat leads: his card must be of this suit, below ours
                chance *= (t.unseen & suits[s] & ~higher).bit_count() / t.unseen.bit_count()
            else:
                chance *= t.holds_none(j, danger)
        return {card: chance}
    pool = t.unseen.bit_count()
    drawn = sum(t.draws[j] for j in others)
    trumps = t.unseen & suits[trump] if trump >= 0 else 0
    draws = tuple(t.draws[j] for j in others)
    trump_odds = tuple(
        1.0 if t.known[j] else 1.0 - _none(t.draws[j], pool, trumps.bit_count()) for j in others
    )
    suit_left = [(t.unseen & m).bit_count() for m in suits]
    chances: dict[int, float] = {}
    spare: list[int] = []
    ruffs = 0.0
    for s in range(4):
        mine = sorted(bits(t.hand & suits[s]), key=t.key, reverse=True)
        if trump >= 0 and s != trump:
            ruffs += max(0.0, t.hand_size * suits[s].bit_count() / t.pack.size - len(mine)) * RUFF_HOLDS
        for i, card in enumerate(mine):
            k = (t.pack.above[card] & t.unseen).bit_count()
            sure = (t.pack.above[card] & t.known_all).bit_count()
            below = len(mine) - i - 1
            p = 0.0
            for j in range(below - sure + 1):
                rounds = (
                    1.0
                    if s == trump or trump < 0
                    else _no_ruff(pool, suit_left[s], draws, trump_odds, i + sure + j + 1)
                )
                p += _hyper(pool, k, drawn, j) * rounds
            if s == trump and p < 1.0:
                spare.append(card)
            chances[card] = p
    for i in spare:
        extra = min(1.0 - chances[i], ruffs)
        chances[i] += extra
        ruffs -= extra
    return chances


_NO_RUFF: dict[tuple[int, int, tuple[int, ...], tuple[float, ...], int], float] = {}
"""`_no_ruff`'s answers, kept (a few hundred: bidding sees few unseen-card counts)."""


def _no_ruff(pool: int, k: int, draws: tuple[int, ...], trump_odds: tuple[float, ...], rnd: int) -> float:
    """Chance that no opponent ruffs the ``rnd``-th round of a suit with ``k`` of the ``pool`` unseen
    cards, the opponents drawing ``draws`` of them and holding a trump at ``trump_odds``."""
    key = (pool, k, draws, trump_odds, rnd)
    found = _NO_RUFF.get(key)
    if found is None:
        found = 1.0
        for d, has_trump in zip(draws, trump_odds, strict=True):
            short = sum([_hyper(pool, k, d, m) for m in range(rnd)])
            found *= 1.0 - short * has_trump
        _NO_RUFF[key] = found
    return found


def _distribution(chances: Iterable[float]) -> list[float]:
    """Poisson-binomial: chance of each number of tricks."""
    dist = [1.0]
    for p in chances:
        dist = [
            (dist[k] if k < len(dist) else 0.0) * (1.0 - p) + (dist[k - 1] * p if k else 0.0)
            for k in range(len(dist) + 1)
        ]
    return dist


def _bid_values(view: Mapping[str, Any], legal: Sequence[str]) -> dict[str, float]:
    """The expected score of every legal bid from a bidding ``view``, by the hand's trick distribution
    (kept for the next view that holds the same hand at the same place: `MEMO`)."""
    key = (
        _pack(view["rules"], int(view["players"])),
        view["seat"],
        view["dealer"],
        view["leader"],
        view["trump_card"],
        view["trump"],
        codes_mask(view["hand"]),
        tuple(legal),
    )
    values = _BID_VALUES.get(key)
    if values is None:
        if len(_BID_VALUES) >= MEMO:
            _BID_VALUES.clear()
        t = _Table(view)
        dist = _distribution(_trick_chances(t).values())
        score = t.pack.score
        values = _BID_VALUES[key] = {a: sum(map(mul, dist, score[int(a[4:])])) for a in legal}
    return values


def bid_chance(view: Mapping[str, Any], action: str) -> float:
    """How likely a player bids ``action`` from ``view``: a softmax of the legal bids' expected scores,
    `BID_SPREAD` points wide (1.0 for a seat with one legal choice, or where ``action`` is no bid)."""
    legal: list[str] = view["legal_actions"]
    if len(legal) == 1 or view["phase"] != "bid":
        return 1.0
    values = _bid_values(view, legal)
    if action not in values:
        return 0.0
    top = max(values.values())
    total = sum([exp((v - top) / BID_SPREAD) for v in values.values()])
    return exp((values[action] - top) / BID_SPREAD) / total


class RififiBot:
    """Bids its expected tricks for the best expected score and plays to make the bid exactly."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Mapping[str, Any]) -> str:
        legal: list[str] = view["legal_actions"]
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "bid":
            return self._best(legal, _bid_values(view, legal).__getitem__)
        return "play " + CODES[self._card(_Table(view), [parse_card(a[5:]) for a in legal])]

    def _card(self, t: _Table, legal: list[int]) -> int:
        won = t.won[t.seat]
        need = t.bid - won
        if 0 <= need <= t.hand.bit_count():
            want = need > t.guaranteed()
        else:  # the bid is lost: take tricks if the scoring pays for them
            want = t.pack.points(t.bid, won + 1) > t.pack.points(t.bid, won)
        if not t.trick:
            seats = t.others(t.seat + 1, t.n - 1)
            odds = {c: t.survives(c, c // 13, seats) for c in legal}
            return self._lead(t, legal, odds, want)
        led = t.trick[0] // 13
        best = t.trick[trick_winner(t.trick, winner_keys(t.power, t.trump))]
        winners = [c for c in legal if self._beats(t, c, best)]
        losers = [c for c in legal if c not in winners]
        seats = t.others(t.seat + 1, t.n - len(t.trick) - 1)
        odds = {c: t.survives(c, led, seats) for c in winners}
        if want:
            if winners and max(odds.values()) >= HOPELESS:
                safest = max(odds.values())
                return min((c for c in winners if odds[c] >= safest - SAFE_MARGIN), key=t.key)
            return min(legal, key=t.key)
        if losers:
            return self._best(losers, t.key)
        return self._least_likely(t, winners, odds)

    def _lead(self, t: _Table, legal: list[int], odds: dict[int, float], want: bool) -> int:
        outside = t.unseen | t.known_all
        sure = [c for c in legal if c // 13 == t.trump and not t.pack.above[c] & outside]
        free = [c for c in legal if c not in sure] or legal
        if want:
            chance = max(odds[c] for c in free)
            if chance >= HOPELESS:
                return min((c for c in free if odds[c] >= chance - SAFE_MARGIN), key=t.key)
            return self._best(sure, t.key) if sure else min(free, key=t.key)
        return self._least_likely(t, free, odds)

    def _least_likely(self, t: _Table, cards: list[int], odds: dict[int, float]) -> int:
        """Of the cards least likely to win, the most expensive: shed it while it can lose."""
        lowest = min(odds[c] for c in cards)
        return self._best([c for c in cards if odds[c] <= lowest + TIE], t.key)

    @staticmethod
    def _beats(t: _Table, card: int, best: int) -> bool:
        if card // 13 == best // 13:
            return t.power[card] > t.power[best]
        return card // 13 == t.trump

    def _best(self, options: Sequence[_T], score: Callable[[_T], float]) -> _T:
        """The option with the highest score; ties broken by the bot's random source."""
        scores = [score(o) for o in options]
        top = max(scores)
        return self.rng.choice([o for o, v in zip(options, scores, strict=True) if v >= top - 1e-9])
