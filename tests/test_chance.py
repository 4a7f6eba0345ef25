"""The deal as chance steps (`Game.deal_steps`, `troef.core.chance`): for every game, preset and number
of players, the steps read back from a random deal rebuild exactly its hands and its turned or set-aside
cards, over many seeds."""

from __future__ import annotations

import random

import pytest

import troef
from troef.core.cards import CODES
from troef.core.chance import DealStep
from troef.games import load_game

CONFIGS = [
    (name, preset.name, n)
    for name, cls in troef.GAMES.items()
    for preset in cls.presets
    for n in range(cls.min_players, cls.max_players + 1)
]
SEEDS = 60

pytestmark = pytest.mark.engine


@pytest.mark.parametrize(("name", "preset", "players"), CONFIGS, ids=[f"{g}-{p}-{n}p" for g, p, n in CONFIGS])
def test_the_steps_reproduce_the_deal(name: str, preset: str, players: int) -> None:
    game = load_game(name, preset, players)
    rng = random.Random(f"{name} {preset} {players}")
    pack = game.chance_pack()
    assert list(pack) == sorted(set(pack))
    for _ in range(SEEDS):
        dealer = rng.randrange(players)
        state = game.deal(rng.getrandbits(32), dealer)
        record = state.deal_record()
        steps = game.deal_steps(dealer)
        cards = game.chance_cards(dealer, record)
        assert len(cards) == len(steps) and len(set(cards)) == len(cards) and set(cards) <= set(pack)
        for step, card in zip(steps, cards, strict=True):
            if step.seat >= 0:
                assert CODES[card] in record["hands"][step.seat]
            else:
                pile = record[step.pile]
                assert CODES[card] == pile if isinstance(pile, str) else CODES[card] in pile
        again = game.chance_deal(dealer, cards)
        assert [sorted(h) for h in again["hands"]] == [sorted(h) for h in record["hands"]]
        assert {k: v for k, v in again.items() if k != "hands"} == {
            k: v for k, v in record.items() if k not in ("hands", "blind_rond")
        }
        assert game.from_deal(again, dealer).deal_record() == record


def test_a_turned_card_is_face_up_and_the_rest_hidden() -> None:
    turned = load_game("rififi", {"preset": "oh-hell", "tricks": 5}, 4).deal_steps(0)
    assert turned[-1] == DealStep(-1, "trump_card", True) and not any(s.face_up for s in turned[:-1])
    every_card = load_game("rififi", "standaard", 4).deal_steps(1)  # 36 cards, 9 each: the dealer's last
    assert every_card[-1] == DealStep(1, "hands", True) and len(every_card) == 36
    lummel = load_game("hoogjassen", "standaard", 4).deal_steps(0)
    assert [s.pile for s in lummel[-3:]] == ["lummel"] * 3 and not any(s.face_up for s in lummel)
    five = load_game("rikken", "kampioenschap", 5).deal_steps(2)
    assert len(five) == 52 and all(s.seat != 2 for s in five)  # the dealer sits out
    assert [s.seat for s in five[:4]] == [3, 4, 0, 1]


def test_chance_cards_refuse_a_bad_deal() -> None:
    game = load_game("rififi", {"preset": "oh-hell", "tricks": 5}, 4)
    record = game.deal(1, 0).deal_record()
    del record["trump_card"]
    with pytest.raises(troef.RecordError, match="trump_card"):
        game.chance_cards(0, record)
