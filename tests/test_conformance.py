"""Conformance of every registered game x preset x player count to the library contract.

``spec/notation.md`` (library contract, records, results) and ``DESIGN.md``
(principles 2 and 3, Testing): random legal play never raises; legal actions
are non-empty, duplicate-free and all apply; an illegal action is refused with
a clear `IllegalAction` and changes nothing; cards are conserved; `clone` is
independent; records replay to the same result, also cut short, also through
JSON; results and views are JSON.

The games come from `troef.GAMES` (see ``conftest.py``), so a newly registered
game is covered automatically.  Facts that only one game's spec states (Rififi's
follow rule, trick winner and score formula) are checked through `SPEC_CHECKS`,
keyed by game name; a game without an entry gets the generic checks only.
"""

from __future__ import annotations

import functools
import itertools
import json
import random
from collections.abc import Callable, Iterator, Mapping
from copy import deepcopy
from dataclasses import dataclass, field
from typing import Any

import pytest

import troef
from piken_oracle import PACK as PIKEN_PACK
from piken_oracle import judge, strength
from troef.core.cards import CODES, parse_card
from troef.core.errors import LISTED_LEGAL
from troef.core.game import Game, State
from troef.core.tricks import TrickState

pytestmark = pytest.mark.engine

ROUNDS = 100
"""Random rounds played per game x preset x player count."""
THOROUGH_ROUNDS = 25
"""Of those, rounds in which every view at every step also goes through JSON and is compared after clones."""
ILLEGAL_ROUNDS = 6
"""Rounds in which every step is probed with every illegal candidate action."""

Snapshot = tuple[dict[str, Any], list[Mapping[str, Any]]]
Views = dict[int | None, Mapping[str, Any]]


# --------------------------------------------------------------------------- helpers


