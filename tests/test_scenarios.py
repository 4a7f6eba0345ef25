"""Scenario records: one hand-made record per rule, Decision and option of a game's spec.

Every ``*.json`` under ``tests/scenarios/`` (recursively, one folder per game) is a
round record (``troef-record/1``) or a match record (``troef-match/1``) with a
``result`` worked out by hand, plus two keys replay ignores: ``rule`` (the rule,
Decision or option it proves, e.g. ``"3.2 …"`` or ``"hook oh-hell …"``) and
``comment``.  `troef.games.replay` checks the result itself; these tests also compare
every given key for equality and check that each rule of the spec is covered.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

import troef
from troef.core.match import Match
from troef.games.replay import replay_state
from troef.players import RandomBot, play_out
from troef.present import PRESENTERS, Seen, round_log
from troef.present.model import plain

pytestmark = pytest.mark.engine

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.rglob("*.json"))

# The numbered rules, Decisions and options (per preset where they differ, and as
# overrides in a record's "rules") of rififi.md.  A scenario covers an entry when its
# "rule" is the entry or starts with the entry followed by a space.
RIFIFI_RULES = (
    "1.1",
    "1.2",
    "1.3",
    "1.4",
    "2",
    "3.1",
    "3.2",
    "3.3",
    "4",
    "5",
    "Decision 1.2",
    "Decision 2",
    "pack standaard",
    "pack oh-hell",
    "pack override",
    "must_trump standaard",
    "must_trump oh-hell",
    "must_trump override",
    "scoring standaard",
    "scoring oh-hell",
    "scoring override",
    "schedule",
    "tricks",
    "hook standaard",
    "hook oh-hell",
    "hook override",
)
# The same for rikken.md: numbered rules, each contract row of the table in 2, each scoring
# line of 6 per preset, every Decision and every option of the rule set.
RIKKEN_RULES = (
    "1.1",
    "1.2",
    "1.3",
    "2 rik",
    "2 rik-beter",
    "2 N-alleen",
    "2 N-alleen-beter",
    "2 piek",
    "2 misere",
    "2 open-misere kampioenschap",
    "2 open-misere bsg",
    "2 open-misere-praatje kampioenschap",
    "2 open-piek-praatje",
    "open_contracts kampioenschap-online",
    "open_contracts kampioenschap",
    "open_contracts override",
    "2 troela",
    "2 13-open-kapot",
    "2 slim",
    "2 noodrik",
    "2 schoppen-mie",
    "2 een-of-vijf",
    "3.1",
    "3.2 kampioenschap",
    "3.2 bsg",
    "3.3 kampioenschap",
    "3.4 bsg",
    "3.4 kampioenschap",
    "3.5",
    "3.6 kampioenschap",
    "3.6 bsg",
    "3.6 bsg the fourth must join after passing",
    "3.6 bsg the fourth must join misere after passing",
    "3.7",
    "3.8 kampioenschap",
    "3.8 bsg",
    "4.1",
    "4.2",
    "4.3",
    "4.4",
    "4.4 bsg",
    "4.5",
    "5.1",
    "5.2",
    "5.3",
    "5.4",
    "5.5",
    "5.5 kampioenschap praatje",
    "5.5 kampioenschap two open piekers",
    "5.5 bsg two open piekers",
    "5.6",
    "6 kampioenschap rik",
    "6 kampioenschap rik-beter",
    "6 kampioenschap 8-alleen",
    "6 kampioenschap 8-alleen-beter",
    "6 kampioenschap 9-alleen",
    "6 kampioenschap 10-alleen",
    "6 kampioenschap 11-alleen",
    "6 kampioenschap 12-alleen",
    "6 kampioenschap 13-alleen",
    "6 kampioenschap piek",
    "6 kampioenschap misere",
    "6 kampioenschap open-piek",
    "6 kampioenschap open-misere",
    "6 kampioenschap open-piek-praatje",
    "6 kampioenschap open-misere-praatje",
    "6 kampioenschap schoppen-mie",
    "6 kampioenschap een-of-vijf",
    "6 bsg rik",
    "6 bsg rik-beter",
    "6 bsg alleen",
    "6 bsg 12-alleen",
    "6 bsg 13-alleen",
    "6 bsg noodrik",
    "6 bsg troela",
    "6 bsg 13-open-kapot",
    "6 bsg piek single",
    "6 bsg open-piek single",
    "6 bsg open-piek-praatje single",
    "6 bsg misere single",
    "6 bsg open-misere single",
    "6 bsg open-misere-praatje single",
    "6 bsg piek multiple",
    "6 bsg misere multiple",
    "6 bsg schoppen-mie",
    "7",
    "7 blind rond",
    "Decision 1.2",
    "Decision 2 kampioenschap",
    "Decision 2 bsg",
    "Decision 2 plain",
    "Decision 2 troela",
    "Decision 4.3",
    "Decision 4.4",
    "Decision 4.4 kampioenschap",
    "Decision 5.6 bsg",
    "Decision 6 bsg",
    "option deal",
    "option plain_may_be_hearts",
    "option open_after_trick",
    "option open_after_trick_two",
    "option open_misere_bidder_leads",
    "option praatje_all_open",
    "option table_talk",
    "option called_card_kept",
    "option slim",
    "option ladder",
    "option step_rule",
    "option troela",
    "option open_kapot",
    "option forced_fourth",
    "option forced_fourth_after_pass",
    "option queen_must_go",
    "option pass_game",
    "option all_pass_chooser",
    "option scoring",
    "option alleen_as_rik",
    "option blind_rond",
)
# The same for hoogjassen.md: numbered rules (4.2 and 6.1/6.4 case by case), every Decision.
HOOGJASSEN_RULES = (
    "1.1",
    "1.2",
    "1.3",
    "2",
    "3.1",
    "3.2",
    "3.2a",
    "3.3",
    "3.4",
    "4.1",
    "4.2 four jacks",
    "4.2 four aces",
    "4.2 run of 3",
    "4.2 run of 4",
    "4.2 run of 5",
    "4.2 maximal run",
    "4.2 trump king",
    "4.2 four and run",
    "4.3",
    "4.3 maximum 140",
    "4.4",
    "5.1",
    "5.2",
    "5.3",
    "5a",
    "6.1 41",
    "6.1 42",
    "6.2",
    "6.3",
    "6.4 r > 0",
    "6.4 bedankt",
    "6.4 erin",
    "6.4 ongedraaid",
    "6.5",
    "6.5 share",
    "6.6",
    "Decision 3.1",
    "Decision 3.4",
    "Decision 5.2",
    "Decision 6.5",
    "option last_bid",
    "option memory_aids",
    "option pot_stake_cents",
)
# The same for piken.md: numbered rules (2.3, 2.6 and 5.1 case by case, 3 per type), every Decision.
PIKEN_RULES = (
    "1.1",
    "1.2",
    "2.1",
    "2.2",
    "2.3",
    "2.3 special",
    "2.3 plain",
    "2.4",
    "Decision 2.5",
    "2.6 two drew",
    "2.6 one drew",
    "2.6 nobody drew",
    "Decision 2.6",
    "3 single",
    "3 pair",
    "3 two pairs",
    "3 three of a kind",
    "3 straight",
    "3 full house",
    "3 flush",
    "3 four of a kind",
    "3 straight flush",
    "3 royal flush",
    "Decision 3",
    "4.1",
    "4.2",
    "Decision 4.2",
    "4.3",
    "Decision 4.3",
    "4.4",
    "Decision 4.4",
    "5.1 the most cards",
    "5.1 a tie on cards",
    "5.1 a tie on spades",
    "Decision 5.1",
    "5.2",
    "Decision 5.2",
)
TABLES = {
    "rififi": RIFIFI_RULES,
    "rikken": RIKKEN_RULES,
    "hoogjassen": HOOGJASSEN_RULES,
    "piken": PIKEN_RULES,
}
RIKKEN_DETAILS = {"contract", "declarer", "players", "partner", "trump", "called", "made", "tricks"}
PIKEN_DETAILS = {"piles", "spades", "highest_spade", "winner", "removed", "first_leader", "kept"}
HOOGJASSEN_DETAILS = {
    "declarer",
    "bid",
    "roem",
    "stuk",
    "contract",
    "trump",
    "ongedraaid",
    "raw_points",
    "points",
    "kapot",
    "result",
    "pot",
    "redeal",
}


def load(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{path.name}: a scenario is a JSON object"
    return data


def covers(rule: str, entry: str) -> bool:
    return rule == entry or rule.startswith(entry + " ")


def scenario_id(path: Path) -> str:
    return str(path.relative_to(SCENARIOS))


def test_scenarios_exist() -> None:
    assert len([p for p in FILES if p.parent.name == "rififi"]) >= 40
    assert len([p for p in FILES if p.parent.name == "rikken"]) >= 150
    assert len([p for p in FILES if p.parent.name == "hoogjassen"]) >= 30
    assert len([p for p in FILES if p.parent.name == "piken"]) >= 40


@pytest.mark.parametrize("path", FILES, ids=scenario_id)
def test_scenario(path: Path) -> None:
    record = load(path)
    assert isinstance(record.get("rule"), str) and record["rule"], "a scenario names its rule"
    assert isinstance(record.get("comment"), str) and record["comment"], "a scenario says what it proves"
    expected = record.get("result")
    assert isinstance(expected, dict), "a scenario has an expected result"
    result = troef.replay(record)
    for key, want in expected.items():
        if key == "details" and record["game"] == "hoogjassen":
            # hoogjassen scenarios name the details the spec lists (a redeal only its flag)
            assert set(want) <= HOOGJASSEN_DETAILS, f"{path.name}: details the spec does not name"
            for name, value in want.items():
                assert result["details"].get(name) == value, f"{path.name}: result details {name!r}"
            continue
        if key == "details" and record["game"] == "rikken":
            # rikken scenarios name only the details they prove (the shape of made/players is the engine's)
            assert set(want) <= RIKKEN_DETAILS, f"{path.name}: details the spec does not name"
            for name, value in want.items():
                assert result["details"].get(name) == value, f"{path.name}: result details {name!r}"
            continue
        assert result.get(key) == want, f"{path.name}: result {key!r}"
    if record["format"] == "troef-match/1":
        assert expected.get("over") is True and "totals" in expected
        assert record["totals"] == expected["totals"]
        assert record.get("money") == expected.get("money"), "a match for money gives each player's money"
        return
    assert record["format"] == "troef-record/1"
    deal = record["deal"]
    if record["game"] == "rikken":
        assert set(deal) - {"blind_rond"} == {"hands"}, "a rikken deal lists the hands (and the blind flag)"
        seats = [entry.split(":")[0] for entry in record["actions"]]
        assert all(seat.isdecimal() for seat in seats), "rikken actions name their seat"
        if expected["over"]:
            assert set(expected) >= {"scores", "tricks"}, "a complete round gives its numbers"
            assert sum(expected["scores"]) == 0 and sum(expected["tricks"]) <= 13
        return
    if record["game"] == "piken":
        check_piken_scenario(deal, expected)
        return
    if record["game"] == "hoogjassen":
        assert set(deal) == {"hands", "lummel"}, "a hoogjassen deal lists the hands and the lummel"
        assert len(deal["lummel"]) == (3 if record["players"] == 4 else 4)
        dealt = [c for hand in deal["hands"] for c in hand] + deal["lummel"]
        assert len(dealt) == len(set(dealt)) == 31 and "7C" not in dealt, "the 31 cards of the hoogjas31 pack"
        if expected["over"] and not expected.get("details", {}).get("redeal"):
            assert set(expected) >= {"scores", "tricks", "details"}, "a complete round gives its numbers"
            n = record["players"]
            assert sum(expected["scores"]) == 0 and sum(expected["tricks"]) == (31 - len(deal["lummel"])) // n
            declarer = expected["details"].get("declarer")
            if declarer is not None and "result" in expected["details"]:
                r = expected["details"]["result"]
                assert expected["scores"] == [r * (n - 1) if s == declarer else -r for s in range(n)]
        elif not expected["over"]:
            assert set(expected) >= {"current_player", "legal_actions"}, "a position gives who acts and what"
            assert expected["legal_actions"] == sorted(expected["legal_actions"])
        return
    assert set(deal) == {"hands", "trump_card"}, "a rififi deal lists the hands and the trump card"
    if expected["over"]:
        assert set(expected) >= {"scores", "tricks", "details"}, "a complete round gives its numbers"
        assert set(expected["details"]) == {"bids", "tricks", "trump", "trump_card", "hand_size"}
    else:
        assert set(expected) >= {"current_player", "legal_actions"}, "a position gives who acts and what"
        assert expected["legal_actions"] == sorted(expected["legal_actions"])


def check_piken_scenario(deal: dict[str, Any], expected: dict[str, Any]) -> None:
    """A piken deal lists 3 hands of 10 and the 2 middle cards: the 32 cards; a finished game gives
    scores (the piles) and every detail, a position who acts and the piles or the legal actions."""
    assert set(deal) == {"hands", "middle"}, "a piken deal lists the hands and the middle cards"
    assert [len(hand) for hand in deal["hands"]] == [10, 10, 10] and len(deal["middle"]) == 2
    dealt = [c for hand in deal["hands"] for c in hand] + deal["middle"]
    assert len(set(dealt)) == 32 and all(c[0] in "789TJQKA" for c in dealt), "the 32 cards of the piquet pack"
    if expected["over"]:
        assert set(expected["details"]) == PIKEN_DETAILS, "a finished game gives every detail"
        details = expected["details"]
        assert expected["scores"] == details["piles"]
        assert sum(details["piles"]) + len(details["removed"]) == 32
    else:
        assert "current_player" in expected and {"piles", "legal_actions"} & set(expected)
        assert expected.get("legal_actions", []) == sorted(expected.get("legal_actions", []))


@pytest.mark.parametrize("path", [p for p in FILES if "sight" in load(p)], ids=scenario_id)
def test_what_a_hoogjassen_seat_may_look_at(path: Path) -> None:
    """Hoogjassen 5a: a scenario's ``sight`` says what its seat's table and log show at the record's end:
    the last trick, how many finished tricks' cards are in the log, and any card points."""
    record, sight = load(path), load(path)["sight"]
    state = replay_state(record)
    presenter, seen = PRESENTERS["hoogjassen"], Seen(state.game, sight["seat"])
    table = presenter.table(seen, state.view(sight["seat"]))
    log = [plain(line) for line in round_log(presenter, seen, state.game.from_record(record), state.actions)]
    assert (table["last_trick"] is not None) == sight["last_trick"]
    assert sum(" takes the trick with " in text for text in log) == sight["tricks_in_log"]
    points = re.compile(r"card points in tricks|\(\d+ points?\)")
    shown = [plain(line) for line in table["lines"]] + log
    assert any(points.search(text) for text in shown) == sight["card_points"]


