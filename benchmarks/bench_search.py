"""How fast the search bots search, next to OpenSpiel's C++ ISMCTS in the same run.

    python benchmarks/bench_search.py [--iterations N] [--positions P] [--seed S] [--no-levels]

(a) ISMCTS iterations per second on one core, from the first play of an 8-card Rififi round
(4 players; ``oh-hell`` and ``standaard``), random play-outs; drawing the worlds (with inference)
is timed separately.  Next to it, OpenSpiel's ``ISMCTSBot`` with its random-rollout evaluator on
the same ``oh_hell`` round.  Then the exact endgame: worlds solved per second with 8 and 12 cards
left (a fresh transposition table each).
(b) Seconds per move of the ``normal`` and ``strong`` levels per game, over P positions taken
from rounds the heuristic bots play (moves with one legal action are not counted).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

import troef
from troef.bots import make_bot
from troef.bots.endgame import solve
from troef.bots.levels import search_bot
from troef.bots.search import Budget, draw_worlds, ismcts, make_rollout
from troef.core.game import Game, State
from troef.tricks import TrickState

TRICKS = 8
PLAYERS = 4
SETUPS = (
    ("rififi", "standaard", 4),
    ("rikken", "kampioenschap", 4),
    ("hoogjassen", "standaard", 4),
    ("piken", "standaard", 3),
)


def first_play(game: Game, seed: int) -> State:
    """The round of ``seed`` after the heuristic bots have bid: the first play is next."""
    state = game.deal(seed, 0)
    bots = [make_bot(game.name, "heuristic", seed + s) for s in range(game.players)]
    while state.phase != "play":
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].act(state.view(seat)))
    return state


def rififi(preset: str) -> Game:
    return troef.load_game("rififi", {"preset": preset, "tricks": TRICKS, "schedule": "fixed"}, PLAYERS)


def troef_rate(preset: str, iterations: int, seed: int) -> tuple[float, float]:
    """ISMCTS iterations per second and seconds to draw the worlds, from the first play."""
    game = rififi(preset)
    state = first_play(game, seed)
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    rng = random.Random(seed)
    budget = Budget(iterations=iterations)
    start = time.perf_counter()
    worlds = draw_worlds(game, view, budget, rng)
    drawn = time.perf_counter() - start
    play_out = make_rollout("random", game, seat, seed, 0)
    start = time.perf_counter()
    ismcts(worlds, seat, view["legal_actions"], play_out, budget, rng)
    return iterations / (time.perf_counter() - start), drawn


def solve_rate(preset: str, left: int, worlds: int, seed: int) -> float:
    """Worlds solved exactly per second from positions with ``left`` cards in the hands."""
    game = rififi(preset)
    rng = random.Random(seed)
    positions: list[TrickState] = []
    for k in range(worlds):
        state = first_play(game, seed + k)
        assert isinstance(state, TrickState)
        while sum(h.bit_count() for h in state.hands) > left:
            state.apply(rng.choice(state.legal_actions()))
        positions.append(state)
    start = time.perf_counter()
    for state in positions:
        solve(state, state.current_player or 0, {})
    return worlds / (time.perf_counter() - start)


def openspiel_rate(simulations: int, seed: int) -> float | None:
    """OpenSpiel ISMCTS simulations per second on a fixed 8-trick oh_hell round (None without it)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(f"oh_hell(players={PLAYERS},num_tricks_fixed={TRICKS})")
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(actions, probs)[0])
    while state.legal_actions()[0] >= 52:  # the bids
        state.apply_action(rng.choice(state.legal_actions()))
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    bot = pyspiel.ISMCTSBot(
        seed, evaluator, 2.0, simulations, -1, pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False
    )
    start = time.perf_counter()
    bot.step(state)
    return simulations / (time.perf_counter() - start)


def seconds_per_move(setup: tuple[str, str, int], kind: str, positions: int, seed: int) -> float:
    """Mean seconds a move of bot ``kind`` over ``positions`` positions of heuristic rounds."""
    game = troef.load_game(*setup)
    times: list[float] = []
    round_seed = seed
    while len(times) < positions:
        state = game.deal(round_seed, round_seed % game.players)
        bots = [make_bot(game.name, "heuristic", round_seed + s) for s in range(game.players)]
        while (seat := state.current_player) is not None and len(times) < positions:
            view = state.view(seat)
            if len(view["legal_actions"]) > 1 and len(state.actions) % 3 == 0:
                bot = search_bot(game.name, kind, seed)
                start = time.perf_counter()
                bot.act(view)
                times.append(time.perf_counter() - start)
            state.apply(bots[seat].act(view))
        round_seed += 1
    return sum(times) / len(times)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-levels", action="store_true", help="skip (b)")
    args = parser.parse_args(argv)
    print(f"(a) ISMCTS from the first play of an {TRICKS}-card round, {PLAYERS} players, one core")
    for preset in ("oh-hell", "standaard"):
        rate, drawn = troef_rate(preset, args.iterations, args.seed)
        print(f"  troef rififi {preset:9}: {rate:8,.0f} iterations/s   (24 worlds drawn in {drawn:.3f} s)")
    peer = openspiel_rate(args.iterations * 5, args.seed)
    if peer is None:
        print("  OpenSpiel: not installed")
    else:
        print(f"  OpenSpiel ISMCTSBot oh_hell (C++): {peer:8,.0f} simulations/s")
    for left in (8, 12):
        rate = solve_rate("oh-hell", left, 20, args.seed)
        print(f"  exact endgame, {left} cards left: {rate:8,.0f} worlds solved/s")
    if args.no_levels:
        return
    print(f"(b) seconds per move over {args.positions} positions of heuristic rounds")
    for setup in SETUPS:
        normal = seconds_per_move(setup, "normal", args.positions, args.seed)
        strong = seconds_per_move(setup, "strong", args.positions, args.seed)
        print(f"  {setup[0]:10} {setup[1]:13} {setup[2]}p: normal {normal:6.3f} s   strong {strong:6.3f} s")


if __name__ == "__main__":
    main()
