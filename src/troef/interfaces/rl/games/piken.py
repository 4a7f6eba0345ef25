"""Piken's RL kit.

- Observation: ``tricks_won`` counts the rounds taken, ``played`` every lay, ``trick`` the last ``n``
  lays on the table in the order laid (a round may see more lays than seats); then the seats still
  in, the highest combination's seat, type and deciding card, the cards on the table, each pile (÷ 32),
  the cards removed, the middle's positions left, who may draw, the cards drawn (each seat's count
  ÷ 2, the observer's cards) and the first leader.
- Actions: draw 1, draw 2, decline, then every combination of the 32-card pack (10,856) from
  ``games/piken/combos.py``, weakest first; a play's per-action features are its combination's type
  and deciding card.
- Rewards: a score ÷ 32 (the cards a seat can pile: rewards in [0, 1]).
- Bounds: a score is the cards of a seat's pile, 0..32; not zero-sum (the middle cards may leave).
- The longest round: two draw choices and a lay per card at most (a lay takes at least one card from
  the hands, which hold 32 at most).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from ....core.actions import Action, make
from ....core.cards import HIDDEN, bits
from ....games.piken import combos
from ....games.piken.middle import POSITIONS
from ....games.piken.order import CARD_OF, FULL, mask_of
from ....games.piken.rules import PACK_CARDS
from ..shared.kit import RLKit
from ..shared.vector import Values, Vector, View, cards_of

if TYPE_CHECKING:
    from ..encode import Encoder

CARDS: Final = len(PACK_CARDS)
DRAWS: Final = 2
"""The draw choices of a round."""


def actions(players: int) -> list[Action]:
    return [
        *(make("draw", str(n)) for n in POSITIONS),
        make("decline"),
        *(combos.play_action(c.mask) for c in combos.combinations(FULL)),
    ]


def action_features(action: Action) -> Mapping[str, int]:
    """A play's combination type and deciding card."""
    if action.kind != "play":
        return {}
    key = combos.classify(_mask(action.cards))
    return {"combination": combos.kind_of(key), "deciding": CARD_OF[combos.deciding_card(key)]}


def _mask(cards: Sequence[int]) -> int:
    return sum(1 << CARD_OF.index(c) for c in cards)


def layout(players: int) -> tuple[tuple[str, int], ...]:
    n = players
    return (
        ("still_in", n),
        ("highest_seat", n),
        ("highest_type", len(combos.TYPE_NAMES)),
        ("highest_deciding", 52),
        ("table_cards", 52),
        ("piles", n),
        ("removed", 1),
        ("middle", 2),
        ("entitled", n),
        ("taken", n),
        ("drawn", 52),
        ("first_leader", n),
    )


def play(enc: Encoder, out: Values, view: View) -> None:
    """``tricks_won`` (rounds taken), ``played`` and ``trick`` (the last ``n`` lays, in the order laid)."""
    me, n = out.me, enc.players
    taken = [0] * n
    for r in view["history"]:
        taken[r["taker"]] += 1
    out.per_seat(enc.offsets["tricks_won"], taken, enc.max_hand)
    played = enc.offsets["played"]
    for r in view["history"]:
        for lay in r["lays"]:
            out.cards(played + 52 * ((lay["seat"] - me) % n), lay["cards"])
    table = view["table"]
    for lay in table:
        out.cards(played + 52 * ((lay["seat"] - me) % n), lay["cards"])
    start = enc.offsets["trick"]
    for k, lay in enumerate(table[-n:]):
        out.cards(start + 53 * k, lay["cards"])
        if HIDDEN in lay["cards"]:
            out.m[start + 53 * k + 52] = 1.0


