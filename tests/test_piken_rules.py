"""Piken's rules (``piken.md`` 1, 2, 4, 5) through the library: the deal, the four middle-card cases and
who leads, rounds, the end of the game, the winner, refused input and a match."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest

import troef
from troef.core.errors import LISTED_LEGAL
from troef.core.game import State
from troef.core.match import Match
from troef.games.piken.order import CODE, mask_of
from troef.games.piken.scoring import outcome
from troef.players import RandomBot, play_out

pytestmark = pytest.mark.engine

BASE = ["8D 9D TD JD QD 7H 7S 7C 8H 8S", "9H TH JH QH KH KD AD 9S 9C TS", "AH 8C TC JC QC KC JS QS KS AS"]
"""Deal P of the scenarios: 7D and AC in the middle (case 4), AS with seat 2."""
GAME = [
    *("play 8C", "play 7H 7S", "play 9S", "play AH"),
    *("play 8D 9D TD JD QD", "play 9H TH JH QH KH", "play JS", "play 7C"),
    *("play 9C", "play KS", "play 8H 8S", "play TS", "play AS"),
    *("play KD", "play TC"),
    *("play AD", "play QC QS"),
]
"""A whole game of deal P, dealer 2, round by round (see the scenario 4.4)."""


def start(hands: list[str], middle: str, dealer: int, actions: list[str] | tuple[str, ...] = ()) -> State:
    record = {
        "format": "troef-record/1",
        "game": "piken",
        "rules": "standaard",
        "players": 3,
        "dealer": dealer,
        "deal": {"hands": [h.split() for h in hands], "middle": middle.split()},
    }
    state = troef.load_game("piken").from_record(record)
    for action in actions:
        state.apply(action)
    return state


def swapped(a: str, b: str) -> tuple[list[str], str]:
    """Deal P with cards ``a`` and ``b`` exchanged between their places."""
    places = [*BASE, "7D AC"]
    moved = [" ".join(b if c == a else a if c == b else c for c in p.split()) for p in places]
    return moved[:3], moved[3]


def seen_by(state: State, seat: int | None) -> str:
    return json.dumps(state.view(seat))


def legal(state: State) -> list[str]:
    return sorted(a.text for a in state.legal_actions())


# --------------------------------------------------------------------------- 1: pack, players, deal


def test_registered_with_one_preset_for_three_players() -> None:
    cls = troef.GAMES["piken"]
    assert [p.name for p in cls.presets] == ["standaard"]
    assert cls.options == ()
    assert (cls.min_players, cls.default_players, cls.max_players) == (3, 3, 3)
    with pytest.raises(troef.GameError, match="piken is played by 3 players, not 4"):
        troef.load_game("piken", players=4)
    with pytest.raises(troef.GameError, match="piken has no option 'x'; options: none"):
        troef.load_game("piken", {"x": 1})


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_deal_ten_each_and_two_face_down_in_the_middle(dealer: int) -> None:
    game = troef.load_game("piken")
    record = game.deal(seed=dealer, dealer=dealer).record()
    hands, middle = record["deal"]["hands"], record["deal"]["middle"]
    assert [len(h) for h in hands] == [10, 10, 10] and len(middle) == 2
    cards = [c for h in hands for c in h] + middle
    assert sorted(cards) == sorted(r + s for r in "789TJQKA" for s in "SHDC")
    assert game.deal(seed=dealer, dealer=dealer).record() == record


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"middle": ["7D"]}, "deal.middle must hold 2 cards, not 1"),
        ({"middle": None}, "deal.middle must be a list of card codes"),
        ({"hands": [["8D"]]}, "deal.hands must list 3 hands"),
        ({"middle": ["7D", "2S"]}, "2S in deal.middle is not in the 32-card Piken pack"),
        ({"middle": ["7D", "AS"]}, "AS is dealt twice"),
        ({"middle": ["7D", "XX"]}, "not a card: 'XX'"),
    ],
)
def test_a_deal_that_is_not_valid(change: dict[str, Any], message: str) -> None:
    deal: dict[str, Any] = {"hands": [h.split() for h in BASE], "middle": ["7D", "AC"], **change}
    with pytest.raises(troef.RecordError, match=message):
        troef.load_game("piken").from_deal(deal, 0)


def test_hands_are_listed_in_pikens_order() -> None:
    state = start(BASE, "7D AC", 2)
    assert state.view(0)["hand"] == ["7H", "7S", "7C", "8D", "8H", "8S", "9D", "TD", "JD", "QD"]
    assert state.record()["deal"]["hands"][0] == state.view(0)["hand"]


# --------------------------------------------------------------------------- 2: the middle cards


def test_both_specials_in_one_hand_take_both_middle_cards() -> None:
    state = start([BASE[0], BASE[1], "7D AC TC JC QC KC JS QS KS AS"], "AH 8C", 0)
    assert state.phase == "play" and state.current_player == 2
    view = state.view(2)
    assert view["hand_counts"] == [10, 10, 12] and view["drawn"] == ["8C", "AH"]
    assert view["taken"] == [0, 0, 2] and view["entitled"] == [2] and view["first_leader"] == 2
    for seat in (0, 1, None):
        assert "AH" not in seen_by(state, seat) and "8C" not in seen_by(state, seat)


@pytest.mark.parametrize(("dealer", "first", "second"), [(0, 1, 0), (1, 0, 1), (2, 0, 1)])
def test_two_holders_decide_from_the_dealers_left(dealer: int, first: int, second: int) -> None:
    hands, middle = swapped("7D", "8D")  # seat 0: 7D
    hands, middle = (
        [hands[0], hands[1].replace("AD", "AC"), hands[2]],
        middle.replace("AC", "AD"),
    )  # seat 1: AC
    state = start(hands, middle, dealer)
    assert state.phase == "draw" and state.current_player == first
    assert legal(state) == ["decline", "draw 1", "draw 2"]
    state.apply("draw 2")
    assert state.current_player == second and legal(state) == ["decline", "draw 1"]
    state.apply("draw 1")
    assert state.phase == "play" and state.current_player == 2, "two drew one card each: the third leads"
    assert state.view(first)["drawn"] == ["AD"] and state.view(second)["drawn"] == ["8D"]
    assert "AD" not in seen_by(state, second) and "AD" not in seen_by(state, None)
    assert "8D" not in seen_by(state, first) and "8D" not in seen_by(state, 2)


def test_two_holders_one_declines_the_other_leads_and_the_rest_is_removed() -> None:
    hands, middle = swapped("7D", "8D")
    hands, middle = [hands[0], hands[1].replace("AD", "AC"), hands[2]], middle.replace("AC", "AD")
    state = start(hands, middle, 0, ["decline", "draw 2"])
    assert state.current_player == 0 and state.view(None)["removed"] == 1
    assert "8D" not in seen_by(state, 0), "a removed card stays face down"
    state = start(hands, middle, 0, ["decline", "decline"])
    assert state.current_player == 2, "nobody drew: the holder of AS leads"
    assert state.view(None)["removed"] == 2 and state.view(None)["middle"] == []


def test_special_in_the_middle_drawn_takes_both() -> None:
    hands, middle = swapped("8C", "AC")  # seat 2 holds AC; middle 7D 8C
    state = start(hands, middle, 0)
    assert state.current_player == 2 and state.view(None)["entitled"] == [2]
    state.apply("draw 1")
    assert state.view(2)["drawn"] == ["7D", "8C"] and state.view(2)["hand_counts"] == [10, 10, 12]
    assert state.current_player == 2 and state.view(None)["removed"] == 0


def test_plain_card_drawn_removes_the_special_one() -> None:
    hands, middle = swapped("8C", "AC")
    state = start(hands, middle, 0, ["draw 2"])
    assert state.view(2)["drawn"] == ["8C"] and state.view(None)["removed"] == 1
    assert all("7D" not in seen_by(state, seat) for seat in (0, 1, 2, None))
    play_out(state, [RandomBot(s) for s in range(3)])
    assert state.result()["details"]["removed"] == ["7D"]


def test_both_specials_in_the_middle_are_removed_without_a_decision() -> None:
    state = start(BASE, "7D AC", 2)
    assert state.phase == "play" and state.current_player == 2, "nobody drew: AS (seat 2) leads"
    assert state.view(None)["removed"] == 2 and state.view(None)["entitled"] == []


def test_nobody_holds_as_the_player_left_of_the_dealer_leads() -> None:
    hands = [BASE[0], BASE[1], "AH AC TC JC QC KC JS QS KS 8C"]
    for dealer, leader in ((0, 1), (1, 2), (2, 0)):
        state = start(hands, "7D AS", dealer, ["decline"])
        assert state.current_player == leader


# --------------------------------------------------------------------------- 4: rounds


def test_a_round_beat_or_drop_out_and_the_last_one_in_takes() -> None:
    state = start(BASE, "7D AC", 2, GAME[:2])
    view = state.view(None)
    assert view["highest"] == {"seat": 0, "cards": ["7H", "7S"], "combination": "pair", "stays_in": True}
    state.apply("play 9S")  # lower: seat 1 drops out, 9S stays on the table
    view = state.view(None)
    assert view["still_in"] == [0, 2] and state.current_player == 2
    assert [lay["cards"] for lay in view["table"]] == [["8C"], ["7H", "7S"], ["9S"]]
    state.apply("play AH")
    view = state.view(None)
    assert view["piles"] == [5, 0, 0] and state.current_player == 0 and view["table"] == []
    assert view["history"][0]["taker"] == 0 and view["still_in"] == [0, 1, 2]


def test_there_is_no_pass() -> None:
    state = start(BASE, "7D AC", 2, GAME[:11])
    assert legal(state) == ["play AD", "play KD", "play TS"]
    with pytest.raises(
        troef.IllegalAction, match=r"seat 1: 'pass' is not legal \(it is time to lay a combination"
    ):
        state.apply("pass")


def test_a_taker_without_cards_lets_the_next_player_with_cards_lead() -> None:
    state = start(BASE, "7D AC", 2, GAME[:13])
    view = state.view(None)
    assert view["history"][-1]["taker"] == 0 and view["hand_counts"][0] == 0
    assert state.current_player == 1 and view["still_in"] == [1, 2], "only players with cards are in"


def test_a_player_without_cards_drops_out_when_his_turn_comes() -> None:
    state = start(BASE, "7D AC", 2, GAME[:16])
    assert state.view(None)["hand_counts"] == [0, 0, 4] and state.current_player == 2
    state.apply("play QC QS")
    last = state.view(None)["history"][-1]
    assert last["lays"][-1] == {"seat": 1, "cards": [], "combination": None, "stays_in": False}
    assert last["taker"] == 2 and len(state.actions) == 17


def test_the_game_ends_when_one_player_holds_cards_and_he_piles_them() -> None:
    state = start(BASE, "7D AC", 2, GAME)
    assert state.is_over and state.current_player is None and state.phase == "over"
    result = state.result()
    assert result["scores"] == [11, 14, 5]
    assert result["details"] == {
        "piles": [11, 14, 5],
        "spades": [6, 1, 1],
        "highest_spade": ["AS", "JS", "QS"],
        "winner": 1,
        "removed": ["7D", "AC"],
        "first_leader": 2,
        "kept": [[], [], ["JC", "KC"]],
    }
    assert "tricks" not in result
    assert state.view(0)["result"] == result, "the result, removed cards included, is shown to all at the end"


def test_a_partial_result_gives_the_piles() -> None:
    assert start(BASE, "7D AC", 2, GAME[:4]).result() == {
        "over": False,
        "current_player": 0,
        "legal_actions": legal(start(BASE, "7D AC", 2, GAME[:4])),
        "piles": [5, 0, 0],
    }


# --------------------------------------------------------------------------- 5: the winner


def piles(*cards: str) -> list[int]:
    return [mask_of(troef.Card.parse(c) for c in text.split()) for text in cards]


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        (("7D 8D 9D", "7H 8H", "7C"), 0),  # most cards
        (("7D 8D 9D", "7H 8H 9S", "7C"), 1),  # a tie on cards: most spades
        (("7D 8S 9S", "7H 8H AS", "7C"), 0),  # most spades again (2 against 1)
        (("7D 8D AS", "7H 8H KS", "7C"), 0),  # a tie on spades: the highest spade
        (("7D 8D 7S", "7H 8H 8S", "7C 8C 9C"), 1),  # three-way tie on cards, two on spades: 8S above 7S
        (("7D 8D 7S", "7H 8H 8S", "7C 8C 9S"), 2),  # three-way tie on cards and spades: 9S is highest
        (("7D 8D", "7H 8H", "AS"), None),  # a tie on cards and neither has a spade (Decision)
    ],
)
def test_winner_and_tie_breaks(cards: tuple[str, str, str], winner: int | None) -> None:
    assert outcome(piles(*cards)).winner == winner


def test_spades_and_highest_spade_per_pile() -> None:
    won = outcome(piles("7S AS 8D", "", "KS"))
    assert won.spades == (2, 0, 1)
    assert [CODE[c] if c >= 0 else None for c in won.highest_spade] == ["AS", None, "KS"]


# --------------------------------------------------------------------------- refused input


def snapshot(state: State) -> tuple[dict[str, Any], list[Mapping[str, Any]]]:
    return state.record(), [state.view(s) for s in (0, 1, 2, None)]


@pytest.mark.parametrize(
    ("actions", "text", "reason"),
    [
        ([], "draw 3", "there is no middle card at position 3"),
        ([], "play 7H", "seat 1 may take a middle card blind (draw N) or decline"),
        (["draw 2"], "draw 2", "there is no middle card at position 2"),
        (["decline", "decline"], "play 7D", "7D is not in seat 2's hand"),
        (["decline", "decline"], "play 8C TC", "8C TC is none of the ten combinations"),
        (["decline", "decline"], "play 2S", "Piken is played with 7 8 9 T J Q K A only"),
        (["decline", "decline"], "play AS blind", "it is time to lay a combination"),
        (["decline", "decline"], "decline", "it is time to lay a combination"),
        (["decline", "decline"], "play 7H 7S", "7H 7S are not in seat 2's hand"),
    ],
)
def test_refused_input_names_seat_action_and_reason_and_changes_nothing(
    actions: list[str], text: str, reason: str
) -> None:
    hands, middle = swapped("7D", "8D")
    hands, middle = [hands[0], hands[1].replace("AD", "AC"), hands[2]], middle.replace("AC", "AD")
    state = start(hands, middle, 0, actions)
    before = snapshot(state)
    seat = state.current_player
    with pytest.raises(troef.IllegalAction) as info:
        state.apply(text)
    message = str(info.value)
    assert message.startswith(f"seat {seat}: {troef.parse_action(text).text!r} is not legal ({reason}")
    assert info.value.legal == legal(state)
    assert snapshot(state) == before


def test_a_refusal_lists_at_most_so_many_legal_plays() -> None:
    state = start(BASE, "7D AC", 2, GAME[:1])
    plays = legal(state)
    assert len(plays) == 45 > LISTED_LEGAL
    with pytest.raises(troef.IllegalAction) as info:
        state.apply("play 7D")
    assert info.value.legal == plays
    assert str(info.value).endswith(
        "; legal: " + ", ".join(plays[:LISTED_LEGAL]) + f", … and {len(plays) - LISTED_LEGAL} more"
    )


def test_a_finished_game_refuses_everything() -> None:
    state = start(BASE, "7D AC", 2, GAME)
    with pytest.raises(troef.IllegalAction, match="nobody may act: the round is over"):
        state.apply("play 7D")


# --------------------------------------------------------------------------- a match


def test_a_match_rotates_the_dealer_and_adds_up_the_cards() -> None:
    game = troef.load_game("piken")
    match = Match(game, seed=4, first_dealer=1)
    assert match.rounds == 3
    while not match.is_over:
        state = match.next_round()
        assert state.dealer == (1 + len(match.sheet)) % 3
        play_out(state, [RandomBot(s) for s in range(3)])
        match.finish_round(state)
    assert [row.dealer for row in match.sheet] == [1, 2, 0]
    assert match.totals == [sum(row.details["piles"][s] for row in match.sheet) for s in range(3)]
    assert troef.replay(match.record())["totals"] == match.totals
