"""What the table page shows a player (issue 31): every game's round result at the table with the last
trick beside it, a score sheet that fits its panel, seat badges, the compact bid picker on a phone, the
choices in view at every decision, and no trick tools for Piken."""

from __future__ import annotations

import random
from typing import Any

import pytest

from .conftest import ContextMaker
from .tables import Served, TablePage, any_action, bot, human, play_through, seat_as

pytestmark = pytest.mark.slow

RESULT = """() => {
  const box = document.querySelector('[data-round-result]');
  if (!box) return null;
  return {
    rows: [...box.querySelectorAll('tbody tr')].map(r => [...r.children].map(c => c.textContent.trim())),
    trick: document.querySelectorAll('#trick .card.played').length,
  };
}"""
SHEET_FITS = """() => { const s = document.querySelector('[data-sheet]');
  return { fits: s.scrollWidth <= s.clientWidth, columns: s.querySelectorAll('thead th').length }; }"""
IN_VIEW = """() => [...document.querySelectorAll('#actions [data-action], #actions [data-ready]')]
  .every(e => { const r = e.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight; })"""


def sit(
    new_context: ContextMaker, served: Served, game: str, players: int, phone: bool = False, **extra: Any
) -> TablePage:
    answer = served.create(game, [human(), *[bot() for _ in range(players - 1)]], **extra)
    context = new_context(phone=phone)
    seat_as(context, answer["table"], answer["seats"][0]["token"])
    return TablePage.open(context, served.base, f"/tables/{answer['table']}")


def result_shown(page: TablePage) -> bool:
    return bool(page.page.evaluate(RESULT))


@pytest.mark.parametrize(
    ("game", "players", "trick_cards"),
    [("rififi", 4, 4), ("rikken", 4, 4), ("hoogjassen", 4, 4), ("piken", 3, 0)],
)
def test_every_game_shows_the_rounds_result_until_the_next_deal(
    served: Served, new_context: ContextMaker, game: str, players: int, trick_cards: int
) -> None:
    page = sit(new_context, served, game, players, rounds=2)
    play_through([page], any_action(random.Random(1)), until=lambda: result_shown(page))
    shown = page.page.evaluate(RESULT)
    sheet = page.states()[-1]["sheet"]["rounds"][-1]
    assert len(shown["rows"]) == players
    for seat, row in enumerate(shown["rows"]):  # clockwise from this seat, 0: its name, points, total
        points = sheet["scores"][seat]
        assert row[0].startswith("Ann" if seat == 0 else f"bot {seat}")
        assert row[-2:] == [f"{points:+d}" if points else "0", str(sheet["totals"][seat])]
    if game == "rififi":  # the bid against the tricks taken
        bids = [row[1] for row in shown["rows"]]
        assert all(b.isdecimal() for b in bids)
    if trick_cards:  # the last trick stays on the table beside it
        assert shown["trick"] == trick_cards
    # it stays until the next deal, and goes with it
    play_through(
        [page], any_action(random.Random(1)), until=lambda: page.state()["phase"] not in ("", "over")
    )
    assert page.page.evaluate(RESULT) is None


@pytest.mark.parametrize(("phone", "players"), [(False, 6), (True, 4)])
def test_the_score_sheet_fits_its_panel(
    served: Served, new_context: ContextMaker, phone: bool, players: int
) -> None:
    page = sit(new_context, served, "rififi", players, phone=phone, rounds=3)
    play_through(
        [page], any_action(random.Random(2)), until=lambda: len(page.states()[-1]["sheet"]["rounds"]) >= 2
    )
    page.page.evaluate("document.getElementById('sec-sheet').open = true")
    sheet = page.page.evaluate(SHEET_FITS)
    assert sheet == {"fits": True, "columns": players}, "every player's column without a sideways scroll"


def test_seat_badges_show_the_bids_and_the_totals(served: Served, new_context: ContextMaker) -> None:
    page = sit(new_context, served, "rififi", 4, rounds=3)
    play_through([page], any_action(random.Random(3)), until=lambda: result_shown(page))
    badges = page.page.evaluate(
        "() => [...document.querySelectorAll('.seat')].map(s => s.querySelector('.badges').textContent)"
    )
    assert len(badges) == 4 and all("bid" in b and "Σ" in b for b in badges), badges


def test_hoogjassens_auction_is_a_compact_picker_on_a_phone(
    served: Served, new_context: ContextMaker
) -> None:
    for _attempt in range(5):  # the others may all pass before this seat bids
        page = sit(new_context, served, "hoogjassen", 4, phone=True, rounds=1)
        play_through(
            [page],
            any_action(random.Random(4)),
            until=lambda page=page: page.state()["turn"] and page.state()["phase"] == "bid",  # type: ignore[misc]
        )
        if page.state()["phase"] == "bid":
            break
    buttons = page.page.locator("#actions button").count()
    assert buttons <= 8, f"{buttons} buttons in the auction"
    offered = page.state()["actions"]
    assert "pass" in offered and len(offered) == 2  # one click: the bid shown, or pass
    first = next(a for a in offered if a != "pass")
    page.page.click('[data-picker-step="next"]')
    stepped = next(a for a in page.state()["actions"] if a != "pass")
    assert int(stepped.split()[1]) == int(first.split()[1]) + 10
    assert page.page.evaluate(IN_VIEW), "the choices are in the first screen or scrolled to"
    shown = page.state()["version"]  # read before the click: the answer may come before a later read
    page.page.click(f'[data-action="{stepped}"]')
    page.wait_shown(shown + 1)
    view = page.states()[-1]["view"]
    assert f"0:{stepped}" in view["actions"]


def test_the_choices_are_in_view_at_every_decision_on_a_phone(
    served: Served, new_context: ContextMaker
) -> None:
    page = sit(new_context, served, "rififi", 4, phone=True, rounds=3)
    decisions = 0

    def check(page: TablePage) -> None:
        nonlocal decisions
        assert page.page.evaluate(IN_VIEW), f"choices out of view: {page.state()}"
        decisions += 1

    play_through([page], any_action(random.Random(5)), each=check)
    assert decisions >= 5


def test_piken_has_no_trick_tools(served: Served, new_context: ContextMaker) -> None:
    page = sit(new_context, served, "piken", 3, rounds=1)
    play_through([page], any_action(random.Random(6)), until=lambda: page.state()["phase"] == "play")
    assert not page.page.locator("[data-last-trick]").is_visible()
    assert page.page.locator("#about").text_content() == "The middle and the piles"
