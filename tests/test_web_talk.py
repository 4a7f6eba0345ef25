"""Table talk and hints (issue 31): the chat's frames, who may say what (the game's rules: Rikken's
championship rules close free text during a round, but for a praatje's players once their hands lie
open), its pace per seat, that it changes no version and is never stored; hints for learners, asked for
by a seat on its turn, the ``normal`` bot's choice from that seat's view, to that seat alone; on the
table runtime and over a real server's WebSockets."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.asyncio.client import connect

from serving import WAIT
from test_web_app import Frame, Peer, Served, body
from test_web_table import Harness, error, snapshot
from troef.interfaces.web.app import status_of
from troef.interfaces.web.frames import CHAT_LENGTH, CHAT_PRESETS, BadMessage, Chat, Hint, read_frame
from troef.interfaces.web.seats import TableError
from troef.interfaces.web.store import Store
from troef.interfaces.web.table import Table
from troef.interfaces.web.talk import KEPT, RATE, WINDOW

pytestmark = pytest.mark.slow

PRAATJE = {"preset": "kampioenschap", "open_after_trick": 0}
"""The championship rules, an open hand laid open at once (so that a praatje's talk opens with play)."""


def chat(text: str | None = None, preset: str | None = None) -> str:
    return json.dumps(
        {"type": "chat", "text": text} if preset is None else {"type": "chat", "preset": preset}
    )


def four(rules: object = "kampioenschap", **extra: Any) -> Harness:
    """A Rikken table of four people, all connected, and a spectator; round 0 not dealt yet."""
    seats = [{"kind": "human", "name": "Ann"}] + [{"kind": "open"}] * 3
    h = Harness({"game": "rikken", "rules": rules, "players": 4, "seats": seats, **extra})
    for name in ("Bob", "Cid", "Dee"):
        h.join(name)
    for seat in range(4):
        h.sit(seat)
    return h


def deal(h: Harness) -> None:
    for seat in range(4):
        h.ready(seat)
    h.now += 1
    assert h.table.deal_due(h.now)
    h.run(h.table.deal(now=h.now))


def chats(h: Harness, receiver: int | None) -> list[Frame]:
    return [dict(f) for f in h.inbox.get(receiver, []) if f["type"] == "chat"]


# --------------------------------------------------------------------------- the frames


def test_a_chat_frame_is_nfc_trimmed_text_or_a_preset() -> None:
    assert read_frame(chat("  Goed gespeeld, Cafe\u0301!  ")) == Chat("Goed gespeeld, Café!", None)
    assert read_frame(chat(preset="well-played")) == Chat(None, "well-played")
    assert read_frame(chat("x" * CHAT_LENGTH)) == Chat("x" * CHAT_LENGTH, None)
    assert read_frame(chat("🂡 <b>&amp;</b>")) == Chat("🂡 <b>&amp;</b>", None)  # the page shows text as text
    assert read_frame('{"type": "hint", "version": 3}') == Hint(3)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (chat(""), "1 to 200"),
        (chat("   "), "1 to 200"),
        (chat("x" * (CHAT_LENGTH + 1)), "1 to 200"),
        (chat("two\nlines"), "control"),
        (chat("bell\x07"), "control"),
        (chat("line\u2028separator"), "control"),
        ('{"type": "chat", "text": "half \\ud83c a surrogate"}', "control"),
        (json.dumps({"type": "chat", "text": 5}), "string"),
        (json.dumps({"type": "chat"}), "a text or a preset"),
        (json.dumps({"type": "chat", "text": "hi", "preset": "hello"}), "a text or a preset"),
        (chat(preset="cheat"), "preset is one of"),
        (json.dumps({"type": "chat", "preset": ["hello"]}), "preset is one of"),
        (json.dumps({"type": "chat", "text": "hi", "to": 2}), "no field"),
        (json.dumps({"type": "hint"}), "integer version"),
        (json.dumps({"type": "hint", "version": "3"}), "integer version"),
    ],
)
def test_a_bad_chat_or_hint_frame_is_a_bad_message(text: str, says: str) -> None:
    with pytest.raises(BadMessage, match=says):
        read_frame(text)


