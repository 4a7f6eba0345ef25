"""Club events, seasons, ratings' pages and password links over HTTP (clubs.md): every row of the contract
and each of its refusals (not signed in, a member doing an admin's part, an outsider, an unknown player,
rules the game refuses, numbers out of range, seats no bot fills, another site's ``Origin``), on SQLite
and PostgreSQL. Whole events played over WebSockets are in test_web_event_play.py."""

# ruff: noqa: F811 - test_store's fixture `url` is imported by name, and the tests take it as an argument

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from test_store import postgresql_skip_reason, url  # noqa: F401 - fixtures: SQLite, or a PostgreSQL schema
from test_web_accounts import serve
from test_web_clubs import People, taking_turns
from troef.interfaces.web.accounts import COOKIE
from troef.interfaces.web.app import POLICY
from troef.interfaces.web.store import Store

pytestmark = pytest.mark.slow

NAMES = ["Ann", "Bob", "Cor", "Dirk", "Eva", "Fien", "Gijs", "Hans", "Ilse", "Jan", "Kees", "Lot"]


@pytest.fixture
def club(url: str) -> Iterator[tuple[People, str]]:
    """Ann's club, which everyone of `NAMES` but Lot joined; the client as each person."""
    with serve(url, signups_per_minute=len(NAMES) + 2) as client:
        as_person = taking_turns(client, NAMES)
        made = as_person("Ann").post("/api/clubs", json={"name": "Rikclub De Troef"}).json()
        for name in NAMES[1:-1]:
            assert (
                as_person(name)
                .post(f"/api/clubs/{made['club']}/join", json={"invite": made["invite"]})
                .status_code
                == 200
            )
        yield as_person, made["club"]


def body(players: list[str], **more: Any) -> dict[str, Any]:
    return {
        "name": "Rikavond november",
        "game": "rikken",
        "rules": "kampioenschap-online",
        "format": "draw",
        "sessions": 3,
        "rounds": 4,
        "players": players,
        **more,
    }


def refused(answer: Any, status: int, *words: str) -> None:
    assert answer.status_code == status, answer.text
    error = answer.json()["error"]
    assert all(word in error for word in words), error


def new_event(people: People, club: str, players: list[str], **more: Any) -> str:
    answer = people("Ann").post(f"/api/clubs/{club}/events", json=body(players, **more))
    assert answer.status_code == 201, answer.text
    assert set(answer.json()) == {"event"}
    return str(answer.json()["event"])


def test_an_admin_makes_an_event_and_members_see_it(club: tuple[People, str]) -> None:
    people, club_id = club
    event = new_event(people, club_id, NAMES[:8])
    seen = people("Bob").get(f"/api/events/{event}").json()
    assert {
        k: seen[k] for k in ("event", "name", "game", "rules", "format", "status", "sessions", "standings")
    } == {
        "event": event,
        "name": "Rikavond november",
        "game": "rikken",
        "rules": "kampioenschap-online",
        "format": "draw",
        "status": "registered",
        "sessions": [],
        "standings": [
            {"rank": 1, "name": name, "points": 0, "rounds": 0}
            for name in sorted(NAMES[:8], key=str.casefold)
        ],
    }
    assert seen["role"] == "member" and seen["you"] == "Bob"
    listed = people("Bob").get(f"/api/clubs/{club_id}").json()["events"]
    assert listed == [{"event": event, "name": "Rikavond november", "status": "registered"}]


