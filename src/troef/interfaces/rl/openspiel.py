"""OpenSpiel games for troef's games: importing this module registers ``python_troef_<game>`` with
``pyspiel`` for every game with an RL kit (`troef.interfaces.rl.kits`).

A game is one round (one deal).  Parameters: ``players``, ``rules`` (a preset name) and every rule
option of the game; an option left at its default keeps the preset's value (``docs/rl.md``).  The
state keeps a troef round; chance deals the dealer and then the cards one at a time, in the order of
the engine's deal steps (`Game.deal_steps`).  Player actions are the indices of `troef.interfaces.rl.actions`,
except a discard of several cards, taken as one card pick at a time in card order (ids from
`OpenSpielGame.picks`, one per card of the pack).  Utility bounds, zero-sum and the longest round come
from the game's RL kit.  Returns are the round's scores, unscaled.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import Any, Final, Self

import numpy as np
import numpy.typing as npt
import pyspiel

from ...core.cards import CODES, bits
from ...core.errors import GameError
from ...core.game import Game, State
from ...core.tricks import TrickState
from ...games import GAMES, load_game
from ...players.kits import sample_world
from .actions import ActionIndex, index_for
from .encode import Encoder, encoder
from .kits import KITS, kit_of

PREFIX: Final = "python_troef_"
CARD_OUTCOMES: Final = 52
"""Chance outcomes are card indices (and seats, for the dealer): 0..51."""
GameClass = Callable[[dict[str, Any] | None], "OpenSpielGame"]
"""A game's OpenSpiel class: made from OpenSpiel's parameters."""
DERIVED_KEYS: Final = ("legal_actions", "bid_range")
"""View entries left out of the information-state string: the rest of the view determines them."""


def short_name(game: str) -> str:
    """OpenSpiel's name of a troef game: ``python_troef_<game>``."""
    return PREFIX + game


def parameters(game: str) -> dict[str, bool | int | str]:
    """The parameter specification of ``game``: players, rules and the options, with defaults."""
    cls = GAMES[game]
    out: dict[str, bool | int | str] = {"players": cls.default_players, "rules": cls.presets[0].name}
    out.update({o.name: o.default for o in cls.options})
    return out


def troef_game(game: str, params: dict[str, Any]) -> Game:
    """The troef game of OpenSpiel parameters: the preset, with every option that is not at its
    default; a `ValueError` says what is wrong."""
    cls = GAMES[game]
    rules: dict[str, Any] = {"preset": params.get("rules", cls.presets[0].name)}
    rules.update({o.name: params[o.name] for o in cls.options if params.get(o.name, o.default) != o.default})
    try:
        return load_game(game, rules, params.get("players", cls.default_players))
    except GameError as e:
        raise ValueError(f"{short_name(game)}: {e}") from None


def game_type(game: str) -> pyspiel.GameType:
    """The OpenSpiel game type of ``game``: zero-sum where its RL kit says its scoring is."""
    cls = GAMES[game]
    zero_sum = kit_of(game).zero_sum
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"troef {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters(game),
    )


class OpenSpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type hints
    """One troef game and number of players as an OpenSpiel game (see the module's docstring)."""

    def __init__(self, game: str, params: dict[str, Any] | None = None) -> None:
        kit = kit_of(game)
        self.troef = troef_game(game, params or {})
        self.pack = self.troef.chance_pack()
        self.steps = [self.troef.deal_steps(dealer) for dealer in range(self.troef.players)]
        """Per dealer, the deal's chance steps after the dealer's."""
        self.index: ActionIndex = index_for(self.troef)
        self.encoder: Encoder = encoder(self.troef.name, self.troef.players)
        discards = [i for i, a in enumerate(self.index.actions) if a.kind == "discard"]
        self.picks = discards[0] if discards else -1
        """The id of picking the pack's first card (a discard of several cards), or -1."""
        self.discard = len(self.index.actions[discards[0]].cards) if discards else 0
        """The cards a discard lays away: one pick each."""
        actions = self.picks + len(self.pack) if discards else self.index.size
        low, high = kit.bounds(self.troef)
        info = pyspiel.GameInfo(
            num_distinct_actions=actions,
            max_chance_outcomes=CARD_OUTCOMES,
            num_players=self.troef.players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if kit.zero_sum else None,
            max_game_length=kit.max_game_length(self.troef),
        )
        super().__init__(game_type(game), info, params or {})

    def __reduce__(self) -> tuple[Callable[[str, dict[str, Any]], OpenSpielGame], tuple[str, dict[str, Any]]]:
        """Pickled as the game's name and parameters (its class is made per game: `game_class`)."""
        return _unpickle, (self.troef.name, self.get_parameters())

    def new_initial_state(self) -> OpenSpielState:
        return OpenSpielState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> Observer:
        return Observer(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)

    def action_id(self, text: str) -> int:
        """The OpenSpiel id of a troef action text (not a discard: see `pick_id`)."""
        return self.index.of(text)

    def pick_id(self, card: int) -> int:
        """The OpenSpiel id of picking ``card`` to discard."""
        return self.picks + self.pack.index(card)


