"""`troef.session.Session`: the match loop's events, turns, bots, stand-ins, refusals, reproducibility."""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping
from typing import Any

import pytest

import troef
from troef.core.errors import MatchError
from troef.core.match import Match
from troef.players import RandomBot, make_bot
from troef.session import (
    ActionApplied,
    Event,
    MatchOver,
    NotYourTurn,
    RoundDealt,
    RoundOver,
    Session,
    Who,
)

pytestmark = pytest.mark.engine


def bots_session(
    game: troef.Game,
    seed: int,
    human: int | None = None,
    rounds: int | None = None,
    first_dealer: int | None = None,
) -> Session:
    """A session of ``game`` from ``seed`` with random bots at every seat but ``human``."""
    bots = {s: RandomBot(seed * 10 + s) for s in range(game.players) if s != human}
    return Session(Match(game, seed=seed, rounds=rounds, first_dealer=first_dealer), bots)


def play_all(session: Session) -> list[Event]:
    """Every event of a match played to its end by bots only."""
    events: list[Event] = []
    while not session.is_over:
        events += session.deal()
        events += session.run_bots()
    return events


def check_events(session: Session, events: list[Event]) -> None:
    """``events`` are exactly: per round its deal, every action by the seat that was to act, the round
    over with its sheet row; then the match over with the totals and winners."""
    match, game = session.match, session.match.game
    rest = iter(events)
    for index, (row, record) in enumerate(zip(match.sheet, match.records, strict=True)):
        assert next(rest) == RoundDealt(index, row.dealer, closing=index >= match.rounds)
        state = game.from_record(record)
        for action in record["actions"]:
            assert next(rest) == ActionApplied(state.actor, action, Who.BOT)
            state.apply(action)
        assert state.is_over
        assert next(rest) == RoundOver(row)
        assert row.result == state.result()
    assert next(rest) == MatchOver(tuple(match.totals), tuple(match.leaders()))
    assert next(rest, None) is None


def test_a_whole_match_of_bots_emits_every_deal_action_round_and_the_end(
    game_name: str, preset: str, players: int
) -> None:
    game = troef.load_game(game_name, preset, players)
    session = bots_session(game, seed=players, rounds=min(game.match_rounds(), 3))
    events = play_all(session)
    check_events(session, events)
    sheet = session.match.sheet
    assert [sum(row.scores[s] for row in sheet) for s in range(players)] == list(session.match.totals)
    assert all(
        row.totals == tuple(map(sum, zip(*(r.scores for r in sheet[: row.index + 1]), strict=True)))
        for row in sheet
    )
    for before, after in itertools.pairwise(sheet):
        if after.index < session.match.rounds:
            assert after.dealer == game.next_dealer(before.dealer, before.result)


@pytest.mark.parametrize("game_name", sorted(troef.GAMES))
def test_a_full_match_by_the_games_schedule(game_name: str) -> None:
    game = troef.load_game(game_name)
    session = bots_session(game, seed=5)
    events = play_all(session)
    check_events(session, events)
    assert len(session.match.sheet) == game.match_rounds()
    winners = events[-1]
    assert isinstance(winners, MatchOver)
    best = max(winners.totals)
    assert winners.winners == tuple(s for s, t in enumerate(winners.totals) if t == best)
    record = json.loads(json.dumps(session.match.record()))
    assert troef.replay(record)["totals"] == list(winners.totals)


class Passer(RandomBot):
    """Passes whenever it may."""

    def act(self, view: Mapping[str, Any]) -> str:
        return "pass" if "pass" in view["legal_actions"] else super().act(view)


