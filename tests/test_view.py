"""Hidden information stays hidden (DESIGN.md principle 3), for every game x preset x player count.

``state.view(seat)`` is all a seat, a bot or a client ever gets.  Two checks:

1. No card the seat may not see appears anywhere in its view.  What a seat may
   see is computed from the round's *record* and the game's rules, in
   `VISIBLE` (one entry per game; a registered game without one fails here, so
   every new game must state its rule).
2. The view cannot tell deals apart that the seat cannot tell apart: the
   hidden cards of the deal are shuffled among their places, the same actions
   are replayed, and the seat's view must stay exactly the same at every step.
   This catches leaks that are not card codes (counts, orders, masks, flags).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest

import troef
from troef.core.cards import CODES, CardError, parse_card
from troef.core.game import Game, State

pytestmark = pytest.mark.engine

ROUNDS = 40
"""Random rounds per game x preset x player count; every step of each is checked."""
RESAMPLES = 3
"""Shuffled deals tried per seat and round for the indistinguishability check."""

Record = Mapping[str, Any]
VisibleRule = Callable[[Record, int | None], set[str]]


# --------------------------------------------------------------------------- what a seat may see


def played_cards(record: Record) -> set[str]:
    """Cards laid face up on the table by the record's actions (a ``blind`` play is face down)."""
    out: set[str] = set()
    for text in record["actions"]:
        action = troef.parse_action(text.partition(":")[2] or text)
        if action.kind == "play" and not action.blind:
            out.update(CODES[c] for c in action.cards)
    return out


def rififi_visible(record: Record, seat: int | None) -> set[str]:
    """Rififi: your own dealt hand, every card played, and the turned trump card (rififi.md 1.4)."""
    deal = record["deal"]
    seen = played_cards(record)
    if seat is not None:
        seen.update(deal["hands"][seat])
    if deal["trump_card"] is not None:
        seen.add(deal["trump_card"])
    return seen


def rikken_auction(record: Record) -> tuple[str | None, list[int]]:
    """Rikken 3: the auction's outcome from the record: the contract (the chosen game after all
    passed; None while bidding or choosing) and its players in bid order."""
    n, dealer = record["players"], record["dealer"]
    seats = [(dealer + k) % n for k in range(1, 5)]
    out: set[int] = set()
    top, holders = "", []
    seat = seats[0]
    actions = [text.partition(":")[2] or text for text in record["actions"]]
    for i, text in enumerate(actions):
        if text == "pass":
            out.add(seat)
        elif text.split()[1] == top:
            holders.append(seat)
        else:
            top, holders = text.split()[1], [seat]
        if all(s in out or s in holders for s in seats):
            if top:
                return top, holders
            return (actions[i + 1].split()[1] if i + 1 < len(actions) else None), seats
        while True:
            seat = seats[(seats.index(seat) + 1) % 4]
            if seat not in out:
                break
    return None, []


