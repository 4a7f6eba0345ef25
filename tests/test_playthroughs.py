"""The golden playthroughs in tests/playthroughs/ are what the engine gives, for every registered table.

Every view at every step of each golden round is compared with a replay of the same seed; a change
fails with the file, step, viewer and key, and the command that regenerates the files.  The goldens
themselves are checked too: no seat's view in them names a hidden card other than its own hand's.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from playthroughs.golden import FOLDER, REGENERATE, SPECTATOR, Config, Record, configurations, play, read
from test_view import cards_in
from troef.core.cards import CODES

pytestmark = pytest.mark.engine

CONFIGS = configurations()
IDS = [config.path.stem for config in CONFIGS]
SHOWN = 5
"""Differences named in a failure message (the rest are counted)."""


def brief(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 160 else text[:157] + "..."


def view_differences(where: str, golden: Record, engine: Record) -> Iterator[str]:
    """Each key that differs between a golden view and the engine's."""
    for key in golden:
        if key not in engine:
            yield f"{where}, key {key!r}: gone from the engine's view (the file has {brief(golden[key])})"
        elif golden[key] != engine[key]:
            yield f"{where}, key {key!r}: the file has {brief(golden[key])}, the engine {brief(engine[key])}"
    for key in engine:
        if key not in golden:
            yield f"{where}, key {key!r}: new in the engine's view ({brief(engine[key])}), not in the file"


def differences(golden: list[Record], engine: list[Record]) -> Iterator[str]:
    """Every difference between a golden file's records and the engine's replay of its round."""
    for key in ("game", "rules", "players", "seed", "dealer", "record"):
        old, new = golden[0].get(key), engine[0][key]
        if old != new:
            yield f"header, key {key!r}: the file has {brief(old)}, the engine {brief(new)}"
    for old, new in zip(golden[1:], engine[1:], strict=False):
        step = f"step {new['step']}"
        if (old["seat"], old["action"]) != (new["seat"], new["action"]):
            yield (
                f"{step}: the file has seat {old['seat']} taking {old['action']!r}, "
                f"the engine seat {new['seat']} taking {new['action']!r}"
            )
            return
        for viewer in [*old["views"], *(v for v in new["views"] if v not in old["views"])]:
            who = "the spectator" if viewer == SPECTATOR else f"seat {viewer}"
            if viewer not in new["views"] or viewer not in old["views"]:
                yield f"{step}, view of {who}: only in the {'file' if viewer in old['views'] else 'engine'}"
                continue
            yield from view_differences(f"{step}, view of {who}", old["views"][viewer], new["views"][viewer])
    if len(golden) != len(engine):
        yield f"the file has {len(golden) - 1} steps, the engine's round {len(engine) - 1}"


def test_goldens_cover_every_table() -> None:
    """One file per registered game x preset x player count: a new preset or game needs its goldens."""
    files = {path.name for path in FOLDER.glob("*.jsonl")}
    wanted = {config.path.name for config in CONFIGS}
    assert files == wanted, (
        f"missing {sorted(wanted - files)}, stale {sorted(files - wanted)}: run `{REGENERATE}`"
    )


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_views_are_the_goldens(config: Config) -> None:
    if not config.path.exists():
        pytest.fail(f"{config.path.name} is missing: run `{REGENERATE}`")
    found = list(differences(read(config.path), play(config)))
    assert not found, (
        f"{config.path.relative_to(FOLDER.parent.parent)}: {len(found)} differences from the engine, e.g.\n  "
        + "\n  ".join(found[:SHOWN])
        + f"\nIf the change is intended, run `{REGENERATE}` and review the diff: clients read these views."
    )


def hidden_cards_named(view: dict[str, Any], public: set[str]) -> set[str]:
    """The cards a seat's view names that the spectator's does not, leaving out the cards the seat may
    call (Rikken's rikker names a partner's card: that says nothing about where it lies)."""
    legal = [text for text in view["legal_actions"] if not text.startswith("call ")]
    return set(cards_in({**view, "legal_actions": legal})) - public


def hidden_card_leaks(records: list[Record], players: int) -> Iterator[str]:
    """Each step and seat whose view names a card the spectator's does not and the seat never held:
    held cards are its dealt hand and what its hand took up from cards dealt to nobody (a lummel,
    Piken's middle); a hand never holds a card dealt to another seat."""
    hands: list[list[str]] = records[0]["record"]["deal"]["hands"]
    undealt = set(CODES) - {card for hand in hands for card in hand}
    held = [set(hand) for hand in hands]
    for step in records[1:]:
        views = step["views"]
        public = set(cards_in(views[SPECTATOR]))
        for seat in range(players):
            view = views[str(seat)]
            where = f"step {step['step']}, seat {seat}"
            taken = set(view["hand"]) - set(hands[seat])
            if taken - undealt:
                yield f"{where}: key 'hand' has cards dealt to others: {sorted(taken - undealt)}"
            held[seat] |= taken & undealt
            leaked = hidden_cards_named(view, public) - held[seat]
            if leaked:
                keys = [key for key, value in view.items() if leaked & set(cards_in(value))]
                yield f"{where}: keys {keys} name hidden cards {sorted(leaked)}"


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_goldens_show_a_seat_no_hidden_card_but_its_own(config: Config) -> None:
    """In the golden views, the only cards a seat names that the spectator does not are its own."""
    leaks = list(hidden_card_leaks(read(config.path), config.players))
    assert not leaks, f"{config.path.name}: " + "; ".join(leaks[:SHOWN])


def test_a_leaked_card_is_found() -> None:
    """The check above fails on a view that names another seat's card, in any key."""
    records = play(CONFIGS[0])
    other = records[0]["record"]["deal"]["hands"][1][0]
    records[2]["views"]["0"]["note"] = f"seat 1 holds {other.lower()}"
    records[3]["views"]["2"]["hand"].append(other)
    assert list(hidden_card_leaks(records, CONFIGS[0].players)) == [
        f"step 1, seat 0: keys ['note'] name hidden cards ['{other}']",
        f"step 2, seat 2: key 'hand' has cards dealt to others: ['{other}']",
        f"step 2, seat 2: keys ['hand'] name hidden cards ['{other}']",
    ]


def test_a_changed_view_is_reported_precisely() -> None:
    """The comparison names the step, the viewer and the key of a change, and a new key."""
    config = CONFIGS[0]
    golden = play(config)
    engine = json.loads(json.dumps(golden))
    engine[3]["views"]["1"]["hand"] = engine[3]["views"]["1"]["hand"][1:]
    engine[4]["views"][SPECTATOR]["extra"] = 1
    assert list(differences(golden, engine)) == [
        f"step 2, view of seat 1, key 'hand': the file has {brief(golden[3]['views']['1']['hand'])}, "
        f"the engine {brief(engine[3]['views']['1']['hand'])}",
        "step 3, view of the spectator, key 'extra': new in the engine's view (1), not in the file",
    ]
    engine[5]["action"] = "pass"
    assert list(differences(golden, engine))[-1].startswith("step 4: the file has seat")
