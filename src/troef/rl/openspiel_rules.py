"""What `troef.rl.openspiel` needs to know of each game, without OpenSpiel: how a round is dealt card
by card (the chance nodes), provable utility bounds, the longest round and whether it is zero-sum.

**The deal.**  A chance node picks the dealer, then the cards one at a time: card ``i`` goes to
``seats[i % k]`` (the ``k`` seats that play, clockwise from the dealer's left, so the dealer's cards
come last in each turn), then the extra cards: Rififi's turned card (none when every card is dealt:
the turned card is then the dealer's last card), Hoogjassen's lummel, Piken's two middle cards
(positions 1, 2).  Rikken with five deals the dealer nothing (he sits out).

**Bounds** (`bounds`), proved from the scoring code:

- Rififi: a score is ``points(bid, tricks)`` with bid and tricks in 0..h (h the hand size), so its
  extremes over that square are the bounds (the rififi scoring: 10 + h² and -h; tricks-plus-10: h + 10
  and 0).
- Rikken: every score is a sum of payments between two of the four seats that play (the ledger), so
  it is zero-sum.  A trick contract's amount A is paid by each opponent to each member of a side of
  one or two, or by the declarer alone to the (at most three) opponents: a seat moves at most 3A.  In
  a piek or misère each player settles ``single`` with each of the 3 others, and up to 3 other players
  settle with him: 6S.  B's joint settlement: each loser pays each winner (or the others), at most 3
  of them: 3J.  Schoppen-mie: each taker pays the 3 others; one seat may be both takers (unless the
  table pays once): 6 (or 3) x mie.  Een-of-vijf: at most 3 payers or payees: 3E.  The bound is the
  largest of these, with A the largest amount of any contract for 0..13 tricks.
- Hoogjassen: the declarer's result r = (points - contract) x factor, points in 0..250 (kapot 250), the
  contract ``bid - roem`` (no trick: the bid), factor 2 ongedraaid.  Roem counts from a hand of h
  cards: fours of different ranks are disjoint (at most h // 4, the jacks 200, the others 100), maximal
  runs are disjoint and hold 3 cards or more (at most h // 3, each 100 at most), one trump-king bonus
  (20) and stuk (20).  So r lies in [-2 max_bid, 2 (250 - min_bid + roem)]; the declarer scores
  r (n - 1), each other seat -r: zero-sum.
- Piken: a score is the cards of a seat's pile, 0..32; not zero-sum (the middle cards may leave).

**The longest round** (`max_game_length`, decisions only): Rififi n bids and n h plays.  Rikken: a
pass is final (at most 4), each bid either ranks above the highest (at most R raises, R the contracts
the rules allow) or joins it (at most 3 per highest bid), then a choice, a trump, a call and 52
plays.  Hoogjassen: bids rise by 10 from the minimum to ``max_bid``, a pass each, the lummel choice,
a pick per discarded card, trump and n h plays.  Piken: two draw choices and a lay per card at most
(a lay takes at least one card from the hands, which hold 32 at most).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import CODES, parse_card
from ..core.game import Game
from ..games.hoogjassen.roem import FOURS, LONG_RUN, RUN_VALUES, STUK, TRUMP_KING_BONUS
from ..games.hoogjassen.rules import PACK_CARDS as HOOGJAS_PACK
from ..games.hoogjassen.rules import Hoogjassen
from ..games.hoogjassen.scoring import KAPOT
from ..games.piken.rules import HAND as PIKEN_HAND
from ..games.piken.rules import PACK_CARDS as PIKEN_PACK
from ..games.rififi.rules import Rififi
from ..games.rikken.contracts import CONTRACTS
from ..games.rikken.rules import Rikken
from ..games.rikken.scoring import ScoreTable

ZERO_SUM = frozenset({"rikken", "hoogjassen"})
PIKEN_CARDS = len(PIKEN_PACK)
PIKEN_DRAWS = 2


@dataclass(frozen=True)
class Layout:
    """How a round of one game is dealt: the pack, the cards per playing seat and the extra cards."""

    game: Game
    pack: tuple[int, ...]
    hand: int
    extra: int

    def seats(self, dealer: int) -> tuple[int, ...]:
        """The seats dealt to, in dealing order."""
        if isinstance(self.game, Rikken):
            return self.game.seats_of(dealer)
        n = self.game.players
        return tuple((dealer + k) % n for k in range(1, n + 1))

    @property
    def dealt(self) -> int:
        """The cards dealt to hands (before the extra cards)."""
        return self.hand * len(self.seats(0))

    @property
    def cards(self) -> int:
        """Every card chance deals."""
        return self.dealt + self.extra

    def deal(self, dealer: int, cards: Sequence[int]) -> dict[str, Any]:
        """The ``deal`` object of a record for the cards in dealing order."""
        seats = self.seats(dealer)
        hands: list[list[str]] = [[] for _ in range(self.game.players)]
        for i, card in enumerate(cards[: self.dealt]):
            hands[seats[i % len(seats)]].append(CODES[card])
        rest = [CODES[c] for c in cards[self.dealt :]]
        name = self.game.name
        if name == "rififi":
            return {"hands": hands, "trump_card": rest[0] if rest else CODES[cards[-1]]}
        if name == "hoogjassen":
            return {"hands": hands, "lummel": rest}
        if name == "piken":
            return {"hands": hands, "middle": rest}
        return {"hands": hands}

    def order(self, dealer: int, deal: dict[str, Any]) -> list[int]:
        """The cards of a record's ``deal`` in dealing order (the inverse of `deal`)."""
        seats = self.seats(dealer)
        hands = [[parse_card(c) for c in hand] for hand in deal["hands"]]
        name = self.game.name
        extra: list[str] = []
        if name == "rififi":
            if self.extra:
                extra = [deal["trump_card"]]
            else:  # every card dealt: the turned card is the dealer's last
                turned = parse_card(deal["trump_card"])
                hands[dealer].remove(turned)
                hands[dealer].append(turned)
        elif name in ("hoogjassen", "piken"):
            extra = deal["lummel" if name == "hoogjassen" else "middle"]
        out = [hands[seats[i % len(seats)]][i // len(seats)] for i in range(self.dealt)]
        return out + [parse_card(c) for c in extra]


def layout(game: Game) -> Layout:
    """The deal of ``game`` (its rules fix the hand size)."""
    if isinstance(game, Rififi):
        pack = game.pack_cards
        return Layout(game, pack, game.hand_size, int(game.hand_size * game.players < len(pack)))
    if isinstance(game, Rikken):
        return Layout(game, tuple(range(52)), 13, 0)
    if isinstance(game, Hoogjassen):
        return Layout(game, HOOGJAS_PACK, game.hand_size, game.lummel_size)
    return Layout(game, PIKEN_PACK, PIKEN_HAND, PIKEN_CARDS - PIKEN_HAND * game.players)


def bounds(game: Game) -> tuple[float, float]:
    """The least and the most a seat can score in a round of ``game`` (see the module's docstring)."""
    if isinstance(game, Rififi):
        h = game.hand_size
        points = [game.points(b, t) for b in range(h + 1) for t in range(h + 1)]
        return float(min(points)), float(max(points))
    if isinstance(game, Rikken):
        top = float(rikken_bound(game.table))
        return -top, top
    if isinstance(game, Hoogjassen):
        n = game.players
        high = 2 * (KAPOT - game.min_bid + max_roem(game.hand_size))
        low = -2 * game.max_bid
        return float(min(low * (n - 1), -high)), float(max(high * (n - 1), -low))
    return 0.0, float(PIKEN_CARDS)


def rikken_bound(table: ScoreTable) -> int:
    """The most a seat can win or lose in a round scored by ``table``."""
    tricks = max(
        scale.amount(CONTRACTS[name].target, t) for name, scale in table.tricks.items() for t in range(14)
    )
    joint = max(table.joint.values()) if table.joint else 0
    mie = table.mie * (1 if table.mie_once else 2)
    return max(3 * tricks, 6 * max(table.single.values()), 3 * joint, 3 * mie, 3 * table.een_of_vijf)


def max_roem(hand: int) -> int:
    """A bound on the roem of a hand of ``hand`` cards, stuk included."""
    fours = sorted((value for _, value in FOURS.values()), reverse=True)[: hand // 4]
    runs = max(*RUN_VALUES.values(), LONG_RUN) * (hand // 3)
    return sum(fours) + runs + TRUMP_KING_BONUS + STUK


def max_game_length(game: Game) -> int:
    """The most decisions a round of ``game`` can take (see the module's docstring)."""
    n = game.players
    if isinstance(game, Rififi):
        return n * (1 + game.hand_size)
    if isinstance(game, Rikken):
        return 4 + 4 * len(game.bid_rules.rank) + 3 + 52
    if isinstance(game, Hoogjassen):
        bids = (game.max_bid - game.min_bid) // 10 + 1
        return bids + n + 1 + game.lummel_size + 1 + n * game.hand_size
    return PIKEN_DRAWS + PIKEN_CARDS
