"""Clubs (clubs.md, "Clubs") over HTTP: making a club, joining it by its invite code, reading it as a
member, saving its house rules as an admin, and every refusal the contract names: not signed in (401),
an outsider or a mere member (403), a wrong invite (403), no such club (404), rules the game refuses (400);
on SQLite and PostgreSQL, and after a restart."""

# ruff: noqa: F811 - test_store's fixture `url` is imported by name, and the tests take it as an argument

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from starlette.testclient import TestClient

import troef
from test_store import postgresql_skip_reason, url  # noqa: F401 - fixtures: SQLite, or a PostgreSQL schema
from test_web_accounts import PASSWORD, serve
from troef.interfaces.web import clubs
from troef.interfaces.web.accounts import COOKIE

pytestmark = pytest.mark.slow

KAMPIOENSCHAP_5 = {"preset": "kampioenschap", "open_after_trick": 5, "troela": True}


People = Callable[[str], TestClient]
"""The one client, signed in as the person named (each person's session cookie kept)."""


@pytest.fixture
def clients(url: str) -> Iterator[People]:
    """Ann (who makes the club), Bob and Cor, each signed in, taking turns on one client."""
    with serve(url) as client:
        yield taking_turns(client, ["Ann", "Bob", "Cor"])


def taking_turns(client: TestClient, names: list[str]) -> People:
    """Each of ``names`` signed up on ``client``; the client as the person named (``""``: nobody)."""
    cookies = {}
    for name in names:
        client.cookies.clear()
        answer = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
        assert answer.status_code == 201, answer.text
        cookies[name] = client.cookies[COOKIE]

    def as_person(name: str) -> TestClient:
        client.cookies.clear()
        if name:
            client.cookies.set(COOKIE, cookies[name])
        return client

    return as_person


def make_club(client: TestClient, name: str = "Rikclub De Troef") -> dict[str, str]:
    answer = client.post("/api/clubs", json={"name": name})
    assert answer.status_code == 201, answer.text
    made: dict[str, str] = answer.json()
    return made


def test_the_maker_is_the_admin_and_others_join_by_the_invite(clients: People) -> None:
    made = make_club(clients("Ann"))
    assert set(made) == {"club", "invite"}
    club = made["club"]
    joined = clients("Bob").post(f"/api/clubs/{club}/join", json={"invite": made["invite"]})
    assert (joined.status_code, joined.json()) == (200, {"club": club, "role": "member"})
    again = clients("Ann").post(f"/api/clubs/{club}/join", json={"invite": made["invite"]})
    assert again.json() == {"club": club, "role": "admin"}  # the admin stays admin
    seen = clients("Bob").get(f"/api/clubs/{club}").json()
    assert seen == {
        "club": club,
        "name": "Rikclub De Troef",
        "role": "member",
        "members": [{"name": "Ann", "role": "admin"}, {"name": "Bob", "role": "member"}],
        "presets": [],
        "events": [],
        "season": {"best": None, "at_least": 0, "standings": []},
    }
    assert clients("Ann").get(f"/api/clubs/{club}").json()["invite"] == made["invite"]  # admins only


def test_outsiders_wrong_invites_and_unknown_clubs_are_refused(clients: People) -> None:
    made = make_club(clients("Ann"))
    club = made["club"]
    outsider = clients("Cor").get(f"/api/clubs/{club}")
    assert outsider.status_code == 403 and "members" in outsider.json()["error"]
    wrong = clients("Cor").post(f"/api/clubs/{club}/join", json={"invite": made["invite"][:-1] + "x"})
    assert wrong.status_code == 403 and "invite" in wrong.json()["error"]
    bodies: list[object] = [{"invite": 7}, {}, []]
    for body in bodies:
        assert clients("Cor").post(f"/api/clubs/{club}/join", json=body).status_code in (400, 403)
    lone_surrogate = b'{"invite": "\\ud800"}'  # JSON may escape one; no encoding takes it
    answer = clients("Cor").post(
        f"/api/clubs/{club}/join", content=lone_surrogate, headers={"content-type": "application/json"}
    )
    assert answer.status_code == 403
    assert clients("Cor").get(f"/api/clubs/{club}").status_code == 403  # nothing changed
    missing = clients("Cor").get("/api/clubs/no-such-club")
    assert missing.status_code == 404 and "no club" in missing.json()["error"]
    assert clients("Cor").post("/api/clubs/nope/join", json={"invite": "x"}).status_code == 404


def test_not_signed_in_is_a_401_everywhere(clients: People) -> None:
    club = make_club(clients("Ann"))["club"]
    guest = clients("Cor")
    guest.cookies.delete(COOKIE)
    assert guest.post("/api/clubs", json={"name": "X"}).status_code == 401
    assert guest.get(f"/api/clubs/{club}").status_code == 401
    assert guest.post(f"/api/clubs/{club}/join", json={"invite": "x"}).status_code == 401
    answer = guest.post(f"/api/clubs/{club}/presets", json={"name": "d", "game": "rikken", "rules": {}})
    assert answer.status_code == 401


@pytest.mark.parametrize("name", ["", " ", "x" * 65, "a\u0000b", 5, None])
def test_a_club_name_is_text(clients: People, name: object) -> None:
    answer = clients("Ann").post("/api/clubs", json={"name": name})
    assert answer.status_code == 400 and "club's name" in answer.json()["error"]


