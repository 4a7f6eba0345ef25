"""A club evening through real browsers (clubs.md): four people sign up, one creates a club and the others
join it with its invite code, she creates a Rikken event on the club page and starts it, each person goes
from the event page to their table and plays it there, session after session, and the event page, the
printable ranking and the players' pages show the outcome. Also: a stranger refused on the club page,
and an admin's new password link.

With ``TROEF_DOC_SCREENSHOTS=<folder>`` the evening plays five sessions, saves a preset, and leaves the
documentation's screenshots of the event page, the club page and a player's page in the folder
(``docs/screenshots`` for the committed ones)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import httpx2
import pytest

from serving import WAIT

from .clubs import (
    PASSWORD,
    SIGNED_IN,
    api,
    club_shown,
    copied,
    create_club,
    event_form_ready,
    members_on,
    play_session,
    sign_in,
    sign_up,
    to_my_table,
)
from .conftest import ContextMaker, missing
from .tables import Served

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.slow

SHOTS = os.environ.get("TROEF_DOC_SCREENSHOTS")
"""Where to leave the documentation's screenshots (none when unset)."""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A server whose bots move at once."""
    reason = missing()
    if reason is not None:
        pytest.skip(reason)
    server = Served(f"sqlite:///{tmp_path_factory.mktemp('events') / 't.db'}", bot_pause=0.0)
    yield server
    server.stop()


def shot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / name))


def standings_on(page: Page) -> list[str]:
    """The names of the standings table's rows, in order."""
    names: list[str] = page.locator("[data-standings] tbody tr[data-name]").evaluate_all(
        "rows => rows.map(r => r.dataset.name)"
    )
    return names


