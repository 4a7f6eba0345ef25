"""The presentation layer's model of a table for each receiver and language (the ``model`` of a state
frame, for connections that gave a ``lang``), kept up to date cheaply: the model of a (seat, lang) is
built once per version, and the round's log of each (seat, lang) is extended by the actions since it was
last built (`troef.present.RoundLog`), not told again from the deal."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.game import Game, State
from ...present import PRESENTERS, RoundLog, Seen, round_title, standings
from ...session import Session
from .frames import Model

Names = tuple[tuple[str | None, ...], tuple[str | None, ...]]
"""Per seat a person's name or None, and per seat a bot kind or None: what labels the seats."""


class TableModels:
    """The models of one table's receivers; `model` answers the one of a (seat, lang) at ``version``.
    ``stand_in_moves``: per round dealt, (action index, seat) of each move a stand-in bot made, marked in
    the log and on the sheet (the table's own list, which it extends)."""

    def __init__(
        self, game: Game, session: Session, stand_in_moves: Sequence[Sequence[tuple[int, int]]]
    ) -> None:
        self.game = game
        self.session = session
        self.stand_in_moves = stand_in_moves
        self.presenter = PRESENTERS[game.name]
        self._models: dict[tuple[int | None, str], tuple[int, Model]] = {}
        self._logs: dict[tuple[int | None, str], tuple[int, Names, RoundLog]] = {}
        self._start: tuple[int, State] | None = None

    def model(self, seat: int | None, lang: str, version: int, names: Names) -> Model:
        """The model ``seat`` (None: a spectator) sees in ``lang`` at ``version``, its seats labelled by
        ``names``; the same object while the version is (do not change it)."""
        key = (seat, lang)
        cached = self._models.get(key)
        if cached is not None and cached[0] == version:
            return cached[1]
        built = self._build(seat, lang, names)
        self._models[key] = version, built
        return built

    def _build(self, seat: int | None, lang: str, names: Names) -> Model:
        match = self.session.match
        state = self.session.round
        index = len(match.sheet) - (1 if match.dealt is None else 0)
        log = self._log(seat, lang, names, index, state) if state is not None else None
        seen = log.seen if log is not None else Seen(self.game, seat, lang, *names)
        view = state.view(seat) if state is not None else None
        presenter = self.presenter
        ended = view if state is not None and match.dealt is None else None  # the round just scored
        return {
            "lang": lang,
            "title": round_title(seen.w, index, match.rounds) if state is not None else "",
            "table": presenter.table(seen, view, match.totals) if view is not None else None,
            "log": log.lines if log is not None else [],
            "result": presenter.round_result(seen, match, ended) if ended is not None else None,
            "scores": presenter.score_rows(seen, match.sheet[-1], ended) if ended is not None else None,
            "sheet": presenter.sheet(seen, match, [{s for _, s in m} for m in self.stand_in_moves]),
            "standings": standings(seen, match) if match.is_over else None,
        }

    def _log(self, seat: int | None, lang: str, names: Names, index: int, state: State) -> RoundLog:
        """The log of round ``index`` (``state``) as ``seat`` sees it, extended to its last action."""
        key = (seat, lang)
        found = self._logs.get(key)
        if found is None or found[0] != index or found[1] != names or found[2].steps > len(state.actions):
            seen = Seen(self.game, seat, lang, *names)
            found = index, names, RoundLog(self.presenter, seen, self._start_of(index, state))
            self._logs[key] = found
        log = found[2]
        log.follow(state.actions, {k for k, _ in self.stand_in_moves[index]})
        return log

    def _start_of(self, index: int, state: State) -> State:
        """Round ``index`` as it was dealt (read once per round from its record's deal)."""
        if self._start is None or self._start[0] != index:
            self._start = index, self.game.from_record(state.record())
        return self._start[1]


def seat_names(kinds: Sequence[tuple[str, str | None, str | None]]) -> Names:
    """`Names` from each seat's (kind, name, bot)."""
    return (
        tuple(name if kind == "human" else None for kind, name, _ in kinds),
        tuple(bot if kind == "bot" else None for kind, _, bot in kinds),
    )
