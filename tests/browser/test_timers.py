"""The table's timers at the table page (server.md: every timer the table runs for people is a
``[data-countdown]`` with ``data-seconds`` while it runs): the next deal and a stand-in about to play
count down and go when they run out; a stand-in's moves are marked (``[data-stand-in]``) in the log, on
the score sheet and in the replay; a table that pauses for an away player says so, as its creator chose
in the lobby."""

from __future__ import annotations

import random
from typing import Any

import httpx2
import pytest

from .conftest import SCREENSHOTS, ContextMaker
from .tables import OPEN, Served, TablePage, any_action, bot, human, play_through, seat_as

pytestmark = pytest.mark.slow

COUNTDOWNS = """
window.countdowns = [];
const seen = new Map();
setInterval(() => {
  for (const el of document.querySelectorAll('[data-countdown]')) {
    let record = seen.get(el);
    if (!record) {
      record = { timer: el.dataset.countdown, seat: el.dataset.seat ?? null, seconds: [], gone: false };
      seen.set(el, record);
      window.countdowns.push(record);
    }
    const seconds = Number(el.dataset.seconds);
    if (record.seconds[record.seconds.length - 1] !== seconds) record.seconds.push(seconds);
  }
  for (const [el, record] of seen) if (!el.isConnected) { record.gone = true; seen.delete(el); }
}, 50);
"""
"""Keeps every countdown element the page shows, its data-seconds as they change and whether it went."""


def counted_down(record: dict[str, Any], limit: int) -> bool:
    """Whether a countdown showed whole seconds, one less each time, down to 1, and then went."""
    seconds: list[int] = record["seconds"]
    return (
        record["gone"]
        and len(seconds) >= 2
        and seconds == list(range(seconds[0], 0, -1))
        and seconds[0] <= limit
    )


def test_the_countdowns_and_the_marks_of_a_stand_in(served: Served, new_context: ContextMaker) -> None:
    seats = [human("Ann"), OPEN, bot("random")]
    answer = served.create("rififi", seats, rules="oh-hell", rounds=1, ready_limit=4, away_limit=3)
    table = answer["table"]
    context = new_context()
    seat_as(context, table, answer["seats"][0]["token"])
    context.add_init_script(COUNTDOWNS)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    ann = TablePage.open(context, served.base, answer["watch"])
    page = ann.page
    ann.wait_shown()
    # Bob takes the open seat once Ann's page is there (the ready limit counts from then, however slow the
    # page was to come), and never comes to the table.
    invite = answer["invite"].rsplit("/", 1)[1]
    joined = httpx2.post(f"{served.base}/api/tables/{table}/join", json={"name": "Bob", "invite": invite})
    assert joined.status_code == 200, joined.text
    page.wait_for_selector('[data-countdown="deal"][data-seconds]')
    page.screenshot(path=str(SCREENSHOTS / "timers-deal.png"))
    page.wait_for_function("() => document.querySelector('#table').dataset.phase !== ''")  # Ann not ready
    play_through([ann], any_action(random.Random(4)))  # Bob's stand-in takes his seat on his first turn
    records: list[dict[str, Any]] = page.evaluate("window.countdowns")
    deal = [r for r in records if r["timer"] == "deal"]
    stand_in = [r for r in records if r["timer"] == "stand-in"]
    assert len(deal) == 1 and counted_down(deal[0], 4), records
    assert len(stand_in) == 1 and stand_in[0]["seat"] == "1" and counted_down(stand_in[0], 3), records
    assert page.locator("[data-countdown]").count() == 0  # the match is over: no timer runs
    page.screenshot(path=str(SCREENSHOTS / "timers-stand-in-marks.png"))

    assert "stand-in bot" in page.locator("#log [data-stand-in]").first.inner_text()
    marked = page.locator("[data-sheet] [data-stand-in]")
    assert marked.count() == 1 and marked.inner_text().endswith("*")
    record = served.get(f"/api/tables/{table}/record")
    assert record["rounds"][0]["stand_in"]

    replay = context.new_page()
    replay.goto(f"{served.base}/tables/{table}/replay#1")
    replay.wait_for_selector("#verify.ok")
    steps = len(record["rounds"][0]["actions"])
    for _ in range(steps):
        if replay.locator("#lines [data-stand-in]").count():
            break
        replay.click("#next")
    assert "stand-in bot" in replay.locator("#lines [data-stand-in]").inner_text()


def test_a_table_that_pauses_for_an_away_player_says_so(served: Served, new_context: ContextMaker) -> None:
    seats = [human("Ann"), human("Bob"), bot("random")]
    answer = served.create("rififi", seats, rules="standaard", rounds=1, ready_limit=2, absent="pause")
    context = new_context()
    seat_as(context, answer["table"], answer["seats"][0]["token"])
    ann = TablePage.open(context, served.base, answer["watch"])
    paused = ann.page.wait_for_selector("[data-paused]")
    assert paused is not None and "Bob" in paused.inner_text()
    assert ann.page.locator("[data-countdown]").count() == 0  # no deal while the table waits
    info = served.get(f"/api/tables/{answer['table']}")
    assert (info["paused"], info["timers"], info["round"]["dealt"]) == ([1], [], False)


def test_the_lobby_lets_the_creator_choose_a_pause(served: Served, new_context: ContextMaker) -> None:
    page = new_context().new_page()
    page.goto(served.base + "/")
    page.wait_for_selector("#game option", state="attached")
    page.fill("#name", "Ann")
    page.select_option("#absent", "pause")
    page.click("[data-create]")
    page.wait_for_url("**/tables/*")
    table = page.url.rsplit("/", 1)[1]
    assert served.get(f"/api/tables/{table}")["absent"] == "pause"
