"""Rules from the command line: ``--rules PRESET`` plus ``--option KEY=VALUE`` overrides."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...core.errors import UsageError
from ...core.options import OptionValue

_INTEGER = re.compile(r"[+-]?[0-9]{1,9}")


def option_value(text: str) -> OptionValue:
    """``true``/``false`` as a bool, a whole number as an int, anything else as text."""
    lowered = text.strip().lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    stripped = text.strip()
    if _INTEGER.fullmatch(stripped):
        return int(stripped)
    return stripped


def rules_from_args(preset: str | None, options: Sequence[str]) -> str | dict[str, OptionValue] | None:
    """The ``rules`` value for `troef.load_game`; a `UsageError` for an option that is not KEY=VALUE."""
    if not options:
        return preset
    rules: dict[str, OptionValue] = {} if preset is None else {"preset": preset}
    for item in options:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"--option takes KEY=VALUE, e.g. tricks=5, not {item!r}")
        rules[key.strip()] = option_value(value)
    return rules
