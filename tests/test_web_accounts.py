"""Accounts and sessions (clubs.md, "Accounts and sessions"): signing up, in and out over HTTP, every
refusal the contract names (a taken name in any case, a bad name or password, a wrong name or password
answered alike, the sign-in limit, another site's ``Origin``), the cookie's attributes, Argon2id hashes,
a forged or ended cookie, and sessions surviving a restart; on SQLite and PostgreSQL."""

# ruff: noqa: F811 - test_store's fixture `url` is imported by name, and the tests take it as an argument

from __future__ import annotations

import json
from collections.abc import Iterator
from http.cookies import SimpleCookie

import pytest
from sqlalchemy import select
from starlette.testclient import TestClient

from test_store import postgresql_skip_reason, url  # noqa: F401 - fixtures: SQLite, or a PostgreSQL schema
from troef.interfaces.web.accounts import COOKIE, FAILURE_WINDOW, FAILURES, SESSION_SECONDS, SESSIONS_KEPT
from troef.interfaces.web.app import create_app
from troef.interfaces.web.limits import Window
from troef.interfaces.web.schema import ACCOUNTS, SESSIONS
from troef.interfaces.web.server import TableServer
from troef.interfaces.web.store import Store

pytestmark = pytest.mark.slow

PASSWORD = "correct horse"


def serve(url: str, base_url: str = "http://testserver", signups_per_minute: int = 10) -> TestClient:
    server = TableServer(Store(url), bot_pause=0, workers=1)
    return TestClient(create_app(server, signups_per_minute=signups_per_minute), base_url=base_url)


@pytest.fixture
def client(url: str) -> Iterator[TestClient]:
    with serve(url) as test_client:
        yield test_client


def sign_up(client: TestClient, name: str = "Ann", secret: str = PASSWORD, status: int = 201) -> str:
    answer = client.post("/api/accounts", json={"name": name, "password": secret})
    assert answer.status_code == status, answer.text
    return str(answer.json().get("name", answer.json().get("error")))


def set_cookie(answer: object) -> SimpleCookie:
    cookie: SimpleCookie = SimpleCookie()
    cookie.load(answer.headers["set-cookie"])  # type: ignore[attr-defined]
    return cookie


def test_signing_up_signs_in_with_a_strict_cookie(client: TestClient) -> None:
    answer = client.post("/api/accounts", json={"name": "Ann", "password": PASSWORD})
    assert (answer.status_code, answer.json()) == (201, {"name": "Ann"})
    morsel = set_cookie(answer)[COOKIE]
    assert morsel["httponly"] and morsel["samesite"].lower() == "lax" and not morsel["secure"]
    assert morsel["path"] == "/" and int(morsel["max-age"]) == SESSION_SECONDS
    assert client.get("/api/session").json() == {"name": "Ann"}


def test_over_https_the_cookie_is_secure(url: str) -> None:
    with serve(url, base_url="https://testserver") as client:
        answer = client.post("/api/accounts", json={"name": "Ann", "password": PASSWORD})
        assert set_cookie(answer)[COOKIE]["secure"]


def test_a_name_is_taken_in_any_case(client: TestClient) -> None:
    sign_up(client, "Ann")
    client.cookies.clear()
    assert "taken" in sign_up(client, "aNN", status=409)
    assert "taken" in sign_up(client, "ANN", "another password", status=409)


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"name": "", "password": PASSWORD}, "1 to 24"),
        ({"name": "x" * 25, "password": PASSWORD}, "1 to 24"),
        ({"name": "Ann/Bob", "password": PASSWORD}, "letters, digits"),
        ({"name": "Ann\n", "password": PASSWORD}, "letters, digits"),
        ({"name": 7, "password": PASSWORD}, "1 to 24"),
        ({"name": "Ann", "password": "short"}, "8 to 1024"),
        ({"name": "Ann", "password": "x" * 1025}, "8 to 1024"),
        ({"name": "Ann", "password": None}, "8 to 1024"),
        ({"name": "Ann"}, "8 to 1024"),
        ([], "object"),
    ],
)
def test_a_bad_name_or_password_is_a_400_saying_why(client: TestClient, body: object, says: str) -> None:
    answer = client.post("/api/accounts", json=body)
    assert answer.status_code == 400 and says in answer.json()["error"], answer.text
    assert client.get("/api/session").status_code == 401