# --------------------------------------------------------------------------- the chat at a table


def test_a_chat_message_goes_to_everyone_and_changes_nothing_stored() -> None:
    h = four()
    before, events = snapshot(h.table), list(h.events)
    h.send(0, chat(preset="hello"))
    h.send(1, chat("Hallo allemaal"))
    for receiver in (0, 1, 2, 3, None):
        said = [(f["seat"], f["name"], f["text"], f["preset"]) for f in chats(h, receiver)]
        assert said == [(0, "Ann", None, "hello"), (1, "Bob", "Hallo allemaal", None)]
    assert snapshot(h.table) == before and h.events == events, "chat is no change of the table"
    assert [m["text"] for m in h.table.table_talk.history()["messages"]] == [None, "Hallo allemaal"]
    assert not h.replayed().table_talk.log, "never stored: a restart forgets the chat"


def test_a_spectator_reads_but_does_not_write() -> None:
    h = four()
    assert error(h.send(None, chat(preset="hello")))[0] == "not-seated"
    assert error(h.send(None, chat("hi")))[0] == "not-seated"
    assert h.table.reads.frame(None)["talk"] == "read"
    assert not chats(h, 0)


def test_each_seat_sends_a_few_messages_in_ten_seconds_on_all_its_connections() -> None:
    h = four()
    for k in range(RATE - 1):
        assert h.send(0, chat(f"message {k}")).told is not None
    other = h.connections[0].__class__()  # Ann in a second tab: the same seat, the same pace
    other.receive(h.table, json.dumps({"type": "hello", "token": h.tokens[0]}), now=h.now)
    assert other.receive(h.table, chat(preset="thanks"), now=h.now).told is not None
    code, message = error(h.send(0, chat("one too many")))
    assert code == "too-many" and f"{RATE} chat messages" in message
    assert error(h.run(other.receive(h.table, chat(preset="sorry"), now=h.now)))[0] == "too-many"
    assert h.send(1, chat(preset="hello")).told is not None  # Bob's pace is his own
    h.now += WINDOW
    assert h.send(0, chat("and on")).told is not None


def test_the_table_keeps_its_last_messages() -> None:
    h = four()
    for k in range(KEPT + 7):
        h.now += WINDOW / RATE
        h.send(k % 4, chat(f"m{k}"))
    kept = [m["text"] for m in h.table.table_talk.history()["messages"]]
    assert kept == [f"m{k}" for k in range(7, KEPT + 7)]


def test_kampioenschap_closes_free_text_during_a_round_but_not_presets() -> None:
    h = four()
    assert all(h.table.reads.frame(s)["talk"] == "free" for s in range(4))  # before the first deal
    deal(h)
    for seat in range(4):
        assert h.table.reads.frame(seat)["talk"] == "presets"
        code, message = error(h.send(seat, chat("ik heb harten")))
        assert code == "not-allowed" and "preset messages only" in message
        assert h.send(seat, chat(preset="one-moment")).told is not None
    rng = random.Random(3)
    while (turn := h.table.session.turn) is not None:
        h.act(turn, rng.choice(h.table.reads.frame(turn)["legal_actions"]))
    assert all(h.table.reads.frame(s)["talk"] == "free" for s in range(4))  # between rounds
    assert h.send(2, chat("goed gespeeld")).told is not None


def test_bsg_lets_the_players_talk_during_a_round() -> None:
    h = four("bsg")
    deal(h)
    assert all(h.table.reads.frame(s)["talk"] == "free" for s in range(4))
    assert h.send(3, chat("wie heeft er schoppen?")).told is not None


