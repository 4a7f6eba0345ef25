"""The presentation layer: the table model of every game from real views, in every language, holds only
what the view shows; specific positions give the words the rulebooks use."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

import troef
from troef.core.actions import parse_action
from troef.core.game import State
from troef.core.match import Match
from troef.present import LANGUAGES, PRESENTERS, Seen, choose_language, round_title, standings
from troef.present.i18n import UnknownLanguage
from troef.present.model import Part, Table, plain

CARD = re.compile(r"^(?:[2-9TJQKA][SHDC]|\?\?)$")


def parts(value: Any) -> Iterator[Part]:
    """Every part of every line anywhere in a model."""
    if isinstance(value, dict):
        if "kind" in value and "code" in value and "name" in value:
            yield value  # type: ignore[misc]
        for item in value.values():
            yield from parts(item)
    elif isinstance(value, list):
        for item in value:
            yield from parts(item)


def codes_in(value: Any) -> set[str]:
    """Every card code anywhere in a view."""
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, Mapping):
        return set().union(*map(codes_in, value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*map(codes_in, value)) if value else set()
    return set()


def random_turns(state: State, seed: int) -> Iterator[tuple[int, str]]:
    """Random legal actions for ``state`` until its round is over, each seat with the action it may take
    (the caller applies it)."""
    rng = random.Random(seed)
    while (seat := state.current_player) is not None:
        yield seat, rng.choice(state.legal_actions()).text


def check_model(model: Table, view: Mapping[str, Any], viewer: int | None) -> None:
    assert json.loads(json.dumps(model)) == model
    assert model["seats"][0]["seat"] == (viewer or 0)
    assert sorted(s["seat"] for s in model["seats"]) == list(range(len(view["hand_counts"])))
    shown = {p["code"] for p in parts(model) if p["kind"] == "card"}
    assert shown <= codes_in(view), shown - codes_in(view)
    assert sorted(model["hand"]["codes"]) == sorted(view["hand"])
    listed = [c["action"] for group in model["actions"] for c in group["actions"]]
    if view["current_player"] == viewer and viewer is not None:
        assert sorted(listed) == sorted(view["legal_actions"])
    else:
        assert listed == []


def test_every_game_is_presented_in_every_language(game_name: str, preset: str, players: int) -> None:
    """Every seat's and the spectator's table at every step of a random round (in English; in Dutch and
    German for the acting seat and the spectator), what is said after each action, the result, the
    score sheet and the standings."""
    presenter = PRESENTERS[game_name]
    game = troef.load_game(game_name, {"preset": preset}, players)
    seats = [None, *range(players)]
    seen = {(seat, lang): Seen(game, seat, lang) for seat in seats for lang in LANGUAGES}
    match = Match(game, seed=players, rounds=1)
    state = match.next_round()
    before = {seat: state.view(seat) for seat in seats}
    for (seat, _), context in seen.items():
        assert presenter.round_start(context, before[seat])
    for actor, action in random_turns(state, players):
        for (seat, lang), context in seen.items():
            if lang == "en" or seat in (None, actor):
                check_model(presenter.table(context, before[seat]), before[seat], seat)
        state.apply(action)
        for (seat, _), context in seen.items():
            view = state.view(seat)
            said = presenter.after(context, before[seat], actor, parse_action(action), view)
            assert said and json.loads(json.dumps(said)) == said
            assert {p["code"] for p in parts(said) if p["kind"] == "card"} <= codes_in(view)
        before = {seat: state.view(seat) for seat in seats}
    match.finish_round(state)
    for (seat, _), context in seen.items():
        result = presenter.round_result(context, match, before[seat])
        assert json.loads(json.dumps(result)) == result
        sheet = presenter.sheet(context, match)
        assert [len(row) for row in sheet["rows"]] == [len(sheet["columns"])]
        assert plain(standings(context, match)[-1])


def hand_in_display_order(game: troef.Game, view: Mapping[str, Any], codes: list[str]) -> bool:
    """Trick games: the suits together, trump first, each suit strongest first; Piken: the view's order."""
    if view["game"] == "piken":
        return codes == list(view["hand"])
    trump = view.get("trump")
    power = game.card_power("SHDC".index(trump) if trump else -1)
    suits = [code[1] for code in codes]
    runs = [s for i, s in enumerate(suits) if i == 0 or s != suits[i - 1]]
    strengths = [power["SHDC".index(c[1]) * 13 + "23456789TJQKA".index(c[0])] for c in codes]
    descending = all(
        strengths[i] > strengths[i + 1] for i in range(len(codes) - 1) if suits[i] == suits[i + 1]
    )
    return (
        len(runs) == len(set(runs)) and (not trump or trump not in suits or suits[0] == trump) and descending
    )


