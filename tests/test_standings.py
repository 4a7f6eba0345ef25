"""The standings of a club event and of a club's season, computed by hand."""

from __future__ import annotations

import pytest

from troef.interfaces.web.standings import (
    Played,
    counts,
    event_scores,
    ranked,
    season,
    standings,
    standings_csv,
)


def test_ranked_shares_ranks_and_orders_names_case_insensitively() -> None:
    rows = [{"name": "Cas", "score": 5}, {"name": "dee", "score": 9}, {"name": "bob", "score": 5}]
    rows.append({"name": "Ann", "score": 1})
    assert ranked(rows, "score") == [
        {"rank": 1, "name": "dee", "score": 9},
        {"rank": 2, "name": "bob", "score": 5},
        {"rank": 2, "name": "Cas", "score": 5},
        {"rank": 4, "name": "Ann", "score": 1},
    ]


def test_draw_sums_points_and_shares_ranks() -> None:
    tables = [
        Played(1, "t1", ("Ann", "Bob", "Cas", "Dee"), ((10, 5, 3, 2), (4, 6, 0, 10))),
        # Session 2: Dee was removed from the event, "ann" is Ann, seat 3 is a bot.
        Played(2, "t2", ("Bob", "ann", None, "Cas"), ((3, 0, 7, 2),)),
    ]
    assert standings(["Ann", "Bob", "Cas", "Eve"], tables, duplicate=False) == [
        {"rank": 1, "name": "Ann", "points": 14, "rounds": 3},
        {"rank": 1, "name": "Bob", "points": 14, "rounds": 3},
        {"rank": 3, "name": "Dee", "points": 12, "rounds": 2},
        {"rank": 4, "name": "Cas", "points": 5, "rounds": 3},
        {"rank": 5, "name": "Eve", "points": 0, "rounds": 0},
    ]


def test_duplicate_two_tables_with_a_bot_seat() -> None:
    tables = [
        Played(1, "t1", ("Ann", "Bob", "Cas", "Dee"), ((10, 5, 5, 0), (2, 8, 4, 6))),
        Played(1, "t2", ("Eve", "Fay", "Gus", None), ((10, 7, 3, 0), (1, 8, 6, 6))),
    ]
    players = ["Ann", "Bob", "Cas", "Dee", "Eve", "Fay", "Gus"]
    assert standings(players, tables, duplicate=True) == [
        {"rank": 1, "name": "Ann", "points": 12, "matchpoints": 3, "rounds": 2},
        {"rank": 1, "name": "Fay", "points": 15, "matchpoints": 3, "rounds": 2},
        {"rank": 3, "name": "Cas", "points": 9, "matchpoints": 2, "rounds": 2},
        # Dee ties the bot seat at t2 in both rounds.
        {"rank": 3, "name": "Dee", "points": 6, "matchpoints": 2, "rounds": 2},
        {"rank": 3, "name": "Gus", "points": 9, "matchpoints": 2, "rounds": 2},
        {"rank": 6, "name": "Bob", "points": 13, "matchpoints": 1, "rounds": 2},
        {"rank": 6, "name": "Eve", "points": 11, "matchpoints": 1, "rounds": 2},
    ]


def test_duplicate_three_tables_compares_within_a_session() -> None:
    tables = [
        Played(1, "a", ("Ann", "Bob"), ((6, 2),)),
        Played(1, "b", ("Cas", "Dee"), ((6, 4),)),
        Played(1, "c", ("Eve", None), ((3, 4),)),
        Played(2, "d", ("Ann", "Eve"), ((0, 0),)),
        Played(2, "e", ("Bob", "Cas"), ((1, 0),)),
    ]
    assert standings(["Ann", "Bob", "Cas", "Dee", "Eve"], tables, duplicate=True) == [
        {"rank": 1, "name": "Cas", "points": 6, "matchpoints": 4, "rounds": 2},
        {"rank": 2, "name": "Ann", "points": 6, "matchpoints": 3, "rounds": 2},
        {"rank": 2, "name": "Dee", "points": 4, "matchpoints": 3, "rounds": 1},
        {"rank": 4, "name": "Bob", "points": 3, "matchpoints": 2, "rounds": 2},
        {"rank": 5, "name": "Eve", "points": 3, "matchpoints": 1, "rounds": 2},
    ]


