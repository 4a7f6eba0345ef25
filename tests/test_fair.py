"""Fair deals (server.md, "Fair deals"): the seed derivation, client seeds, dealing a match round by round
from fair seeds, and `verify` on whole matches of every game, preset and player count."""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
import random
from functools import cache
from typing import Any

import pytest

import troef
from troef.core.match import Match
from troef.games.fair import (
    FairDeal,
    SeedError,
    client_seed,
    commitment,
    deal_seed,
    fair_match_record,
    verify,
)
from troef.players import RandomBot, play_out
from troef.session import Session

pytestmark = pytest.mark.engine

KEY = bytes(range(32))
"""A fixed server seed: 00 01 02 ... 1f."""


def test_commitment_is_the_lower_case_hex_sha256_of_the_server_seed() -> None:
    # sha256 of the bytes 00..1f, as `xxd -r -p | sha256sum` computes it
    assert commitment(KEY) == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"


def test_the_seed_derivation_gives_the_known_answer() -> None:
    seeds = ["ab12", "", "ffee00", ""]
    # the spec's formula, written out here, and the value `openssl dgst -sha256 -mac HMAC` gives for
    # the message "tafel-7/3/ab12//ffee00/" keyed by 00..1f
    message = b"tafel-7/3/ab12//ffee00/"
    by_formula = int.from_bytes(hmac.new(KEY, message, hashlib.sha256).digest(), "big")
    known = int("4cdf068972c1219a2f7838fb6211b21f9283e67f96114ebf77f9ba565e67232a", 16)
    assert by_formula == known
    assert deal_seed(KEY, "tafel-7", 3, seeds) == known
    fair = FairDeal("tafel-7", 3, ["", "", "", ""], KEY)
    fair.add_client_seed(0, "AB12")
    fair.add_client_seed(2, "FfEe00")
    assert fair.client_seeds == seeds
    assert fair.seed == known
    assert fair.commitment == commitment(KEY)
    # every part of the message counts
    assert deal_seed(KEY, "tafel-7", 2, seeds) != known
    assert deal_seed(KEY, "tafel-8", 3, seeds) != known
    assert deal_seed(KEY, "tafel-7", 3, ["ab12", "", "ffee01", ""]) != known
    assert deal_seed(bytes(32), "tafel-7", 3, seeds) != known


@pytest.mark.parametrize(
    ("text", "stored"),
    [
        ("0", "0"),
        ("ABCDEF", "abcdef"),
        ("09aF", "09af"),
        ("f" * 64, "f" * 64),
        ("DeadBeef" * 8, "deadbeef" * 8),
    ],
)
def test_a_client_seed_is_1_to_64_hex_digits_stored_lower_case(text: str, stored: str) -> None:
    assert client_seed(text) == stored


@pytest.mark.parametrize(
    "text",
    ["", "f" * 65, "xyz", "0x12", " ab", "ab ", "12-34", "١٢", "\uff41\uff42", "ß", 12, None, ["ab"], b"ab"],
)
def test_anything_else_is_a_seed_error(text: object) -> None:
    with pytest.raises(SeedError, match="a client seed is 1 to 64 hex digits") as caught:
        client_seed(text)
    assert isinstance(caught.value, troef.TroefError)


def test_a_drawn_deal_has_a_fresh_secret_32_byte_seed_it_does_not_show() -> None:
    first, second = FairDeal.draw("t", 0, 4), FairDeal.draw("t", 0, 4)
    assert len(first.server_seed) == 32 and first.server_seed != second.server_seed
    assert first.client_seeds == ["", "", "", ""]
    assert first.commitment == hashlib.sha256(first.server_seed).hexdigest()
    assert first.server_seed.hex() not in repr(first)


def test_seeds_are_refused_for_a_seat_that_does_not_exist_or_once_the_round_is_dealt() -> None:
    game = troef.load_game("rififi", "oh-hell", 3)
    match = Match(game, seed=1)
    fair = FairDeal.draw("t", 0, 3)
    with pytest.raises(SeedError, match=r"seat 0\.\.2, not 3"):
        fair.add_client_seed(3, "ab")
    with pytest.raises(SeedError, match="hex digits"):
        fair.add_client_seed(1, "seed")
    fair.add_client_seed(1, "ab")
    fair.deal(match)
    with pytest.raises(SeedError, match="round 1 is dealt: its seeds are fixed"):
        fair.add_client_seed(2, "cd")
    with pytest.raises(troef.MatchError, match="dealt already"):
        fair.deal(match)


