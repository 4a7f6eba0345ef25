"""How well does the card play steer a Rififi seat towards its bid?

    python benchmarks/steering_fit.py [--rules oh-hell] [--option K=V ...] [--players 4] [--rounds 200]
        [--seed 0] [--workers 1] [--play [--level strong]]

Rounds are played by the ``normal`` bot in every seat.  At every bid it searches, the seat's worlds (the
level's own, with its inference) are played out ten times each with random cards, as the bid search plays
them, giving the chance of each number of tricks the seat takes there.  When the round is over, whether
the seat took exactly its bid is set beside that distribution: by maximum likelihood on a grid of
twentieths, the chance f(d) of making the bid when a random play-out leaves the seat d = 0, 1 or 2 tricks
off it (further off: 0).  Random play-outs alone stand for f = (1, 0, 0); the fit says how far the play
at the table makes up for cards that random play-outs throw away.  Rififi's strong level appraises its
bid search's play-outs by the fitted f (``troef.players.rififi.playout.STEERING``); ``variant_arena.py
--steering`` tries another.

With ``--play`` it fits the steering of the play-outs in play instead: rounds are played by ``--level``
in every seat, and at every card a seat chooses with more than `SOLVED` tricks left, the normal level's
worlds for it are played out once each by the greedy play-out policy, from that move.  The chance of
making the bid when such a play-out leaves the seat d tricks off is taken to change linearly with the
tricks k left beyond the last `SOLVED`: f(0) = 1 - a k, f(1) = b k, f(2) = c k.  It prints the slopes of
the highest likelihood beside the likelihood of strong's own appraisal in play (`STEERING` at every move),
and by the tricks left (`STAGES`) how well each foretells the bids made (Brier scores, beside that of the
share made itself); what an appraisal by the fitted slopes did: ``docs/bots.md``.
"""

from __future__ import annotations

import argparse
import functools
import math
import random
import statistics
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import troef
from troef.games.rififi.state import RififiState
from troef.interfaces.cli.rules import rules_from_args
from troef.players import make_bot
from troef.players.levels import search_bot
from troef.players.rififi.playout import STEERING, made_off
from troef.players.search import draw_worlds

Steering = tuple[float, float, float]
Move = tuple[int, list[float], bool]
"""A move in play: the tricks the seat had left, the share of its greedy play-outs that left it 0, 1, 2
or more tricks off its bid, and whether it made the bid."""
Bid = tuple[list[float], int, int]
"""A searched bid: the chance of each number of tricks in its random play-outs, the bid, the tricks taken."""
PLAY_OUTS = 10
"""Random play-outs per world."""
SOLVED = 2
"""``--play``: the last tricks, which strong's search solves exactly (8 cards with 4 players)."""
STAGES = ((3, 4), (5, 6), (7, 8), (9, 10), (11, 52))
"""``--play``: the moves grouped by the tricks the seat had left, for the Brier scores."""


def tricks_chances(state: RififiState, seed: int) -> list[float]:
    """The seat to bid: the chance of each number of tricks in random play-outs of its worlds."""
    game, seat = state.game, state.actor
    bot = search_bot("rififi", "normal", seed)
    rng = random.Random(seed)
    worlds = draw_worlds(game, state.view(seat), bot.budget, bot.bidding(game, seed), rng)
    counts = [0] * (state.hand_size + 1)
    for world in worlds:
        for _ in range(PLAY_OUTS):
            child = world.clone()
            while not child.is_over:
                child.apply(child.random_action(rng))
            assert isinstance(child, RififiState)
            counts[child.won[seat]] += 1
    total = sum(counts)
    return [c / total for c in counts]


def round_bids(rules: object, players: int, seed: int, index: int) -> list[Bid]:
    """Round ``index``: each searched bid of its normal bots."""
    state = dealt(rules, players, seed, index)
    searched: list[tuple[int, list[float]]] = []
    for seat, view in played(state, "normal", seed, index):
        if view["phase"] == "bid" and len(view["legal_actions"]) > 1:
            searched.append((seat, tricks_chances(state, seed + 7 * len(state.actions))))
    return [(chances, state.bids[seat], state.won[seat]) for seat, chances in searched]