def test_hoogjassen_the_declarer_deals_next_and_after_a_redeal_the_dealers_right() -> None:
    game = troef.load_game("hoogjassen", players=4)
    for seed in range(3):
        session = bots_session(game, seed, rounds=4)
        check_events(session, play_all(session))
        for before, after in itertools.pairwise(session.match.sheet):
            assert after.dealer == before.details["declarer"]
    session = Session(Match(game, seed=1, rounds=3), {s: Passer(s) for s in range(4)})
    check_events(session, play_all(session))
    rows = session.match.sheet
    assert all(row.details["redeal"] for row in rows)
    assert [row.dealer for row in rows[1:]] == [(row.dealer - 1) % 4 for row in rows[:-1]]


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (5, 2)])
def test_rikken_closing_rounds_are_dealt_after_the_schedule_until_the_blind_rond_is_done(
    players: int, seed: int
) -> None:
    game = troef.load_game("rikken", {"preset": "bsg", "blind_rond": True}, players)
    session = bots_session(game, seed, rounds=1)
    events = play_all(session)
    check_events(session, events)
    deals = [e for e in events if isinstance(e, RoundDealt)]
    assert deals[0].closing is False
    closing = deals[1:]
    assert closing and all(d.closing for d in closing)
    rows = session.match.sheet[1:]
    assert all(row.details["blind_rond"] for row in rows)
    riks = [row for row in rows if row.details["contract"] == "rik"]
    assert len(riks) == players and rows[-1].details["contract"] == "rik"
    assert isinstance(events[-1], MatchOver) and isinstance(events[-2], RoundOver)
    with pytest.raises(MatchError, match="the match is over"):
        session.deal()


def test_a_humans_seat_waits_for_its_action() -> None:
    game = troef.load_game("rififi")
    session = bots_session(game, seed=3, human=2, rounds=2)
    assert session.view(2) is None and session.round is None and session.turn is None
    assert session.deal() == [RoundDealt(0, session.match.first_dealer, closing=False)]
    events = session.run_bots()
    assert session.turn == 2 and session.who(2) is Who.HUMAN
    assert session.bot_turn() is None
    assert session.run_bots() == []
    with pytest.raises(MatchError, match="no bot is to act"):
        session.run_bot()
    assert all(isinstance(e, ActionApplied) and e.who is Who.BOT for e in events)
    view = session.view(2)
    assert view is not None and view["current_player"] == 2 and view["legal_actions"]
    assert session.act(2, view["legal_actions"][0]) == [ActionApplied(2, view["legal_actions"][0], Who.HUMAN)]
    assert session.turn != 2


def run_to_human(session: Session, human: int) -> None:
    """Deal when needed and let the bots act until ``human`` is to act."""
    while session.turn != human:
        if not session.in_play:
            session.deal()
        session.run_bots()


def test_the_driver_loop_plays_a_match_with_a_human_at_every_turn() -> None:
    game = troef.load_game("piken")
    session = bots_session(game, seed=8, human=1, rounds=2)
    events: list[Event] = []
    while not session.is_over:
        if not session.in_play:
            events += session.deal()
        events += session.run_bots()
        if session.turn == 1:
            view = session.view(1)
            assert view is not None
            events += session.act(1, view["legal_actions"][-1])
    humans = [e for e in events if isinstance(e, ActionApplied) and e.who is Who.HUMAN]
    assert humans and all(e.seat == 1 for e in humans)
    assert isinstance(events[-1], MatchOver)
    assert troef.replay(session.match.record())["totals"] == list(session.match.totals)


def snapshot(session: Session) -> tuple[object, ...]:
    state = session.round
    assert state is not None
    return (
        len(state.actions),
        state.current_player,
        json.dumps(session.view(None)),
        len(session.match.sheet),
    )


