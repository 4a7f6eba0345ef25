"""The search bots: legal moves only, from the view alone, the same under a seed; PIMC compares the
actions on the same worlds; the exact endgame agrees with plain minimax
(max-n where every seat plays alone); inference weights worlds
by the play-out policy's choices; the games' candidate actions."""

from __future__ import annotations

import dataclasses
import json
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import pytest

import troef
from troef.core.actions import Action
from troef.core.game import Game, State
from troef.core.tricks import TrickState
from troef.games.hoogjassen.state import HoogjassenState
from troef.players import THINKING, Bot, make_bot
from troef.players.endgame import solve
from troef.players.hoogjassen.bot import HoogjassenBot
from troef.players.hoogjassen.playout import BIDS_SEARCHED, DECLARER_EDGE, DISCARDS_SEARCHED, appraise
from troef.players.kits import KITS, sample_world
from troef.players.levels import search_bot
from troef.players.piken.bot import PikenBot
from troef.players.piken.playout import SEARCHED
from troef.players.rififi import playout as rififi_playout
from troef.players.rififi.bot import RififiBot, bid_chance
from troef.players.search import (
    DISAGREE,
    Budget,
    Rollout,
    SearchBot,
    draw_worlds,
    ismcts,
    likelihood,
    make_rollout,
    payoff,
    pimc,
    random_policy,
    steps,
    text_of,
)
from troef.players.shared.kit import PolicyFactory
from troef.players.shared.playouts import Policy

pytestmark = [pytest.mark.engine, pytest.mark.slow]

GAMES = [("rififi", "standaard", 4), ("rififi", "oh-hell", 3), ("rikken", "kampioenschap", 4),
         ("rikken", "bsg", 5), ("hoogjassen", "standaard", 4), ("hoogjassen", "standaard", 3),
         ("piken", "standaard", 3)]  # fmt: skip
QUICK = Budget(iterations=30, worlds=6)


def quick(game: str, seed: int, method: str = "pimc") -> SearchBot:
    """A search bot with the game's play-out policy and candidates on a small budget."""
    return SearchBot(seed, QUICK, method, KITS[game].playout, KITS[game].candidates)


def positions(game_name: str, preset: str, players: int, seed: int, every: int) -> list[State]:
    """Every ``every``-th state of a round the heuristic bots play."""
    game = troef.load_game(game_name, preset, players)
    state = game.deal(seed, seed % players)
    bots = [make_bot(game_name, "heuristic", seed + s) for s in range(players)]
    out = []
    while (seat := state.current_player) is not None:
        if len(state.actions) % every == 0:
            out.append(state.clone())
        state.apply(bots[seat].act(state.view(seat)))
    return out


@pytest.mark.parametrize("setup", GAMES, ids=lambda g: f"{g[0]}-{g[1]}-{g[2]}p")
@pytest.mark.parametrize("method", ["ismcts", "pimc"])
def test_a_search_bot_plays_whole_rounds_legally(setup: tuple[str, str, int], method: str) -> None:
    game = troef.load_game(*setup)
    players = game.players
    for seed in range(2):
        state = game.deal(seed, seed % players)
        bots = [quick(game.name, seed * 10 + s, method) for s in range(players)]
        play_legally(state, bots)


def play_legally(state: State, bots: Sequence[Bot]) -> None:
    """Let ``bots[seat]`` act from its own view until the round is over, each action a legal one."""
    while (seat := state.current_player) is not None:
        view = state.view(seat)
        action = bots[seat].act(view)
        assert action in view["legal_actions"]
        state.apply(action)
    assert state.is_over


@pytest.mark.parametrize("setup", GAMES, ids=lambda g: f"{g[0]}-{g[1]}-{g[2]}p")
def test_the_choice_depends_on_the_view_and_the_seed_only(setup: tuple[str, str, int]) -> None:
    """The bot gets a JSON copy of the view; the same view and seed give the same action, whatever
    the hidden cards are (a second round with them shuffled shows the same view)."""
    for state in positions(*setup, 3, 5)[:6]:
        seat = state.current_player
        assert seat is not None
        view: dict[str, Any] = json.loads(json.dumps(state.view(seat)))
        other = sample_world(state.game, view, random.Random(5))  # same view, other hidden cards
        assert other.view(seat) == view
        first = quick(setup[0], 7).act(view)
        assert quick(setup[0], 7).act(json.loads(json.dumps(other.view(seat)))) == first


