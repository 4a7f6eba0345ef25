"""An action is accepted by what it is, not by which object carries it (issue 16).

A legal action given as text, as the interned `Action`, as a copy, a deep copy, an unpickled one or
an `Action` object equal to it that troef did not make is taken, and the round goes on exactly as
with the interned one.  Anything else, garbage `Action` objects included, raises `IllegalAction` and
changes nothing.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import troef
from conftest import variants
from troef import Action, IllegalAction, parse_action
from troef.core.cards import CODES
from troef.core.game import State
from troef.games.rififi.state import RififiState

pytestmark = pytest.mark.engine

VARIANTS = variants()


FIELDS: tuple[str, ...] = getattr(Action, "__mypyc_attrs__", None) or Action.__slots__
"""An action's fields (compiled, `Action` is a native class, which has no ``__slots__``)."""


def unmade(action: Action) -> Action:
    """An `Action` equal to ``action`` but not the interned object (as a foreign or stale one would be)."""
    return Action(action.text, {name: getattr(action, name) for name in FIELDS})


def garbage(text: object, **fields: object) -> Action | None:
    """An `Action` object built by hand around ``text`` (None: without any field), or None where it
    cannot be built: compiled, a native `Action`'s fields take only values of their types."""
    try:
        return Action("", {**({} if text is None else {"text": text}), **fields})
    except TypeError:
        return None


FORMS: dict[str, Callable[[Action], Action | str]] = {
    "text": lambda a: a.text,
    "interned": lambda a: a,
    "copy": copy.copy,
    "deepcopy": copy.deepcopy,
    "pickle": lambda a: pickle.loads(pickle.dumps(a)),  # our own bytes
    "unmade": unmade,
}

GARBAGE: tuple[Callable[[], Action | None], ...] = (
    lambda: garbage(None),
    lambda: garbage("play ZZ", kind="play", cards=(99,), card=99, blind=False, word="", number=-1),
    lambda: garbage(7, kind="play", cards=(7,), card=7),
    lambda: garbage("play  7S", kind="play", cards=(5,), card=5, blind=False, word="", number=-1),
    lambda: garbage("bid 999", kind="bid", word="999", number=999, cards=(), card=-1, blind=False),
)
"""Action objects no game's round ever has as a legal action: unset fields, no card, a text that
is not text, text that is not canonical, a bid nobody may make."""

OTHER_TEXTS: tuple[str, ...] = (
    *(f"play {code}" for code in CODES),
    *(f"play {code} blind" for code in CODES[::5]),
    "play 7D 7H",
    *(f"bid {n}" for n in (0, 1, 3, 9, 120, 170, 500)),
    "bid rik",
    "bid misere",
    "pass",
    "trump S",
    "trump H",
    "call AS",
    "call AH blind",
    "choose schoppen-mie",
    "take-lummel",
    "ongedraaid",
    "discard 7S 8S 9S",
    "draw 1",
    "decline",
)


def snapshot(state: State) -> str:
    views = [state.view(seat) for seat in [*range(state.game.players), None]]
    return json.dumps([state.record(), views, state.current_player, state.phase])


def position(variant: tuple[str, str, int], seed: int, steps: int) -> State:
    """A round of ``variant`` after ``steps`` random legal actions (fewer if it ends first)."""
    game = troef.load_game(*variant)
    state = game.deal(seed, seed % game.players)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


