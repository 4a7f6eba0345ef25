"""troef's search bot against OpenSpiel's ISMCTS on Oh Hell, each in its own engine, in duplicate format.

    python benchmarks/yardstick_openspiel.py [--deals N] [--tricks T] [--level strong] [--set FIELD=VALUE ...]
                                             [--playout mix:P] [--simulations S] [--seed S] [--workers W]
                                             [--out FILE.json]

Rififi's ``oh-hell`` preset (4 players, T cards each) against OpenSpiel's ``oh_hell`` with the same
deal: troef's bot acts in troef's engine from its view, ``pyspiel.ISMCTSBot`` (C++, random-rollout
evaluator, S simulations a move, UCT constant 2, the most visited action) in OpenSpiel's engine from
its information state; every action is mirrored into the other engine (``tests/openspiel_bridge.py``,
checked card for card by ``tests/test_openspiel_oh_hell.py``).  Each deal is played twice: troef in
seats 0 and 2 and OpenSpiel in 1 and 3, then swapped, so each bot plays every seat once and the
luck of the cards cancels.  On Linux a run repeats itself exactly (`repeatable_pool`), so two runs
with the same seed differ only where troef's bots do.  ``--set`` changes a field of the level's
`Budget`, and ``--playout mix:P`` plays each card of its play-outs greedily with probability P, else at
random, as in ``variant_arena.py``.  It prints troef's mean points per seat and round minus
OpenSpiel's, with a bootstrap 95% confidence interval over deals, and checks that both engines score
alike.

OpenSpiel's bot knows more than troef's: ``oh_hell``'s resampler, where it draws its worlds, deals the
other players only the cards they really hold (``tests/test_openspiel_oh_hell.py``), so it knows which
cards were left undealt: 19 of the 52 with 8 cards each, 3 with 12 (the most OpenSpiel deals 4 players).
It also prints how each side bids and makes its bids (the mean bid, the share made, over and under, the
mean points), and each hand troef played beside the same hand played by OpenSpiel's bot, by how the
two bid it, to show where the points are won.  ``--out`` writes the figures, every deal's difference and
every seat's bid, tricks and points, so runs with other seeds can be pooled.
"""

from __future__ import annotations

import argparse
import ctypes
import functools
import json
import multiprocessing
import multiprocessing.pool
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import troef
from openspiel_bridge import (
    chance_actions,
    game_string,
    openspiel_action,
    openspiel_action_text,
)
from troef.core.game import State
from troef.players import Bot, make_bot
from troef.players.arena.schedule import DealPlan, deal_plan
from troef.players.arena.stats import interval, resample_means
from variant_arena import VARIANT, Options, changes_of, make

PLAYERS = 4


def both_engines(deal: int, seed: int, tricks: int) -> tuple[State, Any, DealPlan]:
    """``deal`` of the run with ``seed``, dealt alike in troef's engine and in OpenSpiel's, and its plan."""
    import pyspiel

    game = troef.load_game("rififi", {"preset": "oh-hell", "tricks": tricks}, PLAYERS)
    plan = deal_plan(seed, deal, PLAYERS)
    state = game.deal(plan.seed, plan.dealer)
    spiel = pyspiel.load_game(game_string(PLAYERS, tricks)).new_initial_state()
    for action in chance_actions(state.deal_record(), plan.dealer, tricks):
        spiel.apply_action(action)
    return state, spiel, plan


def openspiel_bot(seed: int, simulations: int, evaluator: Any) -> Any:
    """OpenSpiel's ``ISMCTSBot`` as the yardstick meets it: UCT constant 2, the most visited action."""
    import pyspiel

    return pyspiel.ISMCTSBot(
        seed % 2**31, evaluator, 2.0, simulations, -1,
        pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False,
    )  # fmt: skip


Seat = tuple[str, int, int, int]
"""A seat's round: who played it (``troef`` or ``openspiel``), its bid, its tricks and its points."""


