"""Playing the golden rounds and reading and writing their files.

One file per game x preset x player count (the fewest, the default and the most players), named
``GAME-PRESET-Np.jsonl``: JSON lines, the first a header (the game, rules, players, seed, dealer, the
regenerate command and the round's full record), then one line per step: ``step`` (the action index),
``seat`` (who acts), ``action`` (the action taken from there, chosen by ``random.Random(SEED)`` among
the legal actions) and ``views`` (``state.view(seat)`` for every seat, keyed ``"0"``, ``"1"``, ...,
and ``state.view(None)`` keyed ``"spectator"``, all before the action).  The last line is the finished
round, with ``seat`` and ``action`` null.  Views are stored as `view()` returns them, whatever keys
they have.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import troef

REGENERATE: Final = "python -m tests.playthroughs.regenerate"
FOLDER: Final = Path(__file__).resolve().parent
SEED: Final = 1
"""The seed of every golden deal and of the random choice of its actions."""
DEALER: Final = 0
SPECTATOR: Final = "spectator"

Record = dict[str, Any]


@dataclass(frozen=True)
class Config:
    """One golden round's table: a game, one of its presets and a number of players."""

    game: str
    preset: str
    players: int

    @property
    def path(self) -> Path:
        return FOLDER / f"{self.game}-{self.preset}-{self.players}p.jsonl"


def configurations() -> list[Config]:
    """Every registered game x preset, at its fewest, default and most players."""
    return [
        Config(name, preset.name, n)
        for name, cls in troef.GAMES.items()
        for preset in cls.presets
        for n in sorted({cls.min_players, cls.default_players, cls.max_players})
    ]


def viewer_key(seat: int | None) -> str:
    return SPECTATOR if seat is None else str(seat)


def play(config: Config) -> list[Record]:
    """The golden round of ``config``, header first, as JSON values (what `read` gives back)."""
    game = troef.load_game(config.game, config.preset, config.players)
    state = game.deal(seed=SEED, dealer=DEALER)
    rng = random.Random(SEED)
    steps: list[Record] = []
    while True:
        views = {viewer_key(seat): state.view(seat) for seat in [*range(config.players), None]}
        if state.is_over:
            steps.append({"step": len(steps), "seat": None, "action": None, "views": views})
            break
        seat = state.current_player
        action = rng.choice(state.legal_actions())
        steps.append({"step": len(steps), "seat": seat, "action": action.text, "views": views})
        state.apply(action)
    header = {
        "golden": "troef playthrough: every view at every step of one round",
        "regenerate": REGENERATE,
        "game": config.game,
        "rules": config.preset,
        "players": config.players,
        "seed": SEED,
        "dealer": DEALER,
        "record": state.record(),
    }
    normalised: list[Record] = json.loads(json.dumps([header, *steps]))
    return normalised


def dumps(records: list[Record]) -> str:
    """The file text of a golden round: one JSON object a line."""
    return "".join(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n" for record in records)


def read(path: Path) -> list[Record]:
    """The records of a golden file, header first."""
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f]
