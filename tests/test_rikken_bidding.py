"""Rikken's auction per preset (rikken.md section 3), trump naming and partner calls (section 4)."""

from __future__ import annotations

from typing import Any

import pytest

import troef
from troef.core.game import State

pytestmark = pytest.mark.engine

PACK = [r + s for s in "SHDC" for r in "23456789TJQKA"]


def hands_with(fixed: dict[int, str], players: int = 4, dealer: int = 3) -> list[list[str]]:
    """Hands where the seats in ``fixed`` hold those cards (filled up to 13); the rest dealt in order."""
    taken = {c for cards in fixed.values() for c in cards.split()}
    rest = iter(c for c in PACK if c not in taken)
    hands: list[list[str]] = []
    for seat in range(players):
        if players == 5 and seat == dealer:
            hands.append([])
            continue
        hand = fixed.get(seat, "").split()
        hands.append(hand + [next(rest) for _ in range(13 - len(hand))])
    return hands


def start(rules: object, hands: list[list[str]], dealer: int = 3, actions: tuple[str, ...] = ()) -> State:
    record: dict[str, Any] = {
        "format": "troef-record/1",
        "game": "rikken",
        "rules": rules,
        "players": len(hands),
        "dealer": dealer,
        "deal": {"hands": hands},
        "actions": [],
    }
    state = troef.load_game("rikken", rules, len(hands)).from_record(record)
    for a in actions:
        state.apply(a)
    return state


def legal(state: State) -> set[str]:
    return {a.text for a in state.legal_actions()}


def refused(state: State, action: str, reason: str) -> None:
    before = state.record()
    with pytest.raises(troef.IllegalAction, match=reason):
        state.apply(action)
    assert state.record() == before


NO_ACES = hands_with({0: "2S 3S 4S 5S 2H 3H 4H 2D 3D 4D 2C 3C 4C"})


def test_kampioenschap_openings() -> None:
    state = start("kampioenschap", NO_ACES)
    assert state.current_player == 0  # left of the dealer bids first
    assert legal(state) == {"pass", "bid rik", "bid rik-beter", "bid piek", "bid misere"}
    refused(state, "bid 8-alleen", "never an opening bid")
    refused(state, "bid open-piek", r"needs piek bid first \(step rule\)")
    refused(state, "bid troela", "not played by these rules")


def test_kampioenschap_step_rule() -> None:
    state = start("kampioenschap", NO_ACES, actions=("bid rik",))
    assert {"bid 8-alleen", "bid 8-alleen-beter", "bid piek", "bid misere"} <= legal(state)
    refused(state, "bid 9-alleen", r"9-alleen needs 8-alleen or 8-alleen-beter bid first \(step rule\)")
    refused(state, "bid rik", "must rank above rik")
    state.apply("bid 8-alleen")
    refused(state, "bid 8-alleen-beter", "must rank above 8-alleen")  # the same rank in K
    state.apply("bid piek")
    assert "bid 9-alleen" in legal(state) and "bid open-piek" in legal(state)
    assert "bid open-misere" not in legal(state)


def test_bsg_openings_and_no_step_rule() -> None:
    state = start("bsg", NO_ACES)
    bids = legal(state)
    assert "bid open-misere-praatje" in bids and "bid 13-open-kapot-beter" in bids
    assert not any("alleen" in b for b in bids)
    assert "bid troela" not in bids
    refused(state, "bid troela", "troela needs exactly three aces")
    state.apply("bid piek")
    assert "bid 12-alleen" in legal(state) and "bid 8-alleen" not in legal(state)


def test_troela_first_bid_with_three_aces() -> None:
    hands = hands_with({1: "AS AH AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS"})
    state = start("bsg", hands, actions=("bid rik",))
    assert "bid troela" in legal(state)
    state = start("bsg", hands, actions=("bid rik", "bid rik-beter", "bid 8-alleen", "pass", "pass"))
    refused(state, "bid troela", "only be a player's first bid")


def test_troela_partner_names_trump_and_leads_his_ace() -> None:
    hands = hands_with({1: "AS AH AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS", 3: "AC"})
    state = start("bsg", hands, actions=("pass", "bid troela", "pass", "pass"))
    view = state.view(None)
    assert view["contract"] == "troela" and view["partner"] == 3 and state.current_player == 3
    assert legal(state) == {"trump S", "trump H", "trump D"}
    refused(state, "trump C", "not be the suit of the partner's ace")
    state.apply("trump D")
    assert state.current_player == 3 and legal(state) == {"play AC"}


def test_joining_and_auction_end() -> None:
    state = start("kampioenschap", NO_ACES, actions=("bid piek",))
    assert "bid piek" in legal(state)
    state.apply("bid piek")
    state.apply("pass")
    state.apply("pass")
    view = state.view(None)
    assert view["phase"] == "play" and view["contract"] == "piek" and view["contract_players"] == [0, 1]


