"""Round and match records (``notation.md``): what is refused as input, what a replay checks."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

import troef
from troef.core.match import Match
from troef.players import RandomBot, play_out

pytestmark = pytest.mark.engine

BASE: dict[str, Any] = {
    "format": "troef-record/1",
    "game": "rififi",
    "rules": "standaard",
    "players": 3,
    "dealer": 0,
    "deal": {"hands": [["AS", "6H"], ["TS", "7H"], ["KS", "8H"]], "trump_card": "9C"},
    "actions": [],
}
# Seat 1 leads 7H, 8H wins; seat 2 leads KS, AS wins: tricks [1, 0, 1].
PLAYED = ["1:bid 1", "2:bid 0", "0:bid 0", "1:play 7H", "2:play 8H", "0:play 6H", "2:play KS", "0:play AS"]
FULL = [*PLAYED, "1:play TS"]


def record(**changes: Any) -> dict[str, Any]:
    """BASE with top-level keys replaced (``None`` removes a key); ``deal_`` updates the deal."""
    rec = copy.deepcopy(BASE)
    for key, value in changes.items():
        if key == "deal_":
            rec["deal"].update(value)
        elif value is None:
            rec.pop(key, None)
        else:
            rec[key] = value
    return rec


def all_dealt(trump_card: str) -> dict[str, Any]:
    """4 players x 9 cards, dealer 3: every card dealt; the dealer holds the clubs and 6H."""
    return record(
        players=4,
        dealer=3,
        deal={
            "hands": [
                ["AS", "TS", "KS", "QS", "JS", "9S", "8S", "7S", "6S"],
                ["AH", "TH", "KH", "QH", "JH", "9H", "8H", "7H", "7C"],
                ["AD", "TD", "KD", "QD", "JD", "9D", "8D", "7D", "6D"],
                ["AC", "TC", "KC", "QC", "JC", "9C", "8C", "6C", "6H"],
            ],
            "trump_card": trump_card,
        },
    )


def test_base_record_is_valid() -> None:
    assert troef.replay(record()) == {
        "over": False,
        "current_player": 1,
        "legal_actions": ["bid 0", "bid 1", "bid 2"],
        "tricks": [0, 0, 0],
    }
    result = troef.replay(record(actions=FULL))
    assert result["over"] is True
    assert result["tricks"] == [1, 0, 1]
    assert result["scores"] == [-1, -1, -1]
    assert result["details"]["bids"] == [0, 1, 0]


# Records that are not valid input: RecordError


@pytest.mark.parametrize(
    ("rec", "message"),
    [
        (record(format="troef-record/2"), "unknown format 'troef-record/2'; expected 'troef-record/1' or"),
        (record(format=None), "unknown format None"),
        (record(game="whist"), "unknown game 'whist'; games: rififi, rikken"),
        (record(game=None), "unknown game None"),
        (record(players=2), "rififi is played by 3 to 6 players, not 2"),
        (record(players=7), "rififi is played by 3 to 6 players, not 7"),
        (record(players="3"), "rififi is played by 3 to 6 players, not '3'"),
        (record(players=4), "deal.hands must list 4 hands"),
        (record(rules="bsg"), "rififi has no preset 'bsg'"),
        (record(rules={"preset": "standaard", "hook": "yes"}), "option 'hook': 'yes' is not allowed"),
        (record(dealer=3), "dealer must be a seat 0..2, not 3"),
        (record(dealer=-1), "dealer must be a seat 0..2, not -1"),
        (record(dealer="0"), "dealer must be a seat 0..2, not '0'"),
        (record(dealer=True), "dealer must be a seat 0..2, not True"),
        (record(deal=None), "record has no 'deal' object"),
        (record(deal=[["AS"], ["KS"], ["QS"]]), "record has no 'deal' object"),
        (record(deal_={"hands": [["AS", "6H"], ["TS", "7H"]]}), "deal.hands must list 3 hands"),
        (record(deal_={"hands": "AS 6H"}), "deal.hands must list 3 hands"),
        (
            record(deal_={"hands": [["AS", "6H"], "TS 7H", ["KS", "8H"]]}),
            "deal.hands[1] must be a list of card codes",
        ),
        (
            record(deal_={"hands": [["AS", "6H"], ["TS", 7], ["KS", "8H"]]}),
            "deal.hands[1] must be a list of card codes",
        ),
        (record(deal_={"hands": [["AS", "ZZ"], ["TS", "7H"], ["KS", "8H"]]}), "not a card: 'ZZ'"),
        (record(deal_={"trump_card": "1C"}), "not a card: '1C'"),
        (record(deal_={"trump_card": 5}), "trump_card must be a card code or null, not 5"),
        (record(deal_={"hands": [["AS", "6H"], ["AS", "7H"], ["KS", "8H"]]}), "AS is dealt twice"),
        (record(deal_={"hands": [["AS", "6H"], ["TS", "7H"], ["KS", "as"]]}), "AS is dealt twice"),
        (record(deal_={"trump_card": "AS"}), "trump_card AS is also dealt to a hand"),
        (record(deal_={"trump_card": "8h"}), "trump_card 8H is also dealt to a hand"),
        (
            record(deal_={"hands": [["AS", "6H"], ["TS"], ["KS", "8H"]]}),
            "every hand must hold the same number of cards, 1..12",
        ),
        (record(deal_={"hands": [[], [], []]}), "every hand must hold the same number of cards, 1..12"),
        (
            record(deal_={"hands": [["2S", "6H"], ["TS", "7H"], ["KS", "8H"]]}),
            "2S in deal.hands[0] is not in the german36 pack",
        ),
        (record(deal_={"trump_card": "5C"}), "trump_card 5C is not in the german36 pack"),
        (record(actions="bid 1"), "actions must be a list of strings"),
        (record(actions=["bid 1", 0]), "actions must be a list of strings"),
        (record(actions=[["bid 1"]]), "actions must be a list of strings"),
        (record(result=[1, 2, 3]), "result must be an object"),
    ],
)
def test_record_errors(rec: dict[str, Any], message: str) -> None:
    with pytest.raises(troef.RecordError) as info:
        troef.replay(rec)
    assert message in str(info.value)


@pytest.mark.parametrize("value", [[], "record", 3, None])
def test_not_an_object(value: object) -> None:
    with pytest.raises(troef.RecordError, match="a record is a JSON object"):
        troef.replay(value)  # type: ignore[arg-type]
    game = troef.load_game("rififi", players=3)
    with pytest.raises(troef.RecordError, match="a round record is a JSON object"):
        game.from_record(value)  # type: ignore[arg-type]


def test_from_record_checks_game_and_players() -> None:
    game = troef.load_game("rififi", "standaard", 4)
    with pytest.raises(troef.RecordError, match="record has 3 players, this game 4"):
        game.from_record(record())
    with pytest.raises(troef.RecordError, match="record is for game 'whist', not 'rififi'"):
        game.from_record(record(game="whist", players=4))


def test_all_dealt_trump_card_in_the_dealers_hand() -> None:
    result = troef.replay(all_dealt("6C"))
    assert result["current_player"] == 0
    assert result["legal_actions"] == [f"bid {n}" for n in sorted(map(str, range(10)))]


@pytest.mark.parametrize("trump_card", ["AS", "7C", "6D"])
def test_all_dealt_trump_card_elsewhere(trump_card: str) -> None:
    with pytest.raises(
        troef.RecordError, match="all cards are dealt: trump_card must be the dealer's last card, in his hand"
    ):
        troef.replay(all_dealt(trump_card))


def test_french_card_in_standaard() -> None:
    rec = record(deal_={"hands": [["AS", "2S"], ["TS", "7H"], ["KS", "8H"]]})
    with pytest.raises(troef.RecordError, match=r"2S in deal.hands\[0\] is not in the german36 pack"):
        troef.replay(rec)
    # the same deal is fine with the 52-card pack
    assert troef.replay({**rec, "rules": "oh-hell"})["current_player"] == 1


def test_fixed_tricks_fix_the_hand_size() -> None:
    three = record(rules={"preset": "oh-hell", "tricks": 3})
    three["deal"] = {
        "hands": [["AS", "KS", "2H"], ["QS", "3H", "4D"], ["JS", "5H", "AC"]],
        "trump_card": "2D",
    }
    assert troef.replay(three)["legal_actions"] == ["bid 0", "bid 1", "bid 2", "bid 3"]
    two = record(rules={"preset": "oh-hell", "tricks": 3})
    two["deal"] = {"hands": [["AS", "KS"], ["QS", "3H"], ["JS", "5H"]], "trump_card": "2D"}
    with pytest.raises(troef.RecordError, match="the rules fix 3 cards per hand, the deal has 2"):
        troef.replay(two)


def test_null_and_missing_trump_card_mean_no_trump() -> None:
    rec = record(actions=FULL, deal_={"trump_card": None})
    assert troef.replay(rec)["details"]["trump"] is None
    assert troef.replay(rec)["details"]["trump_card"] is None


# Replays that fail: ReplayError


def replay_error(rec: dict[str, Any]) -> troef.ReplayError:
    with pytest.raises(troef.ReplayError) as info:
        troef.replay(rec)
    return info.value


def test_illegal_action() -> None:
    error = replay_error(record(actions=["1:bid 1", "2:bid 0", "bid 5"]))
    assert error.index == 2
    assert str(error) == (
        "action 2 'bid 5': seat 0: 'bid 5' is not legal (a bid is a number of tricks from 0 to 2); "
        "legal: bid 0, bid 1, bid 2"
    )


def test_illegal_card() -> None:
    error = replay_error(record(actions=["bid 1", "bid 0", "bid 0", "play 7H", "play KS"]))
    assert error.index == 4
    message = str(error)
    assert message.startswith("action 4 'play KS': seat 2: 'play KS' is not legal")
    assert "you must follow H" in message
    assert message.endswith("legal: play 8H")


def test_garbage_action() -> None:
    error = replay_error(record(actions=["1:bid 1", "hello world"]))
    assert error.index == 1
    assert "action 1 'hello world': seat 2:" in str(error)
    assert "unknown action 'hello'" in str(error)
    assert str(error).endswith("legal: bid 0, bid 1, bid 2")


def test_action_after_the_round() -> None:
    error = replay_error(record(actions=[*FULL, "play AS"]))
    assert error.index == len(FULL)
    assert "nobody may act: the round is over" in str(error)


def test_seat_prefix_for_the_wrong_seat() -> None:
    error = replay_error(record(actions=["2:bid 1"]))
    assert error.index == 0
    assert str(error) == "action 0 '2:bid 1': it is seat 1's turn, not seat 2's; legal: bid 0, bid 1, bid 2"
    error = replay_error(record(actions=[*PLAYED, "0:play TS"]))
    assert error.index == len(PLAYED)
    assert "it is seat 1's turn, not seat 0's; legal: play TS" in str(error)


def test_seat_prefix_for_the_right_seat_is_accepted() -> None:
    plain = [entry.split(":", 1)[1] for entry in FULL]
    with_seats = troef.replay(record(actions=FULL))
    assert troef.replay(record(actions=plain)) == with_seats
    mixed = [entry if i % 2 else entry.split(":", 1)[1] for i, entry in enumerate(FULL)]
    assert troef.replay(record(actions=mixed)) == with_seats
    spaced = [entry.replace(":", ": ") for entry in FULL]
    assert troef.replay(record(actions=spaced)) == with_seats


@pytest.mark.parametrize(
    ("expected", "key", "theirs", "ours"),
    [
        ({"scores": [-1, -1, 10]}, "'scores'", "[-1, -1, 10]", "[-1, -1, -1]"),
        ({"tricks": [0, 1, 1]}, "'tricks'", "[0, 1, 1]", "[1, 0, 1]"),
        ({"over": False}, "'over'", "False", "True"),
        ({"details": {"bids": [0, 1, 1]}}, "'details.bids'", "[0, 1, 1]", "[0, 1, 0]"),
        ({"details": {"trump": "H"}}, "'details.trump'", "'H'", "'C'"),
        ({"winner": 0}, "'winner'", "0", "None"),
    ],
)
def test_result_mismatch(expected: dict[str, Any], key: str, theirs: str, ours: str) -> None:
    message = str(replay_error(record(actions=FULL, result=expected)))
    assert f"result {key}" in message
    assert f"record says {theirs}, engine computes {ours}" in message


def test_partial_result_matches_key_by_key() -> None:
    assert troef.replay(record(actions=FULL, result={"scores": [-1, -1, -1]}))["over"] is True
    assert troef.replay(record(actions=FULL, result={"details": {"hand_size": 2}}))["tricks"] == [1, 0, 1]
    position = {"over": False, "current_player": 0, "legal_actions": ["play AS"]}
    assert troef.replay(record(actions=PLAYED[:-1], result=position))["tricks"] == [0, 0, 1]


def test_position_mismatch() -> None:
    message = str(replay_error(record(actions=PLAYED[:3], result={"legal_actions": ["play 7H"]})))
    assert (
        "result 'legal_actions': record says ['play 7H'], engine computes ['play 7H', 'play TS']" in message
    )


# Match records


def play_match(rules: object, players: int, seed: int) -> Match:
    game = troef.load_game("rififi", rules, players)
    match = Match(game, names=[f"p{i}" for i in range(players)], seed=seed)
    bots = [RandomBot(seed * 10 + i) for i in range(players)]
    while not match.is_over:
        state = match.next_round()
        play_out(state, bots)
        match.finish_round(state)
    return match


@pytest.mark.parametrize(
    ("rules", "players"),
    [("standaard", 3), ("standaard", 6), ("oh-hell", 4), ({"preset": "oh-hell", "tricks": 2}, 3)],
)
def test_match_record_replays_with_totals(rules: object, players: int) -> None:
    match = play_match(rules, players, seed=players)
    rec = json.loads(json.dumps(match.record()))
    assert rec["format"] == "troef-match/1"
    assert rec["players"] == [f"p{i}" for i in range(players)]
    assert len(rec["rounds"]) == match.game.match_rounds()
    result = troef.replay(rec)
    assert result["over"] is True
    assert result["totals"] == match.totals == rec["totals"]
    assert [r["scores"] for r in result["rounds"]] == [row.scores for row in match.sheet]


def test_match_record_with_wrong_totals_fails() -> None:
    rec = json.loads(json.dumps(play_match("oh-hell", 3, seed=5).record()))
    good = list(rec["totals"])
    rec["totals"][1] += 1
    with pytest.raises(troef.ReplayError) as info:
        troef.replay(rec)
    assert str(info.value) == f"totals: record says {rec['totals']!r}, engine computes {good!r}"


def test_match_record_round_errors_name_the_round() -> None:
    rec = json.loads(json.dumps(play_match("standaard", 3, seed=2).record()))
    broken = copy.deepcopy(rec)
    broken["rounds"][1]["result"]["scores"][0] += 1
    with pytest.raises(troef.ReplayError, match=r"^round 2: result 'scores'"):
        troef.replay(broken)
    broken = copy.deepcopy(rec)
    broken["rounds"][2]["actions"][0] = "bid 99"
    with pytest.raises(troef.ReplayError, match=r"^round 3: action 0 'bid 99'"):
        troef.replay(broken)
    with pytest.raises(troef.RecordError, match="a match record has a non-empty list 'rounds'"):
        troef.replay({**rec, "rounds": []})


# state.record() replays to the same result


@pytest.mark.parametrize(
    ("rules", "players"),
    [("standaard", 3), ("standaard", 4), ("standaard", 6), ("oh-hell", 3), ("oh-hell", 5)],
)
@pytest.mark.parametrize("seed", range(8))
def test_state_record_replays(rules: str, players: int, seed: int) -> None:
    game = troef.load_game("rififi", rules, players)
    state = game.deal(seed=seed, dealer=seed % players, hand_size=1 + seed % 5)  # type: ignore[call-arg]
    bots = [RandomBot(seed * 7 + i) for i in range(players)]
    halfway = None
    while state.current_player is not None:
        if len(state.actions) == players + 2:
            halfway = (state.record(), state.result())
        state.apply(bots[state.current_player].act(state.view(state.current_player)))
    rec = json.loads(json.dumps(state.record()))
    assert rec["result"] == state.result()
    assert troef.replay(rec) == state.result()
    assert troef.replay({k: v for k, v in rec.items() if k != "result"}) == state.result()
    if halfway is not None:
        partial, result = halfway
        assert "result" not in partial
        assert troef.replay(partial) == result