def test_admins_save_presets_that_the_game_accepts(clients: People) -> None:
    made = make_club(clients("Ann"))
    club = made["club"]
    clients("Bob").post(f"/api/clubs/{club}/join", json={"invite": made["invite"]})
    preset = {"name": "donderdag", "game": "rikken", "rules": KAMPIOENSCHAP_5}
    saved = clients("Ann").post(f"/api/clubs/{club}/presets", json=preset)
    assert (saved.status_code, saved.json()) == (201, preset)
    member = clients("Bob").post(f"/api/clubs/{club}/presets", json={**preset, "name": "vrijdag"})
    assert member.status_code == 403 and "admins" in member.json()["error"]
    taken = clients("Ann").post(f"/api/clubs/{club}/presets", json=preset)
    assert taken.status_code == 409
    assert clients("Bob").get(f"/api/clubs/{club}").json()["presets"] == [preset]


@pytest.mark.parametrize(
    ("preset", "says"),
    [
        ({"name": "d", "game": "rikken", "rules": {"preset": "kampioenschap", "troela": "yes"}}, "troela"),
        ({"name": "d", "game": "rikken", "rules": {"no_such_option": 1}}, "no_such_option"),
        ({"name": "d", "game": "rikken", "rules": "no-such-preset"}, "no-such-preset"),
        ({"name": "d", "game": "whist", "rules": {}}, "game is one of"),
        ({"name": "kampioenschap", "game": "rikken", "rules": {}}, "own presets"),
        ({"name": "", "game": "rikken", "rules": {}}, "preset's name"),
        ({"name": "d", "game": "rikken"}, None),
        ([], "object"),
    ],
)
def test_rules_the_game_refuses_are_a_400_saying_why(
    clients: People, preset: object, says: str | None
) -> None:
    club = make_club(clients("Ann"))["club"]
    answer = clients("Ann").post(f"/api/clubs/{club}/presets", json=preset)
    if says is None:  # no rules: the game's default preset, which it accepts
        assert answer.status_code == 201, answer.text
        return
    assert answer.status_code == 400 and says in answer.json()["error"], answer.text
    assert clients("Ann").get(f"/api/clubs/{club}").json()["presets"] == []


def test_clubs_survive_a_restart(url: str) -> None:
    with serve(url) as client:
        client.post("/api/accounts", json={"name": "Ann", "password": PASSWORD})
        club = make_club(client)["club"]
        cookie = client.cookies[COOKIE]
    with serve(url) as client:
        client.cookies.set(COOKIE, cookie)
        assert client.get(f"/api/clubs/{club}").json()["members"] == [{"name": "Ann", "role": "admin"}]


RIKKEN_TABLE = {
    "game": "rikken",
    "players": 4,
    "seats": [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "bot": "random"}] * 3,
}


def test_members_give_a_club_preset_as_a_tables_rules(clients: People) -> None:
    made = make_club(clients("Ann"))
    club = made["club"]
    clients("Bob").post(f"/api/clubs/{club}/join", json={"invite": made["invite"]})
    preset = {"name": "donderdag", "game": "rikken", "rules": KAMPIOENSCHAP_5}
    assert clients("Ann").post(f"/api/clubs/{club}/presets", json=preset).status_code == 201
    expected = troef.load_game("rikken", KAMPIOENSCHAP_5).rules.notation()
    for member in ("Ann", "Bob"):
        answer = clients(member).post("/api/tables", json={**RIKKEN_TABLE, "rules": "donderdag"})
        assert answer.status_code == 201, answer.text
        info = clients(member).get(f"/api/tables/{answer.json()['table']}").json()
        assert info["rules"] == expected  # the table keeps the rules themselves
    outsider = clients("Cor").post("/api/tables", json={**RIKKEN_TABLE, "rules": "donderdag"})
    assert outsider.status_code == 400 and "no preset 'donderdag'" in outsider.json()["error"]
    own = clients("Ann").post("/api/tables", json={**RIKKEN_TABLE, "rules": "bsg"})  # the game's own wins
    assert clients("Ann").get(f"/api/tables/{own.json()['table']}").json()["rules"] == "bsg"


def test_two_clubs_presets_of_one_name_must_agree(clients: People) -> None:
    first, second = make_club(clients("Ann"), "De Troef"), make_club(clients("Ann"), "BSG")
    for club, troela in ((first, True), (second, False)):
        rules = {**KAMPIOENSCHAP_5, "troela": troela}
        preset = {"name": "donderdag", "game": "rikken", "rules": rules}
        assert clients("Ann").post(f"/api/clubs/{club['club']}/presets", json=preset).status_code == 201
    answer = clients("Ann").post("/api/tables", json={**RIKKEN_TABLE, "rules": "donderdag"})
    assert answer.status_code == 400 and "different presets" in answer.json()["error"]


def test_clubs_and_presets_are_bounded(clients: People, monkeypatch: pytest.MonkeyPatch) -> None:
    club = make_club(clients("Ann"))["club"]
    monkeypatch.setattr(clubs, "PRESETS_PER_CLUB", 2)
    for name in ("een", "twee"):
        preset = {"name": name, "game": "rikken", "rules": "bsg"}
        assert clients("Ann").post(f"/api/clubs/{club}/presets", json=preset).status_code == 201
    third = clients("Ann").post(f"/api/clubs/{club}/presets", json={"name": "drie", "game": "rikken"})
    assert third.status_code == 429 and "at most 2 presets" in third.json()["error"]
    made = [clients("Bob").post("/api/clubs", json={"name": f"club {k}"}).status_code for k in range(12)]
    assert made.count(201) == 9 and made[-1] == 429  # ten a minute from one address, Ann's included
