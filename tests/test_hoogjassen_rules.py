"""Hoogjassen (``spec/hoogjassen.md``): roem, rounding, scoring, bidding, dealing and play rules."""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import troef
from troef.core.cards import PACKS, CardSet, parse_card
from troef.core.game import Money, Result
from troef.core.match import Match
from troef.games.hoogjassen.roem import roem_of, stuk_cards
from troef.games.hoogjassen.scoring import card_points, round_opponents, settle
from troef.games.hoogjassen.state import HoogjassenState

pytestmark = pytest.mark.engine

S, H, D, C = range(4)


def roem(cards: str, trump: int) -> list[tuple[str, int]]:
    return [(r.name, r.value) for r in roem_of(CardSet.parse(cards).mask, trump)]


# --------------------------------------------------------------------------- roem (4.2, 4.3)


def test_four_jacks_and_fours() -> None:
    assert roem("JS JH JD JC", S) == [("four jacks", 200)]
    assert roem("AS AH AD AC", S) == [("four aces", 100)]
    assert roem("KS KH KD KC QS QH QD QC", D) == [("four kings", 100), ("four queens", 100)]
    assert roem("9S 9H 9D 9C TS TH TD", S) == []  # nines and tens are no roem


@pytest.mark.parametrize(
    ("cards", "value"),
    [("8H 9H TH", 20), ("8H 9H TH JH", 50), ("8H 9H TH JH QH", 100), ("7H 8H 9H TH JH QH KH AH", 100)],
)
def test_runs_by_length(cards: str, value: int) -> None:
    assert [v for _, v in roem(cards, S)] == [value]


def test_runs_follow_the_natural_order_and_are_maximal() -> None:
    assert roem("9D TD JD", S) == [("run of 3 in D", 20)]  # the ten sits between 9 and J
    assert roem("8D 9D JD", S) == []
    assert roem("7D 8D 9D JD QD KD", S) == [("run of 3 in D", 20), ("run of 3 in D", 20)]
    assert roem("TD JD QD KD", S) == [("run of 4 in D", 50)]  # one run of 4, not two of 3


def test_trump_king_bonus_only_in_a_trump_run_with_the_king() -> None:
    assert sum(v for _, v in roem("QH KH AH", H)) == 40
    assert sum(v for _, v in roem("JH QH KH AH", H)) == 70
    assert sum(v for _, v in roem("9H TH JH QH KH", H)) == 120
    assert sum(v for _, v in roem("QH KH AH", S)) == 20  # not trump
    assert sum(v for _, v in roem("9H TH JH", H)) == 20  # trump run without the king


def test_a_card_counts_in_a_four_and_a_run() -> None:
    assert roem("JS JH JD JC TH QH", S) == [("four jacks", 200), ("run of 3 in H", 20)]


def test_all_eight_trumps_with_stuk_is_140() -> None:
    hand = CardSet.parse("7S 8S 9S TS JS QS KS AS").mask
    assert sum(r.value for r in roem_of(hand, S)) + (20 if stuk_cards(hand, S) else 0) == 140


# --------------------------------------------------------------------------- rounding and scoring (6)


@pytest.mark.parametrize(("raw", "rounded"), [(41, 40), (42, 50), (31, 30), (32, 40), (0, 0), (146, 150)])
def test_opponents_round_up_from_two(raw: int, rounded: int) -> None:
    assert round_opponents(raw) == rounded


@pytest.mark.parametrize(("declarer", "points"), [(104, 100), (105, 110), (114, 110), (115, 120)])
def test_declarer_rounds_up_from_five(declarer: int, points: int) -> None:
    assert settle(declarer, 5, False, 0, False, True).points == (points, 150 - points)


def test_kapot_no_trick_ongedraaid_and_pot() -> None:
    kapot = settle(146, 7, True, 160, False, True)
    assert (kapot.points, kapot.result, kapot.pot) == ((250, 0), 90, -1)
    none = settle(0, 0, False, 130, False, True)
    assert (none.points, none.result, none.pot) == ((0, 150), -130, 1)
    doubled = settle(105, 5, False, 120, True, True)
    assert (doubled.result, doubled.pot) == (-20, 2)
    bedankt = settle(115, 5, False, 120, False, True)
    assert (bedankt.result, bedankt.pot) == (0, 0)
    assert settle(0, 0, False, 130, False, False).pot == 0


# --------------------------------------------------------------------------- rounds from a deal

HANDS_4 = [
    "JS 9S AS KS QS TS 8S",
    "AH KH QH JH TH 9H 8H",
    "AD KD QD JD TD 9D 8D",
    "AC KC QC JC TC 9C 8C",
]
LUMMEL_4 = "7S 7H 7D"


