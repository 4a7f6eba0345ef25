"""Replaying round records (``troef-record/1``) and match records (``troef-match/1``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.errors import GameError, IllegalAction, RecordError, ReplayError, legal_text
from ..core.game import RECORD_FORMAT, Result, State
from ..core.match import MATCH_FORMAT
from . import load_game


def replay(record: Mapping[str, Any]) -> Result:
    """The result of a round or match record.

    Raises `RecordError` for input that is not a valid record and `ReplayError`
    for an illegal action or a stored result that differs from the engine's.
    """
    if not isinstance(record, Mapping):
        raise RecordError("a record is a JSON object")
    fmt = record.get("format")
    if fmt == MATCH_FORMAT:
        return replay_match(record)
    if fmt != RECORD_FORMAT:
        raise RecordError(f"unknown format {fmt!r}; expected {RECORD_FORMAT!r} or {MATCH_FORMAT!r}")
    state = replay_state(record)
    result = state.result()
    expected = record.get("result")
    if expected is not None:
        compare_result(expected, result)
    return result


def replay_state(record: Mapping[str, Any], where: str = "") -> State:
    """The state after a round record's actions."""
    state = start_state(record)
    actions = record.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("actions must be a list of strings")
    for i, entry in enumerate(actions):
        seat, text = split_seat(entry)
        acting = state.current_player
        if seat is not None and seat != acting:
            legal = legal_text(sorted(a.text for a in state.legal_actions()))
            turn = "the round is over" if acting is None else f"it is seat {acting}'s turn, not seat {seat}'s"
            raise ReplayError(f"{where}action {i} {entry!r}: {turn}; legal: {legal}", i)
        try:
            state.apply(text)
        except IllegalAction as e:
            raise ReplayError(f"{where}action {i} {entry!r}: {e}", i) from None
    return state


def start_state(record: Mapping[str, Any]) -> State:
    """The state a round record deals, before its actions."""
    try:
        game = load_game(record.get("game"), record.get("rules"), record.get("players"))  # type: ignore[arg-type]
    except GameError as e:
        raise RecordError(str(e)) from None
    return game.from_record(record)


def split_seat(entry: str) -> tuple[int | None, str]:
    """``"2:play QS"`` -> ``(2, "play QS")``; an entry without a prefix has seat None."""
    head, sep, rest = entry.partition(":")
    head = head.strip()
    if sep and head.isdecimal() and len(head) <= 9:
        return int(head), rest.strip()
    return None, entry


def compare_result(expected: object, result: Result, where: str = "", path: str = "") -> None:
    """Every key given in ``expected`` must equal the engine's (nested objects key by key)."""
    if not isinstance(expected, Mapping):
        raise RecordError(f"{where}result{' ' + path if path else ''} must be an object")
    for key, want in expected.items():
        got = result.get(key)
        if isinstance(want, Mapping) and isinstance(got, Mapping):
            compare_result(want, dict(got), where, f"{path}{key}.")
        elif got != want:
            raise ReplayError(f"{where}result {path + key!r}: record says {want!r}, engine computes {got!r}")


def replay_match(record: Mapping[str, Any]) -> Result:
    """Replay every round of a match record; the result has per-round results and totals, and for
    games that play for money each player's ``money`` in cents (the match is over once every round
    is and the ``scheduled_rounds`` are played)."""
    rounds = record.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise RecordError("a match record has a non-empty list 'rounds'")
    results: list[Result] = []
    totals: list[int] | None = None
    state: State | None = None
    for i, rnd in enumerate(rounds):
        if not isinstance(rnd, Mapping):
            raise RecordError(f"round {i + 1} is not an object")
        merged = {**rnd, "format": RECORD_FORMAT, "game": record.get("game"), "rules": record.get("rules")}
        for key in ("game", "rules"):
            if key in rnd and rnd[key] != record.get(key):
                raise RecordError(f"round {i + 1} has {key} {rnd[key]!r}, the match {record.get(key)!r}")
        names = record.get("players")
        if isinstance(names, list):
            merged.setdefault("players", len(names))
            if merged["players"] != len(names):
                raise RecordError(
                    f"round {i + 1} has {merged['players']!r} players, the match has {len(names)}"
                )
        state = replay_state(merged, f"round {i + 1}: ")
        result = state.result()
        if "result" in rnd:
            compare_result(rnd["result"], result, f"round {i + 1}: ")
        results.append(result)
        if result.get("over"):
            scores = result["scores"]
            if totals and len(totals) != len(scores):
                raise RecordError(
                    f"round {i + 1} has {len(scores)} players, the rounds before it {len(totals)}"
                )
            totals = [a + b for a, b in zip(totals, scores, strict=True)] if totals else list(scores)
    over = all(r.get("over") for r in results)
    out: Result = {"over": over, "rounds": results, "totals": totals or []}
    if "totals" in record and over and record["totals"] != out["totals"]:
        raise ReplayError(f"totals: record says {record['totals']!r}, engine computes {out['totals']!r}")
    assert state is not None  # the rounds are not empty
    scheduled = record.get("scheduled_rounds", len(rounds))
    ended = over and type(scheduled) is int and len(rounds) >= scheduled
    money = state.game.match_money(results, rounds[0].get("dealer", 0), ended)
    if money is not None:
        out["money"] = list(money.players)
        if "money" in record and record["money"] != out["money"]:
            raise ReplayError(f"money: record says {record['money']!r}, engine computes {out['money']!r}")
    return out
