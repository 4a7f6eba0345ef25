"""Search bots: determinized search over worlds drawn from a seat's view (see ``worlds.py``).

`SearchBot` draws worlds consistent with its view, weights them by how likely the other seats'
bids and other choices before play are under the game's play-out policy (inference), and then
searches them with PIMC (every candidate action played out in every world, the best mean taken; the
levels' method) or ISMCTS (one tree over the seat's information sets; every iteration plays one
world out).  Play-outs follow the game's policy (``players/<game>/playout.py``: fast greedy play on the
full world; for the choices before play a game may give another, e.g. for its bids) or a
random one; in a trick game's last tricks they are solved exactly instead (`endgame.py`).
Everything else game-specific comes through the engine protocol.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..core.actions import Action
from ..core.errors import GameError
from ..core.game import Game, State
from ..core.rand import choice
from ..core.tricks import TrickState
from ..games import load_game
from .endgame import Table, solve
from .kits import sample_world
from .shared.kit import Appraise, BidChance, Candidates, PolicyFactory, all_legal
from .shared.playouts import Policy

Rollout = Callable[[State, random.Random], list[float]]
"""Plays a world out to the end and gives every seat's score."""
EXPLORATION: Final = 0.7
"""UCB1 exploration constant, on scores scaled to the spread seen so far."""
DRAWING: Final = 0.4
"""The share of a move's thinking limit that drawing and weighing the worlds may take."""
INFERENCE: Final = 2
"""Candidate worlds drawn per world kept, by default (`Budget.inference`)."""
DISAGREE: Final = 0.25
"""Inference: a world's weight is multiplied by this for every choice before play that the
play-out policy (before play: the game's heuristic) would not have made there."""


def random_policy(game: Game, seed: int) -> Policy:
    """Every seat plays a uniformly random legal action."""
    return lambda state, rng: state.random_action(rng)


@dataclass(frozen=True)
class Budget:
    """How much a search may spend on a move: counts, so that a seed gives the same move on any machine
    (the arena, the library), and at a table ``seconds`` too: a thinking limit that stops the move at
    its counts or its time, whichever comes first, with the best it has by then."""

    worlds: int = 24
    """Worlds drawn per move: PIMC plays every candidate out in each of them."""
    iterations: int = 1000
    """ISMCTS play-outs, each in the next of the worlds."""
    seconds: float | None = None
    """The move's thinking limit (drawing the worlds takes at most `DRAWING` of it); None: none."""
    inference: int = INFERENCE
    """Draw this many times ``worlds`` candidates and keep ``worlds`` by inference weight (1: off)."""
    endgame: int = 8
    """In a trick game's play with at most this many cards left in the hands, every play-out is
    solved exactly instead (0: never); the solutions are shared by the move's iterations."""
    close: bool = False
    """Close reading (`likelihood`): inference from the cards the other seats played too, and a bid
    the further from the policy's, the less likely."""
    others_by_policy: bool = False
    """ISMCTS in play: the other seats move in the tree as the play-out policy plays them with the hands
    they hold in the world, and only the seat's own cards are searched (False: theirs by UCB1 too; before
    play always).  No level uses it: it did not gain (``docs/bots.md``);
    ``benchmarks/variant_arena.py --set others_by_policy=true`` tries it."""
    appraise_play: bool = False
    """The play-outs in play are worth what the bot's ``appraise`` says, as before play (False: their
    scores).  Strong sets it where its `PlayerKit` says (`PlayerKit.appraise_play`)."""
    soft_bids: bool = False
    """Inference weighs every other seat's choice before play by how likely the game's `BidChance` makes
    it from the hand that seat holds in the world (False, or where the game has none: `DISAGREE` for
    every one the policy would not have made).  No level uses it: it did not gain (``docs/bots.md``);
    ``--set soft_bids=true`` tries it."""
    spite: float = 0.0
    """The seat values a play-out at its own worth minus this times the other seats' mean worth, as a
    player does who is out to beat the table, not only to score (0: its own worth; the other seats in
    the tree still go by theirs).  No level uses it yet (``docs/bots.md``); ``--set spite=S`` tries it."""