def round_of(
    actions: list[str], hands: list[str] = HANDS_4, lummel: str = LUMMEL_4, **kw: object
) -> HoogjassenState:
    players = len(hands)
    game = troef.load_game("hoogjassen", {"preset": "standaard", **kw} if kw else "standaard", players)
    state = game.from_deal({"hands": [h.split() for h in hands], "lummel": lummel.split()}, 3 % players)
    for a in actions:
        state.apply(a)
    assert isinstance(state, HoogjassenState)
    return state


def test_bidding_rules_four_players() -> None:
    state = round_of([])
    assert state.current_player == 0
    legal = [a.text for a in state.legal_actions()]
    assert legal[:3] == ["pass", "bid 120", "bid 130"] and legal[-1] == "bid 500"
    for bad in ("bid 110", "bid 125", "bid 510"):
        with pytest.raises(troef.IllegalAction, match="multiple of 10 from 120 to 500"):
            state.apply(bad)
    state = round_of(["bid 130", "pass"])
    with pytest.raises(troef.IllegalAction, match="above 130"):
        state.apply("bid 130")
    state = round_of(["bid 130", "pass", "bid 140", "pass", "bid 150"])  # seat 0 raises on his turn
    assert state.current_player == 2
    state.apply("pass")  # seat 1 passed: seat 2 is the only other left
    assert state.phase == "lummel" and state.current_player == 0


def test_three_players_bid_from_170() -> None:
    hands = ["JS 9S AS KS QS TS 8S 7S JH", "AH KH QH TH 9H 8H 7H AD KD", "QD JD TD 9D 8D 7D AC KC QC"]
    state = round_of([], hands, "JC TC 9C 8C")
    assert [a.text for a in state.legal_actions()][1] == "bid 170"
    state = round_of(["bid 170", "pass", "pass", "take-lummel"], hands, "JC TC 9C 8C")
    assert len(state.legal_actions()) == 715  # discard 4 of 13
    with pytest.raises(troef.IllegalAction, match="discard exactly 4 cards of your hand, not 3"):
        state.apply("discard AH KH QH")
    with pytest.raises(troef.IllegalAction, match=r"\(JS is not in seat 1's hand\)"):
        state.apply("discard AH KH QH JS")
    with pytest.raises(troef.IllegalAction, match="it is time to discard 4 cards"):
        state.apply("play JS")


def test_all_pass_is_a_redeal_and_the_right_hand_deals() -> None:
    state = round_of(["pass"] * 4)
    assert state.is_over and state.result() == {
        "over": True,
        "scores": [0, 0, 0, 0],
        "tricks": [0, 0, 0, 0],
        "details": {"redeal": True},
    }
    assert state.game.next_dealer(3, state.result()) == 2


def test_the_declarer_deals_next_or_the_deal_rotates() -> None:
    result = {"details": {"declarer": 1}}
    assert troef.load_game("hoogjassen").next_dealer(3, result) == 1
    rotate = troef.load_game("hoogjassen", {"preset": "standaard", "dealer_rule": "rotate"})
    assert rotate.next_dealer(3, result) == 0


def test_match_follows_next_dealer() -> None:
    game = troef.load_game("hoogjassen")
    match = Match(game, seed=3, first_dealer=0, rounds=6)
    rng = random.Random(1)
    while not match.is_over:
        dealer = match.dealer
        state = match.next_round()
        assert state.dealer == dealer
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        row = match.finish_round(state)
        assert match.dealer == game.next_dealer(dealer, row.result) or match.is_over
    money = match.money()
    assert money is not None and money.pot == 0 and sum(money.players) == 0  # the pot was shared


# --------------------------------------------------------------------------- the last bid (3.2a)


def test_a_bid_declared_last_needs_the_option() -> None:
    state = round_of([])
    assert not any(a.last for a in state.legal_actions())
    with pytest.raises(troef.IllegalAction) as info:
        state.apply("bid 150 last")
    message = str(info.value)
    assert message.startswith("seat 0: 'bid 150 last' is not legal")
    assert "only with the option last_bid" in message and message.endswith("bid 500, pass")
    assert state.actions == [] and state.current_player == 0


def test_every_legal_bid_may_be_declared_last() -> None:
    state = round_of(["bid 150"], last_bid=True)
    legal = [a.text for a in state.legal_actions()]
    plain = [f"bid {b}" for b in range(160, 501, 10)]
    assert legal == ["pass", *plain, *(f"{b} last" for b in plain)]
    with pytest.raises(troef.IllegalAction, match="above 150"):
        state.apply("bid 150 last")


