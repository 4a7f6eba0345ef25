"""Rikken play (rikken.md sections 4-5), views and scoring (section 6)."""

from __future__ import annotations

import random

import pytest

import troef
from test_rikken_bidding import hands_with, legal, refused, start
from troef.core.game import State
from troef.core.match import Match
from troef.games.rikken.scoring import BSG, KAMPIOENSCHAP, Ledger, settle_piek_misere, settle_schoppen_mie

pytestmark = pytest.mark.engine

RIK = ("bid rik", "pass", "pass", "pass")
# dealer 3: seat 0 bids first and leads trick 1.  Seat 0 rikker: spades and diamonds without AD;
# seat 2 holds AD
RIKKER = "AS KS QS JS TS 9S 8S 2D 3D 4D 5D 6D 7D"
PARTNER = "AD KD QD 2H 3H 4H 5H 6H 7H 8H 9H TH JH"


SEAT1 = "2S 3S 4S 5S 6S 7S 8D 9D TD JD 2C 3C 4C"
RIK_HANDS = hands_with({0: RIKKER, 1: SEAT1, 2: PARTNER})  # seat 3: QH KH AH and clubs 5C-AC


def rik_called_ad() -> State:
    return start("kampioenschap", RIK_HANDS, actions=(*RIK, "trump S", "call AD"))


def test_holder_must_play_the_called_card() -> None:
    state = rik_called_ad()
    state.apply("play 2D")  # the rikker leads diamonds, seat 2 holds the called ace
    state.apply("play 8D")
    assert legal(state) == {"play AD"}
    refused(state, "play KD", "you hold the called card AD and must play it")


def test_called_card_is_kept_when_void() -> None:
    state = rik_called_ad()
    state.apply("play 8S")  # trump led; seat 2 is void in spades
    state.apply("play 2S")
    assert "play AD" not in legal(state) and "play 2H" in legal(state)
    refused(state, "play AD", "may not discard the called card")
    off = {"preset": "kampioenschap", "called_card_kept": False}
    state = start(off, RIK_HANDS, actions=(*RIK, "trump S", "call AD", "play 8S", "play 2S"))
    assert "play AD" in legal(state)


def test_partner_hidden_until_the_called_card_is_played() -> None:
    hands = RIK_HANDS
    moved = [h[:] for h in hands]
    i, j = moved[2].index("AD"), moved[3].index("5C")
    moved[2][i], moved[3][j] = "5C", "AD"
    a = start("kampioenschap", hands, actions=(*RIK, "trump S", "call AD"))
    b = start("kampioenschap", moved, actions=(*RIK, "trump S", "call AD"))
    for seat in (0, 1, None):
        assert a.view(seat) == b.view(seat)
    assert a.view(None)["partner"] is None
    for card in ("2D", "8D", "AD"):
        a.apply(f"play {card}")
    assert a.view(1)["partner"] == 2


def blind_rik() -> State:
    rikker = "AS KS QS JS TS 9S 8S 7S AH KH QH JH TH"  # void in diamonds and clubs
    hands = hands_with({0: rikker, 2: "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"})
    state = start("kampioenschap", hands, actions=(*RIK, "trump S"))
    assert legal(state) == {"call AD blind", "call AC blind"}
    state.apply("call AD blind")
    return state


def test_blind_lead_for_the_called_ace() -> None:
    state = blind_rik()
    assert {"play 7S blind", "play AH blind"} <= legal(state)
    state.apply("play AS blind")
    assert state.view(1)["trick"] == ["??"] and state.view(0)["trick"] == ["AS"]
    state.apply(next(a for a in state.legal_actions() if a.text.endswith("H")))  # seat 1: void, a heart
    assert legal(state) == {"play AD"}
    state.apply("play AD")
    state.apply(state.legal_actions()[0])
    last = state.view(None)["history"][-1]
    assert last["cards"][0] == "AS" and last["blind"] is True
    assert last["winner"] == 2, "the blind card never wins, not even the trump ace"


def test_blind_play_refused_for_others() -> None:
    state = blind_rik()
    state.apply("play 7S")
    refused(state, "play 2S blind", "only the rikker")


def test_schoppen_mie_spades() -> None:
    hands = hands_with(
        {
            0: "4S 5S 6S 7S 8S 9S 2C 3C 4C 5C 6C 7C 8C",
            1: "QS 2S 3S 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
            2: "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
        }
    )
    state = start("kampioenschap", hands, actions=(*("pass",) * 4, "choose schoppen-mie"))
    assert state.current_player == 0
    assert not any(a.endswith("S") for a in legal(state))
    state.apply(next(a.text for a in state.legal_actions() if a.text.endswith("C")))
    assert not any(a.endswith("S") for a in legal(state))  # seat 1 is void in clubs
    refused(state, "play 2S", "no spades in the first three tricks")


