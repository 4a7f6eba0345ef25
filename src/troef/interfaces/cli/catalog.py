"""``troef games``: every game with its players, presets and options, in the language asked for (the
names and values to type stay as they are typed)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...core.game import Game
from ...core.options import Option, OptionValue
from ...games import load_game
from ...present.i18n import Words
from ...present.rule_words import description, label, title, value_label


def value_text(value: OptionValue) -> str:
    """An option value as it is written in records and on the command line."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def allowed_text(w: Words, option: Option) -> str:
    """An option's allowed values, short."""
    if option.choices:
        return " | ".join(option.choices)
    if option.type is bool:
        return "true | false"
    if option.type is int:
        lo = "" if option.minimum is None else str(option.minimum)
        hi = "" if option.maximum is None else str(option.maximum)
        return w._("integer {low}..{high}").format(low=lo, high=hi) if lo or hi else w._("integer")
    return w._("text")


def heading(w: Words, cls: type[Game]) -> Text:
    """``Title (name): 3 to 6 players, default 4``."""
    low, high, named = cls.min_players, cls.max_players, {"title": title(w, cls), "name": cls.name}
    if low == high:
        return Text(w._("{title} ({name}): {players} players").format(players=low, **named), style="bold")
    players = w._("{low} to {high}").format(low=low, high=high)
    said = w._("{title} ({name}): {players} players, default {n}")
    return Text(said.format(players=players, n=cls.default_players, **named), style="bold")


def meaning(w: Words, option: Option) -> Text:
    """``Next dealer — who deals …``, and the label of each choice (``declarer: the declarer``)."""
    text = Text.assemble((label(w, option), "bold"), " — ", description(w, option))
    for choice in option.choices:
        text.append(f"\n  {choice}: {value_label(w, option, choice)}")
    return text


def game_panel(cls: type[Game], w: Words) -> RenderableType:
    """One game: a heading, its presets and a table of options with each preset's values."""
    presets = Table(title=w._("presets"), title_justify="left", show_edge=False)
    presets.add_column(w._("preset"), style="bold")
    presets.add_column(w._("description"))
    for preset in cls.presets:
        presets.add_row(preset.name, Text.assemble((label(w, preset), "bold"), " — ", description(w, preset)))
    if not cls.options:
        none = Text(w._("options: none, the preset fixes every rule"))
        return Group(heading(w, cls), Text(), presets, Text(), none)
    options = Table(title=w._("options (value in each preset)"), title_justify="left", show_edge=False)
    options.add_column(w._("option"), style="bold")
    options.add_column(w._("allowed"))
    options.add_column(w._("default"))
    preset_values = [load_game(cls.name, rules=p.name).rules for p in cls.presets]
    for preset in cls.presets:
        options.add_column(preset.name)
    meanings = Table.grid(padding=(0, 2))
    meanings.add_column(style="bold", no_wrap=True)
    meanings.add_column()
    for option in cls.options:
        values = [value_text(rules[option.name]) for rules in preset_values]
        options.add_row(option.name, allowed_text(w, option), value_text(option.default), *values)
        meanings.add_row(option.name, meaning(w, option))
    return Group(
        heading(w, cls),
        Text(),
        presets,
        Text(),
        options,
        Text(),
        Text(w._("what the options mean")),
        meanings,
    )
