"""The view contract: ``docs/views.md``, the `TypedDict`s and real views agree, and the facts a view
states for the client (seats of cards, last trick, sides, bid range, playing order) are right.

1. Every view `TypedDict` (``troef/core/views.py``, ``troef/games/<game>/view.py``) is documented,
   with the same keys, the same optional keys and the same types; every documented one exists.
2. Over random rounds of every game x preset x player count, every view of every seat and of the
   spectator has exactly its game's keys (``result`` once over, ``blind`` on blind tricks only) and
   values of the documented JSON types.
3. The new facts are checked against the actions log and the rules, not against the engine.
"""

from __future__ import annotations

import importlib
import itertools
import random
import re
import types
import typing
from collections import Counter
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

import minitrick
import troef
import troef.core.views
from troef.core.game import Game, State

pytestmark = pytest.mark.engine

ROUNDS = 12
"""Random rounds per game x preset x player count; every view at every step is checked."""

DOC = Path(__file__).resolve().parents[1] / "docs" / "views.md"


def view_module(cls: type[Game]) -> str:
    """The module of a game's view types: ``view`` beside its rules."""
    return cls.__module__.rpartition(".")[0] + ".view"


PRODUCT = minitrick.product_games()
"""The games whose views docs/views.md documents (not the tests' own)."""
VIEW_MODULES = ("troef.core.views", *map(view_module, PRODUCT))

Fields = dict[str, tuple[str, bool]]
"""A documented object type: key -> (type, optional)."""


# --------------------------------------------------------------------------- the documentation


def parse_doc(text: str) -> tuple[dict[str, Fields], dict[str, list[str]]]:
    """The doc's tables (``### `Name```, then rows ``| `key` | type | …``) and its sums
    (`` `Name` = `Part` + `Part` ``)."""
    tables: dict[str, Fields] = {}
    sums: dict[str, list[str]] = {}
    current: Fields | None = None
    for line in text.splitlines():
        if heading := re.fullmatch(r"### `(\w+)`", line):
            current = tables.setdefault(heading[1], {})
        elif line.startswith("#"):
            current = None
        elif total := re.fullmatch(r"`` `(\w+)` = (.+) ``(?::.*)?", line):
            sums[total[1]] = re.findall(r"`(\w+)`", total[2])
        elif current is not None and (row := re.match(r"\| `(\w+)`( \*\(optional\)\*)? \| ([^|]+) \|", line)):
            assert row[1] not in current, f"{row[1]} documented twice"
            current[row[1]] = (row[3].strip(), bool(row[2]))
    return tables, sums


TABLES, SUMS = parse_doc(DOC.read_text(encoding="utf-8"))


def view_types() -> dict[str, type]:
    """Every `TypedDict` of the view modules, by name."""
    out: dict[str, type] = {}
    for module_name in VIEW_MODULES:
        module = __import__(module_name, fromlist=["_"])
        for name, value in vars(module).items():
            if typing.is_typeddict(value) and value.__module__ == module_name:
                out[name] = value
    return out


TYPES = view_types()


def keys_of(cls: type) -> tuple[frozenset[str], frozenset[str]]:
    """A `TypedDict`'s required and optional keys."""
    return cls.__required_keys__, cls.__optional_keys__  # type: ignore[attr-defined]


def doc_fields(name: str) -> Fields:
    """The fields the doc gives type ``name``: its table, or its parts' together."""
    if name in TEST_VIEWS:
        return TEST_VIEWS[name]
    if name not in SUMS:
        return TABLES[name]
    fields: Fields = {}
    for part in SUMS[name]:
        more = doc_fields(part)
        assert not set(more) & set(fields), f"{name}: parts {SUMS[name]} share keys"
        fields |= more
    return fields


def doc_keys(name: str) -> tuple[set[str], set[str]]:
    """The required and optional keys the doc gives type ``name``."""
    fields = doc_fields(name)
    return {k for k, (_, opt) in fields.items() if not opt}, {k for k, (_, opt) in fields.items() if opt}