def test_a_club_evening(served: Served, new_context: ContextMaker) -> None:
    base = served.base
    names = ["Ann", "Bob", "Cor", "Dirk"]
    contexts = {name: new_context() for name in names}
    ann = sign_up(contexts["Ann"], base, "Ann")
    club = create_club(ann, base, "Rikclub De Troef")
    code = copied(ann, "[data-invite-code]")
    link = copied(ann, "[data-join-link]")
    assert link == f"{base}/clubs/{club}?invite={code}"
    assert members_on(ann) == ["Ann"]

    pages = {"Ann": ann}
    for name in names[1:]:
        page = sign_up(contexts[name], base, name)
        if name == "Cor":  # the form of /clubs, by the club's id and code
            page.goto(base + "/clubs")
            page.wait_for_selector(SIGNED_IN)
            page.locator("#join-id").fill(club)
            page.locator("#join-code").fill(code)
            page.locator("[data-join-club]").click()
            page.wait_for_url(f"{base}/clubs/{club}")
        else:  # the join link: the club page's own form, the code filled in
            page.goto(link)
            page.wait_for_selector("#join-box:not([hidden])")
            assert page.locator("#join-code").input_value() == code
            page.locator("#join-box [data-join-club]").click()
        club_shown(page)
        assert page.locator("[data-club-invite]").is_hidden()  # the code is the admins'
        pages[name] = page
    assert sorted(members_on(pages["Dirk"])) == sorted(names)

    if SHOTS:  # a saved preset for the club page's picture
        ann.reload()
        ann.wait_for_selector("#preset-form:visible")
        ann.wait_for_function("() => document.querySelector('#preset-base').options.length > 0")
        ann.locator("#preset-name").fill("donderdag")
        ann.locator("#preset-game").select_option("rikken")
        ann.locator("#preset-base").select_option("kampioenschap")
        ann.locator("[data-save-preset]").click()
        ann.wait_for_selector('[data-club-presets] [data-preset="donderdag"]')

    ann.goto(f"{base}/clubs/{club}")
    assert sorted(members_on(ann)) == sorted(names)
    event_form_ready(ann)
    assert ann.locator("#event-game").input_value() == "rikken"
    assert ann.locator("#event-rules").input_value() == "kampioenschap-online"  # preselected
    checks = ann.locator("[data-event-players] [data-player]")
    assert sorted(checks.evaluate_all("els => els.map(e => e.value)")) == sorted(names)
    assert all(checks.nth(k).is_checked() for k in range(4))
    sessions = 5 if SHOTS else 2  # the pictures: a rating plot of five matches
    ann.locator("#event-name").fill("Rikavond november")
    ann.locator('[data-event-form] input[name="format"][value="draw"]').check()
    ann.locator("#event-sessions").fill(str(sessions))
    ann.locator("#event-rounds").fill("1")
    ann.locator("[data-create-event]").click()
    ann.wait_for_url(re.compile(r"/events/[^/?]+$"))
    event = ann.url.rsplit("/", 1)[1]
    ann.wait_for_selector('[data-event-status][data-status="registered"]')
    ann.locator("[data-start-event]").click()  # she is sent to her table at once
    ann.wait_for_url(re.compile(r"/tables/"))
    assert api(ann, f"{base}/api/events/{event}")["status"] == "playing"

    tables: dict[str, str] = {}
    for session in range(1, sessions + 1):
        for name in names:
            tables[name] = to_my_table(pages[name], base, event, before=tables.get(name))
        assert len(set(tables.values())) == 1  # four players: one table of four
        info = api(ann, f"{base}/api/events/{event}")
        assert len(info["sessions"]) == session
        seated = [seat.get("name") for seat in info["sessions"][-1]["tables"][0]["seats"]]
        assert sorted(seated) == sorted(names)
        if SHOTS and session == 3:  # the live standings after two sessions
            watching = contexts["Ann"].new_page()
            watching.goto(f"{base}/events/{event}")
            watching.wait_for_selector("[data-standings] tbody tr[data-name]")
            watching.wait_for_selector("[data-your-table]:visible")
            shot(watching, "event-standings.png")
            watching.close()
        played = play_session([pages[name] for name in names], base, seed=session)
        assert all(table.state()["over"] for table in played)
        for name in names:  # back to the event by the table's link
            pages[name].locator("[data-event-link]").click()
            pages[name].wait_for_url(f"{base}/events/{event}")

    ann.goto(f"{base}/events/{event}")
    ann.wait_for_selector('[data-event-status][data-status="over"]', timeout=WAIT * 1000)
    assert ann.locator("[data-your-table]").is_hidden()
    info = api(ann, f"{base}/api/events/{event}")
    assert info["status"] == "over" and len(info["sessions"]) == sessions
    ranked = [row["name"] for row in info["standings"]]
    assert sorted(ranked) == sorted(names)
    assert all(row["rounds"] == sessions for row in info["standings"])
    ann.wait_for_selector("[data-standings] tbody tr[data-name]")
    assert standings_on(ann) == ranked
    points = ann.locator("[data-standings] tbody tr[data-name]").first.locator("td").all_inner_texts()
    assert str(info["standings"][0]["points"]) in points
    assert ann.locator("[data-standings-csv]").get_attribute("href") == f"/api/events/{event}/standings.csv"

    ann.locator("[data-ranking-link]").click()
    ann.wait_for_url(f"{base}/events/{event}/ranking")
    ann.wait_for_selector("[data-ranking]:not([hidden]) [data-standings] tbody tr")
    assert standings_on(ann) == ranked
    ranks = ann.locator("[data-ranking] [data-standings] tbody tr td:first-child").all_inner_texts()
    assert [int(rank) for rank in ranks] == [row["rank"] for row in info["standings"]]
    assert "Final ranking" in ann.locator("[data-ranking]").inner_text()

    bob = pages["Bob"]
    bob.goto(f"{base}/events/{event}")
    bob.wait_for_selector('[data-event-status][data-status="over"]')
    bob.locator("[data-standings] tbody tr[data-name='Ann'] a").click()  # a player's page, by the link
    bob.wait_for_url(f"{base}/players/Ann")
    bob.wait_for_selector("svg[data-rating-plot]")
    assert bob.locator("svg[data-rating-plot] circle").count() == sessions  # a rated match each session
    rating = bob.locator('[data-ratings] tr[data-game="rikken"]')
    assert rating.count() == 1
    answer = served.get("/api/players/Ann")
    assert answer["ratings"]["rikken"]["matches"] == sessions
    assert rating.locator("td.rating").inner_text() == f"{answer['ratings']['rikken']['rating']:.2f}"
    assert "Rikken" in rating.inner_text()
    assert bob.locator('[data-player-stats] [data-game="rikken"]').count() == 1
    assert any(e["event"] == event for e in answer["events"])
    shot(bob, "player-ratings.png")

    ann.goto(f"{base}/clubs/{club}")
    club_shown(ann)
    ann.wait_for_selector(f'[data-club-events] [data-event="{event}"][data-status="over"]')
    ann.wait_for_selector("[data-season-standings] tbody tr[data-name]")
    season = ann.locator("[data-season-standings] tbody tr[data-name]").evaluate_all(
        "rows => rows.map(r => r.dataset.name)"
    )
    assert sorted(season) == sorted(names)
    shot(ann, "club.png")


