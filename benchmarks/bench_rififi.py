"""Random full Rififi / Oh Hell rounds per second: troef against OpenSpiel, in one run.

Each engine is driven through its public Python API with uniformly random legal
actions until the round is over:

- troef ``oh-hell`` (4 players, 8 tricks): ``game.deal(seed=i, dealer=i % 4)``, then
  ``state.apply(rng.choice(state.legal_actions()))`` until ``state.is_over``;
- OpenSpiel ``oh_hell`` (4 players, 8 tricks): ``new_initial_state()``, then chance and
  player actions alike ``state.apply_action(rng.choice(state.legal_actions()))``
  until ``state.is_terminal()``;
- troef ``standaard`` (Rififi's own rules, 4 players, full 9-card hands), as an extra line.

The engines are measured in turn, ``--repeats`` times each (the order rotates
every repeat), for ``--seconds`` each; the best rate of each engine is reported,
so a burst of machine noise does not bias the ratio.  The timing loop, the best-of-N
measurement and the table are shared with ``bench_rikken.py`` in ``timing.py``.

    python benchmarks/bench_rififi.py [--seconds 2] [--repeats 3] [--json]
"""

from __future__ import annotations

import json
import sys

from timing import (
    Line,
    Runner,
    game_runner,
    load_pyspiel,
    measure,
    openspiel_runner,
    parse_args,
    print_table,
    report,
)

PLAYERS = 4
TRICKS = 8
OPENSPIEL_GAME = f"oh_hell(players={PLAYERS},num_suits=4,num_cards_per_suit=13,num_tricks_fixed={TRICKS})"


def troef_runner(rules: object) -> Runner:
    return game_runner("rififi", rules, PLAYERS)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(__doc__, argv)

    oh_hell = troef_runner({"preset": "oh-hell", "tricks": TRICKS})
    troef_line = Line("troef", f"oh-hell {PLAYERS}p {TRICKS} tricks", oh_hell)
    lines = [troef_line]
    pyspiel = load_pyspiel()
    os_line = None
    if pyspiel is not None:
        os_line = Line(
            "OpenSpiel", f"oh_hell {PLAYERS}p {TRICKS} tricks", openspiel_runner(pyspiel, OPENSPIEL_GAME)
        )
        lines.append(os_line)
    lines.append(Line("troef", f"standaard {PLAYERS}p 9 tricks", troef_runner("standaard")))

    measure(lines, args.seconds, args.repeats)
    ratio = troef_line.best / os_line.best if os_line is not None else None

    if args.json:
        figures = report(
            lines,
            args.seconds,
            args.repeats,
            ratio_troef_openspiel=round(ratio, 3) if ratio is not None else None,
        )
        print(json.dumps(figures, indent=2))
        return 0

    print_table(lines, args.seconds, args.repeats)
    if ratio is None:
        print("OpenSpiel (pyspiel) is not installed: no ratio", file=sys.stderr)
    else:
        print(f"ratio troef/OpenSpiel (oh-hell, same game): {ratio:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
