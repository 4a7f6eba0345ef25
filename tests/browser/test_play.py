"""One person plays through the table page against bots: a whole Rififi match, a whole Rikken round,
and the multi-card selection (a Hoogjassen discard, a Piken play)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from .conftest import ContextMaker
from .tables import Served, TablePage, any_action, bot, cards_of, human, play_through, seat_as

pytestmark = pytest.mark.slow


def sit(new_context: ContextMaker, served: Served, answer: dict[str, Any]) -> TablePage:
    """The table page of ``answer``'s first human seat, in a new desktop context."""
    context = new_context()
    seat_as(context, answer["table"], answer["seats"][0]["token"])
    return TablePage.open(context, served.base, answer["watch"])


def test_one_person_clicks_through_a_whole_rififi_match(served: Served, new_context: ContextMaker) -> None:
    answer = served.create("rififi", [human(), bot(), bot()], rules="standaard", rounds=3)
    page = sit(new_context, served, answer)
    assert page.state()["seat"] == "0"
    play_through([page], any_action(random.Random(1)))
    info = served.get(f"/api/tables/{answer['table']}")
    assert info["status"] == "over" and len(info["sheet"]["rounds"]) == 3
    assert page.state()["version"] == info["version"]
    assert any(a.startswith("play ") for a in page.acted)
    assert page.state()["cards"] == []  # nothing left in hand

    page.page.click("[data-rematch]")  # the standings offer a rematch: a new table, the same seat
    page.page.wait_for_url(lambda url: answer["table"] not in url)
    rematch = served.get(f"/api/tables/{answer['table']}")["rematch"]["table"]
    assert page.page.url.endswith(f"/tables/{rematch}")
    page.wait_shown()
    assert page.state()["seat"] == "0" and page.state()["over"] is False
    info = served.get(f"/api/tables/{rematch}")
    assert (info["game"], info["rules"], info["rounds"]) == ("rififi", "standaard", 3)
    assert [seat["kind"] for seat in info["seats"]] == ["human", "bot", "bot"]


def test_one_person_clicks_through_a_whole_rikken_round(served: Served, new_context: ContextMaker) -> None:
    answer = served.create("rikken", [human(), bot(), bot(), bot()], rules="kampioenschap", rounds=1)
    page = sit(new_context, served, answer)
    play_through([page], any_action(random.Random(2)))
    info = served.get(f"/api/tables/{answer['table']}")
    assert info["status"] == "over" and len(info["sheet"]["rounds"]) == 1
    record = served.get(f"/api/tables/{answer['table']}/record")
    played = [a for a in record["rounds"][0]["actions"] if a.startswith("play ")]
    assert 4 <= len(played) <= 52  # a failed misère ends the round at once
    mine = [a for a in page.acted if a.startswith("play ")]
    assert mine and all(a in played for a in mine)

    replay = page.page.context.new_page()  # the replay of the round: every hand face up, step by step
    replay.goto(f"{served.base}/tables/{answer['table']}/replay")
    replay.wait_for_selector("#verify.ok")
    hands = replay.locator(".replay-hand")
    assert hands.count() == 4
    dealt = record["rounds"][0]["deal"]["hands"]
    for seat in range(4):
        labels = hands.nth(seat).locator(".card").evaluate_all("cards => cards.map(c => c.ariaLabel)")
        assert len(labels) == len(dealt[seat]) == 13
    assert hands.nth(0).locator('.card[aria-label="ace of spades"]').count() == ("AS" in dealt[0])
    replay.keyboard.press("End")
    steps = len(record["rounds"][0]["actions"])
    replay.wait_for_function(
        "n => document.querySelector('#step-no').textContent.includes(String(n))", arg=steps
    )
    totals = record["rounds"][0]["result"]["scores"]  # the last step shows the round's result
    shown = replay.locator("[data-round-result] [data-result-seat] td:last-child").all_inner_texts()
    assert [int(total) for total in shown] == totals
    assert replay.locator("#download").get_attribute("href") == f"/api/tables/{answer['table']}/record"


def _mine(page: TablePage, kind: str) -> list[str]:
    """This seat's actions of ``kind`` (``discard``, ``play``) in the last state frame's view."""
    states = page.states()
    if not states or states[-1]["view"] is None:
        return []
    seat = states[-1]["seat"]
    return [
        entry.split(":", 1)[1]
        for entry in states[-1]["view"]["actions"]
        if entry.startswith(f"{seat}:") and entry.split(":", 1)[1].startswith(kind + " ")
    ]


def highest_bid(page: TablePage) -> None:
    """Step the bid picker to its highest bid, where the page shows one (35 bids are too many buttons)."""
    step = page.page.locator('[data-picker-step="last"]:not([disabled])')
    if step.count():
        step.first.click()


def test_a_hoogjassen_discard_through_the_selection(served: Served, new_context: ContextMaker) -> None:
    rng = random.Random(3)

    def choose(offered: Sequence[str], legal: Sequence[str]) -> str:
        bids = [a for a in offered if a.startswith("bid ")]
        if bids:  # the highest bid: this seat becomes the declarer and discards
            return max(bids, key=lambda a: int(a.split()[1]))
        if "take-lummel" in offered:
            return "take-lummel"
        discards = [a for a in legal if a.startswith("discard ")]
        if discards:
            return rng.choice(discards)
        return rng.choice(list(offered) or list(legal))

    for _attempt in range(3):  # another seat may bid the most before this one bids at all
        answer = served.create("hoogjassen", [human(), bot(), bot()], rounds=1)
        page = sit(new_context, served, answer)
        page.by_selection = True

        def done(page: TablePage = page) -> bool:
            last = page.states()[-1] if page.states() else None
            if last is None or last["view"] is None:
                return False
            declarer = last["view"].get("declarer")
            return bool(_mine(page, "discard")) or (declarer is not None and declarer != last["seat"])

        play_through([page], choose, until=done, each=highest_bid)
        if _mine(page, "discard"):
            break
    discard = next(a for a in page.acted if a.startswith("discard "))
    assert len(cards_of(discard)) == 4
    assert _mine(page, "discard") == [discard]  # the frame after it shows it done
    after = page.state()
    assert after["version"] > page.version_of(discard)
    assert not set(cards_of(discard)) & set(after["cards"])  # gone from the hand


def test_a_piken_play_through_the_selection(served: Served, new_context: ContextMaker) -> None:
    rng = random.Random(4)

    def choose(offered: Sequence[str], legal: Sequence[str]) -> str:
        several = [a for a in legal if len(cards_of(a)) >= 2]
        if several:
            return rng.choice(several)
        return rng.choice(list(offered) or list(legal))

    answer = served.create("piken", [human(), bot(), bot()], rounds=1)
    page = sit(new_context, served, answer)
    page.by_selection = True  # the page also offers its listed combinations as buttons
    play_through([page], choose, until=lambda: any(len(cards_of(a)) >= 2 for a in page.acted))
    play = next(a for a in page.acted if len(cards_of(a)) >= 2)
    assert play in _mine(page, "play")
    assert page.state()["version"] > page.version_of(play)
    assert not set(cards_of(play)) & set(page.state()["cards"])