@pytest.mark.parametrize("path", [p for p in FILES if load(p)["result"].get("scores")], ids=scenario_id)
def test_scenario_with_wrong_scores_fails(path: Path) -> None:
    """The expected scores really are checked: one point off is a replay error."""
    record = copy.deepcopy(load(path))
    record["result"]["scores"][0] += 1
    with pytest.raises(troef.ReplayError, match="scores"):
        troef.replay(record)


@pytest.mark.parametrize("path", [p for p in FILES if "legal_actions" in load(p)["result"]], ids=scenario_id)
def test_scenario_with_wrong_legal_actions_fails(path: Path) -> None:
    record = copy.deepcopy(load(path))
    record["result"]["legal_actions"] = record["result"]["legal_actions"][1:]
    with pytest.raises(troef.ReplayError, match="legal_actions"):
        troef.replay(record)


@pytest.mark.parametrize("game", sorted(TABLES))
def test_every_rule_has_a_scenario(game: str) -> None:
    rules = [load(p)["rule"] for p in FILES if p.parent.name == game]
    missing = [entry for entry in TABLES[game] if not any(covers(r, entry) for r in rules)]
    assert not missing, f"rules of {game} without a scenario: {missing}"
    unknown = [r for r in rules if not any(covers(r, entry) for entry in TABLES[game])]
    assert not unknown, f"scenarios of {game} naming no rule of the table: {unknown}"


