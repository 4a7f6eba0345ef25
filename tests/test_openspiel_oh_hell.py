"""Differential test: troef's Rififi ``oh-hell`` preset against OpenSpiel's ``oh_hell``.

``rififi.md`` rule 6: given the same hands, trump card and dealer, both engines must
offer the same legal actions at every step and end with the same scores.  Each
round is dealt by troef, the deal is fed to OpenSpiel as chance actions, and a
random legal action is applied to both engines until the round is over.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

import troef
from openspiel_bridge import (
    BID_BASE,
    chance_actions,
    dealt_hands,
    from_openspiel_card,
    game_string,
    max_tricks,
    openspiel_action,
    openspiel_action_text,
    to_openspiel_card,
    tricks_won,
)
from troef.core.cards import CODES
from troef.players.kits import sample_world

pytestmark = pytest.mark.engine

pyspiel = pytest.importorskip("pyspiel")

MAX_TRICKS_RANDOM = 10
ROUNDS_PER_BLOCK = 200
BLOCKS: dict[int, int] = {3: 3, 4: 3, 5: 3, 6: 1}  # players -> seed blocks of random hand sizes
FULL_HAND_ROUNDS = 20  # per player count, with the largest hand OpenSpiel can deal
MIN_ROUNDS = 1000


@dataclass(frozen=True)
class Round:
    players: int
    tricks: int
    dealer: int
    seed: int


def plan(players: int, block: int) -> list[Round]:
    """The rounds of one group: block >= 0 draws hand sizes 1..10; block -1 plays full hands."""
    rng = random.Random(f"oh-hell {players} {block}")
    top = max_tricks(players)
    rounds = []
    count = FULL_HAND_ROUNDS if block < 0 else ROUNDS_PER_BLOCK
    for i in range(count):
        tricks = top if block < 0 else rng.randint(1, min(MAX_TRICKS_RANDOM, top))
        seed = players * 1_000_000 + (block + 1) * 10_000 + i
        rounds.append(Round(players, tricks, rng.randrange(players), seed))
    return rounds


GROUPS = [(p, b) for p, blocks in BLOCKS.items() for b in range(blocks)] + [(p, -1) for p in BLOCKS]
GROUP_IDS = [f"p{p}-full" if b < 0 else f"p{p}-b{b}" for p, b in GROUPS]


@cache
def troef_game(players: int, tricks: int) -> troef.Game:
    return troef.load_game("rififi", rules={"preset": "oh-hell", "tricks": tricks}, players=players)


@cache
def openspiel_game(players: int, tricks: int) -> Any:
    return pyspiel.load_game(game_string(players, tricks))


def history(state: troef.State) -> str:
    """The actions so far, for a failure message (a troef record can replay them)."""
    return "\n  actions so far: " + " | ".join(a.text for a in state.actions)


def play_round(spec: Round) -> int:
    """Play one round side by side; returns the number of decisions compared."""
    p, t = spec.players, spec.tricks
    state = troef_game(p, t).deal(seed=spec.seed, dealer=spec.dealer)
    record = state.record()
    where = f"players={p} tricks={t} dealer={spec.dealer} seed={spec.seed}"
    assert record["dealer"] == spec.dealer, where
    deal = record["deal"]

    os_state = openspiel_game(p, t).new_initial_state()
    for i, action in enumerate(chance_actions(deal, spec.dealer, t)):
        assert os_state.is_chance_node(), f"{where}: OpenSpiel chance action {i} expected"
        legal = os_state.legal_actions()
        if i == 0:
            assert legal == [t], f"{where}: OpenSpiel's number-of-tricks node offers {legal}"
        assert action in legal, f"{where}: chance action {i} = {action} not in {legal}"
        os_state.apply_action(action)
    assert not os_state.is_chance_node(), f"{where}: OpenSpiel wants more chance actions"
    assert dealt_hands(os_state, p) == [sorted(h) for h in deal["hands"]], f"{where}: hands differ"

    rng = random.Random(spec.seed)
    step = 0
    while True:
        # Assertion messages are only built on failure: the per-step cost stays small.
        assert state.is_over == os_state.is_terminal(), (
            f"{where} step={step}: troef over={state.is_over}, "
            f"OpenSpiel terminal={os_state.is_terminal()}{history(state)}"
        )
        if state.is_over:
            break
        seat = state.current_player
        assert seat == os_state.current_player(), (
            f"{where} step={step}: current player troef {seat}, "
            f"OpenSpiel {os_state.current_player()}{history(state)}"
        )
        ours = sorted(a.text for a in state.legal_actions())
        theirs = sorted(openspiel_action_text(a) for a in os_state.legal_actions())
        assert ours == theirs, (
            f"{where} step={step} seat={seat}: legal actions differ\n"
            f"  troef:     {ours}\n  OpenSpiel: {theirs}{history(state)}"
        )
        choice = rng.choice(ours)
        state.apply(choice)
        os_state.apply_action(openspiel_action(choice))
        step += 1

    result = state.result()
    returns = os_state.returns()
    done = f"{where} (end){history(state)}"
    assert result["scores"] == [int(r) for r in returns], f"{done}: scores {result['scores']} vs {returns}"
    assert [float(s) for s in result["scores"]] == list(returns), done
    assert result["tricks"] == tricks_won(os_state), f"{done}: tricks {result['tricks']} vs OpenSpiel"
    assert step == p * (t + 1), f"{done}: {step} decisions, expected {p} bids and {p * t} cards"
    return step


@pytest.mark.parametrize(("players", "block"), GROUPS, ids=GROUP_IDS)
def test_random_rounds_match_openspiel(players: int, block: int) -> None:
    rounds = plan(players, block)
    decisions = [play_round(spec) for spec in rounds]
    assert len(decisions) == len(rounds) > 0
    assert sum(decisions) == sum(players * (spec.tricks + 1) for spec in rounds)


def test_enough_rounds_planned() -> None:
    total = sum(len(plan(p, b)) for p, b in GROUPS)
    assert total >= MIN_ROUNDS, total
    tricks = {spec.tricks for p, b in GROUPS for spec in plan(p, b)}
    assert set(range(1, MAX_TRICKS_RANDOM + 1)) <= tricks
    dealers = {(spec.players, spec.dealer) for p, b in GROUPS for spec in plan(p, b)}
    assert dealers == {(p, d) for p in BLOCKS for d in range(p)}


def test_card_mapping_is_a_bijection() -> None:
    os_ids = [to_openspiel_card(c) for c in range(52)]
    assert sorted(os_ids) == list(range(52))
    assert all(from_openspiel_card(to_openspiel_card(c)) == c for c in range(52))
    assert all(to_openspiel_card(from_openspiel_card(a)) == a for a in range(52))
    # OpenSpiel names a card suit then rank ("C2", "HA"); troef rank then suit ("2C", "AH").
    state = openspiel_game(4, 5).new_initial_state()
    state.apply_action(5)  # number of tricks
    state.apply_action(0)  # dealer
    assert state.is_chance_node()
    assert sorted(state.legal_actions()) == list(range(52))
    for c in range(52):
        code = CODES[c]
        assert state.action_to_string(to_openspiel_card(c)) == code[1] + code[0], code
        assert openspiel_action_text(to_openspiel_card(c)) == f"play {code}"
        assert openspiel_action(f"play {code}") == to_openspiel_card(c)


def test_bid_actions() -> None:
    for players, tricks in [(3, 1), (4, 8), (5, 10), (3, 17)]:
        game = openspiel_game(players, tricks)
        assert game.num_distinct_actions() == BID_BASE + tricks + 1
        state = game.new_initial_state()
        for action in chance_actions(troef_game(players, tricks).deal(seed=1).record()["deal"], 0, tricks):
            state.apply_action(action)
        assert state.current_player() == 1  # left of dealer 0 bids first
        assert state.legal_actions() == [BID_BASE + n for n in range(tricks + 1)]
        for n in range(tricks + 1):
            assert state.action_to_string(BID_BASE + n) == str(n)
            assert openspiel_action_text(BID_BASE + n) == f"bid {n}"
            assert openspiel_action(f"bid {n}") == BID_BASE + n


def test_openspiel_resamples_only_the_cards_really_dealt() -> None:
    """OpenSpiel's ``oh_hell`` resampler, where its ISMCTS bot draws its worlds, deals the other
    players the cards they really hold: it knows which cards were left undealt, which a seat's view
    does not show.  troef's sampler deals them from every card the seat has not seen (``docs/bots.md``:
    what this is worth to OpenSpiel's bot on the yardstick)."""
    players, tricks, seat = 4, 8, 1
    game = troef_game(players, tricks)
    state = game.deal(seed=3, dealer=0)
    spiel = openspiel_game(players, tricks).new_initial_state()
    for action in chance_actions(state.record()["deal"], 0, tricks):
        spiel.apply_action(action)
    others = [s for s in range(players) if s != seat]

    def held(hands: list[list[str]]) -> set[str]:
        return {card for s in others for card in hands[s]}

    def resampled() -> set[str]:
        return held(dealt_hands(spiel.resample_from_infostate(seat, rng.random), players))

    def drawn() -> set[str]:
        return held(sample_world(game, state.view(seat), rng).record()["deal"]["hands"])

    rng = random.Random(0)
    truth = held(dealt_hands(spiel, players))
    assert all(resampled() == truth for _ in range(50))
    assert sum(drawn() != truth for _ in range(50)) >= 45