def test_a_praatjes_players_talk_once_their_hands_lie_open() -> None:
    """Seed 000 §12: "Na het verplicht open leggen van alle kaarten mag open gecommuniceerd worden"."""
    h = four(PRAATJE)
    deal(h)
    talker = -1
    for bid in ("bid misere", "bid open-misere", "bid open-misere-praatje"):
        talker = h.table.session.turn or 0
        assert h.table.reads.frame(talker)["talk"] == "presets"
        h.act(talker, bid)
    while h.table.session.match.dealt is not None and h.table.session.match.dealt.phase != "play":
        turn = h.table.session.turn
        assert turn is not None
        h.act(turn, "pass")
    talk = {s: h.table.reads.frame(s)["talk"] for s in range(4)}
    assert talk == {s: "free" if s == talker else "presets" for s in range(4)}
    assert h.send(talker, chat("ik speel mijn schoppen eerst")).told is not None
    assert error(h.send((talker + 1) % 4, chat("pas op")))[0] == "not-allowed"


# --------------------------------------------------------------------------- hints


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        ({"hints": True, "competitive": True}, "competitive table offers no hints"),
        ({"hints": "yes"}, "hints is true or false"),
        ({"competitive": 1}, "competitive is true or false"),
    ],
)
def test_hints_and_competition_are_flags_that_exclude_each_other(extra: dict[str, Any], says: str) -> None:
    with pytest.raises(TableError, match=says) as refused:
        Table.create(body(**extra), now=0.0)
    assert status_of(refused.value) == 400


def test_the_info_and_a_rematch_say_whether_hints_are_offered() -> None:
    plain = Harness(body(rounds=1)).table
    assert (plain.reads.info()["hints"], plain.reads.info()["competitive"]) == (False, False)
    h = Harness(body(rounds=1, hints=True))
    assert h.table.reads.info()["hints"] and not h.table.reads.info()["competitive"]
    assert Harness(body(competitive=True)).table.reads.info()["competitive"]
    h.join("Bob")
    for seat in (0, 1):
        h.sit(seat)
        h.ready(seat)
    h.now += 1
    while h.step() or h.table.session.turn in (0, 1):
        turn = h.table.session.turn
        if turn in (0, 1):
            h.act(turn, h.table.reads.frame(turn)["legal_actions"][0])
    assert h.table.status == "over"
    assert h.table.rematch_body(h.tokens[0])[1]["hints"] is True


def hinting(**extra: Any) -> Harness:
    """Ann and Bob at a Rififi table (with ``extra``), round 0 dealt, a person to act."""
    h = Harness(body(**extra))
    h.join("Bob")
    for seat in (0, 1):
        h.sit(seat)
        h.ready(seat)
    h.now += 1
    while h.step():
        pass
    return h


def test_a_hint_is_the_normal_bots_choice_for_the_seat_on_its_turn_to_it_alone() -> None:
    h = hinting(hints=True)
    table = h.table
    seat, version = table.session.turn, table.version
    assert seat in (0, 1)
    other = 1 - seat
    ask = json.dumps({"type": "hint", "version": version})
    assert error(h.send(None, ask))[0] == "not-seated"
    assert error(h.send(other, ask))[0] == "not-your-turn"
    assert error(h.send(seat, json.dumps({"type": "hint", "version": version - 1})))[0] == "stale"
    outcome = table.hint(seat, version)
    assert outcome.think is not None and outcome.think.view == table.session.view(seat)
    assert error(table.hint(seat, version))[0] == "too-many"  # one hint per turn, on its way
    hint = table.hinted(outcome.think, table.reads.frame(seat)["legal_actions"][-1])
    assert hint == {
        "type": "hint",
        "version": version,
        "action": table.reads.frame(seat)["legal_actions"][-1],
    }
    assert table.hint(seat, version).reply == hint  # asked again: the same hint, not thought again
    assert snapshot(table)[0] == version and not any(e.kind == "hint" for e in h.events)
    h2 = hinting(hints=True)  # as the server runs it: the bot thinks, the sender alone is told
    turn = h2.table.session.turn
    assert turn is not None
    h2.send(turn, json.dumps({"type": "hint", "version": h2.table.version}))
    (told,) = [f for f in h2.inbox[turn] if f["type"] == "hint"]
    assert told["action"] in h2.table.reads.frame(turn)["legal_actions"]
    assert not [f for r in (1 - turn, None) for f in h2.inbox.get(r, []) if f["type"] == "hint"]


