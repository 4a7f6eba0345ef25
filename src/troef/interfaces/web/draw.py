"""The table draw of a club event: in each session the registered players are drawn to tables.

Table size (`table_sizes`): the game's default number of players; where the players do not divide into such
tables, tables of the largest size the game allows make up the difference (a game of four that seats five
with the dealer sitting out: fours and fives); where that cannot seat everyone either (or the event needs one
size, as a duplicate event does), the seats still left are given to bots, at the last table.

The draw (`draw`) spreads opponents. The event draws one session at a time, and each session's draw sees how
often every pair already shared a table (`meetings` of the earlier sessions). Among the ways to seat everyone
it looks for one that keeps, first, the largest count any pair reaches after this session as low as possible,
then the sum of the squares of all counts (so a pair that met twice is split before a pair that met once).
The search, every step drawn from the caller's `random.Random`:

1. A greedy start: the people in random order, each to the open table where they met the fewest before.
2. Simulated annealing over swaps of two people at different tables, with a fixed number of steps (300 per
   person, fewer when a seating without any repeat meeting turns up); each pair costs ``2m`` for the ``m``
   meetings it already had, plus a penalty for every meeting past the level being aimed at, the largest count
   so far (at least one).
3. When annealing leaves a pair past that level, an exact search (depth first, the person with the fewest
   open tables next, a bounded number of nodes) either finds a seating at that level, which annealing then
   polishes, or proves there is none, and the level goes up by one.
4. A look one session ahead (events of up to 64 people): where no seating of the next session could stay at
   this level after the one found (the exact search proves it), up to eight other seatings just as good for
   this session are tried, and the first that leaves the next session possible is kept. Without this a
   session-by-session draw walks into dead ends: in our trials three sessions of 16 people at tables of four
   never extended to a fourth in which nobody meets again, although five such sessions exist (the affine
   plane of order 4).

`forced` gives a lower bound on the largest pair count that any schedule must reach; its docstring proves
it. The tests draw every event of 8 to 40 people over 2 to 6 sessions at tables of four and five, session by
session: after 285 of the 330 sessions from the second on the largest count is exactly `forced`, after the
other 45 one more. For about half of those a schedule at the bound exists (the draw, which neither sees
the sessions to come nor changes those done, misses it); for 20 people over six sessions the bound is not
reached by any schedule (the social golfer problem 5-4-6 has no solution); the rest are open.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations
from math import comb
from typing import Final

STEPS_PER_PERSON: Final = 300
"""Annealing steps per person for one try at one level."""
EXACT_NODES: Final = 20_000
"""The most nodes the exact search for this session visits before it gives up (the answer is then unknown)."""
AHEAD_NODES: Final = 2_000
"""The same for the look at the next session."""
EXACT_WORK: Final = 4_000_000
"""A cap on nodes times people times tables for one exact search, so large sessions stay fast."""
LOOK_AHEAD_PEOPLE: Final = 64
"""Sessions of at most this many people look one session ahead."""
LOOK_AHEAD_TRIES: Final = 8
"""Other seatings tried for a session whose next session would have to go up a level."""
_PENALTY: Final = 6
_HOT: Final = 2.0
_COLD: Final = 0.1

Tables = list[list[int]]
"""People (as indices) per table."""


def table_sizes(players: int, default: int, largest: int, *, uniform: bool) -> tuple[list[int], int]:
    """Seats per table for `players` people, and how many of those seats bots take.

    All tables of `default` where that divides; otherwise, unless `uniform`, tables of `default` and
    `largest` (as few of `largest` as possible, they come last) where that seats everyone; for `uniform`
    (a duplicate event needs one size) all `largest` where that divides; otherwise ``ceil(players /
    default)`` tables of `default`, the missing seats bots at the last table.

    >>> table_sizes(13, 4, 5, uniform=False)
    ([4, 4, 5], 0)
    >>> table_sizes(9, 4, 5, uniform=True)
    ([4, 4, 4], 3)
    """
    if players < 1:
        raise ValueError(f"a draw needs at least one player, not {players}")
    if default < 2 or largest < default:
        raise ValueError(f"tables of {default} players, at most {largest}, make no sense")
    if players % default == 0:
        return [default] * (players // default), 0
    if not uniform:
        for large in range(players // largest + 1):
            rest = players - large * largest
            if rest % default == 0:
                return [default] * (rest // default) + [largest] * large, 0
    elif players % largest == 0:
        return [largest] * (players // largest), 0
    tables = -(-players // default)
    return [default] * tables, tables * default - players


def seated(players: int, sizes: Sequence[int]) -> list[int]:
    """How many people sit at each table of `sizes` when `players` people take the seats and bots the rest,
    the bots at the last tables.

    >>> seated(9, [4, 4, 4])
    [4, 4, 1]
    """
    if any(size < 1 for size in sizes):
        raise ValueError(f"every table has a seat: {list(sizes)}")
    bots = sum(sizes) - players
    if players < 0 or bots < 0:
        raise ValueError(f"{players} people do not fit at tables of {list(sizes)}")
    people = list(sizes)
    for table in reversed(range(len(people))):
        taken = min(bots, people[table])
        people[table] -= taken
        bots -= taken
    return people


def meetings(sessions: Iterable[Sequence[Sequence[str | None]]]) -> Counter[frozenset[str]]:
    """How often each pair of people shared a table over these sessions (bots, ``None``, not counted)."""
    counts: Counter[frozenset[str]] = Counter()
    for session in sessions:
        for table in session:
            names = [name for name in table if name is not None]
            for pair in combinations(names, 2):
                counts[frozenset(pair)] += 1
    return counts


def forced(players: int, sizes: Sequence[int], sessions: int) -> int:
    """A lower bound on the largest count any pair must reach when `players` people (and bots for the rest
    of the seats, at the last tables, as `draw` seats them) sit at tables of `sizes` for `sessions`
    sessions: the least ``L`` that none of these arguments rules out.

    Let ``c_1 .. c_T`` be the people per table (tables of bots only left out), ``n`` the people, ``s`` the
    sessions, ``a_pq`` the count of pair ``pq``, and suppose every ``a_pq <= L``.

    1. Per person. Person ``p`` meets ``D_p = sum(c_t - 1)`` people over the tables ``t`` they sit at, one
       per session, and ``D_p = sum_q a_pq <= L(n - 1)``. So ``D_p`` is at most ``M``, the largest sum of
       ``s`` numbers from ``{c_t - 1}`` not above ``L(n - 1)``, while the ``D_p`` add up to ``s * sum
       c_t(c_t - 1)``: that total must be at most ``nM``. This contains the average over pairs, ``s * sum
       C(c_t, 2) <= L * C(n, 2)``, and the average per person, ``s(c_min - 1) <= L(n - 1)``.
    2. Codes. Write each person as a word of ``s`` letters, their table in each session; two people meet as
       often as their words agree, so the ``n`` words are ``T``-ary with distance ``d = s - L`` or more.
       Singleton: ``n <= T^(L + 1)`` (drop ``d - 1`` letters, the words stay distinct). Hamming: the balls
       of radius ``(d - 1) // 2`` about them are disjoint. With two tables and ``d`` odd, a parity letter
       makes the distance ``d + 1``; over all pairs the distances then add up to at least ``C(n, 2)(d + 1)``
       and at most ``s * c_1 * c_2 + floor(n/2) * ceil(n/2)``, one term per letter.
    3. Meeting once (``L = 1``, ``s >= 2``): the second session takes at most one person from each table
       of the first, a 0/1 matrix with the ``c_t`` as row and column sums, which Gale and Ryser's
       condition decides (with ``T`` tables of ``k > T`` it fails: the pigeonhole).
    4. Second moment (``s >= 2``). ``sum_pq C(a_pq, 2)`` counts, for each two sessions, the pairs together
       in both, at least ``R``: the least ``sum C(N_uv, 2)`` over matrices ``N`` (people at table ``u`` in
       the one session and ``v`` in the other) with the ``c_t`` as row and column sums. As ``C(a, 2)`` is
       convex, with ``sum a_pq = A = s * sum C(c_t, 2)`` and ``a_pq <= L`` the sum is at most ``q C(L, 2)
       + C(r, 2)`` (``A = qL + r``: ``q`` pairs at ``L``); it must reach ``C(s, 2) R``. Where it reaches it
       exactly and ``r = 0``, every ``a_pq`` is ``0`` or ``L``, so every ``D_p`` is a multiple of ``L`` and
       argument 1 applies with ``M`` a multiple of ``L``. (Nine people at ``[4, 4, 4]`` for five sessions:
       ``R = 3``, ``A = 60``, ``L = 2`` gives exactly 30 pairs at 2 and none at 1; the ``D_p`` are
       multiples of 3 and even, so at most 12, and ``9 * 12 < 120``: some pair meets three times.)

    >>> forced(8, [4, 4], 2), forced(9, [4, 5], 3), forced(16, [4, 4, 4, 4], 5), forced(9, [4, 4, 4], 5)
    (2, 3, 1, 3)
    """
    if sessions < 0:
        raise ValueError(f"{sessions} sessions")
    caps = [cap for cap in seated(players, sizes) if cap]
    if sessions == 0 or all(cap < 2 for cap in caps):
        return 0
    level = 1
    while level < sessions and not _allows(players, caps, sessions, level):
        level += 1
    return level


def _allows(n: int, caps: list[int], s: int, level: int) -> bool:
    """Whether none of `forced`'s arguments rules out a schedule in which no pair passes `level`."""
    total = s * sum(cap * (cap - 1) for cap in caps)
    if n * _most_met(caps, s, level * (n - 1), 1) < total:
        return False
    tables = len(caps)
    distance = s - level
    if n > tables ** (level + 1):
        return False
    ball = sum(comb(s, i) * (tables - 1) ** i for i in range((distance - 1) // 2 + 1))
    if n * ball > tables**s:
        return False
    if (
        tables == 2
        and distance % 2
        and comb(n, 2) * (distance + 1) > s * caps[0] * caps[1] + (n // 2) * (n - n // 2)
    ):
        return False
    if level == 1 and s >= 2 and not _gale_ryser(caps):
        return False
    if s >= 2:
        need = comb(s, 2) * _repeats(caps)
        pairs, rest = divmod(s * sum(comb(cap, 2) for cap in caps), level)
        most = pairs * comb(level, 2) + comb(rest, 2)
        if most < need:
            return False
        if most == need and rest == 0 and n * _most_met(caps, s, level * (n - 1), level) < total:
            return False
    return True


def _most_met(caps: list[int], s: int, limit: int, step: int) -> int:
    """The largest sum of `s` numbers from ``{cap - 1}``, at most `limit` and a multiple of `step` (-1 if
    none is)."""
    sums = {0}
    for _ in range(s):
        sums = {total + cap - 1 for total in sums for cap in set(caps) if total + cap - 1 <= limit}
    return max((total for total in sums if total % step == 0), default=-1)


def _gale_ryser(caps: list[int]) -> bool:
    """Whether a 0/1 matrix has `caps` as both its row and its column sums."""
    rows = sorted(caps, reverse=True)
    return all(sum(rows[:k]) <= sum(min(cap, k) for cap in caps) for k in range(1, len(rows) + 1))


def _repeats(caps: list[int]) -> int:
    """The least number of pairs that share a table in both of two sessions: the least ``sum C(N_uv, 2)``
    over nonnegative integer matrices with `caps` as row and column sums (convex costs, so the cheapest
    flow one person at a time, each along a cheapest augmenting path, is optimal)."""
    if _gale_ryser(caps):
        return 0
    size = len(caps)
    if size > 12:  # a weaker bound: the people spread as evenly as possible over the cells
        cells = size * size
        spread, extra = divmod(sum(caps), cells)
        return extra * comb(spread + 1, 2) + (cells - extra) * comb(spread, 2)
    flow = [[0] * size for _ in range(size)]
    supply, demand = list(caps), list(caps)
    for _ in range(sum(caps)):
        # Bellman-Ford over rows 0..size-1 and columns size..2*size-1: a row to a column costs the next
        # unit there, a column back to a row refunds a unit already there.
        far = math.inf
        cost = [0.0 if supply[u] else far for u in range(size)] + [far] * size
        back = [-1] * (2 * size)
        for _round in range(2 * size):
            changed = False
            for u in range(size):
                if cost[u] < far:
                    for v in range(size):
                        if cost[u] + flow[u][v] < cost[size + v]:
                            cost[size + v] = cost[u] + flow[u][v]
                            back[size + v] = u
                            changed = True
            for v in range(size):
                if cost[size + v] < far:
                    for u in range(size):
                        if flow[u][v] and cost[size + v] - (flow[u][v] - 1) < cost[u]:
                            cost[u] = cost[size + v] - (flow[u][v] - 1)
                            back[u] = size + v
                            changed = True
            if not changed:
                break
        end = min((v for v in range(size) if demand[v]), key=lambda v: cost[size + v])
        node = size + end
        demand[end] -= 1
        while True:
            u = back[node]
            if node >= size:  # u (a row) to node (a column): one more there
                flow[u][node - size] += 1
                if back[u] < 0:
                    supply[u] -= 1
                    break
            else:  # u (a column) back to node (a row): one fewer there
                flow[node][u - size] -= 1
            node = u
    return sum(comb(cell, 2) for row in flow for cell in row)


def draw(
    people: Sequence[str], sizes: Sequence[int], met: Mapping[frozenset[str], int], rng: random.Random
) -> list[list[str | None]]:
    """One session's tables: for each size in `sizes` that many seats, each a person or ``None`` (a bot).

    Every person sits exactly once; the bots, ``sum(sizes) - len(people)`` of them, sit at the last
    table(s), as `seated` counts. `met` counts how often each pair already shared a table (pairs with
    someone not drawn now are ignored); the draw keeps low, first, the largest count any pair reaches
    after this session, then the sum of the squares of the counts (the module's docstring gives the
    search). The order of the seats at a table is random, so people do not keep a seat number.
    """
    n = len(people)
    if len(set(people)) != n:
        raise ValueError("every person is drawn once")
    caps = seated(n, sizes)
    index = {name: i for i, name in enumerate(people)}
    counts = [[0] * n for _ in range(n)]
    for pair, count in met.items():
        if count < 0:
            raise ValueError(f"a pair met {count} times")
        names = tuple(pair)
        if len(names) == 2 and names[0] in index and names[1] in index:
            i, j = index[names[0]], index[names[1]]
            counts[i][j] = counts[j][i] = count
    chosen = _Search(counts, caps, rng).session()
    result: list[list[str | None]] = []
    for size, members in zip(sizes, chosen, strict=True):
        seats: list[str | None] = [people[i] for i in members]
        seats += [None] * (size - len(members))
        rng.shuffle(seats)
        result.append(seats)
    return result


class _Unknown(Exception):
    """The exact search ran out of nodes."""


class _Search:
    """One session's search over `counts` (who met whom how often) for tables seating `caps` people."""

    def __init__(self, counts: list[list[int]], caps: list[int], rng: random.Random) -> None:
        self.counts = counts
        self.caps = caps
        self.rng = rng
        self.n = len(counts)
        self.steps = STEPS_PER_PERSON * self.n
        self.top = max((max(row) for row in counts), default=0)
        self.weighed: dict[int, list[list[int]]] = {}

    def session(self) -> Tables:
        """The best seating found (the module's docstring, steps 1 to 4)."""
        level = max(self.top, 1)
        if sum(1 for cap in self.caps if cap) < 2:
            return self._greedy(level)
        over, cost, tables = self._anneal(self._greedy(level), level)
        while over:
            try:
                found = self._exact(self.counts, level, EXACT_NODES)
            except _Unknown:
                level = _largest(self.counts, tables)
            else:
                if found is not None:
                    over, cost, tables = self._anneal(found, level)
                    break
                level += 1
            over, cost, tables = self._anneal(tables, level)
        if self.n <= LOOK_AHEAD_PEOPLE and not self._next_goes_up(tables, level):
            tables = self._look_ahead(tables, level, cost)
        return tables

    def _look_ahead(self, tables: Tables, level: int, cost: int) -> Tables:
        """`tables`, or another seating as good for this session after which the next can stay at `level`
        (where the exact search finds one in time)."""
        candidate = tables
        for attempt in range(LOOK_AHEAD_TRIES + 1):
            if attempt:
                try:
                    found = self._exact(self.counts, level, AHEAD_NODES)
                except _Unknown:
                    found = None
                if found is None:
                    break
                over, other_cost, candidate = self._anneal(found, level)
                if over or other_cost != cost:
                    continue
            after = _after(self.counts, candidate)
            if _surely(after, self.caps, level):
                return candidate
            try:
                if self._exact(after, level, AHEAD_NODES) is not None:
                    return candidate
            except _Unknown:
                return candidate
        return tables

    def _next_goes_up(self, tables: Tables, level: int) -> bool:
        """Whether counting alone shows that the session after `tables` must pass `level`: someone would
        meet more people than `level` meetings with everyone allow."""
        after = _after(self.counts, tables)
        least = min(cap for cap in self.caps if cap) - 1
        return any(sum(row) + least > level * (self.n - 1) for row in after)

    def _weights(self, level: int) -> list[list[int]]:
        """What seating each pair together costs: ``2m`` for its ``m`` earlier meetings (the rise of the
        sum of squares, less one), and a penalty per meeting past `level`."""
        if level not in self.weighed:
            self.weighed[level] = [
                [2 * m + _PENALTY * max(0, m + 1 - level) for m in row] for row in self.counts
            ]
        return self.weighed[level]

    def _greedy(self, level: int) -> Tables:
        """The people in random order, each to the open table where they cost least."""
        weights = self._weights(level)
        order = list(range(self.n))
        self.rng.shuffle(order)
        tables: Tables = [[] for _ in self.caps]
        for i in order:
            row = weights[i]
            best, best_cost = -1, 0
            for t, members in enumerate(tables):
                if len(members) < self.caps[t]:
                    cost = sum(row[j] for j in members)
                    if best < 0 or cost < best_cost or (cost == best_cost and self.rng.random() < 0.5):
                        best, best_cost = t, cost
            tables[best].append(i)
        return tables

    def _anneal(self, start: Tables, level: int) -> tuple[int, int, Tables]:
        """Anneal from `start` aiming at `level`: the best seating seen by (meetings past `level`, cost),
        and those two numbers. Cost 0 (nobody meets again) ends it early."""
        counts, n = self.counts, self.n
        weights = self._weights(level)
        tables = [list(members) for members in start]
        where = [0] * n
        for t, members in enumerate(tables):
            for i in members:
                where[i] = t
        over = cost = 0
        for members in tables:
            for i, j in combinations(members, 2):
                cost += weights[i][j]
                over += max(0, counts[i][j] + 1 - level)
        best = (over, cost)
        best_tables = [list(members) for members in tables]
        rand, randrange, exp = self.rng.random, self.rng.randrange, math.exp
        steps = self.steps
        for step in range(steps if cost else 0):
            i, j = randrange(n), randrange(n)
            a, b = where[i], where[j]
            if a == b:
                continue
            wi, wj = weights[i], weights[j]
            at_a, at_b = tables[a], tables[b]
            delta = 0
            for k in at_a:
                if k != i:
                    delta += wj[k] - wi[k]
            for k in at_b:
                if k != j:
                    delta += wi[k] - wj[k]
            if delta > 0 and rand() >= exp(-delta / (_HOT * (_COLD / _HOT) ** (step / steps))):
                continue
            ci, cj = counts[i], counts[j]
            for k in at_a:
                if k != i:
                    over += max(0, cj[k] + 1 - level) - max(0, ci[k] + 1 - level)
            for k in at_b:
                if k != j:
                    over += max(0, ci[k] + 1 - level) - max(0, cj[k] + 1 - level)
            at_a[at_a.index(i)] = j
            at_b[at_b.index(j)] = i
            where[i], where[j] = b, a
            cost += delta
            if (over, cost) < best:
                best = (over, cost)
                best_tables = [list(members) for members in tables]
                if best == (0, 0):
                    break
        return best[0], best[1], best_tables

    def _exact(self, counts: list[list[int]], level: int, nodes: int) -> Tables | None:
        """`_exact` with at most `nodes` nodes, fewer for large sessions (each node looks at every person
        and table)."""
        work = EXACT_WORK // max(1, self.n * len(self.caps))
        return _exact(counts, self.caps, level, self.rng, min(nodes, work))


def _after(counts: list[list[int]], tables: Tables) -> list[list[int]]:
    after = [list(row) for row in counts]
    for members in tables:
        for i, j in combinations(members, 2):
            after[i][j] += 1
            after[j][i] += 1
    return after


def _largest(counts: list[list[int]], tables: Tables) -> int:
    top = max((max(row) for row in counts), default=0)
    for members in tables:
        for i, j in combinations(members, 2):
            top = max(top, counts[i][j] + 1)
    return top


def _surely(counts: list[list[int]], caps: list[int], level: int) -> bool:
    """Hajnal and Szemerédi: a graph of largest degree d splits into any k > d independent sets whose
    sizes differ by at most one. So with table sizes that differ by at most one, people who met `level`
    times as the edges, and more tables than any one person's such partners, a seating at `level` exists."""
    tables = [cap for cap in caps if cap]
    if max(tables) - min(tables) > 1:
        return False
    return all(sum(1 for m in row if m >= level) < len(tables) for row in counts)


def _exact(
    counts: list[list[int]], caps: list[int], level: int, rng: random.Random, limit: int
) -> Tables | None:
    """Depth-first search for a seating in which nobody sits with someone they met `level` times: ``None``
    when there is none, `_Unknown` past `limit` nodes. The next person is the one with the fewest open
    tables (empty tables of one size count once); after each placing, every table must still have as many
    candidates left as it has free seats."""
    n = len(counts)
    allowed = [sum(1 << j for j in range(n) if j != i and counts[i][j] < level) for i in range(n)]
    open_to = [(1 << n) - 1] * len(caps)
    free = list(caps)
    tables: Tables = [[] for _ in caps]
    nodes = 0

    def place(left: int) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > limit:
            raise _Unknown
        if not left:
            return True
        person, options = -1, list(range(len(caps) + 1))
        rest = left
        while rest:
            low = rest & -rest
            rest ^= low
            i = low.bit_length() - 1
            mine: list[int] = []
            empty: set[int] = set()
            for t, cap in enumerate(caps):
                if free[t] and open_to[t] >> i & 1:
                    if not tables[t]:
                        if cap in empty:
                            continue
                        empty.add(cap)
                    mine.append(t)
            if len(mine) < len(options):
                person, options = i, mine
                if len(mine) < 2:
                    break
        rest = left & ~(1 << person)
        rng.shuffle(options)
        for t in options:
            before = open_to[t]
            open_to[t] = before & allowed[person]
            free[t] -= 1
            tables[t].append(person)
            if all((open_to[u] & rest).bit_count() >= free[u] for u in range(len(caps))) and place(rest):
                return True
            tables[t].pop()
            free[t] += 1
            open_to[t] = before
        return False

    return tables if place((1 << n) - 1) else None
