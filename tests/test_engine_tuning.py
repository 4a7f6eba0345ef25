"""The engine's hot paths, rewritten for the compiled engine (mypyc), give exactly what they gave before:
the same random draws, the same deals, the same trick winners, the same scores, complete clones."""

from __future__ import annotations

import hashlib
import random

import pytest

import troef
from troef.core.cards import shuffled
from troef.core.game import _slot_names
from troef.core.rand import choice, shuffle
from troef.core.tricks import TrickState, rank_power, trick_winner, winner_keys


def test_choice_and_shuffle_draw_as_random_does() -> None:
    for seed in range(300):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 5, 7, 8, 13, 33, 52, 100):
            items = list(range(n))
            assert choice(ours, items) == theirs.choice(items)
            mine, other = items[:], items[:]
            shuffle(ours, mine)
            theirs.shuffle(other)
            assert mine == other
        assert ours.random() == theirs.random()  # the generators stayed in step


def test_choice_leaves_other_generators_and_empty_sequences_to_random() -> None:
    class Fixed(random.Random):
        def random(self) -> float:
            return 0.0

        def getrandbits(self, k: int) -> int:
            return 0

    assert choice(Fixed(1), [4, 5, 6]) == 4
    items = [1, 2, 3]
    shuffle(Fixed(1), items)
    assert sorted(items) == [1, 2, 3]
    with pytest.raises(IndexError):
        choice(random.Random(1), [])


def reference_shuffled(cards: range, seed: int, count: int) -> list[int]:
    """`shuffled` as it was first written: one division of the 512-bit number per card."""
    x = int.from_bytes(hashlib.blake2b(repr(seed).encode(), digest_size=64).digest(), "little")
    pool = list(cards)
    for i in range(count):
        x, j = divmod(x, len(pool) - i)
        j += i
        pool[i], pool[j] = pool[j], pool[i]
    return pool


DEALS = [(52, 33), (52, 52), (52, 0), (52, 1), (36, 36), (32, 32), (31, 31)]


@pytest.mark.parametrize(("size", "count"), DEALS)
def test_shuffled_deals_as_before(size: int, count: int) -> None:
    for seed in [*range(400), 2**70, -5]:
        assert shuffled(range(size), seed, count) == reference_shuffled(range(size), seed, count)


def test_trick_winner_as_before() -> None:
    rng = random.Random(3)
    power = rank_power("AKQJT98765432")
    for trump in (-1, 0, 1, 2, 3):
        keys = winner_keys(power, trump)
        for _ in range(500):
            cards = rng.sample(range(52), rng.randint(1, 6))
            strength = keys[cards[0] // 13]
            assert trick_winner(cards, keys) == cards.index(max(cards, key=strength.__getitem__))


def fields_of(thing: object) -> dict[str, object]:
    """An object's data attributes (an `Auction`'s, to compare a copy)."""
    return {
        name: value
        for name in dir(thing)
        if not name.startswith("__") and not callable(value := getattr(thing, name))
    }


GAMES = [
    ("rififi", "standaard", 4),
    ("rififi", "oh-hell", 5),
    ("rikken", "kampioenschap", 4),
    ("hoogjassen", None, 4),
]


@pytest.mark.parametrize(("name", "rules", "players"), GAMES)
def test_final_scores_and_clones(name: str, rules: str | None, players: int) -> None:
    game = troef.load_game(name, rules=rules, players=players)
    rng = random.Random(7)
    for seed in range(60):
        state = game.deal(seed=seed, dealer=seed % players)
        while not state.is_over:
            if isinstance(state, TrickState) and rng.random() < 0.2:
                twin = state.clone()  # field by field: every field (compiled: __mypyc_attrs__)
                for field in (f for f in _slot_names(type(state)) if not f.startswith("__")):
                    mine, theirs = getattr(twin, field), getattr(state, field)
                    if field == "auction":  # Rikken's is copied
                        assert fields_of(mine) == fields_of(theirs)
                    else:
                        assert mine == theirs, field
                assert twin.hands is not state.hands and twin.actions is not state.actions
                assert twin.trick is not state.trick and twin.history is not state.history
                assert twin.legal_actions() == state.legal_actions()
            state.apply(rng.choice(state.legal_actions()))
        assert state.final_scores() == state.result()["scores"]


@pytest.mark.parametrize("game", ["rififi", "rikken", "hoogjassen", "piken"])
def test_the_levels_budgets_are_counts(game: str) -> None:
    """A level's budget is worlds and iterations, never seconds: a seed plays the same on any machine,
    compiled or not."""
    from troef.players.levels import search_bot

    for kind in ("normal", "strong", "pimc", "ismcts"):
        budget = search_bot(game, kind, 1).budget
        assert budget.seconds is None
        assert budget.worlds > 0 and budget.iterations > 0