def test_a_fair_deal_is_only_for_its_round_and_its_number_of_players() -> None:
    match = Match(troef.load_game("rififi", "oh-hell", 3), seed=1)
    with pytest.raises(troef.MatchError, match="for round 2, the match's next is 1"):
        FairDeal.draw("t", 1, 3).deal(match)
    with pytest.raises(troef.MatchError, match="4 client seeds for 3 players"):
        FairDeal.draw("t", 0, 4).deal(match)
    with pytest.raises(SeedError):
        FairDeal("t", -1, ["", "", ""])
    with pytest.raises(SeedError, match="32 bytes"):
        FairDeal("t", 0, ["", "", ""], bytes(31))
    with pytest.raises(SeedError, match="hex digits"):
        FairDeal("t", 0, ["", "zz", ""])
    FairDeal.draw("t", 0, 3).deal(match)
    with pytest.raises(troef.MatchError, match="the match deals no round now: one is in play"):
        FairDeal.draw("t", 1, 3).deal(match)


def test_a_session_deals_from_the_sealed_seed_and_plays_the_match_to_its_end() -> None:
    game = troef.load_game("hoogjassen", players=3)
    match = Match(game, seed=6)
    session = Session(match, {s: RandomBot(s) for s in range(3)})
    deals: list[FairDeal] = []
    while not session.is_over:
        deals.append(FairDeal.draw("s", len(match.sheet), 3))
        deals[-1].add_client_seed(len(deals) % 3, "5eed")
        seed = deals[-1].seal(match)
        session.deal(seed)
        assert session.round is not None
        assert (
            session.round.deal_record()
            == game.deal_round(seed, session.round.dealer, len(deals) - 1).deal_record()
        )
        session.run_bots()
    with pytest.raises(troef.MatchError, match="the match deals no round now: it is over"):
        FairDeal.draw("s", len(match.sheet), 3).seal(match)
    assert verify(json.loads(json.dumps(fair_match_record(match, deals)))).ok


def test_a_fair_deal_deals_the_matchs_round_from_its_seed() -> None:
    game = troef.load_game("rififi", "standaard", 4)
    match = Match(game, seed=9, first_dealer=2)
    fair = FairDeal("t", 0, ["", "7", "", ""], KEY)
    state = fair.deal(match)
    assert state.dealer == 2
    assert state.deal_record() == game.deal_round(fair.seed, 2, 0).deal_record()
    assert len(state.deal_record()["hands"][0]) == 1  # the up-down schedule starts with one card


# --------------------------------------------------------------------------- whole matches


def random_client_seeds(rng: random.Random, players: int) -> list[str | None]:
    """Client seeds for some seats (either case, 1 to 64 digits), None for the others."""
    seeds: list[str | None] = []
    for _ in range(players):
        if rng.random() < 0.5:
            seeds.append(None)
        else:
            digits = "".join(rng.choice("0123456789abcdefABCDEF") for _ in range(rng.randint(1, 64)))
            seeds.append(digits)
    return seeds


def play_fair_match(game: troef.Game, seed: int, table: str = "tbl-1") -> tuple[Match, list[FairDeal]]:
    """A whole match of random legal play, every round dealt from a fair deal."""
    rng = random.Random(seed)
    match = Match(game, seed=seed)
    deals: list[FairDeal] = []
    while not match.is_over:
        # the server seed from the test's rng: a record, and what tampering does to it, is the same every run
        fair = FairDeal(table, len(match.sheet), [""] * game.players, rng.randbytes(32))
        for seat, text in enumerate(random_client_seeds(rng, game.players)):
            if text is not None:
                fair.add_client_seed(seat, text)
        deals.append(fair)
        state = fair.deal(match)
        play_out(state, [RandomBot(rng.randrange(2**32)) for _ in range(game.players)])
        match.finish_round(state)
    return match, deals