class SearchBot:
    """A determinized-search player for any game; only ever handed its seat's view.  ``playout``
    is the game's play-out policy, ``bidding`` the one for its choices before play (``playout``
    when not given), ``candidates`` the actions worth searching (all by default) and ``appraise``
    what the play-outs of the choices before play are worth (their scores when not given)."""

    def __init__(
        self,
        seed: int | None = None,
        budget: Budget | None = None,
        method: str = "pimc",
        playout: PolicyFactory = random_policy,
        candidates: Candidates = all_legal,
        name: str | None = None,
        bidding: PolicyFactory | None = None,
        appraise: Appraise | None = None,
        bid_chance: BidChance | None = None,
    ) -> None:
        if method not in SEARCHES:
            raise GameError(f"search method must be one of {', '.join(SEARCHES)}, not {method!r}")
        self.rng = random.Random(seed)
        self.budget = budget or Budget()
        self.method = method
        self.playout = playout
        self.bidding = bidding or playout
        self.candidates = candidates
        self.appraise = appraise or payoff
        self.bid_chance = bid_chance
        self.name = name or method
        self._games: dict[str, Game] = {}

    def act(self, view: Mapping[str, Any]) -> str:
        legal = self.candidates(view)
        if len(legal) == 1:
            return legal[0]
        budget = self.budget
        start = time.perf_counter()
        limit = math.inf if budget.seconds is None else budget.seconds
        game = self._game(view)
        in_play = view["phase"] == "play"
        policy = (self.playout if in_play else self.bidding)(game, self.rng.randrange(1 << 30))
        chance = self.bid_chance if budget.soft_bids else None
        worlds = draw_worlds(game, view, budget, policy, self.rng, start + DRAWING * limit, chance)
        seat: int = view["seat"]
        left = sum(view.get("hand_counts", ())) if in_play else -1
        endgame = budget.endgame if 0 <= left <= budget.endgame else 0
        search = SEARCHES[self.method]
        appraise = self.appraise if budget.appraise_play or not in_play else payoff
        rollout = make_rollout(policy, seat, endgame, appraise, budget.spite)
        others = policy if budget.others_by_policy and in_play else None
        return search(worlds, seat, legal, rollout, budget, self.rng, start + limit, others)

    def _game(self, view: Mapping[str, Any]) -> Game:
        key = repr((view["game"], view["rules"], view["players"]))
        if key not in self._games:
            self._games[key] = load_game(view["game"], view["rules"], view["players"])
        return self._games[key]


# --------------------------------------------------------------------------- worlds and inference


def draw_worlds(
    game: Game,
    view: Mapping[str, Any],
    budget: Budget,
    policy: Policy,
    rng: random.Random,
    deadline: float = math.inf,
    chance: BidChance | None = None,
) -> list[State]:
    """``budget.worlds`` worlds for ``view``; with inference, drawn from more candidates in
    proportion to how well each explains the other seats' choices before play under ``policy``.
    Past ``deadline`` (a `time.perf_counter` time) no more candidates are drawn (one at least)."""
    count = budget.worlds
    weigh = budget.inference > 1 and any(_informative(view, budget.close))
    candidates: list[State] = []
    for _ in range(count * budget.inference if weigh else count):
        if candidates and time.perf_counter() >= deadline:
            break
        candidates.append(sample_world(game, view, rng))
    if not weigh:
        return candidates
    weights: list[float] = []
    for world in candidates:
        if weights and time.perf_counter() >= deadline:
            break
        weights.append(likelihood(world, view["seat"], policy, rng, budget.close, chance))
    return rng.choices(candidates[: len(weights)], weights, k=min(count, len(weights)))


def _informative(view: Mapping[str, Any], close: bool = False) -> list[str]:
    return [a for a in view["actions"] if close or not a.split(":", 1)[1].startswith("play ")]


def likelihood(
    world: State,
    seat: int | None,
    policy: Policy,
    rng: random.Random,
    close: bool = False,
    chance: BidChance | None = None,
) -> float:
    """How well ``world`` explains the choices other seats made before play: `DISAGREE` for each
    one that ``policy`` (before play: the game's heuristic) would have made otherwise there.  Read
    ``close``, also for each card they played that ``policy`` would not have, and `DISAGREE` once for
    every legal bid between the one made and the policy's (a bid of 3 where it bids 1: twice).  With
    ``chance``, each of their choices before play counts for its chance from their view instead."""
    replayed = world.game.from_deal(world.deal_record(), world.dealer)
    weight = 1.0
    for actor, action in zip(world.actors, world.actions, strict=True):
        in_play = replayed.phase == "play"
        if in_play and not close:
            break
        if actor != seat and chance is not None and not in_play:
            weight *= chance(replayed.view(actor), action.text)
        elif actor != seat:
            expected = Action(text_of(policy(replayed, rng)))
            if expected != action:
                weight *= DISAGREE ** (_bids_apart(replayed, expected, action) if close else 1)
        replayed.apply(action)
    return weight


def _bids_apart(state: State, expected: Action, action: Action) -> int:
    """How many legal bids apart two actions are (1 unless both are bids of a number: ``bid 1`` and
    ``bid 3`` are 2 apart)."""
    low, high = sorted((expected.number, action.number))
    if low < 0 or expected.kind != "bid" or action.kind != "bid":
        return 1
    return max(1, sum(1 for a in state.legal_actions() if a.kind == "bid" and low < a.number <= high))


def text_of(action: Action | str) -> str:
    """An action's text (a policy may answer with either)."""
    return action if isinstance(action, str) else action.text


# --------------------------------------------------------------------------- rollouts


def payoff(state: State) -> list[float]:
    """What a finished round is worth to each seat: its scores."""
    return state.final_scores()