@pytest.mark.parametrize("seed", range(3))
def test_the_hand_is_shown_in_display_order(game_name: str, preset: str, players: int, seed: int) -> None:
    game = troef.load_game(game_name, {"preset": preset}, players)
    state = game.deal(seed=seed)
    for actor, action in random_turns(state, seed):
        view = state.view(actor)
        assert hand_in_display_order(
            game, view, PRESENTERS[game_name].table(Seen(game, actor), view)["hand"]["codes"]
        )
        state.apply(action)


RIK_69 = ["pass", "pass", "bid rik", "pass", "trump C", "call AD"]
"""Rikken, 4 players, deal 69: seat 3 rikt with clubs as trump and calls the ace of diamonds, which seat 1
holds."""


def rik_69() -> State:
    state = troef.load_game("rikken").deal(seed=69)
    for action in RIK_69:
        state.apply(action)
    return state


@pytest.mark.parametrize(
    ("lang", "contract", "auction"),
    [
        (
            "en",
            "contract rik · by seat 3 · needs 8 tricks · trump ♣ clubs · called AD · partner unknown",
            "auction: seat 1 pass · seat 2 pass · seat 3 rik · seat 0 (you) pass",
        ),
        (
            "nl",
            "spel rik · door plaats 3 · moet 8 slagen halen · troef ♣ klaveren · gevraagd AD · maat onbekend",
            "bieden: plaats 1 pas · plaats 2 pas · plaats 3 rik · plaats 0 (jij) pas",
        ),
        (
            "de",
            "Spiel rik · von Platz 3 · braucht 8 Stiche · Trumpf ♣ Kreuz · gerufen AD · Partner unbekannt",
            "Reizen: Platz 1 Pass · Platz 2 Pass · Platz 3 rik · Platz 0 (du) Pass",
        ),
    ],
)
def test_a_rikken_contract_line_and_auction_in_each_language(lang: str, contract: str, auction: str) -> None:
    state = rik_69()
    table = PRESENTERS["rikken"].table(Seen(state.game, 0, lang), state.view(0))
    assert table["contract"] is not None and plain(table["contract"]) == contract
    assert table["lines"][0] == table["contract"]
    assert table["auction"] is not None and plain(table["auction"]) == auction


def test_rikken_sides_show_once_the_called_ace_falls_and_at_once_to_its_holder() -> None:
    state, presenter = rik_69(), PRESENTERS["rikken"]
    holder = Seen(state.game, 1)
    lines = [plain(line) for line in presenter.table(holder, state.view(1))["lines"]]
    assert "partner: you (you hold AD)" in lines[0]
    assert lines[-1] == "sides: seat 3 and seat 1 (you) 0 (needs 8) · the others 0"
    others = Seen(state.game, 0)
    rng = random.Random(1)
    while "AD" not in [c for t in state.view(0)["history"] for c in t["cards"]] + state.view(0)["trick"]:
        lines = [plain(line) for line in presenter.table(others, state.view(0))["lines"]]
        assert lines[-1] == "sides: not known until the partner shows"
        assert "partner unknown" in lines[0]
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(0)
    lines = [plain(line) for line in presenter.table(others, view)["lines"]]
    won = view["tricks"][3] + view["tricks"][1]
    assert lines[-1] == f"sides: seat 3 and seat 1 {won} (needs 8) · the others {sum(view['tricks']) - won}"
    assert "partner seat 1" in lines[0]


def test_piken_groups_the_plays_by_combination() -> None:
    game = troef.load_game("piken")
    state = game.deal(seed=1)
    while state.view(0)["phase"] != "play":
        state.apply("decline")
    view = state.view(0)
    assert view["hand"] == ["7D", "7H", "7C", "8H", "8S", "8C", "9C", "JD", "JH", "JS", "QS", "AC"]
    groups = PRESENTERS["piken"].actions(Seen(game, 0, "de"), view)
    assert [g["label"] for g in groups] == ["Einzel", "Paar", "Zwei Paare", "Drilling", "Full House"]
    assert groups[0]["heading"] == "du darfst legen:"
    pairs = groups[1]
    pair_actions = [c["action"] for c in pairs["actions"]]
    assert pair_actions[:5] == ["play 7D 7H", "play 7D 7C", "play 7H 7C", "play 8H 8S", "play 8H 8C"]
    assert sorted(pair_actions) == sorted(
        a for a in view["legal_actions"] if len(a.split()) == 3 and a.split()[1][0] == a.split()[2][0]
    )
    assert (pairs["listed"], pairs["numbered"], pairs["more"]) == (5, True, "(+4 weitere)")


