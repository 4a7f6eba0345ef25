"""Options and presets (``rififi.md`` 6; a record's ``rules``): resolving, validating, notation."""

from __future__ import annotations

import re
from typing import Any

import pytest

import troef
from troef.core.options import Option, shown

pytestmark = pytest.mark.engine

STANDAARD = {
    "pack": "german36",
    "must_trump": True,
    "scoring": "rififi",
    "schedule": "up-down",
    "tricks": 0,
    "hook": False,
}
OH_HELL = {
    "pack": "french52",
    "must_trump": False,
    "scoring": "tricks-plus-10",
    "schedule": "fixed",
    "tricks": 0,
    "hook": True,
}


def test_presets_are_standaard_then_oh_hell() -> None:
    cls = troef.GAMES["rififi"]
    assert [p.name for p in cls.presets] == ["standaard", "oh-hell"]
    assert [o.name for o in cls.options] == ["pack", "must_trump", "scoring", "schedule", "tricks", "hook"]
    assert all(o.description for o in cls.options)


@pytest.mark.parametrize(
    ("rules", "values", "notation"),
    [
        (None, STANDAARD, "standaard"),
        ("standaard", STANDAARD, "standaard"),
        ("oh-hell", OH_HELL, "oh-hell"),
        ({"preset": "standaard"}, STANDAARD, "standaard"),
        ({"preset": "oh-hell"}, OH_HELL, "oh-hell"),
        ({}, STANDAARD, "standaard"),
        ({"hook": True}, {**STANDAARD, "hook": True}, {"preset": "standaard", "hook": True}),
        (
            {"preset": "standaard", "hook": True},
            {**STANDAARD, "hook": True},
            {"preset": "standaard", "hook": True},
        ),
        (
            {"preset": "oh-hell", "hook": False, "tricks": 3},
            {**OH_HELL, "hook": False, "tricks": 3},
            {"preset": "oh-hell", "hook": False, "tricks": 3},
        ),
        (
            {"preset": "standaard", "pack": "french52", "scoring": "tricks-plus-10"},
            {**STANDAARD, "pack": "french52", "scoring": "tricks-plus-10"},
            {"preset": "standaard", "pack": "french52", "scoring": "tricks-plus-10"},
        ),
        # overrides equal to the preset's value are no overrides
        ({"preset": "oh-hell", "hook": True, "pack": "french52"}, OH_HELL, "oh-hell"),
        ({"preset": "standaard", "must_trump": True, "tricks": 0}, STANDAARD, "standaard"),
        (
            {"preset": "oh-hell", "hook": True, "must_trump": True},
            {**OH_HELL, "must_trump": True},
            {"preset": "oh-hell", "must_trump": True},
        ),
    ],
)
def test_rules_resolve(rules: object, values: dict[str, Any], notation: object) -> None:
    game = troef.load_game("rififi", rules=rules)
    assert dict(game.rules) == values
    assert game.rules.notation() == notation
    assert game.rules.preset.name == (notation if isinstance(notation, str) else notation["preset"])
    assert len(game.rules) == 6 and set(game.rules) == set(values)
    assert game.rules["hook"] is values["hook"]
    # the notation is a valid `rules` value and gives the same rules back
    assert dict(troef.load_game("rififi", rules=game.rules.notation()).rules) == values
    assert repr(game) == f"load_game('rififi', rules={notation!r}, players=4)"