# Rule 1.3: the schedule of a match.


@pytest.mark.parametrize(
    ("players", "largest"),
    [(3, 12), (4, 9), (5, 7), (6, 6)],
)
def test_up_down_schedule(players: int, largest: int) -> None:
    game = troef.load_game("rififi", players=players)
    schedule = game.schedule()  # type: ignore[attr-defined]
    assert schedule == [*range(1, largest + 1), *range(largest - 1, 0, -1)]
    assert len(schedule) == 2 * largest - 1
    assert schedule.count(largest) == 1
    assert game.match_rounds() == 2 * largest - 1


def test_four_players_schedule_spelled_out() -> None:
    game = troef.load_game("rififi", "standaard", 4)
    assert game.schedule() == [1, 2, 3, 4, 5, 6, 7, 8, 9, 8, 7, 6, 5, 4, 3, 2, 1]  # type: ignore[attr-defined]
    assert game.match_rounds() == 17


@pytest.mark.parametrize(
    ("rules", "players", "hand"),
    [
        ("oh-hell", 4, 13),
        ("oh-hell", 3, 17),
        ({"preset": "oh-hell", "tricks": 3}, 3, 3),
        ({"preset": "standaard", "schedule": "fixed", "tricks": 5}, 5, 5),
        ({"preset": "standaard", "schedule": "fixed"}, 4, 9),
    ],
)
def test_fixed_schedule(rules: object, players: int, hand: int) -> None:
    game = troef.load_game("rififi", rules, players)
    schedule = game.schedule()  # type: ignore[attr-defined]
    assert schedule and set(schedule) == {hand}
    assert game.match_rounds() == len(schedule)
    assert game.deal(seed=1).legal_actions()[-1] == f"bid {hand}"


