"""The ``answer`` frame (docs/server.md): what a player typed, read by the server with the seat's table in
its connection's language, then taken as an ``act`` is (version checks, applied at most once), or refused
as ``illegal`` in that language, listing the choices as shown."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import pytest
from websockets.asyncio.client import connect

from test_web_app import Frame, Peer, Served
from test_web_table import Harness, body, error
from troef.interfaces.web.frames import Answer, read_frame

pytestmark = pytest.mark.slow

OH_HELL_10 = {"preset": "oh-hell", "tricks": 10}
"""Ten cards each from 52: a card turn has choices, many with a digit rank."""


def answer(text: str, version: int) -> str:
    return json.dumps({"type": "answer", "text": text, "version": version})


def typed(code: str) -> str:
    """A card as a player types it: ``10h`` for TH, ``5h`` for 5H."""
    return ("10" if code[0] == "T" else code[0]) + code[1].lower()


def at_a_card_turn() -> Harness:
    """Ann (0, in Dutch) and Bob (1, in English) with a random bot, both people answering by typing
    until one of them is to play a card."""
    h = Harness(body(rules=OH_HELL_10))
    h.join("Bob")
    h.sit(0)
    h.sit(1)
    h.send(0, json.dumps({"type": "sync", "lang": "nl"}))
    h.send(1, json.dumps({"type": "sync", "lang": "en"}))
    h.ready(0)
    h.ready(1)
    h.now += 1
    while True:
        seat = h.table.session.turn
        if seat not in (0, 1):
            assert h.step()
            continue
        view = h.table.session.view(seat)
        assert view is not None
        if view["phase"] == "play":
            return h
        bid = view["legal_actions"][0]
        outcome = h.send(seat, answer(bid.split()[1], h.table.version))  # a bid typed as its number
        assert [e.data["action"] for e in outcome.events] == [bid]


def test_an_answer_frame_is_read() -> None:
    assert read_frame(answer("5h", 17)) == Answer("5h", 17)
    h = Harness(body())
    h.sit(0)
    for bad in ('{"type": "answer", "text": "5h"}', '{"type": "answer", "text": 5, "version": 1}'):
        assert error(h.send(0, bad))[0] == "bad-message"


def test_an_answer_plays_exactly_the_card_typed_and_a_bad_one_is_refused_in_the_seats_language() -> None:
    h = at_a_card_turn()
    seat = h.table.session.turn
    assert seat is not None
    view = h.table.session.view(seat)
    assert view is not None
    cards = [a.split()[1] for a in view["legal_actions"]]
    card = next((c for c in cards if c[0] in "T23456789"), cards[0])  # a digit rank where there is one
    version = h.table.version

    code, message = error(h.send(seat, answer("zz", version)))
    refusal = (
        "'zz' is geen van je keuzes; je mag spelen: 1) " if seat == 0 else "'zz' is not one of your choices; "
    )
    assert code == "illegal" and message.startswith(refusal), message
    assert all(c in message for c in cards)
    assert h.table.version == version

    outcome = h.send(seat, answer(typed(card), version))
    assert [(e.data["seat"], e.data["action"]) for e in outcome.events] == [(seat, f"play {card}")]
    after = h.table.session.view(seat)
    assert after is not None and sorted(after["hand"]) == sorted(c for c in view["hand"] if c != card)

    resent = h.send(seat, answer(typed(card), version))  # after a reconnect: the state, not a second move
    assert not resent.events and resent.reply is not None and resent.reply["type"] == "state"
    assert error(h.send(seat, answer(typed(card), h.table.version + 1)))[0] == "stale"
    assert error(h.send(None, answer("1", h.table.version)))[0] == "not-seated"


def test_a_number_picks_the_listed_choice_of_that_number_for_the_seat_to_act_only() -> None:
    h = at_a_card_turn()
    seat = h.table.session.turn
    assert seat is not None
    assert error(h.send(1 - seat, answer("1", h.table.version)))[0] == "not-your-turn"
    table = h.table.reads.model(seat, "en")["table"]
    assert table is not None
    first = table["actions"][0]["actions"][0]["action"]
    outcome = h.send(seat, answer("1", h.table.version))
    assert [e.data["action"] for e in outcome.events] == [first]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    server = Served(f"sqlite:///{tmp_path_factory.mktemp('answers') / 'tables.sqlite3'}")
    yield server
    server.stop()


def test_answers_over_a_websocket_in_dutch(served: Served) -> None:
    seats = [
        {"kind": "human", "name": "Ann"},
        {"kind": "bot", "bot": "random"},
        {"kind": "bot", "bot": "random"},
    ]
    created = served.create(
        {"game": "rififi", "rules": OH_HELL_10, "players": 3, "seats": seats, "rounds": 1}
    )

    async def run() -> tuple[str, Frame, Frame, Frame]:
        peer = Peer(await connect(served.ws + created["table"]))
        await peer.send({"type": "hello", "token": created["seats"][0]["token"], "lang": "nl"})
        await peer.until(lambda f: f["type"] == "state")
        await peer.answer({"type": "ready"})
        while True:
            state = await peer.until(lambda f: f["type"] == "state" and bool(f["legal_actions"]))
            legal, version = state["legal_actions"], state["version"]
            if legal[0].startswith("bid "):
                said = await peer.answer({"type": "answer", "text": legal[0].split()[1], "version": version})
                assert said["type"] == "state", said
            elif len(legal) > 1:  # a single card is played for her
                card = next((a[5:] for a in legal if a[5] in "T23456789"), legal[0][5:])
                refused = await peer.answer({"type": "answer", "text": "zz", "version": version})
                played = await peer.answer({"type": "answer", "text": typed(card), "version": version})
                return card, state, refused, played

    card, before, refused, played = asyncio.run(run())
    assert refused["type"] == "error" and refused["code"] == "illegal"
    assert refused["message"].startswith("'zz' is geen van je keuzes; je mag spelen: 1) ")
    assert played["type"] == "state" and played["version"] == before["version"] + 1
    assert sorted(played["view"]["hand"]) == sorted(c for c in before["view"]["hand"] if c != card)
    assert f"{before['view']['seat']}:play {card}" in played["view"]["actions"]