def test_a_password_that_is_not_unicode_is_a_400(client: TestClient) -> None:
    """JSON may escape a lone surrogate, which no encoding takes (nor, so, the password hasher)."""
    raw = b'{"name": "Ann", "password": "password\\ud800"}'
    answer = client.post("/api/accounts", content=raw, headers={"content-type": "application/json"})
    assert answer.status_code == 400 and "8 to 1024" in answer.json()["error"]
    answer = client.post("/api/session", content=raw, headers={"content-type": "application/json"})
    assert answer.status_code == 400


def test_names_may_have_letters_of_any_script_digits_spaces_and_marks(client: TestClient) -> None:
    for name in ("Jan-Willem v.d. Berg", "Zoë_2", "Ĳsbrand"):
        assert sign_up(client, name) == name


def test_signing_in_with_a_wrong_name_or_password_is_the_same_401(client: TestClient) -> None:
    sign_up(client)
    client.cookies.clear()
    wrong_password = client.post("/api/session", json={"name": "Ann", "password": "wrong password"})
    no_such_name = client.post("/api/session", json={"name": "Bob", "password": PASSWORD})
    assert wrong_password.status_code == no_such_name.status_code == 401
    assert wrong_password.json() == no_such_name.json() == {"error": "wrong name or password"}
    assert "set-cookie" not in wrong_password.headers
    answer = client.post("/api/session", json={"name": "aNn", "password": PASSWORD})
    assert (answer.status_code, answer.json()) == (200, {"name": "Ann"})  # the name as signed up


def test_signing_out_ends_the_session_on_every_device(client: TestClient) -> None:
    sign_up(client)
    cookie = client.cookies[COOKIE]
    answer = client.delete("/api/session")
    assert answer.status_code == 204 and f'{COOKIE}=""' in answer.headers["set-cookie"]
    assert client.get("/api/session").status_code == 401
    client.cookies.clear()
    client.cookies.set(COOKIE, cookie)  # the old cookie, kept on another device
    assert client.get("/api/session").status_code == 401


def other(text: str) -> str:
    """``text`` with its last character changed."""
    return text[:-1] + ("B" if text.endswith("A") else "A")


def test_a_forged_or_mangled_cookie_signs_nobody_in(client: TestClient) -> None:
    sign_up(client)
    token, _, signature = client.cookies[COOKIE].partition(".")
    client.cookies.clear()  # each forgery below is the request's only cookie
    for forged in (f"{token}.{other(signature)}", f"{other(token)}.{signature}", token, "", "." * 300):
        answer = client.get("/api/session", headers={"cookie": f"{COOKIE}={forged}"})
        assert (answer.status_code, answer.json()) == (401, {"error": "not signed in"}), forged
    genuine = client.get("/api/session", headers={"cookie": f"{COOKIE}={token}.{signature}"})
    assert genuine.json() == {"name": "Ann"}  # the same request with the real cookie signs in
    raw = client.get("/api/session", headers={b"cookie": f"{COOKIE}=a.\xe9\xff".encode("latin-1")})
    assert (raw.status_code, raw.json()) == (401, {"error": "not signed in"})  # not ASCII: no 500


def test_passwords_are_stored_only_as_argon2id_hashes_and_sessions_only_as_hashes(url: str) -> None:
    with serve(url) as client:
        sign_up(client)
        cookie = client.cookies[COOKIE]
    store = Store(url)
    with store.reading() as connection:
        hashed = str(connection.scalar(select(ACCOUNTS.c.password)))
        sessions = list(connection.scalars(select(SESSIONS.c.id)))
    store.close()
    assert hashed.startswith("$argon2id$") and PASSWORD not in hashed
    assert len(sessions) == 1 and cookie.partition(".")[0] not in sessions[0]


def test_an_account_keeps_its_newest_sessions_only(client: TestClient) -> None:
    sign_up(client)
    first = client.cookies[COOKIE]
    for _ in range(SESSIONS_KEPT):
        client.cookies.clear()
        assert client.post("/api/session", json={"name": "Ann", "password": PASSWORD}).status_code == 200
    assert client.get("/api/session").json() == {"name": "Ann"}
    client.cookies.clear()
    client.cookies.set(COOKIE, first)  # the oldest of 21
    assert client.get("/api/session").status_code == 401


def test_a_session_survives_a_restart(url: str) -> None:
    with serve(url) as client:
        sign_up(client)
        cookie = client.cookies[COOKIE]
    with serve(url) as client:
        client.cookies.set(COOKIE, cookie)
        assert client.get("/api/session").json() == {"name": "Ann"}