def test_the_hoogjassen_sheet_has_money_and_the_pot() -> None:
    game = troef.load_game("hoogjassen", players=4)
    match = Match(game, seed=2, rounds=3)
    rng = random.Random(2)
    while not match.is_over:
        state = match.next_round()
        while state.current_player is not None:
            state.apply(rng.choice(state.legal_actions()))
        match.finish_round(state)
    sheet = PRESENTERS["hoogjassen"].sheet(Seen(game, 0, "nl"), match)
    labels = [c["label"] for c in sheet["columns"]]
    assert labels == [
        "ronde",
        "deler",
        "spel",
        "plaats 0 (jij)",
        "plaats 1",
        "plaats 2",
        "plaats 3",
    ]
    assert sheet["footer"] and sheet["columns"][-5]["footer"] == "geld"
    money = match.money()
    assert money is not None and money.shared == 400 + 100 * sum(r.details.get("pot", 0) for r in match.sheet)
    for seat, column in enumerate(sheet["columns"][-4:]):
        # the points at 5 cents the ten, less the stake of 1 euro, the pot's payments and the share
        paid = sum(100 * r.details["pot"] for r in match.sheet if r.details.get("declarer") == seat)
        odd = (seat - match.first_dealer - 1) % 4 < money.shared % 4  # the odd cents from the dealer's left
        cents = match.totals[seat] // 2 - 100 - paid + money.shared // 4 + odd
        assert cents == money.players[seat]
        sign, whole = "-" if cents < 0 else "+", abs(cents)
        assert column["footer"] == f"{sign}€ {whole // 100},{whole % 100:02d}"  # as the Dutch write money
    shared = f"€ {money.shared // 100},{money.shared % 100:02d}"
    assert sheet["caption"] == (
        f"per speler: punten = totaal · geld met de pot (inzet € 1,00) · de {shared} die in de pot "
        "overbleef is na afloop verdeeld"
    )
    for row, cells in zip(match.sheet, sheet["rows"], strict=True):
        assert [plain(line) for cell in cells[-4:] for line in cell] == [
            text for p, t in zip(row.scores, row.totals, strict=True) for text in (f"{p:+d}", f"= {t}")
        ]
        assert plain(cells[1][0]) == str(row.dealer)


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        ("en", ["ace of spades", "ten of hearts", "queen of clubs", "a card face down"]),
        ("nl", ["schoppen aas", "harten tien", "klaveren vrouw", "een gedekte kaart"]),
        ("de", ["Pik-As", "Herz-Zehn", "Kreuz-Dame", "eine verdeckte Karte"]),
    ],
)
def test_cards_are_named_for_screen_readers(lang: str, names: list[str]) -> None:
    seen = Seen(troef.load_game("rikken"), 0, lang)
    assert [seen.cards.name(code) for code in ("AS", "TH", "QC", "??")] == names


def test_rififis_german_pack_has_ober_and_unter_in_german() -> None:
    german = Seen(troef.load_game("rififi"), 0, "de")
    assert [german.cards.name(c) for c in ("QS", "JH")] == ["Pik-Ober", "Herz-Unter"]
    french = Seen(troef.load_game("rififi", {"preset": "standaard", "pack": "french52"}), 0, "de")
    assert [french.cards.name(c) for c in ("QS", "JH")] == ["Pik-Dame", "Herz-Bube"]


def test_the_language_comes_from_the_argument_else_the_locale_else_english() -> None:
    assert choose_language("de", {"LANG": "nl_NL.UTF-8"}) == "de"
    assert choose_language(None, {"LANG": "nl_NL.UTF-8"}) == "nl"
    assert choose_language(None, {"LANGUAGE": "fr:de", "LANG": "nl_NL.UTF-8"}) == "de"
    assert choose_language(None, {"LC_ALL": "de_DE.UTF-8", "LANG": "nl_NL.UTF-8"}) == "de"
    assert choose_language(None, {"LC_MESSAGES": "C", "LANG": "nl_NL.UTF-8"}) == "en"
    assert choose_language(None, {"LANG": "fr_FR.UTF-8"}) == "en"
    assert choose_language(None, {}) == "en"
    with pytest.raises(UnknownLanguage, match="no language 'fr'; languages: en, nl, de"):
        choose_language("fr")


@pytest.mark.parametrize(
    ("lang", "titles"),
    [
        ("en", ["Round 1 of 2", "Round 2 of 2", "Closing round 1"]),
        ("de", ["Runde 1 von 2", "Runde 2 von 2", "Schlussrunde 1"]),
    ],
)
def test_round_titles(lang: str, titles: list[str]) -> None:
    words = Seen(troef.load_game("rikken"), 0, lang).w
    assert [round_title(words, i, 2) for i in range(3)] == titles