def new_round(game: Game, seed: int) -> State:
    """A reproducible round: the game's own deal, or (odd seeds) a deal of a match round."""
    dealer = seed % game.players
    if seed % 2 == 0:
        return game.deal(seed, dealer)
    return game.deal_round(seed, dealer, seed // 2 % game.match_rounds())


def seats(state: State) -> list[int | None]:
    """Every seat and the spectator (None)."""
    return [*range(state.game.players), None]


def views(state: State) -> Views:
    return {s: state.view(s) for s in seats(state)}


def snapshot(state: State) -> Snapshot:
    return state.record(), [state.view(s) for s in seats(state)]


def json_round_trip(value: object) -> Any:
    """``value`` through JSON; it must come back equal (so only JSON types, no tuples or sets)."""
    text = json.dumps(value)
    back = json.loads(text)
    assert back == value, f"not plain JSON: {value!r}"
    return back


@functools.cache
def play_codes(action_text: str) -> tuple[str, ...]:
    """The cards a ``play`` action lays on the table (none for other actions)."""
    action = troef.parse_action(action_text.partition(":")[2] or action_text)
    return tuple(CODES[c] for c in action.cards) if action.kind == "play" else ()


def deal_codes(value: object) -> Iterator[str]:
    """Every card code anywhere in a record's ``deal`` object."""
    if isinstance(value, str):
        yield CODES[parse_card(value)]
    elif isinstance(value, Mapping):
        for v in value.values():
            yield from deal_codes(v)
    elif isinstance(value, list):
        for v in value:
            yield from deal_codes(v)


ILLEGAL_CANDIDATES: tuple[str, ...] = (
    *(f"play {code}" for code in CODES),
    *(f"bid {n}" for n in range(21)),
    *(f"bid {n}" for n in range(30, 310, 10)),
    "bid rik",
    "bid 999",
    "bid 2 last",
    "bid 150 last",
    "pass",
    *(f"trump {s}" for s in "SHDC"),
    "call AS",
    "call AH blind",
    "choose noodrik",
    "take-lummel",
    "ongedraaid",
    "decline",
    "draw 1",
    "draw 2",
    "discard 7S 8S 9S",
    "play AS KS",
    "play AS blind",
)
"""Well-formed actions of every kind in the notation; those not legal at a step must be refused."""

MALFORMED: tuple[str, ...] = ("", "   ", "jump", "play", "play XX", "play 1S", "bid", "bid 1 2", "pass AS")
"""Text that is not an action at all: refused as illegal too, naming the seat."""


def assert_refused(state: State, text: str, legal: list[str]) -> None:
    """``text`` must raise `IllegalAction` naming the seat, the action and the legal actions."""
    seat = state.current_player
    with pytest.raises(troef.IllegalAction) as info:
        state.apply(text)
    err = info.value
    assert err.seat == seat
    assert err.legal == sorted(legal)
    message = str(err)
    if seat is None:
        assert "nobody may act" in message
    else:
        assert f"seat {seat}" in message, message
    try:
        canonical = troef.parse_action(text).text
    except ValueError:
        canonical = text
    assert err.action in (text, canonical)
    assert repr(err.action) in message, message
    listed = sorted(legal)[:LISTED_LEGAL]
    more = f", … and {len(legal) - LISTED_LEGAL} more" if len(legal) > LISTED_LEGAL else ""
    assert ("legal: " + (", ".join(listed) or "none") + more) in message


# --------------------------------------------------------------------------- per-game spec checks


@dataclass
class SpecChecks:
    """What one game's spec says beyond the generic contract."""

    step: Callable[[State, Views], None]
    """Called before every action: the legal actions are exactly what the spec allows."""
    end: Callable[[State, dict[str, Any]], None]
    """Called on the finished round with its result: trick winners and scores as specified."""


def rififi_step(state: State, v: Views) -> None:
    """Rififi rules 2 and 3: who acts, which bids and which cards are legal (from the seat's view)."""
    rules = state.game.rules
    seat = state.current_player
    assert seat is not None
    n = state.game.players
    view = v[seat]
    dealer = view["dealer"]
    hand: list[str] = view["hand"]
    bids: list[int | None] = view["bids"]
    legal = {a.text for a in state.legal_actions()}
    if view["phase"] == "bid":
        done = sum(b is not None for b in bids)
        assert seat == (dealer + 1 + done) % n, "bidding goes clockwise from left of the dealer"
        allowed = set(range(view["hand_size"] + 1))
        if rules["hook"] and seat == dealer:
            allowed.discard(view["hand_size"] - sum(b for b in bids if b is not None))
        assert legal == {f"bid {k}" for k in allowed}
        return
    assert view["phase"] == "play"
    assert None not in bids
    trick: list[str] = view["trick"]
    if not view["history"] and not trick:
        assert seat == (dealer + 1) % n, "left of the dealer leads the first trick"
    assert seat == (view["leader"] + len(trick)) % n
    playable = hand
    if trick:
        follow = [c for c in hand if c[1] == trick[0][1]]
        trumps = [c for c in hand if view["trump"] is not None and c[1] == view["trump"]]
        if follow:
            playable = follow
        elif rules["must_trump"] and trumps:
            playable = trumps
    assert legal == {f"play {c}" for c in playable}


RIFIFI_ORDERS = {"german36": "ATKQJ9876", "french52": "AKQJT98765432"}


def rififi_points(scoring: object, bid: int, tricks: int) -> int:
    """Rififi rule 4 and the family's tricks-plus-10 (rififi.md section 6)."""
    if scoring == "rififi":
        return 10 + bid * bid if bid == tricks else -abs(bid - tricks)
    assert scoring == "tricks-plus-10"
    return tricks + (10 if bid == tricks else 0)


def rififi_end(state: State, result: dict[str, Any]) -> None:
    """Rififi rules 3.3 and 4: every trick's winner, the tricks, the details and the scores."""
    rules = state.game.rules
    n = state.game.players
    view = state.view(None)
    order = RIFIFI_ORDERS[str(rules["pack"])]
    record = state.record()
    trump_card = record["deal"]["trump_card"]
    trump = trump_card[1] if trump_card is not None else None
    won = [0] * n
    for trick in view["history"]:
        cards: list[str] = trick["cards"]
        trumps = [c for c in cards if c[1] == trump]
        contenders = trumps or [c for c in cards if c[1] == cards[0][1]]
        best = min(contenders, key=lambda c: order.index(c[0]))
        assert trick["winner"] == (trick["leader"] + cards.index(best)) % n, trick
        won[trick["winner"]] += 1
    details = result["details"]
    hand_size = len(record["deal"]["hands"][0])
    assert details["hand_size"] == hand_size == len(view["history"])
    assert details["trump_card"] == trump_card
    assert details["trump"] == trump
    assert details["tricks"] == result["tricks"] == won
    bids = details["bids"]
    assert len(bids) == n and all(type(b) is int and 0 <= b <= hand_size for b in bids)
    assert bids == view["bids"]
    assert result["scores"] == [rififi_points(rules["scoring"], b, t) for b, t in zip(bids, won, strict=True)]


RIKKEN_ORDER = "AKQJT98765432"
RIKKEN_TARGETS = {
    **{f"{n}-alleen{b}": n for n in range(8, 14) for b in ("", "-beter")},
    "13-open-kapot": 13,
    "13-open-kapot-beter": 13,
    "slim": 13,
    "noodrik": 7,
}
RIKKEN_DETAILS = {"contract", "declarer", "players", "partner", "trump", "called", "made", "tricks"}


def rikken_step(state: State, v: Views) -> None:
    """Rikken 3 and 5: bids come from the ladder, pass is always there unless forced; cards follow suit
    (except a blind lead) and are never spades in schoppen-mie's first three tricks when avoidable."""
    seat = state.current_player
    assert seat is not None
    view = v[seat]
    legal = [a.text for a in state.legal_actions()]
    assert seat != view["sitting_out"], "the dealer sits out with five players"
    if view["phase"] == "bid":
        assert all(t == "pass" or t.startswith("bid ") for t in legal)
        assert "pass" in legal or len(legal) == 1, "only the forced fourth joiner may not pass"
        return
    if view["phase"] != "play":
        return
    hand: list[str] = view["hand"]
    cards = [t.split()[1] for t in legal]
    assert set(cards) <= set(hand)
    trick: list[str] = view["trick"]
    if trick and not view["blind_lead"]:
        led = trick[0][1]
        if any(c[1] == led for c in hand):
            assert all(c[1] == led for c in cards), f"must follow {led}: {legal}"
    early_mie = view["contract"] == "schoppen-mie" and len(view["history"]) < 3
    if early_mie and any(c[1] != "S" for c in hand) and not (trick and trick[0][1] == "S"):
        assert all(c[1] != "S" for c in cards), f"no spades in tricks 1-3: {legal}"


def rikken_end(state: State, result: dict[str, Any]) -> None:
    """Rikken 5.3 and 6: every trick's winner, zero-sum scores, the sitting-out dealer scores 0."""
    n = state.game.players
    view = state.view(None)
    details = result["details"]
    assert set(details) >= RIKKEN_DETAILS
    assert sum(result["scores"]) == 0, result["scores"]
    if n == 5:
        assert details["sitting_out"] == view["dealer"] and result["scores"][view["dealer"]] == 0
    trump = details["trump"]
    for trick in view["history"]:
        cards: list[str] = trick["cards"]
        led = details["called"][1] if trick.get("blind") else cards[0][1]
        candidates = cards[1:] if trick.get("blind") else cards
        trumps = [c for c in candidates if c[1] == trump]
        best = min(trumps or [c for c in candidates if c[1] == led], key=lambda c: RIKKEN_ORDER.index(c[0]))
        seats = [s for s in range(n) if s != details["sitting_out"]]
        at = seats.index(trick["leader"])
        assert trick["winner"] == (seats[at:] + seats[:at])[cards.index(best)], trick
    assert details["tricks"] == result["tricks"]
    assert all(type(details["made"][p]) is bool for p in details["players"])
    if details["declarer"] is not None:
        side = [details["declarer"], *([details["partner"]] if details["partner"] is not None else [])]
        won = sum(result["tricks"][s] for s in side)
        assert details["made"][details["declarer"]] is (won >= RIKKEN_TARGETS.get(details["contract"], 8))
        assert (result["scores"][details["declarer"]] > 0) is (
            won >= RIKKEN_TARGETS.get(details["contract"], 8)
        )


def rikken_forced_leads(public: Mapping[str, Any]) -> set[int]:
    """Rikken 2: with two open piek/misère players the second leads trick 2, whoever won trick 1."""
    contract = public["contract"] or ""
    return (
        {1}
        if contract.startswith("open-") and "kapot" not in contract and len(public["contract_players"]) > 1
        else set()
    )


HOOGJAS_TRUMP_ORDER, HOOGJAS_PLAIN_ORDER = "J9AKQT87", "AKQJT987"
HOOGJAS_POINTS = (
    {"J": 20, "9": 14, "A": 11, "T": 10, "K": 3, "Q": 2},
    {"A": 11, "T": 10, "K": 3, "Q": 2, "J": 1},
)


def hoogjassen_step(state: State, v: Views) -> None:
    """Hoogjassen 3 and 5: bids in tens above the last (from 120, or 170 with three), at most
    max_bid; a trump lead must be followed with a trump except by a lone trump jack; another suit
    may be followed or trumped, and anything goes when void."""
    seat = state.current_player
    assert seat is not None
    view = v[seat]
    legal = {a.text for a in state.legal_actions()}
    if view["phase"] == "bid":
        low = max(120 if view["players"] == 4 else 170, (view["bid"] or 0) + 10)
        high = state.game.rules["max_bid"]
        assert legal == {"pass", *(f"bid {b}" for b in range(low, int(high) + 1, 10))}
        return
    if view["phase"] == "lummel":
        assert seat == view["declarer"] and legal == {"take-lummel", "ongedraaid"}
        return
    if view["phase"] != "play":
        assert seat == view["declarer"]
        return
    hand: list[str] = view["hand"]
    trick: list[str] = view["trick"]
    trump = view["trump"]
    if not view["history"] and not trick:
        assert seat == view["declarer"], "the declarer leads the first trick"
    playable = set(hand)
    if trick:
        led = trick[0][1]
        trumps = {c for c in hand if c[1] == trump}
        if led == trump:
            if trumps - {"J" + trump}:
                playable = trumps
        elif any(c[1] == led for c in hand):
            playable = {c for c in hand if c[1] == led} | trumps
    assert legal == {f"play {c}" for c in playable}


def hoogjassen_end(state: State, result: dict[str, Any]) -> None:
    """Hoogjassen 5.3 and 6: every trick's winner, card points 146, rounding to 150, r and zero-sum
    scores (a redeal scores nothing)."""
    n = state.game.players
    details = result["details"]
    assert sum(result["scores"]) == 0
    if details.get("redeal"):
        assert result["scores"] == [0] * n and not state.view(None)["history"]
        return
    trump, declarer = details["trump"], details["declarer"]
    won_points = 0
    history = state.view(None)["history"]
    for k, trick in enumerate(history):
        cards: list[str] = trick["cards"]
        trumps = [c for c in cards if c[1] == trump]
        if trumps:
            best = min(trumps, key=lambda c: HOOGJAS_TRUMP_ORDER.index(c[0]))
        else:
            best = min(
                (c for c in cards if c[1] == cards[0][1]), key=lambda c: HOOGJAS_PLAIN_ORDER.index(c[0])
            )
        assert trick["winner"] == (trick["leader"] + cards.index(best)) % n, trick
        if trick["winner"] == declarer:
            won_points += sum(HOOGJAS_POINTS[c[1] != trump].get(c[0], 0) for c in cards)
            won_points += 5 if k == len(history) - 1 else 0
    raw = details["raw_points"]
    assert (raw[0] >= won_points and sum(raw) == 146) or result["tricks"][declarer] == 0
    kapot = result["tricks"][declarer] == len(history)
    assert details["kapot"] is kapot
    if kapot:
        assert details["points"] == [250, 0]
    elif result["tricks"][declarer] == 0:
        assert details["points"] == [0, 150] and details["contract"] == details["bid"]
    else:
        assert details["points"][1] == (raw[1] + 8) // 10 * 10 and sum(details["points"]) == 150
    r = (details["points"][0] - details["contract"]) * (2 if details["ongedraaid"] else 1)
    assert details["result"] == r
    assert result["scores"] == [r * (n - 1) if s == declarer else -r for s in range(n)]


def piken_step(state: State, v: Views) -> None:
    """Piken 2.2-2.3 and 4: only a holder of 7D or AC draws, positions still there; in play the seat is
    in and holds cards, the leader leads an empty table, every legal play is a combination of the hand
    (all of them, for small hands); the 32 cards are all somewhere."""
    seat = state.current_player
    assert seat is not None
    view = v[seat]
    public = v[None]
    legal = {a.text for a in state.legal_actions()}
    laid = sum(len(lay["cards"]) for lay in public["table"])
    in_hands = sum(public["hand_counts"])
    assert in_hands + laid + sum(public["piles"]) + public["removed"] + len(public["middle"]) == 32
    if view["phase"] == "draw":
        assert seat in view["entitled"]
        assert legal == {"decline", *(f"draw {n}" for n in view["middle"])}
        return
    hand: list[str] = view["hand"]
    assert hand and seat in view["still_in"]
    if not view["table"]:
        assert seat == view["leader"]
    for text in legal:
        cards = text.split()[1:]
        assert set(cards) <= set(hand) and judge(cards) is not None, text
    if len(hand) <= 6:
        valid = {
            "play " + " ".join(sorted(subset, key=PIKEN_PACK.index))
            for size in range(1, 6)
            for subset in itertools.combinations(hand, size)
            if judge(subset) is not None
        }
        assert legal == valid


def piken_end(state: State, result: dict[str, Any]) -> None:
    """Piken 4.2-4.4 and 5: in every round a lay stays in exactly when it beats the highest before it, the
    last to stay in takes the round; piles, scores and the winner's tie-breaks follow."""
    history = state.view(None)["history"]
    details = result["details"]
    piles: list[list[str]] = [list(kept) for kept in details["kept"]]
    for rnd in history:
        best: tuple[int, int] | None = None
        owner = -1
        for lay in rnd["lays"]:
            cards = lay["cards"]
            beats = bool(cards) and (best is None or strength(cards) > best)
            assert lay["stays_in"] is beats, rnd
            if beats:
                best, owner = strength(cards), lay["seat"]
        assert rnd["taker"] == owner
        piles[owner] += [c for lay in rnd["lays"] for c in lay["cards"]]
    assert result["scores"] == details["piles"] == [len(p) for p in piles]
    assert sum(details["piles"]) + len(details["removed"]) == 32
    spades = [sorted((c for c in p if c[1] == "S"), key=PIKEN_PACK.index) for p in piles]
    assert details["spades"] == [len(s) for s in spades]
    assert details["highest_spade"] == [s[-1] if s else None for s in spades]
    ranking = {
        seat: (
            len(piles[seat]),
            len(spades[seat]),
            PIKEN_PACK.index(spades[seat][-1]) if spades[seat] else -1,
        )
        for seat in range(3)
    }
    best_seat = max(ranking, key=ranking.__getitem__)
    shared = [seat for seat in ranking if ranking[seat] == ranking[best_seat]]
    assert details["winner"] == (best_seat if len(shared) == 1 else None)


SPEC_CHECKS: dict[str, SpecChecks] = {
    "hoogjassen": SpecChecks(hoogjassen_step, hoogjassen_end),
    "piken": SpecChecks(piken_step, piken_end),
    "rififi": SpecChecks(rififi_step, rififi_end),
    "rikken": SpecChecks(rikken_step, rikken_end),
}

DEALT_IN_PLAY: dict[str, Callable[[Mapping[str, Any]], set[str]]] = {
    "rififi": lambda record: {c for hand in record["deal"]["hands"] for c in hand},
    "rikken": lambda record: {c for hand in record["deal"]["hands"] for c in hand},
}
"""For trick games: exactly the cards that hands + played cards add up to (default: a subset of the deal)."""

FORCED_LEADS: dict[str, Callable[[Mapping[str, Any]], set[int]]] = {"rikken": rikken_forced_leads}
"""Per game, from the public view: indices of tricks whose leader the rules set (not the last winner)."""


# --------------------------------------------------------------------------- one random round


def check_views(state: State, v: Views, thorough: bool) -> None:
    """Views are plain JSON; only the seat to act gets the legal actions."""
    current = state.current_player
    legal = [a.text for a in state.legal_actions()]
    for seat, view in v.items():
        if thorough:
            json_round_trip(view)
        assert view["legal_actions"] == (legal if seat is not None and seat == current else [])


def check_cards(state: State, v: Views, record: dict[str, Any]) -> None:
    """Trick games: hands + table + history hold every card in play exactly once."""
    if not isinstance(state, TrickState):
        return
    n = state.game.players
    public = v[None]
    recorded = [c for a in record["actions"] for c in play_codes(a)]
    shown = [c for t in public["history"] for c in t["cards"]] + public["trick"]
    assert len(shown) == len(recorded), "history differs from the record"
    # a card led face down (rikken's blind lead) shows as ?? on the table until its trick is complete
    played = [
        r if c == "??" and t >= len(shown) - len(public["trick"]) else c
        for t, (c, r) in enumerate(zip(shown, recorded, strict=True))
    ]
    assert played == recorded, "history differs from the record"
    hands = [v[s]["hand"] for s in range(n)]
    if "hand_counts" in public:
        assert public["hand_counts"] == [len(h) for h in hands]
    everything = [c for h in hands for c in h] + played
    assert len(set(everything)) == len(everything), f"a card is in two places: {sorted(everything)}"
    in_play = DEALT_IN_PLAY.get(state.game.name)
    if in_play is not None:
        assert set(everything) == in_play(record)
    else:
        assert set(everything) <= set(deal_codes(record["deal"]))
    playing = sum(bool(h) for h in record["deal"]["hands"]) if "hands" in record["deal"] else n
    forced_rule = FORCED_LEADS.get(state.game.name)
    forced = forced_rule(public) if forced_rule is not None else set()
    for i, trick in enumerate(public["history"]):
        assert len(trick["cards"]) == playing
        if i and i not in forced:
            assert trick["leader"] == public["history"][i - 1]["winner"]
    if public["history"] and len(public["history"]) not in forced:
        assert public["leader"] == public["history"][-1]["winner"]
    assert public["tricks"] == [sum(t["winner"] == s for t in public["history"]) for s in range(n)]


@dataclass
class Step:
    """What was true before action ``index`` of a round."""

    current_player: int
    legal: list[str]
    tricks: list[int] | None = None


@dataclass
class Played:
    state: State
    steps: list[Step] = field(default_factory=list)


def play_round(game: Game, seed: int) -> Played:
    """Random legal play of one round, checking every step."""
    rng = random.Random(seed * 7919 + 1)
    state = new_round(game, seed)
    spec = SPEC_CHECKS.get(game.name)
    thorough = seed < THOROUGH_ROUNDS
    played = Played(state)
    while (seat := state.current_player) is not None:
        assert not state.is_over
        legal = state.legal_actions()
        texts = [a.text for a in legal]
        assert texts, f"seat {seat} must have a legal action"
        assert len(set(texts)) == len(texts), f"duplicate legal actions: {texts}"
        v = views(state)
        record = state.record()
        assert "result" not in record
        check_views(state, v, thorough)
        check_cards(state, v, record)
        if spec is not None:
            spec.step(state, v)
        partial = state.result()
        assert partial["over"] is False and partial["current_player"] == seat
        assert partial["legal_actions"] == sorted(texts)
        tricks = v[None].get("tricks") if isinstance(state, TrickState) else None
        played.steps.append(Step(seat, sorted(texts), tricks))
        # every legal action applies, on a clone that is independent of the original
        for i, action in enumerate(legal):
            copy = state.clone()
            copy.apply(action.text)
            if i == 0:
                assert copy.record()["actions"] == [*record["actions"], action.text]
            else:
                assert len(copy.actions) == len(record["actions"]) + 1 and copy.actions[-1] == action
        assert state.record() == record, "applying to a clone changed the original"
        if thorough:
            assert views(state) == v, "applying to a clone changed the original's views"
        choice = rng.choice(legal)
        copy = state.clone() if len(record["actions"]) % 2 else deepcopy(state)  # deepcopy is clone
        assert copy.game is state.game
        state.apply(choice if rng.random() < 0.5 else choice.text)
        assert copy.record() == record, "applying to the original changed its clone"
        assert state.actions[-1] == choice
    assert state.is_over
    return played


def check_result(state: State) -> dict[str, Any]:
    """The finished round's result as the contract describes it."""
    n = state.game.players
    result = state.result()
    assert result["over"] is True
    scores = result["scores"]
    assert isinstance(scores, list) and len(scores) == n
    assert all(type(s) is int for s in scores), scores
    assert isinstance(result["details"], dict)
    if isinstance(state, TrickState):
        tricks = result["tricks"]
        assert isinstance(tricks, list) and len(tricks) == n
        assert all(type(t) is int and t >= 0 for t in tricks)
        assert sum(tricks) == len(state.view(None)["history"])
    json_round_trip(result)
    assert state.legal_actions() == []
    assert state.current_player is None
    return result


def check_records(game: Game, played: Played, seed: int) -> None:
    """The round's record replays, also through JSON, seat-prefixed and cut short."""
    state = played.state
    result = check_result(state)
    record = state.record()
    assert record["format"] == "troef-record/1"
    assert record["game"] == game.name
    assert record["players"] == game.players
    assert record["result"] == result
    assert troef.replay(record) == result
    loaded = json_round_trip(record)
    assert troef.replay(loaded) == result
    # the deal alone, then the actions one by one, rebuild the same record
    again = game.from_record(loaded)
    assert again.record()["deal"] == record["deal"]
    for text in record["actions"]:
        again.apply(text)
    assert again.record() == record
    assert views(again) == views(state)
    # seat-prefixed actions check the acting seat as well
    prefixed = [f"{step.current_player}:{a}" for step, a in zip(played.steps, record["actions"], strict=True)]
    assert troef.replay({**record, "actions": prefixed}) == result
    # a record that stops early: who acts and what is legal there
    rng = random.Random(seed)
    cuts = {0, len(played.steps) - 1, *rng.sample(range(len(played.steps)), min(3, len(played.steps)))}
    for k in sorted(cuts):
        partial = {key: val for key, val in record.items() if key != "result"}
        partial["actions"] = record["actions"][:k]
        got = troef.replay(json_round_trip(partial))
        step = played.steps[k]
        assert got["over"] is False
        assert got["current_player"] == step.current_player
        assert got["legal_actions"] == step.legal
        if step.tricks is not None:
            assert got["tricks"] == step.tricks
    # the same seed deals the same round
    assert new_round(game, seed).record()["deal"] == record["deal"]


# --------------------------------------------------------------------------- tests


def test_registry_is_not_empty() -> None:
    assert "rififi" in troef.GAMES
    for name, cls in troef.GAMES.items():
        assert cls.name == name
        assert cls.presets, f"{name} has no preset"
        assert cls.min_players <= cls.default_players <= cls.max_players


def test_random_play(game_name: str, preset: str, players: int) -> None:
    """Random legal play to the end, every step and the finished round checked."""
    game = troef.load_game(game_name, preset, players)
    assert game.players == players
    assert game.rules.notation() == preset
    spec = SPEC_CHECKS.get(game_name)
    for seed in range(ROUNDS):
        played = play_round(game, seed)
        check_records(game, played, seed)
        if spec is not None:
            spec.end(played.state, played.state.result())


def test_illegal_actions_change_nothing(game_name: str, preset: str, players: int) -> None:
    """At every step, every action that is not legal is refused and leaves the state as it was."""
    game = troef.load_game(game_name, preset, players)
    for seed in range(ILLEGAL_ROUNDS):
        rng = random.Random(seed)
        state = new_round(game, seed)
        while True:
            legal = [a.text for a in state.legal_actions()]
            before = snapshot(state)
            candidates = [t for t in ILLEGAL_CANDIDATES if troef.parse_action(t).text not in legal]
            for text in [*candidates, *MALFORMED]:
                assert_refused(state, text, legal)
                if seed < 2:  # the expensive way, after each refusal, in a few rounds
                    assert snapshot(state) == before, f"refusing {text!r} changed the state"
            assert snapshot(state) == before, "refusing illegal actions changed the state"
            if state.current_player is None:
                break
            # legal actions in their text are legal; refusing did not make them illegal
            state.apply(rng.choice(legal))


class _OtherRandom(random.Random):
    """A generator of another type: `State.random_action` leaves the draw to its own ``choice``."""

    def choice(self, seq: Any) -> Any:
        return seq[-1]


def test_random_action_draws_what_a_choice_of_the_legal_actions_draws(
    game_name: str, preset: str, players: int
) -> None:
    """`State.random_action` (a random play-out's step, drawn without the list where a game can) gives
    the action ``rng.choice(legal_actions())`` gives, from the same draws, and changes nothing."""
    game = troef.load_game(game_name, preset, players)
    for seed in range(10):
        state = new_round(game, seed)
        mine, theirs = random.Random(seed), random.Random(seed)
        while not state.is_over:
            before = snapshot(state)
            action = state.random_action(mine)
            assert action is theirs.choice(state.legal_actions())
            assert mine.getstate() == theirs.getstate()
            assert state.random_action(_OtherRandom()) is state.legal_actions()[-1]
            assert snapshot(state) == before
            state.apply(action)


def test_finished_round_refuses_every_action(game_name: str, preset: str, players: int) -> None:
    game = troef.load_game(game_name, preset, players)
    state = play_round(game, 3).state
    before = snapshot(state)
    for text in ILLEGAL_CANDIDATES[:60]:
        assert_refused(state, text, [])
    assert snapshot(state) == before
    assert state.is_over


def test_deals_are_reproducible_and_vary(game_name: str, preset: str, players: int) -> None:
    game = troef.load_game(game_name, preset, players)
    deals = [json.dumps(game.deal(seed, 0).record()["deal"]) for seed in range(20)]
    assert deals == [json.dumps(game.deal(seed, 0).record()["deal"]) for seed in range(20)]
    assert len(set(deals)) == 20, "different seeds should deal differently"
    for dealer in range(players):
        state = game.deal(5, dealer)
        assert state.dealer == dealer
        assert state.record()["dealer"] == dealer
        json_round_trip(state.record())
    for bad in (-1, players, "0"):
        with pytest.raises(troef.GameError, match="dealer"):
            game.deal(5, bad)
    for bad_seed in ("5", 5.0, [5], b"5"):
        with pytest.raises(troef.GameError, match=r"a seed is an integer or None, not "):
            game.deal(bad_seed, 0)


RIFIFI_OVERRIDES: list[dict[str, object]] = [
    {"preset": "standaard", "scoring": "tricks-plus-10"},
    {"preset": "standaard", "must_trump": False, "hook": True},
    {"preset": "standaard", "pack": "french52", "schedule": "fixed", "tricks": 5},
    {"preset": "oh-hell", "scoring": "rififi"},
    {"preset": "oh-hell", "must_trump": True, "hook": False, "tricks": 3},
    {"preset": "oh-hell", "pack": "german36"},
]


@pytest.mark.parametrize("rules", RIFIFI_OVERRIDES, ids=lambda r: "-".join(f"{k}={v}" for k, v in r.items()))
@pytest.mark.parametrize("players", [3, 5])
def test_rififi_options_as_specified(rules: dict[str, object], players: int) -> None:
    """Option overrides on either preset: legal actions, winners and both scorings as the spec says."""
    game = troef.load_game("rififi", rules, players)
    assert game.rules.notation() == rules
    for seed in range(25):
        played = play_round(game, seed)
        check_records(game, played, seed)
        rififi_end(played.state, played.state.result())
        if rules.get("tricks"):
            assert played.state.result()["details"]["hand_size"] == rules["tricks"]


@pytest.mark.parametrize(
    ("scoring", "bid", "tricks", "points"),
    [
        ("rififi", 0, 0, 10),
        ("rififi", 3, 3, 19),
        ("rififi", 2, 5, -3),
        ("rififi", 4, 1, -3),
        ("tricks-plus-10", 0, 0, 10),
        ("tricks-plus-10", 3, 3, 13),
        ("tricks-plus-10", 2, 5, 5),
        ("tricks-plus-10", 4, 1, 1),
    ],
)
def test_rififi_score_formula(scoring: str, bid: int, tricks: int, points: int) -> None:
    """The formula the conformance check uses, pinned to hand-computed values."""
    assert rififi_points(scoring, bid, tricks) == points
