"""Hidden cards never leave the server (server.md; issue 17, point 4).

Full matches of every game x preset at 3 to 6 players (as the game allows), with bots and scripted
humans who also make mistakes (stale, out of turn, illegal, bad seeds), go away and come back (a stand-in
plays for them).  Every frame each human seat and a spectator receives is checked the moment it is sent:
it names no card its receiver may not see then (tests/test_view.py's per-seat rules, from the round's
record) in ``view``, ``table`` or an error's message; the sheet names no card that was not public in its
round; ``table`` is the same for everyone, and the text the server sends (its shared parts encoded once) is
the frame as ``json`` writes it.  The presentation model a receiver gets when its connection
gave a ``lang`` is checked the same way, in every language: its table, log and result name no card the
receiver may not see, its sheet no card that was not public in its round (each frame's receiver in
one language, the languages taking turns).  Chat messages (presets and free text, refused during a
round where the rules close table talk) carry only what their writer typed; a hint (the ``normal`` bot's
choice, asked for now and then) goes to the seat that asked alone, one of its legal actions.  At random
points the stored
events rebuild a table that sends every receiver the same frames; every round of each finished match
verifies as a fair deal."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any
from unittest import mock

import pytest

import troef
from test_view import cards_in, visible
from test_web_table import Harness, Receiver, SeededSecrets, snapshot
from troef.core.cards import CODES
from troef.games.fair import verify
from troef.games.replay import replay
from troef.interfaces.web.encoded import dumps
from troef.interfaces.web.frames import Frame
from troef.interfaces.web.reads import TableReads
from troef.present import LANGUAGES
from troef.present.i18n import catalog_text, parse_po
from troef.present.messages import messages
from troef.session import Who

pytestmark = pytest.mark.slow

REBUILDS = 0.03
"""The share of steps after which the table is rebuilt from its events and compared."""
CHAT_KEYS = {"type", "seat", "name", "text", "preset", "at"}


def configurations() -> list[tuple[str, Any, int, int | None]]:
    """(game, rules, players, rounds): every game x preset at 3 to 6 players as the game allows, the
    game's own match length; and Rikken's blind rond (closing rounds) after one scheduled round."""
    out: list[tuple[str, Any, int, int | None]] = [
        (name, preset.name, n, None)
        for name, cls in troef.GAMES.items()
        for preset in cls.presets
        for n in range(max(3, cls.min_players), min(6, cls.max_players) + 1)
    ]
    return [*out, ("rikken", {"preset": "bsg", "blind_rond": True}, 4, 1)]


@cache
def catalog_cards() -> frozenset[str]:
    """The cards the catalogs' own words name (``avoid QS``, ``'play 7H 7S'`` in Piken's help, the
    German ace ``As``): words that explain the rules, the same for everyone, not a card of the deal."""
    texts = [text for message in messages() for text in message if text is not None]
    for lang in LANGUAGES[1:]:
        texts += [form for forms in parse_po(catalog_text(lang)).values() for form in forms]
    return frozenset(card for text in texts for card in cards_in(text.replace("{", " ").replace("}", " ")))


def model_cards_of(value: object) -> set[str]:
    """`model_cards` of a part of a model, remembered by its JSON text (a model's log and sheet lines
    repeat from version to version)."""
    key = json.dumps(value, sort_keys=True)
    found = _SEEN_CARDS.get(key)
    if found is None:
        found = _SEEN_CARDS[key] = set(model_cards(value))
    return found


_SEEN_CARDS: dict[str, set[str]] = {}


def model_cards(value: object) -> Iterator[str]:
    """Every card a model names: each card part's code, and any card written in its words (but the
    catalogs' own, `catalog_cards`)."""
    if isinstance(value, Mapping):
        if value.get("kind") == "card":
            if value["code"] != "??":
                yield value["code"]
            return
        for item in value.values():
            yield from model_cards(item)
    elif isinstance(value, list):
        for item in value:
            yield from model_cards(item)
    elif isinstance(value, str):
        yield from set(cards_in(value)) - catalog_cards()


