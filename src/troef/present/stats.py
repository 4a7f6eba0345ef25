"""What a player did in a match, per game as its players count it (the player page's statistics): rounds,
points and, per kind of contract or bid, how often the player took one on and how often it was made."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..core.game import Result
from . import PRESENTERS
from .i18n import Words


def seat_stats(game: str, results: Sequence[Result], seat: int) -> dict[str, Any]:
    """``{"rounds", "points", "kinds": {kind: [taken, made]}}`` of ``seat`` over a match's round results,
    each round's kind and whether it was made as the game's presenter says (`Presenter.took_on`)."""
    kinds: dict[str, list[int]] = {}
    for result in results:
        taken = PRESENTERS[game].took_on(result, seat)
        if taken is not None:
            counted = kinds.setdefault(taken[0], [0, 0])
            counted[0] += 1
            counted[1] += taken[1]
    points = sum(result["scores"][seat] for result in results)
    return {"rounds": len(results), "points": points, "kinds": kinds}


def added(game: str, totals: Iterable[Mapping[str, Any]], w: Words) -> dict[str, Any]:
    """Several matches' `seat_stats` of ``game`` added up, with ``matches``, ``points_per_round`` and each
    kind's label in ``w``'s language."""
    rounds = points = matches = 0
    kinds: dict[str, list[int]] = {}
    for stats in totals:
        matches += 1
        rounds += stats["rounds"]
        points += stats["points"]
        for kind, (taken, made) in stats["kinds"].items():
            counted = kinds.setdefault(kind, [0, 0])
            counted[0] += taken
            counted[1] += made
    per_round = round(points / rounds, 2) if rounds else 0.0
    order = sorted(kinds.items(), key=lambda item: (-item[1][0], item[0]))
    label = PRESENTERS[game].kind_label
    shown = [{"kind": k, "label": label(w, k), "bid": taken, "made": made} for k, (taken, made) in order]
    return {
        "tables": matches,
        "rounds": rounds,
        "points": points,
        "points_per_round": per_round,
        "kinds": shown,
    }