def test_out_of_turn_illegal_and_misplaced_actions_are_refused_and_change_nothing() -> None:
    game = troef.load_game("rififi")
    session = bots_session(game, seed=4, human=0, rounds=1, first_dealer=0)
    with pytest.raises(MatchError, match="no round is in play: deal one first"):
        session.act(0, "bid 0")
    session.deal()
    assert session.turn == 1
    with pytest.raises(MatchError, match="seat 1 is played by a bot"):
        session.act(1, "bid 0")
    run_to_human(session, 0)
    before = snapshot(session)
    other = 1
    with pytest.raises(NotYourTurn, match=f"it is not seat {other}'s turn: seat 0 is to act") as refused:
        session.act(other, "bid 0")
    assert (refused.value.seat, refused.value.turn) == (other, 0)
    with pytest.raises(NotYourTurn):
        session.act(None, "bid 0")
    with pytest.raises(troef.GameError, match=r"seat must be 0\.\.3 or None"):
        session.act(7, "bid 0")
    with pytest.raises(troef.IllegalAction, match="'bid 9' is not legal"):
        session.act(0, "bid 9")
    with pytest.raises(troef.IllegalAction):
        session.act(0, "dance")
    with pytest.raises(MatchError, match="a round is in play"):
        session.deal()
    assert snapshot(session) == before

    while session.in_play:
        if session.turn == 0:
            view = session.view(0)
            assert view is not None
            session.act(0, view["legal_actions"][0])
        session.run_bots()
    assert session.is_over
    after = snapshot(session)
    with pytest.raises(MatchError, match="the match is over"):
        session.act(0, "play AS")
    with pytest.raises(MatchError, match="the match is over"):
        session.deal()
    assert snapshot(session) == after


def test_between_rounds_every_seat_sees_the_round_just_finished_until_the_next_deal() -> None:
    game = troef.load_game("hoogjassen", players=3)
    session = bots_session(game, seed=6, rounds=2)
    session.deal()
    session.run_bots()
    assert not session.in_play and session.turn is None and not session.is_over
    finished = session.round
    assert finished is not None and finished.is_over
    for seat in (0, 1, 2, None):
        assert session.view(seat) == finished.view(seat)
    spectator = session.view(None)
    assert spectator is not None and spectator["hand"] == [] and "result" in spectator
    session.deal()
    assert session.round is not finished and session.in_play


def test_a_stand_in_plays_an_away_humans_seat_and_a_past_bot_turn_is_refused() -> None:
    game = troef.load_game("rififi")
    session = bots_session(game, seed=2, human=3, rounds=3)
    run_to_human(session, 3)
    stand_in = make_bot("rififi", "heuristic", 1)
    session.stand_in(3, stand_in)
    assert session.who(3) is Who.STAND_IN
    turn = session.bot_turn()
    assert turn is not None and (turn.seat, turn.bot, turn.who) == (3, stand_in, Who.STAND_IN)
    assert turn.view == session.view(3)
    answer = stand_in.act(turn.view)
    session.stand_in(3, None)  # the human is back before the stand-in answered
    assert session.who(3) is Who.HUMAN and session.bot_turn() is None
    with pytest.raises(MatchError, match="seat 3's bot answered a turn that is past"):
        session.bot_act(turn, answer)
    session.stand_in(3, stand_in)
    events = session.bot_act(session.bot_turn() or turn, answer)
    assert events[0] == ActionApplied(3, answer, Who.STAND_IN)
    with pytest.raises(MatchError, match="seat 3's bot answered a turn that is past"):
        session.bot_act(turn, answer)  # answered once already
    with pytest.raises(MatchError, match="needs no stand-in"):
        session.stand_in(0, stand_in)
    with pytest.raises(MatchError, match=r"a stand-in takes a seat 0\.\.3, not 4"):
        session.stand_in(4, stand_in)


def test_bots_must_sit_at_seats_of_the_game() -> None:
    game = troef.load_game("rififi", players=3)
    with pytest.raises(MatchError, match=r"bots sit at seats 0\.\.2, not at 3"):
        Session(Match(game), {3: RandomBot()})


def test_a_session_is_reproducible_from_its_seeds() -> None:
    game = troef.load_game("rikken")

    def run(seed: int) -> tuple[list[Event], dict[str, object]]:
        session = Session(
            Match(game, seed=seed), {s: make_bot("rikken", "heuristic", seed + s) for s in range(4)}
        )
        return play_all(session), session.match.record()

    first, again, other = run(11), run(11), run(12)
    assert first == again
    assert first[1]["rounds"] != other[1]["rounds"]


def test_a_round_can_be_dealt_from_a_given_seed_as_the_match_would() -> None:
    game = troef.load_game("rififi")
    given = bots_session(game, seed=1, rounds=2)
    given.deal(seed=1234)
    state = given.round
    assert state is not None
    expected = game.deal_round(1234, given.match.first_dealer, 0)
    assert state.record() == expected.record()
