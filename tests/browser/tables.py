"""Playing through the table page by the data attributes of server.md ("The table page") only:
``#table[data-version][data-seat][data-phase][data-turn][data-over]``, ``[data-ready]``,
``[data-card]``, ``[data-action]`` and ``[data-submit]``; plus the WebSocket frames each page receives.
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import httpx2

from serving import WAIT, ServerProcess

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page, WebSocket

Frame = dict[str, Any]


class Served(ServerProcess):
    """``troef serve`` with bots that pause ``bot_pause`` seconds (0.05 s), on the database ``url``."""

    def __init__(self, url: str, bot_pause: float = 0.05, python_path: tuple[str, ...] = ()) -> None:
        super().__init__(url, bot_pause=bot_pause, python_path=python_path)

    def create(self, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
        """``POST /api/tables``: a table of ``game`` with ``seats``; its answer."""
        request = {"game": game, "players": len(seats), "seats": seats, **extra}
        answer = httpx2.post(f"{self.base}/api/tables", json=request, timeout=WAIT)
        assert answer.status_code == 201, answer.text
        result: dict[str, Any] = answer.json()
        return result

    def stop(self) -> None:
        """SIGTERM, and SIGKILL if it does not stop."""
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(WAIT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(WAIT)
        self.log.unlink(missing_ok=True)


def human(name: str = "Ann") -> dict[str, Any]:
    return {"kind": "human", "name": name}


def bot(kind: str = "easy") -> dict[str, Any]:
    return {"kind": "bot", "bot": kind}


OPEN: dict[str, Any] = {"kind": "open"}


def seat_as(context: BrowserContext, table: str, token: str) -> None:
    """Let pages of ``context`` hold ``token`` for ``table`` (as the lobby would have stored it)."""
    key, value = json.dumps(f"troef.token.{table}"), json.dumps(token)
    context.add_init_script(f"if (!localStorage.getItem({key})) localStorage.setItem({key}, {value});")


PAGE_STATE = """() => {
  const t = document.querySelector('#table');
  const shown = e => (e.checkVisibility ? e.checkVisibility() : e.offsetParent !== null);
  const usable = e => shown(e) && !e.disabled && e.getAttribute('aria-disabled') !== 'true';
  const v = t ? parseInt(t.dataset.version, 10) : NaN;
  return {
    version: Number.isNaN(v) ? -1 : v,
    seat: t ? (t.dataset.seat ?? null) : null,
    phase: t ? (t.dataset.phase ?? null) : null,
    turn: !!t && t.dataset.turn === 'true',
    over: !!t && t.dataset.over === 'true',
    ready: [...document.querySelectorAll('[data-ready]')].some(usable),
    actions: [...document.querySelectorAll('[data-action]')].filter(usable).map(e => e.dataset.action),
    cards: [...document.querySelectorAll('[data-card]')].map(e => e.dataset.card),
    selected: [...document.querySelectorAll('[data-card]')]
      .filter(e => e.getAttribute('aria-pressed') === 'true' || e.dataset.selected === 'true')
      .map(e => e.dataset.card),
  };
}"""

WAITING = """() => {
  const t = document.querySelector('#table');
  if (!t) return false;
  if (t.dataset.over === 'true' || t.dataset.turn === 'true') return true;
  const shown = e => (e.checkVisibility ? e.checkVisibility() : e.offsetParent !== null);
  return [...document.querySelectorAll('[data-ready]')].some(e => shown(e) && !e.disabled);
}"""

Chooser = Callable[[Sequence[str], Sequence[str]], str]
"""(the actions the page offers as one click, the legal actions of the state frame) -> the action to take."""


def any_action(rng: random.Random) -> Chooser:
    """A random one of the page's one-click actions (a random legal action where there is none)."""

    def choose(offered: Sequence[str], legal: Sequence[str]) -> str:
        return rng.choice(list(offered) or list(legal))

    return choose


