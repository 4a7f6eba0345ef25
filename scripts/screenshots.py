"""The table page of every game as people see it, for docs/screenshots: desktop (1280x800) and phone
(390x844), English and Dutch, mid-trick, with the round's result, and the score sheet.

    python scripts/screenshots.py [--games rififi,rikken,...] [--langs en,nl]
        [--devices desktop,phone] [--out DIR]

Starts ``troef serve`` on a temporary SQLite database, seats Ann against easy bots and plays her seat
with random legal actions through the page (the browser tests' driver, tests/browser/tables.py), taking
a screenshot when a trick is half played at her turn (Piken: a card in the middle), when the first
round's result is shown, and with the score sheet in sight at the match's end. Needs the test extra
and Debian's Chromium.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests")]

import httpx2  # noqa: E402
from playwright.sync_api import Page, sync_playwright  # noqa: E402

from browser.conftest import CHROMIUM, DESKTOP, FLAGS, PHONE  # noqa: E402
from browser.tables import Served, TablePage, any_action, bot, human, seat_as  # noqa: E402

TABLES: dict[str, dict[str, Any]] = {
    "rififi": {"players": 6, "rules": "standaard", "rounds": 3},
    "rikken": {"players": 4, "rules": "kampioenschap", "rounds": 2},
    "hoogjassen": {"players": 4, "rules": "standaard", "rounds": 2},
    "piken": {"players": 3, "rules": "standaard", "rounds": 2},
}
"""The table of each game: Rififi with six players, the widest score sheet."""

MID_TRICK = """() => { const t = document.querySelector('#table');
  return t.dataset.turn === 'true' && t.dataset.phase === 'play'
    && document.querySelectorAll('#trick .card.played:not(.done)').length >= 1; }"""
MY_PLAY = """() => { const t = document.querySelector('#table');
  return t.dataset.turn === 'true' && t.dataset.phase === 'play'; }"""
"""Piken has no tricks: its mid-play picture is Ann's second turn to play (cards lie in the middle)."""
RESULT = "() => !!document.querySelector('[data-round-result]')"


def shoot(page: Page, path: Path, full: bool = False) -> None:
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.screenshot(path=str(path), full_page=full)
    print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


def create(served: Served, game: str, seats: list[dict[str, Any]], spec: dict[str, Any]) -> dict[str, Any]:
    """A new table, waiting while the server's creation limit (per address and minute) says no."""
    body = {
        "game": game,
        "players": len(seats),
        "seats": seats,
        "rules": spec["rules"],
        "rounds": spec["rounds"],
    }
    while (answer := httpx2.post(f"{served.base}/api/tables", json=body, timeout=30)).status_code == 429:
        time.sleep(5)
    answer.raise_for_status()
    made: dict[str, Any] = answer.json()
    return made


def one_table(served: Served, browser: Any, game: str, device: str, lang: str, out: Path) -> None:
    """Ann's page at a new table of ``game``: mid-trick, result and sheet screenshots."""
    spec = TABLES[game]
    seats = [human("Ann"), *[bot("easy") for _ in range(spec["players"] - 1)]]
    answer = create(served, game, seats, spec)
    table, token = answer["table"], answer["seats"][0]["token"]
    context = browser.new_context(**(PHONE | {"device_scale_factor": 2} if device == "phone" else DESKTOP))
    context.add_init_script(
        f"localStorage.setItem('troef.lang', '{lang}'); localStorage.setItem('troef.motion', 'off')"
    )
    seat_as(context, table, token)
    page = TablePage.open(context, served.base, f"/tables/{table}?lang={lang}")
    choose = any_action(random.Random(7))
    name = f"{game}-{device}-{lang}"
    shot_trick = shot_result = False
    plays = 0

    def mid_play() -> bool:
        nonlocal plays
        if game != "piken":
            return bool(page.page.evaluate(MID_TRICK))
        plays += bool(page.page.evaluate(MY_PLAY))
        return plays >= 2

    while True:
        state = page.wait_for_me()
        if not shot_trick and mid_play():
            shoot(page.page, out / f"{name}-trick.png")
            shot_trick = True
        if not shot_result and page.page.evaluate(RESULT):
            page.page.wait_for_timeout(300)
            shoot(page.page, out / f"{name}-result.png")
            shot_result = True
        if state["over"]:
            break
        page.act(choose)
    page.page.evaluate("document.getElementById('sec-sheet').open = true")  # folded on the phone
    page.page.locator("#sec-sheet").scroll_into_view_if_needed()
    shoot(page.page, out / f"{name}-sheet.png")
    context.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(TABLES))
    parser.add_argument("--langs", default="en,nl")
    parser.add_argument("--devices", default="desktop,phone")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        served = Served(f"sqlite:///{Path(tmp) / 'shots.db'}", bot_pause=0.02)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
                for game in args.games.split(","):
                    for device in args.devices.split(","):
                        for lang in args.langs.split(","):
                            one_table(served, browser, game, device, lang, args.out)
                browser.close()
        finally:
            served.stop()


if __name__ == "__main__":
    main()
