"""PettingZoo AEC environments for every troef game, after PettingZoo's classic card environments.

``env(game, rules=..., players=..., **options)`` is the wrapped environment (PettingZoo's standard
wrappers: an illegal action ends the round with reward -1 for its player, actions out of range are
refused, and the API's order is enforced); ``raw_env`` is the bare one.  An episode is one round (one
deal).  Agents are ``player_0`` .. ``player_{n-1}``, seat ``i`` being ``player_i``.

- ``observation_space(agent)``: ``Dict(observation=Box(0, 1, (size,), float32), action_mask=Box(0, 1,
  (N,), int8))``, the observation from `troef.interfaces.rl.encode` (a function of the seat's view), the mask
  1 at the seat's legal actions while it is to act and all zero otherwise; ``action_space(agent)``:
  ``Discrete(N)`` over `troef.interfaces.rl.actions` (the same space objects on every call).
- Rewards: every seat terminates together when the round is over, and gets its score divided by
  `reward_scale`, the game's RL kit's (``rl/games/<game>.py``; ``docs/rl.md``).
- ``reset(seed)``: a seed starts a new stream of deals (and dealers); ``reset()`` without one deals the
  next round of the stream, so a run from one seeded reset is reproducible.  ``options`` may hold
  ``dealer`` (a seat) to fix the dealer of that round.
- ``render_mode``: ``ansi`` returns the table as the seat to act sees it (a spectator's view once the
  round is over) in words from the presentation layer, ``human`` prints it.
"""

from __future__ import annotations

import random
from typing import Any, Final

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ...core.game import Game, State
from ...games import load_game
from ...present import PRESENTERS, Seen
from ...present.model import Line
from .actions import ActionIndex, index_for
from .encode import Encoder, encoder
from .kits import kit_of

RENDER_MODES: Final = ["ansi", "human"]


def reward_scale(game: Game) -> float:
    """What a score is divided by to make a reward: the game's RL kit says."""
    return kit_of(game.name).reward_scale(game)


def env(game: str, rules: object = None, players: int | None = None, **options: Any) -> AECEnv:
    """The wrapped environment of ``game`` (see `raw_env` for the arguments)."""
    wrapped: AECEnv = raw_env(game, rules, players, **options)
    wrapped = _TerminateIllegal(wrapped, -1)
    wrapped = _AssertOutOfBounds(wrapped)
    return _OrderEnforcing(wrapped)


class _FromBare:
    """An attribute of a wrapper read from the bare environment, where PettingZoo's wrappers find it by
    a chain of ``__getattr__`` fallbacks (microseconds a read, several reads a step).  Not a data
    descriptor: a value set on the wrapper itself still comes first, as before."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, wrapper: Any, owner: type | None = None) -> Any:
        if wrapper is None:
            return self
        if not wrapper._readable():
            raise AttributeError(self.name)  # the wrapper's __getattr__ then says why
        return getattr(wrapper._bare, self.name)


class _Direct:
    """PettingZoo's wrappers with the attributes read at every step taken straight from the bare
    environment (`_FromBare`); everything else is the wrapper's own."""

    agent_selection = _FromBare()
    agents = _FromBare()
    infos = _FromBare()
    rewards = _FromBare()
    terminations = _FromBare()
    truncations = _FromBare()

    def __init__(self, env: AECEnv, *args: Any) -> None:
        super().__init__(env, *args)  # type: ignore[call-arg]  # the PettingZoo wrapper's
        self._bare = env.unwrapped

    def _readable(self) -> bool:
        return True


class _TerminateIllegal(_Direct, wrappers.TerminateIllegalWrapper):  # type: ignore[misc]
    pass