def test_duplicate_live_compares_only_tables_that_finished_the_round() -> None:
    tables = [
        Played(1, "t1", ("Ann", "Bob"), ((5, 3), (4, 4))),
        Played(1, "t2", ("Cas", "Dee"), ((5, 1),)),
    ]
    assert standings(["Ann", "Bob", "Cas", "Dee"], tables, duplicate=True) == [
        {"rank": 1, "name": "Bob", "points": 7, "matchpoints": 2, "rounds": 2},
        {"rank": 2, "name": "Ann", "points": 9, "matchpoints": 1, "rounds": 2},
        {"rank": 2, "name": "Cas", "points": 5, "matchpoints": 1, "rounds": 1},
        {"rank": 4, "name": "Dee", "points": 1, "matchpoints": 0, "rounds": 1},
    ]


def test_played_wants_a_score_per_seat() -> None:
    with pytest.raises(ValueError, match="round 2 has 1 scores for 2 seats"):
        Played(1, "t1", ("Ann", "Bob"), ((1, 2), (3,)))


def test_csv_draw() -> None:
    rows = standings(["Ann", "-dash"], [Played(1, "t", ("Ann", "-dash"), ((3, 3),))], duplicate=False)
    assert standings_csv(rows, duplicate=False) == (
        "rank,name,points,rounds\r\n1,'-dash,3,1\r\n1,Ann,3,1\r\n"
    )


def test_csv_duplicate_and_injection_guard() -> None:
    rows = [
        {"rank": 1, "name": "=SUM(A1)", "points": 9, "matchpoints": 4, "rounds": 2},
        {"rank": 2, "name": "+x", "points": 8, "matchpoints": 3, "rounds": 2},
        {"rank": 3, "name": "@y", "points": 7, "matchpoints": 2, "rounds": 2},
        {"rank": 4, "name": "Ann, Jr", "points": 0, "matchpoints": 0, "rounds": 0},
    ]
    assert standings_csv(rows, duplicate=True) == (
        "rank,name,points,matchpoints,rounds\r\n"
        "1,'=SUM(A1),9,4,2\r\n"
        "2,'+x,8,3,2\r\n"
        "3,'@y,7,2,2\r\n"
        '4,"Ann, Jr",0,0,0\r\n'
    )
    assert standings_csv([], duplicate=True) == "rank,name,points,matchpoints,rounds\r\n"


def test_counts_three_of_four_members_bots_are_none() -> None:
    members = ["ANN", "Bob", "Cas", "Dee"]
    assert counts(Played(1, "t", ("Ann", "Bob", "Cas", None), ()), members, 3)
    assert counts(Played(1, "t", ("ann", "Bob", "Cas", "Dee"), ()), members, 3)
    assert not counts(Played(1, "t", ("Ann", "Bob", "Xan", None), ()), members, 3)
    assert not counts(Played(1, "t", ("Ann", "Bob", None, None), ()), members, 3)


def test_event_scores_only_from_counting_tables() -> None:
    tables = [
        Played(1, "t1", ("Ann", "Bob", "Cas", None), ((4, 3, 2, 1),)),
        Played(1, "t2", ("Dee", "Xan", "Yul", None), ((5, 3, 1, 1),)),
    ]
    players = ["Ann", "Bob", "Cas", "Dee", "Eve", "Xan", "Yul"]
    members = ["Ann", "Bob", "Cas", "Dee"]
    draw = event_scores(players, tables, duplicate=False, members=members, at_least=3)
    assert draw == {"Ann": 4, "Bob": 3, "Cas": 2}
    # Matchpoints still compare with t2, which does not count for the club.
    duplicate = event_scores(players, tables, duplicate=True, members=members, at_least=3)
    assert duplicate == {"Ann": 0, "Bob": 1, "Cas": 2}
    assert event_scores(players, tables, duplicate=False, members=members, at_least=4) == {}


def test_season_sum_and_best() -> None:
    events = [{"Ann": 10, "Bob": 7, "Cas": 3}, {"Ann": 2, "Bob": 9}, {"ann": 5, "Cas": 12, "Dee": 6}]
    assert season(events, best=None) == [
        {"rank": 1, "name": "Ann", "score": 17, "events": 3},
        {"rank": 2, "name": "Bob", "score": 16, "events": 2},
        {"rank": 3, "name": "Cas", "score": 15, "events": 2},
        {"rank": 4, "name": "Dee", "score": 6, "events": 1},
    ]
    assert season(events, best=2) == [
        {"rank": 1, "name": "Bob", "score": 16, "events": 2},
        {"rank": 2, "name": "Ann", "score": 15, "events": 3},
        {"rank": 2, "name": "Cas", "score": 15, "events": 2},
        {"rank": 4, "name": "Dee", "score": 6, "events": 1},
    ]
    assert [(row["name"], row["score"]) for row in season(events, best=1)] == [
        ("Cas", 12),
        ("Ann", 10),
        ("Bob", 9),
        ("Dee", 6),
    ]
    assert season([], best=3) == []
    with pytest.raises(ValueError, match="best 0"):
        season(events, best=0)