positions = st.builds(
    position,
    st.sampled_from(VARIANTS),
    st.integers(0, 2**32),
    st.integers(0, 70),
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions, st.sampled_from(sorted(FORMS)), st.randoms(use_true_random=False))
def test_a_legal_action_is_accepted_in_every_form(state: State, form: str, rng: random.Random) -> None:
    legal = state.legal_actions()
    for action in rng.sample(legal, min(len(legal), 4)):
        expected, given_ = state.clone(), state.clone()
        expected.apply(action)
        given_.apply(FORMS[form](action))
        assert snapshot(given_) == snapshot(expected)
        assert given_.actions[-1] is action, "the round keeps the interned action"


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions, st.randoms(use_true_random=False))
def test_an_illegal_action_is_refused_in_every_form(state: State, rng: random.Random) -> None:
    legal = {a.text for a in state.legal_actions()}
    before = snapshot(state)
    illegal = [parse_action(t) for t in OTHER_TEXTS if parse_action(t).text not in legal]
    for action in rng.sample(illegal, 6):
        for form in FORMS.values():
            with pytest.raises(IllegalAction) as refused:
                state.apply(form(action))
            assert refused.value.action == action.text
            assert refused.value.seat == state.current_player
            assert refused.value.legal == sorted(legal)
    for junk in (make_junk() for make_junk in GARBAGE):
        if junk is None:
            continue
        with pytest.raises(IllegalAction) as refused:
            state.apply(junk)
        assert refused.value.legal == sorted(legal)
    assert snapshot(state) == before


def test_a_copied_lead_in_rififi_is_a_play_not_a_traceback() -> None:
    """The issue's case: at a trick's lead a copy of a legal ``play 7S`` used to escape as an
    `IndexError`."""
    state = troef.load_game("rififi", "standaard", 4).from_record(
        {
            "game": "rififi",
            "dealer": 3,
            "deal": {
                "hands": [
                    ["7S", "8H", "TD", "QC", "AS", "6H", "8D", "JC", "9C"],
                    ["6S", "9H", "JD", "KC", "6D", "TH", "QS", "7C", "8C"],
                    ["8S", "TS", "QD", "AC", "7H", "JH", "KD", "6C", "TC"],
                    ["9S", "JS", "KS", "AH", "KH", "QH", "7D", "9D", "AD"],
                ],
                "trump_card": "AD",
            },
        }
    )
    assert isinstance(state, RififiState)
    for bid in ("bid 1", "bid 2", "bid 0", "bid 3"):
        state.apply(bid)
    assert state.current_player == 0 and state.trick == []
    with pytest.raises(IllegalAction, match="6S is not in seat 0's hand"):
        state.apply(copy.copy(parse_action("play 6S")))
    state.apply(copy.copy(parse_action("play 7S")))
    state.apply(unmade(parse_action("play 6S")))
    state.apply(pickle.loads(pickle.dumps(parse_action("play 8S"))))
    state.apply(copy.deepcopy(parse_action("play 9S")))
    assert [a.text for a in state.actions[-4:]] == ["play 7S", "play 6S", "play 8S", "play 9S"]
    assert state.history[-1][2] == 3


def test_copies_and_pickles_are_the_interned_action() -> None:
    for text in ("play 7S", "play 7S blind", "bid 120", "discard 7C 8H 9S", "play AS KS QS JS TS"):
        action = parse_action(text)
        assert copy.copy(action) is action
        assert copy.deepcopy([action])[0] is action
        assert pickle.loads(pickle.dumps(action)) is action
        assert Action(text.lower()) is action


def test_an_action_cannot_be_changed() -> None:
    action = parse_action("play 7S")
    with pytest.raises(AttributeError, match="cannot be changed"):
        action.card = 5
    with pytest.raises(AttributeError, match="cannot be changed"):
        del action.text
    assert action.card == CODES.index("7S") and action.text == "play 7S"


def test_an_unmade_action_is_equal_and_hashes_alike() -> None:
    action = parse_action("bid 3")
    twin = unmade(action)
    assert twin is not action
    assert twin == action and hash(twin) == hash(action) and {action: 1}[twin] == 1


def test_garbage_is_named_in_the_error() -> None:
    state = troef.load_game("rififi", "standaard", 3).deal(1)
    with pytest.raises(IllegalAction, match="not an action troef knows") as refused:
        state.apply(garbage(None))
    assert "Action object at" in refused.value.action
    with pytest.raises(IllegalAction, match="'play ZZ' is not legal"):
        state.apply(garbage("play ZZ"))
    extra: Any = 5
    with pytest.raises(IllegalAction, match="an action is text, not 5"):
        state.apply(extra)
