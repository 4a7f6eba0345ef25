"""Train the learned Rififi bot by Deep Monte-Carlo (DouZero's method) with PyTorch on the CPU.

    python -m troef.interfaces.rl.learned.train rififi --seed 1 --rounds 170000 \
        --out src/troef/interfaces/rl/weights/rififi.npz

Self-play rounds of both presets (``standaard``, ``oh-hell``) and 3 to 6 players, most of them with
the most cards and the others with a random hand size (as a match's schedule deals).  Each seat is the
network (epsilon-greedy over the legal actions' Q values), the heuristic bot or the random bot; every
decision of a network or heuristic seat with a choice is a sample, whose target is the seat's score
for the round divided by the most an exact bid scores (`troef.interfaces.rl.pettingzoo`'s reward scale).
After every batch of rounds the network regresses Q(observation, action) on those targets.  One thread, and
every random draw from ``--seed``: the same command writes the same file.  Needs ``troef[train]``.
"""

from __future__ import annotations

import os

# One thread for numpy's matrix products too (set before numpy is loaded): the same sums in the same
# order from run to run, and the other cores left free.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import numpy as np
import torch
from torch import nn

from ....games import load_game
from ....games.rififi.rules import Rififi
from ....players import Bot, make_bot
from . import GAMES
from .features import ACTIONS, PLAYERS, inputs, switches
from .network import Floats, Network, save

PRESETS: Final = ("standaard", "oh-hell")
PRESET_SHARES: Final = (0.4, 0.6)
"""How often each preset is dealt: oh-hell's 13-card hands take longer to learn."""
PLAYER_SHARES: Final = (0.13, 0.61, 0.13, 0.13)
"""How often each number of players (3, 4, 5, 6) is dealt: mostly four, the default."""
FULL_HANDS: Final = 0.6
"""The share of rounds dealt with the most cards (a single deal's, and oh-hell's every round); the
others have a random hand size."""
LEARNING_RATE: Final = (5e-4, 1e-4)
"""Adam's step size, falling linearly from the first to the second over the training."""
SEAT_SHARES: Final = (0.6, 0.25, 0.15)
"""Who sits at each seat: the network, the heuristic bot, the random bot."""
EPSILON: Final = (0.2, 0.03, 0.7)
"""The network's seats explore (play a random legal action) with a chance falling linearly from the
first to the second over the first 70% of the training (all random in the first batch, before any
update)."""
HIDDEN: Final = 256


class QNet(nn.Module):
    """`troef.interfaces.rl.learned.network.Network` in torch."""

    def __init__(self, observation: int) -> None:
        super().__init__()
        self.first_o = nn.Linear(observation, HIDDEN)
        self.first_a = nn.Linear(ACTIONS, HIDDEN, bias=False)
        self.second = nn.Linear(HIDDEN, HIDDEN)
        self.out = nn.Linear(HIDDEN, 1)

    def forward(self, observation: torch.Tensor, action: torch.Tensor) -> torch.Tensor:
        h1 = torch.relu(self.first_o(observation) + self.first_a(action))
        q: torch.Tensor = self.out(torch.relu(self.second(h1)))
        return q.squeeze(-1)

    def arrays(self) -> dict[str, Floats]:
        """The weights in `Network`'s orientation (inputs x outputs)."""
        with torch.no_grad():
            return {
                "w1o": self.first_o.weight.T.numpy().copy(),
                "w1a": self.first_a.weight.T.numpy().copy(),
                "b1": self.first_o.bias.numpy().copy(),
                "w2": self.second.weight.T.numpy().copy(),
                "b2": self.second.bias.numpy().copy(),
                "w3": self.out.weight[0].numpy().copy(),
                "b3": self.out.bias.numpy().copy(),
            }


@dataclass
class Samples:
    """Decisions waiting for their round's score: observations, action rows, targets."""

    observations: list[Floats] = field(default_factory=list)
    actions: list[Floats] = field(default_factory=list)
    targets: list[float] = field(default_factory=list)


def reward_scale(game: Rififi, hand_size: int) -> float:
    """The most an exact bid scores with ``hand_size`` cards."""
    return float(game.points(hand_size, hand_size))