def test_rules_object_is_not_changed() -> None:
    rules = {"preset": "oh-hell", "hook": False}
    troef.load_game("rififi", rules=rules)
    assert rules == {"preset": "oh-hell", "hook": False}


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ("bsg", "rififi has no preset 'bsg'; presets: standaard, oh-hell"),
        ("Standaard", "rififi has no preset 'Standaard'; presets: standaard, oh-hell"),
        ({"preset": "nope"}, "rififi has no preset 'nope'; presets: standaard, oh-hell"),
        ({"preset": 5}, "rififi has no preset 5; presets: standaard, oh-hell"),
        (42, "rules must be a preset name or an object, not 42"),
        (["standaard"], "rules must be a preset name or an object"),
        (
            {"jokers": 2},
            "rififi has no option 'jokers'; options: pack, must_trump, scoring, schedule, tricks, hook",
        ),
        ({"preset": "oh-hell", "players": 4}, "rififi has no option 'players'"),
        ({"hook": "yes"}, "option 'hook': 'yes' is not allowed; expected true or false"),
        ({"hook": 1}, "option 'hook': 1 is not allowed; expected true or false"),
        ({"must_trump": None}, "option 'must_trump': None is not allowed; expected true or false"),
        ({"tricks": -1}, "option 'tricks': -1 is not allowed; expected an integer >= 0, <= 17"),
        ({"tricks": 18}, "option 'tricks': 18 is not allowed; expected an integer >= 0, <= 17"),
        ({"tricks": True}, "option 'tricks': True is not allowed; expected an integer"),
        ({"tricks": 3.0}, "option 'tricks': 3.0 is not allowed; expected an integer"),
        ({"tricks": "3"}, "option 'tricks': '3' is not allowed; expected an integer"),
        ({"pack": "tarot78"}, "option 'pack': 'tarot78' is not allowed; expected one of german36, french52"),
        (
            {"pack": "piquet32"},
            "option 'pack': 'piquet32' is not allowed; expected one of german36, french52",
        ),
        (
            {"scoring": "Rififi"},
            "option 'scoring': 'Rififi' is not allowed; expected one of rififi, tricks-plus-10",
        ),
        (
            {"schedule": "down-up"},
            "option 'schedule': 'down-up' is not allowed; expected one of up-down, fixed",
        ),
    ],
)
def test_bad_rules(rules: object, message: str) -> None:
    with pytest.raises(troef.GameError) as info:
        troef.load_game("rififi", rules=rules)
    assert message in str(info.value)


@pytest.mark.parametrize(
    ("rules", "players", "message"),
    [
        ({"tricks": 10}, 4, "option 'tricks': 10 is too many for 4 players with 36 cards (at most 9)"),
        ({"tricks": 7}, 6, "option 'tricks': 7 is too many for 6 players with 36 cards (at most 6)"),
        ({"tricks": 13}, 3, "option 'tricks': 13 is too many for 3 players with 36 cards (at most 12)"),
        (
            {"preset": "oh-hell", "tricks": 14},
            4,
            "option 'tricks': 14 is too many for 4 players with 52 cards (at most 13)",
        ),
        ({"preset": "oh-hell", "tricks": 9}, 6, "(at most 8)"),
    ],
)
def test_tricks_larger_than_the_pack_allows(rules: object, players: int, message: str) -> None:
    with pytest.raises(troef.GameError) as info:
        troef.load_game("rififi", rules, players)
    assert message in str(info.value)


@pytest.mark.parametrize(
    ("rules", "players", "hand_size"),
    [
        ("standaard", 3, 12),
        ("standaard", 4, 9),
        ("standaard", 5, 7),
        ("standaard", 6, 6),
        ("oh-hell", 3, 17),
        ("oh-hell", 4, 13),
        ("oh-hell", 5, 10),
        ("oh-hell", 6, 8),
        ({"preset": "standaard", "tricks": 9}, 4, 9),
        ({"preset": "oh-hell", "tricks": 17}, 3, 17),
        ({"preset": "oh-hell", "tricks": 1}, 6, 1),
    ],
)
def test_tricks_sets_the_hand_size(rules: object, players: int, hand_size: int) -> None:
    game = troef.load_game("rififi", rules, players)
    state = game.deal(seed=3)
    assert all(len(hand) == hand_size for hand in state.record()["deal"]["hands"])


@pytest.mark.parametrize("hand_size", [0, 14, -1, "5", 5.0, True])
def test_a_hand_size_out_of_range_is_refused(hand_size: object) -> None:
    rififi: Any = troef.load_game("rififi", "oh-hell", 4)  # Rififi's deal takes ``hand_size`` too
    with pytest.raises(
        troef.GameError, match=rf"hand size must be 1\.\.13, not {re.escape(repr(hand_size))}"
    ):
        rififi.deal(seed=3, hand_size=hand_size)


@pytest.mark.parametrize("blind", [1, "yes", None])
def test_a_rikken_deal_is_blind_or_not(blind: object) -> None:
    rikken: Any = troef.load_game("rikken")  # Rikken's deal takes ``blind`` too
    with pytest.raises(troef.GameError, match=rf"blind must be true or false, not {re.escape(repr(blind))}"):
        rikken.deal(seed=3, blind=blind)
    assert rikken.deal(seed=3, blind=True).view(None)["blind_rond"] is True


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_players_3_to_6(players: int) -> None:
    assert troef.load_game("rififi", players=players).players == players


