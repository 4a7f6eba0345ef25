"""The search bots' play-out policies: the greedy trick player on hand-made tricks, and every game's
policy playing whole rounds legally."""

from __future__ import annotations

import random

import pytest

import troef
from troef.core.actions import Action
from troef.core.cards import CardSet, parse_card
from troef.core.tricks import FOLLOW_RULES, TrickState, rank_power, turn_tables, winner_keys
from troef.games.rikken.contracts import CONTRACTS
from troef.games.rikken.state import RikkenState
from troef.players.kits import KITS
from troef.players.rikken.playout import aim
from troef.players.shared.playouts import ANY, LOSE, WIN, greedy_card, trump_costs

pytestmark = pytest.mark.engine

POWER = rank_power("AKQJT98765432")
S, H, D, C = range(4)


class Table(TrickState):
    """A trick on the table and four hands, for the greedy player alone (no phases, no scoring)."""

    def __init__(self, hands: list[str], trick: str = "", leader: int = 0, trump: int = -1) -> None:
        self.n = 4
        self.seat_after, self.order = turn_tables(4, (0, 1, 2, 3))
        self.hands = [CardSet.parse(h).mask for h in hands]
        self.trump = trump
        self.keys = winner_keys(POWER, trump)
        self.follow = FOLLOW_RULES["follow-else-any"]
        self.exempt = 0
        self.start_play(leader)
        self.in_play = True
        self.trick = [parse_card(c) for c in trick.split()]
        self.current_player = (leader + len(self.trick)) % 4
        self.teams = [0b0001, 0b0010, 0b0100, 0b1000]

    def allies(self, seat: int) -> int:
        return next(team for team in self.teams if team >> seat & 1)

    def pre_play_actions(self) -> list[Action]:
        return []

    def apply_pre_play(self, action: Action) -> bool:
        return False

    def result(self) -> dict[str, object]:
        return {}

    def view(self, seat: object) -> dict[str, object]:
        return {}

    def deal_record(self) -> dict[str, object]:
        return {}

    def clone(self) -> Table:
        return self


def card(state: Table, aim: int, feed: tuple[int, ...] | None = None, hidden: str | None = None) -> str:
    unseen = None if hidden is None else CardSet.parse(hidden).mask
    return troef.core.cards.CODES[greedy_card(state, aim, trump_costs(POWER, state.trump), feed, unseen)]


# seat 0 led 5S; seat 1 to play; seat 2 holds QS, seat 3 nothing in spades
HANDS = ["2C", "KS 3S AH 4H", "QS 9S 7H", "2D 3D 4D"]


def test_wanting_the_trick_it_takes_it_with_the_cheapest_card_nobody_later_beats() -> None:
    assert card(Table(HANDS, "5S", leader=0), WIN) == "KS"  # 3S loses to QS, KS holds


def test_without_a_safe_winner_it_gives_its_cheapest_card() -> None:
    hands = ["2C", "JS 3S AH", "QS 9S 7H", "2D 3D 4D"]
    assert card(Table(hands, "5S", leader=0), WIN) == "3S"


def test_not_wanting_the_trick_it_ducks_with_its_dearest_losing_card() -> None:
    hands = ["2C", "KS 4S 3S", "QS 9S 7H", "2D 3D 4D"]
    assert card(Table(hands, "5S", leader=0), LOSE) == "4S"


def test_when_every_card_wins_it_plays_the_dearest_a_later_player_can_still_beat() -> None:
    hands = ["2C", "AS KS JS", "QS 9S 7H", "2D 3D 4D"]
    assert card(Table(hands, "5S", leader=0), LOSE) == "JS"  # QS beats JS, not KS or AS


def test_an_allys_safe_trick_gets_the_cheapest_card_or_the_dearest_to_feed() -> None:
    hands = ["2C", "KS 3S 2S", "9S 7H", "2D 3D 4D"]
    state = Table(hands, "AS", leader=0)
    state.teams = [0b0011, 0b1100]  # seats 0 and 1 together: AS holds against 2 and 3
    assert card(state, WIN) == "2S"
    feed = tuple(10 if c == parse_card("KS") else 0 for c in range(52))
    assert card(state, WIN, feed) == "KS"


def test_an_allys_trick_that_an_enemy_can_still_beat_is_taken_safely() -> None:
    hands = ["2C", "AS 3S", "KS 7H", "2D 3D 4D"]
    state = Table(hands, "QS", leader=0)
    state.teams = [0b0011, 0b1100]  # QS is seat 0's, but seat 2 holds KS
    assert card(state, WIN) == "AS"


def test_leading_it_wants_a_card_no_enemy_beats_or_one_they_do() -> None:
    hands = ["AS 2S KH 3H", "QS 5S", "QH 4H", "JS 2H"]
    assert card(Table(hands, leader=0), WIN) == "KH"  # AS and KH are sure winners; KH is cheaper
    hands = ["AS 2S AH 3H", "QS 5S", "QH 4H", "JS 2H"]
    assert card(Table(hands, leader=0), WIN) == "AS"  # equally cheap: the first
    assert card(Table(hands, leader=0), LOSE) == "3H"  # the dearest card an enemy can beat
    assert card(Table(hands, leader=0), ANY) == "2S"