@pytest.mark.parametrize(("rules", "players"), [("standaard", 4), ("standaard", 6), ("oh-hell", 3)])
def test_match_deals_the_schedule_and_moves_the_deal_clockwise(rules: str, players: int) -> None:
    game = troef.load_game("rififi", rules, players)
    match = Match(game, seed=11)
    bots = [RandomBot(seat) for seat in range(players)]
    sizes: list[int] = []
    while not match.is_over:
        state = match.next_round()
        assert state.dealer == (match.first_dealer + len(match.sheet)) % players
        play_out(state, bots)
        row = match.finish_round(state)
        sizes.append(row.details["hand_size"])
    assert sizes == game.schedule()  # type: ignore[attr-defined]
    assert list(match.totals) == [sum(r.scores[s] for r in match.sheet) for s in range(players)]
    assert troef.replay(match.record())["totals"] == match.totals


# Rule 1.4: the turned card, in random deals.


@pytest.mark.parametrize("seed", range(20))
def test_turned_card_below_the_hands(seed: int) -> None:
    game = troef.load_game("rififi", "standaard", 4)
    dealer = seed % 4
    state = game.deal(seed=seed, dealer=dealer, hand_size=1 + seed % 8)  # type: ignore[call-arg]
    record = state.record()
    trump_card = record["deal"]["trump_card"]
    dealt = [c for hand in record["deal"]["hands"] for c in hand]
    assert trump_card not in dealt
    assert state.view(None)["trump"] == trump_card[1]


