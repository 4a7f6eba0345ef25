"""The heuristic Rififi bot: legal, reproducible, sensible in set positions, better than random."""

from __future__ import annotations

import random
import statistics
from typing import Any

import pytest

import troef
from troef.core.game import State
from troef.games.rififi import Rififi
from troef.players import Bot, bot_kinds, make_bot, play_out
from troef.players.rififi.bot import RififiBot

pytestmark = [pytest.mark.engine, pytest.mark.slow]

RULES: list[object] = [
    "standaard",
    "oh-hell",
    {"preset": "standaard", "hook": True, "scoring": "tricks-plus-10"},
    {"preset": "oh-hell", "must_trump": True, "scoring": "rififi"},
]


def rififi(rules: object = "standaard", players: int = 4) -> Rififi:
    game = troef.load_game("rififi", rules=rules, players=players)
    assert isinstance(game, Rififi)
    return game


def test_registered_as_the_rififi_heuristic() -> None:
    assert bot_kinds("rififi")[:6] == ["random", "heuristic", "normal", "strong", "pimc", "ismcts"]
    bot = make_bot("rififi", "heuristic", seed=1)
    assert isinstance(bot, RififiBot)
    assert bot.name == "heuristic"


@pytest.mark.parametrize("rules", RULES, ids=str)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_only_legal_actions(rules: object, players: int) -> None:
    """Every hand size, every seat acting: a mix of heuristic and random seats plays rounds out."""
    game = rififi(rules, players)
    rng = random.Random(players)
    for hand_size in [*range(1, game.max_hand + 1)] * 3:
        state = game.deal(seed=rng.randrange(2**32), dealer=rng.randrange(players), hand_size=hand_size)
        kinds = ["heuristic" if rng.random() < 0.7 else "random" for _ in range(players)]
        bots = [make_bot("rififi", kind, rng.randrange(2**32)) for kind in kinds]
        while (seat := state.current_player) is not None:
            view = state.view(seat)
            action = bots[seat].act(view)
            assert action in view["legal_actions"]
            state.apply(action)


def test_no_trump_record() -> None:
    """A record may deal without a trump card; the bot still plays it out."""
    state = rififi().from_record(record([["AS", "6H"], ["KS", "7H"], ["QS", "8H"], ["JS", "9H"]], None, 3))
    play_out(state, [RififiBot(s) for s in range(4)])
    assert state.is_over


def round_actions(seed: int, bot_seed: int) -> list[Any]:
    state = rififi("oh-hell").deal(seed=seed, dealer=2, hand_size=7)
    play_out(state, [RififiBot(bot_seed + s) for s in range(4)])
    actions: list[Any] = state.record()["actions"]
    return actions


def test_deterministic_under_a_seed() -> None:
    for seed in range(5):
        assert round_actions(seed, 10) == round_actions(seed, 10)


def record(hands: list[list[str]], trump_card: str | None, dealer: int) -> dict[str, Any]:
    """A standaard round record of this deal, before any action."""
    return {
        "format": "troef-record/1",
        "game": "rififi",
        "rules": "standaard",
        "players": len(hands),
        "dealer": dealer,
        "deal": {"hands": hands, "trump_card": trump_card},
        "actions": [],
    }


def position(hands: list[list[str]], trump_card: str, dealer: int, actions: list[str]) -> State:
    """The standaard round of this deal after these actions."""
    state = rififi().from_record(record(hands, trump_card, dealer))
    for action in actions:
        state.apply(action)
    return state


def decide(state: State) -> str:
    seat = state.current_player
    assert seat is not None
    return RififiBot(0).act(state.view(seat))


def test_bids_nothing_with_a_low_card_in_a_one_card_round() -> None:
    # Seat 1 holds the lowest spade; seat 0 leads, so spades win only if led, and nothing is lower.
    state = position([["9H"], ["6S"], ["8C"], ["KH"]], "TD", 3, ["bid 1"])
    assert decide(state) == "bid 0"


def test_bids_every_trick_with_the_top_trumps() -> None:
    hands = [
        ["AD", "TD", "KD", "QD"],
        ["6S", "7S", "8S", "9S"],
        ["6H", "7H", "8H", "9H"],
        ["6C", "7C", "8C", "9C"],
    ]
    assert decide(position(hands, "6D", 3, [])) == "bid 4"