def test_the_seats_start_with_the_viewer() -> None:
    state = troef.load_game("rikken", players=5).deal(seed=3)
    seats = PRESENTERS["rikken"].table(Seen(state.game, 3, "nl"), state.view(3))["seats"]
    assert [s["seat"] for s in seats] == [3, 4, 0, 1, 2]
    assert [s["label"] for s in seats][:2] == ["plaats 3 (jij)", "plaats 4"]
    assert [s["in_play"] for s in seats] == [s["seat"] != state.view(3)["dealer"] for s in seats]


# --------------------------------------------------------------------------- seat badges and round results


def badges_of(game: troef.Game, state: State, viewer: int | None) -> dict[int, list[str]]:
    table = PRESENTERS[game.name].table(Seen(game, viewer, "en"), state.view(viewer), [0] * game.players)
    return {seat["seat"]: seat["badges"] for seat in table["seats"]}


def test_rififi_badges_show_each_bid_and_the_tricks_taken() -> None:
    game = troef.load_game("rififi", "standaard", 4)
    state = game.deal(3, 0)
    rng = random.Random(3)
    while state.phase == "bid":
        state.apply(rng.choice(state.legal_actions()))
    for _ in range(8):  # two tricks
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(None)
    for seat, badges in badges_of(game, state, None).items():
        won = view["tricks"][seat]
        assert badges == [f"bid {view['bids'][seat]}", f"{won} trick{'' if won == 1 else 's'}"]


def test_a_rikken_partner_is_on_his_badge_only_once_the_viewer_knows_him() -> None:
    game = troef.load_game("rikken", "kampioenschap", 4)
    for seed in range(40):
        state = game.deal(seed, 3)
        state.apply("bid rik")
        for _ in range(3):
            state.apply("pass")
        if state.phase != "trump":
            continue
        state.apply(state.legal_actions()[0])
        if state.phase != "call":
            continue
        state.apply(state.legal_actions()[0])
        partner = state.partner  # type: ignore[attr-defined]
        called = state.called  # type: ignore[attr-defined]
        other = next(s for s in range(4) if s not in (0, partner))
        assert badges_of(game, state, other)[0] == ["declarer", "0 tricks"]
        assert "partner" not in badges_of(game, state, other)[partner]
        assert "partner" in badges_of(game, state, partner)[partner]  # he holds the called card
        while state.current_player is not None and state.hands[partner] >> called & 1:  # type: ignore[attr-defined]
            state.apply(state.legal_actions()[0])
        if not state.is_over:
            assert "partner" in badges_of(game, state, other)[partner]
        return
    pytest.fail("no seed gave a called partner")


def test_hoogjassen_badges_name_the_declarer_and_never_card_points() -> None:
    game = troef.load_game("hoogjassen", "standaard", 4)
    rng = random.Random(5)
    for seed in range(10):
        state = game.deal(seed, 0)
        while state.current_player is not None:
            for viewer in (None, *range(4)):
                for seat, badges in badges_of(game, state, viewer).items():
                    assert not any("point" in b for b in badges)
                    assert ("declarer" in badges) == (seat == state.view(None)["declarer"])
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game_name", ["rififi", "rikken", "hoogjassen", "piken"])
def test_the_score_rows_give_every_seat_its_points_and_total(game_name: str) -> None:
    game = troef.load_game(game_name)
    match = Match(game, seed=4, rounds=2)
    rng = random.Random(4)
    while not match.is_over:
        state = match.next_round()
        while state.current_player is not None:
            state.apply(rng.choice(state.legal_actions()))
        row = match.finish_round(state)
        rows = PRESENTERS[game_name].score_rows(Seen(game, 0, "en"), match.sheet[-1], state.view(0))
        assert [r["seat"] for r in rows] == list(range(game.players))
        assert [(r["points"], r["total"]) for r in rows] == list(zip(row.scores, row.totals, strict=True))
        if game_name == "rififi":
            assert [(r["bid"], r["taken"]) for r in rows] == [
                (str(b), str(t)) for b, t in zip(row.details["bids"], row.details["tricks"], strict=True)
            ]


def test_a_hoogjassen_redeal_is_shown_at_the_table() -> None:
    """Everybody passed: the finished round's table shows the auction (there is no contract)."""
    game = troef.load_game("hoogjassen", "standaard", 4)
    state = game.deal(1, 0)
    for _ in range(4):
        state.apply("pass")
    assert state.is_over
    table = PRESENTERS["hoogjassen"].table(Seen(game, 0, "en"), state.view(0), [0, 0, 0, 0])
    assert next(plain(line) for line in table["lines"]).startswith("auction: ")
