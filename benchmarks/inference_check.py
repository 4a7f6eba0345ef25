"""How well do the search bots' worlds place the cards their seat cannot see, with and without inference?

    python benchmarks/inference_check.py GAME [--rules R] [--players N] [--rounds N] [--worlds W] [--seed S]

Rounds are played by the ``normal`` bot in every seat.  At half of the plays after the first trick (or the
first lay), W worlds are drawn from the seat's view (`troef.players.kits.sample_world`), and each hidden
card's place is checked against the hand that really holds it.  Per setting it prints the share of hidden
cards placed in the right hand, each world counted by its inference weight, and the worlds' effective
number (the weights' (Σw)² / Σw²):

- ``none``: every world alike;
- ``before play``: weighted by the other seats' choices before play (`likelihood`; level normal);
- ``close``: read closely, their cards played too and how far each bid is (`likelihood(close=True)`).

The same worlds are weighed by every setting, so the settings differ by their weights alone.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from typing import Final

import troef
from troef.core.game import State
from troef.players import make_bot
from troef.players.kits import kit_of, sample_world
from troef.players.search import likelihood
from troef.players.shared.playouts import Policy

Weigh = Callable[[State, int, Policy, random.Random], float]
SETTINGS: Final[dict[str, Weigh]] = {
    "none": lambda world, seat, policy, rng: 1.0,
    "before play": lambda world, seat, policy, rng: likelihood(world, seat, policy, rng),
    "close": lambda world, seat, policy, rng: likelihood(world, seat, policy, rng, close=True),
}


def placed(world: State, truth: State, seat: int) -> float:
    """The share of the cards ``seat`` cannot see that ``world`` puts in the hand that holds them."""
    hands: list[int] = getattr(truth, "hands")  # noqa: B009 (every game's state keeps hands as masks)
    guessed: list[int] = getattr(world, "hands")  # noqa: B009
    others = [p for p in range(len(hands)) if p != seat]
    right = sum((guessed[p] & hands[p]).bit_count() for p in others)
    return right / max(1, sum(hands[p].bit_count() for p in others))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--rules", default=None)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--worlds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = troef.load_game(args.game, args.rules, args.players)
    players = game.players
    policy = kit_of(args.game).playout(game, args.seed)
    rng = random.Random(args.seed)
    shares: dict[str, list[float]] = {name: [] for name in SETTINGS}
    sizes: dict[str, list[float]] = {name: [] for name in SETTINGS}
    for number in range(args.rounds):
        state = game.deal(args.seed + number, number % players)
        bots = [make_bot(args.game, "normal", args.seed * 100 + number * players + s) for s in range(players)]
        while not state.is_over:
            seat = state.actor
            view = state.view(seat)
            played = any(a.split(":", 1)[1].startswith("play ") for a in view["actions"][:-1])
            if view["phase"] == "play" and len(view["legal_actions"]) > 1 and played and rng.random() < 0.5:
                worlds = [sample_world(game, view, rng) for _ in range(args.worlds)]
                right = [placed(world, state, seat) for world in worlds]
                for name, weigh in SETTINGS.items():
                    weights = [weigh(world, seat, policy, rng) for world in worlds]
                    total = sum(weights)
                    shares[name].append(sum(w * r for w, r in zip(weights, right, strict=True)) / total)
                    sizes[name].append(total * total / sum(w * w for w in weights))
            state.apply(bots[seat].act(view))
    count = len(shares["none"])
    print(
        f"{args.game} {game.rules.preset.name}, {players} players: {count} positions in "
        f"{args.rounds} rounds, {args.worlds} worlds each"
    )
    print(f"{'setting':<12} {'placed right':>12} {'effective worlds':>17}")
    for name in SETTINGS:
        print(f"{name:<12} {sum(shares[name]) / count:>12.4f} {sum(sizes[name]) / count:>17.0f}")


if __name__ == "__main__":
    main()
