"""The heuristic Rikken bot: legal, reproducible, sensible in set positions, better than random."""

from __future__ import annotations

import random
import statistics

import pytest

import troef
from test_rikken_bidding import hands_with, start
from troef.core.game import State
from troef.players import bot_kinds, make_bot, play_out
from troef.players.rikken.bot import RikkenBot

pytestmark = [pytest.mark.engine, pytest.mark.slow]

PRESETS = ["kampioenschap", "bsg"]


def bot_action(state: State, seed: int = 1) -> str:
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    action = RikkenBot(seed).act(view)
    assert action in view["legal_actions"]
    return action


def test_registered_as_the_rikken_heuristic() -> None:
    assert bot_kinds("rikken") == ["random", "heuristic", "normal", "strong", "pimc", "ismcts"]
    bot = make_bot("rikken", "heuristic", seed=1)
    assert isinstance(bot, RikkenBot) and bot.name == "heuristic"


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("players", [4, 5])
def test_only_legal_actions(preset: str, players: int) -> None:
    """A mix of heuristic and random seats plays many rounds out; every phase is reached."""
    game = troef.load_game("rikken", rules=preset, players=players)
    rng = random.Random(players)
    phases: set[str] = set()
    for _ in range(150):
        state = game.deal(seed=rng.randrange(2**32), dealer=rng.randrange(players))
        kinds = ["heuristic" if rng.random() < 0.6 else "random" for _ in range(players)]
        bots = [make_bot("rikken", kind, rng.randrange(2**32)) for kind in kinds]
        while (seat := state.current_player) is not None:
            view = state.view(seat)
            phases.add(view["phase"])
            action = bots[seat].act(view)
            assert action in view["legal_actions"]
            state.apply(action)
    assert phases == {"bid", "choose", "trump", "call", "play"}


def test_deterministic_under_a_seed() -> None:
    game = troef.load_game("rikken", rules="bsg")
    records = []
    for _ in range(2):
        state = game.deal(seed=11, dealer=0)
        play_out(state, [RikkenBot(s) for s in range(4)])
        records.append(state.record())
    assert records[0] == records[1]


STRONG = "AS KS QS JS 9S 5S AD AC KC 2H 3H 4D 5D"
WEAK = "9S 7S 5S QH 8H 6H 3H JD 7D 4D TC 8C 6C"
LOW = "2S 3S 4S 5S 2H 3H 4H 2D 3D 4D 2C 3C 4C"


@pytest.mark.parametrize("preset", PRESETS)
def test_bids_rik_with_a_strong_hand(preset: str) -> None:
    assert bot_action(start(preset, hands_with({0: STRONG}))) == "bid rik"


@pytest.mark.parametrize("preset", PRESETS)
def test_passes_with_a_weak_hand(preset: str) -> None:
    assert bot_action(start(preset, hands_with({0: WEAK}))) == "pass"


@pytest.mark.parametrize("preset", PRESETS)
def test_bids_misere_with_low_cards(preset: str) -> None:
    assert bot_action(start(preset, hands_with({0: LOW}))) == "bid misere"


def test_names_trump_and_calls_the_short_suit() -> None:
    hand = "AS KS QS JS 9S 5S AD KD 5D 2H 7C 3C 2C"
    state = start("kampioenschap", hands_with({0: hand}), actions=("bid rik", "pass", "pass", "pass"))
    assert bot_action(state) == "trump S"
    state.apply("trump S")
    assert bot_action(state) == "call AH"


def test_blind_call_and_blind_lead() -> None:
    hand = "AS KS QS JS TS 9S 8S AH 2H 3H AD 2D 3D"
    state = start(
        "kampioenschap", hands_with({0: hand}), actions=("bid rik", "pass", "pass", "pass", "trump S")
    )
    assert bot_action(state) == "call AC blind"
    state.apply("call AC blind")
    assert bot_action(state).endswith(" blind")


def test_partner_does_not_overtake_the_rikker() -> None:
    rikker = "AS KS QS JS TS 9S 8S 2D 3D 4D 5D KH 2H"
    partner = "AD KD QD AH QH 3H 4H 5H 6H 7H 8H 9H TH"
    hands = hands_with({0: rikker, 2: partner, 3: "JH"}, dealer=2)
    state = start("kampioenschap", hands, dealer=2, actions=("pass", "bid rik", "pass", "pass", "trump S"))
    state.apply("call AD")
    state.apply("play JH")
    state.apply("play KH")
    state.apply(state.legal_actions()[0])
    action = bot_action(state)
    assert action.endswith("H") and action != "play AH"


def test_misere_player_ducks() -> None:
    hands = hands_with({0: "9D", 1: "2S 3S 4S 5S 2H 3H 4H 2D 8D TD 2C 3C 4C"})
    state = start("kampioenschap", hands, actions=("pass", "bid misere", "pass", "pass", "play 9D"))
    assert bot_action(state) == "play 8D"


@pytest.mark.parametrize("preset", PRESETS)
def test_beats_random(preset: str) -> None:
    """One heuristic seat (rotating) against three random ones: it scores far more per round."""
    game = troef.load_game("rikken", rules=preset)
    rng = random.Random(7)
    diffs = []
    for i in range(300):
        bots = [
            make_bot("rikken", "heuristic" if s == i % 4 else "random", rng.randrange(2**32))
            for s in range(4)
        ]
        state = game.deal(seed=rng.randrange(2**32), dealer=rng.randrange(4))
        play_out(state, bots)
        scores = state.result()["scores"]
        diffs.append(scores[i % 4] - statistics.fmean(s for j, s in enumerate(scores) if j != i % 4))
    mean = statistics.fmean(diffs)
    assert mean - 3 * statistics.stdev(diffs) / len(diffs) ** 0.5 > 10
