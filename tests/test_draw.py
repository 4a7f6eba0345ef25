"""The table draw of a club event (troef.interfaces.web.draw): table sizes, the lower bound on repeat
meetings (`forced`), and the draw itself, session by session as an event draws, for every event of 8 to 40
people over 2 to 6 sessions at Rikken's tables (four, or five with the dealer sitting out), mixed and one
size (duplicate)."""

from __future__ import annotations

import random
from itertools import combinations, product

import pytest

from troef.interfaces.web.draw import draw, forced, meetings, seated, table_sizes

Session = list[list[str | None]]
Schedule = list[list[list[str]]]
"""Sessions of tables of people, no bots."""

RIKKEN = (4, 5)
"""Rikken's default number of players and the largest."""
SESSIONS = 6

OVER: dict[tuple[int, bool], tuple[int, ...]] = {
    (12, False): (6,),
    (13, False): (6,),
    (14, False): (6,),
    (15, False): (5, 6),
    (16, False): (4, 5),
    (20, False): (5, 6),
    (21, False): (4, 5, 6),
    (22, False): (4, 5, 6),
    (23, False): (4, 5, 6),
    (24, False): (6,),
    (25, False): (6,),
    (26, False): (5, 6),
    (27, False): (5, 6),
    (30, False): (6,),
    (31, False): (6,),
    (15, True): (5, 6),
    (18, True): (5,),
    (19, True): (5, 6),
    (20, True): (5, 6),
    (21, True): (6,),
    (22, True): (6,),
    (23, True): (6,),
    (24, True): (6,),
    (25, True): (4, 5, 6),
    (26, True): (6,),
    (30, True): (5, 6),
    (35, True): (5, 6),
}
"""(people, one size) to the numbers of sessions after which the event drawn session by session (`event`,
its seeds) has a pair count one above `forced`; after every other session (285 of the 330) it reaches
`forced` exactly, the least any schedule can. `WITNESSES` and `affine_plane_5` show for 21 of these 45 that
a schedule at the bound exists (so the draw, which cannot undo earlier sessions, misses it); `OPEN` lists
the rest."""

OPEN: dict[tuple[int, bool, int], str] = {
    (13, False, 6): "none found by annealing whole schedules",
    (15, False, 6): "none found",
    (15, True, 6): "as (15, False)",
    (19, True, 6): "none found",
    (20, False, 6): "none: the social golfer problem 5-4-6 has no solution (5 weeks at most)",
    (20, True, 6): "as (20, False)",
    (21, False, 6): "none found",
    (21, True, 6): "none found",
    (22, False, 6): "none found",
    (23, False, 6): "none found",
    (23, True, 6): "none found",
    (24, False, 6): "one exists (social golfer 6-4-7 has a solution), not found by annealing",
    (24, True, 6): "as (24, False)",
    (25, False, 6): "none found",
    (26, False, 5): "none found",
    (26, False, 6): "none found",
    (27, False, 5): "none found",
    (27, False, 6): "none found",
    (30, False, 6): "none found",
    (31, False, 6): "none found",
    (30, True, 5): "one exists (social golfer 6-5-5 has a solution), not found by annealing",
    (30, True, 6): "open (6-5-6)",
    (35, True, 5): "one exists (social golfer 7-5-5 has a solution), not found by annealing",
    (35, True, 6): "none found",
}
"""Where the draw ends one above `forced` and no schedule at the bound is known here: either the bound is
not exact there (proved for 20 people over six sessions, by the social golfer problem's known answer) or
a schedule exists that neither the draw nor a longer search over whole schedules found."""


def names(people: int) -> list[str]:
    return [f"p{i:02d}" for i in range(people)]


def check_seating(tables: Session, people: list[str], sizes: list[int]) -> None:
    """Every person exactly once, the tables of `sizes`, the bots at the last seats `seated` leaves."""
    assert [len(table) for table in tables] == sizes
    drawn = [name for table in tables for name in table if name is not None]
    assert sorted(drawn) == sorted(people)
    assert [sum(name is not None for name in table) for table in tables] == seated(len(people), sizes)


def event(people: int, uniform: bool, sessions: int = SESSIONS, seed: int | None = None) -> list[int]:
    """Draw an event session by session, as the event does; the largest pair count after each session."""
    sizes, bots = table_sizes(people, *RIKKEN, uniform=uniform)
    assert sum(sizes) - bots == people
    players = names(people)
    rng = random.Random(2 * people + uniform if seed is None else seed)
    drawn: list[Session] = []
    tops = []
    for _ in range(sessions):
        tables = draw(players, sizes, meetings(drawn), rng)
        check_seating(tables, players, sizes)
        drawn.append(tables)
        tops.append(max(meetings(drawn).values()))
    return tops


