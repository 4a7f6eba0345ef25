"""Texts a stranger sends (names, chat): valid Unicode, normalised, without control characters, of a
bounded length; and texts stored before these rules, repaired so that they still load and encode."""

from __future__ import annotations

import unicodedata
from typing import Final


class TextRefused(ValueError):
    """A text that is not one: why, in a sentence."""


FORMATS_KEPT: Final = frozenset({"\u200d", "\ufe0f"})
"""Format characters a text may keep: the zero-width joiner and the emoji variation selector (emoji
sequences); others (bidirectional overrides, invisible separators) could disguise a text."""


def clean_text(value: object, what: str, longest: int) -> str:
    """``value`` as a text people may read: a string of valid Unicode (no lone surrogate), NFC-normalised,
    without control or hidden format characters, 1 to ``longest`` characters once trimmed; `TextRefused`
    naming ``what`` otherwise."""
    wrong = TextRefused(f"{what} is 1 to {longest} characters of text, without control characters")
    if not isinstance(value, str):
        raise wrong
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise wrong from None
    text = unicodedata.normalize("NFC", value).strip()
    if not 0 < len(text) <= longest or any(_hidden(c) for c in text):
        raise wrong
    return text


def _hidden(char: str) -> bool:
    category = unicodedata.category(char)
    return category == "Cc" or (category in ("Cf", "Co", "Cn", "Cs") and char not in FORMATS_KEPT)


def repaired(text: str) -> str:
    """A stored text with each lone surrogate (not valid Unicode) replaced by U+FFFD, so that a table
    stored before `clean_text` existed still loads and its pages and frames encode."""
    return "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in text)
