"""Random full Rikken rounds per second: troef against OpenSpiel's Hearts and Bridge, in one run.

Each engine is driven through its public Python API with uniformly random legal
actions until the round is over:

- troef ``rikken`` (presets ``kampioenschap`` and ``bsg``, 4 players, 52 cards):
  ``game.deal(seed=i, dealer=i % 4)``, then ``state.apply(rng.choice(state.legal_actions()))``
  until ``state.is_over``;
- OpenSpiel ``hearts`` and ``bridge(use_double_dummy_result=false)``: ``new_initial_state()``,
  then chance and player actions alike ``state.apply_action(rng.choice(state.legal_actions()))``
  until ``state.is_terminal()``.

OpenSpiel has no Rikken, so no peer plays the same game.  Bridge is the closer
one: like Rikken it is an auction followed by up to 13 tricks of 52 cards
among 4 players, with follow-suit and a trump suit (or none) set by the
auction.  Hearts shares the deck, the players and the 13 tricks, but has no
auction (a card-passing phase instead) and no trump.  Both ratios are printed.

Random Rikken rounds are not all 13 tricks long: random bidding often ends in
piek or misère, which stop as soon as the outcome is settled, and a round may
become a pass game.  So, besides actions per round, the script plays a fixed
sample of rounds (outside the timing) to print the tricks played per round and
the contract mix, and a per-trick ratio (rounds/s x tricks/round) is printed
next to the per-round one.  (A per-action ratio would mislead: OpenSpiel deals
with 52 chance actions, troef in ``deal``.)

The engines are measured in turn, ``--repeats`` times each (the order rotates
every repeat), for ``--seconds`` each; the best rate of each engine is reported,
so a burst of machine noise does not bias the ratios (see ``timing.py``).

    python benchmarks/bench_rikken.py [--seconds 2] [--repeats 3] [--json]
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

import troef
from timing import (
    Line,
    Runner,
    game_runner,
    load_pyspiel,
    measure,
    openspiel_runner,
    parse_args,
    print_table,
    report,
)

PLAYERS = 4
PRESETS = ("kampioenschap", "bsg")
HEARTS = "hearts"
BRIDGE = "bridge(use_double_dummy_result=false)"
SAMPLE = 2000
"""Rounds played (untimed, seeds 0..SAMPLE-1) for the tricks-per-round and contract figures."""
CARDS = 52
PASS_GAMES = ("noodrik", "schoppen-mie", "een-of-vijf")


def troef_runner(rules: object) -> Runner:
    return game_runner("rikken", rules, PLAYERS)


def troef_sample(rules: object, rounds: int = SAMPLE) -> dict[str, Any]:
    """Tricks played per round and the contract mix over ``rounds`` random rounds (untimed)."""
    game = troef.load_game("rikken", rules=rules, players=PLAYERS)
    choice = random.Random(0).choice
    tricks = full = piek_misere = pass_games = 0
    for i in range(rounds):
        state = game.deal(seed=i, dealer=i % PLAYERS)
        while not state.is_over:
            state.apply(choice(state.legal_actions()))
        result = state.result()
        played = sum(result["tricks"])
        contract = str(result["details"]["contract"])
        tricks += played
        full += played == 13
        piek_misere += "piek" in contract or "misere" in contract
        pass_games += contract in PASS_GAMES
    return {
        "tricks_per_round": round(tricks / rounds, 2),
        "share_13_tricks": round(full / rounds, 3),
        "share_piek_misere": round(piek_misere / rounds, 3),
        "share_pass_games": round(pass_games / rounds, 3),
    }


def cards_played(name: str, moves: list[int]) -> int:
    """Cards played to tricks among a round's player (non-chance) actions ``moves``.

    Bridge: actions below 52 are cards, the rest calls.  Hearts: every player
    action is a card; the first 12 are the pass (3 cards each) unless the
    round's pass direction is "no pass" (52 actions in all).
    """
    if name == HEARTS:
        return min(len(moves), CARDS)
    return sum(a < CARDS for a in moves)


def openspiel_sample(pyspiel: ModuleType, name: str, rounds: int = SAMPLE) -> dict[str, Any]:
    """Tricks played per round over ``rounds`` random OpenSpiel rounds (untimed)."""
    game = pyspiel.load_game(name)
    choice = random.Random(0).choice
    tricks = full = 0
    for _ in range(rounds):
        state = game.new_initial_state()
        moves: list[int] = []
        while not state.is_terminal():
            action = choice(state.legal_actions())
            if not state.is_chance_node():
                moves.append(action)
            state.apply_action(action)
        played = cards_played(name, moves) // PLAYERS
        tricks += played
        full += played == 13
    return {"tricks_per_round": round(tricks / rounds, 2), "share_13_tricks": round(full / rounds, 3)}


def rikken_lines(pyspiel: ModuleType | None) -> list[Line]:
    """The lines measured: troef's presets first, then OpenSpiel's hearts and bridge if installed."""
    lines = [Line("troef", f"rikken {preset}", troef_runner(preset)) for preset in PRESETS]
    if pyspiel is not None:
        lines.append(Line("OpenSpiel", HEARTS, openspiel_runner(pyspiel, HEARTS)))
        lines.append(Line("OpenSpiel", "bridge (no DD)", openspiel_runner(pyspiel, BRIDGE)))
    return lines


def sample(lines: list[Line], pyspiel: ModuleType | None, rounds: int = SAMPLE) -> None:
    """Fill in every line's untimed figures (tricks per round, contract mix)."""
    for line in lines:
        if line.engine == "troef":
            line.extra = troef_sample(line.game.split()[-1], rounds)
        elif pyspiel is not None:
            line.extra = openspiel_sample(pyspiel, HEARTS if line.game == HEARTS else BRIDGE, rounds)


