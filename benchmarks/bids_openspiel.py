"""How well troef's bots bid on Oh Hell, measured against OpenSpiel's ISMCTS bot's bids on the same hands.

    python benchmarks/bids_openspiel.py [--deals N] [--bidders normal,heuristic] [--tricks T]
                                        [--simulations S] [--play-on C] [--replays R] [--seed S] [--workers W]

At every bidding position of N deals of Rififi's ``oh-hell`` preset (4 players, T cards; the earlier
bids made by ``pyspiel.ISMCTSBot`` with S simulations, as in ``yardstick_openspiel.py``), each troef
bidder and OpenSpiel's bot choose a bid from the same position.  Every bid chosen is then played on R
times in OpenSpiel's engine by OpenSpiel bots in every seat (C simulations a move), and the bidding
seat's mean score is the bid's value.  Printed per bidder: the mean value of its bids minus the value
of OpenSpiel's bids, per position, with a bootstrap 95% confidence interval, and how often the two
bids differ.  The play after the bid is the same for every bidder, so what differs is the bid alone.
OpenSpiel's bot bids knowing which cards were left undealt (``yardstick_openspiel.py``); troef's do not.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from openspiel_bridge import openspiel_action, openspiel_action_text
from troef.players import make_bot
from troef.players.arena.stats import interval, resample_means
from yardstick_openspiel import PLAYERS, both_engines, openspiel_bot


def value(spiel: Any, bid: str, seat: int, seed: int, evaluator: Any, args: argparse.Namespace) -> float:
    """``seat``'s mean score when it bids ``bid`` and OpenSpiel's bots play the round on."""
    scores = []
    for replay in range(args.replays):
        state = spiel.clone()
        state.apply_action(openspiel_action(bid))
        bots = [openspiel_bot(seed + 10 * replay + p, args.play_on, evaluator) for p in range(PLAYERS)]
        while not state.is_terminal():
            state.apply_action(bots[state.current_player()].step(state))
        scores.append(state.returns()[seat])
    return statistics.fmean(scores)


def positions(deal: int, args: argparse.Namespace) -> list[dict[str, tuple[float, bool]]]:
    """Per bidding position of ``deal``, per bidder: its bid's value minus OpenSpiel's, and whether
    the bids differ."""
    import pyspiel

    state, spiel, plan = both_engines(deal, args.seed, args.tricks)
    evaluator = pyspiel.RandomRolloutEvaluator(1, plan.bot_seeds[0] % 2**31)
    rows: list[dict[str, tuple[float, bool]]] = []
    while (seat := state.current_player) is not None and state.phase == "bid":
        seed = plan.bot_seeds[seat] + 1000 * len(rows)
        theirs = openspiel_action_text(openspiel_bot(seed, args.simulations, evaluator).step(spiel))
        bids = {kind: make_bot("rififi", kind, seed).act(state.view(seat)) for kind in args.bidders}
        values = {bid: value(spiel, bid, seat, seed, evaluator, args) for bid in {theirs, *bids.values()}}
        rows.append({kind: (values[bid] - values[theirs], bid != theirs) for kind, bid in bids.items()})
        spiel.apply_action(openspiel_action(theirs))
        state.apply(theirs)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--bidders", default="normal,heuristic", help="troef bot kinds, comma-separated")
    parser.add_argument("--tricks", type=int, default=8)
    parser.add_argument("--simulations", type=int, default=10_000)
    parser.add_argument("--play-on", type=int, default=2_000, help="simulations a move after the bid")
    parser.add_argument("--replays", type=int, default=2)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    args.bidders = args.bidders.split(",")
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        rows = [row for deal in pool.map(positions, range(args.deals), [args] * args.deals) for row in deal]
    print(
        f"oh-hell, {PLAYERS} players, {args.tricks} tricks, {len(rows)} bidding positions of"
        f" {args.deals} deals, each bid played on {args.replays} times by OpenSpiel ISMCTS"
        f" ({args.play_on} simulations; {time.perf_counter() - start:.0f} s)"
    )
    for kind in args.bidders:
        diffs = [row[kind][0] for row in rows]
        low, high = interval(resample_means([diffs], args.seed)[0])
        differ = sum(row[kind][1] for row in rows) / len(rows)
        print(
            f"  troef {kind} bids minus OpenSpiel's ({args.simulations} simulations):"
            f" {statistics.fmean(diffs):+.2f} points per position, 95% CI [{low:+.2f}, {high:+.2f}];"
            f" the bids differ at {differ:.0%} of the positions"
        )


if __name__ == "__main__":
    main()