class SelfPlay:
    """Plays training rounds and collects their samples."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)
        self.bot_rng = random.Random(seed)
        self.games = {(p, n): self._game(p, n) for p in PRESETS for n in PLAYERS}
        self.network: Network | None = None
        self.epsilon = 1.0

    @staticmethod
    def _game(preset: str, players: int) -> Rififi:
        game = load_game("rififi", preset, players)
        assert isinstance(game, Rififi)
        return game

    def round(self, samples: Samples) -> None:
        """Deal and play one round; add its samples."""
        rng = self.rng
        preset = PRESETS[int(rng.choice(len(PRESETS), p=PRESET_SHARES))]
        n = PLAYERS[int(rng.choice(len(PLAYERS), p=PLAYER_SHARES))]
        game = self.games[preset, n]
        hand = game.max_hand if rng.random() < FULL_HANDS else int(rng.integers(1, game.max_hand + 1))
        state = game.deal(seed=int(rng.integers(2**62)), dealer=int(rng.integers(n)), hand_size=hand)
        roles = rng.choice(3, size=n, p=SEAT_SHARES)
        bots: list[Bot | None] = [
            None
            if r == 0
            else make_bot("rififi", "heuristic" if r == 1 else "random", self.bot_rng.randrange(2**32))
            for r in roles
        ]
        inp, rules = inputs(n), switches(preset, n)
        seats: list[int] = []
        while (seat := state.current_player) is not None:
            legal = state.legal_actions()
            bot = bots[seat]
            if len(legal) == 1 or (bot is not None and roles[seat] == 2):
                state.apply(legal[0] if bot is None else bot.act(state.view(seat)))
                continue
            vector = inp.encoder.observe(state, seat)
            observation, trump = inp.observation(vector, rules)
            ids = [inp.index.index[a.text] for a in legal]
            if bot is not None:
                text = bot.act(state.view(seat))
                choice = ids.index(inp.index.index[text])
            else:
                choice = self._choose(observation, inp.actions(vector, rules, trump, ids))
            rows = inp.actions(vector, rules, trump, [ids[choice]])
            samples.observations.append(observation)
            samples.actions.append(rows[0])
            seats.append(seat)
            state.apply(legal[choice])
        scores = state.result()["scores"]
        scale = reward_scale(game, hand)
        samples.targets.extend(scores[s] / scale for s in seats)

    def _choose(self, observation: Floats, rows: Floats) -> int:
        if self.network is None or self.rng.random() < self.epsilon:
            return int(self.rng.integers(len(rows)))
        return int(np.argmax(self.network.values(observation, rows)))


def fit(model: QNet, optimizer: torch.optim.Optimizer, samples: Samples, batch: int, epochs: int) -> float:
    """Regress Q on the samples' targets; the mean squared error of the last epoch."""
    observations = torch.from_numpy(np.stack(samples.observations))
    actions = torch.from_numpy(np.stack(samples.actions))
    targets = torch.tensor(samples.targets, dtype=torch.float32)
    loss_sum = 0.0
    for _ in range(epochs):
        order = torch.randperm(len(targets))
        loss_sum = 0.0
        for k in range(0, len(order), batch):
            pick = order[k : k + batch]
            loss = nn.functional.mse_loss(model(observations[pick], actions[pick]), targets[pick])
            optimizer.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call]
            optimizer.step()
            loss_sum += float(loss.detach()) * len(pick)
    return loss_sum / len(targets)


def train(seed: int, rounds: int, batch_rounds: int, log: bool = True) -> tuple[QNet, dict[str, float]]:
    """Train from ``seed`` over ``rounds`` rounds, updating after every ``batch_rounds``."""
    torch.manual_seed(seed)
    torch.set_num_threads(1)
    play = SelfPlay(seed)
    size = inputs(4).size
    model = QNet(size)
    optimizer = torch.optim.Adam(model.parameters(), lr=LEARNING_RATE[0])
    start = time.perf_counter()
    done = samples_seen = 0
    loss = 0.0
    while done < rounds:
        progress = done / rounds
        play.epsilon = max(EPSILON[1], EPSILON[0] * (1.0 - progress / EPSILON[2])) if done else 1.0
        for group in optimizer.param_groups:
            group["lr"] = LEARNING_RATE[0] + (LEARNING_RATE[1] - LEARNING_RATE[0]) * progress
        samples = Samples()
        count = min(batch_rounds, rounds - done)
        for _ in range(count):
            play.round(samples)
        done += count
        samples_seen += len(samples.targets)
        loss = fit(model, optimizer, samples, batch=256, epochs=2)
        play.network = Network(**model.arrays(), meta={})
        if log and (done // batch_rounds) % 20 == 0:
            minutes = (time.perf_counter() - start) / 60
            print(f"{done} rounds, {samples_seen} samples, loss {loss:.4f}, {minutes:.1f} min", flush=True)
    stats = {
        "rounds": float(done),
        "samples": float(samples_seen),
        "wall_seconds": time.perf_counter() - start,
    }
    return model, stats


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m troef.interfaces.rl.learned.train",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
    )
    parser.add_argument("game", choices=sorted(GAMES), help="the game (only Rififi has a learned bot)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=170_000, help="training rounds (default 170000)")
    parser.add_argument("--batch-rounds", type=int, default=64, help="rounds between updates (default 64)")
    parser.add_argument("--out", type=Path, required=True, help="the weights file to write (.npz)")
    args = parser.parse_args(argv)
    model, stats = train(args.seed, args.rounds, args.batch_rounds)
    meta = {
        "command": " ".join(
            ["python -m troef.interfaces.rl.learned.train", *(sys.argv[1:] if argv is None else argv)]
        ),
        "seed": str(args.seed),
        "torch": torch.__version__,
        "layout": json.dumps(inputs(4).layout),
        "trained": json.dumps(stats),
    }
    save(args.out, model.arrays(), meta)
    print(f"written: {args.out} ({stats['wall_seconds'] / 60:.1f} min)")


if __name__ == "__main__":
    main()
