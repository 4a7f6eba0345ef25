"""Rikken: the Dutch trick-taking game, with the kampioenschap and BSG rule sets (``spec/rikken.md``)."""

from .rules import Rikken
from .state import RikkenState

__all__ = ["Rikken", "RikkenState"]