class LeakCheck:
    """Checks every frame a receiver gets against what it may see at that moment."""

    def __init__(self, h: Harness) -> None:
        self.h = h
        self.checked = 0
        self.models = 0
        self.errors = 0
        self.chats = 0
        self.hints = 0
        self.public: list[set[str]] = []
        """Per finished round, the cards public in it."""

    def __call__(self, receiver: Receiver, frame: Frame, said: str) -> None:
        table = self.h.table
        assert json.loads(json.dumps(frame)) == frame
        state = table.session.round
        may_see = visible(state.record(), receiver) if state is not None else set()
        who = "the spectator" if receiver is None else f"seat {receiver}"
        if frame["type"] == "chat":
            assert set(frame) == CHAT_KEYS and frame["seat"] in (0, 1) and frame["at"] == self.h.now
            leaked = set(cards_in(frame)) - set(cards_in(frame["text"] or ""))
            assert not leaked, f"a chat message names {sorted(leaked)} its writer did not"
            self.chats += 1
            return
        if frame["type"] == "hint":
            assert receiver is not None and json.loads(said) == {"type": "hint", "version": frame["version"]}
            assert frame["action"] in table.reads.frame(receiver)["legal_actions"], "a hint is a legal action"
            assert not set(cards_in(frame)) - may_see, f"{who}'s hint names a card it may not see"
            self.hints += 1
            return
        assert frame["type"] in ("state", "error"), frame
        if frame["type"] == "error":
            leaked = set(cards_in(frame["message"])) - may_see - set(cards_in(said))
            assert not leaked, f"{who}'s error names {sorted(leaked)}: {frame['message']}"
            assert frame["version"] == table.version
            self.checked += 1
            self.errors += 1
            return
        sheet = frame["sheet"]
        records = table.session.match.records
        for row in sheet["rounds"]:
            public = visible(records[row["index"]], None)
            leaked = set(cards_in(row)) - public
            assert not leaked, f"the sheet's round {row['index']} names {sorted(leaked)}, not public in it"
        rest = {**frame, "sheet": None, "table": {**frame["table"], "sheet": None}}
        leaked = set(cards_in(rest)) - may_see
        assert not leaked, f"{who} was sent hidden cards {sorted(leaked)} at version {table.version}"
        assert frame["version"] == table.version and frame["seat"] == receiver
        assert frame["table"] == table.reads.info(), "the table info is public: the same for everyone"
        assert frame["view"] == table.session.view(receiver)
        if receiver is None or receiver != table.session.turn:
            assert frame["legal_actions"] == []
        assert "model" not in frame, "a connection that gave no lang gets no model"
        sent = table.reads.frame_texts([(receiver, None)], self.h.now)[receiver, None]
        assert sent == dumps({**frame, "now": self.h.now}), "the server sends the frame, encoded as json does"
        assert json.loads(sent) == json.loads(json.dumps({**frame, "now": self.h.now})), "the same content"
        self.check_model(receiver, LANGUAGES[self.checked % len(LANGUAGES)], may_see)
        self.checked += 1

    def check_model(self, receiver: Receiver, lang: str, may_see: set[str]) -> None:
        """The model ``receiver`` gets in ``lang`` names no card it may not see now."""
        table = self.h.table
        frame = table.reads.frame(receiver, lang)
        model = frame["model"]
        sent = table.reads.frame_texts([(receiver, lang)], self.h.now)[receiver, lang]
        assert sent == dumps({**frame, "now": self.h.now}), "the frame with its model, encoded as json does"
        assert json.loads(sent) == json.loads(json.dumps({**frame, "now": self.h.now})), "the same content"
        assert json.loads(json.dumps(model)) == model and model["lang"] == lang
        who = "the spectator" if receiver is None else f"seat {receiver}"
        records = table.session.match.records
        while len(self.public) < len(records):
            self.public.append(visible(records[len(self.public)], None))
        for k, row in enumerate(model["sheet"]["rows"]):
            leaked = model_cards_of(row) - self.public[k]
            assert not leaked, f"{who}'s {lang} model sheet, round {k}, names {sorted(leaked)}"
        named = set(model_cards({**model, "sheet": {**model["sheet"], "rows": []}, "log": None}))
        for line in model["log"]:
            named |= model_cards_of(line)
        leaked = named - may_see
        assert not leaked, (
            f"{who}'s {lang} model names hidden cards {sorted(leaked)} at version {table.version}"
        )
        self.models += 1


