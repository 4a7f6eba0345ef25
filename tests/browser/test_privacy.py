"""Hidden cards stay hidden in the browser: two people at one Rikken table (each joined through the
invite link, each in their own browser context) never see the other's cards, in the page or in any
WebSocket frame; a spectator's page holds no hand and no action. The leak check itself is shown to
fail on a leak first."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import troef
from troef.games.replay import start_state

from .conftest import ContextMaker
from .leaks import CARD_NAMES, DOM_SNAPSHOT, Oracle, card_codes, named_cards
from .tables import OPEN, Served, TablePage, any_action, bot, human, play_through, seat_as

pytestmark = pytest.mark.slow


def a_round(actions: int) -> tuple[dict[str, Any], Any]:
    """A random Rikken round's record (as a table serves it) and its state after ``actions`` actions."""
    state = troef.GAMES["rikken"](players=4).deal(7, dealer=1)
    rng = random.Random(7)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    record = state.record()
    partial = start_state(record)
    for action in record["actions"][:actions]:
        partial.apply(action)
    return record, partial


def test_the_leak_check_finds_a_leak() -> None:
    record, state = a_round(12)
    oracle = Oracle(record)
    seat = 2
    hands = record["deal"]["hands"]
    view = dict(state.view(seat))
    honest = json.dumps({"type": "state", "version": 30, "seat": seat, "view": view, "legal_actions": []})
    assert oracle.frame_leaks([honest], seat) == []
    # a card another seat holds and nobody played yet: in a frame's extra field, in a model line
    played = card_codes(json.dumps(view["actions"]))
    hidden = next(card for card in hands[(seat + 1) % 4] if card not in played)
    leaky = json.loads(honest)
    leaky["model"] = {"log": [{"parts": [{"kind": "card", "text": hidden, "code": hidden, "name": ""}]}]}
    assert oracle.frame_leaks([honest, json.dumps(leaky)], seat) == [(1, {hidden})]
    # the same line is no leak to the seat that holds the card
    holder = (seat + 1) % 4
    theirs = {**leaky, "seat": holder, "view": dict(state.view(holder))}
    assert oracle.frame_leaks([json.dumps(theirs)], holder) == []
    # a frame for another seat is a leak in itself
    assert oracle.frame_leaks([json.dumps({**json.loads(honest), "seat": 0})], seat) != []
    # a page: a data-card, an aria-label or a code in the HTML
    page = {"html": "<div id=table></div>", "cards": view["hand"], "labels": []}
    assert oracle.page_leaks(page, seat, 12) == set()
    assert oracle.page_leaks({**page, "cards": [*view["hand"], hidden]}, seat, 12) == {hidden}
    name = next(name for name, code in CARD_NAMES.items() if code == hidden)
    assert named_cards([name]) == {hidden}
    assert oracle.page_leaks({**page, "labels": [name]}, seat, 12) == {hidden}
    assert oracle.page_leaks({**page, "html": f'<span class="c">{hidden}</span>'}, seat, 12) == {hidden}
    # the keyboard prompt's example names no card; the same code elsewhere in it does
    prompt = "your card (its number 1-2, or a card like AS, 10h): "
    assert card_codes(prompt) == set() and card_codes(prompt + " AS") == {"AS"}
    # ids and tokens (URL-safe base64) that happen to hold a code are no card
    assert card_codes(f'"table":"x-{hidden}_y","id":"{hidden}abc"') == set()


def join(new_context: ContextMaker, served: Served, invite: str, name: str) -> TablePage:
    """A person joins through the invite link in a context of their own; their table page."""
    context = new_context()
    page = context.new_page()
    table = TablePage(page, served.base)
    page.goto(served.base + invite)
    page.fill('input[name="name"]', name)
    page.click("[data-join]")
    page.wait_for_url("**/tables/*")
    table.wait_shown()
    return table


def test_two_people_at_one_table_never_see_each_others_cards(
    served: Served, new_context: ContextMaker
) -> None:
    answer = served.create("rikken", [OPEN, OPEN, bot(), bot()], rules="kampioenschap", rounds=1)
    ann = join(new_context, served, answer["invite"], "Ann")
    bob = join(new_context, served, answer["invite"], "Bob")
    seats = {int(ann.state()["seat"]), int(bob.state()["seat"])}
    assert seats == {0, 1}
    snapshots: dict[int, list[dict[str, Any]]] = {id(ann): [], id(bob): []}

    def look(page: TablePage) -> None:
        snapshots[id(page)].append(page.page.evaluate(DOM_SNAPSHOT))

    def looked() -> bool:  # both pages, between every move
        for page in (ann, bob):
            look(page)
        return bool(ann.state()["over"] and bob.state()["over"])

    play_through([ann, bob], any_action(random.Random(5)), each=look, until=looked, limit=150)
    record = served.get(f"/api/tables/{answer['table']}/record")
    oracle = Oracle(record["rounds"][0])
    for page in (ann, bob):
        seat = int(page.state()["seat"])
        assert len(page.states()) >= 10 and len({s["version"] for s in snapshots[id(page)]}) >= 10
        leaks = oracle.frame_leaks(page.frames, seat)
        assert leaks == [], [(i, cards, page.frames[i]) for i, cards in leaks[:1]]
        for snapshot in snapshots[id(page)]:
            frame = page.frame_of(snapshot["version"])
            assert frame is not None, f"the page shows version {snapshot['version']}, never received"
            actions = len(frame["view"]["actions"]) if frame["view"] else 0
            assert oracle.page_leaks(snapshot, seat, actions) == set(), snapshot["version"]
        # the check looked at something: the seat's own cards were in its frames and on its page
        own = set(record["rounds"][0]["deal"]["hands"][seat])
        assert own <= set().union(*(card_codes(text) for text in page.frames))
        assert own & set(snapshots[id(page)][0]["cards"]) or any(
            set(s["cards"]) & own for s in snapshots[id(page)]
        )


def test_a_spectator_sees_no_hand_and_no_action(served: Served, new_context: ContextMaker) -> None:
    answer = served.create("rififi", [human(), bot(), bot()], rules="oh-hell", rounds=1)
    player = new_context()
    seat_as(player, answer["table"], answer["seats"][0]["token"])
    ann = TablePage.open(player, served.base, answer["watch"])
    watcher = TablePage.open(new_context(), served.base, answer["watch"])
    seen: list[dict[str, Any]] = []

    def watch(page: TablePage) -> None:
        state = watcher.state()
        seen.append(state)
        assert state["seat"] == "spectator"
        assert watcher.page.locator("[data-card]").count() == 0, state
        assert watcher.page.locator("[data-action]").count() == 0, state
        assert watcher.page.locator("[data-ready]").count() == 0, state

    play_through([ann], any_action(random.Random(6)), each=watch, limit=60)
    watch(ann)
    assert len({state["version"] for state in seen}) >= 5  # it watched the round go by
    assert seen[-1]["over"] and watcher.state()["version"] == ann.state()["version"]
    assert ann.state()["seat"] == "0"
    oracle = Oracle(served.get(f"/api/tables/{answer['table']}/record")["rounds"][0])
    assert oracle.frame_leaks(watcher.frames, None) == []