def test_the_last_bidder_takes_no_further_turn_and_declares_if_the_others_pass() -> None:
    state = round_of(["bid 120", "bid 130 last", "bid 140"], last_bid=True)
    assert state.view(None)["auction"] == [
        {"seat": 0, "bid": "120"},
        {"seat": 1, "bid": "130", "last": True},
        {"seat": 2, "bid": "140"},
    ]
    assert state.current_player == 3
    state.apply("pass")
    assert state.current_player == 0
    state.apply("pass")  # seat 1 takes no turn: his bid was his last; seat 2 is the only one left
    assert (state.phase, state.current_player, state.bid) == ("lummel", 2, 140)
    declared = round_of(["bid 150 last", "pass", "pass", "pass"], last_bid=True)
    assert (declared.phase, declared.current_player, declared.bid) == ("lummel", 0, 150)
    assert declared.view(None)["declarer"] == 0


def test_a_last_bid_can_be_overbid_by_those_still_in() -> None:
    state = round_of(["pass", "bid 200 last", "bid 210"], last_bid=True)
    assert state.current_player == 3
    state.apply("bid 220")
    assert state.current_player == 2 and "bid 230 last" in state.legal_actions()
    state.apply("bid 230 last")
    state.apply("pass")  # seat 3: everybody but the last bidder is out
    assert (state.phase, state.current_player, state.bidder) == ("lummel", 2, 2)


# --------------------------------------------------------------------------- the pot's money (6.5)


Round = tuple[list[int], Mapping[str, object]]
ERIN: Round = ([-30, 10, 10, 10], {"declarer": 0, "pot": 1})
KAPOT_2: Round = ([10, 10, -60, 40], {"declarer": 3, "pot": -2})


def results(*rounds: Round) -> list[Result]:
    return [{"over": True, "scores": scores, "details": details} for scores, details in rounds]


def test_stakes_payments_and_the_share_with_odd_cents_from_the_first_dealers_left() -> None:
    game = troef.load_game("hoogjassen", {"preset": "standaard", "pot_stake_cents": 101, "cents_per_ten": 10})
    during = game.match_money(results(ERIN), first_dealer=1, over=False)
    assert during == ((-30 - 101 - 101, 10 - 101, 10 - 101, 10 - 101), 5 * 101, 0)
    end = game.match_money(results(ERIN), first_dealer=1, over=True)
    # 505 shared by 4: 126 each and one odd cent, to seat 2 (left of the first dealer, seat 1)
    assert end == Money((-232 + 126, -91 + 126, -91 + 127, -91 + 126), 0, 505)
    assert sum(end.players) == 0


def test_a_kapot_takes_at_most_what_the_pot_holds() -> None:
    game = troef.load_game("hoogjassen", {"preset": "standaard", "cents_per_ten": 0})
    money = game.match_money(results(KAPOT_2, KAPOT_2, KAPOT_2), first_dealer=0, over=False)
    assert money == ((-100, -100, -100, 300), 0, 0)  # 400 in the pot: 200, 200, then nothing left
    redeal: Round = ([0, 0, 0, 0], {"redeal": True})
    unfinished = {"over": False, "current_player": 2}
    again = game.match_money([*results(redeal, ERIN), unfinished], first_dealer=0, over=False)
    assert again == ((-200, -100, -100, -100), 500, 0)


def test_without_a_pot_the_money_is_the_points() -> None:
    game = troef.load_game("hoogjassen", {"preset": "standaard", "pot": False})
    assert game.match_money(results(ERIN, KAPOT_2), 0, over=True) == ((-10, 10, -25, 25), 0, 0)
    assert troef.load_game("rififi").match_money(results(ERIN), 0, over=True) is None


def test_kapot_with_roem_and_stuk() -> None:
    # seat 0 holds every spade but the 7; he takes the lummel and lays back its three sevens
    state = round_of(["bid 200", "pass", "pass", "pass", "take-lummel", "discard 7S 7H 7D", "trump S"])
    details = [(r["name"], r["value"]) for r in state.view(None)["roem"]]
    assert details == [("run of 7 in S", 100), ("trump king in the run", 20)]
    assert state.view(0)["lummel"] == ["7S", "7H", "7D"] and state.view(1)["lummel"] == []
    assert state.view(1)["afleggers"] == [] and state.view(0)["afleggers"] == ["7S", "7H", "7D"]
    for card in ["JS", "9S", "AS", "KS", "QS", "TS", "8S"]:
        state.apply(f"play {card}")
        while state.current_player not in (0, None):
            state.apply(state.legal_actions()[0])
        if card == "KS":
            assert state.view(2)["stuk"] is True and state.view(2)["target"] == 200 - 140
    result = state.result()
    d = result["details"]
    assert (d["kapot"], d["points"], d["contract"], d["result"], d["pot"]) == (True, [250, 0], 60, 190, -1)
    assert result["scores"] == [570, -190, -190, -190]


