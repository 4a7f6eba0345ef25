"""No English in Dutch or German pages: the lobby (every game, preset and house rule), a join page, a
table before the deal and through a round, and its replay, opened with ``?lang=nl`` and ``?lang=de``,
show no English message id of the catalogs whose translation differs (proper names, card symbols,
numbers and the players' names are the same in every language). The join page shows the game's name,
its rules and house rules and the number of rounds in the page's language."""

from __future__ import annotations

import random
import re
from functools import cache
from typing import TYPE_CHECKING

import pytest

from troef.present.i18n import catalog_text, parse_po

from .conftest import ContextMaker
from .tables import OPEN, Served, TablePage, any_action, bot, human, play_through, seat_as

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.slow

LANGS = ("nl", "de")
PLACEHOLDER = re.compile(r"\{\w*\}")
NAMES = ("Ann",)
TABLES = {"rififi": 3, "rikken": 4, "hoogjassen": 4, "piken": 3}
"""Each game's table in the tests, by its number of players (a game in one language or both: the server
lets one address create ten tables a minute)."""
PAGE_TEXT = """() => {
  for (const section of document.querySelectorAll('details')) section.open = true;
  const texts = [document.body.innerText];
  for (const option of document.querySelectorAll('option')) texts.push(option.textContent);
  for (const e of document.querySelectorAll('[aria-label], [title], [placeholder]'))
    for (const name of ['aria-label', 'title', 'placeholder']) texts.push(e.getAttribute(name) || '');
  return texts.join('\\n');
}"""
"""The page's words: its visible text with every section open, each select's options, and the labels,
titles and placeholders a person hears or sees on hover."""


WORD = re.compile(r"[^\W\d_]+")


@cache
def english_ids(lang: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The catalog's English message ids whose ``lang`` translation differs, each with the pattern that
    finds it on a page (a placeholder stands for any words). Left out: ids without a word of their own
    (``{seat}: {action}``) and ids whose every word is one of ``lang``'s too, which its own sentences may
    hold (Dutch ``of``: or, in ``{rank} of {suit}``; German ``bot``: bid, in ``bot {n}``)."""
    catalog = parse_po(catalog_text(lang))
    own = {word for forms in catalog.values() for form in forms for word in WORD.findall(form)}
    found = []
    for (msgid, plural), forms in catalog.items():
        for english, translated in zip((msgid, plural), forms, strict=False):
            english = (english or "").strip()
            if not english or english == translated.strip():
                continue
            pieces = PLACEHOLDER.split(english)
            if set(WORD.findall(" ".join(pieces))) <= own:
                continue
            body = r"[^\n]+?".join(re.escape(piece) for piece in pieces)
            start = r"(?<!\w)" if english[0].isalnum() else ""
            end = r"(?!\w)" if english[-1].isalnum() else ""
            found.append((english, re.compile(start + body + end)))
    return tuple(found)


def english_on(page: Page, lang: str) -> list[str]:
    """The English message ids ``page`` shows."""
    text: str = page.evaluate(PAGE_TEXT)
    for name in NAMES:
        text = text.replace(name, "")
    return [english for english, pattern in english_ids(lang) if pattern.search(text)]


def no_english(page: Page, lang: str, where: str) -> None:
    shown = english_on(page, lang)
    assert not shown, f"{where} in {lang} shows English: {shown[:8]}"


def test_the_check_finds_english() -> None:
    ids = dict(english_ids("nl"))
    assert re.search(ids["Next dealer"], "Volgende deler · Next dealer")
    assert not re.search(ids["Next dealer"], "Volgende deler")
    assert re.search(ids["{seat} bids {bid}"], "Ann bids 3")
    assert "Rikken" not in ids and "{seat}: {action}" not in ids  # the same in Dutch; no word of its own
    assert "{rank} of {suit}" not in ids and "bot {n}" not in dict(
        english_ids("de")
    )  # "of", "bot": Dutch, German
    assert not re.search(ids["Rules"], "Rulesets")


@pytest.mark.parametrize("lang", LANGS)
def test_the_lobby_shows_every_game_in_the_language(
    served: Served, new_context: ContextMaker, lang: str
) -> None:
    page = new_context().new_page()
    page.goto(f"{served.base}/?lang={lang}")
    page.wait_for_selector("#game option", state="attached")
    for game in page.eval_on_selector_all("#game option", "options => options.map(o => o.value)"):
        page.select_option("#game", game)
        for preset in page.eval_on_selector_all("#preset option", "options => options.map(o => o.value)"):
            page.select_option("#preset", preset)
            no_english(page, lang, f"the lobby with {game} {preset}")


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_a_join_page_shows_the_game_its_rules_and_rounds(
    served: Served, new_context: ContextMaker, lang: str
) -> None:
    rules = {"preset": "standaard", "dealer_rule": "rotate", "max_bid": 400}
    seats = [human(), OPEN, bot("normal"), bot("easy")]
    answer = served.create("hoogjassen", seats, rules=rules, rounds=2)
    context = new_context()
    page = context.new_page()
    page.goto(f"{served.base}{answer['invite']}?lang={lang}")
    page.wait_for_selector('[data-about="house-rules"]')
    about = dict(
        page.eval_on_selector_all("[data-about]", "es => es.map(e => [e.dataset.about, e.textContent])")
    )
    game = next(g for g in served.get(f"/api/games?lang={lang}")["games"] if g["name"] == "hoogjassen")
    preset = game["presets"][0]
    dealer_rule, max_bid = game["options"][0], game["options"][1]
    assert about["game"] == game["title"] == "Hoogjassen"
    assert about["rules"] == f"{preset['label']} — {preset['description']}"
    assert (
        about["house-rules"]
        == f"{dealer_rule['label']}: {dealer_rule['choice_labels']['rotate']} · {max_bid['label']}: 400"
    )
    assert about["rounds"] == "2"
    if lang == "en":
        assert about["house-rules"] == "Next dealer: the next player clockwise · Highest bid: 400"
        return
    no_english(page, lang, "the join page")

    seat_as(context, answer["table"], answer["seats"][0]["token"])  # Ann's table before the deal
    table = TablePage.open(context, served.base, f"{answer['watch']}?lang={lang}")
    table.page.wait_for_selector("#seats .seat")
    no_english(table.page, lang, "a table waiting for a player")


@pytest.mark.parametrize(
    ("game", "lang"),
    [("rififi", "de"), ("rikken", "nl"), ("hoogjassen", "de"), ("piken", "nl"), ("piken", "de")],
)
def test_a_table_and_its_replay_show_no_english(
    served: Served, new_context: ContextMaker, game: str, lang: str
) -> None:
    answer = served.create(game, [human(), *[bot() for _ in range(TABLES[game] - 1)]], rounds=1)
    context = new_context()
    seat_as(context, answer["table"], answer["seats"][0]["token"])
    page = TablePage.open(context, served.base, f"{answer['watch']}?lang={lang}")
    seen: list[str] = []

    def check(table: TablePage) -> None:
        seen.extend(english_on(table.page, lang))

    play_through([page], any_action(random.Random(3)), each=check)
    check(page)
    assert not seen, f"the {game} table in {lang} shows English: {sorted(set(seen))[:8]}"

    replay = context.new_page()
    replay.goto(f"{served.base}/tables/{answer['table']}/replay?lang={lang}")
    replay.wait_for_selector("#verify.ok")
    no_english(replay, lang, f"the {game} replay's deal")
    replay.keyboard.press("End")
    no_english(replay, lang, f"the {game} replay's last step")