def test_ten_failures_of_one_name_refuse_its_sign_in_for_a_minute(client: TestClient) -> None:
    sign_up(client)
    client.cookies.clear()
    for _ in range(FAILURES):
        wrong = client.post("/api/session", json={"name": "Ann", "password": "wrong password"})
        assert wrong.status_code == 401
    refused = client.post("/api/session", json={"name": "ANN", "password": PASSWORD})
    assert refused.status_code == 429 and "failed sign-ins" in refused.json()["error"]


def test_failures_count_per_name_and_per_address_and_age() -> None:
    now = [0.0]
    failures = Window(FAILURES, FAILURE_WINDOW, clock=lambda: now[0])
    for _ in range(FAILURES - 1):
        failures.add("name:ann", "address:1")
    assert not failures.full("name:ann") and not failures.full("address:1")
    failures.add("name:bob", "address:1")
    assert failures.full("name:bob", "address:1") and not failures.full("name:ann", "address:2")
    now[0] = 61.0
    assert not failures.full("name:bob", "address:1")


def test_another_sites_origin_is_refused_with_the_cookie(client: TestClient) -> None:
    sign_up(client)
    elsewhere = {"Origin": "https://evil.example"}
    assert client.delete("/api/session", headers=elsewhere).status_code == 403
    assert client.get("/api/session").json() == {"name": "Ann"}  # nothing changed
    answer = client.post("/api/session", json={"name": "Ann", "password": PASSWORD}, headers=elsewhere)
    assert answer.status_code == 403
    assert (
        client.post(
            "/api/accounts", json={"name": "Bob", "password": PASSWORD}, headers=elsewhere
        ).status_code
        == 403
    )


def test_sign_ups_are_limited_per_address(url: str) -> None:
    with serve(url, signups_per_minute=2) as client:
        sign_up(client, "Ann")
        sign_up(client, "Bob")
        assert "accounts a minute" in sign_up(client, "Cor", status=429)


def test_the_session_routes_name_their_methods(client: TestClient) -> None:
    answer = client.put("/api/session", json={})
    assert answer.status_code == 405 and set(answer.headers["allow"].split(", ")) == {
        "GET",
        "HEAD",
        "POST",
        "DELETE",
    }
    assert client.get("/api/accounts").status_code == 405


# --------------------------------------------------------------------------- seats follow the account

TABLE = {
    "game": "rififi",
    "rules": "oh-hell",
    "players": 3,
    "seats": [{"kind": "human", "name": "ann"}, {"kind": "open"}, {"kind": "bot", "bot": "random"}],
}
"""A table of Ann's (her seat named in another case), an open seat and a random bot."""


def hello_seat(client: TestClient, table: str) -> int | None:
    """The seat a WebSocket that says hello without a token sits at (None: a spectator)."""
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_text(json.dumps({"type": "hello"}))
        frame = ws.receive_json()
    assert frame["type"] == "state", frame
    seat: int | None = frame["seat"]
    return seat


def invite_of(made: dict[str, str]) -> str:
    return made["invite"].rsplit("/", 1)[1]


def device(client: TestClient, name: str) -> TestClient:
    """The client as another device of ``name``'s: its cookies only those of a new sign-in."""
    client.cookies.clear()
    answer = client.post("/api/session", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    return client


def test_a_signed_in_players_seat_is_theirs_on_every_device(url: str) -> None:
    with serve(url) as client:
        sign_up(client, "Ann")
        made = client.post("/api/tables", json=TABLE).json()
        table = made["table"]
        client.cookies.clear()
        sign_up(client, "Bob")
        joined = client.post(f"/api/tables/{table}/join", json={"name": "Bob", "invite": invite_of(made)})
        assert joined.status_code == 200 and joined.json()["seat"] == 1
        assert hello_seat(device(client, "ANN"), table) == 0  # Ann's phone, no token: her seat
        ann_cookie = client.cookies[COOKIE]
        assert hello_seat(device(client, "Bob"), table) == 1
        client.cookies.clear()
        assert hello_seat(client, table) is None  # no account: a spectator
        sign_up(client, "Cor")
        assert hello_seat(client, table) is None  # an account without a seat here: a spectator
    with serve(url) as restarted:  # stored with the table: after a restart too
        restarted.cookies.set(COOKIE, ann_cookie)
        assert hello_seat(restarted, table) == 0


def test_a_seat_named_like_the_creator_is_not_theirs_unless_they_are_signed_in(url: str) -> None:
    with serve(url) as client:
        made = client.post("/api/tables", json=TABLE).json()  # a guest names a seat "ann"
        sign_up(client, "Ann")
        assert hello_seat(client, made["table"]) is None