# table_sizes


@pytest.mark.parametrize(
    ("players", "default", "largest", "uniform", "sizes", "bots"),
    [
        (8, 4, 5, False, [4, 4], 0),
        (9, 4, 5, False, [4, 5], 0),
        (10, 4, 5, False, [5, 5], 0),
        (11, 4, 5, False, [4, 4, 4], 1),  # 11 = 4a + 5b has no solution
        (12, 4, 5, False, [4, 4, 4], 0),
        (13, 4, 5, False, [4, 4, 5], 0),
        (17, 4, 5, False, [4, 4, 4, 5], 0),
        (21, 4, 5, False, [4, 4, 4, 4, 5], 0),  # as few fives as possible
        (3, 4, 5, False, [4], 1),
        (5, 4, 5, False, [5], 0),
        (1, 4, 5, False, [4], 3),
        (10, 4, 5, True, [5, 5], 0),
        (9, 4, 5, True, [4, 4, 4], 3),
        (12, 4, 5, True, [4, 4, 4], 0),
        (13, 4, 5, True, [4, 4, 4, 4], 3),
        (21, 4, 5, True, [4, 4, 4, 4, 4, 4], 3),
        (10, 3, 3, False, [3, 3, 3, 3], 2),  # Piken: three, no other size
        (10, 3, 3, True, [3, 3, 3, 3], 2),
        (9, 3, 3, False, [3, 3, 3], 0),
    ],
)
def test_table_sizes(
    players: int, default: int, largest: int, uniform: bool, sizes: list[int], bots: int
) -> None:
    assert table_sizes(players, default, largest, uniform=uniform) == (sizes, bots)


@pytest.mark.parametrize(("uniform"), [False, True])
def test_table_sizes_seat_everyone_with_fewer_bots_than_a_table(uniform: bool) -> None:
    for default, largest in [(4, 5), (3, 3), (4, 4), (3, 5)]:
        for players in range(1, 100):
            sizes, bots = table_sizes(players, default, largest, uniform=uniform)
            assert sum(sizes) == players + bots
            assert set(sizes) <= {default, largest}
            assert bots < default
            assert not bots or sizes == [default] * len(sizes)
            assert not uniform or len(set(sizes)) == 1
            assert sizes == sorted(sizes)


@pytest.mark.parametrize(("players", "default", "largest"), [(0, 4, 5), (-3, 4, 5), (8, 1, 5), (8, 4, 3)])
def test_table_sizes_refuse_what_makes_no_sense(players: int, default: int, largest: int) -> None:
    with pytest.raises(ValueError):
        table_sizes(players, default, largest, uniform=False)


def test_seated_gives_the_bots_the_last_seats() -> None:
    assert seated(11, [4, 4, 4]) == [4, 4, 3]
    assert seated(5, [4, 4, 4]) == [4, 1, 0]
    assert seated(8, [4, 4]) == [4, 4]
    with pytest.raises(ValueError):
        seated(9, [4, 4])
    with pytest.raises(ValueError):
        seated(3, [4, 0])


def test_meetings_count_pairs_and_leave_out_bots() -> None:
    first: Session = [["a", "b", "c", None], ["d", "e", "f", "g"]]
    second: Session = [["a", "d", None, "b"], ["c", "e", "f", "g"]]
    counts = meetings([first, second])
    assert counts[frozenset("ab")] == 2
    assert counts[frozenset("ad")] == 1
    assert counts[frozenset("ag")] == 0
    assert counts[frozenset("fg")] == 2
    assert sum(counts.values()) == 3 + 6 + 3 + 6
    assert meetings([]) == {}


# forced


