"""The heuristic Hoogjassen bot: legal, reproducible, sensible in set positions, better than random."""

from __future__ import annotations

import random
import statistics
from typing import Any

import pytest

import troef
from troef.core.cards import parse_card
from troef.core.game import State
from troef.players import Bot, RandomBot, bot_kinds, make_bot, play_out
from troef.players.hoogjassen.bot import HoogjassenBot, _Play

pytestmark = [pytest.mark.engine, pytest.mark.slow]

HANDS = [
    ["9D", "8D", "JD", "AC", "KC", "QC", "JC"],
    ["JS", "9S", "AS", "KS", "QS", "AH", "TS"],
    ["8C", "8H", "QH", "7H", "KD", "QD", "9C"],
    ["7S", "8S", "9H", "TH", "JH", "AD", "TD"],
]
LUMMEL = ["7D", "KH", "TC"]


def position(actions: list[str]) -> State:
    """The deal above (dealer 0, seat 1 the strong hand) after ``actions``."""
    record: dict[str, Any] = {
        "format": "troef-record/1",
        "game": "hoogjassen",
        "rules": "standaard",
        "players": 4,
        "dealer": 0,
        "deal": {"hands": HANDS, "lummel": LUMMEL},
    }
    state = troef.load_game("hoogjassen").from_record(record)
    for action in actions:
        state.apply(action)
    return state


START = ["bid 120", "pass", "pass", "pass", "take-lummel"]


def act(state: State, signals: bool = True) -> str:
    seat = state.current_player
    assert seat is not None
    return HoogjassenBot(0, signals).act(state.view(seat))


def test_registered_as_the_hoogjassen_heuristic() -> None:
    assert bot_kinds("hoogjassen") == ["random", "heuristic", "normal", "strong", "pimc", "ismcts"]
    assert isinstance(make_bot("hoogjassen", "heuristic", 1), HoogjassenBot)


@pytest.mark.parametrize("players", [3, 4])
def test_only_legal_actions(players: int) -> None:
    game = troef.load_game("hoogjassen", players=players)
    rng = random.Random(players)
    for _ in range(60):
        state = game.deal(seed=rng.randrange(2**32), dealer=rng.randrange(players))
        bots = [
            HoogjassenBot(rng.randrange(99), rng.random() < 0.5) if rng.random() < 0.7 else RandomBot(1)
            for _ in range(players)
        ]
        while (seat := state.current_player) is not None:
            view = state.view(seat)
            action = bots[seat].act(view)
            assert action in view["legal_actions"]
            state.apply(action)


def test_bots_cope_with_bids_declared_last() -> None:
    """With the option last_bid random players declare bids last; the heuristic never does, the search
    bots weigh them among the legal actions (and replay them in their worlds)."""
    game = troef.load_game("hoogjassen", {"preset": "standaard", "last_bid": True})
    declared = 0
    for seed in range(6):
        state = game.deal(seed=seed, dealer=seed % 4)
        bots: list[Bot] = [
            RandomBot(seed),
            HoogjassenBot(seed),
            make_bot("hoogjassen", "normal", seed, 0.02),
            RandomBot(1),
        ]
        while (seat := state.current_player) is not None:
            view = state.view(seat)
            action = bots[seat].act(view)
            assert action in view["legal_actions"]
            assert not (seat == 1 and action.endswith(" last"))
            declared += action.endswith(" last")
            state.apply(action)
    assert declared


def round_actions(seed: int) -> list[str]:
    state = troef.load_game("hoogjassen").deal(seed=seed, dealer=1)
    play_out(state, [HoogjassenBot(seed + s) for s in range(4)])
    actions: list[str] = state.record()["actions"]
    return actions


def test_deterministic_under_a_seed() -> None:
    for seed in range(5):
        assert round_actions(seed) == round_actions(seed)


def test_bids_a_strong_hand_and_passes_a_weak_one() -> None:
    assert act(position([])).startswith("bid ")
    assert act(position(["bid 120"])) == "pass"


def test_discards_the_unprotected_ten_and_names_trump() -> None:
    assert act(position(["bid 120", "pass", "pass", "pass"])) == "ongedraaid"  # strong enough
    assert "TC" in act(position(START)).split()
    state = position([*START, "discard 7D TC AH"])
    assert act(state) == "trump S"


