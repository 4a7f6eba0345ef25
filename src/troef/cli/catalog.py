"""``troef games``: every game with its players, presets and options."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..core.game import Game
from ..core.options import Option, OptionValue
from ..games import load_game


def value_text(value: OptionValue) -> str:
    """An option value as it is written in records and on the command line."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def allowed_text(option: Option) -> str:
    """An option's allowed values, short."""
    if option.choices:
        return " | ".join(option.choices)
    if option.type is bool:
        return "true | false"
    if option.type is int:
        lo = "" if option.minimum is None else str(option.minimum)
        hi = "" if option.maximum is None else str(option.maximum)
        return f"integer {lo}..{hi}" if lo or hi else "integer"
    return "text"


def game_panel(cls: type[Game]) -> RenderableType:
    """One game: a heading, its presets and a table of options with each preset's values."""
    heading = Text.assemble(
        (cls.title, "bold"),
        f" ({cls.name}): {cls.player_range()} players",
        f", default {cls.default_players}" if cls.min_players != cls.max_players else "",
    )
    presets = Table(title="presets", title_justify="left", show_edge=False)
    presets.add_column("preset", style="bold")
    presets.add_column("description")
    for preset in cls.presets:
        presets.add_row(preset.name, preset.description)
    if not cls.options:
        return Group(heading, Text(), presets, Text(), Text("options: none, the preset fixes every rule"))
    options = Table(title="options (value in each preset)", title_justify="left", show_edge=False)
    options.add_column("option", style="bold")
    options.add_column("allowed")
    options.add_column("default")
    preset_values = [load_game(cls.name, rules=p.name).rules for p in cls.presets]
    for preset in cls.presets:
        options.add_column(preset.name)
    meanings = Table.grid(padding=(0, 2))
    meanings.add_column(style="bold", no_wrap=True)
    meanings.add_column()
    for option in cls.options:
        values = [value_text(rules[option.name]) for rules in preset_values]
        options.add_row(option.name, allowed_text(option), value_text(option.default), *values)
        meanings.add_row(option.name, option.description)
    return Group(heading, Text(), presets, Text(), options, Text(), Text("what the options mean"), meanings)
