"""Do the search's play-outs predict what a seat scores at the table?

    python benchmarks/calibration_check.py hoogjassen [--players N] [--rounds N] [--seed S]

Rounds are played by the ``normal`` bot (PIMC) in every seat.  At every decision it searches, the mean
play-out score of the action chosen (the prediction, in the seat's own points) is set beside the score the
seat really gets when the round is over.  Per phase and by the seat's part in the round (``declarer``,
``opponent`` of a declarer, or a ``redeal``) and, for bids, by whether it bid or passed, it prints the mean of
prediction - outcome with its standard error: above 0 the play-outs promise that seat more than the table
gives.  The predictions are those of the level's own search: its worlds, inference and play-outs.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import defaultdict
from collections.abc import Sequence

import troef
from troef.core.game import Game, State
from troef.players.levels import search_bot
from troef.players.search import draw_worlds, make_rollout


def predictions(game: Game, state: State, seed: int) -> tuple[str, float] | None:
    """The normal bot's choice at ``state`` and its mean play-out score; None with one candidate."""
    bot = search_bot(game.name, "normal", seed)
    view = state.view(state.current_player)
    legal = bot.candidates(view)
    if len(legal) == 1:
        return None
    seat: int = view["seat"]
    in_play = view["phase"] == "play"
    policy = (bot.playout if in_play else bot.bidding)(game, seed)
    rng = random.Random(seed)
    worlds = draw_worlds(game, view, bot.budget, policy, rng)
    left = sum(view.get("hand_counts", ())) if in_play else -1
    endgame = bot.budget.endgame if 0 <= left <= bot.budget.endgame else 0
    rollout = make_rollout(policy, seat, endgame)
    totals = dict.fromkeys(legal, 0.0)
    for world in worlds:
        for action in legal:
            child = world.clone()
            child.apply(action)
            totals[action] += rollout(child, rng)[seat]
    best = max(legal, key=totals.__getitem__)
    return best, totals[best] / len(worlds)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--rules", default=None)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--rounds", type=int, default=80)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    game = troef.load_game(args.game, args.rules, args.players)
    gaps: defaultdict[str, list[float]] = defaultdict(list)
    for r in range(args.rounds):
        state = game.deal(args.seed + r, r % game.players)
        made: list[tuple[int, str, float]] = []
        while (seat := state.current_player) is not None:
            phase = str(state.view(seat)["phase"])
            found = predictions(game, state, args.seed * 100_003 + len(state.actions) + 1000 * r)
            if found is None:
                action = state.legal_actions()[0].text
            else:
                action, predicted = found
                made.append((seat, f"{phase} {action.split()[0]}" if phase == "bid" else phase, predicted))
            state.apply(action)
        result = state.result()
        declarer = result["details"].get("declarer")
        for seat, what, predicted in made:
            part = "redeal" if declarer is None else "declarer" if seat == declarer else "opponent"
            gaps[f"{what}, {part}"].append(predicted - result["scores"][seat])
    print(f"{args.game}, {game.players} players, {args.rounds} rounds of normal bots: prediction - outcome")
    for key in sorted(gaps):
        values = gaps[key]
        error = statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
        print(f"  {key:24} {len(values):5} decisions  {statistics.fmean(values):+8.2f} ± {error:.2f}")


if __name__ == "__main__":
    main()
