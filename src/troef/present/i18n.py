"""Message catalogs: the ``.po`` files in ``locale/`` read at run time into `gettext` translations.

The English texts are the message ids, so English needs no catalog. A catalog is compiled in memory
(as ``msgfmt`` would) and handed to `gettext.GNUTranslations`; no compiled ``.mo`` file is kept.
"""

from __future__ import annotations

import ast
import gettext
import io
import os
import struct
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Final

from ..core.errors import TroefError

LANGUAGES: Final = ("en", "nl", "de")
"""The languages troef speaks; the first is the fallback."""
LOCALE_VARIABLES: Final = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Environment variables that name the language, in gettext's order of precedence."""

Catalog = dict[tuple[str, str | None], list[str]]
"""(msgid, msgid_plural) -> msgstr, or the plural forms' msgstrs."""


class UnknownLanguage(TroefError, ValueError):
    """A language troef has no catalog for."""


def choose_language(lang: str | None = None, environ: Mapping[str, str] = os.environ) -> str:
    """``lang`` if given, else the first language of the locale variables troef speaks, else English."""
    if lang is not None:
        if lang not in LANGUAGES:
            raise UnknownLanguage(f"no language {lang!r}; languages: {', '.join(LANGUAGES)}")
        return lang
    for variable in LOCALE_VARIABLES:
        for name in environ.get(variable, "").split(":"):
            code = name.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
            if code in ("c", "posix"):
                return LANGUAGES[0]
    return LANGUAGES[0]


def parse_po(text: str) -> Catalog:
    """The entries of a ``.po`` file (comments, fuzzy flags and contexts are not used by troef)."""
    catalog: Catalog = {}
    entry: dict[str, str] = {}
    field = ""

    def flush() -> None:
        if "msgid" in entry:
            plural = entry.get("msgid_plural")
            forms = sorted(k for k in entry if k.startswith("msgstr"))
            catalog[entry["msgid"], plural] = [entry[k] for k in forms]
        entry.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith('"'):
            entry[field] += ast.literal_eval(line)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword == "msgid":
            flush()
        field = keyword
        entry[field] = ast.literal_eval(rest)
    flush()
    return catalog


def compile_mo(catalog: Catalog) -> bytes:
    """The catalog as a GNU ``.mo`` file (the format `gettext.GNUTranslations` reads)."""
    pairs = sorted(
        (msgid + ("\0" + plural if plural is not None else ""), "\0".join(strs))
        for (msgid, plural), strs in catalog.items()
    )
    ids = [k.encode() for k, _ in pairs]
    strs = [v.encode() for _, v in pairs]
    start = 7 * 4 + 16 * len(pairs)
    table: list[int] = []
    data = b""
    for blob in (*ids, *strs):
        table += [len(blob), start + len(data)]
        data += blob + b"\0"
    n = len(pairs)
    header = struct.pack("Iiiiiii", 0x950412DE, 0, n, 28, 28 + 8 * n, 0, 0)
    return header + struct.pack(f"{4 * n}i", *table) + data


def catalog_text(lang: str) -> str:
    """The ``.po`` source of ``lang``."""
    return resources.files(__package__).joinpath("locale", f"{lang}.po").read_text(encoding="utf-8")


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The translations of ``lang``; English (the message ids) needs none."""
    if choose_language(lang) == LANGUAGES[0]:
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(compile_mo(parse_po(catalog_text(lang)))))


class Words:
    """The words of one language: ``_`` for a message, ``ngettext`` for one with a count."""

    def __init__(self, lang: str) -> None:
        self.lang = choose_language(lang)
        self.translations = translations(self.lang)

    def _(self, message: str) -> str:
        return self.translations.gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self.translations.ngettext(singular, plural, count)