def play(deal: int, args: argparse.Namespace, troef_seats: tuple[int, ...]) -> list[Seat]:
    """One replay of ``deal``: every seat's round."""
    import pyspiel

    state, spiel, plan = both_engines(deal, args.seed, args.tricks)
    evaluator = pyspiel.RandomRolloutEvaluator(1, plan.bot_seeds[0] % 2**31)
    bots: dict[int, Any] = {}
    for player in range(PLAYERS):
        seed = plan.bot_seeds[player]
        if player in troef_seats:
            bots[player] = troef_bot(args, seed)
        else:
            bots[player] = openspiel_bot(seed, args.simulations, evaluator)
    while (seat := state.current_player) is not None:
        if seat in troef_seats:
            text = bots[seat].act(state.view(seat))
            spiel.apply_action(openspiel_action(text))
        else:
            action = bots[seat].step(spiel)
            text = openspiel_action_text(action)
            spiel.apply_action(action)
        state.apply(text)
    result = state.result()
    scores = result["scores"]
    if [float(x) for x in scores] != list(spiel.returns()):
        raise RuntimeError(f"deal {deal}: troef scores {scores}, OpenSpiel {spiel.returns()}")
    details = result["details"]
    return [
        (
            "troef" if seat in troef_seats else "openspiel",
            details["bids"][seat],
            details["tricks"][seat],
            scores[seat],
        )
        for seat in range(PLAYERS)
    ]


def troef_bot(args: argparse.Namespace, seed: int) -> Bot:
    """troef's bot of ``args.level``, with the `Budget` changes of ``args.set`` and the play-outs of
    ``args.playout`` if any."""
    if not args.set and not args.playout:
        return make_bot("rififi", args.level, seed)
    if args.level not in ("normal", "strong"):
        raise ValueError(f"--set and --playout change a search level (normal or strong), not {args.level!r}")
    return make(Options(args.level, changes_of(args.set), "", args.playout), "rififi", VARIANT, seed)


def play_deal(deal: int, args: argparse.Namespace) -> tuple[float, list[Seat]]:
    """Troef's mean score per seat minus OpenSpiel's over both replays of ``deal``, and their seats."""
    seats = play(deal, args, (0, 2)) + play(deal, args, (1, 3))
    return mean_points(seats, "troef") - mean_points(seats, "openspiel"), seats


def mean_points(seats: list[Seat], who: str) -> float:
    """``who``'s mean points a round over ``seats``."""
    return statistics.fmean(points for side, _, _, points in seats if side == who)


def bidding(seats: list[Seat], who: str) -> str:
    """How ``who`` bid over ``seats``: the mean bid, the share made, over and under, the mean points."""
    own = [(bid, won) for side, bid, won, _ in seats if side == who]

    def share(test: Callable[[int, int], bool]) -> float:
        return 100 * sum(test(bid, won) for bid, won in own) / len(own)

    return (
        f"{who}: mean bid {statistics.fmean(bid for bid, _ in own):.2f}, made {share(int.__eq__):.0f}%, "
        f"over {share(int.__lt__):.0f}%, under {share(int.__gt__):.0f}%, "
        f"{mean_points(seats, who):.2f} points a round"
    )


def same_hands(deals: list[list[Seat]]) -> list[str]:
    """Each hand troef played set beside the same hand played by OpenSpiel's bot (the same seat of the
    deal's other seating), grouped by how troef's bid compared: the share of hands, and each side's mean
    points and share of bids made."""
    groups: dict[str, list[tuple[Seat, Seat]]] = {"the same": [], "higher": [], "lower": []}
    for rounds in deals:
        for first, second in zip(rounds[:PLAYERS], rounds[PLAYERS:], strict=True):
            ours, theirs = (first, second) if first[0] == "troef" else (second, first)
            compared = "the same" if ours[1] == theirs[1] else "higher" if ours[1] > theirs[1] else "lower"
            groups[compared].append((ours, theirs))
    hands = sum(len(group) for group in groups.values())

    def side(seats: list[Seat]) -> str:
        made = 100 * statistics.fmean(bid == won for _, bid, won, _ in seats)
        return f"{statistics.fmean(points for *_, points in seats):.2f} points ({made:.0f}% made)"

    return [
        f"troef's bid {name} on {100 * len(group) / hands:.0f}% of the hands: "
        f"troef {side([t for t, _ in group])}, openspiel {side([o for _, o in group])}"
        for name, group in groups.items()
        if group
    ]