def test_who_may_do_what_with_an_event(club: tuple[People, str]) -> None:
    people, club_id = club
    refused(people("Bob").post(f"/api/clubs/{club_id}/events", json=body(NAMES[:8])), 403, "admins")
    refused(people("Lot").post(f"/api/clubs/{club_id}/events", json=body(NAMES[:8])), 403)
    refused(people("").post(f"/api/clubs/{club_id}/events", json=body(NAMES[:8])), 401, "signed in")
    event = new_event(people, club_id, NAMES[:8])
    refused(people("Lot").get(f"/api/events/{event}"), 403)
    refused(people("").get(f"/api/events/{event}"), 401)
    refused(people("Lot").get(f"/api/events/{event}/standings.csv"), 403)
    refused(people("Bob").post(f"/api/events/{event}/start"), 403, "admins")
    refused(people("Ann").get("/api/events/nope"), 404, "no event")
    refused(people("Bob").get(f"/api/events/{event}/seat"), 404, "no seat")  # not started
    other_site = people("Ann").post(f"/api/events/{event}/start", headers={"Origin": "https://evil.example"})
    refused(other_site, 403, "another site")
    assert people("Ann").get(f"/api/events/{event}").json()["status"] == "registered"  # nothing changed


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"players": ["Ann", "Lot", "Bob", "Cor"]}, ("'Lot'", "not a member")),
        ({"players": ["Ann", "ann", "Bob", "Cor"]}, ("Ann", "twice")),
        ({"players": []}, ("players",)),
        ({"rules": {"preset": "kampioenschap", "no_such_option": 1}}, ("rules",)),
        ({"sessions": 0}, ("sessions", "1 to 20")),
        ({"sessions": 21}, ("sessions",)),
        ({"rounds": 101}, ("rounds", "1 to 100")),
        ({"rounds": "4"}, ("rounds",)),
        ({"format": "swiss"}, ("format", "draw or duplicate")),
        ({"game": "poker"}, ("game",)),
        ({"fill": "grandmaster"}, ("grandmaster",)),
        ({"players": NAMES[:11]}, ("11 players", "3 tables of 4", "1 seat", "fill")),
        ({"players": NAMES[:6], "format": "duplicate"}, ("6 players", "2 tables of 4", "2 seats", "fill")),
        ({"game": "hoogjassen", "rules": "standaard", "format": "duplicate"}, ("duplicate", "redeal")),
        ({"colour": "red"}, ("unknown field 'colour'",)),
    ],
)
def test_an_event_the_contract_refuses_is_400(
    club: tuple[People, str], change: dict[str, Any], words: tuple[str, ...]
) -> None:
    people, club_id = club
    refused(
        people("Ann").post(f"/api/clubs/{club_id}/events", json={**body(NAMES[:8]), **change}), 400, *words
    )
    assert people("Ann").get(f"/api/clubs/{club_id}").json()["events"] == []


def test_tables_of_five_seat_the_odd_players_and_bots_fill_the_rest(club: tuple[People, str]) -> None:
    people, club_id = club
    nine = new_event(people, club_id, NAMES[:9])
    started = people("Ann").post(f"/api/events/{nine}/start")
    assert started.status_code == 200, started.text
    tables = started.json()["sessions"][0]["tables"]
    assert sorted(len(t["seats"]) for t in tables) == [4, 5]  # Rikken seats five, the dealer sitting out
    refused(people("Ann").post(f"/api/events/{nine}/start"), 409, "started")
    eleven = new_event(people, club_id, NAMES[:11], fill="normal")
    tables = people("Ann").post(f"/api/events/{eleven}/start").json()["sessions"][0]["tables"]
    seats = [s for t in tables for s in t["seats"]]
    assert len(tables) == 3 and [s for s in seats if "bot" in s] == [
        {"seat": s["seat"], "bot": "normal"} for s in seats if "bot" in s
    ]
    assert sum("bot" in s for s in seats) == 1 and sorted(s["name"] for s in seats if "name" in s) == sorted(
        NAMES[:11]
    )


