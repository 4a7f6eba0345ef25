"""Rikken's contracts (``rikken.md`` section 2) and the two bidding ladders with the step rule (3.3, 3.4)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

RIK, ALLEEN, PIEK, MISERE, TROELA, KAPOT, SLIM = "rik", "alleen", "piek", "misere", "troela", "kapot", "slim"
NOODRIK, SCHOPPEN_MIE, EEN_OF_VIJF = "noodrik", "schoppen-mie", "een-of-vijf"


@dataclass(frozen=True)
class Contract:
    """One contract: its ``family``, the tricks its side needs, and how it is played."""

    name: str
    family: str
    target: int
    beter: bool = False
    """hearts are trump"""
    open: bool = False
    """the players' hands are laid open after ``open_after_trick`` tricks"""
    praatje: bool = False
    """the players may talk once the open hands lie open (with ``praatje_all_open``: every hand is
    open from the start of play)"""

    @property
    def joinable(self) -> bool:
        """Piek and misère: others may bid the same contract and play it too (3.6)."""
        return self.family in (PIEK, MISERE)

    @property
    def calls_partner(self) -> bool:
        return self.family in (RIK, NOODRIK)

    @property
    def names_trump(self) -> bool:
        """Its winner names trump (troela's partner names it, see `State`)."""
        return self.family in (RIK, ALLEEN, KAPOT, NOODRIK) and not self.beter

    @property
    def has_beter_form(self) -> bool:
        """Plain forms of these leave hearts to their ``-beter`` form (``plain_may_be_hearts``)."""
        return self.family in (RIK, ALLEEN, KAPOT)

    @property
    def bidder_leads(self) -> bool:
        """Open piek/misère, open kapot and slim: the (first) bidder leads trick 1 (open misère only
        with ``open_misere_bidder_leads``, see `Rikken`)."""
        return self.open or self.family == SLIM

    @property
    def is_pass_game(self) -> bool:
        return self.family in (NOODRIK, SCHOPPEN_MIE, EEN_OF_VIJF)

    @property
    def every_man(self) -> bool:
        """Piek, misère and the trumpless pass games: no partner, no declarer."""
        return self.family in (PIEK, MISERE, SCHOPPEN_MIE, EEN_OF_VIJF)


def _contracts() -> dict[str, Contract]:
    out = [
        Contract("rik", RIK, 8),
        Contract("rik-beter", RIK, 8, beter=True),
        *(Contract(f"{n}-alleen{b}", ALLEEN, n, beter=bool(b)) for n in range(8, 14) for b in ("", "-beter")),
        Contract("piek", PIEK, 1),
        Contract("misere", MISERE, 0),
        Contract("open-piek", PIEK, 1, open=True),
        Contract("open-misere", MISERE, 0, open=True),
        Contract("open-piek-praatje", PIEK, 1, open=True, praatje=True),
        Contract("open-misere-praatje", MISERE, 0, open=True, praatje=True),
        Contract("troela", TROELA, 8),
        Contract("13-open-kapot", KAPOT, 13, open=True),
        Contract("13-open-kapot-beter", KAPOT, 13, beter=True, open=True),
        Contract("slim", SLIM, 13),
        Contract("noodrik", NOODRIK, 7),
        Contract("schoppen-mie", SCHOPPEN_MIE, 0),
        Contract("een-of-vijf", EEN_OF_VIJF, 0),
    ]
    return {c.name: c for c in out}


CONTRACTS: Final = _contracts()


def _alleen(n: int) -> tuple[str, str]:
    return f"{n}-alleen", f"{n}-alleen-beter"


LADDERS: Final[dict[str, tuple[tuple[str, ...], ...]]] = {
    # low -> high; names in one tuple share a rank.  Troela, open kapot and slim are Decisions for
    # this ladder: the kampioenschap does not play them, they only exist when an option turns them on.
    "kampioenschap": (
        ("rik",),
        ("rik-beter",),
        _alleen(8),
        ("piek",),
        _alleen(9),
        ("misere",),
        _alleen(10),
        ("open-piek",),
        _alleen(11),
        ("open-misere",),
        _alleen(12),
        ("open-piek-praatje",),
        ("open-misere-praatje",),
        ("troela",),
        _alleen(13),
        ("13-open-kapot", "13-open-kapot-beter"),
        ("slim",),
    ),
    # B's list, every entry its own rank; slim (a Decision) on top.
    "bsg": tuple(
        (name,)
        for name in (
            "rik",
            "rik-beter",
            *_alleen(8),
            "piek",
            *_alleen(9),
            "misere",
            "open-piek",
            *_alleen(10),
            "open-misere",
            "open-piek-praatje",
            *_alleen(11),
            "open-misere-praatje",
            *_alleen(12),
            "troela",
            *_alleen(13),
            "13-open-kapot",
            "13-open-kapot-beter",
            "slim",
        )
    ),
}


def _step_requirements() -> dict[str, tuple[str, ...]]:
    needs: dict[str, tuple[str, ...]] = {name: ("rik", "rik-beter") for name in _alleen(8)}
    for n in range(9, 14):
        needs.update(dict.fromkeys(_alleen(n), _alleen(n - 1)))
    for family in ("piek", "misere"):
        needs[f"open-{family}"] = (family,)
        needs[f"open-{family}-praatje"] = (f"open-{family}",)
    return needs


STEP_REQUIREMENTS: Final = _step_requirements()
"""The step rule (K 7): a contract may only be bid once one of these was bid in the auction."""


def ranks(ladder: str) -> dict[str, int]:
    """Each contract's rank on ``ladder``."""
    return {name: i for i, names in enumerate(LADDERS[ladder]) for name in names}
