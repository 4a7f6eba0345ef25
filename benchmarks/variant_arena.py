"""A search level against itself with some of its settings changed, in duplicate on the same deals:
does the change gain?

    python benchmarks/variant_arena.py GAME [--rules R] [--option K=V ...] [--players N]
        [--level normal|strong] [--set FIELD=VALUE ...] [--bidding playout|mix:P] [--playout mix:P]
        [--steering F0,F1,F2] [--against KIND] [--deals 40] [--seed 21] [--workers 1] [--out FILE]

``--set`` changes a field of the level's `Budget` (``worlds=384``, ``endgame=0``; a number, or true or
false).  ``--bidding playout`` plays out the choices before play with the game's play-out policy instead
of its policy for them; ``mix:P`` takes the play-out policy's action with probability P and the bidding
policy's otherwise.  ``--playout mix:P`` plays each card of the play-outs in play by the play-out policy
with probability P and by the bidding policy otherwise (in Rififi: a random card).  ``--steering`` (Rififi)
appraises the play-outs of the bids as if the card play made a bid left 0, 1 or 2 tricks off with those
chances (``steering_fit.py``; strong's own are ``STEERING``'s).  ``--against`` names the bot kind the
variant meets (the level itself by default).  Every deal is played as in ``troef arena`` (`play_deal`:
the variant and the other in each seat once), and the variant's mean score per seat minus the other's is
printed with its bootstrap 95% interval; ``--out`` keeps every deal's difference (a JSON list).
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from troef.core.errors import TroefError
from troef.core.game import Game
from troef.games import load_game
from troef.interfaces.cli.rules import option_value, rules_from_args
from troef.players import Bot, make_bot
from troef.players.arena import Setup
from troef.players.arena.duplicate import play_deal
from troef.players.arena.stats import interval, resample_means
from troef.players.kits import kit_of
from troef.players.levels import search_bot
from troef.players.rififi.playout import steered
from troef.players.shared.kit import PolicyFactory
from troef.players.shared.playouts import Policy

VARIANT = "variant"


@dataclasses.dataclass(frozen=True)
class Options:
    """What the variant changes: Budget fields and the policies for the choices before play and for play."""

    level: str
    changes: tuple[tuple[str, Any], ...]
    bidding: str
    playout: str = ""
    steering: tuple[float, ...] = ()


def mixed(game: str, share: float) -> PolicyFactory:
    """Each action by the game's play-out policy with probability ``share``, else by its bidding one."""
    kit = kit_of(game)
    bidding = kit.bidding or kit.playout

    def factory(game: Game, seed: int) -> Policy:
        playout, other = kit.playout(game, seed), bidding(game, seed + 1)
        return lambda state, rng: (playout if rng.random() < share else other)(state, rng)

    return factory


def make(options: Options, game: str, kind: str, seed: int) -> Bot:
    """The level's bot, or (kind `VARIANT`) the level's bot with the options' changes."""
    if kind != VARIANT:
        return make_bot(game, kind, seed)
    bot = search_bot(game, options.level, seed)
    fields = [f.name for f in dataclasses.fields(bot.budget)]
    for field, _ in options.changes:
        if field not in fields:
            raise ValueError(f"a Budget has no field {field!r}; fields: {', '.join(fields)}")
    bot.budget = dataclasses.replace(bot.budget, **dict(options.changes))
    if options.bidding == "playout":
        bot.bidding = kit_of(game).playout
    elif options.bidding:
        bot.bidding = mixed(game, share_of(options.bidding, "--bidding takes playout or mix:P"))
    if options.playout:
        bot.playout = mixed(game, share_of(options.playout, "--playout takes mix:P"))
    if options.steering:
        bot.appraise = steered(options.steering)
    return bot


def share_of(text: str, usage: str) -> float:
    """P of ``mix:P``, from 0 to 1; a ValueError starting with ``usage`` otherwise."""
    share = text.removeprefix("mix:")
    if share == text or not share.replace(".", "", 1).isdigit() or not 0 <= float(share) <= 1:
        raise ValueError(f"{usage} with P from 0 to 1, not {text!r}")
    return float(share)


def steering_of(text: str, game: str) -> tuple[float, ...]:
    """``F0,F1,F2``: three chances from 0 to 1, for Rififi (none for ``""``); a ValueError otherwise."""
    if not text:
        return ()
    try:
        chances = tuple(float(part) for part in text.split(","))
    except ValueError:
        chances = ()
    if game != "rififi" or len(chances) != 3 or not all(0 <= c <= 1 for c in chances):
        raise ValueError(f"--steering takes three chances from 0 to 1 (F0,F1,F2), for rififi, not {text!r}")
    return chances


def deal_diff(setup: Setup, options: Options, index: int) -> float:
    """Deal ``index``: the variant's mean score per seat minus the other's."""
    game = load_game(setup.game, setup.rules, setup.players)
    return play_deal(setup, game, index, functools.partial(make, options))[0].diff


def value(text: str) -> Any:
    """A --set value: true, false or a whole number (as for ``--option``), or a decimal number."""
    parsed = option_value(text)
    if not isinstance(parsed, str):
        return parsed
    try:
        return float(parsed)
    except ValueError:
        raise ValueError(f"--set takes a number, true or false, not {text!r}") from None


def changes_of(texts: Sequence[str]) -> tuple[tuple[str, Any], ...]:
    """``FIELD=VALUE`` texts (``--set``) as (field, value) pairs; a ValueError for a bad value."""
    return tuple((field, value(text)) for field, _, text in (t.partition("=") for t in texts))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game")
    parser.add_argument("--rules", default=None)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--level", default="normal", choices=("normal", "strong"))
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE")
    parser.add_argument("--bidding", default="", help="playout, or mix:P")
    parser.add_argument("--playout", default="", help="mix:P")
    parser.add_argument("--steering", default="", help="F0,F1,F2 (rififi)")
    parser.add_argument("--against", default=None, help="the bot kind the variant meets (default: the level)")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    try:  # a bad game, rules, field, policy or kind fails here, before any deal
        changes = changes_of(args.set)
        steering = steering_of(args.steering, args.game)
        options = Options(args.level, changes, args.bidding, args.playout, steering)
        rules = rules_from_args(args.rules, args.option)
        against = args.against or args.level
        setup = Setup(args.game, (VARIANT, against), rules, args.players, args.seed)
        load_game(setup.game, setup.rules, setup.players)
        make(options, args.game, against, 0)
        make(options, args.game, VARIANT, 0)
    except (TroefError, ValueError) as error:
        parser.error(str(error))
    start = time.perf_counter()
    play = functools.partial(deal_diff, setup, options)
    with ProcessPoolExecutor(args.workers) as pool:
        diffs = list(pool.map(play, range(args.deals)))
    low, high = interval(resample_means([diffs], args.seed)[0])
    took = time.perf_counter() - start
    policies = (("bidding", args.bidding), ("playout", args.playout), ("steering", args.steering))
    changed = [*args.set, *(f"{k}={v}" for k, v in policies if v)]
    print(
        f"{args.game} {json.dumps(rules)} {args.level} with {' '.join(changed) or 'no change'} - {against}: "
        f"{statistics.fmean(diffs):+.2f} [{low:+.2f}, {high:+.2f}] over {args.deals} deals "
        f"(seed {args.seed}, {took:.0f} s)"
    )
    if args.out:
        args.out.write_text(json.dumps(diffs), encoding="utf-8")


if __name__ == "__main__":
    main()