def test_a_hint_that_comes_after_the_table_moved_on_is_dropped() -> None:
    h = hinting(hints=True)
    seat = h.table.session.turn
    assert seat is not None
    asked = h.table.hint(seat, h.table.version).think
    assert asked is not None
    h.act(seat, h.table.reads.frame(seat)["legal_actions"][0])
    assert h.table.hinted(asked, "bid 0") is None


def test_no_hint_at_a_table_without_hints() -> None:
    h = hinting()
    seat = h.table.session.turn
    assert seat is not None
    code, message = error(h.send(seat, json.dumps({"type": "hint", "version": h.table.version})))
    assert code == "not-allowed" and "no hints" in message


# --------------------------------------------------------------------------- over a real server


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    server = Served(f"sqlite:///{tmp_path_factory.mktemp('talk') / 't.sqlite3'}")
    yield server
    server.stop()


def test_chat_and_hints_over_websockets(served: Served) -> None:
    seats = [
        {"kind": "human", "name": "Ann"},
        {"kind": "human", "name": "Bob"},
        {"kind": "bot", "bot": "random"},
    ]
    answer = served.create(body(seats, rounds=1, hints=True, away_limit=1))
    table = answer["table"]
    tokens = {s["seat"]: s["token"] for s in answer["seats"]}

    async def run() -> None:
        ann = await Peer.hello(served, table, tokens[0])
        bob = await Peer.hello(served, table, tokens[1])
        watcher = await Peer.hello(served, table)
        version = ann.last["version"]
        await ann.send(chat("Hallo <b>Bob</b>"))
        for peer in (ann, bob, watcher):
            got = await peer.until(lambda f: f["type"] == "chat")
            assert (got["seat"], got["name"], got["text"], got["preset"]) == (
                0,
                "Ann",
                "Hallo <b>Bob</b>",
                None,
            )
        await bob.send(chat(preset="well-played"))
        assert (await watcher.until(lambda f: f["type"] == "chat"))["preset"] == "well-played"
        assert (await watcher.answer(json.loads(chat(preset="hello"))))["code"] == "not-seated"
        assert served.get(f"/api/tables/{table}")["version"] == version
        await bob.ws.close()  # a page coming back gets the last messages after its hello
        bob = Peer(await connect(served.ws + table))
        await bob.send({"type": "hello", "token": tokens[1]})
        assert (await bob.frame())["type"] == "state"
        log = await bob.frame()
        assert log["type"] == "chat-log" and [m["seat"] for m in log["messages"]] == [0, 1]
        for k in range(RATE + 1):
            await bob.send(chat(preset=CHAT_PRESETS[k % len(CHAT_PRESETS)]))
        assert (await bob.until(lambda f: f["type"] == "error"))["code"] == "too-many"
        await bob.ws.close()  # away: a stand-in plays for Bob, and Ann gets her turn
        await ann.send({"type": "ready"})
        mine = await ann.until(lambda f: f["type"] == "state" and len(f["legal_actions"]) > 1)
        await ann.send({"type": "hint", "version": mine["version"]})
        hint = await ann.until(lambda f: f["type"] in ("hint", "error"))
        assert hint["type"] == "hint" and hint["version"] == mine["version"], hint
        assert hint["action"] in mine["legal_actions"]
        await watcher.send({"type": "hint", "version": mine["version"]})
        assert (await watcher.until(lambda f: f["type"] == "error"))["code"] == "not-seated"
        for peer in (ann, watcher):
            await peer.ws.close()

    asyncio.run(asyncio.wait_for(run(), WAIT))
    with Store(served.url) as store:
        loaded = store.load(table)
    assert loaded is not None
    assert {event.kind for event in loaded[1]} <= {"seat", "ready", "deal", "act"}
    assert "Hallo" not in json.dumps([event.data for event in loaded[1]])
