"""Table talk, sound and hints in the browser (issue 31): the chat under Rikken's championship rules
(free text closed during a round but for a praatje's player once his hand lies open, open between
rounds, the preset messages always, an unread count on a phone's folded panel), sound off until switched
on and remembered, and a hint shown on your turn at a table that offers them."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from .conftest import SCREENSHOTS, ContextMaker
from .tables import Served, TablePage, any_action, bot, eventually, human, play_through, seat_as

pytestmark = pytest.mark.slow

PRAATJE_AT_ONCE = {"preset": "kampioenschap", "open_after_trick": 0}
"""The championship rules, an open hand laid open as play begins (so that a praatje's talk opens then)."""


def messages(page: TablePage) -> list[str]:
    found: list[str] = page.page.eval_on_selector_all(
        "[data-chat-message]", "els => els.map(e => e.textContent)"
    )
    return found


def free_text(page: TablePage) -> bool:
    """Whether the page lets its person write free text now."""
    enabled: bool = page.page.eval_on_selector("[data-chat-text]", "e => !e.disabled && e.checkVisibility()")
    return enabled


def write(page: TablePage, text: str) -> None:
    page.page.fill("[data-chat-text]", text)
    page.page.click("[data-chat-send]")


def said(pages: list[TablePage], text: str) -> None:
    for page in pages:
        eventually(lambda page=page: any(text in m for m in messages(page)), f"{text!r} shown")  # type: ignore[misc]


def type_action(page: TablePage, action: str) -> None:
    """Type ``action`` on the page's keyboard (the answer the server reads), and wait for the next state."""
    version = page.state()["version"]
    page.page.evaluate("document.activeElement && document.activeElement.blur()")
    page.page.keyboard.type(action)
    page.page.keyboard.press("Enter")
    eventually(lambda: page.state()["version"] > version, f"{action} taken")


def to_act(pages: list[TablePage]) -> TablePage:
    """The page whose seat is to act (once a page shows it)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        for page in pages:
            if page.state()["turn"]:
                return page
        time.sleep(0.05)
    raise AssertionError(f"nobody is to act: {[page.state() for page in pages]}")


def test_the_chat_rule_under_kampioenschap(served: Served, new_context: ContextMaker) -> None:
    names = ["Ann", "Bob", "Cid", "Dee"]
    # The table waits for everyone (absent "pause"), and long (ready_limit): on a busy machine the pages
    # may connect more than a second after the table is made, or outlast the default 30 s, and the round
    # would be dealt before anyone said ready.
    answer = served.create(
        "rikken", [human(n) for n in names], rules=PRAATJE_AT_ONCE, rounds=2, absent="pause", ready_limit=600
    )
    pages: list[TablePage] = []
    for seat, name in enumerate(names):
        context = new_context(phone=name == "Dee")
        seat_as(context, answer["table"], answer["seats"][seat]["token"])
        pages.append(TablePage.open(context, served.base, answer["watch"]))
    ann, bob, _, dee = pages
    # Before the first deal everyone may talk; a message is text, never markup.
    for page in pages[:3]:
        eventually(lambda page=page: free_text(page), "free text open before the first deal")  # type: ignore[misc]
    write(ann, "Hallo <b>allemaal</b>")
    said(pages[:3], "Ann: Hallo <b>allemaal</b>")
    assert not ann.page.query_selector("[data-chat] b:text('allemaal')")
    eventually(lambda: dee.page.is_visible("[data-chat-unread]"), "the phone's folded chat counts it")
    assert dee.page.text_content("[data-chat-unread]") == "1"
    dee.page.click("#sec-chat > summary")
    eventually(lambda: not dee.page.is_visible("[data-chat-unread]"), "read once unfolded")
    for page in pages:
        page.act(any_action(random.Random(0)))  # ready
    for page in pages:
        eventually(lambda page=page: page.state()["phase"] == "bid", "the round dealt")  # type: ignore[misc]
    # During the round: the preset messages only.
    for page in pages:
        eventually(lambda page=page: not free_text(page), "free text closed")  # type: ignore[misc]
        assert page.page.is_visible("[data-chat-closed]")
    bob.page.click('[data-chat-preset="one-moment"]')
    said([ann, bob], "Bob: One moment, please.")
    # A praatje: its player talks once his hand lies open (here as play begins); the others do not.
    talker = ann
    for bid in ("bid misere", "bid open-misere", "bid open-misere-praatje"):
        talker = to_act(pages)
        type_action(talker, bid)
    while any(page.state()["phase"] != "play" for page in pages):
        type_action(to_act(pages), "pass")
    eventually(lambda: free_text(talker), "the praatje's player may talk")
    assert not any(free_text(page) for page in pages if page is not talker)
    write(talker, "Ik speel eerst mijn ruiten")
    said(pages[:3], "Ik speel eerst mijn ruiten")
    talker.page.screenshot(path=str(SCREENSHOTS / "chat-praatje.png"))
    # Between rounds everyone may talk again. Stop as soon as one page asks for ready: a page that says
    # ready early would leave the others' "all ready" never seen together.
    play_through(pages, any_action(random.Random(1)), until=lambda: any(p.state()["ready"] for p in pages))
    for page in pages[:3]:
        eventually(lambda page=page: free_text(page), "free text open between rounds")  # type: ignore[misc]
    write(bob, "Goed gespeeld")
    said(pages[:3], "Bob: Goed gespeeld")


def test_sound_is_off_until_switched_on_and_remembered(served: Served, new_context: ContextMaker) -> None:
    answer = served.create("rififi", [human(), bot(), bot()], rules="oh-hell")
    context = new_context()
    seat_as(context, answer["table"], answer["seats"][0]["token"])
    page = TablePage.open(context, served.base, answer["watch"])
    switch = page.page.locator("[data-sound]")
    assert switch.get_attribute("aria-pressed") == "false"
    assert page.page.evaluate("localStorage.getItem('troef.sound')") is None
    switch.click()
    assert switch.get_attribute("aria-pressed") == "true"
    assert page.page.evaluate("localStorage.getItem('troef.sound')") == "on"
    page.page.reload()
    page.wait_shown()
    assert page.page.get_attribute("[data-sound]", "aria-pressed") == "true"
    page.page.click("[data-sound]")
    assert page.page.evaluate("localStorage.getItem('troef.sound')") == "off"


def test_a_hint_shows_the_normal_bots_choice_on_your_turn(served: Served, new_context: ContextMaker) -> None:
    answer = served.create("rififi", [human(), bot(), bot()], rules="oh-hell", hints=True)
    context = new_context()
    seat_as(context, answer["table"], answer["seats"][0]["token"])
    page = TablePage.open(context, served.base, answer["watch"])
    watcher = TablePage.open(new_context(), served.base, answer["watch"])
    page.act(any_action(random.Random(0)))  # ready
    state = page.wait_for_me()
    assert state["turn"]
    assert not page.page.is_visible("[data-hint]")
    page.page.click("[data-hint-ask]")
    page.page.wait_for_selector("[data-hint]")
    action = page.page.get_attribute("[data-hint]", "data-hint")
    frame: dict[str, Any] | None = page.frame_of(page.state()["version"])
    assert frame is not None and action in frame["legal_actions"]
    assert "The normal bot would choose:" in (page.page.text_content("[data-hint]") or "")
    shown = page.page.query_selector(f'[data-action="{action}"]')
    assert shown is None or shown.get_attribute("data-hinted") == "true"
    page.page.screenshot(path=str(SCREENSHOTS / "hint.png"))
    assert not watcher.page.query_selector("[data-hint-ask]") and not watcher.page.query_selector(
        "[data-hint]"
    )
    assert not any('"hint"' in text for text in watcher.frames)
    plain = served.create("rififi", [human(), bot(), bot()], rules="oh-hell")
    context = new_context()
    seat_as(context, plain["table"], plain["seats"][0]["token"])
    other = TablePage.open(context, served.base, plain["watch"])
    other.act(any_action(random.Random(0)))
    assert other.wait_for_me()["turn"] and not other.page.query_selector("[data-hint-ask]")
