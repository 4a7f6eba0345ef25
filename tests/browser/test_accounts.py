"""Accounts in the browser (clubs.md, "Accounts and sessions"): sign up on /signup, the name in the header
of every page (``[data-account][data-signed-in]``, ``[data-account-name]``), sign out, sign in on /login
and back to the page that asked (``?next=``, never another site), the server's refusals in the form's
``role=alert``, the pages on a phone and in Dutch.

The server takes ten sign-ups a minute from one address and ten failed sign-ins a minute for a name or an
address: these tests ask for six (two of them taken) and fail twice."""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import quote

import httpx2
import pytest

from serving import WAIT

from .conftest import ContextMaker
from .tables import OPEN, Served, TablePage, bot, human
from .test_languages import no_english

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.slow

PASSWORD = "correct horse battery"
ACCOUNT = "[data-account]"
NO_SIDEWAYS = "() => document.documentElement.scrollWidth <= window.innerWidth"


def account_on(page: Page) -> str | None:
    """The name the header shows signed in (None: signed out), once it knows."""
    page.wait_for_selector(f"{ACCOUNT}[data-signed-in]", timeout=WAIT * 1000)
    header = page.locator(f"header {ACCOUNT}")
    if header.get_attribute("data-signed-in") == "false":
        assert page.locator(f"{ACCOUNT} [data-account-name]").count() == 0
        return None
    assert header.get_attribute("data-signed-in") == "true"
    return page.locator(f"{ACCOUNT} [data-account-name]").inner_text()


def fill(page: Page, name: str, password: str) -> None:
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Password", exact=True).fill(password)
    page.locator("[data-account-submit]").click()


def sign_up_by_api(served: Served, name: str) -> None:
    body = {"name": name, "password": PASSWORD}
    answer = httpx2.post(f"{served.base}/api/accounts", json=body, timeout=WAIT)
    assert answer.status_code == 201, answer.text


def refusal(served: Served, path: str, name: str, password: str) -> str:
    """The server's sentence refusing ``name`` and ``password`` at ``path`` (what the form should show)."""
    answer = httpx2.post(f"{served.base}{path}", json={"name": name, "password": password}, timeout=WAIT)
    assert answer.status_code in (400, 401, 409), answer.text
    sentence: str = answer.json()["error"]
    return sentence


def test_sign_up_sign_out_and_sign_in(served: Served, new_context: ContextMaker) -> None:
    table = served.create("rififi", [human(), OPEN, bot()], rules="oh-hell")
    page = new_context().new_page()
    page.goto(served.base + "/")
    assert account_on(page) is None
    assert page.locator(f"{ACCOUNT} [data-sign-in]").inner_text() == "Sign in"
    page.locator(f"{ACCOUNT} [data-sign-up]").click()
    page.wait_for_url(served.base + "/signup")
    assert page.locator("#name").get_attribute("autocomplete") == "username"
    assert page.locator("#password").get_attribute("autocomplete") == "new-password"

    fill(page, "Ann Lee", PASSWORD)
    page.wait_for_url(served.base + "/")
    assert account_on(page) == "Ann Lee"
    assert page.locator("#create").is_visible()  # the lobby as before

    for path in (table["watch"], table["invite"], f"{table['watch']}/replay"):
        page.goto(served.base + path)
        assert account_on(page) == "Ann Lee", path
    page.goto(served.base + table["watch"])
    TablePage(page, served.base).wait_shown()
    assert account_on(page) == "Ann Lee"
    assert page.locator("#tools [data-last-trick]").count() == 1  # the table's own tools stay

    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    assert httpx2.get(f"{served.base}/api/session", cookies=cookies).json() == {"name": "Ann Lee"}
    page.locator(f"{ACCOUNT} [data-sign-out]").click()
    page.wait_for_selector(f'{ACCOUNT}[data-signed-in="false"]')
    assert account_on(page) is None
    assert page.locator(f"{ACCOUNT} [data-sign-in]").inner_text() == "Sign in"
    assert httpx2.get(f"{served.base}/api/session", cookies=cookies).status_code == 401  # ended everywhere

    page.locator(f"{ACCOUNT} [data-sign-in]").click()  # comes back to the table
    page.wait_for_url(f"{served.base}/login?next={quote(table['watch'], safe='')}")
    assert page.locator("#password").get_attribute("autocomplete") == "current-password"
    fill(page, "ann lee", PASSWORD)  # names compare case-insensitively
    page.wait_for_url(served.base + table["watch"])
    assert account_on(page) == "Ann Lee"


def test_a_wrong_password_and_a_taken_name(served: Served, new_context: ContextMaker) -> None:
    sign_up_by_api(served, "Bea")
    page = new_context().new_page()
    page.goto(served.base + "/login")
    assert account_on(page) is None
    fill(page, "Bea", "not the password")
    alert = page.get_by_role("alert")
    wrong = refusal(served, "/api/session", "Bea", "not the password either")
    page.wait_for_function("text => document.querySelector('#error').textContent === text", arg=wrong)
    assert alert.inner_text() == wrong == "wrong name or password"
    assert page.url == served.base + "/login"
    assert account_on(page) is None

    page.locator("#other").click()  # the form's link to the other page
    page.wait_for_url(served.base + "/signup")
    taken = refusal(served, "/api/accounts", "bea", PASSWORD)
    fill(page, "bea", PASSWORD)
    page.wait_for_function("text => document.querySelector('#error').textContent === text", arg=taken)
    assert "taken" in alert.inner_text()
    assert page.url == served.base + "/signup"

    fill(page, "Bea 2", "short")  # the page says so before asking
    assert alert.inner_text() == "A password has at least 8 characters."
    page.get_by_label("Password", exact=True).fill("")
    page.locator("[data-account-submit]").click()
    assert alert.inner_text() == "Please fill in your password."
    assert account_on(page) is None


def test_next_never_leaves_the_site(served: Served, new_context: ContextMaker) -> None:
    sign_up_by_api(served, "Nia")
    for asked, lands in [
        ("/tables/abc?lang=nl", "/tables/abc?lang=nl"),
        ("//example.com/x", "/"),
        ("https://example.com/", "/"),
        ("/\\example.com", "/"),
        ("/\t/example.com", "/"),
        ("/login", "/"),
    ]:
        page = new_context().new_page()
        page.goto(served.base + "/login?" + str(httpx2.QueryParams({"next": asked})))
        fill(page, "Nia", PASSWORD)
        page.wait_for_url(served.base + lands)
        assert account_on(page) == "Nia", asked


def test_the_pages_on_a_phone_and_in_dutch(served: Served, new_context: ContextMaker) -> None:
    page = new_context(phone=True).new_page()
    page.goto(served.base + "/signup")
    assert account_on(page) is None
    page.select_option('select[name="lang"]', "nl")  # kept for the next pages
    page.wait_for_function("() => document.querySelector('[data-sign-in]').textContent === 'Inloggen'")
    no_english(page, "nl", "the sign-up page")
    assert page.evaluate(NO_SIDEWAYS), "the sign-up page scrolls sideways on a phone"
    page.locator("#name").fill("Cas")
    page.locator("#password").fill(PASSWORD)
    page.locator("[data-account-submit]").click()
    page.wait_for_url(served.base + "/")
    assert account_on(page) == "Cas"
    no_english(page, "nl", "the lobby signed in")
    assert page.locator(f"{ACCOUNT} [data-sign-out]").inner_text() == "Uitloggen"
    assert page.evaluate(NO_SIDEWAYS), "the lobby signed in scrolls sideways on a phone"
    box = page.locator(f"{ACCOUNT} [data-account-name]").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