def json_type(hint: object) -> str:
    """A Python type hint as the doc writes it."""
    if hint is type(None):
        return "null"
    if isinstance(hint, type) and (hint in (int, str, bool) or typing.is_typeddict(hint)):
        return hint.__name__
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(json_type(arg) for arg in typing.get_args(hint))
    if origin is list:
        return f"list[{json_type(typing.get_args(hint)[0])}]"
    if origin is dict:
        return "object"
    raise AssertionError(f"no JSON type for {hint!r}")


def typed_fields(cls: type) -> Fields:
    """A `TypedDict`'s fields as the doc would write them."""
    _, optional = keys_of(cls)
    return {key: (json_type(hint), key in optional) for key, hint in typing.get_type_hints(cls).items()}


TEST_VIEWS = {
    f"{cls.__name__}View": typed_fields(
        getattr(importlib.import_module(view_module(cls)), f"{cls.__name__}View")
    )
    for cls in troef.GAMES.values()
    if cls not in PRODUCT
}
"""The fields of the views of the games the tests register (not in docs/views.md), from their types: built
from the shared parts, whose types the doc checks."""


def test_every_view_type_is_documented() -> None:
    documented = set(TABLES) | set(SUMS)
    assert documented == set(TYPES), (
        f"in docs/views.md only: {sorted(documented - set(TYPES))}; "
        f"undocumented: {sorted(set(TYPES) - documented)}"
    )


@pytest.mark.parametrize("name", sorted(TYPES))
def test_doc_keys_and_types_are_the_typeddicts(name: str) -> None:
    cls = TYPES[name]
    required, optional = keys_of(cls)
    assert doc_keys(name) == (set(required), set(optional))
    if name in TABLES:
        hints = typing.get_type_hints(cls)
        documented = {key: json_type(hints[key]) for key in TABLES[name]}
        assert {key: t for key, (t, _) in TABLES[name].items()} == documented


def test_the_doc_parser_reads_what_it_should() -> None:
    """The parser is not vacuous: it finds the shared parts, every game's sum and optional keys."""
    assert TABLES["TurnPart"]["result"] == ("object", True)
    assert TABLES["TablePart"]["order"] == ("list[int]", False)
    assert SUMS["Header"] == ["TablePart", "TurnPart", "SidesPart"]
    assert {view_type(cls.name).__name__ for cls in PRODUCT} <= set(SUMS)


# --------------------------------------------------------------------------- random views


def view_type(game_name: str) -> type:
    """The `TypedDict` a game's `State.view` returns: ``games/<game>/view.py``'s ``<Game>View``, which
    the method's annotation names (compiled by mypyc, a method keeps no annotations to check)."""
    cls = troef.GAMES[game_name]
    hint = getattr(importlib.import_module(view_module(cls)), f"{cls.__name__}View")
    assert typing.is_typeddict(hint), f"{game_name}'s view type {hint!r} is not a TypedDict"
    if not troef.compiled():
        state = troef.load_game(game_name).deal(0, 0)
        assert typing.get_type_hints(type(state).view)["return"] is hint
    return typing.cast(type, hint)


