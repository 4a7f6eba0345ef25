"""The typed-card table: a person types at the table page's keyboard what the terminal would take (a card
such as ``5h`` or ``10h``, a bid as its number, ``pas`` in Dutch), the server reads it as the page shows
the table, and exactly that action is taken; what names no choice is refused in the page's language."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from serving import WAIT

from .conftest import ContextMaker
from .tables import Served, TablePage, any_action, bot, eventually, human, seat_as

pytestmark = pytest.mark.slow

OH_HELL_17: dict[str, Any] = {"preset": "oh-hell", "tricks": 17}
"""Seventeen cards each of three: the tens are likely in hand, digit ranks are sure."""


def typed(code: str) -> str:
    """A card as a player types it: ``10h`` for TH, ``5h`` for 5H."""
    return ("10" if code[0] == "T" else code[0]) + code[1].lower()


def sit(new_context: ContextMaker, served: Served, answer: dict[str, Any], **options: Any) -> TablePage:
    context = new_context(**options)
    seat_as(context, answer["table"], answer["seats"][0]["token"])
    return TablePage.open(context, served.base, answer["watch"])


def type_answer(page: TablePage, text: str) -> int:
    """Type ``text`` and Enter on the page's keyboard at the turn shown; the version it was typed on."""
    version: int = page.state()["version"]
    page.page.keyboard.type(text)
    page.page.keyboard.press("Enter")
    return version


def legal_now(page: TablePage) -> tuple[dict[str, Any], list[str]]:
    """The page's state at this seat's turn and the legal actions of its frame."""
    state = page.state()
    frame = page.frame_of(state["version"])
    return state, list(frame["legal_actions"]) if frame is not None else []


def test_the_typed_card_table(served: Served, new_context: ContextMaker) -> None:
    answer = served.create("rififi", [human(), bot(), bot()], rules=OH_HELL_17, rounds=4)
    page = sit(new_context, served, answer)
    typed_cards: list[str] = []
    deadline = time.monotonic() + 240
    while not ({c[0] for c in typed_cards} & {"T"} and {c[0] for c in typed_cards} & set("23456789")):
        assert time.monotonic() < deadline, f"typed only {typed_cards}"
        state = page.wait_for_me()
        assert not state["over"], f"the match ended having typed {typed_cards}"
        if state["ready"] and not state["turn"]:
            page.act(any_action(random.Random(0)))
            continue
        state, legal = legal_now(page)
        if not legal or not state["turn"]:
            time.sleep(0.05)
            continue
        if legal[0].startswith("bid "):
            version = type_answer(page, legal[0].split()[1])  # a bid is its number of tricks
            page.wait_shown(version + 1)
            told = page.frame_of(version + 1)
            assert told is not None and told["view"]["actions"][-1] == f"0:{legal[0]}"
            continue
        cards = [a.split()[1] for a in legal]
        wanted = "T" if not any(c[0] == "T" for c in typed_cards) else "23456789"
        card = next((c for c in cards if c[0] in wanted), None)
        if card is None or len(cards) == 1:  # nothing to type this turn: a click (or the forced move)
            page.act(any_action(random.Random(len(typed_cards))))
            continue
        hand = state["cards"]
        version = type_answer(page, typed(card))
        page.wait_shown(version + 1)
        after = page.frame_of(version + 1)
        assert after is not None and after["view"]["actions"][-1] == f"0:play {card}"
        assert sorted(after["view"]["hand"]) == sorted(c for c in hand if c != card)
        typed_cards.append(card)


def test_pas_in_dutch(served: Served, new_context: ContextMaker) -> None:
    answer = served.create("rikken", [human(), bot(), bot(), bot()], rules="kampioenschap", rounds=2)
    page = sit(new_context, served, answer, locale="nl-NL")
    deadline = time.monotonic() + WAIT * 4
    while True:
        assert time.monotonic() < deadline, "no bid turn where Ann may pass"
        state = page.wait_for_me()
        assert not state["over"]
        _, legal = legal_now(page)
        if state["turn"] and "pass" in legal:
            break
        page.act(any_action(random.Random(3)))

    version = type_answer(page, "passe")
    toast = page.page.locator("#toast")
    eventually(lambda: toast.is_visible(), "the refusal")
    assert (toast.text_content() or "").startswith("'passe' is geen van je keuzes; je mag: 1) pas  2) ")
    assert page.state()["version"] == version

    version = type_answer(page, "pas")
    page.wait_shown(version + 1)
    after = page.frame_of(version + 1)
    assert after is not None and after["view"]["actions"][-1] == "0:pass"