def test_queen_of_spades_must_go_after_trick_three() -> None:
    lines = (
        "QH KH AH 2C 3C 4C 5C 6C 7C 8C 9C TC JC",  # seat 0: three heart tricks, then a club lead
        "QS 2S 3S 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
        "4S 5S 6S 7S 8S 9S TS JS KS AS 2D 3D 4D",
        "5D 6D 7D 8D 9D TD JD QD KD AD QC KC AC",
    )
    hands = [line.split() for line in lines]
    state = start("kampioenschap", hands, actions=(*("pass",) * 4, "choose schoppen-mie"))
    for card in ("AH", "2H", "2D", "5D", "KH", "3H", "3D", "6D", "QH", "4H", "4D", "7D", "2C"):
        state.apply(f"play {card}")  # seat 0 takes three heart tricks, then leads a club
    assert legal(state) == {"play QS"}
    refused(state, "play 5H", "must play the queen of spades")


def test_piek_ends_early_when_certain() -> None:
    hands = hands_with({0: "AS KS QS JS AH KH QH JH AD KD QD JD AC"})
    state = start("kampioenschap", hands, actions=("bid piek", "pass", "pass", "pass"))
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    result = state.result()
    assert result["tricks"][0] == 2 and sum(result["tricks"]) < 13
    assert result["scores"] == [-45, 15, 15, 15] and result["details"]["made"][0] is False


@pytest.mark.parametrize(("rules", "leader"), [("kampioenschap", 0), ("bsg", 1)])
def test_open_hand_after_five_tricks(rules: str, leader: int) -> None:
    """K: open misère is led as usual, from the dealer's left; B: by its bidder."""
    state = start(rules, hands_with({}), actions=("bid misere", "pass", "pass", "pass"))
    assert state.view(None)["open_hands"] == [None] * 4
    state = start(rules, hands_with({}), actions=("bid misere", "bid open-misere", "pass", "pass", "pass"))
    assert state.current_player == leader
    while len(state.view(None)["history"]) < 5 and not state.is_over:
        assert state.view(2)["open_hands"][1] is None
        state.apply(state.legal_actions()[0])
    if not state.is_over:
        assert state.view(2)["open_hands"][1] == state.view(1)["hand"]


@pytest.mark.parametrize(("rules", "all_open"), [("kampioenschap", False), ("bsg", True)])
def test_praatje_shows_every_hand_only_in_bsg(rules: str, all_open: bool) -> None:
    state = start(
        rules,
        hands_with({}),
        actions=("bid piek", "bid open-piek", "bid open-piek-praatje", "pass", "pass", "pass"),
    )
    hands = [state.view(s)["hand"] for s in range(4)]
    assert state.view(None)["open_hands"] == (hands if all_open else [None] * 4)


def test_two_open_piekers_lead_tricks_one_and_two() -> None:
    state = start(
        "kampioenschap",
        hands_with({}),
        actions=("bid piek", "bid open-piek", "bid open-piek", "pass", "pass"),
    )
    assert state.current_player == 1
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    if not state.is_over:
        assert state.current_player == 2


@pytest.mark.parametrize(
    ("table", "contract", "target", "tricks", "amount"),
    [
        (KAMPIOENSCHAP, "rik", 8, 8, 10),
        (KAMPIOENSCHAP, "rik", 8, 10, 20),
        (KAMPIOENSCHAP, "rik", 8, 13, 70),
        (KAMPIOENSCHAP, "rik", 8, 7, 10),
        (KAMPIOENSCHAP, "rik", 8, 5, 20),
        (KAMPIOENSCHAP, "rik-beter", 8, 9, 45),
        (KAMPIOENSCHAP, "8-alleen-beter", 8, 6, 15),
        (KAMPIOENSCHAP, "9-alleen", 9, 10, 75),
        (KAMPIOENSCHAP, "10-alleen", 10, 3, 40),
        (KAMPIOENSCHAP, "12-alleen", 12, 11, 55),
        (KAMPIOENSCHAP, "13-alleen", 13, 13, 210),
        (KAMPIOENSCHAP, "13-alleen", 13, 10, 80),
        (BSG, "rik", 8, 8, 5),
        (BSG, "rik", 8, 12, 25),
        (BSG, "rik", 8, 13, 50),
        (BSG, "rik", 8, 5, 15),
        (BSG, "noodrik", 7, 7, 5),
        (BSG, "10-alleen", 10, 13, 50),
        (BSG, "10-alleen", 10, 10, 15),
        (BSG, "10-alleen", 10, 11, 20),
        (BSG, "10-alleen", 10, 8, 10),
        (BSG.scaled(alleen_as_rik=False), "10-alleen", 10, 13, 30),
        (BSG.scaled(alleen_as_rik=False), "10-alleen", 10, 11, 10),
        (KAMPIOENSCHAP.scaled(alleen_as_rik=False), "10-alleen", 10, 11, 105),
        (BSG, "13-open-kapot", 13, 12, 100),
    ],
)
def test_trick_tables(table: object, contract: str, target: int, tricks: int, amount: int) -> None:
    assert table.tricks[contract].amount(target, tricks) == amount  # type: ignore[attr-defined]


def play_random(rules: object, players: int, seed: int) -> State:
    game = troef.load_game("rikken", rules, players)
    state = game.deal(seed, seed % players)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("rules", ["kampioenschap", "bsg"])