def brute_force(state: TrickState, allies: int, seat: int) -> float:
    """Minimax without pruning or table: the seat's side maximises the seat's score."""
    if state.is_over:
        score: float = state.result()["scores"][seat]
        return score
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        values.append(brute_force(child, allies, seat))
    return max(values) if allies >> state.current_player & 1 else min(values)  # type: ignore[operator]


def brute_force_max_n(state: TrickState) -> list[float]:
    """Max-n without a table: every seat maximises its own score, ties averaged."""
    if state.is_over:
        scores: list[float] = state.result()["scores"]
        return scores
    actor: int = state.current_player  # type: ignore[assignment]
    children = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        children.append(brute_force_max_n(child))
    best = max(scores[actor] for scores in children)
    tied = [scores for scores in children if scores[actor] == best]
    return [sum(column) / len(tied) for column in zip(*tied, strict=True)]


def alone(state: TrickState) -> bool:
    return all(state.allies(s) == 1 << s for s in range(len(state.hands)))


@pytest.mark.parametrize(
    "setup", [g for g in GAMES if g[0] != "piken"], ids=lambda g: f"{g[0]}-{g[1]}-{g[2]}p"
)
def test_the_endgame_solver_agrees_with_plain_minimax_or_max_n(setup: tuple[str, str, int]) -> None:
    players = setup[2]
    solved = 0
    for seed in range(40):  # Hoogjassen deals are often passed out: no play
        if solved == 10:
            break
        states = positions(*setup, seed, 1)
        for state in states:
            if not (isinstance(state, TrickState) and state.in_play):
                continue
            if sum(h.bit_count() for h in state.hands) > 2 * players:
                continue
            seat = state.current_player
            assert seat is not None
            table: dict[tuple[object, ...], Any] = {}
            before = state.record()
            scores = solve(state, seat, table)
            assert state.record() == before  # the state is left as it was
            if alone(state):
                assert scores == pytest.approx(brute_force_max_n(state))
            else:
                assert scores[seat] == brute_force(state, state.allies(seat), seat)
            assert solve(state, seat, table) == scores  # again, now from the table
            solved += 1
            break
    assert solved >= 10


def test_likelihood_counts_the_choices_the_policy_would_not_make() -> None:
    game = troef.load_game("rififi", "standaard", 4)
    policy = KITS["rififi"].playout(game, 0)  # bids as the heuristic does
    state = game.deal(2, 0)
    for _ in range(3):  # seats 1, 2, 3 bid as the policy does
        state.apply(policy(state, random.Random(0)))
    assert likelihood(state, 0, policy, random.Random(0)) == 1.0
    odd = game.deal(2, 0)
    for _ in (1, 2, 3):
        chosen = policy(odd.clone(), random.Random(0))
        odd.apply(next(a for a in odd.legal_actions() if a.text != text_of(chosen)))
    assert likelihood(odd, 0, policy, random.Random(0)) == pytest.approx(DISAGREE**3)
    assert likelihood(odd, 1, policy, random.Random(0)) == pytest.approx(DISAGREE**2)  # own bid: no evidence


@pytest.mark.parametrize("preset", ["standaard", "oh-hell"])
def test_a_bids_chance_is_a_softmax_of_the_expected_scores(preset: str) -> None:
    game = troef.load_game("rififi", preset, 4)
    for deal in range(20):
        state = game.deal(deal, deal % 4)
        while state.phase == "bid":
            view = state.view(state.actor)
            chances = {a: bid_chance(view, a) for a in view["legal_actions"]}
            assert sum(chances.values()) == pytest.approx(1.0)
            heuristic = RififiBot(0).act(view)
            assert chances[heuristic] == max(chances.values())  # the heuristic bids the likeliest
            if len(chances) > 1:
                assert min(chances.values()) < chances[heuristic]
            state.apply(heuristic)
        assert bid_chance(state.view(state.actor), state.legal_actions()[0].text) == 1.0  # no bid