def game_setups() -> list[Any]:
    """Every game x preset x player count, and Rikken with the traditional deal and the blind rond."""
    setups: list[tuple[str, object, int]] = []
    for name, cls in troef.GAMES.items():
        for preset in cls.presets:
            setups += [(name, preset.name, n) for n in range(cls.min_players, cls.max_players + 1)]
    for name in ("kampioenschap", "bsg"):
        for n in (4, 5):
            setups.append(("rikken", {"preset": name, "deal": "traditional", "blind_rond": True}, n))
    setups += [("rikken", {"preset": "bsg", "deal": "traditional"}, 4)]
    return [pytest.param(*setup, id=f"{setup[0]}-{json.dumps(setup[1])}-{setup[2]}") for setup in setups]


@cache
def fair_record(name: str, rules: str, players: int, seed: int) -> str:
    """The JSON record of a fair match (``rules`` as JSON)."""
    match, deals = play_fair_match(troef.load_game(name, json.loads(rules), players), seed)
    return json.dumps(fair_match_record(match, deals))


def load_record(name: str, rules: object, players: int, seed: int = 1) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(fair_record(name, json.dumps(rules), players, seed))
    return record


@pytest.mark.parametrize(("name", "rules", "players"), game_setups())
def test_every_round_of_a_fair_match_verifies(name: str, rules: object, players: int) -> None:
    for seed in (1, 2):
        record = load_record(name, rules, players, seed)
        rounds = record["rounds"]
        report = verify(record)
        assert report.ok, report.failures
        assert [check.index for check in report.rounds] == list(range(len(rounds)))
        assert troef.replay(record)["over"] is True
        for k, rnd in enumerate(rounds):
            fair = rnd["fair"]
            assert fair["table"] == "tbl-1" and fair["round"] == k
            assert fair["commitment"] == hashlib.sha256(bytes.fromhex(fair["server_seed"])).hexdigest()
            assert len(fair["client_seeds"]) == players
            assert all(s == s.lower() for s in fair["client_seeds"])
        assert any(s for rnd in rounds for s in rnd["fair"]["client_seeds"])
        assert any(s == "" for rnd in rounds for s in rnd["fair"]["client_seeds"])


def test_the_blind_rond_s_closing_rounds_are_dealt_as_closing_rounds() -> None:
    record = load_record("rikken", {"preset": "bsg", "deal": "traditional", "blind_rond": True}, 4)
    scheduled = record["scheduled_rounds"]
    assert scheduled == 4 and len(record["rounds"]) > scheduled
    assert all(rnd["deal"].get("blind_rond") for rnd in record["rounds"][scheduled:])
    # read as scheduled rounds, the closing rounds are not what the seeds deal
    report = verify({**record, "scheduled_rounds": len(record["rounds"])})
    assert [check.index for check in report.failures] == list(range(scheduled, len(record["rounds"])))
    assert (
        report.failures[0].problem == "deal differs at blind_rond: the seed deals None, the record has True"
    )


def test_the_traditional_deal_is_dealt_again_from_the_previous_round() -> None:
    record = load_record("rikken", {"preset": "bsg", "deal": "traditional"}, 4)
    game = troef.load_game("rikken", record["rules"], 4)
    second = record["rounds"][1]
    seed = deal_seed(bytes.fromhex(second["fair"]["server_seed"]), "tbl-1", 1, second["fair"]["client_seeds"])
    without_previous = game.deal_round(seed, second["dealer"], 1).deal_record()
    assert without_previous != second["deal"]  # so verify gathered round 0's cards to deal it
    assert verify(record).ok


def test_a_match_with_fewer_rounds_than_the_schedule_verifies() -> None:
    game = troef.load_game("rikken", {"preset": "kampioenschap", "blind_rond": True}, 5)
    rng = random.Random(3)
    match = Match(game, seed=3, rounds=2)
    deals = []
    while not match.is_over:
        deals.append(FairDeal.draw("x", len(match.sheet), 5))
        state = deals[-1].deal(match)
        play_out(state, [RandomBot(rng.randrange(2**32)) for _ in range(5)])
        match.finish_round(state)
    record = json.loads(json.dumps(fair_match_record(match, deals)))
    assert record["scheduled_rounds"] == 2
    assert verify(record).ok