@pytest.mark.parametrize(
    ("players", "sizes", "sessions", "bound"),
    [
        (8, [4, 4], 0, 0),
        (8, [4, 4], 1, 1),
        (8, [4, 4], 2, 2),  # two tables of four: pigeonhole
        (8, [4, 4], 5, 3),  # every person meets 15 over 7 others
        (9, [4, 5], 3, 3),  # two tables: 9 people, only 8 words of 3 letters
        (9, [4, 5], 6, 4),  # binary code, distance 3 and length 6, with a parity letter: Plotkin
        (10, [5, 5], 6, 4),
        (12, [4, 4, 4], 2, 2),  # three tables of four: pigeonhole
        (13, [4, 4, 4, 4], 2, 2),  # 4, 4, 4, 1 people: Gale-Ryser
        (17, [4, 4, 4, 5], 2, 2),  # a five at four tables
        (16, [4, 4, 4, 4], 5, 1),  # the affine plane of order 4
        (16, [4, 4, 4, 4], 6, 2),
        (18, [4, 4, 4, 4, 4], 6, 2),  # 4, 4, 4, 4, 2 people: each meets 6 + 2k <= 17, so 16 at most
        (
            9,
            [4, 4, 4],
            5,
            3,
        ),  # second moment met exactly: every count 0 or 2, so everyone meets an even number
        (9, [4, 4, 4], 6, 3),
        (2, [4], 3, 3),
        (1, [4], 3, 0),
        (240, [4] * 60, 20, 1),
        (240, [4] * 60, 80, 2),
    ],
)
def test_forced(players: int, sizes: list[int], sessions: int, bound: int) -> None:
    assert forced(players, sizes, sessions) == bound


def test_forced_grows_with_the_sessions() -> None:
    for players in range(2, 30):
        for uniform in (False, True):
            sizes, _ = table_sizes(players, *RIKKEN, uniform=uniform)
            bounds = [forced(players, sizes, sessions) for sessions in range(10)]
            assert bounds == sorted(bounds)
            assert all(bound <= sessions for sessions, bound in enumerate(bounds))


def schedules_best(people: int, first_table: int, sessions: int) -> int:
    """The least largest pair count over every schedule of `people` at two tables, `first_table` people
    at the first (all of them: session one fixed, the others every split)."""
    splits = [sum(1 << i for i in table) for table in combinations(range(people), first_table)]
    first = (1 << first_table) - 1
    best = sessions
    for rest in product(splits, repeat=sessions - 1):
        # each person's word: bit k set when at the first table in session k; pairs agree where they met
        words = [sum((split >> i & 1) << k for k, split in enumerate((first, *rest))) for i in range(people)]
        best = min(best, sessions - min((a ^ b).bit_count() for a, b in combinations(words, 2)))
    return best


@pytest.mark.parametrize(("people", "first_table", "sessions"), [(8, 4, 2), (8, 4, 3), (9, 4, 2), (9, 4, 3)])
def test_forced_is_what_the_best_schedule_reaches_for_two_tables(
    people: int, first_table: int, sessions: int
) -> None:
    sizes = [first_table, people - first_table]
    assert schedules_best(people, first_table, sessions) == forced(people, sizes, sessions)


WITNESSES: dict[tuple[int, bool], str] = {
    # Schedules (people as 0-9a-z, tables by spaces, sessions by slashes) that reach `forced` after every
    # session where the draw, one session at a time, ends one above it: there the bound is exact and the
    # draw misses (found by annealing whole schedules, not by `draw`).
    (10, False): "01349 25678 / 01368 24579 / 01269 34578 / 12478 03569 / 02458 13679",
    (12, False): "089b 1367 245a / 125b 689a 0347 / 1478 359a 026b / 0358 67ab 1249 / 349b 278a 0156 / "
    "0279 4568 13ab",
    (14, False): "134b 0279d 568ac / 128b 47acd 03569 / 15ad 0678b 2349c / 169d 357bc 0248a / "
    "013a 45789 26bcd / 189c 045bd 2367a",
    (15, False): "458ac 01369 27bde / 1467c 0289e 35abd / 68cde 02345 179ab / 5689b 123cd 047ae / "
    "018ad 346be 2579c",
    (16, False): "2bcd 16ae 034f 5789 / 145d 39ab 268f 07ce / 7adf 249e 018b 356c / 467b 19cf 025a 38de / "
    "069d 1237 5bef 48ac",
    (20, False): "125g 348a 0hij 69ef 7bcd / 4567 2ach 8egj 1bfi 039d / 04fg 5adi 13ce 26bj 789h / "
    "4deh 5cfj 237i 0168 9abg / 28df 17aj 05be 36gh 49ci",
    (18, True): "18ce 0bfh 2479 36ag 5d / 35be 678f 014a 9cgh 2d / 9aef 137h 458g 06cd 2b / "
    "7deg 34cf 169b 28ah 05 / 0389 57ac 12fg 46eh bd",
    (19, True): "56ag 49ch 38bf 12de 07i / 8ace 237g 169f 5bhi 04d / 13ah 46be 578d 0cfg 29i / "
    "36ci 7efh 148g 9abd 025 / 17bc 24af 068h 359e dgi",
    (21, True): "9bgj 5cef 036d 14ah 27ik 8 / 012f 3eij 47bd 9chk 68ag 5 / 235a 1cdg 049i 8fjk 67eh b / "
    "29de 08bh 156i 7acj 34gk f / 057g abek dfhi 246c 1389 j",
    (22, True): "8cej 15ik 6bdf 0agh 2349 7l / 4abj 01el 26ch 59fg 37dk 8i / 19bh 46gk aefi 35jl 0278 cd / "
    "09dj 2bek 13cf 568a 47hi gl / 38bg 045c 2dil 679e fhjk 1a / 036i 9ack 12gj 5deh 48fl 7b",
    (26, True): "7amo 045j 8glp 3cfi bdek 16hn 29 / 28df 01ae 5klo 4hip 7bjn 69cm 3g / "
    "039d 67ep 5bgm 4cln fhjo 2aik 18 / 4789 abfl 15cp eijm 23no 0ghk 6d / "
    "4ego adjp 13lm 568i 027c 9fkn bh / 59eh 12gj 0fmp 7dil 346k 8bco an",
}