def dealt(rules: object, players: int, seed: int, index: int) -> RififiState:
    """Round ``index`` of the run with ``seed``, dealt."""
    state = troef.load_game("rififi", rules, players).deal(seed * 100_003 + index, index % players)
    assert isinstance(state, RififiState)
    return state


def played(state: RififiState, level: str, seed: int, index: int) -> Iterator[tuple[int, Mapping[str, Any]]]:
    """Plays ``state`` out with ``level`` in every seat: the seat to move and its view before each move."""
    bots = [make_bot("rififi", level, seed + 1000 * index + s) for s in range(state.game.players)]
    while (seat := state.current_player) is not None:
        view = state.view(seat)
        yield seat, view
        state.apply(bots[seat].act(view))


def made_chance(steering: Sequence[float], chances: Sequence[float], bid: int) -> float:
    """The chance of making ``bid`` under ``steering``, from the random play-outs' ``chances``."""
    return sum(p * made_off(steering, abs(t - bid)) for t, p in enumerate(chances))


def log_likelihood(steering: Sequence[float], bids: Sequence[Bid]) -> float:
    """How well ``steering`` explains which bids were made."""
    return sum(log_chance(made_chance(steering, chances, bid), won == bid) for chances, bid, won in bids)


def log_chance(p: float, made: bool) -> float:
    """The log of the chance of what happened, ``p`` being the chance of making the bid."""
    p = min(max(p, 1e-9), 1 - 1e-9)
    return math.log(p if made else 1 - p)


def fit(bids: Sequence[Bid]) -> Steering:
    """The steering of the highest likelihood, f(0) >= f(1) >= f(2) in twentieths."""
    steps = [(a / 20, b / 20, c / 20) for a in range(21) for b in range(a + 1) for c in range(b + 1)]
    return max(steps, key=functools.partial(log_likelihood, bids=bids))


def round_moves(rules: object, players: int, level: str, seed: int, index: int) -> list[Move]:
    """Round ``index``, played by ``level``: each move in play with more than `SOLVED` tricks left."""
    state = dealt(rules, players, seed, index)
    probe = search_bot("rififi", "normal", seed + index)
    rng = random.Random(seed + index)
    found: list[tuple[int, int, list[float]]] = []
    for seat, view in played(state, level, seed, index):
        if view["phase"] == "play" and len(view["hand"]) > SOLVED:
            policy = probe.playout(state.game, rng.randrange(1 << 30))
            worlds = draw_worlds(state.game, view, probe.budget, policy, rng)
            offs = [0.0] * 4
            for drawn in worlds:
                world = drawn.clone()  # a world may be drawn twice
                while not world.is_over:
                    world.apply(policy(world, rng))
                assert isinstance(world, RififiState)
                offs[min(3, abs(world.won[seat] - state.bids[seat]))] += 1 / len(worlds)
            found.append((seat, len(view["hand"]), offs))
    return [(left, offs, state.won[seat] == state.bids[seat]) for seat, left, offs in found]


def steering_in_play(slopes: Steering, left: int) -> Steering:
    """The steering of a move in play with ``left`` tricks to go, by ``slopes`` (a, b, c)."""
    k = max(0, left - SOLVED)
    return (1.0 - slopes[0] * k, slopes[1] * k, slopes[2] * k)


def play_log_likelihood(steering: Callable[[int], Sequence[float]], moves: Sequence[Move]) -> float:
    """How well ``steering`` (by the tricks left) explains which bids were made from the moves in play."""
    return sum(log_chance(made_chance(steering(left), offs, 0), made) for left, offs, made in moves)


def sloped(slopes: Steering) -> Callable[[int], Steering]:
    """The steering by the tricks left that ``slopes`` give."""
    return functools.partial(steering_in_play, slopes)