def test_soft_reading_weighs_each_bid_by_its_chance() -> None:
    game = troef.load_game("rififi", "oh-hell", 4)
    policy = KITS["rififi"].playout(game, 0)
    state, expected = game.deal(2, 0), 1.0
    for _ in range(3):  # seats 1, 2, 3 bid other than the heuristic would
        view = state.view(state.actor)
        chosen = text_of(policy(state.clone(), random.Random(0)))
        bid = next(a for a in view["legal_actions"] if a != chosen)
        expected *= bid_chance(view, bid)
        state.apply(bid)
    assert likelihood(state, 0, policy, random.Random(0), chance=bid_chance) == pytest.approx(expected)
    assert expected < DISAGREE**3  # bids the hands would seldom make weigh more than plain misses
    own = likelihood(state, 1, policy, random.Random(0), chance=bid_chance)
    assert own > expected  # own bid: no evidence


def test_a_bids_chance_is_kept_per_hand_and_legal_bids() -> None:
    game = troef.load_game("rififi", "oh-hell", 4)  # 13 tricks; the dealer may not bid the rest
    for first, banned, allowed in (("bid 0", "bid 9", "bid 8"), ("bid 1", "bid 8", "bid 9")):
        state = game.deal(3, 0)  # the dealer's hand alike, the bid it may not make not
        for bid in (first, "bid 2", "bid 2"):
            state.apply(bid)
        view = state.view(state.actor)
        chances = {a: bid_chance(view, a) for a in view["legal_actions"]}
        assert sum(chances.values()) == pytest.approx(1.0)
        assert banned not in chances and bid_chance(view, banned) == 0.0
        assert bid_chance(view, allowed) > 0.0


def test_strong_reads_bids_softly_only_where_asked() -> None:
    bot = search_bot("rififi", "strong", 0)
    assert bot.bid_chance is bid_chance and not bot.budget.soft_bids
    assert search_bot("rikken", "strong", 0).bid_chance is None


def test_close_reading_weighs_how_far_a_bid_is_and_every_card_played() -> None:
    game = troef.load_game("rififi", "standaard", 4)
    policy = KITS["rififi"].playout(game, 0)
    state = game.deal(2, 0)
    bids: list[tuple[int, int]] = []
    for step in (1, 2, 0):  # seat 1 bids one above the policy, seat 2 two above, seat 3 as it does
        expected = Action(text_of(policy(state.clone(), random.Random(0)))).number
        legal = sorted(a.number for a in state.legal_actions())
        made = legal[legal.index(expected) + step]
        bids.append((expected, made))
        state.apply(f"bid {made}")
    assert likelihood(state, 0, policy, random.Random(0)) == pytest.approx(DISAGREE**2)  # a miss is a miss
    assert likelihood(state, 0, policy, random.Random(0), close=True) == pytest.approx(DISAGREE**3), bids
    state.apply(policy(state.clone(), random.Random(0)))  # seat 0 bids; seat 1 leads
    assert state.phase == "play"
    led = state.clone()
    led.apply(policy(led.clone(), random.Random(0)))  # the card the policy plays: no more evidence
    assert likelihood(led, 0, policy, random.Random(0), close=True) == pytest.approx(DISAGREE**3)
    odd = state.clone()
    chosen = text_of(policy(odd.clone(), random.Random(0)))
    odd.apply(next(a for a in odd.legal_actions() if a.text != chosen))  # a card the policy would not play
    assert likelihood(odd, 0, policy, random.Random(0), close=True) == pytest.approx(DISAGREE**4)
    assert likelihood(odd, 0, policy, random.Random(0)) == pytest.approx(DISAGREE**2)  # plays are not read
    assert likelihood(odd, 1, policy, random.Random(0), close=True) == pytest.approx(DISAGREE**2)  # own card


