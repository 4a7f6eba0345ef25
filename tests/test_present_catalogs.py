"""The message catalogs: the template holds exactly the messages in the code (the games' declared words
and the bot levels' among them), and Dutch and German translate every one of them with the same
placeholders."""

from __future__ import annotations

import gettext
import io
import re

import pytest

import minitrick
from troef.games import GAMES
from troef.present.i18n import catalog_text, compile_mo, parse_po, translations
from troef.present.messages import TEMPLATE, messages, template
from troef.present.words import BOT_WORDS

PLACEHOLDER = re.compile(r"\{\w*\}")


def test_the_template_holds_the_messages_of_the_code() -> None:
    found = messages()
    assert ("{seat} bids {bid}", None) in found
    assert ("{n} card each", "{n} cards each") in found
    assert TEMPLATE.read_text(encoding="utf-8") == template(found), "run: python -m troef.present.messages"


@pytest.mark.parametrize("lang", ["nl", "de"])
def test_every_message_is_translated_with_the_same_placeholders(lang: str) -> None:
    catalog = parse_po(catalog_text(lang))
    header = catalog.pop(("", None))
    assert "Plural-Forms: nplurals=2; plural=(n != 1);" in header[0]
    assert set(catalog) == set(messages())
    for (msgid, plural), forms in catalog.items():
        assert len(forms) == (1 if plural is None else 2), msgid
        for form in forms:
            assert form.strip(), msgid
            assert sorted(PLACEHOLDER.findall(form)) == sorted(PLACEHOLDER.findall(msgid)) or (
                plural is not None and set(PLACEHOLDER.findall(form)) <= set(PLACEHOLDER.findall(plural))
            ), (msgid, form)


def test_a_catalog_is_compiled_in_memory_as_msgfmt_would() -> None:
    po = (
        'msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        '# a comment\nmsgid "seat {n}"\nmsgstr "plaats "\n"{n}"\n\n'
        'msgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{n} kaart"\nmsgstr[1] "{n} kaarten"\n'
    )
    catalog = parse_po(po)
    assert catalog[("seat {n}", None)] == ["plaats {n}"]
    compiled = gettext.GNUTranslations(io.BytesIO(compile_mo(catalog)))
    assert compiled.gettext("seat {n}") == "plaats {n}"
    assert [compiled.ngettext("{n} card", "{n} cards", n) for n in (1, 2)] == ["{n} kaart", "{n} kaarten"]
    assert compiled.gettext("unknown") == "unknown"


def test_the_installed_catalogs_translate() -> None:
    assert translations("nl").gettext("score sheet") == "scorebriefje"
    assert translations("de").ngettext("{n} card each", "{n} cards each", 3) == "{n} Karten für jeden"
    assert translations("en").gettext("score sheet") == "score sheet"


def test_the_browser_clients_words_are_in_the_catalogs() -> None:
    """`troef.interfaces.web.words.MESSAGES` (served by ``GET /api/words``) are messages of the template, so
    the test above holds every one of them translated in Dutch and German."""
    from troef.interfaces.web.words import MESSAGES

    found = set(messages())
    assert MESSAGES and all((message, None) in found for message in MESSAGES)
    for lang in ("nl", "de"):
        catalog = parse_po(catalog_text(lang))
        untranslated = [m for m in MESSAGES if not "".join(catalog.get((m, None), [])).strip()]
        assert not untranslated, (lang, untranslated[:5])


def declared_words() -> list[str]:
    """Every word the games' rules declare for players (titles; presets' and options' labels and
    descriptions; the choices' labels) and the bot levels' words; not the tests' own game's."""
    words = list(BOT_WORDS)
    for cls in minitrick.product_games():
        words.append(cls.title)
        for preset in cls.presets:
            words += [preset.label, preset.description]
        for option in cls.options:
            words += [option.label, option.description, *option.choice_labels.values()]
    return words


def test_every_option_value_preset_and_bot_level_has_words_in_the_template() -> None:
    """What the lobby, the join page and ``troef games`` show of a game's rules comes from the catalogs:
    every option and preset has a label, every choice one, and all of them are messages."""
    for cls in GAMES.values():
        assert all(preset.label for preset in cls.presets), cls.name
        for option in cls.options:
            assert option.label, (cls.name, option.name)
            assert set(option.choice_labels) == set(option.choices), (cls.name, option.name)
    template = parse_po(TEMPLATE.read_text(encoding="utf-8"))
    missing = [word for word in declared_words() if (word, None) not in template]
    assert not missing, missing[:5]