def rikken_visible(record: Record, seat: int | None) -> set[str]:
    """Rikken: your own dealt hand and every card played face up; a card led blind once its trick is
    complete; open hands once open (after ``open_after_trick`` tricks, two or more open piekers after
    ``open_after_trick_two``), every hand from the start in praatje with ``praatje_all_open``; and
    what the rules make known: the four aces once troela is bid (three by the bid, the fourth by
    its holder naming trump), aces and kings when the rikker could call no partner (4.3).  The
    called card is named to all; tests/test_rikken_play.py checks that its holder stays hidden."""
    hands: list[list[str]] = record["deal"]["hands"]
    seen = played_cards(record)
    if seat is not None:
        seen.update(hands[seat])
    contract, players = rikken_auction(record)
    actions = [text.partition(":")[2] or text for text in record["actions"]]
    plays = [troef.parse_action(t) for t in actions if t.startswith("play")]
    for k, action in enumerate(plays):
        if action.blind and len(plays) >= (k // 4 + 1) * 4:
            seen.add(CODES[action.card])
    aces_kings = {r + s for r in "AK" for s in "SHDC"}
    if "bid troela" in actions:
        seen.update(c for c in aces_kings if c[0] == "A")
    if contract is None:
        return seen
    calls = [troef.parse_action(t) for t in actions if t.startswith("call")]
    seen.update(CODES[a.card] for a in calls)  # the called card is named to all (its holder stays hidden)
    if contract in ("rik", "rik-beter", "noodrik") and not calls and not plays and seat == players[0]:
        seen.update(aces_kings)  # the rikker's legal calls name the aces and kings
    rules = troef.load_game("rikken", record["rules"], record["players"]).rules
    if (
        contract in ("rik", "rik-beter", "noodrik")
        and plays
        and not any(t.startswith("call") for t in actions)
    ):
        seen.update(aces_kings)
    if contract.endswith("praatje") and rules["praatje_all_open"]:
        seen.update(c for hand in hands for c in hand)
        return seen
    two_piekers = "piek" in contract and len(players) > 1
    after = int(rules["open_after_trick_two" if two_piekers else "open_after_trick"])
    if (contract.startswith("open") or "kapot" in contract) and len(plays) // 4 >= after:
        seen.update(c for p in players for c in hands[p])
    return seen


def hoogjassen_declarer(record: Record) -> int | None:
    """Hoogjassen 3.1: the last bidder left, from the record's auction (None while bidding or after
    everybody passed)."""
    n = record["players"]
    seat, out, bidder = (record["dealer"] + 1) % n, set(), None
    for text in record["actions"]:
        text = text.partition(":")[2] or text
        if text == "pass":
            out.add(seat)
        elif text.startswith("bid "):
            bidder = seat
        else:
            return bidder
        left = {s for s in range(n) if s not in out}
        if left in (set(), {bidder}):
            return bidder if left else None
        seat = next((seat + k) % n for k in range(1, n + 1) if (seat + k) % n not in out)
    return None


def hoogjassen_roem_cards(hand: set[str]) -> set[str]:
    """Hoogjassen 4.2: the cards of the declarer's fours (J A K Q) and runs of three or more in
    7 8 9 T J Q K A, which he lays on the table when he roems."""
    shown = {r + s for r in "JAKQ" for s in "SHDC" if all(r + t in hand for t in "SHDC")}
    for suit in "SHDC":
        run: list[str] = []
        for rank in "789TJQKA-":
            if rank + suit in hand:
                run.append(rank + suit)
                continue
            if len(run) >= 3:
                shown.update(run)
            run = []
    return shown


def hoogjassen_visible(record: Record, seat: int | None) -> set[str]:
    """Hoogjassen: your own dealt hand and every card played; the declarer sees the lummel once he
    takes it (his afleggers are his own cards); nobody else ever sees the lummel or the afleggers.
    When trump is named the declarer's roem is laid on the table: its cards are seen by all."""
    deal = record["deal"]
    seen = played_cards(record)
    if seat is not None:
        seen.update(deal["hands"][seat])
    declarer = hoogjassen_declarer(record)
    if declarer is None:
        return seen
    actions = [text.partition(":")[2] or text for text in record["actions"]]
    hand = set(deal["hands"][declarer])
    if "take-lummel" in actions:
        hand |= set(deal["lummel"])
        if seat == declarer:
            seen.update(deal["lummel"])
    trump = next((a for a in actions if a.startswith("trump ")), None)
    if trump is not None:
        for text in actions:
            if text.startswith("discard "):
                hand -= {CODES[c] for c in troef.parse_action(text).cards}
        seen |= hoogjassen_roem_cards(hand)
    return seen


def piken_visible(record: Record, seat: int | None) -> set[str]:
    """Piken: your own dealt hand and every card laid; a middle card you drew blind (the other one too
    when you drew the special card lying there, piken.md 2.3; both when you hold 7D and AC, 2.1).
    Removed cards are face down until the game is over; then every card is in a pile or named
    among the removed ones."""
    deal = record["deal"]
    hands: list[list[str]] = deal["hands"]
    middle: list[str] = deal["middle"]
    if record.get("result", {}).get("over"):
        return {c for hand in hands for c in hand} | set(middle)
    seen = played_cards(record)
    if seat is not None:
        seen.update(hands[seat])
    holders = {card: s for s, hand in enumerate(hands) for card in hand}
    entitled = {holders[c] for c in ("7D", "AC") if c in holders}
    if len(entitled) == 1 and not set(middle) & {"7D", "AC"}:
        return seen | set(middle) if seat in entitled else seen
    deciders = sorted(entitled, key=lambda s: (s - record["dealer"] - 1) % 3)
    actions = [text.partition(":")[2] or text for text in record["actions"]]
    for decider, text in zip(deciders, actions, strict=False):
        if decider == seat and text.startswith("draw "):
            card = middle[int(text.split()[1]) - 1]
            seen.update(middle if card in ("7D", "AC") else [card])
    return seen


def minitrick_visible(record: Record, seat: int | None) -> set[str]:
    """Minitrick, the test game (tests/minitrick/): your own dealt hand and every card played."""
    seen = played_cards(record)
    if seat is not None:
        seen.update(record["deal"]["hands"][seat])
    return seen


VISIBLE: dict[str, VisibleRule] = {
    "rififi": rififi_visible,
    "rikken": rikken_visible,
    "hoogjassen": hoogjassen_visible,
    "piken": piken_visible,
    "minitrick": minitrick_visible,
}
"""Per game: the cards ``seat`` (None: a spectator) may see, from the record of the round so far."""


ANNOUNCED: dict[str, Callable[[Mapping[str, Any]], object]] = {
    "hoogjassen": lambda view: (view["roem"], view["stuk"]),
    "piken": lambda view: (view["entitled"], view["taken"], view["removed"], view["first_leader"]),
}
"""Per game, from the spectator's view: what the rules announce about hidden cards (Hoogjassen's
roem and stuk say what the declarer holds, and by their absence what he lacks; Piken's middle-card
draws say who holds 7D and AC and how many cards a draw took and removed, and the first leader is the
holder of AS when nobody drew).  Two deals that announce differently can be told apart by the rules,
so the indistinguishability check stops there."""


def visible(record: Record, seat: int | None) -> set[str]:
    rule = VISIBLE.get(record["game"])
    if rule is None:
        pytest.fail(
            f"game {record['game']!r} has no rule for what a seat may see: "
            "add it to VISIBLE in tests/test_view.py"
        )
    return rule(record, seat)


# --------------------------------------------------------------------------- cards in a view


def card_in_token(token: str) -> str | None:
    """The card a two-character token names (forgivingly, as the parser reads it), or None."""
    if len(token) != 2 or token == "??":
        return None
    try:
        return CODES[parse_card(token)]
    except CardError:
        return None


def cards_in(value: object) -> Iterator[str]:
    """Every card named anywhere in a JSON value: in keys and strings, whole or as words."""
    if isinstance(value, str):
        for token in value.split():
            card = card_in_token(token)
            if card is not None:
                yield card
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from cards_in(key)
            yield from cards_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from cards_in(item)


def test_cards_in_finds_codes_everywhere() -> None:
    view = {
        "hand": ["AS", "??", "10h"],
        "last": "play KD",
        "lay": "play 7C 8C",
        "names": {"QH": 1},
        "nested": [[{"x": "tc"}]],
        "words": "rififi oh-hell bid 3 up",
        "n": 12,
    }
    assert set(cards_in(view)) == {"AS", "KD", "7C", "8C", "QH", "TC"}
    assert set(cards_in({"hand": ["??", "??"], "trump": "S"})) == set()


# --------------------------------------------------------------------------- random rounds


def new_round(game: Game, seed: int) -> State:
    dealer = seed % game.players
    if seed % 2 == 0:
        return game.deal(seed, dealer)
    return game.deal_round(seed, dealer, seed // 2 % game.match_rounds())


def test_every_game_states_what_a_seat_may_see() -> None:
    missing = [name for name in troef.GAMES if name not in VISIBLE]
    assert not missing, f"add the visible-card rule of {missing} to VISIBLE in tests/test_view.py"


def check_views(state: State) -> dict[int | None, Mapping[str, Any]]:
    """Every seat's and the spectator's view now: no hidden card, legal actions only to the actor."""
    record = state.record()
    n = state.game.players
    current = state.current_player
    legal = sorted(a.text for a in state.legal_actions())
    public = visible(record, None)
    out: dict[int | None, Mapping[str, Any]] = {}
    for seat in [*range(n), None]:
        view = state.view(seat)
        out[seat] = view
        may_see = visible(record, seat)
        assert public <= may_see
        leaked = set(cards_in(view)) - may_see
        who = "the spectator" if seat is None else f"seat {seat}"
        assert not leaked, f"{who} sees hidden cards {sorted(leaked)} after {record['actions']}"
        actions: list[str] = view["legal_actions"]
        if seat is not None and seat == current:
            assert sorted(actions) == legal and len(set(actions)) == len(actions)
        else:
            assert actions == [], f"{who} is not to act but its view lists {actions}"
    return out


def test_views_show_no_hidden_card(game_name: str, preset: str, players: int) -> None:
    """At every step of random rounds, every seat's and the spectator's view."""
    game = troef.load_game(game_name, preset, players)
    for seed in range(ROUNDS):
        rng = random.Random(seed)
        state = new_round(game, seed)
        while True:
            check_views(state)
            legal = state.legal_actions()
            if not legal:
                break
            state.apply(rng.choice(legal))
        assert state.is_over


OPEN_AUCTIONS = {
    "praatje": ("bid misere", "bid open-misere", "bid open-misere-praatje", "pass", "pass", "pass"),
    "two open piekers": ("bid piek", "bid open-piek", "pass", "pass", "bid open-piek"),
    "two open misère": ("bid misere", "bid open-misere", "pass", "pass", "bid open-misere"),
}
"""Auctions (from the dealer's left) into the open contracts whose hands are laid open late (5.5)."""


@pytest.mark.parametrize("preset", ["kampioenschap", "bsg"])
@pytest.mark.parametrize("auction", sorted(OPEN_AUCTIONS))
def test_open_contracts_show_no_hand_before_it_lies_open(preset: str, auction: str) -> None:
    """Rikken 5.5 at every step of random rounds of an open contract: K praatje shows nothing before
    the open hands lie open, two open piekers (K) stay hidden until trick 9; and the check sees the
    hands once they are open."""
    game = troef.load_game("rikken", preset, 4)
    opened = 0
    for seed in range(ROUNDS):
        rng = random.Random(seed)
        state = game.deal(seed, seed % 4)
        for text in OPEN_AUCTIONS[auction]:
            state.apply(text)
        while not state.is_over:
            views = check_views(state)
            opened += any(hand is not None for hand in views[None]["open_hands"])
            state.apply(rng.choice(state.legal_actions()))
    assert opened, "no open hand was ever shown: the check is vacuous"


PUBLIC_KEYS = ("order", "trick_seats", "last_trick", "history", "tricks")
"""Keys every viewer sees alike (Rikken's blind lead aside: its card is ``??`` to all but the rikker)."""


def check_shared_facts(views: Mapping[int | None, Mapping[str, Any]]) -> None:
    """The facts views state for the client show nothing a seat may not know: the playing order and
    the tricks are alike for all; the bid range only for the seat to act; the sides alike for all,
    except that a called partner knows his side before the others do (he holds the called card)."""
    public = views[None]
    for seat, view in views.items():
        for key in PUBLIC_KEYS:
            assert view.get(key) == public.get(key), f"seat {seat} sees another {key} than the spectator"
        if seat is None or seat != view["current_player"]:
            assert view["bid_range"] is None
        if view["sides"] == public["sides"]:
            continue
        assert seat is not None and public["sides"] is None and view["game"] == "rikken"
        assert view["sides"][0]["seats"] == [view["declarer"], seat], "only the partner knows his side early"
        assert view["called"] in view["hand"] and view["partner"] is None


def test_facts_for_the_client_show_nothing_hidden(game_name: str, preset: str, players: int) -> None:
    """At every step of random rounds: `check_shared_facts`, and a blind lead stays ``??`` in the
    trick for everyone but its player."""
    game = troef.load_game(game_name, preset, players)
    partner_first = 0
    for seed in range(ROUNDS):
        rng = random.Random(seed)
        state = new_round(game, seed)
        while True:
            views = {s: state.view(s) for s in [*range(players), None]}
            check_shared_facts(views)
            partner_first += any(v["sides"] != views[None]["sides"] for v in views.values())
            if views[None].get("blind_lead"):
                declarer = views[None]["declarer"]
                assert all((v["trick"][0] == "??") == (s != declarer) for s, v in views.items())
            legal = state.legal_actions()
            if not legal:
                break
            state.apply(rng.choice(legal))
    if (game_name, preset) == ("rikken", "kampioenschap"):
        assert partner_first, "no round showed a partner his side before the others: the check is vacuous"


def test_own_hand_is_seen(game_name: str, preset: str, players: int) -> None:
    """The check above is not vacuous: a seat's own dealt cards do appear in its view at the start."""
    game = troef.load_game(game_name, preset, players)
    state = game.deal(11, 0)
    record = state.record()
    dealt_to = [seat for seat in range(players) if record["deal"]["hands"][seat]]
    assert len(dealt_to) >= players - 1  # rikken with five: the dealer sits out, with no cards
    for seat in range(players):
        own = set(record["deal"]["hands"][seat])
        assert own <= set(cards_in(state.view(seat)))
        others = {c for s, h in enumerate(record["deal"]["hands"]) if s != seat for c in h}
        assert set(cards_in(state.view(seat))) & others <= visible(record, None)


def test_view_of_a_seat_that_does_not_exist(game_name: str, preset: str, players: int) -> None:
    """A bad seat is an error, never another seat's view (``view(-1)`` must not show the last hand)."""
    state = troef.load_game(game_name, preset, players).deal(4, 0)
    for bad in (-1, -players, players, players + 3, "0", 1.0, True):
        with pytest.raises(troef.GameError, match=r"seat must be 0\.\.\d+ or None"):
            state.view(bad)
    state.view(None)


# --------------------------------------------------------------------------- indistinguishable deals


def shuffle_hidden(deal: object, hidden: set[str], rng: random.Random) -> object:
    """The deal with its ``hidden`` cards shuffled among their places (everything else kept)."""
    found = [c for c in deal_cards(deal) if c in hidden]
    rng.shuffle(found)
    it = iter(found)

    def rebuild(value: object) -> object:
        if isinstance(value, str):
            card = card_in_token(value)
            return next(it) if card is not None and card in hidden else value
        if isinstance(value, Mapping):
            return {k: rebuild(v) for k, v in value.items()}
        if isinstance(value, list):
            return [rebuild(v) for v in value]
        return value

    out = rebuild(deal)
    assert next(it, None) is None
    return out


def deal_cards(value: object) -> Iterator[str]:
    """The card codes of a deal object, in order."""
    if isinstance(value, str):
        card = card_in_token(value)
        if card is not None:
            yield card
    elif isinstance(value, Mapping):
        for v in value.values():
            yield from deal_cards(v)
    elif isinstance(value, list):
        for v in value:
            yield from deal_cards(v)


def cut_short(record: Record, cut: int) -> Record:
    """The record of the first ``cut`` actions: without the result unless nothing was cut."""
    if cut == len(record["actions"]):
        return record
    short = {key: value for key, value in record.items() if key != "result"}
    return {**short, "actions": record["actions"][:cut]}


def test_views_do_not_tell_hidden_cards_apart(game_name: str, preset: str, players: int) -> None:
    """Shuffle what a seat cannot see after k actions; while the same actions stay legal in the shuffled
    deal, the seat's views up to step k stay exactly the same."""
    game = troef.load_game(game_name, preset, players)
    compared = 0
    changed_deals = 0
    for seed in range(ROUNDS // 2):
        rng = random.Random(seed)
        state = new_round(game, seed)
        history: list[dict[int | None, Mapping[str, Any]]] = []
        while True:
            history.append({s: state.view(s) for s in [*range(players), None]})
            legal = state.legal_actions()
            if not legal:
                break
            state.apply(rng.choice(legal))
        record = state.record()
        actions: list[str] = record["actions"]
        all_cards = set(deal_cards(record["deal"]))
        for seat in [*range(players), None]:
            for _ in range(RESAMPLES):
                cut = rng.randrange(len(actions) + 1)
                hidden = all_cards - visible(cut_short(record, cut), seat)
                deal = shuffle_hidden(record["deal"], hidden, rng)
                changed_deals += deal != record["deal"]
                other = game.from_record({**record, "deal": deal})
                announced = ANNOUNCED.get(game.name)
                for k in range(cut + 1):
                    if announced is not None and announced(other.view(None)) != announced(history[k][None]):
                        break  # the rules announce something different about the hidden cards
                    assert other.view(seat) == history[k][seat], (
                        f"{'the spectator' if seat is None else f'seat {seat}'} can tell two deals apart "
                        f"after actions {actions[:k]}: {record['deal']} and {deal}"
                    )
                    compared += 1
                    if k == cut:
                        break
                    try:
                        other.apply(actions[k])
                    except troef.IllegalAction:
                        break  # the shuffled deal does not allow this play: compare no further
    assert changed_deals > ROUNDS, "hardly any deal could be shuffled: the check would be vacuous"
    assert compared > 20 * ROUNDS, compared
