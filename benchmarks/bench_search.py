"""How fast the search bots search, next to OpenSpiel's C++ ISMCTS in the same run.

    python benchmarks/bench_search.py [--iterations N] [--positions P] [--seed S] [--no-levels]

(a) ISMCTS iterations per second on one core, from the first play of an 8-card Rififi round
(4 players; ``oh-hell`` and ``standaard``) with random play-outs, and next to it OpenSpiel's
``ISMCTSBot`` with its random-rollout evaluator on the same ``oh_hell`` round: the like-for-like
speed of the search machinery.  (b) What the levels use, per game, from the first play of rounds
the heuristic bots bid: play-outs per second by the game's play-out policy, worlds drawn (with
inference) per second, and for the trick games the exact endgame's worlds solved per second with 8
and 12 cards left (a fresh transposition table each).  (c) Seconds per move of the ``normal`` and
``strong`` levels per game, and of ``ismcts`` on the normal budget, over P positions of rounds the
heuristic bots play (moves with one legal action are not counted).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

import troef
from troef.core.game import Game, State
from troef.core.tricks import TrickState
from troef.players import make_bot
from troef.players.endgame import solve
from troef.players.kits import KITS
from troef.players.levels import search_bot
from troef.players.search import Budget, draw_worlds, ismcts, make_rollout, random_policy

TRICKS = 8
PLAYERS = 4
SETUPS = (
    ("rififi", "standaard", 4),
    ("rikken", "kampioenschap", 4),
    ("hoogjassen", "standaard", 4),
    ("piken", "standaard", 3),
)


def first_play(game: Game, seed: int) -> State:
    """A round of ``seed`` or later, after the heuristic bots have bid: the first play is next."""
    while True:
        state = game.deal(seed, 0)
        bots = [make_bot(game.name, "heuristic", seed + s) for s in range(game.players)]
        while state.phase not in ("play", "over"):
            seat = state.current_player
            assert seat is not None
            state.apply(bots[seat].act(state.view(seat)))
        if not state.is_over:
            return state
        seed += 1000  # Hoogjassen: everyone passed


def rififi(preset: str) -> Game:
    return troef.load_game("rififi", {"preset": preset, "tricks": TRICKS, "schedule": "fixed"}, PLAYERS)


def ismcts_rate(preset: str, iterations: int, seed: int) -> float:
    """ISMCTS iterations per second with random play-outs, from the first play."""
    game = rififi(preset)
    state = first_play(game, seed)
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    rng = random.Random(seed)
    budget = Budget(iterations=iterations, inference=1)
    policy = random_policy(game, seed)
    worlds = draw_worlds(game, view, budget, policy, rng)
    start = time.perf_counter()
    ismcts(worlds, seat, view["legal_actions"], make_rollout(policy, seat, 0), budget, rng)
    return iterations / (time.perf_counter() - start)


def playout_rate(game: Game, positions: Sequence[State], seed: int) -> float:
    """Play-outs per second by the game's policy from ``positions``, each played out 5 times."""
    policy = KITS[game.name].playout(game, seed)
    rng = random.Random(seed)
    play_out = make_rollout(policy, 0, 0)
    start = time.perf_counter()
    for state in [*positions] * 5:
        play_out(state.clone(), rng)
    return 5 * len(positions) / (time.perf_counter() - start)


def world_rate(game: Game, positions: Sequence[State], seed: int) -> float:
    """Worlds per second drawn for the player to act, with inference (twice as many candidates)."""
    rng = random.Random(seed)
    policy = KITS[game.name].playout(game, seed)
    budget = Budget(worlds=8)
    start = time.perf_counter()
    for state in positions:
        draw_worlds(game, state.view(state.current_player), budget, policy, rng)
    return budget.worlds * len(positions) / (time.perf_counter() - start)


def solve_rate(positions: Sequence[State], left: int, seed: int) -> float:
    """Worlds solved exactly per second from ``positions`` played on at random to ``left`` cards."""
    rng = random.Random(seed)
    ready: list[TrickState] = []
    for state in positions:
        assert isinstance(state, TrickState)
        state = state.clone()
        while sum(h.bit_count() for h in state.hands) > left and not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            ready.append(state)
    start = time.perf_counter()
    for state in ready:
        solve(state, state.current_player or 0, {})
    return len(ready) / (time.perf_counter() - start)


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
    parser.add_argument("--no-levels", action="store_true", help="skip (c)")
    args = parser.parse_args(argv)
    print(f"(a) ISMCTS, random play-outs, from the first play of an {TRICKS}-card round, {PLAYERS} players")
    for preset in ("oh-hell", "standaard"):
        rate = ismcts_rate(preset, args.iterations, args.seed)
        print(f"  troef rififi {preset:9}: {rate:8,.0f} iterations/s")
    peer = openspiel_rate(args.iterations * 5, args.seed)
    if peer is None:
        print("  OpenSpiel: not installed")
    else:
        print(f"  OpenSpiel ISMCTSBot oh_hell (C++): {peer:8,.0f} simulations/s")
    print("(b) the levels' parts, from the first play of heuristic rounds")
    for setup in SETUPS:
        game = troef.load_game(*setup)
        positions = [first_play(game, args.seed + k) for k in range(args.positions)]
        line = (
            f"  {setup[0]:10} {playout_rate(game, positions, args.seed):8,.0f} play-outs/s"
            f" {world_rate(game, positions, args.seed):8,.0f} worlds/s"
        )
        if isinstance(positions[0], TrickState):
            for left in (8, 12):
                line += f" {solve_rate(positions, left, args.seed):7,.0f} solved/s ({left} cards)"
        print(line)
    if args.no_levels:
        return
    print(f"(c) seconds per move over {args.positions} positions of heuristic rounds")
    for setup in SETUPS:
        line = f"  {setup[0]:10} {setup[1]:13} {setup[2]}p:"
        for kind in ("normal", "strong", "ismcts"):
            line += f"   {kind} {seconds_per_move(setup, kind, args.positions, args.seed):6.3f} s"
        print(line)


if __name__ == "__main__":
    main()
