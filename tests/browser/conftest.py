"""Fixtures of the browser tests: Debian's Chromium driven by Playwright for Python, against a real
``troef serve`` process on 127.0.0.1 with a temporary SQLite database.

Skipped, saying why, where ``/usr/bin/chromium`` or Playwright is missing (``.ci/run`` installs both).
A server serves one test module (the server allows ten new tables a minute from one address); the
browser is shared by the package and closed after it.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from .tables import Served

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}
SCREENSHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
"""Where the tests leave their screenshots (test artifacts; ``build/`` is not tracked)."""


def missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if importlib.util.find_spec("playwright") is None:
        return "Playwright for Python is not installed (pip install -e '.[test]')"
    if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
        return f"Debian's Chromium is not at {CHROMIUM} (apt-get install chromium)"
    return None


@pytest.fixture(scope="package")
def browser() -> Iterator[Browser]:
    reason = missing()
    if reason is not None:
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    reason = missing()
    if reason is not None:
        pytest.skip(reason)
    server = Served(f"sqlite:///{tmp_path_factory.mktemp('browser') / 't.db'}")
    yield server
    server.stop()


ContextMaker = Callable[..., "BrowserContext"]


@pytest.fixture
def new_context(browser: Browser) -> Iterator[ContextMaker]:
    """Make browser contexts (desktop by default, ``phone=True`` for a phone), in English, cards not
    moving (``motion=True`` lets them: the page's `troef.motion` choice); all closed after the test."""
    made: list[BrowserContext] = []

    def make(phone: bool = False, motion: bool = False, **options: Any) -> BrowserContext:
        context = browser.new_context(**{**(PHONE if phone else DESKTOP), "locale": "en-US", **options})
        context.set_default_timeout(20_000)
        if not motion:
            context.add_init_script("localStorage.setItem('troef.motion', 'off')")
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()
