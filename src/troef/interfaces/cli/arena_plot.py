"""``troef arena --plot``: the field's ratings with their intervals, drawn with matplotlib (optional)."""

from __future__ import annotations

from pathlib import Path

from ...players.arena import Report

MISSING = "--plot needs matplotlib: pip install 'troef[plot]'"


def have_matplotlib() -> bool:
    """Whether matplotlib can be imported (it is the optional extra ``troef[plot]``)."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def plot_ratings(report: Report, path: Path) -> None:
    """Draw each bot's rating with its 95% interval as an error bar, best on top, into ``path``
    (the format from its suffix, e.g. ``.png``)."""
    from matplotlib.figure import Figure

    ranked = sorted(report.ratings, key=lambda r: r.rating)
    figure = Figure(figsize=(7, 1.5 + 0.45 * len(ranked)), layout="constrained")
    axes = figure.subplots()
    axes.errorbar(
        [r.rating for r in ranked],
        range(len(ranked)),
        xerr=[[r.rating - r.ci95[0] for r in ranked], [r.ci95[1] - r.rating for r in ranked]],
        fmt="o",
        capsize=4,
    )
    axes.axvline(0, color="grey", linewidth=0.8)
    axes.set_yticks(range(len(ranked)), [r.bot for r in ranked])
    axes.set_ylim(-0.7, len(ranked) - 0.3)
    axes.set_xlabel("rating: score per seat and deal above the field's mean, 95% CI")
    axes.set_title(f"{report.title()}, {report.deals} deals")
    figure.savefig(path, dpi=120)
