"""No generic module names a game (issue 33): outside each game's own modules and the registrations, no
source file under src/troef names a game or one of its own action keywords; what generic code needs to
know about a game is declared on the game, its player kit or its presenter."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final

import pytest

import troef
from troef.core.actions import SHARED_KINDS, ActionError, register_kinds
from troef.interfaces.rl import learned

SOURCE: Final = Path(troef.__file__).parent
REGISTRATIONS: Final = frozenset(
    {"games/__init__.py", "players/kits.py", "present/__init__.py", "interfaces/rl/kits.py"}
)
"""The one registration of each game per layer."""
HISTORY: Final = "interfaces/web/migrations/"
"""Database migrations record what was, game names included."""
LEARNED: Final = ("interfaces/rl/learned/", "interfaces/rl/learned/train.py")
"""The learned bot and its training: own modules of the games it was trained for (`learned.GAMES`)."""


def own_modules(game: str) -> tuple[str, ...]:
    """Path prefixes of ``game``'s own modules, relative to src/troef."""
    own = (f"games/{game}/", f"players/{game}/", f"present/{game}.py", f"interfaces/rl/games/{game}.py")
    return own + LEARNED if game in learned.GAMES else own


def exempt(path: str) -> bool:
    return (
        path in REGISTRATIONS
        or path.startswith(HISTORY)
        or any(path.startswith(own_modules(game)) for game in troef.GAMES)
    )


def forbidden_words() -> set[str]:
    """Each game's name and the action keywords that only that game declares."""
    declared = [kind for cls in troef.GAMES.values() for kind in cls.action_kinds]
    own = {kind for kind in declared if declared.count(kind) == 1}
    return {*troef.GAMES, *own}


def offences() -> list[str]:
    """``src/troef/<path>:<line>: <word>`` for every generic line that names a game or its own action."""
    pattern = re.compile("|".join(re.escape(w) for w in sorted(forbidden_words())), re.IGNORECASE)
    found = []
    for file in sorted(SOURCE.rglob("*.py")):
        path = file.relative_to(SOURCE).as_posix()
        if exempt(path):
            continue
        for number, text in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
            if match := pattern.search(text):
                found.append(f"src/troef/{path}:{number}: {match.group()}")
    return found


def test_no_generic_module_names_a_game() -> None:
    found = offences()
    assert not found, "generic modules that name a game or its own action:\n" + "\n".join(found)


def test_the_forbidden_words_come_from_the_registry() -> None:
    words = forbidden_words()
    assert set(troef.GAMES) <= words
    assert any(cls.action_kinds for cls in troef.GAMES.values())
    assert all(cls.action_kinds.keys() <= words for cls in troef.GAMES.values())


def test_the_learned_bots_modules_exist() -> None:
    assert all((SOURCE / path).exists() for path in LEARNED)


def test_a_game_declares_only_its_own_action_kinds_and_parse_action_knows_them() -> None:
    with pytest.raises(ActionError) as error:
        troef.parse_action("fly")
    for cls in troef.GAMES.values():
        assert not cls.action_kinds.keys() & SHARED_KINDS.keys(), cls.name
        assert all(kind in str(error.value) for kind in cls.action_kinds), cls.name


def test_a_known_action_keyword_keeps_its_shape() -> None:
    with pytest.raises(ActionError, match="action 'play' is known with shape"):
        register_kinds({"play": (1, 0)})
    assert troef.parse_action("play AS").cards