def test_a_stranger_and_a_new_password_link(served: Served, new_context: ContextMaker) -> None:
    base = served.base
    ann = sign_up(new_context(), base, "Anna")
    club = create_club(ann, base, "Klaverjasclub")
    code = copied(ann, "[data-invite-code]")
    member = sign_up(new_context(), base, "Berend")
    member.goto(f"{base}/clubs/{club}?invite={code}")
    member.locator("#join-box [data-join-club]").click()
    club_shown(member)

    stranger = sign_up(new_context(), base, "Eva")
    stranger.goto(f"{base}/clubs/{club}")
    refusal = stranger.get_by_role("alert").filter(has_text="not a member")
    refusal.wait_for()
    assert "You are not a member of this club" in refusal.inner_text()
    assert stranger.locator("#club").is_hidden()
    assert stranger.locator("[data-club-members] [data-member]").count() == 0
    assert stranger.locator("#join-box").is_visible()
    stranger.locator("#join-code").fill("not-the-code")
    stranger.locator("#join-box [data-join-club]").click()
    stranger.wait_for_function(
        "() => document.querySelector('#join-error').textContent.includes('does not open this club')"
    )
    assert stranger.locator("#club").is_hidden()

    ann.reload()
    club_shown(ann)
    assert ann.locator('[data-member="Anna"] [data-reset]').count() == 0  # not her own
    ann.locator('[data-member="Berend"] [data-reset]').click()
    link = copied(ann, "[data-reset-link]")
    assert re.fullmatch(rf"{re.escape(base)}/reset/[^/]+", link), link

    fresh = new_context().new_page()
    fresh.goto(link)
    fresh.locator("#password").fill("a new password 2")
    fresh.locator("[data-reset-submit]").click()
    fresh.wait_for_url(base + "/")
    fresh.wait_for_selector(SIGNED_IN)
    assert fresh.locator("[data-account-name]").inner_text() == "Berend"

    again = sign_in(new_context(), base, "Berend", "a new password 2")
    again.goto(f"{base}/clubs/{club}")
    club_shown(again)
    old = httpx2.post(f"{base}/api/session", json={"name": "Berend", "password": PASSWORD}, timeout=WAIT)
    assert old.status_code == 401

    used = new_context().new_page()  # the link works once
    used.goto(link)
    used.locator("#password").fill("yet another one 3")
    used.locator("[data-reset-submit]").click()
    used.wait_for_function("() => document.querySelector('#error').textContent !== ''")
    assert used.url == link


def test_a_rated_table_from_the_lobby(served: Served, new_context: ContextMaker) -> None:
    base = served.base
    guest = new_context().new_page()
    guest.goto(base + "/")
    guest.wait_for_selector('header [data-account][data-signed-in="false"]')
    guest.wait_for_function("() => document.querySelector('#game').options.length > 0")
    assert guest.locator("[data-rated]").is_hidden()  # a guest's table is never rated

    ans = sign_up(new_context(), base, "Ans")  # at the lobby
    ans.wait_for_selector("[data-rated]:visible")
    assert "rated when every player is signed in" in ans.locator("#rated-row").inner_text()
    ans.locator("#name").fill("Ans")
    ans.locator("#game").select_option("rikken")
    ans.locator("#seat-1").select_option("open")
    ans.locator("#rounds").fill("1")
    ans.locator("[data-rated]").check()
    with ans.expect_request(lambda r: r.method == "POST" and r.url.endswith("/api/tables")) as asked:
        ans.locator("[data-create]").click()
    body = asked.value.post_data_json
    assert body is not None and body["rated"] is True
    ans.wait_for_url(re.compile(r"/tables/"))
    table = ans.url.rsplit("/", 1)[1]
    invite = ans.locator("input.invite-link").input_value()

    bram = sign_up(new_context(), base, "Bram")
    bram.goto(invite)
    bram.locator("#name").fill("Bram")
    bram.locator("[data-join]").click()
    bram.wait_for_url(f"{base}/tables/{table}")
    play_session([ans, bram], base, seed=7)

    for name in ("Ans", "Bram"):  # rated once the table is over, both accounts at it
        answer = served.get(f"/api/players/{name}")
        assert answer["ratings"]["rikken"]["matches"] == 1, answer
        assert [entry["table"] for entry in answer["history"]] == [table]
    ans.goto(f"{base}/players/Bram")
    ans.wait_for_selector("svg[data-rating-plot]")
    assert ans.locator("svg[data-rating-plot] circle").count() == 1
    assert ans.locator('[data-ratings] tr[data-game="rikken"]').count() == 1