def random_card_action(rng: random.Random) -> str:
    return f"play {rng.choice(CODES)}"


def play_match(
    game: str, rules: Any, players: int, rounds: int | None, seed: int
) -> tuple[Harness, LeakCheck]:
    """A full match: humans at seats 0 and 1 (Ann created it, Bob joins), bots at the others."""
    rng = random.Random(seed)
    seats: list[dict[str, Any]] = [{"kind": "human", "name": "Ann"}, {"kind": "open"}]
    seats += [{"kind": "bot", "bot": ("random", "easy")[k % 2]} for k in range(players - 2)]
    request: dict[str, Any] = {
        "game": game,
        "rules": rules,
        "players": players,
        "seats": seats,
        "away_limit": 2,
        "hints": True,
    }
    if rounds is not None:
        request["rounds"] = rounds
    with mock.patch("troef.interfaces.web.table.secrets", SeededSecrets(seed)):
        h = Harness(request, now=0.0)
        return h, play(h, rng)


def play(h: Harness, rng: random.Random) -> LeakCheck:
    """Play ``h``'s table to the end of its match, each frame checked by a `LeakCheck`."""
    check = LeakCheck(h)
    h.on_frame = check
    h.now = 5.0
    h.join("Bob")
    h.sit(0)
    h.sit(1)
    humans = (0, 1)
    table = h.table
    stand_in_moves = 0
    turns = 0
    while table.status != "over":
        h.now += rng.choice([0.2, 0.5, 1.0])
        if rng.random() < REBUILDS:
            rebuilt = h.replayed()
            assert snapshot(rebuilt) == snapshot(table) and rebuilt.reads.record() == table.reads.record()
            assert rebuilt.deal_due(h.now) == table.deal_due(h.now)
        record = table.reads.record()
        assert record is None or len(record["rounds"]) == len(table.session.match.sheet)
        back = [human for human in humans if human not in h.connections and rng.random() < 0.05]
        if back:
            h.sit(back[0])  # the human is back: a new connection says hello
            continue
        turn = table.bot_turn()
        if turn is not None and turn.who is Who.STAND_IN and rng.random() < 0.3:
            h.sit(turn.seat)  # the human is back: a new connection says hello, the stand-in stops
            continue
        away = table.stand_in_due(h.now)
        if away is not None:
            table.stand_in(away, True)
            continue
        if h.step():
            if h.events[-1].data.get("who") == "stand-in":
                stand_in_moves += 1
            continue
        seat = table.session.turn
        if seat is None:
            for human in humans:
                if human not in table.ready_seats and table.connected(human):
                    seed_text = rng.choice([None, "C0FFEE", "xyz", "", f"{rng.getrandbits(64):x}"])
                    h.ready(human, seed_text)
            continue
        if not table.connected(seat):
            continue  # away on their turn: a stand-in will play when the table's away limit has run out
        mistake = rng.random()
        legal = table.reads.frame(seat)["legal_actions"]
        turns += 1
        if turns % 9 == 0:
            h.send(seat, json.dumps({"type": "chat", "text": f"{legal[0]}?"}))  # free text, if the rules let
            h.send(seat, json.dumps({"type": "chat", "preset": "one-moment"}))
        elif turns % 9 == 4 and check.hints < 3:  # a hint costs a search: a few a match
            h.send(seat, json.dumps({"type": "hint", "version": table.version}))
        if mistake < 0.05:
            h.act(seat, random_card_action(rng))
        elif mistake < 0.08 and (1 - seat) in h.connections:
            h.act(1 - seat, rng.choice(legal))
        elif mistake < 0.1:
            h.act(seat, rng.choice(legal), table.version - 1)
        elif mistake < 0.12:
            h.act(None, rng.choice(legal))
        elif mistake < 0.13:
            h.send(seat, '{"type": "sync"}')
        elif mistake < 0.15:
            h.leave(seat)  # goes away on their turn
        else:
            version = table.version
            h.act(seat, rng.choice(legal))
            if rng.random() < 0.1:
                h.act(seat, h.events[-1].data["action"], version)  # a resend after a reconnect
    record = table.reads.record()
    assert record is not None
    played: list[dict[str, Any]] = record["rounds"]
    assert sum(len(r.get("stand_in", [])) for r in played) == stand_in_moves
    return check


