"""The test game (tests/minitrick/) in a real page: a server that has it as a game plugin, one person and
two bots."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from minitrick import plugin_path

from .conftest import ContextMaker, missing
from .tables import Served, TablePage, any_action, bot, human, play_through, seat_as

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    reason = missing()
    if reason is not None:
        pytest.skip(reason)
    folder = tmp_path_factory.mktemp("minitrick")
    server = Served(f"sqlite:///{folder / 't.db'}", python_path=plugin_path(folder / "plugin"))
    yield server
    server.stop()


def test_one_person_clicks_through_a_whole_minitrick_match(served: Served, new_context: ContextMaker) -> None:
    answer = served.create("minitrick", [human(), bot(), bot()], rules="standard")
    context = new_context()
    seat_as(context, answer["table"], answer["seats"][0]["token"])
    page = TablePage.open(context, served.base, answer["watch"])
    play_through([page], any_action(random.Random(5)))
    info = served.get(f"/api/tables/{answer['table']}")
    assert info["status"] == "over" and len(info["sheet"]["rounds"]) == 3
    record = served.get(f"/api/tables/{answer['table']}/record")
    assert all(sum(r["result"]["scores"]) == 4 for r in record["rounds"])  # a point for each of 4 tricks
    mine = [a for a in page.acted if a.startswith("play ")]
    assert 0 < len(mine) <= 12 and page.state()["cards"] == []  # a seat's forced moves are the server's
