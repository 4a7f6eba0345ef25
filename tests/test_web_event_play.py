"""Whole club events end to end against a real ``troef serve`` with real WebSocket clients, in both
formats (clubs.md, Events): every player sits once per session, a duplicate session's tables have the same
deals, every record verifies, the standings are what the records add up to, the ratings move as the
ranks say; and an event goes on where it was after its server is killed (SIGKILL) and started again."""

# ruff: noqa: F811 - test_store's fixture `url` is imported by name, and the tests take it as an argument

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from typing import Any

import httpx2
import pytest
from sqlalchemy import delete, update

from event_people import Person, club_with, signed_up
from serving import ServerProcess, fresh_postgresql, redis_or_skip
from test_store import postgresql_skip_reason, url  # noqa: F401 - fixtures: SQLite, or a PostgreSQL schema
from troef.games.fair import verify
from troef.interfaces.web.schema import EVENT_SESSIONS, EVENT_TABLES
from troef.interfaces.web.store import Store

pytestmark = pytest.mark.slow

NAMES = ["Ann", "Bob", "Cor", "Dirk", "Eva", "Fien", "Gijs", "Hans", "Ilse"]


def event_body(names: list[str], form: str, **more: Any) -> dict[str, Any]:
    return {
        "name": "Rikavond november",
        "game": "rikken",
        "rules": "kampioenschap-online",
        "format": form,
        "sessions": 2,
        "rounds": 2,
        "players": names,
        **more,
    }


async def run_event(base: str, names: list[str], form: str, **more: Any) -> tuple[list[Person], str]:
    people = await signed_up(base, names)
    club = await club_with(people[0], people[1:])
    made = await people[0].http.post(f"/api/clubs/{club}/events", json=event_body(names, form, **more))
    assert made.status_code == 201, made.text
    event = made.json()["event"]
    started = await people[0].http.post(f"/api/events/{event}/start")
    assert started.status_code == 200, started.text
    await asyncio.gather(*(p.play(event, random.Random(k)) for k, p in enumerate(people)))
    return people, event


def get(base: str, path: str, cookie: str) -> httpx2.Response:
    """``GET`` as the person whose session cookie this is."""
    with httpx2.Client(base_url=base, cookies={"troef_session": cookie}) as client:
        return client.get(path)


def records(base: str, seen: dict[str, Any]) -> dict[str, dict[str, Any]]:
    tables = [t["table"] for s in seen["sessions"] for t in s["tables"]]
    return {t: httpx2.get(f"{base}/api/tables/{t}/record").json() for t in tables}


def expected_standings(seen: dict[str, Any], played: dict[str, dict[str, Any]]) -> dict[str, tuple[int, int]]:
    """Each player's points and matchpoints as the records add them up (clubs.md's definitions)."""
    points: Counter[str] = Counter()
    matchpoints: Counter[str] = Counter()
    for session in seen["sessions"]:
        tables = session["tables"]
        for t in tables:
            for k, round_record in enumerate(played[t["table"]]["rounds"]):
                for s in t["seats"]:
                    if "name" not in s:
                        continue
                    mine = round_record["result"]["scores"][s["seat"]]
                    points[s["name"]] += mine
                    for other in tables if seen["format"] == "duplicate" else ():
                        if other is not t:
                            theirs = played[other["table"]]["rounds"][k]["result"]["scores"][s["seat"]]
                            matchpoints[s["name"]] += 2 if theirs < mine else 1 if theirs == mine else 0
    return {name: (points[name], matchpoints[name]) for name in points}


@pytest.mark.parametrize("form", ["draw", "duplicate"])
def test_a_whole_event_is_played_scored_and_rated(url: str, form: str) -> None:
    names = NAMES[:8] if form == "duplicate" else NAMES  # 9 players: a table of 4 and one of 5
    with ServerProcess(url) as served:
        people, event = asyncio.run(run_event(served.base, names, form))
        seen = get(served.base, f"/api/events/{event}", people[0].cookie).json()
        assert seen["status"] == "over" and [s["status"] for s in seen["sessions"]] == ["over", "over"]
        for session in seen["sessions"]:
            seated = sorted(s["name"] for t in session["tables"] for s in t["seats"] if "name" in s)
            assert seated == sorted(names)  # every player sits once per session
        if form == "draw":
            assert sorted(len(t["seats"]) for t in seen["sessions"][0]["tables"]) == [4, 5]
        played = records(served.base, seen)
        for record in played.values():
            assert verify(record).ok, verify(record)
        if form == "duplicate":
            for session in seen["sessions"]:
                deals = [[r["deal"] for r in played[t["table"]]["rounds"]] for t in session["tables"]]
                assert all(d == deals[0] for d in deals[1:])  # the same deals at every table
                keys = {r["fair"]["table"] for t in session["tables"] for r in played[t["table"]]["rounds"]}
                assert keys == {f"{event}/{session['session']}"}
        expected = expected_standings(seen, played)
        for row in seen["standings"]:
            assert row["points"] == expected[row["name"]][0] and row["rounds"] == 4
            assert row.get("matchpoints") == (expected[row["name"]][1] if form == "duplicate" else None)
        key = "matchpoints" if form == "duplicate" else "points"
        ranked = sorted(seen["standings"], key=lambda r: -r[key])
        assert [r["rank"] for r in seen["standings"]] == [
            1 + sum(o[key] > r[key] for o in ranked) for r in ranked
        ]
        csv = get(served.base, f"/api/events/{event}/standings.csv", people[0].cookie)
        assert csv.text.splitlines()[0] == (
            "rank,name,points,matchpoints,rounds" if form == "duplicate" else "rank,name,points,rounds"
        )
        assert len(csv.text.splitlines()) == len(names) + 1
        first = seen["sessions"][0]["tables"][0]
        totals = {
            s["name"]: played[first["table"]]["totals"][s["seat"]] for s in first["seats"] if "name" in s
        }
        ratings = {name: httpx2.get(f"{served.base}/api/players/{name}").json() for name in names}
        for player in ratings.values():
            assert player["ratings"]["rikken"]["matches"] == 2
            assert [e["event"] for e in player["events"]] == [event]
        history = {name: ratings[name]["history"][0] for name in totals}
        best, worst = max(totals, key=totals.__getitem__), min(totals, key=totals.__getitem__)
        if (
            totals[best] != totals[worst]
        ):  # after the first match, from 25 each: the best rose, the worst fell
            assert history[best]["mu"] > 25 > history[worst]["mu"]
            assert history[best]["rank"] == 1