def test_the_record_of_an_unfinished_match_leaves_out_the_round_in_play() -> None:
    match = Match(troef.load_game("piken"), seed=4)
    deals = [FairDeal.draw("p", 0, 3)]
    state = deals[0].deal(match)
    play_out(state, [RandomBot(s) for s in range(3)])
    match.finish_round(state)
    deals.append(FairDeal.draw("p", 1, 3))
    deals[1].deal(match)  # in play
    record = fair_match_record(match, deals)
    assert len(record["rounds"]) == 1 and record["rounds"][0]["fair"] == deals[0].record()
    assert verify(json.loads(json.dumps(record))).ok


def test_a_fair_record_needs_the_deal_of_every_finished_round() -> None:
    match = Match(troef.load_game("piken"), seed=4)
    state = match.next_round()
    play_out(state, [RandomBot(s) for s in range(3)])
    match.finish_round(state)
    with pytest.raises(troef.MatchError, match="1 finished rounds but 0 fair deals"):
        fair_match_record(match, [])
    with pytest.raises(troef.MatchError, match="round 1 was not dealt by its fair deal"):
        fair_match_record(match, [FairDeal.draw("p", 0, 3)])


# --------------------------------------------------------------------------- what does not verify


def oh_hell() -> dict[str, Any]:
    return copy.deepcopy(load_record("rififi", "oh-hell", 4))


def problems(record: dict[str, Any]) -> list[tuple[int, str | None]]:
    return [(check.index, check.problem) for check in verify(record).failures]


def test_a_swapped_card_is_found_in_its_round_and_seat() -> None:
    record = oh_hell()
    hands = record["rounds"][2]["deal"]["hands"]
    a, b = hands[0][0], hands[1][0]
    hands[0][0], hands[1][0] = b, a
    # seat 0 plays a card the record gave to seat 1: the rounds after it cannot be dealt again
    assert problems(record) == [
        (
            2,
            f"deal differs at seat 0's hand: the seed deals {a}, the record has {b}"
            " (the check stops here: its play does not replay)",
        )
    ]


def test_a_changed_trump_card_names_the_pile() -> None:
    record = copy.deepcopy(load_record("rififi", "standaard", 4))
    deal = record["rounds"][1]["deal"]  # two cards each from the 36-card pack
    held = {c for hand in deal["hands"] for c in hand}
    original = deal["trump_card"]
    spare = next(c.code for c in troef.CARDS if c.code[0] in "6789TJQKA" and c.code not in held | {original})
    deal["trump_card"] = spare
    index, why = problems(record)[0]  # (another trump may also stop the round's play from replaying)
    assert index == 1
    assert why is not None and why.startswith(
        f"deal differs at trump_card: the seed deals {original!r}, the record has {spare!r}"
    )


def test_a_changed_server_seed_breaks_the_commitment() -> None:
    record = oh_hell()
    fair = record["rounds"][3]["fair"]
    fair["server_seed"] = fair["server_seed"][:-1] + ("0" if fair["server_seed"][-1] != "0" else "1")
    [(index, problem)] = problems(record)
    assert index == 3
    assert problem == (
        f"commitment mismatch: the server seed's SHA-256 is "
        f"{hashlib.sha256(bytes.fromhex(fair['server_seed'])).hexdigest()},"
        f" the commitment {fair['commitment']}"
    )


def test_another_server_seed_with_its_own_commitment_deals_another_deal() -> None:
    record = oh_hell()
    fair = record["rounds"][0]["fair"]
    fair["server_seed"] = KEY.hex()
    fair["commitment"] = commitment(KEY)
    [(index, problem)] = problems(record)
    assert index == 0 and str(problem).startswith("deal differs at seat ")


def test_a_changed_client_seed_deals_another_deal() -> None:
    record = oh_hell()
    record["rounds"][1]["fair"]["client_seeds"][2] = "c0ffee"
    [(index, problem)] = problems(record)
    assert index == 1 and str(problem).startswith("deal differs at seat ")


