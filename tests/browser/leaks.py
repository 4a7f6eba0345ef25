"""Which cards a browser was shown that its seat may not see.

The truth is the engine's own `view(seat)`: after the round, the table's record gives the deal and
every action, so the state any frame was made from can be dealt again and advanced to the frame's
action count. Every card code a frame or a page names must be one that view names (the seat's hand,
the cards played so far, whatever the rules open up); anything else is a leak.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from troef.core.cards import RANKS, SUITS
from troef.games.replay import start_state
from troef.present.i18n import Words
from troef.present.words import Cards

CODE = re.compile(r"(?<![A-Za-z0-9_-])([2-9TJQKA][SHDC])(?![A-Za-z0-9_-])")
"""A card code standing alone (ids and tokens are URL-safe base64: a code inside one is not matched)."""


EXAMPLE = re.compile(r"a card like [2-9TJQKA][SHDC]\b")
"""The keyboard prompts' example of a card code ("..., or a card like AS, 10h", "a card like AD"): no card."""


def card_codes(text: str) -> set[str]:
    """Every card code ``text`` names (raw JSON, HTML, a log line), but the prompt's example."""
    return set(CODE.findall(EXAMPLE.sub("", text)))


def _names() -> dict[str, str]:
    words = Words("en")
    names: dict[str, str] = {}
    for german in (False, True):
        cards = Cards(words, german)
        for suit in SUITS:
            for rank in RANKS:
                names[cards.name(rank + suit)] = rank + suit
    return names


CARD_NAMES: dict[str, str] = _names()
"""English card names (both packs: "jack of spades", "unter of spades") -> card code."""


def named_cards(labels: Iterable[str]) -> set[str]:
    """The cards that aria-labels like "ace of spades" name."""
    return {CARD_NAMES[label.strip().lower()] for label in labels if label.strip().lower() in CARD_NAMES}


def action_count(frame: Mapping[str, Any]) -> int:
    """How many actions of the round the state ``frame`` was made after (0 before the deal)."""
    view = frame.get("view")
    return len(view["actions"]) if isinstance(view, Mapping) else 0


@dataclass
class Oracle:
    """What a seat may see at each point of one round (the round's record, as the table serves it)."""

    round_record: Mapping[str, Any]

    def allowed(self, seat: int | None, actions: int) -> set[str]:
        """The cards `view(seat)` names after the round's first ``actions`` actions."""
        state = start_state(self.round_record)
        for action in self.round_record["actions"][:actions]:
            state.apply(action)
        return card_codes(json.dumps(state.view(seat)))

    def frame_leaks(self, frames: Iterable[str], seat: int | None) -> list[tuple[int, set[str]]]:
        """(index, cards) for every received frame that names a card ``seat`` may not see at that
        point; a frame that is not a state is judged at the last state's point."""
        leaks: list[tuple[int, set[str]]] = []
        actions = 0
        for i, text in enumerate(frames):
            frame = json.loads(text)
            if isinstance(frame, dict) and frame.get("type") == "state":
                actions = action_count(frame)
                if frame.get("seat") != seat:
                    leaks.append((i, {f"seat {frame.get('seat')!r} instead of {seat!r}"}))
            extra = card_codes(text) - self.allowed(seat, actions)
            if extra:
                leaks.append((i, extra))
        return leaks

    def page_leaks(self, snapshot: Mapping[str, Any], seat: int | None, actions: int) -> set[str]:
        """The cards a page snapshot (`DOM_SNAPSHOT`) shows that ``seat`` may not see after
        ``actions`` actions: in its HTML, its ``data-card``s and its aria-labels."""
        shown = (
            card_codes(snapshot["html"])
            | set(snapshot["cards"])
            | named_cards(snapshot["labels"])
            | card_codes(" ".join(snapshot["labels"]))
        )
        return shown - self.allowed(seat, actions)


DOM_SNAPSHOT = """() => {
  const t = document.querySelector('#table');
  return {
    version: t ? parseInt(t.dataset.version, 10) : NaN,
    html: document.documentElement.outerHTML,
    cards: [...document.querySelectorAll('[data-card]')].map(e => e.dataset.card),
    labels: [...document.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label')),
  };
}"""
"""JS for `page.evaluate`: the page at one moment, for `Oracle.page_leaks`."""
