"""No sentence of any game's presentation writes a card as a code (``7D and AC``): a card in a line is a
card part, which every interface shows as a card (rank and suit symbol) and names for screen readers.

Random rounds of every game, preset and player count, in every language: every seat's and the
spectator's table at each turn, the logs, the replay, the result, the score sheet and the standings."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import troef
from troef.core.game import State
from troef.core.match import Match
from troef.present import LANGUAGES, PRESENTERS, Seen, replay_steps, round_log, standings
from troef.present.model import Part

CODE = re.compile(r"(?<![\w?])(?:10|[2-9TJQKA])[SHDC](?![\w?])")
"""A card code as the notation writes it (``7D``, ``TH``, ``10H``) standing as a word."""
ROUNDS = 6


def text_parts(value: Any) -> Iterator[Part]:
    """Every part of kind text of every line anywhere in ``value``."""
    if isinstance(value, dict):
        if {"kind", "text", "code", "name"} <= value.keys():
            if value["kind"] == "text":
                yield value  # type: ignore[misc]
            return
        for item in value.values():
            yield from text_parts(item)
    elif isinstance(value, list):
        for item in value:
            yield from text_parts(item)


def coded(value: Any) -> list[str]:
    """The words of ``value``'s text parts that hold a card code."""
    return [part["text"] for part in text_parts(value) if CODE.search(part["text"])]


def play_round(match: Match, seed: int, lang: str) -> tuple[State, State, list[Any]]:
    """A random round of ``match``: its deal, its end, and the tables shown on the way (each turn's to
    the seat to act and to a spectator)."""
    state = match.next_round()
    start = state.clone()
    game, presenter, rng = match.game, PRESENTERS[match.game.name], random.Random(seed)
    shown: list[Any] = []
    while (seat := state.current_player) is not None:
        for viewer in (seat, None):
            shown.append(presenter.table(Seen(game, viewer, lang), state.view(viewer)))
        state.apply(rng.choice(state.legal_actions()))
    match.finish_round(state)
    return start, state, shown


def test_no_sentence_writes_a_card_as_a_code(game_name: str, preset: str, players: int) -> None:
    game = troef.load_game(game_name, {"preset": preset}, players)
    presenter = PRESENTERS[game_name]
    match = Match(game, seed=players, rounds=ROUNDS)
    for k in range(ROUNDS):
        lang = LANGUAGES[k % len(LANGUAGES)]
        start, end, shown = play_round(match, k, lang)
        for viewer in (None, *range(players)):
            seen = Seen(game, viewer, lang)
            shown += [
                round_log(presenter, seen, start, end.actions),
                presenter.round_result(seen, match, end.view(viewer)),
                presenter.sheet(seen, match),
                standings(seen, match),
            ]
        shown.append(replay_steps(presenter, Seen(game, None, lang), start, end.actions))
        assert not coded(shown), (lang, sorted(set(coded(shown)))[:5])


def test_the_scan_finds_a_card_written_as_a_code() -> None:
    line = {"parts": [{"kind": "text", "text": "seat 1 holds 7D or AC", "code": "", "name": ""}]}
    card = {"parts": [{"kind": "card", "text": "7D", "code": "7D", "name": "seven of diamonds"}]}
    assert coded([line, card]) == ["seat 1 holds 7D or AC"]
    assert coded({"parts": [{"kind": "text", "text": "10 + bid² · piek", "code": "", "name": ""}]}) == []