def test_forced_fourth_in_bsg_only() -> None:
    three = ("bid misere", "bid misere", "bid misere")
    bsg = start("bsg", NO_ACES, actions=three)
    assert legal(bsg) == {"bid misere"}
    refused(bsg, "pass", "the fourth must join")
    k = start("kampioenschap", NO_ACES, actions=three)
    assert legal(k) == {"pass", "bid misere", "bid open-misere"}


@pytest.mark.parametrize(
    ("rules", "chooser", "games"),
    [
        ("kampioenschap", 3, {"choose schoppen-mie", "choose een-of-vijf"}),
        ("bsg", 0, {"choose schoppen-mie", "choose noodrik"}),
    ],
)
def test_all_pass_choice(rules: str, chooser: int, games: set[str]) -> None:
    state = start(rules, NO_ACES, actions=("pass",) * 4)
    assert state.current_player == chooser and legal(state) == games


def test_noodrik_chooser_is_the_rikker() -> None:
    state = start("bsg", NO_ACES, actions=(*("pass",) * 4, "choose noodrik"))
    assert state.current_player == 0 and "trump H" in legal(state)  # noodrik: any suit
    state.apply("trump S")
    assert state.view(None)["phase"] == "call" and state.current_player == 0


def test_plain_rik_trump_not_hearts_unless_option() -> None:
    state = start("kampioenschap", NO_ACES, actions=("bid rik", "pass", "pass", "pass"))
    assert legal(state) == {"trump S", "trump D", "trump C"}
    refused(state, "trump H", "hearts are trump only in rik-beter")
    rules = {"preset": "kampioenschap", "plain_may_be_hearts": True}
    assert "trump H" in legal(start(rules, NO_ACES, actions=("bid rik", "pass", "pass", "pass")))


def test_rik_beter_is_hearts_and_goes_to_the_call() -> None:
    state = start("kampioenschap", NO_ACES, actions=("bid rik-beter", "pass", "pass", "pass"))
    view = state.view(None)
    assert view["trump"] == "H" and view["phase"] == "call"
    assert legal(state) == {"call AS", "call AD", "call AC"}


def calls_for(hand: str, trump: str) -> set[str]:
    state = start(
        "kampioenschap", hands_with({0: hand}), actions=("bid rik", "pass", "pass", "pass", f"trump {trump}")
    )
    return legal(state) if state.view(None)["phase"] == "call" else set()


def test_ace_calls() -> None:
    assert calls_for("AS 2S 3S 4S 5S 2H 3H 4H 2D 3D 4D 5D 6D", "S") == {"call AH", "call AD"}
    assert calls_for("AS 2S 3S 4S 5S 6S 3H 4H 2D 3D 4D 5D 6D", "D") == {"call AH"}


def test_king_call_with_four_aces() -> None:
    assert calls_for("AS AH AD AC KS 2S 3S 2H 3H 2D 3D 2C 3C", "S") == {"call KH", "call KD", "call KC"}


def test_blind_call_only_without_an_open_call() -> None:
    assert calls_for("AS 2S 3S 4S 5S 6S 7S AD 2D 3D 4D 5D 6D", "S") == {"call AH blind", "call AC blind"}


def test_no_partner_decision() -> None:
    rules = {"preset": "kampioenschap", "plain_may_be_hearts": True}
    state = start(
        rules,
        hands_with({0: "AS AD AC 2H 3H 4H 5H 6H 7H 2S 2D 2C 3C"}),
        actions=("bid rik", "pass", "pass", "pass", "trump H"),
    )
    view = state.view(None)
    assert view["phase"] == "play" and view["called"] is None and view["partner"] is None


def test_call_reasons() -> None:
    state = start(
        "kampioenschap",
        hands_with({0: "AS 2S 3S 4S 5S 2H 3H 4H 2D 3D 4D 5D 6D"}),
        actions=("bid rik", "pass", "pass", "pass", "trump S"),
    )
    refused(state, "call AS", "non-trump suit")
    refused(state, "call AC", "hold a card of the called suit")
    refused(state, "call KD", "only be called when holding all four aces")
    refused(state, "call AC blind", "only allowed when no ace can be called openly")


def test_five_players_dealer_sits_out() -> None:
    hands = hands_with({}, players=5, dealer=2)
    state = start("kampioenschap", hands, dealer=2)
    seen = []
    for _ in range(4):
        seen.append(state.current_player)
        state.apply("pass")
    assert seen == [3, 4, 0, 1]
    assert state.current_player == 1  # the last bidder chooses (the dealer sits out)
    state.apply("choose een-of-vijf")
    while not state.is_over:
        assert state.current_player != 2
        state.apply(state.legal_actions()[0])
    result = state.result()
    assert result["scores"][2] == 0 and sum(result["scores"]) == 0 and result["details"]["sitting_out"] == 2
    assert state.record()["deal"]["hands"][2] == []