@pytest.mark.parametrize("seed", range(20))
def test_all_dealt_trump_card_stays_with_the_dealer(seed: int) -> None:
    game = troef.load_game("rififi", "standaard", 4)
    dealer = seed % 4
    state = game.deal(seed=seed, dealer=dealer)
    record = state.record()
    hands = record["deal"]["hands"]
    assert all(len(h) == 9 for h in hands)
    assert record["deal"]["trump_card"] in hands[dealer]
    assert state.view(None)["trump"] == record["deal"]["trump_card"][1]


# Rikken 5.5: open hands, checked on the views of three scenario records.


def rikken_states(name: str) -> list[tuple[int, Any]]:
    """(completed tricks, state) after each play action of a rikken scenario."""
    from troef.games.replay import split_seat, start_state

    record = load(SCENARIOS / "rikken" / name)
    state = start_state(record)
    out: list[tuple[int, Any]] = []
    plays = 0
    for entry in record["actions"]:
        text = split_seat(entry)[1]
        state.apply(text)
        if text.startswith("play"):
            plays += 1
            out.append((plays // 4, copy.deepcopy(state)))
    return out


@pytest.mark.parametrize(
    ("name", "open_seats", "after"),
    [
        ("5.5-open-hand-shown-after-trick-5.json", {1}, 5),
        ("option-open_after_trick-3.json", {1}, 3),
        ("5.5-kampioenschap-praatje-open-after-trick-5.json", {3}, 5),
        ("5.5-kampioenschap-two-open-piekers-after-trick-9.json", {1, 2}, 9),
        ("option-open_after_trick_two-7.json", {1, 2}, 7),
        ("5.5-bsg-two-open-piekers-after-trick-5.json", {1, 2}, 5),
    ],
)
def test_rikken_open_hand_shown_after_trick(name: str, open_seats: set[int], after: int) -> None:
    states = rikken_states(name)
    assert states[-1][0] > after
    for done, state in states:
        for viewer in [None, *range(4)]:
            shown = state.view(viewer)["open_hands"]
            for s in range(4):
                visible = s in open_seats and done >= after
                assert (shown[s] is not None) == visible, f"{name}: seat {s} after {done} tricks"
                assert not visible or shown[s] == state.view(s)["hand"]


@pytest.mark.parametrize(
    "name", ["5.5-praatje-all-hands-open.json", "option-praatje_all_open-true-kampioenschap.json"]
)
def test_rikken_praatje_all_hands_open_from_the_start(name: str) -> None:
    record = load(SCENARIOS / "rikken" / name)
    done, state = rikken_states(name)[0]
    assert done == 0
    for viewer in range(4):
        shown = state.view(viewer)["open_hands"]
        # one card of trick 1 is on the table: every hand is open, the leader's less that card
        dealt = [set(h) for h in record["deal"]["hands"]]
        assert all(set(h) <= d and len(d) - len(h) <= 1 for h, d in zip(shown, dealt, strict=True))


@pytest.mark.parametrize(
    ("name", "talkers", "after"),
    [
        ("5.5-kampioenschap-praatje-open-after-trick-5.json", {3}, 5),  # K: the praatje's player, laid open
        ("option-table_talk-true-kampioenschap.json", {0, 1, 2, 3}, 0),
        ("5.5-praatje-all-hands-open.json", {0, 1, 2, 3}, 0),  # B: table talk
        ("5.5-kampioenschap-two-open-piekers-after-trick-9.json", set(), 0),  # no praatje: nobody
    ],
)
def test_rikken_table_talk_during_the_round(name: str, talkers: set[int], after: int) -> None:
    """Seed 000 §10, §12: in K nobody talks about the game during a round but a praatje's players once
    their hands lie open; `table_talk` (B) lets everyone; everyone once the round is over."""
    for done, state in rikken_states(name):
        for seat in range(4):
            free = state.is_over or (seat in talkers and done >= after)
            assert state.may_talk(seat) == free, f"{name}: seat {seat} after {done} tricks"


# Hoogjassen 1.3: who deals next, from the results of scenario records (declarer seat 0).


@pytest.mark.parametrize(
    ("rules", "name", "dealer", "following"),
    [
        ("standaard", "6.2-kapot-250.json", 3, 0),  # the declarer deals next
        ("standaard", "6.3-declarer-without-a-trick.json", 1, 0),
        ({"preset": "standaard", "dealer_rule": "rotate"}, "6.2-kapot-250.json", 1, 2),  # clockwise
        ("standaard", "3.2-all-pass-redeal.json", 3, 2),  # after a redeal: right of the dealer
        ("standaard", "3.2-all-pass-redeal.json", 0, 3),
        ({"preset": "standaard", "dealer_rule": "rotate"}, "3.2-all-pass-redeal.json", 3, 2),
    ],
)
def test_hoogjassen_next_dealer(rules: object, name: str, dealer: int, following: int) -> None:
    record = load(SCENARIOS / "hoogjassen" / name)
    result = troef.replay({**record, "rules": rules})
    game = troef.load_game("hoogjassen", rules, record["players"])
    assert game.next_dealer(dealer, result) == following