def misses(deals: list[list[Seat]]) -> list[str]:
    """Where the missed bids fall: the rounds grouped by whether their bids add up to fewer tricks than
    are played, more, or as many; for each group the share of rounds and its missed bids a round, in all
    and each side's.  Bids that do not add up to the tricks leave at least one seat off its bid."""
    groups: dict[str, list[list[Seat]]] = {"fewer than": [], "more than": [], "as many as": []}
    for rounds in deals:
        for table in (rounds[:PLAYERS], rounds[PLAYERS:]):
            bids, tricks = sum(bid for _, bid, _, _ in table), sum(won for *_, won, _ in table)
            name = "fewer than" if bids < tricks else "more than" if bids > tricks else "as many as"
            groups[name].append(table)
    total = sum(len(group) for group in groups.values())

    def missed(group: list[list[Seat]], who: str | None = None) -> float:
        return statistics.fmean(
            sum(bid != won for side, bid, won, _ in table if who in (None, side)) for table in group
        )

    return [
        f"rounds whose bids add up to {name} the tricks: {100 * len(group) / total:.0f}%, "
        f"{missed(group):.2f} bids missed a round (troef {missed(group, 'troef'):.2f}, "
        f"openspiel {missed(group, 'openspiel'):.2f})"
        for name, group in groups.items()
        if group
    ]


ADDR_NO_RANDOMIZE = 0x0040000
"""Linux's ``personality`` flag that lays out every process started after it at the same addresses."""


NOT_REPEATABLE = "address randomization cannot be turned off here, so this run will not repeat itself"


def repeatable_pool(workers: int) -> multiprocessing.pool.Pool:
    """Processes in which OpenSpiel's bot repeats its choices: seeded alike, ``ISMCTSBot`` still chooses
    by where its nodes lie in memory, so on Linux the processes started from here are laid out without
    address randomization, and every deal is played in a fresh one.  Where that cannot be, it says so."""
    personality = ctypes.CDLL(None, use_errno=True).personality if sys.platform == "linux" else None
    current = -1 if personality is None else personality(0xFFFFFFFF)
    if personality is None or current == -1 or personality(current | ADDR_NO_RANDOMIZE) == -1:
        print(NOT_REPEATABLE, file=sys.stderr)
    return multiprocessing.get_context("spawn").Pool(workers, maxtasksperchild=1)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--tricks", type=int, default=8)
    parser.add_argument("--level", default="strong", help="troef bot kind (default strong)")
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE", help="a Budget field")
    parser.add_argument("--playout", default="", help="mix:P")
    parser.add_argument("--simulations", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    try:  # a bad field or value fails here, before any deal
        troef_bot(args, 0)
    except ValueError as error:
        parser.error(str(error))
    start = time.perf_counter()
    with repeatable_pool(args.workers) as pool:
        diffs: list[float] = []
        seats: list[list[Seat]] = []
        for diff, rounds in pool.imap(functools.partial(play_deal, args=args), range(args.deals)):
            diffs.append(diff)
            seats.append(rounds)
            if len(diffs) % 10 == 0:
                print(f"  {len(diffs)} deals: mean {statistics.fmean(diffs):+.2f}", flush=True)
    low, high = interval(resample_means([diffs], args.seed)[0])
    mean = statistics.fmean(diffs)
    bot = " ".join([args.level, *args.set] + ([args.playout] if args.playout else []))
    print(
        f"oh-hell, {PLAYERS} players, {args.tricks} tricks, {args.deals} deals x 2 seatings: "
        f"troef {bot} minus OpenSpiel ISMCTS ({args.simulations} simulations) "
        f"= {mean:+.2f} points"
        f" per seat and round, 95% CI [{low:+.2f}, {high:+.2f}] ({time.perf_counter() - start:.0f} s)"
    )
    every = [seat for rounds in seats for seat in rounds]
    print("  " + bidding(every, "troef") + "\n  " + bidding(every, "openspiel"))
    print("  the same hand played by each side:\n" + "\n".join("    " + line for line in same_hands(seats)))
    print("  where the bids are missed:\n" + "\n".join("    " + line for line in misses(seats)))
    if args.out:
        figures = {"deals": args.deals, "tricks": args.tricks, "level": args.level, "set": args.set,
                   "playout": args.playout, "seed": args.seed, "simulations": args.simulations,
                   "mean_diff": mean, "ci95": [low, high],
                   "diffs": diffs, "seats": seats}  # fmt: skip
        args.out.write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