def decoded(schedule: str) -> Schedule:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    return [
        [[f"p{digits.index(c):02d}" for c in table] for table in session.split()]
        for session in schedule.split(" / ")
    ]


def affine_plane_5(sessions: int, left_out: int) -> Schedule:
    """The lines of the affine plane of order 5 (points (x, y) mod 5) in `sessions` of its six parallel
    classes (y = mx + b for m = 0 .. 4, then x = b), less `left_out` points of the line x = 0 (so at most
    five classes then): any two points share one line, so nobody meets twice, and the points left out are
    at different tables of every session (tables of 4 and 5: 21, 22, 23 people; or all 25)."""
    assert sessions <= (5 if left_out else 6)
    gone = {(0, y) for y in range(left_out)}
    schedule: Schedule = []
    for m in range(sessions):
        lines = [
            [(x, (m * x + b) % 5) for x in range(5)] if m < 5 else [(b, y) for y in range(5)]
            for b in range(5)
        ]
        schedule.append(
            sorted(([f"p{5 * x + y:02d}" for x, y in line if (x, y) not in gone] for line in lines), key=len)
        )
    return schedule


def witnessed(people: int, uniform: bool) -> int:
    """How many sessions a schedule of `WITNESSES` or `affine_plane_5` keeps at `forced` for these people
    (a witness serves both modes where they seat alike)."""
    sizes, _ = table_sizes(people, *RIKKEN, uniform=uniform)
    most = {(21, False): 5, (22, False): 5, (23, False): 5, (25, True): 6}.get((people, uniform), 0)
    for (others, mode), schedule in WITNESSES.items():
        if others == people and seated(people, table_sizes(people, *RIKKEN, uniform=mode)[0]) == seated(
            people, sizes
        ):
            most = max(most, len(decoded(schedule)))
    return most


@pytest.mark.parametrize(("people", "uniform"), sorted(WITNESSES))
def test_forced_is_reached_where_the_draw_misses_it(people: int, uniform: bool) -> None:
    sizes, _ = table_sizes(people, *RIKKEN, uniform=uniform)
    schedule = decoded(WITNESSES[people, uniform])
    for done, session in enumerate(schedule, start=1):
        check_seating(
            [[*table, *[None] * (size - len(table))] for table, size in zip(session, sizes, strict=True)],
            names(people),
            sizes,
        )
        assert max(meetings(schedule[:done]).values()) == forced(people, sizes, done)


@pytest.mark.parametrize(("people", "sessions"), [(21, 5), (22, 5), (23, 5), (25, 6)])
def test_forced_is_reached_by_the_affine_plane(people: int, sessions: int) -> None:
    schedule = affine_plane_5(sessions, 25 - people)
    sizes, _ = table_sizes(people, *RIKKEN, uniform=people == 25)
    everyone = sorted(name for table in schedule[0] for name in table)
    assert len(everyone) == people
    for done, session in enumerate(schedule, start=1):
        assert sorted(len(table) for table in session) == sorted(seated(people, sizes))
        assert sorted(name for table in session for name in table) == everyone
        assert max(meetings(schedule[:done]).values()) == forced(people, sizes, done) == 1


def test_every_session_above_the_bound_is_witnessed_or_open() -> None:
    above = {(people, uniform, sessions) for (people, uniform), over in OVER.items() for sessions in over}
    assert sum(map(len, OVER.values())) == len(above) == 45
    unexplained = {
        (people, uniform, sessions)
        for people, uniform, sessions in above
        if sessions > witnessed(people, uniform)
    }
    assert unexplained == set(OPEN)
    assert len(above) - len(OPEN) == 21