@pytest.mark.parametrize(
    ("game", "rules", "players", "rounds"),
    configurations(),
    ids=[f"{g}-{r if isinstance(r, str) else 'blind-rond'}-{n}p" for g, r, n, _ in configurations()],
)
def test_no_frame_shows_a_hidden_card(game: str, rules: Any, players: int, rounds: int | None) -> None:
    h, check = play_match(game, rules, players, rounds, seed=players)
    table = h.table
    assert check.checked > 10 * len(table.session.match.sheet)
    assert check.models == check.checked - check.errors
    assert check.chats > 0 and check.hints > 0
    assert snapshot(h.replayed()) == snapshot(table)
    record = table.reads.record()
    assert record is not None and len(record["rounds"]) == len(table.session.match.sheet)
    assert verify(json.loads(json.dumps(record))).ok
    assert replay(record)["totals"] == list(table.session.match.totals)
    seeds = [r["fair"]["client_seeds"] for r in record["rounds"]]
    assert all(s[2:] == [""] * (players - 2) for s in seeds), "bots send no client seed"
    assert any(s[0] or s[1] for s in seeds), "no human's client seed was used: the check is vacuous"


def test_the_check_catches_a_leak() -> None:
    """The leak check is not vacuous: a frame that names another seat's card fails it."""
    h = Harness({"game": "rififi", "rules": "oh-hell", "seats": [{"kind": "bot", "bot": "random"}] * 3})
    h.now = 2.0
    h.step()
    state = h.table.session.round
    assert state is not None
    frame = h.table.reads.frame(None)
    hidden = state.record()["deal"]["hands"][1][0]
    leaky: Mapping[str, Any] = {**frame, "table": {**frame["table"], "id": f"x {hidden}"}}
    with pytest.raises(AssertionError, match="hidden cards"):
        LeakCheck(h)(None, leaky, "")  # type: ignore[arg-type]


def test_the_check_catches_a_leak_in_a_model() -> None:
    """The model check is not vacuous: a model that names another seat's card (as a card, or in its
    words) fails it; the catalogs' own words (``avoid QS``) do not."""
    h = Harness({"game": "rififi", "rules": "oh-hell", "seats": [{"kind": "bot", "bot": "random"}] * 3})
    h.now = 2.0
    h.step()
    state = h.table.session.round
    assert state is not None
    hidden = next(c for c in state.record()["deal"]["hands"][1] if c not in catalog_cards())
    check = LeakCheck(h)
    check.check_model(None, "de", visible(state.record(), None))
    model = h.table.reads.model(None, "de")
    assert (
        set(model_cards({"parts": [{"kind": "text", "text": "avoid QS", "code": "", "name": ""}]})) == set()
    )
    card = {"kind": "card", "text": hidden, "code": hidden, "name": ""}
    for leaky in ({**model, "log": [{"parts": [card], "bold": False}]}, {**model, "title": f"x {hidden}"}):
        with (
            mock.patch.object(TableReads, "model", return_value=leaky),
            pytest.raises(AssertionError, match="hidden cards"),
        ):
            check.check_model(None, "de", visible(state.record(), None))
