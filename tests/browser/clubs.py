"""Clubs and events through the browser (clubs.md): signing up on /signup, creating and joining a club,
the event form of the club page, and each player's way from the event page to their table and back, by
the pages' data attributes only."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from serving import WAIT

from .tables import TablePage, any_action, play_through

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

PASSWORD = "correct horse battery"
SIGNED_IN = 'header [data-account][data-signed-in="true"]'


def sign_up(context: BrowserContext, base: str, name: str, password: str = PASSWORD) -> Page:
    """A page of ``context`` signed up as ``name`` on /signup (then at the lobby, the name in its header)."""
    page = context.new_page()
    page.goto(base + "/signup")
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Password", exact=True).fill(password)
    page.locator("[data-account-submit]").click()
    page.wait_for_url(base + "/")
    page.wait_for_selector(SIGNED_IN, timeout=WAIT * 1000)
    assert page.locator("[data-account-name]").inner_text() == name
    return page


def sign_in(context: BrowserContext, base: str, name: str, password: str) -> Page:
    """A page of ``context`` signed in as ``name`` on /login (then at the lobby)."""
    page = context.new_page()
    page.goto(base + "/login")
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Password", exact=True).fill(password)
    page.locator("[data-account-submit]").click()
    page.wait_for_url(base + "/")
    page.wait_for_selector(SIGNED_IN, timeout=WAIT * 1000)
    assert page.locator("[data-account-name]").inner_text() == name
    return page


def create_club(page: Page, base: str, name: str) -> str:
    """Create the club ``name`` on /clubs; its id (the page is then the club's page)."""
    page.goto(base + "/clubs")
    page.wait_for_selector(SIGNED_IN)
    page.locator("#club-name").fill(name)
    page.locator("[data-create-club]").click()
    page.wait_for_url(re.compile(r"/clubs/[^/?]+$"))
    club = page.url.rsplit("/", 1)[1]
    page.wait_for_selector("[data-club-invite]:not([hidden])")
    return club


def copied(page: Page, selector: str) -> str:
    """The text of a copy row (`[data-invite-code]`, `[data-join-link]`, `[data-reset-link]`)."""
    value: str = page.locator(f"{selector} input").input_value()
    assert value
    return value


def club_shown(page: Page) -> None:
    """Until the club page shows the club (its members)."""
    page.wait_for_selector("#club:not([hidden]) [data-club-members] [data-member]", timeout=WAIT * 1000)


def members_on(page: Page) -> list[str]:
    club_shown(page)
    names: list[str] = page.locator("[data-club-members] [data-member]").evaluate_all(
        "items => items.map(li => li.dataset.member)"
    )
    return names


def event_form_ready(page: Page) -> None:
    """Until the club page's event form has its games, rules and players."""
    page.wait_for_selector("[data-event-form]:visible", timeout=WAIT * 1000)
    page.wait_for_function(
        "() => document.querySelector('#event-rules').options.length > 0"
        " && document.querySelectorAll('[data-event-players] [data-player]').length > 0"
    )


def table_of(page: Page) -> str:
    """The table id of a table page's address."""
    match = re.search(r"/tables/([^/?#]+)", page.url)
    assert match, page.url
    return match.group(1)


def to_my_table(page: Page, base: str, event: str, before: str | None = None) -> str:
    """From the event page to the player's table of the session in play (not ``before``): by
    `[data-your-table]`, or by the page sending the player there when a new session is drawn. The table."""
    if not page.url.startswith(f"{base}/events/{event}"):
        page.goto(f"{base}/events/{event}")
    page.wait_for_function(
        """before => {
          const m = location.pathname.match(/^\\/tables\\/([^/]+)/);
          if (m) return m[1] !== before;
          const a = document.querySelector('[data-your-table]');
          if (!a || a.closest('[hidden]')) return false;
          const id = decodeURIComponent(a.getAttribute('href').split('/').pop());
          return id !== before;
        }""",
        arg=before or "",
        timeout=WAIT * 1000,
    )
    if "/events/" in page.url:
        page.locator("[data-your-table]").click()
        page.wait_for_url(re.compile(r"/tables/"))
    table = table_of(page)
    assert table != before
    return table


def play_session(pages: Sequence[Page], base: str, seed: int, limit: float = 90.0) -> list[TablePage]:
    """Play the table pages ``pages`` show to the end (their tables over), clicking what each asks."""
    tables = []
    for page in pages:
        table = TablePage(page, base)
        page.reload()  # the frames of this table from its start, seen by ``table``
        table.wait_shown()
        tables.append(table)
    play_through(tables, any_action(random.Random(seed)), limit=limit)
    return tables


def api(page: Page, url: str) -> Any:
    """``GET url`` with the cookies of ``page``'s context (as its person); the answer's JSON."""
    answer = page.request.get(url)
    assert answer.ok, f"GET {url}: {answer.status} {answer.text()}"
    return answer.json()