def make_rollout(
    policy: Policy, seat: int, endgame: int, appraise: Appraise = payoff, spite: float = 0.0
) -> Rollout:
    """A play-out to the end of the round by ``policy``, worth ``appraise`` (the scores by default);
    with ``endgame`` set, a trick game's play-out is solved exactly for ``seat`` (the solutions kept
    for the whole move); with ``spite``, ``seat``'s worth less that times the others' mean."""
    table: Table = {}

    def play_out(state: State, rng: random.Random) -> list[float]:
        apply = state.apply
        if endgame and isinstance(state, TrickState) and state.in_play and not state.is_over:
            worth = solve(state, seat, table)
        else:
            while not state.is_over:
                apply(policy(state, rng))
            worth = appraise(state)
        if spite:
            worth = list(worth)
            worth[seat] -= spite * (sum(worth) - worth[seat]) / (len(worth) - 1)
        return worth

    return play_out


def steps(count: int, deadline: float) -> Iterator[int]:
    """0, 1, 2, … ``count`` - 1, stopping early where the next step would end past ``deadline`` (a
    `time.perf_counter` time), were it as long as the longest so far; the first step is always taken."""
    if deadline == math.inf:
        yield from range(count)
        return
    longest, last = 0.0, time.perf_counter()
    for i in range(count):
        if i:
            now = time.perf_counter()
            longest = max(longest, now - last)
            if now + longest >= deadline:
                return
            last = now
        yield i


# --------------------------------------------------------------------------- ISMCTS


class _Node:
    """A node of the ISMCTS tree: reached by ``actor``'s action; statistics from its view."""

    __slots__ = ("actor", "avail", "children", "total", "visits")

    def __init__(self, actor: int) -> None:
        self.actor = actor
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.children: dict[str, _Node] = {}


def ismcts(
    worlds: Sequence[State],
    seat: int,
    legal: list[str],
    play_out: Rollout,
    budget: Budget,
    rng: random.Random,
    deadline: float = math.inf,
    others: Policy | None = None,
) -> str:
    """Single-observer ISMCTS: each iteration takes the next world, walks the tree choosing by
    UCB1 among the children legal in that world (counting availability), adds one node, plays
    out and backs up each node's actor's score.  The most visited root action is chosen.

    With ``others``, the other seats' moves are that policy's in the world, not chosen by UCB1: the
    tree still branches on them (a node is what the seat has seen), but only the seat's own nodes
    keep statistics, and after the node added the walk goes on by ``others`` to the seat's next turn
    before the play-out, so that every other seat's move in the tree is the policy's."""
    root = _Node(seat)
    searched = set(legal)
    low, high = math.inf, -math.inf
    for i in steps(budget.iterations, deadline):
        world = worlds[i % len(worlds)].clone()
        node, path = root, [root]
        added = False
        while not world.is_over:
            actor = world.actor
            children = node.children
            if others is not None and actor != seat:
                move = others(world, rng)
                world.apply(move)
                if not added:
                    text = text_of(move)
                    child = children.get(text)
                    if child is None:
                        child = children[text] = _Node(actor)
                    node = child
                continue
            if added:
                break
            actions = world.legal_actions()
            if node is root:
                actions = [a for a in actions if a.text in searched]
            untried = []
            for a in actions:
                child = children.get(a.text)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                action = choice(rng, untried)
                node = children[action.text] = _Node(actor)
                world.apply(action)
                path.append(node)
                if others is None:
                    break
                added = True
                continue
            scale = EXPLORATION * (high - low if high > low else 1.0)
            best_value = -math.inf
            for a in actions:
                child = children[a.text]
                value = child.total / child.visits + scale * math.sqrt(math.log(child.avail) / child.visits)
                if value > best_value:
                    best_value, best, node = value, a, child
            world.apply(best)
            path.append(node)
        scores = play_out(world, rng)
        for score in scores:
            if score < low:
                low = score
            if score > high:
                high = score
        for node in path[1:]:
            node.visits += 1
            node.total += scores[node.actor]
    return max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)


# --------------------------------------------------------------------------- PIMC


def pimc(
    worlds: Sequence[State],
    seat: int,
    legal: list[str],
    play_out: Rollout,
    budget: Budget,
    rng: random.Random,
    deadline: float = math.inf,
    others: Policy | None = None,
) -> str:
    """Perfect-information Monte Carlo: every action is played out in every world (the same worlds
    for all, so they are compared pair by pair) and the best mean score wins.  Past ``deadline``
    no further world is taken.  (``others`` is ISMCTS's: here every other seat's move is the
    play-out's already.)"""
    totals = dict.fromkeys(legal, 0.0)
    for i in steps(len(worlds), deadline):
        world = worlds[i]
        for action in legal:
            state = world.clone()
            state.apply(action)
            totals[action] += play_out(state, rng)[seat]
    return max(legal, key=totals.__getitem__)


Search = Callable[
    [Sequence[State], int, list[str], Rollout, Budget, random.Random, float, Policy | None], str
]
SEARCHES: Final[dict[str, Search]] = {"ismcts": ismcts, "pimc": pimc}
