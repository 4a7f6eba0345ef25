"""Issue 32: random sequences of valid and invalid frames from several clients at one table (Ann, Bob and
a spectator, connecting and leaving), with time passing, bots moving and rounds dealt between them. After
every step: no frame showed anyone what they may not see (`LeakCheck`), every receiver's versions only
went up, and every acknowledged act was stored exactly once (a resent one never again)."""

from __future__ import annotations

import json
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from test_web_fuzz import FRAMES
from test_web_leaks import LeakCheck
from test_web_table import Harness, Receiver, SeededSecrets, body
from troef.interfaces.web.frames import Frame

pytestmark = pytest.mark.slow

RECEIVERS = st.sampled_from([0, 1, None])
SEATS = st.sampled_from([0, 1])


class OneTable(RuleBasedStateMachine):
    """A Rififi table (Oh Hell, three rounds) of Ann, Bob and a random bot, and a spectator."""

    def __init__(self) -> None:
        super().__init__()
        # the same deals each run
        self.secrets = mock.patch("troef.interfaces.web.table.secrets", SeededSecrets(3))
        self.secrets.start()
        self.h = Harness(body(rounds=3))
        self.h.join("Bob")
        self.leaks = LeakCheck(self.h)
        self.versions: dict[Receiver, int] = {}
        self.h.on_frame = self.seen
        self.h.sit(0)
        self.h.sit(1)
        self.acked: list[tuple[int, int, str]] = []
        """(version, seat, action) of every act the table took."""

    def teardown(self) -> None:
        self.secrets.stop()

    def seen(self, receiver: Receiver, frame: Frame, said: str) -> None:
        self.leaks(receiver, frame, said)
        if frame["type"] == "state":
            assert frame["version"] >= self.versions.get(receiver, 0), "a receiver's versions go up"
            self.versions[receiver] = frame["version"]

    @property
    def over(self) -> bool:
        return self.h.table.status == "over"

    @rule(seat=SEATS)
    def connect(self, seat: int) -> None:
        if seat not in self.h.connections:
            self.h.sit(seat)

    @rule(seat=SEATS)
    def leave(self, seat: int) -> None:
        if seat in self.h.connections:
            self.h.leave(seat)

    @rule(receiver=RECEIVERS, frame=FRAMES)
    def send_anything(self, receiver: Receiver, frame: str | bytes) -> None:
        if receiver in self.h.connections:
            text = frame if isinstance(frame, str) else frame.decode("utf-8", "replace")
            self.taken(self.h.send(receiver, text), receiver)

    @rule(moves=st.integers(1, 12), data=st.data())
    def play_on(self, moves: int, data: st.DataObject) -> None:
        """``moves`` times: the seat to act acts, if connected (a legal action); else the ones connected
        say they are ready, the bots move and the deal comes when due."""
        for _ in range(moves):
            seat = self.h.table.session.turn
            if seat in self.h.connections and seat is not None:
                legal = self.h.table.reads.frame(seat)["legal_actions"]
                self.taken(self.h.act(seat, data.draw(st.sampled_from(legal))), seat)
            else:
                for ready in (0, 1):
                    if ready in self.h.connections:
                        self.h.ready(ready)
                self.time_passes(0.5)

    @rule(seat=SEATS)
    def ready(self, seat: int) -> None:
        if seat in self.h.connections:
            self.h.ready(seat)

    @precondition(lambda self: bool(self.acked))
    @rule(data=st.data())
    def resend_an_acknowledged_act(self, data: st.DataObject) -> None:
        version, seat, action = data.draw(st.sampled_from(self.acked))
        if seat in self.h.connections:
            outcome = self.h.act(seat, action, version)
            assert not outcome.events, "an act is applied once, however often it is sent"

    @rule(seconds=st.sampled_from([0.5, 5.0, 40.0, 70.0]))
    def time_passes(self, seconds: float) -> None:
        self.h.now += seconds
        while not self.over and self.h.step():
            pass

    def taken(self, outcome: Any, seat: Receiver) -> None:
        """Note the act an outcome stored, if any."""
        for event in outcome.events:
            if event.kind == "act" and event.data["who"] == "human":
                self.acked.append((event.version - 1, event.data["seat"], event.data["action"]))

    @invariant()
    def every_acknowledged_act_is_stored_once(self) -> None:
        stored = [(e.version - 1, e.data["seat"], e.data["action"]) for e in self.h.events if e.kind == "act"]
        for act in self.acked:
            assert stored.count(act) == 1, act
        assert [e.version for e in self.h.events] == list(range(1, self.h.table.version + 1))

    @invariant()
    def the_spectator_sees_the_table_as_stored(self) -> None:
        frame = self.h.table.reads.frame(None)
        assert json.loads(json.dumps(frame)) == frame and frame["version"] == len(self.h.events)


OneTable.TestCase.settings = settings(
    max_examples=60, stateful_step_count=80, deadline=None, suppress_health_check=list(HealthCheck)
)
test_one_table_under_random_frames = OneTable.TestCase
