"""What everyone may see of a table (its read model), built from the table's state and kept while that
holds: the public info and score sheet, each receiver's state frame and its JSON text, the presentation
models, the lobby's listing, the finished rounds' replays with `troef verify`'s check, and the record.
`troef.interfaces.web.table.Table` holds its `TableReads`, and answers commands with its frames."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Final, TypedDict

from ...core.errors import RecordError
from ...games.fair import fair_match_record, verify
from ...present import Seen, Step, replay_steps, round_title
from ...present.model import Line, ScoreRow
from .encoded import Texts, dumps, spliced
from .frames import (
    Model,
    RoundInfo,
    SeatInfo,
    Sheet,
    StateFrame,
    TableInfo,
    Timer,
    sheet_round,
)
from .model import Names, TableModels, seat_names
from .seats import (
    NoSuchTable,
)

if TYPE_CHECKING:
    from .table import Table

Receiver = tuple[int | None, str | None]
"""A frame's receiver: its seat (None: a spectator) and its language (None: no model)."""
REPLAYS_KEPT: Final = 8
"""The replays of finished rounds a table keeps (per round and language), the oldest dropped first."""


class Verified(TypedDict):
    """`troef verify`'s check of one round: whether it verifies, and what it says."""

    ok: bool
    message: str


class RoundReplay(TypedDict):
    """``GET /api/tables/{id}/rounds/{k}``."""

    round: int
    title: str
    verify: Verified
    steps: list[Step]
    result: list[Line]
    """The round's result, as the table showed it at its end."""
    scores: list[ScoreRow]
    """Every seat's points and total (and its bid against what it took), as the table showed them."""


class ReadsKept:
    """What a table's reads keep from one read to the next, held by the table (`Table.reads` joins them
    to the table at each read: reads that held their table, held by it, made every finished table a cycle
    that stayed in memory until the cyclic collector's rare full pass)."""

    def __init__(self, models: TableModels) -> None:
        self.info: tuple[tuple[object, ...], TableInfo] | None = None
        self.sheet: tuple[tuple[int, bool], Sheet] | None = None
        self.seat_texts: tuple[int, dict[int | None, tuple[str, str]]] = -1, {}
        """Per seat, the JSON text of its view and legal actions at a version (`frame_texts`): kept as
        text, which the cyclic collector need not walk, rather than as the lists of the view itself."""
        self.texts = Texts()
        """The JSON text of the parts every receiver's frame shares (`frame_texts`)."""
        self.models = models
        self.verified: tuple[int, dict[int, Verified] | str] | None = None
        self.replays: dict[tuple[int, str], RoundReplay] = {}