def test_default_players_is_4() -> None:
    assert troef.load_game("rififi").players == 4
    assert troef.load_game("rififi", "oh-hell", None).players == 4


@pytest.mark.parametrize("players", [2, 7, 0, -1, 1, 100, "4", True, 4.0])
def test_players_outside_3_to_6(players: object) -> None:
    with pytest.raises(troef.GameError) as info:
        troef.load_game("rififi", players=players)  # type: ignore[arg-type]
    assert f"rififi is played by 3 to 6 players, not {players!r}" in str(info.value)


def test_unknown_game() -> None:
    with pytest.raises(troef.GameError, match="unknown game 'whist'; games: rififi, rikken"):
        troef.load_game("whist")


def test_errors_are_troef_errors() -> None:
    assert issubclass(troef.GameError, troef.TroefError)
    assert issubclass(troef.GameError, ValueError)


@pytest.mark.parametrize(
    ("option", "good", "bad"),
    [
        (Option("flag", bool, False, "a flag"), [True, False], [0, 1, "true", None]),
        (Option("count", int, 0, "a count", minimum=1, maximum=3), [1, 2, 3], [0, 4, True, 2.0, "2"]),
        (
            Option("wide", int, 0, "wide bounds", minimum=-5, maximum=10**6),
            [-5, 0, 10**6],
            [False, 1.5, 10**400],
        ),
        (Option("kind", str, "a", "a choice", ("a", "b")), ["a", "b"], ["c", "A", 1, None]),
    ],
)
def test_option_validate(option: Option, good: list[object], bad: list[object]) -> None:
    for value in good:
        assert option.validate(value) == value
    for value in bad:
        with pytest.raises(troef.GameError) as info:
            option.validate(value)
        assert f"option {option.name!r}: {shown(value)} is not allowed; expected {option.allowed()}" == str(
            info.value
        )


def test_option_allowed_in_words() -> None:
    assert Option("f", bool, False, "").allowed() == "true or false"
    assert Option("n", int, 0, "", minimum=0, maximum=17).allowed() == "an integer >= 0, <= 17"
    assert Option("s", str, "x", "", ("x", "y")).allowed() == "one of x, y"
    assert Option("s", str, "x", "").allowed() == "a string"


def test_record_rules_must_match_the_game() -> None:
    game = troef.load_game("rififi", "oh-hell", 3)
    record = {
        "format": "troef-record/1",
        "game": "rififi",
        "rules": "standaard",
        "players": 3,
        "dealer": 0,
        "deal": {"hands": [["AS"], ["KS"], ["QS"]], "trump_card": "6H"},
    }
    with pytest.raises(troef.RecordError, match="record has rules 'standaard', this game 'oh-hell'"):
        game.from_record(record)
    same = troef.load_game("rififi", {"preset": "oh-hell", "hook": True}, 3)
    assert same.from_record({**record, "rules": "oh-hell"}).current_player == 1


def test_a_number_option_declares_its_range() -> None:
    """Issue 32: `cents_per_ten = 10**400` was accepted and overflowed the sheet's money for everyone."""
    with pytest.raises(TypeError, match="declares its minimum and maximum"):
        Option("open", int, 0, "no bounds")
    for cls in troef.GAMES.values():
        for option in cls.options:
            assert option.type is not int or (option.minimum is not None and option.maximum is not None)
    with pytest.raises(troef.GameError, match="option 'cents_per_ten': 10000000000 is not allowed"):
        troef.load_game("hoogjassen", {"preset": "standaard", "cents_per_ten": 10**10})
    with pytest.raises(troef.GameError, match="option 'cents_per_ten': a number of 1329 bits is not allowed"):
        troef.load_game("hoogjassen", {"preset": "standaard", "cents_per_ten": 10**400})
    with pytest.raises(troef.GameError, match=re.escape("'" + "x" * 36 + "... is not allowed")):
        troef.load_game("hoogjassen", {"preset": "standaard", "dealer_rule": "x" * 10_000})