def test_no_trick_voids_roem_and_afleggers() -> None:
    hands = ["8S 7H 8H 9H 7D 8D 9D", "JS 9S AS KS QS TS AH", "KH QH JH TH AD KD QD", "AC KC QC JC TC 9C 8C"]
    state = round_of(
        ["bid 120", "pass", "pass", "pass", "take-lummel", "discard 8S 7S JD", "trump H"], hands, "7S JD TD"
    )
    assert state.view(None)["target"] == 120 - 20 - 50  # runs 7H 8H 9H (no trump king) and 7D 8D 9D TD
    while not state.is_over:
        state.apply(state.legal_actions()[-1] if state.current_player else state.legal_actions()[0])
    d = state.result()["details"]
    if state.result()["tricks"][0] == 0:
        assert (d["roem"], d["contract"], d["points"], d["result"]) == ([], 120, [0, 150], -120)


def test_ongedraaid_doubles_and_the_lummel_stays_hidden() -> None:
    state = round_of(["bid 120", "pass", "pass", "pass", "ongedraaid", "trump S"])
    assert state.view(0)["lummel"] == [] and state.view(0)["hand"] == CardSet.parse(HANDS_4[0]).codes()
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    d = state.result()["details"]
    assert d["ongedraaid"] and d["result"] == 2 * (d["points"][0] - d["contract"])
    assert d["pot"] in (-2, 0, 2)


# --------------------------------------------------------------------------- play (5)


def play_state(hands: list[str], lead: str, trump: str = "S") -> HoogjassenState:
    actions = ["bid 120", "pass", "pass", "pass", "ongedraaid", f"trump {trump}", f"play {lead}"]
    return round_of(actions, hands, "JH 8D 7D")


def test_trump_led_must_be_followed_but_not_by_a_lone_jack() -> None:
    hands = ["9S AS KS QS TS 8S 7H", "JS AH KH QH TH 9H 8H", "7S AD KD QD JD TD 9D", "AC KC QC JC TC 9C 8C"]
    state = play_state(hands, "9S")
    assert len(state.legal_actions()) == 7  # seat 1's only trump is the jack: any card
    state.apply("play AH")
    assert [a.text for a in state.legal_actions()] == ["play 7S"]
    with pytest.raises(troef.IllegalAction, match="trump was led: you must play a trump"):
        state.apply("play AD")


def test_other_suit_led_follow_or_trump_at_will() -> None:
    hands = ["AH KS QS TS 8S 7S 9S", "JS KH QH TH 9H 8H 7H", "AS AD KD QD JD TD 9D", "AC KC QC JC TC 9C 8C"]
    state = play_state(hands, "AH")
    assert sorted(a.text for a in state.legal_actions()) == sorted(
        ["play JS", *(f"play {c}" for c in ["KH", "QH", "TH", "9H", "8H", "7H"])]
    )
    state.apply("play 7H")
    assert len(state.legal_actions()) == 7  # void in hearts: anything
    state.apply("play AD")
    state.apply("play 8C")
    assert state.view(None)["history"][0]["winner"] == 0
    with pytest.raises(troef.IllegalAction):
        state.apply("play AD")


@pytest.mark.parametrize("trump", [S, H, D, C])
def test_card_points_total_146(trump: int) -> None:
    points = card_points(trump)
    assert sum(points[c] for c in PACKS["hoogjas31"]) + 5 == 146


def test_ranks_trump_jack_nine_ace_and_low_ten() -> None:
    keys = troef.games.hoogjassen.ranks.trick_keys(S)
    order = sorted(["JS", "9S", "AS", "KS", "QS", "TS", "8S", "7S"], key=lambda c: -keys[S][parse_card(c)])
    assert order == ["JS", "9S", "AS", "KS", "QS", "TS", "8S", "7S"]
    plain = sorted(["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H"], key=lambda c: -keys[H][parse_card(c)])
    assert plain == ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H"]


# --------------------------------------------------------------------------- properties


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([3, 4]))
def test_points_total_146_rounded_150_and_zero_sum(seed: int, players: int) -> None:
    game = troef.load_game("hoogjassen", players=players)
    state = game.deal(seed, seed % players)
    rng = random.Random(seed)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[0] if state.phase == "bid" and rng.random() < 0.6 else rng.choice(legal))
    result = state.result()
    assert sum(result["scores"]) == 0
    d = result["details"]
    if d.get("redeal"):
        return
    if result["tricks"][d["declarer"]] == 0:
        assert d["points"] == [0, 150]
        return
    assert sum(d["raw_points"]) == 146
    assert sum(d["points"]) == 150 or d["points"] == [250, 0]