def test_not_reading_the_other_hands_every_unseen_card_may_be_against_it() -> None:
    hands = ["2C", "KS 6S AH 4H", "2S 7H", "2D 3D 4D"]  # nobody after seat 1 can beat 6S
    assert card(Table(hands, "5S", leader=0), WIN) == "6S"
    assert card(Table(hands, "5S", leader=0), WIN, hidden="QS 2S 7H 2D 3D 4D") == "KS"  # QS may be out
    assert card(Table(hands, "5S", leader=0), WIN, hidden="2S 7H 2D 3D 4D") == "6S"
    leads = ["AS 2S KH 3H", "5S", "4H", "2H"]  # nobody holds AH, but it may be out
    assert card(Table(leads, leader=0), WIN) == "KH"
    assert card(Table(leads, leader=0), WIN, hidden="AH 5S 4H 2H") == "AS"


def test_a_ruff_is_safe_only_when_no_later_enemy_can_overruff() -> None:
    # seat 1 is void in spades; seat 2 must follow with 6S, seat 3 is void and holds 5H
    hands = ["2C", "4H 7C 8C", "6S 3H", "5H 2D"]
    assert card(Table(hands, "5S", leader=0, trump=H), WIN) == "7C"  # 4H would be overruffed
    hands = ["2C", "6H 7C 8C", "6S 3H", "5H 2D"]
    assert card(Table(hands, "5S", leader=0, trump=H), WIN) == "6H"


def test_every_games_policy_plays_whole_rounds_legally(game_name: str, preset: str, players: int) -> None:
    game = troef.load_game(game_name, preset, players)
    rng = random.Random(0)
    for seed in range(6):
        policy = KITS[game_name].playout(game, seed)
        state = game.deal(seed, seed % players)
        while not state.is_over:
            choice = policy(state, rng)
            text = choice if isinstance(choice, str) else choice.text
            assert text in {a.text for a in state.legal_actions()}
            state.apply(choice)


@pytest.mark.parametrize("trump", [-1, S, C])
def test_trump_costs_put_trumps_above_every_other_suit(trump: int) -> None:
    cost = trump_costs(POWER, trump)
    for c in range(52):
        for d in range(52):
            if c // 13 == trump and d // 13 != trump:
                assert cost[c] > cost[d]
            if c // 13 == d // 13:
                assert (cost[c] > cost[d]) == (POWER[c] > POWER[d])


def rikken_round() -> RikkenState:
    state = troef.load_game("rikken").deal(1, 0)
    assert isinstance(state, RikkenState)
    return state


@pytest.mark.parametrize(
    ("contract", "won", "aims"),
    [
        ("rik", [0, 0, 0, 0], [WIN] * 4),
        ("piek", [0, 0, 0, 0], [WIN, WIN, WIN, WIN]),  # seat 1 plays piek: he wants one, they want them all
        ("piek", [0, 1, 0, 0], [LOSE, LOSE, LOSE, LOSE]),  # he has it: he ducks, they feed him
        ("misere", [0, 0, 0, 0], [LOSE] * 4),
        ("schoppen-mie", [1, 0, 2, 0], [LOSE] * 4),
        ("een-of-vijf", [0, 1, 3, 6], [WIN, LOSE, WIN, ANY]),
    ],
)
def test_rikken_seats_want_what_the_contract_asks(contract: str, won: list[int], aims: list[int]) -> None:
    state = rikken_round()
    state.contract, state.players, state.won = CONTRACTS[contract], (1,), won
    assert [aim(state, seat) for seat in range(4)] == aims


def test_rikken_allies_are_the_sides_of_the_contract() -> None:
    state = rikken_round()
    state.contract, state.players = CONTRACTS["piek"], (1, 3)
    assert [state.allies(seat) for seat in range(4)] == [0b0101, 0b0010, 0b0101, 0b1000]
    state.contract, state.players = CONTRACTS["schoppen-mie"], (0, 1, 2, 3)
    assert [state.allies(seat) for seat in range(4)] == [0b0001, 0b0010, 0b0100, 0b1000]
    state.contract, state.declarer, state.partner = CONTRACTS["rik"], 2, 0
    assert [state.allies(seat) for seat in range(4)] == [0b0101, 0b1010, 0b0101, 0b1010]


@pytest.mark.parametrize("preset", ["standaard", "oh-hell"])
def test_rififis_bidding_play_outs_bid_as_the_heuristic_then_play_any_legal_card(preset: str) -> None:
    game = troef.load_game("rififi", preset, 4)
    rng = random.Random(0)
    kit = KITS["rififi"]
    assert kit.bidding is not None
    greedy, bidding = kit.playout(game, 5), kit.bidding(game, 5)
    state = game.deal(3, 0)
    while state.phase == "bid":
        assert bidding(state, rng) == greedy(state, rng)  # the same heuristic bids
        state.apply(greedy(state, rng))
    legal = {a.text for a in state.legal_actions()}
    played = {bidding(state, rng) for _ in range(200)}
    assert played == legal  # every legal card, not only the greedy one
    while not state.is_over:
        choice = bidding(state, rng)
        assert choice in {a.text for a in state.legal_actions()}
        state.apply(choice)