class TableReads:
    """What everyone may see of ``table``, each part built once while it holds (do not change them), kept
    in ``kept``."""

    def __init__(self, table: Table, kept: ReadsKept) -> None:
        self.table = table
        self._kept = kept

    @property
    def models(self) -> TableModels:
        """The models of the table's receivers."""
        return self._kept.models

    def info(self) -> TableInfo:
        """The public table info (``GET /api/tables/{id}``); the same object until the version, a
        connected flag, a stand-in, a timer or the pause changes (every receiver's frame shares it: do not
        change it)."""
        presence = tuple(self.table.connected(k) for k in range(len(self.table.seats)))
        paused = self.table.paused()
        timers = self.table.timers(paused)
        shown = tuple((t["timer"], t["seat"], t["at"]) for t in timers)
        key = (
            self.table.version,
            presence,
            tuple(sorted(self.table.session.stand_ins)),
            tuple(paused),
            shown,
        )
        if self._kept.info is None or self._kept.info[0] != key:
            self._kept.info = key, self._new_info(timers, paused)
        return self._kept.info[1]

    def _new_info(self, timers: list[Timer], paused: list[int]) -> TableInfo:
        seats: list[SeatInfo] = [
            {
                "seat": k,
                "kind": seat.kind,
                "name": seat.shown_name,
                "bot": seat.bot,
                "connected": self.table.connected(k),
                "stand_in": k in self.table.session.stand_ins,
            }
            for k, seat in enumerate(self.table.seats)
        ]
        return {
            "id": self.table.id,
            "game": self.table.game.name,
            "rules": self.table.game.rules.notation(),
            "players": self.table.game.players,
            "rounds": self.table.session.match.rounds,
            "seats": seats,
            "status": self.table.status,
            "version": self.table.version,
            "sheet": self.sheet(),
            "round": self.round_info(),
            "ready_limit": self.table.ready_limit,
            "away_limit": self.table.away_limit,
            "absent": self.table.absent,
            "timers": timers,
            "paused": paused,
            "hints": self.table.hints,
            "competitive": self.table.competitive,
            "rated": self.table.rated,
            "expired": self.table.expired,
            **({"rematch": self.table.rematch} if self.table.rematch is not None else {}),  # type: ignore[typeddict-item]
            **({"event": self.table.event} if self.table.event is not None else {}),  # type: ignore[typeddict-item]
        }

    def round_info(self) -> RoundInfo | None:
        """The round in play, or the next round to deal; None once the table is over."""
        if self.table.status == "over":
            return None
        fair = self.table.fairs[-1]
        return {
            "index": fair.index,
            "dealt": fair.dealt,
            "commitment": fair.commitment,
            "ready": sorted(self.table.ready_seats),
        }

    def sheet(self) -> Sheet:
        """The score sheet of the finished rounds, as everyone may see it: the same object until a round
        or the match ends (do not change it)."""
        match = self.table.session.match
        key = (len(match.sheet), match.is_over)
        if self._kept.sheet is None or self._kept.sheet[0] != key:
            self._kept.sheet = key, self._new_sheet()
        return self._kept.sheet[1]

    def _new_sheet(self) -> Sheet:
        match = self.table.session.match
        sheet: Sheet = {
            "rounds": [
                sheet_round(
                    self.table.game.name,
                    row,
                    row.index >= match.rounds,
                    [seat for _, seat in self.table.stand_in_moves[row.index]],
                )
                for row in match.sheet
            ],
            "totals": list(match.totals),
            "winners": match.leaders() if match.is_over else [],
        }
        money = match.money()
        if money is not None:
            sheet["money"], sheet["pot"] = list(money.players), money.pot
        return sheet

    def frame(self, seat: int | None, lang: str | None = None) -> StateFrame:
        """The state frame for ``seat`` (None: a spectator): its own view only, and the public `info`;
        with ``lang`` also the presentation layer's `model` in that language."""
        view = self.view(seat)
        info = self.info()
        frame: StateFrame = {
            "type": "state",
            "version": self.table.version,
            "seat": seat,
            "table": info,
            "view": view,
            "legal_actions": list(view["legal_actions"]) if view is not None else [],
            "sheet": info["sheet"],
            "talk": self.table.talk(seat),
        }
        if lang is not None:
            frame["model"] = self.model(seat, lang)
        return frame

    def frame_texts(self, receivers: Iterable[Receiver], now: float) -> dict[Receiver, str]:
        """Each (seat, lang) receiver's `frame` sent at ``now`` (``now`` added last) as the JSON text
        `dumps` writes for it, made faster: the table info, the sheet and the models are encoded once
        while they are the same objects, and the frame's few keys are written in `frame`'s order
        (tests/test_web_leaks.py holds the two to the same text)."""
        info, texts_of = self.info(), self._kept.texts.of
        sheet = texts_of("sheet", info["sheet"])
        table = texts_of("table", info, lambda: spliced(info, {"sheet": sheet}))
        texts = {}
        for seat, lang in receivers:
            view, legal = self._view_texts(seat)
            model = ',"model":' + texts_of(("model", seat, lang), self.model(seat, lang)) if lang else ""
            texts[seat, lang] = (
                f'{{"type":"state","version":{self.table.version},"seat":{dumps(seat)},"table":{table},'
                f'"view":{view},"legal_actions":{legal},"sheet":{sheet},"talk":"{self.table.talk(seat)}"'
                f'{model},"now":{dumps(now)}}}'
            )
        return texts

    def _view_texts(self, seat: int | None) -> tuple[str, str]:
        """The JSON text of ``seat``'s view and of its legal actions, made once per version."""
        if self._kept.seat_texts[0] != self.table.version:
            self._kept.seat_texts = self.table.version, {}
        made = self._kept.seat_texts[1]
        if seat not in made:
            view = self.view(seat)
            made[seat] = dumps(view), dumps(list(view["legal_actions"])) if view is not None else "[]"
        return made[seat]

    def view(self, seat: int | None) -> Mapping[str, Any] | None:
        """What ``seat`` sees of the round (`Session.view`)."""
        return self.table.session.view(seat)

    def model(self, seat: int | None, lang: str) -> Model:
        """What ``seat`` (None: a spectator) sees, as the presentation layer shows it in ``lang``: built
        once per version (do not change it)."""
        return self.models.model(seat, lang, self.table.version, self.names())

    def names(self) -> Names:
        """Per seat the person's name and the bot kind (None where there is none)."""
        return seat_names([(seat.kind, seat.name, seat.bot) for seat in self.table.seats])

    def listing(self) -> dict[str, Any]:
        """The table as the lobby lists it (`GET /api/tables`), with its invite code (the HTTP edge makes
        it the invite and watch links)."""
        info = self.info()
        return {
            "id": self.table.id,
            "game": self.table.game.name,
            "title": self.table.game.title,
            "rules": info["rules"],
            "players": info["players"],
            "rounds": info["rounds"],
            "status": info["status"],
            "seats": info["seats"],
            "open": len(self.table.open_seats),
            "invite": self.table.row.settings.get("invite_code", ""),
        }

    def round_replay(self, index: int, lang: str) -> RoundReplay:
        """``GET /api/tables/{id}/rounds/{k}``: finished round ``index`` step by step, every hand face up
        (its deal is public now), told in ``lang``, with `troef verify`'s check of it; a `TableError` 404
        for a round not finished."""
        match = self.table.session.match
        if not 0 <= index < len(match.sheet):
            raise NoSuchTable(f"round {index} of table {self.table.id} is not finished")
        found = self._kept.replays.get((index, lang))
        if found is None:
            found = self._kept.replays[index, lang] = self._round_replay(index, lang)
            while len(self._kept.replays) > REPLAYS_KEPT:
                del self._kept.replays[next(iter(self._kept.replays))]
        return found

    def _round_replay(self, index: int, lang: str) -> RoundReplay:
        match = self.table.session.match
        record = match.records[index]
        seen = Seen(self.table.game, None, lang, *self.names())
        start = self.table.game.from_record(record)
        end = start.clone()
        for action in record["actions"]:
            end.apply(action)
        presenter, view = self.models.presenter, end.view(None)
        return {
            "round": index,
            "title": round_title(seen.w, index, match.rounds),
            "verify": self.verified(index),
            "steps": replay_steps(
                presenter,
                seen,
                start,
                record["actions"],
                {k for k, _ in self.table.stand_in_moves[index]},
            ),
            "result": presenter.result(seen, view),
            "scores": presenter.score_rows(seen, match.sheet[index], view),
        }

    def verified(self, index: int) -> Verified:
        """`troef verify`'s check of finished round ``index`` (`troef.games.fair.verify` of the table's
        record, checked once per finished round)."""
        finished = len(self.table.session.match.sheet)
        if self._kept.verified is None or self._kept.verified[0] != finished:
            record = json.loads(json.dumps(self.record()))
            try:
                checks: dict[int, Verified] | str = {
                    check.index: {"ok": check.problem is None, "message": str(check)}
                    for check in verify(record).rounds
                }
            except RecordError as e:
                checks = f"the record does not verify: {e}"
            self._kept.verified = finished, checks
        checks = self._kept.verified[1]
        if isinstance(checks, str):
            return {"ok": False, "message": checks}
        return checks.get(index) or {
            "ok": False,
            "message": f"round {index}: not checked (an earlier round's play does not replay)",
        }

    def record(self) -> dict[str, Any] | None:
        """The ``troef-match/1`` record of the finished rounds, each with its ``fair`` object and, where a
        stand-in bot played, ``stand_in`` (the indices of its actions); None while no round is finished."""
        match = self.table.session.match
        if not match.sheet:
            return None
        record = fair_match_record(match, self.table.fairs)
        for k, rnd in enumerate(record["rounds"]):
            moves = [index for index, _ in self.table.stand_in_moves[k]]
            if moves:
                rnd["stand_in"] = moves
        return record