def test_an_event_goes_on_where_it_was_after_a_sigkill(url: str) -> None:
    """The server is killed mid-session, then again with the next session's draw undone (as if killed
    between the last table's end and the draw): started again on the same database, the event goes on."""
    names = NAMES[:8]

    async def play() -> tuple[list[Person], str]:
        served = ServerProcess(url)
        people = await signed_up(served.base, names)
        club = await club_with(people[0], people[1:])
        body = event_body(names, "duplicate", sessions=2, rounds=3)
        event = (await people[0].http.post(f"/api/clubs/{club}/events", json=body)).json()["event"]
        assert (await people[0].http.post(f"/api/events/{event}/start")).status_code == 200
        playing = [asyncio.create_task(p.play(event, random.Random(k))) for k, p in enumerate(people)]
        table = (await people[0].http.get(f"/api/events/{event}/seat")).json()["table"]
        while (await people[0].http.get(f"/api/tables/{table}")).json()["version"] < 30:
            await asyncio.sleep(0.05)
        served.kill()  # mid-session 1, its tables playing
        served.log.unlink()
        served = ServerProcess(url)
        for person in people:
            person.move(served.base)
        await asyncio.gather(*playing)
        served.kill()
        served.log.unlink()
        return people, event

    people, event = asyncio.run(play())
    with ServerProcess(url) as served:
        seen = get(served.base, f"/api/events/{event}", people[0].cookie).json()
        assert seen["status"] == "over"
        for session in seen["sessions"]:
            assert sorted(s["name"] for t in session["tables"] for s in t["seats"]) == sorted(names)
        played = records(served.base, seen)
        assert all(verify(record).ok for record in played.values())
        assert all(len(record["rounds"]) == 3 for record in played.values())
        expected = expected_standings(seen, played)
        assert {r["name"]: (r["points"], r["matchpoints"]) for r in seen["standings"]} == expected
        for name in names:  # each table rated once, whether it ended before the kill or after
            assert served.get(f"/api/players/{name}")["ratings"]["rikken"]["matches"] == 2


def test_a_session_left_undrawn_is_drawn_when_the_server_starts_again(url: str) -> None:
    """Killed after session 1's last table ended and before session 2 was stored: the next start draws it."""
    names = NAMES[:4]

    async def first_session(base: str) -> tuple[list[Person], str]:
        people = await signed_up(base, names)
        club = await club_with(people[0], people[1:])
        body = event_body(names, "draw", sessions=2, rounds=1)
        event = (await people[0].http.post(f"/api/clubs/{club}/events", json=body)).json()["event"]
        assert (await people[0].http.post(f"/api/events/{event}/start")).status_code == 200
        await asyncio.gather(*(p.play(event, random.Random(k), until=1) for k, p in enumerate(people)))
        return people, event

    with ServerProcess(url) as served:
        people, event = asyncio.run(first_session(served.base))
        cookie = people[0].cookie
        for _ in range(200):  # (session 2 is drawn as session 1's last table ends: a moment later)
            seen = get(served.base, f"/api/events/{event}", cookie).json()
            if len(seen["sessions"]) == 2:
                break
            time.sleep(0.05)
        assert [s["status"] for s in seen["sessions"]] == ["over", "playing"]
        served.kill()
    with Store(url) as store, store.writing() as connection:  # undo session 2's draw, as if killed before it
        connection.execute(delete(EVENT_TABLES).where(EVENT_TABLES.c.session == 2))
        connection.execute(delete(EVENT_SESSIONS).where(EVENT_SESSIONS.c.session == 2))
        where = (EVENT_SESSIONS.c.event == event) & (EVENT_SESSIONS.c.session == 1)
        connection.execute(update(EVENT_SESSIONS).where(where).values(status="playing"))
    with ServerProcess(url) as served:
        seen = get(served.base, f"/api/events/{event}", cookie).json()
        assert [s["status"] for s in seen["sessions"]] == ["over", "playing"]
        assert sorted(s["name"] for s in seen["sessions"][1]["tables"][0]["seats"]) == sorted(names)


