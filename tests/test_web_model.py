"""The presentation model in state frames (issue 18): a connection that says ``hello`` or ``sync`` with a
``lang`` gets ``model`` in every state frame (seats named, the round's log, its result, the sheet, the
standings), built once per version and its log extended action by action; a connection without a lang
gets server.md's frames unchanged."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import troef
from test_web_table import Harness, body, error
from troef.interfaces.web.connection import Connection
from troef.interfaces.web.frames import BadMessage, Frame, Hello, Model, Sync, read_frame
from troef.interfaces.web.store import Event
from troef.present import PRESENTERS, Seen, round_log

pytestmark = pytest.mark.slow

STATE_KEYS = {"type", "version", "seat", "table", "view", "legal_actions", "sheet", "talk"}


class LangHarness(Harness):
    """A `Harness` whose receivers get their frames as the server sends them: in their connection's
    language, with the model, when it gave one."""

    def store(self, events: tuple[Event, ...]) -> None:
        if not events:
            return
        self.events.extend(events)
        self.table.apply(events)
        for receiver, connection in self.connections.items():
            self.deliver(receiver, self.table.reads.frame(receiver, connection.lang))


def hello(token: str | None = None, lang: str | None = None) -> str:
    frame: dict[str, Any] = {"type": "hello"}
    if token is not None:
        frame["token"] = token
    if lang is not None:
        frame["lang"] = lang
    return json.dumps(frame)


def model_of(frame: Frame | None) -> Model:
    """The model of a state frame."""
    assert frame is not None and frame["type"] == "state" and "model" in frame, frame
    return frame["model"]


def test_hello_and_sync_read_a_lang() -> None:
    assert read_frame('{"type": "hello", "token": "t", "lang": "nl"}') == Hello("t", "nl")
    assert read_frame('{"type": "hello"}') == Hello(None, None)
    assert read_frame('{"type": "sync", "lang": "de"}') == Sync("de")
    assert read_frame('{"type": "sync"}') == Sync(None)
    for bad in (
        '{"type": "hello", "lang": "fr"}',
        '{"type": "sync", "lang": 3}',
        '{"type": "sync", "lang": ""}',
    ):
        with pytest.raises(BadMessage, match="en, nl, de"):
            read_frame(bad)
    with pytest.raises(BadMessage, match="no field 'lang'"):
        read_frame('{"type": "ready", "lang": "en"}')


def test_a_connection_without_lang_gets_the_frames_of_server_md() -> None:
    h = LangHarness(body())
    h.join("Bob")
    h.sit(0)
    frame = h.inbox[0][-1]
    assert frame["type"] == "state" and set(frame) == STATE_KEYS
    assert json.dumps(frame) == json.dumps(h.table.reads.frame(0))


def test_the_model_names_the_seats_and_speaks_the_language() -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "open"}, {"kind": "bot", "bot": "easy"}]
    h = LangHarness(body(seats=seats))
    h.connections.pop(None)
    h.connect(None, hello(lang="de"))
    h.connect(0, hello(h.tokens[0], "nl"))
    model = model_of(h.inbox[0][-1])
    assert (model["lang"], model["title"], model["table"], model["log"], model["result"]) == (
        "nl",
        "",
        None,
        [],
        None,
    )
    assert [c["label"] for c in model["sheet"]["columns"]][-3:] == [
        "Ann (jij)",
        "plaats 1",
        "bot 2 (makkelijk)",
    ]
    assert model["standings"] is None
    h.join("Bob")
    spectator = model_of(h.inbox[None][-1])
    assert [c["label"] for c in spectator["sheet"]["columns"]][-3:] == ["Ann", "Bob", "Bot 2 (leicht)"]
    h.ready(0)
    h.now += 31  # Bob never says hello: the ready limit runs out
    while h.step():
        pass
    model = model_of(h.inbox[0][-1])
    assert model["title"] == f"Ronde 1 van {h.table.session.match.rounds}"
    assert model["table"] is not None and model["table"]["lang"] == "nl"
    labels = {seat["seat"]: seat["label"] for seat in model["table"]["seats"]}
    assert labels == {0: "Ann (jij)", 1: "Bob", 2: "bot 2 (makkelijk)"}
    assert model["log"], "the round's start is in the log"


def test_sync_with_a_lang_switches_the_connection() -> None:
    h = LangHarness(body())
    h.join("Bob")
    h.sit(0)
    outcome = h.send(0, '{"type": "sync", "lang": "de"}')
    assert outcome.reply is not None and outcome.reply["type"] == "state"
    assert model_of(outcome.reply)["lang"] == "de"
    assert h.connections[0].lang == "de"
    h.ready(0)
    assert model_of(h.inbox[0][-1])["lang"] == "de"
    outcome = h.send(0, '{"type": "sync"}')
    assert outcome.reply is not None and model_of(outcome.reply)["lang"] == "de", (
        "a sync without lang keeps it"
    )
    assert error(h.send(0, '{"type": "sync", "lang": "xx"}'))[0] == "bad-message"
    assert h.connections[0].lang == "de"


def test_a_bad_lang_in_hello_is_a_bad_message_and_the_connection_waits() -> None:
    h = LangHarness(body())
    h.connections[None] = Connection()
    code, message = error(h.send(None, hello(lang="fr")))
    assert code == "bad-message" and "en, nl, de" in message
    assert not h.connections[None].seated
    reply = h.send(None, hello(lang="en")).reply
    assert model_of(reply)["lang"] == "en"


def test_the_model_is_built_once_per_version() -> None:
    h = LangHarness(body())
    first = h.table.reads.model(0, "en")
    assert h.table.reads.model(0, "en") is first
    h.join("Bob")
    assert h.table.reads.model(0, "en") is not first


@pytest.mark.parametrize(
    ("game", "rules", "players"),
    [
        (name, preset.name, max(3, cls.min_players))
        for name, cls in troef.GAMES.items()
        for preset in cls.presets
    ],
)
def test_the_model_follows_a_whole_match(game: str, rules: str, players: int) -> None:
    """Every frame's model against the presentation layer told from scratch: the log of the round so
    far (round start, then every action) as the seat sees it, the result between rounds, the sheet, the
    standings at the end; a seat and a spectator, in turn in every language."""
    rng = random.Random(players)
    seats: list[dict[str, Any]] = [{"kind": "human", "name": "Ann"}, {"kind": "open"}]
    seats += [{"kind": "bot", "bot": "random"}] * (players - 2)
    h = LangHarness(body(game, rules, seats, rounds=2))
    h.connections.pop(None)
    h.connect(None, hello(lang="de"))
    h.join("Bob")
    h.connect(0, hello(h.tokens[0], "nl"))
    h.connect(1, hello(h.tokens[1], "en"))
    table = h.table
    presenter = PRESENTERS[game]
    results = 0
    while table.status != "over":
        h.now += 1
        if not h.step():
            turn = table.session.turn
            if turn in (0, 1):
                h.act(turn, rng.choice(table.reads.frame(turn)["legal_actions"]))
            else:
                h.ready(0)
                h.ready(1)
        if rng.random() < 0.3:
            h.send(1, json.dumps({"type": "sync", "lang": rng.choice(["en", "nl", "de"])}))
        for receiver, connection in h.connections.items():
            frame = h.inbox[receiver][-1]
            assert frame["type"] == "state" and frame["version"] == table.version
            model = model_of(frame)
            assert json.loads(json.dumps(model)) == model, "a model is plain JSON"
            assert model["lang"] == connection.lang
            state = table.session.round
            if state is None:
                assert (model["table"], model["log"], model["title"]) == (None, [], "")
                continue
            seen = Seen(table.game, receiver, model["lang"], *table.reads.names())
            start = table.game.from_record(state.record())
            assert model["log"] == round_log(presenter, seen, start, state.actions)
            match = table.session.match
            assert model["table"] == presenter.table(seen, state.view(receiver), match.totals)
            assert model["sheet"] == presenter.sheet(seen, table.session.match)
            if table.session.in_play:
                assert model["result"] is None and model["scores"] is None
            else:
                view = state.view(receiver)
                assert model["result"] == presenter.round_result(seen, match, view)
                scores = model["scores"]
                assert scores == presenter.score_rows(seen, match.sheet[-1], view)
                row = match.sheet[-1]  # every seat's points and total, as the sheet has them
                assert scores is not None and sorted(
                    (r["seat"], r["points"], r["total"]) for r in scores
                ) == [(s, row.scores[s], row.totals[s]) for s in range(players)]
                results += 1
            label = seen.labels[0]
            assert label == {None: "Ann", 0: "Ann (jij)", 1: "Ann"}[receiver]
    assert results > 0
    for receiver in h.connections:
        model = model_of(h.inbox[receiver][-1])
        assert model["standings"] is not None and len(model["standings"]) == players + 2
        assert len(model["sheet"]["rows"]) == len(table.session.match.sheet)
        assert model["title"]


def test_the_log_is_extended_not_told_again() -> None:
    """After the first frame of a round, a new action costs the log one step (the presenter's ``after``
    once per (seat, lang)), not the whole round again."""
    bot = {"kind": "bot", "bot": "random"}
    h = LangHarness(body(seats=[{"kind": "human", "name": "Ann"}, bot, bot]))
    h.sit(0)
    h.ready(0)
    h.now += 2
    h.step()
    state = h.table.session.round
    assert state is not None
    h.table.reads.model(0, "en")
    calls = 0
    presenter = h.table.reads.models.presenter
    original = presenter.after

    def counted(*args: Any) -> Any:
        nonlocal calls
        calls += 1
        return original(*args)

    presenter.after = counted  # type: ignore[method-assign, assignment]
    try:
        for _ in range(5):
            before = len(state.actions)
            if not h.step():
                h.act(0, h.table.reads.frame(0)["legal_actions"][0])
            assert len(state.actions) == before + 1
            h.table.reads.model(0, "en")
            assert calls == len(state.actions)
    finally:
        del presenter.after


@pytest.mark.parametrize("aids", [False, True])
def test_hoogjassen_shows_the_last_trick_until_the_next_card_and_the_money(aids: bool) -> None:
    """Rule 5a in the model the server sends: the last trick until the next card is played, no earlier
    trick's cards in the log, no card points (all of them with ``memory_aids``); the sheet frame has
    each player's money and the pot's content (6.5)."""
    rng = random.Random(3)
    bot = {"kind": "bot", "bot": "random"}
    rules = {"preset": "standaard", "memory_aids": aids}
    h = LangHarness(body("hoogjassen", rules, [{"kind": "human", "name": "Ann"}, bot, bot, bot]))
    h.connections.pop(None)
    h.connect(0, hello(h.tokens[0], "en"))
    h.ready(0)
    seen = {"last trick shown": 0, "last trick gone": 0}
    while h.table.status != "over" and not all(seen.values()):
        h.now += 1
        if not h.step():
            legal = h.table.reads.frame(0)["legal_actions"]
            if legal:
                h.act(0, rng.choice(legal))
            else:
                h.ready(0)
        state = h.table.session.round
        view = h.table.reads.frame(0)["view"]
        if state is None or view is None or view["phase"] != "play" or not view["history"]:
            continue
        model = model_of(h.inbox[0][-1])["table"]
        assert model is not None
        log = [" ".join(p["text"] for p in line["parts"]) for line in model_of(h.inbox[0][-1])["log"]]
        taken = sum(" takes the trick with " in text for text in log)
        points = any(
            "card points in tricks" in " ".join(p["text"] for p in line["parts"]) for line in model["lines"]
        )
        assert view["last_trick"] is not None and points == aids  # the view keeps what the seat saw
        seen["last trick gone" if view["trick"] else "last trick shown"] += 1
        if aids:
            assert model["last_trick"] is not None and taken == len(view["history"])
        elif view["trick"]:
            assert model["last_trick"] is None and taken == 0
        else:
            assert model["last_trick"] is not None and taken == 1
    assert all(seen.values())
    sheet = h.table.reads.frame(0)["sheet"]
    money = h.table.session.match.money()
    assert money is not None and sheet["money"] == list(money.players) and sheet["pot"] == money.pot