def test_failed_rik_is_paid_by_the_rikker_alone(rules: str) -> None:
    for seed in range(400):
        game = troef.load_game("rikken", rules, 4)
        state = game.deal(seed, 3)
        rng = random.Random(seed)
        state.apply("bid rik")
        for _ in range(3):
            state.apply("pass")
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        result = state.result()
        details = result["details"]
        partner = details["partner"]
        if partner is None or details["made"][0]:
            continue
        assert result["scores"][partner] == 0 and sum(result["scores"]) == 0
        amount = -result["scores"][0] // 2
        assert sorted(result["scores"]) == [-2 * amount, 0, amount, amount]
        return
    pytest.fail("no failed rik with a partner in 400 deals")


def test_bsg_two_piekers_settle_as_sides() -> None:
    for made, want in (
        ({0: True, 1: True}, [60, 60, -60, -60]),
        ({0: False, 1: False}, [-60, -60, 60, 60]),
        ({0: True, 1: False}, [30, -30, 0, 0]),
    ):
        ledger = Ledger(4)
        settle_piek_misere(ledger, BSG, "piek", [0, 1], made, [0, 1, 2, 3])
        assert ledger.scores == want


def test_kampioenschap_two_piekers_settle_each_alone() -> None:
    ledger = Ledger(4)
    settle_piek_misere(ledger, KAMPIOENSCHAP, "piek", [0, 1], {0: True, 1: False}, [0, 1, 2, 3])
    assert ledger.scores == [60, -60, 0, 0]  # two settlements between them: A wins his, B loses his


def test_schoppen_mie_amounts() -> None:
    k, b = Ledger(4), Ledger(4)
    settle_schoppen_mie(k, KAMPIOENSCHAP, 1, 1, [0, 1, 2, 3])
    settle_schoppen_mie(b, BSG, 1, 1, [0, 1, 2, 3])
    assert k.scores == [10, -30, 10, 10] and b.scores == [25, -75, 25, 25]


def traditional_deals(first: troef.State, dealer: int, players: int) -> list[list[set[str]]]:
    """Every deal (one per cut) that gathering ``first``'s tricks in play order, the cards left in
    hands seat by seat, cutting once and dealing 6 then 7 from the dealer's left can give (1.3)."""
    record = first.record()
    played = [a.split()[1] for a in record["actions"] if a.startswith("play ")]
    # then the cards still in hands after an early end, seat by seat in card order
    pile = played + [c for hand in record["deal"]["hands"] for c in hand if c not in played]
    seats = [s for s in ((dealer + 1 + k) % players for k in range(players)) if players == 4 or s != dealer]
    deals = []
    for cut in range(len(pile)):
        cards = pile[cut:] + pile[:cut]
        hands: list[set[str]] = [set() for _ in range(players)]
        top = 0
        for size in (6, 7):
            for seat in seats:
                hands[seat] |= set(cards[top : top + size])
                top += size
        deals.append(hands)
    return deals


@pytest.mark.parametrize(("players", "deal"), [(4, "traditional"), (5, "traditional"), (4, "random")])
def test_traditional_deal_gathers_the_previous_round(players: int, deal: str) -> None:
    game = troef.load_game("rikken", {"preset": "kampioenschap", "deal": deal}, players)
    match = Match(game, seed=3)
    first = match.next_round()
    rng = random.Random(1)
    while not first.is_over:
        first.apply(rng.choice(first.legal_actions()))
    match.finish_round(first)
    dealer = match.dealer
    second = match.next_round()
    hands = [set(h) for h in second.record()["deal"]["hands"]]
    assert (hands in traditional_deals(first, dealer, players)) == (deal == "traditional")
    if players == 5:
        assert hands[dealer] == set()


PRAATJE = ("bid misere", "bid open-misere", "bid open-misere-praatje", "pass", "pass", "pass")
LOW_HANDS = hands_with({2: "2S 3S 4S 5S 2H 3H 4H 2D 3D 4D 2C 3C 4C"})  # seat 2 never takes a trick


def lowest(state: State) -> str:
    return min(legal(state), key=lambda action: "23456789TJQKA".index(action[5]))


@pytest.mark.parametrize("preset", ["kampioenschap", "bsg"])
def test_table_talk_in_a_praatje(preset: str) -> None:
    """Seed 000 §10, §12: in K nobody talks about the game during a round, but a praatje's player once
    his hand lies open (after trick 5); B (``table_talk``) lets everyone talk; everyone once it is over."""
    state = start(preset, LOW_HANDS)
    everyone = preset == "bsg"
    assert [state.may_talk(s) for s in range(4)] == [everyone] * 4  # the auction
    for action in PRAATJE:
        state.apply(action)
    while not state.is_over:
        done = len(state.view(None)["history"])
        talkers = {s for s in range(4) if state.may_talk(s)}
        assert talkers == ({0, 1, 2, 3} if everyone else {2} if done >= 5 else set()), done
        state.apply(lowest(state))
    assert len(state.view(None)["history"]) == 13
    assert all(state.may_talk(s) for s in range(4))