def test_pimc_plays_every_action_out_in_every_world_and_takes_the_best_mean() -> None:
    seen: list[tuple[int, str]] = []

    def play_out(world: State, rng: random.Random) -> list[float]:
        action = world.actions[-1].text
        seen.append((world.dealer, action))
        value = {"bid 0": 1.0, "bid 1": 3.0, "bid 2": 2.0}[action] - (world.dealer == 2) * 5.0
        return [value] * 4

    worlds = [troef.load_game("rififi", "standaard", 4).deal(1, dealer) for dealer in range(4)]
    for world in worlds:
        world.apply("bid 1")  # the next seat bids: each world's dealer + 2
    legal = ["bid 0", "bid 1", "bid 2"]
    assert pimc(worlds, 1, legal, play_out, Budget(worlds=4), random.Random(0)) == "bid 1"
    assert sorted(seen) == sorted((d, a) for d in range(4) for a in legal)


def first_legal(state: State, rng: random.Random) -> Action:
    return state.legal_actions()[0]


def policys_moves_and_starts(world: State, seat: int, searched: int) -> tuple[bool, bool]:
    """Whether every other seat's move after the first ``searched`` actions of ``world`` is
    `first_legal`'s, and whether ``world`` stands at ``seat``'s turn or the round's end."""
    replayed = world.game.from_deal(world.deal_record(), world.dealer)
    by_policy = True
    for i, (actor, action) in enumerate(zip(world.actors, world.actions, strict=True)):
        if i >= searched and actor != seat:
            by_policy = by_policy and action == first_legal(replayed, random.Random())
        replayed.apply(action)
    return by_policy, world.is_over or world.current_player == seat


@pytest.mark.parametrize("setup", [("rififi", "standaard", 4), ("rififi", "oh-hell", 3)])
def test_ismcts_can_play_the_other_seats_by_the_policy_and_search_its_own_choices(
    setup: tuple[str, str, int],
) -> None:
    """With ``others``, every other seat's move in the tree is that policy's in the world, and a play-out
    starts at the seat's own turn (where its next node would be); without it the tree chooses their moves
    too, and a play-out starts wherever the node added was."""
    state = next(s for s in positions(*setup, 1, 1) if s.phase == "play" and len(s.legal_actions()) > 2)
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    worlds = draw_worlds(state.game, view, Budget(worlds=6, inference=1), first_legal, random.Random(1))
    searched = len(worlds[0].actions)
    seen: set[tuple[bool, bool]] = set()

    def play_out(world: State, rng: random.Random) -> list[float]:
        seen.add(policys_moves_and_starts(world, seat, searched))
        while not world.is_over:
            world.apply(first_legal(world, rng))
        return world.final_scores()

    for others in (first_legal, None):
        seen.clear()
        budget, rng = Budget(iterations=80), random.Random(2)
        assert (
            ismcts(worlds, seat, view["legal_actions"], play_out, budget, rng, math.inf, others)
            in view["legal_actions"]
        )
        if others:
            assert seen == {(True, True)}
        else:  # the tree chose some of their moves otherwise, and some play-outs start at their turn
            assert any(not by_policy for by_policy, _ in seen) and any(not start for _, start in seen)


def test_a_bot_searches_only_its_own_cards_in_play_and_every_choice_before_play() -> None:
    """`Budget.others_by_policy` is for the play: before it (the bids, searched with random cards after
    them) the whole tree is searched, so under one seed a bid is the same with the setting or without;
    in play the other seats move by the policy in the tree, and some cards chosen differ."""
    kit = KITS["rififi"]
    states = [s for s in positions("rififi", "oh-hell", 4, 3, 1) if len(s.legal_actions()) > 1]

    def choices(in_play: bool, others_by_policy: bool) -> list[str]:
        budget = Budget(iterations=120, worlds=12, others_by_policy=others_by_policy)
        bot = SearchBot(5, budget, "ismcts", kit.playout, kit.candidates, bidding=kit.bidding)
        return [bot.act(s.view(s.actor)) for s in states if (s.phase == "play") == in_play]

    bids = choices(False, False)
    assert len(bids) >= 4 and choices(False, True) == bids
    assert choices(True, True) != choices(True, False)


