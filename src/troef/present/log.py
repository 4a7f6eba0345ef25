"""A round told as it happened: the log a seat sees (`RoundLog`: the round's start, then what each action
showed it, extended action by action), and the replay of a finished round (`replay_steps`: every step
with all hands face up, each action described in full, since a finished round's deal is public).

Both walk a copy of the round from its deal; what they say of a seat's round comes from that seat's
views only (``before`` and after each action), as `Presenter.after` reads them.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import TypedDict

from ..core.actions import Action
from ..core.game import State
from .base import Presenter, Seen, View, stood_in
from .model import Hand, Line, Table


class RoundLog:
    """The log of one round as ``seen``'s viewer sees it, from ``start`` (the round as dealt, not
    changed here): `Presenter.round_start`, then `Presenter.after` for every action `follow` is given;
    of a card played to a trick that is out of sight (`Presenter.out_of_sight`) only what
    `Presenter.kept` keeps."""

    def __init__(self, presenter: Presenter, seen: Seen, start: State) -> None:
        self.presenter = presenter
        self.seen = seen
        self.state = start.clone()
        self.view: View = self.state.view(seen.viewer)
        self.start: list[Line] = presenter.round_start(seen, self.view)
        self.told: list[tuple[int, list[Line], list[Line]]] = []
        """Per action: the trick its card went to (-1: no card played), its lines, and what is kept
        of them once that trick is out of sight."""

    @property
    def lines(self) -> list[Line]:
        """The log as the viewer may read it now."""
        hidden = self.presenter.out_of_sight(self.seen, self.view)
        out = list(self.start)
        for trick, lines, kept in self.told:
            out += kept if 0 <= trick < hidden else lines
        return out

    @property
    def steps(self) -> int:
        """The actions followed so far."""
        return len(self.state.actions)

    def follow(self, actions: Sequence[Action | str], stand_in: Collection[int] = ()) -> list[Line]:
        """The log after ``actions``, the round's actions so far (those followed already are skipped, so
        a caller hands the whole list each time and pays only for the new ones); the actions whose
        indices are in ``stand_in`` were a stand-in bot's, and are marked so."""
        presenter, seen = self.presenter, self.seen
        for action in actions[self.steps :]:
            seat = self.state.actor
            self.state.apply(action)
            done = self.state.actions[-1]
            view = self.state.view(seen.viewer)
            lines = presenter.after(seen, self.view, seat, done, view)
            if len(self.state.actions) - 1 in stand_in:
                lines[0] = stood_in(seen, lines[0])
            if done.kind == "play" and "last_trick" in self.view:  # a trick game
                kept = presenter.kept(seen, self.view, seat, done, view)
                self.told.append((len(self.view["history"]), lines, kept))
            else:
                self.told.append((-1, lines, lines))
            self.view = view
        return self.lines


def round_log(presenter: Presenter, seen: Seen, start: State, actions: Sequence[Action | str]) -> list[Line]:
    """The log of a round dealt as ``start`` after ``actions``, as ``seen``'s viewer sees it."""
    return RoundLog(presenter, seen, start).follow(actions)


class Step(TypedDict):
    """One step of a finished round's replay: the deal (``seat`` and ``action`` None), then each action;
    ``table`` as a spectator sees it, ``hands`` every seat's hand (by seat number) face up."""

    seat: int | None
    action: str | None
    lines: list[Line]
    table: Table
    hands: list[Hand]


def replay_steps(
    presenter: Presenter,
    seen: Seen,
    start: State,
    actions: Sequence[Action | str],
    stand_in: Collection[int] = (),
) -> list[Step]:
    """The steps of the round dealt as ``start`` with ``actions`` (a finished round), told to everyone:
    ``seen`` is a spectator's (its labels name every seat). An action's own line names its cards as its
    actor saw them (a discard, a card led blind, a middle card drawn), marked where a stand-in bot made
    it (its index in ``stand_in``); what follows from it is told as a spectator sees it."""
    spectator = replace(seen, viewer=None, hindsight=True)
    seats = [replace(spectator, viewer=s) for s in range(start.game.players)]
    for actor in seats:
        actor.labels = list(spectator.labels)  # an actor is named as everyone names them, not "(you)"
    state = start.clone()

    def step(seat: int | None, action: str | None, lines: list[Line]) -> Step:
        return Step(
            seat=seat,
            action=action,
            lines=lines,
            table=presenter.table(spectator, state.view(None)),
            hands=[presenter.hand(seats[s], state.view(s)) for s in range(len(seats))],
        )

    steps = [step(None, None, presenter.round_start(spectator, state.view(None)))]
    for action in actions:
        seat = state.actor
        before, before_actor = state.view(None), state.view(seat)
        state.apply(action)
        done = state.actions[-1]
        told = presenter.after(spectator, before, seat, done, state.view(None))
        said = presenter.after(seats[seat], before_actor, seat, done, state.view(seat))[0]
        if len(state.actions) - 1 in stand_in:
            said = stood_in(spectator, said)
        steps.append(step(seat, done.text, [said, *told[1:]]))
    return steps