def ratios(lines: list[Line]) -> dict[str, float]:
    """troef kampioenschap against each OpenSpiel line: rounds per second, and tricks played per second
    (the rate times the sampled tricks per round, since random Rikken rounds are often short)."""
    troef_line = lines[0]
    out: dict[str, float] = {}
    for line in lines:
        if line.engine != "OpenSpiel":
            continue
        key = "hearts" if line.game == HEARTS else "bridge"
        out[f"kampioenschap/{key}"] = round(troef_line.best / line.best, 3)
        if line.extra and troef_line.extra:
            mine = troef_line.best * troef_line.extra["tricks_per_round"]
            theirs = line.best * line.extra["tricks_per_round"]
            out[f"kampioenschap/{key} per trick"] = round(mine / theirs, 3)
    return out


def share(key: str) -> Callable[[Line], str]:
    """A table cell: the line's share ``key`` as a percentage, or ``-`` where the line has none."""
    return lambda line: f"{line.extra[key]:.0%}" if key in line.extra else "-"


def main(argv: list[str] | None = None) -> int:
    args = parse_args(__doc__, argv)
    pyspiel = load_pyspiel()
    lines = rikken_lines(pyspiel)
    measure(lines, args.seconds, args.repeats)
    sample(lines, pyspiel, SAMPLE)
    found = ratios(lines)

    if args.json:
        figures = report(lines, args.seconds, args.repeats, sample_rounds=SAMPLE, ratios=found)
        print(json.dumps(figures, indent=2))
        return 0

    print_table(
        lines,
        args.seconds,
        args.repeats,
        game_width=20,
        columns=(
            ("tricks/round", lambda line: f"{line.extra.get('tricks_per_round', 0):.1f}"),
            ("13 tricks", share("share_13_tricks")),
            ("piek/misere", share("share_piek_misere")),
            ("pass games", share("share_pass_games")),
        ),
    )
    print(f"(tricks/round and the shares: over {SAMPLE} untimed random rounds per line)")
    if not found:
        print("OpenSpiel (pyspiel) is not installed: no ratio", file=sys.stderr)
    for key, value in found.items():
        print(f"ratio troef {key}: {value:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