def test_a_changed_commitment_does_not_match() -> None:
    record = oh_hell()
    record["rounds"][2]["fair"]["commitment"] = commitment(KEY)
    [(index, problem)] = problems(record)
    assert index == 2 and str(problem).startswith("commitment mismatch: ")


def test_a_round_without_a_fair_object_does_not_verify() -> None:
    record = oh_hell()
    del record["rounds"][1]["fair"]
    assert problems(record) == [(1, "it has no fair object")]


def test_a_fair_object_of_another_round_or_table_does_not_verify() -> None:
    record = oh_hell()
    record["rounds"][1]["fair"], record["rounds"][2]["fair"] = (
        record["rounds"][2]["fair"],
        record["rounds"][1]["fair"],
    )
    assert problems(record) == [
        (1, "its fair object is for round 3, but it is round 2 of the record"),
        (2, "its fair object is for round 2, but it is round 3 of the record"),
    ]
    record = oh_hell()
    record["rounds"][3]["fair"]["table"] = "other"
    assert problems(record) == [
        (3, "its fair object is for table 'other', the rounds before it for table 'tbl-1'")
    ]


def test_a_dealer_out_of_rotation_does_not_verify() -> None:
    record = copy.deepcopy(load_record("rififi", "oh-hell", 3))  # the trump card is the pack's last
    rnd = record["rounds"][1]
    rnd["dealer"] = (rnd["dealer"] + 1) % 3
    index, problem = problems(record)[0]
    assert index == 1 and str(problem).startswith("dealer differs: the record says seat ")


def test_a_round_after_the_end_of_the_match_does_not_verify() -> None:
    record = oh_hell()
    record["scheduled_rounds"] = 3
    assert problems(record) == [(3, "the match was over before this round")]


def test_play_that_does_not_replay_stops_the_check_there() -> None:
    record = oh_hell()
    record["rounds"][1]["actions"][0] = "bid 99"
    report = verify(record)
    assert [check.index for check in report.rounds] == [0, 1]
    assert str(report.failures[0].problem).startswith("its play does not replay: round 2: action 0 'bid 99'")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.update(format="troef-record/1"), "troef verify checks a match record"),
        (lambda r: r.update(format="x"), "unknown format 'x'"),
        (lambda r: r.update(rounds=[]), "non-empty list 'rounds'"),
        (lambda r: r.update(players="four"), "a list 'players'"),
        (lambda r: r.update(game="skat"), "skat"),
        (lambda r: r.update(scheduled_rounds=0), "scheduled_rounds must be"),
        (lambda r: r["rounds"].__setitem__(1, 7), "round 2 is not an object"),
        (lambda r: r["rounds"][1].update(fair="yes"), "round 2: fair must be an object"),
        (lambda r: r["rounds"][1]["fair"].update(server_seed="xy" * 32), "round 2: fair.server_seed must be"),
        (lambda r: r["rounds"][1]["fair"].update(server_seed="ab"), "round 2: fair.server_seed must be"),
        (lambda r: r["rounds"][1]["fair"].update(client_seeds=["", ""]), "one string per seat (4)"),
        (
            lambda r: r["rounds"][1]["fair"].update(client_seeds=["", "", "", "q"]),
            "round 2: fair.client_seeds",
        ),
        (lambda r: r["rounds"][1]["fair"].update(round="1"), "round 2: fair.round must be"),
        (lambda r: r["rounds"][1]["fair"].update(table=5), "round 2: fair.table must be"),
        (lambda r: r["rounds"][1]["fair"].update(commitment=None), "round 2: fair.commitment must be"),
        (lambda r: r["rounds"][2]["deal"].update(hands=[]), "round 3: deal.hands"),
        (lambda r: r["rounds"][0].update(actions=r["rounds"][0]["actions"][:3]), "round 1 is not over"),
    ],
)
def test_input_that_is_not_a_match_record_is_a_record_error(change: Any, message: str) -> None:
    record = oh_hell()
    change(record)
    with pytest.raises(troef.RecordError, match=message.replace("(", r"\(").replace(")", r"\)")):
        verify(record)
    with pytest.raises(troef.RecordError, match="a record is a JSON object"):
        verify([record])
