"""Hoogjassen rule 5a in the browser, on a phone (390x844): a finished trick stays on the table until the
next card is played and is gone after it (the "Last trick" button with it); with the option
``memory_aids`` it can be looked at all round. Screenshots of both moments under build/screenshots/."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import SCREENSHOTS, ContextMaker, missing
from .tables import Served, TablePage, any_action, bot, eventually, human, play_through, seat_as

pytestmark = pytest.mark.slow

SHOWN = """() => {
  const t = document.querySelector('#table');
  const last = document.querySelector('[data-last-trick]');
  return {
    version: t ? parseInt(t.dataset.version, 10) : -1,
    phase: t ? t.dataset.phase : '',
    done: document.querySelectorAll('#trick .played.done').length,
    current: document.querySelectorAll('#trick .played:not(.done)').length,
    button: !!last && !last.disabled,
  };
}"""
"""What the middle of the table shows: the cards of the trick just taken (``done``), the cards of the
trick in play, and whether the "Last trick" button may be pressed."""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A server whose bots pause 2 s: long enough to look at (and photograph) the table between two cards."""
    reason = missing()
    if reason is not None:
        pytest.skip(reason)
    server = Served(f"sqlite:///{tmp_path_factory.mktemp('sight') / 't.db'}", bot_pause=2.0)
    yield server
    server.stop()


def shoot(page: TablePage, name: str) -> None:
    """The phone's screen (390x844 at twice the pixels, as docs/screenshots/ has them)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.page.evaluate("window.scrollTo(0, 0)")
    page.page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), animations="disabled")


def shown(page: TablePage) -> dict[str, Any]:
    found: dict[str, Any] = page.page.evaluate(SHOWN)
    return found


def model_of(page: TablePage, version: int) -> dict[str, Any]:
    frame = page.frame_of(version)
    assert frame is not None and "model" in frame, f"no state frame with a model at version {version}"
    model: dict[str, Any] = frame["model"]["table"]
    return model


def taken(page: TablePage) -> bool:
    """A trick has just been taken and lies on the table (its four cards), no card of the next yet."""
    now = shown(page)
    return bool(now["phase"] == "play" and now["done"] == 4 and now["current"] == 0)


@pytest.mark.parametrize("aids", [False, True], ids=["standaard", "memory_aids"])
def test_the_last_trick_until_the_next_card(served: Served, new_context: ContextMaker, aids: bool) -> None:
    rules = {"preset": "standaard", "memory_aids": True} if aids else "standaard"
    answer = served.create("hoogjassen", [human(), bot("random"), bot("random"), bot("random")], rules=rules)
    phone = new_context(phone=True, device_scale_factor=2)
    seat_as(phone, answer["table"], answer["seats"][0]["token"])
    page = TablePage.open(phone, served.base, answer["watch"])
    play_through([page], any_action(random.Random(5)), until=lambda: taken(page), limit=90)
    before = shown(page)
    assert before["button"], "the trick just taken may be looked at"
    model = model_of(page, before["version"])
    assert model["last_trick"] is not None and len(model["last_trick"]["cards"]) == 4
    if not aids:
        shoot(page, "hoogjassen-phone-last-trick")
        assert shown(page)["version"] == before["version"], "the table moved on during the screenshot"

    # the next card: this seat's lead, or the next leader's (a bot, after its pause)
    state = page.state()
    if state["turn"]:
        page.act(any_action(random.Random(6)))
    eventually(lambda: shown(page)["current"] >= 1, "the next card on the table")
    after = shown(page)
    frame = page.frame_of(after["version"])
    assert frame is not None and "model" in frame
    model, view = frame["model"]["table"], frame["view"]
    assert len(view["history"]) >= 1 and view["last_trick"] is not None  # the seat's view remembers
    if aids:
        assert after["button"] and model["last_trick"] is not None
        return
    assert after["done"] == 0 and not after["button"], "the last trick is gone after the next card"
    assert model["last_trick"] is None
    log = [" ".join(part["text"] for part in line["parts"]) for line in frame["model"]["log"]]
    assert not any(" takes the trick with " in line for line in log), "an earlier trick's cards in the log"
    assert any(" took it" in line for line in log)
    shoot(page, "hoogjassen-phone-next-card")
    assert shown(page)["version"] == after["version"], "the table moved on during the screenshot"
