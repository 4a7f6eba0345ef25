"""The one reading of typed answers (`troef.present.answers`), shared by the terminal and the browser: a
table of what a player types, per game and language, and the action it takes or the refusal, which is in
that language and lists the choices as the table shows them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import troef
from test_rikken_bidding import hands_with, start
from test_rikken_play import blind_rik
from troef.core.game import State
from troef.present import PRESENTERS, Seen
from troef.present.answers import NotAChoice, read_answer
from troef.present.model import Table, plain


@dataclass(frozen=True)
class Refused:
    """A refusal: its reason, before the choices it lists."""

    reason: str


def record(
    game: str, rules: object, dealer: int, deal: dict[str, Any], actions: tuple[str, ...] = ()
) -> State:
    """The round of ``game`` dealt ``deal``, after ``actions``."""
    players = len(deal["hands"])
    state = troef.load_game(game, rules, players).from_record(
        {
            "format": "troef-record/1",
            "game": game,
            "rules": rules,
            "players": players,
            "dealer": dealer,
            "deal": deal,
        }
    )
    for action in actions:
        state.apply(action)
    return state


RIKKER = "AS KS QS JS TS 9S 5H TH 5C 7C AH KH 2D"
RIK = ("bid rik", "pass", "pass", "pass")


def rikken_follow() -> State:
    """Seat 1 follows clubs with three choices: 9C 8C 5C."""
    hands = hands_with(
        {0: "AS KS QS JS TS 9S 5H TH 7C AH KH 2D 3D", 1: "5C 8C 9C 2H 3H 4H 6H 7H 8H 9H JH QH 2S"}
    )
    return start("kampioenschap", hands, actions=(*RIK, "trump S", "call AD", "play 7C"))


RIFIFI = {
    "hands": [
        ["8S", "TS", "KS", "AS", "8H", "9H", "QD", "6C", "KC"],
        ["6S", "7H", "TH", "JH", "QH", "KH", "AH", "6D", "8D"],
        ["9S", "6H", "7D", "TD", "KD", "AD", "8C", "9C", "QC"],
        ["7S", "JS", "QS", "9D", "JD", "7C", "TC", "JC", "AC"],
    ],
    "trump_card": "TS",
}
HOOGJASSEN = {
    "hands": [
        ["JS", "QS", "7H", "TH", "KD", "AD", "QC"],
        ["KS", "AS", "7D", "9D", "8C", "TC", "JC"],
        ["9H", "QH", "8D", "JD", "QD", "KC", "AC"],
        ["7S", "9S", "TS", "JH", "KH", "TD", "9C"],
    ],
    "lummel": ["8S", "8H", "AH"],
}
LAST_BID = {"preset": "standaard", "last_bid": True}
DECLARED = ("bid 150", "pass", "pass", "pass")
PIKEN_LEAD = {
    "hands": [
        ["8D", "9D", "TD", "JD", "QD", "7H", "7S", "7C", "8H", "8S"],
        ["9H", "TH", "JH", "QH", "KH", "KD", "AD", "9S", "9C", "TS"],
        ["AH", "8C", "TC", "JC", "QC", "KC", "JS", "QS", "KS", "AS"],
    ],
    "middle": ["7D", "AC"],
}
PIKEN_DRAW = {
    "hands": [
        ["8H", "9S", "TC", "JC", "QD", "QS", "QC", "KD", "KH", "AH"],
        ["8C", "9D", "TD", "TS", "JH", "JS", "KS", "AD", "AS", "AC"],
        ["7D", "7S", "7C", "8D", "8S", "9H", "9C", "TH", "JD", "KC"],
    ],
    "middle": ["QH", "7H"],
}

TURNS: dict[str, Callable[[], State]] = {
    "rififi bid": lambda: record("rififi", "standaard", 0, RIFIFI),
    "rififi play": lambda: record("rififi", "standaard", 0, RIFIFI, ("bid 2", "bid 1", "bid 3", "bid 1")),
    "rikken bid": lambda: start("kampioenschap", hands_with({0: RIKKER})),
    "rikken trump": lambda: start("kampioenschap", hands_with({0: RIKKER}), actions=RIK),
    "rikken call": lambda: start("kampioenschap", hands_with({0: RIKKER}), actions=(*RIK, "trump S")),
    "rikken play": lambda: start(
        "kampioenschap", hands_with({0: RIKKER}), actions=(*RIK, "trump S", "call AD")
    ),
    "rikken follow": rikken_follow,
    "rikken blind call": lambda: start(
        "kampioenschap",
        hands_with(
            {0: "AS KS QS JS TS 9S 8S 7S AH KH QH JH TH", 2: "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"}
        ),
        actions=(*RIK, "trump S"),
    ),
    "rikken blind lead": blind_rik,
    "hoogjassen bid": lambda: record("hoogjassen", LAST_BID, 3, HOOGJASSEN),
    "hoogjassen lummel": lambda: record("hoogjassen", LAST_BID, 3, HOOGJASSEN, DECLARED),
    "hoogjassen discard": lambda: record("hoogjassen", LAST_BID, 3, HOOGJASSEN, (*DECLARED, "take-lummel")),
    "hoogjassen trump": lambda: record(
        "hoogjassen", LAST_BID, 3, HOOGJASSEN, (*DECLARED, "take-lummel", "discard 8S JS QS")
    ),
    "hoogjassen play": lambda: record(
        "hoogjassen", LAST_BID, 3, HOOGJASSEN, (*DECLARED, "take-lummel", "discard 8S JS QS", "trump H")
    ),
    "piken lay": lambda: record("piken", "standaard", 2, PIKEN_LEAD),
    "piken draw": lambda: record("piken", "standaard", 2, PIKEN_DRAW),
}
"""Turns of every game, each by a record: the seat to act is the one who types."""

CASES: list[tuple[str, str, str, str | Refused]] = [
    # Rififi: a bid is its number of tricks (the bids are not numbered); cards in the forgiving notation
    ("rififi bid", "en", "2", "bid 2"),
    ("rififi bid", "en", "bid 2", "bid 2"),
    ("rififi bid", "nl", " 0 ", "bid 0"),
    ("rififi bid", "en", "12", Refused("'12' is not one of your choices")),
    ("rififi bid", "de", "as", Refused("'as' ist keine deiner Wahlmöglichkeiten")),
    ("rififi play", "en", "10h", "play TH"),
    ("rififi play", "en", "th", "play TH"),
    ("rififi play", "en", "10♥", "play TH"),
    ("rififi play", "en", "play 10h", "play TH"),
    ("rififi play", "en", "ah", "play AH"),
    ("rififi play", "en", "1", "play 6S"),
    ("rififi play", "en", "ace of hearts", "play AH"),
    ("rififi play", "nl", "harten aas", "play AH"),
    ("rififi play", "en", "5h", Refused("not in your hand: 5H")),
    ("rififi play", "de", "5h", Refused("nicht auf deiner Hand: 5H")),
    ("rififi play", "en", "10", Refused("there is no choice 10")),
    ("rififi play", "nl", "", Refused("typ een keuze")),
    # Rikken: the auction, trump, the call, the play (a digit-rank card is a card, not a choice)
    ("rikken bid", "nl", "pas", "pass"),
    ("rikken bid", "nl", "Pas", "pass"),
    ("rikken bid", "en", "pass", "pass"),
    ("rikken bid", "de", "Pass", "pass"),
    ("rikken bid", "de", "passe", Refused("'passe' ist keine deiner Wahlmöglichkeiten")),
    ("rikken bid", "en", "pas", Refused("'pas' is not one of your choices")),
    ("rikken bid", "en", "misère", "bid misere"),
    ("rikken bid", "nl", "Misere", "bid misere"),
    ("rikken bid", "en", "rik", "bid rik"),
    ("rikken bid", "en", "bid rik", "bid rik"),
    ("rikken bid", "nl", "rik-beter", "bid rik-beter"),
    ("rikken bid", "en", "2", "bid rik"),
    ("rikken bid", "nl", "9", Refused("er is geen keuze 9")),
    ("rikken bid", "en", "bid slim", Refused("'bid slim' is not one of your choices")),
    ("rikken trump", "en", "s", "trump S"),
    ("rikken trump", "en", "S", "trump S"),
    ("rikken trump", "en", "♠", "trump S"),
    ("rikken trump", "en", "spades", "trump S"),
    ("rikken trump", "nl", "schoppen", "trump S"),
    ("rikken trump", "nl", "♠ schoppen", "trump S"),
    ("rikken trump", "de", "Kreuz", "trump C"),
    ("rikken trump", "en", "trump c", "trump C"),
    ("rikken trump", "en", "3", "trump C"),
    ("rikken trump", "en", "h", Refused("'h' is not one of your choices")),
    ("rikken call", "en", "call AD", "call AD"),
    ("rikken call", "en", "ad", "call AD"),
    ("rikken call", "nl", "ac", "call AC"),
    ("rikken call", "en", "2", "call AC"),
    ("rikken call", "en", "as", Refused("'as' is not one of your choices")),
    ("rikken play", "en", "5h", "play 5H"),
    ("rikken play", "en", "10h", "play TH"),
    ("rikken play", "nl", "5c", "play 5C"),
    ("rikken play", "de", "2d", "play 2D"),
    ("rikken play", "en", "as", "play AS"),
    ("rikken play", "en", "5", "play TS"),
    ("rikken play", "nl", "schoppen aas", "play AS"),
    ("rikken play", "en", "4h", Refused("not in your hand: 4H")),
    ("rikken play", "en", "14", Refused("there is no choice 14")),
    ("rikken follow", "en", "5c", "play 5C"),
    ("rikken follow", "en", "1", "play 9C"),
    ("rikken follow", "en", "5", Refused("there is no choice 5")),
    ("rikken follow", "nl", "2h", Refused("'2h' is geen van je keuzes")),
    ("rikken blind call", "en", "ad blind", "call AD blind"),
    ("rikken blind call", "nl", "AC blind", "call AC blind"),
    ("rikken blind call", "en", "call ad blind", "call AD blind"),
    ("rikken blind call", "en", "1", "call AD blind"),
    ("rikken blind call", "en", "ad", Refused("'ad' is not one of your choices")),
    ("rikken blind lead", "en", "as", "play AS"),
    ("rikken blind lead", "en", "as blind", "play AS blind"),
    ("rikken blind lead", "de", "10h blind", "play TH blind"),
    ("rikken blind lead", "en", "play 7s blind", "play 7S blind"),
    # Hoogjassen: bids as points (and declared last), the lummel, discards by numbers and by cards
    ("hoogjassen bid", "en", "150", "bid 150"),
    ("hoogjassen bid", "en", "150 last", "bid 150 last"),
    ("hoogjassen bid", "en", "bid 150 last", "bid 150 last"),
    ("hoogjassen bid", "en", "1", "pass"),
    ("hoogjassen bid", "en", "2", "bid 120"),
    ("hoogjassen bid", "nl", "pas", "pass"),
    ("hoogjassen bid", "de", "pass", "pass"),
    ("hoogjassen bid", "en", "155", Refused("'155' is not one of your choices")),
    ("hoogjassen bid", "nl", "100", Refused("'100' is geen van je keuzes")),
    ("hoogjassen lummel", "en", "take-lummel", "take-lummel"),
    ("hoogjassen lummel", "nl", "lummel nemen", "take-lummel"),
    ("hoogjassen lummel", "de", "Lummel nehmen", "take-lummel"),
    ("hoogjassen lummel", "nl", "ongedraaid", "ongedraaid"),
    ("hoogjassen lummel", "en", "2", "ongedraaid"),
    ("hoogjassen discard", "en", "1 2 3", "discard 8S JS QS"),
    ("hoogjassen discard", "en", "discard 3 1 2", "discard 8S JS QS"),
    ("hoogjassen discard", "en", "8s js qs", "discard 8S JS QS"),
    ("hoogjassen discard", "en", "qs,8s, js", "discard 8S JS QS"),
    ("hoogjassen discard", "en", "discard 7h 10h ah", "discard 7H TH AH"),
    ("hoogjassen discard", "en", "1 2", Refused("'1 2' is not one of your choices")),
    ("hoogjassen discard", "nl", "1 99 2", Refused("er is geen kaart 99; typ nummers van 1 tot 10")),
    ("hoogjassen discard", "en", "7c 8c 9c", Refused("not in your hand: 7C 8C 9C")),
    ("hoogjassen discard", "en", "1 1 2", Refused("'1 1 2' is not one of your choices")),
    ("hoogjassen trump", "en", "s", "trump S"),
    ("hoogjassen trump", "nl", "harten", "trump H"),
    ("hoogjassen trump", "de", "♦", "trump D"),
    ("hoogjassen trump", "en", "4", "trump C"),
    ("hoogjassen play", "en", "10h", "play TH"),
    ("hoogjassen play", "en", "ah", "play AH"),
    ("hoogjassen play", "en", "1", "play AH"),
    # Piken: lays typed as cards in any order, draws by position
    ("piken lay", "en", "js jc", "play JS JC"),
    ("piken lay", "en", "jc, js", "play JS JC"),
    ("piken lay", "en", "play jc js", "play JS JC"),
    ("piken lay", "en", "10c", "play TC"),
    ("piken lay", "en", "tc jc qc kc ah", "play TC JC QC KC AH"),
    ("piken lay", "en", "6", "play JS JC"),
    ("piken lay", "en", "8c tc", Refused("'8c tc' is not one of your choices")),
    ("piken lay", "en", "7h", Refused("not in your hand: 7H")),
    ("piken lay", "en", "99", Refused("there is no choice 99")),
    ("piken draw", "en", "2", "draw 2"),
    ("piken draw", "en", "draw 1", "draw 1"),
    ("piken draw", "en", "decline", "decline"),
    ("piken draw", "nl", "afslaan", "decline"),
    ("piken draw", "de", "verzichten", "decline"),
    ("piken draw", "de", "3", Refused("'3' ist keine deiner Wahlmöglichkeiten")),
]  # fmt: skip


def table_at(turn: str, lang: str) -> tuple[State, Table, list[str]]:
    """The state of ``turn``, the table its seat to act sees in ``lang``, and its legal actions."""
    state = TURNS[turn]()
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    return state, PRESENTERS[state.game.name].table(Seen(state.game, seat, lang), view), view["legal_actions"]


def listing(table: Table) -> list[str]:
    """Each choice as the table lists it, its number first where its group is numbered."""
    shown, n = [], 0
    for group in table["actions"]:
        for choice in group["actions"][: group["listed"]]:
            n += 1
            shown.append(f"{n}) {plain(choice['parts'])}" if group["numbered"] else plain(choice["parts"]))
        shown.append(group["label"].strip())
    return [item for item in shown if item]


@pytest.mark.parametrize(("turn", "lang", "text", "expected"), CASES)
def test_a_typed_answer_takes_its_action_or_is_refused_in_the_language(
    turn: str, lang: str, text: str, expected: str | Refused
) -> None:
    state, table, legal = table_at(turn, lang)
    if isinstance(expected, str):
        assert read_answer(text, table, legal) == expected
        state.apply(expected)
        return
    with pytest.raises(NotAChoice) as refused:
        read_answer(text, table, legal)
    message = str(refused.value)
    assert message.startswith(expected.reason + "; ")
    assert all(item in message for item in listing(table)), message


R_BIDS = "1) pass  2) rik  3) rik-beter  4) piek  5) misère"
REFUSALS: list[tuple[str, str, str, str]] = [
    ("rififi bid", "en", "12", "'12' is not one of your choices; you may bid: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9"),
    ("rikken bid", "en", "pas", f"'pas' is not one of your choices; you may: {R_BIDS}"),
    ("rikken bid", "nl", "9", f"er is geen keuze 9; je mag: {R_BIDS.replace('pass', 'pas')}"),
    (
        "rikken bid",
        "de",
        "passe",
        f"'passe' ist keine deiner Wahlmöglichkeiten; du darfst: {R_BIDS.replace('pass', 'Pass')}",
    ),
    (
        "rikken trump",
        "en",
        "h",
        "'h' is not one of your choices; you may: 1) ♠ spades  2) ♦ diamonds  3) ♣ clubs",
    ),
    ("rikken follow", "en", "5", "there is no choice 5; you may play: 1) 9C  2) 8C  3) 5C"),
    ("rikken follow", "nl", "2h", "'2h' is geen van je keuzes; je mag spelen: 1) 9C  2) 8C  3) 5C"),
    (
        "hoogjassen discard",
        "en",
        "1 2",
        "'1 2' is not one of your choices; "
        "lay back 3 cards: their numbers (e.g. 1 4 6) or the cards (e.g. 7h 8s td)",
    ),
    (
        "piken draw",
        "de",
        "3",
        "'3' ist keine deiner Wahlmöglichkeiten; nimm blind eine: tippe 1 oder 2 oder verzichten",
    ),
]
"""Whole refusals: the reason, then the choices exactly as the table lists them."""


@pytest.mark.parametrize(("turn", "lang", "text", "message"), REFUSALS)
def test_a_refusal_lists_the_choices_as_shown(turn: str, lang: str, text: str, message: str) -> None:
    _, table, legal = table_at(turn, lang)
    with pytest.raises(NotAChoice) as refused:
        read_answer(text, table, legal)
    assert str(refused.value) == message


def test_every_turn_and_language_is_in_the_table() -> None:
    assert {(turn, lang) for turn, lang, _, _ in CASES} >= {(turn, "en") for turn in TURNS}
    assert {lang for _, lang, _, _ in CASES} == {"en", "nl", "de"}


@pytest.mark.parametrize("turn", sorted(TURNS))
def test_every_listed_choice_is_taken_by_its_number_and_by_what_it_shows(turn: str) -> None:
    for lang in ("en", "nl", "de"):
        _, table, legal = table_at(turn, lang)
        shown = [plain(c["parts"]) for group in table["actions"] for c in group["actions"]]
        n = 0
        for group in table["actions"]:
            for choice in group["actions"][: group["listed"]]:
                n += 1
                if group["numbered"]:
                    assert read_answer(str(n), table, legal) == choice["action"]
                if shown.count(plain(choice["parts"])) == 1:  # not Hoogjassen's last bids: "150" is a bid
                    assert read_answer(plain(choice["parts"]), table, legal) == choice["action"], (
                        lang,
                        choice,
                    )


@given(st.text(max_size=30), st.sampled_from(sorted(TURNS)), st.sampled_from(["en", "nl", "de"]))
def test_any_typed_text_is_a_legal_action_or_a_refusal_that_lists_the_choices(
    text: str, turn: str, lang: str
) -> None:
    _, table, legal = table_at(turn, lang)
    try:
        action = read_answer(text, table, legal)
    except NotAChoice as e:
        assert all(item in str(e) for item in listing(table))
    else:
        assert action in legal
