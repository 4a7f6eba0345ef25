"""The table's timers and pauses (troef.interfaces.web.table): the countdowns in the table info (the next
deal, a stand-in about to play), the creator's choice for an absent human (a stand-in bot, or a pause), a
match every human left pausing after a whole round, a returning player taking the seat at once, the marks
of a stand-in's moves in the log, the sheet and the replay, and all of it rebuilt from the stored events; then
the same over a real server's WebSockets."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import test_web_app as app
from test_web_table import Harness, body, dealt, error, finish_round, snapshot
from troef.games.replay import start_state
from troef.interfaces.web.app import status_of
from troef.interfaces.web.seats import TableError
from troef.interfaces.web.store import Store, TableRow
from troef.interfaces.web.table import Table
from troef.present.model import plain

pytestmark = pytest.mark.slow

ANN_AND_BOB: list[dict[str, Any]] = [
    {"kind": "human", "name": "Ann"},
    {"kind": "human", "name": "Bob"},
    {"kind": "bot", "bot": "random"},
]


def both_sitting(**extra: Any) -> Harness:
    """Ann (0) and Bob (1), both connected, and a random bot (2); ``extra``: more of the body."""
    h = Harness(body(seats=ANN_AND_BOB, **extra), now=0.0)
    h.sit(0)
    h.sit(1)
    return h


def deal_when_due(h: Harness) -> None:
    """Wait (the clock moves on) until the next round is dealt, and deal it."""
    while not h.table.deal_due(h.now):
        h.now += 1
    h.run(h.table.deal(now=h.now))


def away_round(h: Harness) -> None:
    """Play the round in play while the humans are away: stand-ins when due, forced moves as the server
    plays them (``forced``), bots."""
    table = h.table
    index = len(table.session.match.sheet)
    while len(table.session.match.sheet) == index:
        seat = table.session.turn
        assert seat is not None
        legal = table.reads.frame(seat)["legal_actions"]
        if table.bot_turn() is None and table.seats[seat].kind == "human" and len(legal) == 1:
            h.run(table.act(seat, legal[0], table.version, now=h.now, forced=True))
        elif (due := table.stand_in_due(h.now)) is not None:
            table.stand_in(due, True)
        elif not h.step():
            h.now += 1


# --------------------------------------------------------------------------- the creator's choice


def test_the_creator_chooses_what_happens_to_an_absent_human() -> None:
    assert Harness(body()).table.reads.info()["absent"] == "stand-in"
    for wrong in ("bot", None, 1):
        with pytest.raises(TableError, match="absent is stand-in or pause") as caught:
            Table.create(body(absent=wrong), now=0.0)
        assert status_of(caught.value) == 400
    h = both_sitting(absent="pause", rounds=1)
    assert h.row.settings["absent"] == "pause" and h.table.reads.info()["absent"] == "pause"
    deal_when_due(h)
    finish_round(h)
    assert h.table.rematch_body(h.tokens[0])[1]["absent"] == "pause"  # the rematch too


def test_a_table_stored_without_the_choice_lets_stand_ins_play() -> None:
    h = Harness(body())
    settings = {key: value for key, value in h.row.settings.items() if key != "absent"}
    row = TableRow(h.row.id, h.row.game, h.row.rules, h.row.players, settings, h.row.created)
    assert Table.replay(row, h.events).absent == "stand-in"


# --------------------------------------------------------------------------- the countdowns


def test_the_next_deal_counts_down_from_the_commitment_and_the_last_seat() -> None:
    h = Harness(body(ready_limit=10), now=0.0)
    assert h.table.reads.info()["timers"] == []  # a seat is open: no deal is coming
    h.sit(0)
    h.now = 20.0
    h.join("Bob")
    assert h.table.reads.info()["timers"] == [{"timer": "deal", "seat": None, "at": 30.0}]
    assert not h.table.deal_due(29.9) and h.table.deal_due(30.0)  # Ann is not ready
    h.sit(1)
    h.ready(0)
    h.ready(1)
    h.run(h.table.deal(now=21.0))
    assert h.table.reads.info()["timers"] == [] and h.table.reads.info()["paused"] == []


def test_a_stand_in_about_to_play_counts_down_and_takes_the_seat_when_it_runs_out() -> None:
    h = dealt()
    table = h.table
    seat = table.session.turn
    assert seat is not None and table.reads.info()["timers"] == []
    since = table.changed_at
    h.now = since + 10
    before = table.reads.info()
    h.leave(seat)
    assert table.reads.info() is not before  # a new info: the timer shows
    assert table.reads.info()["timers"] == [{"timer": "stand-in", "seat": seat, "at": since + 70}]
    assert table.reads.info() is table.reads.info()  # the same object while nothing changes
    assert table.stand_in_due(since + 69.9) is None and table.stand_in_due(since + 70) == seat
    table.stand_in(seat, True)
    assert table.reads.info()["timers"] == [] and table.reads.info()["seats"][seat]["stand_in"]


def test_a_returning_player_takes_the_seat_at_once_and_the_stand_ins_move_is_refused() -> None:
    h = dealt()
    table = h.table
    seat = table.session.turn
    assert seat is not None
    h.leave(seat)
    table.stand_in(seat, True)
    turn = table.bot_turn()  # the stand-in thinks ...
    assert turn is not None and turn.who == "stand-in"
    h.sit(seat)  # ... while the human comes back
    assert table.bot_turn() is None and not table.reads.info()["seats"][seat]["stand_in"]
    version = table.version
    code, message = error(table.bot_act(turn, turn.bot.act(turn.view), now=h.now))
    assert code == "stale" and "a turn that is past" in message and table.version == version
    h.act(seat, table.reads.frame(seat)["legal_actions"][0])
    assert table.version == version + 1 and h.events[-1].data["who"] == "human"


# --------------------------------------------------------------------------- pauses


def test_a_pausing_table_waits_for_the_away_human_to_act_instead_of_a_stand_in() -> None:
    h = both_sitting(absent="pause", away_limit=5)
    h.ready(0)
    h.ready(1)
    deal_when_due(h)
    while h.step():
        pass
    table = h.table
    seat = table.session.turn
    assert seat in (0, 1)
    h.leave(1 - seat)  # away, but not to act: nothing waits for them yet
    assert table.reads.info()["paused"] == []
    h.leave(seat)
    assert table.reads.info()["paused"] == [seat] and table.reads.info()["timers"] == []
    assert table.stand_in_due(h.now + 1000) is None
    h.sit(seat)
    assert table.reads.info()["paused"] == []


def test_a_pausing_table_deals_only_with_every_human_back_and_the_ready_limit_counts_again() -> None:
    h = both_sitting(absent="pause", ready_limit=10)
    table = h.table
    h.leave(1)
    assert table.reads.info()["paused"] == [1] and table.reads.info()["timers"] == []
    assert not table.deal_due(1000.0)
    h.now = 500.0
    h.sit(1)
    assert table.reads.info()["paused"] == []
    assert table.reads.info()["timers"] == [{"timer": "deal", "seat": None, "at": 510.0}]
    assert not table.deal_due(509.9) and table.deal_due(510.0)


def test_a_match_every_human_was_away_from_for_a_whole_round_pauses() -> None:
    h = both_sitting(ready_limit=5, away_limit=5)
    table = h.table
    deal_when_due(h)
    finish_round(h)  # Ann and Bob play round 0 themselves ...
    h.leave(0)
    h.leave(1)  # ... and go
    assert table.reads.info()["paused"] == []  # they were there in the last round: the next is dealt
    deal_when_due(h)
    away_round(h)  # round 1: stand-ins and forced moves only
    assert len(table.session.match.sheet) == 2 and not table.session.is_over
    assert table.reads.info()["paused"] == [0, 1] and table.reads.info()["timers"] == []
    assert not table.deal_due(h.now + 1000)
    rebuilt = h.replayed()
    assert rebuilt.reads.info()["paused"] == [0, 1] and snapshot(rebuilt) == snapshot(table)
    h.now += 1000
    h.sit(1)  # one of them is back: the table goes on, the ready limit counting from now
    assert table.reads.info()["paused"] == []
    assert table.reads.info()["timers"] == [{"timer": "deal", "seat": None, "at": h.now + 5}]
    h.leave(1)  # gone again before the deal
    assert table.reads.info()["paused"] == [0, 1]


def test_the_first_round_is_dealt_without_anyone_and_then_the_match_pauses() -> None:
    h = both_sitting(ready_limit=5, away_limit=5)
    table = h.table
    h.leave(0)
    h.leave(1)
    deal_when_due(h)  # round 0 is dealt: no round was played without them yet
    away_round(h)
    assert table.reads.info()["paused"] == [0, 1]
    h.sit(0)
    assert table.reads.info()["paused"] == [] and table.reads.info()["timers"][0]["timer"] == "deal"


# --------------------------------------------------------------------------- marks of a stand-in's moves


def test_a_stand_ins_moves_are_marked_in_the_log_the_sheet_and_the_replay() -> None:
    h = dealt()
    table = h.table
    seat = table.session.turn
    assert seat is not None
    index = len(table.session.round.actions)  # type: ignore[union-attr]
    h.leave(seat)
    table.stand_in(seat, True)
    assert h.step() and h.events[-1].data["who"] == "stand-in"
    for receiver, lang, word in ((None, "en", "(stand-in bot)"), (seat, "nl", "(invalbot)")):
        marked = [line for line in table.reads.model(receiver, lang)["log"] if line.get("stand_in")]
        assert len(marked) == 1 and plain(marked[0]).endswith(word)
    h.sit(seat)
    finish_round(h)
    sheet = table.reads.model(None, "en")["sheet"]
    cells = [cell for cell in sheet["rows"][0] if any(line.get("stand_in") for line in cell)]
    assert len(cells) == 1 and plain(cells[0][0]).endswith("*")
    assert sheet["rows"][0][len(sheet["rows"][0]) - 3 + seat] is cells[0]
    assert "* a stand-in bot played for this player" in sheet["caption"]
    steps = table.reads.round_replay(0, "en")["steps"]
    marked_steps = [k for k, step in enumerate(steps) if any(line.get("stand_in") for line in step["lines"])]
    assert marked_steps == [index + 1]  # step 0 is the deal
    assert steps[index + 1]["seat"] == seat and plain(steps[index + 1]["lines"][0]).endswith("(stand-in bot)")
    record = table.reads.record()
    assert record is not None and record["rounds"][0]["stand_in"] == [index]


def test_no_mark_where_no_stand_in_played() -> None:
    h = dealt()
    finish_round(h)
    model = h.table.reads.model(0, "en")
    assert "stand-in" not in model["sheet"]["caption"]
    lines = [*model["log"], *(line for row in model["sheet"]["rows"] for cell in row for line in cell)]
    assert not any(line.get("stand_in") for line in lines)


# --------------------------------------------------------------------------- stored, and rebuilt


def test_a_forced_move_is_stored_as_such_and_is_no_sign_that_the_human_is_there() -> None:
    h = dealt()
    table = h.table
    seat = table.session.turn
    assert seat is not None and not table.human_moved
    h.run(table.act(seat, table.reads.frame(seat)["legal_actions"][0], table.version, now=h.now, forced=True))
    assert h.events[-1].data["forced"] is True and h.events[-1].data["who"] == "human"
    assert not table.human_moved and not h.replayed().human_moved
    while table.session.turn not in (0, 1):
        assert h.step()
    h.act(table.session.turn, table.reads.frame(table.session.turn)["legal_actions"][0])
    assert "forced" not in h.events[-1].data and table.human_moved and h.replayed().human_moved


def test_the_choice_is_stored_and_a_paused_table_rebuilds_paused(tmp_path: Path) -> None:
    h = both_sitting(ready_limit=5, away_limit=5, absent="stand-in")
    h.leave(0)
    h.leave(1)
    deal_when_due(h)
    away_round(h)
    with Store(f"sqlite:///{tmp_path}/tables.sqlite3") as store:
        store.create_table(h.row)
        store.append(h.table.id, h.events)
        loaded = store.load(h.table.id)
    assert loaded is not None
    rebuilt = Table.replay(*loaded)  # a restarted server: nobody is connected
    assert rebuilt.absent == "stand-in" and rebuilt.reads.info()["paused"] == [0, 1]
    assert not rebuilt.deal_due(h.now + 1000)
    assert rebuilt.reads.record() == h.table.reads.record()


# --------------------------------------------------------------------------- over a real server's WebSockets


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[app.Served]:
    server = app.Served(f"sqlite:///{tmp_path_factory.mktemp('timers') / 'tables.sqlite3'}")
    yield server
    server.stop()


def test_the_frames_count_down_to_a_stand_in_and_the_player_coming_back_plays_at_once(
    served: app.Served,
) -> None:
    answer = served.create(app.body(app.ANN_AND_TWO_BOTS, rounds=1, ready_limit=5, away_limit=2))
    table, token = answer["table"], answer["seats"][0]["token"]
    rng = random.Random(3)
    acked: list[tuple[int, str]] = []

    async def run() -> None:
        ann = await app.Peer.hello(served, table, token)
        first = ann.last
        (deal,) = first["table"]["timers"]
        assert deal["timer"] == "deal" and 0 < deal["at"] - first["now"] <= 5  # the server's time
        spectator = await app.Peer.hello(served, table)
        at = await app.play(ann, rng, acked, until=lambda s: bool(acked) and len(s["legal_actions"]) >= 2)
        await ann.ws.close()  # away on her turn
        shown = await spectator.until(lambda f: f["type"] == "state" and stand_in_timer(f) is not None)
        timer = stand_in_timer(shown)
        assert timer is not None and timer["seat"] == 0 and shown["version"] == at["version"]
        assert 0 < timer["at"] - shown["now"] <= 2
        taken = await spectator.until(lambda f: f["type"] == "state" and f["table"]["seats"][0]["stand_in"])
        assert taken["table"]["timers"] == []
        await spectator.until(lambda f: f["type"] == "state" and f["version"] > at["version"])  # it played
        back = await app.Peer.hello(served, table, token)  # back: her seat is hers again at once
        assert not back.last["table"]["seats"][0]["stand_in"] and back.last["table"]["seats"][0]["connected"]
        await asyncio.gather(app.play(back, rng, acked), app.watch(spectator))
        app.versions_without_gaps(spectator)

    asyncio.run(run())
    record = served.get(f"/api/tables/{table}/record")
    state, actors = start_state(record["rounds"][0]), []
    for action in record["rounds"][0]["actions"]:
        actors.append(state.current_player)
        state.apply(action)
    stood_in = record["rounds"][0]["stand_in"]
    assert stood_in and {actors[index] for index in stood_in} == {0}
    app.check_log(served.url, table, acked, record)  # every act of hers is hers


def stand_in_timer(frame: app.Frame) -> Any:
    """The frame's countdown to a stand-in, or None."""
    return next((t for t in frame["table"]["timers"] if t["timer"] == "stand-in"), None)