class Round:
    """The troef side of an OpenSpiel state: the dealer (-1 before chance picks him), the cards dealt
    so far, the troef round once the deal is complete, and a declarer's discard picks so far.
    `copy.deepcopy` (OpenSpiel's ``Clone``) copies the round with troef's ``clone()``."""

    def __init__(self, dealer: int = -1, cards: Sequence[int] = (), state: State | None = None) -> None:
        self.dealer = dealer
        self.cards = list(cards)
        self.state = state
        self.picks: list[int] = []

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        new = type(self)(self.dealer, self.cards, None if self.state is None else self.state.clone())
        new.picks = self.picks[:]
        return new


class OpenSpielState(pyspiel.State):  # type: ignore[misc]
    """A round of a troef game; see `OpenSpielGame`."""

    def __init__(self, game: OpenSpielGame) -> None:
        super().__init__(game)
        self.round = Round()

    @property
    def spiel(self) -> OpenSpielGame:
        game: OpenSpielGame = self.get_game()
        return game

    @property
    def troef(self) -> State:
        """The troef round (a `RuntimeError` while chance is still dealing)."""
        if self.round.state is None:
            raise RuntimeError("the cards are still being dealt")
        return self.round.state

    def current_player(self) -> int:
        state = self.round.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if state.current_player is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return state.current_player

    def is_terminal(self) -> bool:
        return self.round.state is not None and self.round.state.is_over

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.spiel.troef.players
        return [float(s) for s in self.troef.final_scores()]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.round.dealer < 0:
            n = self.spiel.troef.players
            return [(s, 1 / n) for s in range(n)]
        dealt = set(self.round.cards)
        left = [c for c in self.spiel.pack if c not in dealt]
        return [(c, 1 / len(left)) for c in left]

    def _legal_actions(self, player: int) -> list[int]:
        state = self.troef
        game = self.spiel
        if player != state.current_player:
            return []
        if self.picking():
            return [game.pick_id(c) for c in self.pickable()]
        return sorted(game.action_id(a.text) for a in state.legal_actions())

    def picking(self) -> bool:
        """A declarer is choosing his discards, card by card."""
        return self.spiel.picks >= 0 and self.troef.phase == "discard"

    def pickable(self) -> list[int]:
        """The cards the declarer may pick next: above his last pick, leaving enough cards above
        for the picks still to make."""
        hand = self.hand()
        last = self.round.picks[-1] if self.round.picks else -1
        still = self.spiel.discard - len(self.round.picks) - 1
        return [c for i, c in enumerate(hand) if c > last and len(hand) - i - 1 >= still]

    def hand(self) -> list[int]:
        """The cards of the seat to act, in card order."""
        state = self.troef
        assert isinstance(state, TrickState)  # the picks are a trick game's
        return list(bits(state.hands[state.actor]))

    def _apply_action(self, action: int) -> None:
        r = self.round
        game = self.spiel
        if r.state is None:
            if action not in dict(self.chance_outcomes()):
                raise ValueError(f"chance outcome {action} is not possible here")
            if r.dealer < 0:
                r.dealer = action
            else:
                r.cards.append(action)
            if r.dealer >= 0 and len(r.cards) == len(game.steps[r.dealer]):
                r.state = game.troef.from_deal(game.troef.chance_deal(r.dealer, r.cards), r.dealer)
            return
        if self.picking():
            if action not in self._legal_actions(r.state.actor):
                raise ValueError(f"action {action} is not a card the declarer may pick now")
            r.picks.append(game.pack[action - game.picks])
            if len(r.picks) < game.discard:
                return
            text = " ".join(["discard", *(CODES[c] for c in r.picks)])
            r.picks = []
            r.state.apply(text)
            return
        r.state.apply(game.index.text(action))

    def _action_to_string(self, player: int, action: int) -> str:
        game = self.spiel
        if player == pyspiel.PlayerId.CHANCE:
            return f"dealer {action}" if self.round.dealer < 0 else f"deal {CODES[action]}"
        if game.picks >= 0 and action >= game.picks:
            return f"pick {CODES[game.pack[action - game.picks]]}"
        return game.index.text(action)

    def __str__(self) -> str:
        r = self.round
        if r.state is None:
            return f"dealer {r.dealer}; dealt {' '.join(CODES[c] for c in r.cards)}"
        return json.dumps(r.state.record(), separators=(",", ":"))

    def information(self, player: int, recall: bool) -> dict[str, Any]:
        """What ``player`` knows, as a JSON object: the seat's view (its action history only with
        ``recall``), and while the deal goes on his cards so far."""
        r = self.round
        if r.state is None:
            return {
                "seat": player,
                "dealer": r.dealer,
                "dealt": len(r.cards),
                "hand": [CODES[c] for c in self.dealt_to(player)],
            }
        view = {k: v for k, v in r.state.view(player).items() if k not in DERIVED_KEYS}
        if not recall:
            del view["actions"]
        if self.picking():
            view["picks"] = len(r.picks)
            if player == r.state.current_player:
                view["picked"] = [CODES[c] for c in r.picks]
        return view

    def dealt_to(self, player: int) -> list[int]:
        """The cards dealt to ``player`` so far, in card order."""
        r = self.round
        if r.dealer < 0:
            return []
        steps = self.spiel.steps[r.dealer]
        return sorted(c for c, step in zip(r.cards, steps, strict=False) if step.seat == player)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> OpenSpielState:
        """A state ``player_id`` cannot tell from this one, the hidden cards drawn by troef's world
        sampler (during the deal: the cards he has not seen drawn uniformly)."""
        rng = random.Random(int(probability_sampler() * 2**53))
        r = self.round
        game = self.spiel
        new = game.new_initial_state()
        if r.state is None:
            for chance in self.redeal(player_id, rng):
                new.apply_action(chance)
            return new
        world = sample_world(game.troef, r.state.view(player_id), rng)
        for chance in [r.dealer, *game.troef.chance_cards(r.dealer, world.deal_record())]:
            new.apply_action(chance)
        for action in world.actions:
            if action.kind == "discard":
                for card in sorted(action.cards):  # picks go in card order
                    new.apply_action(game.pick_id(card))
            else:
                new.apply_action(game.action_id(action.text))
        if self.picking():  # the declarer's picks so far: his own, or the first of a random discard
            own = player_id == r.state.current_player
            picks = r.picks if own else sorted(rng.sample(new.hand(), game.discard))[: len(r.picks)]
            for card in picks:
                new.apply_action(game.pick_id(card))
        return new

    def redeal(self, player: int, rng: random.Random) -> list[int]:
        """The chance actions so far with every card ``player`` has not seen drawn again."""
        r = self.round
        if r.dealer < 0:
            return []
        steps = self.spiel.steps[r.dealer]
        seen = [step.seat == player or step.face_up for step in steps[: len(r.cards)]]
        pool = [c for c in self.spiel.pack if c not in {c for c, s in zip(r.cards, seen, strict=True) if s}]
        rng.shuffle(pool)
        hidden = iter(pool)
        return [r.dealer, *(c if s else next(hidden) for c, s in zip(r.cards, seen, strict=True))]


