"""A game's rules in words of one language: its title, presets, options and their values, as its rules
declare them (`Option`, `Preset`: their words marked for the catalogs with `troef.core.options._`)."""

from __future__ import annotations

from ..core.game import Game
from ..core.options import Option, OptionValue, Preset
from .i18n import Words


def title(w: Words, game: type[Game]) -> str:
    """The game's name as players read it."""
    return w._(game.title)


def label(w: Words, declared: Option | Preset) -> str:
    """An option's or a preset's label (``Next dealer``); its name where it declares none."""
    return w._(declared.label) if declared.label else declared.name


def description(w: Words, declared: Option | Preset) -> str:
    """What an option or a preset means."""
    return w._(declared.description)


def value_label(w: Words, option: Option, value: OptionValue) -> str:
    """A value of ``option`` as players read it: ``yes``/``no``, a choice's label, a number as it is."""
    if isinstance(value, bool):
        return w._("yes") if value else w._("no")
    if isinstance(value, str) and value in option.choice_labels:
        return w._(option.choice_labels[value])
    return str(value)