def fit_play(moves: Sequence[Move]) -> Steering:
    """The slopes of the highest likelihood: a up to 0.03 in thousandths, c <= b <= 0.08 in 500ths."""
    grid = [(a / 1000, b / 500, c / 500) for a in range(31) for b in range(41) for c in range(b + 1)]
    return max(grid, key=lambda slopes: play_log_likelihood(sloped(slopes), moves))


def brier(steering: Callable[[int], Sequence[float]], moves: Sequence[Move]) -> float:
    """The mean squared error of the chances of making the bid that ``steering`` gives the moves."""
    return statistics.fmean((made_chance(steering(left), offs, 0) - made) ** 2 for left, offs, made in moves)


def foresight(moves: Sequence[Move], steerings: Mapping[str, Callable[[int], Sequence[float]]]) -> list[str]:
    """For the moves of each `STAGES` group: how many, the share of bids made, and the Brier score of each
    of ``steerings`` beside that of the share itself (one chance for every move, knowing the outcomes)."""
    lines = []
    for low, high in STAGES:
        group = [move for move in moves if low <= move[0] <= high]
        if group:
            share = statistics.fmean(made for _, _, made in group)
            alone = statistics.fmean((share - made) ** 2 for _, _, made in group)
            scores = "".join(f", {name} {brier(steer, group):.3f}" for name, steer in steerings.items())
            most = max(left for left, _, _ in group)
            lines.append(
                f"{low} to {most} tricks left: {len(group)} moves, {share:.0%} made; "
                f"Brier: the share alone {alone:.3f}{scores}"
            )
    return lines


def fit_moves(args: argparse.Namespace, rules: object) -> None:
    """``--play``: fit and print the steering of the play-outs in play."""
    play = functools.partial(round_moves, rules, args.players, args.level, args.seed)
    with ProcessPoolExecutor(args.workers) as pool:
        moves = [move for found in pool.map(play, range(args.rounds)) for move in found]
    slopes = fit_play(moves)
    print(
        f"rififi {args.rules}, {args.players} players, {args.rounds} rounds of {args.level} bots: "
        f"{len(moves)} moves in play with more than {SOLVED} tricks left"
    )
    scoring = troef.load_game("rififi", rules, args.players).rules["scoring"]
    strong = STEERING.get(str(scoring), (1.0,))  # where the scoring has none: the play-outs' scores
    steerings = {
        "the fit": sloped(slopes),
        "greedy play-outs alone": lambda _: (1.0,),
        "strong's": lambda _: strong,
    }
    fitted, greedy, strongs = (play_log_likelihood(steer, moves) for steer in steerings.values())
    print(
        f"  per trick left beyond the last {SOLVED}: f(0) -{slopes[0]:.3f}, f(1) +{slopes[1]:.3f}, "
        f"f(2) +{slopes[2]:.3f}: log-likelihood {fitted:.1f}, "
        f"greedy play-outs alone {greedy:.1f}, strong's (the bids' steering) {strongs:.1f}"
    )
    print("\n".join("  " + line for line in foresight(moves, steerings)))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="oh-hell")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--play", action="store_true", help="fit the steering of the play-outs in play")
    parser.add_argument("--level", default="strong", help="with --play: the bots that play the rounds")
    args = parser.parse_args(argv)
    rules = rules_from_args(args.rules, args.option)
    if args.play:
        fit_moves(args, rules)
        return
    play = functools.partial(round_bids, rules, args.players, args.seed)
    with ProcessPoolExecutor(args.workers) as pool:
        bids = [bid for found in pool.map(play, range(args.rounds)) for bid in found]
    steering = fit(bids)
    made = statistics.fmean(won == bid for _, bid, won in bids)
    print(
        f"rififi {args.rules}, {args.players} players, {args.rounds} rounds of normal bots: "
        f"{len(bids)} bids, {made:.0%} made"
    )
    print(
        f"  steering f(0), f(1), f(2) = {steering[0]:.2f}, {steering[1]:.2f}, {steering[2]:.2f}: "
        f"log-likelihood {log_likelihood(steering, bids):.1f}, "
        f"random play-outs alone (1, 0, 0) {log_likelihood((1.0, 0.0, 0.0), bids):.1f}"
    )


if __name__ == "__main__":
    main()