@pytest.mark.parametrize("method", ["ismcts", "pimc"])
def test_a_time_budget_gives_a_legal_action(method: str) -> None:
    state = positions("rififi", "standaard", 4, 1, 1)[6]
    view = state.view(state.current_player)
    assert SearchBot(1, Budget(seconds=0.05, worlds=8), method).act(view) in view["legal_actions"]


def counting(rollout: Rollout, calls: list[int]) -> Rollout:
    """``rollout``, noting each play-out in ``calls``."""

    def counted(world: State, rng: random.Random) -> list[float]:
        calls.append(1)
        return rollout(world, rng)

    return counted


@pytest.mark.parametrize("method", ["ismcts", "pimc"])
def test_a_move_past_its_deadline_stops_with_what_it_has(method: str) -> None:
    """A thinking limit that has run out: one world is drawn and searched once, and the move is still
    one of the legal ones; without a limit every world and iteration of the counts is used."""
    state = positions("rififi", "standaard", 4, 1, 1)[6]
    view = state.view(state.current_player)
    game = state.game
    policy = random_policy(game, 1)
    budget = Budget(worlds=12, iterations=40)
    assert len(draw_worlds(game, view, budget, policy, random.Random(1), deadline=0.0)) == 1
    worlds = draw_worlds(game, view, budget, policy, random.Random(1))
    assert len(worlds) == 12
    seat, legal = view["seat"], view["legal_actions"]
    per_world = 1 if method == "ismcts" else len(legal)  # PIMC plays every action out in a world
    full = 40 if method == "ismcts" else 12 * len(legal)
    for deadline, played in ((0.0, per_world), (math.inf, full)):
        calls: list[int] = []
        counted = counting(make_rollout(policy, seat, 0), calls)
        search = ismcts if method == "ismcts" else pimc
        move = search(worlds, seat, legal, counted, budget, random.Random(2), deadline)
        assert move in legal and len(calls) == played


def test_a_search_does_not_start_a_step_it_would_end_past_its_deadline() -> None:
    """After a first step of 0.2 s, 0.3 s from the start, the next step would end past the deadline were it
    as long: the search stops there (it used to go on until the deadline had passed); short steps go on
    up to the count, and without a deadline every step is taken."""
    start = time.perf_counter()
    taken = []
    for i in steps(1000, start + 0.3):
        taken.append(i)
        if i == 0:
            time.sleep(0.2)
    assert taken == [0]
    assert list(steps(50, time.perf_counter() + 5.0)) == list(range(50))
    assert list(steps(50, math.inf)) == list(range(50))


def test_a_table_bot_has_its_levels_thinking_limit_and_the_arena_none() -> None:
    assert THINKING == {"normal": 0.4, "strong": 1.25}
    for level, limit in THINKING.items():
        bot = make_bot("rikken", level, 1, limit)
        assert isinstance(bot, SearchBot) and bot.budget.seconds == limit
        counted = make_bot("rikken", level, 1)
        assert isinstance(counted, SearchBot) and counted.budget.seconds is None


@pytest.mark.parametrize("game", sorted(KITS))
def test_the_levels_search_by_the_games_method_and_budget(game: str) -> None:
    normal, strong = search_bot(game, "normal", 1), search_bot(game, "strong", 1)
    kit = KITS[game]
    worlds, method = kit.normal_worlds, kit.method
    assert normal.method == strong.method == method
    assert method == ("ismcts" if game == "rififi" else "pimc")  # Rififi is card play: ISMCTS plays it better
    if method == "pimc":
        assert (normal.budget.worlds, strong.budget.worlds) == (worlds, 4 * worlds)
        assert normal.budget.inference == strong.budget.inference == 2
    else:  # ISMCTS: four times the iterations on twice the worlds, each kept from four drawn
        assert (normal.budget.worlds, strong.budget.worlds) == (worlds, 2 * worlds)
        assert (normal.budget.iterations, strong.budget.iterations) == (10 * worlds, 40 * worlds)
        assert (normal.budget.inference, strong.budget.inference) == (2, 4)
    assert (normal.budget.endgame, strong.budget.endgame) == ((8, 8) if kit.alone else (8, 12))
    assert (normal.budget.close, strong.budget.close) == (False, game == "piken")  # where it gained
    assert not normal.budget.others_by_policy and not strong.budget.others_by_policy  # it did not gain
    assert normal.budget.spite == strong.budget.spite == 0.0  # not shown to gain yet
    assert (normal.appraise, strong.appraise) == (payoff, kit.appraise or payoff)
    assert (kit.appraise is not None) == (game in ("hoogjassen", "rififi"))  # where it gained
    assert (normal.budget.appraise_play, strong.budget.appraise_play) == (False, game == "rififi")
    assert search_bot(game, "pimc", 1).method == "pimc" and search_bot(game, "ismcts", 1).method == "ismcts"