def test_a_player_gets_their_seat_and_its_token_on_every_device(club: tuple[People, str], url: str) -> None:
    people, club_id = club
    event = new_event(people, club_id, NAMES[:8], format="duplicate", rounds=2)
    people("Ann").post(f"/api/events/{event}/start")
    seat = people("Cor").get(f"/api/events/{event}/seat").json()
    assert set(seat) == {"session", "table", "seat", "token"} and seat["session"] == 1
    assert people("Cor").get(f"/api/events/{event}/seat").json() == seat  # asked again: the same
    info = people("Cor").get(f"/api/tables/{seat['table']}").json()
    assert info["seats"][seat["seat"]]["name"] == "Cor" and info["competitive"] and not info["hints"]
    assert info["rated"]
    assert info["event"] == {"event": event, "name": "Rikavond november", "session": 1}
    assert info["rounds"] == 2 and info["round"]["commitment"]
    tables = people("Ann").get(f"/api/events/{event}").json()["sessions"][0]["tables"]
    commitments = {
        people("Ann").get(f"/api/tables/{t['table']}").json()["round"]["commitment"] for t in tables
    }
    assert len(commitments) == 1  # a duplicate session's deal, committed once, shown at every table
    client = people("Cor")
    with client.websocket_connect(f"/ws/tables/{seat['table']}") as ws:
        ws.send_json({"type": "hello", "token": seat["token"]})
        state = ws.receive_json()
        assert state["type"] == "state" and state["seat"] == seat["seat"]
        ws.send_json({"type": "ready", "seed": "abc"})  # a shared deal takes no client seed
        after = ws.receive_json()
    with Store(url) as store:
        loaded = store.load(seat["table"])
    assert loaded is not None
    row, events = loaded
    seeds = row.settings["shared_seeds"]
    assert len(seeds) == 2 and events[-1].data["seed"] == ""
    shown = json.dumps([state, after, info, people("Cor").get(f"/api/events/{event}").json()])
    assert not any(seed in shown for seed in seeds)  # the secret seeds are revealed by finished rounds alone
    refused(people("Lot").get(f"/api/events/{event}/seat"), 403)
    other = next(t["table"] for t in tables if t["table"] != seat["table"])
    for who in ("Cor", "Ilse", ""):  # the same deals are played there: nobody else watches until it ends
        refused(people(who).get(f"/api/tables/{other}/record"), 403, "duplicate")
        refused(people(who).get(f"/api/tables/{other}/rounds/0"), 403, "duplicate")
        refused(people(who).get(f"/api/tables/{other}/rounds/0/analysis"), 403, "duplicate")
        with people(who).websocket_connect(f"/ws/tables/{other}") as ws:
            ws.send_json({"type": "hello"})  # a hello that takes no seat: refused, then closed, saying why
            refusal = ws.receive_json()
            assert refusal["code"] == "not-allowed" and "duplicate" in refusal["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
        assert closed.value.code == POLICY and "duplicate" in closed.value.reason


def test_the_admin_adds_a_late_player_and_removes_one(club: tuple[People, str]) -> None:
    people, club_id = club
    event = new_event(people, club_id, NAMES[:8])
    refused(people("Ann").post(f"/api/events/{event}/players", json={"add": "Lot"}), 400, "not a member")
    refused(people("Ann").post(f"/api/events/{event}/players", json={"add": "Bob"}), 409, "already")
    refused(people("Ann").post(f"/api/events/{event}/players", json={"remove": "Ilse"}), 400, "not a player")
    refused(people("Ann").post(f"/api/events/{event}/players", json={"remove": "Bob", "add": "Ilse"}), 400)
    refused(people("Bob").post(f"/api/events/{event}/players", json={"add": "Ilse"}), 403)
    seen = people("Ann").post(f"/api/events/{event}/players", json={"add": "Ilse"}).json()
    assert {"name": "Ilse", "active": True} in seen["players"]
    seen = people("Ann").post(f"/api/events/{event}/players", json={"remove": "Bob"}).json()
    assert {"name": "Bob", "active": False} in seen["players"]
    tables = people("Ann").post(f"/api/events/{event}/start").json()["sessions"][0]["tables"]
    seated = sorted(s["name"] for t in tables for s in t["seats"])
    assert seated == sorted(["Ann", *NAMES[2:9]])  # Ilse plays, Bob does not
    refused(
        people("Ann").post(f"/api/events/{event}/players", json={"remove": "Cor"}), 400, "7 players", "fill"
    )


def test_a_club_preset_names_an_events_rules(club: tuple[People, str]) -> None:
    people, club_id = club
    preset = {"name": "donderdag", "game": "rikken", "rules": {"preset": "kampioenschap", "troela": True}}
    assert people("Ann").post(f"/api/clubs/{club_id}/presets", json=preset).status_code == 201
    event = new_event(people, club_id, NAMES[:8], rules="donderdag")
    assert people("Ann").get(f"/api/events/{event}").json()["rules"] == {
        "preset": "kampioenschap",
        "troela": True,
    }


def test_the_club_page_data_and_its_season_settings(club: tuple[People, str]) -> None:
    people, club_id = club
    seen = people("Bob").get(f"/api/clubs/{club_id}").json()
    assert seen["role"] == "member" and seen["season"] == {"best": None, "at_least": 0, "standings": []}
    refused(people("Bob").post(f"/api/clubs/{club_id}/season", json={"best": 3, "at_least": 3}), 403)
    for wrong in ({"best": 0, "at_least": 3}, {"best": None, "at_least": 7}, {"best": "3", "at_least": 3}):
        refused(people("Ann").post(f"/api/clubs/{club_id}/season", json=wrong), 400)
    answer = people("Ann").post(f"/api/clubs/{club_id}/season", json={"best": 5, "at_least": 3})
    assert answer.json() == {"best": 5, "at_least": 3}
    assert people("Bob").get(f"/api/clubs/{club_id}").json()["season"]["at_least"] == 3
    mine = people("Bob").get("/api/clubs").json()
    assert mine == {"clubs": [{"club": club_id, "name": "Rikclub De Troef", "role": "member", "presets": []}]}
    refused(people("").get("/api/clubs"), 401)


def test_a_one_time_link_sets_a_members_password(club: tuple[People, str]) -> None:
    people, club_id = club
    refused(people("Bob").post(f"/api/clubs/{club_id}/reset", json={"name": "Cor"}), 403)
    refused(people("Ann").post(f"/api/clubs/{club_id}/reset", json={"name": "Lot"}), 400, "not a member")
    link = people("Ann").post(f"/api/clubs/{club_id}/reset", json={"name": "Cor"}).json()["link"]
    assert link.startswith("/reset/")
    code = link.removeprefix("/reset/")
    old_session = people("Cor").get("/api/session")
    assert old_session.json() == {"name": "Cor"}
    client = people("")
    refused(client.post("/api/accounts/reset", json={"code": code, "password": "short"}), 400, "8")
    done = client.post("/api/accounts/reset", json={"code": code, "password": "a brand new secret"})
    assert (done.status_code, done.json()) == (200, {"name": "Cor"}) and COOKIE in done.cookies
    assert people("Cor").get("/api/session").status_code == 401  # every earlier session ended
    refused(
        client.post("/api/accounts/reset", json={"code": code, "password": "another new one"}), 403, "used"
    )
    signed = client.post("/api/session", json={"name": "Cor", "password": "a brand new secret"})
    assert signed.status_code == 200
    lone = b'{"code": "\\ud800", "password": "12345678"}'  # a lone surrogate, valid JSON
    headers = {"Content-Type": "application/json"}
    refused(client.post("/api/accounts/reset", content=lone, headers=headers), 403)


def test_a_players_page_data(club: tuple[People, str]) -> None:
    people, _club_id = club
    seen = people("").get("/api/players/ann").json()
    assert seen == {"name": "Ann", "ratings": {}, "events": [], "history": [], "stats": {}}
    refused(people("").get("/api/players/nobody"), 404, "no player")


NASTY_GETS = [
    "/api/players/%00x",
    "/api/players/%ED%A0%80",
    "/api/players/" + "x" * 5000,
    "/api/tables/%00",
    "/api/tables/%00/record",
    "/api/clubs/%00",
    "/api/events/%00",
    "/api/events/a%00/seat",
    "/api/events/a%00/standings.csv",
]


def test_ids_and_names_no_database_can_store_are_404_not_500(club: tuple[People, str]) -> None:
    """A NUL in a path's id or name reached PostgreSQL, which refuses it: 500."""
    people, club_id = club
    for path in NASTY_GETS:
        refused(people("Ann").get(path), 404)
    refused(people("Ann").post("/api/events/%00/start"), 404)
    refused(people("Ann").post(f"/api/clubs/{club_id}/reset", json={"name": "Bob\u0000"}), 400, "name")
    table = {
        "game": "rikken",
        "rules": "a\u0000",
        "seats": [{"kind": "human", "name": "Ann"}] + [{"kind": "open"}] * 3,
    }
    refused(people("Ann").post("/api/tables", json=table), 400)
    refused(people("Ann").post(f"/api/clubs/{club_id}/events", json=body(NAMES[:8], rules="a\u0000")), 400)