# draw


@pytest.mark.parametrize("uniform", [False, True], ids=["mixed", "one-size"])
@pytest.mark.parametrize("people", range(8, 41))
def test_draw_spreads_opponents_as_far_as_the_numbers_allow(people: int, uniform: bool) -> None:
    """After every session (2 to 6) of an event drawn one session at a time, no pair has met more often
    than `forced` says some pair must, but in the cases of `OVER`: there one more."""
    sizes, _ = table_sizes(people, *RIKKEN, uniform=uniform)
    over = OVER.get((people, uniform), ())
    for sessions, top in enumerate(event(people, uniform), start=1):
        bound = forced(people, sizes, sessions)
        assert bound <= top <= bound + (sessions in over), (sessions, top, bound)


def test_draw_is_deterministic_for_a_seed() -> None:
    players = names(13)
    sizes, _ = table_sizes(13, *RIKKEN, uniform=False)
    met = meetings([draw(players, sizes, {}, random.Random(1))])
    assert draw(players, sizes, met, random.Random(7)) == draw(players, sizes, met, random.Random(7))
    assert event(23, False, seed=5) == event(23, False, seed=5)


def test_draw_honours_earlier_meetings() -> None:
    """Eight people, session one given: session two puts two of each first table at each table (the
    fewest repeats, 2 + 2 pairs), whatever the seed."""
    players = list("abcdefgh")
    first: Session = [["a", "b", "c", "d"], ["e", "f", "g", "h"]]
    for seed in range(20):
        tables = draw(players, [4, 4], meetings([first]), random.Random(seed))
        for table in tables:
            assert sum(name in "abcd" for name in table if name is not None) == 2


def test_draw_splits_the_pairs_that_met_most() -> None:
    """Pairs that met three times are split before pairs that met once; pairs with someone not drawn now
    are left out."""
    players = names(12)
    often = {frozenset((players[2 * i], players[2 * i + 1])): 3 for i in range(6)}
    once = {frozenset(pair): 1 for pair in combinations(players[:6], 2)}
    absent = {frozenset((players[0], "gone")): 9}
    for seed in range(10):
        tables = draw(players, [4, 4, 4], once | often | absent, random.Random(seed))
        counts = meetings([tables])
        assert all(counts[pair] == 0 for pair in often)
        # the six who all met once sit two at each table: three of those pairs meet again, no more
        assert sum(counts[pair] for pair in once) == 3


def test_draw_seats_bots_last_and_rotates_seats() -> None:
    players = names(9)
    sizes, bots = table_sizes(9, *RIKKEN, uniform=True)
    seats: dict[str, set[int]] = {name: set() for name in players}
    drawn: list[Session] = []
    rng = random.Random(3)
    for _ in range(6):
        tables = draw(players, sizes, meetings(drawn), rng)
        check_seating(tables, players, sizes)
        assert sum(name is None for table in tables for name in table) == bots == 3
        assert all(name is not None for table in tables[:-1] for name in table)
        drawn.append(tables)
        for table in tables:
            for seat, name in enumerate(table):
                if name is not None:
                    seats[name].add(seat)
    assert sum(len(numbers) > 1 for numbers in seats.values()) >= 7


def test_draw_edge_cases() -> None:
    assert draw([], [4], {}, random.Random(0)) == [[None] * 4]
    [table] = draw(["a"], [4], {}, random.Random(0))
    assert sorted(map(str, table)) == ["None", "None", "None", "a"]
    [table] = draw(["a", "b"], [4], {frozenset("ab"): 5}, random.Random(0))
    assert sorted(name for name in table if name) == ["a", "b"]
    with pytest.raises(ValueError):
        draw(["a", "a"], [4], {}, random.Random(0))
    with pytest.raises(ValueError):
        draw(list("abcde"), [4], {}, random.Random(0))
    with pytest.raises(ValueError):
        draw(list("ab"), [4], {frozenset("ab"): -1}, random.Random(0))


@pytest.mark.slow
def test_a_club_evening_of_240_draws_three_sessions_where_nobody_meets_twice() -> None:
    """240 people at 60 tables of four, three sessions: everyone seated, no pair at a table twice.  (Its
    time is measured by ``benchmarks/bench_event.py``, not asserted here.)"""
    players = names(240)
    rng = random.Random(0)
    drawn: list[Session] = []
    for _ in range(3):
        tables = draw(players, [4] * 60, meetings(drawn), rng)
        check_seating(tables, players, [4] * 60)
        drawn.append(tables)
    assert max(meetings(drawn).values()) == 1