class _AssertOutOfBounds(_Direct, wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    pass


class _OrderEnforcing(_Direct, wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    def _readable(self) -> bool:
        return bool(self._has_reset)  # before reset, PettingZoo's wrapper refuses these reads

    def __str__(self) -> str:
        return str(self.env)


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo's name
    """One round of ``game`` per episode.  ``rules``: a preset name or ``{"preset": NAME, option:
    value}``; ``players``: the number of seats (None: the game's default); ``render_mode``: None,
    ``ansi`` or ``human``; ``lang``: the language of the rendering (en, nl, de); further keyword
    arguments are rule options, e.g. ``env(game, rules=preset, players=3, tricks=5)``."""

    metadata: dict[str, Any] = {  # noqa: RUF012  (PettingZoo's class attribute)
        "render_modes": RENDER_MODES,
        "name": "troef_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game: str,
        rules: object = None,
        players: int | None = None,
        render_mode: str | None = None,
        lang: str = "en",
        **options: Any,
    ) -> None:
        super().__init__()
        if options:
            base = dict(rules) if isinstance(rules, dict) else ({} if rules is None else {"preset": rules})
            rules = {**base, **options}
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES} or None, not {render_mode!r}")
        self.game: Game = load_game(game, rules, players)
        self.render_mode = render_mode
        self.lang = lang
        self.encoder: Encoder = encoder(self.game.name, self.game.players)
        self.index: ActionIndex = index_for(self.game)
        self.scale = reward_scale(self.game)
        n = self.game.players
        self.metadata = {**self.metadata, "name": f"troef_{self.game.name}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seats = {a: i for i, a in enumerate(self.possible_agents)}
        self.agents = self.possible_agents[:]
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (self.encoder.size,), dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (self.index.size,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.index.size) for a in self.possible_agents}
        self._rng: random.Random | None = None
        self.state: State | None = None

    def __repr__(self) -> str:
        return f"troef {self.game!r}"

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _seat(self, agent: str) -> int:
        seat = self._seats.get(agent)
        if seat is None:
            raise ValueError(f"no agent {agent!r}: the agents are {', '.join(self.possible_agents)}")
        return seat

    @property
    def round_state(self) -> State:
        """The round in play (a `RuntimeError` before the first reset)."""
        if self.state is None:
            raise RuntimeError("call reset() first")
        return self.state

    def observe(self, agent: str) -> dict[str, Any]:
        """The seat's observation and action mask, valid at any time (all-zero mask off turn)."""
        state = self.round_state
        seat = self._seat(agent)
        if self.encoder.direct:  # no view needed: the legal actions are the state's when to act
            legal = state.legal_actions() if seat == state.current_player else []
            return {"observation": self.encoder.observe(state, seat), "action_mask": self.index.mask(legal)}
        view = state.view(seat)
        mask = self.index.mask(view["legal_actions"])
        return {"observation": self.encoder.encode(view), "action_mask": mask}

    def legal_actions(self) -> list[int]:
        """The indices of the legal actions of the seat to act (none once the round is over)."""
        return [self.index.of(a) for a in self.round_state.legal_actions()]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or self._rng is None:
            self._rng = random.Random(seed)
        deal_seed = self._rng.getrandbits(63)
        dealer = self._rng.randrange(self.game.players)
        if options and options.get("dealer") is not None:
            dealer = int(options["dealer"])
        self.state = self.game.deal(deal_seed, dealer)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.actor]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.round_state
        text = self.index.text(int(action))
        state.apply(text)
        self._cumulative_rewards[agent] = 0.0
        if state.is_over:
            scores = state.result()["scores"]
            self.rewards = {a: scores[i] / self.scale for i, a in enumerate(self.possible_agents)}
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos = {a: {"result": state.result()} for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[state.actor]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        text = self.table_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def table_text(self) -> str:
        """The table in words: as the seat to act sees it, or a spectator once the round is over."""
        state = self.round_state
        seat = state.current_player
        view = state.view(seat)
        presenter = PRESENTERS[self.game.name]
        seen = Seen(self.game, seat, self.lang)
        if seat is None:
            lines = presenter.result(seen, view)
        else:
            table = presenter.table(seen, view)
            lines = [*table["lines"]]
            hand = " ".join(p["text"] for g in table["hand"]["groups"] for p in g["cards"])
            lines.append({"parts": [{"kind": "text", "text": hand, "code": "", "name": ""}], "bold": False})
            if table["prompt"]:
                lines.append(
                    {
                        "parts": [{"kind": "text", "text": table["prompt"], "code": "", "name": ""}],
                        "bold": False,
                    }
                )
        return "\n".join(_plain(line) for line in lines)

    def close(self) -> None:
        pass


def _plain(line: Line) -> str:
    return "".join(part["text"] for part in line["parts"])