def test_choices_before_play_are_searched_with_the_bidding_play_outs() -> None:
    used: list[str] = []

    def factory(name: str) -> PolicyFactory:
        def make(game: Game, seed: int) -> Policy:
            used.append(name)
            return KITS["rififi"].playout(game, seed)

        return make

    bot = SearchBot(1, QUICK, "ismcts", factory("play"), bidding=factory("bid"))
    states = [s for s in positions("rififi", "standaard", 4, 2, 1) if len(s.legal_actions()) > 1]
    for state in (states[1], states[-1]):  # a bid, then a card
        bot.act(state.view(state.current_player))
    assert used == ["bid", "play"]
    assert SearchBot(1, QUICK, "ismcts", factory("play")).bidding is not None
    assert search_bot("rififi", "normal", 1).bidding is KITS["rififi"].bidding
    assert search_bot("rikken", "normal", 1).bidding is KITS["rikken"].playout


@pytest.mark.parametrize("preset", ["oh-hell", "standaard"])
def test_rififi_counts_a_bid_missed_by_a_trick_or_two_as_partly_made_where_play_steers(preset: str) -> None:
    appraise_bids = KITS["rififi"].appraise
    assert appraise_bids is not None
    offs: set[int] = set()
    rng = random.Random(5)
    for seed in range(40):
        state = troef.load_game("rififi", preset, 4).deal(seed, seed % 4)
        while not state.is_over:
            state.apply(state.random_action(rng))
        details, scores = state.result()["details"], state.final_scores()
        for seat, value in enumerate(appraise_bids(state)):
            bid, tricks = details["bids"][seat], details["tricks"][seat]
            made = {0: 1.0, 1: 0.6, 2: 0.3}.get(abs(bid - tricks), 0.0)  # a point a trick, 10 the bid
            steered = made * (bid + 10) + (1 - made) * tricks
            assert value == (pytest.approx(steered) if preset == "oh-hell" else scores[seat])
            offs.add(min(abs(bid - tricks), 3))
    assert offs == {0, 1, 2, 3}
    assert rififi_playout.steered((1.0, 0.0, 0.0))(state) == state.final_scores()  # random play-outs alone


@pytest.mark.parametrize("players", [3, 4])
def test_hoogjassen_credits_a_declarer_the_edge_the_play_outs_miss(players: int) -> None:
    declared = redeals = 0
    for seed in range(12):
        state = positions("hoogjassen", "standaard", players, seed, 1)[-1]
        state.apply(state.legal_actions()[0])
        assert state.is_over
        scores, worth = state.final_scores(), appraise(state)
        if state.result()["details"].get("redeal"):
            assert worth == scores
            redeals += 1
            continue
        declarer = state.result()["details"]["declarer"]
        edge = [DECLARER_EDGE * (players - 1) if s == declarer else -DECLARER_EDGE for s in range(players)]
        assert worth == [a + b for a, b in zip(scores, edge, strict=True)] and sum(worth) == sum(scores) == 0
        declared += 1
    assert declared and redeals


