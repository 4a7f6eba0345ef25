"""The presentation layer: from a seat's view, a UI-neutral table model in the player's language.

Each game's presenter is registered once here. Words come from the gettext catalogs in ``locale/``.
"""

from __future__ import annotations

from typing import Final

from .base import Presenter, Seen, round_title, standings
from .hoogjassen import HoogjassenPresenter
from .i18n import LANGUAGES, UnknownLanguage, Words, choose_language
from .log import RoundLog, Step, replay_steps, round_log
from .piken import PikenPresenter
from .rififi import RififiPresenter
from .rikken import RikkenPresenter

PRESENTERS: Final[dict[str, Presenter]] = {
    "rififi": RififiPresenter(),
    "rikken": RikkenPresenter(),
    "hoogjassen": HoogjassenPresenter(),
    "piken": PikenPresenter(),
}
"""Each game's presentation, by the game's name."""

__all__ = [
    "LANGUAGES",
    "PRESENTERS",
    "Presenter",
    "RoundLog",
    "Seen",
    "Step",
    "UnknownLanguage",
    "Words",
    "choose_language",
    "replay_steps",
    "round_log",
    "round_title",
    "standings",
]