def cards_of(action: str) -> list[str]:
    """The card codes an action names (``play AS KS`` -> AS, KS)."""
    return [word for word in action.split()[1:] if len(word) == 2 and word[1] in "SHDC"]


class TablePage:
    """A table page and every WebSocket frame it receives (``frames``, raw text, in order)."""

    def __init__(self, page: Page, base: str) -> None:
        self.page = page
        self.base = base
        self.frames: list[str] = []
        self.sent: list[str] = []
        self.acted: list[str] = []
        self.acted_at: list[int] = []
        self.by_selection = False
        """Make every action naming 2+ cards by selecting its cards, even where a button offers it."""
        self.missed: str | None = None
        """Why the last click did not go through (None: it did)."""
        page.on("websocket", self._socket)

    def _socket(self, ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: self.frames.append(_text(payload)))
        ws.on("framesent", lambda payload: self.sent.append(_text(payload)))

    @classmethod
    def open(cls, context: BrowserContext, base: str, path: str) -> TablePage:
        """A new page of ``context`` at ``path``, once ``#table`` shows a version."""
        table = cls(context.new_page(), base)
        table.page.goto(base + path)
        table.wait_shown()
        return table

    def wait_shown(self, version: int = 0) -> None:
        """Until ``#table`` shows a state of at least ``version``."""
        self.page.wait_for_function(
            "v => { const t = document.querySelector('#table');"
            " return !!t && parseInt(t.dataset.version, 10) >= v; }",
            arg=version,
            timeout=WAIT * 1000,
        )

    def state(self) -> dict[str, Any]:
        """The page's data attributes now (`PAGE_STATE`)."""
        found: dict[str, Any] = self.page.evaluate(PAGE_STATE)
        return found

    def states(self) -> list[Frame]:
        """The state frames received so far (after a round trip to the page: sync Playwright hands over
        the frames the browser received only while one of its calls runs)."""
        self.page.evaluate("0")
        out = []
        for text in self.frames:
            frame = json.loads(text)
            if isinstance(frame, dict) and frame.get("type") == "state":
                out.append(frame)
        return out

    def frame_of(self, version: int) -> Frame | None:
        """The last state frame received of ``version``."""
        return next((f for f in reversed(self.states()) if f["version"] == version), None)

    def wait_for_me(self, timeout: float = WAIT) -> dict[str, Any]:
        """Until this seat is to act, to say it is ready, or the match is over; the page's state."""
        self.page.wait_for_function(WAITING, timeout=timeout * 1000)
        return self.state()

    def can_act(self) -> bool:
        state = self.state()
        return not state["over"] and (state["turn"] or state["ready"])

    def act(self, choose: Chooser) -> str | None:
        """Do what the page asks of this seat now, if anything: say ready, or take the action ``choose``
        picks (one click on its ``[data-action]``, or its cards and ``[data-submit]``); wait until the
        page shows a newer version. The action taken ("ready" for ready), or None."""
        state = self.state()
        if state["over"]:
            return None
        if state["ready"] and not state["turn"]:
            self._click("[data-ready] >> visible=true")
            self._wait_past(state["version"], ready=True)
            return "ready"
        if not state["turn"]:
            return None
        frame = self.frame_of(state["version"])
        legal: list[str] = list(frame["legal_actions"]) if frame is not None else []
        deadline = time.monotonic() + 10
        while not state["actions"] and not legal and time.monotonic() < deadline:
            time.sleep(0.1)  # a turn whose buttons are not drawn yet
            state = self.state()
            frame = self.frame_of(state["version"])
            legal = list(frame["legal_actions"]) if frame is not None else []
            if not state["turn"]:
                return None
        for offered in state["actions"]:
            assert not legal or offered in legal, f"the page offers {offered!r}, not legal: {legal}"
        action = choose(state["actions"], legal)
        if action in state["actions"] and not (self.by_selection and len(cards_of(action)) >= 2):
            self._click(f'[data-action="{action}"] >> visible=true', state["version"])
        else:
            self.select(cards_of(action))
            self._click("[data-submit] >> visible=true", state["version"])
        self.acted.append(action)
        self.acted_at.append(state["version"])
        self._wait_past(state["version"])
        return action

    def version_of(self, action: str) -> int:
        """The version this seat took ``action`` at (its first time)."""
        return self.acted_at[self.acted.index(action)]

    def select(self, cards: Sequence[str]) -> None:
        """Select exactly ``cards`` of the hand (clicking a card toggles it)."""
        assert cards, "an action to make by selection names no card"
        for code in self.state()["selected"]:
            if code not in cards:
                self._click(f'[data-card="{code}"] >> visible=true')
        for code in cards:
            if code not in self.state()["selected"]:
                self._click(f'[data-card="{code}"] >> visible=true')
        selected = self.state()["selected"]
        assert sorted(selected) == sorted(cards), f"selected {selected}, wanted {list(cards)}"

    def _click(self, selector: str, version: int | None = None) -> None:
        """Click ``selector``. A click that does not go through in 5 s is no failure by itself: a forced
        move the server played for the seat, or a new state, drew the page again (`_wait_past` sees the
        new version, or fails saying where the page stands and why the last click missed). With
        ``version``, a missed click is tried again while the page still shows that version (a loaded
        machine can keep the page from taking a click for longer)."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        deadline = time.monotonic() + WAIT
        while True:
            try:
                self.page.click(selector, timeout=5_000)
            except PlaywrightTimeout as error:
                self.missed = f"{selector}: {str(error).splitlines()[0]}"
            else:
                self.missed = None
                return
            if version is None or self.state()["version"] != version or time.monotonic() > deadline:
                return

    def _wait_past(self, version: int, ready: bool = False) -> None:
        """Until the page shows a version after ``version`` (or, after ``ready``, no ready button)."""
        condition = (
            "([v, ready]) => { const t = document.querySelector('#table');"
            " if (t && parseInt(t.dataset.version, 10) > v) return true;"
            " if (!ready) return false;"
            " const shown = e => (e.checkVisibility ? e.checkVisibility() : e.offsetParent !== null);"
            " return ![...document.querySelectorAll('[data-ready]')].some(e => shown(e) && !e.disabled); }"
        )
        try:
            self.page.wait_for_function(condition, arg=[version, ready], timeout=WAIT * 1000)
        except Exception as error:
            raise AssertionError(
                f"the page stayed at version {version}: {self.state()}; sent {self.sent[-3:]};"
                f" received {[f[:300] for f in self.frames[-2:]]}; the last click missed: {self.missed}"
            ) from error


def eventually(condition: Callable[[], bool], what: str, timeout: float = WAIT) -> None:
    """Until ``condition()`` holds; fails saying ``what`` did not happen."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} s: {what}")
        time.sleep(0.05)


def _text(payload: str | bytes) -> str:
    return payload if isinstance(payload, str) else payload.decode("utf-8", "replace")


def play_through(
    pages: Sequence[TablePage],
    choose: Chooser,
    *,
    until: Callable[[], bool] | None = None,
    limit: float = 90.0,
    each: Callable[[TablePage], None] | None = None,
) -> None:
    """Play every page's seat (``choose`` picks) until ``until()`` or every match is over; ``each(page)``
    before each of a page's moves. Fails after ``limit`` seconds."""
    deadline = time.monotonic() + limit
    while True:
        states = [page.state() for page in pages]  # before ``until``: a seat's own turn waits for its move
        if until is not None and until():
            return
        if until is None and all(state["over"] for state in states):
            return
        moved = False
        for page, state in zip(pages, states, strict=True):
            if not state["over"] and (state["turn"] or state["ready"]):
                if each is not None:
                    each(page)
                moved = page.act(choose) is not None or moved
        if time.monotonic() > deadline:
            raise AssertionError(f"not done after {limit} s: {[page.state() for page in pages]}")
        if not moved:
            time.sleep(0.05)