def test_bids_low_with_low_cards_and_no_trumps() -> None:
    hands = [
        ["6S", "7H", "6C", "7C"],
        ["AS", "7S", "8S", "9S"],
        ["6H", "AH", "8H", "9H"],
        ["AC", "TC", "8C", "9C"],
    ]
    assert decide(position(hands, "6D", 3, [])) == "bid 0"


# Standaard, trump diamonds (6D turned), dealer 3: seat 0 leads the first trick.
DEAL = [["QH", "6S", "7S"], ["KH", "JH", "9H"], ["8S", "9S", "TS"], ["JS", "QS", "KS"]]


def test_with_its_bid_made_it_plays_the_highest_card_that_still_loses() -> None:
    state = position(DEAL, "6D", 3, ["bid 1", "bid 0", "bid 0", "bid 0", "play QH"])
    assert decide(state) == "play JH"


def test_with_its_bid_made_it_discards_its_most_dangerous_card() -> None:
    hands = [["QH", "6S", "7S"], ["AS", "6C", "TC"], ["8S", "9S", "TS"], ["JS", "QS", "KS"]]
    state = position(hands, "6D", 3, ["bid 1", "bid 0", "bid 0", "bid 0", "play QH"])
    assert decide(state) == "play AS"


def test_needing_a_trick_it_wins_with_the_cheapest_winner() -> None:
    # Dealer 1: seat 2 leads; the bot (seat 1) plays last to 9H JH 8H and needs a trick.
    hands = [["8H", "TS", "JS"], ["AH", "QH", "7H"], ["9H", "6S", "7S"], ["JH", "8S", "9S"]]
    actions = ["bid 0", "bid 0", "bid 0", "bid 1", "play 9H", "play JH", "play 8H"]
    assert decide(position(hands, "6D", 1, actions)) == "play QH"


def test_needing_more_than_its_sure_trump_it_leads_its_likeliest_winner() -> None:
    hands = [["AD", "AH", "6S"], ["KH", "JH", "9H"], ["8S", "9S", "TS"], ["JS", "QS", "KS"]]
    state = position(hands, "6D", 3, ["bid 2", "bid 0", "bid 0", "bid 0"])
    assert decide(state) == "play AH"


def test_when_its_sure_trump_makes_the_bid_it_leads_a_loser() -> None:
    hands = [["AD", "7H", "6S"], ["KH", "JH", "9H"], ["8S", "9S", "TS"], ["JS", "QS", "KS"]]
    state = position(hands, "6D", 3, ["bid 1", "bid 0", "bid 0", "bid 0"])
    assert decide(state) in ("play 7H", "play 6S")


def mean_difference(rules: str, rounds: int, seed: int) -> tuple[float, float, float]:
    """Mean points per round of one heuristic seat minus the random seats' mean; exact-bid rates."""
    game = rififi(rules)
    rng = random.Random(seed)
    diffs: list[float] = []
    exact = {True: 0, False: 0}
    for i in range(rounds):
        seat = i % 4
        bots: list[Bot] = [
            make_bot("rififi", "heuristic" if s == seat else "random", s + i) for s in range(4)
        ]
        state = game.deal(
            seed=rng.randrange(2**32), dealer=rng.randrange(4), hand_size=rng.randint(1, game.max_hand)
        )
        play_out(state, bots)
        result = state.result()
        scores = result["scores"]
        diffs.append(scores[seat] - statistics.fmean(scores[s] for s in range(4) if s != seat))
        for s in range(4):
            exact[s == seat] += result["details"]["bids"][s] == result["tricks"][s]
    return statistics.fmean(diffs), exact[True] / rounds, exact[False] / (3 * rounds)


@pytest.mark.parametrize(("rules", "margin"), [("standaard", 3.0), ("oh-hell", 2.0)])
def test_beats_random(rules: str, margin: float) -> None:
    # Over 2,000 rounds the difference is about +6 (standaard) and +4 (oh-hell) points a round.
    diff, exact_heuristic, exact_random = mean_difference(rules, 300, seed=7)
    assert diff > margin
    assert exact_heuristic > exact_random + 0.2