def test_the_appraisal_decides_the_choices_before_play_and_a_card_only_where_the_budget_says() -> None:
    asked: list[str] = []

    def declaring_is_worth(points: float) -> Callable[[State], list[float]]:
        def worth(state: State) -> list[float]:
            asked.append(state.game.name)
            assert isinstance(state, HoogjassenState)
            return [points if s == state.bidder else 0.0 for s in range(state.n)]

        return worth

    kit = KITS["hoogjassen"]
    state = positions("hoogjassen", "standaard", 4, 1, 1)[0]
    view = state.view(state.current_player)
    assert view["phase"] == "bid" and view["legal_actions"][:2] == ["pass", "bid 120"]
    for points, bids in ((1000.0, True), (-1000.0, False)):
        bot = SearchBot(1, QUICK, "pimc", kit.playout, kit.candidates, appraise=declaring_is_worth(points))
        assert bot.act(view).startswith("bid ") == bids
    assert asked
    asked.clear()
    playing = next(s for s in positions("hoogjassen", "standaard", 4, 1, 1) if s.phase == "play")
    bot = SearchBot(1, QUICK, "pimc", kit.playout, kit.candidates, appraise=declaring_is_worth(1000.0))
    assert bot.act(playing.view(playing.current_player)) in playing.legal_actions()
    assert not asked
    bot.budget = dataclasses.replace(QUICK, appraise_play=True)  # a variant that appraises the play too
    assert bot.act(playing.view(playing.current_player)) in playing.legal_actions()
    assert asked


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="search method must be one of ismcts, pimc"):
        SearchBot(1, method="alphazero")


def test_a_search_bot_without_a_policy_plays_out_at_random() -> None:
    state = positions("rififi", "standaard", 4, 3, 1)[8]
    view = state.view(state.current_player)
    assert SearchBot(2, QUICK, "pimc", random_policy).act(view) in view["legal_actions"]


@pytest.mark.parametrize("players", [3, 4])
def test_hoogjassen_searches_passing_the_lowest_bids_and_the_best_discards(players: int) -> None:
    searched_bids = searched_discards = 0
    for seed in range(30):
        for state in positions("hoogjassen", "standaard", players, seed, 1):
            view = state.view(state.current_player)
            legal = view["legal_actions"]
            found = KITS["hoogjassen"].candidates(view)
            assert set(found) <= set(legal)
            if view["phase"] == "bid":
                assert found == legal[: 1 + BIDS_SEARCHED]
                searched_bids += 1
            elif view["phase"] == "discard":
                assert len(found) == DISCARDS_SEARCHED
                assert found[0] == HoogjassenBot(0).act(view)  # the heuristic's discard first
                searched_discards += 1
            else:
                assert found == legal
    assert searched_bids and searched_discards


def test_piken_searches_the_heuristics_best_plays() -> None:
    wide = 0
    for seed in range(6):
        for state in positions("piken", "standaard", 3, seed, 1):
            view = state.view(state.current_player)
            legal = view["legal_actions"]
            found = KITS["piken"].candidates(view)
            assert set(found) <= set(legal)
            assert len(found) == min(len(legal), SEARCHED)
            if view["phase"] == "play" and len(legal) > SEARCHED:
                assert PikenBot(0).act(view) in found
                wide += 1
    assert wide


@pytest.mark.parametrize("endgame", [0, 8])
def test_spite_takes_the_others_mean_off_the_seat_s_worth_only(endgame: int) -> None:
    """With ``spite`` s a play-out is worth the seat its own worth less s times the other seats' mean,
    played out or solved; the other seats' worth, and the play-out itself, stay as they were."""
    state = positions("rififi", "oh-hell", 4, 3, 1)[-6 if endgame else -12]  # cards left: 6 or 12
    seat = state.current_player
    assert seat is not None
    policy = rififi_playout.policy(state.game, 5)
    plain = make_rollout(policy, seat, endgame)(state.clone(), random.Random(7))
    rollout = make_rollout(policy, seat, endgame, spite=0.5)
    spiteful = list(rollout(state.clone(), random.Random(7)))
    others = [w for s, w in enumerate(plain) if s != seat]
    assert spiteful[seat] == pytest.approx(plain[seat] - 0.5 * sum(others) / 3)
    assert [w for s, w in enumerate(spiteful) if s != seat] == others
    assert rollout(state.clone(), random.Random(7)) == spiteful  # the solutions kept are not spited twice
