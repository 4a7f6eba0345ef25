"""The lobby and a table of every game on a desktop (1280x800) and a phone (390x844): no horizontal
scrolling on the phone, cards a screen reader names, the language switch; screenshots of each under
build/screenshots/ (test artifacts, not tracked)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from .conftest import SCREENSHOTS, ContextMaker
from .leaks import CARD_NAMES
from .tables import Served, TablePage, any_action, bot, eventually, human, play_through, seat_as

pytestmark = pytest.mark.slow

NO_SIDEWAYS = "() => document.documentElement.scrollWidth <= window.innerWidth"
TABLES: dict[str, dict[str, Any]] = {
    "rififi": {"players": 4, "rules": "oh-hell", "rounds": 1},
    "rikken": {"players": 4, "rules": "kampioenschap", "rounds": 1},
    "hoogjassen": {"players": 4, "rounds": 1},
    "piken": {"players": 3, "rounds": 1},
}


def shoot(page: TablePage | Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    target = page.page if isinstance(page, TablePage) else page
    target.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def test_the_lobby_on_a_desktop_and_a_phone(served: Served, new_context: ContextMaker) -> None:
    for phone, kind in ((False, "desktop"), (True, "phone")):
        page = new_context(phone=phone).new_page()
        page.goto(served.base + "/")
        page.wait_for_load_state("networkidle")
        assert page.locator("select, input, button").count() > 0, "the lobby shows no form"
        assert page.evaluate(NO_SIDEWAYS), f"the lobby scrolls sideways on a {kind}"
        shoot(page, f"lobby-{kind}")


def in_play(page: TablePage) -> bool:
    """The cards are out: this seat is to play a card, or the match is over."""
    return _in_play(page.state())


def _in_play(state: dict[str, Any]) -> bool:
    return bool(state["over"] or (state["turn"] and state["phase"] == "play"))


def choosing(page: TablePage) -> bool:
    """As `in_play`, but not at a forced card: the server plays that for the seat, a new version."""
    state = page.state()  # read once: a second read may see a later version
    if state["over"]:
        return True
    if not _in_play(state):
        return False
    frame = page.frame_of(state["version"])
    return frame is not None and len(frame["legal_actions"]) > 1


@pytest.mark.parametrize("game", list(TABLES))
def test_a_table_on_a_desktop_and_a_phone(served: Served, new_context: ContextMaker, game: str) -> None:
    options = dict(TABLES[game])
    players = options.pop("players")
    answer = served.create(game, [human(), *[bot() for _ in range(players - 1)]], **options)
    table, token = answer["table"], answer["seats"][0]["token"]
    desktop = new_context()
    seat_as(desktop, table, token)
    page = TablePage.open(desktop, served.base, answer["watch"])
    play_through([page], any_action(random.Random(9)), until=lambda: in_play(page), limit=60)
    state = page.state()
    assert state["cards"], f"no hand is shown: {state}"
    # A screen reader says each card's name (read at once: a forced card may be played for this seat).
    named = page.page.evaluate(
        "() => [...document.querySelectorAll('[data-card]')].map(e => [e.dataset.card, e.ariaLabel])"
    )
    for code, label in named:
        assert label is not None and CARD_NAMES.get(label.strip().lower()) == code, (code, label)
    shoot(page, f"table-{game}-desktop")
    desktop.close()

    phone = new_context(phone=True)
    seat_as(phone, table, token)
    small = TablePage.open(phone, served.base, answer["watch"])
    small.wait_shown(state["version"])
    shown = small.state()
    frame = small.frame_of(shown["version"])
    assert frame is not None and frame["view"] is not None
    assert sorted(shown["cards"]) == sorted(frame["view"]["hand"])
    assert small.page.evaluate(NO_SIDEWAYS), f"the {game} table scrolls sideways on a phone"
    shoot(small, f"table-{game}-phone")


def test_the_language_switch(served: Served, new_context: ContextMaker) -> None:
    answer = served.create("rikken", [human(), bot(), bot(), bot()], rules="kampioenschap", rounds=1)
    context = new_context()
    seat_as(context, answer["table"], answer["seats"][0]["token"])
    page = TablePage.open(context, served.base, answer["watch"])
    play_through([page], any_action(random.Random(10)), until=lambda: choosing(page), limit=60)
    dutch: dict[str, str] = served.get("/api/words?lang=nl")["words"]
    english = _lines(page)
    shown = [m for m in english if dutch.get(m, m) != m]
    assert shown, f"no visible UI string has a Dutch translation: {sorted(english)}"
    english_title = _title(page)
    version = page.state()["version"]

    page.page.select_option('select[name="lang"]', "nl")
    eventually(lambda: bool({dutch[m] for m in shown} & _lines(page)), f"{shown} in Dutch")
    assert page.page.evaluate("() => document.documentElement.lang") == "nl"
    eventually(lambda: page.states()[-1].get("model", {}).get("lang") == "nl", "a state in Dutch")
    dutch_title = _title(page)
    assert dutch_title and dutch_title != english_title
    eventually(lambda: dutch_title in page.page.inner_text("body"), "the round's title in Dutch")
    assert page.state()["version"] == version  # a language is no move

    page.page.select_option('select[name="lang"]', "en")
    eventually(lambda: bool(set(shown) & _lines(page)), f"{shown} in English again")
    eventually(lambda: english_title in page.page.inner_text("body"), "the round's title in English")


def _lines(page: TablePage) -> set[str]:
    """The page's visible text, line by line."""
    return {line.strip() for line in page.page.inner_text("body").splitlines() if line.strip()}


def _title(page: TablePage) -> str:
    """The round's title in the last state frame's model (which the page shows)."""
    frames = [frame for frame in page.states() if "model" in frame]
    assert frames, "no state frame carries a model"
    title: str = frames[-1]["model"]["title"]
    return title