def test_ducks_low_and_signals_high_to_low_under_the_declarer() -> None:
    state = position([*START, "discard 7D TC AH", "trump S", "play KH"])
    assert act(state) == "play 8H"  # not the queen; hearts high to low: "I cannot win here"
    assert act(state, signals=False) == "play 7H"
    state = position([*START, "discard 7D TC AH", "trump S", "play KH", "play 8H"])
    assert act(state) == "play 7S"  # the declarer has played: ruff with the cheapest trump


def test_speks_a_ten_on_a_co_opponents_trick() -> None:
    state = position([*START, "discard AH KH TC", "trump S", "play 7D"])
    assert act(state) == "play QD"
    state = position([*START, "discard AH KH TC", "trump S", "play 7D", "play QD"])
    assert act(state) == "play TD"


def test_beats_random() -> None:
    game = troef.load_game("hoogjassen")
    rng = random.Random(7)
    diffs = []
    for i in range(150):
        bots = [HoogjassenBot(i) if s == i % 4 else RandomBot(i * 4 + s) for s in range(4)]
        state = game.deal(seed=rng.randrange(2**32), dealer=i % 4)
        play_out(state, bots)
        scores = state.result()["scores"]
        diffs.append(scores[i % 4] - statistics.fmean(scores[s] for s in range(4) if s != i % 4))
    assert statistics.fmean(diffs) > 200


def play_view(
    hand: str, history: list[tuple[int, str, int]], trick: str = "", leader: int = 1
) -> dict[str, Any]:
    """Seat 0's view in play, seat 1 declaring with spades trump: ``history`` as (leader, cards, winner)."""
    cards = hand.split()
    view: dict[str, Any] = {
        "seat": 0,
        "players": 4,
        "phase": "play",
        "declarer": 1,
        "trump": "S",
        "hand": cards,
        "afleggers": [],
        "history": [{"leader": lead, "cards": c.split(), "winner": w} for lead, c, w in history],
        "trick": trick.split(),
        "leader": leader,
    }
    tricks = [*((lead, c.split()) for lead, c, _ in history), (leader, trick.split())]
    view["actions"] = [f"{(lead + i) % 4}:play {c}" for lead, played in tricks for i, c in enumerate(played)]
    view["legal_actions"] = [f"play {c}" for c in cards]
    return view


# seat 2 gives 7D, then 8D, to two heart tricks the declarer wins
LOW_HIGH = [(1, "AH 7D 9H 8H", 1), (1, "KH 8D TH 7H", 1)]


def signal(view: dict[str, Any], seat: int, suit: str) -> int:
    play = _Play(view, sum(1 << parse_card(c) for c in view["hand"]), True)
    return play.signal(seat, "SHDC".index(suit))


def test_two_pointless_cards_low_to_high_read_as_the_suits_highest_card() -> None:
    assert signal(play_view("9D JD AC KC QC", LOW_HIGH), 2, "D") == 1
    high_low = [(1, "AH 8D 9H 8H", 1), (1, "KH 7D TH 7H", 1)]
    assert signal(play_view("9D JD AC KC QC", high_low), 2, "D") == -1
    assert signal(play_view("9D JD AC KC QC", LOW_HIGH[:1]), 2, "D") == 0  # one card says nothing


def test_a_signal_no_longer_true_is_not_read() -> None:
    assert signal(play_view("AD JD AC KC QC", LOW_HIGH), 2, "D") == 0  # the bot holds the highest diamond
    shown_out = [*LOW_HIGH, (1, "KD JC QD 9D", 1)]  # seat 2 plays a club to a diamond
    assert signal(play_view("JD AC KC QC", shown_out), 2, "D") == 0


def test_cards_with_points_or_to_won_tricks_are_not_signals() -> None:
    with_points = [(1, "AH QD 9H 8H", 1), (1, "KH 8D TH 7H", 1)]  # QD counts 2 points
    assert signal(play_view("9D JD AC KC QC", with_points), 2, "D") == 0
    won = [(1, "7H 7D 9H 8H", 3), (1, "KH 8D TH 7H", 1)]  # seat 3 took the first trick
    assert signal(play_view("9D JD AC KC QC", won), 3, "H") == 0


def test_ducks_low_to_high_holding_the_top_and_high_to_low_without_it() -> None:
    trick = "JS 9S 8S"  # the declarer's trump jack wins; seat 0, last, has no trump
    assert HoogjassenBot(0).act(play_view("AD 8D 7D", [], trick)) == "play 7D"
    assert HoogjassenBot(0).act(play_view("KD 8D 7D", [], trick)) == "play 8D"
    assert HoogjassenBot(0, signals=False).act(play_view("KD 8D 7D", [], trick)) != "play KD"
