"""The server's JSON text (`troef.interfaces.web.encoded`): the same values the standard library writes,
whatever orjson would refuse, and shared parts spliced exactly as the whole is written."""

from __future__ import annotations

import json
from typing import Any

import pytest

from troef.interfaces.web.encoded import dumps, spliced, stamped

VALUES: list[Any] = [
    {"name": "Zoë ♥ 東京", "cards": ["AH", "TD"], "seat": None, "ok": True, "score": -12},
    {"now": 1764200000.123456, "tiny": 1e-7, "huge": 1e300},
    {"big": 10**30, "list": [1, 2]},  # past 64 bits: orjson refuses it
    {"name": "\ud800"},  # a lone surrogate (a name stored before texts were checked)
    {0: "seat keys", 1: [None]},  # integer keys are written as strings, as json does
    [],
    '\u2028 \x00 "quoted" \\',
    0.1,
]


@pytest.mark.parametrize("value", VALUES)
def test_dumps_writes_the_value_json_writes(value: Any) -> None:
    text = dumps(value)
    assert json.loads(text) == json.loads(json.dumps(value))
    assert ", " not in text.replace('", "', "") and ": " not in text.replace('": "', ""), "compact, as sent"


def test_a_lone_surrogate_is_written_escaped_not_refused() -> None:
    assert dumps({"name": "\ud800"}) == '{"name":"\\ud800"}'


def test_spliced_and_stamped_are_the_whole_written_at_once() -> None:
    info = {"id": "t1", "sheet": {"rounds": [1, 2]}, "names": ["Zoë", None], "version": 7}
    assert spliced(info, {"sheet": dumps(info["sheet"])}) == dumps(info)
    assert stamped(dumps(info), 12.5) == dumps({**info, "now": 12.5})