def split_union(spec: str) -> list[str]:
    """``A or list[B or C]`` -> ``["A", "list[B or C]"]``."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(spec):
        depth += {"[": 1, "]": -1}.get(char, 0)
        if depth == 0 and spec.startswith(" or ", i):
            parts.append(spec[start:i])
            start = i + 4
    return [*parts, spec[start:]]


def conforms(value: object, spec: str) -> bool:
    """Whether a JSON value has the documented type ``spec``."""
    return any(conforms_to(value, alternative) for alternative in split_union(spec))


def conforms_to(value: object, spec: str) -> bool:
    if spec == "int":
        return type(value) is int
    if spec == "bool":
        return type(value) is bool
    if spec == "str":
        return isinstance(value, str)
    if spec == "null":
        return value is None
    if spec == "object":
        return isinstance(value, dict)
    if spec.startswith("list[") and spec.endswith("]"):
        return isinstance(value, list) and all(conforms(item, spec[5:-1]) for item in value)
    assert spec in TABLES or spec in SUMS, f"docs/views.md names an unknown type {spec!r}"
    return isinstance(value, dict) and not object_errors(value, spec)


def object_errors(value: Mapping[str, Any], name: str) -> list[str]:
    """What is wrong with ``value`` as documented object type ``name``: keys or value types."""
    required, optional = doc_keys(name)
    errors = [f"missing {k}" for k in sorted(required - set(value))]
    errors += [f"unexpected {k}" for k in sorted(set(value) - required - optional)]
    fields = doc_fields(name)
    errors += [
        f"{k}={value[k]!r} is not {fields[k][0]}"
        for k in value
        if k in fields and not conforms(value[k], fields[k][0])
    ]
    return errors


def random_rounds(game: Game, rounds: int) -> Iterator[State]:
    """Every state of ``rounds`` random rounds, in order (a deal of a match round for odd seeds)."""
    for seed in range(rounds):
        rng = random.Random(seed * 31 + 7)
        dealer = seed % game.players
        index = seed // 2 % game.match_rounds()
        state = game.deal(seed, dealer) if seed % 2 == 0 else game.deal_round(seed, dealer, index)
        while True:
            yield state
            legal = state.legal_actions()
            if not legal:
                break
            state.apply(rng.choice(legal))


def test_views_have_their_documented_keys_and_types(game_name: str, preset: str, players: int) -> None:
    game = troef.load_game(game_name, preset, players)
    name = view_type(game_name).__name__
    over = 0
    for state in random_rounds(game, ROUNDS):
        for seat in [*range(players), None]:
            view = state.view(seat)
            errors = object_errors(view, name)
            assert not errors, f"{name} of seat {seat} after {view['actions']}: {errors}"
            assert ("result" in view) == state.is_over
            over += "result" in view
            assert all(trick.get("blind", True) is True for trick in view.get("history", []))
    assert over == ROUNDS * (players + 1)


# --------------------------------------------------------------------------- the facts a view states


HOOGJASSEN_POINTS = (
    {"J": 20, "9": 14, "A": 11, "T": 10, "K": 3, "Q": 2},
    {"A": 11, "T": 10, "K": 3, "Q": 2, "J": 1},
)
"""Hoogjassen rule 2: card points of trumps, of other suits."""


def logged(view: Mapping[str, Any]) -> list[tuple[int, str]]:
    """The view's actions log as (seat, action text)."""
    out = []
    for entry in view["actions"]:
        seat, _, text = entry.partition(":")
        out.append((int(seat), text))
    return out


def check_trick_seats(view: Mapping[str, Any]) -> None:
    """Each card's seat in ``trick`` and ``history`` is the seat the log shows playing it;
    ``last_trick`` is the last history entry."""
    plays = [(seat, text.split()[1]) for seat, text in logged(view) if text.startswith("play ")]
    tricks = [*view["history"], {"cards": view["trick"], "seats": view["trick_seats"]}]
    at = 0
    for trick in tricks:
        assert len(trick["seats"]) == len(trick["cards"])
        chunk = plays[at : at + len(trick["cards"])]
        at += len(chunk)
        assert [seat for seat, _ in chunk] == trick["seats"]
        assert all(
            card == "??" or card == code for (_, code), card in zip(chunk, trick["cards"], strict=True)
        )
    assert at == len(plays)
    assert view["last_trick"] == (view["history"][-1] if view["history"] else None)
    if view["history"]:
        assert view["last_trick"] is not view["history"][-1], "last_trick must be a copy, not the entry"