def test_an_event_runs_across_two_processes() -> None:
    """Two ``troef serve --redis`` processes on one PostgreSQL: half the players talk to each, and the
    tables' leaders (either process) draw the sessions; the event plays to its end."""
    redis = redis_or_skip()
    names = NAMES[:8]
    with (
        fresh_postgresql("troef_events") as database,
        ServerProcess(database, redis=redis) as first,
        ServerProcess(database, redis=redis) as second,
    ):

        async def play() -> tuple[list[Person], str]:
            people = await signed_up(first.base, names)
            for person in people[::2]:
                person.move(second.base)  # (a session cookie works on either: the database signs it)
            club = await club_with(people[0], people[1:])
            body = event_body(names, "duplicate", sessions=3, rounds=1)
            event = (await people[0].http.post(f"/api/clubs/{club}/events", json=body)).json()["event"]
            assert (await people[0].http.post(f"/api/events/{event}/start")).status_code == 200
            await asyncio.gather(*(p.play(event, random.Random(k)) for k, p in enumerate(people)))
            return people, event

        people, event = asyncio.run(play())
        for served in (first, second):
            seen = get(served.base, f"/api/events/{event}", people[1].cookie).json()
            assert seen["status"] == "over" and len(seen["sessions"]) == 3
            assert all(row["rounds"] == 3 for row in seen["standings"])


def test_a_casual_table_is_rated_when_asked_and_every_human_is_an_account(url: str) -> None:
    async def play(base: str) -> list[Person]:
        people = await signed_up(base, NAMES[:3])
        guest = httpx2.AsyncClient(base_url=base)
        for rated, guests in ((True, 0), (False, 0), (True, 1)):  # only the first is rated
            seats = [{"kind": "human", "name": "Ann"}, {"kind": "open"}, {"kind": "open"}]
            body = {"game": "piken", "players": 3, "rounds": 1, "seats": seats, "rated": rated}
            made = (await people[0].http.post("/api/tables", json=body)).json()
            code = made["invite"].rsplit("/", 1)[1]
            tokens = [made["seats"][0]["token"]]
            for k, joiner in enumerate(people[1:]):
                http = guest if k < guests else joiner.http
                joined = await http.post(
                    f"/api/tables/{made['table']}/join", json={"name": joiner.name, "invite": code}
                )
                tokens.append(joined.json()["token"])
            await asyncio.gather(
                *(p.play_table(made["table"], tokens[k], k, random.Random(k)) for k, p in enumerate(people))
            )
        await guest.aclose()
        return people

    with ServerProcess(url) as served:
        people = asyncio.run(play(served.base))
        for person in people:
            for _ in range(100):  # (rated as the table ends: a moment later)
                seen = served.get(f"/api/players/{person.name}")
                if seen["ratings"]:
                    break
                time.sleep(0.05)
            assert seen["ratings"]["piken"]["matches"] == 1 and len(seen["history"]) == 1
            assert seen["stats"]["piken"]["tables"] == 1 and seen["stats"]["piken"]["rounds"] == 1
            rating = seen["ratings"]["piken"]
            assert abs(rating["rating"] - (rating["mu"] - 3 * rating["sigma"])) <= 0.011  # each rounded apart


def test_a_player_who_does_not_show_up_gets_a_stand_in_and_the_event_goes_on(url: str) -> None:
    """Dirk never comes: after the away limit a stand-in bot plays his seat, marked in the record, and the
    session ends as any other."""
    names = NAMES[:4]

    async def play(base: str) -> tuple[list[Person], str]:
        people = await signed_up(base, names)
        club = await club_with(people[0], people[1:])
        body = event_body(names, "draw", sessions=1, rounds=1, ready_limit=1, away_limit=1)
        event = (await people[0].http.post(f"/api/clubs/{club}/events", json=body)).json()["event"]
        assert (await people[0].http.post(f"/api/events/{event}/start")).status_code == 200
        await asyncio.gather(*(p.play(event, random.Random(k)) for k, p in enumerate(people[:3])))
        return people, event

    with ServerProcess(url) as served:
        people, event = asyncio.run(play(served.base))
        seen = get(served.base, f"/api/events/{event}", people[0].cookie).json()
        assert seen["status"] == "over"
        (table,) = seen["sessions"][0]["tables"]
        dirk = next(s["seat"] for s in table["seats"] if s["name"] == "Dirk")
        (played,) = served.get(f"/api/tables/{table['table']}/record")["rounds"]
        assert played["stand_in"]  # the indices of the stand-in's actions
        (shown,) = served.get(f"/api/tables/{table['table']}")["sheet"]["rounds"]
        assert shown["stand_in"] == [dirk]  # marked on the sheet as his seat's
        assert next(r for r in seen["standings"] if r["name"] == "Dirk")["rounds"] == 1
