"""A page that reloads, or whose browser goes offline and back, mid-trick, comes back to the same state;
an action made while offline is sent once it is back, and applied once."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

import pytest

from .conftest import ContextMaker
from .tables import Served, TablePage, any_action, bot, human, play_through, seat_as

pytestmark = pytest.mark.slow


def mid_trick(page: TablePage) -> bool:
    """This seat is to play to a trick someone else has led, with a choice (a single legal card is a forced
    move, which the server plays for the seat after a pause: the table would move on during a reload)."""
    state = page.state()
    frame = page.frame_of(state["version"])
    if not state["turn"] or frame is None or frame["view"] is None:
        return False
    view = frame["view"]
    return bool(view["phase"] == "play" and view.get("trick") and len(frame["legal_actions"]) > 1)


def test_reload_and_offline_mid_trick_come_back_to_the_same_state(
    served: Served, new_context: ContextMaker
) -> None:
    answer = served.create("rififi", [human(), bot(), bot()], rules="oh-hell", rounds=1)
    context = new_context()
    seat_as(context, answer["table"], answer["seats"][0]["token"])
    page = TablePage.open(context, served.base, answer["watch"])
    choose = any_action(random.Random(8))
    play_through([page], choose, until=lambda: mid_trick(page), limit=60)

    before = page.state()
    page.page.reload()
    page.wait_shown(before["version"])
    page.page.wait_for_function("() => document.querySelector('#table').dataset.turn === 'true'")
    after = page.state()
    assert (after["version"], after["cards"], after["phase"]) == (
        before["version"],
        before["cards"],
        before["phase"],
    )
    assert sorted(after["actions"]) == sorted(before["actions"])

    page.act(choose)  # the page still plays after the reload
    play_through([page], choose, until=lambda: mid_trick(page), limit=60)
    page.page.wait_for_selector('[data-action^="play "] >> visible=true')

    before = page.state()
    version = before["version"]
    context.set_offline(True)
    page.page.wait_for_selector("#banner", state="visible")  # reconnecting: the socket is closed
    card = _playable(before["actions"])
    page.page.click(f'[data-action="{card}"] >> visible=true', timeout=5_000)  # made while offline
    time.sleep(0.5)
    context.set_offline(False)
    page.page.wait_for_selector("#banner", state="hidden")
    page.wait_shown(version + 1)
    page.page.wait_for_function(
        "v => parseInt(document.querySelector('#table').dataset.version, 10) > v", arg=version
    )
    info = served.get(f"/api/tables/{answer['table']}")
    assert info["version"] >= version + 1
    last = page.states()[-1]
    mine = [a for a in last["view"]["actions"] if a == f"{last['seat']}:{card}"]
    assert mine == [f"{last['seat']}:{card}"]  # applied once
    assert card.split()[1] not in page.state()["cards"]
    play_through([page], choose, limit=60)  # and on to the end
    assert served.get(f"/api/tables/{answer['table']}")["status"] == "over"


def _playable(offered: Sequence[str]) -> str:
    plays = [a for a in offered if a.startswith("play ")]
    assert plays, f"no card to play among {offered}"
    return plays[0]