class Observer:
    """OpenSpiel's Python observer.  ``tensor`` is the `troef.interfaces.rl.encode` observation (``dict`` its
    blocks; a declarer's discard picks so far are in his ``afleggers``).  The string is the seat's
    view as canonical JSON (keys sorted), with the actions as the seat saw them when
    ``perfect_recall`` (the information-state string).  Only the single-player observation with
    public information is offered."""

    def __init__(
        self, game: OpenSpielGame, iig_obs_type: pyspiel.IIGObservationType, params: dict[str, Any] | None
    ) -> None:
        if params:
            raise ValueError(f"troef's observer takes no parameters, not {params}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("troef's observer shows one player's private and the public information")
        self.recall = bool(iig_obs_type.perfect_recall)
        self.encoder = game.encoder
        self.tensor: npt.NDArray[np.float32] = np.zeros(self.encoder.size, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {
            name: self.tensor[self.encoder.offsets[name] : self.encoder.offsets[name] + size]
            for name, size in self.encoder.layout
        }

    def set_from(self, state: OpenSpielState, player: int) -> None:
        r = state.round
        if r.state is not None:
            self.tensor[:] = self.encoder.encode(r.state.view(player))
            if r.picks and player == r.state.current_player:  # the declarer's picks so far
                self.dict["afleggers"][r.picks] = 1
            return
        self.tensor.fill(0)
        self.dict["hand"][state.dealt_to(player)] = 1
        if r.dealer >= 0:
            self.dict["dealer"][(r.dealer - player) % len(self.dict["dealer"])] = 1

    def string_from(self, state: OpenSpielState, player: int) -> str:
        return json.dumps(state.information(player, self.recall), sort_keys=True, separators=(",", ":"))


def game_class(game: str) -> GameClass:
    """The OpenSpiel game class of ``game``, ``python_troef_<game>``."""

    class KitGame(OpenSpielGame):
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            super().__init__(game, params)

    KitGame.__name__ = KitGame.__qualname__ = f"{game.capitalize()}Game"
    KitGame.__doc__ = f"``{short_name(game)}``."
    return KitGame


def _unpickle(game: str, params: dict[str, Any]) -> OpenSpielGame:
    return CLASSES[game](params)


CLASSES: Final[dict[str, GameClass]] = {name: game_class(name) for name in KITS}
for _name, _cls in CLASSES.items():
    pyspiel.register_game(game_type(_name), _cls)