def encode(enc: Encoder, out: Values, view: View) -> None:
    o = enc.offsets
    out.seats(o["still_in"], view["still_in"])
    highest = view["highest"]
    if highest is not None and highest["cards"]:
        out.seat(o["highest_seat"], highest["seat"])
        key = combos.classify(mask_of(cards_of(highest["cards"])))
        out.m[o["highest_type"] + combos.kind_of(key)] = 1.0
        out.m[o["highest_deciding"] + CARD_OF[combos.deciding_card(key)]] = 1.0
    out.cards(o["table_cards"], (c for lay in view["table"] for c in lay["cards"]))
    out.per_seat(o["piles"], view["piles"], CARDS)
    out.m[o["removed"]] = min(1.0, view["removed"] / CARDS)
    for position in view["middle"]:
        out.m[o["middle"] + position - 1] = 1.0
    out.seats(o["entitled"], view["entitled"])
    out.per_seat(o["taken"], view["taken"], 2)
    out.cards(o["drawn"], view["drawn"])
    out.seat(o["first_leader"], view["first_leader"])


def direct(enc: Encoder, state: Any, me: int) -> Vector:
    """`play`, `encode` and the common blocks from the round's fields, as its ``view`` reads them (its
    cards in Piken's own order: `CARD_OF` gives each one's index here)."""
    o, n = enc.offsets, enc.players
    out = enc.values(me)
    m = out.m

    def cards(start: int, mask: int) -> None:
        for shift, table in _BYTES:
            for c in table[mask >> shift & 0xFF]:
                m[start + c] = 1.0

    cards(o["hand"], state.hands[me])
    out.seat(o["dealer"], state.dealer)
    out.seat(o["to_act"], state.current_player)
    out.per_seat(o["hand_counts"], [h.bit_count() for h in state.hands], enc.max_hand)
    m[o["phase"] + enc.phases.index(state.phase)] = 1.0
    taken = [0] * n
    played = o["played"]
    for r in state.history:
        taken[r.taker] += 1
        for lay in r.lays:
            cards(played + 52 * ((lay.seat - me) % n), lay.mask)
    out.per_seat(o["tricks_won"], taken, enc.max_hand)
    laid = state.laid
    for lay in laid:
        cards(played + 52 * ((lay.seat - me) % n), lay.mask)
        cards(o["table_cards"], lay.mask)
    for k, lay in enumerate(laid[-n:]):
        cards(o["trick"] + 53 * k, lay.mask)
    if state.phase == "play":
        out.seat(o["leader"], state.leader)
    out.seats(o["still_in"], (s for s in range(n) if state.still_in >> s & 1))
    best = state.highest_lay()
    if best is not None and best.mask:
        out.seat(o["highest_seat"], best.seat)
        key = combos.classify(best.mask)
        m[o["highest_type"] + combos.kind_of(key)] = 1.0
        m[o["highest_deciding"] + CARD_OF[combos.deciding_card(key)]] = 1.0
    out.per_seat(o["piles"], state.pile_counts(), CARDS)
    m[o["removed"]] = min(1.0, state.removed.bit_count() / CARDS)
    for position in state.left:
        m[o["middle"] + position - 1] = 1.0
    out.seats(o["entitled"], state.entitled)
    out.per_seat(o["taken"], [d.bit_count() for d in state.drawn], 2)
    cards(o["drawn"], state.drawn[me])
    if state.first >= 0:
        out.seat(o["first_leader"], state.first)
    return out.vector()


_BYTES: Final = tuple(
    (8 * k, tuple(tuple(CARD_OF[8 * k + p] for p in bits(byte)) for byte in range(256))) for k in range(4)
)
"""Per byte of a Piken mask (its shift): each byte value's cards, as indices here."""


KIT = RLKit(
    game="piken",
    phases=("draw", "play", "over"),
    max_hand=lambda players: 12,
    actions=actions,
    layout=layout,
    play=play,
    encode=encode,
    direct=direct,
    reward_scale=lambda game: float(CARDS),
    bounds=lambda game: (0.0, float(CARDS)),
    zero_sum=False,
    max_game_length=lambda game: DRAWS + CARDS,
    action_blocks=(("combination", len(combos.TYPE_NAMES)), ("deciding", 52)),
    action_features=action_features,
)
