"""The replay page's analysis: asked for, each seat's points lost and the marked moments, each a link to
the step that shows it (the step shown marked as current)."""

from __future__ import annotations

import re
import time
from decimal import ROUND_HALF_UP, Decimal

import httpx2
import pytest

from serving import WAIT

from .conftest import ContextMaker
from .tables import Served, bot

pytestmark = pytest.mark.slow


def tenths(points: float) -> str:
    """``points`` as the page writes them (Intl: the shortest decimal, rounded half away from zero; Python's
    ``:.1f`` rounds the binary value, and wrote 9.9 where the page showed 10.0)."""
    return str(Decimal(repr(points)).quantize(Decimal("0.1"), ROUND_HALF_UP))


def test_the_replay_shows_a_rounds_analysis_and_goes_to_its_moments(
    served: Served, new_context: ContextMaker
) -> None:
    answer = served.create("rififi", [bot("random") for _ in range(4)], rules="oh-hell", rounds=1)
    table = answer["table"]
    deadline = time.monotonic() + WAIT
    while httpx2.get(f"{served.base}/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    page = new_context().new_page()
    page.goto(f"{served.base}/tables/{table}/replay")
    page.wait_for_selector("#verify.ok")
    assert page.locator("[data-moment]").count() == 0
    page.locator("#analyse").click()
    page.wait_for_selector(".moments li", timeout=120_000)  # behind every bot's move: slow when busy
    analysis = httpx2.get(f"{served.base}/api/tables/{table}/rounds/0/analysis").json()  # kept: no new one
    moments = page.locator("[data-moment]")
    assert moments.count() == len(analysis["moments"])
    if not analysis["moments"]:  # four random bots that lost no point: rare, and said so
        assert page.locator(".moments li").inner_text() == "No decision lost a point."
        return
    assert page.locator(".analysis-seats li").all_inner_texts() == [
        f"{s['label']}: {tenths(s['lost'])} points lost · blunders {s['marks']['blunder']} · "
        f"mistakes {s['marks']['mistake']} · inaccuracies {s['marks']['inaccuracy']}"
        for s in analysis["seats"]
    ]
    last = analysis["moments"][-1]
    text = moments.last.inner_text()
    assert text.startswith(f"step {last['step']} {last['label']}: ") and f"({last['mark']})" in text
    assert re.search(rf"\u2212{re.escape(tenths(last['loss']))} against", text)
    moments.last.click()
    page.wait_for_function(
        "n => document.querySelector('#step-no').textContent.startsWith(`step ${n} of`)", arg=last["step"]
    )
    assert moments.last.get_attribute("aria-current") == "step"
    assert page.locator("[data-moment][aria-current]").count() == sum(
        m["step"] == last["step"] for m in analysis["moments"]
    )
