"""House rules as declared options with named presets, validated on load."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import GameError

OptionValue = bool | int | str


def _(message: str) -> str:
    """Marks words declared for later translation (a game's title, its options' and presets' words) for
    the catalogs (`troef.present.messages`); the presentation layer translates them."""
    return message


def shown(value: object) -> str:
    """A value as an error repeats it: at most 40 characters (a huge number by its size)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**18:
        return f"a number of {value.bit_length()} bits"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@dataclass(frozen=True)
class Option:
    """One house rule: its name, type, default, meaning and allowed values; ``label`` names it for
    players (``Next dealer``; the name where empty), ``choice_labels`` each of its choices."""

    name: str
    type: type[bool] | type[int] | type[str]
    default: OptionValue
    description: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    label: str = ""
    choice_labels: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        """A number declares its range (so that no value overflows what is computed from it)."""
        if self.type is int and (self.minimum is None or self.maximum is None):
            raise TypeError(f"option {self.name!r}: a number option declares its minimum and maximum")

    def validate(self, value: object) -> OptionValue:
        """The value if it is allowed, else a `GameError` saying what is."""
        ok = type(value) is self.type  # bool is an int subclass: compare exactly
        if ok and self.choices and value not in self.choices:
            ok = False
        if ok and isinstance(value, int) and not isinstance(value, bool):
            ok = (self.minimum is None or value >= self.minimum) and (
                self.maximum is None or value <= self.maximum
            )
        if not ok:
            raise GameError(f"option {self.name!r}: {shown(value)} is not allowed; expected {self.allowed()}")
        assert isinstance(value, bool | int | str)
        return value

    def allowed(self) -> str:
        """The allowed values in words."""
        if self.choices:
            return "one of " + ", ".join(self.choices)
        if self.type is int:
            return f"an integer >= {self.minimum}, <= {self.maximum}"
        return "true or false" if self.type is bool else "a string"


@dataclass(frozen=True)
class Preset:
    """A named set of option values (a club's rule set); ``label`` names it for players (the name where
    empty)."""

    name: str
    description: str
    values: Mapping[str, OptionValue] = field(default_factory=dict)
    label: str = ""


class Rules(Mapping[str, OptionValue]):
    """The resolved options of one game: a preset plus validated overrides."""

    def __init__(
        self, preset: Preset, values: Mapping[str, OptionValue], overrides: Mapping[str, OptionValue]
    ):
        self.preset = preset
        self._values = dict(values)
        self.overrides = dict(overrides)

    def __getitem__(self, key: str) -> OptionValue:
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def notation(self) -> str | dict[str, Any]:
        """The ``rules`` value of a record: the preset name, or an object with the overrides."""
        if not self.overrides:
            return self.preset.name
        return {"preset": self.preset.name, **self.overrides}

    def __repr__(self) -> str:
        return f"Rules({self.notation()!r})"


def resolve_rules(
    game: str, options: tuple[Option, ...], presets: tuple[Preset, ...], rules: object
) -> Rules:
    """Rules from a preset name, ``None`` (the first preset) or ``{"preset": NAME, option: value, …}``."""
    by_name = {p.name: p for p in presets}
    overrides: dict[str, object] = {}
    if rules is None:
        name: object = presets[0].name
    elif isinstance(rules, str):
        name = rules
    elif isinstance(rules, Mapping):
        overrides = dict(rules)
        name = overrides.pop("preset", presets[0].name)
    else:
        raise GameError(f"rules must be a preset name or an object, not {rules!r}")
    preset = by_name.get(name) if isinstance(name, str) else None
    if preset is None:
        raise GameError(f"{game} has no preset {name!r}; presets: {', '.join(by_name)}")
    declared = {o.name: o for o in options}
    values = {o.name: o.default for o in options}
    values.update(preset.values)
    checked: dict[str, OptionValue] = {}
    for key, value in overrides.items():
        option = declared.get(key)
        if option is None:
            raise GameError(f"{game} has no option {key!r}; options: {', '.join(declared) or 'none'}")
        checked[key] = option.validate(value)
    values.update(checked)
    changed = {k: v for k, v in checked.items() if preset.values.get(k, declared[k].default) != v}
    return Rules(preset, values, changed)