def check_sides(view: Mapping[str, Any], game_name: str) -> None:
    """Sides split the playing seats; their tricks add up; Hoogjassen's points are their cards'."""
    sides = view["sides"]
    if sides is None:
        return
    seats = [s for side in sides for s in side["seats"]]
    assert sorted(seats) == sorted(view["order"])
    assert sum(side["tricks"] for side in sides) == len(view["history"])
    for side in sides:
        assert side["tricks"] == sum(view["tricks"][s] for s in side["seats"])
        if game_name != "hoogjassen":
            assert side["points"] is None
    if game_name == "hoogjassen":
        assert [side["seats"][0] for side in sides[:1]] == [view["declarer"]] and len(sides[0]["seats"]) == 1
        if view["trump"] is None:
            assert [side["points"] for side in sides] == [None, None]
            return
        trump_points, plain_points = HOOGJASSEN_POINTS
        taken = [0, 0]
        for trick in view["history"]:
            worth = sum(
                (trump_points if card[1] == view["trump"] else plain_points).get(card[0], 0)
                for card in trick["cards"]
            )
            taken[trick["winner"] != view["declarer"]] += worth
        if view["phase"] == "over":
            taken[view["history"][-1]["winner"] != view["declarer"]] += 5
        assert [side["points"] for side in sides] == taken


def check_bid_range(view: Mapping[str, Any], game_name: str) -> None:
    """The range lists exactly the numeric bids among the legal actions; only the seat to act has it."""
    bids = {int(a.split()[1]) for a in view["legal_actions"] if re.fullmatch(r"bid \d+", a)}
    span = view["bid_range"]
    if span is None:
        assert not bids
        return
    assert view["seat"] == view["current_player"] and game_name in ("rififi", "hoogjassen")
    assert span["step"] > 0 and span["low"] <= span["high"]
    listed = set(range(span["low"], span["high"] + 1, span["step"]))
    if span["excluded"] is not None:
        assert span["excluded"] in listed
        listed.discard(span["excluded"])
    assert listed == bids


def check_order(view: Mapping[str, Any], game_name: str) -> None:
    """``order``: the playing seats clockwise from the dealer's left; the auction opens in that order
    and each trick (Piken: each round) goes round in it."""
    order = view["order"]
    n, dealer = view["players"], view["dealer"]
    clockwise = [(dealer + k) % n for k in range(1, n + 1)]
    assert order == (clockwise[:-1] if view.get("sitting_out") is not None else clockwise)
    auction = list(itertools.takewhile(lambda entry: entry[1].split()[0] in ("bid", "pass"), logged(view)))
    assert [seat for seat, _ in auction[: len(order)]] == order[: len(auction)]
    if game_name == "piken":  # the first round: every seat holds cards and lays in turn
        rounds = [*view["history"], {"lays": view["table"]}]
        tricks = [[lay["seat"] for lay in rounds[0]["lays"]][: len(order)]]
    else:
        tricks = [*(trick["seats"] for trick in view["history"]), view["trick_seats"]]
    for seats in tricks:
        if seats:
            start = order.index(seats[0])
            assert seats == (order[start:] + order[:start])[: len(seats)]


def test_views_state_the_facts_right(game_name: str, preset: str, players: int) -> None:
    game = troef.load_game(game_name, preset, players)
    seen: Counter[str] = Counter()
    for state in random_rounds(game, ROUNDS):
        for seat in [*range(players), None]:
            view = state.view(seat)
            check_order(view, game_name)
            check_bid_range(view, game_name)
            check_sides(view, game_name)
            if "trick_seats" in view:
                check_trick_seats(view)
            seen["last_trick"] += view.get("last_trick") is not None
            seen["bid_range"] += view["bid_range"] is not None
            seen["sides"] += view["sides"] is not None
            seen["points"] += view["sides"] is not None and view["sides"][0]["points"] is not None
    assert all(seen[fact] for fact in NOT_VACUOUS[game_name]), seen


NOT_VACUOUS = {
    "rififi": ("last_trick", "bid_range"),
    "rikken": ("last_trick", "sides"),
    "hoogjassen": ("last_trick", "bid_range", "sides", "points"),
    "piken": (),
    "minitrick": ("last_trick",),
}
"""Per game, the facts that random rounds must have shown (else the checks above proved nothing)."""
