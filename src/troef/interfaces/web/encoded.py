"""Frames as JSON text, their shared parts encoded once: every receiver's state frame holds the same
public table info and score sheet (the sheet twice), which grow with the match, so a table keeps their
text while they are the same objects and splices each receiver's own parts around it. The text is
exactly what `dumps` writes for the whole frame."""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Mapping
from typing import Any

import orjson

_json: Callable[[Any], str] = json.JSONEncoder(separators=(",", ":")).encode


def dumps(value: Any) -> str:
    """A value as the server writes it on the wire: compact JSON, written by orjson (a frame's views
    cost a tenth of what the standard library takes), by the standard library for what orjson refuses
    (an integer past 64 bits, a lone surrogate in a text stored before texts were checked)."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        return _json(value)


def spliced(mapping: Mapping[str, Any], texts: Mapping[str, str]) -> str:
    """``mapping`` as `dumps` writes it, with the values of the keys in ``texts`` already encoded (the
    keys between them encoded together)."""
    parts: list[str] = []
    plain: dict[str, Any] = {}
    for key, value in mapping.items():
        if key in texts:
            if plain:
                parts.append(dumps(plain)[1:-1])
                plain = {}
            parts.append(f"{dumps(key)}:{texts[key]}")
        else:
            plain[key] = value
    if plain:
        parts.append(dumps(plain)[1:-1])
    return "{" + ",".join(parts) + "}"


def stamped(text: str, now: float) -> str:
    """An encoded frame with ``now`` added last, as `dumps` writes ``{**frame, "now": now}``."""
    return f'{text[:-1]},"now":{dumps(now)}}}'


class Texts:
    """The JSON text of shared values, each encoded once while it is the same object (the values are
    never changed in place)."""

    def __init__(self) -> None:
        self._texts: dict[Hashable, tuple[object, str]] = {}

    def of(self, key: Hashable, value: object, encode: Callable[[], str] | None = None) -> str:
        """The text of ``value``, kept under ``key`` until another value comes (``encode``: how, when
        not `dumps`)."""
        found = self._texts.get(key)
        if found is None or found[0] is not value:
            found = self._texts[key] = value, encode() if encode is not None else dumps(value)
        return found[1]
